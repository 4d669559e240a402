"""`eve run`, `eve simulate --runs` and `eve replay` of a run replay, on the tests' run content
(eve.cli._engine is pointed at it until the built-in content has acts); bad arguments end with
one line and exit 2."""
from __future__ import annotations

import json

import msgpack
import pytest
from run_files_support import run_engine

import eve
import eve.cli
from eve.cli import main


@pytest.fixture
def runs(monkeypatch):
    monkeypatch.setattr(eve.cli, "_engine", lambda packs=None: run_engine())


def test_run_tells_the_run_floor_by_floor(runs, capsys):
    assert main(["run", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "== Act 1: boss core:" in out and "(F fight, E elite" in out
    assert "act 1: travel to floor 1" in out and "fight: core:" in out
    assert ": won in round" in out or ": lost in round" in out
    assert "== WON" in out or "== LOST" in out
    if "== LOST" in out:
        assert " fell (floor " in out


def test_run_is_deterministic_and_policies_differ(runs, capsys):
    main(["run", "--seed", "7", "--policy", "random"])
    a = capsys.readouterr().out
    main(["run", "--seed", "7", "--policy", "random"])
    assert capsys.readouterr().out == a
    main(["run", "--seed", "7", "--policy", "greedy"])
    assert capsys.readouterr().out != a


def test_run_replay_saved_played_and_verified(runs, capsys, tmp_path):
    path = tmp_path / "deep" / "r.everun"
    assert main(["run", "--seed", "2", "--save-replay", str(path)]) == 0
    final = capsys.readouterr().out.split("final hash ")[1].split()[0].rstrip(";")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "OK run replay" in out and final in out and "[path  ]" in out
    assert main(["replay", "--verify", str(path)]) == 0
    top = msgpack.unpackb(path.read_bytes())
    top[7] ^= 1                                       # the final hash
    path.write_bytes(msgpack.packb(top))
    assert main(["replay", "--verify", str(path)]) == 1
    assert "MISMATCH" in capsys.readouterr().out
    path.write_bytes(b"\x9b\xadeve.runreplay")        # truncated
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("eve replay:") and len(err.strip().splitlines()) == 1


def test_simulate_runs(runs, capsys):
    assert main(["simulate", "--runs", "5", "--seed", "3"]) == 0
    cap = capsys.readouterr()
    assert "5 runs, policy greedy" in cap.out and "95% interval" in cap.out
    assert "mean floors climbed" in cap.out and "deaths by hero" in cap.out
    assert "runs" in cap.err                          # the progress bar
    assert main(["simulate", "--runs", "6", "--policy", "random", "--json", "--quiet"]) == 0
    cap = capsys.readouterr()
    s = json.loads(cap.out)
    assert s["runs"] == 6 and 0 <= s["win_rate_95"][0] <= s["win_rate"] <= s["win_rate_95"][1]
    assert sum(s["deaths_by_hero"].values()) == sum(s["deaths_by_floor"].values())
    assert cap.err == ""


@pytest.mark.parametrize("argv,words", [
    (["run", "--seed", "-1"], "outside"),
    (["run", "--seed", "x"], "not an integer"),
    (["run", "--policy", "mcts"], "invalid choice"),
    (["run", "--party", "core:nobody,core:aldric,core:varek"], "unknown hero"),
    (["run", "--party", "core:aldric"], "3 heroes"),
    (["run", "--party", "core:aldric,core:aldric,core:varek"], "twice"),
    (["run", "--packs", ","], "pack module"),
    (["run", "--save-replay", "/dev/null/x/r"], ""),
    (["simulate", "--runs", "0"], "outside"),
    (["simulate", "--runs", "3", "--workers", "300"], "outside"),
    (["simulate", "--runs", "3", "--encounter", "core:ash_warband"], "--encounter"),
    (["simulate", "--runs", "2", "--seed", str(2**64 - 1)], "2**64 - 1"),
])
def test_bad_arguments_one_line_exit_2(runs, capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and words in err


def test_packs_names_modules(capsys):
    assert main(["run", "--packs", "no_such_pack_module"]) == 2
    assert "cannot import the pack module 'no_such_pack_module'" in capsys.readouterr().err


@pytest.mark.skipif(eve.Engine().catalog.tables.has_run, reason="the built-in content has acts")
def test_content_without_acts_says_so(capsys):
    assert main(["run", "--seed", "1"]) == 2
    assert "no run" in capsys.readouterr().err


def test_without_a_party_the_policy_recruits_it(runs, capsys):
    """Rule U02: the party is the run's first choice. `eve run` and `eve simulate --runs`
    without a party leave it to the policy; a given party is kept."""
    main(["run", "--seed", "3", "--policy", "random"])
    out = capsys.readouterr().out
    assert "chosen by the policy" in out and out.count("party: recruit core:") == 3
    main(["run", "--seed", "3", "--policy", "random", "--party", "core:aldric,core:seraphine,core:varek"])
    out = capsys.readouterr().out
    assert "party: recruit" not in out and "party core:aldric, core:seraphine" in out
    assert main(["simulate", "--runs", "8", "--policy", "random", "--json", "--quiet"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["party"] is None and sum(s["deaths_by_hero"].values()) > 0
    heroes = {h for h in s["deaths_by_hero"]}
    assert len(heroes) > 3          # random recruits differ from run to run
