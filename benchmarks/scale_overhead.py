"""What scheduling a chunk costs beside playing it (`eve simulate --workers N` / `--ray`).

    python benchmarks/scale_overhead.py [--workers 2] [--empty 2000] [--chunks 8] [--ray]

First what a Match costs to unpickle in a process that already has its Engine, beside its
snapshot and restore; then a match's and a run's play time by policy (what the chunk sizes
assume). Then for each backend (processes; with --ray a local Ray too): the per-chunk overhead, from
`--empty` chunks that play nothing sent at once through a warm pool, as eve.scale sends them
(wall time x workers / chunks: the worker time a chunk costs beyond its play, an upper bound;
the pool's start-up, once a command, is not in it), then chunks of the
smallest size `eve simulate` sends there for each native policy (matches and runs: the
backend's MIN_CHUNK_SECONDS over the policy's MATCH_SECONDS or RUN_SECONDS) and their median play
time in the worker, and the overhead as a share of it. The engine's cache makes the Engine among a
chunk's arguments cost its packs' names, not a build, after a worker's first chunk.
"""
from __future__ import annotations

import argparse
import math
import statistics
import time

import eve
from eve.cli import MATCH_SECONDS, _match_chunk
from eve.run_cli import RUN_SECONDS, play_chunk
from eve.scale import MAX_RERUNS, Backend, map_chunks, run_chunk


def _overhead(backend: Backend, common: tuple, workers: int, n: int) -> float:
    """Seconds of worker time a chunk costs beyond its play: `n` empty chunks sent at once
    through a warm pool (started, each worker's Engine built) as eve.scale sends them, the wall
    time x workers / n."""
    if backend.ray is not None:
        import ray
        task = ray.remote(max_retries=MAX_RERUNS, retry_exceptions=False)(run_chunk)
        ref = ray.put(common)
        ray.get([task.remote(_match_chunk, ref, []) for _ in range(4 * workers)])    # warm
        t = time.perf_counter()
        pending = [task.remote(_match_chunk, ref, []) for _ in range(n)]
        while pending:
            _, pending = ray.wait(pending, num_returns=1)
        return (time.perf_counter() - t) * workers / n
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        for f in [pool.submit(run_chunk, _match_chunk, common, []) for _ in range(4 * workers)]:
            f.result()                                                              # warm
        t = time.perf_counter()
        for f in as_completed([pool.submit(run_chunk, _match_chunk, common, []) for _ in range(n)]):
            f.result()
        return (time.perf_counter() - t) * workers / n


def _unpickle(engine: eve.Engine, repeats: int = 7, n: int = 20_000) -> None:
    """A Match sent to a process that already has its Engine: pickle.loads of a mid-match Match
    (its Engine found in the cache of rebuilt Engines) against the snapshot and restore it
    costs at the least, each the best of `repeats` runs of `n`."""
    import pickle
    import timeit

    m = engine.new_match(seed=7)
    for _ in range(12):         # a few actions in, as a match sent mid-search would be
        if not m.is_over:
            m.apply(m.legal_action_codes()[-1])
    data = pickle.dumps(m)
    best = min(timeit.repeat(lambda: pickle.loads(data), number=n, repeat=repeats)) / n
    base = min(timeit.repeat(lambda: engine.restore(m.snapshot()), number=n, repeat=repeats)) / n
    print(f"unpickle a Match ({len(data)} bytes) where its Engine is: {best * 1e3:.4f} ms; "
          f"snapshot + restore {base * 1e3:.4f} ms")


def _per_item(engine: eve.Engine, seeds: int = 200) -> None:
    """What MATCH_SECONDS and RUN_SECONDS estimate: a native match's play time by policy, over
    `seeds` seeds of each Encounter (the range across Encounters), and a run's (play_chunk, as a
    worker plays them), here in this process."""
    from eve.core.playout import run_matches

    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    for policy in MATCH_SECONDS:
        per = []
        for enc in range(len(engine.catalog.encounters)):
            t = time.perf_counter()
            run_matches(engine.content, range(seeds), heroes, enc, policy,
                        max_decisions=engine.max_match_length)
            per.append((time.perf_counter() - t) / seeds)
        print(f"a {policy} match: {min(per) * 1e3:.3f}-{max(per) * 1e3:.3f} ms by Encounter "
              f"(mean {statistics.mean(per) * 1e3:.3f}; MATCH_SECONDS {MATCH_SECONDS[policy] * 1e3:g})")
    for policy in RUN_SECONDS:
        n = seeds // 4
        t = time.perf_counter()
        play_chunk((), None, policy, 1, list(range(n)), engine)
        print(f"a {policy} run: {(time.perf_counter() - t) / n * 1e3:.2f} ms over {n} seeds "
              f"(RUN_SECONDS {RUN_SECONDS[policy] * 1e3:g})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--empty", type=int, default=2000)
    ap.add_argument("--chunks", type=int, default=8, help="chunks played a policy (their median "
                    "play time is reported)")
    ap.add_argument("--ray", action="store_true", help="measure a local Ray too")
    a = ap.parse_args()
    engine = eve.Engine()
    _unpickle(engine)
    _per_item(engine)
    heroes = engine.default_heroes()
    enc = next(iter(engine.catalog.encounters))
    backends = [Backend(a.workers)] + ([Backend(a.workers, "")] if a.ray else [])
    if a.ray:
        import ray
        ray.init(num_cpus=a.workers, include_dashboard=False, log_to_driver=False)
    for backend in backends:
        common = (engine, heroes, "random", None, False)
        overhead = _overhead(backend, common, a.workers, a.empty)
        print(f"{backend.name}, {a.workers} workers: {overhead * 1e3:.3f} ms a chunk "
              f"({a.empty} empty chunks)")
        for policy, item in MATCH_SECONDS.items():
            n = math.ceil(backend.min_chunk_seconds / item)
            jobs = [[(enc, s) for s in range(k * n, (k + 1) * n)] for k in range(a.chunks)]
            p = map_chunks(_match_chunk, (engine, heroes, policy, None, False), jobs, backend)
            play = statistics.median(p.seconds)
            print(f"  matches {policy:6s} {n:5d} a chunk: {play * 1e3:8.1f} ms play (median of "
                  f"{a.chunks}), overhead {100 * overhead / play:.2f}%")
        for policy, item in RUN_SECONDS.items():
            n = math.ceil(backend.min_chunk_seconds / item)
            parts = [list(range(k * n, (k + 1) * n)) for k in range(a.chunks)]
            p = map_chunks(play_chunk, ((), None, policy, 1), parts, backend)
            # a worker's first chunk of runs builds its Engine (play_chunk's _engine_for): the
            # median leaves it out
            play = statistics.median(p.seconds)
            print(f"  runs    {policy:6s} {n:5d} a chunk: {play * 1e3:8.1f} ms play (median of "
                  f"{a.chunks}), overhead {100 * overhead / play:.2f}%")


if __name__ == "__main__":
    main()
