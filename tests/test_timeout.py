"""The round cap is a third outcome, "timeout" (rule X01), reported apart everywhere a match's end
is: simulate, replays, snapshots and the search's reward."""
import random

import pytest
from conftest import rule

from eve import Engine
from eve.cli import _count_outcomes
from eve.core.playout import run_matches
from eve.replay import Replay
from eve.search import mcts


@pytest.fixture(scope="module")
def one_round():
    return Engine(config={"max_rounds": 1})


def _timed_out(engine, seed=0):
    m = engine.new_match(seed=seed)
    rng = random.Random(seed)
    while not m.is_over:
        # ending each phase plays the shortest round, so it reaches the cap with heroes alive
        acts = m.legal_actions()
        ends = [a for a in acts if a.kind in ("end_phase", "pass")]
        m.apply(ends[0] if ends else rng.choice(acts))
    return m


@rule("X01")
def test_a_capped_match_is_a_timeout_with_heroes_alive(one_round):
    m = _timed_out(one_round)
    assert m.outcome == "timeout"
    assert any(h["alive"] for h in m.heroes("player"))
    assert any(h["alive"] for h in m.heroes("encounter"))


@rule("X01")
def test_simulate_counts_timeouts_apart_from_losses(one_round):
    heroes = [one_round.hero_index(h) for h in one_round.default_heroes()]
    got = run_matches(one_round.content, list(range(40)), heroes, 0, "random")
    outcomes = [r[0] for r in got]
    assert "timeout" in outcomes
    ends = _count_outcomes(outcomes)
    assert ends["timeouts"] == outcomes.count("timeout")
    assert ends["losses"] == outcomes.count("loss")
    assert sum(ends.values()) == len(outcomes) and ends["unfinished"] == 0


def test_simulate_reports_an_unfinished_match_as_unfinished():
    assert _count_outcomes([None, "win", "loss", "timeout"]) == {"wins": 1, "losses": 1, "timeouts": 1,
                                             "unfinished": 1}


@rule("X01")
def test_a_timeout_replay_verifies_and_a_false_loss_claim_does_not(one_round, tmp_path):
    m = _timed_out(one_round, seed=3)
    rp = Replay.of(m)
    assert rp.outcome == "timeout"
    rp.save(tmp_path / "t.evereplay")
    back = Replay.load(tmp_path / "t.evereplay")
    assert back == rp and back.mismatches(one_round) == []
    lie = Replay(**{**rp.__dict__, "outcome": "loss"})
    assert lie.mismatches(one_round)


@rule("X01")
def test_a_timeout_snapshot_round_trips(one_round):
    m = _timed_out(one_round, seed=5)
    back = one_round.restore(m.snapshot())
    assert back.outcome == "timeout" and back.state_hash() == m.state_hash()


@rule("X01")
def test_the_search_scores_a_timeout_as_undecided(one_round):
    # every rollout from here ends at the cap unless a side is wiped out in one round; with the
    # win reward an undecided end is worth 0.5, so no action's value can be 0
    m = one_round.new_match(seed=1)
    r = mcts(m, iterations=400, seed=2, max_depth=0, reward="win")
    assert r.stats and all(s.value > 0.25 for s in r.stats if s.visits >= 5)
