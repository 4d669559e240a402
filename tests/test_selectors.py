"""The table of selectors (eve.core.selectors): the vocabulary's enumeration is its rows, and the
interpreter picks what each row says it picks."""
import pytest

from eve.core.selectors import BY_NAME, SELECTORS, selectors, striking_self
from eve.core.vocabulary import BY_KEY
from eve.errors import ContentError
from eve.testing import build_engine, engine_fixture, play, scenario, sortilege


def test_the_enumeration_is_the_table_in_order():
    members = BY_KEY["selector"].members
    assert [m.name for m in members] == [s.name for s in SELECTORS]
    assert [m.code for m in members] == list(range(len(SELECTORS)))
    assert all(m.cname == (s.cname or "SEL_" + s.name.upper())
               for m, s in zip(members, SELECTORS))


def test_the_facts_lint_reads_come_from_the_rows():
    assert selectors(side="own") >= {"self", "own_leader", "random_other_ally_character"}
    assert not selectors(side="own") & selectors(side="foe")
    # the program's own unit: a hero is struck by its leader's selector, never a character's
    assert "own_leader" in striking_self("hero") and "own_leader" not in striking_self("character")
    assert "all_ally_characters" in striking_self("character")
    assert not striking_self("hero") & {"random_other_ally", "foe_leader", "this_card"}


# every selector that picks units of a side, played on a board with heroes and characters on
# both sides: the units that gain the shield are the row's side and kind, all of them for a
# selector that is not random, one for a random one
SIDED = [s for s in SELECTORS if s.picks == "units" and s.side and not s.others
         and s.name != "self"]
CARDS = {f"pick_{s.name}": sortilege([{"op": "shield", "to": s.name, "n": 1}]) for s in SIDED}
CARDS["knight"] = {"kind": "character", "power": 1, "hp": 9}

eng = engine_fixture("sl", heroes={"a": [], "b": []}, cards=CARDS,
                     units={"boss": {"kind": "enemy_hero", "max_hp": 50},
                            "imp": {"power": 1, "hp": 9}},
                     encounters={"duel": {}})


def _shielded(m):
    out = set()
    for side in ("player", "encounter"):
        for u in m.heroes(side):
            if u["shield"]:
                out.add((side, "hero"))
        for u in m.characters(side):
            if u is not None and u["shield"]:
                out.add((side, "character"))
    return out


@pytest.mark.parametrize("sel", SIDED, ids=lambda s: s.name)
def test_a_selector_picks_the_units_its_row_says(eng, sel):
    m = scenario(eng, heroes=["sl:a", "sl:b"], encounter="sl:duel", meter={"capacity": 9},
                 archive=["sl:knight"] * 5, rift=[f"sl:pick_{sel.name}"],
                 player_lanes={0: "sl:knight", 1: "sl:knight"},
                 enemy_lanes={0: "sl:imp", 1: "sl:imp"})
    before = sum(u["shield"] for side in ("player", "encounter") for u in m.heroes(side))
    assert before == 0
    play(m, f"sl:pick_{sel.name}", resolve=True)
    side = "player" if sel.side == "own" else "encounter"
    kinds = {"any": {"hero", "character"}, "hero": {"hero"}, "character": {"character"}}
    got = _shielded(m)
    assert got and all(s == side and k in kinds[sel.units] for s, k in got)
    n = sum(1 for s in ("player", "encounter") for u in m.heroes(s) + m.characters(s)
            if u is not None and u["shield"])
    if sel.random:
        assert n == 1
    elif sel.units == "character":
        assert n == 2
    elif sel.units == "any" and "leader" not in sel.name:
        assert n >= 3


def test_a_unit_instruction_is_refused_a_selector_that_picks_a_card():
    for name in [s.name for s in SELECTORS if s.picks == "card" and not s.event]:
        with pytest.raises(ContentError, match="acts on units"):
            build_engine("sx", cards={"c": sortilege([{"op": "damage", "to": name}])})
    assert BY_NAME["newest_void"].zone == "void"
