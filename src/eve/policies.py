"""Match policies by name: `make_match_policy(name, seed)` gives a callable (Match) -> action code.

A policy is made for one match (or one run's fights) with a seed, and called before each
decision; it returns a legal action code and never changes the match. Every randomness it uses
comes from its seed and the decision's number, never from a match stream, so the same seed
plays the same match. Built in (see docs/search.md for what each sees):

- ``random``: uniform over the legal actions (the core's policy stream).
- ``greedy``: the core's one-ply lookahead on copies of the true state. It is not honest: its
  copies draw the real cards and the Encounter's real rolls while the Stack resolves.
- ``greedy-honest``: the same lookahead on a determinized copy (eve.core.flat.greedy_honest).
- ``flat-N`` (``flat-8``, ``flat-32``, ``flat-128`` or any N): flat Monte Carlo, N rollouts per
  legal action on determinized copies, no tree (eve.core.flat.flat_choice).
- ``mcts-N``: the native search (`eve.search.mcts`, its defaults) with N iterations.
- ``reference-N``: the search with N iterations that sees the hidden cards and streams
  (`see_hidden=True`): a ceiling, not a player.

Run policies (a callable (Run) -> int, `eve.run_policies`) are made by `make_run_policy`, which
looks the name up in `eve.run_policies.POLICIES`; `fights_by(match_name, outside)` makes one
that plays its fights with a match policy and the rest with another run policy, for a
search-backed run policy to build on.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eve.core.match import Match
    from eve.core.run import Run

MatchPolicy = Callable[["Match"], int]
RunPolicy = Callable[["Run"], int]

MIX = 1_000_003     # a decision's seed: seed * MIX + its number, as `eve simulate --policy mcts`


def _decision_seeds(seed: int) -> Callable[[], int]:
    k = [0]

    def nxt() -> int:
        s = (seed * MIX + k[0]) % 2**64
        k[0] += 1
        return s
    return nxt


def _native(name: str) -> Callable[[int], MatchPolicy]:
    def make(seed: int) -> MatchPolicy:
        from eve.core.playout import choose
        nxt = _decision_seeds(seed)

        def policy(match: Match) -> int:
            return int(choose(match, name, nxt()))
        return policy
    return make


def _greedy_honest(seed: int) -> MatchPolicy:
    from eve.core.flat import greedy_honest
    nxt = _decision_seeds(seed)

    def policy(match: Match) -> int:
        return int(greedy_honest(match, nxt()))
    return policy


def _forced(match: Match) -> int | None:
    """The one legal action when there is only one (no search needed), else None."""
    legal = match.legal_action_codes()
    if not legal:
        raise ValueError("the match is over: there is no action to choose")
    return legal[0] if len(legal) == 1 else None


def _per_decision(choose: Callable[[Match, int], int]) -> Callable[[int], MatchPolicy]:
    """A factory of policies that call `choose(match, seed)` at every decision with more than
    one legal action (a forced one is played as it is), with a new seed each decision."""
    def make(seed: int) -> MatchPolicy:
        nxt = _decision_seeds(seed)

        def policy(match: Match) -> int:
            one = _forced(match)
            return one if one is not None else choose(match, nxt())
        return policy
    return make


def flat(playouts: int, max_depth: int = 20) -> Callable[[int], MatchPolicy]:
    """Flat Monte Carlo: `playouts` random playouts for each legal action (`eve.core.flat`)."""
    def choose(match: Match, seed: int) -> int:
        from eve.core.flat import flat_choice
        return int(flat_choice(match, playouts, seed, max_depth)[0])
    return _per_decision(choose)


def search(iterations: int, see_hidden: bool = False, **options: object) -> Callable[[int], MatchPolicy]:
    """A factory of policies that search every decision with more than one legal action
    (`eve.search.mcts` with `options`; a forced one is played without a search)."""
    def choose(match: Match, seed: int) -> int:
        from eve.search import mcts
        return mcts(match, iterations=iterations, seed=seed, see_hidden=see_hidden,
                    **options).action.code  # type: ignore[arg-type]
    return _per_decision(choose)


# fixed names; "flat-N", "mcts-N" and "reference-N" take any N (see make_match_policy)
MATCH_POLICIES: dict[str, Callable[[int], MatchPolicy]] = {
    "random": _native("random"),
    "greedy": _native("greedy"),
    "greedy-honest": _greedy_honest,
    "flat-8": flat(8),
    "flat-32": flat(32),
    "flat-128": flat(128),
    "mcts-1000": search(1000),
    "reference-1000": search(1000, see_hidden=True),
}
_SIZED = {"flat": flat, "mcts": search,
          "reference": lambda n: search(n, see_hidden=True)}
_SIZED_NAME = re.compile(r"(flat|mcts|reference)-([1-9][0-9]{0,9})$")


def match_policy_names() -> list[str]:
    return [*MATCH_POLICIES, "flat-N", "mcts-N", "reference-N"]


def make_match_policy(name: str, seed: int = 0) -> MatchPolicy:
    """A fresh match policy `name` (seeded: the same seed plays the same match)."""
    if name in MATCH_POLICIES:
        return MATCH_POLICIES[name](seed)
    m = _SIZED_NAME.match(name)
    if m and int(m.group(2)) < 2**31:
        return _SIZED[m.group(1)](int(m.group(2)))(seed)      # type: ignore[operator]
    raise ValueError(f"no match policy {name!r} (policies: {', '.join(match_policy_names())})")


def play_match(engine: object, seed: int, heroes: list[str], encounter: str,
               policy: str | MatchPolicy, policy_seed: int | None = None) -> tuple[str, int, int]:
    """Play one match (`engine.new_match(seed, heroes, encounter)`) with a policy (a name, made
    with `policy_seed`, the match seed by default); (outcome, rounds, decisions)."""
    m = engine.new_match(seed=seed, heroes=heroes, encounter=encounter)  # type: ignore[attr-defined]
    choose = (make_match_policy(policy, seed if policy_seed is None else policy_seed)
              if isinstance(policy, str) else policy)
    while not m.is_over:
        m.apply(choose(m))
    return m.outcome, m.round, len(m.actions)


def make_run_policy(name: str, seed: int) -> RunPolicy:
    """A run policy from `eve.run_policies.POLICIES` (where run-level policies register)."""
    from eve.run_policies import make_policy
    return make_policy(name, seed)


def fights_by(match_name: str, outside: str = "greedy") -> Callable[[int], RunPolicy]:
    """A run-policy factory that plays fights with the match policy `match_name` (made once a
    run with the run's seed) and every decision out of fights with the run policy `outside`."""
    def make(seed: int) -> RunPolicy:
        fight = make_match_policy(match_name, seed)
        rest = make_run_policy(outside, seed)

        def policy(run: Run) -> int:
            m = run.match
            return fight(m) if m is not None else rest(run)
        return policy
    return make
