# Included by rules.pyx (one translation unit, so that the C compiler inlines across
# jobs): legality: why an action is refused (check_action, the one definition) and the
# listing of the legal actions, generated without trying each code.

cdef inline bint _window(const State* st) noexcept nogil:
    return st.n_stack > 0 and st.priority == PLAYER


cdef inline bint _proactive(const State* st) noexcept nogil:
    return st.n_stack == 0 and st.active == PLAYER and (st.phase == PH_MAIN or st.phase == PH_COMBAT)


cdef int _ability_of(const State* st, const Tables* tb, int src, int* prog, int* spec, int* filt,
                     int* reaction) noexcept nogil:
    """The activated ability of a source (a player unit id, or TGT_CARD_BASE + a Lattice card):
    its program, target spec and filter (G02) and whether it is a reaction."""
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
            filt[0] = tb.heroes[u.def_id].ability_filter
            reaction[0] = tb.heroes[u.def_id].ability_reaction
        elif u.is_token:
            return R_NO_ABILITY
        else:
            prog[0] = tb.cards[u.def_id].ability_prog
            spec[0] = tb.cards[u.def_id].ability_target
            filt[0] = tb.cards[u.def_id].ability_filter
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
    filt[0] = tb.cards[d].ability_filter
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
    cdef int r, prog = -1, spec = 0, filt = 0, reaction = 0, d, cost
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
            if not target_ok(st, tb, tb.cards[d].play_target, tb.cards[d].play_filter, PLAYER, tgt):
                return R_BAD_TARGET
            if lane >= tb.cfg.lanes:
                return R_BAD_LANE
            if st.units[CHAR_BASE + lane].alive:
                return R_LANE_OCCUPIED
        else:
            if lane != 0:
                return R_BAD_LANE
            if (not target_ok(st, tb, tb.cards[d].play_target, tb.cards[d].play_filter, PLAYER, tgt)
                    or tgt == TGT_CARD_BASE + src):
                return R_BAD_TARGET       # a card never targets itself (it leaves the Rift)
        if not _play_cond_holds(st, tb, d, tgt):
            return R_PLAY_CONDITION
    elif kind == A_ACTIVATE:
        if lane != 0:
            return R_BAD_LANE
        r = _ability_of(st, tb, src, &prog, &spec, &filt, &reaction)
        if r != R_OK:
            return r
        if window and not reaction:
            return R_NOT_REACTION
        if proactive and reaction:
            return R_REACTION_ONLY
        if proactive and st.phase != PH_MAIN:
            return R_WRONG_PHASE
        if not target_ok(st, tb, spec, filt, PLAYER, tgt):
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


cdef inline int _targets(const State* st, const Tables* tb, int spec, int filt, _Targets* memo,
                         int16_t* buf, const int16_t** out) noexcept nogil:
    """enum_targets(spec, filt) for the player: a unit spec's from the memo (a unit target has
    no filter), the others into `buf` (room for 64); `out` is set to where they are."""
    if spec == T_NONE:
        buf[0] = TGT_NONE
        out[0] = buf
        return 1
    if 0 < spec <= T_ALLY_HERO:
        if memo.n[spec] < 0:
            memo.n[spec] = enum_targets(st, tb, spec, 0, PLAYER, memo.tg[spec])
        out[0] = memo.tg[spec]
        return memo.n[spec]
    out[0] = buf
    return enum_targets(st, tb, spec, filt, PLAYER, buf)


cdef inline int _activations(const State* st, const Tables* tb, int src, int spec, int filt,
                             _Targets* memo, int32_t* out, int n, int limit) noexcept nogil:
    cdef int16_t buf[64]
    cdef const int16_t* tg = NULL
    cdef int k, nt = _targets(st, tb, spec, filt, memo, buf, &tg)
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
            n = _activations(st, tb, i, tb.heroes[u.def_id].ability_target,
                             tb.heroes[u.def_id].ability_filter, memo, out, n, limit)
    for i in range(tb.cfg.lanes):
        u = &st.units[CHAR_BASE + i]
        if u.alive and not u.is_token and not u.used:
            cd = &tb.cards[u.def_id]
            if cd.ability_prog >= 0 and (cd.ability_reaction != 0) == window:
                if n >= limit:
                    return n
                n = _activations(st, tb, CHAR_BASE + i, cd.ability_target, cd.ability_filter, memo,
                                 out, n, limit)
    for i in range(st.zones[Z_LATTICE].n):
        c = st.zones[Z_LATTICE].c[i]
        cd = &tb.cards[st.card_def[c]]
        if (cd.ability_prog >= 0 and cd.kind == CK_SORTILEGE and st.card_charges[c] > 0
                and (cd.ability_reaction != 0) == window):
            if n >= limit:
                return n
            n = _activations(st, tb, TGT_CARD_BASE + c, cd.ability_target, cd.ability_filter, memo,
                             out, n, limit)
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
    cdef int k, lane, nt = _targets(st, tb, tb.cards[d].play_target, 0, memo, buf, &tg)
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
            nt = _targets(st, tb, tb.cards[d].play_target, tb.cards[d].play_filter, memo, buf, &tg)
            for k in range(nt):
                if tg[k] != TGT_CARD_BASE + c and _play_cond_holds(st, tb, d, tg[k]):
                    n = _put(make_action(A_PLAY, c, tg[k], 0), out, n, limit)
    return n


cdef inline bint _may_react(const State* st, const Tables* tb) noexcept nogil:
    """False when nothing the player holds is a reaction, so that a window offers only the pass:
    the usual case, met at each item the Encounter puts on the Stack. A necessary condition
    only (_plays and _abilities decide). It looks only where the content has reactions at all
    (Tables.reactions), without branches inside a kind's walk, whose outcomes here are
    unpredictable; once the Rift's cards or the heroes hold a reaction the rest is not walked."""
    cdef int i, c, d, found = 0
    cdef const Unit* u
    if tb.reactions & RX_CARD:
        for i in range(st.zones[Z_RIFT].n):
            found |= tb.cards[st.card_def[st.zones[Z_RIFT].c[i]]].keywords & KW_REACTION
        if found:
            return True
    if tb.reactions & RX_HERO:
        for i in range(st.n_hero_slots[PLAYER]):
            u = &st.units[i]
            d = u.def_id if u.def_id >= 0 else 0
            found |= (u.alive != 0) & (u.used == 0) & (tb.heroes[d].ability_reaction != 0)
        if found:
            return True
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


cdef inline bint _may_respond(const State* st, const Tables* tb) noexcept nogil:
    """In a window of the player's: False when pass is the only legal action (as _generate
    decides it: a full Stack, the turn's decisions spent, or nothing to react with)."""
    return (st.n_stack < MAX_STACK and st.decisions < tb.cfg.max_decisions_per_turn
            and _may_react(st, tb))


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
        if not _may_respond(st, tb):
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
