"""The integer encodings an embedder sees, defined once and public: action codes, target codes
and unit ids (their layout is described in eve.core.encoding, where they are defined, in the
core so that the core's own Python uses them too)."""
from __future__ import annotations

from typing import Any

from eve.core.encoding import (
    ACTION_KIND_NAMES,
    ACTION_KINDS,
    CARD_BASE,
    CHAR_BASE,
    CHOICE_STOP,
    KIND_SHIFT,
    NO_TARGET,
    SIDES,
    SOURCE_SHIFT,
    STACK_BASE,
    TARGET_SHIFT,
    UNITS_PER_SIDE,
    ActionCode,
    Target,
    card_target,
    character_unit,
    decode_action,
    decode_target,
    encode_action,
    hero_unit,
    stack_target,
    unit_id,
)

__all__ = ["ACTION_KIND_NAMES", "ActionSpace", "ACTION_KINDS", "CARD_BASE", "CHAR_BASE", "CHOICE_STOP",
           "KIND_SHIFT", "NO_TARGET", "SIDES", "SOURCE_SHIFT", "STACK_BASE", "TARGET_SHIFT",
           "UNITS_PER_SIDE", "ActionCode", "Target", "card_target", "character_unit",
           "decode_action", "decode_target", "encode_action", "hero_unit", "stack_target",
           "unit_id"]


class ActionSpace:
    """The compact, fixed action space of an Engine's matches: each action that can be legal
    has one index in [0, n), sized by the content (per action kind: its possible sources x its
    possible (target, lane) pairs). `encode(code)` gives an action code's index, `decode(index)`
    its code; eve.observation.Observer writes the legal ones as a mask over this space. With
    `run`, the space of whole runs: a fight's actions and the run's own decisions."""

    def __init__(self, engine: Any, run: bool = False) -> None:
        from eve.core.observe import Observer
        self._ix = Observer(engine, "player", run)
        self.n: int = self._ix.n_actions

    def encode(self, code: int) -> int:
        """The index of an action code (ValueError if the space has none for it)."""
        return int(self._ix.index(code))

    def decode(self, index: int) -> int:
        """The action code of an index (ValueError outside [0, n))."""
        return int(self._ix.code(index))

    def blocks(self) -> dict[str, tuple[int, int, int]]:
        """Each action kind's block: {kind: (first index, sources, (target, lane) pairs)}."""
        return dict(self._ix.blocks())

    def __len__(self) -> int:
        return self.n
