"""A benchmark pack that uses every construct of the language: the built-in pack with statuses
(negate, keeps, ticks, a status with a trigger), triggers on cards, heroes, units (dies, attack
every 2nd, exiled, once a turn, conditions on the event), expressions and `if`, lifecycle moves
(put, mill, copy, create), an Encounter script with variables, phases, a weighted pick with
max_repeats and a wait; an aura, a status held until its source leaves, counters (a pack's and
a card's), random selectors, a max-hp buff, and the trigger filters and events source, unit,
card_resolved, healed, shuffled and match_end. benchmarks/ab_pairs.py --pack-b
tests/packs/every_construct measures it.

The data files of this folder (copies of the built-in pack's, edited), read by
`DataPack.from_files`; this module exposes its hooks, so the folder loads as a module pack.
"""
from __future__ import annotations

from pathlib import Path

from eve.plugins.data import DataPack

_PACK = DataPack.from_files(Path(__file__).parent, name="every_construct", version="0.1.0",
                            engine=">=0.1,<1")

# the hooks of the data pack, as this module's own: the folder loads as a module pack
_HOOKS = ("eve_pack_manifest", "eve_register_rules", "eve_register_heroes", "eve_register_cards",
          "eve_register_units", "eve_register_tasks", "eve_register_encounters",
          "eve_register_statuses", "eve_register_counters")
globals().update({hook: getattr(_PACK, hook) for hook in _HOOKS})
