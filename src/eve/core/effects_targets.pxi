# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): targets and selectors: which units and cards an action's target spec admits, and which
# units or card an instruction's selector picks.

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


cdef inline bint card_passes(const State* st, const Tables* tb, int filt, int c) noexcept nogil:
    """Does card instance c pass a target's or a choice's filter (G02, G04)? 0 passes any."""
    cdef const CardDef* cd
    if filt == 0:
        return True
    cd = &tb.cards[st.card_def[c]]
    return filter_passes(filt, cd.kind, cd.tags)


cdef bint item_passes(const State* st, const Tables* tb, int filt, int i) noexcept nogil:
    """Does Stack item i pass a filter (G03)? A card being played is its card; an Encounter's
    summon move is a character with its unit's tags; any other item has no kind and no tag."""
    cdef const StackItem* it = &st.stack[i]
    if filt == 0:
        return True
    if it.kind == SI_CARD and 0 <= it.card < st.n_cards:
        return card_passes(st, tb, filt, it.card)
    if it.kind == SI_MOVE and it.prog < 0 and 0 <= it.def_id < MAX_UNIT_DEFS:
        return filter_passes(filt, CK_CHARACTER, tb.unit_tags[it.def_id])
    return False


cdef bint target_ok(const State* st, const Tables* tb, int spec, int filt, int side,
                    int tgt) noexcept nogil:
    """Is `tgt` a valid target of `spec` narrowed by filter `filt` (G02) for `side`?"""
    cdef int i
    if spec == T_NONE:
        return tgt == TGT_NONE
    if 0 < spec <= T_ALLY_HERO:         # a unit spec (UNIT_GROUPS)
        return 0 <= tgt < MAX_UNITS and _unit_matches(st, spec, side, tgt)
    if spec == T_FOE_STACK:
        i = tgt - TGT_STACK_BASE
        return 0 <= i < st.n_stack and TGT_STACK_BASE <= tgt < TGT_CARD_BASE \
            and not st.stack[i].dead and st.stack[i].side != side and item_passes(st, tb, filt, i)
    i = tgt - TGT_CARD_BASE
    if i < 0 or i >= st.n_cards or (filt != 0 and not card_passes(st, tb, filt, i)):
        return False
    if spec == T_VOID_CARD:
        return st.card_zone[i] == Z_VOID
    if spec == T_LATTICE_CARD:
        return st.card_zone[i] == Z_LATTICE
    if spec == T_RIFT_CARD or spec == T_ABYSS_CARD or spec == T_STACK_CARD:
        return st.card_zone[i] == SPEC_ZONE[spec]
    return False


cdef int enum_targets(const State* st, const Tables* tb, int spec, int filt, int side,
                      int16_t* out) noexcept nogil:
    """Every valid target of `spec` (a card or Stack item one narrowed by `filt`, G02) in a fixed
    order: own side's heroes then characters, then the other side's; Stack items bottom-up;
    cards in zone order."""
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
    if filt != 0:
        return _filtered_targets(st, tb, spec, filt, side, out)
    if spec == T_FOE_STACK:
        for i in range(st.n_stack):
            if not st.stack[i].dead and st.stack[i].side != side:
                out[n] = TGT_STACK_BASE + i; n += 1
        return n
    if spec == T_VOID_CARD or spec == T_LATTICE_CARD or spec == T_RIFT_CARD or spec == T_ABYSS_CARD:
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


cdef int _filtered_targets(const State* st, const Tables* tb, int spec, int filt, int side,
                           int16_t* out) noexcept nogil:
    """enum_targets of a card or Stack item spec, keeping those that pass `filt` (G02, G03):
    apart, so that the unfiltered lists, nearly all of them, are made as before."""
    cdef int n = enum_targets(st, tb, spec, 0, side, out), k = 0, i, t
    for i in range(n):
        t = out[i]
        out[k] = t
        k += (item_passes(st, tb, filt, t - TGT_STACK_BASE) if spec == T_FOE_STACK
              else card_passes(st, tb, filt, t - TGT_CARD_BASE))
    return k


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
        # this_card, past the random ones, is a card: no unit (the compiler refuses it on a
        # unit instruction, Z29)
        return 0 if sel == SEL_THIS_CARD else _random_group(st, tb, sel, side, self_unit, out)
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


cdef inline int _card_in_play(const State* st, int c) noexcept nogil:
    """c while it is a card in a zone (or on the Stack), not a character standing in the
    Wastes (Z23, Z29); else -1."""
    if 0 <= c < st.n_cards and st.card_zone[c] != Z_WASTES and st.card_zone[c] != Z_NONE:
        return c
    return -1


cdef inline int _this_card_in(const State* st, const Ctx* cx, int zone) noexcept nogil:
    """The card whose program runs while it is in `zone` (Z29), else -1."""
    if 0 <= cx.card < st.n_cards and st.card_zone[cx.card] == zone:
        return cx.card
    return -1


cdef int _chosen_card(const State* st, const Ctx* cx, int prog, int sel, int target) noexcept nogil:
    """The card a lifecycle instruction acts on: the chosen card while it is still in the zone
    its target spec chose it in, the newest card of the Void or the Lattice, or the event's
    card or the card whose program runs while it is a card (Z23, Z29); else -1."""
    cdef const Tables* tb = cx.tb
    if sel == SEL_EVENT_CARD:
        return _card_in_play(st, cx.ev_card)
    if sel == SEL_THIS_CARD:
        return _card_in_play(st, cx.card)
    if sel == SEL_TARGET:
        return _select_card(st, sel, target, SPEC_ZONE[tb.prog_target[prog]])
    if sel == SEL_NEWEST_VOID:
        return _select_card(st, sel, target, Z_VOID)
    if sel == SEL_NEWEST_LATTICE:
        return _select_card(st, sel, target, Z_LATTICE)
    return -1
