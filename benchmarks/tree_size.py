"""How the search's tree overhead grows with the size of the search, measured in pairs.

    python benchmarks/tree_size.py [--small 1000] [--big 40000] [--pairs 12]

Each pair runs big // small searches of `small` iterations from `eve bench`'s mid position (full
rollouts, distinct seeds) and then one search of `big` iterations: as many iterations each side
(when `small` divides `big`), back to back in one process, so both halves of a pair share the
machine's conditions. Prints each side's best and median tree overhead (µs an iteration, everything but
the rollouts) and the median of the pairs' big / small ratios.
"""
from __future__ import annotations

import argparse
import statistics

from eve.bench import _positions, tree_overhead_us
from eve.engine import Engine
from eve.search import mcts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--small", type=int, default=1000)
    ap.add_argument("--big", type=int, default=40000)
    ap.add_argument("--pairs", type=int, default=12)
    a = ap.parse_args()
    if a.small < 1 or a.big < a.small or a.pairs < 1:
        ap.error("need 1 <= small <= big and pairs >= 1")
    mid = _positions(Engine())["mid"]
    per = a.big // a.small
    small, big = [], []
    for k in range(a.pairs):
        runs = [mcts(mid, iterations=a.small, seed=1000 * k + j, max_depth=0, reward="win")
                for j in range(per)]
        small.append(sum(tree_overhead_us(r) * r.iterations for r in runs)
                     / sum(r.iterations for r in runs))
        big.append(tree_overhead_us(mcts(mid, iterations=a.big, seed=k, max_depth=0, reward="win")))
    ratios = [b / s for s, b in zip(small, big)]
    print(f"{per} x {a.small:,} against 1 x {a.big:,} iterations, {a.pairs} pairs; "
          f"tree overhead in µs an iteration")
    print(f"  {a.small:,}: best {min(small):.2f}  median {statistics.median(small):.2f}")
    print(f"  {a.big:,}: best {min(big):.2f}  median {statistics.median(big):.2f}")
    print(f"  {a.big:,} / {a.small:,}, paired: median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
