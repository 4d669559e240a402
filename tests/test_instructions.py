"""The instruction table (eve.core.instructions) is the one description of each op: the
vocabulary, the compiler's field checks, lint's op facts, the rules text, the schema and the
random packs read it, and cannot drift apart."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import eve
import eve_content
from eve.core import instructions as ins_table
from eve.core.instructions import ALL_FIELDS, BY_NAME, INSTRUCTIONS, filled, owners
from eve.core.vocabulary import BY_KEY, TEXT
from eve.errors import ContentError
from eve.plugins import errors as codes
from eve.plugins.data import DataPack
from eve.plugins.schema import Instruction
from tests.test_lint import found

# a value for every field kind, valid in the card below (a sortilege whose ability targets a
# foe, in a pack with a unit, a task and a status)
_VALUES = {"status": "poison", "unit": "t:imp", "card": "t:bolt", "cards": ["t:bolt"],
           "task": "all", "counter": "card", "place": "abyss", "choice_from": "rift",
           "until": "source_leaves", "flag": True, "count": 1, "hp": 1, "expr": "1",
           "block": [{"op": "draw"}], "blocks": [[{"op": "draw"}], [{"op": "draw", "n": 2}]]}


def test_the_vocabulary_op_enum_and_its_text_are_the_tables():
    enum = BY_KEY["op"]
    assert [(m.name, m.code, m.doc) for m in enum.members] == [
        (o.name, i, o.doc) for i, o in enumerate(INSTRUCTIONS)]
    assert dict(TEXT["op"]) == {o.name: o.text for o in INSTRUCTIONS if o.text}


def test_the_schema_names_every_field_of_the_table():
    assert set(Instruction.__annotations__) == set(ALL_FIELDS)


def test_every_row_is_whole():
    for o in INSTRUCTIONS:
        assert o.acts_on in ("units", "card", "stack_item", "side", "control", "run"), o.name
        assert o.amount in ("expr", "number", "signed", "ignored", "none"), o.name
        # a run instruction's amount is a number (rule U19: a run program reads no match)
        assert o.acts_on != "run" or o.amount != "expr", o.name
        assert (o.amount == "signed") <= (o.acts_on == "run"), o.name
        assert o.to_use in ("read", "ignored", "none"), o.name
        for f in o.fields:
            assert f.kind in ins_table.FIELD_KINDS, (o.name, f.name)
            assert not (f.required and f.default is not None), (o.name, f.name)
        packed = {name for _, name, _ in o.pack}
        assert packed <= {"n", *o.field_names}, o.name
        if o.name != "end":
            assert o.text, o.name


def _compile(effect: list) -> None:
    """Compile `effect` as a card's ability, or, made of run instructions (rule U19), as an
    event option's run program."""
    run = any(BY_NAME[ins["op"]].acts_on == "run" for ins in effect)
    card = {"kind": "sortilege", "charges": 1, "ability": {"target": "foe", "effect": effect}}
    cards = {"c": card, "bolt": {"kind": "sortilege", "charges": 1}}
    extra = {}
    if run:
        cards["c"] = {"kind": "sortilege", "charges": 1}
        extra = {"acts": {"a": {"fights": ["core:ash_warband"], "bosses": ["core:ash_warband"]}},
                 "events": {"e": {"options": [{"target": "card", "effect": effect}]}}}
    eve.Engine(packs=[eve_content, DataPack(
        "t", "1", requires=["core"], heroes={"h": {"max_hp": 10, "cards": ["c"]}},
        cards=cards, units={"imp": {"kind": "unit", "power": 1, "hp": 1}}, **extra)])


def _foreign_field(op: str) -> str:
    """A field some other op has and `op` does not."""
    row = BY_NAME[op]
    mine = {"op", *row.field_names, *(("to",) if row.to_use != "none" else ()),
            *(("n",) if row.amount != "none" else ())}
    return next(f for f in ALL_FIELDS if f not in mine)


@pytest.mark.parametrize("op", [o.name for o in INSTRUCTIONS if o.name != "end"])
def test_the_compiler_refuses_a_field_the_row_does_not_list_naming_its_owners(op):
    row = BY_NAME[op]
    extra = _foreign_field(op)
    ins = {"op": op, **{f.name: _VALUES[f.kind] for f in row.fields if f.required}, extra:
           _VALUES.get(next((f.kind for o in INSTRUCTIONS for f in o.fields if f.name == extra),
                            ""), 1)}
    with pytest.raises(ContentError) as e:
        _compile([ins])
    assert e.value.code == codes.UNKNOWN_FIELD, e.value
    assert e.value.path.endswith(f".effect[0].{extra}")
    assert repr(op) in str(e.value)
    theirs = [o for o in owners(extra) if o != op]
    if theirs:
        assert repr(theirs[0]) in str(e.value)


@pytest.mark.parametrize("op", [o.name for o in INSTRUCTIONS
                                if any(f.required for f in o.fields) and o.name != "if"])
def test_the_compiler_requires_the_rows_required_fields(op):
    row = BY_NAME[op]
    first = next(f for f in row.fields if f.required)
    ins = {"op": op, **{f.name: _VALUES[f.kind] for f in row.fields
                        if f.required and f is not first}}
    with pytest.raises(ContentError) as e:
        _compile([ins])
    assert e.value.code == codes.MISSING_FIELD, e.value
    assert e.value.path.endswith(f".effect[0].{first.name}")


def test_filled_gives_the_rows_defaults():
    assert filled({"op": "draw"}) == {"op": "draw", "to": "none", "n": 1, "times": 1}
    assert filled({"op": "remove_status", "status": "poison"})["n"] == 999
    assert filled({"op": "buff", "hp": 3})["n"] == 0 and filled({"op": "buff"})["n"] == 1
    assert filled({"op": "mill"})["into"] == "abyss"
    assert filled({"op": "discover", "cards": ["a", "b"]}) == {
        "op": "discover", "n": 2, "cards": ["a", "b"], "into": "rift"}
    assert filled({"op": "choose", "from": "archive_top", "into": "rift", "n": 2})["look"] == 2
    assert "to" not in filled({"op": "if", "cond": "1", "then": []})


# ---- lint reads the table: the two drifts the issue found ----

# (choose refuses any `to` but "none" outright: a compile error, not a warning)
@pytest.mark.parametrize("op", sorted(o.name for o in INSTRUCTIONS
                                      if o.to_use == "ignored" and o.name != "choose"))
def test_L017_to_is_ignored_on_every_side_instruction(op):
    row = BY_NAME[op]
    ins = {"op": op, "to": "self", **{f.name: _VALUES[f.kind] for f in row.fields if f.required}}
    if op == "task":
        ins["task"] = "all"
    cards = {"x": {"kind": "sortilege", "charges": 1, "ability": {"target": "foe", "effect": [
        ins]}}, "bolt": {"kind": "sortilege", "charges": 1, "ability": {
            "target": "foe", "effect": [{"op": "damage", "n": 1}]}}}
    units = {"imp": {"kind": "unit", "power": 1, "hp": 1}}
    assert "cards.t:x.ability.effect[0].to" in found("EVE-L017", cards=cards, units=units)


@pytest.mark.parametrize("op", ["status", "remove_status"])
def test_L007_a_status_instruction_aimed_at_a_card_selects_nothing(op):
    cards = {"x": {"kind": "sortilege", "charges": 1, "ability": {"target": "void_card",
                                                                  "effect": [{
                                                                      "op": op, "status": "poison"}]}}}
    assert found("EVE-L007", cards=cards) == ["cards.t:x.ability.effect[0]"]


def test_the_docs_table_of_fields_is_the_tables():
    from pathlib import Path
    page = (Path(__file__).parents[1] / "docs" / "modding.md").read_text()
    assert ins_table.docs_block() in page, \
        "docs/modding.md is stale: python -m eve.core.instructions --docs"


def test_the_shifts_the_interpreter_reads_are_the_rows():
    # operands.pxd reads a status's and a buff's `until` with one shift, and a place below the
    # next field of choose and create: the rows must agree with that
    s = ins_table.shifts()
    assert s["INS_STATUS_UNTIL_SHIFT"] == s["INS_BUFF_UNTIL_SHIFT"]
    assert s["INS_CHOOSE_LOOK_SHIFT"] == s["INS_CHOOSE_UP_TO_SHIFT"] + 1     # up_to is one bit
    places = len(BY_KEY["place"].members)
    assert places <= 1 << s["INS_CHOOSE_UP_TO_SHIFT"] and places <= 1 << s["INS_CREATE_CARD_SHIFT"]


def test_every_instruction_names_the_rules_that_say_what_it_does():
    # its row's rule ids: random play's coverage (tests/coverage_report.py) counts them
    ids = set(re.findall(r"\*\*\[([A-Z]\d\d)\]\*\*",
                         (Path(__file__).parents[1] / "docs" / "rules.md").read_text()))
    for o in INSTRUCTIONS:
        if o.name == "end":
            continue
        assert o.rules, f"{o.name} names no rule"
        assert set(o.rules) <= ids, (o.name, sorted(set(o.rules) - ids))
