"""The run's content through the pipeline (issue 22): acts, events, rewards, shops, sites, a
card's rarity, hero pool, upgraded form and run triggers, and a hero's drift, registered,
validated with coded errors, compiled into spec["run"] (the records of eve.core.records the
core's RunTables load), and fingerprinted."""
from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

import eve
import eve_content
from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.vocabulary import CONTENT
from eve.errors import ContentError
from eve.plugins import errors as codes
from eve.plugins.data import DataPack
from eve.plugins.registry import load_toml
from eve.testing import build_pack
from tests.conftest import rule

BOSS = {"kind": "enemy_hero", "max_hp": 20, "power": 2}
WAIT = {"roster": ["boss"], "initiative": 1, "script": [{"move": "attack", "lane": "strongest"}]}
SQUIRE = {"kind": "character", "power": 2, "hp": 3, "rarity": "starter", "hero": "aldric",
          "aurorune": 20, "upgraded": {"power": 3, "hp": 4}}
BOLT = {"kind": "sortilege", "charges": 1, "rarity": "rare", "aurorune": 60,
        "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}}
CHARM = {"kind": "relic", "name": "Ember Charm", "rarity": "uncommon", "aurorune": 150,
         "run": [{"on": "fight_won", "effect": [{"op": "restore", "n": 6}]},
                 {"on": "picked_up", "effect": [{"op": "gain_aurorune", "n": 25}]}]}
RUN: dict[str, Any] = {
    "rules": {"run": {"party": 2, "aurorune": 120, "drift": 2}},
    "heroes": {"aldric": {"cards": ["squire", "squire"], "drift": 0}, "mira": ["bolt"]},
    "cards": {"squire": SQUIRE, "bolt": BOLT, "charm": CHARM},
    "units": {"boss": BOSS},
    "encounters": {"camp": WAIT, "lair": WAIT, "throne": WAIT},
    "acts": {
        # registered second but played first: acts are played by `order`
        "reach": {"name": "The Reach", "order": 2, "fights": ["lair"], "bosses": ["throne"],
                  "elites": ["lair", "camp"], "nodes": {"fight": 10, "shop": 3}},
        "ashlands": {"name": "The Ashlands", "order": 1, "floors": 10, "width": 5, "paths": 4,
                     "elite_floor": 3, "fights": ["camp", "lair"], "elites": ["lair"],
                     "bosses": ["throne"]},
    },
    "events": {
        "smith": {"name": "The Smith", "text": "A smith offers her trade.", "acts": ["reach"],
                  "options": [
                      {"name": "Pay", "if": "aurorune >= 40", "cost": {"aurorune": 40},
                       "target": "upgradable_card",
                       "effect": [{"op": "upgrade_card", "to": "chosen_card"}]},
                      {"name": "Leave"}]},
        "shrine": {"options": [
            {"name": "Bleed", "cost": {"hp": 4}, "target": "hero",
             "effect": [{"op": "ambition", "to": "chosen_hero", "n": -2},
                        {"op": "add_card", "card": "bolt", "n": 2}]},
            {"name": "Pray", "if": "party != 1", "effect": [{"op": "gain_relic"}]}]},
    },
    "rewards": {"won": {"node": "fight", "aurorune": [10, 20]},
                "elite_won": {"node": "elite", "aurorune": [25, 35], "relics": 1,
                              "ambition": 1, "rarity": {"common": 50, "rare": 10}}},
    "shops": {"second": {}, "bazaar": {"cards": 4, "removal": 50}},
    "sites": {"rest": {"node": "sanctum", "options": [
        {"name": "Rest", "effect": [{"op": "heal_share", "n": 30}]},
        {"name": "Train", "target": "hero", "effect": [{"op": "ambition", "to": "chosen_hero"}]}]}},
}


def _sections(changes: dict[str, Any]) -> dict[str, Any]:
    sections = copy.deepcopy(RUN)
    for key, value in changes.items():
        if value is None:
            sections.pop(key, None)
        elif isinstance(value, dict) and key != "rules":
            sections[key] = {**sections.get(key, {}), **value}
        else:
            sections[key] = value
    return sections


def engine(**changes: Any) -> eve.Engine:
    """The run pack "r" beside the built-in pack (whose run content is there too), with core's
    rules, each section of RUN updated by `changes` (a section given as None is left out)."""
    sections = _sections(changes)
    # the pack's rule configuration (its `run`) applies over core's when selected
    return eve.Engine(packs=[eve_content, build_pack("r", requires=["core"], **sections)],
                      rules=["core", "r"] if "rules" in sections else None)


def alone(**changes: Any) -> eve.Engine:
    """The run pack "r" alone, with core's rule numbers (and its own `run` over them): the
    run content is its own only."""
    sections = _sections(changes)
    rules = load_toml(Path(eve_content.__file__).parent / "rules.toml", "rules")["config"]
    rules = {**rules, "run": {**rules["run"], **sections.pop("rules", {}).get("run", {})}}
    return eve.Engine(packs=[build_pack("r", rules=rules, **sections)])


def text_ref(ident: str, name: str) -> str:
    """A reference as an item of `ident`'s pack writes it -> its id."""
    return name if ":" in name else f"{ident.split(':')[0]}:{name}"


def core_run() -> dict[str, Any]:
    """spec["run"] of the built-in pack alone."""
    return eve.Engine().catalog.spec["run"]


@pytest.fixture(scope="module")
def eng() -> eve.Engine:
    return engine()


def refused(**changes: Any) -> ContentError:
    with pytest.raises(ContentError) as e:
        engine(**changes)
    return e.value


# ---------------------------------------------------------------- spec["run"]

@rule("U08", "U09")
def test_the_acts_are_in_play_order_with_their_pools_as_encounter_indices(eng):
    cat = eng.catalog
    run = cat.spec["run"]
    # by `order`, then in registration order: the built-in acts of an order before the pack's
    assert list(cat.acts) == ["core:ashlands", "r:ashlands", "core:drowned_marches", "r:reach",
                              "core:midnight_reach"]
    enc = {e: cat.index("encounter", e) for e in ("r:camp", "r:lair", "r:throne")}
    first, second = run["acts"][1], run["acts"][3]
    assert first == {"floors": 10, "width": 5, "paths": 4, "elite_floor": 3,
                     "nodes": {"fight": 50, "elite": 10, "event": 22, "sanctum": 12,
                               "forge": 4, "shop": 6, "boss": 0},
                     "fights": [enc["r:camp"], enc["r:lair"]], "elites": [enc["r:lair"]],
                     "bosses": [enc["r:throne"]]}
    # the records' defaults; the node kinds a table leaves out weigh 0
    assert (second["floors"], second["width"], second["paths"], second["elite_floor"]) == \
        (12, 7, 6, 5)
    assert second["nodes"] == {"fight": 10, "elite": 0, "event": 0, "sanctum": 0, "forge": 0,
                               "shop": 3, "boss": 0}
    assert second["elites"] == [enc["r:lair"], enc["r:camp"]]
    assert eng.content.has_run


@rule("U02")
def test_the_config_run_reads_the_rules_and_the_records_defaults(eng):
    assert eng.catalog.spec["run"]["config"] == {"party": 2, "aurorune": 120, "deck_cap": 56,
                                                 "drift": 2, "relic_cap": 8, "ambition_cap": 20}
    assert eng.catalog.spec["run"]["player_heroes"] == len(eng.catalog.player_heroes)


def _program(eng: eve.Engine, prog: int) -> list[tuple[int, ...]]:
    return [tuple(w) for w in eng.catalog.spec["programs"][prog][1]]


@rule("U11", "U14", "U19")
def test_events_and_sites_options_are_one_pool(eng):
    run = eng.catalog.spec["run"]
    op, sel = CONTENT["op"], CONTENT["selector"]
    core = core_run()
    # the built-in events first, their options first in the pool, their acts as play order
    # numbers them among the pack's
    cat = eng.catalog
    assert list(cat.events)[-2:] == ["r:smith", "r:shrine"]
    assert [e["options"] for e in run["events"][:-2]] == [e["options"] for e in core["events"]]
    base = sum(e["options"][1] for e in core["events"])
    plain = eve.Engine()
    for got, want in zip(run["options"][:base], core["options"][:base], strict=True):
        assert {**got, "prog": 0} == {**want, "prog": 0}
        assert (got["prog"] < 0) == (want["prog"] < 0)
        if got["prog"] >= 0:        # the same code, in the pool after the pack's match programs
            assert _program(eng, got["prog"]) == _program(plain, want["prog"])
    for ident, ev in zip(cat.events, run["events"]):
        acts = cat.events[ident].get("acts", ())         # none: every act
        assert ev["acts"] == sum(1 << list(cat.acts).index(text_ref(ident, a)) for a in acts)
    smith, shrine = run["events"][-2:]
    assert smith == {"acts": 1 << 3, "options": (base, 2)}      # the reach is the 4th act
    assert shrine == {"acts": 0, "options": (base + 2, 2)}      # every act
    pay, leave, bleed, pray = run["options"][base:base + 4]
    # a Sanctum offers the built-in site's options, then the pack's (U11)
    (sanctum, core_n), (forge, forge_n) = [(s["node"], s["options"][1]) for s in core["sites"]]
    assert run["sites"] == [{"node": sanctum, "options": (base + 4, core_n + 2)},
                            {"node": forge, "options": (base + 6 + core_n, forge_n)}]
    rest, train = run["options"][base + 4 + core_n:base + 6 + core_n]
    assert pay["cond"] == (CONTENT["run_value"]["aurorune"], CONTENT["compare"][">="], 40)
    assert (pay["cost_aurorune"], pay["cost_hp"], pay["target"]) == \
        (40, 0, CONTENT["run_target"]["upgradable_card"])
    assert _program(eng, pay["prog"]) == [(op["upgrade_card"], sel["chosen_card"], 0, 0, -1)]
    assert leave == {"target": 0, "cost_hp": 0, "cost_aurorune": 0, "prog": -1}
    assert "cond" not in leave
    assert (bleed["cost_hp"], bleed["target"]) == (4, CONTENT["run_target"]["hero"])
    bolt = eng.catalog.index("card", "r:bolt")
    assert _program(eng, bleed["prog"]) == [
        (op["ambition"], sel["chosen_hero"], -2, 0, -1), (op["add_card"], sel["none"], 2, bolt, -1)]
    assert pray["cond"] == (CONTENT["run_value"]["party"], CONTENT["compare"]["!="], 1)
    # gain_relic's card is its def + 1: 0 draws a random Relic
    assert _program(eng, pray["prog"]) == [(op["gain_relic"], sel["none"], 0, 0, -1)]
    assert sanctum == CONTENT["run_node"]["sanctum"]
    assert _program(eng, rest["prog"]) == [(op["heal_share"], sel["party"], 30, 0, -1)]
    assert _program(eng, train["prog"]) == [(op["ambition"], sel["chosen_hero"], 1, 0, -1)]


@rule("U19")
def test_run_programs_come_after_every_match_program(eng):
    run = eng.catalog.spec["run"]
    progs = [o["prog"] for o in run["options"] if o["prog"] >= 0]
    progs += [p for c in run["cards"] for p in c["run"].values() if p >= 0]
    match = eng.catalog.spec["cards"][eng.catalog.index("card", "r:bolt")]["ability_prog"]
    assert min(progs) > match


@rule("U10", "U13")
def test_rewards_and_the_shop(eng):
    run = eng.catalog.spec["run"]
    # the pack's reward tables replace the built-in ones of their node kinds; the boss's stays
    assert run["rewards"] == [
        {"node": CONTENT["run_node"]["fight"], "aurorune": (10, 20), "cards": 3, "relics": 0,
         "ambition": 0, "heal": 0, "rarity": {"common": 60, "uncommon": 37, "rare": 3}},
        {"node": CONTENT["run_node"]["elite"], "aurorune": (25, 35), "cards": 3, "relics": 1,
         "ambition": 1, "heal": 0, "rarity": {"common": 50, "uncommon": 0, "rare": 10}},
        core_run()["rewards"][2]]
    assert run["rewards"][2]["node"] == CONTENT["run_node"]["boss"]
    # the last registered shop is the run's: the pack's last, over the built-in one and its first
    assert run["shop"] == {"cards": 4, "relics": 2, "removal": 50, "removal_step": 25,
                           "rarity": {"common": 55, "uncommon": 35, "rare": 10}}


@rule("U07", "U12", "U20")
def test_every_card_def_has_its_run_record(eng):
    cat = eng.catalog
    cards = cat.spec["run"]["cards"]
    assert len(cards) == len(cat.card_ids)
    rar = CONTENT["rarity"]
    idx = {c: cat.index("card", c) for c in ("r:squire", "r:squire+", "r:bolt", "r:charm")}
    none = dict.fromkeys(CONTENT["run_event"], -1)
    assert cards[idx["r:squire"]] == {"rarity": rar["starter"], "hero": cat.index("hero", "r:aldric"),
                                      "upgrade": idx["r:squire+"], "price": 20, "run": none}
    assert cards[idx["r:squire+"]] == {"rarity": rar["special"],
                                       "hero": cat.index("hero", "r:aldric"), "upgrade": -1,
                                       "price": 20, "run": none}
    assert cards[idx["r:bolt"]]["hero"] == -1 and cards[idx["r:bolt"]]["rarity"] == rar["rare"]
    charm = cards[idx["r:charm"]]
    assert charm["run"]["act_start"] == -1
    op, sel = CONTENT["op"], CONTENT["selector"]
    assert _program(eng, charm["run"]["fight_won"]) == [(op["restore"], sel["party"], 6, 0, -1)]
    assert _program(eng, charm["run"]["picked_up"]) == [
        (op["gain_aurorune"], sel["none"], 25, 0, -1)]
    # a built-in card: its rarity, hero pool and upgraded form
    squire = cards[cat.index("card", "core:ember_squire")]
    assert (squire["rarity"], squire["hero"], squire["upgrade"]) == (
        rar["starter"], cat.index("hero", "core:aldric"), cat.index("card", "core:ember_squire+"))
    # a card without run fields: common, every party's pool, no form
    eng = engine(cards={"plain": {"kind": "relic"}})
    plain = eng.catalog.spec["run"]["cards"][eng.catalog.index("card", "r:plain")]
    assert (plain["rarity"], plain["hero"], plain["upgrade"], plain["run"]) == (
        rar["common"], -1, -1, none)


@rule("U15")
def test_every_hero_def_has_its_drift(eng):
    cat = eng.catalog
    heroes = cat.spec["run"]["heroes"]
    assert len(heroes) == len(cat.hero_ids)
    assert heroes[cat.index("hero", "r:aldric")] == {"drift": 0}
    assert heroes[cat.index("hero", "r:mira")] == {"drift": 2}       # the config's


def test_content_without_acts_has_no_run():
    eng = alone(acts=None, events=None)
    assert "run" not in eng.catalog.spec
    assert not eng.content.has_run
    # the pack's acts are a run's, and beside the built-in pack its acts are
    assert alone().content.has_run
    assert engine(acts=None, events=None).content.has_run and eve.Engine().content.has_run


# ---------------------------------------------------------------- the upgraded form

@rule("U12")
def test_an_upgraded_form_is_a_card_of_its_own_after_every_card(eng):
    cat = eng.catalog
    assert cat.card_ids[-1] == "r:squire+"
    assert cat.names["r:squire+"] == "squire+"
    form = cat.spec["cards"][cat.index("card", "r:squire+")]
    assert (form["power"], form["hp"]) == (3, 4)
    assert cat.cards["r:squire+"]["kind"] == "character"
    assert "upgraded form of squire" in cat.rules_text("r:squire+")
    assert "Upgrades into squire+" in cat.rules_text("r:squire")
    # a starting deck may name it like any card
    eng2 = engine(heroes={"aldric": {"cards": ["squire+"]}})
    assert eng2.catalog.spec["heroes"][eng2.catalog.index("hero", "r:aldric")]["start_cards"] \
        == [eng2.catalog.index("card", "r:squire+")]


def test_an_upgraded_form_keeps_every_other_cards_index():
    plain = engine(cards={"squire": {k: v for k, v in SQUIRE.items() if k != "upgraded"}})
    ids = plain.catalog.card_ids
    assert engine().catalog.card_ids[:len(ids)] == ids


def test_an_upgraded_forms_own_name():
    eng = engine(cards={"squire": {**SQUIRE, "name": "Squire", "upgraded": {"power": 3}}})
    assert eng.catalog.names["r:squire+"] == "Squire+"
    eng = engine(cards={"squire": {**SQUIRE, "upgraded": {"name": "Knight"}}})
    assert eng.catalog.names["r:squire+"] == "Knight"


# ---------------------------------------------------------------- errors

def _check(e: ContentError, code: str, path: str, *words: str) -> None:
    assert e.code == code, e
    assert e.path == path, e
    for w in words:
        assert w in str(e), e


@pytest.mark.parametrize("key, value, path, code, words", [
    ("fights", ["cmap"], "acts.r:ashlands.fights[0]", codes.UNKNOWN_REFERENCE,
     ("did you mean 'r:camp'",)),
    ("bosses", ["camp"] * 5, "acts.r:ashlands.bosses", codes.OUT_OF_RANGE, ()),
    ("floors", 2, "acts.r:ashlands.floors", codes.OUT_OF_RANGE, ()),
    ("elite_floor", 11, "acts.r:ashlands.elite_floor", codes.OUT_OF_RANGE, ()),
    ("order", 0, "acts.r:ashlands.order", codes.OUT_OF_RANGE, ()),
    ("nodes", {"fight": 0}, "acts.r:ashlands.nodes", codes.INVALID_VALUE, ()),
    ("nodes", {"fight": 1000}, "acts.r:ashlands.nodes.fight", codes.OUT_OF_RANGE, ()),
    ("nodes", {"fihgt": 1}, "acts.r:ashlands.nodes.fihgt", codes.UNKNOWN_FIELD,
     ("did you mean 'fight'",)),
])
def test_an_acts_errors(key, value, path, code, words):
    act = {**RUN["acts"]["ashlands"], key: value}
    _check(refused(acts={"ashlands": act}), code, path, *words)


def _event_with(option: dict, **extra: Any) -> dict:
    return {"shrine": {"options": [option], **extra}}


@rule("U19")
@pytest.mark.parametrize("option, path, code, words", [
    ({"if": "aurorun >= 40"}, "if", codes.INVALID_VALUE, ("did you mean 'aurorune'",)),
    ({"if": "aurorune => 40"}, "if", codes.INVALID_VALUE, ("<value> <cmp> <number>",)),
    ({"if": 40}, "if", codes.WRONG_TYPE, ()),
    ({"if": "deck >= 100000"}, "if", codes.OUT_OF_RANGE, ()),
    ({"target": "cards"}, "target", codes.INVALID_VALUE, ("did you mean 'card'",)),
    ({"cost": {"hp": -1}}, "cost.hp", codes.OUT_OF_RANGE, ()),
    ({"cost": {"aurorun": 1}}, "cost.aurorun", codes.UNKNOWN_FIELD, ("did you mean",)),
    ({"effect": [{"op": "heal", "n": 2}]}, "effect[0].op", codes.INVALID_VALUE,
     ("did you mean 'restore'",)),
    ({"effect": [{"op": "restore", "to": "all_allies"}]}, "effect[0].to", codes.INVALID_VALUE,
     ("did you mean 'party'",)),
    ({"effect": [{"op": "upgrade_card", "to": "party"}]}, "effect[0].to", codes.INVALID_VALUE,
     ("chosen_card, random_card",)),
    ({"effect": [{"op": "restore", "to": "chosen_hero"}]}, "effect[0].to",
     codes.INVALID_VALUE, ("target",)),
    ({"target": "hero", "effect": [{"op": "remove_card"}]}, "effect[0].to",
     codes.INVALID_VALUE, ("target",)),
    ({"effect": [{"op": "ambition", "n": 100}]}, "effect[0].n", codes.OUT_OF_RANGE, ()),
    ({"effect": [{"op": "heal_share", "n": 0}]}, "effect[0].n", codes.OUT_OF_RANGE, ()),
    ({"effect": [{"op": "restore", "n": "1 + 1"}]}, "effect[0].n", codes.WRONG_TYPE, ()),
    ({"effect": [{"op": "add_card", "card": "charm"}]}, "effect[0].card", codes.INVALID_VALUE,
     ("gain_relic",)),
    ({"effect": [{"op": "gain_relic", "card": "bolt"}]}, "effect[0].card",
     codes.INVALID_VALUE, ("add_card",)),
    ({"effect": [{"op": "add_card"}]}, "effect[0].card", codes.MISSING_FIELD, ()),
    ({"effect": [{"op": "add_card", "card": "blot"}]}, "effect[0].card",
     codes.UNKNOWN_REFERENCE, ("did you mean 'r:bolt'",)),
    ({"effect": [{"op": "gain_aurorune", "to": "party"}]}, "effect[0].to",
     codes.UNKNOWN_FIELD, ()),
])
def test_an_options_errors(option, path, code, words):
    _check(refused(events=_event_with({"name": "x", **option})),
           code, f"events.r:shrine.options[0].{path}", *words)


def test_an_events_errors():
    _check(refused(events={"shrine": {"options": []}}), codes.MISSING_FIELD,
           "events.r:shrine.options")
    _check(refused(events={"shrine": {"options": [{"name": "x"}] * 9}}), codes.OUT_OF_RANGE,
           "events.r:shrine.options")
    _check(refused(events=_event_with({"name": "x"}, acts=["ashland"])), codes.UNKNOWN_REFERENCE,
           "events.r:shrine.acts[0]", "did you mean 'r:ashlands'")
    _check(refused(events={"shrine": {"options": [{"name": "x"}], "txt": "?"}}),
           codes.UNKNOWN_FIELD, "events.r:shrine.txt", "did you mean 'text'")


@rule("U19")
def test_a_run_instruction_is_refused_in_a_match_program_and_a_run_selector_too():
    card = {"kind": "sortilege", "charges": 1, "on_enter": {"target": "ally", "effect": [
        {"op": "restore", "n": 2}]}}
    _check(refused(cards={"bad": card}), codes.INVALID_VALUE,
           "cards.r:bad.on_enter.effect[0].op", "run instruction", "did you mean 'heal'")
    card["on_enter"]["effect"] = [{"op": "heal", "to": "party"}]
    _check(refused(cards={"bad": card}), codes.INVALID_VALUE,
           "cards.r:bad.on_enter.effect[0].to", "did you mean 'all_ally_heroes'")


@pytest.mark.parametrize("card, path, code, words", [
    ({"rarity": "rar"}, "rarity", codes.INVALID_VALUE, ("did you mean 'rare'",)),
    ({"hero": "aldrc"}, "hero", codes.UNKNOWN_REFERENCE, ("did you mean 'r:aldric'",)),
    ({"hero": "boss"}, "hero", codes.UNKNOWN_REFERENCE, ()),      # an enemy hero
    ({"upgraded": {"rarity": "rare"}}, "upgraded.rarity", codes.INVALID_VALUE, ()),
    ({"upgraded": {"upgraded": {}}}, "upgraded.upgraded", codes.INVALID_VALUE, ()),
    ({"upgraded": {"kind": "relic"}}, "upgraded.kind", codes.INVALID_VALUE, ()),
    ({"upgraded": 3}, "upgraded", codes.WRONG_TYPE, ()),
    ({"upgraded": {"powr": 3}}, "upgraded.powr", codes.UNKNOWN_FIELD, ("did you mean 'power'",)),
    ({"upgraded": {"hp": 0}}, "hp", codes.OUT_OF_RANGE, ()),
    ({"run": [{"on": "fight_won", "effect": [{"op": "restore"}]}]}, "run", codes.INVALID_VALUE,
     ("Relic",)),
])
def test_a_cards_run_errors(card, path, code, words):
    e = refused(cards={"squire": {**{k: v for k, v in SQUIRE.items() if k != "upgraded"},
                                  **card}})
    assert e.code == code, e
    assert e.path in (f"cards.r:squire.{path}", f"cards.r:squire+.{path}"), e
    for w in words:
        assert w in str(e), e


@rule("U20")
@pytest.mark.parametrize("run, path, code", [
    ([{"on": "fight_wonn", "effect": [{"op": "restore"}]}], "run[0].on", codes.INVALID_VALUE),
    ([{"on": "fight_won", "effect": [{"op": "restore"}]}] * 2, "run[1].on", codes.INVALID_VALUE),
    ([{"on": "fight_won"}], "run[0].effect", codes.MISSING_FIELD),
    ([{"on": "fight_won", "effect": [{"op": "damage"}]}], "run[0].effect[0].op",
     codes.INVALID_VALUE),
])
def test_a_relics_run_trigger_errors(run, path, code):
    _check(refused(cards={"charm": {**CHARM, "run": run}}), code, f"cards.r:charm.{path}")


def test_rewards_sites_and_shops_errors():
    _check(refused(rewards={"won": {"node": "fgiht"}}), codes.INVALID_VALUE, "rewards.r:won.node",
           "did you mean 'fight'")
    _check(refused(rewards={"won": {}}), codes.MISSING_FIELD, "rewards.r:won.node")
    _check(refused(rewards={"won": {"node": "fight", "aurorune": [20, 10]}}), codes.OUT_OF_RANGE,
           "rewards.r:won.aurorune.hi")
    _check(refused(rewards={"won": {"node": "fight", "aurorune": [1]}}), codes.WRONG_TYPE,
           "rewards.r:won.aurorune")
    _check(refused(rewards={"won": {"node": "fight", "cards": 9}}), codes.OUT_OF_RANGE,
           "rewards.r:won.cards")
    _check(refused(rewards={"won": {"node": "fight", "rarity": {"rare": -1}}}),
           codes.OUT_OF_RANGE, "rewards.r:won.rarity.rare")
    _check(refused(sites={"rest": {"node": "shop", "options": [{"name": "x"}]}}),
           codes.INVALID_VALUE, "sites.r:rest.node")
    _check(refused(shops={"bazaar": {"relics": 5}}), codes.OUT_OF_RANGE, "shops.r:bazaar.relics")
    # a node's sites' options together: the built-in Sanctum's and the pack's
    from eve.core.tables import LIMITS
    core_n = core_run()["sites"][0]["options"][1]
    many = [{"name": f"o{i}"} for i in range(LIMITS["run_options"] - core_n + 1)]
    _check(refused(sites={"rest": {"node": "sanctum", "options": many}}), codes.OUT_OF_RANGE,
           "sites.r:rest.options", f"the sanctum sites' {LIMITS['run_options'] + 1} options")
    assert alone(sites={"rest": {"node": "sanctum", "options": many}}).content.has_run


@rule("U10", "U11", "U12", "U13")
def test_a_packs_rewards_sites_and_shop_beside_the_built_in_ones():
    core, node = core_run(), CONTENT["run_node"]
    # a second reward table of a node kind replaces the first: the last registered is the run's
    run = engine(rewards={"again": {"node": "fight", "aurorune": [1, 2]}}).catalog.spec["run"]
    fight = [r for r in run["rewards"] if r["node"] == node["fight"]]
    assert len(fight) == 1 and fight[0]["aurorune"] == (1, 2)
    assert len(run["rewards"]) == 3
    # without the pack's, the built-in ones
    run = engine(rewards=None, shops=None, sites=None).catalog.spec["run"]
    assert run["rewards"] == core["rewards"] and run["shop"] == core["shop"]
    assert [s["options"][1] for s in run["sites"]] == [s["options"][1] for s in core["sites"]]
    # two sites of a node kind: one node offers both's options, the built-in ones first
    run = engine(sites={"whetstone": {"node": "forge", "options": [{"name": "Whet"}]}}
                 ).catalog.spec["run"]
    sanctum, forge = run["sites"]
    assert (sanctum["node"], forge["node"]) == (node["sanctum"], node["forge"])
    assert sanctum["options"][1] == core["sites"][0]["options"][1] + 2       # r:rest's 2
    assert forge["options"][1] == core["sites"][1]["options"][1] + 1         # r:whetstone's 1
    assert forge["options"][0] == sanctum["options"][0] + sanctum["options"][1]
    rest = run["options"][sanctum["options"][0] + sanctum["options"][1] - 2]
    assert rest["prog"] >= 0 and run["options"][sum(forge["options"]) - 1]["prog"] == -1
    # the pack's last shop replaces the built-in one
    run = engine(shops={"mine": {"cards": 2, "relics": 0}}).catalog.spec["run"]
    assert (run["shop"]["cards"], run["shop"]["relics"]) == (2, 0) != (
        core["shop"]["cards"], core["shop"]["relics"])


def test_the_run_configs_and_a_heros_errors():
    _check(refused(rules={"run": {"party": 9}}), codes.OUT_OF_RANGE, "config.run.party")
    _check(refused(rules={"run": {"deck_cap": 60, "relic_cap": 8}}), codes.OUT_OF_RANGE,
           "config.run.deck_cap")
    _check(refused(rules={"run": {"drift": 6}}), codes.OUT_OF_RANGE, "config.run.drift")
    _check(refused(rules={"run": {"partty": 2}}), codes.UNKNOWN_FIELD, "config.r:config.run.partty")
    _check(refused(heroes={"aldric": {"cards": [], "drift": 6}}), codes.OUT_OF_RANGE,
           "heroes.r:aldric.drift")


def test_run_ops_refuse_what_their_rows_do_not_have():
    # every run row: acts_on "run", an amount that is never an expression
    for o in INSTRUCTION.values():
        if o.acts_on == "run":
            assert o.amount in ("number", "signed", "none"), o.name


# ---------------------------------------------------------------- fingerprints and files

def test_the_fingerprint_covers_the_run_content(eng):
    assert engine().fingerprint == eng.fingerprint
    assert engine(rewards={"won": {"node": "fight", "aurorune": [10, 21]}}).fingerprint \
        != eng.fingerprint
    assert engine(rules={"run": {"party": 1}}).fingerprint != eng.fingerprint
    assert engine(cards={"squire": {**SQUIRE, "upgraded": {"power": 4}}}).fingerprint \
        != eng.fingerprint


def test_a_folder_pack_reads_the_run_files(tmp_path: Path):
    (tmp_path / "pack.toml").write_text('[pack]\nname = "f"\nversion = "1"\nrequires = ["core"]\n')
    (tmp_path / "acts.toml").write_text(
        '[acts.one]\nfights = ["core:ash_warband"]\nbosses = ["core:ash_warband"]\n'
        'elites = ["core:ash_warband"]\n')
    (tmp_path / "events.toml").write_text(
        '[events.ev]\n[[events.ev.options]]\nname = "Leave"\n')
    (tmp_path / "sites.toml").write_text(
        '[sites.s]\nnode = "forge"\n[[sites.s.options]]\nname = "Temper"\ntarget = "hero"\n'
        'effect = [{ op = "max_hp", to = "chosen_hero", n = 3 }]\n')
    eng = eve.Engine(packs=[eve_content, DataPack.from_files(tmp_path)])
    run, core = eng.catalog.spec["run"], core_run()
    # beside the built-in ones: its act plays after the built-in first act (order 1 both)
    assert len(run["acts"]) == len(core["acts"]) + 1 and list(eng.catalog.acts)[1] == "f:one"
    assert len(run["events"]) == len(core["events"]) + 1
    assert list(eng.catalog.events)[-1] == "f:ev"
    assert list(eng.catalog.sites) == ["core:sanctum", "core:forge", "f:s"]
    forge = run["sites"][1]
    assert forge["node"] == CONTENT["run_node"]["forge"]
    assert forge["options"][1] == core["sites"][1]["options"][1] + 1      # Temper, last


# ---------------------------------------------------------------- the core reads it

@rule("U02", "U07", "U08")
def test_the_core_runs_the_compiled_run():
    """What the pipeline compiles is what eve.Run plays: the config's aurorune and party, the
    party's starting decks, the act's boss from its pool, and a run played to its end."""
    eng = alone()       # the pack's run only: its act is the first
    r = eng.new_run(seed=3, party=["r:aldric", "r:mira"])
    assert r.aurorune == 120
    assert [h["id"] for h in r.party] == ["r:aldric", "r:mira"]
    assert sorted(r.deck) == ["r:bolt", "r:squire", "r:squire"]
    assert r.boss == "r:throne"
    rng = random.Random(0)
    for _ in range(5000):
        if r.is_over:
            break
        r.apply(rng.choice(r.legal_actions()))
    assert r.is_over


def test_the_catalog_looks_up_the_run_items(eng):
    cat = eng.catalog
    assert cat["r:smith"]["kind"] == "event" and cat["r:smith"]["name"] == "The Smith"
    assert "r:ashlands" in cat and cat["r:won"]["cards"] == 3    # the records' defaults
    assert cat["r:bazaar"]["kind"] == "shop" and cat["r:rest"]["node"] == "sanctum"
    assert cat.rules_texts(kinds=["act"]) == {a: cat.rules_text(a) for a in cat.acts}


def test_eve_cards_lists_the_run_content(capsys):
    from eve.cli import main
    from eve.testing import temporary_pack
    sections = {k: v for k, v in copy.deepcopy(RUN).items() if k != "rules"}
    with temporary_pack(build_pack("r", requires=["core"], **sections)):
        assert main(["cards", "r", "--kind", "act", "--kind", "event", "--kind", "site"]) == 0
        assert main(["cards", "r:won", "r:bazaar", "r:squire+"]) == 0
    out = capsys.readouterr().out
    assert "r:ashlands  The Ashlands (act)" in out and "r:smith  The Smith (event)" in out
    assert "r:rest  rest (site)" in out and "(1) Rest: restore 30% of max hp" in out
    assert "r:won  won (reward)" in out and "r:bazaar  bazaar (shop)" in out
    assert "r:squire+  squire+ (card)" in out
    assert "r:bolt" not in out


def test_the_run_content_past_the_cores_capacities_is_refused():
    from eve.core.tables import LIMITS
    # the built-in pack's 3 and the pack's own 2: one act more than the core's, played last
    n = LIMITS["acts"] - len(core_run()["acts"]) - 2 + 1
    acts = {f"a{i}": {**RUN["acts"]["ashlands"], "order": 9} for i in range(n)}
    e = refused(acts=acts)      # the last in play order is named
    _check(e, codes.CAPACITY, f"acts.r:a{n - 1}", f"{LIMITS['acts'] + 1} acts")
    # the pack alone: its own acts only
    alone(acts={f"a{i}": RUN["acts"]["ashlands"] for i in range(LIMITS["acts"] - 2)})
    with pytest.raises(ContentError) as e:
        alone(acts={f"a{i}": RUN["acts"]["ashlands"] for i in range(LIMITS["acts"] - 1)})
    _check(e.value, codes.CAPACITY, "acts.r:reach", f"{LIMITS['acts'] + 1} acts")
    events = {f"e{i}": {"options": [{"name": "x"}]} for i in range(LIMITS["events"] + 1)}
    _check(refused(events=events), codes.CAPACITY, f"events.r:e{LIMITS['events']}")


def test_a_bound_past_the_int16_column_compares_as_its_end():
    # every value a condition reads is within [0, RUN_LIMIT]: 99999 and 32767 compare alike
    def shrines(eng):       # the pack's shrine is its last event
        run = eng.catalog.spec["run"]
        return run["options"][run["events"][-1]["options"][0]]

    eng = engine(events=_event_with({"name": "x", "if": "aurorune >= 99999",
                                     "cost": {"aurorune": 40000}}))
    opt = shrines(eng)
    assert opt["cond"] == (CONTENT["run_value"]["aurorune"], CONTENT["compare"][">="], 32767)
    assert opt["cost_aurorune"] == 32767
    eng = engine(events=_event_with({"name": "x", "if": "hp > -99999"}))
    assert shrines(eng)["cond"][2] == -32767
