"""Seeded work for instruction counts under callgrind (BENCHMARKS.md gives the commands).

    python benchmarks/cgwork.py playouts N    N random matches of run_matches, seeds 0..N-1
    python benchmarks/cgwork.py mcts N        an N-iteration search of the mid position, seed 1

EVE_AB_PACK names a pack folder to play alone (tests/packs/prev_builtin: the built-in pack
frozen at ecc7fe2); without it the checkout's built-in pack plays. The same work on two builds
plays the same matches, so the counts compare the engines, not the work.
"""
import importlib.util
import os
import sys

from eve.engine import Engine


def engine_for(pack: str | None) -> Engine:
    if not pack:
        return Engine()
    spec = importlib.util.spec_from_file_location("ab_pack", os.path.join(pack, "__init__.py"),
                                                  submodule_search_locations=[pack])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return Engine(packs=[mod])


def main() -> None:
    engine = engine_for(os.environ.get("EVE_AB_PACK"))
    what, n = sys.argv[1], int(sys.argv[2])
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    print(engine.default_heroes())
    if what == "playouts":
        from eve.core.playout import run_matches
        res = run_matches(engine.content, list(range(n)), heroes, 0, "random")
        # the outcome's code: a build before issue 24 gave it, a later one gives its word
        codes = {None: 0, "win": 1, "loss": 2, "timeout": 3}
        print("decisions", sum(r[-1] for r in res), "outcomes",
              sum(codes.get(r[0], r[0]) for r in res))
    else:
        from eve.bench import _positions
        from eve.search import mcts
        r = mcts(_positions(engine)["mid"], iterations=n, seed=1, max_depth=0, reward="win")
        print("iterations", r.iterations, r.action, r.details.get("rollout_decisions"))


if __name__ == "__main__":
    main()
