"""The Encounter's script interpreter: its moves and its scripted responses (its public intent
is decided in effects_intent.pxi, which the interpreter's `reintent` calls too).

It reads only public state (heroes, the Wastes, the Stack, the Lattice, the round) and its own
`encounter` RNG stream; never the Rift, never the Archive order. It only builds Stack items:
pushing, priority and resolution are the same code as the player's (rules.pyx).
"""
from libc.string cimport memset

from eve.core.defs cimport *
from eve.core.effects cimport (leader_of, eval_expr, compute_intent, same_move, pick_target,
                               pick_lane)


cdef void _made(State* st, Ctx* cx, const Move* m) noexcept nogil:
    """The intent is made: its history, its assignments (every value read before any is
    written), the script's next entry and the next intent."""
    cdef const Tables* tb = cx.tb
    cdef int v[MAX_MOVE_SETS]
    cdef int k, u
    if same_move(tb, st.foe.intent, st.foe.last_move):
        # the same move (by name, N09), whatever phase it was written in: one history
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
                lane = pick_lane(st, tb, m.lane_sel, m.lane)
            out.lane = lane if lane >= 0 else 0
        elif m.kind == MV_SUMMON:
            _item(out, SI_MOVE)
            out.def_id = m.def_id
            if st.foe.intent_lane >= 0:
                lane = st.foe.intent_lane
            else:
                lane = pick_lane(st, tb, m.lane_sel, m.lane) if m.lane_sel != LANE_STRONGEST else -1
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
                out.target = pick_target(st, tb, m.target_sel)
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
            out.target = pick_target(st, tb, r.target_sel)
            _bind_target(st, out)
        return True
    return False
