"""Validate registered content and compile it into the plain-int form of the core's tables.

Every error names the pack, the item and the field path of the offending value, with a stable
code (eve.plugins.errors). The result feeds `eve.core.tables.CompiledContent.load`; nothing of it
runs during a match.
"""
from __future__ import annotations

from eve.compiler.build import Compiler, compile_registry, fingerprint
from eve.compiler.context import (
    CARD_OPS,
    CHOICE_OPS,
    CONFIG_KEYS,
    COST_KEYS,
    COUNTER_OPS,
    SIDE_OPS,
    UNIT_OPS,
    Compiled,
    check_overrides,
)

__all__ = ["CARD_OPS", "CHOICE_OPS", "CONFIG_KEYS", "COST_KEYS", "COUNTER_OPS", "SIDE_OPS",
           "UNIT_OPS", "Compiled", "Compiler", "check_overrides", "compile_registry",
           "fingerprint"]
