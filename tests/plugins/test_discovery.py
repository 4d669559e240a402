"""Discovery, load order, ids, the fingerprint, the environment switches and `eve plugins`."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import eve
import eve_content
from eve.cli import main
from eve.errors import PluginError
from eve.plugins import hookspecs, manager
from eve.plugins.data import DataPack
from eve.plugins.registry import ID_RE

from .conftest import full_pack_body, manifest, pack_source, report_of

pytestmark = pytest.mark.filterwarnings("ignore::eve.plugins.manager.PluginWarning")


def test_the_builtin_pack_comes_through_its_entry_point():
    eng = eve.Engine()
    core = eng.packs["core"]
    assert core.entry_point == "core = eve_content" and core.dist == "eve-engine"
    assert core.dist_version == eve.__version__ and core.source.builtin
    assert core.version and core.engine
    # registered through the same hooks as any pack: every id it has is namespaced core:
    assert core.registered["hero"] and all(i.startswith("core:") for i in core.registered["card"])
    assert eng.registry.packs["core"]["version"] == core.version


def test_the_builtin_module_implements_the_hooks_like_any_pack():
    specs = set(manager.hook_specs())
    impls = {n for n in dir(eve_content) if n.startswith("eve_")}
    # the built-in keyword macros are the engine's (eve.keywords), as the standard statuses
    # are: the built-in pack registers none of its own; nor does it count anything (counters)
    assert impls == specs - {"eve_register_keywords", "eve_register_counters"}
    pm = manager.pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(eve_content)
    pm.check_pending()


def test_an_installed_pack_is_discovered(site, good_dist):
    eng = eve.Engine()
    frost = eng.packs["frost"]
    assert (frost.dist, frost.dist_version, frost.entry_point) == ("eve-frost", "2.1.0", "frost = eve_frost")
    assert frost.registered["hero"] == ["frost:tester"]
    assert frost.registered["enemy_hero"] == ["frost:boss"]
    assert frost.registered["encounter"] == ["frost:arena"]
    m = eng.new_match(seed=3, heroes=["frost:tester"], encounter="frost:arena")
    while not m.is_over:
        m.apply(m.legal_actions()[0])
    assert m.outcome in ("win", "loss")


def test_load_order_is_dependencies_first_then_name(site):
    site.install("eve-aaa", "1.0.0", "eve_aaa", pack_source(manifest("aaa", requires=["zzz"])))
    site.install("eve-zzz", "1.0.0", "eve_zzz", pack_source(manifest("zzz")))
    site.install("eve-mmm", "1.0.0", "eve_mmm", pack_source(manifest("mmm")))
    site.install("eve-bbb", "1.0.0", "eve_bbb", pack_source(manifest("bbb")))
    assert list(eve.Engine().packs) == ["core", "bbb", "mmm", "zzz", "aaa"]


def test_explicit_packs_load_in_the_same_order_whatever_the_order_given():
    a = DataPack("alpha", requires=["core"], cards={"c": {"kind": "relic"}})
    b = DataPack("beta", requires=["alpha"], cards={"c": {"kind": "relic"}})
    z = DataPack("zeta", cards={"c": {"kind": "relic"}})
    one = eve.Engine(packs=[b, z, eve_content, a])
    two = eve.Engine(packs=[z, a, eve_content, b])
    assert list(one.packs) == list(two.packs) == ["core", "alpha", "beta", "zeta"]
    assert one.compiled.card_ids == two.compiled.card_ids
    assert one.fingerprint == two.fingerprint
    assert one.default_heroes() == eve.Engine(packs=[eve_content]).default_heroes()


def test_ids_are_namespaced_and_match_one_pattern(site, good_dist):
    eng = eve.Engine()
    ids = [i for t in eng.registry.items.values() for i in t]
    assert ids and all(ID_RE.match(i) for i in ids)
    for name, rep in eng.packs.items():
        for kind_ids in rep.registered.values():
            assert all(i.split(":")[0] == name for i in kind_ids)


def test_cross_pack_references_need_requires():
    uses_core = {"max_hp": 5, "cards": ["core:insight", "own"]}
    own = {"own": {"kind": "relic"}}
    ok = eve.Engine(packs=[eve_content, DataPack("x", requires=["core"], heroes={"h": uses_core},
                                                 cards=own)])
    assert ok.catalog["x:h"]["cards"] == ("core:insight", "own")
    m = ok.new_match(seed=0, heroes=["x:h"])
    assert sorted(m.zone("rift") + m.zone("archive")) == ["core:insight", "x:own"]
    with pytest.raises(PluginError, match="EVE-P016"):
        eve.Engine(packs=[eve_content, DataPack("x", heroes={"h": uses_core}, cards=own)])


def test_a_broken_pack_leaves_nothing_behind():
    """Atomic skip: the catalog with a broken pack is the catalog without it."""
    bad = DataPack("bad", requires=["core"], heroes={"h": {"max_hp": 5}},
                   cards={"fine": {"kind": "relic"}, "odd": {"kind": "spell"}})
    without = eve.Engine(packs=[eve_content])
    with_bad = eve.Engine(packs=[eve_content, bad], strict=False)
    assert with_bad.fingerprint == without.fingerprint
    assert with_bad.compiled.spec == without.compiled.spec
    assert report_of(with_bad, "bad").registered == {}


def test_the_fingerprint_is_stable_and_covers_versions_and_content():
    def fp(version="1.0.0", power=2, config=None):
        pack = DataPack("fp", version, requires=["core"],
                        cards={"c": {"kind": "character", "power": power, "hp": 2}})
        return eve.Engine(packs=[eve_content, pack], config=config).fingerprint

    assert fp() == fp()
    assert fp() != fp(version="1.0.1")
    assert fp() != fp(power=3)
    assert fp() != fp(config={"max_rounds": 30})
    m = eve.Engine(packs=[eve_content]).new_match(seed=1)
    assert m.fingerprint == eve.Engine(packs=[eve_content]).fingerprint


def test_the_fingerprint_is_the_same_in_another_process(site, good_dist):
    code = "import eve; print(eve.Engine().fingerprint)"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site.root), os.environ.get("PYTHONPATH", "")]),
               PYTHONHASHSEED="7")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True).stdout.strip()
    assert out == eve.Engine().fingerprint


def test_strict_env_turns_errors_into_failures(site, good_dist, monkeypatch):
    site.install("eve-bad", "0.3.0", "eve_bad", pack_source(manifest(engine=">=9")))
    assert "bad" not in eve.Engine().packs                 # default: reported and skipped
    monkeypatch.setenv("EVE_STRICT_PLUGINS", "1")
    with pytest.raises(PluginError, match="EVE-P008"):
        eve.Engine()
    assert "bad" not in eve.Engine(strict=False).packs     # the argument wins over the variable


def test_lenient_mode_warns(site):
    site.install("eve-bad", "0.3.0", "eve_bad", pack_source(manifest(engine=">=9")))
    with pytest.warns(manager.PluginWarning, match="EVE-P008"):
        eve.Engine()


def test_disable_autoload_loads_only_the_builtin_pack(site, good_dist, monkeypatch):
    site.install("eve-bad", "0.3.0", "eve_bad", "raise ImportError('never imported')\n")
    monkeypatch.setenv("EVE_DISABLE_PLUGIN_AUTOLOAD", "1")
    eng = eve.Engine()
    assert list(eng.packs) == ["core"] and not eng.plugin_report.errors
    monkeypatch.setenv("EVE_PLUGINS", "frost")              # still loads what it names
    assert list(eve.Engine().packs) == ["core", "frost"]


def test_eve_plugins_loads_only_those(site, good_dist, monkeypatch):
    site.install("eve-bad", "0.3.0", "eve_bad", "raise ImportError('never imported')\n")
    site.install("eve-snow", "1.0.0", "eve_snow", pack_source(manifest("snow")))
    monkeypatch.setenv("EVE_PLUGINS", "frost")
    eng = eve.Engine()
    assert list(eng.packs) == ["core", "frost"] and not eng.plugin_report.errors
    monkeypatch.setenv("EVE_PLUGINS", "eve-snow, frost")    # distribution names work too
    assert list(eve.Engine().packs) == ["core", "frost", "snow"]


def test_a_class_entry_point_is_instantiated(site):
    src = pack_source(None, f"""
        class Pack:
            @eve.hookimpl
            def eve_pack_manifest(self):
                return {manifest("klass")!r}
        """)
    site.install("eve-klass", "1.0.0", "eve_klass", src)
    (site.root / "eve_klass-1.0.0.dist-info" / "entry_points.txt").write_text(
        "[eve.plugins]\nklass = eve_klass:Pack\n")
    assert eve.Engine().packs["klass"].entry_point == "klass = eve_klass:Pack"


def test_an_unmarked_hook_is_a_warning_in_the_report(site):
    src = pack_source(manifest("plain"), """
        def eve_register_cards(register):
            register("c", {"kind": "relic"})
        """)
    site.install("eve-plain", "1.0.0", "eve_plain", src)
    rep = eve.Engine().packs["plain"]
    assert rep.loaded and rep.registered.get("card", []) == []
    assert any("not marked @eve.hookimpl" in w for w in rep.warnings)


# ---------------------------------------------------------------- eve plugins

def test_eve_plugins_json_lists_packs_registrations_and_errors(site, good_dist, capsys):
    site.install("eve-bad", "0.3.0", "eve_bad",
                 pack_source(manifest(requires=["core"]), full_pack_body(hero={"max_hp": "x"})))
    assert main(["plugins", "--json"]) == 1                 # a pack has an error
    doc = json.loads(capsys.readouterr().out)
    packs = {p["name"]: p for p in doc["packs"]}
    assert doc["engine_version"] == eve.__version__ and doc["fingerprint"]
    assert packs["core"]["status"] == "loaded" and packs["core"]["dist"] == "eve-engine"
    frost = packs["frost"]
    assert (frost["version"], frost["dist"], frost["dist_version"], frost["entry_point"]) == (
        "2.1.0", "eve-frost", "2.1.0", "frost = eve_frost")
    assert frost["registered"]["hero"] == ["frost:tester"] and frost["errors"] == []
    bad = packs["bad"]
    assert bad["status"] == "failed" and bad["registered"] == {}
    assert bad["errors"][0]["code"] == "EVE-P011"
    assert bad["errors"][0]["path"] == "heroes.bad:tester.max_hp"
    assert bad["errors"][0]["hook"] == "eve_register_heroes"


def test_eve_plugins_text(site, good_dist, capsys):
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "core " in out and "[loaded]" in out
    assert "frost 2.1.0 [loaded] from eve-frost 2.1.0, entry point frost = eve_frost" in out
    assert "1 hero" in out


def test_eve_plugins_reports_even_in_strict_mode(site, monkeypatch, capsys):
    site.install("eve-bad", "0.3.0", "eve_bad", "raise ImportError('nope')\n")
    monkeypatch.setenv("EVE_STRICT_PLUGINS", "1")
    assert main(["plugins"]) == 1
    out = capsys.readouterr().out
    assert "EVE-P001" in out and "fatal:" in out


def test_a_hook_that_returns_items_instead_of_registering_them_gets_a_warning():
    class Returner:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "returner", "version": "1"}

        @eve.hookimpl
        def eve_register_cards(self, register):
            return {"c": {"kind": "relic"}}

    rep = eve.Engine(packs=[eve_content, Returner()]).packs["returner"]
    assert rep.loaded and "returned a value" in rep.warnings[0]


def test_eve_plugins_shows_whether_a_packs_rules_apply(site, capsys, monkeypatch):
    site.install("eve-cutter", "1.0.0", "eve_cutter", pack_source(manifest("cutter", "1.0.0", requires=["core"]), """
        @eve.hookimpl
        def eve_register_rules(register):
            register("config", {"max_rounds": 3})
        """))
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "rules: not selected (select them with EVE_RULES=cutter" in out
    assert out.count("rules: applied") == 1                     # the built-in pack's
    monkeypatch.setenv("EVE_RULES", "cutter")
    assert main(["plugins", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["rules"] for p in doc["packs"]} == {"core": "applied", "cutter": "applied"}
