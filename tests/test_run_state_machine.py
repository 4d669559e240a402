"""A Hypothesis state machine over the public API of a run (rules U01-U21), checking the run's
invariants (tests/run_invariants.py) after every step.

The steps: apply a legal action by its index (greedy or random in a fight), play a fight out,
clone and diverge (the original stays as it was), determinize (the copy keeps what is shown,
the same seed gives the same copy) and go on from the copy, apply an illegal or malformed
action (refused, the run unchanged), and replay the run so far from its setup. A twin made at
the start gets every action the run gets: its hash must stay the run's, so that interleaved
clones, determinizations and refusals never move the run.

Derandomized and bounded (100 examples of 30 steps: a few seconds).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from run_invariants import RunTracker, check_run
from run_support import easy_engine, fight_action, play, run_engine

import eve
from eve.encoding import encode_action


def engines():
    return (easy_engine(), run_engine(hero_hp=14, foe_hp=6),
            easy_engine(weights={"shop": 40, "event": 40, "forge": 20},
                        config={"aurorune": 300}))


def public(run):
    obs = run.observation()
    obs.pop("match")
    return obs


class RunMachine(RuleBasedStateMachine):
    @initialize(which=st.integers(0, 2), seed=st.integers(0, 2**64 - 1), recruit=st.booleans())
    def new_run(self, which, seed, recruit):
        self.engine = engines()[which]
        self.run = (self.engine.new_run(seed) if recruit
                    else self.engine.new_run(seed, party=self.engine.default_heroes()))
        self._restart()

    def _restart(self):
        self.twin = self.run.clone()
        self.tracker = RunTracker(self.run)
        self.replayable = self.run.actions is not None

    def _apply(self, code):
        self.tracker.apply(code)
        self.twin.apply(code)

    @precondition(lambda self: not self.run.is_over)
    @rule(i=st.integers(0, 10**6), greedy=st.booleans())
    def act(self, i, greedy):
        if self.run.in_fight and greedy:
            code = fight_action(self.run, i)
        else:
            codes = self.run.legal_action_codes()
            code = codes[i % len(codes)]
        self._apply(code)

    @precondition(lambda self: self.run.in_fight)
    @rule(seed=st.integers(0, 99))
    def fight_out(self, seed):
        rng = random.Random(seed)
        while self.run.in_fight:
            self._apply(fight_action(self.run, rng.randrange(2**32)))

    @precondition(lambda self: not self.run.is_over)
    @rule(i=st.integers(0, 10**6), steps=st.integers(1, 8))
    def clone_and_diverge(self, i, steps):
        h, obs = self.run.state_hash(), public(self.run)
        c = self.run.clone()
        assert c.state_hash() == h
        rng = random.Random(i)
        for _ in range(steps):
            if c.is_over:
                break
            c.apply(rng.choice(c.legal_action_codes()))
            check_run(c, clone=False)
        assert self.run.state_hash() == h and public(self.run) == obs

    @precondition(lambda self: not self.run.is_over)
    @rule(seed=st.integers(0, 2**64 - 1), switch=st.booleans())
    def determinize(self, seed, switch):
        h = self.run.state_hash()
        d = self.run.determinize(seed)
        assert self.run.state_hash() == h
        assert d.state_hash() == self.run.determinize(seed).state_hash()
        assert public(d) == public(self.run)
        assert d.legal_action_codes() == self.run.legal_action_codes()
        check_run(d)
        if switch:
            self.run = d
            self._restart()

    @rule(kind=st.sampled_from(["recruit", "travel", "take", "remove", "option", "leave",
                                "play", "attack", "end_phase"]),
          src=st.integers(0, 255), tgt=st.integers(0, 255))
    def maybe_illegal(self, kind, src, tgt):
        code = encode_action(kind, src, tgt)
        if self.run.check(code) == 0:
            return
        h, n = self.run.state_hash(), self.run.n_events
        with pytest.raises(eve.IllegalAction):
            self.run.apply(code)
        assert (self.run.state_hash(), self.run.n_events) == (h, n)

    @precondition(lambda self: self.replayable and self.run.actions is not None)
    @rule()
    def replay(self):
        seed, party = self.run.setup
        r = self.engine.new_run(seed, party=party)
        for code in self.run.actions:
            r.apply(code)
        assert r.state_hash() == self.run.state_hash()

    @invariant()
    def consistent(self):
        if not hasattr(self, "run"):
            return
        assert self.twin.state_hash() == self.run.state_hash()
        check_run(self.run)


RunMachine.TestCase.settings = settings(
    max_examples=100, stateful_step_count=30, derandomize=True, database=None, deadline=None,
    suppress_health_check=list(HealthCheck))
test_run_state_machine = RunMachine.TestCase


def test_random_walk_to_the_end():
    """A seeded walk that finishes its runs: the machine's 30 steps seldom end one."""
    for seed in range(4):
        e = engines()[seed % 3]
        run = e.new_run(seed, party=e.default_heroes())
        twin = run.clone()
        rng = random.Random(seed)
        while not run.is_over:
            if rng.random() < 0.1:
                d = run.determinize(rng.randrange(99))
                assert public(d) == public(run)
            code = fight_action(run, rng.randrange(99)) if run.in_fight else \
                rng.choice(run.legal_action_codes())
            run.apply(code)
            twin.apply(code)
            assert run.state_hash() == twin.state_hash()
        play(twin, 0)
        assert twin.state_hash() == run.state_hash() and twin.outcome is not None
