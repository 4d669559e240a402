"""Strict packs: every fault a modder or a hostile pack can make is refused with a coded error
that names the pack, item and field path, and changes nothing for the other packs."""
from __future__ import annotations

import pickle

import pytest

import eve
import eve_content
from eve import ConfigError, PluginError, RegistrationClosed
from eve.core.tables import ENUMS, LIMITS
from eve.plugins.data import DataPack
from eve.testing import build_engine

from .conftest import BOSS, CARDS, ENCOUNTER, HERO

pytestmark = pytest.mark.filterwarnings("ignore::eve.plugins.manager.PluginWarning")


def _refused(**sections) -> PluginError:
    with pytest.raises(PluginError) as ei:
        build_engine("mod", requires=["core"], **sections)
    return ei.value


BOLT = CARDS["bolt"]


@pytest.mark.parametrize("sections,path,hint", [
    ({"cards": {"gate": {"kind": "character", "power": 1, "hp": 1,
                         "on_entre": {"effect": [{"op": "draw"}]}}}},
     "cards.mod:gate.on_entre", "on_enter"),
    ({"cards": {"idol": {"kind": "relic",
                         "triger": {"on": "turn_start", "effect": [{"op": "draw"}]}}}},
     "cards.mod:idol.triger", "trigger"),
    ({"cards": {"imp": {"kind": "character", "power": 1, "hp": 1,
                        "abilty": {"target": "foe", "effect": [{"op": "damage"}]}}}},
     "cards.mod:imp.abilty", "ability"),
    ({"cards": {"bolt": {"kind": "sortilege", "chargse": 2, "ability": BOLT["ability"]}}},
     "cards.mod:bolt.chargse", "charges"),
    ({"cards": {"bolt": {"kind": "sortilege", "charges": 2,
                         "ability": {"target": "foe", "effect": [{"op": "damage", "amount": 3}]}}}},
     "cards.mod:bolt.ability.effect[0].amount", None),
    ({"heroes": {"h": {**HERO, "cards": ["core:insight"], "abilty": {}}}},
     "heroes.mod:h.abilty", "ability"),
    ({"units": {"boss": BOSS},
      "encounters": {"arena": {**ENCOUNTER, "intiative": 2}}},
     "encounters.mod:arena.intiative", "initiative"),
    ({"units": {"boss": BOSS},
      "encounters": {"arena": {**ENCOUNTER, "script": [
          {"move": "attack", "phase": "combat", "lane": "strongest", "intiative": 1}]}}},
     "encounters.mod:arena.script[0].intiative", None),
    # a branch inside a branch was silently ignored: one branch a move
    ({"units": {"boss": BOSS},
      "encounters": {"arena": {**ENCOUNTER, "script": [
          {"move": "attack", "phase": "combat", "lane": "strongest",
           "unless": {"if": "round_at_least", "arg": 3,
                      "do": {"move": "attack", "phase": "combat", "lane": "random",
                             "unless": {"if": "round_at_least", "arg": 5,
                                        "do": {"move": "attack", "phase": "combat"}}}}}]}}},
     "encounters.mod:arena.script[0].unless.do.unless", None),
    ({"units": {"boss": BOSS},
      "encounters": {"arena": {**ENCOUNTER, "responses": [
          {"on": "deploy", "counter": True, "per_rund": 1}]}}},
     "encounters.mod:arena.responses[0].per_rund", "per_round"),
    ({"rules": {"max_roundz": 3}}, "config.mod:config.max_roundz", "max_rounds"),
    ({"tasks": {"t": {"goal": "damage", "threshold": 3, "rewrd": [{"op": "draw"}]}}},
     "tasks.mod:t.rewrd", "reward"),
])
def test_an_unknown_field_anywhere_is_refused_with_its_path(sections, path, hint):
    err = _refused(**sections)
    assert err.code == "EVE-P021" and err.path == path and err.pack == "mod", str(err)
    if hint:
        assert f"did you mean {hint!r}?" in str(err)
    assert "the fields here are:" in str(err)


def test_a_field_of_another_op_is_refused():
    err = _refused(cards={"bolt": {"kind": "sortilege", "charges": 1, "ability": {
        "target": "foe", "effect": [{"op": "damage", "n": 2, "unit": "core:cinder_imp"}]}}})
    assert err.code == "EVE-P021" and err.path == "cards.mod:bolt.ability.effect[0].unit"


def test_a_misspelled_name_gets_a_did_you_mean():
    err = _refused(cards={"idol": {"kind": "relic", "trigger": {
        "on": "turn_strat", "effect": [{"op": "draw"}]}}})
    assert err.code == "EVE-P015" and "did you mean 'turn_start'?" in str(err)


# ---- config overrides are the Engine's, not a pack's ----

def test_a_misspelled_config_override_is_refused_before_any_pack_loads():
    with pytest.raises(ConfigError) as ei:
        eve.Engine(config={"max_roundz": 3})
    err = ei.value
    assert err.code == "EVE-P021" and err.path == "config.max_roundz" and err.pack is None
    assert "did you mean 'max_rounds'?" in str(err)
    with pytest.raises(ConfigError) as ei:
        eve.Engine(config={"costs": {"atack": 1}})
    assert ei.value.path == "config.costs.atack"


def test_config_overrides_of_the_wrong_shape_blame_the_override():
    with pytest.raises(ConfigError) as ei:
        eve.Engine(config={"costs": 5})
    assert ei.value.code == "EVE-P011" and ei.value.path == "config.costs"
    assert "core" not in str(ei.value) and "EVE-P020" not in str(ei.value)
    with pytest.raises(ConfigError):
        eve.Engine(config=[("lanes", 2)])            # type: ignore[arg-type]


def test_an_override_that_breaks_content_says_so():
    # the built-in Encounters attack fixed lanes up to 4: two lanes make them invalid
    with pytest.raises(ConfigError) as ei:
        eve.Engine(config={"lanes": 2})
    text = str(ei.value)
    assert ei.value.pack is None and "config overrides {'lanes': 2}" in text
    assert "EVE-P020" not in text and "no rule configuration" not in text
    assert eve.Engine(config={"lanes": 5}).config["lanes"] == 5


# ---- rules are scoped ----

def test_a_packs_rules_reach_other_packs_only_when_selected():
    cutter = DataPack("cutter", requires=["core"], rules={"max_rounds": 3})
    eng = eve.Engine(packs=[eve_content, cutter])
    assert eng.config["max_rounds"] == 40 and eng.rules == ("core",)
    assert eng.packs["cutter"].rules == "not selected"
    chosen = eve.Engine(packs=[eve_content, cutter], rules=["cutter"])
    assert chosen.config["max_rounds"] == 3 and chosen.packs["cutter"].rules == "applied"
    with pytest.raises(ConfigError, match="no such pack"):
        eve.Engine(packs=[eve_content, cutter], rules=["nobody"])
    with pytest.raises(ConfigError, match="registers no rule configuration"):
        eve.Engine(packs=[eve_content, DataPack("plain", requires=["core"])], rules=["plain"])


def test_rules_are_selected_by_the_environment_too(monkeypatch):
    cutter = DataPack("cutter", requires=["core"], rules={"max_rounds": 3})
    monkeypatch.setenv("EVE_RULES", "cutter")
    assert eve.Engine(packs=[eve_content, cutter]).config["max_rounds"] == 3


# ---- nothing a pack does changes another's data ----

def test_shared_tables_are_read_only():
    with pytest.raises(TypeError):
        ENUMS["op"]["nuke"] = 99                     # type: ignore[index]
    with pytest.raises(TypeError):
        ENUMS["op"] = {}                             # type: ignore[index]
    with pytest.raises(TypeError):
        LIMITS["lanes"] = 99                         # type: ignore[index]
    from eve.plugins import errors as codes
    with pytest.raises(TypeError):
        codes.CODES["EVE-P001"] = "renamed"          # type: ignore[index]


def test_the_catalog_cannot_be_changed_in_place(engine):
    m = engine.new_match(seed=1, encounter="core:ash_warband")
    before = m.intent
    enc = engine.catalog.encounters["core:ash_warband"]
    with pytest.raises((TypeError, AttributeError)):
        enc["script"][0]["unit"] = "core:other"      # type: ignore[index]
    with pytest.raises((TypeError, AttributeError)):
        enc["script"].append({})                     # type: ignore[union-attr]
    shown = m.intent
    shown["script"]["unit"] = "mutated"              # a copy: the catalog stays as it is
    assert m.intent == before


def test_a_pack_imported_later_cannot_patch_what_the_built_in_pack_registered(site):
    from .conftest import manifest, pack_source
    site.install("eve-patcher", "1.0.0", "eve_patcher", pack_source(manifest("patcher", "1.0.0"), """
        import eve_content
        eve_content.MANIFEST["version"] = "9.9.9"
        _orig = eve_content._register_file
        def _patched(register, filename, section):
            _orig(register, filename, section)
            if section == "cards":
                register("planted", {"kind": "relic"})
        eve_content._register_file = _patched
        """))
    import importlib
    saved = dict(eve_content.MANIFEST), eve_content._register_file
    try:
        eng = eve.Engine(strict=False)
        assert eng.packs["core"].version == "0.1.0"
        assert "core:planted" not in eng.catalog
    finally:
        eve_content.MANIFEST.clear()
        eve_content.MANIFEST.update(saved[0])
        eve_content._register_file = saved[1]
        importlib.invalidate_caches()


# ---- hostile or buggy pack objects are skipped with a code ----

class _Raises:
    def __iter__(self):
        raise RuntimeError("no iterating me")

    def __len__(self):
        raise RuntimeError("no counting me")


class _RaisingMapping(dict):
    def items(self):
        raise RuntimeError("no items")

    def keys(self):
        raise RuntimeError("no keys")

    def __iter__(self):
        raise RuntimeError("no iterating")


def _pack_with_manifest(man):
    class P:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return man

    return P()


@pytest.mark.parametrize("man", [
    _Raises(),
    {"name": "hostile", "version": "1.0", "requires": _Raises()},
    {"name": "hostile", "version": "1.0", "requires": [_Raises()]},
])
def test_a_manifest_that_raises_on_reading_is_skipped(man):
    eng = eve.Engine(packs=[eve_content, _pack_with_manifest(man)], strict=False)
    bad = [p for p in eng.plugin_report.packs if not p.loaded]
    assert len(bad) == 1 and bad[0].errors[0].code in ("EVE-P014", "EVE-P011")
    assert eng.new_match(seed=0).legal_actions()


def test_a_manifest_mapping_whose_items_raise_is_read_through_dict():
    eng = eve.Engine(packs=[eve_content, _pack_with_manifest(
        _RaisingMapping(name="quiet", version="1.0"))], strict=False)
    assert "quiet" in eng.packs                       # the dict's own data, not its overrides


class _BadEq(str):
    def __eq__(self, other):
        raise RuntimeError("no comparing")

    def __hash__(self):
        return str.__hash__(self)


class _Flip(str):
    """A name that changes each time it is printed."""
    n = 0

    def __str__(self):
        _Flip.n += 1
        return "good" if _Flip.n == 1 else "BAD NAME"


class _Liar(int):
    """An int that says it is small and is not."""

    def __lt__(self, other):
        return True

    def __le__(self, other):
        return True

    def __gt__(self, other):
        return False

    def __ge__(self, other):
        return True

    def __index__(self):
        return 20016

    def __int__(self):
        return 20016


def test_subclasses_of_plain_types_are_copied_into_the_plain_types():
    pack = DataPack("subs", requires=["core"],
                    cards={_BadEq("odd"): {_BadEq("kind"): _BadEq("relic")},
                           "flip": {"kind": "relic", "name": _Flip("Flip")}})
    eng = eve.Engine(packs=[eve_content, pack])
    card = eng.catalog.cards["subs:odd"]
    assert type(card["kind"]) is str and card["kind"] == "relic"
    assert all(type(k) is str for k in card)
    name = eng.catalog.cards["subs:flip"]["name"]
    assert type(name) is str and name == str.__str__(_Flip("Flip"))


def test_an_int_with_lying_comparisons_cannot_pass_a_range_check():
    pack = DataPack("liar", requires=["core"], units={"boss": BOSS},
                    encounters={"arena": {**ENCOUNTER, "roster": ["boss"],
                                          "script": [{"move": "attack", "phase": "combat",
                                                      "attacker": _Liar(20016)}]}})
    with pytest.raises(PluginError) as ei:
        eve.Engine(packs=[eve_content, pack])
    assert ei.value.code == "EVE-P012" and ei.value.path.endswith("script[0].attacker")


def test_a_hook_named_property_is_refused_not_run():
    class Sneaky:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "sneaky", "version": "1.0", "requires": ["core"]}

        @property
        def eve_register_cards(self):
            raise RuntimeError("ran a property")

    eng = eve.Engine(packs=[eve_content, Sneaky()], strict=False)
    rep = next(p for p in eng.plugin_report.packs if not p.loaded)
    assert rep.errors[0].code == "EVE-P023" and rep.errors[0].hook == "eve_register_cards"
    assert "ran a property" not in str(rep.errors[0])
    assert "core" in eng.packs


def test_a_dir_that_raises_is_refused():
    class Hidden:
        def __dir__(self):
            raise RuntimeError("no listing")

        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "hidden", "version": "1.0"}

    eng = eve.Engine(packs=[eve_content, Hidden()], strict=False)
    rep = next(p for p in eng.plugin_report.packs if not p.loaded)
    assert rep.errors[0].code == "EVE-P023" and "no listing" in str(rep.errors[0])


def test_data_that_raises_when_read_is_refused_with_its_path():
    err = _refused(cards={"odd": {"kind": "relic", "keywords": _Raises()}})
    assert err.code == "EVE-P011" and err.path == "cards.mod:odd.keywords"


def test_register_after_loading_raises():
    kept = []

    class Keeper:
        @eve.hookimpl
        def eve_pack_manifest(self):
            return {"name": "keeper", "version": "1.0", "requires": ["core"]}

        @eve.hookimpl
        def eve_register_cards(self, register):
            kept.append(register)
            register("ok", {"kind": "relic"})

    eng = eve.Engine(packs=[eve_content, Keeper()])
    with pytest.raises(RegistrationClosed) as ei:
        kept[0]("late", {"kind": "relic"})
    assert ei.value.code == "EVE-P022" and ei.value.pack == "keeper"
    assert "keeper:late" not in eng.catalog and "keeper:ok" in eng.catalog


def test_plugin_errors_pickle():
    err = _refused(cards={"bolt": {"kind": "sortilege", "chargse": 2}})
    back = pickle.loads(pickle.dumps(err))
    assert str(back) == str(err) and back.code == err.code


def test_a_misspelled_reference_gets_a_did_you_mean():
    err = _refused(heroes={"h": {**HERO, "cards": ["core:insigt"]}})
    assert err.code == "EVE-P007" and "did you mean 'core:insight'?" in str(err)


@pytest.mark.parametrize("sections,code", [
    ({"units": {"boss": BOSS}, "encounters": {"arena": {**ENCOUNTER, "responses": [{"counter": True}]}}},
     "EVE-L001"),
    ({"cards": {"snuff": {"kind": "sortilege", "charges": 1, "ability": {
        "target": "foe_stack_item", "effect": [{"op": "counter"}]}}}}, "EVE-L003"),
    ({"cards": {"dud": {"kind": "sortilege", "charges": 1}}}, "EVE-L004"),
])
def test_dangerous_or_dead_content_loads_with_a_warning(sections, code):
    with pytest.warns(eve.ContentWarning, match=code):
        build_engine("mod", requires=["core"], **sections)


def test_the_built_in_content_loads_without_a_content_warning(recwarn):
    eve.Engine(packs=[eve_content])
    assert not [w for w in recwarn if issubclass(w.category, eve.ContentWarning)]


def test_a_pack_is_checked_under_the_config_overrides():
    """Issue 20, point 15: a pack whose Encounter attacks lane 7 needs "lanes": 8; with that
    override it loads (it was refused as out of range [0, 4] when first checked), and without it
    it is still refused."""
    script = [{"move": "attack", "phase": "combat", "lane": 7}]
    arena = {"units": {"boss": BOSS}, "encounters": {"arena": {**ENCOUNTER, "script": script}}}
    eng = eve.Engine(packs=[eve_content, DataPack("mod", requires=["core"], **arena)],
                     config={"lanes": 8})
    assert eng.config["lanes"] == 8 and "mod:arena" in eng.catalog
    m = eng.new_match(seed=1, encounter="mod:arena")
    assert not m.is_over
    err = _refused(**arena)
    assert "lane" in str(err) and "[0, 4]" in str(err)
