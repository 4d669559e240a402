"""The built-in content pack of eve ("core").

It is registered through exactly the same hooks as a third-party pack: each hook reads one data
file of this folder and hands its items to `register`; the engine namespaces them as `core:name`.
"""
from __future__ import annotations

from pathlib import Path

from eve.plugins import hookimpl
from eve.plugins.registry import load_toml

HERE = Path(__file__).parent
MANIFEST = {"name": "core", "version": "0.1.0", "engine": ">=0.1,<1", "requires": []}


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


# ---- the run (RULES.md, "The run"): its acts, events, rewards, shop and rest sites ----

@hookimpl
def eve_register_acts(register):
    _register_file(register, "acts.toml", "acts")


@hookimpl
def eve_register_events(register):
    _register_file(register, "events.toml", "events")


@hookimpl
def eve_register_rewards(register):
    _register_file(register, "rewards.toml", "rewards")


@hookimpl
def eve_register_shops(register):
    _register_file(register, "shops.toml", "shops")


@hookimpl
def eve_register_sites(register):
    _register_file(register, "sites.toml", "sites")
