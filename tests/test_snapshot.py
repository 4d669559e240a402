"""Snapshot ABI v5: round trips, golden files, hostile input, truncations, bit flips, fuzz."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest
from conftest import rule
from frozen_pack import frozen_engine

import eve
from eve.core.snapshot import ABI, MAX_SNAPSHOT_BYTES, checksum
from eve.core.testkit import raw
from eve.errors import (
    BadMagic,
    ChecksumMismatch,
    ContentMismatch,
    MalformedSnapshot,
    SchemaViolation,
    SnapshotError,
    SnapshotTooLarge,
    UnsupportedABI,
)

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
GOLD = json.loads((GOLDEN / "golden.json").read_text())


@pytest.fixture(scope="module")
def frozen():
    return frozen_engine()


def positions(engine, seeds, every=4):
    for seed in seeds:
        m = engine.new_match(seed=seed)
        rng = random.Random(seed)
        k = 0
        while True:
            if k % every == 0 or m.is_over:
                yield m, rng.random()
            if m.is_over:
                break
            m.apply(rng.choice(m.legal_action_codes()))
            k += 1


# ---------------- round trips ----------------

@rule("M11")
def test_restore_gives_the_same_state_and_bytes(engine):
    n = 0
    for m, _ in positions(engine, range(15)):
        s = m.snapshot()
        r = engine.restore(s)
        assert raw(r) == raw(m)
        assert r.state_hash() == m.state_hash()
        assert r.snapshot() == s
        assert r.meter == m.meter and r.phase == m.phase and r.round == m.round
        n += 1
    assert n > 100


def test_restore_then_continue_equals_continue(engine):
    for seed in range(10):
        m = engine.new_match(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            if m.is_over:
                break
            m.apply(rng.choice(m.legal_action_codes()))
        r = engine.restore(m.snapshot())
        while not m.is_over:
            assert r.legal_action_codes() == m.legal_action_codes()
            a = rng.choice(m.legal_action_codes())
            m.apply(a)
            r.apply(a)
            assert r.state_hash() == m.state_hash()
        assert r.outcome == m.outcome


def test_snapshot_is_plain_msgpack_of_the_documented_layout(engine):
    m = engine.new_match(seed=2)
    s = m.snapshot()
    top = msgpack.unpackb(s, strict_map_key=True)
    assert top[0] == "eve.snap" and top[1] == ABI == 5
    assert top[2] == eve.__version__ and top[3] == engine.fingerprint
    assert [p[0] for p in top[4]] == sorted(engine.registry.packs)
    body = top[6]
    assert len(body) == 12 and len(body[4]) == 32 and body[10] == [] and body[11] == [0] * 8
    assert len(body[2]) == 6
    assert top[5] == checksum(msgpack.packb(body))
    assert msgpack.packb(top) == s          # canonical: the same bytes as msgpack-python's


def test_snapshot_size_is_small(engine):
    for m, _ in positions(engine, range(5), every=7):
        assert len(m.snapshot()) <= 2048


def test_snapshot_does_not_change_the_match(engine):
    m = engine.new_match(seed=8)
    h = m.state_hash()
    m.snapshot()
    assert m.state_hash() == h


def test_restore_across_processes_with_other_hash_seeds(tmp_path):
    script = r"""
import random, sys
sys.path.insert(0, sys.argv[3])
from frozen_pack import frozen_engine
e = frozen_engine()
mode, path = sys.argv[1], sys.argv[2]
if mode == "save":
    m = e.new_match(seed=21)
    rng = random.Random(21)
    for _ in range(15):
        m.apply(rng.choice(m.legal_action_codes()))
    open(path, "wb").write(m.snapshot())
    m2 = m
else:
    m2 = e.restore(open(path, "rb").read())
rng = random.Random(5)
chain = []
while not m2.is_over:
    m2.apply(rng.choice(m2.legal_action_codes()))
    chain.append(m2.state_hash())
print(chain)
"""
    path = tmp_path / "s.snap"
    runs = []
    for mode, hs in (("save", "1"), ("load", "999")):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        r = subprocess.run([sys.executable, "-c", script, mode, str(path), str(HERE)],
                           capture_output=True, text=True, env=env, check=True)
        runs.append(r.stdout)
    assert runs[0] == runs[1] and len(runs[0]) > 10


# ---------------- golden snapshots ----------------

def _older(data: bytes, change) -> bytes:
    """A snapshot with its body changed back to an earlier layout revision (checksum renewed)."""
    head = list(msgpack.unpackb(data))
    change(head[6])
    body = msgpack.packb(head[6])
    return (b"\x97" + b"".join(msgpack.packb(x) for x in head[:5])
            + msgpack.packb(checksum(body)) + body)


def _units_of_revision_2(body):
    # before statuses as data: poison and shield after power, no status slots
    for u in body[4]:
        u[7:] = [u[13 + 1], u[13], *u[7:13]]


def _revision_4(body):
    # before triggers' limits: no tcount and tstamp on units, three card arrays
    for u in body[4]:
        del u[-2:]
    del body[2][3:]


def _revision_7(body):
    # before a pending choice kept its program's identities and `killed`: 11 ints, then options
    del body[9][11:14]


def _revision_6(body):
    # before grants and counters: no grants and counters parts, five card arrays
    _revision_7(body)
    del body[10:]
    del body[2][5:]


def _without_choice(change):
    # every revision before 6 lacks the pending choice (and 7's grants and counters)
    def older(body):
        _revision_6(body)
        body.pop()
        change(body)
    return older


@pytest.mark.parametrize("change,path", [
    (_revision_7, "body.choice"),                           # revision 7: 11 choice ints
    (_revision_6, "body"),                                  # revision 6: before grants, counters
    (lambda body: body[2].pop(), "body.cards"),             # five card arrays, 12 parts
    (_without_choice(lambda body: body[1].pop()), "body"),    # revision 1: no turn.archive_known
    (_without_choice(_units_of_revision_2), "body"),        # revision 2: before statuses
    (_without_choice(_revision_4), "body"),                 # revision 4: before trigger limits
    (_without_choice(lambda body: None), "body"),           # revision 5: before the choice
    (lambda body: body[1].pop(), "body.turn"),    # a body of 12 parts is read part by part
    (_units_of_revision_2, "body.units[0]"),
    (_revision_4, "body.cards"),
])
def test_a_body_of_an_earlier_revision_is_refused_with_its_path(frozen, change, path):
    """docs/snapshot-abi.md's layout revisions: an older body is refused, never misread."""
    with pytest.raises(SchemaViolation) as e:
        frozen.restore(_older((GOLDEN / "early.snap").read_bytes(), change))
    assert e.value.path == path


@pytest.mark.parametrize("name", ["early", "mid", "late"])
def test_golden_snapshots_stay_loadable(frozen, name):
    assert frozen.fingerprint == GOLD["fingerprint"], "the frozen pack's fingerprint changed"
    g = GOLD["snapshots"][name]
    data = (GOLDEN / f"{name}.snap").read_bytes()
    m = frozen.restore(data)
    assert m.state_hash() == g["hash"]
    for code, h in zip(g["continue"], g["chain"]):
        m.apply(code)
        assert m.state_hash() == h
    assert m.outcome == g["outcome"]


@pytest.mark.parametrize("name", ["early", "mid", "late"])
def test_every_truncation_of_a_golden_snapshot_is_refused(frozen, name):
    data = (GOLDEN / f"{name}.snap").read_bytes()
    for k in range(len(data)):
        with pytest.raises(SnapshotError):
            frozen.restore(data[:k])


def test_every_single_bit_flip_is_refused_or_harmless(frozen):
    data = (GOLDEN / "mid.snap").read_bytes()
    good = frozen.restore(data)
    refused = 0
    for i in range(len(data)):
        for bit in range(8):
            b = bytearray(data)
            b[i] ^= 1 << bit
            try:
                m = frozen.restore(bytes(b))
            except SnapshotError:
                refused += 1
                continue
            # only the informational header fields (engine version, pack list) may change
            # without consequence; the state must be exactly the golden one
            assert raw(m) == raw(good), f"byte {i} bit {bit} changed the state silently"
    assert refused >= 8 * len(data) - 8 * 60


def test_golden_snapshot_into_other_content_names_the_packs(engine):
    data = (GOLDEN / "mid.snap").read_bytes()
    with pytest.raises(ContentMismatch) as ei:
        engine.restore(data)
    assert ei.value.expected == engine.fingerprint
    assert ei.value.found == GOLD["fingerprint"]
    assert "frozen" in ei.value.packs and "core" in ei.value.packs


# ---------------- hostile input ----------------

def _parts(frozen):
    top = msgpack.unpackb((GOLDEN / "mid.snap").read_bytes())
    return top[:5], top[6]


def _build(head, body, ck=None):
    b = msgpack.packb(body)
    return b"\x97" + b"".join(msgpack.packb(x) for x in head) + msgpack.packb(
        checksum(b) if ck is None else ck) + b


def _body_mut(f):
    def make(frozen):
        head, body = _parts(frozen)
        f(body)
        return _build(head, body)
    return make


def _head_mut(i, value):
    def make(frozen):
        head, body = _parts(frozen)
        head[i] = value
        return _build(head, body)
    return make


def _raw(f):
    return lambda frozen: f((GOLDEN / "mid.snap").read_bytes())


def _set(path, value):
    def f(body):
        cur = body
        for p in path[:-1]:
            cur = cur[p]
        cur[path[-1]] = value
    return f


def _living_hp(value):
    def f(body):
        u = next(u for u in body[4] if u[2] == 1)
        u[4] = value
    return f


def _card_in_two_zones(body):
    c = body[3][0][0] if body[3][0] else body[3][1][0]
    body[3][4].append(c)


def _card_in_no_zone(body):
    for z in body[3]:
        if z:
            z.pop()
            return


def _deep(frozen):
    # 5000 nested arrays where the round goes (msgpack-python cannot even pack this deep)
    head, body = _parts(frozen)
    body[1][4] = 12345678
    bb = msgpack.packb(body).replace(msgpack.packb(12345678), b"\x91" * 5000 + b"\x00", 1)
    return b"\x97" + b"".join(msgpack.packb(x) for x in head) + msgpack.packb(checksum(bb)) + bb


# the engine version as the header packs it (a msgpack str)
_VERSION = msgpack.packb(eve.__version__)

HOSTILE = [
    ("empty", _raw(lambda d: b""), BadMagic, None),
    ("random bytes", _raw(lambda d: bytes(random.Random(1).randrange(256) for _ in range(300))), BadMagic, None),
    ("json text", _raw(lambda d: b'{"abi": 5}'), BadMagic, None),
    ("msgpack map", _raw(lambda d: msgpack.packb({"eve.snap": 5})), BadMagic, None),
    ("over the size cap", _raw(lambda d: d + b"\x00" * MAX_SNAPSHOT_BYTES), SnapshotTooLarge, None),
    ("abi 4", _head_mut(1, 4), UnsupportedABI, None),
    ("abi 6", _head_mut(1, 6), UnsupportedABI, None),
    ("abi as a string", _head_mut(1, "5"), UnsupportedABI, None),
    ("other fingerprint", _head_mut(3, "0000000000000000"), ContentMismatch, None),
    ("version not a string", _head_mut(2, 17), SchemaViolation, "header.engine_version"),
    ("invalid utf-8 version", _raw(lambda d: d.replace(_VERSION, _VERSION[:-len(eve.__version__)] + b"\xff\xfe" + _VERSION[-len(eve.__version__) + 2:], 1)), SchemaViolation, "header.engine_version"),
    ("packs not a list", _head_mut(4, "core"), SchemaViolation, "header.packs"),
    ("wrong checksum", lambda fz: _build(*_parts(fz), ck=12345), ChecksumMismatch, None),
    ("checksum as a string", lambda fz: _build(*_parts(fz), ck="x"), SchemaViolation, "header.checksum"),
    ("truncated body, checksum fixed", lambda fz: (lambda h, b: (lambda bb: b"\x97" + b"".join(msgpack.packb(x) for x in h) + msgpack.packb(checksum(bb[:-5])) + bb[:-5])(msgpack.packb(b)))(*_parts(fz)), MalformedSnapshot, None),
    ("trailing bytes, checksum fixed", lambda fz: (lambda h, b: (lambda bb: b"\x97" + b"".join(msgpack.packb(x) for x in h) + msgpack.packb(checksum(bb + b"\x00")) + bb + b"\x00")(msgpack.packb(b)))(*_parts(fz)), MalformedSnapshot, None),
    # 0xc1 in place of the turn's first value: after the body's and the turn's array headers
    ("byte 0xc1 in the body", lambda fz: (lambda h, b: (lambda bb, at: b"\x97" + b"".join(msgpack.packb(x) for x in h) + msgpack.packb(checksum(bb[:at] + b"\xc1" + bb[at + 1:])) + bb[:at] + b"\xc1" + bb[at + 1:])(msgpack.packb(b), 2 + len(msgpack.packb(b[0]))))(*_parts(fz)), MalformedSnapshot, None),
    ("body is a map", lambda fz: _build(_parts(fz)[0], {"units": []}), SchemaViolation, "body"),
    ("body too short", _body_mut(lambda b: b.pop()), SchemaViolation, "body"),
    ("phase 7", _body_mut(_set((1, 0), 7)), SchemaViolation, "body.turn.phase"),
    ("round 0", _body_mut(_set((1, 4), 0)), SchemaViolation, "body.turn.round"),
    ("negative hp", _body_mut(_set((4, 0, 4), -3)), SchemaViolation, "body.units[0].hp"),
    ("hp above max", _body_mut(_living_hp(999)), SchemaViolation, "body.units["),
    ("hero id out of range", _body_mut(_set((4, 1, 0), 500)), SchemaViolation, "body.units[1].def_id"),
    ("card def out of range", _body_mut(_set((2, 0, 0), 4000)), SchemaViolation, "body.cards.def[0]"),
    ("card in two zones", _body_mut(_card_in_two_zones), SchemaViolation, "body"),
    ("card in no zone", _body_mut(_card_in_no_zone), SchemaViolation, "body"),
    ("regen not zero", _body_mut(_set((6, 2), 3)), SchemaViolation, "body.meter.regen"),
    ("spent above capacity", _body_mut(_set((6, 1), 99)), SchemaViolation, "body.meter.spent"),
    ("trigger depth", _body_mut(_set((1, 10), 1)), SchemaViolation, "body.turn.trigger_depth"),
    ("encounter out of range", _body_mut(_set((8, 0), 40)), SchemaViolation, "body.foe.encounter"),
    ("intent out of range", _body_mut(_set((8, 2), 9999)), SchemaViolation, "body.foe.intent"),
    ("float where an int goes", _body_mut(_set((1, 2), 0.5)), SchemaViolation, "body.turn.priority"),
    ("nil where an int goes", _body_mut(_set((7, 0, 0), None)), SchemaViolation, "body.tasks[0].def_id"),
    ("huge int", _body_mut(_set((4, 0, 5), 2**64 - 1)), SchemaViolation, "body.units[0].max_hp"),
    ("nested 5000 deep", _deep, SchemaViolation, "body.turn.round"),
    ("an array length of 4 billion", lambda fz: (lambda h, b: (lambda bb: b"\x97" + b"".join(msgpack.packb(x) for x in h) + msgpack.packb(checksum(bb)) + bb)(b"\x9c\xdd\xff\xff\xff\xff"))(*_parts(fz)), SchemaViolation, "body.rng"),
    ("too many stack items", _body_mut(_set((5,), [[1, 0, 0, 0, -1, -1, -1, 255, 0, -1, -1, -1, 0]] * 30)), SchemaViolation, "body.stack"),
    ("stack item with a bad target", _body_mut(_set((5,), [[4, 1, 0, 0, -1, 0, 16, 40, 0, -1, -1, -1, 0]])), SchemaViolation, "body.stack[0].target"),
    ("not bytes", lambda fz: "eve.snap", MalformedSnapshot, None),
    ("not a decision point: Beginning", _body_mut(_set((1, 0), 0)), SchemaViolation, "body.turn.phase"),
    ("the Encounter to act", _body_mut(_set((1, 1), 1)), SchemaViolation, "body.turn.phase"),
    ("no intent", _body_mut(_set((8, 2), -1)), SchemaViolation, "body.foe.intent"),
    # the Encounter script's state (body layout revision 4)
    ("a revision-3 foe", _body_mut(lambda b: b.__setitem__(8, b[8][:16])), SchemaViolation,
     "body.foe"),
    ("no script phase", _body_mut(_set((8, 16), -1)), SchemaViolation, "body.foe.part"),
    ("script position beyond its phase", _body_mut(_set((8, 1), 50)), SchemaViolation,
     "body.foe.script_pos"),
    ("last move out of range", _body_mut(_set((8, 17), 9999)), SchemaViolation,
     "body.foe.last_move"),
    ("repeats of no move", _body_mut(lambda b: (_set((8, 17), -1)(b), _set((8, 18), 2)(b))),
     SchemaViolation, "body.foe.repeats"),
    ("a variable the Encounter lacks", _body_mut(_set((8, 19), 5)), SchemaViolation,
     "body.foe.vars"),
    ("a variable out of range", _body_mut(_set((8, 22), 10000)), SchemaViolation, "body.foe.vars"),
    # a choice pending in a resolution (body layout revision 5; tests/rules/test_choices.py
    # restores hostile pending choices)
    ("a revision-4 body", _body_mut(lambda b: b.pop()), SchemaViolation, "body"),
    # lasting grants and counters (body layout revision 7; rules A01-A05, V01-V04)
    ("a grant whose unit is not in play", _body_mut(_set((10,), [[0, 0, 9, 0, -1, 1, 1]])),
     SchemaViolation, "body.grants"),
    ("a grant of no status", _body_mut(_set((10,), [[0, 0, 1, 0, 15, 1, 1]])), SchemaViolation,
     "body.grants[0].status"),
    ("33 grants", _body_mut(_set((10,), [[0, 0, 1, 0, -1, 1, 1]] * 33)), SchemaViolation,
     "body.grants"),
    ("a grant of 6 fields", _body_mut(_set((10,), [[0, 0, 1, 0, -1, 1]])), SchemaViolation,
     "body.grants"),
    ("a counter the content lacks", _body_mut(_set((11, 0), 1)), SchemaViolation,
     "body.counters"),
    ("7 counters", _body_mut(_set((11,), [0] * 7)), SchemaViolation, "body.counters"),
    ("a card counter past 9999", _body_mut(_set((2, 5, 0), 10000)), SchemaViolation,
     "body.cards.counter"),
    ("a choice of 11 fields", _body_mut(lambda b: b[9].pop()), SchemaViolation, "body.choice"),
    ("a choice of no kind", _body_mut(_set((9, 0), 9)), SchemaViolation, "body.choice.kind"),
    ("a choice's field where none is pending", _body_mut(_set((9, 2), 3)), SchemaViolation,
     "body.choice"),
    ("options where no choice is pending", _body_mut(_set((9, 11), [1])), SchemaViolation,
     "body.choice"),
    ("65 options", _body_mut(_set((9, 14), [0] * 65)), SchemaViolation, "body.choice.options"),
]


@pytest.mark.parametrize("name,make,error,path", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_input_gets_its_typed_error(frozen, name, make, error, path):
    data = make(frozen)
    with pytest.raises(error) as ei:
        frozen.restore(data)
    assert isinstance(ei.value, SnapshotError)
    assert str(ei.value)
    if path is not None:
        assert isinstance(ei.value, SchemaViolation)
        assert ei.value.path.startswith(path), ei.value.path


def test_there_are_at_least_25_hostile_inputs():
    assert len(HOSTILE) >= 25
    assert {h[2] for h in HOSTILE} >= {BadMagic, SnapshotTooLarge, UnsupportedABI, ContentMismatch,
                                       ChecksumMismatch, MalformedSnapshot, SchemaViolation}


def test_unsupported_abi_says_found_and_supported(frozen):
    head, body = _parts(frozen)
    head[1] = 4
    with pytest.raises(UnsupportedABI) as ei:
        frozen.restore(_build(head, body))
    assert ei.value.found == 4 and ei.value.supported == (5,)
    assert "4" in str(ei.value) and "5" in str(ei.value)


# ---------------- fuzz ----------------

def test_seeded_mutation_fuzz_has_no_untyped_exception():
    seconds = float(os.environ.get("EVE_FUZZ_SECONDS", "30"))
    r = subprocess.run([sys.executable, str(HERE / "snapshot_fuzz.py"), str(seconds), "20261129"],
                       capture_output=True, text=True, timeout=seconds + 120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["inputs"] > 1000
    assert counts.get("SchemaViolation", 0) > 0 and counts.get("restored", 0) > 0
