from eve.core.defs cimport State, Ctx, Event
from eve.core.tables cimport CompiledContent

cdef class Match:
    cdef State st
    cdef Ctx cx
    cdef CompiledContent content
    cdef Event* log
    cdef int log_n
    cdef int log_cap
    cdef readonly object engine
    cdef readonly long long seed
    cdef void _open_log(self) noexcept
    cdef void _close_log(self) noexcept
