"""The run's rules (rules U01-U21): the roguelike around the matches, in C.

A run is one flat RunState: the party, the deck, the Relics, the act's map, the purse, what it
waits for, the run's own streams, and the current fight's match State inside it. Its decisions
out of a fight are action codes like a match's (eve.encoding; the run's own action kinds),
listed by `run_legal` and applied by `run_apply`; inside a fight they are the match's. The map
and the nodes are in runs_map.pxi, run programs and options in runs_programs.pxi.
"""
from libc.stdint cimport int16_t, int32_t, uint64_t, uint32_t
from libc.string cimport memset

from eve.core.defs cimport *
from eve.core.run_defs cimport RunTables, RunState, RunHero
from eve.core.rng cimport stream_seed, sm_next, sm_below, hash_bytes
from eve.core.rules cimport (setup_fight, begin, legal_actions, check_action, apply_action,
                             apply_listing, state_hash)
from eve.core.search_hidden cimport determinize as determinize_state
from eve.core.codec cimport make_action, a_kind, a_src, a_tgt, a_lane
from eve.core.events cimport emit

include "runs_map.pxi"
include "runs_programs.pxi"


cdef inline int _clamp(int v, int lo, int hi) noexcept nogil:
    return lo if v < lo else (hi if v > hi else v)


cdef inline int _ambition(int v, int n, int cap) noexcept nogil:
    """Ambition `v` moved by `n`: a gain stops at the run's cap (a hero who starts above it
    keeps what it has), a loss at the rating bound."""
    if n > 0:
        return v if v >= cap else (cap if v + n > cap else v + n)
    return _clamp(v + n, -RATING_LIMIT, RATING_LIMIT)


cdef void _event(RunState* rs, Ctx* cx, int kind, int a, int b, int c, int d) noexcept nogil:
    emit(cx, kind, PLAYER, a, b, c, d)


cdef int _living(const RunState* rs) noexcept nogil:
    cdef int i, n = 0
    for i in range(rs.n_party):
        n += rs.party[i].alive != 0
    return n


# ---------------------------------------------------------------- the start (U02)

cdef void _recruit(RunState* rs, const RunTables* rt, Ctx* cx, int hero) noexcept nogil:
    cdef RunHero* h = &rs.party[rs.n_party]
    cdef const HeroDef* hd = &cx.tb.heroes[hero]
    h.hero = hero
    h.alive = 1
    h.hp = hd.max_hp
    h.max_hp = hd.max_hp
    h.ambition = hd.ambition
    h.morality = hd.morality
    h.slot = -1
    rs.n_party += 1
    _event(rs, cx, EV_RUN_HERO, rs.n_party - 1, h.hp, h.ambition, h.morality)


cdef void _begin_run(RunState* rs, const RunTables* rt, Ctx* cx) noexcept nogil:
    """The party is complete: the deck is its heroes' starting cards (U07), then act 1."""
    cdef int i, j, hero
    for i in range(rs.n_party):
        hero = rs.party[i].hero
        for j in range(cx.tb.heroes[hero].n_start):
            if rs.n_deck < rt.cfg.deck_cap:
                rs.deck[rs.n_deck] = cx.tb.heroes[hero].start_cards[j]
                rs.n_deck += 1
    start_act(rs, rt, cx, 0)


cdef void run_setup(RunState* rs, const RunTables* rt, Ctx* cx, uint64_t seed,
                    const int16_t* party, int n_party) noexcept nogil:
    """A new run of `seed`: its streams (U01), its purse; with a party given, its heroes and
    the first act's map, else a party choice pending (U02)."""
    cdef int i
    memset(rs, 0, sizeof(RunState))
    rs.rng[RS_MAP] = stream_seed(seed, b"run_map")
    rs.rng[RS_REWARDS] = stream_seed(seed, b"run_rewards")
    rs.rng[RS_SHOP] = stream_seed(seed, b"run_shop")
    rs.rng[RS_EVENTS] = stream_seed(seed, b"run_events")
    rs.rng[RS_ENCOUNTERS] = stream_seed(seed, b"run_encounters")
    rs.aurorune = rt.cfg.aurorune
    rs.enc = -1
    rs.site = -1
    rs.chosen = -1
    rs.floor = -1
    rs.col = -1
    rs.outcome = OUT_NONE
    for i in range(MAX_HERO_SLOTS):
        rs.party[i].slot = -1
    if n_party > 0:
        for i in range(n_party):
            _recruit(rs, rt, cx, party[i])
        _begin_run(rs, rt, cx)
    else:
        rs.phase = RP_PARTY


# ---------------------------------------------------------------- the end (U05)

cdef void _clear_scene(RunState* rs) noexcept nogil:
    """Forget what the node put on the table (offer, prices, its site or event, a removal
    bought): two equal positions then have equal bytes and hash equal, however reached."""
    rs.n_offer = 0
    memset(rs.offer, 0, sizeof(rs.offer))
    memset(rs.price, 0, sizeof(rs.price))
    rs.site = -1
    rs.chosen = -1
    rs.removed_here = 0


cdef void _to_path(RunState* rs) noexcept nogil:
    _clear_scene(rs)
    rs.phase = RP_PATH


cdef void _end_run(RunState* rs, Ctx* cx, int outcome) noexcept nogil:
    rs.outcome = outcome
    rs.phase = RP_OVER
    _clear_scene(rs)
    _event(rs, cx, EV_RUN_OUTCOME, outcome, rs.act + 1, rs.floor + 1, 0)


# ---------------------------------------------------------------- fights (U03, U04, U07)

cdef void _start_fight(RunState* rs, const RunTables* rt, Ctx* cx, int enc) noexcept nogil:
    """A fight of the party's living heroes, with their ratings (U03) and the deck shuffled
    into a new Archive, the Relics on the Lattice (U07); its seed drawn from the run's
    `encounters` stream."""
    cdef int16_t heroes[MAX_HERO_SLOTS]
    cdef int16_t ratings[4 * MAX_HERO_SLOTS]
    cdef int16_t deck[MAX_CARDS]
    cdef int i, n = 0, nd = 0
    cdef uint64_t seed = sm_next(&rs.rng[RS_ENCOUNTERS])
    for i in range(rs.n_party):
        rs.party[i].slot = -1
        if rs.party[i].alive:
            heroes[n] = rs.party[i].hero
            ratings[4 * n] = rs.party[i].hp
            ratings[4 * n + 1] = rs.party[i].max_hp
            ratings[4 * n + 2] = rs.party[i].ambition
            ratings[4 * n + 3] = rs.party[i].morality
            rs.party[i].slot = n
            n += 1
    for i in range(rs.n_deck):
        deck[nd] = rs.deck[i]; nd += 1
    for i in range(rs.n_relics):
        if nd < MAX_CARDS:
            deck[nd] = rs.relics[i]; nd += 1
    rs.enc = enc
    rs.support_plays = 0
    rs.attacks = 0
    rs.phase = RP_FIGHT
    setup_fight(&rs.match, cx, seed, heroes, n, enc, deck, nd, nd - rs.n_deck, ratings)
    begin(&rs.match, cx)
    if rs.match.outcome != OUT_NONE:
        _end_fight(rs, rt, cx)


cdef void _drift(RunState* rs, const RunTables* rt, RunHero* h) noexcept nogil:
    """U15: a surviving hero's Morality moves toward the party's play this fight: up when it
    made more support plays than attacks, down for the reverse, by at most its drift rate."""
    cdef int rate = rt.heroes[h.hero].drift if h.hero < rt.n_heroes else rt.cfg.drift
    cdef int diff = rs.support_plays - rs.attacks
    if diff > rate:
        diff = rate
    if diff < -rate:
        diff = -rate
    h.morality = _clamp(h.morality + diff, -RATING_LIMIT, RATING_LIMIT)


cdef void _end_fight(RunState* rs, const RunTables* rt, Ctx* cx) noexcept nogil:
    """The fight is over: the party takes back its heroes' hp, a fallen hero leaves it for the
    rest of the run (U04), ratings drift (U15); a win gives the node's reward (U10), a loss of
    every hero ends the run (U05), a timeout is no win: no reward, and a boss not beaten ends
    the run (U21)."""
    cdef int i, outcome = rs.match.outcome, node = rs.node
    cdef RunHero* h
    cdef const Unit* u
    for i in range(rs.n_party):
        h = &rs.party[i]
        if not h.alive or h.slot < 0:
            continue
        u = &rs.match.units[h.slot]
        if not u.alive or u.hp <= 0:
            h.alive = 0
            h.hp = 0
            _event(rs, cx, EV_RUN_FELL, i, h.hero, 0, 0)
        else:
            h.hp = _clamp(u.hp, 1, h.max_hp)
            _drift(rs, rt, h)
            _event(rs, cx, EV_RUN_HERO, i, h.hp, h.ambition, h.morality)
        h.slot = -1
    memset(&rs.match, 0, sizeof(State))
    rs.enc = -1
    rs.support_plays = 0
    rs.attacks = 0
    if _living(rs) == 0 or outcome == OUT_LOSS:
        _end_run(rs, cx, OUT_LOSS)
        return
    if outcome != OUT_WIN:
        if node == RN_BOSS:
            _end_run(rs, cx, OUT_LOSS)
        else:
            _to_path(rs)
        return
    rs.fights_won += 1
    give_reward(rs, rt, cx, node)
    fire_relics(rs, rt, cx, RE_FIGHT_WON)
    rs.after_boss = node == RN_BOSS
    if rs.n_offer == 0:
        _after_reward(rs, rt, cx)


cdef void _after_reward(RunState* rs, const RunTables* rt, Ctx* cx) noexcept nogil:
    """A reward taken: on up the map, or after a boss to the next act, or the run is won."""
    _clear_scene(rs)
    if rs.after_boss:
        rs.after_boss = 0
        if rs.act + 1 >= rt.n_acts:
            _end_run(rs, cx, OUT_WIN)
        else:
            start_act(rs, rt, cx, rs.act + 1)
            fire_relics(rs, rt, cx, RE_ACT_START)
    else:
        _to_path(rs)


# ---------------------------------------------------------------- listing and acting (U17)

cdef int _list_options(const RunState* rs, const RunTables* rt, int first, int n,
                       int32_t* out, int k) noexcept nogil:
    """The option actions of an event or a site: one per option and pick (a living hero, a
    deck card) the option asks for."""
    cdef int i, j, opt, target
    for i in range(n):
        opt = first + i
        if not option_legal(rs, rt, opt):
            continue
        target = rt.options[opt].target
        if target == RT_HERO:
            for j in range(rs.n_party):
                if rs.party[j].alive:
                    out[k] = make_action(A_OPTION, i, j, 0); k += 1
        elif target == RT_CARD or target == RT_UPGRADABLE:
            for j in range(rs.n_deck):
                if target == RT_CARD or is_upgradable(rt, rs.deck[j]):
                    out[k] = make_action(A_OPTION, i, j, 0); k += 1
        else:
            out[k] = make_action(A_OPTION, i, 0, 0); k += 1
    return k


cdef int run_legal(RunState* rs, const RunTables* rt, Ctx* cx, int32_t* out) noexcept nogil:
    """Every legal action of the run now, in a fixed order; none once it is over."""
    cdef int k = 0, i, j, c, f
    cdef bint taken
    if rs.phase == RP_OVER:
        return 0
    if rs.phase == RP_FIGHT:
        return legal_actions(&rs.match, cx, out)
    if rs.phase == RP_PARTY:
        for i in range(rt.n_player_heroes):
            taken = False
            for j in range(rs.n_party):
                taken = taken or rs.party[j].hero == i
            if not taken:
                out[k] = make_action(A_RECRUIT, i, 0, 0); k += 1
        return k
    if rs.phase == RP_PATH:
        f = rs.floor + 1
        for c in range(MAP_WIDTH):
            if rs.nodes[f * MAP_WIDTH + c] and (
                    rs.floor < 0 or rs.edges[rs.floor * MAP_WIDTH + rs.col] & (1 << c)):
                out[k] = make_action(A_TRAVEL, c, 0, 0); k += 1
        return k
    if rs.phase == RP_REWARD:
        for i in range(rs.n_offer):
            if rs.offer[i] >= 0 and rs.n_deck < rt.cfg.deck_cap:
                out[k] = make_action(A_TAKE, i, 0, 0); k += 1
        out[k] = make_action(A_LEAVE, 0, 0, 0); k += 1
        return k
    if rs.phase == RP_SHOP:
        for i in range(rs.n_offer):
            if shop_can_buy(rs, rt, cx, i):
                out[k] = make_action(A_TAKE, i, 0, 0); k += 1
        if not rs.removed_here and rs.aurorune >= removal_price(rs, rt) and rs.n_deck > 1:
            for j in range(rs.n_deck):
                out[k] = make_action(A_REMOVE, j, 0, 0); k += 1
        out[k] = make_action(A_LEAVE, 0, 0, 0); k += 1
        return k
    if rs.phase == RP_SITE:
        k = _list_options(rs, rt, rt.sites[rs.site].first_opt, rt.sites[rs.site].n_opts, out, 0)
    elif rs.phase == RP_EVENT:
        k = _list_options(rs, rt, rt.events[rs.site].first_opt, rt.events[rs.site].n_opts, out, 0)
    if k == 0:          # a node whose every option is closed: the party moves on
        out[k] = make_action(A_LEAVE, 0, 0, 0); k += 1
    return k


cdef int run_check(RunState* rs, const RunTables* rt, Ctx* cx, int32_t a) noexcept nogil:
    """0 when `a` is legal now, else a refusal code (R_*)."""
    # the most a run lists out of a fight: an event's options, each on any deck card
    cdef int32_t buf[MAX_RUN_OPTS * MAX_CARDS + MAX_OFFER + MAX_CARDS + 8]
    cdef int n, i
    if rs.phase == RP_OVER:
        return R_OVER
    if rs.phase == RP_FIGHT:
        if a_kind(a) >= A_RECRUIT:
            return R_MALFORMED
        return check_action(&rs.match, cx, a)
    if a_kind(a) < A_RECRUIT:
        return R_MALFORMED
    n = run_legal(rs, rt, cx, buf)
    for i in range(n):
        if buf[i] == a:
            return R_OK
    return R_BAD_SOURCE


cdef inline void _count_play(RunState* rs, Ctx* cx, int32_t a) noexcept nogil:
    """U15's tally of the fight's support plays and attacks."""
    cdef int kind = a_kind(a)
    if kind == A_PLAY:
        if cx.tb.cards[rs.match.card_def[a_src(a)]].kind != CK_CHARACTER:
            rs.support_plays += 1
    elif kind == A_ATTACK:
        rs.attacks += 1


cdef int run_fight_listing(RunState* rs, const RunTables* rt, Ctx* cx, int32_t a,
                           int32_t* out) noexcept nogil:
    """run_apply of a legal action in a fight that hands back the fight's next legal actions
    (apply_listing: no list is built twice), or -1 once the fight is over and the run has
    moved on."""
    cdef int n
    _count_play(rs, cx, a)
    n = apply_listing(&rs.match, cx, a, out)
    if rs.match.outcome != OUT_NONE:
        _end_fight(rs, rt, cx)
        return -1
    return n


cdef void run_apply(RunState* rs, const RunTables* rt, Ctx* cx, int32_t a) noexcept nogil:
    """Apply a legal action (run_check said 0) and go on to the run's next decision."""
    cdef int kind = a_kind(a), i = a_src(a), j = a_tgt(a), opt
    if rs.phase == RP_FIGHT:
        _count_play(rs, cx, a)
        apply_action(&rs.match, cx, a)
        if rs.match.outcome != OUT_NONE:
            _end_fight(rs, rt, cx)
        return
    if kind == A_RECRUIT:
        _recruit(rs, rt, cx, i)
        if rs.n_party >= rt.cfg.party:
            _begin_run(rs, rt, cx)
    elif kind == A_TRAVEL:
        enter_node(rs, rt, cx, rs.floor + 1, i)
        if rs.phase == RP_FIGHT and rs.match.outcome != OUT_NONE:
            _end_fight(rs, rt, cx)
    elif kind == A_TAKE:
        if rs.phase == RP_REWARD:
            add_card(rs, rt, cx, rs.offer[i])
            rs.offer[i] = -1
            _after_reward(rs, rt, cx)
        else:
            shop_buy(rs, rt, cx, i)
    elif kind == A_REMOVE:
        rs.aurorune -= removal_price(rs, rt)
        _event(rs, cx, EV_RUN_AURORUNE, -removal_price(rs, rt), rs.aurorune, 0, 0)
        rs.removals += 1
        rs.removed_here = 1
        remove_card(rs, cx, i)
    elif kind == A_OPTION:
        if rs.phase == RP_SITE:
            opt = rt.sites[rs.site].first_opt + i
        else:
            opt = rt.events[rs.site].first_opt + i
        take_option(rs, rt, cx, opt, j)
        if rs.outcome == OUT_NONE:
            _to_path(rs)
        else:
            rs.phase = RP_OVER
            _clear_scene(rs)
    elif kind == A_LEAVE:
        if rs.phase == RP_REWARD:
            _after_reward(rs, rt, cx)
        else:
            _to_path(rs)
    if rs.phase == RP_PATH and rs.floor >= rt.acts[rs.act].floors:
        # the boss floor was the last: nothing is left of this act's map (never reached:
        # a boss's fight ends in a reward or the run's end)
        _end_run(rs, cx, OUT_LOSS)


# ---------------------------------------------------------------- hash and hidden information

cdef uint64_t run_hash(const RunState* rs) noexcept nogil:
    """A 64-bit hash of the run's bytes, its fight's included (the struct is zeroed when made
    and has no interior padding)."""
    return hash_bytes(state_hash(&rs.match), <const unsigned char*>rs,
                      sizeof(RunState) - sizeof(State))


cdef void run_determinize(RunState* rs, uint64_t* rng) noexcept nogil:
    """U18: what the player cannot see of the run drawn anew: the streams of future maps,
    rewards, stock, events and fights, and in a fight its Archive and streams as a match's
    determinization draws them (the map of this act, the offers on the table and what the
    party holds stay)."""
    cdef int s
    for s in range(N_RUN_STREAMS):
        rs.rng[s] = sm_next(rng)
    if rs.phase == RP_FIGHT:
        determinize_state(&rs.match, rng)
