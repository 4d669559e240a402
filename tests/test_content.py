"""The built-in content is enough to play real matches (issue: engine foundation)."""
import random
from collections import Counter
from pathlib import Path

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


def _core_copy(prices=None):
    """The built-in pack's data as a DataPack named "core" (its manifest too); with `prices`
    ({card name: aurorune}) every card's price replaced, nothing else."""
    import eve_content
    from eve.plugins.data import DataPack
    pack = DataPack.from_files(Path(eve_content.__file__).parent, **eve_content.MANIFEST)
    if prices is not None:
        assert prices.keys() == pack.cards.keys()
        pack.cards = {n: {**d, "aurorune": prices[n]} for n, d in pack.cards.items()}
    return pack


def _chains(engine, seeds):
    out = []
    for enc in sorted(engine.catalog.encounters):
        for seed in seeds:
            m = engine.new_match(seed=seed, encounter=enc)
            rng = random.Random(seed)
            chain = [(m.state_hash(), m.legal_action_codes())]
            while not m.is_over:
                m.apply(rng.choice(chain[-1][1]))
                chain.append((m.state_hash(), m.legal_action_codes()))
            out.append((enc, seed, m.outcome, chain))
    return out


@rule("E11")
def test_aurorune_plays_no_part_in_a_match():  # but the run's shop prices
    import eve
    import eve_content
    base = _core_copy()
    assert len(base.cards) >= 16 and all("aurorune" in d for d in base.cards.values())
    prices = {n: 1000 + 37 * i + d["aurorune"] for i, (n, d) in enumerate(sorted(base.cards.items()))}
    same, repriced = eve.Engine(packs=[base]), eve.Engine(packs=[_core_copy(prices)])
    # the copy is the built-in pack (the same registered data, so the same fingerprint), and
    # every card's price differs in the other
    assert same.fingerprint == eve.Engine(packs=[eve_content]).fingerprint
    cheap, dear = (e.catalog.cards for e in (same, repriced))
    assert cheap.keys() == dear.keys()
    assert all(cheap[c]["aurorune"] != dear[c]["aurorune"] for c in cheap)
    assert repriced.fingerprint != same.fingerprint       # the price is registered data...
    a, b = same.catalog, repriced.catalog
    # every compiled table of the match; the run reads the price (a shop's, rule U13)
    assert {k: v for k, v in a.spec.items() if k != "run"} == \
        {k: v for k, v in b.spec.items() if k != "run"}
    assert [c["price"] for c in a.spec["run"]["cards"]] != [c["price"] for c in b.spec["run"]["cards"]]
    assert (a.card_ids, a.hero_ids, a.unit_ids, a.encounter_ids) == (
        b.card_ids, b.hero_ids, b.unit_ids, b.encounter_ids)
    # ...that no compiled table holds, so the same seeds give the same state and legal actions
    # after every action
    chains = _chains(same, range(4))
    assert chains == _chains(repriced, range(4))
    assert len(chains) >= 8 and sum(len(c[3]) for c in chains) > 500


def test_every_encounter_is_playable_to_the_end(engine):
    from eve.core.playout import run_matches
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    for enc in engine.catalog.encounters:
        res = run_matches(engine.content, list(range(50)), heroes, engine.encounter_index(enc), "random")
        assert all(o in ("win", "loss") for o, _, _ in res)
