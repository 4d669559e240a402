"""Amounts and conditions as expressions (E17), run by the core in a real match."""
import pytest
from conftest import rule

import eve
from eve.encoding import encode_action
from eve.errors import ContentError
from eve.expressions import ExpressionError, compile_expression
from eve.testing import build_engine, engine_fixture, play, scenario

BOSS_HP = 300


def _sortilege(effect, target="foe"):
    return {"kind": "sortilege", "charges": 1, "on_enter": {"target": target, "effect": effect}}


EXECUTE = {"kind": "sortilege", "charges": 1, "play_if": "target.hp <= 10",
           "on_enter": {"target": "foe", "effect": [{"op": "damage", "n": 99}]}}
CAPTAIN = {"kind": "character", "power": 2, "hp": 2, "play_if": "count(ally_characters) >= 1"}

CARDS = {
    "execute": EXECUTE, "captain": CAPTAIN,
    "heavy_blade": _sortilege([{"op": "damage", "n": "14 + 3 * own_leader.power"}]),
    "catalyst": _sortilege([{"op": "poison", "n": "target.poison"}]),
    "kill_command": _sortilege([{"op": "if", "cond": "count(ally_characters) > 0",
                                 "then": [{"op": "damage", "n": 5}],
                                 "else": [{"op": "damage", "n": 3}]}]),
    "hand_size": _sortilege([{"op": "damage", "n": "count(rift) * 2"}]),
    "late": _sortilege([{"op": "damage", "n": "round * 10"}]),
    "bounded": _sortilege([{"op": "damage", "n": "clamp(target.hp - 250, 1, 7) + min(2, 9) "
                                                 "+ max(0, -4)"}]),
    "divide": _sortilege([{"op": "damage", "n": "(7 / 2) + (-7 / 2) + (5 / 0) + 10"}]),
    "negative": _sortilege([{"op": "damage", "n": "3 - 10"}]),
    "huge": _sortilege([{"op": "damage", "n": "30000 * 30000 * 30000"}]),
    "no_target": _sortilege([{"op": "damage", "to": "foe_leader", "n": "target.hp + 4"}],
                            target="none"),
    "lonely": _sortilege([{"op": "if", "cond": "not count(ally_characters)",
                           "then": [{"op": "damage", "n": 9}]}]),
    "nested": _sortilege([{"op": "if", "cond": "target.hp > 100", "then": [
        {"op": "if", "cond": "target.hp > 1000", "then": [{"op": "damage", "n": 1}],
         "else": [{"op": "damage", "n": 20}]},
        {"op": "damage", "n": 1}], "else": [{"op": "damage", "n": 50}]},
        {"op": "damage", "n": 2}]),
    "logic": _sortilege([{"op": "damage", "n": "(1 < 2) + (2 <= 2) + (3 > 4) + (4 >= 4) "
                                                "+ (5 == 5) + (5 != 5) + (1 and 0) + (0 or 3)"}]),
}




def _content(cards):
    """The sections of the pack "ex": a hero, a boss, an idle Encounter, `post` and `cards`."""
    return {"heroes": {"brute": {"max_hp": 30, "power": 4, "ambition": 3, "morality": 0, "cards": []}},
            "cards": {"post": {"kind": "character", "power": 1, "hp": 3}, **cards},
            "units": {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 0}},
            "encounters": {"idle": {"roster": ["boss"], "initiative": 1, "script": [
                {"move": "effect", "phase": "main", "target": "foe_leader",
                 "effect": [{"op": "damage", "n": 0}]}]}}}


eng = engine_fixture("ex", **_content(CARDS))


def _boss_after(eng, card, boss=None, lanes=None, rift_extra=(), round=1):
    """The Encounter's leader once `card` (first in the Rift) is played on it and resolved."""
    m = scenario(eng, heroes=["ex:brute"], encounter="ex:idle",
                 rift=[f"ex:{card}", *rift_extra], enemy_state={0: boss or {}},
                 player_lanes=lanes or {}, meter={"capacity": 9}, round=round)
    play(m, 0, 16, resolve=True)
    return m.heroes("encounter")[0]


def _dealt(eng, card, **kw):
    return BOSS_HP - _boss_after(eng, card, **kw)["hp"]


@rule("E17")
def test_heavy_blade_reads_its_heroes_power(eng):
    assert _dealt(eng, "heavy_blade") == 14 + 3 * 4


@rule("E17")
def test_catalyst_doubles_the_targets_poison(eng):
    assert _boss_after(eng, "catalyst", boss={"poison": 3})["poison"] == 6
    assert _boss_after(eng, "catalyst")["poison"] == 0


@rule("E17")
def test_kill_command_takes_its_branch_from_the_board(eng):
    assert _dealt(eng, "kill_command") == 3
    assert _dealt(eng, "kill_command", lanes={0: "ex:post"}) == 5


@rule("E17")
def test_counts_and_the_round(eng):
    assert _dealt(eng, "hand_size", rift_extra=["ex:post"] * 3) == 3 * 2    # the card left
    assert _dealt(eng, "late", round=4) == 40


@rule("E17")
def test_functions_and_arithmetic(eng):
    assert _dealt(eng, "bounded") == 7 + 2 + 0
    assert _dealt(eng, "divide") == 3 + (-3) + 0 + 10       # toward zero; by 0 gives 0
    assert _dealt(eng, "logic") == 1 + 1 + 0 + 1 + 1 + 0 + 0 + 1


@rule("E17")
def test_an_amount_is_held_to_its_range(eng):
    assert _dealt(eng, "negative") == 0
    assert _dealt(eng, "huge") == BOSS_HP                   # 999, held; the boss has 300


@rule("E17")
def test_an_attribute_of_no_unit_is_zero(eng):
    assert _dealt(eng, "no_target") == 4


@rule("E17")
def test_if_without_else_and_nested_blocks(eng):
    assert _dealt(eng, "lonely") == 9
    assert _dealt(eng, "lonely", lanes={0: "ex:post"}) == 0
    assert _dealt(eng, "nested") == 20 + 1 + 2


# ---------------------------------------------------------------- refused when the pack loads

@pytest.mark.parametrize("text,fragment", [
    ("2 +", "expected a number"),
    ("self.hpp", "unknown attribute or status 'hpp'"),
    ("mana + 1", "unknown name 'mana'"),
    ("count(hand)", "count() of 'hand'"),
    ("1 < 2 < 3", "chained comparisons"),
    ("clamp(1, 2)", "clamp takes 3 arguments"),
    ("min(1)", "min takes 2 or more"),
    ("(1 + 2", "expected ')'"),
    ("40000", "above the largest constant"),
    ("1 $ 2", "unexpected '$'"),
])
def test_a_malformed_expression_is_refused_with_its_place(text, fragment):
    with pytest.raises(ExpressionError) as ei:
        compile_expression(text, 32, 8)
    assert fragment in str(ei.value) and "column" in str(ei.value)


def test_bounds_on_terms_and_depth():
    many = " + ".join(["1"] * 17)                            # 33 terms
    with pytest.raises(ExpressionError, match="terms exceed"):
        compile_expression(many, 32, 8)
    deep = "1 + (" * 8 + "1" + ")" * 8
    with pytest.raises(ExpressionError, match="deep"):
        compile_expression(deep, 32, 8)
    assert compile_expression("1 + (2 * (3 - 1))", 32, 8)


def _loads(card):
    build_engine("ex", **_content({"x": card}))


@pytest.mark.parametrize("effect,path,code", [
    ([{"op": "damage", "n": "self.hpp"}], "cards.ex:x.on_enter.effect[0].n", "EVE-P015"),
    ([{"op": "damage", "n": 2.5}], "cards.ex:x.on_enter.effect[0].n", "EVE-P011"),
    ([{"op": "if", "then": [{"op": "damage"}]}], "cards.ex:x.on_enter.effect[0].cond", "EVE-P020"),
    ([{"op": "if", "cond": "1"}], "cards.ex:x.on_enter.effect[0].then", "EVE-P020"),
    ([{"op": "if", "cond": 1, "then": [{"op": "damage"}]}], "cards.ex:x.on_enter.effect[0].cond",
     "EVE-P011"),
    ([{"op": "damage", "cond": "1"}], "cards.ex:x.on_enter.effect[0].cond", "EVE-P021"),
    ([{"op": "if", "cond": "1", "n": 2, "then": [{"op": "damage"}]}],
     "cards.ex:x.on_enter.effect[0].n", "EVE-P021"),
    ([{"op": "if", "cond": "1", "then": [{"op": "damage", "n": "2 +"}]}],
     "cards.ex:x.on_enter.effect[0].then[0].n", "EVE-P015"),
    ([{"op": "if", "cond": "1", "then": [{"op": "damage"}] * 20, "else": [{"op": "heal"}] * 20}],
     "cards.ex:x.on_enter.effect", "EVE-P012"),
])
def test_content_errors_name_the_field(effect, path, code):
    with pytest.raises(ContentError) as ei:
        _loads(_sortilege(effect))
    assert (ei.value.path, ei.value.code) == (path, code)


def test_an_op_without_an_amount_takes_no_expression():
    with pytest.raises(ContentError, match="no amount"):
        _loads(_sortilege([{"op": "counter", "n": "1 + 1"}], target="foe_stack_item"))


# ---------------------------------------------------------------- play restrictions

def _plays_of(m, card):
    return [a for a in m.legal_actions() if a.kind == "play" and m.card_id(a.source) == card]


@rule("E17")
def test_a_play_condition_decides_which_targets_are_legal(eng):
    from eve.core import testkit
    from eve.core.vocabulary import names
    m = scenario(eng, heroes=["ex:brute"], encounter="ex:idle", rift=["ex:execute"],
                 enemy_state={0: {"hp": 8}}, meter={"capacity": 9})
    assert [a.target for a in _plays_of(m, "ex:execute")] == [16]
    m.apply(_plays_of(m, "ex:execute")[0])
    high = scenario(eng, heroes=["ex:brute"], encounter="ex:idle", rift=["ex:execute"],
                    enemy_state={0: {"hp": 11}}, meter={"capacity": 9})
    assert _plays_of(high, "ex:execute") == []
    card = high.zone_cards("rift")[0]
    code = encode_action("play", card, 16, 0)
    with pytest.raises(eve.IllegalAction) as ei:
        high.apply(code)
    assert names("refusal")[ei.value.code] == "play_condition"
    assert sorted(high.legal_action_codes()) == sorted(testkit.accepted_codes(high))


@rule("E17")
def test_a_play_condition_on_a_character_reads_the_board(eng):
    alone = scenario(eng, heroes=["ex:brute"], encounter="ex:idle", rift=["ex:captain"],
                     meter={"capacity": 9})
    assert _plays_of(alone, "ex:captain") == []
    led = scenario(eng, heroes=["ex:brute"], encounter="ex:idle", rift=["ex:captain"],
                   player_lanes={0: "ex:post"}, meter={"capacity": 9})
    assert {a.lane for a in _plays_of(led, "ex:captain")} == {1, 2, 3, 4}
    assert "deploy only if the number of your characters >= 1" in \
        eng.catalog.rules_text("ex:captain").lower()
