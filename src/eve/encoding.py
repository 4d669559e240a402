"""The integer encodings an embedder sees, defined once and public: action codes, target codes
and unit ids (their layout is described in eve.core.encoding, where they are defined, in the
core so that the core's own Python uses them too)."""
from __future__ import annotations

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

__all__ = ["ACTION_KIND_NAMES", "ACTION_KINDS", "CARD_BASE", "CHAR_BASE", "CHOICE_STOP",
           "KIND_SHIFT", "NO_TARGET", "SIDES", "SOURCE_SHIFT", "STACK_BASE", "TARGET_SHIFT",
           "UNITS_PER_SIDE", "ActionCode", "Target", "card_target", "character_unit",
           "decode_action", "decode_target", "encode_action", "hero_unit", "stack_target",
           "unit_id"]
