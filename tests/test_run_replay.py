"""Run replays (eve.replay.RunReplay): written from a run, read strictly, played and verified;
a tampered or foreign file is refused with a typed error."""
from __future__ import annotations

import msgpack
import pytest
from run_files_support import run_engine, walk

from eve.errors import ContentMismatch
from eve.replay import MAX_REPLAY_BYTES, Replay, ReplayError, RunReplay, load_any, read_any


def played(seed: int = 2, policy: str = "greedy", party_choice: bool = False):
    e = run_engine()
    steps = walk(e, seed, policy, party=None if party_choice else e.default_heroes())
    return [r for r, a in steps if a is None][0]


@pytest.mark.parametrize("party_choice", [False, True])
def test_round_trip_and_verify(tmp_path, party_choice):
    r = played(party_choice=party_choice)
    rp = RunReplay.of(r)
    assert rp.party is None if party_choice else rp.party == [h["id"] for h in r.party]
    assert (rp.outcome, rp.act, rp.floor, rp.final_hash) == (r.outcome, r.act, r.floor, r.state_hash())
    path = tmp_path / "a.everun"
    rp.save(path)
    back = RunReplay.load(path)
    assert back == rp and load_any(path) == rp and read_any(path.read_bytes()) == rp
    assert back.verify(run_engine()) and back.mismatches(run_engine()) == []
    assert back.play(run_engine()).state_hash() == r.state_hash()
    assert not list(tmp_path.glob(".*tmp"))      # the atomic write left no temporary file


def test_a_replay_of_a_run_in_progress():
    e = run_engine()
    r = e.new_run(4, party=e.default_heroes())
    for _ in range(12):
        if not r.is_over:
            r.apply(r.legal_action_codes()[0])
    rp = RunReplay.of(r)
    assert rp.outcome == r.outcome and rp.actions == r.actions and rp.verify(e)


def test_tampered_claims_are_refuted():
    rp = RunReplay.of(played())
    e = run_engine()
    fields = rp.__dict__
    for change, word in [({"final_hash": rp.final_hash ^ 1}, "final hash"),
                         ({"outcome": "win" if rp.outcome != "win" else "loss"}, "outcome"),
                         ({"floor": rp.floor + 1}, "floor"), ({"act": rp.act + 1}, "act")]:
        bad = RunReplay(**{**fields, **change})
        assert not bad.verify(e)
        assert any(word in m for m in bad.mismatches(e))


def test_tampered_actions_are_refused():
    rp = RunReplay.of(played())
    e = run_engine()
    acts = list(rp.actions)
    acts[0] = 0x0C000000            # leave: not legal on the first path choice
    with pytest.raises(ReplayError, match="action 0"):
        RunReplay(**{**rp.__dict__, "actions": acts}).play(e)
    with pytest.raises(ReplayError, match="setup"):
        RunReplay(**{**rp.__dict__, "party": ["core:aldric"]}).play(e)
    with pytest.raises(ContentMismatch):
        RunReplay(**{**rp.__dict__, "fingerprint": "0" * 16}).play(e)


def _bad(rp: RunReplay, i: int, value) -> bytes:
    top = msgpack.unpackb(rp.to_bytes())
    top[i] = value
    return msgpack.packb(top)


def test_strict_reading():
    rp = RunReplay.of(played())
    data = rp.to_bytes()
    for n in range(0, len(data), max(1, len(data) // 97)):
        with pytest.raises(ReplayError):
            RunReplay.from_bytes(data[:n])
    for i, value in [(0, "eve.replay"), (1, 2), (1, True), (4, True), (4, -1), (5, "aldric"),
                     (5, [1]), (6, [True]), (7, -1), (8, "timeout"), (8, 1), (9, 0),
                     (10, -1), (6, {"a": 1})]:
        with pytest.raises(ReplayError):
            RunReplay.from_bytes(_bad(rp, i, value))
    with pytest.raises(ReplayError, match="trailing"):
        RunReplay.from_bytes(data + b"\x00")
    with pytest.raises(ReplayError):
        RunReplay.from_bytes(b"\x00" * (MAX_REPLAY_BYTES + 1))
    with pytest.raises(ReplayError):
        RunReplay.from_bytes("text")        # type: ignore[arg-type]


def test_the_two_kinds_are_told_apart(tmp_path):
    e = run_engine()
    m = e.new_match(seed=3)
    while not m.is_over:
        m.apply(m.legal_action_codes()[0])
    match_bytes = Replay.of(m).to_bytes()
    run_bytes = RunReplay.of(played()).to_bytes()
    assert isinstance(read_any(match_bytes), Replay) and isinstance(read_any(run_bytes), RunReplay)
    with pytest.raises(ReplayError, match="run replay"):
        Replay.from_bytes(run_bytes)
    with pytest.raises(ReplayError, match="match replay"):
        RunReplay.from_bytes(match_bytes)
    (tmp_path / "m").write_bytes(match_bytes)
    with pytest.raises(ReplayError, match="match replay"):
        RunReplay.load(tmp_path / "m")


def test_only_a_new_run_has_a_replay():
    r = run_engine().restore_run(played().snapshot())
    with pytest.raises(ReplayError, match="new_run"):
        RunReplay.of(r)
