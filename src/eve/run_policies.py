"""Policies that play a whole run (rules U01-U21): what `eve run` and `eve simulate --runs` use.

A policy is made for one run by `make_policy(name, seed)` and called with the Run before each
decision; it returns a legal action code and never changes the run. The built-in ones are the
core's native run policies (`eve.core.playout.RunChooser`, in C), so a run stepped from Python
with one plays exactly the run that `eve.core.playout.run_runs` plays natively for that seed:

- ``random``: uniform over the legal actions, in fights and out, from a stream of its own.
- ``greedy``: in a fight the core's greedy policy (one-ply lookahead); out of fights a small
  heuristic, the same every time:

  * the party: the first heroes offered (the content's order);
  * the path: the next node by a fixed preference: a Sanctum first when the party is hurt
    (living hp below half of its max), else a fight, an event, a shop, a Forge, a Sanctum, and
    an elite last (a boss floor has one node); ties by the leftmost column;
  * a reward: the first card offered (the deck grows), else skip;
  * a shop: the cheapest item it can pay for (a card or a Relic), until none; then leave;
  * a site or an event: each open option is tried on a copy whose hidden draws are re-sampled
    (U18: the policy never sees the run's future) and the best outcome by the run's value is
    taken: living heroes and hp first (so it rests when hurt), then upgraded cards, Relics,
    Ambition, aurorune; ties by the first option.

- ``search``: MCTS in a fight (`eve.search.mcts` on the fight, `iterations` a decision) and
  the run search out of one (`eve.core.run_search.search_run`, `iterations` a decision): both
  sample what the player cannot see from their own streams, never the run's.

Later policies register in POLICIES: a name and a factory of that signature.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from eve.core.playout import RunChooser

if TYPE_CHECKING:
    from eve.core.run import Run

Policy = Callable[["Run"], int]


DEFAULT_ITERATIONS = 1000
# the search's seed for the k-th decision of a run: a policy seed gives one stream of them
SEED_STEP = 1_000_003


def _native(name: str) -> Callable[..., Policy]:
    return lambda seed, iterations=DEFAULT_ITERATIONS: RunChooser(name, seed)


def make_search(seed: int, iterations: int = DEFAULT_ITERATIONS) -> Policy:
    from eve.core.run_search import search_run
    from eve.search import mcts
    step = [0]

    def choose(run: Run) -> int:
        step[0] += 1
        s = (seed * SEED_STEP + step[0]) % 2**64
        fight = run.match
        if fight is not None:
            if len(fight.legal_action_codes()) == 1:
                return int(fight.legal_action_codes()[0])
            return int(mcts(fight, iterations=iterations, seed=s).action.code)
        return int(search_run(run, iterations, seed=s)[0])
    return choose


POLICIES: dict[str, Callable[..., Policy]] = {"random": _native("random"),
                                              "greedy": _native("greedy"),
                                              "search": make_search}


def make_policy(name: str, seed: int, iterations: int = DEFAULT_ITERATIONS) -> Policy:
    """A fresh policy `name` for one run (seeded: the same seed plays the same run);
    `iterations`: the search's budget a decision (the search policy only)."""
    try:
        factory = POLICIES[name]
    except KeyError:
        raise ValueError(f"no run policy {name!r} (policies: {', '.join(POLICIES)})") from None
    return factory(seed, iterations=iterations)
