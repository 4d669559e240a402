"""`eve bench`: native playout speed, clone time, the cost of `apply` from Python, snapshots
and the search.

Every rate is per CPU second of this process (`time.process_time`), not per second of the wall
clock: on a shared machine the wall clock also counts the time a neighbour holds the core (the
same playouts read 1.52 M and 3.36 M decisions/s a minute apart). The native loops run in the
calling thread with the GIL released and no other thread working, so the process's CPU time is
theirs. Two figures are not CPU rates, and say so where printed: the search's tree overhead (a
split of the search's own wall clock, the best of three runs) and the threads ratio (wall clock:
what a second thread gives here and now, which on a shared machine shows the cores that were
free, not how the search scales).

Figures that are compared with each other are measured in interleaved pairs in the same run
(Python's `apply` against the native one), so that a neighbour moves both halves of a pair.

Each measure is a function of (engine, seconds) returning its figures, listed in MEASURES with
its formatter in FORMATS: a new measure is one function of each and one line in each list.
"""
from __future__ import annotations

import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

TARGET_DECISIONS_PER_S = 1_000_000
TARGET_CLONE_US = 0.5
TARGET_APPLY_US = 2.0
BENCH_SEEDS = (1, 2, 3, 4)
TARGET_MCTS_ITERATIONS_PER_S = 20_000
TARGET_TREE_OVERHEAD_US = 1.0
TARGET_THREADS_RATIO = 1.7
BUDGETS = (1_000, 5_000, 25_000)       # search sizes at which the tree overhead is also measured
APPLY_PAIRS = 9                        # interleaved pairs of Python and native applies

cpu_clock = time.process_time          # the clock of every rate here (see the module's doc)


def cpu_timed(f: Callable[[], Any]) -> tuple[Any, float]:
    """f's result and the CPU seconds it took this process."""
    t0 = cpu_clock()
    r = f()
    return r, cpu_clock() - t0


def paired_median(pairs: list[tuple[float, float]]) -> tuple[float, list[float]]:
    """The median of the pairs' ratios b / a, and the ratios in pair order."""
    ratios = [b / a for a, b in pairs]
    return statistics.median(ratios), ratios


def _recorded_match(engine, seed: int):
    """A start position and a legal action sequence to its end, from a fixed seed."""
    start = engine.new_match(seed=seed)
    m = start.clone()
    rng = random.Random(seed)
    codes = []
    while not m.is_over:
        c = rng.choice(m.legal_action_codes())
        m.apply(c)
        codes.append(c)
    return start, codes


def tree_overhead_us(result) -> float:
    """A search's tree overhead: everything but the rollouts (copy, re-sampling, selection,
    expansion, the game steps along the tree path, backpropagation), µs an iteration, by the
    search's own wall clock."""
    return (result.elapsed - result.details["rollout_s"]) / result.iterations * 1e6


def _positions(engine) -> dict[str, Any]:
    """Early, mid and late positions of a fixed-seed match (early: its first decision)."""
    start, codes = _recorded_match(engine, 1)
    out = {}
    for name, frac in (("early", 0.0), ("mid", 0.5), ("late", 0.8)):
        m = start.clone()
        for c in codes[: int(len(codes) * frac)]:
            m.apply(c)
        out[name] = m
    return out


# ---------------------------------------------------------------- the core's measures

def measure_playouts(engine, seconds: float) -> dict[str, Any]:
    """Native random playouts from the opening positions of BENCH_SEEDS."""
    from eve.core.testkit import bench_playouts

    per = max(0.2, seconds / len(BENCH_SEEDS))
    games = decisions = 0
    cpu = 0.0
    for s in BENCH_SEEDS:
        start = engine.new_match(seed=s)
        t0 = cpu_clock()
        g, d, _ = bench_playouts(start, per, seed=s)
        el = cpu_clock() - t0
        games += g
        decisions += d
        cpu += el
    return {"decisions_per_s": decisions / cpu, "matches_per_s": games / cpu,
            "decisions_per_match": decisions / max(1, games), "cpu_s": cpu,
            "target_decisions_per_s": TARGET_DECISIONS_PER_S}


def measure_runs(engine, seconds: float) -> dict[str, Any]:
    """Whole runs played natively (eve.core.playout.run_runs) by each native run policy, in
    batches of seeds until about `seconds / 2` CPU seconds a policy; with a run's block copy
    in C and a run snapshot and restore at a path choice."""
    from eve.core.playout import POLICIES, run_runs
    from eve.core.testkit import bench_run_clone

    if not engine.catalog.tables.has_run:
        return {}
    content = engine.catalog.tables
    out: dict[str, Any] = {}
    for policy in POLICIES:
        runs = decisions = floors = 0
        cpu = 0.0
        batch, seed = 50, 0
        while cpu < max(0.2, seconds / 2):
            seeds, name = range(seed, seed + batch), policy
            res, el = cpu_timed(lambda: run_runs(content, seeds, policy=name))  # noqa: B023
            seed += batch
            cpu += el
            runs += len(res)
            decisions += sum(r[2] for r in res)
            floors += sum(r[1] for r in res)
        out[policy] = {"runs_per_s": runs / cpu, "decisions_per_s": decisions / cpu,
                       "decisions_per_run": decisions / runs, "floors_per_run": floors / runs,
                       "runs": runs, "cpu_s": cpu}
    run = engine.new_run(1, party=engine.default_heroes()[:content.run_config["party"]])
    n = 3_000_000
    _, native = cpu_timed(lambda: bench_run_clone(run, n))
    m = 20_000
    data = run.snapshot()
    _, snap = cpu_timed(lambda: [run.snapshot() for _ in range(m)])
    _, restore = cpu_timed(lambda: [engine.restore_run(data) for _ in range(m)])
    out["clone_ns"] = native / n * 1e9
    out["snapshot_us"] = snap / m * 1e6
    out["restore_us"] = restore / m * 1e6
    return out


def measure_clone(engine, seconds: float) -> dict[str, Any]:
    """A state's copy in C, and Match.clone() from Python (the Python object included)."""
    from eve.core.testkit import bench_clone

    mid = engine.new_match(seed=1)
    n = 2_000_000
    _, native = cpu_timed(lambda: bench_clone(mid, n))
    m = 200_000

    def clones():
        for _ in range(m):
            mid.clone()

    _, python = cpu_timed(clones)
    return {"native_us": native / n * 1e6, "python_us": python / m * 1e6,
            "target_us": TARGET_CLONE_US}


def measure_apply(engine, seconds: float) -> dict[str, Any]:
    """One `Match.apply` from Python against the same actions applied natively, in APPLY_PAIRS
    interleaved pairs (each over the recorded matches of BENCH_SEEDS; the order alternates), so
    that `python_over_native` is the median of ratios whose halves shared the machine."""
    from eve.core.testkit import bench_replay

    recorded = [_recorded_match(engine, s) for s in BENCH_SEEDS]
    applies = sum(len(codes) for _, codes in recorded)
    py_reps, native_reps = 20, 100

    def python_run() -> float:
        cpu = 0.0
        for start, codes in recorded:
            def applies_from_python(start=start, codes=codes):
                for _ in range(py_reps):
                    m = start.clone()
                    for c in codes:
                        m.apply(c)

            def clones_only(start=start):        # the clone a rep is not an apply
                for _ in range(py_reps):
                    start.clone()
            cpu += cpu_timed(applies_from_python)[1] - cpu_timed(clones_only)[1]
        return cpu / (py_reps * applies)

    def replay_cpu(start, codes, reps: int) -> float:
        return cpu_timed(lambda: bench_replay(start, codes, reps))[1]

    def native_run() -> float:
        # bench_replay checks the codes once before its timed reps: that pass is timed alone
        # (reps=0) and taken off
        cpu = sum(replay_cpu(start, codes, native_reps) - replay_cpu(start, codes, 0)
                  for start, codes in recorded)
        return cpu / (native_reps * applies)

    pairs = []
    for k in range(APPLY_PAIRS):
        if k % 2 == 0:
            native = native_run()
            pairs.append((native, python_run()))
        else:
            python = python_run()
            pairs.append((native_run(), python))
    ratio, ratios = paired_median(pairs)
    return {"python_us": statistics.median(p for _, p in pairs) * 1e6,
            "native_us": statistics.median(n for n, _ in pairs) * 1e6,
            "python_over_native": ratio, "pair_ratios": ratios, "pairs": len(pairs),
            "target_us": TARGET_APPLY_US}


TARGET_ENCODE_US = 5.0
TARGET_DECODE_US = 10.0
TARGET_SNAPSHOT_BYTES = 2048


def measure_snapshot(engine, seconds: float) -> dict[str, Any]:
    """Snapshot encode/decode of a mid-match position, next to msgpack-python doing the same
    layout from Python lists (the generic way) in the same run."""
    import msgpack

    start, codes = _recorded_match(engine, 1)
    mid = start.clone()
    for c in codes[: len(codes) // 2]:
        mid.apply(c)
    data = mid.snapshot()

    def per_call(f, n):
        def calls():
            for _ in range(n):
                f()
        return cpu_timed(calls)[1] / n

    n = 20_000
    enc = min(per_call(mid.snapshot, n) for _ in range(3))
    dec = min(per_call(lambda: engine.restore(data), n) for _ in range(3))
    layout = msgpack.unpackb(data)
    ref_enc = min(per_call(lambda: msgpack.packb(layout), n // 4) for _ in range(3))
    ref_dec = min(per_call(lambda: msgpack.unpackb(data), n // 4) for _ in range(3))
    return {"size_bytes": len(data), "encode_us": enc * 1e6, "decode_us": dec * 1e6,
            "target_encode_us": TARGET_ENCODE_US, "target_decode_us": TARGET_DECODE_US,
            "target_size_bytes": TARGET_SNAPSHOT_BYTES,
            "msgpack_python_encode_us": ref_enc * 1e6, "msgpack_python_decode_us": ref_dec * 1e6}


# ---------------------------------------------------------------- the search's measures

def _find_python_reference():
    import importlib.util
    from pathlib import Path

    # src/eve/bench.py: the checkout's root is two levels up
    for base in (Path.cwd(), Path(__file__).resolve().parents[2]):
        f = base / "benchmarks" / "python_mcts.py"
        if f.exists():
            spec = importlib.util.spec_from_file_location("eve_python_mcts", f)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            return mod
    return None


def _search(m, iterations: int, seed: int, **kw):
    """A search with full rollouts, and its iterations per CPU second of this process."""
    from eve.search import mcts

    r, cpu = cpu_timed(lambda: mcts(m, iterations=iterations, seed=seed, max_depth=0,
                                    reward="win", **kw))
    return r, r.iterations / cpu


def _search_position(m, per: float, runs: int) -> dict[str, Any]:
    """The same search `runs` times at a position: the median of its iterations per CPU
    second, and the best tree overhead (a neighbour only ever adds to a run's time)."""
    _, probe = _search(m, 200, 1)
    n = max(200, int(probe * per))
    done = [_search(m, n, 1) for _ in range(runs)]
    r = min((x for x, _ in done), key=tree_overhead_us)
    d = r.details
    out = {"iterations_per_s": statistics.median(rate for _, rate in done),
           "runs": runs,
           "tree_overhead_us_runs": [tree_overhead_us(x) for x, _ in done],
           "iterations": r.iterations,
           "rollout_decisions_per_iteration": d["rollout_decisions"] / r.iterations,
           "tree_decisions_per_iteration": d["tree_decisions"] / r.iterations,
           "tree_overhead_us": tree_overhead_us(r),
           "rollout_us_per_iteration": d["rollout_s"] / r.iterations * 1e6,
           "round": m.round}
    # of that overhead, the game steps along the tree path cost what a rollout step costs;
    # the rest is the search's own bookkeeping (copy, re-sampling, UCB, expansion, backup)
    step_us = d["rollout_s"] / max(1, d["rollout_decisions"]) * 1e6
    out["tree_bookkeeping_us"] = max(
        0.0, out["tree_overhead_us"] - out["tree_decisions_per_iteration"] * step_us)
    return out


def _search_cache(mid, n: int) -> dict[str, Any]:
    """The kept-state cache against replaying every tree path from the root, same search."""
    kept, _ = _search(mid, n, 3)
    replayed, _ = _search(mid, n, 3, cache_states=1)
    return {"tree_overhead_us": tree_overhead_us(kept),
            "tree_decisions_per_iteration": kept.details["tree_decisions"] / kept.iterations,
            "replayed_tree_overhead_us": tree_overhead_us(replayed),
            "replayed_tree_decisions_per_iteration":
                replayed.details["tree_decisions"] / replayed.iterations,
            "overhead_ratio": tree_overhead_us(replayed) / tree_overhead_us(kept),
            "iterations": n}


def threads_figures(pairs: list[tuple[Any, float, Any, float]]) -> dict[str, Any]:
    """One thread against two on the same search, from interleaved pairs of (one-thread
    result, its iterations per CPU second, two-thread result, its rate): `ratio` is the wall
    clock's (what the second thread gave while the pair ran: on a shared machine, the cores
    that were free, not how the search scales), `cpu_ratio` the CPU second's (the work a CPU
    second does on two threads over one: the threads' own cost, whatever the load)."""
    wall, wall_ratios = paired_median([(one.iterations_per_s, two.iterations_per_s)
                                       for one, _, two, _ in pairs])
    cpu, cpu_ratios = paired_median([(a, b) for _, a, _, b in pairs])
    return {"one_iterations_per_s": statistics.median(one.iterations_per_s for one, _, _, _ in pairs),
            "two_iterations_per_s": statistics.median(two.iterations_per_s for _, _, two, _ in pairs),
            "ratio": wall, "pair_ratios": wall_ratios,
            "cpu_ratio": cpu, "cpu_pair_ratios": cpu_ratios,
            "ratio_clock": "wall: free cores on a shared machine, not scaling",
            "target_ratio": TARGET_THREADS_RATIO}


def measure_mcts(engine, seconds: float) -> dict[str, Any]:
    """MCTS (full rollouts) at three positions, the mid one three times; its tree overhead at
    fixed budgets; kept states against replayed paths; one thread against two; the plain-Python
    reference search."""
    pos = _positions(engine)
    mid = pos["mid"]
    per = max(0.3, seconds / 4)
    out: dict[str, Any] = {"target_iterations_per_s": TARGET_MCTS_ITERATIONS_PER_S,
                           "target_tree_overhead_us": TARGET_TREE_OVERHEAD_US}
    for name, m in pos.items():
        out[name] = _search_position(m, per, 3 if name == "mid" else 1)
    # The tree overhead grows with the tree (more levels to descend, more of it out of the
    # cache), so it is also measured at fixed budgets: 1,000 iterations is a playing budget
    # (BENCHMARKS.md's strength table). Best of three.
    out["mid_by_budget"] = {
        str(budget): min(tree_overhead_us(_search(mid, budget, 1)[0]) for _ in range(3))
        for budget in BUDGETS}
    n = max(400, int(out["mid"]["iterations_per_s"] * per))
    out["cache"] = _search_cache(mid, n)
    pairs = []
    for k in range(3):
        one, one_cpu = _search(mid, n, 2 + k, threads=1)
        two, two_cpu = _search(mid, n, 2 + k, threads=2)
        pairs.append((one, one_cpu, two, two_cpu))
    out["threads"] = threads_figures(pairs)
    ref = _find_python_reference()
    if ref is not None:
        py, cpu = cpu_timed(lambda: ref.measure(mid, seconds=per))
        out["python_reference"] = python_reference_figures(
            {**py, "cpu_s": cpu}, out["mid"]["rollout_us_per_iteration"],
            out["mid"]["iterations_per_s"], out["mid"]["tree_overhead_us"])
    return out


def python_reference_figures(py: dict[str, float], native_rollout_us: float,
                             native_iterations_per_s: float, native_tree_us: float) -> dict[str, Any]:
    """The plain-Python search (benchmarks/python_mcts.py) beside the native one, same run.

    Both searches run their rollouts natively (the Python one through Match.apply), so the
    whole-search ratio is bounded by `ceiling_ratio` (a Python iteration over the native
    rollouts alone). The figure that compares the two trees is `tree_ratio`: the Python
    search's tree cost (its time minus its rollouts' time, an iteration) over the native tree
    overhead (the same split, measured in the same run)."""
    its = py["iterations"]
    us = py["elapsed_s"] / its * 1e6
    tree_us = (py["elapsed_s"] - py["rollout_s"]) / its * 1e6
    # the whole-search rate per CPU second when it was timed so (`cpu_s`), as the native one is
    cpu_s = py.get("cpu_s", py["elapsed_s"])
    return {"iterations_per_s": its / cpu_s,
            "us_per_iteration": us,
            "tree_us_per_iteration": tree_us,
            "rollout_us_per_iteration": py["rollout_s"] / its * 1e6,
            "native_rollout_us_per_iteration": native_rollout_us,
            "native_tree_overhead_us": native_tree_us,
            "tree_ratio": tree_us / native_tree_us,
            "ceiling_ratio": us / native_rollout_us,
            "ratio": native_iterations_per_s * cpu_s / its,
            "source": "benchmarks/python_mcts.py"}


# ---------------------------------------------------------------- peers (--peers)

def peer_position(game, name: str, min_steps: int = 30):
    """A fixed mid-game position of an OpenSpiel game, from its own seeded stream (not one that
    a timed loop has drawn from a varying number of times): at least `min_steps` moves in, on a
    decision with more than one legal action, since OpenSpiel's MCTS returns at once from a
    forced move (which once read as 21 million iterations/s)."""
    rng = random.Random(f"eve-bench-{name}")
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal() and (steps < min_steps or s.is_chance_node()
                                   or len(s.legal_actions()) < 2):
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        steps += 1
    if s.is_terminal():
        raise RuntimeError(f"OpenSpiel {name}: no position with a choice after {min_steps} moves")
    return s


# The budget of every search in the peer comparison, OpenSpiel's and eve's alike.
PEER_SIMULATIONS = 2000


def _searches_per_s(search, iterations: int, seconds: float,
                    clock: Callable[[], float] = cpu_clock) -> float:
    """Iterations per CPU second (by `clock`) of back-to-back searches of `iterations` each,
    over at least `seconds` of it (and at least two searches)."""
    n = 0
    t0 = clock()
    while n < 2 or clock() - t0 < seconds:
        search()
        n += 1
    return n * iterations / (clock() - t0)


def bench_peers(engine, seconds: float, eve_figures: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel (the optional `bench` extra) in the same run: its C++ MCTS iterations/s and
    random-playout steps/s on hearts and crazy_eights, beside eve's."""
    try:
        import pyspiel
    except ImportError:
        return {"error": "OpenSpiel is not installed: pip install 'eve-engine[bench]' (or open_spiel)"}
    rng = random.Random(0)
    out: dict[str, Any] = {"openspiel_version": getattr(pyspiel, "__version__", "unknown"),
                           "simulations_per_search": PEER_SIMULATIONS}
    for name in ("hearts", "crazy_eights"):
        g = pyspiel.load_game(name)
        s = peer_position(g, name)
        bot = pyspiel.MCTSBot(g, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, PEER_SIMULATIONS, 1000,
                              False, 1, False)
        its = _searches_per_s(lambda bot=bot, s=s: bot.step(s), PEER_SIMULATIONS, seconds / 8)
        # random playouts through OpenSpiel's Python bindings (it has no native playout loop to call)
        n = 0
        t0 = cpu_clock()
        while cpu_clock() - t0 < seconds / 4:
            t = g.new_initial_state()
            while not t.is_terminal():
                if t.is_chance_node():
                    t.apply_action(rng.choice(t.chance_outcomes())[0])
                else:
                    t.apply_action(rng.choice(t.legal_actions()))
                n += 1
        out[name] = {"mcts_iterations_per_s": its,
                     "python_playout_steps_per_s": n / (cpu_clock() - t0)}
    # eve's own Python-loop playout, for the like-for-like ratio
    m0 = engine.new_match(seed=1)
    n = 0
    t0 = cpu_clock()
    while cpu_clock() - t0 < seconds / 4:
        m = m0.clone()
        while not m.is_over:
            m.apply(rng.choice(m.legal_action_codes()))
            n += 1
    eve_py = n / (cpu_clock() - t0)
    from eve.search import mcts

    # eve's mid position searched at the peers' budget, so that both trees are the same size:
    # a bigger tree costs more an iteration (memory), so the bench's own, longer mid search
    # would not be a like-for-like comparison
    mid = _positions(engine)["mid"]
    eve_mcts = _searches_per_s(
        lambda: mcts(mid, iterations=PEER_SIMULATIONS, seed=1, max_depth=0, reward="win"),
        PEER_SIMULATIONS, seconds / 4)
    eve_native = eve_figures["playout"]["decisions_per_s"]
    out["eve"] = {"mcts_mid_iterations_per_s": eve_mcts,          # at PEER_SIMULATIONS a search
                  "python_playout_steps_per_s": eve_py,
                  "native_playout_decisions_per_s": eve_native}
    out["ratios"] = {f"eve_mcts_over_{g}": eve_mcts / out[g]["mcts_iterations_per_s"]
                     for g in ("hearts", "crazy_eights")}
    out["ratios"].update({f"eve_python_playout_over_{g}": eve_py / out[g]["python_playout_steps_per_s"]
                          for g in ("hearts", "crazy_eights")})
    return out




# ---------------------------------------------------------------- the whole bench

def _machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {"python": platform.python_version(), "platform": platform.platform(),
            "processor": platform.machine(), "cpus": os.cpu_count(),
            "load_average_1min": load[0] if load else None}


# Each measure: (its key in the figures, a function of (engine, seconds) returning its figures).
# Playouts come first: Ctrl-C is taken between their batches (and the runs' batches).
MEASURES: list[tuple[str, Callable[[Any, float], dict[str, Any]]]] = [
    ("playout", measure_playouts),
    ("runs", measure_runs),
    ("clone", measure_clone),
    ("apply", measure_apply),
    ("snapshot", measure_snapshot),
    ("mcts", measure_mcts),
]


def run_bench(seconds: float = 3.0, peers: bool = False) -> dict[str, Any]:
    from eve import Engine
    from eve.core.testkit import STATE_BYTES

    engine = Engine()
    figures: dict[str, Any] = {"machine": _machine(), "state_bytes": STATE_BYTES,
                               "clock": "process CPU seconds"}
    for key, measure in MEASURES:
        figures[key] = measure(engine, seconds)
    figures["machine"]["load_average_1min_after"] = _machine()["load_average_1min"]
    if peers:
        figures["peers"] = bench_peers(engine, seconds, figures)
    return figures


def format_playout(f: dict[str, Any]) -> list[str]:
    p = f["playout"]
    return [f"native random playouts : {p['decisions_per_s']:>12,.0f} decisions per CPU second  "
            f"(target {p['target_decisions_per_s']:,})",
            f"                         {p['matches_per_s']:>12,.0f} matches per CPU second  "
            f"({p['decisions_per_match']:.1f} decisions a match)"]


def format_runs(f: dict[str, Any]) -> list[str]:
    r = f["runs"]
    if not r:
        return ["whole runs             : this content has no run"]
    lines = []
    for policy in ("random", "greedy"):
        p = r[policy]
        lines.append(f"native runs, {policy:<9} : {p['decisions_per_s']:>12,.0f} decisions per CPU "
                     f"second  {p['runs_per_s']:>9,.0f} runs per CPU second  "
                     f"({p['decisions_per_run']:.1f} decisions, {p['floors_per_run']:.1f} floors "
                     f"a run)")
    lines.append(f"run state              : {r['clone_ns']:>12.1f} ns a copy in C   snapshot "
                 f"{r['snapshot_us']:.2f} us   restore {r['restore_us']:.2f} us (at a path choice)")
    return lines


def format_clone(f: dict[str, Any]) -> list[str]:
    c = f["clone"]
    return [f"clone                  : {c['native_us'] * 1000:>12.1f} ns native   "
            f"{c['python_us'] * 1000:8.1f} ns as Match.clone()  (target < {c['target_us']} us)"]


def format_apply(f: dict[str, Any]) -> list[str]:
    a = f["apply"]
    return [f"apply                  : {a['python_us']:>12.3f} us from Python  {a['native_us']:.3f} us "
            f"native  (target < {a['target_us']} us); Python over native {a['python_over_native']:.2f}x, "
            f"the median of {a['pairs']} interleaved pairs "
            f"({min(a['pair_ratios']):.2f}-{max(a['pair_ratios']):.2f})"]


def format_snapshot(f: dict[str, Any]) -> list[str]:
    sn = f["snapshot"]
    return [f"snapshot (mid-match)   : {sn['encode_us']:>12.2f} us encode  {sn['decode_us']:.2f} us decode (checked)"
            f"  {sn['size_bytes']} bytes  (targets {sn['target_encode_us']:.0f} / {sn['target_decode_us']:.0f} us,"
            f" {sn['target_size_bytes']} bytes)",
            f"                         msgpack-python on the same layout: {sn['msgpack_python_encode_us']:.2f} us encode,"
            f" {sn['msgpack_python_decode_us']:.2f} us decode (unchecked)"]


def format_mcts(f: dict[str, Any]) -> list[str]:
    mc = f["mcts"]
    lines = []
    for name in ("early", "mid", "late"):
        x = mc[name]
        lines.append(f"MCTS {name:5s} (round {x['round']:2d})  : {x['iterations_per_s']:>12,.0f} iterations per CPU s  "
                     f"tree overhead {x['tree_overhead_us']:.2f} us/iteration "
                     + (f"[best of {x['runs']}: {', '.join(f'{u:.2f}' for u in x['tree_overhead_us_runs'])}] "
                        if x["runs"] > 1 else "")
                     + f"({x['tree_bookkeeping_us']:.2f} us bookkeeping), "
                     f"{x['rollout_decisions_per_iteration']:.1f} rollout decisions/iteration"
                     + ("  (target 20,000/s)" if name == "mid" else ""))
    lines.append("MCTS mid by budget     : tree overhead " + ", ".join(
        f"{us:.2f} us at {int(b):,}" for b, us in mc["mid_by_budget"].items())
        + " iterations (best of three each)")
    ca = mc["cache"]
    lines.append(f"MCTS kept states (mid) : tree overhead {ca['tree_overhead_us']:.2f} us "
                 f"({ca['tree_decisions_per_iteration']:.2f} game steps/iteration) vs "
                 f"{ca['replayed_tree_overhead_us']:.2f} us replaying every path from the root "
                 f"({ca['replayed_tree_decisions_per_iteration']:.2f} steps) = {ca['overhead_ratio']:.2f}x "
                 f"(target < {mc['target_tree_overhead_us']} us)")
    lines.append("                         (tree overheads: a split of the search's own wall clock)")
    t = mc["threads"]
    lines.append(f"MCTS threads           : 2 threads {t['two_iterations_per_s']:,.0f}/s vs 1 thread "
                 f"{t['one_iterations_per_s']:,.0f}/s by the wall clock = {t['ratio']:.2f}x, the median of "
                 f"three pairs ({', '.join(f'{r:.2f}' for r in t['pair_ratios'])}; target {t['target_ratio']}x)")
    lines.append(f"                         on a shared machine this shows the cores that were free, not "
                 f"how the search scales; per CPU second, 2 threads do {t['cpu_ratio']:.2f}x a thread's work")
    if "python_reference" in mc:
        pr = mc["python_reference"]
        lines.append(f"MCTS tree vs Python    : the plain-Python search's tree {pr['tree_us_per_iteration']:.1f} us "
                     f"an iteration (its time minus its rollouts') over the native tree overhead "
                     f"{pr['native_tree_overhead_us']:.2f} us = {pr['tree_ratio']:.1f}x")
        lines.append(f"MCTS vs plain Python   : {pr['iterations_per_s']:,.0f} iterations per CPU s in Python -> "
                     f"native is {pr['ratio']:.1f}x the whole search; ceiling with a free "
                     f"tree {pr['ceiling_ratio']:.1f}x ({pr['us_per_iteration']:.0f} us a Python iteration, "
                     f"{pr['native_rollout_us_per_iteration']:.0f} us of native rollout)")
    return lines


def format_peers(f: dict[str, Any]) -> list[str]:
    pe = f["peers"]
    if "error" in pe:
        return [f"peers                  : {pe['error']}"]
    lines = [f"peer budget            : {pe['simulations_per_search']:,} iterations a search for both;"
             f" eve mid {pe['eve']['mcts_mid_iterations_per_s']:,.0f} iterations per CPU s"]
    for g in ("hearts", "crazy_eights"):
        lines.append(f"OpenSpiel {g:12s} : C++ MCTS {pe[g]['mcts_iterations_per_s']:,.0f} iterations per CPU s"
                     f" (eve mid {pe['ratios']['eve_mcts_over_' + g]:.2f}x);"
                     f" Python-loop playout {pe[g]['python_playout_steps_per_s']:,.0f} steps per CPU s"
                     f" (eve's {pe['ratios']['eve_python_playout_over_' + g]:.2f}x)")
    return lines


FORMATS: list[tuple[str, Callable[[dict[str, Any]], list[str]]]] = [
    ("playout", format_playout),
    ("clone", format_clone),
    ("apply", format_apply),
    ("runs", format_runs),
    ("snapshot", format_snapshot),
    ("mcts", format_mcts),
    ("peers", format_peers),
]


def format_bench(f: dict[str, Any]) -> str:
    m = f["machine"]
    load = ""
    if m.get("load_average_1min") is not None:
        load = (f"; load average {m['load_average_1min']:.2f} before, "
                f"{m.get('load_average_1min_after', m['load_average_1min']):.2f} after on {m['cpus']} cores")
    lines = [f"eve bench on {m['platform']} (Python {m['python']}); state {f['state_bytes']} bytes{load}",
             "rates per CPU second of this process (not the wall clock)"]
    for key, fmt in FORMATS:
        if key in f:
            lines += fmt(f)
    return "\n".join(lines)
