"""eve-ember-pack: an example content pack for eve.

The engine imports this module through the `eve.plugins` entry point `ember` (pyproject.toml)
and calls its hooks while it builds its catalog. Every hook is optional except the manifest.
"""
from __future__ import annotations

from pathlib import Path

import eve
from eve.plugins.data import read_data_file

DATA = Path(__file__).parent / "data"


@eve.hookimpl
def eve_pack_manifest():
    return {
        "name": "ember",               # the namespace: every id becomes "ember:..."
        "version": "1.0.0",
        "engine": ">=0.1,<1",          # the eve versions this pack supports
        "requires": ["core"],          # it uses core's cards and tasks
        "description": "An example pack: Pyra, her cards and the Smoldering Den",
    }


@eve.hookimpl
def eve_register_heroes(register):
    for name, data in read_data_file(DATA / "heroes.toml")["heroes"].items():
        register(name, data)


@eve.hookimpl
def eve_register_cards(register):
    for name, data in read_data_file(DATA / "cards.toml")["cards"].items():
        register(name, data)


@eve.hookimpl
def eve_register_units(register):
    # built in Python: the same tables a data file would hold
    register("cinder_matron", {"kind": "enemy_hero", "name": "Cinder Matron", "max_hp": 22,
                               "power": 3})
    register("spark", {"kind": "unit", "name": "Spark", "power": 1, "hp": 1,
                       "keywords": ["swift"]})


@eve.hookimpl
def eve_register_tasks(register):
    register("kindle", {"name": "Kindle", "goal": "damage", "threshold": 10,
                        "reward": [{"op": "damage", "to": "foe_leader", "n": 3}]})


@eve.hookimpl
def eve_register_encounters(register):
    script = [
        {"move": "summon", "phase": "main", "unit": "spark"},
        {"move": "attack", "phase": "combat", "attacker": "leader", "lane": "strongest"},
        {"move": "effect", "phase": "main", "target": "foe_leader",
         "effect": [{"op": "damage", "n": 2}],
         "unless": {"if": "own_hp_below_pct", "arg": 30,
                    "do": {"move": "effect", "phase": "main", "target": "own_leader",
                           "effect": [{"op": "heal", "n": 4}]}}},
        {"move": "attack", "phase": "combat", "lane": "random"},
    ]
    register("smoldering_den", {
        "name": "The Smoldering Den",
        "roster": ["cinder_matron"],
        "initiative": 2,
        "setup": ["spark"],
        "tasks": ["kindle", "core:vigil"],     # another pack's task: "core" is in requires
        "script": script,
        "responses": [{"on": "support", "counter": True, "per_round": 1, "charges": 1}],
    })
