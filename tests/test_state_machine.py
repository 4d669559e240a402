"""A Hypothesis state machine over the public API of a match, checking every invariant after
every step.

The steps: apply a legal action by its index, end a phase, play on natively, round-trip a
snapshot (and go on from the restored match), clone and diverge, determinize, pickle, a small
search, apply an illegal, malformed or foreign action, replay the match so far, load a broken
pack, and go to a state of random-pack play with a pending choice, grants, counters or a
response on the Stack (tests/snapshot_fuzz.py's rare seeds). After each: the invariants of tests/match_invariants.py (the snapshot round trip
included), and that the listed actions are exactly the legal ones. Matches are of the built-in
pack, the frozen pack and random packs (tests/random_packs.py).

Derandomized and bounded (200 examples of 40 steps: about 15 s on a shared two-core machine): the same examples run
in every CI run.
"""
from __future__ import annotations

import copy
import functools
import pickle
import random
import warnings

import pytest
from frozen_pack import frozen_engine
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from match_invariants import Tracker, check_state
from random_packs import broken_pack, random_engine

import eve
import eve.search
from eve.core.playout import playout
from eve.encoding import ACTION_KINDS, encode_action

RANDOM_PACKS = (3, 11, 42, 57)
END_PHASE = ACTION_KINDS["end_phase"]
SEARCH_ITERATIONS = 24


@functools.cache
def engines() -> tuple[eve.Engine, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", eve.ContentWarning)
        return (eve.Engine(), frozen_engine(), *(random_engine(s) for s in RANDOM_PACKS))


def unchanged(m: eve.Match):
    """A fingerprint of everything a step that must not change the match could change."""
    return (m.state_hash(), m.snapshot(), m.n_events, m.actions)


@functools.cache
def rare_states() -> tuple[tuple[eve.Engine, bytes], ...]:
    """States of random-pack play with a pending choice, grants, counters, a card's counter or
    a response on the Stack (the snapshot fuzzers' rare seeds), with the engines that restore
    them: random play from a new match reaches them seldom within 40 steps."""
    import snapshot_fuzz
    by_fp, corpus, _ = snapshot_fuzz.rare_corpus()
    return tuple((snapshot_fuzz.engine_for(d, by_fp, None), d) for d in corpus)


class MatchMachine(RuleBasedStateMachine):
    def _start(self, which: int, seed: int, enc: int) -> None:
        self.engine = engines()[which % len(engines())]
        encs = list(self.engine.catalog.encounters)
        self.m = self.engine.new_match(seed=seed, encounter=encs[enc % len(encs)])
        self.tracker = Tracker(self.m)
        self.replayable = True          # made by new_match, every action applied through apply

    @initialize(which=st.integers(0, 64), seed=st.integers(0, 2**64 - 1), enc=st.integers(0, 7))
    def new_match(self, which, seed, enc):
        self._start(which, seed, enc)

    @rule(which=st.integers(0, 64), seed=st.integers(0, 2**64 - 1), enc=st.integers(0, 7))
    def another_match(self, which, seed, enc):
        self._start(which, seed, enc)

    @rule(i=st.integers(0, 255))
    def a_rare_state(self, i):
        states = rare_states()
        self.engine, data = states[i % len(states)]
        self.m = self.engine.restore(data)
        self.tracker = Tracker(self.m)
        self.replayable = False         # restored: no action list from a new match

    # ---- playing ----
    @rule(i=st.integers(0, 255))
    def apply_by_index(self, i):
        acts = self.m.legal_actions()
        if acts:
            self.m.apply(acts[i % len(acts)])

    @rule(n=st.integers(1, 40), seed=st.integers(0, 2**32))
    def apply_many(self, n, seed):
        r = random.Random(seed)
        for _ in range(n):
            codes = self.m.legal_action_codes()
            if not codes:
                break
            self.m.apply(r.choice(codes))

    @rule()
    def end_phase(self):
        codes = [c for c in self.m.legal_action_codes() if c >> 24 == END_PHASE]
        if codes:
            before = self.m.state_hash()
            self.m.apply(codes[0])
            assert self.m.state_hash() != before, "ending a phase changed nothing"

    @rule(n=st.integers(1, 300), seed=st.integers(0, 2**64 - 1))
    def native_playout(self, n, seed):
        d = playout(self.m, seed, n)
        assert 0 <= d <= n
        self.replayable = False         # a native playout records no action list

    # ---- copies ----
    @rule(replace=st.booleans())
    def snapshot_round_trip(self, replace):
        data = self.m.snapshot()
        r = self.engine.restore(data)
        assert r.state_hash() == self.m.state_hash()
        assert r.snapshot() == data
        assert r.legal_action_codes() == self.m.legal_action_codes()
        assert r.outcome == self.m.outcome and r.round == self.m.round
        if replace:                     # go on from the restored match: a new event log
            self.m = r
            self.tracker.n_events = 0
            self.replayable = False

    @rule(n=st.integers(1, 30), seed=st.integers(0, 2**64 - 1))
    def clone_and_diverge(self, n, seed):
        before = unchanged(self.m)
        c = self.m.clone()
        assert c.state_hash() == before[0] and c.snapshot() == before[1]
        assert copy.deepcopy(self.m).state_hash() == before[0]
        codes = self.m.legal_action_codes()
        if codes:                       # the same action on two clones: the same state
            a, b = self.m.clone(), self.m.clone()
            a.apply(codes[seed % len(codes)])
            b.apply(codes[seed % len(codes)])
            assert a.state_hash() == b.state_hash()
        playout(c, seed, n)
        check_state(c)
        assert unchanged(self.m) == before, "playing a clone changed the original"

    @rule(seed=st.integers(0, 2**64 - 1))
    def determinize(self, seed):
        before = unchanged(self.m)
        d = self.m.determinize(seed)
        assert unchanged(self.m) == before, "determinize changed the original"
        assert d.state_hash() == self.m.determinize(seed).state_hash(), "the same seed, another copy"
        assert d.observation("player") == self.m.observation("player"), "what the player sees changed"
        assert sorted(d.zone("archive")) == sorted(self.m.zone("archive"))
        assert d.legal_action_codes() == self.m.legal_action_codes()
        assert d.setup is None and d.actions is None
        check_state(d)
        playout(d, seed, 50)
        check_state(d)
        assert unchanged(self.m) == before

    @rule()
    def pickle_round_trip(self):
        p = pickle.loads(pickle.dumps(self.m))
        assert p.state_hash() == self.m.state_hash() and p.snapshot() == self.m.snapshot()
        assert p.actions == self.m.actions and p.setup == self.m.setup

    # ---- searching ----
    @precondition(lambda self: not self.m.is_over)
    @rule(seed=st.integers(0, 2**64 - 1), threads=st.sampled_from((1, 1, 2)), play=st.booleans())
    def search(self, seed, threads, play):
        before = unchanged(self.m)
        res = eve.search.mcts(self.m, iterations=SEARCH_ITERATIONS, seed=seed, threads=threads,
                              verify=True)
        assert unchanged(self.m) == before, "the search changed the match"
        assert res.action.code in self.m.legal_action_codes()
        assert self.m.check(res.action) == 0
        assert res.iterations == SEARCH_ITERATIONS
        assert sum(s.visits for s in res.stats) <= SEARCH_ITERATIONS
        if play:
            self.m.apply(res.action)

    # ---- refusals ----
    @rule(kind=st.integers(0, 8), src=st.integers(0, 255), tgt=st.integers(0, 255),
          lane=st.integers(0, 255))
    def made_up_action(self, kind, src, tgt, lane):
        code = encode_action(kind, src, tgt, lane)
        self._refused_or_legal(code)

    @rule(code=st.one_of(st.integers(-2**40, 2**40), st.booleans(), st.none(), st.floats(),
                         st.text(max_size=3)))
    def malformed_action(self, code):
        self._refused_or_legal(code)

    @rule(which=st.integers(0, 64), seed=st.integers(0, 2**64 - 1), i=st.integers(0, 255))
    def foreign_action(self, which, seed, i):
        other = engines()[which % len(engines())]
        if other is not self.engine:
            o = other.new_match(seed=seed)
        else:                           # the same content: a clone that moved on, or a new match
            o = self.m.clone() if i % 2 else other.new_match(seed=seed)
            if not o.is_over:
                playout(o, seed, 1 + i % 7)
        acts = o.legal_actions()
        if acts:
            self._refused_or_legal(acts[i % len(acts)])

    def _refused_or_legal(self, action):
        """`action` is either refused by apply, with check's reason and nothing changed, or
        legal by check and applied."""
        before = unchanged(self.m)
        is_int = not isinstance(action, bool) and isinstance(action, (int, eve.Action))
        # check takes Actions and int32 codes; apply refuses anything else as malformed (2)
        in_range = is_int and (isinstance(action, eve.Action) or -2**31 <= action < 2**31)
        r = self.m.check(action) if in_range else 2
        try:
            self.m.apply(action)
        except eve.IllegalAction as e:
            assert e.code == r != 0, f"check said {r}, apply refused with {e.code}"
            assert unchanged(self.m) == before, "a refused action changed the match"
            return
        assert r == 0, f"check said {r}, but apply took it"

    # ---- files ----
    @precondition(lambda self: self.replayable)
    @rule()
    def replay_so_far(self):
        rep = eve.Replay.of(self.m)
        again = eve.Replay.from_bytes(rep.to_bytes())
        assert again == rep
        end = again.play(self.engine)
        assert end.state_hash() == self.m.state_hash()
        assert again.mismatches(self.engine, end) == []

    @rule(seed=st.integers(0, 2**16))
    def broken_pack_is_refused(self, seed):
        before = unchanged(self.m)
        pack, code = broken_pack(seed)
        with pytest.raises(eve.ContentError) as ei:
            eve.Engine(packs=[pack])
        assert ei.value.code == code, f"{ei.value.code} for a {code} breakage: {ei.value}"
        assert unchanged(self.m) == before

    # ---- invariants ----
    @invariant()
    def state_invariants(self):
        check_state(self.m)                 # the snapshot round trip included
        self.tracker.step(self.m)

    @invariant()
    def listed_actions_are_the_legal_ones(self):
        acts = self.m.legal_actions()
        assert [a.code for a in acts] == self.m.legal_action_codes()
        for a in acts[:16]:
            assert self.m.check(a) == 0 and self.m.check(a.code) == 0, str(a)


MatchMachine.TestCase.settings = settings(
    max_examples=200, stateful_step_count=40, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_match_state_machine = MatchMachine.TestCase
