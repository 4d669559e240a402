"""A benchmark pack that uses every construct of the language: the built-in pack with statuses
(negate, keeps, ticks, a status with a trigger), triggers on cards, heroes, units (dies, attack
every 2nd, exiled, once a turn, conditions on the event), expressions and `if`, lifecycle moves
(put, mill, copy, create), an Encounter script with variables, phases, a weighted pick with
max_repeats and a wait; an aura, a status held until its source leaves, counters (a pack's and
a card's), random selectors, a max-hp buff, and the trigger filters and events source, unit,
card_resolved, healed, shuffled and match_end. benchmarks/ab_pairs.py --pack-b tests/packs/every_construct measures it.

Registered through the same hooks as the built-in pack, from copies of its data files, edited.
"""
from __future__ import annotations

from pathlib import Path

from eve.plugins import hookimpl
from eve.plugins.registry import load_toml

HERE = Path(__file__).parent
MANIFEST = {"name": "every_construct", "version": "0.1.0", "engine": ">=0.1,<1", "requires": []}


def _register_file(register, filename: str, section: str) -> None:
    for name, data in load_toml(HERE / filename, section).items():
        register(name, data)


@hookimpl
def eve_pack_manifest():
    return MANIFEST


@hookimpl
def eve_register_rules(register):
    _register_file(register, "rules.toml", "rules")


@hookimpl
def eve_register_heroes(register):
    _register_file(register, "heroes.toml", "heroes")


@hookimpl
def eve_register_cards(register):
    _register_file(register, "cards.toml", "cards")


@hookimpl
def eve_register_units(register):
    _register_file(register, "units.toml", "units")


@hookimpl
def eve_register_tasks(register):
    _register_file(register, "tasks.toml", "tasks")


@hookimpl
def eve_register_encounters(register):
    _register_file(register, "encounters.toml", "encounters")


@hookimpl
def eve_register_statuses(register):
    _register_file(register, "statuses.toml", "statuses")


@hookimpl
def eve_register_counters(register):
    _register_file(register, "counters.toml", "counters")
