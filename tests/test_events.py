"""The event log: nothing is dropped, each action's events can be read alone, and every event
carries the fields the vocabulary names."""
import warnings

import pytest

import eve
import eve_content
from eve.plugins.data import DataPack

# a party with no card, no ability and attacks it cannot afford: the player's only choice is to
# end the phase, which the engine makes for it, so the whole match runs inside new_match (one
# call into the core)
IDLE = DataPack("idle", requires=["core"], rules={"max_rounds": 999, "costs": {
                    "play_support": 2, "deploy": 2, "activate": 1, "attack": 99}},
                heroes={"statue": {"max_hp": 30, "power": 0, "cards": []}},
                units={"mute": {"kind": "enemy_hero", "max_hp": 30, "power": 0}},
                encounters={"stare": {"roster": ["mute"], "initiative": 5, "script": [
                    {"move": "effect", "phase": "main", "effect": [{"op": "draw", "n": 0}]}] * 5}})


@pytest.fixture(scope="module")
def idle():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", eve.ContentWarning)       # it never acts: on purpose
        return eve.Engine(packs=[eve_content, IDLE], rules=["idle"])


def test_no_event_is_dropped_however_many_one_call_makes(idle):
    m = idle.new_match(seed=1, heroes=["idle:statue"], encounter="idle:stare")
    assert m.is_over and m.round == 999
    events = m.events
    assert len(events) > 16_384 and m.n_events == len(events)
    assert m.events_lost == 0
    assert events[-1].kind == "outcome" and events[-1].fields["round"] == 999
    rounds = [e.fields["round"] for e in events if e.kind == "phase"]
    assert rounds == sorted(rounds) and rounds[-1] == 999


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
