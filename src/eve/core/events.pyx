"""The writer of a match's event log (see events.pxd)."""
from libc.stdint cimport int16_t, int32_t
from libc.stdlib cimport realloc
from eve.core.defs cimport Ctx, Event


cdef bint _grow(Ctx* cx) noexcept nogil:
    cdef int32_t cap = cx.cap_ev * 2 if cx.cap_ev > 0 else 4096
    cdef Event* p
    if cap <= cx.cap_ev:                 # the count's own ceiling (2**31 events)
        return False
    p = <Event*>realloc(cx.ev, <size_t>cap * sizeof(Event))
    if p == NULL:
        return False
    cx.ev = p
    cx.cap_ev = cap
    return True


cdef void record(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c,
                 int16_t d) noexcept nogil:
    cdef Event* e
    if cx.n_ev >= cx.cap_ev and not _grow(cx):
        cx.lost_ev += 1
        return
    e = &cx.ev[cx.n_ev]
    e.kind = kind; e.side = side; e.a = a; e.b = b; e.c = c; e.d = d
    cx.n_ev += 1
