"""Policies that play a whole run (rules U01-U21): what `eve run` and `eve simulate --runs` use.

A policy is made for one run by `make_policy(name, seed)` and called with the Run before each
decision; it returns a legal action code and never changes the run. Two are built in:

- ``random``: uniform over the legal actions, from a `random.Random(seed)` of its own.
- ``greedy``: in a fight the core's greedy policy (`eve.core.playout.choose(run.match,
  "greedy", ...)`, seeded by the run's seed and the decision's number); out of fights a small
  heuristic, the same every time:

  * the party: the first heroes offered (the content's order);
  * the path: the next node by a fixed preference: a Sanctum first when the party is hurt
    (living hp below half of its max), else a fight, an event, a shop, a Forge, a Sanctum, and
    an elite last (a boss floor has one node); ties by the leftmost column;
  * a reward: the first card offered (the deck grows), else skip;
  * a shop: the cheapest item it can pay for (a card or a Relic), until none; then leave;
  * a site or an event: each open option is tried on a copy whose hidden draws are re-sampled
    (`Run.determinize`: the policy never sees the run's future) and the best outcome by
    `value` is taken: hp (so it rests when hurt), then upgrades, Relics, Ambition, aurorune;
    ties by the first option.

Later policies (`eve.policies`) register in POLICIES: a name and a factory of that signature.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from eve.encoding import ACTION_KIND_NAMES, KIND_SHIFT, SOURCE_SHIFT

if TYPE_CHECKING:
    from eve.core.run import Run

Policy = Callable[["Run"], int]

KIND = {name: code for code, name in ACTION_KIND_NAMES.items()}
# where the greedy policy travels, most wanted first (a hurt party puts the Sanctum first)
PATH_PREFERENCE = ("fight", "event", "shop", "forge", "sanctum", "elite", "boss")
HURT = 0.5


def kind_of(code: int) -> str:
    return ACTION_KIND_NAMES.get(code >> KIND_SHIFT, "?")


def source_of(code: int) -> int:
    return (code >> SOURCE_SHIFT) & 0xFF


def make_random(seed: int) -> Policy:
    rng = random.Random(seed)

    def choose(run: Run) -> int:
        return rng.choice(run.legal_action_codes())
    return choose


def hp_share(run: Run) -> float:
    """The living heroes' hp as a share of their max hp (0 when none lives)."""
    living = [h for h in run.party if h["alive"]]
    total = sum(h["max_hp"] for h in living)
    return sum(h["hp"] for h in living) / total if total else 0.0


def value(run: Run) -> float:
    """How good a run's position looks to the greedy policy: living heroes and their hp first,
    then upgraded cards, Relics, Ambition and aurorune."""
    living = [h for h in run.party if h["alive"]]
    return (1000.0 * len(living) + 100.0 * hp_share(run)
            + 3.0 * sum(c.endswith("+") for c in run.deck) + 5.0 * len(run.relics)
            + sum(h["ambition"] for h in living) + run.aurorune / 100.0)


def _path(run: Run, codes: list[int]) -> int:
    m = run.map or {}
    floors = m.get("floors", [])
    nxt = run.floor                       # the next floor's index (run.floor is 1-based)
    order = list(PATH_PREFERENCE)
    if hp_share(run) < HURT:
        order.remove("sanctum")
        order.insert(0, "sanctum")

    def rank(code: int) -> tuple[int, int]:
        col = source_of(code)
        kind = floors[nxt][col] if nxt < len(floors) else None
        return (order.index(kind) if kind in order else len(order), col)
    return min(codes, key=rank)


def _shop(run: Run, codes: list[int]) -> int:
    buys = [c for c in codes if kind_of(c) == "take"]
    if buys:
        offer = run.offer

        def price(code: int) -> int:
            item = offer[source_of(code)]
            return item[1] if item is not None else 0
        return min(buys, key=lambda c: (price(c), source_of(c)))
    return next(c for c in codes if kind_of(c) == "leave")


def _scene(run: Run, codes: list[int], seed: int) -> int:
    def outcome(code: int) -> float:
        r = run.determinize(seed)
        r.apply(code)
        return value(r)
    return max(codes, key=lambda c: (outcome(c), -codes.index(c)))


def make_greedy(seed: int) -> Policy:
    from eve.core.playout import choose as native_choose
    step = [0]

    def choose(run: Run) -> int:
        step[0] += 1
        fight = run.match
        if fight is not None:
            return int(native_choose(fight, "greedy", (seed * 1_000_003 + step[0]) % 2**64))
        codes = run.legal_action_codes()
        phase = run.phase
        if phase == "path":
            return _path(run, codes)
        if phase == "reward":
            return next((c for c in codes if kind_of(c) == "take"), codes[-1])
        if phase == "shop":
            return _shop(run, codes)
        if phase in ("site", "event") and len(codes) > 1:
            return _scene(run, codes, (seed + step[0]) % 2**64)
        return codes[0]
    return choose


POLICIES: dict[str, Callable[[int], Policy]] = {"random": make_random, "greedy": make_greedy}


def make_policy(name: str, seed: int) -> Policy:
    """A fresh policy `name` for one run (seeded: the same seed plays the same run)."""
    try:
        return POLICIES[name](seed)
    except KeyError:
        raise ValueError(f"no run policy {name!r} (policies: {', '.join(POLICIES)})") from None
