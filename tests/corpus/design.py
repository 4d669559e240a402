"""One corpus entry: a well-known design, where it comes from, and our data for it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

STATUSES = ("exact", "compromise", "needs")
Table = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Design:
    """`key` names the design's main item (a card or an Encounter) in the corpus pack.

    `text` paraphrases the original in our own words; `status` is `exact` (the data does what
    the original does, in eve's terms), `compromise` (`note` says what differs) or `needs`
    (not written yet: `note` names the constructs it waits for). The tables are what the design
    registers (statuses, cards, units, encounters), by bare name."""

    key: str
    source: str
    text: str
    status: str
    note: str = ""
    cards: Table = field(default_factory=dict)
    statuses: Table = field(default_factory=dict)
    units: Table = field(default_factory=dict)
    encounters: Table = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"{self.key}: status {self.status!r} is not one of {STATUSES}")
        if self.status != "exact" and not self.note:
            raise ValueError(f"{self.key}: a {self.status} design says why in its note")
        if self.status == "needs" and (self.cards or self.statuses or self.units or self.encounters):
            raise ValueError(f"{self.key}: a design that needs a construct has no data yet")
        if self.status != "needs" and self.key not in {**self.cards, **self.encounters}:
            raise ValueError(f"{self.key}: its main item is none of its cards or Encounters")

    @property
    def written(self) -> bool:
        return self.status != "needs"

    @property
    def game(self) -> str:
        return self.source.split(":", 1)[0]


def needs(key: str, source: str, text: str, what: str) -> Design:
    return Design(key, source, text, "needs", what)


# ---------------------------------------------------------------- card forms

def _self_put(into: str) -> dict[str, Any]:
    return {"op": "put", "to": "newest_lattice", "into": into}


def spell(effect: list[dict[str, Any]], target: str = "none", *, exhaust: bool = False,
          keywords: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    """A one-shot card (a Slay the Spire attack or skill, a Hearthstone spell, a Magic instant or
    sorcery): eve has no such kind, so it is a Sortilege of one charge whose on-enter effect is
    the design and ends by putting the card itself (the Lattice's newest card while its on-enter
    runs) into the Abyss, or into the Void for a card the original exhausts. The ability is there
    only because lint requires one of every Sortilege (EVE-L004): the card has left the Lattice
    before it could be used."""
    into = "void" if exhaust else "abyss"
    out: dict[str, Any] = {"kind": "sortilege", "charges": 1,
                           "on_enter": {"target": target, "effect": [*effect, _self_put(into)]},
                           "ability": {"target": "none", "effect": [_self_put(into)]}, **extra}
    if keywords:
        out["keywords"] = list(keywords)
    return out


def power(status: str, n: int = 1) -> dict[str, Any]:
    """A Slay the Spire Power: played once, it gives its hero a status that does the rest, and
    leaves the match (the Void)."""
    return spell([{"op": "status", "status": status, "to": "own_leader", "n": n}], exhaust=True)


def character(power_: int, hp: int, **extra: Any) -> dict[str, Any]:
    return {"kind": "character", "power": power_, "hp": hp, **extra}


def dmg(n: Any, to: str = "target", **extra: Any) -> dict[str, Any]:
    out = {"op": "damage", "n": n, **extra}
    if to != "target":
        out["to"] = to
    return out


def status(name: str, n: Any = 1, to: str = "target") -> dict[str, Any]:
    out = {"op": "status", "status": name, "n": n}
    if to != "target":
        out["to"] = to
    return out


def block(n: Any) -> dict[str, Any]:
    return {"op": "shield", "to": "own_leader", "n": n}


def draw(n: int) -> dict[str, Any]:
    return {"op": "draw", "n": n}


KILL = {"op": "damage", "n": 999, "pierce": True}    # "destroy": more than any hp, no prevention
