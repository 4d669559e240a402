"""The trigger events, one row each: the single description of an event a trigger can answer.

A row gives the event's code (its place in `EVENTS`: part of compiled content, never reorder;
add new ones at the end), what it is (`doc`), its rules-text template (eve.text fills it) and
what it carries: the subject (`subject`: a unit, which `who` reads and `unit` filters; a card,
which `card` filters and `to = "event_card"` selects; a hero of the listener's side; or a side),
whether it is a damage's (`damage`: `source` filters its dealer, `to = "source"` selects it) and,
for an event that is another answered for the other side, which (`alias_of`).

The vocabulary's `trigger` enumeration, its TEXT templates and docs table, the compiler's filter
checks, lint and the rules text read this table. Plain Python importing nothing, loaded by path
at build time like the vocabulary.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    name: str
    doc: str
    text: str                 # the rules-text template
    subject: str = "side"     # "unit", "card", "hero" (one of the listener's heroes) or "side"
    damage: bool = False      # a damage's event: it has a source unit (or none)
    alias_of: str = ""        # the event this one is, answered for the other side


EVENTS: tuple[Event, ...] = (
    Event("none", "no trigger", "never"),
    Event("turn_start", "the owner's turn begins", "at the start of {our} turn"),
    Event("turn_end", "the owner's turn ends", "at the end of {our} turn"),
    Event("ally_deploy", "an allied character is deployed",
          "whenever one of {our} characters is deployed"),
    Event("ally_hero_damaged", "an allied hero takes damage",
          "whenever one of {our} heroes takes damage", subject="hero"),
    Event("foe_turn_start", "the other side's turn begins",
          "at the start of {their} turn", alias_of="turn_start"),
    Event("foe_turn_end", "the other side's turn ends",
          "at the end of {their} turn", alias_of="turn_end"),
    Event("match_start", "the match begins (before the first turn)", "when the match begins"),
    Event("card_played", "a card is played (put on the Stack; `card` filters its kind)",
          "whenever {who} {card} is played", subject="card"),
    Event("attack", "an attack is declared (the subject: the attacker)",
          "whenever {who} attacks", subject="unit"),
    Event("damage_taken", "a unit took damage (after the hp loss; the subject: that unit)",
          "whenever {who} takes damage", subject="unit", damage=True),
    Event("damage_dealt", "a unit dealt damage (after the hp loss; the subject: the source)",
          "whenever {who} deals damage", subject="unit", damage=True),
    Event("dies", "a hero fell or a character died (the subject: that unit, as it was)",
          "whenever {who} dies", subject="unit", damage=True),
    Event("summoned", "a character entered a lane (deployed, summoned or from the Void)",
          "whenever {who} enters a lane", subject="unit"),
    Event("drawn", "the player drew a card", "whenever {who} {card} is drawn", subject="card"),
    Event("discarded", "a card of the Rift went to the Abyss by an effect",
          "whenever {who} {card} is discarded", subject="card"),
    Event("exiled", "a card went to the Void by an effect",
          "whenever {who} {card} is exiled", subject="card"),
    Event("task_completed", "a side completed a World Task",
          "whenever {who} side completes a World Task"),
    Event("status_applied",
          "an instruction gave a unit stacks of a status (`status` filters which; "
          "`event.amount`: the stacks)",
          "whenever {who} is given {status}", subject="unit"),
    Event("shield_broken", "a hit spent a unit's last stack of an absorbing status (shield)",
          "whenever {who} loses its last {status}", subject="unit", damage=True),
    Event("healed", "a unit regained hp (the subject: that unit; `event.amount`: the hp gained)",
          "whenever {who} regains hp", subject="unit"),
    Event("match_end",
          "the outcome was decided (once, before the match stops; no trigger fires from inside "
          "its programs, and the outcome is read again from what they leave)",
          "when the match ends"),
    Event("shuffled",
          "the player's Archive was shuffled (the Abyss reshuffled into it, or a card shuffled "
          "in)",
          "whenever {players} Archive is shuffled"),
    Event("card_resolved",
          "a played card's item resolved (after its effect, before a spent Sortilege leaves the"
          " Lattice; `card` filters its kind)",
          "whenever {who} {card} has resolved", subject="card"),
    Event("before_damage_taken",
          "a unit is about to take damage (before the damage pipeline; the subject: that unit; "
          "`event.amount`: the hit as dealt)",
          "whenever {who} is about to take damage", subject="unit", damage=True),
    Event("before_damage_dealt",
          "a unit is about to deal damage (before the damage pipeline; the subject: the source)",
          "whenever {who} is about to deal damage", subject="unit", damage=True),
)

BY_NAME = {e.name: e for e in EVENTS}
#: the events whose subject is a unit: a trigger's program targets it (`to = "target"`)
UNIT_TARGET: frozenset[str] = frozenset(e.name for e in EVENTS if e.subject in ("unit", "hero"))


def events(**facts: Any) -> frozenset[str]:
    """The events whose row has every given fact: `events(subject="unit")`."""
    return frozenset(e.name for e in EVENTS if all(getattr(e, k) == v for k, v in facts.items()))
