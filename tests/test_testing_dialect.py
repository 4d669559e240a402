"""The test dialect of eve.testing: what its pack builder fills in, what `play` and the other
moves find and refuse, and the example of CONTRIBUTING.md's "Writing a rules test", run."""
import re
from pathlib import Path

import pytest

import eve.testing as t

ROOT = Path(__file__).resolve().parents[1]

BOSS = {"kind": "enemy_hero", "max_hp": 30, "power": 0}
CARDS = {"bolt": t.sortilege([{"op": "damage", "n": 3}], "foe"),
         "ward": t.sortilege([{"op": "shield", "to": "own_leader", "n": 2}]),
         "squire": {"kind": "character", "power": 2, "hp": 3},
         "wand": {"kind": "sortilege", "charges": 2,
                  "ability": {"target": "foe", "effect": [{"op": "damage", "n": 1}]}},
         "sift": t.sortilege([{"op": "choose", "from": "rift", "n": 1, "into": "abyss"}])}
PACK = {"heroes": {"mage": ["bolt"]}, "cards": CARDS, "units": {"boss": BOSS},
        "encounters": {"idle": {}}}
eng = t.engine_fixture("dt", **PACK)


def _match(eng, rift=("bolt",), **kw):
    return t.scenario(eng, heroes=["dt:mage"], encounter="dt:idle",
                    rift=[f"dt:{c}" for c in rift], meter={"capacity": 9}, **kw)


def test_the_builder_fills_what_an_item_needs_to_load_and_nothing_else():
    pack = t.build_pack("dt", **PACK)
    assert pack.heroes["mage"] == {"max_hp": 40, "cards": ["bolt"]}     # power: the engine's 0
    assert pack.units["boss"] == BOSS
    assert pack.encounters["idle"] == {"roster": ["boss"], "initiative": 1,
                                       "script": [{"move": "wait"}]}
    phased = t.build_pack(units={"boss": BOSS}, encounters={"p": {"phases": [{"script": []}]}})
    assert "script" not in phased.encounters["p"]
    given = {"roster": ["boss"], "initiative": 3, "script": [{"move": "attack", "lane": 0}]}
    assert t.build_pack(units={"boss": BOSS}, encounters={"e": given}).encounters["e"] == given
    with pytest.raises(ValueError, match="unknown pack sections"):
        t.build_pack(card={})


def test_an_engine_of_the_pack_alone_has_no_builtin_items():
    alone = t.build_engine("dt", builtin=False, rules=_core_rules(), **PACK)
    assert not [c for c in alone.catalog.card_ids if c.startswith("core:")]


def _core_rules():
    return t.build_engine("x").config


def test_play_finds_by_name_with_or_without_the_prefix_and_returns_the_action(eng):
    m = _match(eng, ["bolt", "squire"])
    a = t.play(m, "squire", lane=2, resolve=True)
    assert a.kind == "play" and a.lane == 2
    assert not m.stack and m.characters()[2]["id"] == "dt:squire"
    t.play(m, "dt:bolt", 16, resolve=True)
    assert t.unit(m, "boss")["hp"] == 30 - 3


def test_a_target_or_lane_an_action_does_not_take_is_ignored(eng):
    m = _match(eng, ["ward"])
    assert t.actions(m, "play", "ward", target=16, lane=4) == t.actions(m, "play", "ward")
    assert len(t.actions(m, "play", "ward")) == 1


def test_an_action_that_is_not_legal_is_refused_naming_the_legal_ones(eng):
    m = _match(eng)
    with pytest.raises(AssertionError, match="no legal play of squire.*play dt:bolt"):
        t.play(m, "squire")
    assert t.action(m, "end_phase").kind == "end_phase"


def test_activate_and_attack_name_their_source(eng):
    m = _match(eng, [], lattice=["dt:wand"])
    t.play(m, "wand", 16, kind="activate", resolve=True)
    assert t.unit(m, "boss")["hp"] == 30 - 1
    m = _match(eng, [], player_lanes={0: "dt:squire"}, phase="combat")
    assert t.play(m, "squire", kind="attack", resolve=True).source == 8
    assert t.unit(m, "boss")["hp"] == 30 - 2


def test_resolve_leaves_a_waiting_choice_to_the_test(eng):
    m = _match(eng, ["sift", "bolt", "ward"])
    t.play(m, "sift")
    t.resolve(m)
    assert m.choice["ids"] == ["dt:bolt", "dt:ward"]
    before = m.state_hash()
    t.resolve(m)                                       # no pass is offered while the choice waits
    assert m.state_hash() == before


def test_end_turn_and_run_until_play_on(eng):
    m = _match(eng)
    t.end_turn(m)
    assert (m.round, m.active_side) == (2, "player")
    t.run_to(m, "main", "player")
    assert m.phase == "main"
    with pytest.raises(AssertionError, match="not reached in 3 actions"):
        t.run_until(m, lambda x: False, limit=3)


def test_reading_units_events_and_moves(eng):
    m = _match(eng, ["bolt", "bolt"])
    first, second = t.instances(m, "rift", "bolt")
    t.play(m, first, 16, resolve=True)
    assert t.instances(m, "rift", "dt:bolt") == [second]
    assert (first, "rift", "stack") in [x[:3] for x in t.moves(m)]
    assert [e.a for e in t.events(m, "damage")] == [e.a for e in t.events(m, "damage", side="encounter")] == [16]
    assert t.events(m, "damage", side="player") == []
    with pytest.raises(AssertionError, match="no living unit"):
        t.unit(m, "squire")


def test_the_contributing_example_runs():
    page = (ROOT / "CONTRIBUTING.md").read_text()
    section = page.split("## Writing a rules test", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```python\n(.*?)```", section, re.S)
    scope: dict = {}
    exec(compile(block, "CONTRIBUTING.md", "exec"), scope)
    tests = [f for name, f in scope.items() if name.startswith("test_")]
    assert tests
    for test in tests:
        test()
