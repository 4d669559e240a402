"""The run search (eve.core.run_search.search_run) and the search-backed run policy: out of a
fight it samples what the player cannot see from its own stream (U18), never the run's."""
from __future__ import annotations

import pytest
from run_support import legal_run_actions, play, real_run_engine, until_phase

from eve.core.errors import ParameterError
from eve.core.run_search import search_run
from eve.run_policies import make_policy


def _at(phases, seed=4):
    e = real_run_engine()
    run = e.new_run(seed, party=e.default_heroes())
    play(run, seed, until=lambda r: until_phase(*phases)(r) and len(r.legal_action_codes()) > 1,
         limit=50000)
    assert not run.is_over
    return run


def test_the_search_is_deterministic_and_leaves_the_run_alone():
    run = _at(("path", "reward"))
    h = run.state_hash()
    a = search_run(run, 60, seed=3)
    assert search_run(run, 60, seed=3) == a
    assert run.state_hash() == h
    code, stats = a
    assert code in run.legal_action_codes()
    assert [s[0] for s in stats] == run.legal_action_codes()
    assert sum(s[1] for s in stats) == 60
    assert all(0.0 <= s[2] <= 1.0 for s in stats)


def test_the_search_does_not_know_a_hidden_reward_a_clone_would_show():
    """Runs that differ only in what the player cannot see (U18: future rewards, stock, event
    rolls, the next fights' draws) get the same search; searching the true state (honest
    False, a clone) gives different numbers for them: that search reads the future."""
    differs = 0
    for seed in (4, 5, 6):
        run = _at(("path", "reward"), seed)
        others = [run, run.determinize(1), run.determinize(2)]
        assert len({repr(search_run(r, 40, seed=9)) for r in others}) == 1
        cheats = {tuple(search_run(r, 40, seed=9, honest=False)[1]) for r in others}
        differs += len(cheats) > 1
    assert differs >= 2


def test_a_single_choice_spends_no_iteration():
    e = real_run_engine()
    run = e.new_run(2, party=e.default_heroes())
    play(run, 2, until=lambda r: not r.in_fight and len(r.legal_action_codes()) == 1
         and not r.is_over, limit=50000)
    if run.is_over:
        pytest.skip("no single-choice position on this seed")
    code, stats = search_run(run, 1000, seed=1)
    assert stats == [(code, 0, 0.0)]


def test_refusals():
    e = real_run_engine()
    run = e.new_run(1, party=e.default_heroes())
    play(run, 1, until=lambda r: r.in_fight, limit=50000)
    with pytest.raises(ValueError, match="in a fight"):
        search_run(run, 10)
    path = _at(("path",))
    for kw in ({"iterations": 0}, {"seed": -1}, {"c": -1.0}, {"horizon": -1}, {"c": "x"}):
        with pytest.raises(ParameterError):
            search_run(path, **{"iterations": 5, **kw})
    done = e.new_run(1, party=e.default_heroes())
    play(done, 1, limit=50000)
    with pytest.raises(ValueError, match="over"):
        search_run(done, 10)


def test_the_search_policy_plays_a_legal_run_the_same_way_for_a_seed():
    e = real_run_engine()

    def actions(seed):
        return legal_run_actions(e, seed, make_policy("search", seed, 20))
    assert actions(1) == actions(1)
