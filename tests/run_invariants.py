"""What must hold of every run state, and from one run state to the next, read through the
public API only (rules U01-U21).

`check_run(run)` checks one state; `RunTracker(run)` checks each action's step: call
`tracker.apply(code)` instead of `run.apply(code)`. Each failure is an AssertionError saying
what broke. Used by tests/test_run_invariants.py and the run state machine.

The deck is conserved: after an action, the deck is the deck before plus what was taken,
bought or added, minus what was removed, an upgrade replacing one card def by its upgraded
form, as the run's `run_card` events say, and the action itself says (a reward's take adds
that card, a shop's take adds it or gains the Relic and pays its price, a removal takes out
that deck card and pays the removal price).
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from eve.core.tables import LIMITS
from eve.encoding import decode_action

RUN_LIMIT = LIMITS["run_limit"]
RUN_KINDS = ("recruit", "travel", "take", "remove", "option", "leave")
PHASES = ("party", "path", "fight", "reward", "site", "shop", "event", "over")


def public_map(run: Any) -> Any:
    mp = run.map
    return None if mp is None else {k: v for k, v in mp.items() if k != "at"}


def check_run(run: Any, *, clone: bool = True) -> None:
    """The invariants of one run state."""
    cfg = run.catalog.tables.run_config
    codes = run.legal_action_codes()
    assert run.phase in PHASES, run.phase
    assert run.is_over == (run.phase == "over") == (run.outcome is not None)
    assert run.outcome in (None, "win", "loss")
    assert (not codes) == run.is_over, f"{len(codes)} legal actions, over: {run.is_over}"
    assert len(set(codes)) == len(codes), "an action listed twice"
    assert run.in_fight == (run.phase == "fight") == (run.match is not None)
    if run.in_fight:
        assert codes == run.match.legal_action_codes()
        assert run.encounter is not None
    else:
        assert run.encounter is None
        if codes:
            assert {decode_action(c).kind for c in codes} <= set(RUN_KINDS), codes
    # the party
    party = run.party
    if run.phase != "party":
        assert len(party) == cfg["party"], party
    assert len({h["id"] for h in party}) == len(party), "a hero twice in the party"
    for h in party:
        if h["alive"]:
            assert 1 <= h["hp"] <= h["max_hp"] <= RUN_LIMIT, h
        else:
            assert h["hp"] == 0, h
        assert -20 <= h["ambition"] <= 20 and -20 <= h["morality"] <= 20, h
    if run.phase not in ("party", "over"):
        assert any(h["alive"] for h in party), "a run goes on with no living hero"
    # purse, deck, Relics
    assert 0 <= run.aurorune <= RUN_LIMIT, run.aurorune
    assert len(run.deck) <= cfg["deck_cap"], len(run.deck)
    assert len(run.relics) <= cfg["relic_cap"] and len(set(run.relics)) == len(run.relics)
    cards = run.catalog.cards
    assert all(cards[r]["kind"] == "relic" for r in run.relics), run.relics
    # what a node offers
    offer = run.offer
    if run.phase not in ("reward", "shop"):
        assert offer == [], offer
    live = [o[0] for o in offer if o is not None]
    assert len(set(live)) == len(live), f"a card twice in the offer {offer}"
    for o in offer:
        if o is not None:
            assert o[1] >= 0
            if run.phase == "reward":
                assert o[1] == 0 and cards[o[0]]["kind"] != "relic"
    # the map: where the party stands is a node of it
    mp = run.map
    if run.phase not in ("party",):
        assert mp is not None and 1 <= run.act <= cfg["acts"]
        if mp["at"] is not None:
            f, c = mp["at"]
            assert mp["floors"][f - 1][c] == run.node, (mp["at"], run.node)
    if clone:
        c = run.clone()
        assert c.state_hash() == run.state_hash()
        assert c.legal_action_codes() == codes
        assert c.observation() == run.observation()


class RunTracker:
    """Checks every step of one run: `apply(code)` applies and checks."""

    def __init__(self, run: Any) -> None:
        self.run = run
        self.fallen: set[str] = set()
        self.map = public_map(run)
        self.act = run.act
        self.steps = 0
        self.seen: set[tuple[str, str]] = set()      # (phase, action kind) applied
        check_run(run)

    def apply(self, code: int, *, try_all: bool = False) -> None:
        run = self.run
        if try_all:
            self.try_every_action()
        before = {"deck": run.deck, "relics": run.relics, "aurorune": run.aurorune,
                  "offer": run.offer, "phase": run.phase, "party": run.party,
                  "removal": run.removal_price, "n_events": run.n_events,
                  "dropped": run.events_dropped, "hash": run.state_hash()}
        a = decode_action(code)
        self.seen.add((before["phase"], a.kind))
        run.apply(code)
        self.steps += 1
        check_run(run)
        self._step(before, a)

    def try_every_action(self) -> None:
        """Every listed action applies, to a copy, without error (a sample of a fight's)."""
        run = self.run
        codes = run.legal_action_codes()
        if run.in_fight:
            codes = codes[:: max(1, len(codes) // 3)]
        for code in codes:
            c = run.clone()
            assert c.check(code) == 0
            c.apply(code)
            check_run(c, clone=False)

    def _step(self, b: dict[str, Any], a: Any) -> None:
        run = self.run
        # no fallen hero returns; the party keeps its order
        assert [h["id"] for h in run.party][:len(b["party"])] == [h["id"] for h in b["party"]]
        now = {h["id"] for h in run.party if not h["alive"]}
        assert self.fallen <= now, f"fallen heroes came back: {self.fallen - now}"
        self.fallen = now
        # the map never changes within an act
        self.act_before = self.act
        if run.act == self.act:
            if b["phase"] != "party":
                assert public_map(run) == self.map, "the map changed within the act"
        else:
            assert run.act == self.act + 1, (self.act, run.act)
        self.act, self.map = run.act, public_map(run)
        if b["phase"] == "party":
            # the party is complete: the deck is its heroes' starting cards (U07)
            if run.phase != "party":
                cat = run.catalog
                start = [cat.card_ids[c] for h in run.party
                         for c in cat.start_cards(cat.hero_ids.index(h["id"]))]
                assert run.deck == start[:run.catalog.tables.run_config["deck_cap"]]
            else:
                assert run.deck == []
            return
        # the deck is conserved
        events = run.events_since(b["n_events"])
        if run.events_dropped == b["dropped"]:
            deck = Counter(b["deck"])
            relics = list(b["relics"])
            aur = b["aurorune"]
            ids = run.catalog.card_ids
            for e in events:
                if e.kind == "run_card":
                    card, how, new = ids[e.a], e.b, e.c
                    if how == 0:
                        deck[card] += 1
                    else:
                        assert deck[card] > 0, f"{card} left a deck it was not in"
                        deck[card] -= 1
                        if how == 2:
                            assert new >= 0 and ids[new] != card
                            deck[ids[new]] += 1
                elif e.kind == "run_relic":
                    relics.append(ids[e.a])
                elif e.kind == "run_aurorune":
                    aur += e.a
                    assert aur == e.b, (aur, e)
            assert +deck == Counter(run.deck), (b["deck"], events, run.deck)
            assert relics == run.relics, (b["relics"], run.relics)
            assert aur == run.aurorune, (b["aurorune"], run.aurorune)
        adds = [e for e in events if e.kind == "run_card"]
        ids = run.catalog.card_ids
        if b["phase"] == "reward" and a.kind == "take":
            card = b["offer"][a.source][0]
            assert adds[:1] and adds[0].b == 0 and ids[adds[0].a] == card, adds
            if run.act == self.act_before:      # (a boss's: the next act's triggers ran)
                assert run.deck == b["deck"] + [card]
                assert run.relics == b["relics"] and run.aurorune == b["aurorune"]
        elif b["phase"] == "shop" and a.kind == "take":
            card, price = b["offer"][a.source]
            paid = [e for e in events if e.kind == "run_aurorune"][:1]
            assert price == 0 or (paid and paid[0].a == -price), (price, paid)
            if run.catalog.cards[card]["kind"] == "relic":
                assert run.relics == b["relics"] + [card]
            else:
                assert run.deck == b["deck"] + [card] and run.relics == b["relics"]
                assert run.aurorune == b["aurorune"] - price
            assert run.offer[a.source] is None
        elif a.kind == "remove":
            d = b["deck"]
            assert run.deck == d[:a.source] + d[a.source + 1:]
            assert run.aurorune == b["aurorune"] - b["removal"]
        elif a.kind == "leave" and b["phase"] in ("shop", "event", "site"):
            assert run.deck == b["deck"] and run.relics == b["relics"] and not adds
            assert run.aurorune == b["aurorune"]
