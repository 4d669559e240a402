"""Rules text (eve.text): every name content may use has its words in the vocabulary, every
item of every pack has text, the text says what the data and the rule configuration say."""
from __future__ import annotations

import importlib
import json
import re
import string
import sys
from pathlib import Path

import pytest

import eve
import eve_content
from eve import text, wording
from eve.cli import main
from eve.compiler.normalise import shaped
from eve.core import vocabulary
from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.selectors import BY_NAME as SELECTOR
from eve.core.vocabulary import CONTENT, TEXT
from eve.keywords import FLAGS as KEYWORD_FLAGS
from eve.keywords import expand as expand_keyword
from eve.keywords import use_of
from eve.plugins.data import DataPack
from eve.plugins.registry import load_toml
from eve.plugins.schema import When
from eve.testing import build_pack

ROOT = Path(__file__).resolve().parent.parent

# the enumerations with words: every one content names, and the Meter's categories (costs)
WORDED = set(CONTENT) | {"category"}

# the fields each enumeration's templates may use (what eve.text fills them with)
VOICE = {"our", "their", "players"}
FIELDS = {
    "card_kind": {"power", "hp", "charges"}, "keyword": set(), "target": set(),
    "op": {"n", "to", "target", "unit", "task", "self", "cond", "then", "status", "into",
           "card", "from", "up_to", "modes", "cards", "counter", "buff", "filter"} | VOICE,
    "choice_from": {"look"} | VOICE,
    "status_stacking": {"n", "status"}, "status_polarity": set(), "status_timing": set(),
    "status_decay": set(), "place": VOICE,
    "expr_ref": {"self", "target"} | VOICE, "expr_attr": set(), "expr_count": VOICE,
    "selector": {"target", "self"} | VOICE, "trigger": {"our", "their", "players", "who", "card", "status"}, "status_spend": set(),
    "trigger_who": {"self"} | VOICE, "trigger_limit": set(),
    "trigger_source": {"self"} | VOICE, "trigger_unit": set(), "trigger_card": set(), "expr_event": set(), "goal": {"threshold"},
    "phase": set(), "move": {"effect", "unit", "lane", "attacker"}, "lane": {"lane"},
    "enemy_target": set(), "condition": {"arg", "cond"}, "response_on": set(), "category": set(),
    "aura_who": VOICE, "until": {"self"}, "counter_reset": set(),
    "run_node": set(), "rarity": set(), "run_target": set(), "run_value": set(),
    "compare": {"n"}, "run_event": set(),
}


def _names(key):
    return CONTENT[key] if key in CONTENT else vocabulary.names(key)


# ---------------------------------------------------------------- the templates

@pytest.mark.parametrize("key", sorted(WORDED))
def test_every_name_content_may_use_has_words(key):
    missing = set(_names(key)) - set(TEXT.get(key, {}))
    assert not missing, f"vocabulary.TEXT[{key!r}] has no template for {sorted(missing)}"
    extra = set(TEXT[key]) - set(_names(key))
    assert not extra, f"vocabulary.TEXT[{key!r}] has templates for no member: {sorted(extra)}"
    for name, words in TEXT[key].items():
        assert words or name == "none", f"{key} {name!r} has an empty template"


def test_only_worded_enumerations_have_templates():
    assert set(TEXT) == WORDED


@pytest.mark.parametrize("key", sorted(WORDED))
def test_every_template_fills_with_the_fields_of_its_enumeration(key):
    sample = {f: 2 if f in ("n", "power", "hp", "charges", "threshold", "arg", "lane") else f"<{f}>"
              for f in FIELDS[key]}
    for name, words in TEXT[key].items():
        used = {f for _, f, _, _ in string.Formatter().parse(words) if f}
        assert used <= FIELDS[key], f"{key} {name!r} uses {sorted(used - FIELDS[key])}"
        filled = text.words(key, name, **sample)
        assert "{" not in filled and "}" not in filled and "#" not in filled, (key, name, filled)


def test_plural_forms_pick_by_the_number():
    assert text.words("op", "draw", n=1) == "draw 1 card"
    assert text.words("op", "draw", n=0) == "draw 0 cards"
    assert text.words("op", "draw", n=3) == "draw 3 cards"
    assert text.words("op", "summon", n=1, unit="Wisp") == "summon Wisp"
    assert text.words("op", "summon", n=2, unit="Wisp") == "summon 2 × Wisp"


# ---------------------------------------------------------------- a pack that says everything

OP_TARGET = {"damage": "foe", "heal": "ally", "shield": "ally", "poison": "foe",
             "buff": "ally_character", "draw": "none", "discard": "none", "exile": "foe_character",
             "return": "void_card", "destroy": "lattice_card", "counter": "foe_stack_item",
             "summon": "none", "task": "none", "status": "foe", "remove_status": "ally",
             "put": "abyss_card", "deploy": "void_card", "mill": "none", "create": "none",
             "copy": "rift_card", "choose": "none", "choose_mode": "none", "discover": "none",
             "add_counter": "none", "set_counter": "none", "split": "foe_character"}
OP_EXTRA = {"summon": {"unit": "imp"}, "split": {"unit": "imp"}, "task": {"task": "g_effect"},
            "status": {"status": "dread"}, "remove_status": {"status": "poison"},
            "put": {"into": "archive_top"}, "create": {"card": "banner", "into": "abyss"},
            "copy": {"into": "void"},
            "choose": {"from": "archive_top", "up_to": True, "into": "archive_bottom"},
            "choose_mode": {"modes": [[{"op": "draw"}], [{"op": "damage", "to": "foe_leader"}]]},
            "discover": {"cards": ["banner", "op_draw"], "into": "void"},
            "add_counter": {"counter": "card"}, "set_counter": {"counter": "plays"}}
TARGET_OP = {"none": "draw", "foe_stack_item": "counter", "void_card": "return",
             "lattice_card": "destroy", "stack_card": "exile", "abyss_card": "put"}
TARGET_EXTRA = {"abyss_card": {"into": "rift"}, "rift_card": {"op": "put", "into": "abyss"}}
REACTION_TARGETS = ("foe_stack_item", "stack_card")
SELECTOR_OP = {"newest_void": "return", "newest_lattice": "destroy", "none": "draw"}
ENEMY_TARGET_OP = {"newest_lattice": "destroy"}


def lexicon_pack() -> DataPack:
    """Every name of every worded enumeration, each in some item."""
    cards = {}
    # an `if` whose condition and amount read every reference, attribute and count
    refs = [f"{r}.{a}" for r in CONTENT["expr_ref"] for a in CONTENT["expr_attr"]]
    counts = [f"count({c})" for c in CONTENT["expr_count"]]
    cards["op_if"] = {"kind": "sortilege", "charges": 1, "on_enter": {"target": "foe", "effect": [
        {"op": "if", "cond": " + ".join(refs[:12]) + " > 0",
         "then": [{"op": "damage", "n": " + ".join(refs[12:])}],
         "else": [{"op": "heal", "to": "own_leader", "n": " + ".join(counts) + " + round"}]}]}}
    for op in CONTENT["op"]:
        if op == "if" or INSTRUCTION[op].acts_on == "run":
            continue                    # the run's are in run programs: lexicon_run below
        target = OP_TARGET.get(op, "none")      # a side instruction takes none
        # put moves one card: no amount; the row says which ops take none
        amount = {} if op == "put" or INSTRUCTION[op].amount == "none" else {"n": 2}
        cards[f"op_{op}"] = {"kind": "sortilege", "charges": 1,
                             "keywords": ["reaction"] if target == "foe_stack_item" else [],
                             "on_enter": {"target": target,
                                          "effect": [{"op": op, **amount, **OP_EXTRA.get(op, {})}]}}
    for t in CONTENT["target"]:
        cards[f"t_{t}"] = {"kind": "sortilege", "charges": 2, "ability": {
            "target": t, "reaction": t in REACTION_TARGETS,
            "effect": [{"op": TARGET_OP.get(t, "damage"), **TARGET_EXTRA.get(t, {})}]}}
    for p in CONTENT["place"]:
        cards[f"p_{p}"] = {"kind": "sortilege", "charges": 1, "on_enter": {
            "effect": [{"op": "create", "card": "banner", "into": p}]}}
    for f in CONTENT["choice_from"]:
        cards[f"cf_{f}"] = {"kind": "sortilege", "charges": 1, "on_enter": {"effect": [
            {"op": "choose", "from": f, "into": "void" if f != "void" else "abyss"}]}}
    for s in CONTENT["selector"]:
        if s in ("source", "event_card"):
            continue                    # the event's: in triggers, below
        if SELECTOR[s].picks.startswith("run_"):
            continue                    # a run program's: lexicon_run
        if s == "this_card":            # a card's own program: not a character's (rule Z29)
            cards[f"s_{s}"] = {"kind": "relic", "trigger": {
                "on": "turn_end", "effect": [{"op": "destroy", "to": s}]}}
            continue
        cards[f"s_{s}"] = {"kind": "character", "power": 1, "hp": 2, "ability": {
            "target": "foe", "effect": [{"op": SELECTOR_OP.get(s, "damage"), "to": s}]}}
    for k in CONTENT["keyword"]:
        cards[f"k_{k}"] = {"kind": "character", "power": 1, "hp": 1, "keywords": [k]}
    for t in CONTENT["trigger"]:
        cards[f"tr_{t}"] = {"kind": "relic", "trigger": {
            "on": t, "effect": [{"op": "damage", "to": "foe_leader"}]}}
    # triggers of every who, limit and event field, on a character (a unit listening)
    events = [f"event.{f}" for f in CONTENT["expr_event"]]
    cards["tr_who"] = {"kind": "character", "power": 1, "hp": 3, "triggers": [
        {"on": "dies", "who": w, "effect": [{"op": "damage", "to": "foe_leader"}]}
        for w in CONTENT["trigger_who"]] + [
        {"on": "damage_taken", "once": "turn", "if": " + ".join(events) + " > 0",
         "effect": [{"op": "heal", "to": "self"}]}]}
    # the damage's source, the subject's kind, a card's own events, the event's selectors
    cards["tr_source"] = {"kind": "character", "power": 1, "hp": 3, "triggers": [
        {"on": "damage_taken", "source": s, "effect": [{"op": "damage", "to": "source"}]}
        for s in CONTENT["trigger_source"]] + [
        {"on": "dies", "who": "any", "unit": u, "effect": [{"op": "draw"}]}
        for u in CONTENT["trigger_unit"]]}
    cards["tr_card"] = {"kind": "sortilege", "charges": 1, "triggers": [
        {"on": "card_resolved", "card": c, "effect": [
            {"op": "put", "to": "event_card", "into": "void"}]}
        for c in CONTENT["trigger_card"]]}
    cards["tr_status"] = {"kind": "relic", "triggers": [
        {"on": "status_applied", "who": "foe", "status": "poison",
         "effect": [{"op": "damage", "to": "target"}]}]}
    cards["tr_once"] = {"kind": "relic", "triggers": [
        {"on": "card_played", "card": "character", "once": "match",
         "effect": [{"op": "draw"}]}]}
    cards["banner"] = {"kind": "relic", "ally_power": 2}
    # auras of every reach (a character's power, a Relic's status), and a status held `until`
    for w in CONTENT["aura_who"]:
        cards[f"aw_{w}"] = ({"kind": "character", "power": 1, "hp": 2, "aura": {"power": 1, "who": w}}
                            if w.startswith("other_") else
                            {"kind": "relic", "aura": {"status": "ward", "n": 2, "who": w}})
    cards["until_status"] = {"kind": "character", "power": 1, "hp": 2, "on_enter": {"effect": [
        {"op": "status", "status": "ward", "to": "all_allies", "until": u} for u in CONTENT["until"]]}}
    tasks = {f"g_{g}": {"goal": g, "threshold": 3,
                        "reward": [{"op": "heal", "to": "all_ally_heroes", "n": 2}]}
             for g in CONTENT["goal"]}
    script: list[dict] = [{"move": "summon", "unit": "imp", "lane": lane}
                          for lane in [1] + [x for x in CONTENT["lane"] if x != "fixed"]]
    script += [{"move": "attack", "attacker": who, "lane": lane}
               for who in ("leader", 1, 5) for lane in (2, "strongest", "random")]
    script += [{"move": "effect", "target": e, "effect": [
        {"op": ENEMY_TARGET_OP.get(e, "damage"), **({"to": "all_foes"} if e == "none" else {})}]}
        for e in CONTENT["enemy_target"]]
    for move, cond in zip(script, CONTENT["condition"]):
        when = {"cond": "round >= 3"} if cond == "expr" else {"if": cond, "arg": 30}
        move["unless"] = {**when, "do": {"move": "attack", "phase": "combat"}}
    on = list(CONTENT["response_on"])
    responses = [{"on": on[0], "counter": True, "per_round": 1, "charges": 2},
                 {"on": on[1], "target": "own_leader", "effect": [{"op": "shield", "n": 2}]},
                 {"on": on[2], "target": "random_foe", "effect": [{"op": "poison"}], "charges": 1},
                 {"on": on[3], "effect": [{"op": "damage", "to": "all_foes"}], "per_round": 2}]
    # statuses over every stacking, polarity, timing and decay, read by name in an expression
    cards["op_status_read"] = {"kind": "sortilege", "charges": 1, "on_enter": {"target": "foe", "effect": [
        {"op": "status", "status": "glow", "n": "target.dread + target.shield"}]}}
    statuses = {
        "dread": {"polarity": "debuff", "stacking": "duration", "taken_pct": 150, "dealt_add": -1,
                  "decay": {"at": "turn_end", "by": "one"}},
        "spent": {"polarity": "buff", "dealt_pct": 200, "spend": "dealt"},
        "worn": {"polarity": "buff", "taken_add": -1, "spend": "taken"},
        "ward": {"polarity": "buff", "taken_add": -1},
        "glow": {"polarity": "buff", "power": 1, "negate": True, "max": 3, "keeps": ["shield"],
                 "tick": {"at": "turn_start", "effect": [{"op": "heal", "to": "self"}]},
                 "decay": {"at": "turn_start", "by": "all"}},
    }
    # counters of every reset, read by name (and a card's own)
    cards["counter_read"] = {"kind": "sortilege", "charges": 1, "on_enter": {"target": "foe", "effect": [
        {"op": "damage", "n": "counter.plays + counter.hits + card.counter"}]}}
    counters = {r: {"reset": r} for r in CONTENT["counter_reset"]}
    counters["plays"] = {}
    counters["hits"] = {"reset": "turn", "name": "Hits"}
    cards["op_draw"]["rarity"] = "starter"
    cards["op_damage"].update(rarity="uncommon", hero="h", upgraded={"charges": 2})
    cards["banner"]["rarity"] = "rare"
    cards["banner"]["run"] = [{"on": on_, "effect": [{"op": "gain_aurorune", "n": 5}]}
                              for on_ in CONTENT["run_event"]]
    return DataPack("lex", "1.0.0", requires=["core"], cards=cards, tasks=tasks, statuses=statuses,
                    counters=counters, **lexicon_run(),
                    heroes={
        "h": {"max_hp": 10, "cards": ["k_swift"], "ability": {
            "name": "Zap", "target": "foe", "effect": [{"op": "damage"}]}}},
        units={"boss": {"kind": "enemy_hero", "max_hp": 30, "power": 3},
               "aide": {"kind": "enemy_hero", "max_hp": 10, "power": 1},
               "imp": {"power": 1, "hp": 2, "keywords": ["swift"]}},
        encounters={
            "lex1": {"roster": ["boss", "aide"], "initiative": 2, "setup": ["imp"],
                     "tasks": ["g_effect", "g_damage"], "script": script, "responses": responses},
            # the script's other forms: variables, phases, a wait, a weighted pick
            "lex2": {"roster": ["boss"], "initiative": 1, "vars": {"rage": 0},
                     "phases": [{"name": "calm", "when": "var.rage < 2", "script": [
                         {"move": "wait", "set": {"rage": "var.rage + 1"}}]},
                        {"script": [{"max_repeats": 2, "pick": [
                            {"move": "attack", "weight": 2},
                            {"move": "effect", "target": "foe_leader", "weight": 1,
                             "effect": [{"op": "damage", "n": "2 + var.rage"}]}]}]}],
                     "responses": [{"on": on[4], "counter": True, "per_round": 1}]}})


def lexicon_run() -> dict:
    """The run's content of the lexicon: every run instruction, selector, target, condition's
    value and comparison, node kind and run event (rules U01-U21)."""
    run_ops = [op for op in CONTENT["op"] if INSTRUCTION[op].acts_on == "run"]
    card = {"add_card": {"card": "op_draw"}, "gain_relic": {"card": "banner"}}
    every = [{"op": op, **({"n": 2} if INSTRUCTION[op].amount != "none" else {}),
              **card.get(op, {})} for op in run_ops]
    values, cmps = list(CONTENT["run_value"]), list(CONTENT["compare"])
    conds = [{"name": f"if {v}", "if": f"{v} {cmps[i % len(cmps)]} 1",
              "effect": [{"op": "restore", "to": "random_hero", "n": 3}]}
             for i, v in enumerate(values)]
    return {
        "acts": {"lex_act": {"name": "Lexicon", "fights": ["lex1"], "elites": ["lex2"],
                             "bosses": ["lex1"]}},
        "events": {
            "every": {"name": "Every", "text": "Everything at once.", "acts": ["lex_act"],
                      "options": [
                          {"name": "All", "cost": {"aurorune": 5, "hp": 1}, "target": "card",
                           "effect": every},
                          {"name": "Hero", "target": "hero",
                           "effect": [{"op": "morality", "to": "chosen_hero", "n": -1}]},
                          {"name": "Forge", "target": "upgradable_card",
                           "effect": [{"op": "upgrade_card", "to": "random_card"}]},
                          {"name": "Leave"}]},
            "conds": {"options": conds}},
        "rewards": {f"rw_{n}": {"node": n, "aurorune": [5, 9], "relics": 1, "ambition": 1,
                                "heal": 5}
                    for n in ("fight", "elite", "boss")},
        "shops": {"bazaar": {}},
        "sites": {n: {"node": n, "options": [{"name": "Rest", "effect": [
            {"op": "heal_share", "n": 30}]}]} for n in ("sanctum", "forge")},
    }


def test_every_template_is_used_by_a_pack_that_says_everything(monkeypatch):
    used = set()
    words = text.words

    def spy(key, name, **fields):
        used.add((key, name))
        return words(key, name, **fields)

    # rules text's words, and an expression's (eve.wording)
    monkeypatch.setattr(text, "words", spy)
    monkeypatch.setattr(wording, "words", spy)
    texts = eve.Engine(packs=[eve_content, lexicon_pack()]).catalog.rules_texts(packs=["lex"])
    assert texts
    # the names no item can say: a side operation's `to`, and the phases no move is made in
    unsaid = {("selector", "none"), ("phase", "beginning"), ("phase", "end"),
              ("status_timing", "never"),   # the default of a status without the table
              ("trigger_limit", "none"),    # the default of a trigger without once or every
              ("trigger_source", "any"),    # the default: no `source` filter
              ("trigger_unit", "any"),      # the default: no `unit` filter
              ("status_spend", "never")}    # the default of a status without `spend`
    every = {(key, name) for key in TEXT for name in TEXT[key]}
    assert every - used == unsaid


# ---------------------------------------------------------------- every item of every pack

def _ember():
    sys.path.insert(0, str(ROOT / "examples" / "eve-ember-pack" / "src"))
    try:
        return importlib.import_module("eve_ember_pack")
    finally:
        sys.path.pop(0)


def _frozen():
    return importlib.import_module("frozen_pack").FrozenPack()


def _test_pack(module, name):
    """The pack a rules test builds: its module's PACK (eve.testing.build_pack sections)."""
    return build_pack(name, **importlib.import_module(module).PACK)


def _test_pack_alone(module, name):
    """A rules test's pack with the built-in pack's rule numbers and no other content: one
    whose statuses and the built-in pack's exceed the core's together."""
    rules = load_toml(ROOT / "content" / "rules.toml", "rules")["config"]
    return build_pack(name, rules=rules, **importlib.import_module(module).PACK)


PACKS = {
    "builtin": lambda: [eve_content],
    "frozen": lambda: [_frozen()],
    "ember": lambda: [eve_content, _ember()],
    "lexicon": lambda: [eve_content, lexicon_pack()],
    **{f"{m}.{n}": (lambda m=m, n=n: [eve_content, _test_pack(m, n)]) for m, n in [
        ("rules.test_zones", "tz"), ("rules.test_match_length", "loop"),
        ("rules.test_cards_stack_encounter", "tc"), ("rules.test_turn_meter", "tt"),
        ("rules.test_resolution", "tr"), ("rules.test_task_rewards", "tr"),
        ("rules.test_intents", "it"), ("rules.test_sides_and_sources", "sd"),
        ("test_limits", "tl"), ("rules.test_choices", "ch")]},
    # its 7 statuses and the built-in pack's 9 exceed the core's 16 (the 2 standard included)
    "rules.test_shield_and_cap.sc": lambda: [_test_pack_alone("rules.test_shield_and_cap", "sc")],
}


@pytest.fixture(scope="module", params=sorted(PACKS))
def pack_engine(request):
    return eve.Engine(packs=PACKS[request.param]())


def test_every_item_of_every_pack_has_text(pack_engine):
    catalog = pack_engine.catalog
    texts = catalog.rules_texts()
    # a keyword macro's status is told in its keyword's text, under the keyword's id
    assert list(texts) == [i for kind, table in text.KINDS.items() for i in getattr(catalog, table)
                           if kind != "status" or i not in catalog.keywords]
    for ident, words in texts.items():
        assert words == catalog.rules_text(ident)
        for line in words.splitlines():
            assert line.strip() and line.rstrip()[-1] in ".:", (ident, line)
            assert not re.search(r"[{}]|None|  \S|\.\.|\s[.,:]", line.strip()), (ident, line)


def test_the_text_reads_the_data_as_the_compiler_does(pack_engine):
    """eve.text fills in what the data leaves out as eve.compiler does: the compiled tables
    (what the core runs) agree with it, item by item."""
    catalog = pack_engine.catalog
    spec = catalog.spec
    by_code = {k: vocabulary.BY_KEY[k].by_code() for k in ("op", "selector", "target", "keyword",
                                                             "response_on", "enemy_target",
                                                             "place", "choice_from")}

    def same_program(effect, prog, pack):
        code = spec["programs"][prog][1]
        effect_target = by_code["target"][spec["programs"][prog][0]]
        if any(w.get("op") in ("if", "choose_mode", "discover") for w in effect):
            return                  # flattened, or with its pool's rows: the rules tests check them
        # an instruction written with others (scry) is compiled as those; one done `times`
        # times, as that many copies (E25)
        effect = [x for w in effect for x in (
            INSTRUCTION[w["op"]].lower(text.instruction(w)) if INSTRUCTION[w["op"]].lower
            else [w] * text.instruction(w).get("times", 1))]
        assert len(code) == len(effect)
        for written, (op, sel, a, b, _expr) in zip(effect, code):
            ins = text.instruction(written)
            if ins["op"] == "exile" and by_code["op"][op] == "put":
                # a chosen card of the Rift, the Abyss or the Stack is exiled by a put (Z23)
                ins = {**ins, "op": "put", "into": "void", "n": 0}
                assert effect_target in ("rift_card", "abyss_card", "stack_card")
            if ins["op"] == "choose":
                # the selector's place holds where the cards come from, the filter above it:
                # the card kind's code + 1 at bit 3, the tag's number + 1 at bit 5 (G01-G05)
                assert (by_code["op"][op], by_code["choice_from"][sel & 7]) == ("choose",
                                                                               ins["from"])
                kind = ins.get("kind")
                assert (sel >> 3) & 3 == (0 if kind is None else
                                          vocabulary.BY_KEY["card_kind"].by_name()[kind] + 1)
                assert (sel >> 5 > 0) == (ins.get("tag") is not None)
                assert by_code["place"][b & 7] == ins["into"] and (b >> 3) & 1 == ins["up_to"]
                assert b >> 4 == (ins["look"] if ins["from"] == "archive_top" else 0)
                assert a == ins["n"]
                continue
            # an op that takes no `to` (reintent, end_turn) is compiled with the selector none
            assert (by_code["op"][op], by_code["selector"][sel]) == (ins["op"],
                                                                     ins.get("to", "none"))
            if not INSTRUCTION[ins["op"]].pack:
                assert a == b == 0                  # no operand (end_turn, reintent)
                continue
            if ins["op"] == "mill":
                assert by_code["place"][b] == ins["into"] and a == ins["n"]
            elif ins["op"] in ("put", "create", "copy"):
                assert by_code["place"][b & 7] == ins["into"]
                assert a == (0 if ins["op"] == "put" else ins["n"])
                if ins["op"] == "create":
                    assert catalog.card_ids[b >> 3] == text._ref(pack, ins["card"])
            elif ins["op"] == "summon":
                assert catalog.unit_ids[a] == text._ref(pack, ins["unit"]) and b == ins["n"]
            elif ins["op"] == "split":
                assert catalog.unit_ids[b] == text._ref(pack, ins["unit"]) and a == ins["n"]
            elif ins["op"] == "add_card":           # a run program's (rule U19)
                assert a == ins["n"] and catalog.card_ids[b] == text._ref(pack, ins["card"])
            elif ins["op"] == "gain_relic":         # the Relic's def + 1; 0: a random one
                assert a == 0 and b == (0 if ins.get("card") is None else catalog.card_ids.index(
                    text._ref(pack, ins["card"])) + 1)
            elif ins["op"] == "task":
                named = None if a < 0 else catalog.task_ids[a]
                assert named == (None if ins["task"] == "all" else text._ref(pack, ins["task"]))
                assert b == ins["n"]
            elif "n" not in ins:
                assert (a, b, _expr) == (0, 0, -1)  # an op that takes no amount: no operand
            elif isinstance(ins["n"], str):
                assert a == 0 and _expr >= 0        # an amount read from an expression
            else:
                assert a == ins["n"]
            if ins["op"] in ("status", "buff"):
                # `until` + 1 (rules A04, A06) above the status index, 0 for good
                assert b >> 8 == (CONTENT["until"][written["until"]] + 1 if "until" in written
                                  else 0)
                b &= 255
            if ins["op"] in ("status", "remove_status"):
                assert catalog.status_ids[b] == text._status_id(catalog, pack, ins["status"])

    def same_ability(data, compiled, prog, target, reaction, pack):
        if data is None or "effect" not in data:
            assert compiled[prog] < 0
            return
        same_program(data["effect"], compiled[prog], pack)
        assert by_code["target"][compiled[target]] == data["target"]
        if reaction:
            assert compiled[reaction] == int(data["reaction"])

    def macro_triggers(data, pack):
        """The triggers an item's keyword macros add, as the compiler expands them."""
        out = []
        for entry in data.get("keywords", ()):
            name, given = use_of(entry)
            if name in KEYWORD_FLAGS:
                continue
            kid = name if name in catalog.keywords else text._ref(pack, name)
            macro = catalog.keywords[kid]
            status = kid if "status" in macro else None
            out += [shaped(When, t) for t in expand_keyword(macro, given, status)]
        return out

    for i, ident in enumerate(catalog.player_heroes):
        data, compiled = catalog.heroes[ident], spec["heroes"][i]
        assert [data[k] for k in ("power", "ambition", "morality")] == [
            compiled[k] for k in ("power", "ambition", "morality")]
        same_ability(data.get("ability"), compiled, "ability_prog", "ability_target",
                     "ability_reaction", ident.split(":")[0])
    for i, ident in enumerate(catalog.card_ids):
        data, compiled = catalog.cards[ident], spec["cards"][i]
        pack = ident.split(":")[0]
        bits = sum(code for code, k in by_code["keyword"].items() if k in data["keywords"])
        assert bits == compiled["keywords"] and data.get("ally_power", 0) == compiled["ally_power"]
        same_ability(data.get("on_enter"), compiled, "on_enter", "play_target", None, pack)
        same_ability(data.get("ability"), compiled, "ability_prog", "ability_target",
                     "ability_reaction", pack)
        # a Relic's `trigger`, its `triggers`, then those its keyword macros add, in the trigger
        # table in order (`none`: never)
        written = [t for t in ([data["trigger"]] if "trigger" in data else []) + list(
            data.get("triggers", ())) + macro_triggers(data, pack) if t["on"] != "none"]
        first, n = compiled["triggers"]
        assert n == len(written)
        for t, got in zip(written, spec["triggers"][first:first + n]):
            assert vocabulary.BY_KEY["trigger"].by_code()[got["on"]] == {
                "foe_turn_start": "turn_start", "foe_turn_end": "turn_end"}.get(t["on"], t["on"])
            if "effect" in t:
                same_program(t["effect"], got["prog"], pack)
    # the run's programs (rule U19), in the same pool: the options of the events, of the sites
    # of each node kind (every site's of the kind, in registration order), a Relic's run triggers
    run = spec.get("run")
    assert (run is not None) == bool(catalog.acts)
    if run is not None:
        def same_options(options, first_n):
            first, n = first_n
            assert n == len(options)
            for (option, pack), got in zip(options, run["options"][first:first + n]):
                if not option.get("effect"):
                    assert got["prog"] == -1        # an option that does nothing
                else:
                    same_program(option["effect"], got["prog"], pack)

        for ident, compiled in zip(catalog.events, run["events"], strict=True):
            same_options([(o, ident.split(":")[0]) for o in catalog.events[ident]["options"]],
                         compiled["options"])
        run_node = vocabulary.BY_KEY["run_node"].by_code()
        for site in run["sites"]:
            same_options([(o, ident.split(":")[0]) for ident, data in catalog.sites.items()
                          if data["node"] == run_node[site["node"]] for o in data["options"]],
                         site["options"])
        for i, ident in enumerate(catalog.card_ids):
            triggers = {t["on"]: t["effect"] for t in catalog.cards[ident].get("run", ())}
            for on, prog in run["cards"][i]["run"].items():
                if on in triggers:
                    same_program(triggers[on], prog, ident.split(":")[0])
                else:
                    assert prog == -1
    for i, ident in enumerate(catalog.unit_ids):
        data = catalog.units[ident]
        assert data["power"] == spec["units"][i]["power"]
    for i, ident in enumerate(catalog.encounter_ids):
        data, compiled = catalog.encounters[ident], spec["encounters"][i]
        pack = ident.split(":")[0]
        for move, branch in catalog.script_moves(ident):
            for idx in (move, branch):
                info = None if idx is None else catalog.describe_move(idx)
                if info is not None and info["move"] == "effect":
                    same_program(info["effect"], spec["moves"][idx]["prog"], pack)
        for rule, got in zip(data.get("responses", ()), compiled["responses"]):
            rule = rule
            assert [by_code["response_on"][got["on"]], bool(got["counter"]), got["per_round"],
                    got["charges"]] == [rule[k] for k in ("on", "counter", "per_round", "charges")]
            if not rule["counter"]:
                assert by_code["enemy_target"][got["target_sel"]] == rule["target"]
                same_program(rule["effect"], got["prog"], pack)


# ---------------------------------------------------------------- what the built-in pack says

EXPECTED = {
    "core:ember_squire": "Character, 2 power, 3 hp. Costs 2 to deploy."
                         " Starter. In the pool of Aldric, Ember Vanguard. Upgrades into Ember Squire+.",
    "core:veil_ambusher": "Character, 3 power, 3 hp. Reaction, Swift. Free to deploy."
                          " Starter. In the pool of Lyra Veilrunner. Upgrades into Veil Ambusher+.",
    "core:hexed_marauder": "Character, 4 power, 4 hp. Costs 2 to deploy. When deployed: give this "
                           "character 1 poison."
                           " Starter. In the pool of Thorne Hexblade. Upgrades into Hexed Marauder+.",
    "core:gravebloom": "Character, 0 power, 4 hp. Costs 2 to deploy. When deployed: summon 2 × "
                       "Wisp (1 power, 1 hp)."
                       " Starter. In the pool of Morrow, Grave-Tender. Upgrades into Gravebloom+.",
    "core:hollow_stalker": "Character, 2 power, 3 hp. Costs 2 to deploy. Activate (once a turn, "
                           "cost 1): give target foe 1 poison."
                           " Starter. Upgrades into Hollow Stalker+.",
    "core:riposte": "Sortilege, 1 charge. Reaction. Free to play. When it enters the Lattice: deal "
                    "3 damage to target foe. Activate (spends a charge, as a reaction, free): deal 1 "
                    "damage to target foe."
                    " Starter. Upgrades into Riposte+.",
    "core:insight": "Sortilege, 1 charge. Costs 2 to play. When it enters the Lattice: draw 2 "
                    "cards. Activate (spends a charge, cost 1): discard 1 random card from your "
                    "Rift, then draw 2 cards."
                    " Starter. In the pool of Seraphine, Dawn Warden. Upgrades into Insight+.",
    "core:null_hymn": "Sortilege, 1 charge. Reaction. Free to play. When it enters the Lattice: "
                      "counter target foe item on the Stack, then draw 1 card. Activate (spends a "
                      "charge, cost 1): draw 1 card."
                      " Starter. In the pool of Ilse, Tide Oracle. Upgrades into Null Hymn+.",
    "core:storm_of_ash": "Sortilege, 2 charges. Costs 2 to play. Activate (spends a charge, cost "
                         "1): deal 2 damage to all the Encounter's characters."
                         " Starter. In the pool of Varek the Hollow. Upgrades into Storm of Ash+.",
    "core:oath_standard": "Relic. Costs 2 to play. Your characters' attacks deal +1. Whenever one "
                          "of your characters is deployed: give your leader 1 shield."
                          " Starter. In the pool of Brannoc Ironvow. Upgrades into Oath Standard+.",
    "core:thorn_crown": "Relic. Costs 2 to play. Whenever one of your heroes takes damage: deal 1 "
                        "damage to the Encounter's leader."
                        " Starter. In the pool of Brannoc Ironvow. Upgrades into Thorn Crown+.",
    "core:aldric": "Hero, 16 hp, 3 power. Ambition 2, Morality -3. As leader: an Action Meter of "
                   "4; costs: play 2, deploy 2, activate 1, attack 0. Activate Battle Cry (once a "
                   "turn, cost 1): give all your characters +1 power. Starting cards: Ember "
                   "Squire, Sundering Blow, Ashen Duelist, War Banner, Cinder Rite, Riposte.",
    "core:thorne": "Hero, 13 hp, 2 power. Ambition 3, Morality -4. As leader: an Action Meter of "
                   "5; costs: play 2, deploy 2, activate 1, attack 0. Activate Hex (once a turn, "
                   "cost 1): give target foe 1 poison, then deal 1 damage to it. Starting cards: "
                   "Hexed Marauder, Hex of Rot, Plague Censer, Carrion Crow, Hollow Stalker, Catalyst.",
    "core:ash_chief": "Enemy hero, 32 hp, 8 power.",
    "core:shade": "Summoned character, 3 power, 1 hp. Swift.",
    "core:bloodletting": "World Task. The first side to deal 15 damage gets: deal 4 damage to the "
                         "other side's leader.",
    "core:pilgrimage": "World Task. The first side to gain 3 progress from effects gets: draw 2 "
                       "cards, then give all its heroes 2 shield.",
    "core:ash_warband": "\n".join([
        "Encounter. Roster: Ash Chief (the leader, 32 hp, 8 power), Ash Shaman (16 hp, 2 power). "
        "Initiative 2: up to 2 moves a turn.",
        "Setup: Cinder Imp (2 power, 2 hp).",
        "World Tasks: Bloodletting, Pilgrimage.",
        "Script, in a cycle (the next move is the intent):",
        "  1. Main: summon Cinder Imp (2 power, 2 hp) into the first empty lane.",
        "  2. Combat: the Encounter's leader attacks the lane of the player's strongest character.",
        "  3. Main: give the player's leader 2 poison. Instead, if the Encounter's leader is below "
        "40% of its max hp: restore 5 hp to the Encounter's leader.",
        "  4. Combat: Ash Shaman attacks a random lane.",
        "  5. Main: destroy the newest card in the player's Lattice.",
        "  6. Combat: the Encounter's leader attacks the lane of the player's strongest character.",
        "Responses:",
        "  - Whenever the player deploys a character: counter it (at most 1 a round, 2 charges)."]),
}


@pytest.mark.parametrize("ident", sorted(EXPECTED))
def test_the_builtin_pack_says_what_its_data_says(engine, ident):
    assert engine.catalog.rules_text(ident) == EXPECTED[ident]


def test_an_encounters_branches_and_responses(engine):
    lines = engine.catalog.rules_text("core:midnight_throne").splitlines()
    assert "  1. Main: summon Midnight Wraith (3 power, 2 hp, Swift) into the first empty lane. "\
           "Instead, with a 50% chance: summon Throne Guard (1 power, 4 hp) into the first empty "\
           "lane." in lines
    assert "  4. Main: destroy the newest card in the player's Lattice. Instead, from round 8: "\
           "deal 3 damage to all the player's heroes and characters." in lines
    assert lines[-3:] == [
        "  - Whenever the player deploys a character: counter it (at most 1 a round, 3 charges).",
        "  - Whenever the player deploys a character: counter it (at most 1 a round, 2 charges).",
        "  - Whenever the player activates an ability: give the Encounter's leader 1 shield (at "
        "most 1 a round)."]
    drowned = engine.catalog.rules_text("core:drowned_choir")
    assert "  1. Main: give the player's hero or character with the least hp 3 poison." in drowned
    assert "if the player has at least 3 characters: deal 2 damage to all the player's "\
           "characters." in drowned


def test_unknown_ids_and_kinds_are_refused(engine):
    with pytest.raises(KeyError):
        engine.catalog.rules_text("core:no_such_card")
    with pytest.raises(ValueError, match="unknown kind 'spell'"):
        engine.catalog.rules_texts(kinds=["spell"])
    assert set(engine.catalog.rules_texts(kinds=["task"])) == set(engine.catalog.tasks)
    assert engine.catalog.rules_texts(packs=["nopack"]) == {}


# ---------------------------------------------------------------- numbers follow the data and config

def test_costs_and_the_meter_follow_the_config():
    c = eve.Engine(config={"costs": {"deploy": 3, "activate": 2, "play_support": 1},
                           "meter_base": 3}).catalog
    assert c.rules_text("core:ember_squire") == (
        "Character, 2 power, 3 hp. Costs 3 to deploy. Starter. In the pool of Aldric, Ember "
        "Vanguard. Upgrades into Ember Squire+.")
    assert c.rules_text("core:cinder_rite") == (
        "Sortilege, 3 charges. Costs 1 to play. Activate (spends a charge, cost 2): deal 2 damage "
        "to target foe. Starter. In the pool of Aldric, Ember Vanguard. Upgrades into Cinder Rite+.")
    assert ("As leader: an Action Meter of 5; costs: play 1, deploy 3, activate 2, attack 0."
            in c.rules_text("core:aldric"))
    assert c.rules_text("core:riposte") == EXPECTED["core:riposte"]       # reactions are free
    # Morality -3 is no longer low enough for the attack discount
    assert ("costs: play 2, deploy 2, activate 1, attack 1." in
            eve.Engine(config={"morality_low": -4}).catalog.rules_text("core:aldric"))


def _one_card(card) -> str:
    pack = DataPack("mine", requires=["core"], cards={"it": card})
    return eve.Engine(packs=[eve_content, pack]).catalog.rules_text("mine:it")


@pytest.mark.parametrize("n", [5, 6])
def test_numbers_follow_the_data(n):
    bolt = {"kind": "sortilege", "charges": n,
            "ability": {"target": "foe", "effect": [{"op": "damage", "n": n}]}}
    assert _one_card(bolt) == (f"Sortilege, {n} charges. Costs 2 to play. Activate (spends a "
                               f"charge, cost 1): deal {n} damage to target foe.")


def test_what_the_data_leaves_out_is_what_the_engine_does():
    # n is 1 by default, a summon of 0 still summons one, and an unused target is still chosen
    assert _one_card({"kind": "character", "power": 1, "hp": 1, "on_enter": {"effect": [
        {"op": "heal", "to": "own_leader"}, {"op": "summon", "unit": "core:wisp", "n": 0}]}}) == (
        "Character, 1 power, 1 hp. Costs 2 to deploy. When deployed: restore 1 hp to your "
        "leader, then summon Wisp (1 power, 1 hp).")
    assert _one_card({"kind": "sortilege", "charges": 1, "ability": {
        "target": "ally_hero", "effect": [{"op": "draw", "n": 2}]}}) == (
        "Sortilege, 1 charge. Costs 2 to play. Activate (spends a charge, cost 1): choose target "
        "allied hero, then draw 2 cards.")


# ---------------------------------------------------------------- the intent

def test_the_intent_says_its_move(engine):
    m = engine.new_match(seed=1, encounter="core:ash_warband")
    assert m.intent["text"] == "Main: summon Cinder Imp (2 power, 2 hp) into the first empty lane."
    for seed in range(12):
        m = engine.new_match(seed=seed, encounter="core:hollow_court")
        unit = "Bone Thrall (2 power, 5 hp)" if m.intent["branch"] else "Shade (3 power, 1 hp, Swift)"
        assert m.intent["text"] == f"Main: summon {unit} into the first empty lane."


def test_each_script_line_is_its_moves_words(engine):
    c = engine.catalog
    for enc in c.encounters:
        if c.encounters[enc].get("phases"):
            continue            # numbered per phase, indented under it (tests/rules/test_encounter_scripts.py)
        lines = c.rules_text(enc).splitlines()
        numbered = [at for at, ln in enumerate(lines) if re.match(r"  \d+\. ", ln)]
        script = c.encounters[enc]["script"]
        moves = iter(c.script_moves(enc))
        assert len(numbered) == len(script)
        for i, (at, entry) in enumerate(zip(numbered, script), 1):
            # a weighted pick is one line, its moves one a line under it, in their order
            said = ([(ln, "     - ") for ln in lines[at + 1:at + 1 + len(entry["pick"])]]
                    if "pick" in entry else [(lines[at], f"  {i}. ")])
            if "pick" in entry:
                assert lines[at] == f"  {i}. One of, drawn at random when it becomes the intent:"
            for line, lead in said:
                move, branch = next(moves)
                info = c.describe_move(move)
                words_ = re.escape(info["text"])
                if info["script"].get("set") and info["move"] == "wait":
                    words_ = re.escape(info["text"] + " Then ")     # a wait's follow it
                elif info["script"].get("set"):
                    # the move's assignments come first, its effect reads them (rule N07)
                    head, _, body = info["text"].partition(": ")
                    words_ = re.escape(head + ": first ") + ".*" + re.escape(", then " + body)
                weight = "[^:]*: " if "pick" in entry else ""     # a pick's option's chance
                assert re.match(re.escape(lead) + weight + words_, line), line
                assert (" Instead, " in line) == (branch is not None)
        assert next(moves, None) is None


# ---------------------------------------------------------------- eve cards

def test_eve_cards_prints_ids_names_and_text(capsys):
    assert main(["cards", "core:riposte", "core:ember_squire"]) == 0
    assert capsys.readouterr().out == (
        "core:riposte  Riposte (card)\n    " + EXPECTED["core:riposte"] + "\n\n"
        "core:ember_squire  Ember Squire (card)\n    " + EXPECTED["core:ember_squire"] + "\n")


def test_eve_cards_json_by_kind_and_pack(engine, capsys):
    assert main(["cards", "core", "--kind", "task", "--kind", "unit", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert [i["id"] for i in items] == list(engine.catalog.units) + list(engine.catalog.tasks)
    assert {i["kind"] for i in items} == {"task", "unit"}
    assert {"id": "core:bloodletting", "kind": "task", "name": "Bloodletting",
            "text": EXPECTED["core:bloodletting"]} in items
    assert main(["cards", "--json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert {i["id"]: i["text"] for i in every} == engine.catalog.rules_texts()


def test_eve_cards_indents_an_encounters_lines(capsys):
    assert main(["cards", "core:ash_warband"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "core:ash_warband  The Ash Warband (encounter)"
    assert out[1:] == ["    " + line for line in EXPECTED["core:ash_warband"].splitlines()]


def test_the_modding_guides_example_is_what_eve_cards_prints(capsys):
    guide = (ROOT / "docs" / "modding.md").read_text()
    section = guide.split("\n## Rules text\n", 1)[1]
    command, shown = re.search(r"```text\n\$ eve (.*?)\n(.*?)```", section, re.S).groups()
    assert main(command.split()) == 0
    assert capsys.readouterr().out == shown


def test_an_expression_amount_reads_in_words_with_the_plural_form():
    assert text.words("op", "summon", n="(count(rift))", unit="Wisp") == "summon (count(rift)) × Wisp"
    assert text.expression("14 + 3 * own_leader.power", our="your") == "14 + 3 × your leader's power"
    assert text.expression("count(rift) >= 2 and not target.poison", players="your",
                           target="target foe") == \
        "the number of cards in your Rift >= 2 and not target foe's poison"


@pytest.mark.rule("N07")
def test_a_moves_assignment_is_said_before_the_effect_that_reads_it(engine):
    # a move's effect resolves after its own `set` (N07): the Wyrm's first Firebreath deals 3
    text = engine.catalog.rules_text("core:wyrm_lair")
    assert ("Main: first the Encounter's heat becomes the Encounter's heat + 1, then deal "
            "(2 + the Encounter's heat) damage to the player's leader.") in text
    assert "Then the Encounter's heat" not in text
