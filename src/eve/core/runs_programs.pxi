# Included by runs.pyx: the run's purse, deck and Relics, event and site options (U11, U12,
# U14) and run programs (U19, U20): the same instruction words as a match's programs, the
# run-level rows of eve.core.instructions, run between fights and never in a match.

cdef void change_aurorune(RunState* rs, Ctx* cx, int delta) noexcept nogil:
    cdef int before = rs.aurorune
    rs.aurorune = _clamp(rs.aurorune + delta, 0, RUN_LIMIT)
    if rs.aurorune != before:
        _event(rs, cx, EV_RUN_AURORUNE, rs.aurorune - before, rs.aurorune, 0, 0)


cdef bint is_upgradable(const RunTables* rt, int card) noexcept nogil:
    return 0 <= card < rt.n_cards and rt.cards[card].upgrade >= 0


cdef void add_card(RunState* rs, const RunTables* rt, Ctx* cx, int card) noexcept nogil:
    if card < 0 or rs.n_deck >= rt.cfg.deck_cap:
        return
    rs.deck[rs.n_deck] = card
    rs.n_deck += 1
    _event(rs, cx, EV_RUN_CARD, card, 0, card, 0)


cdef void remove_card(RunState* rs, Ctx* cx, int d) noexcept nogil:
    cdef int i, card
    if not 0 <= d < rs.n_deck:
        return
    card = rs.deck[d]
    for i in range(d, rs.n_deck - 1):
        rs.deck[i] = rs.deck[i + 1]
    rs.n_deck -= 1
    rs.deck[rs.n_deck] = 0
    _event(rs, cx, EV_RUN_CARD, card, 1, -1, 0)


cdef void upgrade_card(RunState* rs, const RunTables* rt, Ctx* cx, int d) noexcept nogil:
    cdef int card
    if not 0 <= d < rs.n_deck or not is_upgradable(rt, rs.deck[d]):
        return
    card = rs.deck[d]
    rs.deck[d] = rt.cards[card].upgrade
    _event(rs, cx, EV_RUN_CARD, card, 2, rs.deck[d], 0)


cdef void gain_relic(RunState* rs, const RunTables* rt, Ctx* cx, int card) noexcept nogil:
    """A Relic joins the run (U20: it starts every later fight on the Lattice) and its
    `picked_up` program runs; one the run holds already, or past the cap, is not gained."""
    cdef int i, prog
    if card < 0 or rs.n_relics >= rt.cfg.relic_cap:
        return
    for i in range(rs.n_relics):
        if rs.relics[i] == card:
            return
    rs.relics[rs.n_relics] = card
    rs.n_relics += 1
    _event(rs, cx, EV_RUN_RELIC, card, 0, 0, 0)
    prog = rt.cards[card].run[RE_PICKED_UP] if card < rt.n_cards else -1
    if prog >= 0:
        run_program(rs, rt, cx, prog)


cdef void fire_relics(RunState* rs, const RunTables* rt, Ctx* cx, int event) noexcept nogil:
    """U20: each Relic held, in the order gained, runs its program for the run event."""
    cdef int i, prog, n = rs.n_relics
    for i in range(n):
        prog = rt.cards[rs.relics[i]].run[event]
        if prog >= 0 and rs.outcome == OUT_NONE:
            run_program(rs, rt, cx, prog)


# ---------------------------------------------------------------- options (U11, U12, U14)

cdef int run_value(const RunState* rs, int what) noexcept nogil:
    cdef int i, v = 0
    if what == RV_AURORUNE:
        return rs.aurorune
    if what == RV_PARTY:
        return _living(rs)
    if what == RV_DECK:
        return rs.n_deck
    if what == RV_ACT:
        return rs.act + 1
    if what == RV_FLOOR:
        return rs.floor + 1
    if what == RV_RELICS:
        return rs.n_relics
    for i in range(rs.n_party):
        if rs.party[i].alive:
            v += rs.party[i].hp if what == RV_HP else rs.party[i].max_hp
    return v


cdef bint _holds(int v, int cmp, int n) noexcept nogil:
    if cmp == CMP_GE: return v >= n
    if cmp == CMP_LE: return v <= n
    if cmp == CMP_EQ: return v == n
    if cmp == CMP_NE: return v != n
    if cmp == CMP_GT: return v > n
    return v < n


cdef bint option_legal(const RunState* rs, const RunTables* rt, int opt) noexcept nogil:
    """An option may be taken when its condition holds, its costs can be paid (aurorune; hp
    that leaves every living hero standing) and what it asks the player to pick exists."""
    cdef const RunOption* o = &rt.options[opt]
    cdef int i
    if o.cond_value >= 0 and not _holds(run_value(rs, o.cond_value), o.cond_cmp, o.cond_n):
        return False
    if rs.aurorune < o.cost_aurorune:
        return False
    for i in range(rs.n_party):
        if rs.party[i].alive and rs.party[i].hp <= o.cost_hp:
            return False
    if o.target == RT_CARD:
        return rs.n_deck > 0
    if o.target == RT_UPGRADABLE:
        for i in range(rs.n_deck):
            if is_upgradable(rt, rs.deck[i]):
                return True
        return False
    return True


cdef void take_option(RunState* rs, const RunTables* rt, Ctx* cx, int opt, int pick) noexcept nogil:
    """Pay the option's costs, then run its program with the player's pick as `chosen_*`."""
    cdef const RunOption* o = &rt.options[opt]
    cdef int i
    cdef RunHero* h
    change_aurorune(rs, cx, -o.cost_aurorune)
    if o.cost_hp:
        for i in range(rs.n_party):
            h = &rs.party[i]
            if h.alive:
                h.hp = _clamp(h.hp - o.cost_hp, 1, h.max_hp)
                _event(rs, cx, EV_RUN_HERO, i, h.hp, h.ambition, h.morality)
    rs.chosen = pick if o.target != RT_NONE else -1
    if o.prog >= 0:
        run_program(rs, rt, cx, o.prog)
    rs.chosen = -1


# ---------------------------------------------------------------- run programs (U19)

cdef int _random_hero(RunState* rs) noexcept nogil:
    cdef int n = _living(rs), r, i
    if n == 0:
        return -1
    r = <int>sm_below(&rs.rng[RS_EVENTS], <uint32_t>n)
    for i in range(rs.n_party):
        if rs.party[i].alive:
            if r == 0:
                return i
            r -= 1
    return -1


cdef int _random_card(RunState* rs, const RunTables* rt, bint upgradable) noexcept nogil:
    cdef int n = 0, r, i
    for i in range(rs.n_deck):
        n += not upgradable or is_upgradable(rt, rs.deck[i])
    if n == 0:
        return -1
    r = <int>sm_below(&rs.rng[RS_EVENTS], <uint32_t>n)
    for i in range(rs.n_deck):
        if not upgradable or is_upgradable(rt, rs.deck[i]):
            if r == 0:
                return i
            r -= 1
    return -1


cdef void _hero_op(RunState* rs, const RunTables* rt, Ctx* cx, int op, int i, int n) noexcept nogil:
    cdef RunHero* h = &rs.party[i]
    cdef int share
    if op == OP_HEAL_SHARE:
        share = h.max_hp * n // 100
        h.hp = _clamp(h.hp + (share if share > 0 else 1), 1, h.max_hp)
    elif op == OP_RESTORE:
        h.hp = _clamp(h.hp + n, 1, h.max_hp)
    elif op == OP_HURT:
        h.hp = _clamp(h.hp - n, 1, h.max_hp)
    elif op == OP_MAX_HP:
        h.max_hp = _clamp(h.max_hp + n, 1, RUN_LIMIT)
        h.hp = _clamp(h.hp + n, 1, h.max_hp)
    elif op == OP_AMBITION:
        h.ambition = _ambition(h.ambition, n, rt.cfg.ambition_cap)
    elif op == OP_MORALITY:
        h.morality = _clamp(h.morality + n, -RATING_LIMIT, RATING_LIMIT)
    _event(rs, cx, EV_RUN_HERO, i, h.hp, h.ambition, h.morality)


cdef void run_program(RunState* rs, const RunTables* rt, Ctx* cx, int prog) noexcept nogil:
    """Run a run program: each instruction on the heroes or the deck card its selector picks.
    A `gain_relic`'s card is its def + 1 (0: a random Relic the run does not hold)."""
    cdef const Tables* tb = cx.tb
    cdef const int16_t* ins
    cdef int pc, op, sel, a, b, i, d, k
    for pc in range(tb.prog_len[prog]):
        ins = &tb.code[(tb.prog_off[prog] + pc) * INSTR_WORDS]
        op = ins[0]; sel = ins[1]; a = ins[2]; b = ins[3]
        if op == OP_END:
            return
        if op == OP_GAIN_AURORUNE:
            change_aurorune(rs, cx, a)
        elif op == OP_LOSE_AURORUNE:
            change_aurorune(rs, cx, -a)
        elif op == OP_ADD_CARD:
            k = a if a > 0 else 1
            while k > 0:
                add_card(rs, rt, cx, b)
                k -= 1
        elif op == OP_GAIN_RELIC:
            gain_relic(rs, rt, cx, b - 1 if b > 0 else
                       _draw_card(rs, rt, cx, &rs.rng[RS_EVENTS], NULL, True))
        elif op == OP_REMOVE_CARD or op == OP_UPGRADE_CARD:
            d = rs.chosen if sel == SEL_CHOSEN_CARD else \
                _random_card(rs, rt, op == OP_UPGRADE_CARD)
            if op == OP_REMOVE_CARD:
                remove_card(rs, cx, d)
            else:
                upgrade_card(rs, rt, cx, d)
        elif sel == SEL_PARTY:
            for i in range(rs.n_party):
                if rs.party[i].alive:
                    _hero_op(rs, rt, cx, op, i, a)
        else:
            i = rs.chosen if sel == SEL_CHOSEN_HERO else _random_hero(rs)
            if 0 <= i < rs.n_party and rs.party[i].alive:
                _hero_op(rs, rt, cx, op, i, a)
