# Whole runs played natively (rules U01-U21): the run policies' choices out of a fight, and the
# loop that plays a run to its end with no Python in it. Included by playout.pyx, beside the
# match policies it uses in fights.
#
# The greedy policy out of a fight is a fixed heuristic (run_policies.py tells it in words):
# the first heroes offered; the next node by a preference of kinds (a Sanctum first when the
# party is hurt); a reward's first card; the cheapest item a shop sells, until none; at a site
# or an event, each option tried on a copy whose hidden draws are re-sampled (the policy never
# sees the run's future) and the best by `run_value`.

# where greedy travels, most wanted first, by RN_* (a hurt party puts the Sanctum first)
cdef int[7] PATH_ORDER = [RN_FIGHT, RN_EVENT, RN_SHOP, RN_FORGE, RN_SANCTUM, RN_ELITE, RN_BOSS]
# a party is hurt below this share of its living heroes' max hp
cdef double HURT = 0.5


cdef double hp_share(const RunState* rs) noexcept nogil:
    """The living heroes' hp as a share of their max hp (0 when none lives)."""
    cdef int i, hp = 0, mx = 0
    for i in range(rs.n_party):
        if rs.party[i].alive:
            hp += rs.party[i].hp
            mx += rs.party[i].max_hp
    return hp / <double>mx if mx > 0 else 0.0


cdef double run_value(const RunState* rs, const RunTables* rt) noexcept nogil:
    """How good a run's position looks to greedy: living heroes and their hp first, then
    upgraded cards, Relics, Ambition and aurorune. A won run is best, a lost one worst."""
    cdef int i, living = 0, ambition = 0, upgraded = 0
    if rs.phase == RP_OVER:
        return 1e9 if rs.outcome == OUT_WIN else -1e9
    for i in range(rs.n_party):
        if rs.party[i].alive:
            living += 1
            ambition += rs.party[i].ambition
    for i in range(rs.n_deck):
        upgraded += rt.cards[rs.deck[i]].is_upgrade != 0
    return (1000.0 * living + 100.0 * hp_share(rs) + 3.0 * upgraded + 5.0 * rs.n_relics
            + ambition + rs.aurorune / 100.0)


cdef int _path_rank(const RunState* rs, int hurt, int32_t a) noexcept nogil:
    cdef int node = rs.nodes[(rs.floor + 1) * MAP_WIDTH + a_src(a)], r, k = 0
    if hurt:
        if node == RN_SANCTUM:
            return 0
        k = 1
    for r in range(7):
        if PATH_ORDER[r] == RN_SANCTUM and hurt:
            continue
        if PATH_ORDER[r] == node:
            return k
        k += 1
    return k


cdef int32_t _greedy_path(const RunState* rs, const int32_t* buf, int n) noexcept nogil:
    """The next node by PATH_ORDER; ties by the leftmost column (the list's order)."""
    cdef int hurt = hp_share(rs) < HURT, i, r, best = 0, br = 1 << 20
    for i in range(n):
        r = _path_rank(rs, hurt, buf[i])
        if r < br:
            br = r
            best = i
    return buf[best]


cdef int32_t _greedy_shop(const RunState* rs, const int32_t* buf, int n) noexcept nogil:
    """The cheapest item it can pay for (ties: the first in the stock), else leave."""
    cdef int i, best = -1, bp = 1 << 20, p
    for i in range(n):
        if a_kind(buf[i]) == A_TAKE:
            p = rs.price[a_src(buf[i])]
            if p < bp:
                bp = p
                best = i
    if best >= 0:
        return buf[best]
    for i in range(n):
        if a_kind(buf[i]) == A_LEAVE:
            return buf[i]
    return buf[0]


cdef int32_t _greedy_scene(const RunState* rs, const RunTables* rt, Ctx* cx, const int32_t* buf,
                           int n, uint64_t* rng) noexcept nogil:
    """Each option on a determinized copy (U18: drawn from the policy's stream, never the
    run's); the best result by run_value, ties by the first listed."""
    cdef RunState tmp
    cdef Event* ev = cx.ev
    cdef int i, best = 0
    cdef double v, bv = -1e18
    cx.ev = NULL
    for i in range(n):
        memcpy(&tmp, rs, sizeof(RunState))
        run_determinize(&tmp, rng)
        run_apply(&tmp, rt, cx, buf[i])
        v = run_value(&tmp, rt)
        if v > bv + TIE_EPS:
            bv = v
            best = i
    cx.ev = ev
    return buf[best]


cdef int32_t run_choice(RunState* rs, const RunTables* rt, Ctx* cx, int policy, uint64_t* rng,
                        int32_t* buf) noexcept nogil:
    """The action a native run policy takes now (-1: none is legal, the run is over). In a
    fight: the match policy; out of one, uniform over the legal actions (random) or the
    heuristic above (greedy). `buf`: room for MAX_ACTIONS codes."""
    cdef int n
    if rs.phase == RP_FIGHT and policy == POLICY_GREEDY:
        return greedy_choice(&rs.match, cx, rng)
    n = run_legal(rs, rt, cx, buf)
    if n <= 1:
        return buf[0] if n == 1 else -1
    if policy == POLICY_RANDOM:
        return buf[sm_below(rng, <unsigned int>n)]
    if rs.phase == RP_PATH:
        return _greedy_path(rs, buf, n)
    if rs.phase == RP_REWARD:
        return buf[0]       # the first card offered (leave is listed last)
    if rs.phase == RP_SHOP:
        return _greedy_shop(rs, buf, n)
    if rs.phase == RP_SITE or rs.phase == RP_EVENT:
        return _greedy_scene(rs, rt, cx, buf, n, rng)
    return buf[0]


cdef int play_run(RunState* rs, const RunTables* rt, Ctx* cx, int policy, uint64_t* rng,
                  int cap, const int* stop, int32_t* rec) noexcept nogil:
    """Play a native run policy for up to `cap` decisions (in fights and out), or until `stop`
    is set (read at every decision); each action code goes to `rec` unless it is NULL.
    Returns the decisions made."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int32_t a
    cdef int d = 0, n
    while d < cap and rs.phase != RP_OVER and stop[0] == 0:
        if rs.phase == RP_FIGHT and policy == POLICY_RANDOM:
            # a fight's steps hand back the next list (run_fight_listing), as match playouts do
            n = legal_actions(&rs.match, cx, buf)
            while n > 0 and d < cap and stop[0] == 0:
                a = buf[sm_below(rng, <unsigned int>n)] if n > 1 else buf[0]
                if rec != NULL:
                    rec[d] = a
                d += 1
                n = run_fight_listing(rs, rt, cx, a, buf)
            if n == 0:
                break       # a fight with no legal action and no end: never so by X02
            continue
        a = run_choice(rs, rt, cx, policy, rng, buf)
        if a < 0:
            break
        if rec != NULL:
            rec[d] = a
        run_apply(rs, rt, cx, a)
        d += 1
    return d
