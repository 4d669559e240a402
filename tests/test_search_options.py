"""The search's rollout options (docs/search.md, "Options"): deterministic per seed, each
changing the search, and refused out of range."""

import pytest
from search_support import mid_match, search_key

from eve.core.errors import ParameterError
from eve.search import mcts


def _mid(engine, seed=4, steps=10):
    return mid_match(engine, seed, steps, "core:wyrm_lair")


@pytest.mark.parametrize("opts", [{"worlds": 16}, {"board_scale": 10.0},
                                  {"rollout_greedy": 0.3}, {"worlds": 8, "board_scale": 5.0},
                                  {"root_flat": True}, {"horizon": True}])
def test_options_are_deterministic_and_change_the_search(engine, opts):
    m = _mid(engine)
    # rollouts cut early, so that the cut-off's score (board_scale) is used
    plain = search_key(mcts(m, iterations=300, seed=5, max_depth=5))
    a = mcts(m, iterations=300, seed=5, verify=True, max_depth=5, **opts)
    assert search_key(a) == search_key(mcts(m, iterations=300, seed=5, max_depth=5, **opts))
    assert search_key(a) != plain
    assert a.details["cache_mismatches"] == 0 and a.details["illegal"] == 0


def test_worlds_reuse_their_deals(engine):
    """The deals are the worlds': one world or two give other searches."""
    m = _mid(engine)
    one = mcts(m, iterations=len(m.legal_action_codes()), seed=1, worlds=1, max_depth=5)
    two = mcts(m, iterations=2 * len(m.legal_action_codes()), seed=1, worlds=1, max_depth=5)
    assert all(s.visits == 1 for s in one.stats)
    assert sum(s.visits for s in two.stats) == 2 * len(one.stats)
    assert search_key(one) != search_key(mcts(m, iterations=len(m.legal_action_codes()), seed=1, worlds=2,
                                  max_depth=5))


@pytest.mark.parametrize("kwargs", [{"rollout_greedy": -0.1}, {"rollout_greedy": 1.5},
                                    {"rollout_greedy": True}, {"board_scale": -1.0},
                                    {"board_scale": float("inf")}, {"worlds": -1}])
def test_bad_options(engine, kwargs):
    with pytest.raises(ParameterError):
        mcts(_mid(engine), iterations=10, **kwargs)


def test_worlds_must_be_an_integer(engine):
    with pytest.raises(TypeError):
        mcts(_mid(engine), iterations=10, worlds=1.5)


def test_a_flat_root_shares_its_iterations_and_takes_the_best_mean(engine):
    m = _mid(engine)
    n = len(m.legal_action_codes())
    r = mcts(m, iterations=7 * n + 3, seed=2, root_flat=True)
    assert sorted(s.visits for s in r.stats) == [7] * (n - 3) + [8] * 3
    best = max(s.value for s in r.stats)
    assert next(s for s in r.stats if s.value == best).action.code == r.action.code


def test_a_horizon_from_the_root_shortens_the_deep_rollouts(engine):
    m = _mid(engine)
    plain = mcts(m, iterations=400, seed=3, max_depth=5)
    fixed = mcts(m, iterations=400, seed=3, max_depth=5, horizon=True)
    # the same tree decisions would leave the same rollout decisions; deep leaves roll out less
    assert fixed.details["rollout_decisions"] < plain.details["rollout_decisions"]
    assert fixed.details["rollout_decisions"] <= 400 * 5
