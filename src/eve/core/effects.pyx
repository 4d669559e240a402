"""Damage, death, summons, tasks, Relic triggers, targets, and the effect-program interpreter.

An effect program is a int16_t list of 5-word instructions (op, selector, a, b, expression)
compiled from content; an amount or a condition written as an expression is a postfix list of
[op, arg] nodes in the content's expression pool, evaluated here on a small fixed stack. The
interpreter is the only code that changes the game because a card said so.
It never reads or writes the Action Meter or the Encounter's Initiative (seed 002: those are
selection-time state).
"""
from libc.string cimport memset

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport emit
from eve.core.rng cimport sm_below
from eve.core.zones cimport move_card, draw_one


cdef inline int side_of(int u) noexcept nogil:
    return u >> 4


cdef inline int16_t sat_add(int x, int a) noexcept nogil:
    # statuses and counters saturate at the int16 ceiling instead of wrapping
    x += a
    return <int16_t>(32767 if x > 32767 else (0 if x < 0 else x))


cdef bint unit_live(const State* st, int u) noexcept nogil:
    return 0 <= u < MAX_UNITS and st.units[u].alive != 0


cdef int leader_of(const State* st, int side) noexcept nogil:
    """Leader, else the first living hero in slot order; -1 when none lives."""
    cdef int base = side * UNITS_PER_SIDE, i
    cdef int l = st.leader[side]
    if l >= 0 and st.units[base + l].alive:
        return base + l
    for i in range(st.n_hero_slots[side]):
        if st.units[base + i].alive:
            return base + i
    return -1


cdef int living_heroes(const State* st, int side) noexcept nogil:
    cdef int base = side * UNITS_PER_SIDE, i, n = 0
    for i in range(st.n_hero_slots[side]):
        if st.units[base + i].alive:
            n += 1
    return n


cdef int check_outcome(State* st, Ctx* cx) noexcept nogil:
    # Checked after every resolution (RULES.md). Both sides emptied at once: the run has no
    # hero left, so it is a loss.
    if st.outcome != OUT_NONE:
        return st.outcome
    if living_heroes(st, PLAYER) == 0:
        st.outcome = OUT_LOSS
    elif living_heroes(st, ENCOUNTER) == 0:
        st.outcome = OUT_WIN
    if st.outcome != OUT_NONE:
        emit(cx, EV_OUTCOME, PLAYER, st.outcome, st.round, 0, 0)
    return st.outcome


cdef void _hero_falls(State* st, Ctx* cx, int u) noexcept nogil:
    cdef Unit* h = &st.units[u]
    cdef int side = side_of(u), i, base
    h.alive = 0
    h.hp = 0
    h.poison = 0
    h.shield = 0
    emit(cx, EV_HERO_FALLS, side, u, h.def_id, 0, 0)
    base = side * UNITS_PER_SIDE
    if st.leader[side] == u - base:
        for i in range(st.n_hero_slots[side]):
            if st.units[base + i].alive:
                st.leader[side] = i
                emit(cx, EV_LEADER, side, i, 0, 0, 0)
                return


cdef void remove_character(State* st, Ctx* cx, int u, int card_to) noexcept nogil:
    """A character leaves the Wastes; a player character's origin card goes to `card_to`."""
    cdef int card = st.units[u].card
    emit(cx, EV_DEATH, side_of(u), u, st.units[u].def_id, card, card_to)
    memset(&st.units[u], 0, sizeof(Unit))
    st.units[u].def_id = -1
    st.units[u].card = -1
    if card >= 0:
        move_card(st, cx, card, card_to, False)


cdef int deal_damage(State* st, Ctx* cx, int u, int n, int by_side, bint pierce) noexcept nogil:
    """Shield absorbs first (unless `pierce`, as poison does); returns the hp lost."""
    cdef Unit* t = &st.units[u]
    cdef int absorbed = 0, dealt, side = side_of(u)
    cdef bint died
    if not t.alive or n <= 0:
        return 0
    if not pierce and t.shield > 0:
        absorbed = t.shield if t.shield < n else n
        t.shield -= absorbed
        n -= absorbed
    dealt = t.hp if t.hp < n else n
    t.hp -= dealt
    died = t.hp == 0
    emit(cx, EV_DAMAGE, side, u, dealt, absorbed, by_side)
    # W02: the damage's own consequence, the death, comes first; only then may a task reward
    # run, so it never meets a unit at 0 hp that has not fallen yet (it would fall twice, and
    # a reward aimed at the leader would be lost on it)
    if died:
        if (u & 15) < CHAR_BASE:
            _hero_falls(st, cx, u)
        else:
            remove_character(st, cx, u, Z_ABYSS)
    if by_side != side:
        if dealt > 0:
            task_progress(st, cx, by_side, G_DAMAGE, dealt)
        if died:
            task_progress(st, cx, by_side, G_KILLS, 1)
    if dealt > 0 and side == PLAYER and (u & 15) < CHAR_BASE:
        fire_triggers(st, cx, TR_ALLY_HERO_DAMAGED, False)
    return dealt


cdef int heal_unit(State* st, Ctx* cx, int u, int n, int by_side) noexcept nogil:
    cdef Unit* t = &st.units[u]
    cdef int gained
    if not t.alive or n <= 0:
        return 0
    gained = t.max_hp - t.hp
    if gained > n:
        gained = n
    t.hp += gained
    emit(cx, EV_HEAL, side_of(u), u, gained, 0, by_side)
    if gained > 0:
        task_progress(st, cx, by_side, G_HEAL, gained)
    return gained


cdef int first_empty_lane(const State* st, const Tables* tb, int side) noexcept nogil:
    cdef int lane, base = side * UNITS_PER_SIDE + CHAR_BASE
    for lane in range(tb.cfg.lanes):
        if not st.units[base + lane].alive:
            return lane
    return -1


cdef int summon_unit(State* st, Ctx* cx, int side, int def_id, int lane) noexcept nogil:
    """A character from a unit def (no card): an Encounter summon or a token. -1 if no room."""
    cdef const Tables* tb = cx.tb
    cdef int u
    cdef Unit* c
    if lane < 0 or lane >= tb.cfg.lanes or st.units[side * UNITS_PER_SIDE + CHAR_BASE + lane].alive:
        lane = first_empty_lane(st, tb, side)
        if lane < 0:
            return -1
    u = side * UNITS_PER_SIDE + CHAR_BASE + lane
    c = &st.units[u]
    memset(c, 0, sizeof(Unit))
    c.def_id = def_id
    c.card = -1
    c.alive = 1
    c.is_token = 1
    c.hp = tb.units[def_id].hp
    c.max_hp = c.hp
    c.power = tb.units[def_id].power
    c.ready = 1 if (tb.units[def_id].keywords & KW_SWIFT) else 0
    c.uid = st.next_uid
    st.next_uid = (st.next_uid + 1) & 0x7FFF    # identities wrap, never go negative
    emit(cx, EV_SUMMON, side, u, def_id, lane, 1)
    task_progress(st, cx, side, G_DEPLOY, 1)
    return u


cdef void task_progress(State* st, Ctx* cx, int side, int goal, int n) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef int i
    cdef Task* t
    cdef const TaskDef* td
    if n <= 0:
        return
    for i in range(MAX_TASKS):
        t = &st.tasks[i]
        if not t.active:
            continue
        td = &tb.tasks[t.def_id]
        if td.goal != goal:
            continue
        _task_add(st, cx, i, side, n)


cdef void _task_add(State* st, Ctx* cx, int i, int side, int n) noexcept nogil:
    cdef Task* t = &st.tasks[i]
    cdef const TaskDef* td = &cx.tb.tasks[t.def_id]
    t.progress[side] = sat_add(t.progress[side], n)
    emit(cx, EV_TASK, side, i, t.def_id, t.progress[side], 0)
    if t.progress[side] >= td.threshold:
        # The first side to reach the goal takes the reward; the task leaves the Task Zone.
        t.active = 0
        emit(cx, EV_TASK_DONE, side, i, t.def_id, 0, 0)
        if td.reward_prog >= 0:
            run_program(st, cx, td.reward_prog, side, leader_of(st, side), TGT_NONE)


cdef int ally_power_bonus(const State* st, const Tables* tb) noexcept nogil:
    """Static Relic modifiers: + power to the player's characters' attacks."""
    cdef const Zone* z = &st.zones[Z_LATTICE]
    cdef int i, bonus = 0
    for i in range(z.n):
        bonus += tb.cards[st.card_def[z.c[i]]].ally_power
    return bonus


cdef void fire_triggers(State* st, Ctx* cx, int trigger, bint own_resolution) noexcept nogil:
    """Relic triggers resolve at once, in Lattice order, off the Stack. A trigger never fires
    from inside another trigger's program (trigger_depth), so no chain can loop. Turn-start and
    turn-end triggers are resolutions of their own (`own_resolution`: the outcome is checked
    after each); the others happen inside a resolution, which checks at its end."""
    cdef const Tables* tb = cx.tb
    cdef int16_t cards[MAX_CARDS]
    cdef int n, i, c, d
    if st.trigger_depth > 0 or st.outcome != OUT_NONE:
        return
    n = st.zones[Z_LATTICE].n
    for i in range(n):
        cards[i] = st.zones[Z_LATTICE].c[i]
    st.trigger_depth += 1
    for i in range(n):
        c = cards[i]
        if st.card_zone[c] != Z_LATTICE:
            continue
        d = st.card_def[c]
        if tb.cards[d].trigger == trigger and tb.cards[d].trigger_prog >= 0:
            run_program(st, cx, tb.cards[d].trigger_prog, PLAYER, leader_of(st, PLAYER), TGT_NONE)
            if own_resolution and check_outcome(st, cx) != OUT_NONE:
                break
    st.trigger_depth -= 1


# ---------------- targets ----------------

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

cdef bint _unit_matches(const State* st, int spec, int side, int u) noexcept nogil:
    """A living unit in one of the groups UNIT_GROUPS[spec] admits (spec T_FOE .. T_ALLY_HERO)."""
    cdef int group = (2 if side_of(u) != side else 0) + (0 if (u & 15) < CHAR_BASE else 1)
    return st.units[u].alive != 0 and (UNIT_GROUPS[spec] >> group) & 1


cdef bint target_ok(const State* st, const Tables* tb, int spec, int side, int tgt) noexcept nogil:
    cdef int i
    if spec == T_NONE:
        return tgt == TGT_NONE
    if 0 < spec <= T_ALLY_HERO:         # a unit spec (UNIT_GROUPS)
        return 0 <= tgt < MAX_UNITS and _unit_matches(st, spec, side, tgt)
    if spec == T_FOE_STACK:
        i = tgt - TGT_STACK_BASE
        return 0 <= i < st.n_stack and TGT_STACK_BASE <= tgt < TGT_CARD_BASE \
            and not st.stack[i].dead and st.stack[i].side != side
    i = tgt - TGT_CARD_BASE
    if i < 0 or i >= st.n_cards:
        return False
    if spec == T_VOID_CARD:
        return st.card_zone[i] == Z_VOID
    if spec == T_LATTICE_CARD:
        return st.card_zone[i] == Z_LATTICE
    return False


cdef int enum_targets(const State* st, const Tables* tb, int spec, int side, int16_t* out) noexcept nogil:
    """Every valid target of `spec` in a fixed order: own side's heroes then characters, then the
    other side's; Stack items bottom-up; cards in zone order."""
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
    if spec == T_FOE_STACK:
        for i in range(st.n_stack):
            if not st.stack[i].dead and st.stack[i].side != side:
                out[n] = TGT_STACK_BASE + i; n += 1
        return n
    if spec == T_VOID_CARD:
        for i in range(st.zones[Z_VOID].n):
            out[n] = TGT_CARD_BASE + st.zones[Z_VOID].c[i]; n += 1
        return n
    if spec == T_LATTICE_CARD:
        for i in range(st.zones[Z_LATTICE].n):
            out[n] = TGT_CARD_BASE + st.zones[Z_LATTICE].c[i]; n += 1
        return n
    return 0


# ---------------- the interpreter ----------------

cdef int _select_units(const State* st, const Tables* tb, int sel, int side, int self_unit,
                       int target, int16_t* out) noexcept nogil:
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


cdef inline int _clip(long long v) noexcept nogil:
    # intermediate values stay far from overflow whatever the content multiplies
    return <int>(1000000 if v > 1000000 else (-1000000 if v < -1000000 else v))


cdef inline int _div(int x, int y) noexcept nogil:
    # toward zero, 0 for a 0 divisor: on non-negative operands, so that both builds (C and
    # Python division semantics) agree
    cdef int q
    if y == 0:
        return 0
    q = (x if x >= 0 else -x) // (y if y >= 0 else -y)
    return q if (x >= 0) == (y >= 0) else -q


cdef int _unit_attr(const State* st, int u, int attr) noexcept nogil:
    cdef const Unit* x
    if u < 0 or u >= MAX_UNITS or not st.units[u].alive:
        return 0
    x = &st.units[u]
    if attr == EA_HP: return x.hp
    if attr == EA_MAX_HP: return x.max_hp
    if attr == EA_POWER: return x.power
    if attr == EA_SHIELD: return x.shield
    if attr == EA_POISON: return x.poison
    return 1                          # EA_ALIVE


cdef int _living(const State* st, int side, int first, int n) noexcept nogil:
    cdef int i, k = 0
    for i in range(first, first + n):
        k += st.units[side * UNITS_PER_SIDE + i].alive != 0
    return k


cdef int _count(const State* st, const Tables* tb, int what, int side) noexcept nogil:
    cdef int s
    if what == EC_ARCHIVE: return st.zones[Z_ARCHIVE].n
    if what == EC_RIFT: return st.zones[Z_RIFT].n
    if what == EC_LATTICE: return st.zones[Z_LATTICE].n
    if what == EC_ABYSS: return st.zones[Z_ABYSS].n
    if what == EC_VOID: return st.zones[Z_VOID].n
    if what == EC_STACK: return st.n_stack
    if what == EC_ALLY_CHARACTERS or what == EC_FOE_CHARACTERS:
        s = side if what == EC_ALLY_CHARACTERS else 1 - side
        return _living(st, s, CHAR_BASE, tb.cfg.lanes)
    s = side if what == EC_ALLY_HEROES else 1 - side
    return _living(st, s, 0, st.n_hero_slots[s])


cdef int eval_expr(const State* st, const Tables* tb, int at, int side, int self_unit,
                   int target) noexcept nogil:
    """The value of the expression at pool offset `at`, for a program run by `side`. The
    compiler checked its nodes and that the stack never exceeds MAX_EXPR_DEPTH."""
    cdef int stack[MAX_EXPR_DEPTH]
    cdef int sp = 0, i, op, arg, x, y, u, r
    cdef int n = tb.expr[at]
    cdef const int16_t* node
    for i in range(n):
        node = &tb.expr[at + 1 + 2 * i]
        op = node[0]; arg = node[1]
        if op == E_CONST:
            stack[sp] = arg; sp += 1
        elif op == E_ATTR:
            r = arg >> 4
            if r == ER_SELF:
                u = self_unit if 0 <= self_unit < MAX_UNITS else leader_of(st, side)
            elif r == ER_TARGET:
                u = target if 0 <= target < MAX_UNITS else -1
            elif r == ER_OWN_LEADER:
                u = leader_of(st, side)
            else:
                u = leader_of(st, 1 - side)
            stack[sp] = _unit_attr(st, u, arg & 15); sp += 1
        elif op == E_COUNT:
            stack[sp] = _count(st, tb, arg, side); sp += 1
        elif op == E_ROUND:
            stack[sp] = st.round; sp += 1
        elif op == E_VAR:
            stack[sp] = st.foe.vars[arg]; sp += 1
        elif op == E_NEG:
            stack[sp - 1] = -stack[sp - 1]
        elif op == E_NOT:
            stack[sp - 1] = 1 if stack[sp - 1] == 0 else 0
        elif op == E_CLAMP:
            sp -= 2
            x = stack[sp - 1]
            stack[sp - 1] = stack[sp] if x < stack[sp] else (stack[sp + 1] if x > stack[sp + 1] else x)
        else:
            sp -= 1
            x = stack[sp - 1]; y = stack[sp]
            if op == E_ADD: x = _clip(<long long>x + y)
            elif op == E_SUB: x = _clip(<long long>x - y)
            elif op == E_MUL: x = _clip(<long long>x * y)
            elif op == E_DIV: x = _div(x, y)
            elif op == E_MIN: x = x if x < y else y
            elif op == E_MAX: x = x if x > y else y
            elif op == E_LT: x = x < y
            elif op == E_LE: x = x <= y
            elif op == E_GT: x = x > y
            elif op == E_GE: x = x >= y
            elif op == E_EQ: x = x == y
            elif op == E_NE: x = x != y
            elif op == E_AND: x = (x != 0) and (y != 0)
            else: x = (x != 0) or (y != 0)      # E_OR
            stack[sp - 1] = x
    return stack[0] if sp > 0 else 0


cdef void run_program(State* st, Ctx* cx, int prog, int side, int self_unit, int target) noexcept nogil:
    cdef const Tables* tb = cx.tb
    cdef const int16_t* ins
    cdef int16_t units[MAX_UNITS]
    cdef int pc, op, sel, a, b, n, k, u, c, i, v, length
    cdef Unit* t
    if prog < 0:
        return
    pc = 0
    length = tb.prog_len[prog]
    while pc < length:
        ins = &tb.code[(prog * MAX_PROG_LEN + pc) * INSTR_WORDS]
        pc += 1
        op = ins[0]; sel = ins[1]; a = ins[2]; b = ins[3]
        if op == OP_IF:
            # a: the instructions to skip when the condition fails (no condition: always)
            if ins[4] < 0 or eval_expr(st, tb, ins[4], side, self_unit, target) == 0:
                pc += a
            continue
        if ins[4] >= 0:
            # an amount written as an expression, held to an amount's range
            v = eval_expr(st, tb, ins[4], side, self_unit, target)
            v = 0 if v < 0 else (999 if v > 999 else v)
            if op == OP_SUMMON or op == OP_TASK:
                b = v
            else:
                a = v
            if op == OP_SUMMON and v == 0:
                continue
        if op == OP_DAMAGE or op == OP_HEAL or op == OP_SHIELD or op == OP_POISON or op == OP_BUFF:
            n = _select_units(st, tb, sel, side, self_unit, target, units)
            for k in range(n):
                u = units[k]
                t = &st.units[u]
                if not t.alive:
                    continue
                if op == OP_DAMAGE:
                    deal_damage(st, cx, u, a, side, False)
                elif op == OP_HEAL:
                    heal_unit(st, cx, u, a, side)
                elif op == OP_SHIELD:
                    t.shield = sat_add(t.shield, a)
                    emit(cx, EV_STATUS, u >> 4, u, 0, t.shield, 0)
                elif op == OP_POISON:
                    t.poison = sat_add(t.poison, a)
                    emit(cx, EV_STATUS, u >> 4, u, 1, t.poison, 0)
                else:
                    t.power = sat_add(t.power, a)
                    emit(cx, EV_STATUS, u >> 4, u, 2, t.power, 0)
        elif op == OP_DRAW:
            # E16: the side running the program draws; the Encounter has no deck (Z07), so a
            # draw of its own (a move, a response, a task reward it won) draws nothing
            if side == PLAYER:
                for k in range(a):
                    draw_one(st, cx)
        elif op == OP_DISCARD:
            # the player's hand is the only hand: the Encounter's discard strikes it
            for k in range(a):
                n = st.zones[Z_RIFT].n
                if n == 0:
                    break
                i = <int>sm_below(&st.rng[STREAM_SHUFFLE], <unsigned int>n)
                move_card(st, cx, st.zones[Z_RIFT].c[i], Z_ABYSS, False)
        elif op == OP_EXILE:
            if sel == SEL_NEWEST_LATTICE or (sel == SEL_TARGET and target >= TGT_CARD_BASE):
                c = _select_card(st, sel, target, Z_LATTICE)
                if c >= 0:
                    move_card(st, cx, c, Z_VOID, False)
            else:
                n = _select_units(st, tb, sel, side, self_unit, target, units)
                for k in range(n):
                    u = units[k]
                    if (u & 15) >= CHAR_BASE and st.units[u].alive:
                        remove_character(st, cx, u, Z_VOID)
        elif op == OP_RETURN:
            c = _select_card(st, sel, target, Z_VOID) if side == PLAYER else -1
            if c >= 0:
                move_card(st, cx, c, Z_RIFT, True)     # Void -> Rift: only by an explicit effect
        elif op == OP_DESTROY:
            c = _select_card(st, sel, target, Z_LATTICE)
            if c >= 0:
                move_card(st, cx, c, Z_ABYSS, False)
        elif op == OP_COUNTER:
            i = target - TGT_STACK_BASE
            if TGT_STACK_BASE <= target < TGT_CARD_BASE and 0 <= i < st.n_stack and not st.stack[i].dead:
                st.stack[i].dead = 1
                emit(cx, EV_COUNTER, side, i, st.stack[i].kind, st.stack[i].card, 0)
                if st.stack[i].card >= 0:
                    move_card(st, cx, st.stack[i].card, Z_ABYSS, False)
        elif op == OP_SUMMON:
            for k in range(b if b > 0 else 1):
                summon_unit(st, cx, side, a, -1)
        elif op == OP_TASK:
            # W04: only `effect` goals take progress from an instruction; the others count
            # their own events (the compiler refuses a named task of another goal)
            for i in range(MAX_TASKS):
                if st.tasks[i].active and (a < 0 or st.tasks[i].def_id == a) \
                        and tb.tasks[st.tasks[i].def_id].goal == G_EFFECT:
                    _task_add(st, cx, i, side, b)
