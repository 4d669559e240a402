# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): who lives, enters and falls: the living, the leader, a hero's fall and the match's
# outcome (H01-H04), a character's removal, summons and deploys from the Void.

cdef bint unit_live(const State* st, int u) noexcept nogil:
    return 0 <= u < MAX_UNITS and st.units[u].alive != 0


cdef int leader_of(const State* st, int side) noexcept nogil:
    """Leader, else the first living hero in slot order; -1 when none lives."""
    cdef int base = side * UNITS_PER_SIDE, i
    cdef int l = st.leader[side]
    if l >= 0 and st.units[base + l].alive:
        return base + l
    for i in range(st.n_hero_slots[side]):
        if st.units[base + i].alive:
            return base + i
    return -1


cdef int living_heroes(const State* st, int side) noexcept nogil:
    cdef int base = side * UNITS_PER_SIDE, i, n = 0
    for i in range(st.n_hero_slots[side]):
        if st.units[base + i].alive:
            n += 1
    return n


cdef inline bint _any_living(const State* st, int side) noexcept nogil:
    cdef int base = side * UNITS_PER_SIDE, i
    for i in range(st.n_hero_slots[side]):
        if st.units[base + i].alive:
            return True
    return False


cdef int decide_outcome(State* st, Ctx* cx) noexcept nogil:
    # Checked after every resolution (RULES.md), through check_outcome (effects.pxd). Both
    # sides emptied at once: the run has no hero left, so it is a loss.
    if st.outcome != OUT_NONE:
        return st.outcome
    if not _any_living(st, PLAYER):
        st.outcome = OUT_LOSS
    elif not _any_living(st, ENCOUNTER):
        st.outcome = OUT_WIN
    if st.outcome != OUT_NONE:
        emit(cx, EV_OUTCOME, PLAYER, st.outcome, st.round, 0, 0)
        if cx.tb.listens[TR_MATCH_END]:
            match_ended(st, cx)
    return st.outcome


cdef void match_ended(State* st, Ctx* cx) noexcept nogil:
    """The outcome is decided: `match_end` triggers, once (E21). The outcome is set before they
    run and no trigger fires from inside them; what their programs leave is read once more
    (B03), so that the outcome always agrees with the state: a side they left with no living
    hero has lost (both: the player, E03)."""
    cdef int was = st.outcome
    if cx.tb.listens[TR_MATCH_END]:
        fire_event(st, cx, TR_MATCH_END, PLAYER, -1, st.outcome, -1, 0, 0, False)
        if not _any_living(st, PLAYER):
            st.outcome = OUT_LOSS
        elif not _any_living(st, ENCOUNTER):
            st.outcome = OUT_WIN
        if st.outcome != was:
            emit(cx, EV_OUTCOME, PLAYER, st.outcome, st.round, 0, 0)


cdef void _hero_falls(State* st, Ctx* cx, int u) noexcept nogil:
    cdef Unit* h = &st.units[u]
    cdef int side = unit_side(u), i, base
    h.alive = 0
    h.hp = 0
    memset(h.status, 0, sizeof(h.status))      # a fallen hero keeps no status
    emit(cx, EV_HERO_FALLS, side, u, h.def_id, 0, 0)
    base = side * UNITS_PER_SIDE
    if st.leader[side] == u - base:
        for i in range(st.n_hero_slots[side]):
            if st.units[base + i].alive:
                st.leader[side] = i
                emit(cx, EV_LEADER, side, i, 0, 0, 0)
                break
    if st.n_grants or cx.tb.n_auras:
        grants_update(st, cx)       # A02: what it gave goes, what it was given goes with it


cdef void remove_character(State* st, Ctx* cx, int u, int card_to) noexcept nogil:
    """A character leaves the Wastes; a player character's origin card goes to `card_to`."""
    cdef int card = st.units[u].card
    emit(cx, EV_DEATH, unit_side(u), u, st.units[u].def_id, card, card_to)
    memset(&st.units[u], 0, sizeof(Unit))
    st.units[u].def_id = -1
    st.units[u].card = -1
    if card >= 0:
        move_card(st, cx, card, card_to, False)
    if st.n_grants or cx.tb.n_auras:
        grants_update(st, cx)       # A02


cdef int first_empty_lane(const State* st, const Tables* tb, int side) noexcept nogil:
    cdef int lane, base = side * UNITS_PER_SIDE + CHAR_BASE
    for lane in range(tb.cfg.lanes):
        if not st.units[base + lane].alive:
            return lane
    return -1


cdef int summon_unit(State* st, Ctx* cx, int side, int def_id, int lane) noexcept nogil:
    """A character from a unit def (no card): an Encounter summon or a token. -1 if no room."""
    return _summon(st, cx, side, def_id, lane, DAMAGE_LIMIT)


cdef inline int _summon(State* st, Ctx* cx, int side, int def_id, int lane, int hp) noexcept nogil:
    """summon_unit, the unit entering with at most `hp` (a split's part, E26)."""
    cdef const Tables* tb = cx.tb
    cdef int u
    cdef Unit* c
    if lane < 0 or lane >= tb.cfg.lanes or st.units[side * UNITS_PER_SIDE + CHAR_BASE + lane].alive:
        lane = first_empty_lane(st, tb, side)
        if lane < 0:
            return -1
    u = side * UNITS_PER_SIDE + CHAR_BASE + lane
    c = &st.units[u]
    memset(c, 0, sizeof(Unit))
    c.def_id = def_id
    c.card = -1
    c.alive = 1
    c.is_token = 1
    c.max_hp = tb.units[def_id].hp
    c.hp = c.max_hp if c.max_hp < hp else hp
    c.power = tb.units[def_id].power
    c.ready = 1 if (tb.units[def_id].keywords & KW_SWIFT) else 0
    c.uid = new_uid(st)
    emit(cx, EV_SUMMON, side, u, def_id, lane, 1)
    task_progress(st, cx, side, G_DEPLOY, 1)
    entered(st, cx, u)
    return u


cdef void split_units(State* st, Ctx* cx, int sel, int n, int def_id, int side, int me, int tg,
                      int src) noexcept nogil:
    """E26: each selected character leaves play, not a death (no `dies`, not `killed`; a
    player character's card goes to the Abyss as a dead one's), and n units of `def_id` take
    its place for its side: its lane first, then the first empty ones, each with at most the
    hp it had. The unit whose `dies` trigger runs this (`self`: the lane it left, P06) splits
    into units at their full hp. A hero never splits: its slot is its life (T17)."""
    cdef int16_t units[MAX_UNITS]
    cdef int m, k, i, u, s, hp
    if n <= 0:
        return
    if sel == SEL_SELF and 0 <= me < MAX_UNITS and not st.units[me].alive \
            and cx.ev_kind == TR_DIES and cx.ev_unit == me:
        units[0] = me
        m = 1
    else:
        m = _select_units(st, cx.tb, sel, side, me, tg, src, units)
        if sel >= SEL_RANDOM_FOE:
            m = _pick_random(st, units, m)
    for k in range(m):
        u = units[k]
        if is_hero(u):
            continue
        hp = DAMAGE_LIMIT
        if st.units[u].alive:
            hp = st.units[u].hp
            remove_character(st, cx, u, Z_ABYSS)
        s = unit_side(u)
        for i in range(n):
            if _summon(st, cx, s, def_id, u - s * UNITS_PER_SIDE - CHAR_BASE if i == 0 else -1,
                       hp) < 0:
                break


cdef int deploy_from_void(State* st, Ctx* cx, int card) noexcept nogil:
    """Void -> Wastes (Z15, Z27): the character of a card in the Void enters the player's first
    empty lane as a resolved deploy's does (a deploy for World Tasks and `ally_deploy`
    triggers), not ready unless swift; its on-enter effect, part of being played, does not run.
    -1 (the card stays) when it is not a character or no lane is empty."""
    cdef const Tables* tb = cx.tb
    cdef const CardDef* cd
    cdef int lane, u
    cdef Unit* ch
    if card < 0 or st.card_zone[card] != Z_VOID:
        return -1
    cd = &tb.cards[st.card_def[card]]
    lane = first_empty_lane(st, tb, PLAYER)
    if cd.kind != CK_CHARACTER or lane < 0:
        return -1
    u = CHAR_BASE + lane
    move_card(st, cx, card, Z_WASTES, True)
    ch = &st.units[u]
    memset(ch, 0, sizeof(Unit))
    ch.def_id = st.card_def[card]
    ch.card = card
    ch.alive = 1
    ch.hp = cd.hp
    ch.max_hp = cd.hp
    ch.power = cd.power
    ch.ready = 1 if (cd.keywords & KW_SWIFT) else 0
    ch.uid = new_uid(st)
    emit(cx, EV_SUMMON, PLAYER, u, ch.def_id, lane, 0)
    task_progress(st, cx, PLAYER, G_DEPLOY, 1)
    fire_triggers(st, cx, TR_ALLY_DEPLOY, False)
    entered(st, cx, u)
    return u
