"""eve.policies: match policies by name, the honest baselines (eve.core.flat) and the reference
search that sees the hidden cards."""
import random

import pytest
from search_support import mid_match

from eve.core.flat import flat_choice, greedy_honest
from eve.core.playout import choose
from eve.core.testkit import raw, set_archive_order, set_stream
from eve.policies import fights_by, make_match_policy, match_policy_names, play_match
from eve.search import mcts

# positions (Encounter, match seed, steps of the random walk below) where the plain greedy's
# choice changes when only the hidden cards and streams change: it scores copies of the true
# state, whose draws and Encounter rolls are the real ones
GREEDY_LEAKS = [("core:ash_warband", 7, 32), ("core:ash_warband", 30, 20),
                ("core:drowned_choir", 0, 14), ("core:drowned_choir", 37, 17),
                ("core:wyrm_lair", 20, 5), ("core:wyrm_lair", 43, 10)]


def _hidden_variants(m, k=4, seed=0):
    """Copies of `m` that differ only in what the player cannot see: the Archive's order and
    the future draws of the shuffle and encounter streams."""
    rng = random.Random(seed)
    archive = m.zone_cards("archive")
    out = []
    for _ in range(k):
        o = m.clone()
        order = list(archive)
        rng.shuffle(order)
        set_archive_order(o, order)
        set_stream(o, 0, rng.getrandbits(64))
        set_stream(o, 1, rng.getrandbits(64))
        assert o.state_hash() != m.state_hash()
        out.append(o)
    return out


@pytest.mark.parametrize("where", GREEDY_LEAKS)
def test_honest_greedy_does_not_change_with_hidden_cards(engine, where):
    encounter, seed, steps = where
    m = mid_match(engine, seed, steps, encounter)
    variants = _hidden_variants(m, seed=steps)
    # the plain greedy sees them here (what makes this position a test) ...
    assert len({choose(o, "greedy", 0) for o in [m, *variants]}) > 1
    # ... the honest one does not, whatever its seed
    for seed in (0, 1, 2):
        assert len({greedy_honest(o, seed) for o in [m, *variants]}) == 1


def test_honest_greedy_is_a_greedy_choice(engine):
    """Where nothing hidden is drawn while an action resolves, both greedies agree: the honest
    one is the same lookahead, on a determinized copy."""
    same = total = 0
    for enc, seed, steps in [("core:ash_warband", 1, 3), ("core:hollow_court", 2, 4),
                             ("core:midnight_throne", 3, 6), ("core:wyrm_lair", 4, 2)]:
        m = mid_match(engine, seed, steps, enc)
        total += 1
        same += greedy_honest(m, 5) == choose(m, "greedy", 0)
        assert greedy_honest(m, 5) in m.legal_action_codes()
    assert same >= total - 1


def test_flat_is_deterministic_per_seed_and_leaves_the_match(engine):
    m = mid_match(engine, 3, 4, "core:wyrm_lair")
    before = (raw(m), m.state_hash(), len(m.events), m.actions)
    a = flat_choice(m, 16, 9)
    assert a == flat_choice(m, 16, 9)
    assert (raw(m), m.state_hash(), len(m.events), m.actions) == before
    assert a[1] != flat_choice(m, 16, 10)[1]           # another seed, other deals
    legal = m.legal_action_codes()
    assert a[0] in legal and sorted(a[1]) == sorted(legal)
    assert a[1][a[0]] == max(a[1].values())
    assert a[0] == next(x for x in legal if a[1][x] == max(a[1].values()))   # ties: the first
    # every action's rollouts: one decision for the action, then the rollout's (at most 20)
    assert len(legal) * 16 <= a[2] <= len(legal) * 16 * 21


def test_flat_does_not_see_hidden_cards(engine):
    m = mid_match(engine, 6, 8, "core:drowned_choir")
    base = flat_choice(m, 24, 3)
    for o in _hidden_variants(m, 3):
        assert flat_choice(o, 24, 3) == base


def test_reference_search_sees_hidden_cards(engine):
    """The honest search's statistics do not depend on the hidden cards; the reference's do
    (its iterations play the true Archive and streams)."""
    m = mid_match(engine, 6, 8, "core:drowned_choir")
    variants = _hidden_variants(m, 3)

    def key(r):
        return [(s.action.code, s.visits, round(s.value, 12)) for s in r.stats]
    honest = {tuple(key(mcts(o, iterations=400, seed=2))) for o in [m, *variants]}
    assert len(honest) == 1
    ref = {tuple(key(mcts(o, iterations=400, seed=2, see_hidden=True))) for o in [m, *variants]}
    assert len(ref) == len(variants) + 1
    # and it is deterministic per seed, with kept states that replay right
    r = mcts(m, iterations=400, seed=2, see_hidden=True, verify=True)
    assert key(r) == key(mcts(m, iterations=400, seed=2, see_hidden=True))
    assert r.details["cache_mismatches"] == 0 and r.details["illegal"] == 0


def test_policies_by_name(engine):
    for name in ["random", "greedy", "greedy-honest", "flat-8", "flat-3", "mcts-50",
                 "reference-50"]:
        a = play_match(engine, 5, engine.default_heroes(), "core:wyrm_lair", name)
        assert a == play_match(engine, 5, engine.default_heroes(), "core:wyrm_lair", name)
        assert a[0] in ("win", "loss", "timeout") and a[2] > 0
    assert {"flat-8", "flat-32", "flat-128", "greedy-honest"} <= set(match_policy_names())
    for bad in ["flat-0", "mcts-", "mcts-x", "nope", "flat-99999999999"]:
        with pytest.raises(ValueError):
            make_match_policy(bad)


def test_a_policy_plays_the_match_policy_of_a_run_in_fights(engine):
    calls = []

    class FakeRun:
        match = None

    pol = fights_by("greedy", outside="random")(3)
    m = engine.new_match(seed=1, encounter="core:ash_warband")
    fight = FakeRun()
    fight.match = m
    calls.append(pol(fight))
    assert calls[0] == choose(m, "greedy", 3 * 1_000_003 % 2**64)
