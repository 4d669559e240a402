"""A program's `self`, target and source are bound by identity for the whole program, and its
own state (`killed`) survives a choice's wait (docs/rules.md P06, P07; issue 20, points 2 and 3).
Each design is played in a real match of a purpose-built pack ("pi")."""
import msgpack
import pytest
from conftest import rule

from eve.testing import engine_fixture, play, resolve, scenario

S = "sortilege"
CARD = 64
FOE_CHAR = 16 + 8                       # the Encounter's lane 0


def _on(effect, target="none"):
    return {"target": target, "effect": effect}


CARDS = {
    # damage, then poison, the same target: a husk's death summons a spawn into its lane
    "lance": {"kind": S, "charges": 1, "keywords": ["exile_on_play"],
              "on_enter": _on([{"op": "damage", "n": 5}, {"op": "poison", "n": 2}], "foe_character")},
    # a character whose own program kills it; its death summons a ghost into its lane at once
    "martyr": {"kind": "character", "power": 1, "hp": 2,
               "triggers": [{"on": "dies", "effect": [{"op": "summon", "unit": "ghost", "n": 1}]}],
               "ability": _on([{"op": "damage", "to": "self", "n": 5},
                               {"op": "buff", "to": "self", "n": 2, "until": "source_leaves"},
                               {"op": "status", "status": "core:strength", "to": "random_ally_character",
                                "n": 1, "until": "source_leaves"}])},
    # `killed` read after the player's choice
    "gamble": {"kind": S, "charges": 1, "keywords": ["exile_on_play"], "on_enter": _on([
        {"op": "damage", "n": 99},
        {"op": "choose_mode", "modes": [[{"op": "shield", "to": "own_leader", "n": 1}],
                                        [{"op": "shield", "to": "own_leader", "n": 2}]]},
        {"op": "if", "cond": "killed", "then": [{"op": "draw", "n": 2}]}], "foe_character")},
    "filler": {"kind": "character", "power": 1, "hp": 1},
}
UNITS = {
    "dummy": {"kind": "enemy_hero", "max_hp": 60, "power": 0},
    "husk": {"kind": "unit", "hp": 4, "power": 0,
             "triggers": [{"on": "dies", "effect": [{"op": "summon", "unit": "spawn", "n": 1}]}]},
    "spawn": {"kind": "unit", "hp": 9, "power": 0},
    "ghost": {"kind": "unit", "hp": 3, "power": 0},
}
IDLE = [{"move": "effect", "phase": "main", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]
PACK = {"requires": ["core"], "cards": CARDS, "units": UNITS,
        "heroes": {"brute": {"max_hp": 30, "power": 2, "ambition": 5, "morality": 0, "cards": []}},
        "encounters": {"idle": {"roster": ["dummy"], "initiative": 1, "script": IDLE}}}
eng = engine_fixture("pi", **PACK)


def _m(eng, **kw):
    return scenario(eng, heroes=["pi:brute"], encounter="pi:idle", **kw)


@rule("P06")
def test_the_target_that_dies_and_is_replaced_is_gone_for_the_rest_of_the_program(eng):
    """"Deal 5 to target foe character, then give it 2 poison": the husk dies and its spawn
    takes its lane, and the spawn was poisoned (the target re-read from the lane)."""
    m = _m(eng, rift=["pi:lance"], enemy_lanes={0: "pi:husk"})
    play(m, "pi:lance", FOE_CHAR)
    resolve(m)
    spawn = m.characters("encounter")[0]
    assert spawn is not None and spawn["id"] == "pi:spawn"
    assert spawn["poison"] == 0 and spawn["hp"] == 9


@rule("P06")
def test_a_self_that_dies_mid_program_gives_nothing_and_grants_nothing(eng):
    """A character kills itself in its own program and its ghost takes its lane: the ghost was
    buffed and became the source of its own grant."""
    m = _m(eng, player_lanes={0: {"id": "pi:martyr", "ready": 1}})
    act = next(a for a in m.legal_actions() if a.kind == "activate")
    m.apply(act)
    resolve(m)
    ghost = m.characters("player")[0]
    assert ghost is not None and ghost["id"] == "pi:ghost"
    assert ghost["power"] == 0 and ghost["statuses"] == {}
    assert msgpack.unpackb(m.snapshot())[6][10] == []            # the snapshot's grants


@rule("P07")
@pytest.mark.parametrize("mode", [0, 1])
def test_killed_survives_the_players_choice(eng, mode):
    """`[damage 99, choose_mode [...], if killed then draw 2]`: `killed` read 0 after the
    player's choice, 1 when the choice had one option or the Encounter chose."""
    m = _m(eng, rift=["pi:gamble"], archive=["pi:filler"] * 4, enemy_lanes={0: "pi:spawn"})
    play(m, "pi:gamble", FOE_CHAR)
    resolve(m)
    assert m.choice is not None and m.characters("encounter")[0] is None
    before = len(m.zone_cards("rift"))
    m.apply(m.legal_actions()[mode])
    assert len(m.zone_cards("rift")) == before + 2


@rule("P07")
def test_killed_survives_a_snapshot_taken_while_the_choice_waits(eng):
    m = _m(eng, rift=["pi:gamble"], archive=["pi:filler"] * 4, enemy_lanes={0: "pi:spawn"})
    play(m, "pi:gamble", FOE_CHAR)
    resolve(m)
    r = eng.restore(m.snapshot())
    before = len(r.zone_cards("rift"))
    r.apply(r.legal_actions()[0])
    assert len(r.zone_cards("rift")) == before + 2
