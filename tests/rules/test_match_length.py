"""Every match ends (X02): a turn has at most `max_decisions_per_turn` player decisions, so a match
has at most `Engine.max_match_length`, however its cards loop."""
import random

import pytest
from conftest import rule

import eve
from eve.core import testkit
from eve.core.playout import playout, run_matches
from eve.core.vocabulary import names
from eve.encoding import decode_action
from eve.testing import build_engine, engine_fixture, scenario, sortilege

# One card, valid and free: a reaction Sortilege whose reaction ability draws a card. Its one
# charge sends it to the Abyss, the draw reshuffles it back into the hand, and the window is
# still open: without a limit a turn can go on for ever.
PACK = {
    "heroes": {"looper": {"max_hp": 30, "power": 1, "ambition": 0, "morality": 0, "cards": ["echo"]}},
    "cards": {"echo": {"kind": "sortilege", "charges": 1, "keywords": ["reaction"],
                       "ability": {"target": "none", "reaction": True,
                                   "effect": [{"op": "draw", "n": 1}]}},
              # a proactive card for positions built by hand (no deck holds it)
              "flare": sortilege([{"op": "draw", "n": 0}])},
    "units": {"boss": {"kind": "enemy_hero", "max_hp": 30, "power": 2}},
    "encounters": {"pounder": {"roster": ["boss"], "initiative": 1, "script": [
        {"move": "effect", "phase": "main", "target": "foe_leader",
         "effect": [{"op": "damage", "n": 1}]}]}}}
eng = engine_fixture("loop", **PACK)


def _play_looping(m, seed, cap):
    """Random play that prefers the loop: react whenever it can. Returns the decisions of each
    turn, or fails at `cap` actions."""
    rng = random.Random(seed)
    per_turn = {}
    while not m.is_over:
        assert len(m.actions) < cap, "the match did not end within its declared length"
        acts = m.legal_actions()
        loop = [a for a in acts if a.kind in ("play", "activate")]
        a = rng.choice(loop) if loop and rng.random() < 0.95 else rng.choice(acts)
        key = (m.round, m.active_side)
        per_turn[key] = per_turn.get(key, 0) + 1
        m.apply(a)
    return per_turn


@rule("X02")
def test_the_declared_match_length_follows_the_config(eng):
    cfg = eng.config
    assert eng.max_match_length == 2 * cfg["max_rounds"] * cfg["max_decisions_per_turn"]
    small = build_engine("loop", config=dict(max_rounds=3, max_decisions_per_turn=7), **PACK)
    assert small.max_match_length == 2 * 3 * 7


@rule("X02")
@pytest.mark.parametrize("seed", range(6))
def test_a_free_drawing_reaction_cannot_hold_a_turn_open(seed):
    e = build_engine("loop", config=dict(max_decisions_per_turn=12, max_rounds=10), **PACK)
    m = e.new_match(seed=seed, heroes=["loop:looper"], encounter="loop:pounder")
    per_turn = _play_looping(m, seed, e.max_match_length + 1)
    assert m.is_over and len(m.actions) <= e.max_match_length
    assert max(per_turn.values()) <= 12
    assert max(per_turn.values()) == 12          # the loop reached the limit: it was tested


@rule("X02")
def test_at_the_limit_only_ending_the_phase_is_legal_and_the_rest_is_refused():
    e = build_engine("loop", config=dict(max_decisions_per_turn=4), **PACK)
    m = scenario(e, heroes=["loop:looper"], encounter="loop:pounder", rift=["loop:flare"])
    assert any(a.kind == "play" for a in m.legal_actions())
    flare = next(a for a in m.legal_actions() if a.kind == "play")
    testkit.set_decisions(m, 4)
    assert [a.kind for a in m.legal_actions()] == ["end_phase"]
    assert [decode_action(c)[0] for c in testkit.accepted_codes(m)] == ["end_phase"]
    before = m.state_hash()
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(flare.code)
    assert names("refusal")[ei.value.code] == "turn_limit" and m.state_hash() == before


@rule("X02")
def test_the_last_decision_of_a_turn_hands_the_rest_of_it_to_the_engine():
    free = {"play_support": 0, "deploy": 2, "activate": 1, "attack": 1}
    e = build_engine("loop", config=dict(max_decisions_per_turn=4, costs=free), **PACK)
    m = scenario(e, heroes=["loop:looper"], encounter="loop:pounder", rift=["loop:flare"] * 2)
    testkit.set_decisions(m, 3)
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    # the second flare is free and still in hand, but the turn's decisions are spent: the
    # engine ended the player's phases itself
    assert m.round > 1 or m.active_side == "encounter" or m.is_over
    assert "loop:flare" in [m.card_id(c) for c in m.zone_cards("rift")]


@rule("X02")
def test_native_playouts_of_the_loop_end_within_the_declared_length():
    e = build_engine("loop", config=dict(max_decisions_per_turn=20, max_rounds=12), **PACK)
    heroes = [e.hero_index("loop:looper")]
    got = run_matches(e.content, list(range(30)), heroes, e.encounter_index("loop:pounder"),
                      "random", max_decisions=e.max_match_length)
    assert all(r[0] is not None for r in got), "every match ended"
    assert max(r[2] for r in got) <= e.max_match_length
    for seed in range(10):
        m = e.new_match(seed=seed, heroes=["loop:looper"], encounter="loop:pounder")
        d = playout(m, seed)
        assert m.is_over and d <= e.max_match_length
