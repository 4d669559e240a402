"""Random play over tests/packs/hostile, the pack of issue 20's hostile constructs (overflowing
damage modifiers, a target replaced mid-program, `killed` after a choice, trigger loops on both
sides, a `match_end` program that kills the party, a Relic feeding the log, a keyword macro
beside `exile_on_play`, a Relic returning the card being played): every invariant of
tests/match_invariants.py after every action (hp never negative, the outcome agrees with the
state, every state restores), uniform and stubborn play. `.ci/run` also diffs this pack's hash
chains between the release and the debug build (UBSan)."""
from __future__ import annotations

import importlib.util
import random
import warnings
from pathlib import Path

import pytest
from match_invariants import Tracker, check_state
from test_random_packs import stubborn

import eve

FOLDER = Path(__file__).parent / "packs" / "hostile"
SEEDS = 12


def hostile_pack():
    spec = importlib.util.spec_from_file_location("hostile", FOLDER / "__init__.py",
                                                  submodule_search_locations=[str(FOLDER)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def engine():
    with warnings.catch_warnings():
        warnings.simplefilter("error", eve.ContentWarning)      # hostile, and lint-clean
        return eve.Engine(packs=[hostile_pack()])


@pytest.mark.parametrize("policy", ["uniform", "stubborn"])
def test_random_play_over_the_hostile_pack_keeps_every_invariant(engine, policy):
    for seed in range(SEEDS):
        for enc in engine.catalog.encounter_ids:
            m = engine.new_match(seed=seed, encounter=enc)
            r = random.Random(seed)
            tracker = Tracker(m)
            while not m.is_over:
                codes = m.legal_action_codes()
                m.apply(stubborn(r, codes) if policy == "stubborn" else r.choice(codes))
                check_state(m)
                tracker.step(m)
            assert len(m.actions) <= engine.max_match_length
