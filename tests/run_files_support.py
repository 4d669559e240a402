"""A run to test with today: the built-in content has no acts yet (the run content pipeline and
the built-in acts are being written), so `run_engine()` loads a hand-made spec["run"] into an
Engine's tables as /work/coord/runtry.py does. The coordinator switches it to the real content
(`eve.Engine()`) when that lands; the golden run snapshots are then made again
(tests/golden/make_golden_runs.py).

`walk(engine, seed, policy)` plays a run with a seeded policy and yields it before each action.
"""
from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import eve

NODE_WEIGHTS = {"fight": 50, "elite": 10, "event": 20, "sanctum": 10, "forge": 5, "shop": 5,
                "boss": 0}


def run_spec(engine: eve.Engine) -> dict:
    """Two acts of 8 floors on the engine's Encounters, an event, both sites, rewards, a shop;
    the heroes' starting cards are of the starter rarity (never offered)."""
    c = engine.catalog
    starters = {k for h in range(3) for k in c.start_cards(h)}     # the default party's
    cards = []
    for i, cid in enumerate(c.card_ids):
        d = c.cards[cid]
        cards.append({"rarity": 0 if i in starters else 1 + i % 3, "hero": -1, "upgrade": -1,
                      "price": d.get("aurorune", 50) or 50,
                      "run": {"picked_up": -1, "fight_won": -1, "act_start": -1}})
    act = {"floors": 8, "width": 7, "paths": 5, "elite_floor": 3, "nodes": NODE_WEIGHTS}
    n = len(c.encounter_ids)            # 5 built in; the frozen pack has 1

    def enc(*ks: int) -> list[int]:
        return [k % n for k in ks]
    return {
        "player_heroes": len(c.player_heroes),
        "config": {"party": 3, "aurorune": 99, "deck_cap": 40, "drift": 1, "relic_cap": 8,
                   "ambition_cap": 20},
        "acts": [{**act, "fights": enc(0, 1), "elites": enc(2), "bosses": enc(3)},
                 {**act, "fights": enc(1, 2), "elites": enc(4), "bosses": enc(3)}],
        "options": [{"cost_aurorune": 10}, {"target": 1}, {"cond": (0, 0, 50)}],
        "events": [{"acts": 0, "options": (0, 3)}],
        "sites": [{"node": 4, "options": (0, 2)}, {"node": 5, "options": (1, 2)}],
        "rewards": [
            {"node": 1, "aurorune": (10, 20), "cards": 3,
             "rarity": {"common": 60, "uncommon": 37, "rare": 3}},
            {"node": 2, "aurorune": (25, 35), "cards": 3,
             "rarity": {"common": 50, "uncommon": 40, "rare": 10}, "relics": 1, "ambition": 1},
            {"node": 7, "aurorune": (90, 100), "cards": 3,
             "rarity": {"common": 0, "uncommon": 0, "rare": 1}, "relics": 1, "ambition": 1}],
        "shop": {"cards": 5, "relics": 2, "rarity": {"common": 55, "uncommon": 35, "rare": 10},
                 "removal": 75, "removal_step": 25},
        "cards": cards, "heroes": [{"drift": 1} for _ in c.hero_ids]}


def with_runs(engine: eve.Engine) -> eve.Engine:
    """`engine` with the hand-made run content loaded in place of its own: the files' tests
    (their field ranges, cross-checks and goldens) are written for its two acts and pools."""
    engine.catalog.tables._load_run(run_spec(engine))
    return engine


@functools.lru_cache(maxsize=1)
def run_engine() -> eve.Engine:
    """The built-in Engine with a run: shared by the tests (a run never changes its engine)."""
    return with_runs(eve.Engine())


def walk(engine: eve.Engine, seed: int, policy: str = "random",
         party: list[str] | None = None) -> Iterator[tuple[eve.Run, int | None]]:
    """Play one run of `seed`: yields (run, action) before each action and (run, None) at the
    end. random: uniform over the legal actions; greedy: the policies of eve.run_policies."""
    from eve.run_policies import make_policy

    r = engine.new_run(seed, party=party)
    choose = make_policy(policy, seed)
    while not r.is_over:
        a = choose(r)
        yield r, a
        r.apply(a)
    yield r, None


def random_runs(engine: eve.Engine, seeds, party_choice: bool = False) -> Iterator[eve.Run]:
    """Runs of seeded random play, each at its end (party_choice: the party recruited too)."""
    for s in seeds:
        r = engine.new_run(s, party=None if party_choice else engine.default_heroes())
        rng = random.Random(s)
        while not r.is_over:
            r.apply(rng.choice(r.legal_action_codes()))
        yield r
