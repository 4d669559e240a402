# The snapshot body's writer: a State as canonical msgpack, and the checksum the header keeps of
# it (docs/snapshot-abi.md). C only, compiled into the snapshot extension. It names no field:
# it walks the State's parts at the word offsets state_layout.pxd generates from layout.py, in
# the body's order (every struct's fields are int16 in body order).
cimport cython
from libc.stdint cimport int16_t, int64_t, uint64_t

from eve.core.defs cimport *
from eve.core.rng cimport sm_mix
from eve.core.state_layout cimport *


@cython.overflowcheck(False)       # FNV arithmetic wraps modulo 2**64 on purpose
cdef inline uint64_t body_checksum(const unsigned char* p, Py_ssize_t n) noexcept nogil:
    """FNV-1a over 64-bit little-endian words (the last word zero-padded), then the SplitMix64
    finalizer: a checksum, not a signature (docs/snapshot-abi.md)."""
    cdef uint64_t h = <uint64_t>0xCBF29CE484222325ULL, w
    cdef Py_ssize_t i = 0, k
    # whole words first: the shifts of one word are a single load to the C compiler
    while i + 8 <= n:
        w = ((<uint64_t>p[i]) | (<uint64_t>p[i + 1]) << 8 | (<uint64_t>p[i + 2]) << 16
             | (<uint64_t>p[i + 3]) << 24 | (<uint64_t>p[i + 4]) << 32
             | (<uint64_t>p[i + 5]) << 40 | (<uint64_t>p[i + 6]) << 48
             | (<uint64_t>p[i + 7]) << 56)
        h = (h ^ w) * <uint64_t>0x100000001B3ULL
        i += 8
    if i < n:
        w = 0
        for k in range(n - i):
            w |= (<uint64_t>p[i + k]) << (8 * k)
        h = (h ^ w) * <uint64_t>0x100000001B3ULL
    return sm_mix(h ^ <uint64_t>n)


# ---------------- writing ----------------

cdef struct Buf:
    unsigned char* p
    Py_ssize_t n


cdef inline void _b(Buf* b, unsigned char x) noexcept nogil:
    b.p[b.n] = x
    b.n += 1


cdef inline void _be(Buf* b, uint64_t v, int nbytes) noexcept nogil:
    cdef int k
    for k in range(nbytes - 1, -1, -1):
        _b(b, <unsigned char>((v >> (8 * k)) & 0xFF))


cdef inline void w_array(Buf* b, Py_ssize_t n) noexcept nogil:
    if n < 16:
        _b(b, 0x90 | <unsigned char>n)
    else:
        _b(b, 0xdc)
        _be(b, <uint64_t>n, 2)


cdef inline void w_int(Buf* b, int64_t v) noexcept nogil:
    # the smallest encoding, as msgpack-python's packb chooses it
    if v >= 0:
        w_uint(b, <uint64_t>v)
    elif v >= -32:
        _b(b, <unsigned char>(0xe0 | (v & 0x1f)))
    elif v >= -128:
        _b(b, 0xd0); _be(b, <uint64_t>v, 1)
    elif v >= -32768:
        _b(b, 0xd1); _be(b, <uint64_t>v, 2)
    elif v >= -2147483647 - 1:
        _b(b, 0xd2); _be(b, <uint64_t>v, 4)
    else:
        _b(b, 0xd3); _be(b, <uint64_t>v, 8)


cdef inline void w_uint(Buf* b, uint64_t v) noexcept nogil:
    if v < 128:
        _b(b, <unsigned char>v)
    elif v <= 0xFF:
        _b(b, 0xcc); _be(b, v, 1)
    elif v <= 0xFFFF:
        _b(b, 0xcd); _be(b, v, 2)
    elif v <= <uint64_t>0xFFFFFFFFU:
        _b(b, 0xce); _be(b, v, 4)
    else:
        _b(b, 0xcf); _be(b, v, 8)


cdef inline void w_ints(Buf* b, const int16_t* a, int n) noexcept nogil:
    cdef int i
    w_array(b, n)
    for i in range(n):
        w_int(b, a[i])



cdef inline void w_run(Buf* b, const int16_t* a, int n) noexcept nogil:
    """n fields of a part, one after another (its array header is the caller's)."""
    cdef int i
    for i in range(n):
        w_int(b, a[i])


cdef inline void w_slots(Buf* b, const int16_t* a, int n, int words) noexcept nogil:
    """n slots of a struct of `words` fields, an array each, in an array of n."""
    cdef int i
    w_array(b, n)
    for i in range(n):
        w_array(b, words)
        w_run(b, a + i * words, words)


cdef inline void write_body(const State* st, Buf* b) noexcept nogil:
    """The body: its parts in layout.BODY's order."""
    cdef const int16_t* w = <const int16_t*>st
    cdef int i, k
    w_array(b, N_BODY)
    w_array(b, MAX_STREAMS)
    for i in range(MAX_STREAMS):
        w_uint(b, st.rng[i])
    w_array(b, TURN_WORDS)
    w_run(b, w + W_TURN, TURN_WORDS)
    w_array(b, N_CARD_ARRAYS)
    for k in range(N_CARD_ARRAYS):
        w_ints(b, w + W_CARDS + k * MAX_CARDS, st.n_cards)
    w_array(b, 5)                   # the zones a card can be listed in: not the Wastes'
    for k in range(Z_ARCHIVE, Z_VOID + 1):
        if k != Z_WASTES:
            w_ints(b, st.zones[k].c, st.zones[k].n)
    w_slots(b, w + W_UNITS, MAX_UNITS, UNIT_WORDS)
    w_slots(b, w + W_STACK, st.n_stack, ITEM_WORDS)
    w_array(b, METER_WORDS)
    w_run(b, w + W_METER, METER_WORDS)
    w_slots(b, w + W_TASKS, MAX_TASKS, TASK_WORDS)
    w_array(b, FOE_WORDS)
    w_run(b, w + W_FOE, FOE_WORDS)
    w_array(b, N_CHOICE)
    w_run(b, w + W_CHOICE, CHOICE_FIXED)
    w_ints(b, w + W_OPTS, st.choice.n_opts)
    w_slots(b, w + W_GRANTS + 1, st.n_grants, GRANT_WORDS)
    w_array(b, MAX_COUNTERS)
    w_run(b, w + W_COUNTERS, MAX_COUNTERS)
