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
