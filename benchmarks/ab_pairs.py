"""Compare two builds of eve in alternating pairs: random-playout decisions/s on one playout
loop for both builds, MCTS iterations/s, the search's tree overhead, or each build's own
`run_matches` loop.

    python benchmarks/ab_pairs.py BUILD_A BUILD_B [--measure playouts|mcts|tree|run_matches]
                                  [--iterations 40000] [--pairs 30]
                                  [--pack-a PACK_DIR] [--pack-b PACK_DIR] [--builder PYTHON]

`playouts`: decisions per CPU second of random playouts over `--iterations` / 100 seeded
matches of Encounter 0, played by `benchmarks/ab_kernel.pyx`, compiled for each build against
that build's own .pxd files (in a temporary folder, removed at the end), so that both builds run
the same loop with the same compiler flags and only the engine differs. `run_matches`: the same
matches through each build's own `eve.core.playout.run_matches`; a build before e0af297 listed
the legal actions twice a decision there, so this measure compares loops as well as engines.
`mcts`: iterations per CPU second of the mid search (`eve bench`'s mid position, full
rollouts). `tree` (the default): µs of tree overhead an iteration (the search's own clock;
lower is better). Higher is better for the others.

BUILD_A and BUILD_B are directories that each hold a built `eve` package (for example `src/` of a
checkout after `python3 setup.py build_ext --inplace` at two commits). One long-lived worker
process per build runs the same work (the same seeds within a pair, the order alternating).
Single runs on this machine move by half as a neighbour on the other core comes and goes; the
two runs of a pair share its conditions, so the median of the pair ratios says what one run
cannot. Rates are per CPU second of the worker process, not of the wall clock.

Every run prints a digest of what it played (each match's decisions, outcome and rounds; the
search's chosen action and rollout decisions): the report says whether the two builds played
the same matches, so that a ratio compares the same work.

`--pack-a` / `--pack-b`: the build plays that pack (a folder holding a pack module, such as
`tests/packs/prev_builtin`, the built-in pack frozen at ecc7fe2) alone instead of its
checkout's built-in pack. `--builder`: the Python that compiles the kernel (it needs Cython and
setuptools; default: this Python if it has Cython, else `python3`).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

WORKER = r"""
import hashlib, importlib.util, os, sys, time
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
kernel = None
if os.environ.get("EVE_AB_KERNEL"):
    import eve_ab_kernel as kernel
mid = None
heroes = [engine.hero_index(h) for h in engine.default_heroes()]
print("ready", " ".join(engine.default_heroes()), flush=True)
for line in sys.stdin:
    measure, iterations, seed = line.split()
    iterations, seed = int(iterations), int(seed)
    if measure in ("playouts", "run_matches"):
        first, n = seed * 100_000, max(1, iterations // 100)
        t = time.process_time()
        if measure == "playouts":
            decisions, digest = kernel.play(engine.content, first, n, heroes, 0)
        else:
            res = run_matches(engine.content, list(range(first, first + n)), heroes, 0, "random")
            decisions = sum(r[2] for r in res)
            # the outcome as its code: a build before issue 24 gave the code, a later one its
            # word, and the two builds must digest the same matches alike
            codes = {None: 0, "win": 1, "loss": 2, "timeout": 3}
            digest = hash(tuple((codes.get(o, o), *rest) for o, *rest in res))
        el = time.process_time() - t
        print(decisions / el, digest, decisions, flush=True)
        continue
    if mid is None:
        mid = _positions(engine)["mid"]
    t = time.process_time()
    r = mcts(mid, iterations=iterations, seed=seed, max_depth=0, reward="win", c=1.4)
    el = time.process_time() - t
    work = r.details.get("rollout_decisions", 0)
    digest = hashlib.md5(f"{r.action}:{work}".encode()).hexdigest()[:16]
    if measure == "mcts":
        print(r.iterations / el, digest, work, flush=True)
    else:
        # eve.bench.tree_overhead_us, written out: a build being compared may predate it
        print((r.elapsed - r.details["rollout_s"]) / r.iterations * 1e6, digest, work, flush=True)
"""
UNITS = {"tree": "tree overhead in µs an iteration (the search's clock)",
         "mcts": "MCTS iterations per CPU second (mid, full rollouts)",
         "playouts": "random-playout decisions per CPU second, one kernel for both builds",
         "run_matches": "random-playout decisions per CPU second, each build's own run_matches"}
KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ab_kernel.pyx")
COMPILE = r"""
import sys
from Cython.Build import cythonize
from setuptools import Extension, setup
build, out = sys.argv[1:3]
ext = Extension("eve_ab_kernel", ["eve_ab_kernel.pyx"], extra_compile_args=["-O3", "-ffp-contract=off"])
setup(script_args=["build_ext", "--inplace", "--build-temp", out + "/tmp"],
      ext_modules=cythonize([ext], include_path=[build], build_dir=out + "/c", quiet=True,
                            compiler_directives={"language_level": 3, "boundscheck": False,
                                                 "wraparound": False, "cdivision": True}))
"""


def _builder(asked: str | None) -> str:
    if asked:
        return asked
    if importlib.util.find_spec("Cython") is not None:
        return sys.executable
    return shutil.which("python3") or sys.executable


def build_kernel(build: str, builder: str, where: str) -> str:
    """benchmarks/ab_kernel.pyx compiled against `build`'s .pxd files, in a folder of its own
    under `where`; returns that folder (it holds the module `eve_ab_kernel`)."""
    out = tempfile.mkdtemp(prefix="kernel-", dir=where)
    shutil.copy(KERNEL, os.path.join(out, "eve_ab_kernel.pyx"))
    done = subprocess.run([builder, "-c", COMPILE, os.path.abspath(build), out], cwd=out,
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise SystemExit(f"the kernel does not compile against {build}")
    return out


def _path_for(build: str, extra: list[str]) -> str:
    """The build, and its checkout's own built-in pack when it has one: the installed
    `eve_content` is the working tree's, whose rules an older build may not know."""
    build = os.path.abspath(build)
    content = os.path.join(os.path.dirname(build), "content")
    if not os.path.isfile(os.path.join(content, "__init__.py")):
        return os.pathsep.join([build, *extra])
    shim = tempfile.mkdtemp(prefix="eve-ab-content-")
    os.symlink(content, os.path.join(shim, "eve_content"))
    return os.pathsep.join([shim, build, *extra])


def _start(build: str, pack: str | None, kernel: str | None) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=_path_for(build, [kernel] if kernel else []))
    env.pop("EVE_AB_PACK", None)
    env.pop("EVE_AB_KERNEL", None)
    if pack:
        env["EVE_AB_PACK"] = os.path.abspath(pack)
    if kernel:
        env["EVE_AB_KERNEL"] = "1"
    p = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, env=env)
    ready = p.stdout.readline().split()
    if not ready or ready[0] != "ready":
        raise SystemExit(f"the worker for {build} did not start")
    print(f"  {build} plays the heroes {' '.join(ready[1:])}", flush=True)
    return p


def _run(worker: subprocess.Popen, measure: str, iterations: int,
         seed: int) -> tuple[float, str, int]:
    """One run: its rate, the digest of what it played and how much (decisions)."""
    worker.stdin.write(f"{measure} {iterations} {seed}\n")
    worker.stdin.flush()
    rate, digest, work = worker.stdout.readline().split()
    return float(rate), digest, int(work)


def pair_ratios(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """The median of the pair ratios b / a and its quartiles."""
    ratios = sorted(y / x for x, y in zip(a, b))
    q = len(ratios) // 4
    return statistics.median(ratios), ratios[q], ratios[-1 - q]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_a")
    ap.add_argument("build_b")
    ap.add_argument("--iterations", type=int, default=40_000)
    ap.add_argument("--pairs", type=int, default=30)
    ap.add_argument("--measure", choices=tuple(UNITS), default="tree")
    ap.add_argument("--pack-a", help="a pack folder that build A plays instead of its built-in pack")
    ap.add_argument("--pack-b", help="a pack folder that build B plays instead of its built-in pack")
    ap.add_argument("--builder", help="the Python that compiles the kernel (with Cython)")
    a = ap.parse_args()
    scratch = tempfile.mkdtemp(prefix="eve-ab-")
    try:
        kernels = {"A": None, "B": None}
        if a.measure == "playouts":
            builder = _builder(a.builder)
            kernels = {"A": build_kernel(a.build_a, builder, scratch),
                       "B": build_kernel(a.build_b, builder, scratch)}
        workers = {"A": _start(a.build_a, a.pack_a, kernels["A"]),
                   "B": _start(a.build_b, a.pack_b, kernels["B"])}
        got: dict[str, list[float]] = {"A": [], "B": []}
        work: dict[str, int] = {"A": 0, "B": 0}
        same = 0
        for k in range(a.pairs):
            digests = {}
            for name in ("A", "B") if k % 2 == 0 else ("B", "A"):
                rate, digests[name], done = _run(workers[name], a.measure, a.iterations, k + 1)
                got[name].append(rate)
                work[name] += done
            same += digests["A"] == digests["B"]
        for w in workers.values():
            w.stdin.close()
            w.wait()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    med, lo, hi = pair_ratios(got["A"], got["B"])
    print(f"{a.iterations:,} iterations, {a.pairs} pairs; {UNITS[a.measure]}")
    for name, pack in (("A", a.pack_a), ("B", a.pack_b)):
        where = pack or "its checkout's built-in pack"
        print(f"  {name} plays {where}")
    print(f"  the same work on both (matches' decisions, outcomes and rounds; the search's "
          f"action and rollout decisions): {same} of {a.pairs} pairs")
    what = "rollout decisions" if a.measure in ("mcts", "tree") else "decisions"
    for name in ("A", "B"):
        print(f"  {name}: min {min(got[name]):.2f}  median {statistics.median(got[name]):.2f}"
              f"  ({work[name]:,} {what} in all)")
    print(f"  B / A, paired: median {med:.3f} (quartiles {lo:.3f}–{hi:.3f})")


if __name__ == "__main__":
    main()
