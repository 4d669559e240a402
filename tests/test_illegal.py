"""Illegal and unaffordable actions raise IllegalAction and change nothing."""
import random

import pytest
from conftest import rule

import eve
from eve.core.testkit import raw


def _snapshot(m):
    return m.state_hash(), raw(m), len(m.events)


@rule("M08", "S01")
def test_random_illegal_codes_are_refused_without_change(engine):
    rng = random.Random(1)
    refused = 0
    for seed in range(30):
        m = engine.new_match(seed=seed)
        while not m.is_over:
            legal = set(m.legal_action_codes())
            before = _snapshot(m)
            for _ in range(20):
                code = (rng.randrange(1, 6) << 24) | (rng.randrange(256) << 16) | (rng.randrange(256) << 8) | rng.randrange(8)
                if code in legal:
                    continue
                with pytest.raises(eve.IllegalAction) as ei:
                    m.apply(code)
                assert ei.value.code != 0 and ei.value.reason
                assert _snapshot(m) == before
                refused += 1
            m.apply(rng.choice(sorted(legal)))
    assert refused > 1000


@pytest.mark.parametrize("bad", ["attack", None, 3.5, True, 2**40, -1, [1]])
def test_non_actions_are_refused(engine, bad):
    m = engine.new_match(seed=0)
    before = _snapshot(m)
    with pytest.raises(eve.IllegalAction):
        m.apply(bad)
    assert _snapshot(m) == before


@pytest.mark.parametrize("bad", ["attack", None, 3.5, True, 2**40, 2**31, -2**31 - 1, [1]])
def test_check_reports_what_apply_refuses_and_never_raises(engine, bad):
    # check() is apply()'s verdict without applying: the same code, no TypeError/OverflowError
    m = engine.new_match(seed=0)
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(bad)
    assert m.check(bad) == ei.value.code != 0


def test_actions_of_a_past_position_are_refused(engine):
    m = engine.new_match(seed=2)
    old = [a for a in m.legal_actions() if a.kind == "play"]
    assert old
    m.apply(old[0])
    stale = old[0]
    before = _snapshot(m)
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(stale)
    assert "Rift" in ei.value.reason or ei.value.code in (4, 5, 7)
    assert _snapshot(m) == before


def test_actions_after_the_end_are_refused(engine):
    m = engine.new_match(seed=4)
    rng = random.Random(4)
    while not m.is_over:
        m.apply(rng.choice(m.legal_action_codes()))
    assert m.legal_actions() == []
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(2 << 24)
    assert ei.value.code == 1 and "over" in ei.value.reason


@rule("M08")
def test_unaffordable_action_names_cost_and_meter(engine):
    from eve.testing import scenario
    m = scenario(engine, rift=["ember_squire"], meter={"capacity": 4, "spent": 3})
    code = (3 << 24) | (m.zone_cards("rift")[0] << 16) | (255 << 8) | 0
    before = _snapshot(m)
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(code)
    assert ei.value.code == 10
    assert "costs 2" in ei.value.reason and "1 of 4" in ei.value.reason
    assert _snapshot(m) == before
