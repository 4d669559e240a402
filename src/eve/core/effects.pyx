"""Damage, death, summons, tasks, Relic triggers, targets, and the effect-program interpreter.

An effect program is a int16_t list of 5-word instructions (op, selector, a, b, expression)
compiled from content; an amount or a condition written as an expression is a postfix list of
[op, arg] nodes in the content's expression pool, evaluated here on a small fixed stack. The
interpreter is the only code that changes the game because a card said so.
It never reads or writes the Action Meter or the Encounter's Initiative (seed 002: those are
selection-time state).
"""
from libc.string cimport memset, memmove, memcpy

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport emit
from eve.core.rng cimport sm_below
from eve.core.zones cimport move_card, draw_one, archive_top, put_card, create_card, reveal_top
from eve.core.codec cimport unit_side, is_hero, new_uid
from eve.core.operands cimport (attr_ref, attr_of, status_ref, status_of, choose_place,
                                choose_up_to, choose_look)


cdef inline int16_t sat_add(int x, int a) noexcept nogil:
    # statuses and counters saturate at the int16 ceiling instead of wrapping
    x += a
    return <int16_t>(32767 if x > 32767 else (0 if x < 0 else x))


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


cdef int unit_power(const State* st, const Tables* tb, int u) noexcept nogil:
    """A unit's power as attacks and expressions read it: its own, plus its statuses' `power`."""
    cdef const Unit* x = &st.units[u]
    cdef int p = x.power, i, s
    for i in range(tb.n_power_st):
        s = tb.power_st[i]
        p += x.status[s] * tb.statuses[s].power
    return 0 if p < 0 else (32767 if p > 32767 else p)


cdef void add_status(State* st, Ctx* cx, int u, int s, int n) noexcept nogil:
    """`n` more stacks (fewer when negative) of status `s`, held within [0, its max]."""
    cdef Unit* x = &st.units[u]
    cdef int v = x.status[s] + n, cap = cx.tb.statuses[s].max_stacks
    v = 0 if v < 0 else (cap if v > cap else v)
    if v != x.status[s]:
        x.status[s] = <int16_t>v
        emit(cx, EV_STATUS, unit_side(u), u, s, v, 0)


cdef inline long long _sat(long long v) noexcept nogil:
    # P01: one compare a step, and each step's operands stay small enough (the value at most
    # DAMAGE_LIMIT, a percentage at most 1,000) that the next one cannot overflow
    return 0 if v < 0 else (DAMAGE_LIMIT if v > DAMAGE_LIMIT else v)


cdef int _modified(const State* st, const Tables* tb, int src, int u, int n) noexcept nogil:
    """Damage after the pipeline's first two steps: add (the source's `dealt_add`, the target's
    `taken_add`), then multiply (`dealt_pct`, `taken_pct`, each rounded down), in status order.
    P01: the step's sum, then the value after each multiply, saturates within
    [0, DAMAGE_LIMIT]."""
    cdef const Unit* a = &st.units[src] if 0 <= src < MAX_UNITS else NULL
    cdef const Unit* t = &st.units[u]
    cdef const StatusDef* d
    cdef long long v = n
    cdef int i, s
    # the adds are summed before the bound (a bonus and a malus cancel out whatever their
    # index order): each term is at most 999 stacks x 99, so the sum is far inside 64 bits
    for i in range(tb.n_damage_st):
        s = tb.damage_st[i]
        d = &tb.statuses[s]
        if a != NULL:
            v += <long long>a.status[s] * d.dealt_add
        v += <long long>t.status[s] * d.taken_add
    v = _sat(v)
    if v == 0:
        return 0
    for i in range(tb.n_damage_st):
        s = tb.damage_st[i]
        d = &tb.statuses[s]
        if a != NULL and a.status[s] > 0:
            v = _sat(v * d.dealt_pct // 100)
        if t.status[s] > 0:
            v = _sat(v * d.taken_pct // 100)
    return <int>v


cdef int deal_damage(State* st, Ctx* cx, int u, int n, int by_side, int src, bint pierce) noexcept nogil:
    """One damage pipeline (docs/rules.md D01): add, multiply, then prevent (`negate` statuses
    stop the whole hit, then `absorb` statuses such as shield soak it up), then hp. `pierce`
    (poison, hp loss) skips all three. `src` is the unit dealing it, -1 for none. Returns the hp
    lost."""
    cdef const Tables* tb = cx.tb
    cdef Unit* t = &st.units[u]
    cdef int absorbed = 0, dealt, side = unit_side(u), i, s, k, max_hp, power, broken = -1
    cdef Unit ghost
    cdef bint died, piped
    if not t.alive or n <= 0:
        return 0
    if n > DAMAGE_LIMIT:
        # P01: a hit enters the pipeline within its bound (an attack's power plus a Relic's
        # bonus may pass it), before any event (an int16 amount) reads it
        n = DAMAGE_LIMIT
    if tb.listens[TR_BEFORE_DAMAGE_TAKEN] or tb.listens[TR_BEFORE_DAMAGE_DEALT]:
        # E24: what answers these acts before the pipeline reads the statuses, so that what it
        # gives (a shield, a Vulnerable) counts for this hit; a unit gone by then takes nothing
        i = t.uid
        _before_damage(st, cx, u, n, src)
        if not t.alive or t.uid != i:
            return 0
    # the pipeline's steps read only the damage statuses' stacks of the two units: without any,
    # they leave the hit as it is (already within DAMAGE_LIMIT)
    piped = not pierce and (_has_any(t, tb.damage_st, tb.n_damage_st) or (
            0 <= src < MAX_UNITS and _has_any(&st.units[src], tb.damage_st, tb.n_damage_st)))
    if piped:
        n = _modified(st, tb, src, u, n)
        for i in range(tb.n_damage_st):
            s = tb.damage_st[i]
            if n > 0 and tb.statuses[s].negate and t.status[s] > 0:
                absorbed += n
                n = 0
                add_status(st, cx, u, s, -1)
        for i in range(tb.n_damage_st):
            s = tb.damage_st[i]
            if n > 0 and tb.statuses[s].absorb and t.status[s] > 0:
                k = t.status[s] if t.status[s] < n else n
                absorbed += k
                n -= k
                add_status(st, cx, u, s, -k)
                if t.status[s] == 0:
                    broken = s
    dealt = t.hp if t.hp < n else n
    # statuses spent by the hit itself (a doubled attack spends its double): the hit is one
    # that got past the `negate`s, whatever it dealt
    if piped and (dealt > 0 or absorbed > 0):
        for i in range(tb.n_damage_st):
            s = tb.damage_st[i]
            if tb.statuses[s].spend == SX_TAKEN and t.status[s] > 0:
                add_status(st, cx, u, s, -1)
            if tb.statuses[s].spend == SX_DEALT and 0 <= src < MAX_UNITS and st.units[src].status[s] > 0:
                add_status(st, cx, src, s, -1)
    died = dealt == t.hp
    max_hp = t.max_hp
    # read for the events below only, and only when something listens to them
    power = (unit_power(st, tb, u) if tb.listens[TR_DIES] or tb.listens[TR_DAMAGE_TAKEN]
             or tb.listens[TR_SHIELD_BROKEN] else 0)
    if died and tb.listens[TR_DIES]:
        ghost = t[0]                # the unit as it was: its own triggers answer its death
    t.hp -= dealt
    emit(cx, EV_DAMAGE, side, u, dealt, absorbed, by_side)
    # W02: the damage's own consequence, the death, comes first; only then may a task reward
    # run, so it never meets a unit at 0 hp that has not fallen yet (it would fall twice, and
    # a reward aimed at the leader would be lost on it)
    if died:
        if is_hero(u):
            _hero_falls(st, cx, u)
        else:
            remove_character(st, cx, u, Z_ABYSS)
    if by_side != side:
        if dealt > 0:
            task_progress(st, cx, by_side, G_DAMAGE, dealt)
        if died:
            task_progress(st, cx, by_side, G_KILLS, 1)
    # E19: the death first, then what took and what dealt the damage
    # (each only when something listens: fire_event would return at once); the events name
    # the damage's source (one more than it, 0: none): a status's tick is dealt by no unit
    if broken >= 0 and not died and tb.listens[TR_SHIELD_BROKEN]:
        cx.nx_source = src + 1 if 0 <= src < MAX_UNITS and not cx.ticking else 0
        fire_event(st, cx, TR_SHIELD_BROKEN, side, u, absorbed, broken, max_hp, power, False)
    if died and tb.listens[TR_DIES]:
        cx.ghost = &ghost
        cx.ghost_u = u
        cx.nx_source = src + 1 if 0 <= src < MAX_UNITS and not cx.ticking else 0
        fire_event(st, cx, TR_DIES, side, u, dealt, -1, max_hp, power, False)
        cx.ghost = NULL
    if dealt > 0:
        if tb.listens[TR_DAMAGE_TAKEN]:
            cx.nx_source = src + 1 if 0 <= src < MAX_UNITS and not cx.ticking else 0
            fire_event(st, cx, TR_DAMAGE_TAKEN, side, u, dealt, -1, max_hp, power, False)
        # a status's tick is dealt by no unit (source `none`): nothing has dealt it
        if 0 <= src < MAX_UNITS and not cx.ticking and tb.listens[TR_DAMAGE_DEALT]:
            cx.nx_source = src + 1
            fire_event(st, cx, TR_DAMAGE_DEALT, unit_side(src), src, dealt, -1,
                       st.units[src].max_hp, unit_power(st, tb, src), False)
    if dealt > 0 and side == PLAYER and is_hero(u):
        fire_triggers(st, cx, TR_ALLY_HERO_DAMAGED, False)
    return dealt


cdef void _before_damage(State* st, Ctx* cx, int u, int n, int src) noexcept nogil:
    """`before_damage_taken` (the target's), then `before_damage_dealt` (the source's): a hit of
    `n` is about to enter the pipeline (rule E24)."""
    cdef const Tables* tb = cx.tb
    cdef bint dealer = 0 <= src < MAX_UNITS and not cx.ticking
    if tb.listens[TR_BEFORE_DAMAGE_TAKEN]:
        cx.nx_source = src + 1 if dealer else 0
        fire_event(st, cx, TR_BEFORE_DAMAGE_TAKEN, unit_side(u), u, n, -1, st.units[u].max_hp,
                   unit_power(st, tb, u), False)
    if dealer and st.units[u].alive and tb.listens[TR_BEFORE_DAMAGE_DEALT]:
        cx.nx_source = src + 1
        fire_event(st, cx, TR_BEFORE_DAMAGE_DEALT, unit_side(src), src, n, -1,
                   st.units[src].max_hp, unit_power(st, tb, src), False)


cdef inline bint _has_any(const Unit* x, const int16_t* which, int n) noexcept nogil:
    """Whether the unit has a stack of any of the statuses `which` (branch-free: mostly none)."""
    cdef int j, found = 0
    for j in range(n):
        found |= x.status[which[j]]
    return found != 0


cdef void status_turn(State* st, Ctx* cx, int side, int timing) noexcept nogil:
    """The statuses of `side`'s units at `timing` of its turn: unit by unit in slot order, status
    by status in index order, each ticks (its program, run for the unit by the side it helps or
    harms) and then decays, unless another status the unit has keeps it."""
    cdef const Tables* tb = cx.tb
    cdef const StatusDef* d
    cdef int base = side * UNITS_PER_SIDE, i, j, k, s, u, keep, nh = st.n_hero_slots[side]
    # the statuses that tick or decay at this timing, in index order: the others do nothing now
    cdef int n_timed = tb.n_start_st if timing == ST_TURN_START else tb.n_end_st
    cdef const int16_t* timed = &tb.start_st[0] if timing == ST_TURN_START else &tb.end_st[0]
    if n_timed == 0:
        return
    # the side's hero slots, then its lanes: the slots past them are never used
    for i in range(nh + tb.cfg.lanes):
        u = base + (i if i < nh else CHAR_BASE + i - nh)
        if not st.units[u].alive or not _has_any(&st.units[u], timed, n_timed):
            continue
        for j in range(n_timed):
            s = timed[j]
            d = &tb.statuses[s]
            if st.units[u].status[s] <= 0:
                continue
            if d.tick_at == timing and d.tick_prog >= 0:
                cx.ticking = 1
                if d.tick_loss:
                    # what the program does, in its order, without the interpreter (the
                    # stacks are an amount: at most 999)
                    if cx.shuffled:
                        shuffled(st, cx)
                    deal_damage(st, cx, u, st.units[u].status[s] if st.units[u].status[s] < 999
                                else 999, side if d.polarity == SP_BUFF else 1 - side, u, True)
                    if cx.shuffled:
                        shuffled(st, cx)
                else:
                    run_program(st, cx, d.tick_prog, side if d.polarity == SP_BUFF else 1 - side,
                                u, u)
                cx.ticking = 0
                if not st.units[u].alive:
                    break
            if d.decay_at == timing and st.units[u].status[s] > 0:
                keep = 0
                for k in range(tb.n_statuses):
                    if st.units[u].status[k] > 0 and (tb.statuses[k].keeps >> s) & 1:
                        keep = 1
                        break
                if not keep:
                    add_status(st, cx, u, s, -1 if d.decay_by == SD_ONE else -32767)


cdef int heal_unit(State* st, Ctx* cx, int u, int n, int by_side) noexcept nogil:
    cdef Unit* t = &st.units[u]
    cdef int gained
    if not t.alive or n <= 0:
        return 0
    gained = t.max_hp - t.hp
    if gained > n:
        gained = n
    t.hp += gained
    emit(cx, EV_HEAL, unit_side(u), u, gained, 0, by_side)
    if gained > 0:
        task_progress(st, cx, by_side, G_HEAL, gained)
        if cx.tb.listens[TR_HEALED]:
            _healed(st, cx, u, gained)
    return gained


cdef void _healed(State* st, Ctx* cx, int u, int gained) noexcept nogil:
    fire_event(st, cx, TR_HEALED, unit_side(u), u, gained, -1, st.units[u].max_hp,
               unit_power(st, cx.tb, u), False)


cdef int first_empty_lane(const State* st, const Tables* tb, int side) noexcept nogil:
    cdef int lane, base = side * UNITS_PER_SIDE + CHAR_BASE
    for lane in range(tb.cfg.lanes):
        if not st.units[base + lane].alive:
            return lane
    return -1


cdef int summon_unit(State* st, Ctx* cx, int side, int def_id, int lane) noexcept nogil:
    """A character from a unit def (no card): an Encounter summon or a token. -1 if no room."""
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
    c.hp = tb.units[def_id].hp
    c.max_hp = c.hp
    c.power = tb.units[def_id].power
    c.ready = 1 if (tb.units[def_id].keywords & KW_SWIFT) else 0
    c.uid = new_uid(st)
    emit(cx, EV_SUMMON, side, u, def_id, lane, 1)
    task_progress(st, cx, side, G_DEPLOY, 1)
    entered(st, cx, u)
    return u


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


cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil


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
        z = __builtin_ctz(<unsigned int>zones)
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
                z = __builtin_ctz(<unsigned int>zones)    # the lowest zone first
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


# ---------------- targets ----------------

# For each unit target spec (T_FOE .. T_ALLY_HERO), the groups it admits: bit 0 own heroes,
# bit 1 own characters, bit 2 foe heroes, bit 3 foe characters.
cdef int UNIT_GROUPS[T_ALLY_HERO + 1]
UNIT_GROUPS[T_NONE] = 0
UNIT_GROUPS[T_FOE] = 4 | 8
UNIT_GROUPS[T_ALLY] = 1 | 2
UNIT_GROUPS[T_ANY] = 1 | 2 | 4 | 8
UNIT_GROUPS[T_FOE_CHAR] = 8
UNIT_GROUPS[T_ALLY_CHAR] = 2
UNIT_GROUPS[T_FOE_HERO] = 4
UNIT_GROUPS[T_ALLY_HERO] = 1

# For each card target spec, the zone its card is chosen in (Z_NONE: not a card spec).
cdef int SPEC_ZONE[N_TARGET_SPECS]           # zero-initialized: Z_NONE
SPEC_ZONE[T_VOID_CARD] = Z_VOID
SPEC_ZONE[T_LATTICE_CARD] = Z_LATTICE
SPEC_ZONE[T_RIFT_CARD] = Z_RIFT
SPEC_ZONE[T_ABYSS_CARD] = Z_ABYSS
SPEC_ZONE[T_STACK_CARD] = Z_STACK

cdef bint _unit_matches(const State* st, int spec, int side, int u) noexcept nogil:
    """A living unit in one of the groups UNIT_GROUPS[spec] admits (spec T_FOE .. T_ALLY_HERO)."""
    cdef int group = (2 if unit_side(u) != side else 0) + (0 if is_hero(u) else 1)
    return st.units[u].alive != 0 and (UNIT_GROUPS[spec] >> group) & 1


cdef bint target_ok(const State* st, const Tables* tb, int spec, int side, int tgt) noexcept nogil:
    cdef int i
    if spec == T_NONE:
        return tgt == TGT_NONE
    if 0 < spec <= T_ALLY_HERO:         # a unit spec (UNIT_GROUPS)
        return 0 <= tgt < MAX_UNITS and _unit_matches(st, spec, side, tgt)
    if spec == T_FOE_STACK:
        i = tgt - TGT_STACK_BASE
        return 0 <= i < st.n_stack and TGT_STACK_BASE <= tgt < TGT_CARD_BASE \
            and not st.stack[i].dead and st.stack[i].side != side
    i = tgt - TGT_CARD_BASE
    if i < 0 or i >= st.n_cards:
        return False
    if spec == T_VOID_CARD:
        return st.card_zone[i] == Z_VOID
    if spec == T_LATTICE_CARD:
        return st.card_zone[i] == Z_LATTICE
    if spec == T_RIFT_CARD or spec == T_ABYSS_CARD or spec == T_STACK_CARD:
        return st.card_zone[i] == SPEC_ZONE[spec]
    return False


cdef int enum_targets(const State* st, const Tables* tb, int spec, int side, int16_t* out) noexcept nogil:
    """Every valid target of `spec` in a fixed order: own side's heroes then characters, then the
    other side's; Stack items bottom-up; cards in zone order."""
    cdef int n = 0, s, k, u, i, groups
    if spec == T_NONE:
        out[0] = TGT_NONE
        return 1
    if 0 < spec <= T_ALLY_HERO:         # a unit spec (UNIT_GROUPS)
        # whole groups the spec admits, so that only being alive is tested per unit, and
        # without a branch: this runs for every targeted card and ability at every decision
        groups = UNIT_GROUPS[spec]
        for k in range(2):
            s = side if k == 0 else 1 - side
            if groups & (1 << (2 * k)):
                for i in range(st.n_hero_slots[s]):
                    u = s * UNITS_PER_SIDE + i
                    out[n] = u
                    n += st.units[u].alive != 0
            if groups & (2 << (2 * k)):
                for i in range(tb.cfg.lanes):
                    u = s * UNITS_PER_SIDE + CHAR_BASE + i
                    out[n] = u
                    n += st.units[u].alive != 0
        return n
    if spec == T_FOE_STACK:
        for i in range(st.n_stack):
            if not st.stack[i].dead and st.stack[i].side != side:
                out[n] = TGT_STACK_BASE + i; n += 1
        return n
    if spec == T_VOID_CARD:
        for i in range(st.zones[Z_VOID].n):
            out[n] = TGT_CARD_BASE + st.zones[Z_VOID].c[i]; n += 1
        return n
    if spec == T_LATTICE_CARD:
        for i in range(st.zones[Z_LATTICE].n):
            out[n] = TGT_CARD_BASE + st.zones[Z_LATTICE].c[i]; n += 1
        return n
    if spec == T_RIFT_CARD or spec == T_ABYSS_CARD:
        s = SPEC_ZONE[spec]
        for i in range(st.zones[s].n):
            out[n] = TGT_CARD_BASE + st.zones[s].c[i]; n += 1
        return n
    if spec == T_STACK_CARD:
        # a countered item's card has left already: every card still on the Stack is live
        for i in range(st.n_stack):
            if st.stack[i].card >= 0 and st.card_zone[st.stack[i].card] == Z_STACK:
                out[n] = TGT_CARD_BASE + st.stack[i].card; n += 1
        return n
    return 0


# ---------------- the interpreter ----------------

cdef int _select_units(const State* st, const Tables* tb, int sel, int side, int self_unit,
                       int target, int source, int16_t* out) noexcept nogil:
    cdef int n = 0, i, u, s, foe = 1 - side
    if sel == SEL_TARGET:
        if 0 <= target < MAX_UNITS and st.units[target].alive:
            out[0] = target; return 1
        return 0
    if sel == SEL_SELF:
        if 0 <= self_unit < MAX_UNITS and st.units[self_unit].alive:
            out[0] = self_unit; return 1
        return 0
    if sel == SEL_OWN_LEADER or sel == SEL_FOE_LEADER:
        u = leader_of(st, side if sel == SEL_OWN_LEADER else foe)
        if u >= 0:
            out[0] = u; return 1
        return 0
    if sel == SEL_SOURCE:
        if 0 <= source < MAX_UNITS and st.units[source].alive:
            out[0] = source; return 1
        return 0
    if sel >= SEL_RANDOM_FOE:
        return _random_group(st, tb, sel, side, self_unit, out)
    s = foe if (sel == SEL_ALL_FOES or sel == SEL_ALL_FOE_CHARS) else side
    if sel == SEL_ALL_FOES or sel == SEL_ALL_ALLIES or sel == SEL_ALL_ALLY_HEROES:
        for i in range(st.n_hero_slots[s]):
            u = s * UNITS_PER_SIDE + i
            if st.units[u].alive:
                out[n] = u; n += 1
    if sel == SEL_ALL_FOES or sel == SEL_ALL_ALLIES or sel == SEL_ALL_FOE_CHARS or sel == SEL_ALL_ALLY_CHARS:
        for i in range(tb.cfg.lanes):
            u = s * UNITS_PER_SIDE + CHAR_BASE + i
            if st.units[u].alive:
                out[n] = u; n += 1
    return n


cdef int _random_group(const State* st, const Tables* tb, int sel, int side, int self_unit,
                       int16_t* out) noexcept nogil:
    """The units a random selector draws one of (rule E22), in slot order: heroes, then lanes."""
    cdef int n = 0, i, u
    cdef int s = 1 - side if sel <= SEL_RANDOM_FOE_CHAR else side
    cdef bint heroes = (sel == SEL_RANDOM_FOE or sel == SEL_RANDOM_FOE_HERO
                        or sel == SEL_RANDOM_ALLY or sel == SEL_RANDOM_OTHER_ALLY)
    cdef bint chars = sel != SEL_RANDOM_FOE_HERO
    cdef int other = self_unit if (sel == SEL_RANDOM_OTHER_ALLY
                                   or sel == SEL_RANDOM_OTHER_ALLY_CHAR) else -1
    if heroes:
        for i in range(st.n_hero_slots[s]):
            u = s * UNITS_PER_SIDE + i
            if st.units[u].alive and u != other:
                out[n] = u; n += 1
    if chars:
        for i in range(tb.cfg.lanes):
            u = s * UNITS_PER_SIDE + CHAR_BASE + i
            if st.units[u].alive and u != other:
                out[n] = u; n += 1
    return n


cdef inline int _pick_random(State* st, int16_t* units, int n) noexcept nogil:
    """One unit of a random selector's group, uniformly from the `shuffle` stream, as a random
    discard draws (E22): a group of one is taken without a draw, so a choice that is no choice
    reveals nothing to the search."""
    if n > 1:
        units[0] = units[sm_below(&st.rng[STREAM_SHUFFLE], <unsigned int>n)]
    return 1 if n > 0 else 0


cdef int _select_card(const State* st, int sel, int target, int zone) noexcept nogil:
    cdef int c
    if sel == SEL_TARGET:
        c = target - TGT_CARD_BASE
        if 0 <= c < st.n_cards and st.card_zone[c] == zone:
            return c
        return -1
    if sel == SEL_NEWEST_VOID and zone == Z_VOID and st.zones[Z_VOID].n > 0:
        return st.zones[Z_VOID].c[st.zones[Z_VOID].n - 1]
    if sel == SEL_NEWEST_LATTICE and zone == Z_LATTICE and st.zones[Z_LATTICE].n > 0:
        return st.zones[Z_LATTICE].c[st.zones[Z_LATTICE].n - 1]
    return -1


cdef int _chosen_card(const State* st, const Ctx* cx, int prog, int sel, int target) noexcept nogil:
    """The card a lifecycle instruction acts on: the chosen card while it is still in the zone
    its target spec chose it in, the newest card of the Void or the Lattice, or the event's
    card while it is a card in a zone (or on the Stack), not a character standing; else -1."""
    cdef const Tables* tb = cx.tb
    if sel == SEL_EVENT_CARD:
        if 0 <= cx.ev_card < st.n_cards and st.card_zone[cx.ev_card] != Z_WASTES \
                and st.card_zone[cx.ev_card] != Z_NONE:
            return cx.ev_card
        return -1
    if sel == SEL_TARGET:
        return _select_card(st, sel, target, SPEC_ZONE[tb.prog_target[prog]])
    if sel == SEL_NEWEST_VOID:
        return _select_card(st, sel, target, Z_VOID)
    if sel == SEL_NEWEST_LATTICE:
        return _select_card(st, sel, target, Z_LATTICE)
    return -1


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


cdef inline int16_t _counter(int v) noexcept nogil:
    # V02: a counter is held within [-COUNTER_LIMIT, COUNTER_LIMIT]
    return <int16_t>(COUNTER_LIMIT if v > COUNTER_LIMIT else (-COUNTER_LIMIT if v < -COUNTER_LIMIT else v))


cdef inline int _clip(long long v) noexcept nogil:
    # intermediate values stay far from overflow whatever the content multiplies
    return <int>(1000000 if v > 1000000 else (-1000000 if v < -1000000 else v))


cdef inline int _div(int x, int y) noexcept nogil:
    # toward zero, 0 for a 0 divisor: on non-negative operands, so that both builds (C and
    # Python division semantics) agree
    cdef int q
    if y == 0:
        return 0
    q = (x if x >= 0 else -x) // (y if y >= 0 else -y)
    return q if (x >= 0) == (y >= 0) else -q


cdef int _unit_attr(const State* st, const Tables* tb, int u, int attr) noexcept nogil:
    cdef const Unit* x
    if u < 0 or u >= MAX_UNITS or not st.units[u].alive:
        return 0
    x = &st.units[u]
    if attr == EA_HP: return x.hp
    if attr == EA_MAX_HP: return x.max_hp
    if attr == EA_POWER: return unit_power(st, tb, u)
    if attr == EA_SHIELD: return x.status[STATUS_SHIELD]
    if attr == EA_POISON: return x.status[STATUS_POISON]
    return 1                          # EA_ALIVE


cdef inline int _ref_unit(const State* st, int r, int side, int self_unit, int target) noexcept nogil:
    if r == ER_SELF:
        if self_unit == SELF_GONE:
            return -1                   # P06: a `self` that has left play reads as nothing
        return self_unit if 0 <= self_unit < MAX_UNITS else leader_of(st, side)
    if r == ER_TARGET:
        return target if 0 <= target < MAX_UNITS else -1
    if r == ER_OWN_LEADER:
        return leader_of(st, side)
    return leader_of(st, 1 - side)


cdef int _living(const State* st, int side, int first, int n) noexcept nogil:
    cdef int i, k = 0
    for i in range(first, first + n):
        k += st.units[side * UNITS_PER_SIDE + i].alive != 0
    return k


cdef int _count(const State* st, const Tables* tb, int what, int side) noexcept nogil:
    cdef int s
    if what == EC_ARCHIVE: return st.zones[Z_ARCHIVE].n
    if what == EC_RIFT: return st.zones[Z_RIFT].n
    if what == EC_LATTICE: return st.zones[Z_LATTICE].n
    if what == EC_ABYSS: return st.zones[Z_ABYSS].n
    if what == EC_VOID: return st.zones[Z_VOID].n
    if what == EC_STACK: return st.n_stack
    if what == EC_ALLY_CHARACTERS or what == EC_FOE_CHARACTERS:
        s = side if what == EC_ALLY_CHARACTERS else 1 - side
        return _living(st, s, CHAR_BASE, tb.cfg.lanes)
    s = side if what == EC_ALLY_HEROES else 1 - side
    return _living(st, s, 0, st.n_hero_slots[s])


cdef inline int _event_field(const Ctx* cx, int f) noexcept nogil:
    if cx == NULL or cx.ev_kind == 0:
        return 0
    if f == EE_AMOUNT: return cx.ev_amount
    if f == EE_MAX_HP: return cx.ev_max_hp
    if f == EE_POWER: return cx.ev_power
    if f == EE_HP: return cx.ev_hp
    if f == EE_CARD_KIND: return cx.ev_card_kind
    if f == EE_SIDE: return cx.ev_side
    if f == EE_SOURCE_SIDE: return unit_side(cx.ev_source) if cx.ev_source >= 0 else -1
    return (is_hero(cx.ev_source)) if cx.ev_source >= 0 else -1  # EE_SOURCE_HERO


cdef int eval_expr(const State* st, const Tables* tb, int at, int side, int self_unit,
                   int target) noexcept nogil:
    """The value of the expression at pool offset `at`, for a program run by `side`, outside a
    trigger (`event.` reads 0)."""
    return _eval(st, tb, NULL, at, side, self_unit, target)


cdef int _eval(const State* st, const Tables* tb, const Ctx* cx, int at, int side, int self_unit,
               int target) noexcept nogil:
    """eval_expr, with the event a trigger answers in `cx` (NULL or ev_kind 0: none). The
    compiler checked its nodes and that the stack never exceeds MAX_EXPR_DEPTH."""
    cdef int stack[MAX_EXPR_DEPTH]
    cdef int sp = 0, i, op, arg, x, y, u
    cdef int n = tb.expr[at]
    cdef const int16_t* node
    for i in range(n):
        node = &tb.expr[at + 1 + 2 * i]
        op = node[0]; arg = node[1]
        if op == E_CONST:
            stack[sp] = arg; sp += 1
        elif op == E_ATTR:
            u = _ref_unit(st, attr_ref(arg), side, self_unit, target)
            stack[sp] = _unit_attr(st, tb, u, attr_of(arg)); sp += 1
        elif op == E_STATUS:
            u = _ref_unit(st, status_ref(arg), side, self_unit, target)
            stack[sp] = st.units[u].status[status_of(arg)] if u >= 0 and st.units[u].alive else 0
            sp += 1
        elif op == E_COUNT:
            stack[sp] = _count(st, tb, arg, side); sp += 1
        elif op == E_ROUND:
            stack[sp] = st.round; sp += 1
        elif op == E_MY_TURN:
            stack[sp] = st.active == side; sp += 1
        elif op == E_KILLED:
            stack[sp] = cx != NULL and cx.killed; sp += 1
        elif op == E_VAR:
            stack[sp] = st.foe.vars[arg]; sp += 1
        elif op == E_COUNTER:
            stack[sp] = st.counters[arg]; sp += 1
        elif op == E_CARD_COUNTER:
            stack[sp] = st.card_counter[cx.card] if cx != NULL and cx.card >= 0 else 0; sp += 1
        elif op == E_EVENT and arg == EE_SOURCE_POWER:
            # read now: a unit's power is its own and its statuses' (0: no source)
            u = cx.ev_source if cx != NULL and cx.ev_kind != 0 else -1
            stack[sp] = unit_power(st, tb, u) if u >= 0 else 0; sp += 1
        elif op == E_EVENT:
            stack[sp] = _event_field(cx, arg); sp += 1
        elif op == E_NEG:
            stack[sp - 1] = -stack[sp - 1]
        elif op == E_NOT:
            stack[sp - 1] = 1 if stack[sp - 1] == 0 else 0
        elif op == E_CLAMP:
            sp -= 2
            x = stack[sp - 1]
            stack[sp - 1] = stack[sp] if x < stack[sp] else (stack[sp + 1] if x > stack[sp + 1] else x)
        else:
            sp -= 1
            x = stack[sp - 1]; y = stack[sp]
            if op == E_ADD: x = _clip(<long long>x + y)
            elif op == E_SUB: x = _clip(<long long>x - y)
            elif op == E_MUL: x = _clip(<long long>x * y)
            elif op == E_DIV: x = _div(x, y)
            elif op == E_MIN: x = x if x < y else y
            elif op == E_MAX: x = x if x > y else y
            elif op == E_LT: x = x < y
            elif op == E_LE: x = x <= y
            elif op == E_GT: x = x > y
            elif op == E_GE: x = x >= y
            elif op == E_EQ: x = x == y
            elif op == E_NE: x = x != y
            elif op == E_AND: x = (x != 0) and (y != 0)
            else: x = (x != 0) or (y != 0)      # E_OR
            stack[sp - 1] = x
    return stack[0] if sp > 0 else 0


cdef inline int uid_of(const State* st, int u) noexcept nogil:
    """The identity of the unit in slot `u` (0 for what is not a unit slot): a program binds
    its `self`, target and source by it (P06)."""
    return st.units[u].uid if 0 <= u < MAX_UNITS else 0


cdef void run_program(State* st, Ctx* cx, int prog, int side, int self_unit, int target) noexcept nogil:
    """Run effect program `prog` for `side`. `killed` (the expression) is the program's own: a
    program run inside it (a trigger) keeps its own and leaves this one's as it was."""
    cdef int16_t outer_killed = cx.killed
    if prog < 0:
        return
    cx.killed = 0
    run_from(st, cx, prog, 0, side, self_unit, uid_of(st, self_unit), target, uid_of(st, target))
    cx.killed = outer_killed


cdef void run_from(State* st, Ctx* cx, int prog, int pc, int side, int self_unit, int self_uid,
                   int target, int target_uid) noexcept nogil:
    """Run a program from instruction `pc`: from 0, or where a choice suspended it (C01).

    P06: its `self`, target and event source are the units they were when the program began,
    bound by identity (uid), not by slot: one that has left play, or whose slot another unit
    took meanwhile, is gone for every later instruction (`me`, `tg` and `src` below: nothing to
    select, attributes 0, no source for a hit or a grant), as between Stack items (S03)."""
    cdef const Tables* tb = cx.tb
    cdef const int16_t* ins
    cdef int16_t units[MAX_UNITS]
    cdef int op, sel, a, b, n, k, u, c, i, v, length, me, tg, src
    cdef int source = cx.ev_source, source_uid = uid_of(st, cx.ev_source)
    cdef Unit* t
    cdef int16_t kill
    cdef bint lasting
    if prog < 0:
        return
    length = tb.prog_len[prog]
    while pc < length:
        if cx.shuffled:
            shuffled(st, cx)        # the previous instruction shuffled the Archive
        me = self_unit if uid_of(st, self_unit) == self_uid else SELF_GONE
        tg = target if uid_of(st, target) == target_uid else TGT_NONE
        src = source if uid_of(st, source) == source_uid else -1
        ins = &tb.code[(tb.prog_off[prog] + pc) * INSTR_WORDS]
        pc += 1
        op = ins[0]; sel = ins[1]; a = ins[2]; b = ins[3]
        if op == OP_IF:
            # a: the instructions to skip when the condition fails (no condition: always)
            if ins[4] < 0 or _eval(st, tb, cx, ins[4], side, me, tg) == 0:
                pc += a
            continue
        if ins[4] >= 0:
            # an amount written as an expression, held to an amount's range
            v = _eval(st, tb, cx, ins[4], side, me, tg)
            v = 0 if v < 0 else (999 if v > 999 else v)
            if op == OP_SUMMON or op == OP_TASK:
                b = v
            else:
                a = v
            if op == OP_SUMMON and v == 0:
                continue
        if op == OP_DAMAGE or op == OP_HEAL or op == OP_SHIELD or op == OP_POISON or op == OP_BUFF \
                or op == OP_STATUS or op == OP_REMOVE_STATUS:
            n = _select_units(st, tb, sel, side, me, tg, src, units)
            if sel >= SEL_RANDOM_FOE:
                n = _pick_random(st, units, n)
            kill = 0
            # status and buff: above the status index (a buff's max hp), `until` (A04: held by
            # the source)
            lasting = (op == OP_STATUS or op == OP_BUFF) and b >= 256
            if op == OP_STATUS or op == OP_BUFF:
                b &= 255
            for k in range(n):
                u = units[k]
                t = &st.units[u]
                if not t.alive:
                    continue
                if op == OP_DAMAGE:
                    # b: pierce (hp loss, past the pipeline); the source's statuses apply
                    v = t.uid
                    deal_damage(st, cx, u, a, side, me, b != 0)
                    kill |= not t.alive or t.uid != v      # gone, or its lane refilled
                elif op == OP_HEAL:
                    heal_unit(st, cx, u, a, side)
                elif op == OP_SHIELD or op == OP_POISON or op == OP_STATUS:
                    v = STATUS_SHIELD if op == OP_SHIELD else (STATUS_POISON if op == OP_POISON else b)
                    i = t.status[v]
                    if lasting:
                        _lasting(st, cx, me, u, v, a)
                    else:
                        add_status(st, cx, u, v, a)
                    if t.status[v] > i:
                        fire_event(st, cx, TR_STATUS_APPLIED, unit_side(u), u, t.status[v] - i, v,
                                   t.max_hp, unit_power(st, tb, u), False)
                elif op == OP_REMOVE_STATUS:
                    add_status(st, cx, u, b, -a)
                elif lasting:
                    _lasting(st, cx, me, u, GRANT_POWER, a)
                else:
                    t.power = sat_add(t.power, a)
                    emit(cx, EV_STATUS, unit_side(u), u, -1, t.power, 0)
                    if b > 0:
                        # E23: max hp and hp rise together; no amount lowers them
                        t.max_hp = sat_add(t.max_hp, b)
                        t.hp = sat_add(t.hp, b)
                        emit(cx, EV_STATUS, unit_side(u), u, -2, t.max_hp, 0)
            if op == OP_DAMAGE:
                cx.killed = kill
        elif op == OP_DRAW:
            # E16: the side running the program draws; the Encounter has no deck (Z07), so a
            # draw of its own (a move, a response, a task reward it won) draws nothing
            if side == PLAYER:
                for k in range(a):
                    if draw_one(st, cx):
                        drawn(st, cx)
        elif op == OP_DISCARD:
            # the player's hand is the only hand: the Encounter's discard strikes it
            for k in range(a):
                n = st.zones[Z_RIFT].n
                if n == 0:
                    break
                i = <int>sm_below(&st.rng[STREAM_SHUFFLE], <unsigned int>n)
                c = st.zones[Z_RIFT].c[i]
                move_card(st, cx, c, Z_ABYSS, False)
                _card_moved(st, cx, c, Z_RIFT)
        elif op == OP_EXILE:
            if sel == SEL_NEWEST_LATTICE or (sel == SEL_TARGET and tg >= TGT_CARD_BASE):
                c = _select_card(st, sel, tg, Z_LATTICE)
                if c >= 0:
                    move_card(st, cx, c, Z_VOID, False)
                    _left_lattice(st, cx)
                    _card_moved(st, cx, c, Z_LATTICE)
            else:
                n = _select_units(st, tb, sel, side, me, tg, src, units)
                if sel >= SEL_RANDOM_FOE:
                    n = _pick_random(st, units, n)
                for k in range(n):
                    u = units[k]
                    if not is_hero(u) and st.units[u].alive:
                        c = st.units[u].card
                        remove_character(st, cx, u, Z_VOID)
                        if c >= 0:
                            _card_moved(st, cx, c, Z_WASTES)
        elif op == OP_RETURN:
            c = _select_card(st, sel, tg, Z_VOID) if side == PLAYER else -1
            if c >= 0:
                move_card(st, cx, c, Z_RIFT, True)     # Void -> Rift: only by an explicit effect
        elif op == OP_DESTROY:
            c = _select_card(st, sel, tg, Z_LATTICE)
            if c >= 0:
                move_card(st, cx, c, Z_ABYSS, False)
                _left_lattice(st, cx)
        elif op == OP_COUNTER:
            i = tg - TGT_STACK_BASE
            if TGT_STACK_BASE <= tg < TGT_CARD_BASE and 0 <= i < st.n_stack and not st.stack[i].dead:
                st.stack[i].dead = 1
                emit(cx, EV_COUNTER, side, i, st.stack[i].kind, st.stack[i].card, 0)
                if st.stack[i].card >= 0:
                    move_card(st, cx, st.stack[i].card, Z_ABYSS, False)
        elif op == OP_SUMMON:
            for k in range(b if b > 0 else 1):
                summon_unit(st, cx, side, a, -1)
        elif op == OP_PUT:
            # Z23: the player's zones are the only card zones, so the Encounter's put acts on
            # them too, but never into the Rift (it has no hand to fill: as its return, E16)
            c = _chosen_card(st, cx, prog, sel, tg)
            if c >= 0 and (side == PLAYER or b != PL_RIFT):
                i = st.card_zone[c]
                put_card(st, cx, c, b)
                if i == Z_LATTICE:
                    _left_lattice(st, cx)
                _card_moved(st, cx, c, i)
        elif op == OP_DEPLOY:
            if side == PLAYER:
                deploy_from_void(st, cx, _chosen_card(st, cx, prog, sel, tg))
        elif op == OP_MILL:
            # the player's Archive is the only one: the Encounter's mill strikes it (E16)
            for k in range(a):
                c = archive_top(st, cx)
                if c < 0:
                    break
                move_card(st, cx, c, Z_VOID if b == PL_VOID else Z_ABYSS, True)
                _card_moved(st, cx, c, Z_ARCHIVE)
        elif op == OP_CREATE or op == OP_COPY:
            # b: the place, and for create the card def above it (b = place + 8 * def)
            c = (b >> 3) if op == OP_CREATE else _chosen_card(st, cx, prog, sel, tg)
            if c >= 0 and op == OP_COPY:
                c = st.card_def[c]
            if c >= 0 and (side == PLAYER or (b & 7) != PL_RIFT):
                for k in range(a):
                    if create_card(st, cx, c, b & 7) < 0:
                        break
        elif op == OP_CHOOSE or op == OP_CHOOSE_MODE or op == OP_DISCOVER:
            # the player's resolution waits here for a choice (C01); everyone else decides at once
            pc = begin_choice(st, cx, prog, pc - 1, a, side, self_unit, self_uid, target, target_uid)
            if st.choice.kind != CH_NONE:
                return
        elif op == OP_ADD_COUNTER or op == OP_SET_COUNTER:
            # V02: b is the counter's index, -1 this card's own (none where no card runs it)
            if b >= 0:
                st.counters[b] = _counter(st.counters[b] + a if op == OP_ADD_COUNTER else a)
            elif cx.card >= 0:
                st.card_counter[cx.card] = _counter(
                    st.card_counter[cx.card] + a if op == OP_ADD_COUNTER else a)
        elif op == OP_TASK:
            # W04: only `effect` goals take progress from an instruction; the others count
            # their own events (the compiler refuses a named task of another goal)
            for i in range(MAX_TASKS):
                if st.tasks[i].active and (a < 0 or st.tasks[i].def_id == a) \
                        and tb.tasks[st.tasks[i].def_id].goal == G_EFFECT:
                    _task_add(st, cx, i, side, b)
    if cx.shuffled:
        shuffled(st, cx)


# ---------------- choices during resolution (rules C01-C06) ----------------

cdef int _choice_zone(int src) noexcept nogil:
    if src == CF_RIFT:
        return Z_RIFT
    if src == CF_ABYSS:
        return Z_ABYSS
    if src == CF_VOID:
        return Z_VOID
    if src == CF_LATTICE:
        return Z_LATTICE
    return Z_ARCHIVE


cdef int discover_rows(int pool) noexcept nogil:
    """The data rows after a `discover` instruction: its pool of card defs, INSTR_WORDS a row."""
    return (pool + INSTR_WORDS - 1) // INSTR_WORDS


cdef int choice_resume_pc(const Tables* tb, const Choice* ch, int option) noexcept nogil:
    """Where the program goes on once the choice at `ch.pc` is made: after the instruction (and
    a discover's pool rows), or, for a mode, at the start of its block. The blocks follow the
    choose_mode instruction, each behind a header (an unconditional `if` skip over the block and
    the jump after it to the end), so block m is found by skipping m headers' spans."""
    cdef const int16_t* ins = &tb.code[(tb.prog_off[ch.prog] + ch.pc) * INSTR_WORDS]
    cdef int pc = ch.pc + 1
    if ins[0] == OP_DISCOVER:
        return pc + discover_rows(ins[1])
    if ins[0] == OP_CHOOSE_MODE:
        while option > 0:
            pc += 1 + tb.code[(tb.prog_off[ch.prog] + pc) * INSTR_WORDS + 2]
            option -= 1
        return pc + 1
    return pc


cdef int begin_choice(State* st, Ctx* cx, int prog, int at, int n, int side, int self_unit,
                      int self_uid, int target, int target_uid) noexcept nogil:
    """The choice instruction at `at` offers its options (C02-C04) in st.choice. The player's
    resolution is suspended there (st.choice.kind != CH_NONE) until its `choose` actions make
    it; the Encounter (C05), a program run off the Stack and a match already decided take the
    first options at once. Returns where the program goes on when nothing waits."""
    cdef const Tables* tb = cx.tb
    cdef const int16_t* ins = &tb.code[(tb.prog_off[prog] + at) * INSTR_WORDS]
    cdef const int16_t* pool
    cdef Choice* ch = &st.choice
    cdef const Zone* z
    cdef int16_t drawn[MAX_DISCOVER_POOL]
    cdef int op = ins[0], i, k, m, x, pc
    memset(ch, 0, sizeof(Choice))
    ch.side = side
    ch.prog = prog
    ch.pc = at
    ch.self_unit = self_unit
    ch.target = target
    ch.self_uid = self_uid          # P07: what the program bound and has seen survive the wait
    ch.target_uid = target_uid
    ch.killed = cx.killed
    ch.item_card = -1
    ch.left = 1
    if op == OP_CHOOSE:
        ch.kind = CH_CARDS
        ch.place = choose_place(ins[3])
        ch.up_to = choose_up_to(ins[3])
        ch.left = n
        z = &st.zones[_choice_zone(ins[1])]
        if ins[1] == CF_ARCHIVE_TOP:
            k = reveal_top(st, cx, choose_look(ins[3]))
            for i in range(k):
                ch.opts[i] = z.c[z.n - 1 - i]       # top first
        else:
            k = z.n
            for i in range(k):
                ch.opts[i] = z.c[i]
        ch.n_opts = k
    elif op == OP_CHOOSE_MODE:
        ch.kind = CH_MODE
        ch.n_opts = n
        for i in range(n):
            ch.opts[i] = i
    else:
        # K distinct card defs of the pool, a partial Fisher-Yates on the `shuffle` stream
        ch.kind = CH_DISCOVER
        ch.place = ins[3]
        m = ins[1]
        pool = &tb.code[(tb.prog_off[prog] + at + 1) * INSTR_WORDS]
        for i in range(m):
            drawn[i] = pool[i]
        k = n if n < m else m
        for i in range(k):
            x = i + <int>sm_below(&st.rng[STREAM_SHUFFLE], <unsigned int>(m - i))
            drawn[i], drawn[x] = drawn[x], drawn[i]
            ch.opts[i] = drawn[i]
        ch.n_opts = k
    pc = choice_resume_pc(tb, ch, 0)
    if ch.left <= 0 or ch.n_opts == 0:
        memset(ch, 0, sizeof(Choice))
        return pc
    if side == PLAYER and st.trigger_depth == 0 and living_heroes(st, PLAYER) > 0 \
            and living_heroes(st, ENCOUNTER) > 0:
        return pc                                   # suspended: the player chooses
    while st.choice.kind != CH_NONE:
        pc = choice_take(st, cx, 0)
    return pc


cdef int choice_take(State* st, Ctx* cx, int i) noexcept nogil:
    """Take option `i` of the pending choice (CHOICE_STOP, or any index past the options: stop
    choosing). Returns -1 while more is to be chosen, else where the program goes on (the
    choice is then cleared)."""
    cdef Choice* ch = &st.choice
    cdef int c, pc
    if ch.kind == CH_CARDS and 0 <= i < ch.n_opts:
        c = ch.opts[i]
        ch.n_opts -= 1
        memmove(&ch.opts[i], &ch.opts[i + 1], (ch.n_opts - i) * sizeof(int16_t))
        ch.opts[ch.n_opts] = 0          # canonical: unused options are zero
        ch.left -= 1
        # as put (Z23): the Encounter never puts a card into the Rift
        if ch.side == PLAYER or ch.place != PL_RIFT:
            put_card(st, cx, c, ch.place)
            _left_lattice(st, cx)
        emit(cx, EV_CHOICE, ch.side, ch.kind, c, ch.left, 0)
        if ch.left > 0 and ch.n_opts > 0:
            return -1
        i = 0
    elif ch.kind == CH_DISCOVER and 0 <= i < ch.n_opts:
        if ch.side == PLAYER or ch.place != PL_RIFT:
            create_card(st, cx, ch.opts[i], ch.place)
        emit(cx, EV_CHOICE, ch.side, ch.kind, ch.opts[i], 0, 0)
    elif ch.kind == CH_MODE:
        i = ch.opts[i] if 0 <= i < ch.n_opts else 0
        emit(cx, EV_CHOICE, ch.side, ch.kind, i, 0, 0)
    else:
        emit(cx, EV_CHOICE, ch.side, ch.kind, -1, 0, 0)     # stopped
    pc = choice_resume_pc(cx.tb, ch, i if ch.kind == CH_MODE else 0)
    memset(ch, 0, sizeof(Choice))
    return pc


cdef void choice_choose(State* st, Ctx* cx, int i) noexcept nogil:
    """The player's `choose` action: option `i` of the pending choice. Once the choice is made
    the suspended program goes on where it stopped (it may stop again at its next choice, for
    the same Stack item)."""
    cdef Choice ch
    cdef int pc
    cdef int16_t outer_card = cx.card, outer_killed = cx.killed
    memcpy(&ch, &st.choice, sizeof(Choice))
    pc = choice_take(st, cx, i)
    if pc < 0:
        return
    cx.card = ch.item_card          # V03: a card's program goes on with its card
    cx.killed = ch.killed           # P07: and with its own `killed`
    run_from(st, cx, ch.prog, pc, ch.side, ch.self_unit, ch.self_uid, ch.target, ch.target_uid)
    cx.card = outer_card
    cx.killed = outer_killed
    if st.choice.kind != CH_NONE:
        st.choice.item_kind = ch.item_kind
        st.choice.item_card = ch.item_card


# ---------------- lasting grants: auras and `until` (rules A01-A05) ----------------
#
# A grant is what a source gave a unit (stacks of a status, or power) that lasts while the
# source stays: an item's aura (A01, A03) or an instruction's `until = "source_leaves"` (A04).
# They are kept in st.grants in the order they were made, and every change of what is in play
# that can end or start one (a unit leaves or enters, a Relic enters or leaves the Lattice)
# calls grants_update, only when the content has an aura or a grant stands: other content never
# reaches this code.

cdef inline void _left_lattice(State* st, Ctx* cx) noexcept nogil:
    if st.n_grants or cx.tb.n_auras:
        grants_update(st, cx)


cdef int _give(State* st, Ctx* cx, int u, int s, int n) noexcept nogil:
    """`n` more stacks of status `s` (or power, GRANT_POWER) for unit `u`, within their range;
    what it changed by."""
    cdef Unit* t = &st.units[u]
    cdef int before
    if s == GRANT_POWER:
        before = t.power
        t.power = sat_add(t.power, n)
        if t.power != before:
            emit(cx, EV_STATUS, unit_side(u), u, -1, t.power, 0)
        return t.power - before
    before = t.status[s]
    add_status(st, cx, u, s, n)
    return t.status[s] - before


cdef inline bint _grant_source_here(const State* st, const Grant* g) noexcept nogil:
    cdef int c
    if g.src < MAX_UNITS:
        return st.units[g.src].alive != 0 and st.units[g.src].uid == g.src_uid
    c = g.src - TGT_CARD_BASE
    return st.card_zone[c] == Z_LATTICE


cdef int _find_grant(const State* st, int src, int src_uid, int u, int s, int aura) noexcept nogil:
    cdef int i
    cdef const Grant* g
    for i in range(st.n_grants):
        g = &st.grants[i]
        if (g.src == src and g.src_uid == src_uid and g.unit == u and g.uid == st.units[u].uid
                and g.status == s and g.aura == aura):
            return i
    return -1


cdef int _add_grant(State* st, Ctx* cx, int src, int src_uid, int u, int s, int n, int aura) noexcept nogil:
    """Give and record (A05: one grant a source, unit, status and kind; a full table gives
    nothing). What was given."""
    cdef int i = _find_grant(st, src, src_uid, u, s, aura)
    cdef int k
    cdef Grant* g
    if i < 0:
        if st.n_grants >= MAX_GRANTS:
            return 0
        i = st.n_grants
        st.n_grants += 1
        g = &st.grants[i]
        g.src = <int16_t>src
        g.src_uid = <int16_t>src_uid
        g.unit = <int16_t>u
        g.uid = st.units[u].uid
        g.status = <int16_t>s
        g.stacks = 0
        g.aura = <int16_t>aura
    k = _give(st, cx, u, s, n)
    st.grants[i].stacks = sat_add(st.grants[i].stacks, k)
    return k


cdef int _lasting(State* st, Ctx* cx, int self_unit, int u, int s, int n) noexcept nogil:
    """A04: an instruction's stacks held by its source, the program's `self`: none when that is
    not a unit in play."""
    if not (0 <= self_unit < MAX_UNITS and st.units[self_unit].alive):
        return 0
    return _add_grant(st, cx, self_unit, st.units[self_unit].uid, u, s, n, 0)


cdef void _aura_from(State* st, Ctx* cx, int src, int src_uid, int self_unit, int side, int n,
                     int s, int who) noexcept nogil:
    """The units aura (n, s, who) of source `src` reaches that it has not given its stacks yet
    (A03): heroes in slot order, then characters in lane order."""
    cdef const Tables* tb = cx.tb
    cdef int t_side = 1 - side if who >= AW_FOES else side, i, u
    cdef bint heroes = who == AW_ALLIES or who == AW_OTHER_ALLIES or who == AW_ALLY_HEROES \
        or who == AW_FOES or who == AW_FOE_HEROES
    cdef bint chars = who != AW_ALLY_HEROES and who != AW_FOE_HEROES
    cdef bint other = who == AW_OTHER_ALLIES or who == AW_OTHER_ALLY_CHARS
    for i in range(st.n_hero_slots[t_side] if heroes else 0):
        u = t_side * UNITS_PER_SIDE + i
        if st.units[u].alive and not (other and u == self_unit) \
                and _find_grant(st, src, src_uid, u, s, 1) < 0:
            _add_grant(st, cx, src, src_uid, u, s, n, 1)
    for i in range(tb.cfg.lanes if chars else 0):
        u = t_side * UNITS_PER_SIDE + CHAR_BASE + i
        if st.units[u].alive and not (other and u == self_unit) \
                and _find_grant(st, src, src_uid, u, s, 1) < 0:
            _add_grant(st, cx, src, src_uid, u, s, n, 1)


cdef void grants_update(State* st, Ctx* cx) noexcept nogil:
    """A02: the grants whose source left are taken back (at most what their unit still has of
    them), in the order they were made, and those whose unit left are dropped; then A03: every
    aura in play reaches the units it does not reach yet, sources in a fixed order (each side,
    the player first: heroes in slot order, characters in lane order; then the player's
    Lattice in its order)."""
    cdef const Tables* tb = cx.tb
    cdef const Grant* g
    cdef Unit* t
    cdef int i, k = 0, have, s, u, d, c
    for i in range(st.n_grants):
        g = &st.grants[i]
        t = &st.units[g.unit]
        if not t.alive or t.uid != g.uid:
            continue                    # its unit left: nothing to take back
        if not _grant_source_here(st, g):
            have = t.power if g.status == GRANT_POWER else t.status[g.status]
            _give(st, cx, g.unit, g.status, -(g.stacks if g.stacks < have else have))
            continue
        if k != i:
            st.grants[k] = st.grants[i]
        k += 1
    if k != st.n_grants:
        memset(&st.grants[k], 0, (st.n_grants - k) * sizeof(Grant))
        st.n_grants = <int16_t>k
    if tb.n_auras == 0:
        return
    for s in range(2):
        for i in range(st.n_hero_slots[s]):
            u = s * UNITS_PER_SIDE + i
            d = st.units[u].def_id
            if st.units[u].alive and tb.heroes[d].aura_n:
                _aura_from(st, cx, u, st.units[u].uid, u, s, tb.heroes[d].aura_n,
                           tb.heroes[d].aura_status, tb.heroes[d].aura_who)
        for i in range(tb.cfg.lanes):
            u = s * UNITS_PER_SIDE + CHAR_BASE + i
            if not st.units[u].alive:
                continue
            d = st.units[u].def_id
            if st.units[u].is_token:
                if tb.units[d].aura_n:
                    _aura_from(st, cx, u, st.units[u].uid, u, s, tb.units[d].aura_n,
                               tb.units[d].aura_status, tb.units[d].aura_who)
            elif tb.cards[d].aura_n:
                _aura_from(st, cx, u, st.units[u].uid, u, s, tb.cards[d].aura_n,
                           tb.cards[d].aura_status, tb.cards[d].aura_who)
    for i in range(st.zones[Z_LATTICE].n):
        c = st.zones[Z_LATTICE].c[i]
        d = st.card_def[c]
        if tb.cards[d].aura_n:
            _aura_from(st, cx, TGT_CARD_BASE + c, 0, -1, PLAYER, tb.cards[d].aura_n,
                       tb.cards[d].aura_status, tb.cards[d].aura_who)


cdef void grants_reset(State* st, Ctx* cx) noexcept nogil:
    """Every grant taken back (as when its source leaves), then the auras in play given afresh:
    a position built by hand (eve.testing.scenario), as if everything in it had arrived."""
    cdef int i
    cdef const Grant* g
    cdef Unit* t
    cdef int have
    for i in range(st.n_grants):
        g = &st.grants[i]
        t = &st.units[g.unit]
        if t.alive and t.uid == g.uid:
            have = t.power if g.status == GRANT_POWER else t.status[g.status]
            _give(st, cx, g.unit, g.status, -(g.stacks if g.stacks < have else have))
    memset(st.grants, 0, sizeof(st.grants))
    st.n_grants = 0
    if cx.tb.n_auras:
        grants_update(st, cx)
