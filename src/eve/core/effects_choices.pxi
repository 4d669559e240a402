# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): choices during resolution (rules C01-C06): a program suspended on a choice, its
# options, and its resumption.

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
    cdef int op = ins[0], i, k, m, x, pc, c, filt
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
        z = &st.zones[_choice_zone(choose_from(ins[1]))]
        filt = choose_filter(ins[1])
        k = 0
        if choose_from(ins[1]) == CF_ARCHIVE_TOP:
            # every card looked at is seen (Z28); only those passing the filter are offered (G04)
            m = reveal_top(st, cx, choose_look(ins[3]))
            for i in range(m):
                c = z.c[z.n - 1 - i]                # top first
                if card_passes(st, tb, filt, c):
                    ch.opts[k] = c; k += 1
        else:
            for i in range(z.n):
                c = z.c[i]
                if card_passes(st, tb, filt, c):
                    ch.opts[k] = c; k += 1
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
