from eve.core.defs cimport Ctx, Event
from eve.core.run_defs cimport RunState
from eve.core.tables cimport CompiledContent

cdef class Run:
    cdef RunState rs
    cdef Ctx cx
    cdef CompiledContent content
    cdef Event* log
    cdef int log_n
    cdef int log_cap
    cdef readonly long long events_dropped
    cdef readonly object engine
    cdef readonly object catalog
    cdef readonly object seed
    cdef readonly object setup      # (seed, party ids or None), or None
    cdef list _actions
    cdef object __weakref__
    cdef void _open_log(self) noexcept
    cdef void _close_log(self) noexcept
