"""Run snapshots (ABI 5 family): the whole RunState as canonical msgpack, and back.

    ["eve.runsnap", 5, engine_version, content_fingerprint, packs, checksum, body]

The header has the match snapshot's shape (snapshot.pyx) under its own magic; `body` is an array
of 10: the run's fields part by part, then its fight as the match snapshot's own body (the
writer and reader of snapshot_write.pxd / snapshot_read.pyx) or an empty array between fights.
docs/snapshot-abi.md ("Run snapshots") has the layout field by field.

Reading is as strict as a match snapshot's: the size cap first, the header before the body,
each array's length checked before its elements, every integer range-checked, then `check_run`
admits only states the run's rules (runs.pyx) make, and the fight's State must pass the match's
own `check_state`. Anything else is a subclass of eve.SnapshotError and builds nothing.
"""
from libc.stdint cimport int16_t, int64_t, uint64_t
from libc.string cimport memset, memcpy

from eve.core.defs cimport *
from eve.core.run_defs cimport RunState, RunHero, RunTables
from eve.core.run cimport Run
from eve.core.tables cimport CompiledContent
from eve.core.snapshot_write cimport Buf, body_checksum, w_array, w_int, w_uint, write_body
from eve.core.snapshot_read cimport (Rd, r_quick, r_need, what_type, r_array, r_u64, r_int, r_ints, r_str,
                                     read_body)
from eve.core.snapshot_check cimport check_state

from eve.core.errors import (BadMagic, ChecksumMismatch, ContentMismatch, MalformedSnapshot,
                             SchemaViolation, SnapshotTooLarge, UnsupportedABI)

ABI = 5
SUPPORTED_ABIS = (5,)
MAGIC = "eve.runsnap"
MAGIC_PREFIX = b"\x97\xabeve.runsnap"
MAX_RUN_SNAPSHOT_BYTES = 32768
cdef enum:
    MAP_CELLS = 128             # MAX_FLOORS * MAP_WIDTH (an enum of a product crashes Cython's
                                # overflow-checked debug build); _check_layout checks it
    N_RUN_BODY = 10
    N_RUN_FIELDS = 19
    N_HERO_FIELDS = 7
    RUN_BODY_CAP = 16384        # the match body (at most 8,192) and the run's parts (< 2,048)


# ---------------------------------------------------------------- writing

def header_prefix(str version, str fingerprint, list packs):
    """The constant part of an engine's run snapshots: the top array's first five elements."""
    import msgpack
    return (b"\x97" + msgpack.packb(MAGIC) + msgpack.packb(ABI) + msgpack.packb(version)
            + msgpack.packb(fingerprint) + msgpack.packb(packs))


cdef int _write_run(const RunState* rs, Buf* b) except -1:
    cdef int i
    cdef const RunHero* h
    cdef int16_t f[N_RUN_FIELDS]
    w_array(b, N_RUN_BODY)
    w_array(b, N_RUN_STREAMS)
    for i in range(N_RUN_STREAMS):
        w_uint(b, rs.rng[i])
    _run_fields(rs, f)
    w_array(b, N_RUN_FIELDS)
    for i in range(N_RUN_FIELDS):
        w_int(b, f[i])
    # every offer slot, past n_offer too: what an earlier offer left there is in the hash
    w_array(b, MAX_OFFER)
    for i in range(MAX_OFFER):
        w_array(b, 2)
        w_int(b, rs.offer[i])
        w_int(b, rs.price[i])
    w_array(b, 8)
    for i in range(8):
        w_int(b, rs.seen[i])
    w_array(b, rs.n_party)
    for i in range(rs.n_party):
        h = &rs.party[i]
        w_array(b, N_HERO_FIELDS)
        w_int(b, h.hero)
        w_int(b, h.alive)
        w_int(b, h.hp)
        w_int(b, h.max_hp)
        w_int(b, h.ambition)
        w_int(b, h.morality)
        w_int(b, h.slot)
    w_array(b, rs.n_deck)
    for i in range(rs.n_deck):
        w_int(b, rs.deck[i])
    w_array(b, rs.n_relics)
    for i in range(rs.n_relics):
        w_int(b, rs.relics[i])
    w_array(b, MAP_CELLS)
    for i in range(MAP_CELLS):
        w_int(b, rs.nodes[i])
    w_array(b, MAP_CELLS)
    for i in range(MAP_CELLS):
        w_int(b, rs.edges[i])
    if rs.phase == RP_FIGHT:
        write_body(&rs.match, b)
    else:
        w_array(b, 0)
    return 0


cdef void _run_fields(const RunState* rs, int16_t* f) noexcept:
    """The `run` part's scalars, in RUN_FIELDS' order."""
    f[0] = rs.phase; f[1] = rs.outcome; f[2] = rs.act; f[3] = rs.floor; f[4] = rs.col
    f[5] = rs.node; f[6] = rs.aurorune; f[7] = rs.removals; f[8] = rs.removed_here
    f[9] = rs.boss; f[10] = rs.enc; f[11] = rs.support_plays; f[12] = rs.attacks
    f[13] = rs.fights_won; f[14] = rs.floors_climbed; f[15] = rs.site; f[16] = rs.chosen
    f[17] = rs.after_boss; f[18] = rs.n_offer


cdef void _set_run_fields(RunState* rs, const int16_t* f) noexcept:
    rs.phase = f[0]; rs.outcome = f[1]; rs.act = f[2]; rs.floor = f[3]; rs.col = f[4]
    rs.node = f[5]; rs.aurorune = f[6]; rs.removals = f[7]; rs.removed_here = f[8]
    rs.boss = f[9]; rs.enc = f[10]; rs.support_plays = f[11]; rs.attacks = f[12]
    rs.fights_won = f[13]; rs.floors_climbed = f[14]; rs.site = f[15]; rs.chosen = f[16]
    rs.after_boss = f[17]; rs.n_offer = f[18]


def encode_run(Run r, bytes prefix):
    """Run snapshot bytes: prefix, the body's checksum, the body."""
    cdef unsigned char buf[RUN_BODY_CAP]
    cdef Buf b
    import msgpack
    b.p = buf
    b.n = 0
    _write_run(&r.rs, &b)
    body = (<char*>buf)[:b.n]
    return prefix + msgpack.packb(body_checksum(buf, b.n)) + body


# ---------------------------------------------------------------- reading

def decode_run(Run r, bytes data, str expected_fp, engine_packs, bytes own_prefix=b""):
    """Fill `r` (a blank Run) from run snapshot bytes, or raise a SnapshotError subclass and
    leave it untouched. `engine_packs()`: this engine's packs, asked only to name what differs
    when the content does. A header equal to this engine's own (`own_prefix`) is accepted
    without decoding it."""
    cdef Rd rd
    cdef int16_t abi = 0
    if len(data) > MAX_RUN_SNAPSHOT_BYTES:
        raise SnapshotTooLarge(f"{len(data)} bytes exceed the run snapshot cap of "
                               f"{MAX_RUN_SNAPSHOT_BYTES}")
    if not data.startswith(MAGIC_PREFIX):
        hint = " (a match snapshot: Engine.restore reads it)" if data.startswith(b"\x97\xa8eve.snap") else ""
        raise BadMagic("not an eve run snapshot: it must start with the msgpack array of 7 "
                       f"beginning {MAGIC!r}" + hint)
    rd.p = <const unsigned char*>data
    rd.n = len(data)
    rd.i = len(MAGIC_PREFIX)
    if own_prefix and data.startswith(own_prefix):
        rd.i = len(own_prefix)
        _read_checked(&rd, r)
        return None
    r_need(&rd, 1)
    t = rd.p[rd.i]
    if not (t <= 0x7f or 0xcc <= t <= 0xd3 or t >= 0xe0):
        raise UnsupportedABI(what_type(t), SUPPORTED_ABIS)
    r_int(&rd, -32768, 32767, &abi, "header.abi")
    if abi not in SUPPORTED_ABIS:
        raise UnsupportedABI(abi, SUPPORTED_ABIS)
    version = r_str(&rd, 64, "header.engine_version")
    fp = r_str(&rd, 64, "header.fingerprint")
    npacks = r_array(&rd, 0, 256, "header.packs")
    packs = []
    for i in range(npacks):
        r_array(&rd, 3, 3, f"header.packs[{i}]")
        packs.append((r_str(&rd, 128, f"header.packs[{i}].name"),
                      r_str(&rd, 64, f"header.packs[{i}].version"),
                      r_str(&rd, 64, f"header.packs[{i}].fingerprint")))
    if fp != expected_fp:
        mine = {p[0]: tuple(p) for p in engine_packs()}
        theirs = {p[0]: p for p in packs}
        differ = sorted([n for n in set(mine) | set(theirs) if mine.get(n) != theirs.get(n)])
        raise ContentMismatch(expected_fp, fp, differ)
    _read_checked(&rd, r)
    return version


cdef int _read_checked(Rd* rd, Run r) except -1:
    """The checksum, then the body under it, cross-checked, into `r` (untouched on an error)."""
    cdef uint64_t stored = 0, h
    cdef RunState rs
    r_u64(rd, &stored, "header.checksum")
    h = body_checksum(rd.p + rd.i, rd.n - rd.i)
    if h != stored:
        raise ChecksumMismatch(stored, h)
    memset(&rs, 0, sizeof(RunState))
    _read_run(rd, &rs, r.content)
    if rd.i != rd.n:
        raise MalformedSnapshot(f"{rd.n - rd.i} trailing byte(s) after the body")
    check_run(&rs, r.content, r.content.rt.n_player_heroes)
    memcpy(&r.rs, &rs, sizeof(RunState))
    return 0


cdef inline int _int(Rd* rd, int64_t lo, int64_t hi, int16_t* out, str sect, Py_ssize_t idx,
                     tuple names, int k) except -1:
    """A field's integer; its path (sect[idx].names[k], or sect.names[k]) is built only on a
    refusal."""
    if r_quick(rd, lo, hi, out):
        return 0
    path = sect if idx < 0 else f"{sect}[{idx}]"
    return r_int(rd, lo, hi, out, f"{path}.{names[k]}")


cdef int _read_run(Rd* rd, RunState* rs, CompiledContent content) except -1:
    """The body's parts into `rs` (zeroed), each value within its field's own range. Paths
    (for the error) are built only when a value is refused: a restore is on the search's and
    the workers' path."""
    cdef const RunTables* rt = content.rt
    cdef const Tables* tb = content.tb
    cdef int16_t f[N_RUN_FIELDS]
    cdef int16_t hf[N_HERO_FIELDS]
    cdef int64_t lo[N_RUN_FIELDS]
    cdef int64_t hi[N_RUN_FIELDS]
    cdef int64_t hlo[N_HERO_FIELDS]
    cdef int64_t hhi[N_HERO_FIELDS]
    cdef int i, k, n
    cdef RunHero* h
    if rt.n_acts == 0:
        raise SchemaViolation("body", "this content has no run (no act): it restores no run")
    r_array(rd, N_RUN_BODY, N_RUN_BODY, "body")
    r_array(rd, N_RUN_STREAMS, N_RUN_STREAMS, "body.rng")
    for i in range(N_RUN_STREAMS):
        r_u64(rd, &rs.rng[i], "body.rng")
    r_array(rd, N_RUN_FIELDS, N_RUN_FIELDS, "body.run")
    lo[:] = [RP_PARTY, OUT_NONE, 0, -1, -1, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, -1, 0, 0]
    hi[:] = [RP_OVER, OUT_LOSS, rt.n_acts - 1, MAX_FLOORS - 1, MAP_WIDTH - 1, RN_BOSS, RUN_LIMIT,
             32767, 1, tb.n_encs - 1, tb.n_encs - 1, 32767, 32767, 32767, 32767,
             MAX_EVENT_DEFS - 1, -1, 1, MAX_OFFER]
    for i in range(N_RUN_FIELDS):
        _int(rd, lo[i], hi[i], &f[i], "body.run", -1, RUN_FIELDS, i)
    _set_run_fields(rs, f)
    r_array(rd, MAX_OFFER, MAX_OFFER, "body.offer")
    for i in range(MAX_OFFER):
        r_array(rd, 2, 2, "body.offer")
        _int(rd, -1, tb.n_cards - 1, &rs.offer[i], "body.offer", i, OFFER_FIELDS, 0)
        _int(rd, 0, 32767, &rs.price[i], "body.offer", i, OFFER_FIELDS, 1)
    r_ints(rd, rs.seen, 8, 8, -32768, 32767, "body.seen")
    n = <int>r_array(rd, 0, rt.cfg.party, "body.party")
    rs.n_party = n
    for i in range(MAX_HERO_SLOTS):
        rs.party[i].slot = -1           # as run_setup leaves the slots past the party
    hlo[:] = [0, 0, 0, 1, -RATING_LIMIT, -RATING_LIMIT, -1]
    hhi[:] = [rt.n_player_heroes - 1, 1, RUN_LIMIT, RUN_LIMIT, RATING_LIMIT, RATING_LIMIT,
              MAX_HERO_SLOTS - 1]
    for i in range(n):
        r_array(rd, N_HERO_FIELDS, N_HERO_FIELDS, "body.party")
        for k in range(N_HERO_FIELDS):
            _int(rd, hlo[k], hhi[k], &hf[k], "body.party", i, HERO_FIELDS, k)
        h = &rs.party[i]
        h.hero = hf[0]; h.alive = hf[1]; h.hp = hf[2]; h.max_hp = hf[3]
        h.ambition = hf[4]; h.morality = hf[5]; h.slot = hf[6]
    rs.n_deck = r_ints(rd, rs.deck, 0, rt.cfg.deck_cap, 0, tb.n_cards - 1, "body.deck")
    rs.n_relics = r_ints(rd, rs.relics, 0, rt.cfg.relic_cap, 0, tb.n_cards - 1, "body.relics")
    r_ints(rd, rs.nodes, MAP_CELLS, MAP_CELLS, 0, RN_BOSS, "body.nodes")
    r_ints(rd, rs.edges, MAP_CELLS, MAP_CELLS, 0, (1 << MAP_WIDTH) - 1, "body.edges")
    r_need(rd, 1)
    if rd.p[rd.i] == 0x90:
        rd.i += 1
        if rs.phase == RP_FIGHT:
            raise SchemaViolation("body.match", "a run in a fight carries its fight's state")
    else:
        if rs.phase != RP_FIGHT:
            raise SchemaViolation("body.match", "out of a fight the run has no match: "
                                  "an empty array")
        read_body(rd, &rs.match, tb)
    return 0


def _check_layout():
    if MAP_CELLS != MAX_FLOORS * MAP_WIDTH:
        raise ImportError("run_snapshot.pyx's MAP_CELLS is not MAX_FLOORS * MAP_WIDTH")


_check_layout()


RUN_FIELDS = ("phase", "outcome", "act", "floor", "col", "node", "aurorune", "removals",
              "removed_here", "boss", "enc", "support_plays", "attacks", "fights_won",
              "floors_climbed", "site", "chosen", "after_boss", "n_offer")
HERO_FIELDS = ("hero", "alive", "hp", "max_hp", "ambition", "morality", "slot")
OFFER_FIELDS = ("card", "price")


# ---------------------------------------------------------------- cross-checks

cdef int _fail(str path, str msg) except -1:
    raise SchemaViolation(path, msg)


cdef bint _in(const int16_t* pool, int n, int v) noexcept:
    cdef int i
    for i in range(n):
        if pool[i] == v:
            return True
    return False


cdef int check_run(const RunState* rs, CompiledContent content, int n_player_heroes) except -1:
    """Admit the run states runs.pyx makes and nothing else (its fight's through the match's
    check_state): every rule below is what the code writing the field can leave, and the
    first one broken is a SchemaViolation at its field."""
    cdef const RunTables* rt = content.rt
    _check_outcome(rs)
    _check_party(rs, rt)
    _check_map(rs, rt)
    _check_position(rs, rt)
    _check_offer(rs, rt, content.tb)
    _check_holdings(rs, rt, content.tb)
    if rs.phase == RP_FIGHT:
        _check_fight(rs, rt, content.tb, n_player_heroes)
    elif rs.enc != -1:
        _fail("body.run.enc", "an Encounter out of a fight (the fight's end clears it)")
    return 0


cdef int _check_outcome(const RunState* rs) except -1:
    if (rs.phase == RP_OVER) != (rs.outcome != OUT_NONE):
        _fail("body.run.outcome", "a run has an outcome exactly when it is over")
    if rs.floors_climbed > MAX_ACTS * MAX_FLOORS:
        _fail("body.run.floors_climbed", "more floors than the acts hold")
    if rs.fights_won > rs.floors_climbed:
        _fail("body.run.fights_won", "more fights won than nodes entered")
    if rs.removals > rs.floors_climbed:
        _fail("body.run.removals", "more removals bought than shops visited")
    return 0


cdef int _check_party(const RunState* rs, const RunTables* rt) except -1:
    cdef int i, j, living = 0
    cdef const RunHero* h
    if rs.phase == RP_PARTY:
        if rs.n_party >= rt.cfg.party:
            _fail("body.party", "the party is complete: the run has begun")
    elif rs.n_party != rt.cfg.party:
        _fail("body.party", f"a run's party has {rt.cfg.party} heroes")
    for i in range(rs.n_party):
        h = &rs.party[i]
        for j in range(i):
            if rs.party[j].hero == h.hero:
                _fail(f"body.party[{i}].hero", "a hero twice in the party")
        if h.alive:
            living += 1
            if not 1 <= h.hp <= h.max_hp:
                _fail(f"body.party[{i}].hp", "a living hero has 1 to its max hp")
        elif h.hp != 0:
            _fail(f"body.party[{i}].hp", "a fallen hero has 0 hp")
        elif rs.phase == RP_PARTY:
            _fail(f"body.party[{i}].alive", "no hero falls before the run begins")
        if rs.phase != RP_FIGHT and h.slot != -1:
            _fail(f"body.party[{i}].slot", "a hero has a fight slot only in a fight")
    if living == 0 and rs.phase != RP_OVER and rs.phase != RP_PARTY:
        _fail("body.party", "no living hero: the run is over")
    return 0


cdef int _check_map(const RunState* rs, const RunTables* rt) except -1:
    """The act's map as start_act draws it: nodes on its floors and columns only, fights on the
    first floor, Sanctums on the last before the boss, the boss alone above them, no elite
    before `elite_floor`; each node leads on to nodes of the next floor, each past the first
    is reached from one below. Before the run begins there is no map."""
    cdef const ActDef* ad = &rt.acts[rs.act]
    cdef int f, c, k, e, w = ad.width, floors = ad.floors, into
    if rs.phase == RP_PARTY:
        for k in range(MAX_FLOORS * MAP_WIDTH):
            if rs.nodes[k] or rs.edges[k]:
                _fail(f"body.nodes[{k}]", "no map before the party is complete")
        return 0
    for f in range(MAX_FLOORS):
        for c in range(MAP_WIDTH):
            k = f * MAP_WIDTH + c
            e = rs.edges[k]
            if f > floors or c >= w:
                if rs.nodes[k] or e:
                    _fail(f"body.nodes[{k}]", "a node off the act's map")
                continue
            if f == floors:
                if rs.nodes[k] != (RN_BOSS if c == w // 2 else 0) or e:
                    _fail(f"body.nodes[{k}]", "the boss floor holds the boss alone")
                continue
            if not rs.nodes[k]:
                if e:
                    _fail(f"body.edges[{k}]", "an edge from no node")
                continue
            if rs.nodes[k] == RN_BOSS or (f == 0 and rs.nodes[k] != RN_FIGHT) or \
                    (f == floors - 1 and f > 0 and rs.nodes[k] != RN_SANCTUM) or \
                    (rs.nodes[k] == RN_ELITE and f + 1 < ad.elite_floor):
                _fail(f"body.nodes[{k}]", "a node kind this floor never holds")
            if f == floors - 1:
                if e != 1 << (w // 2):
                    _fail(f"body.edges[{k}]", "the last floor's nodes lead to the boss")
                continue
            if e == 0 or e >> w:
                _fail(f"body.edges[{k}]", "a node leads to columns of the next floor")
            for into in range(w):
                if e & (1 << into) and (not rs.nodes[k + MAP_WIDTH + into - c]
                                        or into < c - 1 or into > c + 1):
                    _fail(f"body.edges[{k}]", "an edge to no node of the next floor")
            if f > 0:
                into = 0
                for e in range(w):
                    if rs.nodes[k - MAP_WIDTH - c + e] and rs.edges[k - MAP_WIDTH - c + e] & (1 << c):
                        into = 1
                if not into:
                    _fail(f"body.nodes[{k}]", "a node no path reaches")
    if ad.n_bosses > 0 and not _in(ad.bosses, ad.n_bosses, rs.boss):
        _fail("body.run.boss", "not a boss of the act")
    return 0


cdef int _check_position(const RunState* rs, const RunTables* rt) except -1:
    """Where the party stands and what the node holds, against the phase."""
    cdef const ActDef* ad = &rt.acts[rs.act]
    cdef int node
    if rs.floor < 0:
        if rs.col != -1 or rs.node != 0 or rs.site != -1:
            _fail("body.run.col", "before an act's first floor the party stands on no node")
        if rs.phase != RP_PARTY and rs.phase != RP_PATH:
            _fail("body.run.phase", "before an act's first floor the party chooses its path")
        if rs.phase == RP_PARTY and rs.act != 0:
            _fail("body.run.act", "a run begins in its first act")
        return 0
    if rs.phase == RP_PARTY:
        _fail("body.run.floor", "the party stands on the map before the run begins")
    if rs.floor > ad.floors or rs.col < 0 or rs.col >= ad.width:
        _fail("body.run.floor", "off the act's map")
    node = rs.nodes[rs.floor * MAP_WIDTH + rs.col]
    if node == 0 or rs.node != node:
        _fail("body.run.node", "the party stands on the node of its floor and column")
    if rs.phase == RP_FIGHT or rs.phase == RP_REWARD:
        if node != RN_FIGHT and node != RN_ELITE and node != RN_BOSS:
            _fail("body.run.phase", "a fight or its reward on a node that holds none")
    if rs.phase == RP_SHOP and (node != RN_SHOP or not rt.has_shop):
        _fail("body.run.phase", "a shop on a node that holds none")
    if rs.phase == RP_EVENT and (node != RN_EVENT or rs.site < 0 or rs.site >= rt.n_events):
        _fail("body.run.site", "an event of the content on an event node")
    if rs.phase == RP_SITE and (rs.site < 0 or rs.site >= rt.n_sites or rt.sites[rs.site].node != node):
        _fail("body.run.site", "the site of the node's kind")
    if rs.site >= 0 and not ((node == RN_EVENT and rs.site < rt.n_events) or
                             ((node == RN_SANCTUM or node == RN_FORGE) and rs.site < rt.n_sites
                              and rt.sites[rs.site].node == node)):
        _fail("body.run.site", "a site or event the node does not hold")
    if rs.phase == RP_PATH and rs.floor >= ad.floors:
        _fail("body.run.floor", "nothing is left to travel to above the boss")
    if rs.after_boss != (rs.phase == RP_REWARD and node == RN_BOSS):
        _fail("body.run.after_boss", "set exactly while a boss's reward waits")
    return 0


cdef int _check_offer(const RunState* rs, const RunTables* rt, const Tables* tb) except -1:
    """A reward offers cards (none taken yet: taking one ends it), a shop its stock at each
    item's price (-1: bought); nothing else offers anything."""
    cdef int i, j, c
    if rs.phase != RP_REWARD and rs.phase != RP_SHOP:
        if rs.n_offer:
            _fail("body.run.n_offer", "only a reward or a shop offers cards")
        return 0
    if rs.phase == RP_REWARD and rs.n_offer == 0:
        _fail("body.run.n_offer", "a reward without cards is taken at once")
    for i in range(rs.n_offer):
        c = rs.offer[i]
        if c < 0:
            if rs.phase == RP_REWARD:
                _fail(f"body.offer[{i}].card", "a reward's cards wait untaken")
            continue
        if rs.phase == RP_REWARD:
            if rs.price[i] != 0 or tb.cards[c].kind == CK_RELIC:
                _fail(f"body.offer[{i}]", "a reward offers cards, not Relics, free")
        elif rs.price[i] != rt.cards[c].price:
            _fail(f"body.offer[{i}].price", "a shop sells at the card's price")
        if rt.cards[c].rarity == RAR_STARTER or rt.cards[c].rarity == RAR_SPECIAL:
            _fail(f"body.offer[{i}].card", "starter and special cards are never offered")
        for j in range(i):
            if rs.offer[j] == c:
                _fail(f"body.offer[{i}].card", "a card offered twice")
    return 0


cdef int _check_holdings(const RunState* rs, const RunTables* rt, const Tables* tb) except -1:
    cdef int i, j, e
    if rs.phase == RP_PARTY and (rs.n_deck or rs.n_relics):
        _fail("body.deck", "the deck is made when the party is complete")
    for i in range(rs.n_relics):
        if tb.cards[rs.relics[i]].kind != CK_RELIC:
            _fail(f"body.relics[{i}]", "not a Relic")
        for j in range(i):
            if rs.relics[j] == rs.relics[i]:
                _fail(f"body.relics[{i}]", "a Relic held twice")
    for e in range(rt.n_events, 128):
        if rs.seen[e >> 4] & (1 << (e & 15)):
            _fail(f"body.seen[{e >> 4}]", f"event {e} met: the content has {rt.n_events}")
    return 0


cdef int _check_fight(const RunState* rs, const RunTables* rt, const Tables* tb,
                      int n_player_heroes) except -1:
    """The fight inside: a match state the match's own checks admit, still undecided (its end
    moves the run on), of the node's Encounter, with the living heroes in their slots in party
    order and the deck, then the Relics, as its first cards."""
    cdef const State* st = &rs.match
    cdef const ActDef* ad = &rt.acts[rs.act]
    cdef int i, k = 0, n
    check_state(st, tb, n_player_heroes)
    if st.outcome != OUT_NONE:
        _fail("body.match.turn.outcome", "a decided fight has ended: the run moved on")
    if rs.node == RN_BOSS and rs.enc != rs.boss:
        _fail("body.run.enc", "a boss node's fight is the act's boss")
    if rs.node == RN_ELITE and ad.n_elites > 0 and not _in(ad.elites, ad.n_elites, rs.enc):
        _fail("body.run.enc", "not an elite of the act")
    if (rs.node == RN_FIGHT or (rs.node == RN_ELITE and ad.n_elites == 0)) and ad.n_fights > 0 \
            and not _in(ad.fights, ad.n_fights, rs.enc):
        _fail("body.run.enc", "not a fight of the act")
    if rs.enc != st.foe.enc:
        _fail("body.run.enc", "the fight's Encounter differs")
    for i in range(rs.n_party):
        if rs.party[i].alive:
            if rs.party[i].slot != k or st.units[k].def_id != rs.party[i].hero:
                _fail(f"body.party[{i}].slot", "the living heroes fight in party order")
            k += 1
        elif rs.party[i].slot != -1:
            _fail(f"body.party[{i}].slot", "a fallen hero does not fight")
    if st.n_hero_slots[PLAYER] != k:
        _fail("body.match.turn.hero_slots_player", "the party's living heroes fight")
    n = rs.n_deck + rs.n_relics
    if n > MAX_CARDS:
        n = MAX_CARDS
    if st.n_cards < n:
        _fail("body.match.cards", "the fight holds the deck and the Relics")
    for i in range(n):
        if st.card_def[i] != (rs.deck[i] if i < rs.n_deck else rs.relics[i - rs.n_deck]):
            _fail(f"body.match.cards.defs[{i}]", "the fight's cards are the deck's, then the Relics")
    return 0
