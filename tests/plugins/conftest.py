"""Fixtures for the plugin tests: a clean plugin environment, fake installed distributions (a
dist-info folder with an `eve.plugins` entry point on sys.path, so that discovery finds them as
it finds a pip-installed pack), and small valid content to build packs from."""
from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import eve

PLUGIN_ENV = ("EVE_STRICT_PLUGINS", "EVE_DISABLE_PLUGIN_AUTOLOAD", "EVE_PLUGINS", "EVE_RULES")

# a small self-contained content set (a pack "requires" nothing to use it)
HERO = {"name": "Tester", "max_hp": 9, "power": 1, "ambition": 1, "morality": 0,
        "cards": ["bolt", "bolt", "squire"]}
CARDS = {
    "bolt": {"kind": "sortilege", "charges": 2,
             "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}},
    "squire": {"kind": "character", "power": 2, "hp": 2},
}
BOSS = {"kind": "enemy_hero", "max_hp": 8, "power": 1}
ENCOUNTER = {"roster": ["boss"], "initiative": 1,
             "script": [{"move": "attack", "phase": "combat", "lane": "strongest"}]}


def manifest(name: str = "bad", version: str = "0.3.0", **kw: Any) -> dict[str, Any]:
    return {"name": name, "version": version, "engine": ">=0.1,<1", **kw}


def pack_source(man: dict[str, Any] | None, body: str = "") -> str:
    """The source of a pack module: `import eve`, the manifest hook (unless None), then body."""
    head = "import eve\n\n"
    if man is not None:
        head += f"@eve.hookimpl\ndef eve_pack_manifest():\n    return {man!r}\n\n"
    return head + textwrap.dedent(body)


def full_pack_body(hero: dict | None = None, cards: dict | None = None,
                   encounter: dict | None = None) -> str:
    """Hooks that register HERO, CARDS, BOSS and ENCOUNTER (or the given replacements)."""
    return textwrap.dedent(f"""
        @eve.hookimpl
        def eve_register_heroes(register):
            register("tester", {hero or HERO!r})

        @eve.hookimpl
        def eve_register_cards(register):
            for name, data in {cards or CARDS!r}.items():
                register(name, data)

        @eve.hookimpl
        def eve_register_units(register):
            register("boss", {BOSS!r})

        @eve.hookimpl
        def eve_register_encounters(register):
            register("arena", {encounter or ENCOUNTER!r})
        """)


class Site:
    """A site-packages-like folder on sys.path where tests 'install' distributions."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.modules: list[str] = []

    def install(self, dist: str, version: str, module: str, source: str,
                entry_point: str | None = None) -> str:
        """Write `module`.py and the dist-info of `dist` with the entry point
        `<entry_point> = <module>` in group eve.plugins; returns the entry point's name."""
        ep = entry_point or module.removeprefix("eve_")
        (self.root / f"{module}.py").write_text(source)
        info = self.root / f"{dist.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
        (info / "entry_points.txt").write_text(f"[eve.plugins]\n{ep} = {module}\n")
        self.modules.append(module)
        sys.modules.pop(module, None)
        importlib.invalidate_caches()
        return ep


@pytest.fixture(autouse=True)
def clean_plugin_env(monkeypatch):
    """No EVE_* plugin variable from the caller's environment leaks into a test."""
    for k in PLUGIN_ENV:
        monkeypatch.delenv(k, raising=False)


@pytest.fixture
def site(tmp_path, monkeypatch):
    root = tmp_path / "site"
    root.mkdir()
    monkeypatch.syspath_prepend(str(root))
    s = Site(root)
    yield s
    for m in s.modules:
        sys.modules.pop(m, None)
    importlib.invalidate_caches()


@pytest.fixture
def good_dist(site):
    """An installed, valid third-party pack "frost" (distribution eve-frost 2.1.0)."""
    site.install("eve-frost", "2.1.0", "eve_frost",
                 pack_source(manifest("frost", "2.1.0"), full_pack_body()))
    return "frost"


@pytest.fixture
def lenient_engine():
    """An Engine by discovery that skips broken packs (the default outside strict mode)."""

    def make(**kw: Any) -> eve.Engine:
        return eve.Engine(strict=False, **kw)

    return make


def report_of(engine: eve.Engine, name: str):
    return next(p for p in engine.plugin_report.packs if p.name == name)
