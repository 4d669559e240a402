"""The standard statuses: shield and poison, written as data in the form a pack registers its own.

Every catalog has them, first and in this order (their indices are the vocabulary's
`standard_status` codes, which the core and the `shield`/`poison` instructions use), and they
compile through the same code as a pack's statuses (eve.compiler). A pack's instructions and
expressions name them bare (`status = "poison"`, `target.shield`); a pack may not register a status
of either name.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from eve.core.vocabulary import names

STANDARD: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    # D: absorbs damage before hp and clears at the start of its owner's turn (RULES.md)
    "shield": MappingProxyType({
        "name": "Shield", "polarity": "buff", "stacking": "intensity", "absorb": True,
        "decay": MappingProxyType({"at": "turn_start", "by": "all"}),
    }),
    # D: at its owner's End, damage equal to it through shields (hp loss, past the damage
    # pipeline), then one less (RULES.md)
    "poison": MappingProxyType({
        "name": "Poison", "polarity": "debuff", "stacking": "intensity",
        "tick": MappingProxyType({"at": "turn_end", "effect": (MappingProxyType(
            {"op": "damage", "to": "self", "n": "self.poison", "pierce": True}),)}),
        "decay": MappingProxyType({"at": "turn_end", "by": "one"}),
    }),
})

# the core indexes them by the vocabulary's codes: the order here must be that one
assert tuple(STANDARD) == names("standard_status")
