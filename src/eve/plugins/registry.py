"""Collects what packs register, namespacing every id as `pack:name`."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from eve.errors import ContentError

NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
ID_RE = re.compile(r"^[a-z][a-z0-9_]{0,47}:[a-z][a-z0-9_]{0,47}$")

KINDS = ("config", "hero", "card", "enemy_hero", "unit", "task", "encounter")


@dataclass
class Item:
    kind: str
    id: str
    pack: str
    data: dict[str, Any]


@dataclass
class Registry:
    """Everything registered, in registration order (deterministic: packs load in a fixed order)."""

    items: dict[str, dict[str, Item]] = field(default_factory=lambda: {k: {} for k in KINDS})
    packs: dict[str, Mapping[str, Any]] = field(default_factory=dict)

    def add(self, pack: str, kind: str, name: str, data: Mapping[str, Any]) -> None:
        if kind not in KINDS:
            raise ContentError(f"unknown kind {kind!r}", pack=pack, path=name)
        if not isinstance(name, str) or not NAME_RE.match(name):
            raise ContentError(
                f"malformed name {name!r}: use lowercase letters, digits and _ (the engine adds the "
                f"'{pack}:' prefix itself)", pack=pack, path=f"{kind}.{name}")
        if not isinstance(data, Mapping):
            raise ContentError(f"data must be a table, not {type(data).__name__}", pack=pack,
                               path=f"{kind}.{name}")
        full = f"{pack}:{name}"
        table = self.items[kind]
        if full in table:
            raise ContentError(f"{kind} {full!r} is registered twice", pack=pack, path=f"{kind}.{name}")
        table[full] = Item(kind, full, pack, dict(data))

    def registrar(self, pack: str, kind: str):
        """The `register(name, data)` callback a hook receives."""

        def register(name: str, data: Mapping[str, Any]) -> None:
            k = kind
            if kind == "unit" and data.get("kind") == "enemy_hero":
                k = "enemy_hero"
            self.add(pack, k, name, data)

        return register


def load_toml(path: Path, section: str) -> dict[str, dict[str, Any]]:
    """Read one `[section.name]` table per item from a pack's TOML file."""
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    return dict(doc.get(section, {}))
