# Included by effects.pyx (one translation unit): the Encounter's intent (rules N02, N05, N06,
# N08-N11): the phase its script plays, the entry and the pick it takes, the random parts
# drawn when it is shown, and the targets and lanes its moves pick. Here, not in encounter.pyx,
# because the interpreter decides the intent anew (`reintent`), and encounter.pyx, which makes
# the moves, reads the interpreter: one direction of imports.

cdef bint _cond_holds(State* st, const Tables* tb, const Move* m) noexcept nogil:
    cdef int u, i, n
    if m.cond == COND_RANDOM_PCT:
        return <int>sm_below(&st.rng[STREAM_ENCOUNTER], 100) < m.cond_arg
    if m.cond == COND_OWN_HP_BELOW_PCT:
        u = leader_of(st, ENCOUNTER)
        return u >= 0 and st.units[u].hp * 100 < m.cond_arg * st.units[u].max_hp
    if m.cond == COND_FOE_CHARS_AT_LEAST:
        n = 0
        for i in range(tb.cfg.lanes):
            if st.units[CHAR_BASE + i].alive:
                n += 1
        return n >= m.cond_arg
    if m.cond == COND_ROUND_AT_LEAST:
        return st.round >= m.cond_arg
    if m.cond == COND_EXPR:
        u = leader_of(st, ENCOUNTER)
        return eval_expr(st, tb, m.cond_arg, ENCOUNTER, u, TGT_NONE) != 0
    return False


cdef inline int _leaf(State* st, const Tables* tb, const EncDef* e) noexcept nogil:
    """The phase the script plays now: from the root down, the first phase of each list whose
    condition holds (the last of a list has none, so one always does)."""
    cdef int p = e.root, c, i, _, u
    if tb.parts[p].n_children == 0:
        return p                    # a plain script: one phase, nothing to read
    u = leader_of(st, ENCOUNTER)
    for _ in range(MAX_PHASE_DEPTH + 1):
        if tb.parts[p].n_children == 0:
            break
        c = tb.parts[p].first_child
        p = c + tb.parts[p].n_children - 1
        for i in range(c, p):
            if eval_expr(st, tb, tb.parts[i].cond, ENCOUNTER, u, TGT_NONE) != 0:
                p = i
                break
    return p


cdef inline bint _spent(const State* st, const Tables* tb, int k) noexcept nogil:
    # made its `max_repeats` times in a row, whatever phase it was written in (N06, N09)
    return (tb.moves[k].max_repeats > 0 and st.foe.repeats >= tb.moves[k].max_repeats
            and same_move(tb, k, st.foe.last_move))


cdef inline int _pick(State* st, const Tables* tb, const ScriptEntry* en) noexcept nogil:
    """A weighted draw among the entry's options, from the Encounter stream, leaving out an
    option made `max_repeats` times in a row (a pick has two options or more of weight 1 or
    more, each a move of its own (the compiler refuses one name twice), and at most one is
    left out, so the total is never 0)."""
    cdef int k, total = 0, r, last = en.first_opt + en.n_opts - 1
    for k in range(en.first_opt, en.first_opt + en.n_opts):
        if not _spent(st, tb, k):
            total += tb.moves[k].weight
    r = <int>sm_below(&st.rng[STREAM_ENCOUNTER], <unsigned int>total)
    for k in range(en.first_opt, en.first_opt + en.n_opts):
        if _spent(st, tb, k):
            continue
        if r < tb.moves[k].weight:
            return k
        r -= tb.moves[k].weight
    return last


cdef inline const ScriptEntry* _entry(State* st, const Tables* tb, int part) noexcept nogil:
    """The script entry the intent is taken from: the one at the script's place, or, when that
    one is a plain move made its `max_repeats` times in a row, the next that is not (N10; the
    compiler refuses a script whose every entry could be passed over at once). The script's
    place moves to it."""
    cdef const ScriptPart* p = &tb.parts[part]
    cdef const ScriptEntry* en
    cdef int k, pos
    for k in range(p.n_entries):
        pos = (st.foe.script_pos + k) % p.n_entries
        en = &tb.entries[p.first_entry + pos]
        if en.n_opts > 1 or not _spent(st, tb, en.first_opt):
            st.foe.script_pos = pos
            return en
    return &tb.entries[p.first_entry + st.foe.script_pos]


cdef void compute_intent(State* st, Ctx* cx) noexcept nogil:
    """The next move is decided when the previous one is made, its phase, its pick, its branch
    and every random part of it (a random lane, a random target) drawn then: the intent the
    player sees is exactly the move that will come, and nothing the player does meanwhile
    steers a draw, but a `reintent` (N11), which decides it anew here."""
    cdef const Tables* tb = cx.tb
    cdef const EncDef* e = &tb.encs[st.foe.enc]
    cdef const Move* m
    cdef const ScriptEntry* en
    cdef int idx, t, part
    st.foe.intent_lane = -1
    st.foe.intent_target = -1
    st.foe.intent_target_uid = -1
    if e.n_moves == 0:
        st.foe.intent = -1
        return
    part = _leaf(st, tb, e)
    if part != st.foe.part:
        # a phase entered (or entered again) plays its script from the start
        st.foe.part = part
        st.foe.script_pos = 0
    en = _entry(st, tb, part)
    idx = en.first_opt if en.n_opts == 1 else _pick(st, tb, en)
    if tb.moves[idx].cond != COND_NONE and _cond_holds(st, tb, &tb.moves[idx]):
        idx = tb.moves[idx].alt
    st.foe.intent = idx
    m = &tb.moves[idx]
    if m.kind != MV_EFFECT and m.kind != MV_WAIT and m.lane_sel == LANE_RANDOM:
        st.foe.intent_lane = pick_lane(st, tb, LANE_RANDOM, 0)
    elif m.kind == MV_EFFECT and m.target_sel == ESEL_RANDOM_FOE:
        t = pick_target(st, tb, ESEL_RANDOM_FOE)
        if t < MAX_UNITS:
            st.foe.intent_target = t
            st.foe.intent_target_uid = st.units[t].uid
    emit(cx, EV_INTENT, ENCOUNTER, idx, m.kind, st.foe.intent_lane, st.foe.intent_target)


cdef inline bint _taunts(const State* st, const Tables* tb, int u) noexcept nogil:
    # a character's keywords are its card's, a summoned unit's its unit def's
    if not st.units[u].alive or is_hero(u):
        return False
    if st.units[u].is_token:
        return (tb.units[st.units[u].def_id].keywords & KW_TAUNT) != 0
    return (tb.cards[st.units[u].def_id].keywords & KW_TAUNT) != 0


cdef int taunt_defender(const State* st, const Tables* tb, int side, int lane) noexcept nogil:
    """Rule K01: the unit of `side` an attack on its `lane` must hit while one of its
    characters taunts: the character of that lane if it taunts, else the taunting character
    of the lowest lane; -1 when none taunts (the attack goes where its lane says)."""
    cdef int i, base = side * UNITS_PER_SIDE + CHAR_BASE
    if not tb.taunts:
        return -1                   # nothing of the content taunts: the usual case
    if 0 <= lane < tb.cfg.lanes and _taunts(st, tb, base + lane):
        return base + lane
    for i in range(tb.cfg.lanes):
        if _taunts(st, tb, base + i):
            return base + i
    return -1


cdef int pick_target(State* st, const Tables* tb, int esel) noexcept nogil:
    cdef int best = -1, u, i, n, taunt = -1
    cdef int16_t cand[MAX_UNITS]
    if esel == ESEL_STRONGEST_FOE_CHAR or esel == ESEL_WEAKEST_FOE or esel == ESEL_RANDOM_FOE:
        taunt = taunt_defender(st, tb, PLAYER, -1)
    if taunt >= 0:
        return _pick_taunting(st, tb, esel)
    if esel == ESEL_NONE:
        return TGT_NONE
    if esel == ESEL_FOE_LEADER:
        u = leader_of(st, PLAYER)
        return u if u >= 0 else TGT_NONE
    if esel == ESEL_OWN_LEADER:
        u = leader_of(st, ENCOUNTER)
        return u if u >= 0 else TGT_NONE
    if esel == ESEL_NEWEST_LATTICE:
        n = st.zones[Z_LATTICE].n
        return TGT_CARD_BASE + st.zones[Z_LATTICE].c[n - 1] if n > 0 else TGT_NONE
    if esel == ESEL_STRONGEST_FOE_CHAR:
        for i in range(tb.cfg.lanes):
            u = CHAR_BASE + i
            if st.units[u].alive and (best < 0 or st.units[u].power > st.units[best].power):
                best = u
        return best if best >= 0 else TGT_NONE
    # weakest / random among a side's living units (heroes, then characters)
    n = 0
    for i in range(st.n_hero_slots[PLAYER if esel != ESEL_WEAKEST_ALLY else ENCOUNTER]):
        u = (PLAYER if esel != ESEL_WEAKEST_ALLY else ENCOUNTER) * UNITS_PER_SIDE + i
        if st.units[u].alive:
            cand[n] = u; n += 1
    for i in range(tb.cfg.lanes):
        u = (PLAYER if esel != ESEL_WEAKEST_ALLY else ENCOUNTER) * UNITS_PER_SIDE + CHAR_BASE + i
        if st.units[u].alive:
            cand[n] = u; n += 1
    if n == 0:
        return TGT_NONE
    if esel == ESEL_RANDOM_FOE:
        return cand[sm_below(&st.rng[STREAM_ENCOUNTER], <unsigned int>n)]
    best = cand[0]
    for i in range(1, n):
        if st.units[cand[i]].hp < st.units[best].hp:
            best = cand[i]
    return best


cdef int _pick_target_among(State* st, const Tables* tb, int esel, const int16_t* cand,
                            int n) noexcept nogil:
    """The strongest, the weakest or a random one of `cand` (n >= 1): ties to the first."""
    cdef int best = cand[0], i
    if esel == ESEL_RANDOM_FOE:
        return cand[sm_below(&st.rng[STREAM_ENCOUNTER], <unsigned int>n)]
    for i in range(1, n):
        if (st.units[cand[i]].power > st.units[best].power if esel == ESEL_STRONGEST_FOE_CHAR
                else st.units[cand[i]].hp < st.units[best].hp):
            best = cand[i]
    return best


cdef int _pick_taunting(State* st, const Tables* tb, int esel) noexcept nogil:
    # K01: a move that picks among the player's units picks among its taunting characters
    cdef int16_t cand[MAX_LANES]
    cdef int n = 0, i
    for i in range(tb.cfg.lanes):
        if _taunts(st, tb, PLAYER * UNITS_PER_SIDE + CHAR_BASE + i):
            cand[n] = PLAYER * UNITS_PER_SIDE + CHAR_BASE + i
            n += 1
    return _pick_target_among(st, tb, esel, cand, n)


cdef int pick_lane(State* st, const Tables* tb, int sel, int lane) noexcept nogil:
    cdef int i, best = -1, u
    if sel == LANE_FIXED:
        return lane if lane < tb.cfg.lanes else 0
    if sel == LANE_FIRST_EMPTY:
        return first_empty_lane(st, tb, ENCOUNTER)
    if sel == LANE_RANDOM:
        return <int>sm_below(&st.rng[STREAM_ENCOUNTER], <unsigned int>tb.cfg.lanes)
    for i in range(tb.cfg.lanes):       # LANE_STRONGEST
        u = CHAR_BASE + i
        if st.units[u].alive and (best < 0 or st.units[u].power > st.units[CHAR_BASE + best].power):
            best = i
    return best if best >= 0 else 0
