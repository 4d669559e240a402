# Recording an event: a no-op when the context has no buffer (native playouts and search).
#
# A match's log is one growing buffer: `ev` is its start, `n_ev` how many it holds, `cap_ev`
# its room. A full buffer grows (doubling) here, so no event is ever dropped for room; only a
# failed allocation drops one, and `lost_ev` counts it so that the Match can say so.
from libc.stdint cimport int16_t, int32_t
from libc.stdlib cimport realloc
from eve.core.defs cimport Ctx, Event

cdef inline bint _grow_events(Ctx* cx) noexcept nogil:
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

cdef inline void emit(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c, int16_t d) noexcept nogil:
    cdef Event* e
    if cx.ev == NULL:
        return
    if cx.n_ev >= cx.cap_ev and not _grow_events(cx):
        cx.lost_ev += 1
        return
    e = &cx.ev[cx.n_ev]
    e.kind = kind; e.side = side; e.a = a; e.b = b; e.c = c; e.d = d
    cx.n_ev += 1
