from eve.core.defs cimport State, Ctx, Event
from eve.core.tables cimport CompiledContent

cdef class Match:
    cdef State st
    cdef Ctx cx
    cdef CompiledContent content
    cdef Event* log
    cdef int log_n
    cdef int log_cap
    cdef readonly bint busy         # a native call in another thread is playing it (playout)
    cdef readonly long long events_dropped  # events not kept: past max_events, or no memory (B04)
    cdef readonly object engine     # the Engine that made it (for embedders; the core reads only catalog)
    cdef readonly object catalog    # eve.catalog.Catalog: its content, ids and words
    cdef readonly long long seed
    cdef readonly object setup      # (seed, hero ids, encounter id, deck ids or None), or None
    cdef list _actions             # action codes applied since setup (for replays)
    cdef object __weakref__        # the Actions it lists know where they come from
    cdef void _open_log(self) noexcept
    cdef void _close_log(self) noexcept
