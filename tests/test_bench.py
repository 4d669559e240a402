"""`eve bench`: its figures, its clock (CPU seconds of the process), its pairs, its words."""
import json
import statistics

import pytest

import eve.bench
from eve.bench import (
    APPLY_PAIRS,
    MEASURES,
    format_bench,
    measure_apply,
    measure_clone,
    measure_playouts,
    paired_median,
    threads_figures,
)
from eve.cli import main


@pytest.fixture(scope="module")
def figures():
    """One short bench through the command line (its JSON), shared by the tests below."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["bench", "--json", "--seconds", "0.4"]) == 0
    return json.loads(out.getvalue())


def test_bench_json_keys(figures):
    f = figures
    for key in ("decisions_per_s", "matches_per_s"):
        assert f["playout"][key] > 0
    assert f["clone"]["native_us"] > 0 and f["apply"]["python_us"] > 0
    # every measure of the registry is in the figures, in its order, with the machine
    assert [k for k in f if k in dict(MEASURES)] == [k for k, _ in MEASURES]
    assert f["clock"] == "process CPU seconds"
    assert f["machine"]["cpus"] >= 1


def test_no_ratio_to_a_constant(figures):
    # a rate divided by a fixed number is not a comparison: only the target itself is kept
    assert "ratio_to_target" not in figures["playout"]
    assert "ratio_to_cpp_reference" not in figures["playout"]
    assert figures["playout"]["target_decisions_per_s"] == eve.bench.TARGET_DECISIONS_PER_S
    assert "x the 1,000,000 target" not in format_bench(figures)


def test_bench_json_has_mcts_and_snapshot_figures(figures):
    f = figures
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
    # the tree-only ratio, from the same run's native mid search; no unreachable 50x target
    assert pr["native_tree_overhead_us"] == f["mcts"]["mid"]["tree_overhead_us"]
    assert pr["tree_ratio"] == pytest.approx(pr["tree_us_per_iteration"] / pr["native_tree_overhead_us"])
    assert 0 < pr["tree_us_per_iteration"] < pr["us_per_iteration"]
    assert "target_ratio" not in pr
    assert f["snapshot"]["size_bytes"] > 0 and f["snapshot"]["encode_us"] > 0


def test_apply_ratio_is_the_median_of_interleaved_pairs(figures):
    # Match.apply from Python does the native apply and more, so each pair's ratio is above
    # 1; a ratio of two runs measured apart (0.93 once, under load) is what the pairs prevent
    a = figures["apply"]
    assert a["pairs"] == APPLY_PAIRS == len(a["pair_ratios"])
    assert a["python_over_native"] == statistics.median(a["pair_ratios"])
    assert min(a["pair_ratios"]) > 1.0
    assert "interleaved pairs" in format_bench(figures)


def test_threads_line_says_what_the_wall_clock_shows(figures):
    t = figures["mcts"]["threads"]
    assert t["cpu_ratio"] > 0 and len(t["cpu_pair_ratios"]) == len(t["pair_ratios"]) == 3
    text = format_bench(figures)
    assert "the cores that were free, not how the search scales" in text
    assert "per CPU second" in text and "rates per CPU second of this process" in text


class _Clock:
    """A CPU clock of the test's own: each reading is `step` seconds after the one before."""

    def __init__(self, step: float):
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def test_playout_rate_is_per_cpu_second(engine, monkeypatch):
    # four timed calls (one a seed), each 2 s of the fake CPU clock, whatever the wall clock
    # says: the rate is the decisions over those 8 s
    clock = _Clock(2.0)
    monkeypatch.setattr(eve.bench, "cpu_clock", clock)
    p = measure_playouts(engine, 0.01)
    assert p["cpu_s"] == pytest.approx(8.0)
    assert p["decisions_per_s"] == pytest.approx(p["decisions_per_match"] * p["matches_per_s"])
    assert p["decisions_per_s"] * 8.0 == pytest.approx(round(p["decisions_per_s"] * 8.0))


def test_clone_time_is_per_cpu_second(engine, monkeypatch):
    monkeypatch.setattr(eve.bench, "cpu_clock", _Clock(1.0))
    c = measure_clone(engine, 0.01)
    assert c["native_us"] == pytest.approx(1e6 / 2_000_000)
    assert c["python_us"] == pytest.approx(1e6 / 200_000)


def test_apply_pairs_alternate_and_come_from_the_timed_pieces(engine, monkeypatch):
    # each piece's CPU time given by the test: Python applies 3 s, its clones 1 s, a native
    # replay 2 s and its untimed check (reps=0, called after it) 1 s; so a Python apply costs
    # (3 - 1) / 20 reps and a native one (2 - 1) / 100 reps: 10x, in every pair
    order = []

    def timed(f):
        name = f.__qualname__
        order.append(name)
        f()
        if "applies_from_python" in name:
            return None, 3.0
        if "clones_only" in name:
            return None, 1.0
        replays = sum("replay_cpu" in q for q in order)
        return None, 2.0 if replays % 2 else 1.0

    monkeypatch.setattr(eve.bench, "cpu_timed", timed)
    a = measure_apply(engine, 0.01)
    assert a["pairs"] == APPLY_PAIRS and a["pair_ratios"] == pytest.approx([10.0] * APPLY_PAIRS)
    assert a["python_over_native"] == pytest.approx(10.0)
    # which half of a pair runs first alternates: native, Python, Python, native, native, ...
    halves = ["native" if "replay_cpu" in q else "python" for q in order if "clones_only" not in q]
    runs = [h for i, h in enumerate(halves) if i == 0 or h != halves[i - 1]]
    assert runs[:4] == ["native", "python", "native", "python"] and len(runs) == APPLY_PAIRS + 1


def test_paired_median():
    assert paired_median([(1.0, 2.0), (2.0, 2.0), (4.0, 2.0)]) == (1.0, [2.0, 1.0, 0.5])


def test_threads_figures_keep_both_clocks_apart():
    class R:
        def __init__(self, rate):
            self.iterations_per_s = rate

    # wall: 2 threads 1.5x, 1.2x, 1.0x; CPU: 0.9x, 1.0x, 0.95x
    pairs = [(R(100), 1000, R(150), 900), (R(100), 1000, R(120), 1000), (R(100), 1000, R(100), 950)]
    t = threads_figures(pairs)
    assert t["ratio"] == pytest.approx(1.2) and t["pair_ratios"] == pytest.approx([1.5, 1.2, 1.0])
    assert t["cpu_ratio"] == pytest.approx(0.95)
    assert "free cores" in t["ratio_clock"]


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
    # the peer comparison's figure: whole searches back to back, never a fraction of one; a
    # clock of our own (each search takes 10 ms of it), so a busy machine changes nothing
    from eve.bench import _searches_per_s
    now = [0.0]
    calls = []

    def search():
        calls.append(1)
        now[0] += 0.01

    its = _searches_per_s(search, 500, 0.0, clock=lambda: now[0])
    assert len(calls) == 2 and its == 2 * 500 / 0.02
    calls.clear()
    its = _searches_per_s(search, 500, 0.05, clock=lambda: now[0])
    assert len(calls) in (5, 6)                   # until 50 ms have passed, whole searches
    assert its == pytest.approx(500 / 0.01)


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


def test_python_reference_times_its_rollouts_inside_the_search(engine):
    from eve.bench import _find_python_reference, python_reference_figures
    ref = _find_python_reference()
    assert ref is not None
    r = ref.measure(engine.new_match(seed=1), seconds=0.0)
    assert r["iterations"] == 20 and 0 < r["rollout_s"] < r["elapsed_s"]
    fig = python_reference_figures({"iterations": 100, "elapsed_s": 0.01, "rollout_s": 0.004},
                                   native_rollout_us=20.0, native_iterations_per_s=40_000.0,
                                   native_tree_us=1.5)
    assert fig["us_per_iteration"] == pytest.approx(100.0)
    assert fig["tree_us_per_iteration"] == pytest.approx(60.0)     # 100 us minus 40 of rollouts
    assert fig["tree_ratio"] == pytest.approx(40.0)                # over the native 1.5 us
    assert fig["ceiling_ratio"] == pytest.approx(5.0) and fig["ratio"] == pytest.approx(4.0)
    # timed by the CPU clock too: the whole-search rates are per CPU second
    fig = python_reference_figures({"iterations": 100, "elapsed_s": 0.01, "rollout_s": 0.004,
                                    "cpu_s": 0.005}, native_rollout_us=20.0,
                                   native_iterations_per_s=40_000.0, native_tree_us=1.5)
    assert fig["iterations_per_s"] == pytest.approx(20_000.0) and fig["ratio"] == pytest.approx(2.0)


def test_the_runs_row_measures_each_native_run_policy_per_cpu_second():
    import eve
    from eve.bench import format_runs, measure_runs

    r = measure_runs(eve.Engine(), 0.2)
    for policy in ("random", "greedy"):
        p = r[policy]
        assert p["runs"] >= 50 and p["cpu_s"] > 0
        assert p["decisions_per_s"] == pytest.approx(p["runs_per_s"] * p["decisions_per_run"])
        assert p["floors_per_run"] >= 1
    assert r["greedy"]["decisions_per_run"] > r["random"]["decisions_per_run"]
    assert 0 < r["clone_ns"] < 10_000 and r["restore_us"] > 0
    text = "\n".join(format_runs({"runs": r}))
    assert "native runs, random" in text and "native runs, greedy" in text and "restore" in text
