"""eve.core.playout.run_matches: any integer sequence of seeds (a numpy array too), and its
outcomes in Match.outcome's words."""
from __future__ import annotations

import pytest

import eve
from eve.core.playout import run_matches


@pytest.fixture(scope="module")
def party(engine):
    return [engine.hero_index(h) for h in engine.default_heroes()]


def test_outcomes_are_the_words_of_match_outcome(engine, party):
    """Each recorded match replayed through the Python face ends as run_matches says, in the
    same word (and the batch has wins and losses, so a word cannot match by luck)."""
    enc = engine.encounter_index("core:ash_warband")
    got = run_matches(engine.content, range(40), party, enc, "random", record=True)
    assert {"win", "loss"} <= {r[0] for r in got}
    for seed, (outcome, rounds, decisions, codes, final) in enumerate(got):
        m = engine.new_match(seed=seed, encounter="core:ash_warband")
        for a in codes:
            m.apply(a)
        assert (m.outcome, m.round, len(codes), m.state_hash()) == (outcome, rounds, decisions, final)
        assert outcome in ("win", "loss", "timeout")


def test_a_stopped_match_has_no_outcome_word(engine, party):
    """A match cut at max_decisions before its end: None, as Match.outcome of a live match."""
    got = run_matches(engine.content, [3], party, 0, "random", max_decisions=1)
    assert got[0][0] is None and engine.new_match(seed=3).outcome is None


def test_any_integer_sequence_of_seeds(engine, party):
    as_list = run_matches(engine.content, [5, 6, 7], party, 0, "greedy")
    assert run_matches(engine.content, range(5, 8), party, 0, "greedy") == as_list
    assert run_matches(engine.content, (5, 6, 7), party, 0, "greedy") == as_list
    assert run_matches(engine.content, iter([5, 6, 7]), party, 0, "greedy") == as_list
    assert run_matches(engine.content, [2**64 - 1], party, 0, "random")[0][2] > 0


def test_numpy_seeds_and_heroes():
    np = pytest.importorskip("numpy")
    engine = eve.Engine()
    party = [engine.hero_index(h) for h in engine.default_heroes()]
    expected = run_matches(engine.content, [5, 6, 7], party, 0, "random", record=True)
    for dtype in (np.int64, np.uint64, np.int32):
        seeds = np.arange(5, 8, dtype=dtype)
        assert run_matches(engine.content, seeds, np.array(party), 0, "random",
                           record=True) == expected
    assert run_matches(engine.content, np.array([2**64 - 1], dtype=np.uint64), party, 0,
                       "random")[0][2] > 0


@pytest.mark.parametrize("seeds", [[1.0], [1, "2"], [True], "12", 7, [None]])
def test_non_integer_seeds_are_a_type_error(engine, party, seeds):
    with pytest.raises(TypeError, match="seed"):
        run_matches(engine.content, seeds, party, 0, "random")


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_out_of_range_is_a_parameter_error(engine, party, seed):
    with pytest.raises(eve.ParameterError, match=r"\[0, 2\*\*64\)"):
        run_matches(engine.content, [1, seed], party, 0, "random")
