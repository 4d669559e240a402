"""The round: phases, priority and the Stack, the Action Meter, combat, legal actions, apply.

One `apply_action` path serves the Python API, native playouts and search alike. After every
action `advance` runs the game forward (the Encounter's moves and responses, automatic phase
steps, auto-advance and auto-pass) until the player must decide or the match is over.

One job per included file, all of them one extension (one C file, inlined across as when they
were one): rules_setup (a match's setup, the Action Meter), rules_legal (check_action and the
legal actions), rules_stack (the Stack and resolution), rules_turn (phases, advance, apply).
The state's hash is here.
"""
from libc.string cimport memset, memcpy
cimport cython
from libc.stdint cimport int32_t, uint64_t

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport emit
from eve.core.rng cimport sm_mix, sm_shuffle16, stream_seed, hash_bytes
from eve.core.zones cimport move_card, draw_one
from eve.core.effects cimport (grants_update, grants_turn_end, leader_of, deal_damage, unit_power, status_turn, fire_event, entered,
                               drawn, summon_unit, task_progress, fire_triggers,
                               run_program, target_ok, enum_targets, check_outcome, ally_power_bonus,
                               first_empty_lane, eval_expr, choice_choose, card_resolved,
                               match_ended, compute_intent, taunt_defender)
from eve.core.encounter cimport next_move, respond
from eve.core.codec cimport (unit_side, is_hero, new_uid, make_action, a_kind, a_src, a_tgt,
                             a_lane)


cdef uint64_t state_hash(const State* st) noexcept nogil:
    """A 64-bit hash of the state's bytes (the struct has no interior padding and is zeroed
    when made, so equal states have equal bytes)."""
    return hash_bytes(<uint64_t>0x84222325CBF29CE4ULL, <const unsigned char*>st, sizeof(State))


include "rules_setup.pxi"
include "rules_legal.pxi"
include "rules_stack.pxi"
include "rules_turn.pxi"
