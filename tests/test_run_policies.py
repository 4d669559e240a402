"""The run policies of `eve run` and `eve simulate --runs` (eve.run_policies): the core's native
run policies, stepped from Python. Their choices out of a fight are checked here against the
rules they state (eve.run_policies' docstring) on real runs of the built-in content."""
from __future__ import annotations

import pytest
from run_support import legal_run_actions, play, real_run_engine, until_phase

from eve.encoding import decode_action
from eve.run_policies import POLICIES, make_policy

PATH_PREFERENCE = ("fight", "event", "shop", "forge", "sanctum", "elite", "boss")


def _walk_greedy(seed: int):
    """(run, action) at each greedy decision of the run of `seed`, out of fights."""
    e = real_run_engine()
    run = e.new_run(seed, party=e.default_heroes())
    pick = make_policy("greedy", seed)
    while not run.is_over:
        a = pick(run)
        if not run.in_fight:
            yield run, a
        run.apply(a)


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_a_policy_plays_legal_actions_the_same_way_for_a_seed(policy):
    e = real_run_engine()

    def actions(seed):
        return legal_run_actions(e, seed, make_policy(policy, seed))
    for seed in range(3):
        assert actions(seed) == actions(seed)
    assert actions(1) != actions(2)


def test_a_policy_never_changes_the_run():
    e = real_run_engine()
    run = e.new_run(5, party=e.default_heroes())
    for pick in (make_policy("random", 1), make_policy("greedy", 1)):
        play(run, 5, until=until_phase("event", "site", "shop"), limit=50000)
        h = run.state_hash()
        pick(run)
        assert run.state_hash() == h


def test_an_unknown_policy_is_a_value_error():
    with pytest.raises(ValueError, match="random, greedy"):
        make_policy("nope", 1)


def _hurt(run) -> bool:
    living = [h for h in run.party if h["alive"]]
    return sum(h["hp"] for h in living) < 0.5 * sum(h["max_hp"] for h in living)


def test_greedy_travels_by_its_preference_and_rests_when_hurt():
    seen_hurt = seen_well = 0
    for seed in range(12):
        for run, a in _walk_greedy(seed):
            if run.phase != "path":
                continue
            row = run.map["floors"][run.floor]
            kinds = [row[decode_action(c).source] for c in run.legal_action_codes()]
            order = list(PATH_PREFERENCE)
            if _hurt(run):
                order.remove("sanctum")
                order.insert(0, "sanctum")
                seen_hurt += "sanctum" in kinds
            else:
                seen_well += 1
            best = min(order.index(k) for k in kinds)
            got = row[decode_action(a).source]
            assert order.index(got) == best, (seed, kinds, got)
            # ties go to the leftmost column
            assert decode_action(a).source == min(
                decode_action(c).source for c in run.legal_action_codes()
                if row[decode_action(c).source] == got)
    assert seen_well and seen_hurt        # both branches were exercised


def test_greedy_takes_the_first_reward_card_and_buys_the_cheapest():
    rewards = shops = 0
    for seed in range(12):
        for run, a in _walk_greedy(seed):
            codes = run.legal_action_codes()
            takes = [c for c in codes if decode_action(c).kind == "take"]
            if run.phase == "reward":
                rewards += 1
                assert a == (takes[0] if takes else codes[-1])
            elif run.phase == "shop":
                shops += 1
                if takes:
                    prices = {c: run.offer[decode_action(c).source][1] for c in takes}
                    assert prices[a] == min(prices.values())
                    assert a == min(takes, key=lambda c: (prices[c], decode_action(c).source))
                else:
                    assert decode_action(a).kind == "leave"
    assert rewards and shops


def test_greedy_at_a_site_or_event_does_not_see_the_runs_hidden_draws():
    """U18: it tries options on copies it re-samples from its own stream, so the run's true
    streams cannot change its choice."""
    e = real_run_engine()
    scenes = 0
    for seed in range(20):
        run = e.new_run(seed, party=e.default_heroes())
        play(run, seed, until=until_phase("event", "site"), limit=50000)
        if run.is_over or len(run.legal_action_codes()) < 2:
            continue
        scenes += 1
        picks = {make_policy("greedy", 7)(r) for r in (run, run.determinize(1), run.determinize(2))}
        assert len(picks) == 1
    assert scenes >= 3
