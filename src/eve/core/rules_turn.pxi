# Included by rules.pyx (one translation unit, so that the C compiler inlines across
# jobs): the phases and the running game: Beginning and End, `advance` (the Encounter's moves,
# automatic steps, auto-pass) and `apply_action`.

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
    # T21: a turn_start trigger may have ended the turn (its phase is End now)
    if check_outcome(st, cx) == OUT_NONE and st.phase == PH_BEGINNING:
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
    if st.n_grants:
        grants_turn_end(st, cx)       # A06: what was given until the turn's end
    if side == PLAYER:
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
            # the usual window: nothing to react with, so pass is the only choice (what
            # _generate would list), made for the player without listing
            if _may_respond(st, cx.tb):
                n = _generate(st, cx, out, limit)
                if n > 1:
                    return n                  # the player may respond
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
    cdef int prog = -1, spec = 0, filt = 0, reaction = 0, c
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
            _ability_of(st, tb, src, &prog, &spec, &filt, &reaction)
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
