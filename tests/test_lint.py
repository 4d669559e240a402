"""eve.lint and `eve lint`: every check fires on a small pack made to trip it and stays quiet on a
near-identical pack that does not; the command line's exit status; the built-in pack and the
example pack lint clean; docs/modding.md's table of checks is the table of eve.lint.CHECKS."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import eve
import eve_content
from eve.cli import main
from eve.lint import CHECKS, ERROR, WARNING, LintReport, checks_table, lint
from eve.plugins.data import DataPack
from eve.plugins.registry import load_toml
from eve.testing import build_pack, temporary_pack
from tests.conftest import rule

ROOT = Path(__file__).resolve().parents[1]
RULES = load_toml(Path(eve_content.__file__).parent / "rules.toml", "rules")["config"]

BOSS = {"kind": "enemy_hero", "max_hp": 20, "power": 2}
ARENA = {"roster": ["boss"], "initiative": 1, "script": [{"move": "attack", "lane": "strongest"}]}
BOLT = {"kind": "sortilege", "charges": 2,
        "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}}
IMP = {"kind": "unit", "power": 1, "hp": 1}


def lint_pack(*, cards: dict | None = None, hero: dict | None = None, units: dict | None = None,
              tasks: dict | None = None, encounter: dict | None = None, rules: dict | None = None,
              core: bool = True, keywords: dict | None = None, **run: Any) -> Any:
    """Pack "t": hero h (starting with every card of the pack), enemy hero boss, the Encounter
    arena (ARENA updated with `encounter`). Without `core` it stands alone, with core's rules."""
    cards = {"bolt": BOLT} if cards is None else cards
    hero = {"max_hp": 10, "cards": list(cards)} if hero is None else hero
    if not core:
        rules = {**RULES, **(rules or {})}
    arena = {**ARENA, **(encounter or {})}
    if "phases" in arena:
        del arena["script"]         # a script written as phases has no `script` of its own
    return build_pack("t", version="1.0", requires=["core"] if core else [], rules=rules,
                      heroes={"h": hero}, cards=cards, units={"boss": BOSS, **(units or {})},
                      tasks=tasks or {}, encounters={"arena": arena}, keywords=keywords,
                      **run)


def run(strict: bool = False, **kw: Any) -> LintReport:
    core = kw.get("core", True)
    packs = [eve_content, lint_pack(**kw)] if core else [lint_pack(**kw)]
    rules = ["t"] if core and kw.get("rules") else None     # a pack's rules apply when selected
    return lint(packs, packs=["t"], strict=strict, rules=rules)


def found(code: str, **kw: Any) -> list[str]:
    """The field paths of the findings of `code` for lint_pack(**kw)."""
    return [f.path for f in run(**kw).findings if f.code == code]


def test_the_baseline_packs_lint_clean():
    assert run().findings == ()
    assert run(core=False).findings == ()


# ------------------------------------------------------------------ the issue's own cases

@pytest.mark.parametrize("on", ["any", "deploy", "attack"])
def test_L001_a_counter_with_no_limit(on):
    rule = {"counter": True} if on == "any" else {"on": on, "counter": True}
    assert found("EVE-L001", encounter={"responses": [rule]}) == ["encounters.t:arena.responses[0]"]
    assert found("EVE-L001", encounter={"responses": [{**rule, "per_round": 1}]}) == []
    assert found("EVE-L001", encounter={"responses": [{**rule, "charges": 3}]}) == []


def test_L001_is_an_error_that_names_the_pack_item_and_field():
    (f,) = [f for f in run(encounter={"responses": [{"counter": True}]}).findings]
    assert (f.code, f.severity, f.pack, f.item) == ("EVE-L001", ERROR, "t", "t:arena")
    assert str(f).startswith("EVE-L001 error pack 't', item t:arena, field "
                             "encounters.t:arena.responses[0]: counters every player action")
    assert "per_round" in f.hint


def test_L002_an_encounter_that_can_never_act():
    weak = {"boss": {**BOSS, "power": 0}}
    assert found("EVE-L002", units=weak) == ["encounters.t:arena.script"]
    assert found("EVE-L002") == []
    # a move that does something, a response, a setup unit that attacks: it acts
    hit = {"script": [{"move": "attack"}, {"move": "effect", "target": "foe_leader",
                                              "effect": [{"op": "damage", "n": 1}]}]}
    assert found("EVE-L002", units=weak, encounter=hit) == []
    assert found("EVE-L002", units=weak, encounter={
        "responses": [{"on": "deploy", "counter": True, "per_round": 1}]}) == []
    assert found("EVE-L002", units={**weak, "imp": IMP}, encounter={"setup": ["imp"]}) == []


def test_L002_effects_that_do_nothing_do_not_count():
    weak = {"boss": {**BOSS, "power": 0}}
    idle = {"script": [{"move": "attack"}, {"move": "effect", "target": "foe_leader",
                                               "effect": [{"op": "damage", "n": 0}]}],
            "responses": [{"on": "deploy", "target": "foe_leader",
                           "effect": [{"op": "poison", "n": 1}], "charges": 0}]}
    assert found("EVE-L002", units=weak, encounter=idle) == ["encounters.t:arena.script"]
    assert found("EVE-L002", units={**weak, "imp": {**IMP, "power": 0}},
                 encounter={**idle, "setup": ["imp"]}) == ["encounters.t:arena.script"]
    # the branch of a move is a move too
    branch = {"script": [{"move": "attack", "unless": {"if": "random_pct", "arg": 50, "do": {
        "move": "effect", "target": "foe_leader", "effect": [{"op": "damage", "n": 2}]}}}]}
    assert found("EVE-L002", units=weak, encounter=branch) == []


COUNTERSPELL = {"kind": "sortilege", "charges": 1,
                "on_enter": {"target": "foe_stack_item", "effect": [{"op": "counter"}]},
                "ability": {"target": "none", "effect": [{"op": "draw", "n": 1}]}}


def test_L003_a_counterspell_that_is_not_a_reaction():
    assert found("EVE-L003", cards={"snuff": COUNTERSPELL}) == ["cards.t:snuff.on_enter.target"]
    assert found("EVE-L003", cards={"snuff": {**COUNTERSPELL, "keywords": ["reaction"]}}) == []


def test_L003_a_stack_card_target_that_is_not_a_reaction():
    snare = {"kind": "sortilege", "charges": 1,
             "on_enter": {"target": "stack_card", "effect": [{"op": "exile"}]}}
    assert found("EVE-L003", cards={"snare": snare}) == ["cards.t:snare.on_enter.target"]
    assert found("EVE-L003", cards={"snare": {**snare, "keywords": ["reaction"]}}) == []


def test_L003_a_counter_ability_that_is_not_a_reaction():
    chain = {"kind": "sortilege", "charges": 2,
             "ability": {"target": "foe_stack_item", "effect": [{"op": "counter"}]}}
    report = run(cards={"chain": chain})
    (f,) = [f for f in report.findings if f.code == "EVE-L003"]
    assert f.path == "cards.t:chain.ability.target" and "never leaves the Lattice" in f.message
    ok = {**chain, "ability": {**chain["ability"], "reaction": True}}
    assert found("EVE-L003", cards={"chain": ok}) == []
    # the card's keyword does not make its ability a reaction
    assert found("EVE-L003", cards={"chain": {**chain, "keywords": ["reaction"]}}) == [
        "cards.t:chain.ability.target"]
    hero = {"max_hp": 9, "cards": ["bolt"],
            "ability": {"target": "foe_stack_item", "effect": [{"op": "counter"}]}}
    assert found("EVE-L003", hero=hero) == ["heroes.t:h.ability.target"]
    assert found("EVE-L003", hero={**hero, "ability": {**hero["ability"], "reaction": True}}) == []


def test_L004_a_sortilege_with_no_ability_never_leaves_the_lattice():
    idol = {"kind": "sortilege", "charges": 2, "on_enter": {"effect": [{"op": "draw", "n": 1}]}}
    assert found("EVE-L004", cards={"idol": idol}) == ["cards.t:idol.ability"]
    with_ability = {**idol, "ability": {"target": "none", "effect": [{"op": "draw", "n": 1}]}}
    assert found("EVE-L004", cards={"idol": with_ability}) == []


# ------------------------------------------------------------------ Encounters

def _branching(cond: str, arg: int) -> dict:
    return {"script": [{"move": "attack", "unless": {"if": cond, "arg": arg, "do": {
        "move": "attack", "lane": "random"}}}]}


@pytest.mark.parametrize("cond,arg,verdict", [
    ("none", 0, "never"),
    ("random_pct", 0, "never"), ("random_pct", 100, "always"), ("random_pct", 50, None),
    ("random_pct", 1, None), ("random_pct", 99, None),
    ("own_hp_below_pct", 0, "never"), ("own_hp_below_pct", 101, "always"),
    ("own_hp_below_pct", 100, None), ("own_hp_below_pct", 40, None),
    ("foe_characters_at_least", 0, "always"), ("foe_characters_at_least", 6, "never"),
    ("foe_characters_at_least", 5, None), ("foe_characters_at_least", 1, None),
    ("round_at_least", 1, "always"), ("round_at_least", 41, "never"),
    ("round_at_least", 40, None), ("round_at_least", 2, None)])
def test_L005_unreachable_branches(cond, arg, verdict):
    report = run(encounter=_branching(cond, arg))
    got = [f for f in report.findings if f.code == "EVE-L005"]
    if verdict is None:
        assert got == []
    else:
        (f,) = got
        assert f.path == "encounters.t:arena.script[0].unless" and f"{verdict} holds" in f.message


def test_L005_reads_the_rule_configuration():
    assert found("EVE-L005", encounter=_branching("round_at_least", 41)) != []
    assert found("EVE-L005", encounter=_branching("round_at_least", 41),
                 rules={"max_rounds": 60}) == []
    assert found("EVE-L005", encounter=_branching("foe_characters_at_least", 4),
                 rules={"lanes": 3}) != []


def test_L006_units_and_enemy_heroes_nothing_uses():
    assert found("EVE-L006", units={"imp": IMP}) == ["units.t:imp"]
    assert found("EVE-L006", units={"imp": IMP}, encounter={"setup": ["imp"]}) == []
    summon = {"script": [{"move": "attack"}, {"move": "summon", "unit": "imp"}]}
    assert found("EVE-L006", units={"imp": IMP}, encounter=summon) == []
    caller = {"kind": "sortilege", "charges": 1, "ability": {
        "target": "none", "effect": [{"op": "summon", "unit": "imp", "n": 1}]}}
    assert found("EVE-L006", units={"imp": IMP}, cards={"bolt": BOLT, "call": caller}) == []
    assert found("EVE-L006", units={"mate": BOSS}) == ["units.t:mate"]
    assert found("EVE-L006", units={"mate": BOSS}, encounter={"roster": ["boss", "mate"]}) == []


def test_L006_a_unit_another_pack_summons_is_used():
    wolf = {"kind": "sortilege", "charges": 1, "ability": {
        "target": "none", "effect": [{"op": "summon", "unit": "core:wolf", "n": 1}]}}
    assert "EVE-L006" not in lint([eve_content, lint_pack(cards={"bolt": BOLT, "wolf": wolf})]).codes


def test_L007_effects_that_select_nothing():
    def card(target: str, *effect: dict, keywords=()) -> dict:
        return {"kind": "sortilege", "charges": 1, "keywords": list(keywords),
                "ability": {"target": target, "reaction": target == "foe_stack_item",
                            "effect": list(effect)}}

    cases = [  # (bad, good, index of the bad instruction): the same card but for what it selects
        (card("foe_stack_item", {"op": "counter"}, {"op": "damage", "n": 1}),
         card("foe_stack_item", {"op": "counter"}, {"op": "damage", "to": "foe_leader", "n": 1}), 1),
        (card("lattice_card", {"op": "destroy"}, {"op": "heal", "n": 1}),
         card("lattice_card", {"op": "destroy"}, {"op": "heal", "to": "own_leader", "n": 1}), 1),
        (card("foe_hero", {"op": "exile"}), card("foe_character", {"op": "exile"}), 0),
        (card("none", {"op": "exile", "to": "foe_leader"}),
         card("none", {"op": "exile", "to": "all_foe_characters"}), 0),
        (card("none", {"op": "exile", "to": "self"}),
         card("none", {"op": "exile", "to": "newest_lattice"}), 0),
        (card("rift_card", {"op": "damage", "n": 1}),
         card("rift_card", {"op": "damage", "to": "foe_leader", "n": 1}), 0),
        (card("none", {"op": "destroy", "to": "foe_leader"}),
         card("none", {"op": "destroy", "to": "newest_lattice"}), 0),
        (card("foe", {"op": "destroy"}), card("lattice_card", {"op": "destroy"}), 0),
        # a random foe hero is a hero: never exiled (rules E22, Z03)
        (card("none", {"op": "exile", "to": "random_foe_hero"}),
         card("none", {"op": "exile", "to": "random_foe_character"}), 0),
    ]
    exile = {"kind": "character", "power": 1, "hp": 1, "ability": {
        "target": "foe_character", "effect": [{"op": "exile"}]}}
    for bad, good, i in cases:
        assert found("EVE-L007", cards={"x": bad, "ex": exile}) == [f"cards.t:x.ability.effect[{i}]"], bad
        assert found("EVE-L007", cards={"x": good, "ex": exile}) == [], good
    # a character may exile itself; a hero is never exiled, not even by its own ability
    sac = {"kind": "character", "power": 1, "hp": 1, "on_enter": {"effect": [{"op": "exile", "to": "self"}]}}
    assert found("EVE-L007", cards={"sac": sac}) == []
    hero = {"max_hp": 9, "cards": ["bolt"], "ability": {"effect": [{"op": "exile", "to": "self"}]}}
    assert found("EVE-L007", hero=hero) == ["heroes.t:h.ability.effect[0]"]


def test_L007_in_an_encounter_move():
    move = {"move": "effect", "target": "own_leader", "effect": [{"op": "exile"}]}
    script = {"script": [{"move": "attack"}, move]}
    assert found("EVE-L007", encounter=script) == ["encounters.t:arena.script[1].effect[0]"]
    fixed = {"script": [{"move": "attack"}, {**move, "target": "strongest_foe_character"}]}
    assert found("EVE-L007", encounter=fixed) == []


def _task(goal: str, threshold: int = 3) -> dict:
    return {"goal": goal, "threshold": threshold, "reward": [{"op": "draw", "n": 1}]}


def test_L008_a_rounds_task_beyond_max_rounds():
    kw = {"encounter": {"tasks": ["tk"]}}
    assert found("EVE-L008", tasks={"tk": _task("rounds", 41)}, **kw) == ["tasks.t:tk.threshold"]
    assert found("EVE-L008", tasks={"tk": _task("rounds", 40)}, **kw) == []
    assert found("EVE-L008", tasks={"tk": _task("rounds", 41)}, rules={"max_rounds": 41}, **kw) == []


def test_L008_goals_nothing_in_the_catalog_advances():
    kw = {"core": False, "encounter": {"tasks": ["tk"]}}
    pray = {"kind": "sortilege", "charges": 1,
            "ability": {"target": "none", "effect": [{"op": "task", "n": 1}]}}
    mend = {"kind": "sortilege", "charges": 1,
            "ability": {"target": "ally", "effect": [{"op": "heal", "n": 1}]}}
    squire = {"kind": "character", "power": 1, "hp": 1}
    for goal, helper in (("effect", pray), ("heal", mend), ("deploy", squire)):
        assert found("EVE-L008", tasks={"tk": _task(goal)}, **kw) == ["tasks.t:tk.goal"], goal
        assert found("EVE-L008", tasks={"tk": _task(goal)}, cards={"bolt": BOLT, "x": helper},
                     **kw) == [], goal
    # a task instruction for another task does not advance this one
    other = {**pray, "ability": {"target": "none", "effect": [{"op": "task", "task": "tk2"}]}}
    assert found("EVE-L008", tasks={"tk": _task("effect"), "tk2": _task("effect")},
                 cards={"bolt": BOLT, "x": other},
                 core=False, encounter={"tasks": ["tk", "tk2"]}) == ["tasks.t:tk.goal"]


def test_L009_a_hero_with_no_starting_cards():
    assert found("EVE-L009", hero={"max_hp": 9, "cards": []}, cards={}) == ["heroes.t:h.cards"]
    assert found("EVE-L009", hero={"max_hp": 9}, cards={}) == ["heroes.t:h.cards"]
    assert found("EVE-L009", hero={"max_hp": 9, "cards": ["core:insight"]}, cards={}) == []


def test_L010_a_task_no_encounter_lists():
    assert found("EVE-L010", tasks={"tk": _task("damage")}) == ["tasks.t:tk"]
    assert found("EVE-L010", tasks={"tk": _task("damage")}, encounter={"tasks": ["tk"]}) == []


def test_L011_a_card_in_no_starting_deck():
    squire = {"kind": "character", "power": 1, "hp": 1}
    hero = {"max_hp": 9, "cards": ["bolt"]}
    # alone: the built-in pack has a run, whose rewards and shops may hold any card
    assert found("EVE-L011", cards={"bolt": BOLT, "squire": squire}, hero=hero,
                 core=False) == ["cards.t:squire"]
    assert found("EVE-L011", cards={"bolt": BOLT, "squire": squire}, core=False) == []
    assert found("EVE-L011", cards={"bolt": BOLT, "zap": BOLT},
                 hero={"max_hp": 9, "cards": ["zap"]}, core=False) == ["cards.t:bolt"]


def test_L012_response_rules_that_never_fire():
    shield = {"on": "any", "target": "own_leader", "effect": [{"op": "shield", "n": 1}]}
    counter = {"on": "deploy", "counter": True, "per_round": 1}
    assert found("EVE-L012", encounter={"responses": [shield, counter]}) == [
        "encounters.t:arena.responses[1]"]
    assert found("EVE-L012", encounter={"responses": [{**shield, "per_round": 1}, counter]}) == []
    assert found("EVE-L012", encounter={"responses": [counter, shield]}) == []
    # an unlimited rule of one class does not hide a rule of another
    deploys = {**shield, "on": "deploy"}
    assert found("EVE-L012", encounter={"responses": [deploys, {**counter, "on": "attack"}]}) == []
    assert found("EVE-L012", encounter={"responses": [{**counter, "charges": 0}]}) == [
        "encounters.t:arena.responses[0].charges"]
    assert found("EVE-L012", encounter={"responses": [{**counter, "charges": 1}]}) == []


def test_L013_an_attacker_past_the_roster():
    move = {"move": "attack", "attacker": 1}
    assert found("EVE-L013", encounter={"script": [move]}) == ["encounters.t:arena.script[0].attacker"]
    assert found("EVE-L013", encounter={"script": [{**move, "attacker": 0}]}) == []
    assert found("EVE-L013", units={"mate": BOSS},
                 encounter={"script": [move], "roster": ["boss", "mate"]}) == []
    alt = {"move": "attack", "unless": {"if": "random_pct", "arg": 50, "do": move}}
    assert found("EVE-L013", encounter={"script": [alt]}) == [
        "encounters.t:arena.script[0].unless.do.attacker"]


def test_L014_initiative_the_script_cannot_spend():
    hit = {"move": "effect", "target": "foe_leader", "effect": [{"op": "damage", "n": 1}]}
    alternating = [hit, {"move": "attack"}]
    assert found("EVE-L014", encounter={"script": alternating, "initiative": 3}) == [
        "encounters.t:arena.initiative"]
    assert found("EVE-L014", encounter={"script": alternating, "initiative": 2}) == []
    # two main moves then an attack: a turn can make three
    assert found("EVE-L014", encounter={"script": [hit, hit, {"move": "attack"}], "initiative": 3}) == []
    # one phase only: the script cycles within the phase
    assert found("EVE-L014", encounter={"script": [{"move": "attack"}], "initiative": 5}) == []
    # a branch into the other phase can lengthen the run: main, main-or-combat, main, combat
    flip = {"move": "attack", "unless": {"if": "random_pct", "arg": 50, "do": hit}}
    assert found("EVE-L014", encounter={"script": [hit, {"move": "attack"}, hit, {"move": "attack"}],
                                        "initiative": 4}) != []
    assert found("EVE-L014", encounter={"script": [hit, flip, hit, {"move": "attack"}],
                                        "initiative": 4}) == []
    assert found("EVE-L014", encounter={"script": [hit, flip, hit, {"move": "attack"}],
                                        "initiative": 5}) != []
    # ... and a branch that may keep every move in Main lets any Initiative be spent
    assert found("EVE-L014", encounter={"script": [hit, flip], "initiative": 9}) == []


def test_L015_an_instruction_with_n_zero():
    zero = {**BOLT, "ability": {"target": "foe", "effect": [{"op": "damage", "n": 0}]}}
    assert found("EVE-L015", cards={"bolt": zero}) == ["cards.t:bolt.ability.effect[0].n"]
    assert found("EVE-L015", cards={"bolt": BOLT}) == []
    summon = {"script": [{"move": "attack"}, {"move": "effect", "effect": [
        {"op": "summon", "unit": "imp", "n": 0}]}]}
    (f,) = [f for f in run(units={"imp": IMP}, encounter=summon).findings if f.code == "EVE-L015"]
    assert "summons one anyway" in f.message


def test_L017_fields_this_kind_does_not_use():
    assert found("EVE-L017", cards={"bolt": {**BOLT, "power": 3}}) == ["cards.t:bolt.power"]
    assert found("EVE-L017", cards={"bolt": {**BOLT, "keywords": ["swift"]}}) == [
        "cards.t:bolt.keywords[0]"]
    assert found("EVE-L017", cards={"bolt": {**BOLT, "keywords": ["reaction"]}}) == []
    relic = {"kind": "relic", "ally_power": 1, "keywords": ["taunt"]}
    assert found("EVE-L017", cards={"idol": relic}) == ["cards.t:idol.keywords[0]"]
    counter = {"on": "deploy", "counter": True, "per_round": 1}
    assert found("EVE-L017", encounter={"responses": [{**counter, "target": "foe_leader"}]}) == [
        "encounters.t:arena.responses[0].target"]
    assert found("EVE-L017", encounter={"responses": [counter]}) == []
    assert found("EVE-L017", encounter={"script": [{"move": "attack", "unit": "boss"}]}) == [
        "encounters.t:arena.script[0].unit"]
    draw = {**BOLT, "ability": {"target": "none", "effect": [{"op": "draw", "to": "foe_leader"}]}}
    assert found("EVE-L017", cards={"bolt": draw}) == ["cards.t:bolt.ability.effect[0].to"]
    plain = {**BOLT, "ability": {"target": "none", "effect": [{"op": "draw", "to": "none"}]}}
    assert found("EVE-L017", cards={"bolt": plain}) == []


def test_L026_a_keyword_no_item_names():
    rally = {"rally": {"triggers": [{"on": "summoned", "effect": [{"op": "buff", "to": "self"}]}]}}
    assert found("EVE-L026", keywords=rally) == ["keywords.t:rally"]
    squire = {"kind": "character", "power": 1, "hp": 1, "keywords": ["rally"]}
    assert found("EVE-L026", keywords=rally, cards={"squire": squire}) == []
    by_id = {**squire, "keywords": [{"name": "t:rally"}]}
    assert found("EVE-L026", keywords=rally, cards={"squire": by_id}) == []


def test_L029_an_own_card_trigger_listening_where_the_card_never_is():
    on_exile = {"on": "exiled", "card": "self", "effect": [{"op": "draw"}]}
    relic = {"kind": "relic", "ally_power": 1, "triggers": [on_exile]}
    assert found("EVE-L029", cards={"idol": relic}) == ["cards.t:idol.triggers[0]"]
    relic["triggers"] = [{**on_exile, "zone": "void"}]
    assert found("EVE-L029", cards={"idol": relic}) == []
    played = {"on": "card_played", "card": "self", "effect": [{"op": "draw"}]}
    assert found("EVE-L029", cards={"idol": {**relic, "triggers": [played]}}) == [
        "cards.t:idol.triggers[0]"]
    done = {"on": "card_resolved", "card": "self", "effect": [{"op": "draw"}]}
    assert found("EVE-L029", cards={"idol": {**relic, "triggers": [done]}}) == []


def test_L018_a_relic_that_does_nothing_in_play():
    relic = {"kind": "relic", "on_enter": {"effect": [{"op": "draw", "n": 1}]}}
    assert found("EVE-L018", cards={"bolt": BOLT, "r": relic}) == ["cards.t:r"]
    assert found("EVE-L018", cards={"bolt": BOLT, "r": {**relic, "ally_power": 0}}) == ["cards.t:r"]
    assert found("EVE-L018", cards={"bolt": BOLT, "r": {**relic, "ally_power": 1}}) == []
    trig = {"on": "turn_start", "effect": [{"op": "draw", "n": 1}]}
    assert found("EVE-L018", cards={"bolt": BOLT, "r": {**relic, "trigger": trig}}) == []
    # an aura acts while it is in the Lattice (rule A01)
    assert found("EVE-L018", cards={"bolt": BOLT, "r": {**relic, "aura": {
        "power": 1, "who": "allies"}}}) == []


def test_L019_an_encounter_effect_that_helps_the_player():
    def enc(op: str) -> dict:
        return {"script": [{"move": "attack"}, {"move": "effect", "effect": [{"op": op, "n": 1}]}]}

    assert found("EVE-L019", encounter=enc("draw")) == ["encounters.t:arena.script[1].effect[0].op"]
    assert found("EVE-L019", encounter=enc("discard")) == []
    assert found("EVE-L019", encounter=enc("mill")) == []
    assert found("EVE-L019", encounter=enc("deploy") | {"script": [{"move": "attack"}, {
        "move": "effect", "effect": [{"op": "deploy", "to": "newest_void"}]}]}) == [
        "encounters.t:arena.script[1].effect[0].op"]
    into = {"script": [{"move": "attack"}, {"move": "effect", "effect": [
        {"op": "create", "card": "bolt", "into": "rift"},
        {"op": "create", "card": "bolt", "into": "archive_shuffled"}]}]}
    assert found("EVE-L019", encounter=into) == ["encounters.t:arena.script[1].effect[0].op"]
    # a player's draw is what draw is for
    assert found("EVE-L019", cards={"bolt": {**BOLT, "ability": {
        "target": "none", "effect": [{"op": "draw", "n": 1}]}}}) == []
    # a choice's card into the Rift (a discover's default place), inside a mode too (C05)
    chosen = {"script": [{"move": "attack"}, {"move": "effect", "effect": [
        {"op": "choose_mode", "modes": [[{"op": "discover", "cards": ["bolt"]}],
                                        [{"op": "choose", "from": "abyss", "into": "rift"}]]},
        {"op": "discover", "cards": ["bolt"], "into": "abyss"}]}]}
    assert found("EVE-L019", encounter=chosen) == [
        "encounters.t:arena.script[1].effect[0].modes[0][0].op",
        "encounters.t:arena.script[1].effect[0].modes[1][0].op"]


def test_L020_task_instructions_with_no_task_in_play():
    tk = {"tk": _task("effect")}
    pray = {"kind": "sortilege", "charges": 1,
            "ability": {"target": "none", "effect": [{"op": "task", "task": "tk", "n": 1}]}}
    cards = {"bolt": BOLT, "pray": pray}
    assert found("EVE-L020", cards=cards, tasks=tk) == ["cards.t:pray.ability.effect[0].task"]
    assert found("EVE-L020", cards=cards, tasks=tk, encounter={"tasks": ["tk"]}) == []
    move = {"move": "effect", "effect": [{"op": "task", "task": "core:pilgrimage", "n": 1}]}
    assert found("EVE-L020", encounter={"script": [{"move": "attack"}, move]}) == [
        "encounters.t:arena.script[1].effect[0].task"]
    assert found("EVE-L020", encounter={"script": [{"move": "attack"}, move],
                                        "tasks": ["core:pilgrimage"]}) == []
    every = {"move": "effect", "effect": [{"op": "task", "n": 1}]}
    assert found("EVE-L020", encounter={"script": [{"move": "attack"}, every]}) != []
    assert found("EVE-L020", encounter={"script": [{"move": "attack"}, every],
                                        "tasks": ["core:pilgrimage"]}) == []
    # W04: "all" advances only effect goals, so a rounds task alone leaves it idle
    assert found("EVE-L020", encounter={"script": [{"move": "attack"}, every],
                                        "tasks": ["core:vigil"]}) != []


def test_L021_targets_the_catalog_never_provides():
    echo = {"kind": "sortilege", "charges": 1,
            "ability": {"target": "void_card", "effect": [{"op": "return"}]}}
    exiler = {"kind": "sortilege", "charges": 1,
              "ability": {"target": "foe_character", "effect": [{"op": "exile"}]}}
    assert found("EVE-L021", core=False, cards={"echo": echo}) == ["cards.t:echo.ability.target"]
    # an exile, and an Encounter with characters to exile
    assert found("EVE-L021", core=False, cards={"echo": echo, "ex": exiler}, units={"imp": IMP},
                 encounter={"setup": ["imp"]}) == []
    assert found("EVE-L021", core=False, cards={"echo": echo, "ex": exiler}) == [
        "cards.t:ex.ability.target"]          # foe_character: no Encounter summons
    newest = {**echo, "ability": {"target": "none", "effect": [{"op": "return", "to": "newest_void"}]}}
    assert found("EVE-L021", core=False, cards={"echo": newest}) == ["cards.t:echo.ability.effect[0].to"]
    # with the built-in pack there are exiles and summons
    assert found("EVE-L021", cards={"echo": echo, "ex": exiler}) == []
    # a choice of the Void's cards, with no exile anywhere (C02)
    pick = {**echo, "ability": {"target": "none", "effect": [
        {"op": "choose", "from": "void", "into": "rift"}]}}
    assert found("EVE-L021", core=False, cards={"pick": pick}) == ["cards.t:pick.ability.effect[0].from"]
    assert found("EVE-L021", core=False, cards={"pick": pick, "ex": exiler}, units={"imp": IMP},
                 encounter={"setup": ["imp"]}) == []


# ------------------------------------------------------------------ the report and the API

def test_strict_counts_warnings_as_errors():
    kw = {"units": {"imp": IMP}}
    lax, strict = run(**kw), run(strict=True, **kw)
    assert [f.severity for f in lax.findings] == [WARNING] and lax.ok and lax.exit_code == 0
    assert [f.severity for f in strict.findings] == [ERROR] and not strict.ok
    assert strict.exit_code == 1 and strict.strict


def test_packs_limit_the_findings_and_unknown_names_are_refused():
    p = lint_pack(units={"imp": IMP})
    assert lint([eve_content, p]).codes == {"EVE-L006"}
    assert lint([eve_content, p], packs=["core"]).findings == ()
    assert lint([eve_content, p], packs=["core"]).packs == ("core",)
    with pytest.raises(ValueError, match="unknown pack 'nosuch'"):
        lint([eve_content, p], packs=["nosuch"])
    with pytest.raises(TypeError):
        lint("core")


def test_lint_is_exported():
    assert eve.lint is lint and "lint" in eve.__all__


def test_lint_reads_read_only_data_and_changes_nothing():
    bad = dict(units={"imp": IMP, "boss": {**BOSS, "power": 0}}, cards={"snuff": COUNTERSPELL},
               encounter={"responses": [{"counter": True}], "tasks": ["tk"],
                          "script": [{"move": "attack", "attacker": 3}]},
               tasks={"tk": _task("rounds", 99)})
    expected = run(**bad).findings
    assert {f.code for f in expected} >= {"EVE-L001", "EVE-L003", "EVE-L006", "EVE-L008", "EVE-L013"}
    engine = eve.Engine(packs=[eve_content, lint_pack(**bad)])    # its data is frozen
    before = {i: repr(it.data) for t in engine.registry.items.values() for i, it in t.items()}
    assert lint(engine, packs=["t"]).findings == expected
    assert {i: repr(it.data) for t in engine.registry.items.values() for i, it in t.items()} == before


def test_report_to_dict():
    doc = run(encounter={"responses": [{"counter": True}]}).to_dict()
    assert (doc["errors"], doc["warnings"], doc["ok"], doc["packs"]) == (1, 0, False, ["t"])
    assert doc["findings"][0] == {
        "code": "EVE-L001", "severity": "error", "title": "unlimited counter", "pack": "t",
        "item": "t:arena", "path": "encounters.t:arena.responses[0]",
        "message": doc["findings"][0]["message"], "hint": doc["findings"][0]["hint"]}


# ------------------------------------------------------------------ shipped content

def test_the_built_in_pack_lints_clean():
    report = lint(eve.Engine(packs=[eve_content]), strict=True)
    assert report.findings == (), "\n".join(map(str, report.findings))


def test_the_example_pack_lints_clean(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "examples" / "eve-ember-pack" / "src"))
    import eve_ember_pack

    report = lint([eve_content, eve_ember_pack], strict=True)
    assert report.packs == ("core", "ember")
    assert report.findings == (), "\n".join(map(str, report.findings))


# ------------------------------------------------------------------ the command line

ERROR_PACK = dict(heroes={"h": {"max_hp": 9, "cards": ["bolt"]}}, cards={"bolt": BOLT},
                  units={"boss": BOSS},
                  encounters={"arena": {**ARENA, "responses": [{"counter": True}]}})
WARNING_PACK = dict(ERROR_PACK, encounters={"arena": ARENA}, units={"boss": BOSS, "imp": IMP})


def test_cli_clean_exit_zero(capsys):
    assert main(["lint", "core"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["0 errors, 0 warnings in core"]


def test_cli_errors_exit_one(capsys):
    with temporary_pack(name="lintme", **ERROR_PACK):
        assert main(["lint", "lintme"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[0].startswith("EVE-L001 error pack 'lintme', item lintme:arena")
    assert out[1] == "1 error, 0 warnings in lintme"


def test_cli_warnings_exit_zero_unless_strict(capsys):
    with temporary_pack(name="lintme", **WARNING_PACK):
        assert main(["lint", "lintme"]) == 0
        assert "EVE-L006 warning" in capsys.readouterr().out
        assert main(["lint", "lintme", "--strict"]) == 1
        assert "EVE-L006 error" in capsys.readouterr().out
        assert main(["lint", "core", "--strict"]) == 0        # the findings are lintme's
    capsys.readouterr()


def test_cli_json(capsys):
    with temporary_pack(name="lintme", **ERROR_PACK):
        assert main(["lint", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert "core" in doc["packs"] and "lintme" in doc["packs"]
    assert [(f["code"], f["item"]) for f in doc["findings"]] == [("EVE-L001", "lintme:arena")]


def test_cli_unknown_pack_exit_two(capsys):
    assert main(["lint", "core", "nosuch"]) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and cap.err.count("\n") == 1 and "unknown pack 'nosuch'" in cap.err


@pytest.mark.filterwarnings("ignore::eve.plugins.manager.PluginWarning")
def test_cli_a_pack_that_did_not_load_exit_two(capsys):
    with temporary_pack(name="broken", cards={"odd": {"kind": "spell"}}):
        assert main(["lint", "broken"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pack 'broken' did not load: EVE-P015" in err


def test_cli_unknown_pack_no_traceback():
    r = subprocess.run([sys.executable, "-m", "eve.cli", "lint", "nosuch"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [r.stderr.strip()] and "Traceback" not in r.stderr


# ------------------------------------------------------------------ the table of checks

def test_the_docs_table_is_the_table_of_checks():
    doc = (ROOT / "docs" / "modding.md").read_text()
    m = re.search(r"^<!-- lint-checks:begin[^\n]*-->\n(.*?)\n<!-- lint-checks:end -->$", doc,
                  re.M | re.S)
    assert m, "docs/modding.md has no lint-checks begin/end block"
    assert m.group(1) == checks_table()


def test_every_check_has_a_unique_code_and_a_test():
    codes = [c.code for c in CHECKS]
    assert len(codes) == len(set(codes)) and all(re.fullmatch(r"EVE-L\d{3}", c) for c in codes)
    assert all(c.severity in (ERROR, WARNING) and c.title and c.description for c in CHECKS)
    assert all("|" not in c.description + c.title for c in CHECKS)
    source = Path(__file__).read_text()
    for c in codes:
        assert re.search(rf"def test_{c[4:]}_", source), f"{c} has no test_{c[4:]}_... here"


def test_L022_an_expression_reading_a_target_there_is_none_of():
    blind = {"kind": "sortilege", "charges": 1, "on_enter": {"target": "none", "effect": [
        {"op": "damage", "to": "foe_leader", "n": "target.hp + 1"},
        {"op": "if", "cond": "target.poison > 0", "then": [{"op": "heal", "to": "own_leader"}]}]}}
    aimed = {"kind": "sortilege", "charges": 1, "on_enter": {"target": "foe", "effect": [
        {"op": "damage", "n": "target.hp / 2"}]}}
    picky = {"kind": "sortilege", "charges": 1, "play_if": "target.hp < 5",
             "on_enter": {"target": "none", "effect": [{"op": "draw"}]}}
    fine = {"kind": "sortilege", "charges": 1, "play_if": "target.hp < 5",
            "on_enter": {"target": "foe", "effect": [{"op": "damage"}]}}
    cards = {"bolt": BOLT, "blind": blind, "aimed": aimed, "picky": picky, "fine": fine}
    assert sorted(found("EVE-L022", cards=cards)) == [
        "cards.t:blind.on_enter.effect[0].n", "cards.t:blind.on_enter.effect[1].cond",
        "cards.t:picky.play_if"]


@rule("N09")
def test_L033_a_move_name_nothing_shares():
    def hit(n, name):
        return {"move": "effect", "target": "foe_leader", "name": name,
                "effect": [{"op": "damage", "n": n}]}
    assert found("EVE-L033", encounter={"script": [hit(1, "slam"), hit(2, "bash")]}) == [
        "encounters.t:arena.script[0].name", "encounters.t:arena.script[1].name"]
    # shared across phases, or read by `repeats.NAME`: the name says something
    shared = {"phases": [{"when": "repeats.bash > 0", "script": [hit(1, "slam")]},
                         {"script": [hit(2, "slam"), hit(3, "bash")]}]}
    assert found("EVE-L033", encounter=shared) == []


def test_L023_a_script_variable_never_read():
    hit = {"move": "effect", "target": "foe_leader", "effect": [{"op": "damage", "n": 1}]}
    counted = {**hit, "set": {"rage": "var.rage + 1"}}
    assert found("EVE-L023", encounter={"vars": {"rage": 0, "calm": 0}, "script": [counted]}) == [
        "encounters.t:arena.vars.calm"]
    # set only by itself: `var.rage + 1` is a read, but of a value nothing else reads; still a
    # read as the data says it, so the check stays quiet (it looks for reads, not for uses)
    read = {**hit, "effect": [{"op": "damage", "n": "1 + var.calm"}]}
    assert found("EVE-L023", encounter={"vars": {"calm": 0}, "script": [read]}) == []
    phased = {"vars": {"calm": 0}, "phases": [{"when": "var.calm == 0", "script": [hit]},
                                              {"script": [hit]}]}
    assert found("EVE-L023", encounter=phased) == []


def test_L014_and_L005_look_into_phases_and_picks():
    hit = {"move": "effect", "target": "foe_leader", "effect": [{"op": "damage", "n": 1}]}
    never = {**hit, "unless": {"if": "random_pct", "arg": 0, "do": {"move": "attack"}}}
    pick = {"pick": [hit, never]}
    got = found("EVE-L005", encounter={"phases": [{"when": "round > 2", "script": [pick]},
                                                  {"script": [hit]}]})
    assert got == ["encounters.t:arena.phases[0].script[0].pick[1].unless"]
    # a phase of three main moves spends Initiative 3, whatever the other phase does
    alternating = [hit, {"move": "attack"}]
    assert found("EVE-L014", encounter={"initiative": 3, "phases": [
        {"when": "round > 2", "script": alternating}, {"script": alternating}]}) != []
    assert found("EVE-L014", encounter={"initiative": 3, "phases": [
        {"when": "round > 2", "script": [hit, hit, hit]}, {"script": alternating}]}) == []


def test_L024_a_status_nothing_gives():
    pack = DataPack("sx", "1", requires=["core"], statuses={
        "given": {"polarity": "debuff", "taken_add": 1}, "orphan": {"polarity": "buff", "power": 1},
        "kept": {"polarity": "buff", "max": 1, "keeps": ["given"]}},
        cards={"c": {"kind": "sortilege", "charges": 1, "ability": {"target": "foe", "effect": [
            {"op": "status", "status": "given"}, {"op": "status", "status": "kept", "to": "own_leader"}]}}})
    found = {f.item for f in lint([eve_content, pack], packs=["sx"]).findings if f.code == "EVE-L024"}
    assert found == {"sx:orphan"}
    # a status an aura gives is held (rule A01)
    pack.cards["r"] = {"kind": "relic", "aura": {"status": "orphan", "who": "allies"}}
    found = {f.item for f in lint([eve_content, pack], packs=["sx"]).findings if f.code == "EVE-L024"}
    assert found == set()


def test_L025_a_status_that_does_nothing():
    pack = DataPack("sy", "1", requires=["core"], statuses={
        "idle": {"polarity": "buff"}, "pct": {"polarity": "buff", "dealt_pct": 150},
        "ticker": {"polarity": "buff", "tick": {"at": "turn_end", "effect": [{"op": "draw"}]}}},
        cards={"c": {"kind": "sortilege", "charges": 1, "ability": {"target": "ally", "effect": [
            {"op": "status", "status": s} for s in ("idle", "pct", "ticker")]}}})
    found = {f.item for f in lint([eve_content, pack], packs=["sy"]).findings if f.code == "EVE-L025"}
    assert found == {"sy:idle"}


def _counter_findings(code):
    pack = DataPack("sc", "1", requires=["core"], counters={
        "used": {}, "unread": {}, "unwritten": {"reset": "turn"}},
        cards={"c": {"kind": "sortilege", "charges": 1, "ability": {"target": "foe", "effect": [
            {"op": "add_counter", "counter": "used"}, {"op": "set_counter", "counter": "unread"},
            {"op": "damage", "n": "counter.used + counter.unwritten"}]}}})
    return {f.item for f in lint([eve_content, pack], packs=["sc"]).findings if f.code == code}


def test_L027_a_counter_nobody_reads():
    assert _counter_findings("EVE-L027") == {"sc:unread"}


def test_L028_a_counter_nobody_writes():
    assert _counter_findings("EVE-L028") == {"sc:unwritten"}


# ------------------------------------------------------------------ expanded content (F05)

@rule("F05")
def test_L004_a_sortilege_that_exiles_itself_on_play_leaves_the_lattice():
    idol = {"kind": "sortilege", "charges": 2, "keywords": ["exile_on_play"],
            "on_enter": {"effect": [{"op": "draw", "n": 1}]}}
    assert found("EVE-L004", cards={"idol": idol}) == []
    assert found("EVE-L004", cards={"idol": {**idol, "keywords": []}}) == ["cards.t:idol.ability"]


@rule("F05")
def test_L002_an_encounter_acting_through_its_heros_triggers_acts():
    weak = {"boss": {**BOSS, "power": 0, "triggers": [
        {"on": "turn_start", "effect": [{"op": "damage", "to": "foe_leader", "n": 2}]}]}}
    idle = {"script": [{"move": "attack"}]}
    assert found("EVE-L002", units=weak, encounter=idle) == []
    mute = {"boss": {**BOSS, "power": 0, "triggers": [
        {"on": "turn_start", "effect": [{"op": "damage", "to": "foe_leader", "n": 0}]}]}}
    assert found("EVE-L002", units=mute, encounter=idle) == ["encounters.t:arena.script"]


@rule("F05")
def test_L024_and_L028_read_status_ticks_and_keyword_macros():
    burn = {"polarity": "debuff", "taken_add": 1}
    spread = {"polarity": "debuff", "tick": {"at": "turn_end", "effect": [
        {"op": "status", "status": "burn", "to": "self"},
        {"op": "add_counter", "counter": "ticks"}]}}
    kw = {"kindle": {"applies_to": ["character"], "triggers": [{"on": "summoned", "effect": [
        {"op": "status", "status": "spread", "to": "self"},
        {"op": "add_counter", "counter": "lit"}]}]}}
    knight = {"kind": "character", "power": 1, "hp": 2, "keywords": ["kindle"],
              "on_enter": {"effect": [{"op": "damage", "to": "foe_leader",
                                       "n": "counter.ticks + counter.lit"}]}}
    p = DataPack("sk", "1", requires=["core"], statuses={"burn": burn, "spread": spread},
                 counters={"ticks": {}, "lit": {}}, keywords=kw, cards={"knight": knight})
    codes = {f.code for f in lint([eve_content, p], packs=["sk"]).findings}
    assert not codes & {"EVE-L024", "EVE-L028"}, codes


@rule("F05")
def test_L018_a_relic_whose_keyword_gives_it_a_trigger_does_something():
    kw = {"chime": {"applies_to": ["relic"], "triggers": [
        {"on": "turn_start", "effect": [{"op": "draw"}]}]}}
    relic = {"kind": "relic", "keywords": ["chime"], "on_enter": {"effect": [{"op": "draw"}]}}
    assert found("EVE-L018", cards={"bolt": BOLT, "r": relic}, keywords=kw) == []
    assert found("EVE-L018", cards={"bolt": BOLT, "r": {**relic, "keywords": []}},
                 keywords=kw) == ["cards.t:r"]


def test_an_encounter_expressions_unknown_name_lists_var_once():
    with pytest.raises(eve.errors.ContentError) as ei:
        eve.Engine(packs=[eve_content, lint_pack(encounter={"vars": {"rage": 0}, "script": [
            {"move": "effect", "target": "foe_leader",
             "effect": [{"op": "damage", "n": "rge + 1"}]}]})], strict=True)
    known = str(ei.value).split("one of: ", 1)[1]
    assert known.count("var") == 1 and "unknown name 'rge'" in str(ei.value)


# ------------------------------------------------------------------ new warnings (F06-F08)

def _loop(*triggers: dict, kind: str = "relic") -> list[str]:
    relic = {"kind": kind, "triggers": list(triggers)}
    if kind == "character":
        relic.update(power=1, hp=2)
    return found("EVE-L030", cards={"bolt": BOLT, "r": relic})


@rule("F06")
def test_L030_a_trigger_that_feeds_itself():
    feed = {"on": "status_applied", "who": "any", "effect": [
        {"op": "status", "status": "core:vulnerable", "to": "foe_leader"}]}
    assert _loop(feed) == ["cards.t:r.triggers[0]"]
    # it listens to its own side only and strikes the foe: no loop
    assert _loop({**feed, "who": "ally"}) == []
    # once a turn: bounded, not a loop
    assert _loop({**feed, "once": "turn"}) == []
    # drawing on a draw
    assert _loop({"on": "drawn", "effect": [{"op": "draw"}]}) == ["cards.t:r.triggers[0]"]
    # damage dealt by itself feeds its own damage_dealt
    hit = {"on": "damage_dealt", "effect": [{"op": "damage", "to": "foe_leader", "n": 1}]}
    assert _loop(hit, kind="character") == ["cards.t:r.triggers[0]"]
    assert _loop({"on": "damage_dealt", "effect": [{"op": "heal", "to": "self", "n": 1}]},
                 kind="character") == []
    # its own unit's event, raised on another unit: no loop; on itself: a loop
    mine = {"on": "status_applied", "effect": [{"op": "shield", "to": "own_leader", "n": 1}]}
    assert _loop(mine, kind="character") == []
    assert _loop({**mine, "effect": [{"op": "shield", "to": "self", "n": 1}]},
                 kind="character") == ["cards.t:r.triggers[0]"]


@rule("F06")
def test_L030_a_cycle_of_two_triggers():
    a = {"on": "card_played", "effect": [{"op": "draw"}]}
    b = {"on": "drawn", "effect": [{"op": "shield", "to": "own_leader", "n": 1}]}
    c = {"on": "status_applied", "who": "ally", "effect": [{"op": "draw"}]}
    paths = _loop(b, c)
    assert paths == ["cards.t:r.triggers[0]", "cards.t:r.triggers[1]"]
    (f,) = [f for f in run(cards={"bolt": BOLT, "r": {"kind": "relic", "triggers": [b, c]}}).findings
            if f.path == "cards.t:r.triggers[0]"]
    assert "through cards.t:r.triggers[1]" in f.message
    assert _loop(a, b) == []


@rule("F07")
def test_L031_damage_modifiers_past_the_bound():
    from eve.core.tables import LIMITS
    bound = LIMITS.get("damage_limit", 32767)

    def statuses(n, pct):
        return {f"s{i}": {"polarity": "buff", "dealt_pct": pct, "taken_pct": pct}
                for i in range(n)}
    give = {"kind": "sortilege", "charges": 1, "ability": {"target": "foe", "effect": [
        {"op": "damage", "n": 999}]}}

    def warned(n, pct):
        p = DataPack("sd", "1", requires=["core"], statuses=statuses(n, pct), cards={"c": give})
        return sorted(f.item for f in lint([eve_content, p], packs=["sd"]).findings
                      if f.code == "EVE-L031")
    # nine statuses at 1000 % both ways: the issue's overflow
    assert warned(9, 1000) == sorted(f"sd:s{i}" for i in range(9))
    assert 999 * 2 * 2 < bound and warned(1, 200) == []
    assert warned(2, 1000) == ["sd:s0", "sd:s1"]       # 999 * 10^4 > the bound
    adds = DataPack("sa", "1", requires=["core"], cards={"c": give}, statuses={
        "rage": {"polarity": "buff", "dealt_add": 99, "max": 999}})
    assert {f.code for f in lint([eve_content, adds], packs=["sa"]).findings} >= {"EVE-L031"}


@rule("F08")
def test_L032_a_match_end_program_that_changes_the_outcome():
    def relic(*effect):
        return {"kind": "relic", "triggers": [{"on": "match_end", "effect": list(effect)}]}
    assert found("EVE-L032", cards={"bolt": BOLT, "r": relic(
        {"op": "damage", "to": "all_ally_heroes", "n": 99})}) == ["cards.t:r.triggers[0].effect[0]"]
    assert found("EVE-L032", cards={"bolt": BOLT, "r": relic(
        {"op": "draw"}, {"op": "exile", "to": "all_foe_characters"})}) == [
        "cards.t:r.triggers[0].effect[1]"]
    assert found("EVE-L032", cards={"bolt": BOLT, "r": relic({"op": "heal", "to": "own_leader",
                                                               "n": 2})}) == []


@rule("T21")
def test_L034_an_end_turn_on_an_event_where_it_does_nothing():
    def relic(on):
        return {"kind": "relic", "triggers": [{"on": on, "effect": [{"op": "end_turn"}]}]}
    for on in ("turn_end", "foe_turn_start", "foe_turn_end", "match_end"):
        assert found("EVE-L034", cards={"bolt": BOLT, "r": relic(on)}) == [
            "cards.t:r.triggers[0].effect[0].op"], on
    assert found("EVE-L034", cards={"bolt": BOLT, "r": relic("turn_start")}) == []


def test_L035_a_filter_no_card_meets():
    def seek(**narrowed: str) -> dict:
        return {"kind": "sortilege", "charges": 1, "on_enter": {
            "target": "abyss_card", **narrowed, "effect": [{"op": "put", "into": "rift"}]}}
    beast = {"kind": "relic", "tags": ["beast"]}
    # alone: a built-in card may have the tag
    assert found("EVE-L035", cards={"bolt": BOLT, "b": beast, "s": seek(
        target_kind="character", target_tag="beast")}, core=False) == ["cards.t:s.on_enter"]
    assert found("EVE-L035", cards={"bolt": BOLT, "b": beast, "s": seek(
        target_kind="relic", target_tag="beast")}, core=False) == []


# ------------------------------------------------------------------ the run's content (U01-U21)

# an act whose free floors draw fights and elites only (no event, site or shop to register)
ACT = {"fights": ["arena"], "elites": ["arena"], "bosses": ["arena"],
       "nodes": {"fight": 50, "elite": 10}}


def _event(*options: dict, **extra: Any) -> dict:
    # alone: the built-in pack's acts and upgraded forms would make these options takeable
    return {"acts": {"a": ACT}, "events": {"e": {"options": list(options), **extra}},
            "core": False, "rules": {"run": {"party": 1}}}     # the pack has one hero


@pytest.mark.parametrize("option, field", [
    ({"if": "aurorune >= 99999"}, "if"),        # past the run's limit of 9999
    ({"if": "party > 3"}, "if"),                # past the party's size (3 by default)
    ({"if": "act > 1"}, "if"),                  # one act
    ({"if": "deck < 0"}, "if"),
    ({"cost": {"aurorune": 10000}}, "cost.aurorune"),
    ({"target": "upgradable_card"}, "target"),  # no card has an upgraded form
])
def test_L036_an_option_no_run_can_take(option, field):
    assert found("EVE-L036", **_event({"name": "x", **option}, )) == \
        [f"events.t:e.options[0].{field}"]


def test_L036_takeable_options_are_not_reported():
    ok = [{"if": "aurorune >= 9999"}, {"if": "party >= 1"}, {"if": "act == 1"},
          {"cost": {"aurorune": 9999}}]
    assert found("EVE-L036", **_event(*ok)) == []
    cards = {"bolt": {**BOLT, "upgraded": {"charges": 3}}}
    assert found("EVE-L036", cards=cards, **_event({"target": "upgradable_card"})) == []


@pytest.mark.parametrize("act, pool", [
    ({**ACT, "fights": []}, "fights"),
    ({**ACT, "bosses": []}, "bosses"),
    ({**ACT, "elites": []}, "elites"),          # while elites weigh 10
])
def test_L037_an_act_pool_empty(act, pool):
    assert found("EVE-L037", acts={"a": act}) == [f"acts.t:a.{pool}"]
    nodes = {"fight": 1, "elite": 0}
    assert found("EVE-L037", acts={"a": {**ACT, "nodes": nodes}}) == []
    assert found("EVE-L037", acts={"a": {"fights": ["arena"], "bosses": ["arena"],
                                         "nodes": nodes}}) == []


def test_L038_an_event_whose_acts_name_no_act():
    assert found("EVE-L038", **_event({"name": "x"}, acts=[])) == ["events.t:e.acts"]
    assert found("EVE-L038", **_event({"name": "x"}, acts=["a"])) == []
    assert found("EVE-L038", **_event({"name": "x"})) == []


def test_L039_cards_offered_of_no_rarity():
    zero = {"common": 0, "uncommon": 0, "rare": 0}
    run = {"acts": {"a": ACT}, "rewards": {"r": {"node": "fight", "rarity": zero}},
           "shops": {"s": {"rarity": zero, "cards": 0}}}
    assert found("EVE-L039", **run) == ["rewards.t:r.rarity"]
    run["rewards"]["r"]["cards"] = 0
    run["shops"]["s"]["cards"] = 2
    assert found("EVE-L039", **run) == ["shops.t:s.rarity"]


def test_L040_a_run_instruction_that_does_nothing():
    effect = [{"op": "restore", "n": 0}, {"op": "gain_aurorune", "n": 0},
              {"op": "upgrade_card", "to": "random_card"}, {"op": "restore", "n": 2}]
    assert found("EVE-L040", **_event({"effect": effect})) == [
        "events.t:e.options[0].effect[0].n", "events.t:e.options[0].effect[1].n",
        "events.t:e.options[0].effect[2]"]
    # with an upgraded form: only the chosen card of a plain card target may have none
    cards = {"bolt": {**BOLT, "upgraded": {"charges": 3}}}
    up = [{"op": "upgrade_card"}]
    assert found("EVE-L040", cards=cards, **_event({"target": "card", "effect": up},
                                                   {"target": "upgradable_card",
                                                    "effect": up})) == [
        "events.t:e.options[0].effect[0]"]
    relic = {"kind": "relic", "run": [{"on": "fight_won", "effect": [{"op": "hurt", "n": 0}]}]}
    assert found("EVE-L040", cards={"bolt": BOLT, "r": relic}, acts={"a": ACT}) == [
        "cards.t:r.run[0].effect[0].n"]


def test_L011_a_card_needs_no_starting_deck_in_a_catalog_with_a_run():
    # the run's deck holds the cards its rewards and shops offer, and their upgraded forms
    cards = {"bolt": BOLT, "spare": {**BOLT, "upgraded": {"charges": 3}}}
    hero = {"max_hp": 10, "cards": ["bolt"]}
    alone = {"core": False, "rules": {"run": {"party": 1}}}
    assert found("EVE-L011", cards=cards, hero=hero, **alone) == ["cards.t:spare", "cards.t:spare+"]
    assert found("EVE-L011", cards=cards, hero=hero, acts={"a": ACT}, **alone) == []


def test_L037_a_node_kind_weighed_whose_pool_is_empty_for_the_act():
    nodes = {"fight": 50, "event": 5, "sanctum": 5, "forge": 5, "shop": 5}
    acts = {"a": {**ACT, "nodes": nodes}, "b": {**ACT, "nodes": nodes, "order": 2}}
    alone = {"core": False, "rules": {"run": {"party": 1}}}     # without the built-in sites
    assert found("EVE-L037", acts=acts, **alone) == [
        f"acts.t:{a}.nodes.{k}" for a in "ab" for k in ("event", "sanctum", "forge", "shop")]
    # an event of act a only; a Sanctum and a shop; the forge weighs 0 in act b
    leave = {"options": [{"name": "Leave"}]}
    run = {"acts": {**acts, "b": {**acts["b"], "nodes": {**nodes, "forge": 0}}},
           "events": {"e": {**leave, "acts": ["a"]}},
           "sites": {"s": {"node": "sanctum", **leave}}, "shops": {"shop": {}}}
    assert found("EVE-L037", **run, **alone) == ["acts.t:a.nodes.forge", "acts.t:b.nodes.event"]
