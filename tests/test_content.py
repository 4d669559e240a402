"""The built-in content is enough to play real matches (issue: engine foundation)."""
from collections import Counter

from conftest import rule


def test_catalog_has_enough_content(engine):
    cat = engine.catalog
    assert len(cat.heroes) >= 4
    assert len({(h["ambition"], h["morality"]) for h in cat.heroes.values()}) == len(cat.heroes)
    assert len(cat.cards) >= 16
    kinds = Counter(c["kind"] for c in cat.cards.values())
    assert kinds["character"] and kinds["sortilege"] and kinds["relic"]
    assert any("reaction" in c.get("keywords", []) for c in cat.cards.values())
    assert any(c.get("on_enter", {}).get("effect", [{}])[0].get("op") == "counter" for c in cat.cards.values())
    assert len(cat.encounters) >= 2
    assert len(cat.tasks) >= 2


def test_catalog_entries_have_kind_and_numbers(engine):
    cat = engine.catalog
    h = cat["core:aldric"]
    assert h["kind"] == "hero" and h["max_hp"] > 0 and "ambition" in h and "morality" in h
    c = cat["core:ember_squire"]
    assert c["kind"] == "character" and c["power"] >= 0 and c["hp"] > 0
    assert cat.encounters["core:ash_warband"]["kind"] == "encounter"
    assert all(i.startswith("core:") for i in cat.cards)


@rule("E11")
def test_aurorune_plays_no_part_in_a_match():
    import eve, eve_content
    from eve import hookimpl

    class Repriced:
        @hookimpl
        def eve_pack_manifest(self):
            return {"name": "core", "version": "0.1.0"}

    def chain(cheap):
        e = eve.Engine()
        if cheap:
            for item in e.registry.items["card"].values():
                item.data["aurorune"] = 1
            from eve.compiler import compile_registry
            comp = compile_registry(e.registry)
            assert comp.spec == e.compiled.spec      # the compiled tables ignore the price
        m = e.new_match(seed=5)
        return m.state_hash()

    assert chain(False) == chain(True)


def test_every_encounter_is_playable_to_the_end(engine):
    from eve.core.playout import run_matches
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    for enc in engine.catalog.encounters:
        res = run_matches(engine.content, list(range(50)), heroes, engine.encounter_index(enc), "random")
        assert all(o in (1, 2) for o, _, _ in res)
