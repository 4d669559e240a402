"""eve's native runs and matches side by side with the C++ Slay the Spire simulator
(gamerpuppy/sts_lightspeed), in interleaved pairs on this machine.

    python benchmarks/sts_side_by_side.py [--pairs 10] [--seconds 2] [--source PATH]
        [--json-source PATH] [--cache DIR] [--rows runs_random,runs_greedy,matches_random]
        [--eve-python PY] [--eve-path DIR] [--json-out FILE]

The simulator is cloned and built with its own flags by benchmarks/sts/build_sim.py (reused
when already built; `--source` for a local git directory or checkout when there is no network)
with the driver benchmarks/sts/driver.cpp. eve runs in a worker process of its own
(`--eve-python`, default this interpreter, with `--eve-path`, default this checkout's src/, on
its path), so both sides are separate processes timed the same way: each measurement plays
until `--seconds` of its process's CPU time (CLOCK_PROCESS_CPUTIME_ID; Python's
time.process_time) have passed in the timed loop, and reports decisions per CPU second.

Rows (eve against the simulator):
- runs_random: eve.core.playout.run_runs(content, seeds, policy="random") on the built-in run
  against whole random runs (Ironclad, ascension 0);
- runs_greedy: run_runs(..., policy="greedy") against the simulator's SimpleAgent;
- matches_random: eve.core.playout.run_matches(content, seeds, heroes, enc, "random") over every
  built-in Encounter in turn (the default party and deck) against random fights from the
  simulator's pool of fight openings (the fights its SimpleAgent meets in 32 runs: every act,
  elites and bosses);
- matches_random_floor1: the same eve figure against the simulator's floor-1 fights only (each
  run's first fight, the starting deck against an act 1 pack, over 256 runs).
A row whose eve side is missing (run_runs before it lands) is said so and skipped.

Each pair measures the simulator and eve once, the order alternating from pair to pair (the
two share the pair's conditions on a shared machine); the table gives each pair's figures and,
for each row, the median and quartiles of the pairs' ratios eve/simulator of decisions per CPU
second. A decision on eve's side is one legal action applied (in a match or, in a run, in its
fights and out); the simulator's is defined in benchmarks/sts/driver.cpp.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = ("runs_random", "runs_greedy", "matches_random", "matches_random_floor1")
DRIVER_MODE = {"runs_random": ["random_runs"], "runs_greedy": ["agent_runs"],
               "matches_random": ["random_battles"],
               "matches_random_floor1": ["random_first_battles", "256"]}

WORKER = r"""
import json, sys, time
from eve import Engine
from eve.core import playout
engine = Engine()
content = engine.content
heroes = [engine.hero_index(h) for h in engine.default_heroes()]
encs = list(range(len(engine.catalog.encounter_ids)))
has_runs = hasattr(playout, "run_runs")
if has_runs:
    try:
        playout.run_runs(content, [0], policy="random")
    except ValueError as e:             # a content with no run
        has_runs = str(e)
print(json.dumps({"run_runs": has_runs, "encounters": list(engine.catalog.encounter_ids),
                  "heroes": engine.default_heroes()}), flush=True)
BATCH = 16
for line in sys.stdin:
    row, seconds, first = line.split()
    seconds, seed = float(seconds), int(first)
    units = decisions = wins = floors = 0
    t0 = time.process_time()
    while True:
        if row.startswith("matches_random"):
            for e in encs:
                for outcome, _, d in playout.run_matches(content, list(range(seed, seed + BATCH)),
                                                         heroes, e, "random"):
                    units += 1
                    decisions += d
                    wins += outcome in (1, "win")   # a build before issue 24 gave the code
                seed += BATCH
        else:
            policy = row.split("_")[1]
            for outcome, fl, d in playout.run_runs(content, range(seed, seed + BATCH), policy=policy):
                units += 1
                decisions += d
                floors += fl
                wins += outcome == 1
            seed += BATCH
        elapsed = time.process_time() - t0
        if elapsed >= seconds:
            break
    print(json.dumps({"cpu_s": elapsed, "units": units, "decisions": decisions, "wins": wins,
                      "floors": floors}), flush=True)
"""


def _load_builder():
    spec = importlib.util.spec_from_file_location("build_sim", os.path.join(HERE, "sts", "build_sim.py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _eve_pythonpath(src: str, keep: list[str]) -> str:
    """src, and its checkout's built-in pack as `eve_content` (the package's name for the folder
    content/ beside src/) when src is a checkout's and not an installed package's."""
    src = os.path.abspath(src)
    content = os.path.join(os.path.dirname(src), "content")
    parts = [src]
    if os.path.isfile(os.path.join(content, "__init__.py")):
        shim = tempfile.mkdtemp(prefix="eve-sts-content-")
        os.symlink(content, os.path.join(shim, "eve_content"))
        keep.append(shim)
        parts.insert(0, shim)
    if os.environ.get("PYTHONPATH"):
        parts.append(os.environ["PYTHONPATH"])
    return os.pathsep.join(parts)


def _sim(driver: str, row: str, seconds: float, seed: int) -> dict:
    mode, *extra = DRIVER_MODE[row]
    out = subprocess.run([driver, mode, str(seconds), str(seed), *extra], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def _quartiles(xs: list[float]) -> tuple[float, float, float]:
    if len(xs) < 2:
        return xs[0], xs[0], xs[0]
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[0], statistics.median(xs), q[2]


def _rate(m: dict) -> float:
    return m["decisions"] / m["cpu_s"]


def _describe(side: str, row: str, m: dict) -> str:
    per, one = ("runs", "run") if row.startswith("runs") else ("matches", "match")
    text = (f"{side:>3} {_rate(m) / 1e6:6.3f} M dec/s  {m['units'] / m['cpu_s']:>9,.0f} {per}/s  "
            f"{m['decisions'] / max(1, m['units']):6.1f} dec/{one}")
    if row.startswith("runs"):
        text += f"  floor {m['floors'] / max(1, m['units']):5.2f}"
    text += f"  won {m['wins'] / max(1, m['units']):6.2%}"
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a measurement")
    ap.add_argument("--source", help="sts_lightspeed: a git directory or checkout (default: clone it)")
    ap.add_argument("--json-source", help="nlohmann/json: a git directory or checkout")
    ap.add_argument("--cache", help="where the simulator is cloned and built")
    ap.add_argument("--rows", default=",".join(ROWS))
    ap.add_argument("--eve-python", default=sys.executable)
    ap.add_argument("--eve-path", default=os.path.join(os.path.dirname(HERE), "src"))
    ap.add_argument("--json-out")
    a = ap.parse_args()
    rows = [r for r in a.rows.split(",") if r]
    for r in rows:
        if r not in ROWS:
            raise SystemExit(f"no row {r!r} (rows: {', '.join(ROWS)})")

    builder = _load_builder()
    kw = {"cache": a.cache} if a.cache else {}
    built = builder.build(a.source, a.json_source, **kw)
    print(f"simulator {built['commit'][:12]} (C++{built['cxx_standard']}, {built['cxx_flags']}), "
          f"{built['compiler']}", flush=True)

    shims: list[str] = []
    env = dict(os.environ, PYTHONPATH=_eve_pythonpath(a.eve_path, shims))
    worker = subprocess.Popen([a.eve_python, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env=env)
    assert worker.stdin and worker.stdout
    ready = json.loads(worker.stdout.readline())
    eve_commit = subprocess.run(["git", "-C", a.eve_path, "describe", "--always", "--dirty"],
                                capture_output=True, text=True).stdout.strip()
    print(f"eve {eve_commit} at {a.eve_path}: party {', '.join(ready['heroes'])}; "
          f"{len(ready['encounters'])} Encounters", flush=True)
    if ready["run_runs"] is not True:
        why = "no eve.core.playout.run_runs in this build" if ready["run_runs"] is False else ready["run_runs"]
        skipped = [r for r in rows if r.startswith("runs")]
        if skipped:
            print(f"skipping {', '.join(skipped)}: {why}", flush=True)
        rows = [r for r in rows if not r.startswith("runs")]

    def eve(row: str, seed: int) -> dict:
        worker.stdin.write(f"{row} {a.seconds} {seed}\n")
        worker.stdin.flush()
        return json.loads(worker.stdout.readline())

    pairs: dict[str, list[dict]] = {r: [] for r in rows}
    for i in range(a.pairs):
        seed = 1 + i * 1_000_000
        for row in rows:
            if i % 2 == 0:
                sim = _sim(built["driver"], row, a.seconds, seed)
                ev = eve(row, seed)
            else:
                ev = eve(row, seed)
                sim = _sim(built["driver"], row, a.seconds, seed)
            ratio = _rate(ev) / _rate(sim)
            pairs[row].append({"sim": sim, "eve": ev, "ratio": ratio})
            print(f"pair {i + 1:>2} {row:<21} {_describe('sim', row, sim)}\n"
                  f"{'':>30}{_describe('eve', row, ev)}\n{'':>30}eve/sim {ratio:.3f}", flush=True)
    worker.stdin.close()
    worker.wait()
    for shim in shims:
        shutil.rmtree(shim)

    summary = {}
    print("\nrow                    eve/sim decisions per CPU second: median [quartiles]")
    for row in rows:
        q1, med, q3 = _quartiles([p["ratio"] for p in pairs[row]])
        sims = [_rate(p["sim"]) for p in pairs[row]]
        eves = [_rate(p["eve"]) for p in pairs[row]]
        summary[row] = {"ratio_median": med, "ratio_q1": q1, "ratio_q3": q3,
                        "sim_decisions_per_s_median": statistics.median(sims),
                        "eve_decisions_per_s_median": statistics.median(eves)}
        print(f"{row:<22} {med:.3f} [{q1:.3f}-{q3:.3f}]  (sim {statistics.median(sims) / 1e6:.3f} M/s, "
              f"eve {statistics.median(eves) / 1e6:.3f} M/s, medians)")
    if a.json_out:
        with open(a.json_out, "w", encoding="utf-8") as f:
            json.dump({"simulator": built, "eve": {"commit": eve_commit, **ready},
                       "seconds": a.seconds, "pairs": pairs, "summary": summary}, f, indent=1)


if __name__ == "__main__":
    main()
