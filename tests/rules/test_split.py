"""`split`: a character leaves play and smaller units take its place (rule E26)."""
from conftest import rule

import eve_content
from eve.lint import lint
from eve.testing import (
    build_engine,
    build_pack,
    engine_fixture,
    instances,
    play,
    scenario,
    sortilege,
)

FOE_LANE = 24                  # the target code of the Encounter's character in lane 0
ALLY_LANE = 8                  # the player's
BOSS = 16


def _split(n=2, unit="small", to="self"):
    return {"op": "split", "to": to, "unit": unit, "n": n}


HALF = "self.hp * 2 <= self.max_hp"
SPLITS = [{"on": "damage_taken", "if": HALF, "effect": [_split()]}]
UNITS = {
    "boss": {"kind": "enemy_hero", "max_hp": 60},
    # the Slay-the-Spire slime: at half hp or below, two smaller slimes with its hp
    "slime": {"kind": "unit", "hp": 10, "power": 1, "triggers": SPLITS},
    "small": {"kind": "unit", "hp": 4, "power": 1},
    # killed, it splits into two at their full hp
    "husk": {"kind": "unit", "hp": 3, "power": 0, "triggers": [
        {"on": "dies", "effect": [_split()]}]},
    # a hero never splits
    "blob": {"kind": "enemy_hero", "max_hp": 10, "triggers": SPLITS},
}
CARDS = {
    "zap7": sortilege([{"op": "damage", "n": 7}], "any"),
    "zap4": sortilege([{"op": "damage", "n": 4}], "any"),
    # the second hit is aimed at the unit the first split: gone, its lane's newcomer untouched
    "twice": sortilege([{"op": "damage", "n": 6}, {"op": "damage", "n": 1}], "any"),
    "plain": sortilege([{"op": "shield", "to": "own_leader", "n": 0}]),
    # a player's character that splits as the slime does
    "jelly": {"kind": "character", "power": 1, "hp": 10, "triggers": SPLITS},
    # every death rings it: 1 damage to the Encounter's leader
    "knell": {"kind": "relic", "triggers": [{"on": "dies", "who": "any", "effect": [
        {"op": "damage", "to": "foe_leader", "n": 1}]}]},
}
eng = engine_fixture("sp", heroes={"mage": {"max_hp": 90}}, cards=CARDS, units=UNITS,
                     encounters={"idle": {}})


def _match(engine, **kw):
    kw.setdefault("archive", ["sp:plain"] * 8)
    return scenario(engine, heroes=["sp:mage"], encounter="sp:idle", meter={"capacity": 9},
                    **kw)


def _lanes(m, side="encounter"):
    return [None if c is None else (c["id"].partition(":")[2], c["hp"])
            for c in m.characters(side)]


@rule("E26")
def test_at_half_hp_the_slime_splits_into_two_with_its_hp(eng):
    m = _match(eng, rift=["sp:zap4", "sp:zap4"], lattice=["sp:knell"],
               enemy_lanes={1: "sp:slime"})
    play(m, "zap4", target=FOE_LANE + 1, resolve=True)
    assert _lanes(m)[:2] == [None, ("slime", 6)]            # above half: no split
    play(m, "zap4", target=FOE_LANE + 1, resolve=True)
    # its own lane first, then the first empty one, each with its 2 hp
    assert _lanes(m)[:3] == [("small", 2), ("small", 2), None]
    assert m.heroes("encounter")[0]["hp"] == 60                 # not a death: no `dies`
    assert not m.is_over


@rule("E26")
def test_the_hp_carried_is_capped_at_the_new_units_max_hp(eng):
    m = _match(eng, rift=["sp:zap4"], enemy_lanes={0: {"id": "sp:slime", "hp": 9}})
    play(m, "zap4", target=FOE_LANE, resolve=True)               # 9 - 4 = 5: half of 10
    assert _lanes(m)[:2] == [("small", 4), ("small", 4)]


@rule("E26")
def test_no_unit_past_the_lanes(eng):
    lanes = len(_match(eng).characters("encounter"))
    m = _match(eng, rift=["sp:zap7"], enemy_lanes={
        i: "sp:slime" if i == 1 else "sp:small" for i in range(lanes)})
    play(m, "zap7", target=FOE_LANE + 1, resolve=True)
    assert _lanes(m)[1] == ("small", 3)                          # one took its lane, no more
    assert sum(c is not None for c in m.characters("encounter")) == lanes


@rule("E26")
def test_killed_it_splits_into_units_at_their_full_hp(eng):
    m = _match(eng, rift=["sp:zap7"], lattice=["sp:knell"], enemy_lanes={2: "sp:husk"})
    play(m, "zap7", target=FOE_LANE + 2, resolve=True)
    assert _lanes(m)[:3] == [("small", 4), None, ("small", 4)]
    assert m.heroes("encounter")[0]["hp"] == 60 - 1             # this one died


@rule("E26")
def test_a_player_character_splits_for_the_player(eng):
    m = _match(eng, rift=["sp:twice"], player_lanes={0: "sp:jelly"})
    play(m, "twice", target=ALLY_LANE, resolve=True)
    # P06: the second hit is aimed at the jelly, gone: the small in its lane is untouched
    assert _lanes(m, "player")[:2] == [("small", 4), ("small", 4)]
    assert instances(m, "abyss", "sp:jelly")                     # its card, as a death's


@rule("E26")
def test_a_hero_never_splits(eng):
    e = build_engine("sb", heroes={"mage": {"max_hp": 90}}, cards=CARDS,
                     units={**UNITS, "boss": {"kind": "enemy_hero", "max_hp": 60}},
                     encounters={"blobs": {"roster": ["blob"]}})
    m = scenario(e, heroes=["sb:mage"], encounter="sb:blobs", rift=["sb:zap7"],
                 meter={"capacity": 9})
    play(m, "zap7", target=BOSS, resolve=True)
    assert m.heroes("encounter")[0]["hp"] == 3 and not any(m.characters("encounter"))
    assert not m.is_over


def test_split_in_rules_text(eng):
    text = eng.catalog.rules_text("sp:jelly").lower()
    assert "split" in text and "small" in text


def test_lint_takes_a_split_part_as_summoned():
    pack = build_pack("sl", heroes={"mage": {"max_hp": 90}}, cards=CARDS, units=UNITS,
                      encounters={"idle": {"setup": ["slime"]}})
    findings = [str(f) for f in lint([eve_content, pack], packs=["sl"])]
    assert not [f for f in findings if "sl:small" in f]          # L006: split brings it in
    assert not [f for f in findings if "EVE-L017" in f and ".unit" in f]
    # a hero never splits: a split of one selects nothing (L007)
    assert [f for f in findings if "EVE-L007" in f and "sl:blob" in f]
    assert not [f for f in findings if "EVE-L007" in f and "sl:blob" not in f]
