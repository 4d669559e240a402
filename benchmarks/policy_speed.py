"""Speed of the match policies (eve.policies) per process CPU second, over fixed positions.

    python benchmarks/policy_speed.py --positions 40 --rounds 3

The positions: for every built-in Encounter, matches of seeds 0.. walked by random legal
actions for 2..16 steps, kept where the player has more than one legal action. Each round
times every policy once over all positions, the policies interleaved round by round (so a
neighbour's load falls on all of them alike); the best round of each is printed: CPU ms a
choice, and for the searches the rollout or search decisions a CPU second.
"""
import argparse
import random
import time

import eve
from eve.core.flat import flat_choice, greedy_honest
from eve.core.playout import choose
from eve.search import mcts


def positions(engine, n):
    out = []
    encs = list(engine.catalog.encounters)
    seed = 0
    while len(out) < n:
        enc = encs[seed % len(encs)]
        m = engine.new_match(seed=seed, encounter=enc)
        rng = random.Random(seed)
        for _ in range(2 + seed % 15):
            if m.is_over:
                break
            m.apply(rng.choice(m.legal_action_codes()))
        if not m.is_over and len(m.legal_action_codes()) > 1:
            out.append(m)
        seed += 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    engine = eve.Engine()
    ps = positions(engine, a.positions)
    legal = sum(len(m.legal_action_codes()) for m in ps) / len(ps)

    def flat(n):
        return lambda m, s: flat_choice(m, n, s)[2]

    def search(n, **kw):
        def run(m, s):
            r = mcts(m, iterations=n, seed=s, **kw)
            return r.details["tree_decisions"] + r.details["rollout_decisions"]
        return run
    pols = {
        "greedy": lambda m, s: choose(m, "greedy", s) and 0,
        "greedy-honest": lambda m, s: greedy_honest(m, s) and 0,
        "flat-8": flat(8), "flat-32": flat(32), "flat-128": flat(128),
        "mcts-1000": search(1000), "reference-1000": search(1000, see_hidden=True),
    }
    best = {k: (float("inf"), 0) for k in pols}
    for _ in range(a.rounds):
        for name, f in pols.items():
            t0 = time.process_time()
            dec = sum(f(m, i) for i, m in enumerate(ps))
            t = time.process_time() - t0
            if t < best[name][0]:
                best[name] = (t, dec)
    print(f"{len(ps)} positions (mean {legal:.1f} legal actions), best of {a.rounds} rounds, "
          "process CPU time")
    print()
    print("| policy | CPU ms a choice | decisions played a CPU second |")
    print("|---|---:|---:|")
    for name, (t, dec) in best.items():
        rate = f"{dec / t / 1e6:.2f} M" if dec else "–"
        print(f"| {name} | {1e3 * t / len(ps):.3f} | {rate} |")


if __name__ == "__main__":
    main()
