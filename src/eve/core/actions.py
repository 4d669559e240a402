"""Readable actions and events at the Python edge (inside the core an action is one int32)."""
from __future__ import annotations

from typing import Any, NamedTuple

from eve.core.encoding import ACTION_KIND_NAMES, NO_TARGET, decode_action
from eve.core.vocabulary import EVENT_FIELDS

KINDS = ACTION_KIND_NAMES       # action kind code -> name (eve.actions.KINDS)
# the kinds whose source byte means something: a match's, and a run's (eve.encoding)
_SOURCED = frozenset(("play", "activate", "attack", "choose", "recruit", "travel", "take",
                      "remove", "option"))


class Listed:
    """What the words of listed actions are made from: the catalog, and a copy of the match as
    it was when they were listed (the match itself may have moved on since); `origin`, a weak
    reference to the match they were listed from (None: unknown)."""

    __slots__ = ("catalog", "match", "origin")

    def __init__(self, catalog: Any, match: Any, origin: Any = None) -> None:
        self.catalog = catalog
        self.match = match
        self.origin = origin


class Action:
    """A legal action: `code` is what the core uses; kind/source/target/lane decode it.

    `text` is its words ("play core:ember_idol#16"). Actions from `Match.legal_actions()` make
    them when first read, from a copy of the match taken at listing: a bot that reads only the
    codes then pays about a clone a listing instead of a description an action.

    An Action knows the match it was listed from. Applied to another match (`Match.apply`,
    `Match.check`) it is refused, with IllegalAction (19: invalid source, 11: invalid target),
    unless it *means the same* there: the same kind, source, target and lane bytes (the same
    code) naming the same things by catalog id: a card instance holding the same card, a unit
    slot holding the same hero, card or token (or empty in both), a Stack item of the same kind
    and side for the same card. What it means where it was listed is kept with it, through
    pickling too (an unpickled Action is checked against every match). A bare int code, or an
    Action made from one, is not checked: its meaning is the embedder's."""

    __slots__ = ("_deploy", "_listed", "_meaning", "_origin", "_text", "code")

    def __init__(self, code: int, text: str = "", listed: Listed | None = None,
                 deploy: bool | None = None, meaning: tuple[Any, ...] | None = None) -> None:
        self.code = code
        self._text = None if listed is not None else text
        self._listed = listed
        self._deploy = deploy
        self._origin = None if listed is None else listed.origin
        self._meaning = meaning

    def listed_meaning(self) -> tuple[Any, ...] | None:
        """What this action acts on where it was listed (Match._meaning), or None if unknown."""
        if self._meaning is None and self._listed is not None and self._origin is not None:
            self._meaning = self._listed.match._meaning(self.code)
        return self._meaning

    @property
    def text(self) -> str:
        if self._text is None:
            assert self._listed is not None
            self._deploy = self.is_deploy
            self.listed_meaning()           # before the listing's copy goes
            self._text = self._listed.catalog.describe_action(self._listed.match, self.code)
            self._listed = None
        return self._text

    @property
    def is_deploy(self) -> bool:
        """Whether this plays a character into a lane (its lane byte is then the lane)."""
        if self._deploy is None:
            if self.kind != "play" or self._listed is None:
                self._deploy = False
            else:
                lm = self._listed
                card = lm.match.card_id(decode_action(self.code).source)
                self._deploy = lm.catalog.cards[card].get("kind") == "character"
        return self._deploy

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied with its words and its meaning made: not the match copy they come from
        return (Action, (self.code, self.text, None, self.is_deploy, self.listed_meaning()))

    @property
    def kind(self) -> str:
        return decode_action(self.code).kind

    @property
    def source(self) -> int | None:
        """Card instance (play), unit id or 64 + Lattice card (activate), unit id (attack), the
        option's index (choose; 255: stop choosing); in a run, the hero (recruit), the column
        (travel), the offer's index (take), the deck index (remove), the option's (option)."""
        return (decode_action(self.code).source if self.kind in _SOURCED else None)

    @property
    def target(self) -> int | None:
        """A target code (play, activate, attack); for a run's `option`, the party slot or
        deck index the option picks (0 when it picks nothing)."""
        t = decode_action(self.code).target
        if self.kind == "option":
            return t
        return None if t == NO_TARGET or self.kind not in ("play", "activate", "attack") else t

    @property
    def lane(self) -> int | None:
        if self.kind == "attack" or self.is_deploy:
            return decode_action(self.code).lane
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
    """One event: its kind, the side it concerns and four numbers, whose names by kind are the
    event schema (docs/vocabulary.md, `event`; `fields` gives them by name)."""
    kind: str
    side: str
    a: int
    b: int
    c: int
    d: int

    @property
    def fields(self) -> dict[str, int]:
        names = EVENT_FIELDS.get(self.kind, ())
        return {n: v for n, v in zip(names, (self.a, self.b, self.c, self.d)) if n}
