# Included by effects.pyx (one translation unit, so that the C compiler inlines across
# jobs): expressions: an amount or a condition written as a postfix list of [op, arg] nodes,
# evaluated on a small fixed stack.

cdef inline int16_t _counter(int v) noexcept nogil:
    # V02: a counter is held within [-COUNTER_LIMIT, COUNTER_LIMIT]
    return <int16_t>(COUNTER_LIMIT if v > COUNTER_LIMIT else (-COUNTER_LIMIT if v < -COUNTER_LIMIT else v))


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


cdef int _unit_attr(const State* st, const Tables* tb, int u, int attr) noexcept nogil:
    cdef const Unit* x
    if u < 0 or u >= MAX_UNITS or not st.units[u].alive:
        return 0
    x = &st.units[u]
    if attr == EA_HP: return x.hp
    if attr == EA_MAX_HP: return x.max_hp
    if attr == EA_POWER: return unit_power(st, tb, u)
    if attr == EA_SHIELD: return x.status[STATUS_SHIELD]
    if attr == EA_POISON: return x.status[STATUS_POISON]
    return 1                          # EA_ALIVE


cdef inline int _ref_unit(const State* st, int r, int side, int self_unit, int target) noexcept nogil:
    if r == ER_SELF:
        if self_unit == SELF_GONE:
            return -1                   # P06: a `self` that has left play reads as nothing
        return self_unit if 0 <= self_unit < MAX_UNITS else leader_of(st, side)
    if r == ER_TARGET:
        return target if 0 <= target < MAX_UNITS else -1
    if r == ER_OWN_LEADER:
        return leader_of(st, side)
    return leader_of(st, 1 - side)


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


cdef inline int _event_field(const Ctx* cx, int f) noexcept nogil:
    if cx == NULL or cx.ev_kind == 0:
        return 0
    if f == EE_AMOUNT: return cx.ev_amount
    if f == EE_MAX_HP: return cx.ev_max_hp
    if f == EE_POWER: return cx.ev_power
    if f == EE_HP: return cx.ev_hp
    if f == EE_CARD_KIND: return cx.ev_card_kind
    if f == EE_SIDE: return cx.ev_side
    if f == EE_SOURCE_SIDE: return unit_side(cx.ev_source) if cx.ev_source >= 0 else -1
    return (is_hero(cx.ev_source)) if cx.ev_source >= 0 else -1  # EE_SOURCE_HERO


cdef int eval_expr(const State* st, const Tables* tb, int at, int side, int self_unit,
                   int target) noexcept nogil:
    """The value of the expression at pool offset `at`, for a program run by `side`, outside a
    trigger (`event.` reads 0)."""
    return _eval(st, tb, NULL, at, side, self_unit, target)


cdef int _eval(const State* st, const Tables* tb, const Ctx* cx, int at, int side, int self_unit,
               int target) noexcept nogil:
    """eval_expr, with the event a trigger answers in `cx` (NULL or ev_kind 0: none). The
    compiler checked its nodes and that the stack never exceeds MAX_EXPR_DEPTH."""
    cdef int stack[MAX_EXPR_DEPTH]
    cdef int sp = 0, i, op, arg, x, y, u
    cdef int n = tb.expr[at]
    cdef const int16_t* node
    for i in range(n):
        node = &tb.expr[at + 1 + 2 * i]
        op = node[0]; arg = node[1]
        if op == E_CONST:
            stack[sp] = arg; sp += 1
        elif op == E_ATTR:
            u = _ref_unit(st, attr_ref(arg), side, self_unit, target)
            stack[sp] = _unit_attr(st, tb, u, attr_of(arg)); sp += 1
        elif op == E_STATUS:
            u = _ref_unit(st, status_ref(arg), side, self_unit, target)
            stack[sp] = st.units[u].status[status_of(arg)] if u >= 0 and st.units[u].alive else 0
            sp += 1
        elif op == E_COUNT:
            stack[sp] = _count(st, tb, arg, side); sp += 1
        elif op == E_ROUND:
            stack[sp] = st.round; sp += 1
        elif op == E_MY_TURN:
            stack[sp] = st.active == side; sp += 1
        elif op == E_KILLED:
            stack[sp] = cx != NULL and cx.killed; sp += 1
        elif op == E_VAR:
            stack[sp] = st.foe.vars[arg]; sp += 1
        elif op == E_COUNTER:
            stack[sp] = st.counters[arg]; sp += 1
        elif op == E_REPEATS:
            # N09: the history by name, whatever phase the move was written in
            u = st.foe.last_move
            stack[sp] = st.foe.repeats if u >= 0 and tb.moves[u].name == arg else 0; sp += 1
        elif op == E_CARD_COUNTER:
            stack[sp] = st.card_counter[cx.card] if cx != NULL and cx.card >= 0 else 0; sp += 1
        elif op == E_EVENT and arg == EE_SOURCE_POWER:
            # read now: a unit's power is its own and its statuses' (0: no source)
            u = cx.ev_source if cx != NULL and cx.ev_kind != 0 else -1
            stack[sp] = unit_power(st, tb, u) if u >= 0 else 0; sp += 1
        elif op == E_EVENT:
            stack[sp] = _event_field(cx, arg); sp += 1
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
