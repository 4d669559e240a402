"""Every run action keeps the run's invariants (tests/run_invariants.py): many random and
greedy runs of tests/run_support.py's hand-made run, checked after every action; and the
checks themselves can fail (each one, shown a run whose public view is corrupted in exactly
the way it looks for, raises AssertionError)."""
from __future__ import annotations

import functools
import random

import pytest
from run_invariants import RunTracker, check_run
from run_support import easy_engine, fight_action, prefer, run_engine

ENGINES = {
    # greedy fights won: rewards, shops, events, sites, act 2 and wins
    "easy": lambda: easy_engine(),
    # a shop-rich run with removals and a small deck cap, Relics with run triggers
    "shops": lambda: easy_engine(
        weights={"shop": 40, "event": 30, "forge": 20}, config={"aurorune": 300, "deck_cap": 22,
                                                                 "relic_cap": 3},
        relic_run={"core:war_banner": {"fight_won": [("add_card", "none", 1, "core:insight")]},
                   "core:ember_idol": {"picked_up": [("remove_card", "random_card", 0, None)],
                                       "act_start": [("upgrade_card", "random_card", 0, None)]},
                   "core:vigil_lamp": {"fight_won": [("hurt", "party", 3, None)]}}),
    # fair fights: heroes fall, runs are lost
    "hard": lambda: run_engine(hero_hp=14, foe_hp=6),
    # short fights that time out
    "timeouts": lambda: run_engine(hero_hp=60, foe_hp=30, match_config={"max_rounds": 3}),
}


def _play(name, seed, *, random_fights, try_all):
    engine = ENGINES[name]()
    run = engine.new_run(seed) if seed % 3 == 0 else engine.new_run(
        seed, party=engine.default_heroes())
    t = RunTracker(run)
    rng = random.Random(seed)
    chooser = prefer("shop", "event", "forge", "elite") if seed % 2 else None
    while not run.is_over:
        assert t.steps < 5000
        if run.in_fight:
            code = (rng.choice(run.legal_action_codes()) if random_fights
                    else fight_action(run, rng.randrange(2**32)))
        elif chooser is not None:
            code = chooser(run, run.legal_action_codes(), rng)
        else:
            code = rng.choice(run.legal_action_codes())
        t.apply(code, try_all=try_all)
    return run, t


@pytest.mark.parametrize("name", list(ENGINES))
def test_invariants_hold_after_every_action(name):
    outcomes = set()
    steps = 0
    seen = set()
    for seed in range(8):
        run, t = _play(name, seed, random_fights=name == "timeouts" or seed % 4 == 3,
                       try_all=seed < 3)
        outcomes.add(run.outcome)
        steps += t.steps
        seen |= t.seen
    assert steps > 300
    if name in ("easy", "shops"):
        assert {("party", "recruit"), ("path", "travel"), ("reward", "take"),
                ("reward", "leave"), ("shop", "take"), ("shop", "remove"), ("shop", "leave"),
                ("site", "option"), ("event", "option")} <= seen, seen
    if name == "easy":
        assert "win" in outcomes
    if name == "hard":
        assert "loss" in outcomes


SHAPES = {
    "narrow": dict(acts=[{"floors": 3, "width": 2, "paths": 1, "elite_floor": 2}] * 3),
    "wide": dict(acts=[{"floors": 15, "width": 8, "paths": 8, "elite_floor": 2}]),
    "one hero": dict(config={"party": 1, "deck_cap": 8, "relic_cap": 0},
                     acts=[{"floors": 6, "width": 7, "paths": 6, "elite_floor": 1}] * 4),
    "tiny caps": dict(config={"deck_cap": 10, "relic_cap": 1, "aurorune": 999},
                      weights={"shop": 50, "event": 20, "forge": 20}),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_invariants_on_edge_shapes(shape):
    knobs = dict(SHAPES[shape])
    pools = {"fights": ["core:ash_warband", "core:hollow_court"], "elites": ["core:wyrm_lair"],
             "bosses": ["core:midnight_throne"]}
    if "acts" in knobs:
        knobs["acts"] = [{**a, **pools} for a in knobs["acts"]]
    e = easy_engine(**knobs)
    outcomes = set()
    for seed in range(4):
        party = e.default_heroes()[:e.catalog.tables.run_config["party"]]
        run = e.new_run(seed, party=party)
        t = RunTracker(run)
        rng = random.Random(seed)
        while not run.is_over:
            code = fight_action(run, rng.randrange(99)) if run.in_fight else \
                rng.choice(run.legal_action_codes())
            t.apply(code, try_all=seed == 0 and not run.in_fight)
        outcomes.add(run.outcome)
    assert "win" in outcomes


@functools.cache
def random_run_engine(pack: int | None, seed: int):
    """An engine of random run content (run_support.random_run_knobs) over the built-in pack
    (pack None) or random pack `pack` (tests/random_packs.py)."""
    import warnings

    from random_packs import random_engine
    from run_support import load_hand_run, random_run_knobs

    import eve
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        base = eve.Engine() if pack is None else random_engine(pack)
    return load_hand_run(base, **random_run_knobs(base.catalog, seed))


@pytest.mark.parametrize("pack", [None, 3, 11, 42, 57])
def test_invariants_hold_on_random_run_content(pack):
    outcomes = set()
    seen = set()
    for seed in range(6):
        e = random_run_engine(pack, seed)
        n = e.catalog.tables.run_config["party"]
        run = e.new_run(seed) if seed % 2 else e.new_run(seed, party=e.default_heroes()[:n]) \
            if len(e.default_heroes()) >= n else e.new_run(seed)
        t = RunTracker(run)
        rng = random.Random(seed)
        while not run.is_over:
            assert t.steps < 20000
            code = fight_action(run, rng.randrange(99)) if run.in_fight else \
                rng.choice(run.legal_action_codes())
            t.apply(code, try_all=seed < 2 and not run.in_fight)
        outcomes.add(run.outcome)
        seen |= t.seen
    assert ("path", "travel") in seen and len(seen) >= 6, seen


# ---------------------------------------------------------------- the checks can fail


class View:
    """A run with some of its public attributes replaced (see tests/test_match_invariants)."""

    def __init__(self, r, **over):
        self._r = r
        self._over = over

    def __getattr__(self, name):
        real = getattr(self._r, name)
        if name not in self._over:
            return real
        f = self._over[name]
        return (lambda *a: f(self._r, *a)) if callable(real) else f(self._r)

    def clone(self):
        return View(self._r.clone(), **self._over)


@functools.cache
def _mid_run():
    """A run at a shop after a won fight."""
    e = easy_engine(weights={"shop": 50, "fight": 50})
    run = e.new_run(4, party=e.default_heroes())
    rng = random.Random(4)
    while not (run.phase == "shop" and run.fights_won >= 1):
        run.apply(fight_action(run, rng.randrange(99)) if run.in_fight
                  else rng.choice(run.legal_action_codes()))
    return run


def _hero(i, **kw):
    return lambda r: [dict(h, **kw) if h["slot"] == i else h for h in r.party]


BROKEN_STATES = {
    "hp above max": dict(party=_hero(0, hp=999)),
    "hp zero alive": dict(party=_hero(1, hp=0)),
    "fallen with hp": dict(party=_hero(2, alive=False)),
    "ambition out of range": dict(party=_hero(0, ambition=21)),
    "aurorune negative": dict(aurorune=lambda r: -1),
    "aurorune past limit": dict(aurorune=lambda r: 10**5),
    "over with actions": dict(is_over=lambda r: True, phase=lambda r: "over",
                              outcome=lambda r: "loss"),
    "actions listed twice": dict(legal_action_codes=lambda r: [1 << 24, 1 << 24]),
    "no actions": dict(legal_action_codes=lambda r: []),
    "relic twice": dict(relics=lambda r: ["core:war_banner", "core:war_banner"]),
    "offer twice": dict(offer=lambda r: [("core:insight", 5), ("core:insight", 6)]),
    "offer outside a node": dict(phase=lambda r: "path"),
    "deck past its cap": dict(deck=lambda r: r.deck * 5),
    "clone differs": dict(state_hash=lambda r: random.getrandbits(63)),
}


@pytest.mark.parametrize("what", list(BROKEN_STATES))
def test_check_run_catches(what):
    run = _mid_run()
    check_run(run)
    with pytest.raises(AssertionError):
        check_run(View(run, **BROKEN_STATES[what]))


def test_tracker_catches_a_changed_map_a_returning_hero_and_a_lost_card():
    run = _mid_run().clone()
    t = RunTracker(run)
    t.map = {"floors": [], "edges": {}, "act": 1}
    with pytest.raises(AssertionError, match="map changed"):
        t.apply(run.legal_action_codes()[-1])
    run = _mid_run().clone()
    t = RunTracker(run)
    t.fallen = {"core:aldric"}
    with pytest.raises(AssertionError, match="came back"):
        t.apply(run.legal_action_codes()[-1])
    run = _mid_run().clone()
    t = RunTracker(View(run, deck=lambda r: r.deck[1:] if r.phase != "shop" else r.deck))
    with pytest.raises(AssertionError):
        t.apply(run.legal_action_codes()[-1])


@pytest.mark.parametrize("pack", range(0, 40, 4))
def test_invariants_hold_on_random_packs_own_run_content(pack):
    """A random pack's run content (tests/random_runs.py, through the pipeline: acts, events,
    sites, rewards, a shop, rarities, upgraded forms, Relics' run triggers) plays under the
    run's invariants, random decisions in and out of fights."""
    import warnings

    from random_packs import random_engine
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = random_engine(pack)
    assert e.catalog.tables.has_run
    for seed in range(3):
        run = e.new_run(seed)           # the party recruited by actions
        t = RunTracker(run)
        rng = random.Random(seed)
        while not run.is_over:
            assert t.steps < 20000
            t.apply(rng.choice(run.legal_action_codes()), try_all=seed == 0 and not run.in_fight)
