"""A pack of the hostile content issue 20 found, each construct legal and loading: damage
modifiers whose product passes any integer (nine statuses of x10 on both sides), a program
whose target dies and is replaced mid-program, `killed` read after a choice, self-feeding
trigger loops on each side, a `match_end` program that kills the party, a Relic that feeds the
event log, a keyword macro beside `exile_on_play`, and a Relic that puts the card being played
back into the Rift while a reaction waits there. Random play over it must keep every promise:
hp never negative, every state restores, bounded memory, the same hashes in release and debug
builds (`benchmarks/hash_chains.py --pack tests/packs/hostile`, run by `.ci/run`).

The data files of this folder, read by `DataPack.from_files`; this module exposes its hooks,
so the folder loads as a module pack.
"""
from __future__ import annotations

from pathlib import Path

from eve.plugins.data import DataPack

_PACK = DataPack.from_files(Path(__file__).parent, name="hostile", version="0.1.0",
                            engine=">=0.1,<1")

# the hooks of the data pack, as this module's own: the folder loads as a module pack
_HOOKS = ("eve_pack_manifest", "eve_register_rules", "eve_register_heroes", "eve_register_cards",
          "eve_register_units", "eve_register_tasks", "eve_register_encounters",
          "eve_register_statuses", "eve_register_keywords")
globals().update({hook: getattr(_PACK, hook) for hook in _HOOKS})
