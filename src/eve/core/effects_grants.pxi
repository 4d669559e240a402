# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): lasting grants: auras and `until` (rules A01-A05).
#
# A grant is what a source gave a unit (stacks of a status, or power) that lasts while the
# source stays: an item's aura (A01, A03) or an instruction's `until = "source_leaves"` (A04);
# or until the end of the turn (`until = "turn_end"`, A06: max hp too), held by its unit.
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
    if s == GRANT_MAX_HP:
        # A06: max hp and hp rise together (E23); taken back, hp is capped at the max hp left
        before = t.max_hp
        t.max_hp = sat_add(t.max_hp, n)
        if n > 0:
            t.hp = sat_add(t.hp, t.max_hp - before)
        elif t.hp > t.max_hp:
            t.hp = t.max_hp
        if t.max_hp != before:
            emit(cx, EV_STATUS, unit_side(u), u, -2, t.max_hp, 0)
        return t.max_hp - before
    if s == GRANT_POWER:
        before = t.power
        t.power = sat_add(t.power, n)
        if t.power != before:
            emit(cx, EV_STATUS, unit_side(u), u, -1, t.power, 0)
        return t.power - before
    before = t.status[s]
    add_status(st, cx, u, s, n)
    return t.status[s] - before


cdef inline int _held(const Unit* t, int s) noexcept nogil:
    """What a unit holds that a grant of `s` may take back: its power, its max hp past 1 (a
    grant never takes its last), or its stacks."""
    if s == GRANT_POWER:
        return t.power
    if s == GRANT_MAX_HP:
        return t.max_hp - 1
    return t.status[s]


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


cdef int _lasting(State* st, Ctx* cx, int self_unit, int u, int s, int n, int until) noexcept nogil:
    """A04: an instruction's stacks held by its source, the program's `self`: none when that is
    not a unit in play. A06 (`until` the turn's end): held by the unit itself, whoever gave it."""
    if until == UNTIL_TURN_END + 1:
        if n <= 0:
            return 0                # nothing to take back (a buff of max hp alone gives no power)
        return _add_grant(st, cx, u, st.units[u].uid, u, s, n, GRANT_TURN)
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
            have = _held(t, g.status)
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
            have = _held(t, g.status)
            _give(st, cx, g.unit, g.status, -(g.stacks if g.stacks < have else have))
    memset(st.grants, 0, sizeof(st.grants))
    st.n_grants = 0
    if cx.tb.n_auras:
        grants_update(st, cx)


cdef void grants_turn_end(State* st, Ctx* cx) noexcept nogil:
    """A06: the end of a turn takes back every grant made until it (at most what its unit still
    has, in the order they were made), whoever holds it; the others stand."""
    cdef const Grant* g
    cdef Unit* t
    cdef int i, k = 0, have
    for i in range(st.n_grants):
        g = &st.grants[i]
        if g.aura == GRANT_TURN:
            t = &st.units[g.unit]
            if t.alive and t.uid == g.uid:
                have = _held(t, g.status)
                _give(st, cx, g.unit, g.status, -(g.stacks if g.stacks < have else have))
            continue
        if k != i:
            st.grants[k] = st.grants[i]
        k += 1
    if k != st.n_grants:
        memset(&st.grants[k], 0, (st.n_grants - k) * sizeof(Grant))
        st.n_grants = <int16_t>k
