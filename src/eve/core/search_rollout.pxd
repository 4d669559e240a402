# The rollout below the tree (uniformly random legal actions) and the rewards it ends with.
# Compiled into the search extension (see search_arena.pxd).
from libc.stdint cimport int32_t, int64_t, uint64_t

from eve.core.defs cimport *
from eve.core.rng cimport sm_below
from eve.core.rules cimport legal_actions, apply_listing
from eve.core.playout cimport greedy_choice, board_value
from eve.core.search_params cimport Params, _stopped


cdef inline double _shaped(const State* st) noexcept nogil:
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


cdef inline double _cutoff(const State* st, const Ctx* cx, const Params* p) noexcept nogil:
    """The reward of a position that is not over: the shaped hp difference, or the board's
    value against the root's squashed into (0, 1) by x / (1 + |x|) (IEEE, no libm)."""
    cdef double x
    if p.board:
        x = (board_value(st, cx.tb) - p.board_root) / p.board_scale
        return 0.5 + 0.5 * x / (1.0 + (x if x >= 0 else -x))
    return _shaped(st) if p.shaped else 0.5


cdef inline double _damage_dealt(const State* st) noexcept nogil:
    """The fraction of the Encounter's hero hp that is gone."""
    cdef double hp = 0, mx = 0
    cdef int i
    for i in range(st.n_hero_slots[ENCOUNTER]):
        hp += st.units[UNITS_PER_SIDE + i].hp
        mx += st.units[UNITS_PER_SIDE + i].max_hp
    return 1.0 - hp / mx if mx > 0 else 0.0


cdef inline double rollout(State* st, Ctx* cx, uint64_t* rng, const Params* p, int64_t* decisions,
                           int32_t* buf, int n, int cap) noexcept nogil:
    """Random legal actions from `st` to the end, or `cap` decisions (cap < 0: none; 0: score
    `st` as it is). `buf` holds the `n` legal actions at `st` when the caller knows them (n <
    0: it does not)."""
    cdef int d = 0
    cdef int32_t a
    if n < 0:
        n = legal_actions(st, cx, buf)
    while n > 0:
        # the depth cap; and every 256 decisions the search's stop and time limit, which a
        # rollout to the end of a long match could outlast: cut there, it is scored as at the
        # depth cap and the search ends with its iteration (docs/search.md)
        if (cap >= 0 and d >= cap) or ((d & 255) == 255 and _stopped(p)):
            decisions[0] += d
            return _cutoff(st, cx, p)
        if n == 1:
            a = buf[0]
        elif p.greedy_pm > 0 and sm_below(rng, 1000) < p.greedy_pm:
            a = greedy_choice(st, cx, rng)
        else:
            a = buf[sm_below(rng, <unsigned int>n)]
        n = apply_listing(st, cx, a, buf)
        d += 1
    decisions[0] += d
    if st.outcome == OUT_WIN:
        return 1.0
    if st.outcome == OUT_TIMEOUT:          # undecided, like a rollout cut at the depth cap
        return _cutoff(st, cx, p)
    if p.shaped:
        return 0.3 * _damage_dealt(st)     # a loss still tells how far the rollout got
    return 0.0
