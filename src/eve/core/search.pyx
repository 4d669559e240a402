"""Monte Carlo Tree Search over the player's decisions, native and without the GIL.

Information-set search by determinization (single-observer ISMCTS): every iteration copies the
root state and re-samples what the player cannot see, namely the Archive's order and the future
draws of the `shuffle` and `encounter` streams, from the search's own stream. The Archive is
first put in a canonical order (by card instance), so the true order is never read. The tree
holds only the player's decisions; the Encounter's moves and responses are played by the same
rules code as in a match (`apply_action` runs the game forward). A child's UCB uses its
availability count (how often its action was legal when its parent was visited).

The tree is a flat array of nodes (children as linked lists), allocated once per search.
Root parallelism: each thread grows its own tree from its own seed; root statistics are summed.
"""
cimport cython
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memcpy, memset
from libc.math cimport sqrt, log
from libc.stdint cimport int16_t, int32_t, int64_t, uint32_t, uint64_t
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from eve.core.defs cimport *
from eve.core.rng cimport sm_next, sm_below, sm_mix, sm_shuffle16, stream_seed
from eve.core.rules cimport legal_actions, apply_action, check_action
from eve.core.match cimport Match

cdef struct Node:
    int32_t action
    int32_t parent
    int32_t first_child
    int32_t next_sibling
    int32_t visits
    int32_t avail
    double value

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
    double tree_s
    double rollout_s


cdef enum:
    LOG_TABLE = 65536

# ln(n) for small n: the UCB term needs ln(availability) for every child at every level, and a
# table lookup is several times cheaper than log() there
cdef double LN[LOG_TABLE]
cdef int _i
LN[0] = 0.0
for _i in range(1, LOG_TABLE):
    LN[_i] = log(<double>_i)


cdef inline double _ln(int n) noexcept nogil:
    return LN[n] if n < LOG_TABLE else log(<double>n)


cdef inline double _now() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef void determinize(State* st, uint64_t* rng) noexcept nogil:
    """Re-sample the hidden information from the player's point of view."""
    cdef Zone* a = &st.zones[Z_ARCHIVE]
    cdef int i, j
    cdef int16_t x
    for i in range(1, a.n):             # canonical order first: the true order is never used
        x = a.c[i]
        j = i - 1
        while j >= 0 and a.c[j] > x:
            a.c[j + 1] = a.c[j]
            j -= 1
        a.c[j + 1] = x
    sm_shuffle16(rng, a.c, a.n)
    st.rng[STREAM_SHUFFLE] = sm_next(rng)
    st.rng[STREAM_ENCOUNTER] = sm_next(rng)


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


cdef double rollout(State* st, Ctx* cx, uint64_t* rng, const Params* p, int64_t* decisions) noexcept nogil:
    cdef int32_t buf[MAX_ACTIONS]
    cdef int n, d = 0
    while st.outcome == OUT_NONE:
        if p.max_depth > 0 and d >= p.max_depth:
            decisions[0] += d
            return _shaped(st) if p.shaped else 0.5
        n = legal_actions(st, cx, buf)
        if n == 0:
            break
        apply_action(st, cx, buf[sm_below(rng, <unsigned int>n)] if n > 1 else buf[0])
        d += 1
    decisions[0] += d
    if st.outcome == OUT_WIN:
        return 1.0
    if p.shaped:
        return 0.3 * _damage_dealt(st)     # a loss still tells how far the rollout got
    return 0.0


cdef int grow(const State* root, Ctx* cx, const Params* p, uint64_t seed, int iterations,
              Node* nodes, int cap, Slot* table, Stats* out_stats) noexcept nogil:
    """Run up to `iterations` iterations into `nodes` (node 0 is the root). Returns the node
    count. `table` (TABLE_SIZE slots, stamps zeroed) maps a level's legal actions to their
    index, so matching children to legal actions costs one probe each. Statistics are kept in
    a local and written out once, so that threads share no cache line while they run."""
    cdef Stats sts = out_stats[0]
    cdef Stats* stats = &sts
    cdef uint32_t stamp = 0, h
    cdef State st
    cdef uint64_t rng = seed
    cdef int32_t buf[MAX_ACTIONS]
    cdef signed char seen[MAX_ACTIONS]
    cdef int n_nodes = 1, it, node, ch, n, i, best, k, n_untried, pick, depth
    cdef double bv, v, lg, reward, t0, t1, t_start
    nodes[0].action = -1
    nodes[0].parent = -1
    nodes[0].first_child = -1
    nodes[0].next_sibling = -1
    nodes[0].visits = 0
    nodes[0].avail = 0
    nodes[0].value = 0
    t_start = _now()
    for it in range(iterations):
        if p.time_limit > 0 and (it & 31) == 0 and _now() - t_start > p.time_limit:
            break
        t0 = _now()
        memcpy(&st, root, sizeof(State))
        determinize(&st, &rng)
        node = 0
        depth = 0
        # selection and expansion
        while st.outcome == OUT_NONE:
            n = legal_actions(&st, cx, buf)
            if n == 0:
                break
            stamp += 1
            for i in range(n):
                seen[i] = 0
                h = _h(buf[i]) & TABLE_MASK
                while table[h].stamp == stamp:
                    h = (h + 1) & TABLE_MASK
                table[h].stamp = stamp
                table[h].key = buf[i]
                table[h].idx = i
            ch = nodes[node].first_child
            best = -1
            bv = -1.0
            lg = 0
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
                    nodes[ch].avail += 1
                    v = nodes[ch].value / nodes[ch].visits + p.c * sqrt(_ln(nodes[ch].avail) / nodes[ch].visits)
                    if v > bv:
                        bv = v
                        best = ch
                ch = nodes[ch].next_sibling
            n_untried = 0
            for i in range(n):
                if not seen[i]:
                    n_untried += 1
            if n_untried > 0 and n_nodes < cap:
                pick = <int>sm_below(&rng, <unsigned int>n_untried)
                for i in range(n):
                    if not seen[i]:
                        if pick == 0:
                            break
                        pick -= 1
                if p.verify and check_action(&st, cx, buf[i]) != 0:
                    stats.illegal += 1
                ch = n_nodes
                n_nodes += 1
                nodes[ch].action = buf[i]
                nodes[ch].parent = node
                nodes[ch].first_child = -1
                nodes[ch].next_sibling = nodes[node].first_child
                nodes[ch].visits = 0
                nodes[ch].avail = 1
                nodes[ch].value = 0
                nodes[node].first_child = ch
                apply_action(&st, cx, buf[i])
                stats.tree_decisions += 1
                node = ch
                break
            if best < 0:
                break       # the tree is full and nothing here has been tried: roll out
            if p.verify and check_action(&st, cx, nodes[best].action) != 0:
                stats.illegal += 1
            apply_action(&st, cx, nodes[best].action)
            stats.tree_decisions += 1
            node = best
        t1 = _now()
        reward = rollout(&st, cx, &rng, p, &stats.rollout_decisions)
        stats.rollout_s += _now() - t1
        while node >= 0:
            nodes[node].visits += 1
            nodes[node].value += reward
            node = nodes[node].parent
        stats.iterations += 1
        stats.tree_s += t1 - t0
    stats.nodes = n_nodes
    out_stats[0] = sts
    return n_nodes


cdef class _Worker:
    """One thread's tree: its seed, its iterations, its statistics."""
    cdef Node* nodes
    cdef Slot* table
    cdef int cap
    cdef int n_nodes
    cdef Stats stats

    def __cinit__(self):
        self.nodes = NULL
        self.table = NULL
        self.n_nodes = 0

    def __dealloc__(self):
        free(self.nodes)
        free(self.table)

    def run(self, Match match, uint64_t seed, int iterations, double c, int max_depth, int shaped,
            int verify, double time_limit):
        cdef Params p
        cdef Ctx cx
        cdef State root
        p.c = c
        p.max_depth = max_depth
        p.shaped = shaped
        p.verify = verify
        p.time_limit = time_limit
        cx.tb = match.content.tb
        cx.ev = NULL
        memcpy(&root, &match.st, sizeof(State))      # the match itself is never touched
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if match.is_over:
            raise ValueError("the match is over")
        free(self.nodes)
        self.n_nodes = 0
        self.cap = iterations + 2
        self.nodes = <Node*>malloc(self.cap * sizeof(Node))
        if self.table == NULL:
            self.table = <Slot*>calloc(TABLE_SIZE, sizeof(Slot))
        else:
            memset(self.table, 0, TABLE_SIZE * sizeof(Slot))
        if self.nodes == NULL or self.table == NULL:
            raise MemoryError()
        self.stats.iterations = 0
        self.stats.tree_decisions = 0
        self.stats.rollout_decisions = 0
        self.stats.illegal = 0
        self.stats.tree_s = 0
        self.stats.rollout_s = 0
        with nogil:
            self.n_nodes = grow(&root, &cx, &p, seed, iterations, self.nodes, self.cap, self.table,
                                &self.stats)

    def root_stats(self):
        """[(action, visits, value sum)] of the root's children, in the root's legal order."""
        out = {}
        if self.nodes == NULL or self.n_nodes == 0:
            return out
        ch = self.nodes[0].first_child
        while ch >= 0:
            out[self.nodes[ch].action] = (self.nodes[ch].visits, self.nodes[ch].value)
            ch = self.nodes[ch].next_sibling
        return out

    def tree_actions(self):
        """Every (parent action path, action) the tree holds, for legality tests."""
        paths = []
        if self.nodes == NULL:
            return paths
        for i in range(1, self.n_nodes):
            path = []
            j = i
            while j > 0:
                path.append(self.nodes[j].action)
                j = self.nodes[j].parent
            paths.append(path[::-1])
        return paths

    @property
    def stats(self):
        s = self.stats
        return {"iterations": s.iterations, "tree_decisions": s.tree_decisions,
                "rollout_decisions": s.rollout_decisions, "illegal": s.illegal,
                "nodes": self.n_nodes, "tree_s": s.tree_s, "rollout_s": s.rollout_s}


def worker_seed(uint64_t seed, int index):
    """The search stream of one thread: never a match stream."""
    return sm_mix(stream_seed(seed, b"search") ^ sm_mix(<uint64_t>index + 1))


Worker = _Worker


def determinize_match(Match m, uint64_t seed):
    """Re-sample a match's hidden information in place, as each search iteration does (for the
    plain-Python reference search in benchmarks/)."""
    cdef uint64_t rng = seed
    determinize(&m.st, &rng)


if TABLE_SIZE != 2 * MAX_ACTIONS:    # the literal above must follow defs.pxd
    raise ImportError("search.pyx: TABLE_SIZE must be 2 * MAX_ACTIONS")
