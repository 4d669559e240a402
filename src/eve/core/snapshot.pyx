"""Snapshot ABI v5: the whole match state as canonical msgpack, encoded and decoded here.

Layout (docs/snapshot-abi.md has it field by field): a msgpack array of 7
    ["eve.snap", 5, engine_version, content_fingerprint, packs, checksum, body]
where `checksum` is `body_checksum` of the body's bytes and `body` is a fixed array layout of every
field that decides the future. The codec is a strict msgpack subset written for this layout
(arrays, ints, strings): any msgpack library reads a snapshot, and `msgpack.packb` of the
documented layout gives the same bytes, but decoding never recurses past the layout's depth,
checks every length against the layout before reading, accepts no maps, and range-checks every
value against the engine's tables before a Match is built, so hostile input cannot crash it.
"""
cimport cython
from libc.stdint cimport int16_t, int64_t, uint64_t, uint8_t
from libc.string cimport memcmp, memset, memcpy

from eve.core.defs cimport *
from eve.core.rng cimport sm_mix
from eve.core.rules cimport seed_meter
from eve.core.effects cimport leader_of, discover_rows
from eve.core.match cimport Match
from eve.core.tables cimport CompiledContent

from eve.core.errors import (BadMagic, ChecksumMismatch, ContentMismatch, MalformedSnapshot,
                        SchemaViolation, SnapshotTooLarge, UnsupportedABI)

ABI = 5
SUPPORTED_ABIS = (5,)
MAGIC = "eve.snap"
MAX_SNAPSHOT_BYTES = 16384
MAGIC_PREFIX = b"\x97\xa8eve.snap"

cdef enum:
    BODY_CAP = 8192
    N_TURN = 14
    N_UNIT = 31             # 13 + MAX_STATUSES + 2 (a literal, as N_FOE is)
    N_ITEM = 13
    N_METER = 7
    N_TASK = 4
    N_FOE = 23              # 8 + 2 x MAX_RESPONSES + 3 + MAX_SCRIPT_VARS (a literal: see search_loop.pxd on enum arithmetic)
    N_CHOICE = 15           # 14 ints, then the options
    N_GRANT = 7
    N_BODY = 12


@cython.overflowcheck(False)       # FNV arithmetic wraps modulo 2**64 on purpose
cdef uint64_t body_checksum(const unsigned char* p, Py_ssize_t n) noexcept nogil:
    """FNV-1a over 64-bit little-endian words (the last word zero-padded), then the SplitMix64
    finalizer: a checksum, not a signature (docs/snapshot-abi.md)."""
    cdef uint64_t h = <uint64_t>0xCBF29CE484222325ULL, w
    cdef Py_ssize_t i = 0, k
    while i < n:
        w = 0
        for k in range(8):
            if i + k < n:
                w |= (<uint64_t>p[i + k]) << (8 * k)
        h = (h ^ w) * <uint64_t>0x100000001B3ULL
        i += 8
    return sm_mix(h ^ <uint64_t>n)


# ---------------- writing ----------------

cdef struct Buf:
    unsigned char* p
    Py_ssize_t n


cdef inline void _b(Buf* b, unsigned char x) noexcept nogil:
    b.p[b.n] = x
    b.n += 1


cdef inline void _be(Buf* b, uint64_t v, int nbytes) noexcept nogil:
    cdef int k
    for k in range(nbytes - 1, -1, -1):
        _b(b, <unsigned char>((v >> (8 * k)) & 0xFF))


cdef inline void w_array(Buf* b, Py_ssize_t n) noexcept nogil:
    if n < 16:
        _b(b, 0x90 | <unsigned char>n)
    else:
        _b(b, 0xdc)
        _be(b, <uint64_t>n, 2)


cdef inline void w_int(Buf* b, int64_t v) noexcept nogil:
    # the smallest encoding, as msgpack-python's packb chooses it
    if v >= 0:
        w_uint(b, <uint64_t>v)
    elif v >= -32:
        _b(b, <unsigned char>(0xe0 | (v & 0x1f)))
    elif v >= -128:
        _b(b, 0xd0); _be(b, <uint64_t>v, 1)
    elif v >= -32768:
        _b(b, 0xd1); _be(b, <uint64_t>v, 2)
    elif v >= -2147483647 - 1:
        _b(b, 0xd2); _be(b, <uint64_t>v, 4)
    else:
        _b(b, 0xd3); _be(b, <uint64_t>v, 8)


cdef inline void w_uint(Buf* b, uint64_t v) noexcept nogil:
    if v < 128:
        _b(b, <unsigned char>v)
    elif v <= 0xFF:
        _b(b, 0xcc); _be(b, v, 1)
    elif v <= 0xFFFF:
        _b(b, 0xcd); _be(b, v, 2)
    elif v <= <uint64_t>0xFFFFFFFFU:
        _b(b, 0xce); _be(b, v, 4)
    else:
        _b(b, 0xcf); _be(b, v, 8)


cdef void w_ints(Buf* b, const int16_t* a, int n) noexcept nogil:
    cdef int i
    w_array(b, n)
    for i in range(n):
        w_int(b, a[i])


cdef void write_body(const State* st, Buf* b) noexcept nogil:
    cdef int i, k
    cdef const Unit* u
    cdef const StackItem* it
    w_array(b, N_BODY)
    w_array(b, MAX_STREAMS)
    for i in range(MAX_STREAMS):
        w_uint(b, st.rng[i])
    w_array(b, N_TURN)
    w_int(b, st.phase); w_int(b, st.active); w_int(b, st.priority); w_int(b, st.passes)
    w_int(b, st.round); w_int(b, st.outcome); w_int(b, st.leader[0]); w_int(b, st.leader[1])
    w_int(b, st.n_hero_slots[0]); w_int(b, st.n_hero_slots[1]); w_int(b, st.trigger_depth)
    w_int(b, st.next_uid); w_int(b, st.decisions); w_int(b, st.archive_known)
    w_array(b, 6)
    w_ints(b, st.card_def, st.n_cards)
    w_ints(b, st.card_zone, st.n_cards)
    w_ints(b, st.card_charges, st.n_cards)
    w_ints(b, st.card_tcount, st.n_cards)
    w_ints(b, st.card_tstamp, st.n_cards)
    w_ints(b, st.card_counter, st.n_cards)
    w_array(b, 5)
    for k in range(Z_ARCHIVE, Z_VOID + 1):
        if k == Z_WASTES:
            continue
        w_ints(b, st.zones[k].c, st.zones[k].n)
    w_array(b, MAX_UNITS)
    for i in range(MAX_UNITS):
        u = &st.units[i]
        w_array(b, N_UNIT)
        w_int(b, u.def_id); w_int(b, u.card); w_int(b, u.alive); w_int(b, u.is_token)
        w_int(b, u.hp); w_int(b, u.max_hp); w_int(b, u.power)
        w_int(b, u.ready); w_int(b, u.attacked); w_int(b, u.used)
        w_int(b, u.ambition); w_int(b, u.morality); w_int(b, u.uid)
        for k in range(MAX_STATUSES):
            w_int(b, u.status[k])
        w_int(b, u.tcount); w_int(b, u.tstamp)
    w_array(b, st.n_stack)
    for i in range(st.n_stack):
        it = &st.stack[i]
        w_array(b, N_ITEM)
        w_int(b, it.kind); w_int(b, it.side); w_int(b, it.dead); w_int(b, it.responded)
        w_int(b, it.card); w_int(b, it.prog); w_int(b, it.source); w_int(b, it.target)
        w_int(b, it.lane); w_int(b, it.def_id); w_int(b, it.source_uid); w_int(b, it.target_uid)
        w_int(b, it.target_zone)
    w_array(b, N_METER)
    w_int(b, st.meter.capacity); w_int(b, st.meter.spent); w_int(b, st.meter.regen)
    for k in range(N_CATS):
        w_int(b, st.meter.cost[k])
    w_array(b, MAX_TASKS)
    for i in range(MAX_TASKS):
        w_array(b, N_TASK)
        w_int(b, st.tasks[i].def_id); w_int(b, st.tasks[i].active)
        w_int(b, st.tasks[i].progress[0]); w_int(b, st.tasks[i].progress[1])
    w_array(b, N_FOE)
    w_int(b, st.foe.enc); w_int(b, st.foe.script_pos); w_int(b, st.foe.intent)
    w_int(b, st.foe.intent_lane); w_int(b, st.foe.intent_target); w_int(b, st.foe.intent_target_uid)
    w_int(b, st.foe.initiative); w_int(b, st.foe.init_left)
    for k in range(MAX_RESPONSES):
        w_int(b, st.foe.resp_used[k])
    for k in range(MAX_RESPONSES):
        w_int(b, st.foe.resp_charges[k])
    w_int(b, st.foe.part); w_int(b, st.foe.last_move); w_int(b, st.foe.repeats)
    for k in range(MAX_SCRIPT_VARS):
        w_int(b, st.foe.vars[k])
    w_array(b, N_CHOICE)
    w_int(b, st.choice.kind); w_int(b, st.choice.side); w_int(b, st.choice.prog)
    w_int(b, st.choice.pc); w_int(b, st.choice.self_unit); w_int(b, st.choice.target)
    w_int(b, st.choice.item_kind); w_int(b, st.choice.item_card); w_int(b, st.choice.place)
    w_int(b, st.choice.left); w_int(b, st.choice.up_to)
    w_int(b, st.choice.self_uid); w_int(b, st.choice.target_uid); w_int(b, st.choice.killed)
    w_ints(b, st.choice.opts, st.choice.n_opts)
    w_array(b, st.n_grants)
    for i in range(st.n_grants):
        w_array(b, N_GRANT)
        w_int(b, st.grants[i].src); w_int(b, st.grants[i].src_uid); w_int(b, st.grants[i].unit)
        w_int(b, st.grants[i].uid); w_int(b, st.grants[i].status); w_int(b, st.grants[i].stacks)
        w_int(b, st.grants[i].aura)
    w_array(b, MAX_COUNTERS)
    for k in range(MAX_COUNTERS):
        w_int(b, st.counters[k])


def header_prefix(str version, str fingerprint, list packs):
    """The constant part of an engine's snapshots: the top array's first five elements."""
    import msgpack
    return (b"\x97" + msgpack.packb(MAGIC) + msgpack.packb(ABI) + msgpack.packb(version)
            + msgpack.packb(fingerprint) + msgpack.packb(packs))


def encode(Match m, bytes prefix):
    """Snapshot bytes of a match: prefix, checksum of the body, body; built in one buffer."""
    cdef unsigned char buf[BODY_CAP + 8192]
    cdef Py_ssize_t plen = len(prefix), start, body_at
    cdef Buf b
    cdef Buf c
    cdef unsigned char ck[9]
    cdef uint64_t h
    if plen > 8192 - 16:
        raise ValueError("snapshot header too long")
    body_at = plen + 9
    b.p = buf + body_at
    b.n = 0
    write_body(&m.st, &b)
    h = body_checksum(b.p, b.n)
    c.p = ck
    c.n = 0
    w_uint(&c, h)
    start = body_at - c.n - plen
    memcpy(buf + body_at - c.n, ck, c.n)
    memcpy(buf + start, <const char*>prefix, plen)
    return (<char*>buf)[start:body_at + b.n]


# ---------------- reading ----------------

cdef struct Rd:
    const unsigned char* p
    Py_ssize_t n
    Py_ssize_t i


cdef inline int _need(Rd* r, Py_ssize_t k) except -1:
    if r.i + k > r.n:
        _truncated(r, k)
    return 0


cdef int _truncated(Rd* r, Py_ssize_t k) except -1:
    raise MalformedSnapshot(f"truncated at byte {r.i}: {k} more byte(s) needed, {r.n - r.i} left")


cdef uint64_t _rbe(Rd* r, int nbytes) noexcept:
    cdef uint64_t v = 0
    cdef int k
    for k in range(nbytes):
        v = (v << 8) | r.p[r.i + k]
    r.i += nbytes
    return v


cdef str _what(unsigned char t):
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
    return SchemaViolation(path, f"expected {wanted}, found {_what(t)}")


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
    if r.i < r.n and r.p[r.i] == (0x90 | want) and want < 16:
        r.i += 1
        return want
    return r_array(r, want, want, _path(sect, idx, NULL))


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
    cdef unsigned char t
    if r.i < r.n and 0x90 <= r.p[r.i] <= 0x9f and lo <= (r.p[r.i] & 0x0f) <= hi:
        n = r.p[r.i] & 0x0f
        r.i += 1
    else:
        n = r_array(r, lo, hi, path.decode())
    for i in range(n):
        # the path string is built only when a value is refused
        if r.i < r.n:
            t = r.p[r.i]
            if t <= 0x7f and vlo <= t <= vhi:
                r.i += 1
                out[i] = t
                continue
        r_int(r, vlo, vhi, &out[i], f"{path.decode()}[{i}]")
    return <int>n


cdef str _path(const char* sect, Py_ssize_t idx, const char* field):
    s = sect.decode()
    if idx >= 0:
        s += f"[{idx}]"
    if field != NULL:
        s += "." + field.decode()
    return s


cdef inline int _f(Rd* r, int64_t lo, int64_t hi, int16_t* out, const char* sect, Py_ssize_t idx,
                   const char* field) except -1:
    cdef unsigned char t
    _need(r, 1)
    t = r.p[r.i]
    if t <= 0x7f and lo <= t <= hi:
        r.i += 1
        out[0] = t
        return 0
    if t >= 0xe0 and lo <= <signed char>t <= hi:
        r.i += 1
        out[0] = <signed char>t
        return 0
    return r_int(r, lo, hi, out, _path(sect, idx, field))


cdef enum:
    DEF_BIG = 32767     # the int16 ceiling of every state field


cdef int read_body(Rd* r, State* st, const Tables* tb) except -1:
    cdef const char* p
    """Parse the body into `st` (zeroed by the caller), with structural ranges; semantic
    cross-checks follow in `check_state`."""
    cdef Py_ssize_t n, i, k
    cdef Unit* u
    cdef StackItem* it
    cdef int16_t nc
    r_array(r, N_BODY, N_BODY, "body")
    r_array(r, MAX_STREAMS, MAX_STREAMS, "body.rng")
    for i in range(MAX_STREAMS):
        r_u64(r, &st.rng[i], f"body.rng[{i}]")
        # the streams past the named ones are reserved: a state is made with them zero and no
        # code draws from them
        if i > STREAM_ENCOUNTER and st.rng[i] != 0:
            raise SchemaViolation(f"body.rng[{i}]", f"{st.rng[i]}: an unused stream is always 0")
    r_array(r, N_TURN, N_TURN, "body.turn")
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
    r_array(r, 6, 6, "body.cards")
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
    r_array(r, MAX_UNITS, MAX_UNITS, "body.units")
    for i in range(MAX_UNITS):
        p = b"body.units"
        _arr(r, N_UNIT, p, i)
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
            _f(r, 0, DEF_BIG, &u.status[k], p, i, _status_field(k))
        _f(r, 0, 99, &u.tcount, p, i, b"tcount")
        _f(r, 0, 2 * tb.cfg.max_rounds + 1, &u.tstamp, p, i, b"tstamp")
    n = r_array(r, 0, MAX_STACK, "body.stack")
    st.n_stack = <int16_t>n
    for i in range(n):
        p = b"body.stack"
        _arr(r, N_ITEM, p, i)
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
    r_array(r, N_METER, N_METER, "body.meter")
    p = b"body.meter"
    _f(r, 0, 999, &st.meter.capacity, p, -1, b"capacity")
    _f(r, 0, 999, &st.meter.spent, p, -1, b"spent")
    _f(r, 0, 0, &st.meter.regen, p, -1, b"regen")
    for k in range(N_CATS):
        _f(r, 0, 999, &st.meter.cost[k], p, -1, CATEGORY_LABELS[k])
    r_array(r, MAX_TASKS, MAX_TASKS, "body.tasks")
    for i in range(MAX_TASKS):
        p = b"body.tasks"
        _arr(r, N_TASK, p, i)
        _f(r, 0, tb.n_tasks - 1 if tb.n_tasks > 0 else 0, &st.tasks[i].def_id, p, i, b"def_id")
        _f(r, 0, 1, &st.tasks[i].active, p, i, b"active")
        _f(r, 0, DEF_BIG, &st.tasks[i].progress[0], p, i, b"progress_player")
        _f(r, 0, DEF_BIG, &st.tasks[i].progress[1], p, i, b"progress_encounter")
    r_array(r, N_FOE, N_FOE, "body.foe")
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
        _arr(r, N_GRANT, p, i)
        _f(r, 0, TGT_CARD_BASE + MAX_CARDS - 1, &st.grants[i].src, p, i, b"src")
        _f(r, 0, DEF_BIG, &st.grants[i].src_uid, p, i, b"src_uid")
        _f(r, 0, MAX_UNITS - 1, &st.grants[i].unit, p, i, b"unit")
        _f(r, 0, DEF_BIG, &st.grants[i].uid, p, i, b"uid")
        _f(r, GRANT_POWER, tb.n_statuses - 1, &st.grants[i].status, p, i, b"status")
        _f(r, 0, DEF_BIG, &st.grants[i].stacks, p, i, b"stacks")
        _f(r, 0, 1, &st.grants[i].aura, p, i, b"aura")
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
ZONE_LABELS = {Z_ARCHIVE: "archive", Z_RIFT: "rift", Z_LATTICE: "lattice", Z_ABYSS: "abyss",
               Z_VOID: "void"}
cdef const char* CATEGORY_LABELS[4]
CATEGORY_LABELS[0] = b"cost_play_support"
CATEGORY_LABELS[1] = b"cost_deploy"
CATEGORY_LABELS[2] = b"cost_activate"
CATEGORY_LABELS[3] = b"cost_attack"


cdef int _fail(str path, str msg) except -1:
    raise SchemaViolation(path, msg)


# the field names of a unit's stacks, for error paths ("status[3]")
_STATUS_FIELDS = tuple(b"status[%d]" % k for k in range(MAX_STATUSES))


cdef const char* _status_field(int k):
    return <const char*>_STATUS_FIELDS[k]


cdef int _check_statuses(const Unit* u, const Tables* tb, int i) except -1:
    """A living unit's stacks: each within its status's max, none of a status the content lacks."""
    cdef int k
    for k in range(MAX_STATUSES):
        if k >= tb.n_statuses:
            if u.status[k]:
                _fail(_path(b"body.units", i, _status_field(k)), f"stacks of status {k}, which this "
                      f"content does not have ({tb.n_statuses} statuses)")
        elif u.status[k] > tb.statuses[k].max_stacks:
            _fail(_path(b"body.units", i, _status_field(k)), f"{u.status[k]} stacks of status {k}, "
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
        if u.status[k]: return _status_field(k)
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
    cdef int side = i >> 4, slot = i & 15, k
    cdef const char* p = b"body.units"
    # the party is of player heroes (Engine refuses an enemy hero in it); the Encounter's slots
    # hold its roster, in order (setup_match)
    if side == PLAYER and not 0 <= u.def_id < n_player_heroes:
        _fail(_path(p, i, b"def_id"), f"{u.def_id} is not a player hero of this content")
    if side == ENCOUNTER and u.def_id != tb.encs[st.foe.enc].roster[slot]:
        _fail(_path(p, i, b"def_id"), f"{u.def_id} is not the Encounter's roster hero "
              f"{tb.encs[st.foe.enc].roster[slot]} of this slot")
    # setup_match numbers the party's heroes, then the roster, from uid 0; a hero keeps its uid
    if u.uid != (slot if side == PLAYER else st.n_hero_slots[PLAYER] + slot):
        _fail(_path(p, i, b"uid"), f"{u.uid}: heroes take uids 0, 1, ... in setup order")
    if u.card != -1:
        _fail(_path(p, i, b"card"), "a hero has no card")
    if u.is_token:
        _fail(_path(p, i, b"is_token"), "a hero is not a token")
    if u.ready:
        _fail(_path(p, i, b"ready"), "only characters are ever ready")
    if u.alive:
        if u.hp <= 0 or u.hp > u.max_hp:
            _fail(_path(p, i, b"hp"), f"a living unit has 1..max_hp hp, not {u.hp} of {u.max_hp}")
        _check_statuses(u, tb, i)
        return 0
    # a hero falls at 0 hp with its statuses cleared (_hero_falls), and stays so
    if u.hp:
        _fail(_path(p, i, b"hp"), "a fallen hero has 0 hp")
    for k in range(MAX_STATUSES):
        if u.status[k]:
            _fail(_path(p, i, _status_field(k)), "a fallen hero has no status")
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
            _fail("body.meter." + CATEGORY_LABELS[k].decode(),
                  f"{st.meter.cost[k]} is no cost a hero of the party sets (the leader's is {cost[k]})")
    return 0


cdef int check_state(const State* st, const Tables* tb, int n_player_heroes) except -1:
    cdef const char* p
    """Cross-checks no single field can make: every card in exactly one place, units consistent
    with their tables and slots, Stack references, the Encounter's script. After this, every
    index the core will use is within its table, and the state is one the engine makes (its
    shapes are derived from the code that writes each field; tests/test_snapshot_reachable.py
    restores the states of many matches, rare shapes counted)."""
    cdef int i, k, c, side, slot, lane, lo, hi
    cdef const Unit* u
    cdef const StackItem* it
    cdef const CardDef* cd
    cdef const char* field
    cdef int16_t seen[MAX_CARDS]
    cdef const EncDef* e = &tb.encs[st.foe.enc]
    memset(seen, 0, sizeof(seen))
    if st.n_hero_slots[ENCOUNTER] != e.n_roster:
        _fail("body.turn.hero_slots_encounter", "differs from the Encounter's roster")
    if st.archive_known > st.zones[Z_ARCHIVE].n:
        _fail("body.turn.archive_known", "more known cards than the Archive holds")
    # zones: each listed card is in that zone per card_zone, once
    for k in range(Z_ARCHIVE, Z_VOID + 1):
        if k == Z_WASTES:
            continue
        for i in range(st.zones[k].n):
            c = st.zones[k].c[i]
            if st.card_zone[c] != k:
                _fail(f"body.zones.{ZONE_LABELS[k]}[{i}]", f"card {c} is listed here but its zone is {st.card_zone[c]}")
            seen[c] += 1
    # units: heroes in the slots in use; every other slot a living character or empty.
    # (Character uids are not checked: next_uid wraps after 32,768 identities, which a long
    # match reaches, and then any uid, a hero's too, can be a new character's.)
    for i in range(MAX_UNITS):
        u = &st.units[i]
        side = i >> 4
        slot = i & 15
        p = b"body.units"
        if slot < CHAR_BASE and slot < st.n_hero_slots[side]:
            _check_hero(st, tb, i, n_player_heroes)
            continue
        if not u.alive or slot < CHAR_BASE:
            field = _uncleared(u)
            if field != NULL:
                _fail(_path(p, i, field), "an empty slot holds -1 in def_id and card, 0 elsewhere")
            continue
        if u.hp <= 0 or u.hp > u.max_hp:
            _fail(_path(p, i, b"hp"), f"a living unit has 1..max_hp hp, not {u.hp} of {u.max_hp}")
        _check_statuses(u, tb, i)
        lane = slot - CHAR_BASE
        if lane >= tb.cfg.lanes:
            _fail(_path(p, i, NULL), "a character beyond the configured lanes")
        if u.is_token:
            if u.def_id < 0 or u.def_id >= tb.n_units or u.card != -1:
                _fail(_path(p, i, b"def_id"), "not a unit of this content")
        else:
            if side != PLAYER:
                _fail(_path(p, i, b"is_token"), "enemy characters are not cards")
            if u.def_id < 0 or u.def_id >= tb.n_cards or tb.cards[u.def_id].kind != CK_CHARACTER:
                _fail(_path(p, i, b"def_id"), "not a character card of this content")
            c = u.card
            if c < 0 or c >= st.n_cards or st.card_zone[c] != Z_WASTES or st.card_def[c] != u.def_id:
                _fail(_path(p, i, b"card"), "the origin card must be a card on the Wastes of the same id")
            seen[c] += 1
    for side in range(2):
        if st.leader[side] >= st.n_hero_slots[side]:
            _fail("body.turn.leader", "leader beyond the hero slots")
    # the Stack
    for i in range(st.n_stack):
        it = &st.stack[i]
        p = b"body.stack"
        if it.kind == SI_CARD:
            if it.side != PLAYER or it.card < 0 or it.card >= st.n_cards:
                _fail(_path(p, i, b"card"), "a card item needs a player card")
            if not it.dead:
                if st.card_zone[it.card] != Z_STACK:
                    _fail(_path(p, i, b"card"), "a card being played is on the Stack")
                seen[it.card] += 1
        elif it.card != -1:
            _fail(_path(p, i, b"card"), "only card items carry a card")
        if it.kind == SI_ATTACK and not (0 <= it.source < MAX_UNITS):
            _fail(_path(p, i, b"source"), "an attack needs an attacking unit")
        if it.kind == SI_MOVE and it.prog < 0 and it.def_id < 0:
            _fail(_path(p, i, NULL), "an Encounter move is an effect or a summon")
        if it.source >= MAX_UNITS and it.source < TGT_CARD_BASE:
            _fail(_path(p, i, b"source"), "not a unit or a card")
        if it.source >= TGT_CARD_BASE and it.source - TGT_CARD_BASE >= st.n_cards:
            _fail(_path(p, i, b"source"), "no such card")
        if it.target != TGT_NONE:
            if MAX_UNITS <= it.target < TGT_STACK_BASE or (TGT_CARD_BASE + MAX_CARDS <= it.target < TGT_NONE):
                _fail(_path(p, i, b"target"), "not a target code")
            if TGT_STACK_BASE <= it.target < TGT_CARD_BASE and it.target - TGT_STACK_BASE >= i:
                _fail(_path(p, i, b"target"), "a Stack target must be below the item")
            if it.target >= TGT_CARD_BASE and it.target - TGT_CARD_BASE >= st.n_cards:
                _fail(_path(p, i, b"target"), "no such card")
    if st.n_stack > 0 and st.stack[st.n_stack - 1].dead:
        _fail(f"body.stack[{st.n_stack - 1}].dead", "a countered item never stays on top")
    if st.n_stack == 0 and st.passes:
        _fail("body.turn.passes", "passes are counted on an open Stack (a resolution resets them)")
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
    # a snapshot is taken where the engine stops: the end, or a decision of the player's
    if st.outcome == OUT_NONE:
        for side in range(2):
            k = 0
            for i in range(st.n_hero_slots[side]):
                k += st.units[side * UNITS_PER_SIDE + i].alive
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
        zone = ins[1]
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
    """A standing grant (rules A01-A05) is one grants_update keeps: its unit and its source in
    play, as their uids say, at most one a source, unit, status and kind."""
    cdef const Grant* g
    cdef const Unit* s
    cdef int i, j, c
    for i in range(st.n_grants):
        g = &st.grants[i]
        if not (st.units[g.unit].alive and st.units[g.unit].uid == g.uid):
            _fail("body.grants", f"grant {i}: its unit is not in play")
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
    slot = t & 15
    if t < 0 or (t >> 4) != PLAYER or st.foe.intent_target_uid < 0 or not (
            slot < st.n_hero_slots[PLAYER] or CHAR_BASE <= slot < CHAR_BASE + tb.cfg.lanes):
        _fail("body.foe.intent_target", "a random_foe effect's target is a player unit with its uid")
    return 0


def decode_state(Match m, bytes data, str expected_fp, list engine_packs, bytes own_prefix=b""):
    """Fill `m` (a fresh Match) from snapshot bytes, or raise a SnapshotError subclass.
    A header equal to this engine's own (`own_prefix`) is accepted without decoding it."""
    cdef Rd r
    cdef int16_t abi = 0
    if len(data) > MAX_SNAPSHOT_BYTES:
        raise SnapshotTooLarge(f"{len(data)} bytes exceed the cap of {MAX_SNAPSHOT_BYTES}")
    if not data.startswith(MAGIC_PREFIX):
        raise BadMagic("not an eve snapshot: it must start with the msgpack array of 7 "
                       f"beginning {MAGIC!r}")
    r.p = <const unsigned char*>data
    r.n = len(data)
    r.i = len(MAGIC_PREFIX)
    if own_prefix and data.startswith(own_prefix):
        r.i = len(own_prefix)
        return _decode_rest(m, &r, None)
    # header, checked before the body
    _need(&r, 1)
    t = r.p[r.i]
    if not (t <= 0x7f or 0xcc <= t <= 0xd3 or t >= 0xe0):
        raise UnsupportedABI(_what(t), SUPPORTED_ABIS)
    r_int(&r, -32768, 32767, &abi, "header.abi")
    if abi not in SUPPORTED_ABIS:
        raise UnsupportedABI(abi, SUPPORTED_ABIS)
    version = r_str(&r, 64, "header.engine_version")
    fp = r_str(&r, 64, "header.fingerprint")
    npacks = r_array(&r, 0, 256, "header.packs")
    packs = []
    for i in range(npacks):
        r_array(&r, 3, 3, f"header.packs[{i}]")
        packs.append((r_str(&r, 128, f"header.packs[{i}].name"),
                      r_str(&r, 64, f"header.packs[{i}].version"),
                      r_str(&r, 64, f"header.packs[{i}].fingerprint")))
    if fp != expected_fp:
        mine = {p[0]: tuple(p) for p in engine_packs}
        theirs = {p[0]: p for p in packs}
        differ = sorted([n for n in set(mine) | set(theirs) if mine.get(n) != theirs.get(n)])
        raise ContentMismatch(expected_fp, fp, differ)
    return _decode_rest(m, &r, version)


cdef object _decode_rest(Match m, Rd* rp, object version):
    cdef Rd r = rp[0]
    cdef Py_ssize_t body_start
    cdef uint64_t stored = 0, h     # r_u64 sets stored or raises
    cdef State st
    cdef const Tables* tb = m.content.tb
    r_u64(&r, &stored, "header.checksum")
    body_start = r.i
    h = body_checksum(r.p + body_start, r.n - body_start)
    if h != stored:
        raise ChecksumMismatch(stored, h)
    memset(&st, 0, sizeof(State))
    read_body(&r, &st, tb)
    if r.i != r.n:
        raise MalformedSnapshot(f"{r.n - r.i} trailing byte(s) after the body")
    check_state(&st, tb, len(m.catalog.player_heroes))
    memcpy(&m.st, &st, sizeof(State))
    return version



def checksum(bytes body):
    """The checksum a snapshot stores for these body bytes (for tools and tests)."""
    return body_checksum(<const unsigned char*>body, len(body))


def _check_layout():
    """The body's array lengths against the layout declared in eve/core/layout.py."""
    from eve.core import layout as L
    for name, n, fields in (("turn", N_TURN, L.TURN_FIELDS), ("units", N_UNIT, L.UNIT_FIELDS),
                            ("stack", N_ITEM, L.STACK_ITEM_FIELDS), ("meter", N_METER, L.METER_FIELDS),
                            ("tasks", N_TASK, L.TASK_FIELDS), ("foe", N_FOE, L.FOE_FIELDS),
                            ("choice", N_CHOICE, L.CHOICE_FIELDS),
                            ("grants", N_GRANT, L.GRANT_FIELDS)):
        if n != len(fields):
            raise ImportError(f"snapshot.pyx writes {n} fields of {name}; eve/core/layout.py "
                              f"declares {len(fields)}")
    if len(L.BODY) != N_BODY:
        raise ImportError(f"snapshot.pyx writes a body of {N_BODY} parts; eve/core/layout.py declares "
                          f"{len(L.BODY)}")


_check_layout()
