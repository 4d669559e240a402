"""The round: phases, priority and the Stack, the Action Meter, combat, legal actions, apply.

One `apply_action` path serves the Python API, native playouts and search alike. After every
action `advance` runs the game forward (the Encounter's moves and responses, automatic phase
steps, auto-advance and auto-pass) until the player must decide or the match is over.
"""
from libc.string cimport memset, memcpy
cimport cython
from libc.stdint cimport int32_t, uint64_t

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport emit
from eve.core.rng cimport sm_mix, sm_shuffle16, stream_seed
from eve.core.zones cimport move_card, draw_one
from eve.core.effects cimport (grants_update, leader_of, deal_damage, unit_power, status_turn, fire_event, entered,
                               drawn, summon_unit, task_progress, fire_triggers,
                               run_program, target_ok, enum_targets, check_outcome, ally_power_bonus,
                               first_empty_lane, eval_expr, choice_choose, card_resolved,
                               match_ended)
from eve.core.encounter cimport compute_intent, next_move, respond, taunt_defender
from eve.core.codec cimport (unit_side, is_hero, new_uid, make_action, a_kind, a_src, a_tgt,
                             a_lane)


@cython.overflowcheck(False)
cdef uint64_t state_hash(const State* st) noexcept nogil:
    """A 64-bit hash of the state's bytes (the struct has no interior padding and is zeroed
    when made, so equal states have equal bytes)."""
    cdef const unsigned char* p = <const unsigned char*>st
    cdef size_t n = sizeof(State), i
    cdef uint64_t h = <uint64_t>0x84222325CBF29CE4ULL, w = 0     # w: set by memcpy
    i = 0
    while i + 8 <= n:
        memcpy(&w, p + i, 8)
        h = sm_mix(h ^ w) + <uint64_t>0x9E3779B97F4A7C15ULL
        i += 8
    while i < n:
        h = sm_mix(h ^ p[i])
        i += 1
    return h


# ---------------- setup ----------------

cdef void _place_hero(State* st, Ctx* cx, int side, int slot, int hdef) noexcept nogil:
    cdef const HeroDef* hd = &cx.tb.heroes[hdef]
    cdef Unit* h = &st.units[side * UNITS_PER_SIDE + slot]
    memset(h, 0, sizeof(Unit))
    h.def_id = hdef
    h.card = -1
    h.alive = 1
    h.hp = hd.max_hp
    h.max_hp = hd.max_hp
    h.power = hd.power
    h.ambition = hd.ambition
    h.morality = hd.morality
    h.uid = new_uid(st)


cdef void setup_match(State* st, Ctx* cx, uint64_t seed, const int16_t* heroes, int n_heroes,
                      int enc, const int16_t* deck, int n_deck) noexcept nogil:
    """A new match before its first Beginning: heroes, the shuffled Archive (the union of the
    heroes' starting cards unless a deck is given), the Encounter's roster, setup summons,
    tasks and first intent, and the opening hand. Call `begin` to start the first turn."""
    cdef const Tables* tb = cx.tb
    cdef const EncDef* e = &tb.encs[enc]
    cdef int i, j, c, u
    memset(st, 0, sizeof(State))
    st.rng[STREAM_SHUFFLE] = stream_seed(seed, b"shuffle")
    st.rng[STREAM_ENCOUNTER] = stream_seed(seed, b"encounter")
    for u in range(MAX_UNITS):
        st.units[u].def_id = -1
        st.units[u].card = -1
    st.n_hero_slots[PLAYER] = n_heroes
    for i in range(n_heroes):
        _place_hero(st, cx, PLAYER, i, heroes[i])
    st.n_hero_slots[ENCOUNTER] = e.n_roster
    for i in range(e.n_roster):
        _place_hero(st, cx, ENCOUNTER, i, e.roster[i])
    # the deck
    c = 0
    if n_deck >= 0:
        for i in range(n_deck):
            if c < MAX_CARDS:
                st.card_def[c] = deck[i]; c += 1
    else:
        for i in range(n_heroes):
            for j in range(tb.heroes[heroes[i]].n_start):
                if c < MAX_CARDS:
                    st.card_def[c] = tb.heroes[heroes[i]].start_cards[j]; c += 1
    st.n_cards = c
    for i in range(c):
        st.card_zone[i] = Z_ARCHIVE
        st.zones[Z_ARCHIVE].c[i] = i
    st.zones[Z_ARCHIVE].n = c
    sm_shuffle16(&st.rng[STREAM_SHUFFLE], st.zones[Z_ARCHIVE].c, c)
    # the Encounter
    st.foe.enc = enc
    st.foe.initiative = e.initiative
    for i in range(e.n_resp):
        st.foe.resp_charges[i] = e.resp[i].charges
    st.foe.part = -1
    st.foe.last_move = -1
    for i in range(e.n_vars):
        st.foe.vars[i] = e.var_init[i]
    for i in range(e.n_setup):
        summon_unit(st, cx, ENCOUNTER, e.setup_units[i], i)
    for i in range(e.n_tasks):
        st.tasks[i].def_id = e.tasks[i]
        st.tasks[i].active = 1
    st.round = 1
    if tb.n_auras:
        grants_update(st, cx)           # A03: the heroes' auras hold from the start
    compute_intent(st, cx)
    for i in range(tb.cfg.opening_hand):
        draw_one(st, cx)
    st.active = PLAYER
    st.phase = PH_BEGINNING


cdef void begin(State* st, Ctx* cx) noexcept nogil:
    # match_start triggers: each side's, the player's first (rule E19); the match's start and
    # what the game runs on its own up to the first decision are one step (B01)
    new_step(cx)
    fire_event(st, cx, TR_MATCH_START, PLAYER, -1, 0, -1, 0, 0, True)
    fire_event(st, cx, TR_MATCH_START, ENCOUNTER, -1, 0, -1, 0, 0, True)
    advance(st, cx)


# ---------------- the meter ----------------

cdef void seed_meter(State* st, Ctx* cx) noexcept nogil:
    """Beginning: capacity = max(floor, base + ambition) of the leader-else-first-living hero,
    floor = the cheapest cost of a category that hero can always use itself (M02: Attack, and
    ActivateAbility when it has an ability), so it acts at least once whatever the hand holds;
    costs biased by its morality. No carryover."""
    cdef const Config* cfg = &cx.tb.cfg
    cdef int u = leader_of(st, PLAYER), k, floor_cost, cap, amb = 0, mor = 0
    if u >= 0:
        amb = st.units[u].ambition
        mor = st.units[u].morality
    for k in range(N_CATS):
        st.meter.cost[k] = cfg.cost[k]
    if mor >= cfg.morality_high:
        st.meter.cost[CAT_PLAY_SUPPORT] -= cfg.support_discount
    if mor <= cfg.morality_low:
        st.meter.cost[CAT_ATTACK] -= cfg.attack_discount
    for k in range(N_CATS):
        if st.meter.cost[k] < 0:
            st.meter.cost[k] = 0
    floor_cost = st.meter.cost[CAT_ATTACK]          # every living hero may attack once (S05)
    if u >= 0 and cx.tb.heroes[st.units[u].def_id].ability_prog >= 0 \
            and st.meter.cost[CAT_ACTIVATE] < floor_cost:
        floor_cost = st.meter.cost[CAT_ACTIVATE]
    cap = cfg.meter_base + amb
    st.meter.capacity = cap if cap > floor_cost else floor_cost
    st.meter.spent = 0
    st.meter.regen = 0
    emit(cx, EV_METER, PLAYER, st.meter.capacity, 0, 0, 0)


cdef inline int _category(const State* st, const Tables* tb, int32_t a) noexcept nogil:
    cdef int k = a_kind(a)
    if k == A_PLAY:
        return CAT_DEPLOY if tb.cards[st.card_def[a_src(a)]].kind == CK_CHARACTER else CAT_PLAY_SUPPORT
    if k == A_ACTIVATE:
        return CAT_ACTIVATE
    if k == A_ATTACK:
        return CAT_ATTACK
    return -1


cdef int action_cost(const State* st, Ctx* cx, int32_t a) noexcept nogil:
    """What committing `a` debits: its category cost when proactive, 0 for responses."""
    cdef int cat
    if st.n_stack > 0:
        return 0
    cat = _category(st, cx.tb, a)
    return st.meter.cost[cat] if cat >= 0 else 0


# ---------------- legality ----------------

cdef inline bint _window(const State* st) noexcept nogil:
    return st.n_stack > 0 and st.priority == PLAYER


cdef inline bint _proactive(const State* st) noexcept nogil:
    return st.n_stack == 0 and st.active == PLAYER and (st.phase == PH_MAIN or st.phase == PH_COMBAT)


cdef int _ability_of(const State* st, const Tables* tb, int src, int* prog, int* spec, int* reaction) noexcept nogil:
    """The activated ability of a source (a player unit id, or TGT_CARD_BASE + a Lattice card)."""
    cdef int c, d
    cdef const Unit* u
    if src < MAX_UNITS:
        if unit_side(src) != PLAYER:
            return R_BAD_SOURCE
        u = &st.units[src]
        if not u.alive:
            return R_BAD_SOURCE
        if is_hero(src):
            prog[0] = tb.heroes[u.def_id].ability_prog
            spec[0] = tb.heroes[u.def_id].ability_target
            reaction[0] = tb.heroes[u.def_id].ability_reaction
        elif u.is_token:
            return R_NO_ABILITY
        else:
            prog[0] = tb.cards[u.def_id].ability_prog
            spec[0] = tb.cards[u.def_id].ability_target
            reaction[0] = tb.cards[u.def_id].ability_reaction
        if prog[0] < 0:
            return R_NO_ABILITY
        if u.used:
            return R_ALREADY_USED
        return R_OK
    c = src - TGT_CARD_BASE
    if c < 0 or c >= st.n_cards or st.card_zone[c] != Z_LATTICE:
        return R_BAD_SOURCE
    d = st.card_def[c]
    prog[0] = tb.cards[d].ability_prog
    spec[0] = tb.cards[d].ability_target
    reaction[0] = tb.cards[d].ability_reaction
    if prog[0] < 0 or tb.cards[d].kind != CK_SORTILEGE:
        return R_NO_ABILITY
    if st.card_charges[c] <= 0:
        return R_NO_CHARGES
    return R_OK


cdef int check_action(const State* st, Ctx* cx, int32_t a) noexcept nogil:
    """R_OK if `a` is legal now, else the reason. The one definition of legality."""
    cdef const Tables* tb = cx.tb
    cdef int kind = a_kind(a), src = a_src(a), tgt = a_tgt(a), lane = a_lane(a)
    cdef int r, prog = -1, spec = 0, reaction = 0, d, cost
    cdef bint window, proactive
    cdef const Unit* u
    if st.outcome != OUT_NONE:
        return R_OVER
    if a >= 0 and (kind == A_CHOOSE or st.choice.kind != CH_NONE):
        return _check_choice(st, cx.tb, a)
    if a < 0 or kind < A_PASS or kind > A_ATTACK:
        return R_MALFORMED
    window = _window(st)
    proactive = _proactive(st)
    if kind == A_PASS:
        if src or lane or tgt != 0:
            return R_MALFORMED
        return R_OK if window else R_NO_WINDOW
    if kind == A_END_PHASE:
        if src or lane or tgt != 0:
            return R_MALFORMED
        if proactive:
            return R_OK
        return R_STACK_BUSY if st.n_stack > 0 else R_NOT_YOUR_TURN
    if not window and not proactive:
        return R_NOT_YOUR_TURN
    if st.decisions >= tb.cfg.max_decisions_per_turn:
        return R_TURN_LIMIT           # only pass or end the phase remain: no turn runs forever (X02)
    if st.n_stack >= MAX_STACK:
        return R_STACK_FULL           # nothing more can be pushed: only pass remains
    if kind == A_PLAY:
        if src >= st.n_cards:
            return R_MALFORMED
        if st.card_zone[src] != Z_RIFT:
            return R_NOT_IN_RIFT
        d = st.card_def[src]
        reaction = tb.cards[d].keywords & KW_REACTION
        if window and not reaction:
            return R_NOT_REACTION
        if proactive and reaction:
            return R_REACTION_ONLY
        if proactive and st.phase != PH_MAIN:
            return R_WRONG_PHASE
        if tb.cards[d].kind == CK_CHARACTER:
            # a character's on-enter target, if it has one, is chosen with its lane (E20)
            if not target_ok(st, tb, tb.cards[d].play_target, PLAYER, tgt):
                return R_BAD_TARGET
            if lane >= tb.cfg.lanes:
                return R_BAD_LANE
            if st.units[CHAR_BASE + lane].alive:
                return R_LANE_OCCUPIED
        else:
            if lane != 0:
                return R_BAD_LANE
            if not target_ok(st, tb, tb.cards[d].play_target, PLAYER, tgt) or tgt == TGT_CARD_BASE + src:
                return R_BAD_TARGET       # a card never targets itself (it leaves the Rift)
        if not _play_cond_holds(st, tb, d, tgt):
            return R_PLAY_CONDITION
    elif kind == A_ACTIVATE:
        if lane != 0:
            return R_BAD_LANE
        r = _ability_of(st, tb, src, &prog, &spec, &reaction)
        if r != R_OK:
            return r
        if window and not reaction:
            return R_NOT_REACTION
        if proactive and reaction:
            return R_REACTION_ONLY
        if proactive and st.phase != PH_MAIN:
            return R_WRONG_PHASE
        if not target_ok(st, tb, spec, PLAYER, tgt):
            return R_BAD_TARGET
    else:  # A_ATTACK
        if window:
            return R_NOT_REACTION
        if st.phase != PH_COMBAT:
            return R_WRONG_PHASE
        if src >= MAX_UNITS or unit_side(src) != PLAYER or not st.units[src].alive:
            return R_BAD_SOURCE
        if tgt != TGT_NONE:
            return R_BAD_TARGET
        if lane >= tb.cfg.lanes:
            return R_BAD_LANE
        u = &st.units[src]
        if not is_hero(src) and not u.ready:
            return R_NOT_READY
        if u.attacked:
            return R_ALREADY_ATTACKED
    if proactive:
        cost = action_cost(st, cx, a)
        if st.meter.spent + cost > st.meter.capacity:
            return R_UNAFFORDABLE
    return R_OK


cdef int _check_choice(const State* st, const Tables* tb, int32_t a) noexcept nogil:
    """While a choice is pending its options are the only legal actions, and a `choose` is
    legal only then (C01): an option's index, or CHOICE_STOP for an `up_to` choice. A choice
    is a decision of the turn's (X02): once they are spent the engine makes it (C05)."""
    cdef int src = a_src(a)
    if st.choice.kind == CH_NONE:
        return R_NO_CHOICE
    if a_kind(a) != A_CHOOSE:
        return R_CHOICE_PENDING
    if a_tgt(a) != 0 or a_lane(a) != 0:
        return R_MALFORMED
    if st.decisions >= tb.cfg.max_decisions_per_turn:
        return R_TURN_LIMIT
    if src < st.choice.n_opts or (src == CHOICE_STOP and st.choice.up_to):
        return R_OK
    return R_BAD_SOURCE


cdef int _choice_actions(const State* st, int32_t* out, int limit) noexcept nogil:
    # the options in offer order, then the stop of an `up_to` choice (mirrors _check_choice)
    cdef int n = 0, i
    for i in range(st.choice.n_opts):
        n = _put(make_action(A_CHOOSE, i, 0, 0), out, n, limit)
    if st.choice.up_to:
        n = _put(make_action(A_CHOOSE, CHOICE_STOP, 0, 0), out, n, limit)
    return n


cdef inline int _put(int32_t a, int32_t* out, int n, int limit) noexcept nogil:
    # Generation emits only actions its structure already proves legal (the filters below
    # mirror check_action); tests/test_legality.py checks, by brute force over every action code,
    # that the generated list is exactly the set check_action accepts.
    if n < limit:
        out[n] = a
        return n + 1
    return n


cdef inline bint _could(const State* st, int reaction, int cat) noexcept nogil:
    # A cheap pre-filter before targets are enumerated (check_action stays the definition):
    # reactions only in a window and only there; proactive plays only if affordable.
    if st.n_stack > 0:
        return reaction != 0
    return reaction == 0 and st.meter.spent + st.meter.cost[cat] <= st.meter.capacity


ctypedef struct _Targets:
    # the targets of each unit spec, listed once per generation: most sources share a few specs
    int16_t n[T_ALLY_HERO + 1]              # -1: not listed yet
    int16_t tg[T_ALLY_HERO + 1][MAX_UNITS]


cdef inline void _targets_init(_Targets* memo) noexcept nogil:
    memset(memo.n, 255, sizeof(memo.n))


cdef inline int _targets(const State* st, const Tables* tb, int spec, _Targets* memo,
                         int16_t* buf, const int16_t** out) noexcept nogil:
    """enum_targets(spec) for the player: a unit spec's from the memo, the others into `buf`
    (room for 64); `out` is set to where they are."""
    if spec == T_NONE:
        buf[0] = TGT_NONE
        out[0] = buf
        return 1
    if 0 < spec <= T_ALLY_HERO:
        if memo.n[spec] < 0:
            memo.n[spec] = enum_targets(st, tb, spec, PLAYER, memo.tg[spec])
        out[0] = memo.tg[spec]
        return memo.n[spec]
    out[0] = buf
    return enum_targets(st, tb, spec, PLAYER, buf)


cdef inline int _activations(const State* st, const Tables* tb, int src, int spec, _Targets* memo,
                             int32_t* out, int n, int limit) noexcept nogil:
    cdef int16_t buf[64]
    cdef const int16_t* tg = NULL
    cdef int k, nt = _targets(st, tb, spec, memo, buf, &tg)
    for k in range(nt):
        n = _put(make_action(A_ACTIVATE, src, tg[k], 0), out, n, limit)
    return n


cdef int _abilities(const State* st, Ctx* cx, _Targets* memo, int32_t* out, int n,
                    int limit) noexcept nogil:
    """Activations: heroes in slot order, characters in lane order, Sortileges in Lattice order.
    The filters here are all of check_action's for an activation (_ability_of, the moment's
    kind of ability, its cost) but the target's: this runs at nearly every stop of the game."""
    cdef const Tables* tb = cx.tb
    cdef const Unit* u
    cdef const CardDef* cd
    cdef int i, c
    cdef bint window = st.n_stack > 0
    if not window and st.meter.spent + st.meter.cost[CAT_ACTIVATE] > st.meter.capacity:
        return n
    for i in range(st.n_hero_slots[PLAYER]):
        u = &st.units[i]
        if (u.alive and not u.used and tb.heroes[u.def_id].ability_prog >= 0
                and (tb.heroes[u.def_id].ability_reaction != 0) == window):
            if n >= limit:
                return n
            n = _activations(st, tb, i, tb.heroes[u.def_id].ability_target, memo, out, n, limit)
    for i in range(tb.cfg.lanes):
        u = &st.units[CHAR_BASE + i]
        if u.alive and not u.is_token and not u.used:
            cd = &tb.cards[u.def_id]
            if cd.ability_prog >= 0 and (cd.ability_reaction != 0) == window:
                if n >= limit:
                    return n
                n = _activations(st, tb, CHAR_BASE + i, cd.ability_target, memo, out, n, limit)
    for i in range(st.zones[Z_LATTICE].n):
        c = st.zones[Z_LATTICE].c[i]
        cd = &tb.cards[st.card_def[c]]
        if (cd.ability_prog >= 0 and cd.kind == CK_SORTILEGE and st.card_charges[c] > 0
                and (cd.ability_reaction != 0) == window):
            if n >= limit:
                return n
            n = _activations(st, tb, TGT_CARD_BASE + c, cd.ability_target, memo, out, n, limit)
    return n


cdef inline bint _play_cond_holds(const State* st, const Tables* tb, int d, int tgt) noexcept nogil:
    # a card's `play_if`, read for the player with the chosen target (E17)
    if tb.cards[d].play_cond < 0:
        return True
    return eval_expr(st, tb, tb.cards[d].play_cond, PLAYER, leader_of(st, PLAYER), tgt) != 0


cdef int _deploys_with_target(const State* st, const Tables* tb, int c, int d, _Targets* memo,
                              int32_t* out, int n, int limit) noexcept nogil:
    """A character whose on-enter effect takes a target: every (empty lane, target) pair, lanes
    outer (E20). Its targets are units (the compiler refuses the others), so the pairs stay
    within MAX_ACTIONS."""
    cdef int16_t buf[64]
    cdef const int16_t* tg = NULL
    cdef int k, lane, nt = _targets(st, tb, tb.cards[d].play_target, memo, buf, &tg)
    for lane in range(tb.cfg.lanes):
        if st.units[CHAR_BASE + lane].alive:
            continue
        for k in range(nt):
            if _play_cond_holds(st, tb, d, tg[k]):
                n = _put(make_action(A_PLAY, c, tg[k], lane), out, n, limit)
    return n


cdef int _plays(const State* st, Ctx* cx, _Targets* memo, int32_t* out, int n, int limit) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef int16_t buf[64]
    cdef const int16_t* tg = NULL
    cdef int i, k, nt, c, d, lane
    for i in range(st.zones[Z_RIFT].n):
        if n >= limit:
            break
        c = st.zones[Z_RIFT].c[i]
        d = st.card_def[c]
        if not _could(st, tb.cards[d].keywords & KW_REACTION,
                      CAT_DEPLOY if tb.cards[d].kind == CK_CHARACTER else CAT_PLAY_SUPPORT):
            continue
        if tb.cards[d].kind == CK_CHARACTER:
            if tb.cards[d].play_target != T_NONE:
                n = _deploys_with_target(st, tb, c, d, memo, out, n, limit)
                continue
            if not _play_cond_holds(st, tb, d, TGT_NONE):
                continue
            for lane in range(tb.cfg.lanes):
                if not st.units[CHAR_BASE + lane].alive:
                    n = _put(make_action(A_PLAY, c, TGT_NONE, lane), out, n, limit)
        else:
            nt = _targets(st, tb, tb.cards[d].play_target, memo, buf, &tg)
            for k in range(nt):
                if tg[k] != TGT_CARD_BASE + c and _play_cond_holds(st, tb, d, tg[k]):
                    n = _put(make_action(A_PLAY, c, tg[k], 0), out, n, limit)
    return n


cdef inline bint _may_react(const State* st, const Tables* tb) noexcept nogil:
    """False when nothing the player holds is a reaction, so that a window offers only the pass:
    the usual case, met at each item the Encounter puts on the Stack. A necessary condition
    only (_plays and _abilities decide). It looks only where the content has reactions at all
    (Tables.reactions), and without branches inside, whose outcomes here are unpredictable."""
    cdef int i, c, d, found = 0
    cdef const Unit* u
    if tb.reactions & RX_CARD:
        for i in range(st.zones[Z_RIFT].n):
            found |= tb.cards[st.card_def[st.zones[Z_RIFT].c[i]]].keywords & KW_REACTION
    if tb.reactions & RX_HERO:
        for i in range(st.n_hero_slots[PLAYER]):
            u = &st.units[i]
            d = u.def_id if u.def_id >= 0 else 0
            found |= (u.alive != 0) & (u.used == 0) & (tb.heroes[d].ability_reaction != 0)
    if tb.reactions & RX_CHARACTER:
        for i in range(tb.cfg.lanes):
            u = &st.units[CHAR_BASE + i]
            d = u.def_id if (u.def_id >= 0 and not u.is_token) else 0     # a token's is a unit def
            found |= ((u.alive != 0) & (u.is_token == 0) & (u.used == 0)
                      & (tb.cards[d].ability_reaction != 0))
    if tb.reactions & RX_LATTICE:
        for i in range(st.zones[Z_LATTICE].n):
            c = st.zones[Z_LATTICE].c[i]
            found |= (tb.cards[st.card_def[c]].ability_reaction != 0) & (st.card_charges[c] > 0)
    return found != 0


cdef int legal_actions(const State* st, Ctx* cx, int32_t* out) noexcept nogil:
    """Every legal action in a fixed order; none exactly when the match is over (at any state
    `advance` leaves, the player holds a decision: pass or end the phase is always there)."""
    return _generate(st, cx, out, MAX_ACTIONS)


cdef int _generate(const State* st, Ctx* cx, int32_t* out, int limit) noexcept nogil:
    # `limit` lets advance() ask only "is there more than one choice?"
    cdef const Tables* tb = cx.tb
    cdef _Targets memo
    cdef int n = 0, i, lane, u
    if st.outcome != OUT_NONE:
        return 0
    if st.choice.kind != CH_NONE:
        if st.decisions >= tb.cfg.max_decisions_per_turn:
            return 0                  # the engine chooses (_run): the turn's decisions are spent
        return _choice_actions(st, out, limit)
    if _window(st):
        out[0] = make_action(A_PASS, 0, 0, 0)
        n = 1
        if st.n_stack >= MAX_STACK or st.decisions >= tb.cfg.max_decisions_per_turn or not _may_react(st, tb):
            return n
        _targets_init(&memo)
        n = _plays(st, cx, &memo, out, n, limit)
        n = _abilities(st, cx, &memo, out, n, limit)
        return n
    if not _proactive(st):
        return 0
    out[0] = make_action(A_END_PHASE, 0, 0, 0)
    n = 1
    if st.decisions >= tb.cfg.max_decisions_per_turn:
        return n
    if st.phase == PH_MAIN:
        _targets_init(&memo)
        n = _plays(st, cx, &memo, out, n, limit)
        n = _abilities(st, cx, &memo, out, n, limit)
    elif st.meter.spent + st.meter.cost[CAT_ATTACK] <= st.meter.capacity:
        for i in range(st.n_hero_slots[PLAYER]):
            if st.units[i].alive and not st.units[i].attacked:
                for lane in range(tb.cfg.lanes):
                    n = _put(make_action(A_ATTACK, i, TGT_NONE, lane), out, n, limit)
        for i in range(tb.cfg.lanes):
            u = CHAR_BASE + i
            if st.units[u].alive and st.units[u].ready and not st.units[u].attacked:
                for lane in range(tb.cfg.lanes):
                    n = _put(make_action(A_ATTACK, u, TGT_NONE, lane), out, n, limit)
    return n


# ---------------- the Stack ----------------

cdef void _push(State* st, Ctx* cx, StackItem* it) noexcept nogil:
    memcpy(&st.stack[st.n_stack], it, sizeof(StackItem))
    emit(cx, EV_PUSH, it.side, it.kind, st.n_stack, it.card, it.target)
    st.n_stack += 1
    st.priority = 1 - it.side        # each push opens a window for the other side
    st.passes = 0


cdef bint _unit_still(const State* st, int u, int uid) noexcept nogil:
    return 0 <= u < MAX_UNITS and st.units[u].alive and st.units[u].uid == uid


cdef bint _target_alive(const State* st, const StackItem* it) noexcept nogil:
    """Is the chosen target still there? (A unit with the same identity, a live Stack item,
    a card still in its zone.)"""
    cdef int t = it.target, i
    if t == TGT_NONE:
        return True
    if t < MAX_UNITS:
        return _unit_still(st, t, it.target_uid)
    if t < TGT_CARD_BASE:
        i = t - TGT_STACK_BASE
        return 0 <= i < st.n_stack and not st.stack[i].dead
    i = t - TGT_CARD_BASE
    return 0 <= i < st.n_cards and st.card_zone[i] == it.target_zone


cdef void _fizzle(State* st, Ctx* cx, StackItem* it) noexcept nogil:
    emit(cx, EV_FIZZLE, it.side, it.kind, it.card, it.target, 0)
    if it.card >= 0:
        move_card(st, cx, it.card, Z_ABYSS, False)


cdef void _resolve_attack(State* st, Ctx* cx, StackItem* it) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef int foe = 1 - it.side, defender, power
    if not _unit_still(st, it.source, it.source_uid):
        _fizzle(st, cx, it)
        return
    power = unit_power(st, tb, it.source)
    if it.side == PLAYER and not is_hero(it.source):
        power += ally_power_bonus(st, tb)
    defender = taunt_defender(st, tb, foe, it.lane)     # K01: a taunting character first
    if defender < 0:
        defender = foe * UNITS_PER_SIDE + CHAR_BASE + it.lane
    if not st.units[defender].alive:
        defender = leader_of(st, foe)      # an empty lane: damage to the side itself
    if defender >= 0:
        deal_damage(st, cx, defender, power, it.side, it.source, False)


cdef void _resolve_card(State* st, Ctx* cx, StackItem* it) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef const CardDef* cd = &tb.cards[st.card_def[it.card]]
    cdef int u
    cdef Unit* ch
    if cd.kind == CK_CHARACTER:
        u = CHAR_BASE + it.lane
        if st.units[u].alive:
            _fizzle(st, cx, it)          # the lane was taken meanwhile
            return
        move_card(st, cx, it.card, Z_WASTES, False)
        ch = &st.units[u]
        memset(ch, 0, sizeof(Unit))
        ch.def_id = st.card_def[it.card]
        ch.card = it.card
        ch.alive = 1
        ch.hp = cd.hp
        ch.max_hp = cd.hp
        ch.power = cd.power
        ch.ready = 1 if (cd.keywords & KW_SWIFT) else 0
        ch.uid = new_uid(st)
        emit(cx, EV_SUMMON, PLAYER, u, ch.def_id, it.lane, 0)
        task_progress(st, cx, PLAYER, G_DEPLOY, 1)
        fire_triggers(st, cx, TR_ALLY_DEPLOY, False)
        entered(st, cx, u)
        # E20: a chosen target gone by now skips the on-enter effect; the character stays
        if cd.on_enter >= 0 and st.units[u].alive and _target_alive(st, it):
            cx.card = it.card               # V03: the card's program counts with it
            run_program(st, cx, cd.on_enter, PLAYER, u, it.target)
            cx.card = -1
        if st.choice.kind == CH_NONE:
            card_resolved(st, cx, it.card)
    else:
        if not _target_alive(st, it):
            _fizzle(st, cx, it)
            return
        move_card(st, cx, it.card, Z_LATTICE, False)
        st.card_charges[it.card] = cd.charges
        if tb.n_auras:
            grants_update(st, cx)       # A03: a Relic's aura holds from its arrival
        if cd.on_enter >= 0:
            cx.card = it.card
            run_program(st, cx, cd.on_enter, PLAYER, leader_of(st, PLAYER), it.target)
            cx.card = -1
        if st.choice.kind == CH_NONE:
            card_resolved(st, cx, it.card)
            _card_done(st, cx, it.card)


cdef inline void _card_done(State* st, Ctx* cx, int card) noexcept nogil:
    """The end of a card's resolution: a Sortilege without charges leaves the Lattice."""
    cdef const CardDef* cd = &cx.tb.cards[st.card_def[card]]
    if cd.kind == CK_SORTILEGE and cd.charges <= 0 and st.card_zone[card] == Z_LATTICE:
        move_card(st, cx, card, Z_ABYSS, False)


cdef void _resolve_top(State* st, Ctx* cx) noexcept nogil:
    cdef StackItem it
    st.n_stack -= 1
    memcpy(&it, &st.stack[st.n_stack], sizeof(StackItem))
    memset(&st.stack[st.n_stack], 0, sizeof(StackItem))
    st.passes = 0
    if not it.dead:
        emit(cx, EV_RESOLVE, it.side, it.kind, it.card, it.target, 0)
        if it.kind == SI_ATTACK:
            _resolve_attack(st, cx, &it)
        elif it.kind == SI_CARD:
            _resolve_card(st, cx, &it)
        elif it.source_uid >= 0 and not _unit_still(st, it.source, it.source_uid):
            _fizzle(st, cx, &it)         # a unit's ability whose unit is gone
        elif not _target_alive(st, &it):
            _fizzle(st, cx, &it)
        elif it.kind == SI_MOVE and it.prog < 0:
            if summon_unit(st, cx, ENCOUNTER, it.def_id, it.lane) < 0:
                _fizzle(st, cx, &it)
        else:
            # V03: a character's ability counts with its card (a Sortilege's ability has none)
            if it.kind == SI_ABILITY and 0 <= it.source < MAX_UNITS:
                cx.card = st.units[it.source].card
            run_program(st, cx, it.prog, it.side, it.source, it.target)
            cx.card = -1
    if st.choice.kind != CH_NONE:
        st.choice.item_kind = it.kind     # the resolution waits for the player's choice (C01)
        st.choice.item_card = it.card
        st.priority = PLAYER              # S07: the player decides, whoever passed last
        _drop_dead(st)
        return
    _resolved(st, cx)


cdef void _choose(State* st, Ctx* cx, int32_t a) noexcept nogil:
    """The player's `choose`: the resolution goes on, and once its program ends (it may wait
    again at its next choice) the resolution ends as any does (C01)."""
    cdef int kind = st.choice.item_kind, card = st.choice.item_card
    choice_choose(st, cx, a_src(a))
    if st.choice.kind == CH_NONE:
        if kind == SI_CARD and card >= 0:
            card_resolved(st, cx, card)
            _card_done(st, cx, card)
        _resolved(st, cx)
    else:
        _drop_dead(st)


cdef inline void _drop_dead(State* st) noexcept nogil:
    # countered items already sent their card away: drop them as they surface (a tombstone is
    # never read, so one dropped while a resolution waits for a choice is dropped as well)
    while st.n_stack > 0 and st.stack[st.n_stack - 1].dead:
        st.n_stack -= 1
        memset(&st.stack[st.n_stack], 0, sizeof(StackItem))


cdef void _dead_surfaced(State* st) noexcept nogil:
    # B05: an item can die on top of the Stack outside a resolution (a `card_played` trigger
    # that puts the played card away, Z24): it is dropped before anyone acts or the state is
    # read, as a resolution ends, and the acting side holds priority again (S-rules: priority
    # on an empty Stack is the active side's)
    _drop_dead(st)
    if st.choice.kind == CH_NONE:
        st.priority = st.active
        st.passes = 0


cdef inline void _resolved(State* st, Ctx* cx) noexcept nogil:
    _drop_dead(st)
    st.priority = st.active          # the acting side holds priority again
    check_outcome(st, cx)


cdef void _pass(State* st, Ctx* cx, int side) noexcept nogil:
    emit(cx, EV_PASS, side, st.n_stack, 0, 0, 0)
    st.passes += 1
    if st.passes >= 2:
        _resolve_top(st, cx)         # both passed in a row
    else:
        st.priority = 1 - side


# ---------------- phases ----------------

cdef void _set_phase(State* st, Ctx* cx, int phase) noexcept nogil:
    st.phase = phase
    emit(cx, EV_PHASE, st.active, phase, st.round, 0, 0)


cdef void _beginning(State* st, Ctx* cx) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef int side = st.active, base = side * UNITS_PER_SIDE, i, s
    cdef Unit* u
    st.decisions = 0                  # X02 counts each turn's decisions afresh
    for i in range(tb.n_turn_counters):
        st.counters[tb.turn_counters[i]] = 0      # V01: a turn counter counts each turn afresh
    for s in range(2):
        # abilities: once per turn, either side's turn (the slots past the hero slots and the
        # lanes in use are always empty, so never used)
        for i in range(st.n_hero_slots[s]):
            st.units[s * UNITS_PER_SIDE + i].used = 0
        for i in range(tb.cfg.lanes):
            st.units[s * UNITS_PER_SIDE + CHAR_BASE + i].used = 0
    for i in range(st.n_hero_slots[side]):
        if st.units[base + i].alive:
            st.units[base + i].attacked = 0
    for i in range(CHAR_BASE, CHAR_BASE + tb.cfg.lanes):
        u = &st.units[base + i]
        if u.alive:
            u.attacked = 0
            u.ready = 1               # deployed before this turn: may attack now
    status_turn(st, cx, side, ST_TURN_START)     # shield clears here (its decay)
    if side == PLAYER:
        for i in range(MAX_RESPONSES):
            st.foe.resp_used[i] = 0   # the Encounter's per-round response limits
        seed_meter(st, cx)
    else:
        st.foe.init_left = st.foe.initiative
    fire_triggers(st, cx, TR_TURN_START, True)
    if check_outcome(st, cx) == OUT_NONE:
        _set_phase(st, cx, PH_MAIN)


cdef void _end(State* st, Ctx* cx) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef int side = st.active
    fire_triggers(st, cx, TR_TURN_END, True)
    if check_outcome(st, cx) != OUT_NONE:
        return
    status_turn(st, cx, side, ST_TURN_END)       # poison ticks and decays here
    if check_outcome(st, cx) != OUT_NONE:
        return
    task_progress(st, cx, side, G_ROUNDS, 1)
    if check_outcome(st, cx) != OUT_NONE:
        return
    if side == PLAYER:
        # the hand floor (a floor, not a cap: nothing is trimmed)
        while st.zones[Z_RIFT].n < tb.cfg.hand_floor:
            if not draw_one(st, cx):
                break
            drawn(st, cx)
        st.active = ENCOUNTER
    else:
        if st.round >= tb.cfg.max_rounds:
            # the cap ends the match, but only a side without heroes loses (seed 001)
            st.outcome = OUT_TIMEOUT
            emit(cx, EV_OUTCOME, PLAYER, OUT_TIMEOUT, st.round, 1, 0)
            match_ended(st, cx)
            return
        st.round += 1
        st.active = PLAYER
    st.priority = st.active
    _set_phase(st, cx, PH_BEGINNING)


cdef inline int _run(State* st, Ctx* cx, int32_t* out, int limit) noexcept nogil:
    """Run the game until the player must decide (returns how many of the legal actions there
    are in `out`, at most `limit`, always more than one) or the match is over (returns 0)."""
    cdef StackItem it
    cdef int n
    while st.outcome == OUT_NONE:
        if st.n_stack > 0 and st.stack[st.n_stack - 1].dead:
            _dead_surfaced(st)
        if st.choice.kind != CH_NONE:
            n = _generate(st, cx, out, limit)
            if n > 1:
                return n                      # the player chooses (C01)
            # one option, or the turn's decisions spent (X02): the first option, taken for the
            # player as the Encounter takes it (C05)
            _choose(st, cx, out[0] if n == 1 else make_action(A_CHOOSE, 0, 0, 0))
            continue
        if st.n_stack > 0:
            if st.priority == ENCOUNTER:
                if respond(st, cx, &it):
                    _push(st, cx, &it)
                else:
                    _pass(st, cx, ENCOUNTER)
                continue
            n = _generate(st, cx, out, limit)
            if n > 1:
                return n                      # the player may respond
            _pass(st, cx, PLAYER)             # pass is the only choice: made for the player
            continue
        if st.phase == PH_BEGINNING:
            _beginning(st, cx)
        elif st.phase == PH_END:
            _end(st, cx)
        elif st.active == PLAYER:
            n = _generate(st, cx, out, limit)
            if n > 1:
                return n
            _set_phase(st, cx, st.phase + 1)  # auto-advance: nothing affordable remains
        else:
            if next_move(st, cx, &it):
                _push(st, cx, &it)
                if it.kind == SI_ATTACK:
                    fire_event(st, cx, TR_ATTACK, ENCOUNTER, it.source, 0, -1,
                               st.units[it.source].max_hp, unit_power(st, cx.tb, it.source), False)
                    check_outcome(st, cx)
            else:
                _set_phase(st, cx, st.phase + 1)
    if st.n_stack > 0 and st.stack[st.n_stack - 1].dead:
        _dead_surfaced(st)
    return 0


cdef void advance(State* st, Ctx* cx) noexcept nogil:
    """Run the game until the player must decide or the match is over."""
    cdef int32_t buf[2]
    _run(st, cx, buf, 2)          # only "is there more than one choice?" is asked


cdef int advance_listing(State* st, Ctx* cx, int32_t* out) noexcept nogil:
    """`advance`, and then the legal actions where it stops, as `legal_actions` lists them:
    the list that decided the stop is the list, so a caller that would list next saves a
    second generation. Returns their number (0: the match is over)."""
    return _run(st, cx, out, MAX_ACTIONS)


# ---------------- apply ----------------

cdef void apply_action(State* st, Ctx* cx, int32_t a) noexcept nogil:
    """Commit a legal action (the caller checked it) and run the game forward."""
    _commit(st, cx, a)
    advance(st, cx)


cdef int apply_listing(State* st, Ctx* cx, int32_t a, int32_t* out) noexcept nogil:
    """`apply_action`, then the legal actions where the game stops (see `advance_listing`)."""
    _commit(st, cx, a)
    return advance_listing(st, cx, out)


cdef inline void _commit(State* st, Ctx* cx, int32_t a) noexcept nogil:
    """Put a legal action into effect: pass, end the phase, or pay for it and push it."""
    cdef const Tables* tb = cx.tb
    cdef int kind = a_kind(a), src = a_src(a), tgt = a_tgt(a), lane = a_lane(a)
    cdef int prog = -1, spec = 0, reaction = 0, c
    cdef StackItem it
    st.decisions += 1                 # X02: a turn's decisions are bounded, so is a match
    # E19, B01: a decision and all it sets off (the game running on to the next decision
    # included) is one step, with one budget a side, set here only
    new_step(cx)
    if kind == A_CHOOSE:
        _choose(st, cx, a)
        return
    if kind == A_PASS:
        _pass(st, cx, PLAYER)
    elif kind == A_END_PHASE:
        _set_phase(st, cx, st.phase + 1)
    else:
        st.meter.spent += action_cost(st, cx, a)   # debited at cast; responses are free
        memset(&it, 0, sizeof(StackItem))
        it.side = PLAYER
        it.card = -1
        it.prog = -1
        it.source = -1
        it.target = tgt
        it.lane = lane
        it.def_id = -1
        it.source_uid = -1
        it.target_uid = st.units[tgt].uid if tgt < MAX_UNITS else -1
        if TGT_CARD_BASE <= tgt < TGT_CARD_BASE + MAX_CARDS:
            it.target_zone = st.card_zone[tgt - TGT_CARD_BASE]
        if kind == A_PLAY:
            it.kind = SI_CARD
            it.card = src
            move_card(st, cx, src, Z_STACK, False)
            task_progress(st, cx, PLAYER, G_CARDS, 1)
            # W03: a reward paid on commit is a resolution of its own: a side it left with no
            # living hero has lost before anything else acts
            check_outcome(st, cx)
        elif kind == A_ATTACK:
            it.kind = SI_ATTACK
            it.source = src
            it.source_uid = st.units[src].uid
            it.target = TGT_NONE
            it.target_uid = -1
            st.units[src].attacked = 1
        else:
            it.kind = SI_ABILITY
            _ability_of(st, tb, src, &prog, &spec, &reaction)
            it.prog = prog
            if src < MAX_UNITS:
                st.units[src].used = 1
                it.source = src
                it.source_uid = st.units[src].uid
            else:
                # a Sortilege spends a charge at cast; at 0 it is destroyed, and the ability
                # already on the Stack resolves without it
                c = src - TGT_CARD_BASE
                it.source = leader_of(st, PLAYER)
                st.card_charges[c] -= 1
                if st.card_charges[c] <= 0:
                    move_card(st, cx, c, Z_ABYSS, False)
        _push(st, cx, &it)
        # played and attack triggers resolve at once, the item waiting on the Stack (E19)
        if kind == A_PLAY:
            if tb.listens[TR_CARD_PLAYED]:
                cx.nx_card = src + 1
            fire_event(st, cx, TR_CARD_PLAYED, PLAYER, -1, 1, tb.cards[st.card_def[src]].kind,
                       0, 0, False)
            check_outcome(st, cx)
        elif kind == A_ATTACK:
            fire_event(st, cx, TR_ATTACK, PLAYER, src, 0, -1, st.units[src].max_hp,
                       unit_power(st, tb, src), False)
            check_outcome(st, cx)
