"""Bad plugins get clear errors and hurt nobody else.

Each error case: the broken pack is installed as a distribution (eve-bad 0.3.0, entry point
`bad = eve_bad`) next to a valid one (eve-frost). Without strict mode the broken pack is reported
with its code and skipped and the others still load; with EVE_STRICT_PLUGINS=1 the same error is
raised. The message names the distribution, its version, the entry point, the hook and the
offending item with its field path.
"""
from __future__ import annotations

import textwrap

import pytest

import eve
import eve_content
from eve.core.tables import LIMITS
from eve.errors import PluginError
from eve.plugins import errors as codes
from eve.plugins.data import DataPack

from .conftest import BOSS, CARDS, ENCOUNTER, HERO, full_pack_body, manifest, pack_source, report_of

pytestmark = pytest.mark.filterwarnings("ignore::eve.plugins.manager.PluginWarning")

REQ = manifest(requires=["core"])


def _hero(**kw):
    return {**HERO, **kw}


def _card(name, data):
    return {**CARDS, name: data}


# code, module source, hook, item, field path (None: the message has none)
CASES = [
    ("EVE-P001", "import eve\nimport no_such_module_for_eve_tests\n", None, None, None),
    ("EVE-P002", pack_source(REQ, """
        @eve.hookimpl
        def eve_register_cards(register):
            register("ok", {"kind": "relic"})
            raise RuntimeError("the pack's own bug")
        """), "eve_register_cards", None, None),
    ("EVE-P003", pack_source(REQ, """
        @eve.hookimpl
        def eve_register_heroes(register, difficulty):
            pass
        """), "eve_register_heroes", None, None),
    ("EVE-P004", pack_source(REQ, """
        @eve.hookimpl
        def eve_register_card(register):
            pass
        """), "eve_register_card", None, None),
    ("EVE-P005", pack_source(REQ, """
        @eve.hookimpl
        def eve_register_cards(register):
            register("Fire-Bolt", {"kind": "relic"})
        """), "eve_register_cards", "bad:Fire-Bolt", "cards.bad:Fire-Bolt"),
    ("EVE-P006", pack_source(REQ, """
        @eve.hookimpl
        def eve_register_cards(register):
            register("charm", {"kind": "relic"})
            register("charm", {"kind": "relic"})
        """), "eve_register_cards", "bad:charm", "cards.bad:charm"),
    ("EVE-P007", pack_source(REQ, full_pack_body(hero=_hero(cards=["bolt", "no_such_card"]))),
     "eve_register_heroes", "bad:tester", "heroes.bad:tester.cards[1]"),
    ("EVE-P008", pack_source(manifest(engine=">=2,<3")), "eve_pack_manifest", "manifest",
     "manifest.engine"),
    ("EVE-P009", pack_source(manifest(requires=["core", "glacier"])), "eve_pack_manifest",
     "manifest", "manifest.requires[1]"),
    ("EVE-P010", pack_source(REQ, full_pack_body(cards=_card("mill", {
        "kind": "sortilege", "charges": 1, "on_enter": {"effect": [{"op": "transmute", "n": 2}]}}))),
     "eve_register_cards", "bad:mill", "cards.bad:mill.on_enter.effect[0].op"),
    ("EVE-P011", pack_source(REQ, full_pack_body(hero=_hero(max_hp="nine"))),
     "eve_register_heroes", "bad:tester", "heroes.bad:tester.max_hp"),
    ("EVE-P012", pack_source(REQ, full_pack_body(cards=_card("bolt", {**CARDS["bolt"], "charges": 120}))),
     "eve_register_cards", "bad:bolt", "cards.bad:bolt.charges"),
    ("EVE-P013", pack_source(REQ, full_pack_body(encounter={**ENCOUNTER, "script": []})),
     "eve_register_encounters", "bad:arena", "encounters.bad:arena.script"),
    ("EVE-P014", pack_source({"name": "bad", "engine": ">=0.1"}), "eve_pack_manifest", "manifest",
     "manifest.version"),
    ("EVE-P015", pack_source(REQ, full_pack_body(cards=_card("odd", {"kind": "spell"}))),
     "eve_register_cards", "bad:odd", "cards.bad:odd.kind"),
    ("EVE-P016", pack_source(manifest(), full_pack_body(hero=_hero(cards=["bolt", "core:insight"]))),
     "eve_register_heroes", "bad:tester", "heroes.bad:tester.cards[1]"),
    ("EVE-P020", pack_source(REQ, full_pack_body(hero={k: v for k, v in HERO.items() if k != "max_hp"})),
     "eve_register_heroes", "bad:tester", "heroes.bad:tester.max_hp"),
    ("EVE-P021", pack_source(REQ, full_pack_body(cards=_card("bolt", {
        "kind": "sortilege", "chargse": 2, "ability": CARDS["bolt"]["ability"]}))),
     "eve_register_cards", "bad:bolt", "cards.bad:bolt.chargse"),
    # a hook that keeps `register` and calls it from a later hook
    ("EVE-P022", pack_source(REQ, full_pack_body() + textwrap.dedent("""
        KEPT = []

        @eve.hookimpl
        def eve_register_rules(register):
            KEPT.append(register)

        @eve.hookimpl
        def eve_register_tasks(register):
            KEPT[0]("config", {"max_rounds": 3})
        """)), "eve_register_tasks", None, None),
    # a module whose __dir__ raises (PEP 562)
    ("EVE-P023", pack_source(REQ, full_pack_body() + textwrap.dedent("""
        def __dir__():
            raise RuntimeError("no listing")
        """)), None, None, None),
]


def _check_message(err, code, hook, item, path):
    text = str(err)
    assert err.code == code and text.startswith(code)
    assert "distribution eve-bad 0.3.0" in text
    assert "entry point bad = eve_bad" in text
    assert err.dist == "eve-bad" and err.dist_version == "0.3.0"
    assert err.entry_point == "bad = eve_bad"
    if hook:
        assert f"hook {hook}" in text and err.hook == hook
    if item:
        assert f"item {item}" in text and err.item == item
    if path:
        assert f"field {path}" in text and err.path == path


@pytest.mark.parametrize("code,source,hook,item,path", CASES, ids=[c[0] for c in CASES])
def test_a_broken_pack_is_reported_and_skipped(site, good_dist, lenient_engine, code, source,
                                               hook, item, path):
    site.install("eve-bad", "0.3.0", "eve_bad", source)
    eng = lenient_engine()
    bad = next(p for p in eng.plugin_report.packs if p.entry_point == "bad = eve_bad")
    assert bad.status == "failed" and not bad.loaded
    assert code in [e.code for e in bad.errors], [str(e) for e in bad.errors]
    _check_message(next(e for e in bad.errors if e.code == code), code, hook, item, path)
    # the others still load, and nothing of the broken pack stays in the catalog
    assert set(eng.packs) == {"core", "frost"}
    assert "frost:tester" in eng.catalog.heroes
    assert not any(i.startswith("bad:") for t in eng.registry.items.values() for i in t)
    assert "bad" not in eng.registry.packs
    m = eng.new_match(seed=1, heroes=["frost:tester"], encounter="frost:arena")
    assert m.legal_actions()


@pytest.mark.parametrize("code,source,hook,item,path", CASES, ids=[c[0] for c in CASES])
def test_strict_mode_raises_the_same_error(site, good_dist, monkeypatch, code, source, hook, item,
                                           path):
    site.install("eve-bad", "0.3.0", "eve_bad", source)
    monkeypatch.setenv("EVE_STRICT_PLUGINS", "1")
    with pytest.raises(PluginError) as ei:
        eve.Engine()
    assert ei.value.code == code
    _check_message(ei.value, code, hook, item, path)
    assert isinstance(ei.value, eve.ContentError)


def test_hook_error_message_says_what_and_where(site, lenient_engine):
    site.install("eve-bad", "0.3.0", "eve_bad", CASES[1][1])
    err = report_of(lenient_engine(), "bad").errors[0]
    assert "RuntimeError: the pack's own bug" in str(err)
    assert "eve_bad.py:" in str(err)           # the pack's file and line


def test_import_error_names_the_missing_module(site, lenient_engine):
    site.install("eve-bad", "0.3.0", "eve_bad", CASES[0][1])
    bad = next(p for p in lenient_engine().plugin_report.packs if p.entry_point == "bad = eve_bad")
    assert "no_such_module_for_eve_tests" in str(bad.errors[0])
    assert bad.name == "bad"                   # named after its entry point: no manifest was read


def test_the_same_id_from_two_packs(site, lenient_engine):
    """Two distributions claim the pack name "twin": both are refused with EVE-P006, each error
    names both, and neither contributes anything (no sort order decides which is real)."""
    body = full_pack_body()
    site.install("eve-twin-a", "1.0.0", "eve_twin_a", pack_source(manifest("twin", "1.0.0"), body),
                 entry_point="twin_a")
    site.install("eve-twin-b", "1.0.0", "eve_twin_b",
                 pack_source(manifest("twin", "1.0.0"), body.replace("Tester", "Impostor")),
                 entry_point="twin_b")
    eng = lenient_engine()
    reports = [p for p in eng.plugin_report.packs if p.name == "twin"]
    assert sorted((p.dist, p.status) for p in reports) == [("eve-twin-a", "failed"),
                                                            ("eve-twin-b", "failed")]
    for rep in reports:
        err = rep.errors[0]
        assert err.code == "EVE-P006" and "claimed by 2 sources" in str(err)
        assert "distribution eve-twin-a 1.0.0" in str(err) and "twin_a = eve_twin_a" in str(err)
        assert "distribution eve-twin-b 1.0.0" in str(err) and "twin_b = eve_twin_b" in str(err)
    assert "twin:tester" not in eng.catalog


def test_an_id_twice_across_kinds_is_refused():
    pack = DataPack("dup", cards={"echo": {"kind": "relic"}}, units={"echo": {"hp": 1, "power": 1}})
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, pack])
    assert ei.value.code == "EVE-P006" and "already a card" in str(ei.value)


def test_the_prefix_is_the_engines_to_write():
    pack = DataPack("mine", requires=["core"], cards={"core:ember_squire": {"kind": "relic"}})
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, pack])
    assert ei.value.code == "EVE-P005" and "adds the 'mine:' prefix itself" in str(ei.value)


@pytest.mark.parametrize("name", ["My Pack", "9lives", "x" * 49, ""])
def test_a_malformed_pack_name_is_refused(name):
    pack = DataPack(name)
    eng = eve.Engine(packs=[eve_content, pack], strict=False)
    bad = [p for p in eng.plugin_report.packs if not p.loaded]
    assert bad and bad[0].errors[0].code == "EVE-P005"
    assert bad[0].errors[0].path == "manifest.name"


def test_unknown_references_of_every_kind():
    base = dict(heroes={"tester": HERO}, cards=CARDS, units={"boss": BOSS})
    cases = {
        "heroes.x:tester.cards[0]": dict(base, heroes={"tester": {**HERO, "cards": ["nope"]}}),
        "cards.x:caller.on_enter.effect[0].unit": dict(base, cards={**CARDS, "caller": {
            "kind": "character", "power": 1, "hp": 1,
            "on_enter": {"effect": [{"op": "summon", "unit": "nope"}]}}}),
        "encounters.x:arena.roster[0]": dict(base, encounters={"arena": {**ENCOUNTER, "roster": ["nope"]}}),
        "encounters.x:arena.tasks[0]": dict(base, encounters={"arena": {**ENCOUNTER, "tasks": ["nope"]}}),
        "encounters.x:arena.script[0].unit": dict(base, encounters={"arena": {
            **ENCOUNTER, "script": [{"move": "summon", "unit": "nope"}]}}),
    }
    for path, data in cases.items():
        with pytest.raises(PluginError) as ei:
            eve.Engine(packs=[eve_content, DataPack("x", **data)])
        assert (ei.value.code, ei.value.path) == ("EVE-P007", path)
        assert "unknown" in ei.value.reason and "'x:nope'" in ei.value.reason


@pytest.mark.parametrize("field,value,code", [
    ("max_hp", "nine", "EVE-P011"), ("max_hp", 9.0, "EVE-P011"), ("max_hp", True, "EVE-P011"),
    ("max_hp", 0, "EVE-P012"), ("max_hp", 40000, "EVE-P012"), ("ambition", 21, "EVE-P012"),
    ("morality", -21, "EVE-P012"), ("cards", "bolt", "EVE-P011"), ("ability", 3, "EVE-P011"),
])
def test_numbers_of_the_wrong_type_or_out_of_range(field, value, code):
    pack = DataPack("x", heroes={"tester": {**HERO, field: value}}, cards=CARDS)
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, pack])
    assert (ei.value.code, ei.value.path) == (code, f"heroes.x:tester.{field}")


def test_a_program_too_long_is_out_of_range():
    prog = [{"op": "damage", "n": 1}] * (LIMITS["program_length"] + 1)
    pack = DataPack("x", cards={"long": {"kind": "sortilege", "charges": 1,
                                         "ability": {"target": "foe", "effect": prog}}})
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, pack])
    assert (ei.value.code, ei.value.path) == ("EVE-P012", "cards.x:long.ability.effect")


def test_non_data_values_are_refused():
    pack = DataPack("x", cards={"odd": {"kind": "relic", "note": {1, 2}}})
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, pack])
    assert (ei.value.code, ei.value.path) == ("EVE-P011", "cards.x:odd.note")


def test_a_pack_without_a_manifest():
    class NoManifest:
        @eve.hookimpl
        def eve_register_cards(self, register):
            register("c", {"kind": "relic"})

    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, NoManifest()])
    assert ei.value.code == "EVE-P014" and "eve_pack_manifest" in str(ei.value)
    assert "in-process pack object NoManifest" in str(ei.value)


@pytest.mark.parametrize("man,path", [
    ({"name": "x", "version": 1}, "manifest.version"),
    ({"name": "x", "version": "one"}, "manifest.version"),
    ({"name": "x", "version": "1", "engine": "newest"}, "manifest.engine"),
    ({"name": "x", "version": "1", "requires": "core"}, "manifest.requires"),
    ({"name": "x", "version": "1", "requires": ["core >= one"]}, "manifest.requires[0]"),
    ({"name": "x", "version": "1", "requires": ["x"]}, "manifest.requires[0]"),
])
def test_malformed_manifests(man, path):
    class P:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return man

    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, P()])
    assert (ei.value.code, ei.value.path) == ("EVE-P014", path)


def test_a_misspelled_manifest_field_says_what_it_meant():
    class P:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "x", "version": "1", "require": ["core"]}

    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, P()])
    assert (ei.value.code, ei.value.path) == ("EVE-P021", "manifest.require")
    assert "did you mean 'requires'?" in str(ei.value)


def test_a_manifest_hook_that_raises():
    class P:
        @eve.hookimpl
        def eve_pack_manifest(self):
            raise KeyError("version")

    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, P()])
    assert ei.value.code == "EVE-P002" and ei.value.hook == "eve_pack_manifest"


def test_a_missing_dependency_fails_its_dependents_too(lenient_engine):
    a = DataPack("alpha", requires=["core", "glacier"])
    b = DataPack("beta", requires=["alpha"])
    eng = eve.Engine(packs=[eve_content, a, b], strict=False)
    errs = {p.name: p.errors[0] for p in eng.plugin_report.packs if p.errors}
    assert errs["alpha"].code == errs["beta"].code == "EVE-P009"
    assert "'glacier', which is not installed" in str(errs["alpha"])
    assert "'alpha', which failed to load (EVE-P009)" in str(errs["beta"])
    assert list(eng.packs) == ["core"]


def test_a_dependency_that_fails_at_registration_fails_its_dependents():
    a = DataPack("alpha", requires=["core"], cards={"odd": {"kind": "spell"}})
    b = DataPack("beta", requires=["alpha"])
    eng = eve.Engine(packs=[eve_content, a, b], strict=False)
    errs = {p.name: p.errors[0] for p in eng.plugin_report.packs if p.errors}
    assert errs["alpha"].code == "EVE-P015"
    assert errs["beta"].code == "EVE-P009" and "'alpha', which failed to load" in str(errs["beta"])


def test_a_dependency_too_old():
    a = DataPack("alpha", "1.2.0", requires=["core"])
    b = DataPack("beta", requires=["alpha>=2"])
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, a, b])
    assert ei.value.code == "EVE-P009" and "requires pack alpha>=2, but alpha 1.2.0" in str(ei.value)


def test_a_dependency_cycle():
    a = DataPack("alpha", requires=["beta"])
    b = DataPack("beta", requires=["alpha"])
    eng = eve.Engine(packs=[eve_content, a, b], strict=False)
    assert {(p.name, p.errors[0].code) for p in eng.plugin_report.packs if p.errors} == {
        ("alpha", "EVE-P017"), ("beta", "EVE-P017")}
    assert list(eng.packs) == ["core"]


def test_a_catalog_beyond_the_cores_capacity(lenient_engine):
    from eve.core.tables import CompiledContent  # noqa: F401  (the capacity is the core's)

    many = {f"relic_{i}": {"kind": "relic"} for i in range(520)}
    eng = eve.Engine(packs=[eve_content, DataPack("hoard", requires=["core"], cards=many)],
                     strict=False)
    err = report_of(eng, "hoard").errors[0]
    assert err.code == "EVE-P018" and "cards" in str(err)
    assert list(eng.packs) == ["core"]


def test_eve_plugins_naming_an_uninstalled_pack(monkeypatch, site, good_dist, lenient_engine):
    monkeypatch.setenv("EVE_PLUGINS", "frost,glacier")
    eng = lenient_engine()
    assert list(eng.packs) == ["core", "frost"]
    errs = eng.plugin_report.errors
    assert [e.code for e in errs] == ["EVE-P019"] and "'glacier'" in str(errs[0])
    monkeypatch.setenv("EVE_STRICT_PLUGINS", "1")
    with pytest.raises(PluginError, match="EVE-P019"):
        eve.Engine()


def test_a_pack_that_breaks_another_packs_item_is_the_one_refused():
    """A later pack's rule numbers would leave an earlier pack's Encounter invalid (a fixed lane
    beyond the lanes): the later pack is refused, the earlier one stays."""
    first = DataPack("first", requires=["core"], units={"boss": BOSS}, encounters={"edge": {
        **ENCOUNTER, "script": [{"move": "attack", "phase": "combat", "lane": 4}]}})
    narrow = DataPack("narrow", requires=["core"], rules={"lanes": 3})
    eng = eve.Engine(packs=[eve_content, first, narrow], strict=False)
    err = report_of(eng, "narrow").errors[0]
    assert err.code == "EVE-P012" and err.item == "first:edge"
    assert "no longer valid once this pack is added" in str(err)
    assert list(eng.packs) == ["core", "first"] and eng.config["lanes"] == 5


def test_a_bad_config_override_is_the_callers_error_not_a_packs():
    with pytest.raises(eve.ContentError) as ei:
        eve.Engine(config={"lanes": 99})
    assert not isinstance(ei.value, PluginError)
    assert ei.value.pack is None and ei.value.path == "config.lanes"
    assert "override" in str(ei.value) and ei.value.code == "EVE-P012"


def test_a_register_refusal_caught_by_the_pack_still_fails_it():
    class Sneaky:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "sneaky", "version": "1"}

        @eve.hookimpl
        def eve_register_cards(self, register):
            try:
                register("Bad Name", {"kind": "relic"})
            except Exception:
                pass
            register("fine", {"kind": "relic"})

    eng = eve.Engine(packs=[eve_content, Sneaky()], strict=False)
    assert report_of(eng, "sneaky").errors[0].code == "EVE-P005"
    assert "sneaky:fine" not in eng.catalog


def test_every_bad_item_of_a_hook_is_reported():
    p = DataPack("many", cards={"A": {"kind": "relic"}, "b-c": {"kind": "relic"}, "ok": {"kind": "relic"}})
    eng = eve.Engine(packs=[eve_content, p], strict=False)
    assert [e.item for e in report_of(eng, "many").errors] == ["many:A", "many:b-c"]


def test_strict_mode_lists_the_other_errors_in_notes():
    a = DataPack("alpha", cards={"odd": {"kind": "spell"}})
    b = DataPack("beta", engine=">=9")
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, a, b])
    notes = getattr(ei.value, "__notes__", [])
    assert len(notes) == 1
    assert {ei.value.code, notes[0][:8]} == {"EVE-P015", "EVE-P008"}
    assert len(ei.value.report.errors) == 2


def test_codes_are_stable_and_distinct():
    assert len(set(codes.CODES)) == len(codes.CODES) == 26
    assert all(c.startswith("EVE-P") and len(c) == 8 for c in codes.CODES)


def test_a_catalog_that_cannot_be_built_at_all_is_fatal_with_the_report():
    """Without the built-in pack nothing registers the rules: no pack is at fault, so the Engine
    fails whatever the mode, and the error carries the plugin report."""
    broken = DataPack("broken", cards={"odd": {"kind": "spell"}})
    with pytest.raises(eve.ContentError) as ei:
        eve.Engine(packs=[DataPack("solo", cards={"c": {"kind": "relic"}}), broken], strict=False)
    assert not isinstance(ei.value, PluginError)
    assert "no rule configuration" in str(ei.value)
    assert [p.name for p in ei.value.report.packs if p.loaded] == ["solo"]
    assert "EVE-P015" in "\n".join(ei.value.__notes__)


def test_plugin_errors_pickle():
    import pickle

    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, DataPack("x", cards={"odd": {"kind": "spell"}})])
    back = pickle.loads(pickle.dumps(ei.value))
    assert str(back) == str(ei.value) and back.to_dict() == ei.value.to_dict()


def test_programs_past_the_cores_pool_are_a_capacity_error():
    """Programs are stored end to end in a pool of LIMITS["program_instructions"]; the first
    one that does not fit is named."""
    prog = [{"op": "damage", "n": 1}] * LIMITS["program_length"]
    fits = LIMITS["program_instructions"] // (2 * LIMITS["program_length"])
    cards = {f"c{i:03}": {"kind": "sortilege", "charges": 1, "on_enter": {"target": "foe", "effect": prog},
                          "ability": {"target": "foe", "effect": prog}} for i in range(fits + 1)}
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, DataPack("x", cards=cards)])
    assert ei.value.code == codes.CAPACITY
    assert ei.value.path.startswith("cards.x:c") and ei.value.path.endswith(".effect")
    assert f"pool of {LIMITS['program_instructions']} instructions" in ei.value.reason
