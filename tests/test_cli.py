"""The `eve` command line."""
import json
import subprocess
import sys
import time

import pytest

from eve.cli import main


def test_simulate_json(capsys):
    assert main(["simulate", "--games", "20", "--seed", "3", "--policy", "random", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 20 == sum(v["games"] for v in out["encounters"].values())
    assert out["wins"] + out["losses"] == out["games"]
    assert out["decisions_per_s"] > 0 and out["mean_rounds"] >= 1


def test_simulate_is_deterministic(capsys):
    main(["simulate", "--games", "10", "--seed", "9", "--json", "--quiet"])
    a = json.loads(capsys.readouterr().out)
    main(["simulate", "--games", "10", "--seed", "9", "--json", "--quiet"])
    b = json.loads(capsys.readouterr().out)
    assert a["encounters"] == b["encounters"]


def test_simulate_text_and_progress(capsys):
    assert main(["simulate", "--games", "5", "--policy", "greedy"]) == 0
    cap = capsys.readouterr()
    assert "wins" in cap.out and "decisions/s" in cap.out
    assert "matches" in cap.err          # the progress bar


def test_bench_json_keys(capsys):
    assert main(["bench", "--json", "--seconds", "0.4"]) == 0
    f = json.loads(capsys.readouterr().out)
    for key in ("decisions_per_s", "matches_per_s"):
        assert f["playout"][key] > 0
    assert f["clone"]["native_us"] > 0 and f["apply"]["python_us"] > 0


def test_console_script_runs():
    r = subprocess.run([sys.executable, "-m", "eve.cli", "simulate", "--games", "2", "--quiet"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "wins" in r.stdout


def test_bad_games_count_is_refused(capsys):
    assert main(["simulate", "--games", "0"]) == 2


def test_bench_json_has_mcts_and_snapshot_figures(capsys):
    assert main(["bench", "--json", "--seconds", "0.4"]) == 0
    f = json.loads(capsys.readouterr().out)
    for pos in ("early", "mid", "late"):
        assert f["mcts"][pos]["iterations_per_s"] > 0
        assert f["mcts"][pos]["tree_overhead_us"] > 0
    mid = f["mcts"]["mid"]       # three runs of the same search: the best overhead is reported
    assert mid["runs"] == 3 and mid["tree_overhead_us"] == min(mid["tree_overhead_us_runs"])
    assert f["mcts"]["threads"]["two_iterations_per_s"] > 0
    by_budget = f["mcts"]["mid_by_budget"]     # the tree overhead at fixed search sizes
    assert [int(b) for b in by_budget] == [1000, 5000, 25000] and min(by_budget.values()) > 0
    ca = f["mcts"]["cache"]     # kept states against replaying every path, same position
    assert ca["replayed_tree_decisions_per_iteration"] > ca["tree_decisions_per_iteration"] > 0
    pr = f["mcts"]["python_reference"]
    assert pr["iterations_per_s"] > 0 and pr["ceiling_ratio"] > 0 and pr["ratio"] > 0
    assert f["snapshot"]["size_bytes"] > 0 and f["snapshot"]["encode_us"] > 0


def test_bench_peers_without_openspiel_says_how_to_get_it(engine, monkeypatch):
    import builtins

    from eve.bench import bench_peers
    real_import = builtins.__import__

    def no_pyspiel(name, *a, **k):
        if name == "pyspiel":
            raise ImportError("no pyspiel")
        return real_import(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_pyspiel)
    out = bench_peers(engine, 0.1, {})
    assert "bench" in out["error"] and "open_spiel" in out["error"]


def test_peer_positions_are_fixed_and_offer_a_choice():
    # OpenSpiel's MCTS returns at once from a forced move, which read as millions of
    # iterations/s when the crazy_eights position depended on a timed loop's draws.
    pyspiel = pytest.importorskip("pyspiel")
    from eve.bench import peer_position
    for name in ("hearts", "crazy_eights"):
        g = pyspiel.load_game(name)
        a, b = peer_position(g, name), peer_position(g, name)
        assert str(a) == str(b)
        assert not a.is_terminal() and not a.is_chance_node() and len(a.legal_actions()) > 1


def test_searches_per_s_runs_whole_searches_and_at_least_two():
    # the peer comparison's figure: whole searches back to back, never a fraction of one
    from eve.bench import _searches_per_s
    calls = []
    its = _searches_per_s(lambda: calls.append(1), 500, 0.0)
    assert len(calls) == 2 and its > 0
    calls.clear()
    its = _searches_per_s(lambda: (calls.append(1), time.sleep(0.01)), 500, 0.05)
    assert len(calls) >= 5
    assert its <= len(calls) * 500 / (len(calls) * 0.01)      # each search took at least 10 ms


def test_bench_peers_compares_at_one_budget(engine):
    # eve's figure beside OpenSpiel's comes from searches of the peers' own size
    pytest.importorskip("pyspiel")
    from eve.bench import PEER_SIMULATIONS, bench_peers
    out = bench_peers(engine, 0.2, {"playout": {"decisions_per_s": 1.0}})
    assert out["simulations_per_search"] == PEER_SIMULATIONS
    assert out["eve"]["mcts_mid_iterations_per_s"] > 0
    for g in ("hearts", "crazy_eights"):
        assert out["ratios"][f"eve_mcts_over_{g}"] == pytest.approx(
            out["eve"]["mcts_mid_iterations_per_s"] / out[g]["mcts_iterations_per_s"])
