# Hidden information: the re-sampling of what the player cannot see (the Archive's order and
# the future draws of the `shuffle` and `encounter` streams) and the test of whether a step
# revealed any of it (which decides whether a node is clean). Compiled into the search
# extension (see search_arena.pxd).
from libc.stdint cimport int16_t, uint64_t
from libc.string cimport memcpy, memcmp

from eve.core.defs cimport *
from eve.core.rng cimport sm_next, sm_shuffle16


cdef inline void _canonical_archive(State* st) noexcept nogil:
    """Sort the Archive's unknown cards by card instance (insertion sort: the Archive is small,
    and the states the search keeps are stored sorted, so this is one pass for them). Its known
    top (rule Z28) stays as it is: the player saw those cards put there."""
    cdef Zone* a = &st.zones[Z_ARCHIVE]
    cdef int i, j
    cdef int16_t x
    for i in range(1, a.n - st.archive_known):
        x = a.c[i]
        j = i - 1
        while j >= 0 and a.c[j] > x:
            a.c[j + 1] = a.c[j]
            j -= 1
        a.c[j + 1] = x


cdef inline void determinize(State* st, uint64_t* rng) noexcept nogil:
    """Re-sample the hidden information from the player's point of view, eagerly: the Archive
    in a fresh random order below its known top (Z28), and fresh hidden streams (for a match
    played with the usual draws: the Python reference search)."""
    _canonical_archive(st)          # canonical order first: the true order is never used
    sm_shuffle16(rng, st.zones[Z_ARCHIVE].c, st.zones[Z_ARCHIVE].n - st.archive_known)
    st.rng[STREAM_SHUFFLE] = sm_next(rng)
    st.rng[STREAM_ENCOUNTER] = sm_next(rng)


cdef inline void _resample(State* st, uint64_t* rng) noexcept nogil:
    """The search's re-sampling of a state whose Archive is in canonical order (every state it
    starts an iteration from is): fresh hidden streams only. Its Ctx draws at random, each draw
    a uniform pick among the cards left, so the Archive's order is never read, and this is the
    same distribution as a full shuffle without shuffling the cards no draw reaches."""
    st.rng[STREAM_SHUFFLE] = sm_next(rng)
    st.rng[STREAM_ENCOUNTER] = sm_next(rng)


cdef struct Hidden:
    uint64_t shuffle
    uint64_t encounter
    Zone archive
    int16_t archive_known


cdef inline void _hidden(const State* st, Hidden* h) noexcept nogil:
    h.shuffle = st.rng[STREAM_SHUFFLE]
    h.encounter = st.rng[STREAM_ENCOUNTER]
    h.archive.n = st.zones[Z_ARCHIVE].n
    h.archive_known = st.archive_known
    memcpy(h.archive.c, st.zones[Z_ARCHIVE].c, h.archive.n * sizeof(int16_t))


cdef inline bint _unrevealed(const State* st, const Hidden* h) noexcept nogil:
    """True when no hidden information was used since `h` was taken: neither hidden stream drew
    and the Archive is as it was (a draw or a reshuffle changes one or the other), no card of it
    seen anew (rule C03: a look at its top)."""
    return (st.rng[STREAM_SHUFFLE] == h.shuffle and st.rng[STREAM_ENCOUNTER] == h.encounter
            and st.zones[Z_ARCHIVE].n == h.archive.n and st.archive_known <= h.archive_known
            and memcmp(st.zones[Z_ARCHIVE].c, h.archive.c, h.archive.n * sizeof(int16_t)) == 0)
