"""The writer of a match's event log (see events.pxd)."""
from libc.stdint cimport int16_t, int32_t, int64_t
from libc.stdlib cimport realloc
from eve.core.defs cimport Ctx, Event


cdef bint _grow(Ctx* cx) noexcept nogil:
    # doubling, up to the match's bound (B04); in 64 bits, so that no doubling overflows
    cdef int64_t cap = <int64_t>cx.cap_ev * 2 if cx.cap_ev > 0 else 4096
    cdef Event* p
    if cap > cx.max_ev:
        cap = cx.max_ev
    if cap <= cx.cap_ev:                 # full: at the bound
        return False
    p = <Event*>realloc(cx.ev, <size_t>cap * sizeof(Event))
    if p == NULL:
        return False
    cx.ev = p
    cx.cap_ev = <int32_t>cap
    return True


cdef void record(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c,
                 int16_t d) noexcept nogil:
    cdef Event* e
    if cx.n_ev >= cx.cap_ev and not _grow(cx):
        cx.lost_ev += 1                  # not kept, but counted (Match.events_dropped)
        return
    e = &cx.ev[cx.n_ev]
    e.kind = kind; e.side = side; e.a = a; e.b = b; e.c = c; e.d = d
    cx.n_ev += 1
