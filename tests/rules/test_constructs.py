"""Constructs added through the instruction table (issue 21): `times` (E25), `scry` (C07)."""
import pytest
from conftest import rule

import eve
import eve_content
from eve.core.vocabulary import BY_KEY
from eve.encoding import CHOICE_STOP, encode_action
from eve.errors import ContentError
from eve.plugins.data import DataPack
from eve.testing import scenario

MH = BY_KEY["move_how"].by_name()
IDLE = [{"move": "effect", "phase": "main", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]


def _spell(effect, target="none"):
    return {"kind": "sortilege", "charges": 1, "on_enter": {"target": target, "effect": effect}}


CARDS = {
    "volley": _spell([{"op": "damage", "to": "foe_leader", "n": 3, "times": 4}]),
    "once": _spell([{"op": "damage", "to": "foe_leader", "n": 3}]),
    "scatter": _spell([{"op": "damage", "to": "random_foe", "n": 1, "times": 6}]),
    "mill2": _spell([{"op": "mill", "n": 2, "times": 3}]),
}


def _pack(cards=CARDS):
    return DataPack("ct", "0", requires=["core"],
                    heroes={"plain": {"max_hp": 10, "power": 1, "cards": []}},
                    cards=cards,
                    units={"dummy": {"kind": "enemy_hero", "max_hp": 40, "power": 0}},
                    encounters={"trio": {"roster": ["dummy", "dummy", "dummy"], "initiative": 1,
                                         "script": IDLE}})


@pytest.fixture(scope="module")
def eng():
    return eve.Engine(packs=[eve_content, _pack()])


def _cast(eng, card, seed=0, **kw):
    m = scenario(eng, seed, heroes=["ct:plain"], encounter="ct:trio", rift=[f"ct:{card}"],
                 phase="main", **kw)
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    while m.stack and not m.is_over:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    return m


def _damage_events(m):
    return [e for e in m.events if e.kind == "damage"]


@rule("E25")
def test_times_makes_each_repeat_a_hit_of_its_own(eng):
    one = _cast(eng, "once", enemy_state={0: {"shield": 2}})
    four = _cast(eng, "volley", enemy_state={0: {"shield": 2}})
    # the shield absorbs 2 of the first hit only; each hit is its own damage event
    assert len(_damage_events(four)) == 4 * len(_damage_events(one))
    assert four.heroes("encounter")[0]["hp"] == 40 - (3 - 2) - 3 * 3
    assert one.heroes("encounter")[0]["hp"] == 40 - (3 - 2)


@rule("E25")
def test_times_draws_a_random_unit_anew_for_each_copy(eng):
    struck = set()
    for seed in range(20):
        m = _cast(eng, "scatter", seed)
        struck |= {e.a for e in _damage_events(m)}
        assert sum(40 - h["hp"] for h in m.heroes("encounter")) == 6
    assert struck == {16, 17, 18}


@rule("E25")
def test_times_repeats_a_side_instruction(eng):
    m = _cast(eng, "mill2", archive=["ct:once"] * 12)
    assert m.zone("abyss").count("ct:once") == 6


@rule("E25")
@pytest.mark.parametrize("times, code", [(0, "EVE-P012"), (33, "EVE-P012"), ("2", "EVE-P011")])
def test_times_is_a_count_within_the_program_length(times, code):
    bad = {"bad": _spell([{"op": "damage", "to": "foe_leader", "n": 1, "times": times}])}
    with pytest.raises(ContentError) as e:
        eve.Engine(packs=[eve_content, _pack(bad)])
    assert e.value.code == code and e.value.path.endswith("effect[0].times"), e.value


@rule("E25")
def test_times_counts_toward_the_program_length():
    big = {"big": _spell([{"op": "damage", "to": "foe_leader", "n": 1, "times": 20}] * 2)}
    with pytest.raises(ContentError, match="exceed the limit of 32"):
        eve.Engine(packs=[eve_content, _pack(big)])


def test_times_is_refused_on_a_choice_and_named_in_rules_text(eng):
    bad = {"bad": _spell([{"op": "discover", "cards": ["ct:once"], "times": 2}])}
    with pytest.raises(ContentError) as e:
        eve.Engine(packs=[eve_content, _pack(bad)])
    assert e.value.path.endswith("effect[0].times")
    assert "4 times" in eng.catalog.rules_text("ct:volley")


# ---------------------------------------------------------------- scry (C07)

SCRY = {"scry2": _spell([{"op": "scry", "n": 2}]),
        "a": {"kind": "sortilege", "charges": 1}, "b": {"kind": "sortilege", "charges": 1},
        "c": {"kind": "sortilege", "charges": 1}}


@pytest.fixture(scope="module")
def scry_eng():
    return eve.Engine(packs=[eve_content, _pack({**CARDS, **SCRY})])


def _scry(eng):
    m = scenario(eng, 0, heroes=["ct:plain"], encounter="ct:trio", rift=["ct:scry2"],
                 archive=["ct:a", "ct:b", "ct:c"], phase="main")
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    while m.stack and m.choice is None:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    return m


@rule("C07")
def test_scry_shows_the_top_cards_and_puts_the_chosen_at_the_bottom(scry_eng):
    m = _scry(scry_eng)
    assert m.choice is not None and m.choice["ids"] == ["ct:a", "ct:b"]
    first = m.choice["options"][0]
    m.apply(encode_action("choose", 0))                       # ct:a to the bottom
    assert [m.card_id(c) for c in m.zone_cards("archive")] == ["ct:b", "ct:c", "ct:a"]
    m.apply(encode_action("choose", CHOICE_STOP))             # ct:b stays on top
    bottom = [e.a for e in m.events if e.kind == "move" and e.d == MH["bottom"]]
    assert bottom == [first]


@rule("C07")
def test_scry_is_the_choice_it_stands_for(scry_eng):
    # the same words compile to the same instructions as the choose it is written with
    written = scry_eng.catalog.spec["programs"]
    same = {"op": "choose", "from": "archive_top", "look": 2, "n": 2, "up_to": True,
            "into": "archive_bottom"}
    other = eve.Engine(packs=[eve_content, _pack({**CARDS, **SCRY, "scry2": _spell([same])})])
    assert written == other.catalog.spec["programs"]
    assert "look at the top 2 cards" in scry_eng.catalog.rules_text("ct:scry2")


@rule("C07")
@pytest.mark.parametrize("n, code", [(0, "EVE-P012"), (99, "EVE-P012"), ("2", "EVE-P011")])
def test_scry_looks_at_1_to_the_look_limit(n, code):
    bad = {"bad": _spell([{"op": "scry", "n": n}])}
    with pytest.raises(ContentError) as e:
        eve.Engine(packs=[eve_content, _pack(bad)])
    assert e.value.code == code and e.value.path.endswith("effect[0].n"), e.value
