"""`eve bench`: native playout speed, clone time and the cost of `apply` from Python.

Each figure is measured in the same run as the thing it is compared with, so a noisy shared
machine moves both: playouts against the targets, Python-side against native-side costs.
"""
from __future__ import annotations

import platform
import random
import statistics
import time
from typing import Any

TARGET_DECISIONS_PER_S = 1_000_000
TARGET_CLONE_US = 0.5
TARGET_APPLY_US = 2.0
BENCH_SEEDS = (1, 2, 3, 4)


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


TARGET_MCTS_ITERATIONS_PER_S = 20_000
TARGET_TREE_OVERHEAD_US = 1.0
TARGET_THREADS_RATIO = 1.7
BUDGETS = (1_000, 5_000, 25_000)       # search sizes at which the tree overhead is also measured


def tree_overhead_us(result) -> float:
    """A search's tree overhead: everything but the rollouts (copy, re-sampling, selection,
    expansion, the game steps along the tree path, backpropagation), µs an iteration."""
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


def _bench_mcts(engine, seconds: float) -> dict[str, Any]:
    from eve.search import mcts

    pos = _positions(engine)
    out: dict[str, Any] = {"target_iterations_per_s": TARGET_MCTS_ITERATIONS_PER_S,
                           "target_tree_overhead_us": TARGET_TREE_OVERHEAD_US}
    per = max(0.3, seconds / 4)
    for name, m in pos.items():
        probe = mcts(m, iterations=200, seed=1, max_depth=0, reward="win")
        n = max(200, int(probe.iterations_per_s * per))
        # full rollouts; the mid position, which the targets are about, three times (the same
        # search each time): its iterations/s is their median and its tree overhead their best,
        # since a neighbour on this shared machine only ever adds to a run's time
        runs = [mcts(m, iterations=n, seed=1, max_depth=0, reward="win")
                for _ in range(3 if name == "mid" else 1)]
        r = min(runs, key=tree_overhead_us)
        d = r.details
        out[name] = {
            "iterations_per_s": statistics.median(x.iterations_per_s for x in runs),
            "runs": len(runs),
            "tree_overhead_us_runs": [tree_overhead_us(x) for x in runs],
            "iterations": r.iterations,
            "rollout_decisions_per_iteration": d["rollout_decisions"] / r.iterations,
            "tree_decisions_per_iteration": d["tree_decisions"] / r.iterations,
            "tree_overhead_us": tree_overhead_us(r),
            "rollout_us_per_iteration": d["rollout_s"] / r.iterations * 1e6,
            "round": m.round,
        }
        # of that overhead, the game steps along the tree path cost what a rollout step costs;
        # the rest is the search's own bookkeeping (copy, re-sampling, UCB, expansion, backup)
        step_us = d["rollout_s"] / max(1, d["rollout_decisions"]) * 1e6
        out[name]["tree_bookkeeping_us"] = max(
            0.0, out[name]["tree_overhead_us"] - out[name]["tree_decisions_per_iteration"] * step_us)
    mid = pos["mid"]
    # The tree overhead grows with the tree (more levels to descend, more of it out of the
    # cache), so it is also measured at fixed budgets: 1,000 iterations is a playing budget
    # (BENCHMARKS.md's strength table). Best of three: a neighbour on this machine's other
    # core slows single runs by up to half.
    out["mid_by_budget"] = {}
    for budget in BUDGETS:
        runs = [mcts(mid, iterations=budget, seed=1, max_depth=0, reward="win") for _ in range(3)]
        out["mid_by_budget"][str(budget)] = min(tree_overhead_us(r) for r in runs)
    n = max(400, int(out["mid"]["iterations_per_s"] * per))
    # the kept-state cache against replaying every tree path from the root, same search
    kept = mcts(mid, iterations=n, seed=3, max_depth=0, reward="win")
    replayed = mcts(mid, iterations=n, seed=3, max_depth=0, reward="win", cache_states=1)
    out["cache"] = {"tree_overhead_us": tree_overhead_us(kept),
                    "tree_decisions_per_iteration": kept.details["tree_decisions"] / kept.iterations,
                    "replayed_tree_overhead_us": tree_overhead_us(replayed),
                    "replayed_tree_decisions_per_iteration":
                        replayed.details["tree_decisions"] / replayed.iterations,
                    "overhead_ratio": tree_overhead_us(replayed) / tree_overhead_us(kept),
                    "iterations": n}
    # three alternating pairs, the median ratio: one pair alone moves by a third on this shared
    # machine, as a neighbour comes and goes between its two halves
    pairs = []
    for k in range(3):
        one = mcts(mid, iterations=n, seed=2 + k, threads=1, max_depth=0, reward="win")
        two = mcts(mid, iterations=n, seed=2 + k, threads=2, max_depth=0, reward="win")
        pairs.append((one.iterations_per_s, two.iterations_per_s))
    pairs.sort(key=lambda x: x[1] / x[0])
    one_s, two_s = pairs[1]
    out["threads"] = {"one_iterations_per_s": one_s,
                      "two_iterations_per_s": two_s,
                      "ratio": two_s / one_s,
                      "pair_ratios": [b / a for a, b in pairs],
                      "target_ratio": TARGET_THREADS_RATIO}
    ref = _find_python_reference()
    if ref is not None:
        out["python_reference"] = python_reference_figures(
            ref.measure(mid, seconds=per), out["mid"]["rollout_us_per_iteration"],
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
    return {"iterations_per_s": its / py["elapsed_s"],
            "us_per_iteration": us,
            "tree_us_per_iteration": tree_us,
            "rollout_us_per_iteration": py["rollout_s"] / its * 1e6,
            "native_rollout_us_per_iteration": native_rollout_us,
            "native_tree_overhead_us": native_tree_us,
            "tree_ratio": tree_us / native_tree_us,
            "ceiling_ratio": us / native_rollout_us,
            "ratio": native_iterations_per_s * us / 1e6,
            "source": "benchmarks/python_mcts.py"}


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


def _searches_per_s(search, iterations: int, seconds: float) -> float:
    """Iterations/s of back-to-back searches of `iterations` each, over at least `seconds`
    (and at least two searches): one search alone moves with the machine's load."""
    n = 0
    t0 = time.perf_counter()
    while n < 2 or time.perf_counter() - t0 < seconds:
        search()
        n += 1
    return n * iterations / (time.perf_counter() - t0)


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
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds / 4:
            t = g.new_initial_state()
            while not t.is_terminal():
                if t.is_chance_node():
                    t.apply_action(rng.choice(t.chance_outcomes())[0])
                else:
                    t.apply_action(rng.choice(t.legal_actions()))
                n += 1
        out[name] = {"mcts_iterations_per_s": its,
                     "python_playout_steps_per_s": n / (time.perf_counter() - t0)}
    # eve's own Python-loop playout, for the like-for-like ratio
    m0 = engine.new_match(seed=1)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds / 4:
        m = m0.clone()
        while not m.is_over:
            m.apply(rng.choice(m.legal_action_codes()))
            n += 1
    eve_py = n / (time.perf_counter() - t0)
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


def run_bench(seconds: float = 3.0, peers: bool = False) -> dict[str, Any]:
    from eve import Engine
    from eve.core.testkit import STATE_BYTES, bench_clone, bench_playouts, bench_replay

    engine = Engine()
    per = max(0.2, seconds / len(BENCH_SEEDS))
    games = decisions = 0
    elapsed = 0.0
    for s in BENCH_SEEDS:
        g, d, el = bench_playouts(engine.new_match(seed=s), per, seed=s)
        games += g
        decisions += d
        elapsed += el
    dps = decisions / elapsed

    mid = engine.new_match(seed=1)
    clone_native = bench_clone(mid, 2_000_000)
    n = 200_000
    t0 = time.perf_counter()
    for _ in range(n):
        mid.clone()
    clone_python = (time.perf_counter() - t0) / n

    # apply from Python vs the same actions applied natively
    py_total = 0.0
    py_n = 0
    native = []
    for s in BENCH_SEEDS:
        start, codes = _recorded_match(engine, s)
        reps = 20
        t0 = time.perf_counter()
        for _ in range(reps):
            m = start.clone()
            for c in codes:
                m.apply(c)
        py_total += time.perf_counter() - t0
        py_n += reps * len(codes)
        # the clone per rep is small next to the applies; measure it out anyway
        t0 = time.perf_counter()
        for _ in range(reps):
            start.clone()
        py_total -= time.perf_counter() - t0
        native.append((bench_replay(start, codes, 2000), len(codes)))
    apply_py = py_total / py_n
    apply_native = sum(t * k for t, k in native) / sum(k for _, k in native)

    snap = _bench_snapshot(engine)
    mcts_figures = _bench_mcts(engine, seconds)

    figures = {
        "mcts": mcts_figures,
        "snapshot": snap,
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "processor": platform.machine()},
        "state_bytes": STATE_BYTES,
        "playout": {"decisions_per_s": dps, "matches_per_s": games / elapsed,
                    "decisions_per_match": decisions / max(1, games),
                    "target_decisions_per_s": TARGET_DECISIONS_PER_S,
                    "ratio_to_target": dps / TARGET_DECISIONS_PER_S},
        "clone": {"native_us": clone_native * 1e6, "python_us": clone_python * 1e6,
                  "target_us": TARGET_CLONE_US},
        "apply": {"python_us": apply_py * 1e6, "native_us": apply_native * 1e6,
                  "python_over_native": apply_py / apply_native if apply_native else None,
                  "target_us": TARGET_APPLY_US},
    }
    if peers:
        figures["peers"] = bench_peers(engine, seconds, figures)
    return figures


TARGET_ENCODE_US = 5.0
TARGET_DECODE_US = 10.0
TARGET_SNAPSHOT_BYTES = 2048


def _bench_snapshot(engine) -> dict[str, Any]:
    """Snapshot encode/decode of a mid-match position, next to msgpack-python doing the same
    layout from Python lists (the generic way) in the same run."""
    import msgpack

    start, codes = _recorded_match(engine, 1)
    mid = start.clone()
    for c in codes[: len(codes) // 2]:
        mid.apply(c)
    data = mid.snapshot()

    def per_call(f, n):
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        return (time.perf_counter() - t0) / n

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


def format_bench(f: dict[str, Any]) -> str:
    p, c, a, sn = f["playout"], f["clone"], f["apply"], f["snapshot"]
    lines = [
        f"eve bench on {f['machine']['platform']} (Python {f['machine']['python']}); state {f['state_bytes']} bytes",
        f"native random playouts : {p['decisions_per_s']:>12,.0f} decisions/s  "
        f"({p['ratio_to_target']:.2f}x the 1,000,000 target)",
        f"                         {p['matches_per_s']:>12,.0f} matches/s  ({p['decisions_per_match']:.1f} decisions a match)",
        f"clone                  : {c['native_us'] * 1000:>12.1f} ns native   {c['python_us'] * 1000:8.1f} ns as Match.clone()"
        f"  (target < {c['target_us']} us)",
        f"apply                  : {a['python_us']:>12.3f} us from Python  {a['native_us']:.3f} us native"
        f"  ({a['python_over_native']:.2f}x; target < {a['target_us']} us)",
        f"snapshot (mid-match)   : {sn['encode_us']:>12.2f} us encode  {sn['decode_us']:.2f} us decode (checked)"
        f"  {sn['size_bytes']} bytes  (targets {sn['target_encode_us']:.0f} / {sn['target_decode_us']:.0f} us,"
        f" {sn['target_size_bytes']} bytes)",
        f"                         msgpack-python on the same layout: {sn['msgpack_python_encode_us']:.2f} us encode,"
        f" {sn['msgpack_python_decode_us']:.2f} us decode (unchecked)",
    ]
    mc = f["mcts"]
    for name in ("early", "mid", "late"):
        x = mc[name]
        lines.append(f"MCTS {name:5s} (round {x['round']:2d})  : {x['iterations_per_s']:>12,.0f} iterations/s  "
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
    t = mc["threads"]
    lines.append(f"MCTS threads           : 2 threads {t['two_iterations_per_s']:,.0f}/s vs 1 thread "
                 f"{t['one_iterations_per_s']:,.0f}/s = {t['ratio']:.2f}x, the median of three pairs "
                 f"({', '.join(f'{r:.2f}' for r in t['pair_ratios'])}; target {t['target_ratio']}x)")
    if "python_reference" in mc:
        pr = mc["python_reference"]
        lines.append(f"MCTS tree vs Python    : the plain-Python search's tree {pr['tree_us_per_iteration']:.1f} us "
                     f"an iteration (its time minus its rollouts') over the native tree overhead "
                     f"{pr['native_tree_overhead_us']:.2f} us = {pr['tree_ratio']:.1f}x")
        lines.append(f"MCTS vs plain Python   : {pr['iterations_per_s']:,.0f} iterations/s in Python -> "
                     f"native is {pr['ratio']:.1f}x the whole search; ceiling with a free "
                     f"tree {pr['ceiling_ratio']:.1f}x ({pr['us_per_iteration']:.0f} us a Python iteration, "
                     f"{pr['native_rollout_us_per_iteration']:.0f} us of native rollout)")
    if "peers" in f:
        pe = f["peers"]
        if "error" in pe:
            lines.append(f"peers                  : {pe['error']}")
        else:
            lines.append(f"peer budget            : {pe['simulations_per_search']:,} iterations a search for both;"
                         f" eve mid {pe['eve']['mcts_mid_iterations_per_s']:,.0f} iterations/s")
            for g in ("hearts", "crazy_eights"):
                lines.append(f"OpenSpiel {g:12s} : C++ MCTS {pe[g]['mcts_iterations_per_s']:,.0f} iterations/s"
                             f" (eve mid {pe['ratios']['eve_mcts_over_' + g]:.2f}x);"
                             f" Python-loop playout {pe[g]['python_playout_steps_per_s']:,.0f} steps/s"
                             f" (eve's {pe['ratios']['eve_python_playout_over_' + g]:.2f}x)")
    return "\n".join(lines)
