"""The integer encodings an embedder sees, defined once and public.

An **action code** is one int32: `kind << 24 | source << 16 | target << 8 | lane`, each a byte.
`kind` is an action kind (`ACTION_KINDS`); `pass` and `end_phase` have every other byte 0;
`source` is a card instance (play), a unit id or
`CARD_BASE` + a Lattice card (activate), a unit id (attack), the index of an option of the
pending choice (choose; `CHOICE_STOP`: stop an `up_to` choice, whose target and lane are 0);
`target` a target code; `lane` the lane of a deploy or an attack (0 otherwise).

A **run's action** out of a fight (rule U17) has the same shape, with the run's kinds:
`recruit` (source: the player hero's index), `travel` (source: the column of the next floor's
node), `take` (source: the index of the offered card: a reward's, or a shop's stock, paid),
`remove` (source: the deck index of the card a shop removes), `option` (source: the option's
index in its event or site; target: the party slot or deck index it asks for, else 0) and
`leave` (every other byte 0). Inside a fight a run's actions are the match's.

A **target code** is a byte: a unit id (below `STACK_BASE`), `STACK_BASE` + a Stack index,
`CARD_BASE` + a card instance, or `NO_TARGET`.

A **unit id** is `side * UNITS_PER_SIDE + slot`: slots below `CHAR_BASE` are the side's heroes,
`CHAR_BASE + lane` its characters on the Wastes.

The numbers come from the core (its C constants, through eve.core.codes) and the vocabulary;
nothing here repeats them. The package decodes these codes here and only here (in C:
eve/core/codec.pxd); this module sits in the core, which imports nothing above it, so that the
core's Python edge (eve.core.actions) uses it too, and `eve.encoding` is its public name.
"""
from __future__ import annotations

from typing import NamedTuple

from eve.core.codes import TGT
from eve.core.vocabulary import BY_KEY

NO_TARGET: int = TGT["none"]
STACK_BASE: int = TGT["stack_base"]
CARD_BASE: int = TGT["card_base"]
UNITS_PER_SIDE: int = TGT["units_per_side"]
CHAR_BASE: int = TGT["char_base"]

KIND_SHIFT, SOURCE_SHIFT, TARGET_SHIFT = 24, 16, 8
_BYTE = 0xFF

#: action kind name -> code, and back
ACTION_KINDS = dict(BY_KEY["action"].by_name())
ACTION_KIND_NAMES = dict(BY_KEY["action"].by_code())
SIDES = ("player", "encounter")


class ActionCode(NamedTuple):
    kind: str
    source: int
    target: int
    lane: int


_BARE = (ACTION_KINDS["pass"], ACTION_KINDS["end_phase"], ACTION_KINDS["choose"])
#: the source byte of the `choose` action that stops an `up_to` choice
CHOICE_STOP: int = TGT["choice_stop"]


def encode_action(kind: str | int, source: int = 0, target: int | None = None, lane: int = 0) -> int:
    """The action code of its four parts (each checked to be a byte). `target` None is
    NO_TARGET, or 0 for pass, end_phase and choose (whose target byte is always 0)."""
    k = ACTION_KINDS[kind] if isinstance(kind, str) else int(kind)
    if target is None:
        target = 0 if k in _BARE else NO_TARGET
    for name, v in (("kind", k), ("source", source), ("target", target), ("lane", lane)):
        if not 0 <= v <= _BYTE:
            raise ValueError(f"{name} {v} is not a byte [0, 255]")
    return k << KIND_SHIFT | source << SOURCE_SHIFT | target << TARGET_SHIFT | lane


def decode_action(code: int) -> ActionCode:
    """The four parts of an action code (kind by name; "unknown" for a code no kind has)."""
    k = (code >> KIND_SHIFT) & _BYTE
    return ActionCode(ACTION_KIND_NAMES.get(k, "unknown"), (code >> SOURCE_SHIFT) & _BYTE,
                      (code >> TARGET_SHIFT) & _BYTE, code & _BYTE)


def unit_id(side: str | int, slot: int) -> int:
    s = SIDES.index(side) if isinstance(side, str) else int(side)
    if s not in (0, 1) or not 0 <= slot < UNITS_PER_SIDE:
        raise ValueError(f"no unit at side {side!r}, slot {slot}")
    return s * UNITS_PER_SIDE + slot


def hero_unit(side: str | int, slot: int) -> int:
    if not 0 <= slot < CHAR_BASE:
        raise ValueError(f"hero slot {slot} is out of range [0, {CHAR_BASE - 1}]")
    return unit_id(side, slot)


def character_unit(side: str | int, lane: int) -> int:
    if not 0 <= lane < UNITS_PER_SIDE - CHAR_BASE:
        raise ValueError(f"lane {lane} is out of range [0, {UNITS_PER_SIDE - CHAR_BASE - 1}]")
    return unit_id(side, CHAR_BASE + lane)


class Target(NamedTuple):
    what: str          # "unit", "stack" or "card"
    # unit id, Stack index or card instance; the field (public API) hides tuple.index, which
    # nothing calls on a Target
    index: int  # type: ignore[assignment]
    side: str | None   # a unit's side
    slot: int | None   # a unit's slot


def decode_target(t: int) -> Target | None:
    """What a target code names, or None for NO_TARGET."""
    if t == NO_TARGET:
        return None
    if 0 <= t < STACK_BASE:
        return Target("unit", t, SIDES[t // UNITS_PER_SIDE], t % UNITS_PER_SIDE)
    if t < CARD_BASE:
        return Target("stack", t - STACK_BASE, None, None)
    if t < NO_TARGET:
        return Target("card", t - CARD_BASE, None, None)
    raise ValueError(f"target code {t} is not a byte")


def stack_target(index: int) -> int:
    if not 0 <= index < CARD_BASE - STACK_BASE:
        raise ValueError(f"stack index {index} is out of range")
    return STACK_BASE + index


def card_target(card: int) -> int:
    if not 0 <= card < NO_TARGET - CARD_BASE:
        raise ValueError(f"card instance {card} is out of range")
    return CARD_BASE + card
