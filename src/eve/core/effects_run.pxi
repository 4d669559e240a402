# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): the interpreter: a program's instructions run one after another (P06: its self, target
# and source bound by identity).

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
    """Run a program from instruction `pc`: from 0, or where a choice suspended it (C01). The
    instructions' work is done by group (_on_units, _on_cards, _on_counts: inlined here).

    P06: its `self`, target and event source are the units they were when the program began,
    bound by identity (uid), not by slot: one that has left play, or whose slot another unit
    took meanwhile, is gone for every later instruction (`me`, `tg` and `src` below: nothing to
    select, attributes 0, no source for a hit or a grant), as between Stack items (S03)."""
    cdef const Tables* tb = cx.tb
    cdef const int16_t* ins
    cdef int op, sel, a, b, v, length, me, tg, src
    cdef int source = cx.ev_source, source_uid = uid_of(st, cx.ev_source)
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
            _on_units(st, cx, op, sel, a, b, side, me, tg, src)
        elif op == OP_CHOOSE or op == OP_CHOOSE_MODE or op == OP_DISCOVER:
            # the player's resolution waits here for a choice (C01); everyone else decides at once
            pc = begin_choice(st, cx, prog, pc - 1, a, side, self_unit, self_uid, target, target_uid)
            if st.choice.kind != CH_NONE:
                return
        elif op == OP_SUMMON or op == OP_ADD_COUNTER or op == OP_SET_COUNTER or op == OP_TASK:
            _on_counts(st, cx, op, a, b, side)
        elif op == OP_REINTENT:
            compute_intent(st, cx)      # N11: the shown intent replaced before anyone decides
        elif op == OP_END_TURN:
            _end_turn(st, cx, side)
        elif op == OP_SPLIT:
            split_units(st, cx, sel, a, b, side, me, tg, src)
        else:
            _on_cards(st, cx, prog, op, sel, a, b, side, me, tg, src)
    if cx.shuffled:
        shuffled(st, cx)


cdef inline void _on_units(State* st, Ctx* cx, int op, int sel, int a, int b, int side, int me,
                           int tg, int src) noexcept nogil:
    """damage, heal, shield, poison, status, remove_status and buff, on the selected units."""
    cdef const Tables* tb = cx.tb
    cdef int16_t units[MAX_UNITS]
    cdef int n, k, u, i, v, g
    cdef Unit* t
    cdef int16_t kill = 0
    # status and buff: above the status index (a buff's max hp), `until` + 1 (A04: held by the
    # source; A06: until the turn's end)
    cdef int lasting = until_of(b) if op == OP_STATUS or op == OP_BUFF else 0
    n = _select_units(st, tb, sel, side, me, tg, src, units)
    if sel >= SEL_RANDOM_FOE:
        n = _pick_random(st, units, n)
    if op == OP_STATUS or op == OP_BUFF:
        b = until_arg(b)
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
            g = a
            if tb.n_shield_st and a > 0 and tb.statuses[v].absorb:
                g = shield_gain(st, tb, u, a)     # D02: a gain of shield, this unit's
            if lasting:
                _lasting(st, cx, me, u, v, g, lasting)
            else:
                add_status(st, cx, u, v, g)
            if t.status[v] > i:
                fire_event(st, cx, TR_STATUS_APPLIED, unit_side(u), u, t.status[v] - i, v,
                           t.max_hp, unit_power(st, tb, u), False)
        elif op == OP_REMOVE_STATUS:
            add_status(st, cx, u, b, -a)
        elif lasting:
            _lasting(st, cx, me, u, GRANT_POWER, a, lasting)
            if b > 0:
                _lasting(st, cx, me, u, GRANT_MAX_HP, b, lasting)     # A06 (E23's hp)
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


cdef inline void _end_turn(State* st, Ctx* cx, int side) noexcept nogil:
    """T21: the side running the program ends its own turn, if not at its End already: the
    phase becomes End here, and the game's run loop (rules._run) resolves the Stack before it
    looks at the phase, so the program's rest and the Stack resolve first, then End runs."""
    if side == st.active and st.phase != PH_END:
        st.phase = PH_END
        emit(cx, EV_PHASE, side, PH_END, st.round, 0, 0)


cdef inline void _on_counts(State* st, Ctx* cx, int op, int a, int b, int side) noexcept nogil:
    """summon, add_counter, set_counter and task: what a program adds to the match's counts."""
    cdef const Tables* tb = cx.tb
    cdef int i
    if op == OP_SUMMON:
        for i in range(b if b > 0 else 1):
            summon_unit(st, cx, side, a, -1)
    elif op == OP_ADD_COUNTER or op == OP_SET_COUNTER:
        # V02: b is the counter's index, -1 this card's own (none where no card runs it)
        if b >= 0:
            st.counters[b] = _counter(st.counters[b] + a if op == OP_ADD_COUNTER else a)
        elif cx.card >= 0:
            st.card_counter[cx.card] = _counter(
                st.card_counter[cx.card] + a if op == OP_ADD_COUNTER else a)
    else:
        # W04: only `effect` goals take progress from an instruction; the others count
        # their own events (the compiler refuses a named task of another goal)
        for i in range(MAX_TASKS):
            if st.tasks[i].active and (a < 0 or st.tasks[i].def_id == a) \
                    and tb.tasks[st.tasks[i].def_id].goal == G_EFFECT:
                _task_add(st, cx, i, side, b)


cdef inline void _on_cards(State* st, Ctx* cx, int prog, int op, int sel, int a, int b, int side,
                           int me, int tg, int src) noexcept nogil:
    """draw, discard, exile, return, destroy, counter, put, deploy, mill, create and copy: the
    instructions that move cards (exile a character too)."""
    cdef int16_t units[MAX_UNITS]
    cdef int n, k, u, c, i
    if op == OP_DRAW:
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
            n = _select_units(st, cx.tb, sel, side, me, tg, src, units)
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
        c = -1 if side != PLAYER else (_this_card_in(st, cx, Z_VOID) if sel == SEL_THIS_CARD
                                       else _select_card(st, sel, tg, Z_VOID))
        if c >= 0:
            move_card(st, cx, c, Z_RIFT, True)     # Void -> Rift: only by an explicit effect
    elif op == OP_DESTROY:
        c = (_this_card_in(st, cx, Z_LATTICE) if sel == SEL_THIS_CARD
             else _select_card(st, sel, tg, Z_LATTICE))
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
        # b: the place, and for create the card def (create_def)
        c = create_def(b) if op == OP_CREATE else _chosen_card(st, cx, prog, sel, tg)
        if c >= 0 and op == OP_COPY:
            c = st.card_def[c]
        if c >= 0 and (side == PLAYER or create_place(b) != PL_RIFT):
            for k in range(a):
                if create_card(st, cx, c, create_place(b)) < 0:
                    break
