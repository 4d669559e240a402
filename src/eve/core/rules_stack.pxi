# Included by rules.pyx (one translation unit, so that the C compiler inlines across
# jobs): the Stack: pushing, priority and passing, resolving an attack or a card, fizzling,
# the choices of a resolution.

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


cdef inline void _pass(State* st, Ctx* cx, int side) noexcept nogil:
    emit(cx, EV_PASS, side, st.n_stack, 0, 0, 0)
    st.passes += 1
    if st.passes >= 2:
        _resolve_top(st, cx)         # both passed in a row
    else:
        st.priority = 1 - side
