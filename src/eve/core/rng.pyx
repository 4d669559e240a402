"""Python face of the engine's SplitMix64 streams (for tests and tools; the hot path cimports rng.pxd)."""
from libc.stdint cimport uint64_t, uint32_t

from eve.core.rng cimport sm_next, sm_mix, sm_below, fnv1a64, stream_seed


cdef class SplitMix64:
    """One SplitMix64 stream. `next()` gives the raw 64-bit outputs of RULES.md's test vectors."""
    cdef uint64_t s

    def __cinit__(self, uint64_t seed):
        self.s = seed

    @classmethod
    def named(cls, uint64_t seed, str name):
        """The named stream of a match seed, seeded mix(seed ^ mix(fnv1a64(name)))."""
        return cls(named_seed(seed, name))

    def next(self):
        return sm_next(&self.s)

    def below(self, uint32_t bound):
        """An unbiased draw in [0, bound) (Lemire's method on the high 32 bits)."""
        if bound == 0:
            raise ValueError("bound must be at least 1")
        return sm_below(&self.s, bound)

    def shuffle(self, list items):
        """Fisher-Yates from the last index down, in place, exactly as the core shuffles."""
        cdef Py_ssize_t i = len(items) - 1, j
        while i > 0:
            j = sm_below(&self.s, <uint32_t>(i + 1))
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items

    @property
    def state(self):
        return self.s


def mix(uint64_t z):
    return sm_mix(z)


def fnv1a(bytes data):
    return fnv1a64(data, len(data))


def named_seed(uint64_t seed, str name):
    b = name.encode("utf-8")
    return stream_seed(seed, b)
