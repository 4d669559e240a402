"""Names and text that load but could never work, or that would reach the terminal raw, are
refused at load with a code (rules F01-F04)."""
from __future__ import annotations

import textwrap

import pytest

import eve
import eve_content
from eve.core.vocabulary import names
from eve.errors import ContentError, PluginError
from eve.expressions import OWN_COUNTER, shadowed_names
from eve.plugins.data import DataPack
from eve.testing import build_pack
from tests.conftest import rule

pytestmark = pytest.mark.filterwarnings("ignore::eve.plugins.manager.PluginWarning")

BOSS = {"kind": "enemy_hero", "max_hp": 20, "power": 2}
ARENA = {"roster": ["boss"], "initiative": 1, "script": [{"move": "attack", "lane": "strongest"}]}
BOLT = {"kind": "sortilege", "charges": 2,
        "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}}


def _names_pack(cards=None, statuses=None, counters=None, keywords=None, description=None):
    """Pack "t": hero h starting with every card of the pack, enemy hero boss, Encounter arena."""
    cards = cards or {"bolt": BOLT}
    return build_pack("t", version="1.0", requires=["core"], description=description,
                      heroes={"h": {"max_hp": 10, "cards": list(cards)}}, cards=cards,
                      units={"boss": BOSS}, encounters={"arena": ARENA},
                      statuses=statuses or {}, counters=counters or {}, keywords=keywords or {})


def _refusal(**kw) -> PluginError:
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, _names_pack(**kw)], strict=True)
    return ei.value


# ---- F01: names an expression word shadows

@rule("F01")
def test_the_reserved_names_are_the_vocabularys():
    assert shadowed_names("status") == set(names("expr_attr"))
    assert shadowed_names("counter") == {OWN_COUNTER}


@rule("F01")
@pytest.mark.parametrize("name", sorted(set(names("expr_attr")) - {"shield", "poison"}))
def test_a_status_named_as_an_attribute_is_refused(name):
    err = _refusal(statuses={name: {"polarity": "buff", "power": 1}})
    assert err.code == "EVE-P024" and err.item == f"t:{name}"
    assert f"target.{name}" in str(err)


@rule("F01")
def test_a_keyword_status_named_as_an_attribute_is_refused():
    kw = {"power": {"name": "Might", "applies_to": ["character"],
                    "status": {"polarity": "buff", "power": 1},
                    "triggers": [{"on": "summoned", "effect": [
                        {"op": "status", "status": "{status}", "to": "self"}]}]}}
    knight = {"kind": "character", "power": 1, "hp": 2, "keywords": ["power"]}
    err = _refusal(cards={"bolt": BOLT, "knight": knight}, keywords=kw)
    assert err.code == "EVE-P024"


@rule("F01")
def test_a_counter_named_card_is_refused_and_others_load():
    err = _refusal(counters={"card": {}})
    assert err.code == "EVE-P024" and err.item == "t:card"
    count = {"kind": "sortilege", "charges": 1, "ability": {"target": "foe", "effect": [
        {"op": "add_counter", "counter": "cards"}, {"op": "damage", "n": "counter.cards"}]}}
    eve.Engine(packs=[eve_content, _names_pack(cards={"count": count}, counters={"cards": {}})],
               strict=True)


# ---- F02: control characters and escape sequences

@rule("F02")
@pytest.mark.parametrize("text", ["\x1b[2J", "Red\x1b[31m", "a\nb", "tab\there", "\x9b31m",
                                  "x\x7f", "evil\u202egnp.exe", "\x00"])
def test_control_characters_in_a_name_are_refused(text):
    err = _refusal(cards={"bolt": {**BOLT, "name": text}})
    assert err.code == "EVE-P025" and err.item == "t:bolt" and err.path == "cards.t:bolt.name"
    assert "\x1b" not in str(err) and "\n" not in str(err)


@rule("F02")
def test_control_characters_anywhere_in_content_are_refused():
    deep = {**BOLT, "ability": {"target": "foe", "effect": [{"op": "damage", "n": "2\x1b"}]}}
    assert _refusal(cards={"bolt": deep}).code == "EVE-P025"
    assert _refusal(statuses={"calm": {"polarity": "buff", "power": 1, "name": "C\x07"}}
                    ).code == "EVE-P025"


@rule("F02")
def test_control_characters_in_the_manifest_are_refused():
    err = _refusal(description="about\x1b]0;pwned\x07")
    assert err.code == "EVE-P025"


@rule("F02")
def test_printable_unicode_loads():
    eve.Engine(packs=[eve_content, _names_pack(cards={"bolt": {**BOLT, "name": "Éclair — ⚡ 雷"}})],
               strict=True)


# ---- F03: return aimed at anything but a Void card

@rule("F03")
@pytest.mark.parametrize("target,to", [("abyss_card", "target"), ("rift_card", "target"),
                                       ("lattice_card", "target"), ("stack_card", "target"),
                                       ("foe", "target"), ("none", "newest_lattice"),
                                       ("none", "self")])
def test_return_of_anything_but_a_void_card_is_refused(target, to):
    ins = {"op": "return"} if to == "target" else {"op": "return", "to": to}
    card = {"kind": "sortilege", "charges": 1, "ability": {"target": target, "effect": [ins]}}
    if target == "stack_card":
        card["ability"]["reaction"] = True
    err = _refusal(cards={"bolt": BOLT, "back": card})
    assert err.code == "EVE-P015" and err.path.endswith("effect[0].to")
    assert "Void" in str(err)


@rule("F03")
def test_return_of_a_void_card_loads():
    for ability in ({"target": "void_card", "effect": [{"op": "return"}]},
                    {"target": "none", "effect": [{"op": "return", "to": "newest_void"}]}):
        card = {"kind": "sortilege", "charges": 1, "ability": ability}
        eve.Engine(packs=[eve_content, _names_pack(cards={"bolt": BOLT, "back": card})])


# ---- F04: a data file that is not valid TOML

@rule("F04")
def test_a_folder_pack_with_invalid_toml_names_the_file_the_pack_and_the_code(tmp_path):
    (tmp_path / "pack.toml").write_text('[pack]\nname = "ember"\nversion = "1.0"\n')
    (tmp_path / "cards.toml").write_text('[cards.flare]\nkind = "sortilege\ncharges = 2\n')
    with pytest.raises(ContentError) as ei:
        DataPack.from_files(tmp_path)
    err = ei.value
    assert (err.code, err.pack, err.path) == ("EVE-P026", "ember", "cards.toml")
    assert "cards.toml" in str(err) and "line 2" in str(err)


@rule("F04")
def test_a_broken_manifest_file_names_the_folder_as_the_pack(tmp_path):
    folder = tmp_path / "frost"
    folder.mkdir()
    (folder / "pack.toml").write_text("[pack\nname = 1\n")
    with pytest.raises(ContentError) as ei:
        DataPack.from_files(folder)
    assert (ei.value.code, ei.value.pack, ei.value.path) == ("EVE-P026", "frost", "pack.toml")


@rule("F04")
def test_an_installed_folder_pack_with_invalid_toml_reports_its_code(site, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "pack.toml").write_text('[pack]\nname = "bad"\nversion = "0.3.0"\n')
    (data / "cards.toml").write_text("[cards.x]\nkind = = 1\n")
    site.install("eve-bad", "0.3.0", "eve_bad", textwrap.dedent(f"""
        from eve.plugins.data import DataPack
        pack = DataPack.from_files({str(data)!r})
        eve_pack_manifest = pack.eve_pack_manifest
        """))
    engine = eve.Engine(strict=False)
    (err,) = next(p for p in engine.plugin_report.packs if p.name == "bad").errors
    assert err.code == "EVE-P026" and err.path == "cards.toml" and "cards.toml" in str(err)
