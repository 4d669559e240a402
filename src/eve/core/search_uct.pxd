# UCT selection: the exploration term's ln and sqrt(ln) in platform-independent arithmetic,
# and the scores of a kept node's children (from their Uct records alone) and of a linked
# child. Compiled into the search extension (see search_arena.pxd); the tables are filled when
# it is imported (_uct_tables_init).
from libc.math cimport sqrt, INFINITY

from eve.core.search_tree cimport Node, Uct

cdef enum:
    SQLN_SIZE = 65536

# SQLN: sqrt(ln n) for every count below 65,536, as floats (256 KB): a linked child's UCB needs
# it at every visit of its parent (each child its own count), and computing it (a division and
# a 15th-degree series, then a square root) cost about 40 cycles against about 5 for this
# lookup. Built from _ln and sqrt (IEEE, correctly rounded), so the same on every platform.
cdef extern from "search_uct.h":
    int eve_msb(unsigned int x) nogil      # x > 0
    void eve_prefetch(const void* p) nogil     # portable.h
    double INV_POW2 "eve_inv_pow2"[32]     # 2**-k, for _ln
    float SQLN "eve_sqln"[SQLN_SIZE]


cdef inline double _ln(int n) noexcept nogil:
    """ln(n) for n >= 1 in plain IEEE arithmetic, good to about 1e-9: n = m * 2**e with m in
    [1, 2), ln m = 2 atanh(s), s = (m - 1) / (m + 1) <= 1/3, by its odd series to s**15. It
    fills the SQLN table and serves counts beyond it; without libm the search's choices cannot
    differ between platforms."""
    cdef int e = eve_msb(<unsigned int>n)
    cdef double m = <double>n * INV_POW2[e]     # exact: a power of two
    cdef double s = (m - 1.0) / (m + 1.0)
    cdef double s2 = s * s
    cdef double t = 1.0 / 15.0
    t = t * s2 + 1.0 / 13.0
    t = t * s2 + 1.0 / 11.0
    t = t * s2 + 1.0 / 9.0
    t = t * s2 + 1.0 / 7.0
    t = t * s2 + 1.0 / 5.0
    t = t * s2 + 1.0 / 3.0
    t = t * s2 + 1.0
    return e * 0.6931471805599453 + 2.0 * s * t


cdef inline void _uct_tables_init() noexcept nogil:
    """Fill INV_POW2, then SQLN from _ln (once, at import)."""
    cdef int k
    for k in range(32):
        INV_POW2[k] = 1.0 / (<double>(1 << k) if k < 31 else 2147483648.0)
    SQLN[0] = 0.0
    for k in range(1, SQLN_SIZE):
        SQLN[k] = <float>sqrt(_ln(k))


cdef inline float _sqln(int n) noexcept nogil:
    return SQLN[n] if n < SQLN_SIZE else <float>sqrt(_ln(n))


cdef inline int _select_kept(const Uct* uct, const Node* nodes, int block, int n, int visits,
                             double c) noexcept nogil:
    """UCT over the n children (nodes[block : block + n]) of a kept node visited `visits` times
    before this visit. A kept node is clean, and every action legal there is legal in every
    determinization: each child's availability is every visit of its parent, this one included,
    as in plain UCT. So the exploration factor c * sqrt(ln(visits + 1)) is the same for every
    child and a child's score is mean + factor / sqrt(its visits), from its 8-byte Uct alone.
    The best (the first of equals), or -1."""
    cdef int i, best = -1
    cdef float f = <float>c * _sqln(visits + 1)
    cdef float bv = -INFINITY, v
    cdef const Uct* u = &uct[block]
    for i in range(n):
        v = u[i].mean + f * u[i].isv
        if v > bv:
            bv = v
            best = i
            eve_prefetch(&nodes[block + i])     # the descent reads the chosen one next
    return block + best if best >= 0 else -1


cdef inline float _ucb_linked(const Uct* u, int avail, double c) noexcept nogil:
    """A linked child's UCT score: mean + c * sqrt(ln(availability)) / sqrt(visits)."""
    return u.mean + (<float>c * _sqln(avail)) * u.isv
