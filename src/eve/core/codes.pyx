"""The core's code constants for Python, read from its C enums (defs.pxd): eve.encoding's
numbers. This module imports nothing of the package, so that every module, the core's Python
edge (eve.core.actions) included, can use eve.encoding without an import cycle."""
from eve.core.defs cimport (TGT_NONE, TGT_STACK_BASE, TGT_CARD_BASE, CHAR_BASE, UNITS_PER_SIDE,
                            UNIT_SIDE_SHIFT, CHOICE_STOP)

TGT = {"none": TGT_NONE, "stack_base": TGT_STACK_BASE, "card_base": TGT_CARD_BASE,
       "char_base": CHAR_BASE, "units_per_side": UNITS_PER_SIDE, "choice_stop": CHOICE_STOP,
       "unit_side_shift": UNIT_SIDE_SHIFT}
