"""The benchmark pack with every construct (tests/packs/every_construct, issue 14's speed target "a
pack that uses every construct"): it loads alone, plays natively, and its constructs do act in
play: statuses of every kind given, triggers firing, cards created, the Encounter's phases,
weighted pick and wait shown as intents."""
import importlib.util
import random
from pathlib import Path

import pytest

import eve
from eve.core.playout import run_matches

HERE = Path(__file__).parent / "packs" / "every_construct"


@pytest.fixture(scope="module")
def engine():
    spec = importlib.util.spec_from_file_location("every_construct", HERE / "__init__.py",
                                                  submodule_search_locations=[str(HERE)])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return eve.Engine(packs=[mod])


def test_it_plays_natively(engine):
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    res = run_matches(engine.content, list(range(40)), heroes, 0, "random")
    assert len(res) == 40 and all(outcome is not None and d > 0 for outcome, _, d in res)


def test_its_constructs_act_in_play(engine):
    statuses = list(engine.catalog.statuses)
    given: set[str] = set()
    paths: set[str] = set()
    moves: set[str] = set()
    most_cards = 0
    power_or_max_hp: set[int] = set()
    for seed in range(40):
        m = engine.new_match(seed=seed)
        rng = random.Random(seed)
        seen = 0
        while not m.is_over:
            intent = m.intent
            if intent:
                paths.add(intent["path"].split(".")[0])
                moves.add(intent["move"])
            m.apply(rng.choice(m.legal_action_codes()))
            for ev in m.events_since(seen):
                if ev.kind == "status" and ev.b < 0:
                    power_or_max_hp.add(ev.b)       # -1 power (the aura), -2 max hp (a buff)
                elif ev.kind == "status" and ev.c > 0:
                    given.add(statuses[ev.b].split(":")[-1])
            seen = m.n_events
        most_cards = max(most_cards, m.n_cards)
    # strength comes from triggers only (Aldric's card_played, the Ash Chief's damage_taken),
    # surge from the Duelist's every-2nd-attack trigger
    assert {"poison", "vulnerable", "weak", "strength", "surge", "divine_shield", "barricade",
            "corpse"} <= given
    assert most_cards > 18                          # `create` made cards past the three decks
    assert {"phases[0]", "phases[1]"} <= paths      # both phases of the Encounter played
    assert "wait" in moves                          # the weighted pick's wait was drawn
    assert {-1, -2} <= power_or_max_hp              # the Sentinel's aura, the Caller's +max hp
