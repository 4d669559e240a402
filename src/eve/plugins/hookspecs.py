"""The hooks a content pack implements. They run while the engine builds its catalog, never
during a match: what they register is validated and compiled into the core's tables.

Every registration hook receives a `register(name, data)` callback: the engine, not the pack,
owns ids (it namespaces `name` as `pack:name`), validation and conflicts.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

import pluggy

PROJECT = "eve"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

Register = Callable[[str, Mapping[str, Any]], None]


@hookspec(firstresult=True)
def eve_pack_manifest() -> Mapping[str, Any]:
    """The pack's manifest: {"name", "version", "engine" (a version range such as ">=0.1,<1"),
    "requires" (names of packs it needs)}."""


@hookspec
def eve_register_rules(register: Register) -> None:
    """Register rule configuration (balance numbers) under the name "config"."""


@hookspec
def eve_register_heroes(register: Register) -> None:
    """Register the player's heroes: max_hp, power, ambition, morality, starting cards, ability."""


@hookspec
def eve_register_cards(register: Register) -> None:
    """Register cards: characters, Sortileges (charges) and Relics (triggers, static modifiers)."""


@hookspec
def eve_register_units(register: Register) -> None:
    """Register enemy heroes (kind "enemy_hero") and summonable characters (kind "unit")."""


@hookspec
def eve_register_tasks(register: Register) -> None:
    """Register World Tasks: a goal (event kind and threshold) and a reward program."""


@hookspec
def eve_register_encounters(register: Register) -> None:
    """Register Encounters: roster, Initiative, setup summons and tasks, move script, responses."""
