"""A pack's counters go through eve_register_counters like any item: namespaced, closed schema,
read-only in the catalog, rules text."""
import pytest

import eve
import eve_content
from eve.errors import ContentError


class Tallies:
    def __init__(self, counters=None):
        self.counters = {"plays": {"name": "Plays"}} if counters is None else counters

    @eve.hookimpl
    def eve_pack_manifest(self):
        return {"name": "tallies", "version": "1.0.0", "requires": ["core"]}

    @eve.hookimpl
    def eve_register_counters(self, register):
        for name, data in self.counters.items():
            register(name, data)

    @eve.hookimpl
    def eve_register_cards(self, register):
        register("abacus", {"kind": "relic", "triggers": [{"on": "card_played", "effect": [
            {"op": "add_counter", "counter": "plays"},
            {"op": "damage", "to": "foe_leader", "n": "counter.plays"}]}]})


def test_a_packs_counter_is_registered_namespaced_and_described():
    cat = eve.Engine(packs=[eve_content, Tallies()]).catalog
    assert cat.counter_ids == ("tallies:plays",)
    assert cat.counters["tallies:plays"]["name"] == "Plays"
    with pytest.raises(TypeError):
        cat.counters["tallies:plays"]["name"] = "x"          # read-only
    assert cat.rules_text("tallies:plays") == "Counter. Counted over the match."
    assert "add 1 to the counter Plays" in cat.rules_text("tallies:abacus")


def test_a_typo_in_a_counter_field_is_refused():
    with pytest.raises(ContentError, match="did you mean 'reset'"):
        eve.Engine(packs=[eve_content, Tallies({"plays": {"rest": "turn"}})])
