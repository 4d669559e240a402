"""Differential batteries for the faults of issue 20 that no single state shows (points 2, 3 and
5): each plays the same position twice, or for each variant of a construct taken from the
vocabulary, and compares what must agree. Each test names the point it finds; on the base
before the fixes of wt-arith (points 2, 3) and wt-trig (point 5) these tests fail, by design.
"""
from __future__ import annotations

import warnings

import msgpack
import pytest

import eve
from eve.testing import build_engine, play, scenario

RULES = {"player_hero_slots": 1, "lanes": 3, "hand_floor": 0, "opening_hand": 0,
         "max_rounds": 20, "max_decisions_per_turn": 100, "meter_base": 9,
         "morality_high": 3, "morality_low": -3, "support_discount": 0, "attack_discount": 0,
         "costs": {"play_support": 1, "deploy": 1, "activate": 1, "attack": 1}}
FOE_LANE0 = 24                  # the action target of the Encounter's character in lane 0
BOSS_HP = 500
IDLE = [{"move": "effect", "phase": "main", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]


def _battery_engine(cards=None, units=None, encounters=None, statuses=None, counters=None):
    """The pack "bp" alone (its own rules), with these items added or, for encounters, instead."""
    units = {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 0},
             "grunt": {"power": 0, "hp": 3}, **(units or {})}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", eve.ContentWarning)
        return build_engine(
            "bp", version="1", builtin=False, rules=RULES,
            heroes={"hero": {"max_hp": 40, "power": 0, "cards": ["filler"]}},
            cards={"filler": {"kind": "relic"}, **(cards or {})}, units=units,
            encounters=encounters or {"idle": {"roster": ["boss"], "initiative": 1, "script": IDLE}},
            statuses=statuses, counters=counters)


def _resolve_choosing(m, pick=0):
    """Pass until the Stack is empty, taking option `pick` of any choice offered; True when
    the player was asked."""
    asked = False
    while (m.stack or m.choice) and not m.is_over:
        if m.choice:
            asked = True
            m.apply(m.legal_actions()[pick])
        else:
            m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    return asked


def _counters(m):
    return msgpack.unpackb(m.snapshot(), strict_map_key=False)[6][-1]


# ---------------------------------------------------------------- point 3

# a choice of two options or more of each choice instruction (C02-C04): the player is asked
CHOICES = {
    "choose": {"op": "choose", "from": "rift", "n": 1, "into": "abyss"},
    "choose_mode": {"op": "choose_mode", "modes": [[{"op": "shield", "to": "own_leader", "n": 1}],
                                                   [{"op": "shield", "to": "own_leader", "n": 2}]]},
    "discover": {"op": "discover", "cards": ["filler", "spare"], "n": 2, "into": "abyss"},
    "scry": {"op": "scry", "n": 1},
}


@pytest.mark.parametrize("op", sorted(CHOICES))
def test_point_3_killed_survives_a_choice(op):
    """Issue 20 point 3: `[damage 999 to the target, a choice, if killed then ...]` must read
    `killed` as the damage left it, whether or not the program waited for the player (it read
    0 after the player's choice). Fails until wt-arith's fix is merged."""
    from random_packs import CHOICE_OPS
    assert set(CHOICES) == set(CHOICE_OPS)          # every choice instruction is tried
    e = _battery_engine(cards={
        "spare": {"kind": "relic"},
        "finisher": {"kind": "sortilege", "charges": 1, "on_enter": {"target": "foe_character", "effect": [
            {"op": "damage", "n": 999}, CHOICES[op],
            {"op": "if", "cond": "killed", "then": [{"op": "damage", "to": "foe_leader", "n": 20}]}]}}})
    m = scenario(e, heroes=["bp:hero"], encounter="bp:idle", archive=["bp:spare"] * 2,
                 rift=["bp:finisher", "bp:spare", "bp:spare"], enemy_lanes={0: "bp:grunt"})
    play(m, "finisher", FOE_LANE0)
    assert _resolve_choosing(m), "the choice did not wait for the player: the test tries nothing"
    assert m.characters("encounter")[0] is None
    assert BOSS_HP - m.heroes("encounter")[0]["hp"] == 20, "`killed` was lost across the choice"


# ---------------------------------------------------------------- point 2

# the unit instructions (compiler.UNIT_OPS) aimed at the target after it was killed
AFTER = {"damage": {"op": "damage", "n": 1}, "heal": {"op": "heal", "n": 1},
         "shield": {"op": "shield", "n": 2}, "poison": {"op": "poison", "n": 2},
         "buff": {"op": "buff", "n": 2}, "status": {"op": "status", "status": "weak", "n": 1},
         "remove_status": {"op": "remove_status", "status": "weak"},
         "split": {"op": "split", "unit": "heir"}}


@pytest.mark.parametrize("op", sorted(AFTER))
def test_point_2_a_program_keeps_its_target_by_identity(op):
    """Issue 20 point 2: "deal 5 to target foe character, then OP it" against a unit whose
    death summons another into the same lane must leave the newcomer as a plain summon leaves
    it: the program's target is the unit it chose, not whatever stands in its lane. A
    differential: the same play without the second instruction. Fails until wt-arith's fix."""
    from random_packs import UNIT_OPS
    assert set(AFTER) == set(UNIT_OPS)
    after = AFTER[op]
    seen = []
    for program in ([{"op": "damage", "n": 5}], [{"op": "damage", "n": 5}, after]):
        e = _battery_engine(cards={"blow": {"kind": "sortilege", "charges": 1,
                                    "on_enter": {"target": "foe_character", "effect": program}}},
                    units={"husk": {"power": 0, "hp": 3, "triggers": [
                        {"on": "dies", "effect": [{"op": "summon", "unit": "heir"}]}]},
                        # it enters hurt and weak, so that a heal or a removal would show
                        "heir": {"power": 1, "hp": 4, "triggers": [
                            {"on": "summoned", "who": "self", "effect": [
                                {"op": "damage", "to": "self", "n": 1},
                                {"op": "status", "status": "weak", "to": "self", "n": 1}]}]}},
                    statuses={"weak": {"polarity": "debuff"}})
        m = scenario(e, heroes=["bp:hero"], encounter="bp:idle", rift=["bp:blow"],
                     enemy_lanes={0: "bp:husk"})
        play(m, "blow", FOE_LANE0)
        _resolve_choosing(m)
        heir = m.characters("encounter")[0]
        assert heir is not None and heir["id"] == "bp:heir"
        seen.append({k: v for k, v in heir.items() if k != "uid"})
    assert seen[1] == seen[0], f"the newcomer in the lane got the dead target's `{op}`"


# ---------------------------------------------------------------- point 5

# self-feeding loops of the Encounter's side: an event of a unit, and the instruction that makes
# it again on every ally (four units listening, each answer reaching four: 4 + 64 + 1024 + ...
# programs within the trigger depth, more than the budget of one step)
LOOPS = {"status_applied": {"op": "status", "status": "grit", "to": "all_allies", "n": 1},
         "damage_taken": {"op": "damage", "to": "all_allies", "n": 1}}


@pytest.mark.parametrize("event", sorted(LOOPS))
def test_point_5_one_sides_loop_does_not_silence_the_others_turn_start(event):
    """Issue 20 point 5: the Encounter's hero feeds its own trigger during its turn; the
    player's "at the start of your turn" Relic must still run at each of the player's turns
    (a counter it adds to counts them). Fails until wt-trig's fix of point 5 is merged."""
    kick = [dict(LOOPS[event], to="own_leader")]
    e = _battery_engine(cards={"clock": {"kind": "relic", "triggers": [
                    {"on": "turn_start", "effect": [{"op": "add_counter", "counter": "ticks", "n": 1}]}]}},
                units={"boss": {"kind": "enemy_hero", "max_hp": 30000, "power": 0, "triggers": [
                    {"on": event, "who": "any", "effect": [LOOPS[event]]}]},
                    "wall": {"power": 0, "hp": 999, "triggers": [
                        {"on": event, "who": "any", "effect": [LOOPS[event]]}]}},
                encounters={"loop": {"roster": ["boss"], "initiative": 1,
                                     "setup": ["wall", "wall", "wall"],
                                     "script": [{"move": "effect", "phase": "main", "effect": kick}]}},
                statuses={"grit": {"polarity": "buff"}}, counters={"ticks": {}})
    m = scenario(e, heroes=["bp:hero"], encounter="bp:loop", lattice=["bp:clock"])
    start = _counters(m)[0]
    turns = 0
    while m.round < 4 and not m.is_over:
        r = m.round
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
        if m.round > r and m.active_side == "player":
            turns += 1
    assert turns >= 2
    assert _counters(m)[0] - start == turns, \
        "the player's turn_start Relic did not run after the Encounter's trigger loop"
