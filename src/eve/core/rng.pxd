# SplitMix64 and the helpers built on it. Inline so that every hot-path module gets them
# without a cross-module call.
from libc.stdint cimport int16_t
from libc.stdint cimport uint64_t, uint32_t, int32_t
from libc.string cimport strlen, memcpy
cimport cython

# 64-bit wraparound is the algorithm here, so overflow checks (on in EVE_DEBUG builds) are off
# for these functions only.


@cython.overflowcheck(False)
cdef inline uint64_t sm_mix(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)

@cython.overflowcheck(False)
cdef inline uint64_t sm_next(uint64_t* s) noexcept nogil:
    s[0] += <uint64_t>0x9E3779B97F4A7C15ULL
    return sm_mix(s[0])

@cython.overflowcheck(False)
cdef inline uint64_t fnv1a64(const char* data, Py_ssize_t n) noexcept nogil:
    cdef uint64_t h = <uint64_t>0xCBF29CE484222325ULL
    cdef Py_ssize_t i
    for i in range(n):
        h ^= <unsigned char>data[i]
        h *= <uint64_t>0x100000001B3ULL
    return h

@cython.overflowcheck(False)
cdef inline uint64_t stream_seed(uint64_t seed, const char* name) noexcept nogil:
    # RULES.md: each named stream is seeded mix(seed ^ mix(stable_hash(name))).
    return sm_mix(seed ^ sm_mix(fnv1a64(name, <Py_ssize_t>strlen(name))))

@cython.overflowcheck(False)
cdef inline uint32_t sm_below(uint64_t* s, uint32_t bound) noexcept nogil:
    # Lemire's nearly-divisionless unbiased bounded draw on the high 32 bits of each output.
    # bound must be >= 1.
    cdef uint64_t m = (sm_next(s) >> 32) * <uint64_t>bound
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < bound:
        threshold = (<uint32_t>(-bound)) % bound
        while low < threshold:
            m = (sm_next(s) >> 32) * <uint64_t>bound
            low = <uint32_t>m
    return <uint32_t>(m >> 32)

@cython.overflowcheck(False)
cdef inline void sm_shuffle16(uint64_t* s, int16_t* a, int n) noexcept nogil:
    # Fisher-Yates from the last index down.
    cdef int i, j
    cdef int16_t t
    i = n - 1
    while i > 0:
        j = <int>sm_below(s, <uint32_t>(i + 1))
        t = a[i]; a[i] = a[j]; a[j] = t
        i -= 1


@cython.overflowcheck(False)
cdef inline uint64_t hash_bytes(uint64_t h, const unsigned char* p, size_t n) noexcept nogil:
    """Mix n bytes into h, 8 at a time then the rest (a state's hash: rules.state_hash and
    runs.run_hash, over structs zeroed when made and without interior padding)."""
    cdef uint64_t w = 0
    cdef size_t i = 0
    while i + 8 <= n:
        memcpy(&w, p + i, 8)
        h = sm_mix(h ^ w) + <uint64_t>0x9E3779B97F4A7C15ULL
        i += 8
    while i < n:
        h = sm_mix(h ^ p[i])
        i += 1
    return h
