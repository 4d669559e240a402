"""The snapshot body's reader: msgpack read with every length checked against the layout before
anything is read, no recursion past the layout's depth, no maps, and every value range-checked
(the range of each field alone; what takes more than one field is snapshot_check's). Each
field is read into its C field by name, with its range: the ranges are this reader's
knowledge, the parts' order and lengths state_layout.pxd's."""
from libc.stdint cimport int16_t, int64_t, uint64_t

from eve.core.defs cimport *
from eve.core.state_layout cimport *

from eve.core.errors import MalformedSnapshot, SchemaViolation


cdef inline int _need(Rd* r, Py_ssize_t k) except -1:
    if r.i + k > r.n:
        _truncated(r, k)
    return 0


cdef int r_need(Rd* r, Py_ssize_t k) except -1:
    return _need(r, k)


cdef int _truncated(Rd* r, Py_ssize_t k) except -1:
    raise MalformedSnapshot(f"truncated at byte {r.i}: {k} more byte(s) needed, {r.n - r.i} left")


cdef uint64_t _rbe(Rd* r, int nbytes) noexcept:
    cdef uint64_t v = 0
    cdef int k
    for k in range(nbytes):
        v = (v << 8) | r.p[r.i + k]
    r.i += nbytes
    return v


cdef str what_type(unsigned char t):
    if t <= 0x7f or t >= 0xe0 or 0xcc <= t <= 0xd3:
        return "an integer"
    if 0x80 <= t <= 0x8f or t in (0xde, 0xdf):
        return "a map (maps are not part of the layout)"
    if 0x90 <= t <= 0x9f or t in (0xdc, 0xdd):
        return "an array"
    if 0xa0 <= t <= 0xbf or t in (0xd9, 0xda, 0xdb):
        return "a string"
    if t in (0xc4, 0xc5, 0xc6):
        return "binary data"
    if t == 0xc0:
        return "nil"
    if t in (0xc2, 0xc3):
        return "a boolean"
    if t in (0xca, 0xcb):
        return "a float"
    if t == 0xc1:
        return "the never-used byte 0xc1"
    return "an extension type"


cdef object _bad_type(Rd* r, str path, str wanted):
    """The error for the value at r.i, of another type than `wanted`: the caller raises it, so
    that Cython sees the branch end."""
    cdef unsigned char t = r.p[r.i]
    if t == 0xc1:
        return MalformedSnapshot(f"byte {r.i}: 0xc1 is not a msgpack type")
    return SchemaViolation(path, f"expected {wanted}, found {what_type(t)}")


cdef Py_ssize_t _length(Rd* r, int nbytes) except -1:
    # skip the type byte, read a big-endian length field of `nbytes`
    r.i += 1
    _need(r, nbytes)
    return <Py_ssize_t>_rbe(r, nbytes)


cdef Py_ssize_t r_array(Rd* r, Py_ssize_t lo, Py_ssize_t hi, str path) except -1:
    """An array header whose length is checked against the layout before anything is read."""
    cdef unsigned char t
    cdef Py_ssize_t n
    _need(r, 1)
    t = r.p[r.i]
    if 0x90 <= t <= 0x9f:
        r.i += 1
        n = t & 0x0f
    elif t == 0xdc:
        n = _length(r, 2)
    elif t == 0xdd:
        n = _length(r, 4)
    else:
        raise _bad_type(r, path, "an array")
    if n < lo or n > hi:
        if lo == hi:
            raise SchemaViolation(path, f"expected an array of {lo}, found {n} elements")
        raise SchemaViolation(path, f"expected an array of {lo} to {hi} elements, found {n}")
    return n


cdef inline Py_ssize_t _arr(Rd* r, Py_ssize_t want, const char* sect, Py_ssize_t idx) except -1:
    # the common case, a fixarray of the expected length, without building a path
    if want < 16:
        if r.i < r.n and r.p[r.i] == (0x90 | want):
            r.i += 1
            return want
    elif want < 65536 and r.i + 2 < r.n and r.p[r.i] == 0xdc and \
            ((<Py_ssize_t>r.p[r.i + 1] << 8) | r.p[r.i + 2]) == want:
        r.i += 3        # an array16 of the expected length
        return want
    return r_array(r, want, want, path_of(sect, idx, NULL))


cdef int r_u64(Rd* r, uint64_t* out, str path) except -1:
    cdef unsigned char t
    _need(r, 1)
    t = r.p[r.i]
    if t <= 0x7f:
        r.i += 1
        out[0] = t
        return 0
    if 0xcc <= t <= 0xcf:
        r.i += 1
        _need(r, 1 << (t - 0xcc))
        out[0] = _rbe(r, 1 << (t - 0xcc))
        return 0
    raise _bad_type(r, path, "an unsigned 64-bit integer")


cdef int r_int(Rd* r, int64_t lo, int64_t hi, int16_t* out, str path) except -1:
    """An integer of the layout, range-checked against [lo, hi] (always within int16)."""
    cdef unsigned char t
    cdef int64_t v
    cdef uint64_t uv
    cdef int nb
    _need(r, 1)
    t = r.p[r.i]
    if t <= 0x7f:
        r.i += 1
        v = t
    elif t >= 0xe0:
        r.i += 1
        v = <int64_t>(<signed char>t)
    elif 0xcc <= t <= 0xcf:
        nb = 1 << (t - 0xcc)
        r.i += 1
        _need(r, nb)
        uv = _rbe(r, nb)
        if uv > <uint64_t>32767:
            raise SchemaViolation(path, f"{uv} is out of range [{lo}, {hi}]")
        v = <int64_t>uv
    elif 0xd0 <= t <= 0xd3:
        nb = 1 << (t - 0xd0)
        r.i += 1
        _need(r, nb)
        v = <int64_t>_rbe(r, nb)
        if nb < 8 and (v >> (8 * nb - 1)) & 1:
            v -= (<int64_t>1) << (8 * nb)
    else:
        raise _bad_type(r, path, "an integer")
    if v < lo or v > hi:
        raise SchemaViolation(path, f"{v} is out of range [{lo}, {hi}]")
    out[0] = <int16_t>v
    return 0


cdef str r_str(Rd* r, Py_ssize_t maxlen, str path):
    cdef unsigned char t
    cdef Py_ssize_t n
    _need(r, 1)
    t = r.p[r.i]
    if 0xa0 <= t <= 0xbf:
        r.i += 1
        n = t & 0x1f
    elif t == 0xd9:
        n = _length(r, 1)
    elif t == 0xda:
        n = _length(r, 2)
    else:
        raise _bad_type(r, path, "a string")
    if n > maxlen:
        raise SchemaViolation(path, f"string of {n} bytes exceeds the limit of {maxlen}")
    _need(r, n)
    try:
        s = (<const char*>r.p)[r.i:r.i + n].decode("utf-8")
    except UnicodeDecodeError as e:
        raise SchemaViolation(path, f"invalid UTF-8 ({e.reason})") from None
    r.i += n
    return s


cdef int r_ints(Rd* r, int16_t* out, Py_ssize_t lo, Py_ssize_t hi, int64_t vlo, int64_t vhi,
                const char* path) except -1:
    cdef Py_ssize_t n, i
    if r.i < r.n and 0x90 <= r.p[r.i] <= 0x9f and lo <= (r.p[r.i] & 0x0f) <= hi:
        n = r.p[r.i] & 0x0f
        r.i += 1
    else:
        n = r_array(r, lo, hi, path.decode())
    for i in range(n):
        # the path string is built only when a value is refused
        if not r_quick(r, vlo, vhi, &out[i]):
            r_int(r, vlo, vhi, &out[i], f"{path.decode()}[{i}]")
    return <int>n


cdef str path_of(const char* sect, Py_ssize_t idx, const char* field):
    s = sect.decode()
    if idx >= 0:
        s += f"[{idx}]"
    if field != NULL:
        s += "." + field.decode()
    return s


cdef inline int _f(Rd* r, int64_t lo, int64_t hi, int16_t* out, const char* sect, Py_ssize_t idx,
                   const char* field) except -1:
    if r_quick(r, lo, hi, out):
        return 0
    return r_int(r, lo, hi, out, path_of(sect, idx, field))




cdef enum:
    DEF_BIG = 32767     # the int16 ceiling of every state field


cdef int read_body(Rd* r, State* st, const Tables* tb) except -1:
    """Parse the body into `st` (zeroed by the caller), with structural ranges; semantic
    cross-checks follow in snapshot_check.check_state."""
    cdef Py_ssize_t i
    r_array(r, N_BODY, N_BODY, "body")
    r_array(r, MAX_STREAMS, MAX_STREAMS, "body.rng")
    for i in range(MAX_STREAMS):
        r_u64(r, &st.rng[i], f"body.rng[{i}]")
        # the streams past the named ones are reserved: a state is made with them zero and no
        # code draws from them
        if i > STREAM_ENCOUNTER and st.rng[i] != 0:
            raise SchemaViolation(f"body.rng[{i}]", f"{st.rng[i]}: an unused stream is always 0")
    _read_turn_cards(r, st, tb)
    _read_units(r, st, tb)
    _read_stack_meter_tasks(r, st, tb)
    _read_foe(r, st, tb)
    _read_choice_grants_counters(r, st, tb)
    return 0


cdef int _read_turn_cards(Rd* r, State* st, const Tables* tb) except -1:
    cdef const char* p
    cdef Py_ssize_t k
    cdef int16_t nc
    r_array(r, TURN_WORDS, TURN_WORDS, "body.turn")
    p = b"body.turn"
    _f(r, PH_BEGINNING, PH_END, &st.phase, p, -1, b"phase")
    _f(r, 0, 1, &st.active, p, -1, b"active")
    _f(r, 0, 1, &st.priority, p, -1, b"priority")
    _f(r, 0, 1, &st.passes, p, -1, b"passes")
    _f(r, 1, tb.cfg.max_rounds, &st.round, p, -1, b"round")
    _f(r, OUT_NONE, OUT_TIMEOUT, &st.outcome, p, -1, b"outcome")
    _f(r, 0, MAX_HERO_SLOTS - 1, &st.leader[0], p, -1, b"leader_player")
    _f(r, 0, MAX_HERO_SLOTS - 1, &st.leader[1], p, -1, b"leader_encounter")
    _f(r, 1, tb.cfg.player_hero_slots, &st.n_hero_slots[0], p, -1, b"hero_slots_player")
    _f(r, 1, MAX_ROSTER, &st.n_hero_slots[1], p, -1, b"hero_slots_encounter")
    _f(r, 0, 0, &st.trigger_depth, p, -1, b"trigger_depth")
    _f(r, 0, DEF_BIG, &st.next_uid, p, -1, b"next_uid")
    _f(r, 0, tb.cfg.max_decisions_per_turn, &st.decisions, p, -1, b"decisions")
    _f(r, 0, MAX_CARDS, &st.archive_known, p, -1, b"archive_known")
    r_array(r, N_CARD_ARRAYS, N_CARD_ARRAYS, "body.cards")
    nc = <int16_t>r_ints(r, st.card_def, 0, MAX_CARDS, 0, tb.n_cards - 1, b"body.cards.def")
    st.n_cards = nc
    r_ints(r, st.card_zone, nc, nc, Z_ARCHIVE, Z_STACK, b"body.cards.zone")
    r_ints(r, st.card_charges, nc, nc, 0, 999, b"body.cards.charges")
    # a trigger's limit: its count (at most `every`, 99) and the turn it was counted in
    r_ints(r, st.card_tcount, nc, nc, 0, 99, b"body.cards.tcount")
    r_ints(r, st.card_tstamp, nc, nc, 0, 2 * tb.cfg.max_rounds + 1, b"body.cards.tstamp")
    r_ints(r, st.card_counter, nc, nc, -COUNTER_LIMIT, COUNTER_LIMIT, b"body.cards.counter")
    r_array(r, 5, 5, "body.zones")
    for k in range(Z_ARCHIVE, Z_VOID + 1):
        if k == Z_WASTES:
            continue
        st.zones[k].n = <int16_t>r_ints(r, st.zones[k].c, 0, nc, 0, nc - 1, ZONE_PATHS[k])
    return 0


cdef int _read_units(Rd* r, State* st, const Tables* tb) except -1:
    cdef const char* p
    cdef Py_ssize_t i, k
    cdef Unit* u
    r_array(r, MAX_UNITS, MAX_UNITS, "body.units")
    for i in range(MAX_UNITS):
        p = b"body.units"
        _arr(r, UNIT_WORDS, p, i)
        u = &st.units[i]
        _f(r, -1, DEF_BIG, &u.def_id, p, i, b"def_id")
        _f(r, -1, MAX_CARDS - 1, &u.card, p, i, b"card")
        _f(r, 0, 1, &u.alive, p, i, b"alive")
        _f(r, 0, 1, &u.is_token, p, i, b"is_token")
        _f(r, 0, DEF_BIG, &u.hp, p, i, b"hp")
        _f(r, 0, DEF_BIG, &u.max_hp, p, i, b"max_hp")
        _f(r, 0, DEF_BIG, &u.power, p, i, b"power")
        _f(r, 0, 1, &u.ready, p, i, b"ready")
        _f(r, 0, 1, &u.attacked, p, i, b"attacked")
        _f(r, 0, 1, &u.used, p, i, b"used")
        _f(r, -20, 20, &u.ambition, p, i, b"ambition")
        _f(r, -20, 20, &u.morality, p, i, b"morality")
        _f(r, 0, DEF_BIG, &u.uid, p, i, b"uid")
        for k in range(MAX_STATUSES):
            _f(r, 0, DEF_BIG, &u.status[k], p, i, status_field(k))
        _f(r, 0, 99, &u.tcount, p, i, b"tcount")
        _f(r, 0, 2 * tb.cfg.max_rounds + 1, &u.tstamp, p, i, b"tstamp")
    return 0


cdef int _read_stack_meter_tasks(Rd* r, State* st, const Tables* tb) except -1:
    cdef const char* p
    cdef Py_ssize_t n, i, k
    cdef StackItem* it
    n = r_array(r, 0, MAX_STACK, "body.stack")
    st.n_stack = <int16_t>n
    for i in range(n):
        p = b"body.stack"
        _arr(r, ITEM_WORDS, p, i)
        it = &st.stack[i]
        _f(r, SI_CARD, SI_MOVE, &it.kind, p, i, b"kind")
        _f(r, 0, 1, &it.side, p, i, b"side")
        _f(r, 0, 1, &it.dead, p, i, b"dead")
        _f(r, 0, 1, &it.responded, p, i, b"responded")
        _f(r, -1, MAX_CARDS - 1, &it.card, p, i, b"card")
        _f(r, -1, tb.n_progs - 1, &it.prog, p, i, b"prog")
        _f(r, -1, TGT_CARD_BASE + MAX_CARDS - 1, &it.source, p, i, b"source")
        _f(r, 0, TGT_NONE, &it.target, p, i, b"target")
        _f(r, 0, tb.cfg.lanes - 1, &it.lane, p, i, b"lane")
        _f(r, -1, tb.n_units - 1, &it.def_id, p, i, b"def_id")
        _f(r, -1, DEF_BIG, &it.source_uid, p, i, b"source_uid")
        _f(r, -1, DEF_BIG, &it.target_uid, p, i, b"target_uid")
        _f(r, 0, Z_STACK, &it.target_zone, p, i, b"target_zone")
    r_array(r, METER_WORDS, METER_WORDS, "body.meter")
    p = b"body.meter"
    _f(r, 0, 999, &st.meter.capacity, p, -1, b"capacity")
    _f(r, 0, 999, &st.meter.spent, p, -1, b"spent")
    _f(r, 0, 0, &st.meter.regen, p, -1, b"regen")
    for k in range(N_CATS):
        _f(r, 0, 999, &st.meter.cost[k], p, -1, CATEGORY_LABELS[k])
    r_array(r, MAX_TASKS, MAX_TASKS, "body.tasks")
    for i in range(MAX_TASKS):
        p = b"body.tasks"
        _arr(r, TASK_WORDS, p, i)
        _f(r, 0, tb.n_tasks - 1 if tb.n_tasks > 0 else 0, &st.tasks[i].def_id, p, i, b"def_id")
        _f(r, 0, 1, &st.tasks[i].active, p, i, b"active")
        _f(r, 0, DEF_BIG, &st.tasks[i].progress[0], p, i, b"progress_player")
        _f(r, 0, DEF_BIG, &st.tasks[i].progress[1], p, i, b"progress_encounter")
    return 0


cdef int _read_foe(Rd* r, State* st, const Tables* tb) except -1:
    cdef const char* p
    cdef Py_ssize_t k
    r_array(r, FOE_WORDS, FOE_WORDS, "body.foe")
    p = b"body.foe"
    _f(r, 0, tb.n_encs - 1, &st.foe.enc, p, -1, b"encounter")
    _f(r, 0, DEF_BIG, &st.foe.script_pos, p, -1, b"script_pos")
    _f(r, -1, tb.n_moves - 1, &st.foe.intent, p, -1, b"intent")
    _f(r, -1, tb.cfg.lanes - 1, &st.foe.intent_lane, p, -1, b"intent_lane")
    _f(r, -1, MAX_UNITS - 1, &st.foe.intent_target, p, -1, b"intent_target")
    _f(r, -1, DEF_BIG, &st.foe.intent_target_uid, p, -1, b"intent_target_uid")
    _f(r, 0, 99, &st.foe.initiative, p, -1, b"initiative")
    _f(r, 0, 99, &st.foe.init_left, p, -1, b"initiative_left")
    for k in range(MAX_RESPONSES):
        _f(r, 0, DEF_BIG, &st.foe.resp_used[k], p, -1, b"response_used")
    for k in range(MAX_RESPONSES):
        _f(r, -1, 99, &st.foe.resp_charges[k], p, -1, b"response_charges")
    _f(r, -1, tb.n_parts - 1, &st.foe.part, p, -1, b"part")
    _f(r, -1, tb.n_moves - 1, &st.foe.last_move, p, -1, b"last_move")
    _f(r, 0, MAX_REPEATS, &st.foe.repeats, p, -1, b"repeats")
    for k in range(MAX_SCRIPT_VARS):
        _f(r, -SCRIPT_VAR_LIMIT, SCRIPT_VAR_LIMIT, &st.foe.vars[k], p, -1, b"vars")
    return 0


cdef int _read_choice_grants_counters(Rd* r, State* st, const Tables* tb) except -1:
    cdef const char* p
    cdef Py_ssize_t n, i, k
    r_array(r, N_CHOICE, N_CHOICE, "body.choice")
    p = b"body.choice"
    _f(r, CH_NONE, CH_DISCOVER, &st.choice.kind, p, -1, b"kind")
    _f(r, 0, 1, &st.choice.side, p, -1, b"side")
    _f(r, 0, tb.n_progs - 1 if tb.n_progs > 0 else 0, &st.choice.prog, p, -1, b"prog")
    _f(r, 0, MAX_PROG_LEN - 1, &st.choice.pc, p, -1, b"pc")
    _f(r, -1, MAX_UNITS - 1, &st.choice.self_unit, p, -1, b"self_unit")
    _f(r, 0, TGT_NONE, &st.choice.target, p, -1, b"target")
    _f(r, 0, SI_MOVE, &st.choice.item_kind, p, -1, b"item_kind")
    _f(r, -1, MAX_CARDS - 1, &st.choice.item_card, p, -1, b"item_card")
    _f(r, 0, N_PLACES - 1, &st.choice.place, p, -1, b"place")
    _f(r, 0, 999, &st.choice.left, p, -1, b"left")
    _f(r, 0, 1, &st.choice.up_to, p, -1, b"up_to")
    _f(r, 0, 0x7FFF, &st.choice.self_uid, p, -1, b"self_uid")
    _f(r, 0, 0x7FFF, &st.choice.target_uid, p, -1, b"target_uid")
    _f(r, 0, 1, &st.choice.killed, p, -1, b"killed")
    st.choice.n_opts = <int16_t>r_ints(r, st.choice.opts, 0, MAX_CHOICE_OPTS, 0, DEF_BIG,
                                       b"body.choice.options")
    n = r_array(r, 0, MAX_GRANTS, "body.grants")
    st.n_grants = <int16_t>n
    for i in range(n):
        p = b"body.grants"
        _arr(r, GRANT_WORDS, p, i)
        _f(r, 0, TGT_CARD_BASE + MAX_CARDS - 1, &st.grants[i].src, p, i, b"src")
        _f(r, 0, DEF_BIG, &st.grants[i].src_uid, p, i, b"src_uid")
        _f(r, 0, MAX_UNITS - 1, &st.grants[i].unit, p, i, b"unit")
        _f(r, 0, DEF_BIG, &st.grants[i].uid, p, i, b"uid")
        _f(r, GRANT_MAX_HP, tb.n_statuses - 1, &st.grants[i].status, p, i, b"status")
        _f(r, 0, DEF_BIG, &st.grants[i].stacks, p, i, b"stacks")
        _f(r, 0, GRANT_TURN, &st.grants[i].aura, p, i, b"aura")
    r_array(r, MAX_COUNTERS, MAX_COUNTERS, "body.counters")
    for k in range(MAX_COUNTERS):
        # a counter the content does not have is 0
        _f(r, -COUNTER_LIMIT if k < tb.n_counters else 0,
           COUNTER_LIMIT if k < tb.n_counters else 0, &st.counters[k], b"body.counters", k, b"value")
    return 0


cdef const char* ZONE_PATHS[N_ZONES]
ZONE_PATHS[Z_ARCHIVE] = b"body.zones.archive"
ZONE_PATHS[Z_RIFT] = b"body.zones.rift"
ZONE_PATHS[Z_LATTICE] = b"body.zones.lattice"
ZONE_PATHS[Z_ABYSS] = b"body.zones.abyss"
ZONE_PATHS[Z_VOID] = b"body.zones.void"
cdef const char* CATEGORY_LABELS[4]
CATEGORY_LABELS[0] = b"cost_play_support"
CATEGORY_LABELS[1] = b"cost_deploy"
CATEGORY_LABELS[2] = b"cost_activate"
CATEGORY_LABELS[3] = b"cost_attack"


cdef const char* category_label(int k) noexcept:
    return CATEGORY_LABELS[k]


# the field names of a unit's stacks, for error paths ("status[3]"): the bytes are kept alive
# by the tuple, and read through a C array (a tuple lookup a stack and a unit cost a restore
# a sixth of its time)
_STATUS_FIELDS = tuple(b"status[%d]" % k for k in range(MAX_STATUSES))
cdef const char* _STATUS_FIELD_PTRS[MAX_STATUSES]
for _k in range(MAX_STATUSES):
    _STATUS_FIELD_PTRS[_k] = <const char*>_STATUS_FIELDS[_k]


cdef const char* status_field(int k) noexcept:
    return _STATUS_FIELD_PTRS[k]
