"""Issue 20's points 1 and 8 played with the hostile pack's own cards (tests/packs/hostile):
`amplify` then `strike`'s 999 (P01), `flash` and `flash_reversed` (P02)."""
from __future__ import annotations

import warnings

import pytest
from conftest import rule
from test_hostile_pack import hostile_pack

import eve
from eve.testing import scenario

LEADER = 16                 # the Encounter's leader


@pytest.fixture(scope="module")
def engine():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", eve.ContentWarning)
        return eve.Engine(packs=[hostile_pack()])


def _match(engine, rift):
    return scenario(engine, heroes=["hostile:warden"], encounter="hostile:echo",
                    rift=[f"hostile:{c}" for c in rift], archive=["hostile:guard"] * 6,
                    meter={"capacity": 20})


def _do(m, kind, card, target=None):
    m.apply(next(a for a in m.legal_actions() if a.kind == kind and f" hostile:{card}#" in str(a)
                 and (target is None or a.target == target)))
    while m.stack and not m.is_over:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))


@rule("P01")
def test_amplify_then_strike_kills_the_leader_cleanly(engine):
    m = _match(engine, ["amplify", "strike"])
    hp = m.heroes("encounter")[0]["hp"]
    _do(m, "play", "amplify")
    _do(m, "play", "strike")
    _do(m, "activate", "strike", LEADER)                # 999 x 10^18, saturated
    leader = m.heroes("encounter")[0]
    assert leader["hp"] == 0 and not leader["alive"]
    assert m.outcome == "win"
    assert [ev.b for ev in m.events if ev.kind == "damage" and ev.a == LEADER] == [hp]
    engine.restore(m.snapshot())


@rule("P02", "K03")
@pytest.mark.parametrize("card", ["flash", "flash_reversed"])
def test_resound_draws_beside_exile_on_play_in_either_order(engine, card):
    m = _match(engine, [card])
    _do(m, "play", card, LEADER)
    assert [str(c).split("#")[0] for c in m.zone("void")] == [f"hostile:{card}"]
    assert [str(c).split("#")[0] for c in m.zone("rift")] == ["hostile:guard"]   # resound drew
