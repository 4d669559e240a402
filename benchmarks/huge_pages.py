"""Tree overhead of the native search with its big arenas on huge pages against plain malloc.

    python benchmarks/huge_pages.py [ITERATIONS] [PAIRS]

Alternates the two settings (`eve.core.search.set_huge_pages`) in one process, same seed per
pair, from the mid position of `eve bench` with full rollouts, and prints the tree overhead
(everything but the rollouts, µs an iteration) of each and their paired ratios. Pairs, because
a neighbour on this machine's other core moves single runs by half: the two runs of a pair
share its conditions.
"""
from __future__ import annotations

import statistics
import sys

from eve.bench import _positions, tree_overhead_us
from eve.core.search import set_huge_pages
from eve.engine import Engine
from eve.search import mcts


def search_overhead_us(match, iterations: int, seed: int) -> float:
    return tree_overhead_us(mcts(match, iterations=iterations, seed=seed, max_depth=0, reward="win"))


def main(iterations: int = 40_000, pairs: int = 10) -> None:
    mid = _positions(Engine())["mid"]
    plain, huge = [], []
    was = set_huge_pages(True)
    try:
        for k in range(pairs):
            for on in ((False, True) if k % 2 == 0 else (True, False)):
                set_huge_pages(on)
                (huge if on else plain).append(search_overhead_us(mid, iterations, k + 1))
    finally:
        set_huge_pages(was)
    ratios = sorted(p / h for p, h in zip(plain, huge))
    print(f"{iterations:,} iterations, {pairs} pairs, tree overhead in µs an iteration")
    print(f"  4 KB pages : min {min(plain):.2f}  median {statistics.median(plain):.2f}")
    print(f"  huge pages : min {min(huge):.2f}  median {statistics.median(huge):.2f}")
    print(f"  4 KB / huge, paired: median {statistics.median(ratios):.2f}  "
          f"({', '.join(f'{r:.2f}' for r in ratios)})")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
