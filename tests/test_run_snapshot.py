"""Run snapshots (docs/snapshot-abi.md, "Run snapshots"): round trips at every phase of a run,
pickling, the header's typed errors, and one refused mutation per cross-check of check_run."""
from __future__ import annotations

import functools
import pickle

import msgpack
import pytest
from run_files_support import run_engine, walk

import eve
from eve.core.run_snapshot import MAX_RUN_SNAPSHOT_BYTES, RUN_FIELDS
from eve.core.snapshot import checksum
from eve.core.tables import LIMITS
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

PHASES = ("party", "path", "fight", "reward", "shop", "site", "event", "over")
F = {name: i for i, name in enumerate(RUN_FIELDS)}
BODY = {k: i for i, k in enumerate(("rng", "run", "offer", "seen", "party", "deck", "relics",
                                    "nodes", "edges", "match"))}


def _shape(r: eve.Run) -> list[str]:
    """The kinds of position a state is an example of (several at once)."""
    out = [r.phase]
    if r.phase == "party":
        out.append(f"party{len(r.party)}")
    if r.phase == "path":
        out.append("path_on" if r.floor else "path_start")
    if r.in_fight:
        out.append(f"fight_{r.node}")
        if r.fallen:
            out.append("fight_fallen")
    if r.phase == "reward" and r.node != "boss":
        out.append("reward_plain")
    return out


@functools.lru_cache(maxsize=1)
def examples() -> dict[str, list[bytes]]:
    """Snapshots of seeded play (the greedy policy and random), a few of each shape."""
    e = run_engine()
    got: dict[str, list[bytes]] = {}
    for policy in ("greedy", "random"):
        for seed in range(120):
            for r, _ in walk(e, seed, policy, party=None if seed % 4 == 0 else e.default_heroes()):
                for k in _shape(r):
                    if len(got.setdefault(k, [])) < 4:
                        got[k].append(r.snapshot())
    return got


def example(kind: str) -> bytes:
    ex = examples().get(kind)
    if not ex:
        pytest.skip(f"no {kind} position in the seeded play")
    return ex[0]


def assemble(top: list) -> bytes:
    body = msgpack.packb(top[6])
    return b"\x97" + b"".join(msgpack.packb(x) for x in top[:5]) + msgpack.packb(checksum(body)) + body


def decoded(kind: str) -> list:
    return msgpack.unpackb(example(kind))


# ---------------------------------------------------------------- round trips

@pytest.mark.parametrize("phase", PHASES)
def test_round_trip_at_every_phase(phase):
    e = run_engine()
    for data in examples()[phase]:
        r = e.restore_run(data)
        assert r.phase == phase
        assert r.snapshot() == data
        again = e.restore_run(data)
        assert again.state_hash() == r.state_hash()
        assert again.legal_action_codes() == r.legal_action_codes()


def test_restored_run_plays_on_like_the_original():
    e = run_engine()
    for seed in range(6):
        trail = []
        for r, a in walk(e, seed, "greedy"):
            if a is not None and len(trail) % 5 == 0:
                trail.append((r.snapshot(), r.clone()))
        for data, original in trail:
            restored = e.restore_run(data)
            assert restored.state_hash() == original.state_hash()
            assert str(restored.legal_actions()) == str(original.legal_actions())
            for _ in range(30):
                if original.is_over:
                    break
                a = original.legal_action_codes()[-1]
                original.apply(a)
                restored.apply(a)
                assert restored.state_hash() == original.state_hash()


def test_snapshot_is_canonical_msgpack():
    for kind in ("path", "fight", "shop"):
        data = example(kind)
        top = msgpack.unpackb(data)
        assert msgpack.packb(top) == data
        assert top[0] == "eve.runsnap" and top[1] == 5
        assert len(top[6]) == 10 and len(top[6][BODY["run"]]) == len(RUN_FIELDS)


def _played_run() -> eve.Run:
    e = run_engine()
    r = e.new_run(3, party=e.default_heroes())
    for _ in range(5):
        r.apply(r.legal_action_codes()[0])
    return r


def test_reduce_is_engine_and_snapshot_with_setup_and_actions():
    r = _played_run()
    rebuild, (engine, data, *rest) = r.__reduce__()
    assert engine is r.engine and data == r.snapshot()
    back = rebuild(run_engine(), data, *rest)
    assert back.state_hash() == r.state_hash()
    assert back.setup == r.setup and back.actions == r.actions and back.seed == r.seed


@pytest.mark.skipif(not eve.Engine().catalog.tables.has_run,
                    reason="the built-in content has no run yet: a pickled Engine is rebuilt "
                           "without the tests' hand-made run content")
def test_pickle_round_trip():
    # the built-in run content: the engine it unpickles with is made anew from the packs
    e = eve.Engine()
    r = e.new_run(3, party=e.default_heroes())
    for _ in range(5):
        r.apply(r.legal_action_codes()[0])
    back = pickle.loads(pickle.dumps(r))
    assert back.state_hash() == r.state_hash() and back.actions == r.actions


# ---------------------------------------------------------------- the header

def test_header_errors():
    e = run_engine()
    data = example("path")
    with pytest.raises(BadMagic):
        e.restore_run(b"\x97\xabeve.notsnap" + data[13:])
    with pytest.raises(BadMagic, match="match snapshot"):
        e.restore_run(e.new_match(seed=1).snapshot())
    with pytest.raises(BadMagic):
        e.restore(data)                 # a run snapshot is not a match snapshot
    with pytest.raises(SnapshotTooLarge):
        e.restore_run(data + b"\x00" * MAX_RUN_SNAPSHOT_BYTES)
    with pytest.raises(MalformedSnapshot):
        e.restore_run("not bytes")      # type: ignore[arg-type]
    with pytest.raises(MalformedSnapshot, match="trailing"):
        e.restore_run(_with_trailing(data))
    top = msgpack.unpackb(data)
    with pytest.raises(UnsupportedABI):
        e.restore_run(assemble([*top[:1], 4, *top[2:]]))
    with pytest.raises(ContentMismatch):
        e.restore_run(assemble([*top[:3], "0" * 16, *top[4:]]))
    bad = bytearray(data)
    bad[-1] ^= 1
    with pytest.raises(ChecksumMismatch):
        e.restore_run(bytes(bad))
    assert e.restore_run(bytearray(data)).state_hash() == e.restore_run(data).state_hash()


def _with_trailing(data: bytes) -> bytes:
    top = msgpack.unpackb(data)
    body = msgpack.packb(top[6]) + b"\x00"
    return (b"\x97" + b"".join(msgpack.packb(x) for x in top[:5]) + msgpack.packb(checksum(body))
            + body)


def test_content_without_runs_restores_none():
    e = eve.Engine()
    e.catalog.tables._load_run(None)        # the same content, with no act
    with pytest.raises(SchemaViolation, match="no run"):
        e.restore_run(example("path"))


def test_every_truncation_is_refused():
    e = run_engine()
    data = example("fight")
    for n in range(len(data)):
        with pytest.raises(SnapshotError):
            e.restore_run(data[:n])


def test_single_bit_flips_are_refused_or_harmless():
    e = run_engine()
    data = example("reward")
    top = msgpack.unpackb(data)
    header_end = len(data) - len(msgpack.packb(top[6])) - len(msgpack.packb(top[5]))
    want = e.restore_run(data).state_hash()
    for i in range(len(data)):
        for bit in (0, 3, 7):
            b = bytearray(data)
            b[i] ^= 1 << bit
            try:
                r = e.restore_run(bytes(b))
            except SnapshotError:
                continue
            # only the informational header fields (engine version, the packs' list) may change
            # and still restore: the body is under the checksum
            assert i < header_end and r.state_hash() == want, i


# ---------------------------------------------------------------- field ranges

@pytest.mark.parametrize("field,value", [("phase", 8), ("outcome", 3), ("act", 2), ("floor", -2),
                                         ("col", 8), ("node", 8), ("aurorune", 10000),
                                         ("chosen", 0), ("n_offer", 9), ("enc", 5)])
def test_run_field_ranges(field, value):
    top = decoded("path")
    top[6][BODY["run"]][F[field]] = value
    with pytest.raises(SchemaViolation, match=rf"body\.run\.{field}"):
        run_engine().restore_run(assemble(top))


def test_party_and_deck_ranges():
    e = run_engine()
    for part, mutate, where in [
            ("party", lambda p: p[0].__setitem__(0, len(e.catalog.player_heroes)), r"party\[0\]\.hero"),
            ("party", lambda p: p[0].__setitem__(4, 21), r"party\[0\]\.ambition"),
            ("party", lambda p: p[0].__setitem__(3, 0), r"party\[0\]\.max_hp"),
            ("party", lambda p: p.append(list(p[0])), r"body\.party"),
            ("deck", lambda d: d.extend([0] * 40), r"body\.deck"),
            ("deck", lambda d: d.__setitem__(0, len(e.catalog.card_ids)), r"body\.deck\[0\]"),
            ("nodes", lambda n: n.pop(), r"body\.nodes"),
            ("edges", lambda n: n.__setitem__(0, 256), r"body\.edges\[0\]")]:
        top = decoded("path")
        mutate(top[6][BODY[part]])
        with pytest.raises(SchemaViolation, match=where):
            e.restore_run(assemble(top))


# ---------------------------------------------------------------- cross-checks (check_run)

def _run(top, field, value):
    top[6][BODY["run"]][F[field]] = value


def _hero(top, i, field, value):
    top[6][BODY["party"]][i][("hero", "alive", "hp", "max_hp", "ambition", "morality", "slot").index(field)] = value


def _node_index(top, pred):
    nodes = top[6][BODY["nodes"]]
    return next(k for k in range(128) if pred(k, nodes[k]))


def _set_node(top, k, v):
    top[6][BODY["nodes"]][k] = v


def _set_edge(top, k, v):
    top[6][BODY["edges"]][k] = v


def _unreachable(top):
    """A new node on a middle floor that no node below leads to, with a good edge up."""
    nodes, edges = top[6][BODY["nodes"]], top[6][BODY["edges"]]
    for f in range(2, 6):
        for c in range(7):
            k = f * 8 + c
            if nodes[k] or any(edges[(f - 1) * 8 + b] & (1 << c) for b in range(7)):
                continue
            up = [n for n in (c - 1, c, c + 1) if 0 <= n < 7 and nodes[(f + 1) * 8 + n]]
            if up:
                nodes[k] = 1
                edges[k] = 1 << up[0]
                return k
    pytest.skip("no room for an unreachable node")


def _edge_too_far(top):
    nodes, edges = top[6][BODY["nodes"]], top[6][BODY["edges"]]
    for k in range(8, 6 * 8):
        c = k % 8
        for far in range(7):
            if nodes[k] and abs(far - c) > 1 and nodes[k + 8 - c + far]:
                edges[k] |= 1 << far
                return k
    pytest.skip("no far node")


def _offer(top, i, j, v):
    top[6][BODY["offer"]][i][j] = v


RELICS = ("core:war_banner", "core:ember_idol")


def _relics(top, ids):
    e = run_engine()
    top[6][BODY["relics"]][:] = [e.card_index(i) for i in ids]


def _turn(top, i, v):
    top[6][BODY["match"]][1][i] = v


CHECKS = [
    # (example, mutation, the path refused)
    ("path", lambda t: _run(t, "outcome", 2), r"body\.run\.outcome"),
    ("over", lambda t: _run(t, "outcome", 0), r"body\.run\.outcome"),
    ("path", lambda t: _run(t, "fights_won", t[6][1][F["floors_climbed"]] + 1), r"fights_won"),
    # past every floor of the most acts the core holds
    ("path", lambda t: _run(t, "floors_climbed", LIMITS["acts"] * (LIMITS["floors"] + 1) + 1),
     r"floors_climbed"),
    ("path", lambda t: _run(t, "removals", t[6][1][F["floors_climbed"]] + 1), r"removals"),
    ("party2", lambda t: t[6][BODY["party"]].append([2, 1, 10, 10, 0, 0, -1]), r"party is complete"),
    ("path", lambda t: t[6][BODY["party"]].pop(), r"body\.party: a run's party has 3"),
    ("path", lambda t: _hero(t, 1, "hero", t[6][BODY["party"]][0][0]), r"party\[1\]\.hero"),
    ("path", lambda t: _hero(t, 0, "hp", t[6][BODY["party"]][0][3] + 1), r"party\[0\]\.hp"),
    ("path", lambda t: _hero(t, 0, "alive", 0), r"party\[0\]\.hp"),
    ("party1", lambda t: (_hero(t, 0, "alive", 0), _hero(t, 0, "hp", 0)), r"party\[0\]\.alive"),
    ("path", lambda t: _hero(t, 0, "slot", 0), r"party\[0\]\.slot"),
    ("path", lambda t: [(_hero(t, i, "alive", 0), _hero(t, i, "hp", 0)) for i in range(3)],
     r"body\.party: no living"),
    ("party0", lambda t: _set_node(t, 0, 1), r"body\.nodes\[0\]"),
    ("path", lambda t: _set_node(t, 7, 1), r"body\.nodes\[7\]"),
    ("path", lambda t: _set_node(t, 8 * 8 + 3, 0), r"body\.nodes\[67\]"),
    ("path", lambda t: _set_edge(t, _node_index(t, lambda k, n: 8 <= k < 56 and n == 0 and k % 8 < 7), 1),
     r"body\.edges.*an edge from no node"),
    ("path", lambda t: _set_node(t, _node_index(t, lambda k, n: k < 8 and n), 3), r"\[\d\].*never holds"),
    ("path", lambda t: _set_node(t, _node_index(t, lambda k, n: 8 <= k < 16 and n), 2), r"\[\d+\].*never holds"),
    ("path", lambda t: _set_node(t, _node_index(t, lambda k, n: 56 <= k < 64 and n), 1), r"\[\d+\].*never holds"),
    ("path", lambda t: _set_edge(t, _node_index(t, lambda k, n: 56 <= k < 64 and n), 1),
     r"body\.edges.*lead to the boss"),
    ("path", lambda t: _set_edge(t, _node_index(t, lambda k, n: 8 <= k < 48 and n), 0),
     r"body\.edges.*leads to columns"),
    ("path", _edge_too_far, r"body\.edges.*no node"),
    ("path", _unreachable, r"no path reaches"),
    ("path", lambda t: _run(t, "boss", 0), r"body\.run\.boss"),
    ("path_start", lambda t: _run(t, "col", 0), r"body\.run\.col"),
    ("path_start", lambda t: _run(t, "phase", 5), r"body\.run\.phase"),
    ("party0", lambda t: _run(t, "act", 1), r"body\.run\.act"),
    ("party0", lambda t: (_run(t, "floor", 0), _run(t, "col", 0)), r"body\.run\.floor"),
    ("path_on", lambda t: _run(t, "floor", 9), r"body\.run\.floor"),
    ("path_on", lambda t: _run(t, "col", -1), r"body\.run\.floor: off the act's map"),
    ("path_on", lambda t: _run(t, "col", 7), r"body\.run\.floor: off the act's map"),
    ("path_on", lambda t: _run(t, "node", 6 if t[6][1][F["node"]] != 6 else 5), r"body\.run\.node"),
    ("event", lambda t: _run(t, "phase", 3), r"body\.run\.phase"),
    ("event", lambda t: _run(t, "phase", 5), r"body\.run\.phase"),
    ("event", lambda t: _run(t, "site", 1), r"body\.run\.site"),
    ("site", lambda t: _run(t, "site", 1 - t[6][1][F["site"]]), r"body\.run\.site"),
    ("reward_plain", lambda t: (_run(t, "phase", 1), _run(t, "n_offer", 0), _run(t, "site", 0)),
     r"body\.run\.site"),
    ("path", lambda t: (_run(t, "floor", 8), _run(t, "col", 3), _run(t, "node", 7)), r"body\.run\.floor"),
    ("reward_plain", lambda t: _run(t, "after_boss", 1), r"after_boss"),
    ("path", lambda t: _run(t, "n_offer", 1), r"body\.run\.n_offer"),
    ("reward", lambda t: _run(t, "n_offer", 0), r"body\.run\.n_offer"),
    ("reward", lambda t: _offer(t, 0, 0, -1), r"body\.offer\[0\]\.card"),
    ("reward", lambda t: _offer(t, 0, 1, 5), r"body\.offer\[0\]"),
    ("shop", lambda t: _offer(t, 0, 1, t[6][2][0][1] + 1), r"body\.offer\[0\]\.price"),
    ("reward", lambda t: _offer(t, 0, 0, 0), r"body\.offer\[0\]\.card"),      # a starter card
    ("reward", lambda t: _offer(t, 1, 0, t[6][2][0][0]), r"body\.offer\[1\]\.card"),
    ("party1", lambda t: t[6][BODY["deck"]].append(0), r"body\.deck"),
    ("path", lambda t: _relics(t, ["core:ember_squire"]), r"body\.relics\[0\]"),
    ("path", lambda t: _relics(t, [RELICS[0], RELICS[0]]), r"body\.relics\[1\]"),
    ("path", lambda t: t[6][BODY["seen"]].__setitem__(0, 2), r"body\.seen\[0\]"),
    ("path", lambda t: _run(t, "enc", 0), r"body\.run\.enc"),
    ("path", lambda t: _run(t, "chosen", -1) or t[6].__setitem__(9, decoded("fight")[6][9]),
     r"body\.match"),
    ("fight", lambda t: t[6].__setitem__(9, []), r"body\.match"),
    ("fight_fight", lambda t: _turn(t, 5, 1), r"body\.match\.turn\.outcome"),
    ("fight_fight", lambda t: (_run(t, "enc", 1 - t[6][1][F["enc"]])), r"the fight's Encounter differs"),
    ("fight_fight", lambda t: _run(t, "enc", 2), r"not a fight of the act"),
    ("fight_elite", lambda t: _run(t, "enc", 0), r"not an elite"),
    ("fight_boss", lambda t: _run(t, "enc", 4), r"the act's boss"),
    ("fight", lambda t: _hero(t, 0, "slot", 5), r"party\[0\]\.slot"),
    ("fight", lambda t: (_hero(t, 2, "alive", 0), _hero(t, 2, "hp", 0)), r"party\[2\]\.slot"),
    ("fight", lambda t: (_hero(t, 2, "alive", 0), _hero(t, 2, "hp", 0), _hero(t, 2, "slot", -1)),
     r"hero_slots_player"),
    ("fight", lambda t: t[6][BODY["deck"]].__setitem__(0, 1 + t[6][5][0] % 50), r"cards\.defs\[0\]"),
    ("fight", lambda t: t[6][BODY["deck"]].append(5), r"body\.match\.cards: the fight holds"),
    ("fight", lambda t: t[6][BODY["match"]][4][0].__setitem__(4, 0), r"body\.units\[0\]"),
]


@pytest.mark.parametrize("kind,mutate,where", CHECKS,
                         ids=[f"{i}-{c[0]}" for i, c in enumerate(CHECKS)])
def test_cross_check_refuses(kind, mutate, where):
    top = decoded(kind)
    mutate(top)
    with pytest.raises(SchemaViolation, match=where):
        run_engine().restore_run(assemble(top))


def test_every_state_of_seeded_play_restores():
    """check_run admits every state the run's rules make: each position of 80 seeded runs
    (greedy and random, with and without the party choice) restores to the same hash."""
    e = run_engine()
    n = 0
    for policy in ("greedy", "random"):
        for seed in range(40):
            for r, _ in walk(e, 1000 + seed, policy,
                             party=None if seed % 2 else e.default_heroes()):
                assert e.restore_run(r.snapshot()).state_hash() == r.state_hash()
                n += 1
    assert n > 1000
