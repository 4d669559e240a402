"""The invariant checks of tests/match_invariants.py can fail: each one, shown a match whose
public view is corrupted in exactly the way it looks for, raises AssertionError (and the
uncorrupted match passes)."""
from __future__ import annotations

import functools
import random

import pytest
from frozen_pack import frozen_engine
from match_invariants import Tracker, check_state


class View:
    """A match with some of its public attributes replaced: `over` maps a name to a function
    of (match, *args) giving what that attribute (or method call) returns instead."""

    def __init__(self, m, **over):
        self._m = m
        self._over = over

    def __getattr__(self, name):
        real = getattr(self._m, name)
        if name not in self._over:
            return real
        f = self._over[name]
        return (lambda *a: f(self._m, *a)) if callable(real) else f(self._m)


@functools.cache
def _mid_match():
    """A position with cards in several zones: 30 random actions into a match still going."""
    engine = frozen_engine()
    for seed in range(100):
        m = engine.new_match(seed=seed)
        r = random.Random(seed)
        for _ in range(30):
            if m.is_over:
                break
            m.apply(r.choice(m.legal_action_codes()))
        if not m.is_over and m.zone_cards("archive") and m.zone_cards("rift"):
            return m
    raise AssertionError("no match of the frozen pack lasts 30 actions")


def _hero(side_index=0, **change):
    def heroes(m, side="player"):
        hs = m.heroes(side)
        if side == ("player", "encounter")[side_index]:
            hs[0] = {**hs[0], **change}
        return hs
    return heroes


def _meter(**change):
    return lambda m: {**m.meter, **change}


CORRUPTIONS = {
    "no legal action before the end": dict(legal_action_codes=lambda m: []),
    "an outcome with legal actions": dict(outcome=lambda m: "win", is_over=lambda m: True),
    "is_over without an outcome": dict(is_over=lambda m: True),
    "an unknown outcome": dict(outcome=lambda m: "draw", is_over=lambda m: True),
    "hp above max_hp": dict(heroes=_hero(hp=99, max_hp=14)),
    "negative hp": dict(heroes=_hero(1, hp=-1)),
    "alive at 0 hp": dict(heroes=_hero(hp=0)),
    "negative poison": dict(heroes=_hero(poison=-1)),
    "a fallen list that disagrees": dict(fallen=lambda m, side="player": ["frozen:knight"]),
    "a card in two zones": dict(zone_cards=lambda m, z: m.zone_cards(z) + (
        m.zone_cards("archive")[:1] if z == "rift" else [])),
    "a card in no zone": dict(zone_cards=lambda m, z: m.zone_cards(z)[1:] if z == "archive"
                              else m.zone_cards(z)),
    "card_zone that disagrees": dict(card_zone=lambda m, c: "void" if c == 0 else m.card_zone(c)),
    "more cards than places": dict(n_cards=lambda m: m.n_cards + 1),
    "meter spent above capacity": dict(meter=lambda m: {**m.meter, "spent": m.meter["capacity"] + 1,
                                                        "remaining": -1}),
    "meter remaining that disagrees": dict(meter=_meter(remaining=99)),
    "meter regen": dict(meter=_meter(regen=1)),
    "initiative left above initiative": dict(initiative=lambda m: {"initiative": 1, "left": 2}),
    "round 0": dict(round=lambda m: 0),
    "round past max_rounds": dict(round=lambda m: m.catalog.config["max_rounds"] + 1),
    "a win with an Encounter hero alive": dict(outcome=lambda m: "win", is_over=lambda m: True,
                                               legal_action_codes=lambda m: []),
    "a loss with heroes alive": dict(outcome=lambda m: "loss", is_over=lambda m: True,
                                     legal_action_codes=lambda m: []),
    "player_life that disagrees": dict(player_life=lambda m: m.player_life + 1),
    "the Encounter sees the Rift": dict(observation=lambda m, side="player": {
        **m.observation(side), "rift": m.zone("rift")}),
    "the Encounter sees a choice's options": dict(observation=lambda m, side="player": {
        **m.observation(side), "choice": {"kind": "cards", "options": [0], "ids": ["x"]}}),
    "a Stack past its capacity": dict(stack=lambda m: [{"index": i, "kind": "card", "side": "player",
                                                        "card": None, "countered": False}
                                                       for i in range(25)]),
    "too many World Tasks": dict(tasks=lambda m: [{"progress": {"player": 0, "encounter": 0}}] * 7),
    "lost events": dict(events_dropped=lambda m: 1),
    "a state that restores to another hash": dict(state_hash=lambda m: m.state_hash() ^ 1),
    "a state that does not restore": dict(snapshot=lambda m: m.snapshot()[:-1]),
    "a restored state with other actions": dict(legal_action_codes=lambda m: m.legal_action_codes()[1:]),
}


def test_the_uncorrupted_match_passes():
    m = _mid_match()
    check_state(m)
    check_state(View(m))


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_each_invariant_catches_its_corruption(name):
    m = _mid_match()
    with pytest.raises(AssertionError):
        check_state(View(m, **CORRUPTIONS[name]))


def test_the_tracker_catches_an_outcome_change_a_round_back_and_a_shrinking_log():
    m = _mid_match()
    t = Tracker(View(m, outcome=lambda m: "win"))
    with pytest.raises(AssertionError, match="outcome changed"):
        t.step(m)
    t = Tracker(m)
    with pytest.raises(AssertionError, match="round went back"):
        t.step(View(m, round=lambda m: m.round - 1))
    t = Tracker(m)
    with pytest.raises(AssertionError, match="event log shrank"):
        t.step(View(m, n_events=lambda m: m.n_events - 1))
    t = Tracker(m)
    t.step(m)
