# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): the damage pipeline (P01: modifiers, shield, hp, the hit's bound) and the statuses:
# power, stacks, their turn ticks, healing.

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


cdef int shield_gain(const State* st, const Tables* tb, int u, int n) noexcept nogil:
    """D02: a gain of `n` of an absorbing status (shield) by an instruction, as unit `u`'s
    statuses change it: add (`shield_add`, stacks x each), then multiply (`shield_pct` while it
    has a stack, each rounded down), in status order, saturated as the damage pipeline's steps
    are (P01)."""
    cdef const Unit* t = &st.units[u]
    cdef long long v = n
    cdef int i, s
    for i in range(tb.n_shield_st):
        s = tb.shield_st[i]
        v += <long long>t.status[s] * tb.statuses[s].shield_add
    v = _sat(v)
    for i in range(tb.n_shield_st):
        s = tb.shield_st[i]
        if v > 0 and t.status[s] > 0:
            v = _sat(v * tb.statuses[s].shield_pct // 100)
    return <int>v


cdef inline int _capped(const Unit* t, const Tables* tb, int n) noexcept nogil:
    """D03: the hit held to the lowest `cap` of the statuses the unit has a stack of."""
    cdef int i, s, c
    for i in range(tb.n_damage_st):
        s = tb.damage_st[i]
        c = tb.statuses[s].cap
        if c and c < n and t.status[s] > 0:
            n = c
    return n


cdef int deal_damage(State* st, Ctx* cx, int u, int n, int by_side, int src, bint pierce) noexcept nogil:
    """One damage pipeline (docs/rules.md D01): add, multiply, cap (D03), then prevent (`negate` statuses
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
        if tb.caps and n > 0:
            n = _capped(t, tb, n)
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
    cdef int base = side * UNITS_PER_SIDE, i, nh = st.n_hero_slots[side]
    # the statuses that tick or decay at this timing, in index order: the others do nothing now
    cdef int n_timed = tb.n_start_st if timing == ST_TURN_START else tb.n_end_st
    cdef const int16_t* timed = &tb.start_st[0] if timing == ST_TURN_START else &tb.end_st[0]
    if n_timed == 0:
        return
    # the side's hero slots, then its lanes: the slots past them are never used. Most slots are
    # empty or hold no timed status: two plain loops find the few that do
    for i in range(base, base + nh):
        if st.units[i].alive and _has_any(&st.units[i], timed, n_timed):
            _unit_status_turn(st, cx, side, timing, i, timed, n_timed)
    for i in range(base + CHAR_BASE, base + CHAR_BASE + tb.cfg.lanes):
        if st.units[i].alive and _has_any(&st.units[i], timed, n_timed):
            _unit_status_turn(st, cx, side, timing, i, timed, n_timed)


cdef void _unit_status_turn(State* st, Ctx* cx, int side, int timing, int u, const int16_t* timed,
                            int n_timed) noexcept nogil:
    """status_turn for one unit that holds a stack of some status of `timed`."""
    cdef const Tables* tb = cx.tb
    cdef const StatusDef* d
    cdef int j, k, s, keep
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
                return
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
