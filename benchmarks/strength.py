"""Playing strength: win rates of random, greedy and MCTS over the same seeds per Encounter.

    python benchmarks/strength.py --seeds 200 --iterations 250,1000 > strength.md

Prints a markdown table with 95% Wilson intervals (and writes the raw counts as JSON to
--json-out). MCTS chooses every player decision that has more than one legal action, with
the search seed derived from the match seed (as `eve simulate --policy mcts` does).
"""
import argparse
import json
import math
import sys
import time

import eve
from eve.cli import _mcts_match
from eve.core.playout import run_matches


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--iterations", default="250,1000")
    ap.add_argument("--encounters", default="")
    ap.add_argument("--json-out", default="")
    a = ap.parse_args()
    engine = eve.Engine()
    heroes = engine.default_heroes()
    hidx = [engine.hero_index(h) for h in heroes]
    encs = a.encounters.split(",") if a.encounters else list(engine.catalog.encounters)
    seeds = list(range(a.seeds))
    its = [int(x) for x in a.iterations.split(",") if x]
    rows = {}
    for enc in encs:
        ei = engine.encounter_index(enc)
        row = {}
        for pol in ("random", "greedy"):
            res = run_matches(engine.content, seeds, hidx, ei, pol)
            row[pol] = sum(1 for r in res if r[0] == 1)
        for n in its:
            ns = argparse.Namespace(iterations=n, threads=1, c=1.4, max_depth=20, reward="shaped")
            t0 = time.perf_counter()
            wins = sum(1 for s in seeds if _mcts_match(engine, s, heroes, enc, ns)[0] == 1)
            row[f"mcts{n}"] = wins
            print(f"{enc} mcts{n}: {wins}/{len(seeds)} in {time.perf_counter() - t0:.0f}s",
                  file=sys.stderr, flush=True)
        rows[enc] = row
    cols = ["random", "greedy"] + [f"mcts{n}" for n in its]
    names = {"random": "random", "greedy": "greedy"} | {f"mcts{n}": f"MCTS {n}" for n in its}
    print(f"| Encounter ({len(seeds)} seeds each) | " + " | ".join(names[c] for c in cols) + " |")
    print("|---|" + "---:|" * len(cols))
    for enc, row in rows.items():
        cells = []
        for c in cols:
            lo, hi = wilson(row[c], len(seeds))
            cells.append(f"{100 * row[c] / len(seeds):.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
        print(f"| `{enc}` | " + " | ".join(cells) + " |")
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump({"seeds": len(seeds), "heroes": heroes, "wins": rows}, f, indent=1)


if __name__ == "__main__":
    main()
