"""What plugin authors use: eve.hookimpl, eve.testing.temporary_pack with the scenario builder,
DataPack (tables in Python or files), and the docs' own examples."""
from __future__ import annotations

import json
import typing

import pluggy
import pytest

import eve
import eve_content
from eve.errors import PluginError
from eve.plugins import hookspecs, manager
from eve.plugins.data import DataPack
from eve.testing import scenario, temporary_pack

from .conftest import BOSS, CARDS, ENCOUNTER, HERO

pytestmark = pytest.mark.filterwarnings("ignore::eve.plugins.manager.PluginWarning")

FLARE = {"kind": "sortilege", "charges": 2,
         "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}}


def test_hookimpl_is_the_typed_pluggy_marker():
    assert eve.hookimpl is hookspecs.hookimpl
    assert isinstance(eve.hookimpl, pluggy.HookimplMarker)
    assert typing.get_type_hints(hookspecs)["hookimpl"] is pluggy.HookimplMarker
    for name, sig in manager.hook_specs().items():
        fn = getattr(hookspecs, name)
        assert fn.__doc__ and len(fn.__doc__) > 40, f"{name} is not documented"
        assert sig.return_annotation is not sig.empty, f"{name} has no return type"
        for p in sig.parameters.values():
            assert p.annotation is not p.empty, f"{name}({p.name}) has no type"


def test_flare_sigil_deals_two_in_a_few_lines():
    """The example of docs/modding.md, "Testing your pack"."""
    with temporary_pack(name="mine", cards={"flare": FLARE}) as tp:
        m = scenario(tp.engine(), lattice=[(tp.id("flare"), 2)], phase="main")
        hp = m.heroes("encounter")[0]["hp"]
        m.apply(next(a for a in m.legal_actions() if str(a).startswith("activate card mine:flare")))
        assert m.heroes("encounter")[0]["hp"] == hp - 2


def test_temporary_pack_lives_for_its_block_only():
    with temporary_pack(name="mine", cards={"flare": FLARE}) as tp:
        assert "mine" in eve.Engine().packs
        assert tp.engine().packs["mine"].source.origin == "temporary pack 'mine'"
    assert "mine" not in eve.Engine().packs
    assert not manager._TEMPORARY


def test_temporary_pack_raises_its_own_errors():
    with temporary_pack(name="mine", cards={"odd": {"kind": "spell"}}) as tp:
        with pytest.raises(PluginError) as ei:
            tp.engine()
        assert (ei.value.code, ei.value.path) == ("EVE-P015", "cards.mine:odd.kind")


def test_temporary_pack_takes_a_pack_object():
    class Mine:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "objpack", "version": "1.0", "requires": ["core"]}

        @eve.hookimpl
        def eve_register_heroes(self, register):
            register("solo", {"max_hp": 7, "cards": ["core:insight"]})

    with temporary_pack(Mine()) as tp:
        eng = tp.engine()
        assert tp.id("solo") == "objpack:solo"
        m = scenario(eng, heroes=[tp.id("solo")], rift=["core:insight"])
        assert m.heroes("player")[0]["id"] == "objpack:solo"


def test_a_pytest_fixture_in_three_lines(mine_engine):
    assert "mine:tester" in mine_engine.catalog.heroes


@pytest.fixture
def mine_engine():
    with temporary_pack(name="mine", heroes={"tester": HERO}, cards=CARDS,
                        units={"boss": BOSS}, encounters={"arena": ENCOUNTER}) as tp:
        yield tp.engine()


def test_rules_hook_and_data_pack_rules():
    pack = DataPack("rulesmith", requires=["core"], rules={"max_rounds": 12, "costs": {
        "play_support": 1, "deploy": 1, "activate": 1, "attack": 1}})
    # a pack's rules reach the rule configuration only when the user selects them
    plain = eve.Engine(packs=[eve_content, pack])
    assert plain.config["max_rounds"] == 40 and plain.config["costs"]["deploy"] == 2
    assert plain.rules == ("core",) and plain.packs["rulesmith"].rules == "not selected"
    eng = eve.Engine(packs=[eve_content, pack], rules=["rulesmith"])
    assert eng.config["max_rounds"] == 12 and eng.config["costs"]["deploy"] == 1
    assert eng.rules == ("core", "rulesmith") and eng.packs["rulesmith"].rules == "applied"
    assert eng.packs["rulesmith"].registered["config"] == ["rulesmith:config"]
    assert eng.fingerprint != plain.fingerprint


def test_data_pack_from_files(tmp_path):
    (tmp_path / "pack.toml").write_text('[pack]\nname = "filed"\nversion = "0.2.0"\n'
                                        'requires = ["core"]\nengine = ">=0.1"\n')
    (tmp_path / "heroes.toml").write_text(
        '[heroes.tester]\nmax_hp = 9\ncards = ["bolt", "squire", "core:insight"]\n')
    (tmp_path / "cards.json").write_text(json.dumps({"cards": CARDS}))
    (tmp_path / "units.toml").write_text('[units.boss]\nkind = "enemy_hero"\nmax_hp = 8\npower = 1\n')
    (tmp_path / "encounters.json").write_text(json.dumps({"encounters": {"arena": ENCOUNTER}}))
    (tmp_path / "rules.toml").write_text("[rules.config]\nmax_rounds = 25\n")
    pack = DataPack.from_files(tmp_path)
    eng = eve.Engine(packs=[eve_content, pack], rules="filed")
    rep = eng.packs["filed"]
    assert rep.version == "0.2.0" and rep.requires == ["core"] and rep.engine == ">=0.1"
    assert rep.registered["hero"] == ["filed:tester"]
    assert rep.registered["card"] == ["filed:bolt", "filed:squire"]
    assert eng.config["max_rounds"] == 25
    m = eng.new_match(seed=2, heroes=["filed:tester"], encounter="filed:arena")
    while not m.is_over:
        m.apply(m.legal_actions()[-1])
    assert m.outcome in ("win", "loss")


def test_registered_data_is_copied():
    cards = {"c": {"kind": "character", "power": 2, "hp": 2, "keywords": ("swift",)}}
    pack = DataPack("copy", cards=cards)
    eng = eve.Engine(packs=[eve_content, pack])
    cards["c"]["power"] = 99
    data = eng.registry.items["card"]["copy:c"].data
    assert data["power"] == 2
    assert data["keywords"] == ("swift",)
    with pytest.raises(TypeError):                   # frozen: read-only all the way down
        data["power"] = 5
    assert eng.catalog.cards["copy:c"]["power"] == 2


def test_every_registration_hook_can_be_implemented_on_an_object():
    """One object implementing every hook, each with its documented signature."""

    class Everything:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "every", "version": "1.0.0", "engine": ">=0.1,<1", "requires": ["core"]}

        @eve.hookimpl
        def eve_register_rules(self, register):
            register("config", {"max_rounds": 39})

        @eve.hookimpl
        def eve_register_heroes(self, register):
            register("tester", HERO)

        @eve.hookimpl
        def eve_register_cards(self, register):
            for k, v in CARDS.items():
                register(k, v)

        @eve.hookimpl
        def eve_register_units(self, register):
            register("boss", BOSS)
            register("imp", {"power": 1, "hp": 1})          # kind "unit" by default

        @eve.hookimpl
        def eve_register_tasks(self, register):
            register("grind", {"goal": "rounds", "threshold": 3,
                               "reward": [{"op": "draw", "n": 1}]})

        @eve.hookimpl
        def eve_register_encounters(self, register):
            register("arena", {**ENCOUNTER, "tasks": ["grind"], "setup": ["imp"]})

    eng = eve.Engine(packs=[eve_content, Everything()], rules=["every"])
    reg = eng.packs["every"].registered
    assert {k: len(v) for k, v in reg.items() if v} == {
        "config": 1, "hero": 1, "card": 2, "enemy_hero": 1, "unit": 1, "task": 1, "encounter": 1}
    assert eng.config["max_rounds"] == 39
    m = eng.new_match(seed=0, heroes=["every:tester"], encounter="every:arena")
    assert [t["id"] for t in m.tasks] == ["every:grind"]
