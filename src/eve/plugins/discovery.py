"""Where packs come from: the `eve.plugins` entry points, objects given in-process, and the
temporary packs of eve.testing; the environment variables that choose among them."""
from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType

from eve.errors import PluginError
from eve.plugins import errors as codes

ENTRY_POINT_GROUP = "eve.plugins"
BUILTIN = "eve_content"
BUILTIN_NAME = "core"

ENV_STRICT = "EVE_STRICT_PLUGINS"
ENV_DISABLE_AUTOLOAD = "EVE_DISABLE_PLUGIN_AUTOLOAD"
ENV_PLUGINS = "EVE_PLUGINS"
ENV_RULES = "EVE_RULES"


def flag(env: Mapping[str, str], name: str) -> bool:
    return env.get(name, "").strip().lower() in ("1", "true", "yes", "on")


@dataclass
class PackSource:
    """Where a pack comes from: an entry point of a distribution, or an object given in-process."""

    obj: object = None
    entry_point: EntryPoint | None = None
    dist: str | None = None
    dist_version: str | None = None
    builtin: bool = False
    origin: str | None = None          # how an in-process pack was given

    @property
    def ep_text(self) -> str | None:
        ep = self.entry_point
        return f"{ep.name} = {ep.value}" if ep is not None else None

    @property
    def label(self) -> str:
        if self.entry_point is not None:
            return self.entry_point.name
        obj = self.obj
        if isinstance(obj, ModuleType):
            return obj.__name__
        return self.origin or type(obj).__name__

    @property
    def where(self) -> str:
        """The source in words, for messages that name two sources."""
        if self.dist:
            return f"distribution {self.dist} {self.dist_version or '?'}, entry point {self.ep_text}"
        return self.origin or "an in-process pack"


def _ep_dist(ep: EntryPoint) -> tuple[str | None, str | None]:
    dist = getattr(ep, "dist", None)
    if dist is None:
        return None, None
    try:
        return dist.metadata["Name"] or dist.name, dist.version
    except Exception:  # pragma: no cover - broken metadata
        return getattr(dist, "name", None), None


def _entry_points() -> list[EntryPoint]:
    eps = list(entry_points(group=ENTRY_POINT_GROUP))
    seen, out = set(), []
    for ep in sorted(eps, key=lambda e: (e.name, e.value, _ep_dist(e)[0] or "")):
        key = (ep.name, ep.value, _ep_dist(ep)[0])
        if key not in seen:
            seen.add(key)
            out.append(ep)
    return out


def _is_builtin_ep(ep: EntryPoint) -> bool:
    return ep.value.split(":")[0].strip() == BUILTIN


def _source_from_ep(ep: EntryPoint) -> PackSource:
    dist, ver = _ep_dist(ep)
    return PackSource(entry_point=ep, dist=dist, dist_version=ver, builtin=_is_builtin_ep(ep))


# packs that eve.testing.temporary_pack registers for discovery while its block runs
TEMPORARY: list[PackSource] = []


def builtin_pack() -> ModuleType:
    return importlib.import_module(BUILTIN)


def find_sources(env: Mapping[str, str] | None = None) -> tuple[list[PackSource], list[PluginError]]:
    """The packs to load, honoring EVE_DISABLE_PLUGIN_AUTOLOAD and EVE_PLUGINS, and the errors of
    names EVE_PLUGINS asks for that no entry point provides."""
    env = os.environ if env is None else env
    autoload = not flag(env, ENV_DISABLE_AUTOLOAD)
    wanted = [w.strip() for w in env.get(ENV_PLUGINS, "").split(",") if w.strip()]
    eps = _entry_points()
    sources: list[PackSource] = []
    builtin = [ep for ep in eps if _is_builtin_ep(ep)]
    if builtin:
        sources.append(_source_from_ep(builtin[0]))
    else:                                   # eve run from a source tree without its metadata
        sources.append(PackSource(obj=builtin_pack(), builtin=True, origin=BUILTIN))
    found: set[str] = set()
    for ep in eps:
        if _is_builtin_ep(ep):
            found.add(ep.name)
            continue
        dist = _ep_dist(ep)[0]
        named = ep.name in wanted or (dist is not None and dist in wanted)
        if named:
            found.add(ep.name)
            if dist is not None:
                found.add(dist)
        if (autoload and not wanted) or named:
            sources.append(_source_from_ep(ep))
    errors = [PluginError(codes.NOT_INSTALLED,
                          f"{ENV_PLUGINS} names {w!r}, but no installed distribution has an "
                          f"entry point {w!r} in group {ENTRY_POINT_GROUP!r}", pack=w)
              for w in wanted if w not in found]
    sources.extend(TEMPORARY)
    return sources, errors


def _dist_of_module(mod: ModuleType) -> tuple[EntryPoint | None, str | None, str | None]:
    for ep in _entry_points():
        if ep.value.split(":")[0].strip() == mod.__name__ and ":" not in ep.value:
            dist, ver = _ep_dist(ep)
            return ep, dist, ver
    return None, None, None


def sources_from_objects(packs: Iterable[object]) -> list[PackSource]:
    """Sources for pack objects given in-process (modules, instances). A module that an installed
    distribution declares as an entry point is reported with that distribution."""
    out = []
    builtin = sys.modules.get(BUILTIN)
    for obj in packs:
        if isinstance(obj, PackSource):
            out.append(obj)
            continue
        if isinstance(obj, ModuleType):
            ep, dist, ver = _dist_of_module(obj)
            out.append(PackSource(obj=obj, entry_point=ep, dist=dist, dist_version=ver,
                                  builtin=obj is builtin, origin=f"module {obj.__name__}"))
        else:
            out.append(PackSource(obj=obj, origin=f"object {type(obj).__name__}"))
    return out
