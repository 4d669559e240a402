"""Finds content packs and runs their registration hooks into a Registry."""
from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from types import ModuleType
from typing import Iterable

import pluggy

from eve.plugins import hookspecs
from eve.plugins.registry import Registry

ENTRY_POINT_GROUP = "eve.plugins"
BUILTIN = "eve_content"

# hook name -> registry kind
REGISTRATION_HOOKS = (
    ("eve_register_rules", "config"),
    ("eve_register_heroes", "hero"),
    ("eve_register_cards", "card"),
    ("eve_register_units", "unit"),
    ("eve_register_tasks", "task"),
    ("eve_register_encounters", "encounter"),
)


def builtin_pack() -> ModuleType:
    return importlib.import_module(BUILTIN)


def discover() -> list[ModuleType]:
    """The built-in pack, then every pack of the `eve.plugins` entry-point group, by name."""
    mods = [builtin_pack()]
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        if ep.value == BUILTIN:
            continue
        mods.append(ep.load())
    return mods


def load_packs(packs: Iterable[object]) -> Registry:
    """Run every pack's hooks, one pack at a time, so that each item is tagged with its pack."""
    reg = Registry()
    for pack in packs:
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        pm.register(pack)
        manifest = dict(pm.hook.eve_pack_manifest() or {})
        name = manifest.get("name") or getattr(pack, "__name__", "pack")
        reg.packs[name] = manifest
        for hook, kind in REGISTRATION_HOOKS:
            getattr(pm.hook, hook)(register=reg.registrar(name, kind))
    return reg
