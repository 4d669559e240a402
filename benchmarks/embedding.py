"""What an embedder pays: the native observation and mask, and the native vector env.

    python benchmarks/embedding.py [--seconds S] [--pairs P] [--envs 256,1024] [--threads 1,2]

1. Observation plus mask, written natively on mid-match positions of random play (decisions 5
   to 40 of 60 matches): ns a step, CPU time (target: at most 300 ns).
2. The vector env (eve.core.vec.MatchBatch: obs, mask, reward, ends into numpy arrays, actions
   drawn natively by `sample`) against the native random playouts it is built on
   (eve.core.testkit.bench_playouts, the same matches' decisions with no observation, mask or
   batch), in interleaved pairs A B A B: env-steps per wall second and per CPU second for each
   batch size and thread count, and the ratio per pair of vector env-steps to playout decisions
   (one thread). With threads, the wall rate is the one that counts; the per-thread figure times
   16 is what 16 cores would give at perfect scaling.

Needs numpy (the gym extra). Prints JSON.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import numpy as np

import eve
from eve.core.observe import Observer, time_observe
from eve.core.testkit import bench_playouts
from eve.core.vec import MatchBatch


def mid_positions(engine, n: int = 60, seed: int = 0):
    rnd = random.Random(seed)
    out = []
    for s in range(n):
        m = engine.new_match(s)
        for _ in range(rnd.randrange(5, 40)):
            if m.is_over:
                break
            m.apply(rnd.choice(m.legal_action_codes()))
        if not m.is_over:
            out.append(m)
    return out


def observe_ns(observer, positions, reps: int) -> dict[str, float]:
    obs = sum(time_observe(observer, m, reps, False) for m in positions) / (reps * len(positions))
    both = sum(time_observe(observer, m, reps, True) for m in positions) / (reps * len(positions))
    return {"obs_ns": obs * 1e9, "obs_and_mask_ns": both * 1e9, "target_ns": 300.0,
            "positions": len(positions),
            "legal_mean": statistics.mean(len(m.legal_action_codes()) for m in positions)}


def vector_rate(observer, heroes, n_envs: int, threads: int, seconds: float) -> tuple[float, float]:
    """(env-steps per wall second, per CPU second) of `seconds` of random stepping."""
    b = MatchBatch(observer, n_envs, heroes, 0, threads=threads)
    obs = np.zeros((n_envs, observer.size), np.int16)
    mask = np.zeros((n_envs, observer.n_actions), np.int8)
    rw = np.zeros(n_envs, np.float32)
    te = np.zeros(n_envs, np.uint8)
    tr = np.zeros(n_envs, np.uint8)
    a = np.zeros(n_envs, np.int64)
    b.reset(list(range(n_envs)), obs, mask)
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        b.sample(a)
        b.step(a, obs, mask, rw, te, tr)
        steps += n_envs
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    b.close()
    return steps / wall, steps / cpu


def playout_rate(engine, seconds: float) -> float:
    start = engine.new_match(1)
    t0 = time.process_time()
    _, d, _ = bench_playouts(start, seconds, seed=1)
    return d / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="a side of a pair")
    ap.add_argument("--pairs", type=int, default=6)
    ap.add_argument("--envs", default="256,1024")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--reps", type=int, default=20000)
    args = ap.parse_args()
    engine = eve.Engine()
    observer = Observer(engine)
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    out: dict = {"observe": observe_ns(observer, mid_positions(engine), args.reps),
                 "action_space": observer.n_actions, "obs_words": observer.size}
    rows = []
    for n in (int(x) for x in args.envs.split(",")):
        for t in (int(x) for x in args.threads.split(",")):
            walls, cpus, ratios = [], [], []
            for _ in range(args.pairs):
                w, c = vector_rate(observer, heroes, n, t, args.seconds)
                p = playout_rate(engine, args.seconds)
                walls.append(w)
                cpus.append(c)
                ratios.append(c / p)
            rows.append({"envs": n, "threads": t,
                         "env_steps_per_wall_s": statistics.median(walls),
                         "env_steps_per_cpu_s": statistics.median(cpus),
                         "per_thread_wall": statistics.median(walls) / t,
                         "cpu_ratio_to_playout_decisions": statistics.median(ratios),
                         "ratio_range": [min(ratios), max(ratios)]})
    out["vector"] = rows
    one = [r for r in rows if r["threads"] == 1]
    if one:
        best = max(r["env_steps_per_cpu_s"] for r in one)
        out["sixteen_threads_at_perfect_scaling"] = 16 * best
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
