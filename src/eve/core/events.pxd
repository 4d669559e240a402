# Recording an event: a no-op when the context has no buffer (native playouts and search).
#
# A match's log is one growing buffer: `ev` is its start, `n_ev` how many it holds, `cap_ev`
# its room (never more than `max_ev`). A full buffer grows (doubling) in `record` up to
# `max_ev`, the match's bound (Config.max_events, rule B04), so that no content makes one
# match's memory grow without end: the log keeps the first `max_ev` events, and each event
# not kept (past the bound, or when an allocation fails) is counted in `lost_ev`, so that the
# Match can say so (`events_dropped`). The bound is read only here, where the buffer is full.
#
# `emit` is inlined at every place the rules report something, and playouts and the search
# (nearly every step the engine takes) have no buffer: the writing is a call into events.pyx,
# so that the hot code holds only the test, not thirty copies of the writer.
from libc.stdint cimport int16_t
from eve.core.defs cimport Ctx

cdef void record(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c,
                 int16_t d) noexcept nogil

cdef inline void emit(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c, int16_t d) noexcept nogil:
    if cx.ev != NULL:
        record(cx, kind, side, a, b, c, d)
