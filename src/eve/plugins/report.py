"""What loading packs found: a report per pack tried (loaded or not) and its errors."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from eve._version import __version__
from eve.errors import PluginError
from eve.plugins.discovery import PackSource


class PluginWarning(UserWarning):
    """A content pack was skipped because of an error (see Engine.plugin_report)."""


@dataclass
class PackReport:
    """One pack: where it came from, what it registered, and its errors."""

    name: str
    source: PackSource
    version: str | None = None
    engine: str | None = None
    requires: list[str] = field(default_factory=list)
    description: str | None = None
    status: str = "pending"            # "loaded" or "failed"
    registered: dict[str, list[str]] = field(default_factory=dict)
    errors: list[PluginError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    manifest: dict[str, Any] = field(default_factory=dict)
    # rules: "none" (it registers none), "applied" or "not selected" (docs/modding.md, Rules)
    rules: str = "none"

    @property
    def loaded(self) -> bool:
        return self.status == "loaded"

    @property
    def dist(self) -> str | None:
        return self.source.dist

    @property
    def dist_version(self) -> str | None:
        return self.source.dist_version

    @property
    def entry_point(self) -> str | None:
        return self.source.ep_text

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "status": self.status,
                "builtin": self.source.builtin, "dist": self.dist,
                "dist_version": self.dist_version, "entry_point": self.entry_point,
                "origin": None if self.source.entry_point else self.source.origin,
                "engine": self.engine, "requires": list(self.requires),
                "description": self.description,
                "registered": {k: list(v) for k, v in self.registered.items() if v},
                "rules": self.rules,
                "errors": [e.to_dict() for e in self.errors], "warnings": list(self.warnings)}


@dataclass
class PluginReport:
    """Every pack the engine tried to load, in load order (failed ones included)."""

    packs: list[PackReport] = field(default_factory=list)
    errors_without_pack: list[PluginError] = field(default_factory=list)
    strict: bool = False

    @property
    def errors(self) -> list[PluginError]:
        return list(self.errors_without_pack) + [e for p in self.packs for e in p.errors]

    @property
    def loaded(self) -> dict[str, PackReport]:
        return {p.name: p for p in self.packs if p.loaded}

    def __iter__(self) -> Iterator[PackReport]:
        return iter(self.packs)

    def to_dict(self) -> dict[str, Any]:
        return {"engine_version": __version__, "strict": self.strict,
                "packs": [p.to_dict() for p in self.packs],
                "errors": [e.to_dict() for e in self.errors_without_pack]}
