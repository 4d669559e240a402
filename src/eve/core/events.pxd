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
from libc.stdlib cimport malloc
from eve.core.defs cimport Ctx, Event, Tables

cdef void record(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c,
                 int16_t d) noexcept nogil

cdef inline void emit(Ctx* cx, int16_t kind, int16_t side, int16_t a, int16_t b, int16_t c, int16_t d) noexcept nogil:
    if cx.ev != NULL:
        record(cx, kind, side, a, b, c, d)


# A Match's and a Run's log: the buffer they own, handed to the core whole for an action
# (log_open) and taken back after it (log_close), grown by `record` on the way.
cdef enum:
    LOG_CHUNK = 4096        # events of a new log's first buffer


cdef inline void log_open(Ctx* cx, const Tables* tb, Event** log, int* cap, int n) noexcept:
    cdef Event* p
    if log[0] == NULL:
        p = <Event*>malloc(LOG_CHUNK * sizeof(Event))
        if p != NULL:
            log[0] = p
            cap[0] = LOG_CHUNK
    cx.tb = tb
    cx.ev = log[0]
    cx.n_ev = n
    # B04: the log keeps at most max_events; the core grows it only up to that bound
    cx.max_ev = tb.cfg.max_events
    cx.cap_ev = cap[0] if cap[0] < cx.max_ev else cx.max_ev
    cx.lost_ev = 0


cdef inline long long log_close(Ctx* cx, Event** log, int* cap, int* n) noexcept:
    """Take the log back (record may have moved it to grow it); returns the events lost."""
    cdef long long lost = cx.lost_ev
    if cx.ev != NULL:
        log[0] = cx.ev
        cap[0] = cx.cap_ev
        n[0] = cx.n_ev
    cx.ev = NULL
    cx.n_ev = 0
    cx.lost_ev = 0
    return lost
