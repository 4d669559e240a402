"""Damage, death, summons, tasks, Relic triggers, targets, and the effect-program interpreter.

An effect program is a int16_t list of 5-word instructions (op, selector, a, b, expression)
compiled from content; an amount or a condition written as an expression is a postfix list of
[op, arg] nodes in the content's expression pool, evaluated here on a small fixed stack. The
interpreter is the only code that changes the game because a card said so.
It never reads or writes the Action Meter or the Encounter's Initiative (seed 002: those are
selection-time state).

One job per included file, all of them one extension (one C file), so that the C compiler
inlines across them as it did when they were one file (the search's split, search_*.pxd, is
the same idea): effects_units (who lives, enters and falls, the outcome), effects_damage (the
damage pipeline, statuses, healing), effects_triggers (events and their listeners, tasks),
effects_targets (target specs and selectors), effects_expr (expressions), effects_run (the
interpreter), effects_choices (choices during resolution), effects_grants (auras and `until`),
effects_intent (the Encounter's intent, which the interpreter's `reintent` decides anew).
"""
from libc.string cimport memset, memmove, memcpy

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport emit
from eve.core.rng cimport sm_below
from eve.core.zones cimport move_card, draw_one, archive_top, put_card, create_card, reveal_top
from eve.core.codec cimport unit_side, is_hero, new_uid
from eve.core.operands cimport (attr_ref, attr_of, status_ref, status_of, choose_place,
                                choose_up_to, choose_look, until_of, until_arg, create_place,
                                create_def, choose_from, choose_filter, filter_passes)


cdef inline int16_t sat_add(int x, int a) noexcept nogil:
    # statuses and counters saturate at the int16 ceiling instead of wrapping
    x += a
    return <int16_t>(32767 if x > 32767 else (0 if x < 0 else x))


include "effects_units.pxi"
include "effects_damage.pxi"
include "effects_triggers.pxi"
include "effects_targets.pxi"
include "effects_expr.pxi"
include "effects_run.pxi"
include "effects_choices.pxi"
include "effects_grants.pxi"
include "effects_intent.pxi"
