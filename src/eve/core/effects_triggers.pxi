# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): triggers and event dispatch: the events a program or the rules raise, their
# listeners in order (units, their statuses, the cards of the zones that listen) and their
# filters, and the tasks' progress.

cdef void task_progress(State* st, Ctx* cx, int side, int goal, int n) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef int i
    cdef Task* t
    cdef const TaskDef* td
    if n <= 0:
        return
    for i in range(MAX_TASKS):
        t = &st.tasks[i]
        if not t.active:
            continue
        td = &tb.tasks[t.def_id]
        if td.goal != goal:
            continue
        _task_add(st, cx, i, side, n)


cdef void _task_add(State* st, Ctx* cx, int i, int side, int n) noexcept nogil:
    cdef Task* t = &st.tasks[i]
    cdef const TaskDef* td = &cx.tb.tasks[t.def_id]
    t.progress[side] = sat_add(t.progress[side], n)
    emit(cx, EV_TASK, side, i, t.def_id, t.progress[side], 0)
    if t.progress[side] >= td.threshold:
        # The first side to reach the goal takes the reward; the task leaves the Task Zone.
        t.active = 0
        emit(cx, EV_TASK_DONE, side, i, t.def_id, 0, 0)
        fire_event(st, cx, TR_TASK_COMPLETED, side, -1, 1, -1, 0, 0, False)
        if td.reward_prog >= 0:
            run_program(st, cx, td.reward_prog, side, leader_of(st, side), TGT_NONE)


cdef void entered(State* st, Ctx* cx, int u) noexcept nogil:
    """A character entered a lane: the auras in play reach it and its own aura reaches the
    others (A03), then `summoned` triggers (its own `who = "self"` ones included)."""
    if cx.tb.n_auras:
        grants_update(st, cx)
    if st.units[u].alive:
        fire_event(st, cx, TR_SUMMONED, unit_side(u), u, 0, -1, st.units[u].max_hp,
                   unit_power(st, cx.tb, u), False)


cdef void drawn(State* st, Ctx* cx) noexcept nogil:
    """The player drew a card: `drawn` triggers, the card's kind in `event.card_kind`."""
    cdef int n = st.zones[Z_RIFT].n
    shuffled(st, cx)
    if not cx.tb.listens[TR_DRAWN]:
        return
    cx.nx_card = st.zones[Z_RIFT].c[n - 1] + 1 if n > 0 else 0
    fire_event(st, cx, TR_DRAWN, PLAYER, -1, 1,
               cx.tb.cards[st.card_def[st.zones[Z_RIFT].c[n - 1]]].kind if n > 0 else -1,
               0, 0, False)


cdef void _card_moved(State* st, Ctx* cx, int c, int from_zone) noexcept nogil:
    """An effect moved card `c` out of `from_zone`: into the Void it was exiled, from the Rift
    into the Abyss discarded (E19)."""
    cdef int kind = cx.tb.cards[st.card_def[c]].kind
    if st.card_zone[c] == Z_VOID and from_zone != Z_VOID and cx.tb.listens[TR_EXILED]:
        cx.nx_card = c + 1
        fire_event(st, cx, TR_EXILED, PLAYER, -1, 1, kind, 0, 0, False)
    elif st.card_zone[c] == Z_ABYSS and from_zone == Z_RIFT and cx.tb.listens[TR_DISCARDED]:
        cx.nx_card = c + 1
        fire_event(st, cx, TR_DISCARDED, PLAYER, -1, 1, kind, 0, 0, False)


cdef void shuffled(State* st, Ctx* cx) noexcept nogil:
    """The Archive was shuffled since the last look (zones marks it): `shuffled` triggers, once
    the move that shuffled it is over."""
    if cx.shuffled:
        cx.shuffled = 0
        fire_event(st, cx, TR_SHUFFLED, PLAYER, -1, 1, -1, 0, 0, False)


cdef void card_resolved(State* st, Ctx* cx, int card) noexcept nogil:
    """A played card's item resolved (its effect done, choices included): `card_resolved`
    triggers, the card in `event_card`."""
    if cx.tb.listens[TR_CARD_RESOLVED] and 0 <= card < st.n_cards:
        cx.nx_card = card + 1
        fire_event(st, cx, TR_CARD_RESOLVED, PLAYER, -1, 1, cx.tb.cards[st.card_def[card]].kind,
                   0, 0, False)


cdef int ally_power_bonus(const State* st, const Tables* tb) noexcept nogil:
    """Static Relic modifiers: + power to the player's characters' attacks."""
    cdef const Zone* z = &st.zones[Z_LATTICE]
    cdef int i, bonus = 0
    for i in range(z.n):
        bonus += tb.cards[st.card_def[z.c[i]]].ally_power
    return bonus


cdef void fire_triggers(State* st, Ctx* cx, int trigger, bint own_resolution) noexcept nogil:
    """An event of the player's side with no unit as its subject (turn start and end, the
    deploy of one of its characters): see fire_event."""
    fire_event(st, cx, trigger, st.active if (trigger == TR_TURN_START or trigger == TR_TURN_END)
               else PLAYER, -1, 0, -1, 0, 0, own_resolution)


cdef void fire_event(State* st, Ctx* cx, int kind, int side, int unit, int amount, int card_kind,
                     int max_hp, int power, bint own_resolution) noexcept nogil:
    """Every trigger that answers an event resolves at once, off the Stack (rule E19): the
    listeners in a fixed order (each side, the player first: its heroes in slot order, its
    characters in lane order, then the player's cards in the zones triggers listen from, in
    zone order; then every unit's statuses, unit by unit, status by status), each of its
    triggers in written order. `unit` is the event's subject (-1: a side's event), read before
    it changed: `max_hp` and `power` as they were (`event.max_hp` of a dying unit). Triggers
    fire inside triggers' programs at most MAX_TRIGGER_DEPTH deep and at most TRIGGER_BUDGET
    times a side in a step (B01), so no content loops. With `own_resolution` (turn start and
    end) the outcome is checked after each program."""
    cdef const Tables* tb = cx.tb
    cdef int16_t saved[EV_FIELDS]
    cdef int source, card
    if not tb.listens[kind]:
        return
    # callers set nx_* only for an event something listens to: take them, whatever follows
    source = cx.nx_source - 1
    card = cx.nx_card - 1
    cx.nx_source = 0
    cx.nx_card = 0
    # match_end fires with the outcome set, and nothing fires inside it (no nested event does)
    if (st.outcome != OUT_NONE and (kind != TR_MATCH_END or st.trigger_depth > 0)) \
            or st.trigger_depth >= MAX_TRIGGER_DEPTH \
            or (cx.trig_budget[PLAYER] <= 0 and cx.trig_budget[ENCOUNTER] <= 0):
        return
    if not _may_answer(st, cx, kind):
        return
    memcpy(saved, &cx.ev_kind, sizeof(saved))
    cx.ev_source = source; cx.ev_card = card
    cx.ticking = 0
    cx.ev_kind = kind; cx.ev_side = side; cx.ev_unit = unit; cx.ev_amount = amount
    cx.ev_card_kind = card_kind
    cx.ev_max_hp = max_hp
    cx.ev_power = power
    cx.ev_hp = st.units[unit].hp if 0 <= unit < MAX_UNITS else 0
    st.trigger_depth += 1
    _dispatch(st, cx, own_resolution)
    st.trigger_depth -= 1
    memcpy(&cx.ev_kind, saved, sizeof(saved))


cdef extern from "portable.h":
    int eve_ctz(unsigned int x) nogil      # x != 0


cdef inline bint _zone_answers(const State* st, const Tables* tb, int z, int kind) noexcept nogil:
    """Whether some card of zone `z` has a trigger on `kind`: one look at them all, without
    branches (most events find none)."""
    cdef int i, on = 0
    for i in range(st.zones[z].n):
        on |= tb.card_on[st.card_def[st.zones[z].c[i]]]
    return (on >> kind) & 1


cdef inline bint _may_answer(const State* st, const Ctx* cx, int kind) noexcept nogil:
    """False when no listener can answer `kind` now: only cards listen to it (no unit, status
    or dying unit), and none of the cards in their zones has a trigger on it. Most events of
    content whose triggers are its Relics' end here, before the event is set up."""
    cdef const Tables* tb = cx.tb
    cdef int zones = tb.card_listens[kind], z
    if cx.ghost != NULL or tb.unit_listens[kind] or tb.status_listens[kind]:
        return True
    while zones:
        z = eve_ctz(<unsigned int>zones)
        zones &= zones - 1
        if _zone_answers(st, tb, z, kind):
            return True
    return False


cdef void _dispatch(State* st, Ctx* cx, bint own_resolution) noexcept nogil:
    """fire_event's listeners, in their order; returns when one stops the rest. A unit that
    died of the event listens first, as it was (its deathrattles and its statuses')."""
    cdef const Tables* tb = cx.tb
    cdef int16_t cards[MAX_CARDS]
    cdef int s, i, n, u, c, d, z
    cdef const Unit* g = cx.ghost
    # the kinds of listener that answer this event: the others are not walked
    cdef bint units = tb.unit_listens[cx.ev_kind] != 0, statuses = tb.status_listens[cx.ev_kind] != 0
    cdef int zones = tb.card_listens[cx.ev_kind], kind = cx.ev_kind
    if g != NULL:
        cx.ghost = NULL             # an event inside its programs has a ghost of its own
        u = cx.ghost_u
        s = unit_side(u)
        if not units:
            pass
        elif is_hero(u):
            if _listen(st, cx, &tb.heroes[g.def_id].trig_first, s, s, u, -1, own_resolution):
                return
        elif g.is_token:
            if _listen(st, cx, &tb.units[g.def_id].trig_first, s, s, u, -1, own_resolution):
                return
        elif _listen(st, cx, &tb.cards[g.def_id].trig_first, s, s, u, g.card, own_resolution):
            return
        for i in range(tb.n_trig_st if statuses else 0):
            d = tb.trig_st[i]
            if g.status[d] > 0 and _listen(
                    st, cx, &tb.statuses[d].trig_first, s,
                    s if tb.statuses[d].polarity == SP_BUFF else 1 - s, u, -1, own_resolution):
                return
    for s in range(2):
        for i in range(st.n_hero_slots[s] if units else 0):
            u = s * UNITS_PER_SIDE + i
            if (st.units[u].alive and (tb.hero_on[st.units[u].def_id] >> kind) & 1
                    and _listen(st, cx, &tb.heroes[st.units[u].def_id].trig_first, s, s, u, -1,
                                own_resolution)):
                return
        for i in range(tb.cfg.lanes if units else 0):
            u = s * UNITS_PER_SIDE + CHAR_BASE + i
            if not st.units[u].alive:
                continue
            d = st.units[u].def_id
            if st.units[u].is_token:
                if (tb.unit_on[d] >> kind) & 1 and _listen(st, cx, &tb.units[d].trig_first, s, s,
                                                           u, -1, own_resolution):
                    return
            elif (tb.card_on[d] >> kind) & 1 and _listen(st, cx, &tb.cards[d].trig_first, s, s, u,
                                                         st.units[u].card, own_resolution):
                return
        if s == PLAYER and zones:
            # the zones whose cards answer this event (never the Wastes: a character's
            # triggers answer as a unit's, above)
            while zones:
                z = eve_ctz(<unsigned int>zones)    # the lowest zone first
                zones &= zones - 1
                n = st.zones[z].n
                # a zone none of whose cards answers is passed over before the copy the walk
                # needs (programs move cards)
                if not _zone_answers(st, tb, z, kind):
                    continue
                for i in range(n):
                    cards[i] = st.zones[z].c[i]
                for i in range(n):
                    c = cards[i]
                    d = st.card_def[c]
                    if (st.card_zone[c] == z and (tb.card_on[d] >> kind) & 1
                            and _listen(st, cx, &tb.cards[d].trig_first, PLAYER, PLAYER, -1, c,
                                        own_resolution)):
                        return
    for i in range(tb.n_trig_st if statuses else 0):
        s = tb.trig_st[i]
        for u in range(MAX_UNITS):
            if st.units[u].alive and st.units[u].status[s] > 0:
                # a status's program is run by the side it helps (a buff) or harms
                if _listen(st, cx, &tb.statuses[s].trig_first, unit_side(u),
                           unit_side(u) if tb.statuses[s].polarity == SP_BUFF else 1 - unit_side(u), u,
                           -1, own_resolution):
                    return


cdef bint _filters_hold(const Ctx* cx, const TriggerDef* td, int card, int self_unit,
                        int mine) noexcept nogil:
    """A trigger's `card = "self"`, `unit` and `source` filters (E19). A card's `self` is its
    side's leader; `ally`: the listener's side, itself excepted."""
    if td.own_card and (card < 0 or cx.ev_card != card):
        return False
    if td.unit_kind != TU_ANY and (cx.ev_unit < 0 or is_hero(cx.ev_unit)
                                   != (td.unit_kind == TU_HERO)):
        return False
    if td.source == TS_ANY:
        return True
    if cx.ev_source < 0:
        return td.source == TS_NONE
    if td.source == TS_SELF:
        return cx.ev_source == self_unit
    if td.source == TS_ALLY:
        return cx.ev_source != self_unit and unit_side(cx.ev_source) == mine
    return td.source == TS_FOE and unit_side(cx.ev_source) != mine


cdef bint _listen(State* st, Ctx* cx, const int16_t* first_n, int mine, int owner, int u,
                  int card, bint own_resolution) noexcept nogil:
    """The triggers [first_n[0], + first_n[1]) of one listener: a unit `u` (with its card `card`
    when it is a character card), a card `card` in a zone (u -1), or a status held by unit u.
    `mine` is the listener's side (a status: its unit's), which `who` reads; `owner` the side
    that runs its programs, and whose budget they spend (B02). True when the match ended or
    both sides' budgets ran out: the caller stops."""
    cdef const Tables* tb = cx.tb
    cdef const TriggerDef* td
    cdef int k, self_unit, stamp, outer_card
    cdef int16_t* count
    cdef int16_t* when
    cdef bint hit
    # P02: a card's triggers answer one event from the zone the card was in when its turn to
    # listen came: one of them moving it (exile_on_play into the Void) silences none after it
    cdef int zone = st.card_zone[card] if u < 0 else -1
    if cx.trig_budget[owner] <= 0:
        return False                # this owner's budget is spent: the other side's goes on
    for k in range(first_n[1]):
        td = &tb.trigs[first_n[0] + k]
        if td.on != cx.ev_kind:
            continue
        # a card listens from its zone; a character card's triggers from the Wastes, as a unit
        if u < 0:
            if zone != td.zone:
                continue
        elif card >= 0 and td.zone != Z_WASTES:
            continue
        # who: a unit's event is read against the listening unit, else against its side
        if td.who == TW_ANY:
            hit = True
        elif cx.ev_unit >= 0 and u >= 0:
            if td.who == TW_SELF: hit = cx.ev_unit == u
            elif td.who == TW_ALLY: hit = cx.ev_unit != u and unit_side(cx.ev_unit) == mine
            else: hit = unit_side(cx.ev_unit) != mine
        elif td.who == TW_FOE:
            hit = cx.ev_side != mine
        else:
            hit = cx.ev_side == mine
        if not hit:
            continue
        if td.card_kind >= 0 and td.card_kind != cx.ev_card_kind:
            continue
        self_unit = u if u >= 0 else leader_of(st, owner)
        if td.filters and not _filters_hold(cx, td, card, self_unit, mine):
            continue
        # V03: a card's trigger (a character's too) reads and counts with its card
        outer_card = cx.card
        cx.card = card
        if td.cond >= 0 and _eval(st, tb, cx, td.cond, owner, self_unit,
                                  cx.ev_unit if cx.ev_unit >= 0 else TGT_NONE) == 0:
            cx.card = outer_card
            continue
        if (td.once != TL_NONE or td.every > 0) and (card >= 0 or st.units[u].alive):
            # a card's count goes with its instance, a unit's with the unit (the compiler
            # allows one limited trigger an item, and none on a status); a unit that died of
            # the event keeps no count: its slot is empty now
            if card >= 0:
                count = &st.card_tcount[card]
                when = &st.card_tstamp[card]
            else:
                count = &st.units[u].tcount
                when = &st.units[u].tstamp
            stamp = st.round * 2 + st.active
            if td.once != TL_NONE:
                if count[0] > 0 and (td.once == TL_MATCH or when[0] == stamp):
                    continue
                count[0] = 1
                when[0] = <int16_t>stamp
            else:
                if td.per == TL_TURN and when[0] != stamp:
                    count[0] = 0
                when[0] = <int16_t>stamp
                count[0] += 1
                if count[0] < td.every:
                    continue
                count[0] = 0
        cx.trig_budget[owner] -= 1
        run_program(st, cx, td.prog, owner, self_unit,
                    cx.ev_unit if cx.ev_unit >= 0 else TGT_NONE)
        cx.card = outer_card
        if (st.outcome != OUT_NONE and cx.ev_kind != TR_MATCH_END) \
                or (own_resolution and check_outcome(st, cx) != OUT_NONE):
            return True
        if cx.trig_budget[owner] <= 0:
            return cx.trig_budget[1 - owner] <= 0
    return False
