"""A pack's run content goes through its hooks like any item (issue 22): eve_register_acts,
_events, _rewards, _shops and _sites register namespaced, closed-schema, read-only items that the
Catalog holds and rules text words; a hook's refused item is a coded error naming its hook."""
import pytest

import eve
import eve_content
from eve.errors import ContentError
from eve.plugins import errors as codes


class Journey:
    def __init__(self, event=None):
        self.event = {"name": "The Toll", "options": [
            {"name": "Pay", "if": "aurorune >= 20", "cost": {"aurorune": 20},
             "effect": [{"op": "restore", "n": 5}]},
            {"name": "Refuse"}]} if event is None else event

    @eve.hookimpl
    def eve_pack_manifest(self):
        return {"name": "journey", "version": "1.0.0", "requires": ["core"]}

    @eve.hookimpl
    def eve_register_acts(self, register):
        register("emberfall", {"name": "Emberfall", "fights": ["core:ash_warband"],
                               "nodes": {"fight": 50, "elite": 10, "event": 20, "forge": 5,
                                         "shop": 6},
                               "elites": ["core:wyrm_lair"], "bosses": ["core:midnight_throne"]})

    @eve.hookimpl
    def eve_register_events(self, register):
        register("toll", self.event)

    @eve.hookimpl
    def eve_register_rewards(self, register):
        register("purse", {"node": "fight", "aurorune": [10, 20]})

    @eve.hookimpl
    def eve_register_shops(self, register):
        register("bazaar", {"cards": 4})

    @eve.hookimpl
    def eve_register_sites(self, register):
        register("forge", {"node": "forge", "options": [
            {"name": "Temper", "target": "hero",
             "effect": [{"op": "max_hp", "to": "chosen_hero", "n": 3}]}]})


def test_a_packs_run_items_are_registered_namespaced_and_described():
    eng = eve.Engine(packs=[eve_content, Journey()])
    assert eve.lint([eve_content, Journey()], packs=["journey"]).findings == ()
    cat = eng.catalog
    def ours(table):            # beside the built-in pack's run content
        return [k for k in table if k.startswith("journey:")]
    assert ours(cat.acts) == ["journey:emberfall"]
    assert ours(cat.events) == ["journey:toll"]
    assert ours(cat.rewards) == ["journey:purse"] and ours(cat.shops) == ["journey:bazaar"]
    assert ours(cat.sites) == ["journey:forge"]
    with pytest.raises(TypeError):
        cat.events["journey:toll"]["name"] = "x"             # read-only
    assert "(1) Pay (only if aurorune is at least 20; costs 20 aurorune)" in \
        cat.rules_text("journey:toll")
    assert "give the chosen hero 3 max hp" in cat.rules_text("journey:forge")
    # the pack's three options beside the built-in pack's
    assert len(cat.spec["run"]["options"]) == 3 + len(eve.Engine().catalog.spec["run"]["options"])


def test_a_typo_in_an_events_field_is_refused_naming_the_hook():
    with pytest.raises(ContentError) as e:
        eve.Engine(packs=[eve_content, Journey({"optons": []})])
    assert e.value.code == codes.UNKNOWN_FIELD
    assert "did you mean 'options'" in str(e.value)
    assert "eve_register_events" in str(e.value)
