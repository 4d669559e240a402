"""The Encounter's script interpreter: its public intent, its moves, its scripted responses.

It reads only public state (heroes, the Wastes, the Stack, the Lattice, the round) and its own
`encounter` RNG stream; never the Rift, never the Archive order. It only builds Stack items:
pushing, priority and resolution are the same code as the player's (rules.pyx).
"""
from libc.string cimport memset

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport emit
from eve.core.rng cimport sm_below
from eve.core.effects cimport leader_of, first_empty_lane, eval_expr
from eve.core.codec cimport is_hero


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


cdef inline int _pick(State* st, const Tables* tb, const ScriptEntry* en) noexcept nogil:
    """A weighted draw among the entry's options, from the Encounter stream, leaving out an
    option made `max_repeats` times in a row (a pick has two options or more of weight 1 or
    more, and at most one is left out, so the total is never 0)."""
    cdef int k, total = 0, r, last = en.first_opt + en.n_opts - 1
    cdef const Move* m
    for k in range(en.first_opt, en.first_opt + en.n_opts):
        m = &tb.moves[k]
        if not (m.max_repeats > 0 and st.foe.last_move == k and st.foe.repeats >= m.max_repeats):
            total += m.weight
    r = <int>sm_below(&st.rng[STREAM_ENCOUNTER], <unsigned int>total)
    for k in range(en.first_opt, en.first_opt + en.n_opts):
        m = &tb.moves[k]
        if m.max_repeats > 0 and st.foe.last_move == k and st.foe.repeats >= m.max_repeats:
            continue
        if r < m.weight:
            return k
        r -= m.weight
    return last


cdef void compute_intent(State* st, Ctx* cx) noexcept nogil:
    """The next move is decided when the previous one is made, its phase, its pick, its branch
    and every random part of it (a random lane, a random target) drawn then: the intent the
    player sees is exactly the move that will come, and nothing the player does meanwhile
    steers a draw."""
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
    en = &tb.entries[tb.parts[part].first_entry + st.foe.script_pos]
    idx = en.first_opt if en.n_opts == 1 else _pick(st, tb, en)
    if tb.moves[idx].cond != COND_NONE and _cond_holds(st, tb, &tb.moves[idx]):
        idx = tb.moves[idx].alt
    st.foe.intent = idx
    m = &tb.moves[idx]
    if m.kind != MV_EFFECT and m.kind != MV_WAIT and m.lane_sel == LANE_RANDOM:
        st.foe.intent_lane = _pick_lane(st, tb, LANE_RANDOM, 0)
    elif m.kind == MV_EFFECT and m.target_sel == ESEL_RANDOM_FOE:
        t = _pick_target(st, tb, ESEL_RANDOM_FOE)
        if t < MAX_UNITS:
            st.foe.intent_target = t
            st.foe.intent_target_uid = st.units[t].uid
    emit(cx, EV_INTENT, ENCOUNTER, idx, m.kind, st.foe.intent_lane, st.foe.intent_target)


cdef void _made(State* st, Ctx* cx, const Move* m) noexcept nogil:
    """The intent is made: its history, its assignments (every value read before any is
    written), the script's next entry and the next intent."""
    cdef const Tables* tb = cx.tb
    cdef int v[MAX_MOVE_SETS]
    cdef int k, u
    if st.foe.last_move == st.foe.intent:
        if st.foe.repeats < MAX_REPEATS:
            st.foe.repeats += 1
    else:
        st.foe.last_move = st.foe.intent
        st.foe.repeats = 1
    if m.n_sets:
        u = leader_of(st, ENCOUNTER)
        for k in range(m.n_sets):
            v[k] = eval_expr(st, tb, m.set_expr[k], ENCOUNTER, u, TGT_NONE)
    for k in range(m.n_sets):
        st.foe.vars[m.set_var[k]] = (SCRIPT_VAR_LIMIT if v[k] > SCRIPT_VAR_LIMIT else
                                     (-SCRIPT_VAR_LIMIT if v[k] < -SCRIPT_VAR_LIMIT else v[k]))
    st.foe.init_left -= 1
    st.foe.script_pos = (st.foe.script_pos + 1) % tb.parts[st.foe.part].n_entries
    compute_intent(st, cx)


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


cdef int _pick_target(State* st, const Tables* tb, int esel) noexcept nogil:
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


cdef int _pick_lane(State* st, const Tables* tb, int sel, int lane) noexcept nogil:
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


cdef void _item(StackItem* out, int kind) noexcept nogil:
    memset(out, 0, sizeof(StackItem))
    out.kind = kind
    out.side = ENCOUNTER
    out.card = -1
    out.prog = -1
    out.source = -1
    out.target = TGT_NONE
    out.def_id = -1
    out.source_uid = -1
    out.target_uid = -1


cdef void _bind_target(const State* st, StackItem* out) noexcept nogil:
    # remember which entity was chosen, so that a replaced one makes the move fizzle
    if out.target < MAX_UNITS:
        out.target_uid = st.units[out.target].uid
    elif TGT_CARD_BASE <= out.target < TGT_CARD_BASE + MAX_CARDS:
        out.target_zone = st.card_zone[out.target - TGT_CARD_BASE]


cdef bint next_move(State* st, Ctx* cx, StackItem* out) noexcept nogil:
    """The Encounter's next proactive move in this phase, or False when it is done with it:
    scripted moves while Initiative lasts and the intent belongs to this phase, then (in
    Combat) each ready enemy character attacks its own lane."""
    cdef const Tables* tb = cx.tb
    cdef const Move* m
    cdef int u, i, lane
    while st.foe.init_left > 0 and st.foe.intent >= 0 and tb.moves[st.foe.intent].phase == st.phase:
        m = &tb.moves[st.foe.intent]
        if m.kind == MV_WAIT:
            _made(st, cx, m)        # made on the spot: a wait puts nothing on the Stack
            continue
        if m.kind == MV_ATTACK:
            u = ENCOUNTER * UNITS_PER_SIDE + m.attacker if m.attacker >= 0 else leader_of(st, ENCOUNTER)
            if u < 0 or not st.units[u].alive:
                u = leader_of(st, ENCOUNTER)
            _item(out, SI_ATTACK)
            out.source = u
            out.source_uid = st.units[u].uid
            if st.foe.intent_lane >= 0:
                lane = st.foe.intent_lane
            else:
                lane = _pick_lane(st, tb, m.lane_sel, m.lane)
            out.lane = lane if lane >= 0 else 0
        elif m.kind == MV_SUMMON:
            _item(out, SI_MOVE)
            out.def_id = m.def_id
            if st.foe.intent_lane >= 0:
                lane = st.foe.intent_lane
            else:
                lane = _pick_lane(st, tb, m.lane_sel, m.lane) if m.lane_sel != LANE_STRONGEST else -1
            out.lane = lane if lane >= 0 else 0
        else:
            _item(out, SI_MOVE)
            out.prog = m.prog
            out.source = leader_of(st, ENCOUNTER)
            if st.foe.intent_target >= 0:
                # the unit drawn when the intent was shown: gone by now, the move fizzles
                out.target = st.foe.intent_target
                out.target_uid = st.foe.intent_target_uid
            else:
                out.target = _pick_target(st, tb, m.target_sel)
                _bind_target(st, out)
        _made(st, cx, m)
        return True
    if st.phase == PH_COMBAT:
        for i in range(tb.cfg.lanes):
            u = ENCOUNTER * UNITS_PER_SIDE + CHAR_BASE + i
            if st.units[u].alive and st.units[u].ready and not st.units[u].attacked and st.units[u].power > 0:
                st.units[u].attacked = 1
                _item(out, SI_ATTACK)
                out.source = u
                out.source_uid = st.units[u].uid
                out.lane = i
                return True
    return False


cdef bint respond(State* st, Ctx* cx, StackItem* out) noexcept nogil:
    """A scripted response to the player's item on top of the Stack, at most one per item."""
    cdef const Tables* tb = cx.tb
    cdef const EncDef* e = &tb.encs[st.foe.enc]
    cdef StackItem* top
    cdef const ResponseRule* r
    cdef int cls, i
    if st.n_stack == 0 or st.n_stack >= MAX_STACK or st.outcome != OUT_NONE:
        return False
    top = &st.stack[st.n_stack - 1]
    if top.side != PLAYER or top.dead or top.responded:
        return False
    top.responded = 1
    if top.kind == SI_CARD:
        cls = RESP_ON_DEPLOY if tb.cards[st.card_def[top.card]].kind == CK_CHARACTER else RESP_ON_SUPPORT
    elif top.kind == SI_ABILITY:
        cls = RESP_ON_ABILITY
    else:
        cls = RESP_ON_ATTACK
    for i in range(e.n_resp):
        r = &e.resp[i]
        if r.on != cls and r.on != RESP_ON_ANY:
            continue
        if r.per_round > 0 and st.foe.resp_used[i] >= r.per_round:
            continue
        if st.foe.resp_charges[i] == 0:
            continue
        st.foe.resp_used[i] += 1
        if st.foe.resp_charges[i] > 0:
            st.foe.resp_charges[i] -= 1
        _item(out, SI_MOVE)
        out.prog = r.prog
        out.source = leader_of(st, ENCOUNTER)
        if r.counter:
            out.target = TGT_STACK_BASE + st.n_stack - 1
        else:
            out.target = _pick_target(st, tb, r.target_sel)
            _bind_target(st, out)
        return True
    return False
