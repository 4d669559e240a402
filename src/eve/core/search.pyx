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

This module is the search's Python face (the Worker, the functions below) and its import-time
checks. What it runs is in the search_*.pxd files, one job each, as C headers and `cdef inline`
functions compiled into this one extension: across compiled modules the C compiler could not
inline the hot helpers into the loop.

    search_arena.pxd    the arenas' memory (huge pages) and the cache arrays' growth
    search_tree.pxd     the tree's storage: Node, Uct, Tree, fresh node slots
    search_uct.pxd      UCT: ln and sqrt(ln) tables, a kept node's and a linked child's scores
    search_hidden.pxd   hidden information: re-sampling, and whether a step revealed any
    search_cache.pxd    kept states: their differences from the root, restoring them
    search_rollout.pxd  the rollout below the tree and its rewards
    search_params.pxd   what a search is asked (Params) and what it counts (Stats)
    search_loop.pxd     the search loop (grow)
"""
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memcpy, memset
from libc.math cimport INFINITY
from libc.stdint cimport int32_t, uint32_t, uint64_t

from eve.core.defs cimport *
from eve.core.rng cimport sm_mix, stream_seed
from eve.core.match cimport Match
from eve.core.zones cimport draw_one
from eve.core.search_arena cimport eve_huge_pages, eve_huge_from, eve_arena_alloc
from eve.core.search_cache cimport Cache, STATE_WORDS, _state_layout_init
from eve.core.search_hidden cimport _canonical_archive, _resample, determinize
from eve.core.search_loop cimport Slot, TABLE_SIZE, grow
from eve.core.search_params cimport Params, Stats, _now
from eve.core.playout cimport board_value
from eve.core.search_tree cimport Node, Uct, Tree
from eve.core.search_uct cimport _ln, _uct_tables_init

_uct_tables_init()


def _ln_for_tests(int n):
    if n < 1:
        raise ValueError("ln is defined here for n >= 1")
    return _ln(n)


cdef class _Worker:
    """One thread's tree: its seed, its iterations, its statistics."""
    cdef Tree tree
    cdef Slot* table
    cdef int n_nodes
    cdef Stats stats
    cdef Cache cache
    cdef int stop_asked

    def __cinit__(self):
        self.stop_asked = 0
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
            int shaped, int verify, double time_limit, int cache_states=65536,
            bint see_hidden=False, unsigned int greedy_pm=0, double board_scale=0.0,
            int worlds=0, bint root_flat=False, bint horizon=False):
        cdef Params p
        cdef Ctx cx
        cdef State root
        if not (c >= 0 and c < INFINITY):      # also refuses NaN: UCT needs scores >= 0
            raise ValueError("c must be a finite number >= 0")
        p.c = c
        p.max_depth = max_depth
        p.shaped = shaped
        p.verify = verify
        p.see_hidden = 1 if see_hidden else 0
        p.greedy_pm = greedy_pm if greedy_pm <= 1000 else 1000
        p.worlds = worlds if worlds > 0 else 0
        p.root_flat = 1 if root_flat else 0
        p.horizon = 1 if horizon else 0
        p.world_seed = sm_mix(seed ^ <uint64_t>0x5DEECE66D)
        p.board = 1 if board_scale > 0 else 0
        p.board_scale = board_scale if board_scale > 0 else 1.0
        p.board_root = board_value(&match.st, match.content.tb)
        p.stop = &self.stop_asked
        # re-sampling leaves the Archive to the draws (_resample); the reference search that
        # sees the hidden cards draws from the top, as a match does
        ctx_init(&cx, match.content.tb, 0 if see_hidden else 1)
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
        self.cache.see_hidden = p.see_hidden
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
        p.deadline = _now() + time_limit if time_limit > 0 else 0.0
        try:
            with nogil:
                self.n_nodes = grow(&root, &cx, &p, seed, iterations, &self.tree, self.table,
                                    &self.cache, &self.stats)
        finally:
            # cleared when the search ends, not when it starts: a stop asked before this
            # thread reached run() (Ctrl-C just after the threads started) still stops it
            self.stop_asked = 0
        if self.n_nodes < 0:
            self.n_nodes = 0
            raise MemoryError("no memory for the search tree's root")

    def stop(self):
        """Ask a running search (in another thread) to end: at its next iteration, or within
        256 decisions of a rollout, which is then scored as at the depth cap. Its result is
        that of the iterations done (at least one)."""
        self.stop_asked = 1

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
    small searches take that path). On Windows every arena is plain malloc either way."""
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
    counts = {}
    ctx_init(&cx, m.content.tb, lazy)
    for _ in range(trials):
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


if TABLE_SIZE != 2 * MAX_ACTIONS:    # the literal in search_loop.pxd must follow defs.pxd
    raise ImportError("search_loop.pxd: TABLE_SIZE must be 2 * MAX_ACTIONS")
if not _state_layout_init():
    raise ImportError("search_cache.pxd: the State's layout is not the one _restore assumes")
if STATE_WORDS * 2 != sizeof(State):
    raise ImportError("search_cache.pxd: STATE_WORDS must be sizeof(State) / 2")
if MAX_ACTIONS > 32767:              # Node.n_legal is 16 bits
    raise ImportError("search_tree.pxd: MAX_ACTIONS must fit a Node's 16-bit n_legal")
if sizeof(Node) != 48 or sizeof(Uct) != 8:     # UCT's memory traffic: see Uct
    raise ImportError("search_tree.pxd: a Node must stay 48 bytes and a Uct 8")
