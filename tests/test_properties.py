"""1,000 seeded random matches, with the engine's invariants checked after every action."""
import random

import pytest
from conftest import rule
from match_invariants import card_places

N_MATCHES = 1000


def check_invariants(m, max_rounds):
    # every card in exactly one place, and the place agrees with card_zone
    seen = card_places(m)
    assert sorted(seen) == list(range(m.n_cards)), "a card is in no zone"
    for c, z in seen.items():
        assert m.card_zone(c) == z
    # hp within bounds
    for side in ("player", "encounter"):
        for u in m.heroes(side) + [c for c in m.characters(side) if c]:
            assert 0 <= u["hp"] <= u["max_hp"], u
            assert u["alive"] == (u["hp"] > 0) or (u["alive"] is False and u["hp"] == 0)
    meter = m.meter
    assert meter["spent"] >= 0 and meter["remaining"] >= 0 and meter["regen"] == 0
    assert m.round <= max_rounds


@rule("Z17", "T10", "X01")
@pytest.mark.parametrize("block", range(10))
def test_random_matches_keep_invariants(engine, block):
    max_rounds = engine.config["max_rounds"]
    encounters = list(engine.catalog.encounters)
    per_block = N_MATCHES // 10
    for seed in range(block * per_block, (block + 1) * per_block):
        m = engine.new_match(seed=seed, encounter=encounters[seed % len(encounters)])
        rng = random.Random(seed)
        steps = 0
        while True:
            check_invariants(m, max_rounds)
            acts = m.legal_action_codes()
            assert (len(acts) == 0) == m.is_over
            if m.is_over:
                break
            # every listed action applies without error (on a clone)
            for a in acts:
                m.clone().apply(a)
            a = rng.choice(acts)
            twin = m.clone()
            m.apply(a)
            twin.apply(a)
            assert twin.state_hash() == m.state_hash(), "clone-then-apply differs from apply"
            steps += 1
            assert steps < 5000
        assert m.outcome in ("win", "loss", "timeout")
        assert (m.outcome == "timeout") == (m.round == max_rounds and all(
            any(h["alive"] for h in m.heroes(side)) for side in ("player", "encounter")))
        assert m.round <= max_rounds
