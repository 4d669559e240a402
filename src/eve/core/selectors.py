"""The selectors (an instruction's `to`), one row each: the single description of what a selector
picks.

A row gives the selector's code (its place in `SELECTORS`: part of compiled content and the
snapshot ABI, so never reorder; add new ones at the end), what it picks (`doc`), and the facts
the rest of eve reads:

- `picks`: "units" (heroes and characters), "card" (one card, wherever the row says), "target"
  (whatever the program's target is), "none" (nothing: a side instruction's), or in a run
  program "run_heroes" (the party's heroes) or "run_card" (a card of the run's deck);
- `side`: whose units, from the program's side: "own", "foe", or "" (the target's or the event's,
  either side);
- `units`: "any", "hero" or "character";
- `random`: drawn when the instruction resolves (never in an Encounter move's effect, rule N05);
- `others`: other than the program's own unit;
- `zone`: a card selector's zone ("" : wherever the card is);
- `event`: read from a trigger's event: "damage" (its dealer) or "card" (its card).

The vocabulary's `selector` enumeration and its TEXT, the compiler's checks of where a selector
may be used, lint's facts (whose side a selector strikes, whether it may strike the program's
own unit, which are heroes') and the random packs read this table. Plain Python importing
nothing, loaded by path at build time like the vocabulary.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Selector:
    name: str
    doc: str
    cname: str = ""           # its C name ("" : SEL_ and the name)
    picks: str = "units"      # "units", "card", "target" or "none"
    side: str = ""            # "own", "foe" or "" (either)
    units: str = "any"        # "any", "hero" or "character"
    random: bool = False
    others: bool = False      # other than the program's own unit
    zone: str = ""            # a card selector's zone
    event: str = ""           # "damage" or "card": a trigger's event's

    def may_strike(self, self_is: str) -> bool:
        """Whether it may pick the program's own unit, which is a `self_is` ("hero" or
        "character")."""
        return (self.picks in ("units", "target") and self.side != "foe" and not self.others
                and self.units in ("any", self_is))


_OWN: dict[str, Any] = {"side": "own"}
_FOE: dict[str, Any] = {"side": "foe"}
_RANDOM: dict[str, Any] = {"random": True}


def _s(name: str, doc: str, cname: str = "", **facts: Any) -> Selector:
    return Selector(name, doc, cname, **facts)


SELECTORS: tuple[Selector, ...] = (
    _s("target", "the chosen target", picks="target"),
    _s("self", "the source unit (the activator, the deployed character)", **_OWN),
    _s("own_leader", "the owner's leader (else its first living hero)", units="hero", **_OWN),
    _s("foe_leader", "the foe's leader (else its first living hero)", units="hero", **_FOE),
    _s("all_foes", "every living foe hero and character", **_FOE),
    _s("all_foe_characters", "every foe character", "SEL_ALL_FOE_CHARS", units="character",
       **_FOE),
    _s("all_allies", "every living allied hero and character", **_OWN),
    _s("all_ally_heroes", "every living allied hero", units="hero", **_OWN),
    _s("all_ally_characters", "every allied character", "SEL_ALL_ALLY_CHARS", units="character",
       **_OWN),
    _s("newest_void", "the most recent card in the Void", picks="card", zone="void"),
    _s("newest_lattice", "the most recent card in the Lattice", picks="card", zone="lattice"),
    _s("none", "no unit: the side-level ops draw, discard, summon and task", picks="none"),
    _s("source", "in a trigger, the unit that dealt the event's damage (damage_taken, "
                 "damage_dealt, dies, shield_broken; none when no unit dealt it)",
       event="damage"),
    _s("event_card", "in a trigger, the event's card (card_played, card_resolved, drawn, "
                     "discarded, exiled), wherever it is now, unless it stands in the "
                     "Wastes as a character", picks="card", event="card"),
    _s("random_foe", "one living foe hero or character, uniformly at random (`shuffle` "
                     "stream, drawn only when there are two or more)", **_FOE, **_RANDOM),
    _s("random_foe_hero", "one living foe hero, uniformly at random", units="hero", **_FOE,
       **_RANDOM),
    _s("random_foe_character", "one foe character, uniformly at random",
       "SEL_RANDOM_FOE_CHAR", units="character", **_FOE, **_RANDOM),
    _s("random_ally", "one living allied hero or character, uniformly at random", **_OWN,
       **_RANDOM),
    _s("random_ally_character", "one allied character, uniformly at random",
       "SEL_RANDOM_ALLY_CHAR", units="character", **_OWN, **_RANDOM),
    _s("random_other_ally", "one living allied hero or character other than the source "
                            "unit, uniformly at random", others=True, **_OWN, **_RANDOM),
    _s("random_other_ally_character", "one allied character other than the source unit, "
                                      "uniformly at random", "SEL_RANDOM_OTHER_ALLY_CHAR",
       units="character", others=True, **_OWN, **_RANDOM),
    _s("this_card", "the card whose program runs (its on-enter effect, its triggers from its "
                    "zone, a character card's ability and triggers), wherever it is now, "
                    "unless it stands in the Wastes as a character (rule Z29)", picks="card"),
    # a run program's (rule U19): the party's heroes, the deck's cards
    _s("party", "every living hero of the run's party", picks="run_heroes"),
    _s("chosen_hero", "the hero the player picked with the option (its `target = \"hero\"`)",
       picks="run_heroes"),
    _s("random_hero", "one living hero of the party, uniformly at random (`events` stream)",
       picks="run_heroes", **_RANDOM),
    _s("chosen_card", "the deck card the player picked with the option (its `target`)",
       picks="run_card"),
    _s("random_card", "one deck card, uniformly at random (`events` stream; for "
                      "upgrade_card, one that has an upgraded form)", picks="run_card",
       **_RANDOM),
)

BY_NAME: Mapping[str, Selector] = MappingProxyType({s.name: s for s in SELECTORS})


def selectors(**facts: Any) -> frozenset[str]:
    """The selectors whose row has every given fact: `selectors(side="own")`."""
    return frozenset(s.name for s in SELECTORS
                     if all(getattr(s, k) == v for k, v in facts.items()))


def striking_self(self_is: str) -> frozenset[str]:
    """The selectors that may pick the program's own unit, a `self_is` (rule-free lint fact)."""
    return frozenset(s.name for s in SELECTORS if s.may_strike(self_is))


#: a card selector's zone, for those that name one
CARD_ZONES: Mapping[str, str] = MappingProxyType(
    {s.name: s.zone for s in SELECTORS if s.picks == "card" and s.zone})
