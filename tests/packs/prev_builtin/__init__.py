"""The built-in pack as it was at commit ecc7fe2, frozen under a name of its own ("prev_builtin").

It must never change again: it is the fixed content on which the speed target of issue 14 is
measured ("the previous built-in content played by the new engine" against the previous engine
on its own built-in pack, `benchmarks/ab_pairs.py --pack-b tests/packs/prev_builtin`). Its data
files are copies of that commit's `content/*.toml`; a new rule or construct goes into the
built-in pack or a test pack of its own, never here. Self-contained: it registers its own rules,
so an engine made of it alone plays it.
"""
from __future__ import annotations

from pathlib import Path

from eve.plugins import hookimpl
from eve.plugins.registry import load_toml

HERE = Path(__file__).parent
MANIFEST = {"name": "prev_builtin", "version": "0.1.0", "engine": ">=0.1,<1", "requires": []}


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
