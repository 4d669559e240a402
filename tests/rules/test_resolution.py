"""E03/E08: the outcome is checked at the end of a resolution; a trigger inside it is part of it."""
from conftest import rule

from eve.testing import engine_fixture, play, scenario

PACK = dict(
    heroes={"lone": {"max_hp": 5, "power": 1, "ambition": 2, "morality": 0, "cards": []}},
    cards={
        # kills the Encounter's last hero, then (after a trigger has fired) the player's last hero
        "pyrrhic": {"kind": "sortilege", "charges": 1, "on_enter": {"effect": [
            {"op": "damage", "to": "foe_leader", "n": 1},
            {"op": "damage", "to": "own_leader", "n": 1},
            {"op": "damage", "to": "own_leader", "n": 99}]}},
        "mirror": {"kind": "relic", "trigger": {"on": "ally_hero_damaged", "effect": [
            {"op": "shield", "to": "own_leader", "n": 0}]}}},
    units={"husk": {"kind": "enemy_hero", "max_hp": 10, "power": 0}},
    encounters={"still": {"roster": ["husk"], "initiative": 1,
                          "script": [{"move": "effect", "phase": "main", "target": "own_leader",
                                      "effect": [{"op": "shield", "n": 0}]}]}})
eng = engine_fixture("tr", **PACK)


@rule("E03", "E08")
def test_both_last_heroes_falling_in_one_resolution_is_a_loss_even_with_a_trigger_inside(eng):
    m = scenario(eng, heroes=["tr:lone"], encounter="tr:still", rift=["pyrrhic"], lattice=["mirror"],
                 enemy_state={0: {"hp": 1}})
    play(m)
    assert m.heroes("encounter")[0]["alive"] is False and m.heroes("player")[0]["alive"] is False
    assert m.outcome == "loss"


@rule("E03")
def test_a_win_inside_a_resolution_stands_when_the_player_survives(eng):
    m = scenario(eng, heroes=["tr:lone"], encounter="tr:still", rift=["pyrrhic"], lattice=["mirror"],
                 enemy_state={0: {"hp": 1}}, hero_state={0: {"shield": 200}})
    play(m)
    assert m.outcome == "win"
