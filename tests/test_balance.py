"""The built-in pack is worth playing (issue 3): enough distinct content, and each Encounter's
greedy win rate with the default party stays in the band docs/balance.md gives it: the Ash
Warband an introduction, the three ladder Encounters (the Hollow Court, the Drowned Choir, the
Wyrm's Lair) the hardest, which greedy almost never wins (issue 23: MCTS at 1,000 iterations wins
each 30-60%, measured by benchmarks/strength.py, never in a test)."""
import os
from collections import Counter
from collections.abc import Mapping
from itertools import combinations

import pytest

import eve
from eve.core.playout import run_matches

SEEDS = list(range(1000))
ALL_OPS = {"damage", "heal", "shield", "poison", "draw", "discard", "exile", "return", "destroy",
           "counter", "summon", "buff", "task"}


def _programs(entry):
    """Every effect program of a catalog entry (card, hero, task or encounter), as lists."""
    for key in ("on_enter", "ability", "trigger"):
        part = entry.get(key)
        if isinstance(part, Mapping) and part.get("effect"):
            yield part["effect"]
    if entry.get("reward"):
        yield entry["reward"]
    for move in entry.get("script", []):
        for m in (move, move.get("unless", {}).get("do", {})):
            if m.get("effect"):
                yield m["effect"]
    for resp in entry.get("responses", []):
        if resp.get("counter"):
            yield [{"op": "counter"}]
        elif resp.get("effect"):
            yield resp["effect"]


def _ops(entry):
    return {ins["op"] for prog in _programs(entry) for ins in prog}


# greedy win rate over seeds 0..999, default party: the band each Encounter must stay in
BANDS = {
    "core:ash_warband": (0.90, 1.00),
    "core:hollow_court": (0.001, 0.03),
    "core:drowned_choir": (0.0, 0.02),
    "core:midnight_throne": (0.75, 0.98),
    "core:wyrm_lair": (0.005, 0.06),
}
# the strength ladder's Encounters (docs/balance.md): hard for every policy that does not plan
LADDER = {"core:hollow_court", "core:drowned_choir", "core:wyrm_lair"}


@pytest.mark.parametrize("enc", sorted(BANDS))
def test_named_encounters_exist(engine, enc):
    assert enc in engine.catalog.encounters


def test_each_encounter_stays_in_its_band_and_the_ladder_is_the_hardest(engine):
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    table = {}
    # the five match Encounters of docs/balance.md; the run's others are measured by runs
    assert set(BANDS) <= set(engine.catalog.encounters)
    for enc in BANDS:
        res = run_matches(engine.content, SEEDS, heroes, engine.encounter_index(enc), "greedy")
        table[enc] = sum(1 for outcome, _, _ in res if outcome == "win") / len(res)
    for enc, rate in table.items():
        lo, hi = BANDS[enc]
        assert lo <= rate <= hi, f"{enc}: greedy win rate {rate:.1%} over seeds 0..999 ({table})"
    assert max(table[e] for e in LADDER) < min(r for e, r in table.items() if e not in LADDER), table


def test_the_hardest_encounter_uses_the_script_language(engine):
    lair = engine.catalog.encounters["core:wyrm_lair"]
    assert lair.get("vars") and len(lair.get("phases", [])) >= 2
    picks = [m for ph in lair["phases"] for m in ph.get("script", []) if m.get("pick")]
    assert picks and all(m.get("max_repeats") for m in picks)


def test_default_party_and_first_encounter(engine):
    assert engine.default_heroes() == ["core:aldric", "core:seraphine", "core:varek"]
    assert next(iter(engine.catalog.encounters)) == "core:ash_warband"


def test_heroes_are_distinct_and_able(engine):
    heroes = engine.catalog.heroes
    assert len(heroes) >= 9
    assert len({(h["ambition"], h["morality"]) for h in heroes.values()}) == len(heroes)
    for h in heroes.values():
        assert h.get("ability", {}).get("effect"), f"{h['id']} has no ability"
        assert 4 <= len(h["cards"]) <= 6, f"{h['id']} starts with {len(h['cards'])} cards"
    sizes = sorted((len(h["cards"]) for h in heroes.values()), reverse=True)
    assert sum(sizes[:3]) <= 64                 # any party's deck fits a match
    a, s, v = heroes["core:aldric"], heroes["core:seraphine"], heroes["core:varek"]
    assert (a["ambition"], a["morality"], s["morality"], v["ambition"]) == (2, -3, 4, 3)


def test_cards_cover_every_kind_and_mechanic(engine):
    cards = engine.catalog.cards
    assert len(cards) >= 40
    kinds = Counter(c["kind"] for c in cards.values())
    assert kinds["character"] >= 10 and kinds["sortilege"] >= 10 and kinds["relic"] >= 8
    assert all(c["charges"] >= 1 for c in cards.values() if c["kind"] == "sortilege")
    assert sum(1 for c in cards.values() if c["kind"] == "relic" and c.get("trigger")) >= 6
    reaction_counters = [c["id"] for c in cards.values()
                         if "reaction" in c.get("keywords", []) and "counter" in _ops(c)]
    assert len(reaction_counters) >= 2 and "core:veil_ward" in reaction_counters
    squire = cards["core:ember_squire"]
    assert squire["kind"] == "character"


def test_every_instruction_appears_in_the_pack(engine):
    cat = engine.catalog
    used = set()
    for table in (cat.cards, cat.heroes, cat.tasks, cat.encounters):
        for entry in table.values():
            used |= _ops(entry)
    assert used >= ALL_OPS, f"never used: {sorted(ALL_OPS - used)}"


def test_encounters_and_tasks(engine):
    encs = engine.catalog.encounters
    assert len(encs) >= 4
    bosses = [e for e in encs.values()
              if len(e["roster"]) >= 3
              and any(r.get("counter") for r in e.get("responses", []))
              and any("unless" in m for m in e.get("script", ()))]
    assert bosses, "no boss: 3+ enemy heroes, a scripted counter and a branching script"
    assert len(engine.catalog.tasks) >= 6
    used_tasks = {t for e in encs.values() for t in e.get("tasks", [])}
    assert len(used_tasks) >= 6
    for a, b in combinations(list(encs.values()), 2):
        assert a["name"] != b["name"]


def test_the_built_in_run_is_hard_for_greedy_and_never_won_at_random():
    """docs/balance.md, Whole runs: over seeds 0..999 greedy wins under 10% of the runs (and
    some: the run is winnable), random none; most runs are lost in act 1."""
    from eve.core.playout import run_runs
    engine = eve.Engine()
    content = engine.catalog.tables
    greedy = run_runs(content, range(1000), policy="greedy")
    wins = sum(r[0] == 1 for r in greedy)
    assert 1 <= wins < 100, f"greedy won {wins} of 1000 runs"
    assert 8.0 <= sum(r[1] for r in greedy) / 1000 <= 12.0
    random_runs = run_runs(content, range(1000), policy="random")
    assert not any(r[0] == 1 for r in random_runs)


@pytest.mark.skipif(not os.environ.get("EVE_SLOW_BALANCE"),
                    reason="about 15 CPU minutes: set EVE_SLOW_BALANCE=1 (docs/balance.md)")
def test_the_built_in_run_is_winnable_but_hard_for_the_search():
    """docs/balance.md, Whole runs: the search-backed run policy at 1,000 iterations (MCTS in
    fights, the run search out of them, recruiting its own party) wins 20-60% of the runs; 40
    seeds here, so the test asks that the 95% interval of its win rate meets the band (greedy's
    own band is the test above)."""
    from eve.run_cli import play_seeds, wilson
    seeds = list(range(40))
    wins = sum(r.outcome == "win" for r in play_seeds((), None, "search", seeds, workers=2,
                                                       iterations=1000))
    lo, hi = wilson(wins, len(seeds))
    assert lo <= 0.60 and hi >= 0.20, f"the search won {wins} of {len(seeds)} runs"
    assert wins >= 4, f"the search won {wins} of {len(seeds)} runs: the run is too hard"
