"""Compare two builds of eve in alternating pairs: the search's tree overhead, MCTS iterations/s
or native random-playout decisions/s.

    python benchmarks/ab_pairs.py BUILD_A BUILD_B [--measure tree|mcts|playouts]
                                  [--iterations 40000] [--pairs 30]
                                  [--pack-a PACK_DIR] [--pack-b PACK_DIR]

`tree` (the default): µs of tree overhead an iteration (lower is better); `mcts`: iterations/s
of the mid search with full rollouts; `playouts`: decisions/s of native random playouts over
`--iterations` / 100 seeded matches of the built-in content (both higher is better).

BUILD_A and BUILD_B are directories that each hold a built `eve` package (for example a copy
of `src/` after `python setup.py build_ext --inplace` at two commits). One long-lived worker
process per build runs the same search from `eve bench`'s mid position (full rollouts, the
same seed within a pair, the order alternating), and the tree overhead (everything but the
rollouts, µs an iteration) of each pair is compared. Single runs on this machine move by half
as a neighbour on the other core comes and goes; the two runs of a pair share its conditions,
so the median of the pair ratios says what one run cannot.

`--pack-a` / `--pack-b`: the build plays that pack (a folder holding a pack module, such as
`tests/packs/prev_builtin`, the built-in pack frozen at ecc7fe2) alone instead of its
checkout's built-in pack: issue 14's speed target plays the previous built-in content on the
new engine (`--pack-b tests/packs/prev_builtin`) against the previous engine on its own.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

WORKER = r"""
import importlib.util, os, sys, time
from eve.bench import _positions
from eve.core.playout import run_matches
from eve.engine import Engine
from eve.search import mcts
pack = os.environ.get("EVE_AB_PACK")
if pack:
    spec = importlib.util.spec_from_file_location(os.path.basename(pack),
                                                  os.path.join(pack, "__init__.py"),
                                                  submodule_search_locations=[pack])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    engine = Engine(packs=[module])
else:
    engine = Engine()
mid = _positions(engine)["mid"]
heroes = [engine.hero_index(h) for h in engine.default_heroes()]
print("ready", " ".join(engine.default_heroes()), flush=True)
for line in sys.stdin:
    measure, iterations, seed = line.split()
    iterations, seed = int(iterations), int(seed)
    if measure == "playouts":
        seeds = list(range(seed * 100_000, seed * 100_000 + max(1, iterations // 100)))
        t = time.perf_counter()
        res = run_matches(engine.content, seeds, heroes, 0, "random")
        print(sum(d for _, _, d in res) / (time.perf_counter() - t), flush=True)
        continue
    r = mcts(mid, iterations=iterations, seed=seed, max_depth=0, reward="win")
    if measure == "mcts":
        print(r.iterations / r.elapsed, flush=True)
    else:
        # eve.bench.tree_overhead_us, written out: a build being compared may predate it
        print((r.elapsed - r.details["rollout_s"]) / r.iterations * 1e6, flush=True)
"""
UNITS = {"tree": "tree overhead in µs an iteration", "mcts": "MCTS iterations/s (mid, full rollouts)",
         "playouts": "random-playout decisions/s"}


def _path_for(build: str) -> str:
    """The build, and its checkout's own built-in pack when it has one: the installed
    `eve_content` is the working tree's, whose rules an older build may not know."""
    build = os.path.abspath(build)
    content = os.path.join(os.path.dirname(build), "content")
    if not os.path.isfile(os.path.join(content, "__init__.py")):
        return build
    shim = tempfile.mkdtemp(prefix="eve-ab-content-")
    os.symlink(content, os.path.join(shim, "eve_content"))
    return os.pathsep.join([shim, build])


def _start(build: str, pack: str | None) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=_path_for(build))
    env.pop("EVE_AB_PACK", None)
    if pack:
        env["EVE_AB_PACK"] = os.path.abspath(pack)
    p = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, env=env)
    ready = p.stdout.readline().split()
    if not ready or ready[0] != "ready":
        raise SystemExit(f"the worker for {build} did not start")
    print(f"  {build} plays the heroes {' '.join(ready[1:])}", flush=True)
    return p


def _run(worker: subprocess.Popen, measure: str, iterations: int, seed: int) -> float:
    worker.stdin.write(f"{measure} {iterations} {seed}\n")
    worker.stdin.flush()
    return float(worker.stdout.readline())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_a")
    ap.add_argument("build_b")
    ap.add_argument("--iterations", type=int, default=40_000)
    ap.add_argument("--pairs", type=int, default=30)
    ap.add_argument("--measure", choices=tuple(UNITS), default="tree")
    ap.add_argument("--pack-a", help="a pack folder that build A plays instead of its built-in pack")
    ap.add_argument("--pack-b", help="a pack folder that build B plays instead of its built-in pack")
    a = ap.parse_args()
    workers = {"A": _start(a.build_a, a.pack_a), "B": _start(a.build_b, a.pack_b)}
    got: dict[str, list[float]] = {"A": [], "B": []}
    for k in range(a.pairs):
        for name in ("A", "B") if k % 2 == 0 else ("B", "A"):
            got[name].append(_run(workers[name], a.measure, a.iterations, k + 1))
    for w in workers.values():
        w.stdin.close()
        w.wait()
    ratios = sorted(b / x for x, b in zip(got["A"], got["B"]))
    q = len(ratios) // 4
    print(f"{a.iterations:,} iterations, {a.pairs} pairs; {UNITS[a.measure]}")
    for name, pack in (("A", a.pack_a), ("B", a.pack_b)):
        where = pack or "its checkout's built-in pack"
        print(f"  {name} plays {where}")
    for name in ("A", "B"):
        print(f"  {name}: min {min(got[name]):.2f}  median {statistics.median(got[name]):.2f}")
    print(f"  B / A, paired: median {statistics.median(ratios):.3f} "
          f"(quartiles {ratios[q]:.3f}–{ratios[-1 - q]:.3f})")


if __name__ == "__main__":
    main()
