# The search loop: an iteration's descent through the kept nodes, its state from the nearest
# kept one, selection and expansion below it, the rollout and the backup, run `iterations`
# times into one thread's tree (grow). Compiled into the search extension (see
# search_arena.pxd): the helpers of the other search_*.pxd files are inlined into it.
cimport cython
from libc.string cimport memcpy, memcmp
from libc.math cimport sqrt, INFINITY
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t

from eve.core.defs cimport *
from eve.core.rng cimport sm_below, sm_mix
from eve.core.rules cimport legal_actions, apply_action, apply_listing, check_action
from eve.core.search_cache cimport Cache, _keep, _materialize
from eve.core.search_hidden cimport Hidden, _hidden, _resample, _unrevealed
from eve.core.search_params cimport Params, Stats, _now, _stopped
from eve.core.search_rollout cimport rollout
from eve.core.search_tree cimport Node, Uct, Tree, CLEAN, DIRTY, _slots, _init_node
from eve.core.search_uct cimport _select_kept, _ucb_linked

cdef enum:
    MAX_PATH = 1024         # deeper than any descent a search budget can build

cdef struct Slot:
    int32_t key
    int32_t idx
    uint32_t stamp

# (literal values: Cython cannot compile arithmetic in enum values under overflowcheck, which
# EVE_DEBUG builds turn on)
cdef enum:
    TABLE_SIZE = 32768      # 2 x MAX_ACTIONS: open addressing at most half full
    TABLE_MASK = 32767


@cython.overflowcheck(False)       # multiplicative hashing wraps on purpose
cdef inline uint32_t _h(int32_t key) noexcept nogil:
    return (<uint32_t>key * <uint32_t>2654435761U) >> 8


cdef extern from "search_loop.h":
    uint64_t eve_ticks() nogil
    void eve_prefetch(const void* p) nogil     # portable.h


cdef inline void _verify_from_root(const State* root, Ctx* cx, uint64_t rng, const int32_t* path,
                            const Node* nodes, int depth, const State* st, Stats* stats,
                            int see_hidden) noexcept nogil:
    """verify: replay the path to path[depth] from a fresh root determinization drawn with
    the same search stream, checking every step's legality; the result must equal `st` byte
    for byte."""
    cdef State scratch
    cdef int d
    memcpy(&scratch, root, sizeof(State))
    if not see_hidden:
        _resample(&scratch, &rng)
    for d in range(1, depth + 1):
        if check_action(&scratch, cx, nodes[path[d]].action) != 0:
            stats.illegal += 1
        apply_action(&scratch, cx, nodes[path[d]].action)
    if memcmp(&scratch, st, sizeof(State)) != 0:
        stats.mismatch += 1


cdef inline int grow(const State* root, Ctx* cx, const Params* p, uint64_t seed, int iterations,
                     Tree* tr, Slot* table, Cache* cache, Stats* out_stats) noexcept nogil:
    # Over 120 lines on purpose: this is the search's hot loop, and its phases (descent,
    # restore, selection and expansion, rollout, backup) share a dozen locals (the path and its
    # depth, the node and uct arrays re-read after every growth, `listed`, the rng) that a split
    # would pass by pointer through every iteration; its phases are marked by comments instead.
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
    cdef uint64_t rng = seed, rng_at, wrng
    cdef uint64_t* roll_rng = &rng
    cdef int32_t buf[MAX_ACTIONS]
    cdef signed char seen[MAX_ACTIONS]
    cdef int32_t path[MAX_PATH]
    cdef int32_t* lst
    cdef int32_t act
    cdef Node* kn
    cdef Node* nodes
    cdef Node* nd
    cdef Uct* uct
    # i = 0: the expansion's pick leaves the loop with i set whenever n_untried > 0; Cython's
    # flow analysis cannot see that, and the one store at entry costs nothing a loop
    cdef int it, node, depth, src_depth, cap, ch, n, i = 0, best, k, n_untried, pick, expanded, listed
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
        # a stop (asked from another thread, Ctrl-C, or found by a rollout cut at the time
        # limit) at every iteration, the clock every 32 iterations; neither before the first
        # iteration, and the clock not before the 32nd (so a time limit, however small, never
        # leaves a thread without iterations to choose by)
        if it > 0 and (p.stop[0] != 0 or ((it & 31) == 0 and _stopped(p))):
            break
        k_it = k0           # when the last rollout ended: its backup counts as tree time
        nodes = tr.nodes
        uct = tr.uct
        # descent through kept nodes whose actions have all been tried: no game state needed
        node = 0
        depth = 0
        path[0] = 0
        if p.root_flat and nodes[0].n_children == nodes[0].n_legal and nodes[0].n_legal > 0:
            # every root action in turn (the first pass expanded them one an iteration)
            node = nodes[0].first_child + it % nodes[0].n_legal
            depth = 1
            path[1] = node
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
                eve_prefetch(&cache.acts[kn.legal_at + kn.n_children])
                eve_prefetch(&nodes[kn.first_child + kn.n_children])
                eve_prefetch(&uct[kn.first_child + kn.n_children])
        _materialize(cache, nodes[path[src_depth]].diffs, &st)
        if p.root_flat:
            # the k-th visit of every root action plays deal k, and its rollout stream
            wrng = sm_mix(p.world_seed ^ sm_mix(<uint64_t>(it // nodes[0].n_legal) + 1))
            roll_rng = &wrng
        elif p.worlds > 0:
            # one of a fixed set of deals, and its own rollout stream (common random numbers)
            wrng = sm_mix(p.world_seed ^ sm_mix(<uint64_t>(it % p.worlds) + 1))
            roll_rng = &wrng
        else:
            roll_rng = &rng
        rng_at = roll_rng[0]
        if not p.see_hidden:        # the reference search plays the true hidden cards
            _resample(&st, roll_rng)
        if p.verify:
            _verify_from_root(&cache.root, cx, rng_at, path, nodes, src_depth, &st, stats,
                              p.see_hidden)
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
        cap = p.max_depth if p.max_depth > 0 else -1
        if p.horizon and cap >= 0:
            # one horizon for every leaf: a deep leaf's rollout is shorter, so that actions
            # are compared at the same distance from the root (as flat Monte Carlo compares them)
            cap = p.max_depth + 1 - depth
            if cap < 0:
                cap = 0
        reward = rollout(&st, cx, roll_rng, p, &stats.rollout_decisions, buf, listed, cap)
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

