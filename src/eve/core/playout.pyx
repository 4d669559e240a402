"""Native playouts and simple policies (random, greedy), with the GIL released.

They use the same `legal_actions` / `apply_action` as the Python API. Their randomness comes
from a policy stream of their own, never from a match stream.
"""
from libc.string cimport memcpy
from libc.stdlib cimport malloc, free
from libc.stdint cimport int16_t, int32_t, uint64_t

from eve.core.defs cimport *
from eve.core.rng cimport sm_below, stream_seed
from eve.core.rules cimport setup_match, begin, legal_actions, apply_action, apply_listing, state_hash
from eve.core.effects cimport leader_of
from eve.core.tables cimport CompiledContent
from eve.core.match cimport Match

from eve.core.errors import MatchBusy as _MatchBusy

cdef enum:
    POLICY_RANDOM = 0
    POLICY_GREEDY = 1

POLICIES = {"random": POLICY_RANDOM, "greedy": POLICY_GREEDY}


cdef int random_playout(State* st, Ctx* cx, uint64_t* rng, int max_decisions) noexcept nogil:
    """Uniformly random legal actions until the match ends; returns the decisions made."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int n = legal_actions(st, cx, buf), d = 0
    while d < max_decisions and n > 0:
        # the step hands back the next list: the one the game used to decide it must stop
        n = apply_listing(st, cx, buf[sm_below(rng, <unsigned int>n)] if n > 1 else buf[0], buf)
        d += 1
    return d


cdef double _value(const State* st) noexcept nogil:
    """A simple evaluation from the player's side: hp and board on both sides."""
    cdef double v = 0
    cdef int u
    if st.outcome == OUT_WIN:
        return 1e9 - st.round
    if st.outcome == OUT_LOSS:
        return -1e9
    for u in range(MAX_UNITS):
        if not st.units[u].alive:
            continue
        if u < UNITS_PER_SIDE:
            v += st.units[u].hp + 0.5 * st.units[u].shield + 1.5 * st.units[u].power
            if (u & 15) < CHAR_BASE:
                v += 10.0
        else:
            v -= 2.0 * st.units[u].hp + 1.5 * st.units[u].power + 2.0 * st.units[u].poison
            if (u & 15) < CHAR_BASE:
                v -= 15.0
    v += 0.8 * st.zones[Z_LATTICE].n + 0.3 * st.zones[Z_RIFT].n
    return v


cdef int32_t greedy_choice(State* st, Ctx* cx, uint64_t* rng) noexcept nogil:
    """One-ply lookahead: the legal action whose result evaluates best (ties: the first)."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef State tmp
    cdef int n, i, best = 0
    cdef double v, bv = -1e18
    cdef Event* ev = cx.ev
    n = legal_actions(st, cx, buf)
    if n <= 1:
        return buf[0] if n == 1 else -1
    cx.ev = NULL
    for i in range(n):
        memcpy(&tmp, st, sizeof(State))
        apply_action(&tmp, cx, buf[i])
        v = _value(&tmp)
        if v > bv:
            bv = v
            best = i
    cx.ev = ev
    return buf[best]


cdef int play_policy(State* st, Ctx* cx, int policy, uint64_t* rng, int cap, int32_t* rec) noexcept nogil:
    """Play a native policy for up to `cap` decisions; each chosen action code goes to `rec`
    unless it is NULL. Returns the decisions made."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int d = 0, n
    cdef int32_t a
    while d < cap and st.outcome == OUT_NONE:
        if policy == POLICY_RANDOM:
            n = legal_actions(st, cx, buf)
            if n == 0:
                break
            a = buf[sm_below(rng, <unsigned int>n)] if n > 1 else buf[0]
        else:
            a = greedy_choice(st, cx, rng)
            if a < 0:
                break
        if rec != NULL:
            rec[d] = a
        apply_action(st, cx, a)
        d += 1
    return d


def playout(Match match, unsigned long long seed, int max_decisions=1000000):
    """Play `match` to its end with uniformly random legal actions (native, no GIL). Returns
    the number of decisions made.

    Threads: the playout runs on a copy of the state taken when it starts, and writes the end
    state back when it returns, both under the GIL; meanwhile other threads read the match as it
    was, and `apply` (or another playout) on it raises eve.MatchBusy, changing nothing."""
    cdef uint64_t rng = stream_seed(seed, b"playout")
    cdef Ctx cx
    cdef int d
    cdef State st
    if match.busy:
        raise _MatchBusy("the match is being played out in another thread")
    ctx_init(&cx, match.content.tb, 0)
    memcpy(&st, &match.st, sizeof(State))
    match.busy = True
    try:
        with nogil:
            d = random_playout(&st, &cx, &rng, max_decisions)
        memcpy(&match.st, &st, sizeof(State))
    finally:
        match.busy = False
    return d


def choose(Match match, str policy, unsigned long long seed=0):
    """The action code a native policy picks in `match` (the match is unchanged)."""
    cdef uint64_t rng = stream_seed(seed, b"policy")
    cdef Ctx cx
    cdef int32_t buf[MAX_ACTIONS]
    cdef int n
    ctx_init(&cx, match.content.tb, 0)
    if policy == "greedy":
        return greedy_choice(&match.st, &cx, &rng)
    n = legal_actions(&match.st, &cx, buf)
    return buf[sm_below(&rng, <unsigned int>n)] if n else -1


def run_matches(CompiledContent content, list seeds, list heroes, int enc, str policy,
                int max_decisions=100000, bint record=False):
    """Play one match per seed natively with a policy; returns [(outcome, rounds, decisions)],
    or with `record` [(outcome, rounds, decisions, [action codes], final state hash)]."""
    cdef State st
    cdef Ctx cx
    cdef uint64_t rng, s
    cdef int16_t hs[MAX_HERO_SLOTS]
    cdef int nh = len(heroes), i, d, pol = POLICIES[policy]
    cdef int32_t* rec = NULL
    if not 1 <= nh <= content.tb.cfg.player_hero_slots:
        raise ValueError(f"a party has 1 to {content.tb.cfg.player_hero_slots} heroes, not {nh}")
    for h in heroes:            # a loop, not all(genexpr): Cython warns of that (cython#1699)
        if not (isinstance(h, int) and 0 <= h < content.tb.n_heroes):
            raise ValueError("heroes must be hero indices of this content")
    if not 0 <= enc < content.tb.n_encs:
        raise ValueError(f"no encounter index {enc}")
    if max_decisions < 1:
        raise ValueError("max_decisions must be at least 1")
    if record:
        rec = <int32_t*>malloc(max_decisions * sizeof(int32_t))
        if rec == NULL:
            raise MemoryError()
    for i in range(nh):
        hs[i] = heroes[i]
    ctx_init(&cx, content.tb, 0)
    out = []
    try:
        for seed in seeds:
            s = seed
            with nogil:
                rng = stream_seed(s, b"policy")
                setup_match(&st, &cx, s, hs, nh, enc, NULL, -1)
                begin(&st, &cx)
                d = play_policy(&st, &cx, pol, &rng, max_decisions, rec)
            if record:
                out.append((st.outcome, st.round, d, [rec[i] for i in range(d)], state_hash(&st)))
            else:
                out.append((st.outcome, st.round, d))
    finally:
        free(rec)
    return out

