"""Replay files reproduce matches exactly, in any process."""
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

from eve.cli import main
from eve.core.testkit import raw
from eve.replay import Replay, ReplayError

HERE = Path(__file__).parent
GOLD = json.loads((HERE / "golden" / "golden.json").read_text())

RECORD = r"""
import json, random, sys
import eve
from eve.replay import Replay
e = eve.Engine()
out = {}
encs = sorted(e.catalog.encounters)
for seed in range(100):
    m = e.new_match(seed=seed, encounter=encs[seed % len(encs)])
    rng = random.Random(seed)
    chain = [m.state_hash()]
    while not m.is_over:
        m.apply(rng.choice(m.legal_action_codes()))
        chain.append(m.state_hash())
    Replay.of(m).save(f"{sys.argv[1]}/{seed}.evereplay")
    out[seed] = chain
print(json.dumps(out))
"""

REPLAY = r"""
import json, sys
import eve
from eve.replay import Replay
e = eve.Engine()
out = {}
for seed in range(100):
    rp = Replay.load(f"{sys.argv[1]}/{seed}.evereplay")
    chain = []
    for i, m, a in rp.steps(e):
        chain.append(m.state_hash())
    out[seed] = chain
print(json.dumps(out))
"""


@rule("R04")
def test_replay_hash_chains_equal_the_live_matches_in_another_process(tmp_path):
    live = subprocess.run([sys.executable, "-c", RECORD, str(tmp_path)], capture_output=True,
                          text=True, check=True, env=dict(os.environ, PYTHONHASHSEED="0"))
    again = subprocess.run([sys.executable, "-c", REPLAY, str(tmp_path)], capture_output=True,
                           text=True, check=True, env=dict(os.environ, PYTHONHASHSEED="4242"))
    a, b = json.loads(live.stdout), json.loads(again.stdout)
    assert len(a) == 100 and a == b


def test_golden_final_hashes_are_reproduced_by_replays():
    e = frozen_engine()
    assert len(GOLD["final_hashes"]) == 20
    for s, (h, outcome, rnd) in GOLD["final_hashes"].items():
        m = e.new_match(seed=int(s))
        rng = random.Random(int(s))
        while not m.is_over:
            m.apply(rng.choice(m.legal_action_codes()))
        rp = Replay.from_bytes(Replay.of(m).to_bytes())
        end = rp.play(e)
        assert end.state_hash() == h == rp.final_hash
        assert (end.outcome, end.round) == (outcome, rnd)


def test_replay_file_layout_is_documented_msgpack(engine):
    m = engine.new_match(seed=3)
    m.apply(m.legal_action_codes()[0])
    top = msgpack.unpackb(Replay.of(m).to_bytes())
    assert top[0] == "eve.replay" and top[1] == 1
    assert top[3] == engine.fingerprint and top[4] == 3
    assert top[8] == m.actions and top[9] == m.state_hash()


def test_replay_of_a_match_in_progress_resumes_there(engine):
    m = engine.new_match(seed=9)
    rng = random.Random(9)
    for _ in range(10):
        m.apply(rng.choice(m.legal_action_codes()))
    assert raw(Replay.of(m).play(engine)) == raw(m)


def test_scenario_and_restored_matches_have_no_replay(engine):
    from eve.testing import scenario
    with pytest.raises(ReplayError):
        Replay.of(scenario(engine))
    with pytest.raises(ReplayError):
        Replay.of(engine.restore(engine.new_match(seed=1).snapshot()))


@pytest.mark.parametrize("data", [
    b"", b"\x00\x01", b"not msgpack at all \xc1", msgpack.packb({"a": 1}), msgpack.packb([1, 2, 3]),
    msgpack.packb(["eve.replay", 2] + [0] * 10),
    msgpack.packb(["eve.replay", 1, "0.1.0", "fp", -1, [], "x", None, [], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "0.1.0", "fp", 1, ["h"], "x", None, ["a"], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "0.1.0", "fp", 1, ["h"], "x", None, [1], 0, "draw", 1]),
    "a string",
])
def test_malformed_replays_raise_replay_error(data):
    with pytest.raises(ReplayError):
        Replay.from_bytes(data)


def test_a_replay_for_other_content_is_refused(engine):
    from eve.errors import ContentMismatch
    m = engine.new_match(seed=2)
    with pytest.raises(ContentMismatch):
        Replay.of(m).play(frozen_engine())


def test_an_illegal_action_in_a_replay_is_reported(engine):
    m = engine.new_match(seed=2)
    rp = Replay.of(m)
    bad = Replay(rp.engine_version, rp.fingerprint, rp.seed, rp.heroes, rp.encounter, rp.deck,
                 [0x01000000 | 0xFF], rp.final_hash, rp.outcome, rp.rounds)
    with pytest.raises(ReplayError, match="action 0"):
        bad.play(engine)


def test_cli_save_replays_then_verify_and_print(tmp_path, capsys):
    assert main(["simulate", "--games", "6", "--seed", "40", "--quiet", "--save-replays", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.evereplay"))
    assert len(files) == 6
    capsys.readouterr()
    for f in files:
        assert main(["replay", "--verify", str(f)]) == 0
        assert "OK" in capsys.readouterr().out
    assert main(["replay", str(files[0])]) == 0
    out = capsys.readouterr().out
    assert "round 1" in out and out.strip().splitlines()[-1].startswith("== ")
    # a tampered final hash fails verification
    rp = Replay.load(files[0])
    Replay(rp.engine_version, rp.fingerprint, rp.seed, rp.heroes, rp.encounter, rp.deck,
           rp.actions, rp.final_hash ^ 1, rp.outcome, rp.rounds).save(tmp_path / "bad.evereplay")
    assert main(["replay", "--verify", str(tmp_path / "bad.evereplay")]) == 1
    (tmp_path / "junk.evereplay").write_bytes(b"junk")
    assert main(["replay", str(tmp_path / "junk.evereplay")]) == 2
    assert "not a replay" in capsys.readouterr().err


# ---- every claim verified, every field's exact type, bounded reading ----

def _replay(engine, seed=5, steps=None):
    m = engine.new_match(seed=seed)
    rng = random.Random(seed)
    while not m.is_over and (steps is None or len(m.actions) < steps):
        m.apply(rng.choice(m.legal_action_codes()))
    return Replay.of(m)


def _with(rp, **kw):
    import dataclasses
    return dataclasses.replace(rp, **kw)


def _fields(rp):
    return ["eve.replay", 1, rp.engine_version, rp.fingerprint, rp.seed, rp.heroes, rp.encounter,
            rp.deck, rp.actions, rp.final_hash, rp.outcome, rp.rounds]


def test_verify_checks_the_outcome_and_the_rounds_too(engine):
    rp = _replay(engine)
    assert rp.verify(engine) and rp.mismatches(engine) == []
    other = "win" if rp.outcome == "loss" else "loss"
    for bad, word in ((_with(rp, outcome=other), "outcome"), (_with(rp, outcome=None), "outcome"),
                      (_with(rp, rounds=rp.rounds + 1), "round"), (_with(rp, rounds=0), "round")):
        assert not bad.verify(engine)
        assert [word in x for x in bad.mismatches(engine)] == [True]


def test_cli_verify_reports_a_false_outcome_or_rounds(engine, tmp_path, capsys):
    rp = _replay(engine)
    _with(rp, rounds=rp.rounds + 3).save(tmp_path / "r.evereplay")
    assert main(["replay", "--verify", str(tmp_path / "r.evereplay")]) == 1
    assert "MISMATCH" in capsys.readouterr().out


@pytest.mark.parametrize("index,value", [(1, True), (4, True), (4, False), (9, True),
                                         (11, True), (11, False)])
def test_msgpack_booleans_are_not_integers(engine, index, value):
    top = _fields(_replay(engine, steps=3))
    top[index] = value
    with pytest.raises(ReplayError):
        Replay.from_bytes(msgpack.packb(top))


def test_a_boolean_action_code_is_refused(engine):
    top = _fields(_replay(engine, steps=3))
    top[8] = [True] + top[8]
    with pytest.raises(ReplayError, match="actions"):
        Replay.from_bytes(msgpack.packb(top))


@pytest.mark.parametrize("heroes", [[], ["core:aldric", "core:seraphine", "core:varek", "core:aldric"]])
def test_a_party_size_the_config_does_not_allow_is_a_replay_error(engine, heroes):
    rp = _with(_replay(engine, steps=0), heroes=heroes)
    rp = Replay.from_bytes(rp.to_bytes())
    with pytest.raises(ReplayError, match="party"):
        rp.play(engine)
    with pytest.raises(ReplayError):
        rp.verify(engine)


def test_an_enemy_hero_in_a_replay_is_a_replay_error(engine):
    enemy = next(iter(set(engine.catalog.hero_ids) - set(engine.catalog.player_heroes)))
    rp = _with(_replay(engine, steps=0), heroes=[enemy])
    with pytest.raises(ReplayError, match="setup"):
        rp.play(engine)


@pytest.mark.parametrize("data", [
    msgpack.packb(["eve.replay", 1, "v", "fp", 1, ["h"], "x", None, [1], 0, None, 1]) + b"\x00",
    msgpack.packb(["eve.replay", 1, ["v"], "fp", 1, ["h"], "x", None, [1], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "v", "fp", 1, [["h"]], "x", None, [1], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "v", "fp", 1, ["h"], "x", {}, [1], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "v", "fp", 1, ["h"], "x", None, [[]], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "v", "fp", 1.0, ["h"], "x", None, [1], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "v", "fp", 1, ["h"] * 17, "x", None, [1], 0, None, 1]),
    msgpack.packb(["eve.replay", 1, "v", "fp", 1, ["h"], "x", None, [1], 0, False, 1]),
    msgpack.packb(["eve.replay", 1, "v", "fp", 1, ["h"], "x", None, [1], 0, None]),
])
def test_trailing_bytes_containers_and_wrong_scalars_are_refused(data):
    with pytest.raises(ReplayError):
        Replay.from_bytes(data)


def _peak_bytes(f):
    import tracemalloc
    tracemalloc.start()
    try:
        f()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def test_hostile_nesting_of_empty_maps_costs_no_memory():
    # a 4 MiB replay of four arrays of a million empty maps each: decoded whole, 278 MiB
    inner = b"\xdd" + (1_000_000).to_bytes(4, "big") + b"\x80" * 1_000_000
    data = b"\x94" + inner * 4
    assert len(data) <= 4 * 1024 * 1024
    def load():
        with pytest.raises(ReplayError):
            Replay.from_bytes(data)
    assert _peak_bytes(load) < 1024 * 1024
    # the same inside a real replay's fields, where a list field is expected
    top = msgpack.packb(["eve.replay", 1, "v", "fp", 1, ["h"], "x", None, [], 0, None, 1])
    hostile = top[:top.index(b"\x91\xa1h")] + b"\x94" + inner * 4
    assert _peak_bytes(lambda: pytest.raises(ReplayError, Replay.from_bytes, hostile)) < 1024 * 1024


def test_load_reads_no_more_than_the_cap_of_a_big_file(tmp_path):
    from eve.replay import MAX_REPLAY_BYTES
    big = tmp_path / "big.evereplay"
    with open(big, "wb") as f:          # sparse: 64 MiB that take no disk
        f.truncate(64 * 1024 * 1024)
    def load():
        with pytest.raises(ReplayError, match="cap"):
            Replay.load(big)
    assert _peak_bytes(load) < 2 * MAX_REPLAY_BYTES + 1024 * 1024


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_load_refuses_a_device_without_reading_it_whole():
    with pytest.raises(ReplayError, match="cap"):
        Replay.load("/dev/zero")


def test_save_is_atomic(engine, tmp_path, monkeypatch):
    rp = _replay(engine, steps=4)
    f = tmp_path / "r.evereplay"
    rp.save(f)
    before = f.read_bytes()
    assert os.listdir(tmp_path) == ["r.evereplay"]

    def fail(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        _with(rp, rounds=rp.rounds + 1).save(f)
    assert f.read_bytes() == before                 # the old file whole, no temporary left
    assert os.listdir(tmp_path) == ["r.evereplay"]


def test_a_match_played_out_natively_still_replays(tmp_path):
    # the native playout records its decisions in a match that records its actions
    import eve
    from eve.core.playout import playout
    e = eve.Engine()
    m = e.new_match(seed=5)
    m.apply(m.legal_action_codes()[0])
    d = playout(m, 1, 10)
    assert d == 10 and len(m.actions) == 11 and Replay.of(m).mismatches(e) == []
    done = e.new_match(seed=6)
    playout(done, 3)
    rp = Replay.of(done)
    assert done.is_over and rp.mismatches(e) == [] and rp.outcome == done.outcome


@pytest.mark.parametrize("seed,cap", [(1.5, 10), (-1, 10), (2**64, 10), (True, 10), (1, -5),
                                      (1, 0), (1, "9")])
def test_playout_checks_its_arguments(seed, cap):
    import eve
    from eve.core.playout import playout
    m = eve.Engine().new_match(seed=1)
    before = m.state_hash()
    with pytest.raises(eve.errors.ParameterError):
        playout(m, seed, cap)
    assert m.state_hash() == before and len(m.actions) == 0
