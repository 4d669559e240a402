"""The event log: nothing is dropped, each action's events can be read alone, and every event
carries the fields the vocabulary names."""
import warnings

import pytest

import eve
from eve.testing import build_engine, scenario

# three Relics whose turn-start triggers each try 8 x 999 draws from an empty Archive and Abyss:
# the one call that ends the player's turn runs the Encounter's and the next Beginning, and
# logs about 24,000 skipped draws
SINK = [{"op": "draw", "n": 999}] * 8
IDLE = {"heroes": {"statue": {"max_hp": 30, "power": 0, "cards": []}},
        "cards": {"sink": {"kind": "relic", "trigger": {"on": "turn_start", "effect": SINK}}},
        "units": {"mute": {"kind": "enemy_hero", "max_hp": 30, "power": 0}},
        "encounters": {"stare": {"roster": ["mute"], "initiative": 1, "script": [
            {"move": "effect", "phase": "main", "effect": [{"op": "draw", "n": 0}]}]}}}


@pytest.fixture(scope="module")
def idle():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", eve.ContentWarning)       # it never acts: on purpose
        return build_engine("idle", requires=["core"], **IDLE)


def test_no_event_is_dropped_however_many_one_call_makes(idle):
    m = scenario(idle, heroes=["idle:statue"], encounter="idle:stare", rift=[],
                 lattice=["idle:sink"] * 3, phase="combat")
    before = m.n_events
    m.apply(next(a for a in m.legal_actions() if a.kind == "end_phase"))
    fresh = m.events_since(before)
    assert len(fresh) > 16_384 and m.n_events == before + len(fresh)
    assert m.events_dropped == 0
    assert sum(e.kind == "draw_skipped" for e in fresh) == 3 * 8 * 999 + 1     # + the hand floor
    assert fresh[-1].kind == "phase" and m.round == 2


def test_events_since_gives_one_actions_events(engine):
    m = engine.new_match(seed=5)
    before = m.n_events
    m.apply(m.legal_actions()[0])
    fresh = m.events_since(before)
    assert fresh and fresh == m.events[before:]
    assert m.events_since(m.n_events) == []
    with pytest.raises(ValueError):
        m.events_since(-1)


def test_a_clone_starts_with_an_empty_log_and_grows_its_own(engine):
    m = engine.new_match(seed=5)
    c = m.clone()
    assert c.n_events == 0 and c.events == []
    c.apply(c.legal_actions()[0])
    assert c.n_events > 0 and m.n_events == len(m.events)
