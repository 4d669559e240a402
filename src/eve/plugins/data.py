"""Packs made of data: tables built in Python, or files (TOML or JSON) shipped with the pack.

    from eve.plugins.data import DataPack
    pack = DataPack("ember", "1.0.0", requires=["core"],
                    cards={"flare": {"kind": "sortilege", "charges": 2, "ability": {...}}})
    pack = DataPack.from_files(Path(__file__).parent / "data")

A folder pack has `pack.toml` (or `pack.json`) with the manifest in a `[pack]` table, and any of
rules/heroes/cards/units/tasks/encounters/statuses/keywords/counters/acts/events/rewards/
shops/sites `.toml`/`.json`, each with one table per item under a
section of the same name (`[cards.flare]`; rules: `[rules.config]`). DataPack implements the
hooks of eve.plugins.hookspecs like any other pack: the engine namespaces, checks and compiles
what it registers.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from eve.core import content_kinds
from eve.plugins.hookspecs import Register, hookimpl
from eve.plugins.registry import read_data_file

__all__ = ["SECTIONS", "DataPack", "read_data_file"]

SECTIONS = content_kinds.files()


class DataPack:
    """A content pack from plain tables: {name: data} per section."""

    def __init__(self, name: str, version: str = "0", *, engine: str | None = None,
                 requires: Sequence[str] = (), description: str | None = None,
                 rules: Mapping[str, Any] | None = None,
                 heroes: Mapping[str, Mapping[str, Any]] | None = None,
                 cards: Mapping[str, Mapping[str, Any]] | None = None,
                 units: Mapping[str, Mapping[str, Any]] | None = None,
                 tasks: Mapping[str, Mapping[str, Any]] | None = None,
                 encounters: Mapping[str, Mapping[str, Any]] | None = None,
                 statuses: Mapping[str, Mapping[str, Any]] | None = None,
                 keywords: Mapping[str, Mapping[str, Any]] | None = None,
                 counters: Mapping[str, Mapping[str, Any]] | None = None,
                 acts: Mapping[str, Mapping[str, Any]] | None = None,
                 events: Mapping[str, Mapping[str, Any]] | None = None,
                 rewards: Mapping[str, Mapping[str, Any]] | None = None,
                 shops: Mapping[str, Mapping[str, Any]] | None = None,
                 sites: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.manifest: dict[str, Any] = {"name": name, "version": version,
                                         "requires": list(requires)}
        if engine is not None:
            self.manifest["engine"] = engine
        if description is not None:
            self.manifest["description"] = description
        # rules: the numbers themselves ({"max_rounds": 30}), registered as "config"
        self.rules = dict(rules) if rules else {}
        self.heroes = dict(heroes or {})
        self.cards = dict(cards or {})
        self.units = dict(units or {})
        self.tasks = dict(tasks or {})
        self.encounters = dict(encounters or {})
        self.statuses = dict(statuses or {})
        self.keywords = dict(keywords or {})
        self.counters = dict(counters or {})
        self.acts = dict(acts or {})
        self.events = dict(events or {})
        self.rewards = dict(rewards or {})
        self.shops = dict(shops or {})
        self.sites = dict(sites or {})

    def __repr__(self) -> str:
        return f"DataPack({self.manifest['name']!r}, {self.manifest['version']!r})"

    @classmethod
    def from_files(cls, folder: Path | str, **manifest: Any) -> DataPack:
        """A pack from a folder of data files (see the module's docstring). Keyword arguments
        complete or override the folder's manifest."""
        folder = Path(folder)
        found: dict[str, Any] = {}
        for ext in (".toml", ".json"):
            f = folder / f"pack{ext}"
            if f.exists():
                # a broken pack.toml names the pack as best it can: the name asked for, or
                # the folder's
                found.update(read_data_file(f, manifest.get("name", folder.name)).get("pack", {}))
        found.update(manifest)
        pack = str(found.get("name", folder.name))
        sections: dict[str, Any] = {}     # keyword arguments of cls: Any, as the manifest's
        for section in SECTIONS:
            for ext in (".toml", ".json"):
                f = folder / f"{section}{ext}"
                if f.exists():
                    sections.setdefault(section, {}).update(
                        read_data_file(f, pack).get(section, {}))
        rules = sections.pop("rules", {}).get("config")
        name = found.pop("name")
        version = found.pop("version", "0")
        return cls(name, version, rules=rules, **found, **sections)

    # ---- the hooks ----
    @hookimpl
    def eve_pack_manifest(self) -> dict[str, Any]:
        return dict(self.manifest)

    @hookimpl
    def eve_register_rules(self, register: Register) -> None:
        if self.rules:
            register("config", self.rules)

    @hookimpl
    def eve_register_heroes(self, register: Register) -> None:
        for name, data in self.heroes.items():
            register(name, data)

    @hookimpl
    def eve_register_cards(self, register: Register) -> None:
        for name, data in self.cards.items():
            register(name, data)

    @hookimpl
    def eve_register_units(self, register: Register) -> None:
        for name, data in self.units.items():
            register(name, data)

    @hookimpl
    def eve_register_tasks(self, register: Register) -> None:
        for name, data in self.tasks.items():
            register(name, data)

    @hookimpl
    def eve_register_encounters(self, register: Register) -> None:
        for name, data in self.encounters.items():
            register(name, data)

    @hookimpl
    def eve_register_statuses(self, register: Register) -> None:
        for name, data in self.statuses.items():
            register(name, data)

    @hookimpl
    def eve_register_keywords(self, register: Register) -> None:
        for name, data in self.keywords.items():
            register(name, data)

    @hookimpl
    def eve_register_counters(self, register: Register) -> None:
        for name, data in self.counters.items():
            register(name, data)

    @hookimpl
    def eve_register_acts(self, register: Register) -> None:
        for name, data in self.acts.items():
            register(name, data)

    @hookimpl
    def eve_register_events(self, register: Register) -> None:
        for name, data in self.events.items():
            register(name, data)

    @hookimpl
    def eve_register_rewards(self, register: Register) -> None:
        for name, data in self.rewards.items():
            register(name, data)

    @hookimpl
    def eve_register_shops(self, register: Register) -> None:
        for name, data in self.shops.items():
            register(name, data)

    @hookimpl
    def eve_register_sites(self, register: Register) -> None:
        for name, data in self.sites.items():
            register(name, data)
