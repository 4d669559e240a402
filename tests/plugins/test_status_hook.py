"""A pack's statuses go through eve_register_statuses like any item: namespaced, closed schema,
read-only in the catalog, rules text."""
import pytest

import eve
import eve_content
from eve.errors import ContentError


class Hexes:
    @eve.hookimpl
    def eve_pack_manifest(self):
        return {"name": "hexes", "version": "1.0.0", "requires": ["core"]}

    @eve.hookimpl
    def eve_register_statuses(self, register):
        register("frail", {"name": "Frail", "polarity": "debuff", "stacking": "duration",
                           "taken_pct": 125, "decay": {"at": "turn_end"}})

    @eve.hookimpl
    def eve_register_cards(self, register):
        register("curse", {"kind": "relic", "trigger": {"on": "turn_start", "effect": [
            {"op": "status", "status": "frail", "to": "foe_leader", "n": 2},
            {"op": "status", "status": "core:vulnerable", "to": "foe_leader"}]}})


def test_a_packs_status_is_registered_namespaced_and_described():
    eng = eve.Engine(packs=[eve_content, Hexes()])
    cat = eng.catalog
    assert cat.status_ids[:2] == ("shield", "poison")
    assert "hexes:frail" in cat.status_ids and "core:vulnerable" in cat.status_ids
    assert cat.statuses["hexes:frail"]["taken_pct"] == 125
    with pytest.raises(TypeError):
        cat.statuses["hexes:frail"]["taken_pct"] = 1          # read-only
    text = cat.rules_text("hexes:frail")
    assert "Frail" in text and "125%" in text and "loses one stack" in text
    assert "Frail for 2 turns" in cat.rules_text("hexes:curse")


def test_a_typo_in_a_status_field_is_refused():
    class Typo(Hexes):
        @eve.hookimpl
        def eve_register_statuses(self, register):
            register("frail", {"polarity": "debuff", "taken_pctt": 125})

    with pytest.raises(ContentError, match="did you mean 'taken_pct'"):
        eve.Engine(packs=[eve_content, Typo()])
