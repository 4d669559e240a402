"""`to = "this_card"`: the card whose program runs, wherever it is now (rule Z29)."""
import pytest
from conftest import rule

import eve_content
from eve.errors import ContentError
from eve.lint import lint
from eve.testing import (
    build_engine,
    build_pack,
    end_turn,
    engine_fixture,
    instances,
    play,
    scenario,
    sortilege,
)

NOTHING = [{"op": "shield", "to": "own_leader", "n": 0}]


def _from(zone, on, effect, kind="sortilege"):
    """A card whose trigger on `on` listens from `zone` and runs `effect`."""
    card = {"kind": kind, "triggers": [{"on": on, "zone": zone, "effect": effect}]}
    if kind == "sortilege":
        card.update(charges=1, on_enter={"target": "none", "effect": NOTHING})
    if kind == "character":
        card.update(power=1, hp=3)
    return card


CARDS = {
    # the example: an Ethereal-like card that exiles itself at the end of its turn
    "ethereal": _from("rift", "turn_end", [{"op": "put", "to": "this_card", "into": "void"}]),
    "fleeting": _from("rift", "turn_end", [{"op": "exile", "to": "this_card"}]),
    "plain": sortilege(NOTHING),
    # instructions whose zone does not fit the card's: nothing happens
    "stubborn": _from("rift", "turn_end", [{"op": "destroy", "to": "this_card"},
                                           {"op": "return", "to": "this_card"},
                                           {"op": "deploy", "to": "this_card"}]),
    "boomerang": _from("void", "turn_start", [{"op": "return", "to": "this_card"}]),
    "revenant": _from("void", "turn_start", [{"op": "deploy", "to": "this_card"}],
                      kind="character"),
    "recycler": sortilege([{"op": "put", "to": "this_card", "into": "archive_top"}]),
    "brittle": {"kind": "relic", "trigger": {"on": "turn_end", "effect": [
        {"op": "destroy", "to": "this_card"}]}},
    "mirror": sortilege([{"op": "copy", "to": "this_card", "into": "rift", "n": 2}]),
    "vanish": sortilege([{"op": "exile", "to": "this_card"}]),
}

eng = engine_fixture("tc", heroes={"mage": []}, cards=CARDS,
                     units={"boss": {"kind": "enemy_hero", "max_hp": 50}},
                     encounters={"duel": {}})


def _match(engine, **zones):
    zones.setdefault("archive", ["tc:plain"] * 10)
    return scenario(engine, heroes=["tc:mage"], encounter="tc:duel", meter={"capacity": 9},
                    **zones)


@rule("Z29")
def test_a_card_exiles_itself_from_the_rift_at_the_end_of_its_turn(eng):
    m = _match(eng, rift=["tc:ethereal", "tc:fleeting", "tc:plain"])
    end_turn(m)
    assert len(instances(m, "void", "tc:ethereal")) == 1
    assert len(instances(m, "void", "tc:fleeting")) == 1       # exile: a put into the Void
    assert not instances(m, "void", "tc:plain")


@rule("Z29")
def test_an_instruction_whose_zone_does_not_fit_does_nothing(eng):
    m = _match(eng, rift=["tc:stubborn"])
    end_turn(m)
    assert not instances(m, "void", "tc:stubborn") and not instances(m, "abyss", "tc:stubborn")
    assert not m.characters("player") or all(c is None for c in m.characters("player"))


@rule("Z29")
def test_a_card_returns_itself_from_the_void(eng):
    m = _match(eng, void=["tc:boomerang"])
    end_turn(m)
    assert len(instances(m, "rift", "tc:boomerang")) == 1
    assert not instances(m, "void", "tc:boomerang")


@rule("Z29")
def test_a_character_card_deploys_itself_from_the_void(eng):
    m = _match(eng, void=["tc:revenant"])
    end_turn(m)
    assert [c["id"] for c in m.characters("player") if c is not None] == ["tc:revenant"]
    assert not instances(m, "void", "tc:revenant")


@rule("Z29")
def test_a_played_card_moves_itself_from_the_lattice(eng):
    m = _match(eng, rift=["tc:recycler", "tc:vanish"])
    play(m, "recycler", resolve=True)
    assert m.card_id(m.zone_cards("archive")[0]) == "tc:recycler"
    play(m, "vanish", resolve=True)
    assert len(instances(m, "void", "tc:vanish")) == 1
    assert not m.zone_cards("lattice")


@rule("Z29")
def test_a_relic_destroys_itself_from_the_lattice(eng):
    m = _match(eng, rift=["tc:brittle"])
    play(m, "brittle", resolve=True)
    assert len(instances(m, "lattice", "tc:brittle")) == 1
    end_turn(m)
    assert len(instances(m, "abyss", "tc:brittle")) == 1
    assert not instances(m, "lattice", "tc:brittle")


@rule("Z29")
def test_a_card_copies_itself(eng):
    m = _match(eng, rift=["tc:mirror"])
    play(m, "mirror", resolve=True)
    assert len(instances(m, "rift", "tc:mirror")) == 2
    assert len(instances(m, "lattice", "tc:mirror")) == 1


@rule("Z29")
def test_rules_text_says_this_card(eng):
    assert "this card" in eng.catalog.rules_text("tc:ethereal")


PUT_SELF = [{"op": "put", "to": "this_card", "into": "void"}]


@rule("Z29")
@pytest.mark.parametrize("where, sections", [
    ("a hero's ability", {"heroes": {"h": {"cards": [], "ability": {"effect": PUT_SELF}}}}),
    ("a character's on-enter effect", {"cards": {"c": {
        "kind": "character", "power": 1, "hp": 1, "on_enter": {"effect": PUT_SELF}}}}),
    ("a character's trigger from the Wastes", {"cards": {"c": {
        "kind": "character", "power": 1, "hp": 1,
        "triggers": [{"on": "turn_end", "effect": PUT_SELF}]}}}),
    ("a character's ability", {"cards": {"c": {
        "kind": "character", "power": 1, "hp": 1, "ability": {"effect": PUT_SELF}}}}),
    ("a Sortilege's ability", {"cards": {"s": {
        "kind": "sortilege", "charges": 2, "ability": {"effect": PUT_SELF}}}}),
    ("a status's trigger", {"statuses": {"s": {
        "polarity": "buff", "triggers": [{"on": "turn_end", "effect": PUT_SELF}]}}}),
    ("an Encounter's move", {"encounters": {"e": {"script": [
        {"move": "effect", "phase": "main", "effect": PUT_SELF}]}}}),
    ("a unit instruction", {"cards": {"s": sortilege([{"op": "damage", "to": "this_card",
                                                        "n": 1}])}}),
])
def test_the_compiler_refuses_this_card_where_no_card_can_be_selected(where, sections):
    sections.setdefault("units", {"boss": {"kind": "enemy_hero", "max_hp": 5}})
    # the selector is known: the refusal says why it selects nothing here
    why = "acts on units, not 'this_card'" if where == "a unit instruction" else r"\(rule Z29\)"
    with pytest.raises(ContentError, match=why):
        build_engine("tx", **sections)


@rule("Z29")
def test_lint_takes_this_card_as_a_card_that_leaves_by_itself():
    cards = {"brittle": CARDS["brittle"], "vanish": CARDS["vanish"],
             "last_word": {"kind": "relic", "triggers": [{"on": "match_end", "effect": [
                 {"op": "exile", "to": "this_card"}]}]}}
    pack = build_pack("tl", heroes={"mage": list(cards)}, cards=cards,
                      units={"boss": {"kind": "enemy_hero", "max_hp": 50}},
                      encounters={"duel": {}})
    codes = lint([eve_content, pack], packs=["tl"]).codes
    assert "EVE-L007" not in codes       # destroy selects nothing
    assert "EVE-L032" not in codes       # an exile at match end removes no unit
    assert "EVE-L004" not in codes       # a Sortilege that leaves the Lattice by itself
