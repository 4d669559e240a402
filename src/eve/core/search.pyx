"""Monte Carlo Tree Search over the player's decisions, native and without the GIL.

Information-set search by determinization (single-observer ISMCTS): every iteration re-samples
what the player cannot see, namely the Archive's order and the future draws of the `shuffle` and
`encounter` streams, from the search's own stream. The root's Archive is put in a canonical order
(by card instance) once, so the true order is never read; an iteration then re-seeds the two
streams, and its draws pick uniformly among the cards left (_resample). The tree
holds only the player's decisions; the Encounter's moves and responses are played by the same
rules code as in a match (`apply_action` runs the game forward). A child's UCB uses its
availability count (how often its action was legal when its parent was visited: at a kept node,
every visit, as in plain UCT).

The tree is two flat, growable arrays: the nodes, and beside them what UCT reads of each. States
of clean nodes (see Cache) are kept, so an iteration starts from the kept state nearest its leaf
instead of replaying the path from the root.
Root parallelism: each thread grows its own tree from its own seed; root statistics are summed.
"""
cimport cython
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memcpy, memset, memcmp
from libc.math cimport sqrt, INFINITY
from libc.stdint cimport int16_t, int32_t, int64_t, uint16_t, uint32_t, uint64_t
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from eve.core.defs cimport *
from eve.core.rng cimport sm_next, sm_below, sm_mix, sm_shuffle16, stream_seed
from eve.core.rules cimport legal_actions, apply_action, apply_listing, check_action
from eve.core.match cimport Match
from eve.core.zones cimport draw_one

cdef struct Node:
    # the tree's shape, what the backup and the root's statistics read, and a kept node's
    # expansion (48 bytes); what UCT reads of every child it scans is in its Uct, at the same
    # index
    double value            # the sum of the rewards backed up through the node
    int32_t action
    int32_t first_child     # kept nodes: the start of their children's block
    int32_t next_sibling    # children of nodes that are not kept (linked, newest first)
    int32_t visits
    int32_t info            # >= 0: kept (the how-many-th); CLEAN: clean, not kept; DIRTY: not
                            # clean
    int32_t count           # a linked child: its availability, how often its action was legal
                            # when its parent was visited (a kept node's children need none:
                            # see _select_kept)
    int32_t diffs           # a kept node: where its state is in Cache.diffs; -1 else
    # A kept node's legal actions (the tried ones first) are Cache.acts[legal_at : legal_at +
    # n_legal] and its children fill nodes[first_child : first_child + n_children]. In the
    # node, not in an entry of their own, so that the node the descent stops at (in the cache:
    # just read) tells at once what the expansion will read, and those reads can be asked for
    # before the state is restored.
    int32_t legal_at
    int16_t n_children      # when it reaches n_legal, the descent passes the node by UCT
    int16_t n_legal         # (MAX_ACTIONS fits: checked at import)

cdef struct Uct:
    # 8 bytes, in an array beside the nodes: UCT reads these of every child of every node it
    # passes, and a big tree is out of the cache, so eight children share a cache line. Both
    # are set by the backup, so UCT divides nothing.
    float mean              # value / visits
    float isv               # 1 / sqrt(visits)

cdef enum:
    CLEAN = -1
    DIRTY = -2
    MAX_PATH = 1024         # deeper than any descent a search budget can build

cdef struct Cache:
    # Clean nodes are those no step from the root to them revealed hidden information (a draw,
    # a reshuffle, a random Encounter choice). A clean node's state is the same in every
    # determinization except for the parts `determinize` re-samples anyway (the Archive's
    # order, the two hidden streams), so a kept copy plus a fresh re-sample is exactly what
    # replaying its path from a fresh root determinization gives (`verify` checks this byte
    # for byte). Keeping them spares the descent the game steps above them.
    # A kept state is stored as the words where it differs from the root (about 23 of the
    # state's 1,580 at the mid position of `eve bench`): the root's copy stays in the cache
    # because every descent starts from it, where a whole kept state was usually a cold 3 KB
    # read.
    State root          # the root's state, its Archive in canonical order
    int lanes           # the match's lanes (see _restore)
    int cap             # kept states at most
    int n               # kept states
    int32_t* acts
    int64_t acts_cap
    int64_t acts_n
    uint32_t* diffs     # per kept node (from its Node.diffs): a count, then as many words
                        # where its state differs from the root's, (word index << 16) | word
    int64_t diffs_cap
    int64_t diffs_n

cdef enum:
    STATE_WORDS = 1580  # sizeof(State) / 2, checked at import

cdef struct Tree:
    # the nodes and their UCT figures, in two growable arrays addressed by the same index
    Node* nodes
    Uct* uct
    int n
    int cap

cdef struct Slot:
    int32_t key
    int32_t idx
    uint32_t stamp

# (literal values: Cython cannot compile arithmetic in enum values under overflowcheck, which
# EVE_DEBUG builds turn on)
cdef enum:
    TABLE_SIZE = 16384      # 2 x MAX_ACTIONS: open addressing at most half full
    TABLE_MASK = 16383


@cython.overflowcheck(False)       # multiplicative hashing wraps on purpose
cdef inline uint32_t _h(int32_t key) noexcept nogil:
    return (<uint32_t>key * <uint32_t>2654435761U) >> 8


cdef struct Params:
    double c
    int max_depth       # rollout decisions before evaluating (0: play to the end)
    int shaped          # reward at the depth cap: 1 shaped hp difference, 0 a draw (0.5)
    int verify          # check every tree action with check_action (tests)
    double time_limit   # seconds, 0: none

cdef struct Stats:
    int64_t iterations
    int64_t tree_decisions
    int64_t rollout_decisions
    int64_t illegal
    int64_t nodes
    int64_t cached          # node states kept in the Cache
    int64_t mismatch        # verify: a cached state that differs from a replay from the root
    double tree_s
    double step_s
    double gen_s
    double rollout_s


cdef extern from *:
    """
    static inline int eve_msb(unsigned int x) { return 31 - __builtin_clz(x); }

    /* The words of [from, to) where a differs from r, as (index << 16) | a's word, into out;
       their number. A kept state differs from the root's in tens of its words, spread over
       much of it, and this scans the live part of the state for every state kept: SSE2
       (every x86-64) compares eight words at once and its mask names the ones that differ;
       elsewhere, word by word. */
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline int eve_diff_words(const uint16_t* a, const uint16_t* r, int from, int to,
                                     uint32_t* out) {
        int q = from, k = 0, b;
        unsigned int m;
        for (; q + 8 <= to; q += 8) {
            m = ~(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi16(
                    _mm_loadu_si128((const __m128i*)(a + q)),
                    _mm_loadu_si128((const __m128i*)(r + q)))) & 0xffffu;
            while (m) {
                b = __builtin_ctz(m) >> 1;      /* two mask bits a word */
                out[k++] = ((uint32_t)(q + b) << 16) | a[q + b];
                m &= ~(3u << (2 * b));
            }
        }
        for (; q < to; q++)
            if (a[q] != r[q]) out[k++] = ((uint32_t)q << 16) | a[q];
        return k;
    }
    #else
    static inline int eve_diff_words(const uint16_t* a, const uint16_t* r, int from, int to,
                                     uint32_t* out) {
        int q, k = 0;
        for (q = from; q < to; q++)
            if (a[q] != r[q]) out[k++] = ((uint32_t)q << 16) | a[q];
        return k;
    }
    #endif
    """
    int eve_msb(unsigned int x) nogil      # x > 0
    void __builtin_prefetch(const void* p) nogil
    int eve_diff_words(const uint16_t* a, const uint16_t* r, int start, int stop, uint32_t* out) nogil


cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* The search's arenas (nodes, kept states, their differences and legal actions). A big
       search touches them at random, a few times an iteration, and once they span more than
       the TLB covers on 4 KB pages a touch can cost a page walk from memory: on the 2-core
       machine of BENCHMARKS.md a random read in a 4 MB block took 163 ns on 4 KB pages and
       19 ns on 2 MB pages. So an arena from 1 MB up is 2 MB-aligned, a whole number of 2 MB
       pages, and (Linux) advised to use transparent huge pages; smaller ones, as in searches
       of a few thousand iterations, are plain malloc. Measured in pairs: no difference to
       speak of at 40,000 iterations, 1.1-1.3x less tree overhead at 150,000
       (benchmarks/huge_pages.py). */
    #define EVE_HUGE_PAGE ((size_t)2 << 20)
    static int eve_huge_pages = 1;      /* 0: plain malloc throughout */
    static size_t eve_huge_from = (size_t)1 << 20;
    static void* eve_arena_alloc(size_t bytes) {
        void* p = NULL;
        if (bytes < eve_huge_from || !eve_huge_pages) return malloc(bytes);
        bytes = (bytes + EVE_HUGE_PAGE - 1) & ~(EVE_HUGE_PAGE - 1);
        if (posix_memalign(&p, EVE_HUGE_PAGE, bytes) != 0) return NULL;
    #if defined(MADV_HUGEPAGE)
        (void)madvise(p, bytes, MADV_HUGEPAGE);    /* advice: refused, it is 4 KB pages */
    #endif
        return p;
    }
    /* like realloc (NULL: no memory, and `old` is still valid), keeping `used` bytes */
    static void* eve_arena_grow(void* old, size_t used, size_t bytes) {
        void* p;
        if (bytes < eve_huge_from || !eve_huge_pages) return realloc(old, bytes);
        p = eve_arena_alloc(bytes);
        if (p == NULL) return NULL;
        if (old != NULL) memcpy(p, old, used);
        free(old);
        return p;
    }
    """
    int eve_huge_pages
    size_t eve_huge_from
    void* eve_arena_alloc(size_t bytes) nogil
    void* eve_arena_grow(void* old, size_t used, size_t bytes) nogil



cdef double INV_POW2[32]
cdef int _k
for _k in range(32):
    INV_POW2[_k] = 1.0 / (<double>(1 << _k) if _k < 31 else 2147483648.0)


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


def _ln_for_tests(int n):
    if n < 1:
        raise ValueError("ln is defined here for n >= 1")
    return _ln(n)


cdef extern from *:
    """
    #include <stdint.h>
    #include <time.h>
    /* A cheap, steady tick count to split an iteration's time between the tree and its
       rollout: the time-stamp counter on x86 (invariant on the CPUs this is run on; about 25
       cycles to read, against about 80 for clock_gettime here), nanoseconds elsewhere. The
       search converts ticks to seconds with its own clock_gettime span, so the unit needs no
       calibration. */
    #if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    #include <x86intrin.h>
    static inline uint64_t eve_ticks(void) { return __rdtsc(); }
    #else
    static inline uint64_t eve_ticks(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
    }
    #endif
    """
    uint64_t eve_ticks() nogil


cdef inline double _now() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef inline void _canonical_archive(State* st) noexcept nogil:
    """Sort the Archive by card instance (insertion sort: the Archive is small, and the states
    the search keeps are stored sorted, so this is one pass for them)."""
    cdef Zone* a = &st.zones[Z_ARCHIVE]
    cdef int i, j
    cdef int16_t x
    for i in range(1, a.n):
        x = a.c[i]
        j = i - 1
        while j >= 0 and a.c[j] > x:
            a.c[j + 1] = a.c[j]
            j -= 1
        a.c[j + 1] = x


cdef void determinize(State* st, uint64_t* rng) noexcept nogil:
    """Re-sample the hidden information from the player's point of view, eagerly: the Archive
    in a fresh random order, and fresh hidden streams (for a match played with the usual draws:
    the Python reference search)."""
    _canonical_archive(st)          # canonical order first: the true order is never used
    sm_shuffle16(rng, st.zones[Z_ARCHIVE].c, st.zones[Z_ARCHIVE].n)
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


cdef inline void _hidden(const State* st, Hidden* h) noexcept nogil:
    h.shuffle = st.rng[STREAM_SHUFFLE]
    h.encounter = st.rng[STREAM_ENCOUNTER]
    h.archive.n = st.zones[Z_ARCHIVE].n
    memcpy(h.archive.c, st.zones[Z_ARCHIVE].c, h.archive.n * sizeof(int16_t))


cdef inline bint _unrevealed(const State* st, const Hidden* h) noexcept nogil:
    """True when no hidden information was used since `h` was taken: neither hidden stream drew
    and the Archive is as it was (a draw or a reshuffle changes one or the other)."""
    return (st.rng[STREAM_SHUFFLE] == h.shuffle and st.rng[STREAM_ENCOUNTER] == h.encounter
            and st.zones[Z_ARCHIVE].n == h.archive.n
            and memcmp(st.zones[Z_ARCHIVE].c, h.archive.c, h.archive.n * sizeof(int16_t)) == 0)


cdef double _shaped(const State* st) noexcept nogil:
    cdef double mine = 0, mine_max = 0, theirs = 0, theirs_max = 0, v
    cdef int i
    for i in range(st.n_hero_slots[PLAYER]):
        mine += st.units[i].hp
        mine_max += st.units[i].max_hp
    for i in range(st.n_hero_slots[ENCOUNTER]):
        theirs += st.units[UNITS_PER_SIDE + i].hp
        theirs_max += st.units[UNITS_PER_SIDE + i].max_hp
    v = 0.5 + 0.5 * (mine / (mine_max if mine_max > 0 else 1) - theirs / (theirs_max if theirs_max > 0 else 1))
    return 0.0 if v < 0 else (1.0 if v > 1 else v)


cdef double _damage_dealt(const State* st) noexcept nogil:
    """The fraction of the Encounter's hero hp that is gone."""
    cdef double hp = 0, mx = 0
    cdef int i
    for i in range(st.n_hero_slots[ENCOUNTER]):
        hp += st.units[UNITS_PER_SIDE + i].hp
        mx += st.units[UNITS_PER_SIDE + i].max_hp
    return 1.0 - hp / mx if mx > 0 else 0.0


cdef double rollout(State* st, Ctx* cx, uint64_t* rng, const Params* p, int64_t* decisions,
                    int32_t* buf, int n) noexcept nogil:
    """Random legal actions from `st` to the end (or the depth cap). `buf` holds the `n` legal
    actions at `st` when the caller knows them (n < 0: it does not)."""
    cdef int d = 0
    if n < 0:
        n = legal_actions(st, cx, buf)
    while n > 0:
        if p.max_depth > 0 and d >= p.max_depth:
            decisions[0] += d
            return _shaped(st) if p.shaped else 0.5
        n = apply_listing(st, cx, buf[sm_below(rng, <unsigned int>n)] if n > 1 else buf[0], buf)
        d += 1
    decisions[0] += d
    if st.outcome == OUT_WIN:
        return 1.0
    if p.shaped:
        return 0.3 * _damage_dealt(st)     # a loss still tells how far the rollout got
    return 0.0


cdef int _slots(Tree* tr, int k) noexcept nogil:
    """The first of k fresh node slots, or -1 when memory runs out (the tree then stops
    growing; iterations go on, rolling out from where the descent stops)."""
    cdef int64_t want
    cdef Node* grown
    cdef Uct* grown_uct
    if tr.n + k > tr.cap:
        want = <int64_t>tr.cap * 2
        while want < tr.n + k:
            want *= 2
        if want > 0x7fffffff:
            return -1
        grown = <Node*>eve_arena_grow(tr.nodes, tr.n * sizeof(Node), want * sizeof(Node))
        if grown == NULL:
            return -1
        tr.nodes = grown            # larger than cap until both arrays have grown: harmless
        grown_uct = <Uct*>eve_arena_grow(tr.uct, tr.n * sizeof(Uct), want * sizeof(Uct))
        if grown_uct == NULL:
            return -1
        tr.uct = grown_uct
        tr.cap = <int>want
    tr.n += k
    return tr.n - k


cdef inline void _init_node(Tree* tr, int i, int32_t action, int32_t info) noexcept nogil:
    cdef Node* nd = &tr.nodes[i]
    cdef Uct* u = &tr.uct[i]
    nd.value = 0
    nd.action = action
    nd.first_child = -1
    nd.next_sibling = -1
    nd.visits = 0
    nd.info = info
    nd.count = 1            # a linked child is made when its action is legal: available once
    nd.diffs = -1
    nd.legal_at = -1
    nd.n_children = 0
    nd.n_legal = 0
    u.mean = 0
    u.isv = 0


cdef enum:
    SQLN_SIZE = 65536

# sqrt(ln n) for every count below 65,536, as floats (256 KB): a linked child's UCB needs it at
# every visit of its parent (each child its own count), and computing it (a division and a
# 15th-degree series, then a square root) cost about 40 cycles against about 5 for this lookup.
# Built from _ln and sqrt (IEEE, correctly rounded), so the same on every platform.
cdef float SQLN[SQLN_SIZE]
SQLN[0] = 0.0
for _k in range(1, SQLN_SIZE):
    SQLN[_k] = <float>sqrt(_ln(_k))


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
            __builtin_prefetch(&nodes[block + i])     # the descent reads the chosen one next
    return block + best if best >= 0 else -1


cdef inline float _ucb_linked(const Uct* u, int avail, double c) noexcept nogil:
    """A linked child's UCT score: mean + c * sqrt(ln(availability)) / sqrt(visits)."""
    return u.mean + (<float>c * _sqln(avail)) * u.isv


cdef int _reserve(void** arr, int64_t* cap, int64_t used, int64_t need, size_t item) noexcept nogil:
    """Grow the array *arr of `used` items (doubling *cap) to hold `need`. 0 when memory runs
    out."""
    cdef int64_t want = cap[0]
    cdef void* grown
    if need <= want:
        return 1
    while want < need:
        want *= 2
    grown = eve_arena_grow(arr[0], used * item, want * item)
    if grown == NULL:
        return 0
    arr[0] = grown
    cap[0] = want
    return 1


# Where the State's arrays with a count lie, in 16-bit words: the engine keeps every slot past
# a zone's count and past the Stack's height zero (so that equal states have equal bytes), so
# two states can be copied or compared over the live part of those arrays only. Likewise the
# units: a side's units live in its first n_hero_slots hero slots and its first `lanes` lane
# slots (fixed for the match), and the engine never writes the slots past those. Set at import
# (below), with the field order they assume checked there.
cdef int W_ZONES, W_UNITS, W_STACK, W_METER, ZONE_WORDS, ITEM_WORDS, UNIT_WORDS


cdef inline int _hi(int a, int b) noexcept nogil:
    return a if a > b else b


cdef inline void _restore(State* st, const State* src, int lanes) noexcept nogil:
    """st = src, byte for byte, two canonical states (zero past every count) of one match:
    copied whole but for the zones and the Stack, of which only the slots up to the higher of
    the two counts can differ, and the units, of which only the live slots can (see above).
    About two fifths of the bytes of a whole copy at a typical state; an iteration starts
    with one."""
    cdef int z, side, b
    cdef int n_stack = _hi(st.n_stack, src.n_stack)
    for z in range(N_ZONES):
        memcpy(st.zones[z].c, src.zones[z].c, _hi(st.zones[z].n, src.zones[z].n) * sizeof(int16_t))
        st.zones[z].n = src.zones[z].n
    memcpy(st, src, W_ZONES * 2)                                   # streams, counters, cards
    for side in range(2):
        b = side * UNITS_PER_SIDE
        memcpy(&st.units[b], &src.units[b], src.n_hero_slots[side] * sizeof(Unit))
        memcpy(&st.units[b + CHAR_BASE], &src.units[b + CHAR_BASE], lanes * sizeof(Unit))
    memcpy(st.stack, src.stack, n_stack * sizeof(StackItem))
    memcpy(&st.meter, &src.meter, (STATE_WORDS - W_METER) * 2)    # meter, tasks, the Encounter


cdef int _differences(const State* st, const State* root, int lanes, uint32_t* out) noexcept nogil:
    """The words where st differs from root, two canonical states of one match, as (index <<
    16) | st's word: the scan skips the slots past both counts of each zone and of the Stack
    (all zero in both) and the units' slots past the live ones (never written)."""
    cdef const uint16_t* a = <const uint16_t*>st
    cdef const uint16_t* r = <const uint16_t*>root
    cdef int z, w, k, side
    k = eve_diff_words(a, r, 0, W_ZONES, out)
    for z in range(N_ZONES):
        w = W_ZONES + z * ZONE_WORDS
        k += eve_diff_words(a, r, w, w + 1 + _hi(st.zones[z].n, root.zones[z].n), &out[k])
    for side in range(2):
        w = W_UNITS + side * UNITS_PER_SIDE * UNIT_WORDS
        k += eve_diff_words(a, r, w, w + root.n_hero_slots[side] * UNIT_WORDS, &out[k])
        w += CHAR_BASE * UNIT_WORDS
        k += eve_diff_words(a, r, w, w + lanes * UNIT_WORDS, &out[k])
    k += eve_diff_words(a, r, W_STACK, W_STACK + ITEM_WORDS * _hi(st.n_stack, root.n_stack),
                        &out[k])
    k += eve_diff_words(a, r, W_METER, STATE_WORDS, &out[k])
    return k


cdef int _keep(Cache* cache, Tree* tr, int node, const State* st, const int32_t* buf, int n,
               const signed char* tried) noexcept nogil:
    """Keep a clean, childless node's state (as its differences from the root's) and legal
    actions (the one about to be tried first), and reserve its children's block. 0: no room."""
    cdef int i, j = 0, block = -1
    cdef Node* nd
    if (cache.n >= cache.cap or tr.nodes[node].first_child >= 0
            or cache.diffs_n + 1 + STATE_WORDS > 0x7fffffff      # Node.diffs is 32 bits
            or cache.acts_n + n > 0x7fffffff):                    # and Node.legal_at
        return 0
    if (not _reserve(<void**>&cache.acts, &cache.acts_cap, cache.acts_n, cache.acts_n + n,
                     sizeof(int32_t))
            or not _reserve(<void**>&cache.diffs, &cache.diffs_cap, cache.diffs_n,
                            cache.diffs_n + 1 + STATE_WORDS, sizeof(uint32_t))):
        return 0
    if n > 0:
        block = _slots(tr, n)
        if block < 0:
            return 0
    nd = &tr.nodes[node]            # after _slots, which may move the nodes
    nd.legal_at = <int32_t>cache.acts_n
    nd.n_legal = <int16_t>n
    nd.n_children = 0
    nd.diffs = <int32_t>cache.diffs_n
    if cache.n == 0:
        memcpy(&cache.root, st, sizeof(State))
        _canonical_archive(&cache.root)
        cache.diffs[cache.diffs_n] = 0
    else:
        # Compared as it is: every iteration starts from the canonical root's Archive (the
        # re-sampling leaves the order to the draws), and a clean state's Archive is untouched.
        cache.diffs[cache.diffs_n] = _differences(st, &cache.root, cache.lanes,
                                                  &cache.diffs[cache.diffs_n + 1])
    cache.diffs_n += 1 + cache.diffs[cache.diffs_n]
    for i in range(n):
        if tried[i]:
            cache.acts[cache.acts_n + j] = buf[i]
            j += 1
    for i in range(n):
        if not tried[i]:
            cache.acts[cache.acts_n + j] = buf[i]
            j += 1
    cache.acts_n += n
    nd.info = cache.n
    nd.first_child = block
    cache.n += 1
    return 1


cdef inline void _materialize(const Cache* cache, int32_t at, State* st) noexcept nogil:
    """A kept node's state (its differences at cache.diffs[at]): the root's, with the node's
    differing words written over it. `st` is a canonical state (see _restore)."""
    cdef const uint32_t* h = &cache.diffs[at]      # the count, then the words
    cdef uint16_t* words = <uint16_t*>st
    cdef int i, n
    # the differences are a cold read (a few cache lines of a big arena): ask for the first
    # lines of them before the root's state, which is in the cache, is copied, so that they
    # arrive meanwhile
    __builtin_prefetch(h)
    __builtin_prefetch(&h[16])
    __builtin_prefetch(&h[32])
    __builtin_prefetch(&h[48])
    _restore(st, &cache.root, cache.lanes)
    n = <int>h[0]
    for i in range(1, n + 1):
        words[h[i] >> 16] = <uint16_t>(h[i] & 0xffff)


cdef void _verify_from_root(const State* root, Ctx* cx, uint64_t rng, const int32_t* path,
                            const Node* nodes, int depth, const State* st, Stats* stats) noexcept nogil:
    """verify: replay the path to path[depth] from a fresh root determinization drawn with
    the same search stream, checking every step's legality; the result must equal `st` byte
    for byte."""
    cdef State scratch
    cdef int d
    memcpy(&scratch, root, sizeof(State))
    _resample(&scratch, &rng)
    for d in range(1, depth + 1):
        if check_action(&scratch, cx, nodes[path[d]].action) != 0:
            stats.illegal += 1
        apply_action(&scratch, cx, nodes[path[d]].action)
    if memcmp(&scratch, st, sizeof(State)) != 0:
        stats.mismatch += 1


cdef int grow(const State* root, Ctx* cx, const Params* p, uint64_t seed, int iterations,
              Tree* tr, Slot* table, Cache* cache, Stats* out_stats) noexcept nogil:
    """Run up to `iterations` iterations into `tr` (node 0, the root, is in place). `table`
    (TABLE_SIZE slots, stamps zeroed) maps a level's legal actions to their index, so matching
    the children of a node that is not kept to this iteration's legal actions costs one probe
    each. Statistics are kept in a local and written out once, so that threads share no cache
    line while they run.

    The descent starts with no game state: through kept nodes whose actions have all been
    tried, it is UCT over their children alone. Where that stops, the state is a copy of a
    kept state (the stop node's, or its parent's plus one step) with a fresh re-sample of the
    hidden information. Below a step that revealed hidden information nodes are not clean,
    and each iteration plays the path there in its own determinization, with the legal actions
    of that determinization deciding which children are available."""
    cdef Stats sts = out_stats[0]
    cdef Stats* stats = &sts
    cdef uint32_t stamp = 0, h
    cdef State st
    cdef Hidden hid
    cdef uint64_t rng = seed, rng_at
    cdef int32_t buf[MAX_ACTIONS]
    cdef signed char seen[MAX_ACTIONS]
    cdef int32_t path[MAX_PATH]
    cdef int32_t* lst
    cdef int32_t act
    cdef Node* kn
    cdef Node* nodes
    cdef Node* nd
    cdef Uct* uct
    cdef int it, node, depth, src_depth, ch, n, i, best, k, n_untried, pick, expanded, listed
    cdef double reward, inv, t_start, per_tick
    cdef uint64_t k0, k1, k_it, k_start, tree_k = 0, roll_k = 0
    cdef float bv, v
    _init_node(tr, 0, -1, CLEAN)
    n = legal_actions(root, cx, buf)
    for i in range(n):
        seen[i] = 0
    if not _keep(cache, tr, 0, root, buf, n, seen):
        return -1       # no memory for the root's block: the caller raises MemoryError
    stats.cached = 1
    memcpy(&st, &cache.root, sizeof(State))    # from here on, _restore copies what differs
    t_start = _now()
    k_start = eve_ticks()
    k0 = k_start
    for it in range(iterations):
        if p.time_limit > 0 and (it & 31) == 0 and _now() - t_start > p.time_limit:
            break
        k_it = k0           # when the last rollout ended: its backup counts as tree time
        nodes = tr.nodes
        uct = tr.uct
        # descent through kept nodes whose actions have all been tried: no game state needed
        node = 0
        depth = 0
        path[0] = 0
        while (nodes[node].n_children == nodes[node].n_legal and nodes[node].n_legal > 0
               and depth + 1 < MAX_PATH):     # a kept node whose actions have all been tried
            node = _select_kept(uct, nodes, nodes[node].first_child, nodes[node].n_children,
                                nodes[node].visits, p.c)
            depth += 1
            path[depth] = node
        # the state: the nearest kept one (this node's or its parent's), freshly re-sampled
        src_depth = depth if nodes[node].info >= 0 else depth - 1
        if nodes[node].info >= 0:
            # a kept node with untried actions: its expansion reads its legal actions and
            # writes its next child, all cold in a big tree; asked for now, they arrive while
            # the state is restored
            kn = &nodes[node]
            if kn.n_children < kn.n_legal:
                __builtin_prefetch(&cache.acts[kn.legal_at + kn.n_children])
                __builtin_prefetch(&nodes[kn.first_child + kn.n_children])
                __builtin_prefetch(&uct[kn.first_child + kn.n_children])
        _materialize(cache, nodes[path[src_depth]].diffs, &st)
        rng_at = rng
        _resample(&st, &rng)
        if p.verify:
            _verify_from_root(&cache.root, cx, rng_at, path, nodes, src_depth, &st, stats)
        listed = -1         # how many legal actions at `st` are in buf; -1: not listed yet
        if src_depth < depth:
            if p.verify and check_action(&st, cx, nodes[node].action) != 0:
                stats.illegal += 1
            listed = apply_listing(&st, cx, nodes[node].action, buf)
            stats.tree_decisions += 1
        # selection and expansion below, in this iteration's determinization
        while st.outcome == OUT_NONE and depth + 1 < MAX_PATH:
            if nodes[node].info >= 0:
                # a kept node with untried actions (or one met at the depth limit)
                kn = &nodes[node]
                if kn.n_children < kn.n_legal:
                    lst = &cache.acts[kn.legal_at]
                    i = kn.n_children + <int>sm_below(&rng, <unsigned int>(kn.n_legal - kn.n_children))
                    act = lst[i]
                    lst[i] = lst[kn.n_children]
                    lst[kn.n_children] = act
                    if p.verify and check_action(&st, cx, act) != 0:
                        stats.illegal += 1
                    _hidden(&st, &hid)
                    listed = apply_listing(&st, cx, act, buf)
                    stats.tree_decisions += 1
                    ch = kn.first_child + kn.n_children
                    kn.n_children += 1                    # all tried: the descent may pass
                    _init_node(tr, ch, act, CLEAN if _unrevealed(&st, &hid) else DIRTY)
                    stats.nodes += 1
                    depth += 1
                    path[depth] = ch
                    break
                best = _select_kept(uct, nodes, kn.first_child, kn.n_children, kn.visits, p.c)
                if best < 0:
                    break
            else:
                n = listed if listed >= 0 else legal_actions(&st, cx, buf)
                listed = n
                if n == 0:
                    break
                for i in range(n):
                    seen[i] = 0
                if nodes[node].first_child >= 0:
                    # children to match against this determinization's legal actions (a node
                    # met for the second time has none: it is kept or expanded right away)
                    stamp += 1
                    for i in range(n):
                        h = _h(buf[i]) & TABLE_MASK
                        while table[h].stamp == stamp:
                            h = (h + 1) & TABLE_MASK
                        table[h].stamp = stamp
                        table[h].key = buf[i]
                        table[h].idx = i
                ch = nodes[node].first_child
                best = -1
                bv = -INFINITY
                while ch >= 0:
                    k = -1
                    h = _h(nodes[ch].action) & TABLE_MASK
                    while table[h].stamp == stamp:
                        if table[h].key == nodes[ch].action:
                            k = table[h].idx
                            break
                        h = (h + 1) & TABLE_MASK
                    if k >= 0:
                        seen[k] = 1
                        nodes[ch].count += 1
                        v = _ucb_linked(&uct[ch], nodes[ch].count, p.c)
                        if v > bv:
                            bv = v
                            best = ch
                    ch = nodes[ch].next_sibling
                n_untried = 0
                for i in range(n):
                    if not seen[i]:
                        n_untried += 1
                expanded = -1
                if n_untried > 0:
                    pick = <int>sm_below(&rng, <unsigned int>n_untried)
                    for i in range(n):
                        if not seen[i]:
                            if pick == 0:
                                break
                            pick -= 1
                    expanded = i
                if nodes[node].info == CLEAN and expanded >= 0:
                    # a clean node met for the second time: keep it for later descents
                    seen[expanded] = 1
                    if _keep(cache, tr, node, &st, buf, n, seen):
                        stats.cached += 1
                        nodes = tr.nodes
                        uct = tr.uct
                        kn = &nodes[node]
                        ch = kn.first_child
                        kn.n_children = 1
                    else:
                        ch = _slots(tr, 1)
                else:
                    ch = _slots(tr, 1) if expanded >= 0 else -1
                nodes = tr.nodes
                uct = tr.uct
                if ch >= 0:
                    act = buf[expanded]
                    if p.verify and check_action(&st, cx, act) != 0:
                        stats.illegal += 1
                    _hidden(&st, &hid)
                    listed = apply_listing(&st, cx, act, buf)
                    stats.tree_decisions += 1
                    _init_node(tr, ch, act,
                               CLEAN if nodes[node].info != DIRTY and _unrevealed(&st, &hid) else DIRTY)
                    if nodes[node].info < 0:        # not kept: link it
                        nodes[ch].next_sibling = nodes[node].first_child
                        nodes[node].first_child = ch
                    stats.nodes += 1
                    depth += 1
                    path[depth] = ch
                    break
                if best < 0:
                    break       # no memory for a node and nothing here has been tried: roll out
            if p.verify and check_action(&st, cx, nodes[best].action) != 0:
                stats.illegal += 1
            listed = apply_listing(&st, cx, nodes[best].action, buf)
            stats.tree_decisions += 1
            node = best
            depth += 1
            path[depth] = node
        k1 = eve_ticks()
        reward = rollout(&st, cx, &rng, p, &stats.rollout_decisions, buf, listed)
        k0 = eve_ticks()
        roll_k += k0 - k1
        nodes = tr.nodes
        uct = tr.uct
        for i in range(depth + 1):
            nd = &nodes[path[i]]
            nd.visits += 1
            nd.value += reward
            inv = 1.0 / <double>nd.visits
            uct[path[i]].mean = <float>(nd.value * inv)
            uct[path[i]].isv = <float>sqrt(inv)
        stats.iterations += 1
        tree_k += k1 - k_it
    # ticks to seconds by this search's own span of both clocks
    k1 = eve_ticks()
    per_tick = (_now() - t_start) / <double>(k1 - k_start) if k1 > k_start else 0.0
    stats.tree_s += tree_k * per_tick
    stats.rollout_s += roll_k * per_tick
    out_stats[0] = sts
    return tr.n


cdef class _Worker:
    """One thread's tree: its seed, its iterations, its statistics."""
    cdef Tree tree
    cdef Slot* table
    cdef int n_nodes
    cdef Stats stats
    cdef Cache cache

    def __cinit__(self):
        self.tree.nodes = NULL
        self.tree.uct = NULL
        self.table = NULL
        self.n_nodes = 0
        self.cache.diffs = NULL
        self.cache.acts = NULL

    def __dealloc__(self):
        free(self.tree.nodes)
        free(self.tree.uct)
        free(self.table)
        free(self.cache.diffs)
        free(self.cache.acts)

    def run(self, Match match not None, uint64_t seed, int iterations, double c, int max_depth,
            int shaped, int verify, double time_limit, int cache_states=65536):
        cdef Params p
        cdef Ctx cx
        cdef State root
        if not (c >= 0 and c < INFINITY):      # also refuses NaN: UCT needs scores >= 0
            raise ValueError("c must be a finite number >= 0")
        p.c = c
        p.max_depth = max_depth
        p.shaped = shaped
        p.verify = verify
        p.time_limit = time_limit
        ctx_init(&cx, match.content.tb, 1)     # re-sampling leaves the Archive to the draws: _resample
        memcpy(&root, &match.st, sizeof(State))      # the match itself is never touched
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if cache_states < 1:
            raise ValueError("cache_states must be at least 1 (the root)")
        if match.is_over:
            raise ValueError("the match is over")
        free(self.tree.nodes)
        free(self.tree.uct)
        self.n_nodes = 0
        self.tree.n = 1
        # a kept node reserves a slot for each of its legal actions, most of them never tried:
        # a search holds about 2.5 slots an iteration (its details["node_slots"]). Room for
        # that from the start spares the copies of a growing array (it still grows as needed).
        self.tree.cap = 3 * min(iterations, 65536) + 1024
        self.tree.nodes = <Node*>eve_arena_alloc(self.tree.cap * sizeof(Node))
        self.tree.uct = <Uct*>eve_arena_alloc(self.tree.cap * sizeof(Uct))
        if self.table == NULL:
            self.table = <Slot*>calloc(TABLE_SIZE, sizeof(Slot))
        else:
            memset(self.table, 0, TABLE_SIZE * sizeof(Slot))
        free(self.cache.diffs)
        free(self.cache.acts)
        # a state is kept at most once per node, so more than iterations + 1 is never used
        self.cache.cap = cache_states if cache_states <= iterations else iterations + 1
        self.cache.n = 0
        self.cache.lanes = match.content.tb.cfg.lanes
        # the arenas start small and grow (_reserve), so every sizeable search exercises that
        self.cache.diffs_cap = 4 * STATE_WORDS
        self.cache.diffs_n = 0
        self.cache.diffs = <uint32_t*>malloc(self.cache.diffs_cap * sizeof(uint32_t))
        self.cache.acts_cap = MAX_ACTIONS
        self.cache.acts_n = 0
        self.cache.acts = <int32_t*>malloc(self.cache.acts_cap * sizeof(int32_t))
        if self.tree.nodes == NULL or self.tree.uct == NULL or self.table == NULL or self.cache.diffs == NULL or self.cache.acts == NULL:
            raise MemoryError()
        self.stats.iterations = 0
        self.stats.tree_decisions = 0
        self.stats.rollout_decisions = 0
        self.stats.illegal = 0
        self.stats.cached = 0
        self.stats.mismatch = 0
        self.stats.nodes = 1
        self.stats.tree_s = 0
        self.stats.rollout_s = 0
        with nogil:
            self.n_nodes = grow(&root, &cx, &p, seed, iterations, &self.tree, self.table,
                                &self.cache, &self.stats)
        if self.n_nodes < 0:
            self.n_nodes = 0
            raise MemoryError("no memory for the search tree's root")

    cdef list _children(self, int node):
        cdef Node* nodes = self.tree.nodes
        out = []
        if nodes[node].info >= 0:
            return list(range(nodes[node].first_child, nodes[node].first_child + nodes[node].n_children))
        ch = nodes[node].first_child
        while ch >= 0:
            out.append(ch)
            ch = nodes[ch].next_sibling
        return out

    def root_stats(self):
        """{action: (visits, value sum)} of the root's children."""
        cdef Node* nodes = self.tree.nodes
        if nodes == NULL or self.n_nodes == 0:
            return {}
        return {nodes[ch].action: (nodes[ch].visits, nodes[ch].value)
                for ch in self._children(0)}

    def tree_actions(self):
        """The action path from the root to every node the tree holds, for legality tests."""
        cdef Node* nodes = self.tree.nodes
        paths = []
        if nodes == NULL or self.n_nodes == 0:
            return paths
        todo = [(0, [])]
        while todo:
            node, path = todo.pop()
            for ch in self._children(node):
                full = path + [nodes[ch].action]
                paths.append(full)
                todo.append((ch, full))
        return paths

    @property
    def stats(self):
        s = self.stats
        return {"iterations": s.iterations, "tree_decisions": s.tree_decisions,
                "rollout_decisions": s.rollout_decisions, "illegal": s.illegal,
                "cached_states": s.cached, "cache_mismatches": s.mismatch,
                "nodes": s.nodes, "node_slots": self.n_nodes,
                "kept_words": self.cache.diffs_n, "tree_s": s.tree_s,
                "rollout_s": s.rollout_s}


def set_huge_pages(bint on, size_t from_bytes=1 << 20):
    """Whether search arenas of `from_bytes` and more ask for huge pages (the default: on, from
    1 MB); off, every arena is plain malloc. Returns the previous on/off. A memory layout
    choice only: the search's results do not depend on it (tests lower `from_bytes` so that
    small searches take that path)."""
    global eve_huge_pages, eve_huge_from
    cdef bint was = eve_huge_pages != 0
    eve_huge_pages = 1 if on else 0
    eve_huge_from = from_bytes
    return was


def worker_seed(uint64_t seed, int index):
    """The search stream of one thread: never a match stream."""
    return sm_mix(stream_seed(seed, b"search") ^ sm_mix(<uint64_t>index + 1))


Worker = _Worker


def determinize_match(Match m not None, uint64_t seed):
    """Re-sample a match's hidden information in place, as each search iteration does (for the
    plain-Python reference search in benchmarks/)."""
    cdef uint64_t rng = seed
    determinize(&m.st, &rng)


def _draw_counts_for_tests(Match m not None, uint64_t seed, int trials, bint lazy):
    """How often each card is the first one drawn after a re-sampling of `m` (unchanged), over
    `trials` re-samplings: the search's lazy one (draws at random from a canonical Archive) or
    the eager one (a full shuffle). Both must be uniform over the Archive."""
    cdef State st
    cdef Ctx cx
    cdef uint64_t rng = seed
    cdef int t
    counts = {}
    ctx_init(&cx, m.content.tb, lazy)
    for t in range(trials):
        memcpy(&st, &m.st, sizeof(State))
        if lazy:
            _canonical_archive(&st)
            _resample(&st, &rng)
        else:
            determinize(&st, &rng)
        if st.zones[Z_ARCHIVE].n == 0 or not draw_one(&st, &cx):
            raise ValueError("the Archive is empty")
        c = st.zones[Z_RIFT].c[st.zones[Z_RIFT].n - 1]
        counts[c] = counts.get(c, 0) + 1
    return counts


if TABLE_SIZE != 2 * MAX_ACTIONS:    # the literal above must follow defs.pxd
    raise ImportError("search.pyx: TABLE_SIZE must be 2 * MAX_ACTIONS")
cdef State _layout
W_ZONES = (<char*>&_layout.zones[0] - <char*>&_layout) // 2
W_UNITS = (<char*>&_layout.units[0] - <char*>&_layout) // 2
W_STACK = (<char*>&_layout.stack[0] - <char*>&_layout) // 2
W_METER = (<char*>&_layout.meter - <char*>&_layout) // 2
ZONE_WORDS = sizeof(Zone) // 2
ITEM_WORDS = sizeof(StackItem) // 2
UNIT_WORDS = sizeof(Unit) // 2
# _restore and _differences take the zones, the units, the Stack and the tail (meter, tasks,
# the Encounter) to follow one another in this order, each zone its count then its cards
if not (W_UNITS == W_ZONES + N_ZONES * ZONE_WORDS and W_STACK == W_UNITS + sizeof(_layout.units) // 2
        and W_METER == W_STACK + MAX_STACK * ITEM_WORDS
        and <char*>&_layout.zones[0].c[0] - <char*>&_layout.zones[0] == 2
        and <char*>&_layout.n_stack < <char*>&_layout.zones[0]
        and <char*>&_layout.n_hero_slots[0] < <char*>&_layout.zones[0]):
    raise ImportError("search.pyx: the State's layout is not the one _restore assumes")
if STATE_WORDS * 2 != sizeof(State):
    raise ImportError("search.pyx: STATE_WORDS must be sizeof(State) / 2")
if MAX_ACTIONS > 32767:              # Node.n_legal is 16 bits
    raise ImportError("search.pyx: MAX_ACTIONS must fit a Node's 16-bit n_legal")
if sizeof(Node) != 48 or sizeof(Uct) != 8:     # UCT's memory traffic: see Uct
    raise ImportError("search.pyx: a Node must stay 48 bytes and a Uct 8")
