"""Playing strength: win rates of match policies (eve.policies) over the same seeds per Encounter.

    python benchmarks/strength.py --seeds 200 --policies greedy,flat-128,mcts-1000 \\
        --encounters core:wyrm_lair --pairs mcts-1000~flat-128 > strength.md

Every policy of a row plays the same matches (seeds 0..N-1, the default party), so the columns
are paired: `--pairs a~b` adds, for each Encounter, a's wins minus b's with the discordant
matches (won by one only) and an exact two-sided sign test on them (McNemar's). Each cell is a
win rate with its 95% Wilson interval; `--times` adds the process CPU seconds a match took.
Policies are eve.policies names (random, greedy, greedy-honest, flat-N, mcts-N, reference-N);
`mcts-N:c=0.35:max_depth=10:rollout_greedy=0.1` passes options to eve.search.mcts, the
search seed of each decision derived from the match seed (as `eve simulate --policy mcts`).
`--workers W` spreads the seeds over W processes (the results do not depend on W); the raw
per-seed wins go to --json-out.
"""
import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import eve
from eve.policies import make_match_policy, play_match, search

FLOAT_OPTIONS = {"c", "rollout_greedy", "board_scale"}


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(a_only, b_only):
    """Exact two-sided p of a sign test (McNemar's on the discordant pairs)."""
    n = a_only + b_only
    if n == 0:
        return 1.0
    k = min(a_only, b_only)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def make(spec, seed):
    """A policy from a name with options: `mcts-N:key=value:...`."""
    name, *opts = spec.split(":")
    if not opts:
        return make_match_policy(name, seed)
    if not name.startswith(("mcts-", "reference-")):
        raise SystemExit(f"options are for mcts-N and reference-N, not {spec!r}")
    kw = {}
    for kv in opts:
        k, v = kv.split("=")
        kw[k] = float(v) if k in FLOAT_OPTIONS else int(v)
    n = int(name.split("-")[1])
    return search(n, see_hidden=name.startswith("reference-"), **kw)(seed)


def _cell(job):
    enc, spec, seeds = job
    engine = eve.Engine()
    heroes = engine.default_heroes()
    wins, secs = [], []
    for s in seeds:
        t0 = time.process_time()
        r = play_match(engine, s, heroes, enc, make(spec, s))
        secs.append(time.process_time() - t0)
        wins.append(1 if r[0] == "win" else 0)
    return enc, spec, seeds, wins, secs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--policies", default="random,greedy,greedy-honest,flat-128,mcts-1000")
    ap.add_argument("--encounters", default="")
    ap.add_argument("--pairs", default="", help="a~b,... paired comparisons per Encounter")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--times", action="store_true", help="CPU seconds a match, per cell")
    ap.add_argument("--json-out", default="")
    a = ap.parse_args()
    engine = eve.Engine()
    encs = a.encounters.split(",") if a.encounters else list(engine.catalog.encounters)
    pols = [p for p in a.policies.split(",") if p]
    seeds = list(range(a.first_seed, a.first_seed + a.seeds))
    chunk = max(1, math.ceil(len(seeds) / max(1, a.workers)))
    jobs = [(e, p, seeds[i:i + chunk]) for e in encs for p in pols
            for i in range(0, len(seeds), chunk)]
    wins = {e: {p: {} for p in pols} for e in encs}
    secs = {e: {p: 0.0 for p in pols} for e in encs}
    with ProcessPoolExecutor(max_workers=a.workers) as ex:
        for enc, spec, ss, w, t in ex.map(_cell, jobs):
            wins[enc][spec].update(zip(ss, w))
            secs[enc][spec] += sum(t)
            print(f"{enc} {spec} seeds {ss[0]}..{ss[-1]}: {sum(w)}/{len(w)} "
                  f"({sum(t) / len(t):.3f} CPU s a match)", file=sys.stderr, flush=True)
    n = len(seeds)
    print(f"| Encounter ({n} seeds each) | " + " | ".join(pols) + " |")
    print("|---|" + "---:|" * len(pols))
    for enc in encs:
        cells = []
        for p in pols:
            k = sum(wins[enc][p].values())
            lo, hi = wilson(k, n)
            cell = f"{100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            if a.times:
                cell += f" ({secs[enc][p] / n:.3f} s)"
            cells.append(cell)
        print(f"| `{enc}` | " + " | ".join(cells) + " |")
    pairs = [_pair(x, pols) for x in a.pairs.split(",") if x]
    if pairs:
        print()
        print("| Encounter | pair | difference | won by the first only | by the second only "
              "| sign test p |")
        print("|---|---|---:|---:|---:|---:|")
        for enc in encs:
            for x, y in pairs:
                a_only = sum(1 for s in seeds if wins[enc][x][s] and not wins[enc][y][s])
                b_only = sum(1 for s in seeds if wins[enc][y][s] and not wins[enc][x][s])
                print(f"| `{enc}` | {x} − {y} | {100 * (a_only - b_only) / n:+.1f} pts "
                      f"| {a_only} | {b_only} | {sign_test(a_only, b_only):.3g} |")
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump({"seeds": seeds, "heroes": engine.default_heroes(),
                       "wins": {e: {p: [wins[e][p][s] for s in seeds] for p in pols}
                                for e in encs},
                       "cpu_s": secs}, f, indent=1)


def _pair(text, pols):
    """'a~b': two policy specs of --policies (a spec may hold ':' itself)."""
    if "~" not in text:
        raise SystemExit(f"--pairs takes a~b, not {text!r}")
    x, y = text.split("~", 1)
    for p in (x, y):
        if p not in pols:
            raise SystemExit(f"--pairs: {p!r} is not among --policies")
    return x, y


if __name__ == "__main__":
    main()
