"""The cross-checks of a decoded snapshot: what no single field's range can say. After them, every
index the core will use is within its table, and the state is one the engine makes: every card
in exactly one place, units consistent with their tables and slots, Stack references, the
Encounter's script, a pending choice and the grants."""
from libc.stdint cimport int16_t
from libc.string cimport memcmp, memset, memcpy

from eve.core.defs cimport *
from eve.core.codec cimport unit_side, unit_slot, unit_of
from eve.core.rules cimport seed_meter
from eve.core.effects cimport leader_of, discover_rows
from eve.core.operands cimport choose_from, choose_filter, filter_passes
from eve.core.snapshot_read cimport path_of, status_field, category_label

from eve.core.errors import SchemaViolation

ZONE_LABELS = {Z_ARCHIVE: "archive", Z_RIFT: "rift", Z_LATTICE: "lattice", Z_ABYSS: "abyss",
               Z_VOID: "void"}


cdef int _fail(str path, str msg) except -1:
    raise SchemaViolation(path, msg)



cdef int _check_statuses(const Unit* u, const Tables* tb, int i) except -1:
    """A living unit's stacks: each within its status's max, none of a status the content lacks."""
    cdef int k
    for k in range(MAX_STATUSES):
        if k >= tb.n_statuses:
            if u.status[k]:
                _fail(path_of(b"body.units", i, status_field(k)), f"stacks of status {k}, which this "
                      f"content does not have ({tb.n_statuses} statuses)")
        elif u.status[k] > tb.statuses[k].max_stacks:
            _fail(path_of(b"body.units", i, status_field(k)), f"{u.status[k]} stacks of status {k}, "
                  f"above its max of {tb.statuses[k].max_stacks}")
    return 0


cdef const char* _uncleared(const Unit* u) noexcept:
    """The first field in which `u` differs from an empty slot, or NULL. setup_match and
    remove_character leave a slot with def_id and card -1 and every other field 0, and the only
    write to a slot without a living unit is Beginning's reset of `used` to 0."""
    cdef int k
    if u.def_id != -1: return b"def_id"
    if u.card != -1: return b"card"
    if u.alive: return b"alive"
    if u.is_token: return b"is_token"
    if u.hp: return b"hp"
    if u.max_hp: return b"max_hp"
    if u.power: return b"power"
    for k in range(MAX_STATUSES):
        if u.status[k]: return status_field(k)
    if u.tcount: return b"tcount"
    if u.tstamp: return b"tstamp"
    if u.ready: return b"ready"
    if u.attacked: return b"attacked"
    if u.used: return b"used"
    if u.ambition: return b"ambition"
    if u.morality: return b"morality"
    if u.uid: return b"uid"
    return NULL


cdef int _check_hero(const State* st, const Tables* tb, int i, int n_player_heroes) except -1:
    """A hero slot in use, its hero living or fallen (a hero never leaves its slot)."""
    cdef const Unit* u = &st.units[i]
    cdef int side = unit_side(i), slot = unit_slot(i), k
    cdef const char* p = b"body.units"
    # the party is of player heroes (Engine refuses an enemy hero in it); the Encounter's slots
    # hold its roster, in order (setup_match)
    if side == PLAYER and not 0 <= u.def_id < n_player_heroes:
        _fail(path_of(p, i, b"def_id"), f"{u.def_id} is not a player hero of this content")
    if side == ENCOUNTER and u.def_id != tb.encs[st.foe.enc].roster[slot]:
        _fail(path_of(p, i, b"def_id"), f"{u.def_id} is not the Encounter's roster hero "
              f"{tb.encs[st.foe.enc].roster[slot]} of this slot")
    # setup_match numbers the party's heroes, then the roster, from uid 0; a hero keeps its uid
    if u.uid != (slot if side == PLAYER else st.n_hero_slots[PLAYER] + slot):
        _fail(path_of(p, i, b"uid"), f"{u.uid}: heroes take uids 0, 1, ... in setup order")
    if u.card != -1:
        _fail(path_of(p, i, b"card"), "a hero has no card")
    if u.is_token:
        _fail(path_of(p, i, b"is_token"), "a hero is not a token")
    if u.ready:
        _fail(path_of(p, i, b"ready"), "only characters are ever ready")
    if u.alive:
        if u.hp <= 0 or u.hp > u.max_hp:
            _fail(path_of(p, i, b"hp"), f"a living unit has 1..max_hp hp, not {u.hp} of {u.max_hp}")
        _check_statuses(u, tb, i)
        return 0
    # a hero falls at 0 hp with its statuses cleared (_hero_falls), and stays so
    if u.hp:
        _fail(path_of(p, i, b"hp"), "a fallen hero has 0 hp")
    for k in range(MAX_STATUSES):
        if u.status[k]:
            _fail(path_of(p, i, status_field(k)), "a fallen hero has no status")
    return 0


cdef void _costs_set_by(const State* st, Ctx* cx, int hero, int16_t* cost) noexcept:
    """The category costs seed_meter sets when `hero` (a player slot) leads at Beginning, from
    the engine's own seed_meter run on a copy of the state."""
    cdef State tmp
    memcpy(&tmp, st, sizeof(State))
    tmp.units[hero].alive = 1
    tmp.leader[PLAYER] = hero
    seed_meter(&tmp, cx)
    memcpy(cost, tmp.meter.cost, sizeof(tmp.meter.cost))


cdef int _check_costs(const State* st, const Tables* tb) except -1:
    """The meter's costs are set at the player's Beginning from the Morality of the hero that
    leads then (the configuration's costs, discounted); that hero may have fallen since, so they
    are those of one hero of the party. (A snapshot is never taken before the first Beginning:
    the match's first decision comes after it.)"""
    cdef Ctx cx
    cdef int16_t cost[N_CATS]
    cdef int h, k
    ctx_init(&cx, tb, 0)
    for h in range(st.n_hero_slots[PLAYER]):
        _costs_set_by(st, &cx, h, cost)
        if memcmp(cost, st.meter.cost, sizeof(cost)) == 0:
            return 0
    h = leader_of(st, PLAYER)
    _costs_set_by(st, &cx, h if h >= 0 else st.leader[PLAYER], cost)
    for k in range(N_CATS):
        if cost[k] != st.meter.cost[k]:
            _fail("body.meter." + category_label(k).decode(),
                  f"{st.meter.cost[k]} is no cost a hero of the party sets (the leader's is {cost[k]})")
    return 0


cdef int check_state(const State* st, const Tables* tb, int n_player_heroes) except -1:
    """Cross-checks no single field can make: every card in exactly one place, units consistent
    with their tables and slots, Stack references, the Encounter's script. After this, every
    index the core will use is within its table, and the state is one the engine makes (its
    shapes are derived from the code that writes each field; tests/test_snapshot_reachable.py
    restores the states of many matches, rare shapes counted). The first failure, in this
    order, is the one reported."""
    cdef int i, side
    cdef int16_t seen[MAX_CARDS]        # the places each card is found in
    cdef const EncDef* e = &tb.encs[st.foe.enc]
    memset(seen, 0, sizeof(seen))
    if st.n_hero_slots[ENCOUNTER] != e.n_roster:
        _fail("body.turn.hero_slots_encounter", "differs from the Encounter's roster")
    if st.archive_known > st.zones[Z_ARCHIVE].n:
        _fail("body.turn.archive_known", "more known cards than the Archive holds")
    _check_zones(st, seen)
    _check_units(st, tb, n_player_heroes, seen)
    for side in range(2):
        if st.leader[side] >= st.n_hero_slots[side]:
            _fail("body.turn.leader", "leader beyond the hero slots")
    _check_stack(st, seen)
    if st.n_stack > 0 and st.stack[st.n_stack - 1].dead:
        _fail(f"body.stack[{st.n_stack - 1}].dead", "a countered item never stays on top")
    if st.n_stack == 0 and st.passes:
        _fail("body.turn.passes", "passes are counted on an open Stack (a resolution resets them)")
    _check_cards(st, tb, seen)
    # the meter and the Encounter
    if st.meter.spent > st.meter.capacity:
        _fail("body.meter.spent", "more spent than the capacity")
    _check_costs(st, tb)
    if st.foe.initiative != e.initiative:
        _fail("body.foe.initiative", f"{st.foe.initiative}: the Encounter's Initiative is "
              f"{e.initiative} (set at setup, never changed)")
    _check_script(st, tb, e)
    _check_intent_draws(st, tb)
    _check_choice(st, tb)
    _check_grants(st, tb)
    if st.foe.init_left > st.foe.initiative:
        _fail("body.foe.initiative_left", "more than the Initiative")
    for i in range(MAX_TASKS):
        if st.tasks[i].active and st.tasks[i].def_id >= tb.n_tasks:
            _fail(f"body.tasks[{i}].def_id", "no such task")
    if st.outcome == OUT_NONE:
        _check_stop(st, tb, e)
    return 0


cdef int _check_zones(const State* st, int16_t* seen) except -1:
    cdef int k, i, c
    # zones: each listed card is in that zone per card_zone, once
    for k in range(Z_ARCHIVE, Z_VOID + 1):
        if k == Z_WASTES:
            continue
        for i in range(st.zones[k].n):
            c = st.zones[k].c[i]
            if st.card_zone[c] != k:
                _fail(f"body.zones.{ZONE_LABELS[k]}[{i}]", f"card {c} is listed here but its zone is {st.card_zone[c]}")
            seen[c] += 1
    return 0


cdef int _check_units(const State* st, const Tables* tb, int n_player_heroes,
                      int16_t* seen) except -1:
    cdef int i, c, side, slot, lane
    cdef const Unit* u
    cdef const char* p
    cdef const char* field
    # units: heroes in the slots in use; every other slot a living character or empty.
    # (Character uids are not checked: next_uid wraps after 32,768 identities, which a long
    # match reaches, and then any uid, a hero's too, can be a new character's.)
    for i in range(MAX_UNITS):
        u = &st.units[i]
        side = unit_side(i)
        slot = unit_slot(i)
        p = b"body.units"
        if slot < CHAR_BASE and slot < st.n_hero_slots[side]:
            _check_hero(st, tb, i, n_player_heroes)
            continue
        if not u.alive or slot < CHAR_BASE:
            field = _uncleared(u)
            if field != NULL:
                _fail(path_of(p, i, field), "an empty slot holds -1 in def_id and card, 0 elsewhere")
            continue
        if u.hp <= 0 or u.hp > u.max_hp:
            _fail(path_of(p, i, b"hp"), f"a living unit has 1..max_hp hp, not {u.hp} of {u.max_hp}")
        _check_statuses(u, tb, i)
        lane = slot - CHAR_BASE
        if lane >= tb.cfg.lanes:
            _fail(path_of(p, i, NULL), "a character beyond the configured lanes")
        if u.is_token:
            if u.def_id < 0 or u.def_id >= tb.n_units or u.card != -1:
                _fail(path_of(p, i, b"def_id"), "not a unit of this content")
        else:
            if side != PLAYER:
                _fail(path_of(p, i, b"is_token"), "enemy characters are not cards")
            if u.def_id < 0 or u.def_id >= tb.n_cards or tb.cards[u.def_id].kind != CK_CHARACTER:
                _fail(path_of(p, i, b"def_id"), "not a character card of this content")
            c = u.card
            if c < 0 or c >= st.n_cards or st.card_zone[c] != Z_WASTES or st.card_def[c] != u.def_id:
                _fail(path_of(p, i, b"card"), "the origin card must be a card on the Wastes of the same id")
            seen[c] += 1
    return 0


cdef int _check_stack(const State* st, int16_t* seen) except -1:
    cdef int i
    cdef const StackItem* it
    cdef const char* p
    # the Stack
    for i in range(st.n_stack):
        it = &st.stack[i]
        p = b"body.stack"
        if it.kind == SI_CARD:
            if it.side != PLAYER or it.card < 0 or it.card >= st.n_cards:
                _fail(path_of(p, i, b"card"), "a card item needs a player card")
            if not it.dead:
                if st.card_zone[it.card] != Z_STACK:
                    _fail(path_of(p, i, b"card"), "a card being played is on the Stack")
                seen[it.card] += 1
        elif it.card != -1:
            _fail(path_of(p, i, b"card"), "only card items carry a card")
        if it.kind == SI_ATTACK and not (0 <= it.source < MAX_UNITS):
            _fail(path_of(p, i, b"source"), "an attack needs an attacking unit")
        if it.kind == SI_MOVE and it.prog < 0 and it.def_id < 0:
            _fail(path_of(p, i, NULL), "an Encounter move is an effect or a summon")
        if it.source >= MAX_UNITS and it.source < TGT_CARD_BASE:
            _fail(path_of(p, i, b"source"), "not a unit or a card")
        if it.source >= TGT_CARD_BASE and it.source - TGT_CARD_BASE >= st.n_cards:
            _fail(path_of(p, i, b"source"), "no such card")
        if it.target != TGT_NONE:
            if MAX_UNITS <= it.target < TGT_STACK_BASE or (TGT_CARD_BASE + MAX_CARDS <= it.target < TGT_NONE):
                _fail(path_of(p, i, b"target"), "not a target code")
            if TGT_STACK_BASE <= it.target < TGT_CARD_BASE and it.target - TGT_STACK_BASE >= i:
                _fail(path_of(p, i, b"target"), "a Stack target must be below the item")
            if it.target >= TGT_CARD_BASE and it.target - TGT_CARD_BASE >= st.n_cards:
                _fail(path_of(p, i, b"target"), "no such card")
    return 0


cdef int _check_cards(const State* st, const Tables* tb, const int16_t* seen) except -1:
    cdef int c, lo, hi
    cdef const CardDef* cd
    # every card in exactly one place
    for c in range(st.n_cards):
        if seen[c] != 1:
            _fail(f"body.cards.zone[{c}]", f"card {c} is in {seen[c]} places, not exactly one")
    # charges: move_card clears them on every move but into the Lattice, where a card takes its
    # card's charges; only a Sortilege spends them (at cast), and it is destroyed at 0
    for c in range(st.n_cards):
        cd = &tb.cards[st.card_def[c]]
        lo = hi = 0
        if st.card_zone[c] == Z_LATTICE:
            lo = 1 if cd.kind == CK_SORTILEGE else cd.charges
            hi = cd.charges
        if not lo <= st.card_charges[c] <= hi:
            _fail(f"body.cards.charges[{c}]", f"{st.card_charges[c]}: this card holds "
                  f"{lo if lo == hi else f'{lo} to {hi}'} charges in its zone")
    return 0


cdef int _check_stop(const State* st, const Tables* tb, const EncDef* e) except -1:
    """A match not over: a snapshot is taken where the engine stops, and that is a decision of
    the player's."""
    cdef int side, i, k
    for side in range(2):
        k = 0
        for i in range(st.n_hero_slots[side]):
            k += st.units[unit_of(side, i)].alive
        if k == 0:
            _fail("body.units", "a side without a living hero and no outcome")
    # S07: wherever the engine stops for the player, the player holds priority: a pending
    # choice, an open Stack or an empty one alike (a hidden byte would hash differently)
    if st.priority != PLAYER:
        _fail("body.turn.priority", "the player holds priority wherever the engine stops for "
              "a decision (a choice, an open Stack, an empty one)")
    if st.choice.kind != CH_NONE:
        pass                # a resolution waits for the player's choice (C01), any turn
    elif st.n_stack > 0:
        pass
    elif st.active != PLAYER or not (st.phase == PH_MAIN or st.phase == PH_COMBAT):
        _fail("body.turn.phase", "not a point where the player decides")
    if e.n_moves and st.foe.intent < 0:
        _fail("body.foe.intent", "an Encounter with a script always has an intent")
    if st.decisions >= tb.cfg.max_decisions_per_turn:
        _fail("body.turn.decisions", "the turn's decisions are spent: the engine plays the "
              "rest of the turn itself and never stops for the player here (X02)")
    return 0


cdef int _check_choice(const State* st, const Tables* tb) except -1:
    """A pending choice is one the interpreter left (effects.begin_choice): the player's, at a
    choice instruction of its program (an instruction, never a discover's pool row), with
    options that instruction offers; no choice is all zero."""
    cdef const Choice* ch = &st.choice
    cdef const int16_t* ins
    cdef int i, j, at, op, zone, n_modes
    cdef int16_t seen[MAX_CARDS]
    if ch.kind == CH_NONE:
        for i in range(sizeof(Choice) // 2):
            if (<const int16_t*>ch)[i] != 0:
                _fail("body.choice", "no choice is pending: every field is 0, with no options")
        return 0
    if st.outcome != OUT_NONE:
        _fail("body.choice.kind", "a match over has no choice pending")
    if ch.side != PLAYER:
        _fail("body.choice.side", "only the player's resolution waits for a choice")
    if ch.prog >= tb.n_progs:
        _fail("body.choice.prog", "no such program")
    # the choice instruction: reached by stepping over the program as the interpreter does
    at = 0
    while at < tb.prog_len[ch.prog] and at < ch.pc:
        op = tb.code[(tb.prog_off[ch.prog] + at) * INSTR_WORDS]
        at += 1 + (discover_rows(tb.code[(tb.prog_off[ch.prog] + at) * INSTR_WORDS + 1])
                   if op == OP_DISCOVER else 0)
    if at != ch.pc or at >= tb.prog_len[ch.prog]:
        _fail("body.choice.pc", "not an instruction of the program")
    ins = &tb.code[(tb.prog_off[ch.prog] + ch.pc) * INSTR_WORDS]
    op = ins[0]
    if (ch.kind == CH_CARDS) != (op == OP_CHOOSE) or (ch.kind == CH_MODE) != (op == OP_CHOOSE_MODE) \
            or (ch.kind == CH_DISCOVER) != (op == OP_DISCOVER):
        _fail("body.choice.kind", "not the kind of the program's instruction there")
    if ch.target != TGT_NONE and (MAX_UNITS <= ch.target < TGT_STACK_BASE
                                  or TGT_CARD_BASE + MAX_CARDS <= ch.target < TGT_NONE):
        _fail("body.choice.target", "not a target code")
    # P06: an identity is bound only to a unit (the uid itself may be of a unit gone since)
    if ch.self_unit < 0 and ch.self_uid != 0:
        _fail("body.choice.self_uid", "no self unit, so no identity")
    if ch.target >= MAX_UNITS and ch.target_uid != 0:
        _fail("body.choice.target_uid", "the target is not a unit, so no identity")
    if (ch.item_kind == SI_CARD) != (ch.item_card >= 0) or not (SI_CARD <= ch.item_kind <= SI_ABILITY):
        _fail("body.choice.item_kind", "the player's Stack item being resolved: a card, with its "
              "card, or an ability")
    if ch.item_card >= st.n_cards:
        _fail("body.choice.item_card", "no such card")
    if ch.n_opts < 1:
        _fail("body.choice.options", "a pending choice has an option")
    if ch.kind == CH_CARDS:
        zone = choose_from(ins[1])
        if ch.place != (ins[3] & 7) or ch.up_to != ((ins[3] >> 3) & 1):
            _fail("body.choice.place", "not the instruction's place and up_to")
        if ch.left < 1:
            _fail("body.choice.left", "a pending card choice has cards still to choose")
        memset(seen, 0, sizeof(seen))
        for i in range(ch.n_opts):
            j = ch.opts[i]
            if j >= st.n_cards or seen[j]:
                _fail("body.choice.options", f"option {i}: not a card, or offered twice")
            seen[j] = 1
            if st.card_zone[j] != (Z_RIFT if zone == CF_RIFT else Z_ABYSS if zone == CF_ABYSS
                                   else Z_VOID if zone == CF_VOID else Z_LATTICE
                                   if zone == CF_LATTICE else Z_ARCHIVE):
                _fail("body.choice.options", f"option {i}: not in the zone it is chosen from")
            if not filter_passes(choose_filter(ins[1]), tb.cards[st.card_def[j]].kind,
                                 tb.cards[st.card_def[j]].tags):
                _fail("body.choice.options", f"option {i}: not of the kind or tag the choice "
                      "asks for (rule G04)")
    else:
        if ch.left != 1 or ch.up_to != 0:
            _fail("body.choice.left", "a mode or a discover is one choice, never stopped")
        if ch.kind == CH_MODE:
            n_modes = ins[2]
            if ch.place != 0 or ch.n_opts != n_modes:
                _fail("body.choice.options", "a mode choice offers every mode")
            for i in range(ch.n_opts):
                if ch.opts[i] != i:
                    _fail("body.choice.options", "the modes in order")
        else:
            if ch.place != ins[3] or ch.n_opts > ins[2] or ch.n_opts > ins[1]:
                _fail("body.choice.options", "more card ids than the discover offers")
            for i in range(ch.n_opts):
                for j in range(ins[1]):
                    if tb.code[(tb.prog_off[ch.prog] + ch.pc + 1) * INSTR_WORDS + j] == ch.opts[i]:
                        break
                else:
                    _fail("body.choice.options", f"option {i}: not a card of the pool")
                for j in range(i):
                    if ch.opts[j] == ch.opts[i]:
                        _fail("body.choice.options", f"option {i}: offered twice")
    return 0


cdef int _check_grants(const State* st, const Tables* tb) except -1:
    """A standing grant (rules A01-A06) is one grants_update keeps: its unit and its source in
    play, as their uids say, at most one a source, unit, status and kind."""
    cdef const Grant* g
    cdef const Unit* s
    cdef int i, j, c
    for i in range(st.n_grants):
        g = &st.grants[i]
        if not (st.units[g.unit].alive and st.units[g.unit].uid == g.uid):
            _fail("body.grants", f"grant {i}: its unit is not in play")
        # A06: a grant until the turn's end is held by its unit itself, and only it gives max hp
        if g.aura == GRANT_TURN and (g.src != g.unit or g.src_uid != g.uid):
            _fail("body.grants", f"grant {i}: a grant until the turn's end is its unit's own")
        if g.status == GRANT_MAX_HP and g.aura != GRANT_TURN:
            _fail("body.grants", f"grant {i}: max hp is granted only until the turn's end")
        if g.src < MAX_UNITS:
            s = &st.units[g.src]
            if not (s.alive and s.uid == g.src_uid):
                _fail("body.grants", f"grant {i}: its source is not in play")
        else:
            c = g.src - TGT_CARD_BASE
            if c < 0 or c >= st.n_cards or st.card_zone[c] != Z_LATTICE or g.src_uid != 0 \
                    or g.aura != 1:
                _fail("body.grants", f"grant {i}: its source is not a Relic in the Lattice")
        for j in range(i):
            if (st.grants[j].src == g.src and st.grants[j].src_uid == g.src_uid
                    and st.grants[j].unit == g.unit and st.grants[j].uid == g.uid
                    and st.grants[j].status == g.status and st.grants[j].aura == g.aura):
                _fail("body.grants", f"grant {i}: the same as grant {j}")
    for i in range(st.n_grants, MAX_GRANTS):
        for j in range(sizeof(Grant) // 2):
            if (<const int16_t*>&st.grants[i])[j] != 0:
                _fail("body.grants", "a slot past the grants is not zero")
    return 0


cdef int _check_script(const State* st, const Tables* tb, const EncDef* e) except -1:
    """The script's place: a phase of this Encounter's with no phases of its own, a position
    within its script, moves of this Encounter's, a history that is one, variables it has."""
    cdef int e0 = e.first_move
    cdef int e1 = tb.encs[st.foe.enc + 1].first_move if st.foe.enc + 1 < tb.n_encs else tb.n_moves
    cdef int p0 = e.root
    cdef int p1 = tb.encs[st.foe.enc + 1].root if st.foe.enc + 1 < tb.n_encs else tb.n_parts
    cdef int k
    if e.n_moves and not (p0 <= st.foe.part < p1 and tb.parts[st.foe.part].n_children == 0):
        _fail("body.foe.part", "not a script phase of this Encounter's that has a script")
    if not e.n_moves and (st.foe.part != -1 or st.foe.script_pos != 0):
        _fail("body.foe.part", "an Encounter without a script has no place in one")
    if e.n_moves and st.foe.script_pos >= tb.parts[st.foe.part].n_entries:
        _fail("body.foe.script_pos", "beyond the script of its phase")
    if st.foe.intent != -1 and not (e0 <= st.foe.intent < e1):
        _fail("body.foe.intent", "not a move of this Encounter")
    if st.foe.last_move != -1 and not (e0 <= st.foe.last_move < e1):
        _fail("body.foe.last_move", "not a move of this Encounter")
    if (st.foe.last_move == -1) != (st.foe.repeats == 0):
        _fail("body.foe.repeats", "a move made is made at least once, and none made none")
    for k in range(e.n_vars, MAX_SCRIPT_VARS):
        if st.foe.vars[k] != 0:
            _fail("body.foe.vars", f"variable {k}: the Encounter has {e.n_vars}")
    return 0


cdef int _check_intent_draws(const State* st, const Tables* tb) except -1:
    """compute_intent draws a lane for a random-lane attack or summon and a player unit for a
    random_foe effect, and clears all three fields for every other move (N05)."""
    cdef const Move* mv
    cdef bint lane = False, target = False
    cdef int t = st.foe.intent_target, slot
    if st.foe.intent >= 0:
        mv = &tb.moves[st.foe.intent]
        lane = mv.kind != MV_EFFECT and mv.lane_sel == LANE_RANDOM
        target = mv.kind == MV_EFFECT and mv.target_sel == ESEL_RANDOM_FOE
    if lane != (st.foe.intent_lane >= 0):
        _fail("body.foe.intent_lane", "a lane is drawn exactly for a move with a random lane")
    if not target:
        if t != -1 or st.foe.intent_target_uid != -1:
            _fail("body.foe.intent_target", "a target is drawn only for a random_foe effect")
        return 0
    slot = unit_slot(t)
    if t < 0 or unit_side(t) != PLAYER or st.foe.intent_target_uid < 0 or not (
            slot < st.n_hero_slots[PLAYER] or CHAR_BASE <= slot < CHAR_BASE + tb.cfg.lanes):
        _fail("body.foe.intent_target", "a random_foe effect's target is a player unit with its uid")
    return 0

