# Recording an event: a no-op when the context has no buffer (native playouts and search).
from libc.stdint cimport int16_t
from eve.core.defs cimport Ctx, Event

cdef inline void emit(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c, int16_t d) noexcept nogil:
    cdef Event* e
    if cx.ev == NULL:
        return
    if cx.n_ev >= cx.cap_ev:
        cx.lost_ev += 1
        return
    e = &cx.ev[cx.n_ev]
    e.kind = kind; e.side = side; e.a = a; e.b = b; e.c = c; e.d = d
    cx.n_ev += 1
