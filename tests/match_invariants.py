"""What must hold of every match state, read through the public API only.

`check_state(m)` checks one state; `Tracker` checks what must hold from one state of a match
to the next (an outcome never changes, rounds and the event log only grow). Each failure is
an AssertionError saying what broke. Used by the random-pack simulation and the state machine.
"""
from __future__ import annotations

from typing import Any

import eve
from eve.core.match import OUTCOMES, PHASES, SIDES
from eve.core.tables import LIMITS

CARD_ZONES = ("archive", "rift", "lattice", "abyss", "void")
MAX_STACK = LIMITS["stack"]
MAX_TASKS = LIMITS["tasks"]


def card_places(m: Any) -> dict[int, str]:
    """Every card instance and where it is: a card zone, the Wastes or the Stack."""
    seen: dict[int, str] = {}
    for z in CARD_ZONES:
        for c in m.zone_cards(z):
            assert c not in seen, f"card {c} is in {z} and in {seen[c]}"
            seen[c] = z
    for ch in m.characters("player"):
        if ch is not None and ch["card"] is not None:
            assert ch["card"] not in seen, f"card {ch['card']} is on the Wastes and in {seen[ch['card']]}"
            seen[ch["card"]] = "wastes"
    for it in m.stack:
        if it["card"] is not None and not it["countered"] and it["kind"] == "card":
            assert it["card"] not in seen, f"card {it['card']} is on the Stack and in {seen[it['card']]}"
            seen[it["card"]] = "stack"
    return seen


def check_state(m: Any, *, restore: bool = True) -> None:
    """The invariants of one state. With `restore`, also that the snapshot of the state
    restores (the decoder's cross-check admits every state the engine makes) to the same hash,
    the same bytes and the same legal actions."""
    cfg = m.catalog.config
    codes = m.legal_action_codes()
    # the end of a match: no action exactly when there is an outcome
    assert m.outcome in OUTCOMES, m.outcome
    assert m.is_over == (m.outcome is not None)
    assert (not codes) == m.is_over, f"{len(codes)} legal actions with outcome {m.outcome}"
    assert m.phase in PHASES and m.active_side in SIDES and m.priority in SIDES
    assert 1 <= m.round <= cfg["max_rounds"], m.round
    # card conservation: every card instance in exactly one place, which card_zone names
    seen = card_places(m)
    assert sorted(seen) == list(range(m.n_cards)), \
        f"cards in no place: {sorted(set(range(m.n_cards)) - set(seen))}"
    for c, z in seen.items():
        assert m.card_zone(c) == z, f"card {c}: card_zone {m.card_zone(c)}, found in {z}"
    # units
    living = {}
    for side in SIDES:
        heroes = m.heroes(side)
        assert heroes, f"no hero slot for the {side}"
        for h in heroes:
            assert 0 <= h["hp"] <= h["max_hp"], h
            assert h["alive"] == (h["hp"] > 0), h
            assert h["poison"] >= 0 and h["shield"] >= 0 and h["power"] >= 0, h
        living[side] = [h for h in heroes if h["alive"]]
        assert m.fallen(side) == [h["id"] for h in heroes if not h["alive"]]
        leaders = [h for h in heroes if h["leader"]]
        if living[side]:
            assert len(leaders) == 1 and leaders[0]["alive"], f"{side} leaders: {leaders}"
        chars = m.characters(side)
        assert len(chars) == cfg["lanes"]
        for lane, ch in enumerate(chars):
            if ch is not None:
                assert ch["alive"] and 0 < ch["hp"] <= ch["max_hp"], ch
                assert ch["lane"] == lane and ch["poison"] >= 0 and ch["shield"] >= 0, ch
                assert ch["power"] >= 0, ch
    assert m.player_life == sum(h["hp"] for h in living["player"])
    # outcomes (T10, Z06, X01, E03): a win needs every Encounter hero fallen; a loss, every
    # player hero fallen; a timeout, the round cap with heroes on both sides
    if m.outcome == "win":
        assert not living["encounter"] and living["player"], "a win with an Encounter hero alive"
    elif m.outcome == "loss":
        assert not living["player"], "a loss with heroes alive"
    elif m.outcome == "timeout":
        assert living["player"] and living["encounter"] and m.round == cfg["max_rounds"], \
            "a timeout before the round cap, or with a side wiped out"
    elif m.outcome is None:
        assert living["player"] and living["encounter"], "a side with no hero and no outcome"
    # the Action Meter (M02, M08) and Initiative (N01)
    meter = m.meter
    assert 0 <= meter["spent"] <= meter["capacity"], meter
    assert meter["remaining"] == meter["capacity"] - meter["spent"] and meter["regen"] == 0, meter
    assert all(v >= 0 for v in meter["costs"].values()), meter
    ini = m.initiative
    assert 0 <= ini["left"] <= ini["initiative"], ini
    # the Stack and the Task Zone
    stack = m.stack
    assert len(stack) <= MAX_STACK
    assert [it["index"] for it in stack] == list(range(len(stack)))
    for it in stack:
        assert it["side"] in SIDES and it["kind"], it
    tasks = m.tasks
    assert len(tasks) <= MAX_TASKS
    for t in tasks:
        assert t["progress"]["player"] >= 0 and t["progress"]["encounter"] >= 0, t
    # hidden information (Z20, H01): the Encounter sees no Rift; nobody sees the Archive order
    obs = m.observation("encounter")
    assert "rift" not in obs and "archive" not in obs and obs["rift_count"] == len(m.zone_cards("rift"))
    assert obs["choice"] is None or not {"options", "ids"} & set(obs["choice"]), obs["choice"]
    assert "archive" not in m.observation("player")
    assert m.events_dropped == 0
    if restore:
        check_restores(m, codes)


def check_restores(m: Any, codes: list[int] | None = None) -> None:
    """snapshot() restores to the same hash, re-encodes to the same bytes, lists the same
    actions."""
    data = m.snapshot()
    try:
        r = m.engine.restore(data)
    except eve.SnapshotError as e:
        raise AssertionError(f"a state the engine made does not restore: {e!r}") from None
    assert r.state_hash() == m.state_hash(), "the restored state's hash differs"
    assert r.snapshot() == data, "the restored state re-encodes differently"
    assert r.legal_action_codes() == (m.legal_action_codes() if codes is None else codes)


class Tracker:
    """What must hold between consecutive states of one match line."""

    def __init__(self, m: Any) -> None:
        self.outcome = m.outcome
        self.round = m.round
        self.n_events = m.n_events

    def step(self, m: Any) -> None:
        if self.outcome is not None:
            assert m.outcome == self.outcome, f"the outcome changed after the end: {self.outcome} -> {m.outcome}"
        assert m.round >= self.round, f"the round went back: {self.round} -> {m.round}"
        assert m.n_events >= self.n_events, "the event log shrank"
        self.outcome, self.round, self.n_events = m.outcome, m.round, m.n_events
