"""Readable actions and events at the Python edge (inside the core an action is one int32)."""
from __future__ import annotations

from typing import Any, NamedTuple

KINDS = {1: "pass", 2: "end_phase", 3: "play", 4: "activate", 5: "attack"}
NO_TARGET = 255


class Listed:
    """What the words of listed actions are made from: the catalog, and a copy of the match as
    it was when they were listed (the match itself may have moved on since)."""

    __slots__ = ("catalog", "match")

    def __init__(self, catalog: Any, match: Any) -> None:
        self.catalog = catalog
        self.match = match


class Action:
    """A legal action: `code` is what the core uses; kind/source/target/lane decode it.

    `text` is its words ("play core:ember_idol#16"). Actions from `Match.legal_actions()` make
    them when first read, from a copy of the match taken at listing: a bot that reads only the
    codes then pays about a clone a listing instead of a description an action."""

    __slots__ = ("code", "_text", "_listed")

    def __init__(self, code: int, text: str = "", listed: Listed | None = None) -> None:
        self.code = code
        self._text = None if listed is not None else text
        self._listed = listed

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = self._listed.catalog.describe_action(self._listed.match, self.code)
            self._listed = None
        return self._text

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied with its words made: the match copy they come from is not picklable
        return (Action, (self.code, self.text))

    @property
    def kind(self) -> str:
        return KINDS.get((self.code >> 24) & 255, "unknown")

    @property
    def source(self) -> int | None:
        """Card instance (play), unit id or 64 + Lattice card (activate), unit id (attack)."""
        return (self.code >> 16) & 255 if self.kind in ("play", "activate", "attack") else None

    @property
    def target(self) -> int | None:
        t = (self.code >> 8) & 255
        return None if t == NO_TARGET or self.kind in ("pass", "end_phase") else t

    @property
    def lane(self) -> int | None:
        if self.kind == "attack" or (self.kind == "play" and self.target is None and "lane" in self.text):
            return self.code & 255
        return None

    def __int__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.code == other.code
        if isinstance(other, int):
            return self.code == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.code)

    def __str__(self) -> str:
        return self.text or f"{self.kind}#{self.code:08x}"

    def __repr__(self) -> str:
        return f"<Action {self}>"


class Event(NamedTuple):
    kind: str
    side: str
    a: int
    b: int
    c: int
    d: int
