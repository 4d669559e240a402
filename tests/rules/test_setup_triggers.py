"""A setup summon's triggers fire in the match's first step, in a Match as in native batches
(rule B01: the match's start and what the game runs on its own are one step, with its full
trigger budget, whatever the context ran before)."""
from conftest import rule

from eve.core.playout import run_matches
from eve.testing import engine_fixture

UNITS = {
    "chief": {"kind": "enemy_hero", "max_hp": 30},
    # on entering play it shields itself: a `summoned` trigger of a setup summon
    "warden": {"kind": "unit", "hp": 4, "power": 1, "triggers": [
        {"on": "summoned", "effect": [{"op": "shield", "to": "self", "n": 3}]}]},
}
ENCOUNTERS = {"gate": {"roster": ["su:chief"], "setup": ["su:warden"], "script": [
    {"move": "attack", "phase": "combat", "lane": "strongest"}]}}
eng = engine_fixture("su", units=UNITS, encounters=ENCOUNTERS)


@rule("B01")
def test_a_setup_summons_trigger_fires_in_a_new_match(eng):
    m = eng.new_match(0, encounter="su:gate")
    assert m.characters("encounter")[0]["shield"] == 3


@rule("B01")
def test_native_batches_and_matches_agree_on_setup_triggers(eng):
    heroes = [eng.hero_index(h) for h in eng.default_heroes()]
    enc = eng.encounter_index("su:gate")
    rec = run_matches(eng.content, list(range(8)), heroes, enc, "random", record=True)
    for seed, r in enumerate(rec):
        m = eng.new_match(seed, encounter="su:gate")
        for a in r[3]:
            m.apply(a)
        assert m.state_hash() == r[4]
    # a match played after another in one batch is the match played alone
    alone = run_matches(eng.content, [5], heroes, enc, "random", record=True)
    assert alone[0][4] == rec[5][4]
