"""The checks of what triggers and the damage pipeline do across the catalog: a trigger that
feeds itself (L030), damage modifiers past the bound of one hit (L031), a match_end program that
changes the outcome's state (L032).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eve.core.instructions import INSTRUCTIONS, ops
from eve.core.selectors import selectors, striking_self
from eve.core.tables import LIMITS
from eve.core.vocabulary import UNIT_EVENTS
from eve.linting.programs import ProgramChecks
from eve.linting.walk import Program, as_int, as_map, meant, meant_as

# ------------------------------------------------------------------ what an effect raises

# the events an instruction can raise (effects.pyx's fire_event calls), by the side they strike:
# "target" events are the struck unit's side, "own" the side running the program; card events
# are always the player's (the Encounter has no card of its own, rule Z23)
_RAISES: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    o.name: o.raises for o in INSTRUCTIONS if o.raises}
# whose side a selector strikes (eve.core.selectors)
_OWN_SELECTORS = selectors(side="own")
_FOE_SELECTORS = selectors(side="foe")
_OWN_TARGETS = frozenset({"ally", "ally_character", "ally_hero", "own_leader", "weakest_ally"})
_FOE_TARGETS = frozenset({"foe", "foe_character", "foe_hero", "foe_leader", "weakest_foe",
                          "random_foe", "strongest_foe_character"})
_OTHER = {"player": "encounter", "encounter": "player"}
# the selectors that may strike the program's own unit, by what it is
_ANY_UNIT = striking_self("any")
_MAY_STRIKE_SELF = {"character": striking_self("character"), "hero": striking_self("hero")}
# what ends a unit's part in the outcome when run after it is decided (L032)
_OUTCOME_OPS = ops(outcome=True)


def _struck(p: Program, ins: Mapping[str, Any], owner: str) -> set[str]:
    """The sides an instruction's selector can strike, for a program run by `owner`."""
    to = meant(ins).get("to", "none")
    if to in _OWN_SELECTORS:
        return {owner}
    if to in _FOE_SELECTORS:
        return {_OTHER[owner]}
    if to == "target" and p.target in _OWN_TARGETS:
        return {owner}
    if to == "target" and p.target in _FOE_TARGETS:
        return {_OTHER[owner]}
    return {"player", "encounter"}           # an event's unit, its source: either side


class LoopChecks(ProgramChecks):
    """The checks of triggers (what each can raise and hear) and of the damage arithmetic."""

    def owners(self, p: Program) -> tuple[str, ...]:
        return ("player", "encounter") if p.side == "either" else (p.side,)

    def check_loops(self) -> None:
        """L030: a trigger that can raise its own event, directly or through other triggers."""
        nodes = [(p, side) for p in self.progs if p.trigger is not None
                 and not p.trigger.get("once") for side in self.owners(p)]

        def raises(p: Program, owner: str) -> set[tuple[str, str, str]]:
            """(event, side, whose): whose is "self" when the program's own unit raises it,
            "maybe" when its selector may strike its own unit, "other" when it cannot."""
            out: set[tuple[str, str, str]] = set()
            for _, ins in p.instructions():
                for who, events in _RAISES.get(str(ins.get("op")), ()):
                    if who == "target":
                        sides = _struck(p, ins, owner)
                        to = meant(ins)["to"]
                        whose = ("self" if to == "self" else "maybe"
                                 if to in _MAY_STRIKE_SELF.get(p.self_is, _ANY_UNIT)
                                 else "other")
                    else:
                        sides = {owner} if who == "own" else {"player"}
                        whose = "self" if who == "own" else "other"
                    out |= {(ev, sd, whose) for ev in events for sd in sides}
            return out

        def hears(p: Program, owner: str, event: str, side: str, whose: str, same: bool) -> bool:
            t = p.trigger or {}
            if t.get("on") != event:
                return False
            if p.path.endswith(".trigger.effect"):
                return side == owner         # a Relic's `trigger`: its own side's events
            who = meant_as("When", t)["who"]
            if who == "any":
                return True
            if (who == "foe") != (side != owner):
                return False
            if who == "self" and event in UNIT_EVENTS and p.self_is != "leader":
                # its own unit's event: raised by its own program on itself, or by another
                # item's program striking a group it may be in
                return whose != "other" if same else whose != "self"
            return True

        edges: dict[int, set[int]] = {}
        raised = [raises(p, side) for p, side in nodes]
        for i, (p, _) in enumerate(nodes):
            edges[i] = {j for j, (q, qs) in enumerate(nodes)
                        if any(hears(q, qs, ev, sd, whose, q.item is p.item)
                               for ev, sd, whose in raised[i])}
        reported: set[str] = set()
        for i, (p, _) in enumerate(nodes):
            # a path back to itself (a breadth-first walk; the graph is small)
            prev: dict[int, int] = {}
            frontier = list(edges[i])
            for j in frontier:
                prev.setdefault(j, i)
            seen = set(frontier)
            while frontier and i not in seen:
                nxt = []
                for j in frontier:
                    for k in edges[j]:
                        if k not in seen:
                            seen.add(k)
                            prev[k] = j
                            nxt.append(k)
                frontier = nxt
            path = p.path.removesuffix(".effect")
            if i not in seen or path in reported:
                continue
            reported.add(path)
            chain: list[str] = []
            j = prev[i]
            while j != i and len(chain) < 8:
                chain.append(nodes[j][0].path.removesuffix(".effect"))
                j = prev[j]
            via = (" through " + ", ".join(reversed(chain))) if chain else " directly"
            on = (p.trigger or {}).get("on")
            self.report("EVE-L030", p.item, path,
                        f"its effect can raise {on!r}, the event it listens to,{via}: each "
                        "firing fires it again until the step's trigger budget stops it",
                        "add once = \"turn\", an `if` that stops it, or listen to another event")

    def check_damage_bound(self) -> None:
        """L031: damage modifiers whose product reaches the bound of one hit."""
        bound = LIMITS["damage_limit"]          # the core's saturation bound (P01)
        hit = 0
        for p in self.progs:
            for _, ins in p.instructions():
                if ins.get("op") == "damage":
                    n = meant(ins)["n"]
                    hit = max(hit, 999 if isinstance(n, str) else as_int(n, 1))
        for kind in ("card", "hero", "enemy_hero", "unit"):
            for it in self.each(kind):
                hit = max(hit, as_int(it.data.get("power"), 0))
        statuses = [(st, st.data, self.base(st)) for st in self.each("status")]
        statuses += [(k, as_map(k.data.get("status")), f"{self.base(k)}.status")
                     for k in self.each("keyword") if as_map(k.data.get("status"))]
        adds, factor, pushing = hit, 1.0, []
        for st, d, path in statuses:
            stacks = as_int(d.get("max"), 999)
            add = stacks * (max(as_int(d.get("dealt_add"), 0), 0) + max(as_int(d.get("taken_add"), 0), 0))
            pct = max(as_int(d.get("dealt_pct"), 100), 100) * max(as_int(d.get("taken_pct"), 100), 100)
            if add > 0 or pct > 100 * 100:
                pushing.append((st, path))
            adds += add
            factor *= pct / 10000
        if not hit or adds * factor < bound:
            return
        reach = adds * factor
        shown = f"{reach:,.0f}" if reach < 1e15 else f"about 10^{len(str(int(reach))) - 1}"
        for st, path in pushing:
            self.report("EVE-L031", st, path,
                        f"with every damage status at its max stacks, a hit of {hit} reaches "
                        f"{shown}, past the bound of one hit ({bound}): the modifiers past it "
                        "change nothing", "lower dealt_pct/taken_pct, the adds or `max`")

    def check_match_end(self) -> None:
        """L032: a match_end program that deals damage or removes a unit."""
        for p in self.progs:
            if p.trigger is None or p.trigger.get("on") != "match_end":
                continue
            for path, ins in p.instructions():
                op = ins.get("op")
                if op in _OUTCOME_OPS or (op == "exile" and self.selects_nothing(p, ins) is None
                                          and ins.get("to") not in ("newest_lattice",
                                                                    "event_card",
                                                                    "this_card")):
                    self.report("EVE-L032", p.item, path,
                                f"{op} when the match has ended: the outcome is decided, and "
                                "this changes the heroes it was decided on",
                                "act on match_start or turn_end instead, or give cards, "
                                "counters or statuses only")
