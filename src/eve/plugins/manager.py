"""Finds content packs, runs their hooks and builds the catalog, one pack at a time.

Every pack, the built-in one included, goes through the same steps:

1. load: its entry point is imported (EVE-P001), its hook implementations are checked against
   the specs (EVE-P003, EVE-P004) and its manifest read and checked (EVE-P014, EVE-P008);
2. order: dependencies first, then by name (the built-in pack, which needs nothing, first);
   a pack whose requirement is missing or broken is skipped (EVE-P009, EVE-P017);
3. register: its registration hooks run into a scratch registry of its own, which namespaces
   and checks every id (EVE-P005, EVE-P006); a hook that raises is EVE-P002;
4. validate: the catalog so far plus the pack is compiled (and loaded into the core's tables to
   check capacities); only if that succeeds is the pack merged. So a broken pack leaves nothing
   behind: the catalog is compiled without it.

A broken pack is reported (its `PackReport.errors`, `eve plugins`) and skipped; the others still
load. In strict mode (`EVE_STRICT_PLUGINS=1`, or packs given explicitly to the Engine) the first
error is raised instead. `EVE_DISABLE_PLUGIN_AUTOLOAD=1` loads only the built-in pack (and the
packs EVE_PLUGINS names); `EVE_PLUGINS=a,b` loads only the entry points a and b besides it.
"""
from __future__ import annotations

import difflib
import heapq
import importlib
import inspect
import os
import re
import sys
import traceback
import warnings
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any, Iterable, Iterator, Mapping, Sequence

import pluggy

import eve
from eve.compiler import Compiled, compile_registry
from eve.errors import ContentError, PluginError
from eve.plugins import errors as codes
from eve.plugins import hookspecs
from eve.plugins.registry import NAME_RE, Registry
from eve.plugins.versions import VersionError, parse_range, parse_version, satisfies

ENTRY_POINT_GROUP = "eve.plugins"
BUILTIN = "eve_content"
BUILTIN_NAME = "core"

# hook name -> registry kind
REGISTRATION_HOOKS = (
    ("eve_register_rules", "config"),
    ("eve_register_heroes", "hero"),
    ("eve_register_cards", "card"),
    ("eve_register_units", "unit"),
    ("eve_register_tasks", "task"),
    ("eve_register_encounters", "encounter"),
)
MANIFEST_HOOK = "eve_pack_manifest"
MANIFEST_KEYS = ("name", "version", "engine", "requires", "description")

ENV_STRICT = "EVE_STRICT_PLUGINS"
ENV_DISABLE_AUTOLOAD = "EVE_DISABLE_PLUGIN_AUTOLOAD"
ENV_PLUGINS = "EVE_PLUGINS"

_REQ_RE = re.compile(r"^\s*([a-z][a-z0-9_]{0,47})\s*(.*?)\s*$")


class PluginWarning(UserWarning):
    """A content pack was skipped because of an error (see Engine.plugin_report)."""


def hook_specs() -> dict[str, inspect.Signature]:
    """Every hook of eve, by name, with its signature."""
    return {name: inspect.signature(fn) for name, fn in vars(hookspecs).items()
            if name.startswith("eve_") and callable(fn)}


def _spec_text(name: str) -> str:
    return f"{name}({', '.join(hook_specs()[name].parameters)})"


def _flag(env: Mapping[str, str], name: str) -> bool:
    return env.get(name, "").strip().lower() in ("1", "true", "yes", "on")


# ------------------------------------------------------------------ sources


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
_TEMPORARY: list[PackSource] = []


def builtin_pack() -> ModuleType:
    return importlib.import_module(BUILTIN)


def find_sources(env: Mapping[str, str] | None = None) -> tuple[list[PackSource], list[PluginError]]:
    """The packs to load, honoring EVE_DISABLE_PLUGIN_AUTOLOAD and EVE_PLUGINS, and the errors of
    names EVE_PLUGINS asks for that no entry point provides."""
    env = os.environ if env is None else env
    autoload = not _flag(env, ENV_DISABLE_AUTOLOAD)
    wanted = [w.strip() for w in env.get(ENV_PLUGINS, "").split(",") if w.strip()]
    eps = _entry_points()
    sources: list[PackSource] = []
    builtin = [ep for ep in eps if _is_builtin_ep(ep)]
    if builtin:
        sources.append(_source_from_ep(builtin[0]))
    else:                                   # eve run from a source tree without its metadata
        sources.append(PackSource(obj=builtin_pack(), builtin=True, origin=BUILTIN))
    found = set()
    for ep in eps:
        if _is_builtin_ep(ep):
            found.add(ep.name)
            continue
        dist = _ep_dist(ep)[0]
        named = ep.name in wanted or (dist is not None and dist in wanted)
        if named:
            found.update({ep.name, dist})
        if (autoload and not wanted) or named:
            sources.append(_source_from_ep(ep))
    errors = [PluginError(codes.NOT_INSTALLED,
                          f"{ENV_PLUGINS} names {w!r}, but no installed distribution has an "
                          f"entry point {w!r} in group {ENTRY_POINT_GROUP!r}", pack=w)
              for w in wanted if w not in found]
    sources.extend(_TEMPORARY)
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


# ------------------------------------------------------------------ reports


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
        return {"engine_version": eve.__version__, "strict": self.strict,
                "packs": [p.to_dict() for p in self.packs],
                "errors": [e.to_dict() for e in self.errors_without_pack]}


@dataclass
class LoadResult:
    registry: Registry
    compiled: Compiled
    report: PluginReport


# ------------------------------------------------------------------ loading


class _Pack:
    """A pack being loaded: its source, report, plugin manager and manifest."""

    def __init__(self, source: PackSource) -> None:
        self.source = source
        self.report = PackReport(name=source.label, source=source)
        self.obj: object = source.obj
        self.pm: pluggy.PluginManager | None = None
        self.requires: list[tuple[str, str]] = []

    @property
    def name(self) -> str:
        return self.report.name

    @property
    def failed(self) -> bool:
        return bool(self.report.errors)

    def error(self, code: str, message: str, *, hook: str | None = None, item: str | None = None,
              path: str | None = None) -> PluginError:
        s = self.source
        err = PluginError(code, message, pack=self.name, dist=s.dist, dist_version=s.dist_version,
                          entry_point=s.ep_text, hook=hook, item=item, path=path,
                          source=None if s.entry_point else s.origin)
        self.report.errors.append(err)
        self.report.status = "failed"
        return err

    def from_content(self, exc: ContentError, hook: str | None, note: str = "") -> PluginError:
        return self.error(exc.code or codes.INVALID_VALUE, exc.reason + note, hook=hook,
                          item=exc.item, path=exc.path)


def _where(exc: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not f.filename.startswith("<frozen") and "/pluggy/" not in f.filename]
    if not frames:
        return ""
    f = frames[-1]
    return f" (at {f.filename}:{f.lineno})"


def _describe_exc(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}{_where(exc)}"


def _load_object(p: _Pack) -> bool:
    if p.obj is None:
        ep = p.source.entry_point
        assert ep is not None
        try:
            p.obj = ep.load()
        except (Exception, SystemExit) as exc:
            p.error(codes.IMPORT, f"cannot load entry point {ep.name!r} ({ep.value}) of group "
                    f"{ENTRY_POINT_GROUP!r}: {_describe_exc(exc)}")
            return False
    if inspect.isclass(p.obj):
        try:
            p.obj = p.obj()
        except (Exception, SystemExit) as exc:
            p.error(codes.IMPORT, f"cannot instantiate pack class {p.obj.__name__}: "
                    f"{_describe_exc(exc)}")
            return False
    return True


def _check_hookimpls(p: _Pack) -> bool:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    specs = hook_specs()
    ok = True
    for attr in sorted(dir(p.obj)):
        try:
            opts = pm.parse_hookimpl_opts(p.obj, attr)
        except Exception:  # pragma: no cover - exotic descriptors
            opts = None
        if opts is None:
            if attr in specs and callable(getattr(p.obj, attr, None)):
                p.report.warnings.append(f"{attr} is defined but not marked @eve.hookimpl: "
                                         "it is ignored")
            continue
        if attr not in specs:
            close = difflib.get_close_matches(attr, specs, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; the hooks are: {', '.join(specs)}"
            p.error(codes.UNKNOWN_HOOK, f"{attr!r} is marked @eve.hookimpl but is not a hook of eve"
                    f"{hint}", hook=attr)
            ok = False
            continue
        try:
            sig = inspect.signature(getattr(p.obj, attr))
        except (TypeError, ValueError):  # pragma: no cover - builtins
            continue
        allowed = set(specs[attr].parameters)
        extra = [n for n, prm in sig.parameters.items() if n not in allowed
                 and prm.kind in (prm.POSITIONAL_ONLY, prm.POSITIONAL_OR_KEYWORD)
                 and prm.default is prm.empty]
        if extra:
            p.error(codes.HOOK_ARGUMENT, f"{attr}({', '.join(sig.parameters)}) takes "
                    f"{', '.join(map(repr, extra))}, which the spec {_spec_text(attr)} does not "
                    "have", hook=attr)
            ok = False
    if not ok:
        return False
    try:
        pm.register(p.obj, name=f"eve-pack-{id(p.obj)}")
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        p.error(codes.HOOK_ARGUMENT, f"invalid hook implementation: {exc}")
        return False
    except ValueError as exc:
        p.error(codes.IMPORT, f"cannot register the pack: {exc}")
        return False
    p.pm = pm
    return True


def _read_manifest(p: _Pack) -> bool:
    assert p.pm is not None
    if not p.pm.hook.eve_pack_manifest.get_hookimpls():
        p.error(codes.BAD_MANIFEST, "the pack has no eve_pack_manifest hook: it must return at "
                "least {'name': ..., 'version': ...}", hook=MANIFEST_HOOK)
        return False
    try:
        raw = p.pm.hook.eve_pack_manifest()
    except (Exception, SystemExit) as exc:
        p.error(codes.HOOK_RAISED, _describe_exc(exc), hook=MANIFEST_HOOK)
        return False

    def bad(msg: str, path: str, code: str = codes.BAD_MANIFEST) -> bool:
        p.error(code, msg, hook=MANIFEST_HOOK, item="manifest", path=f"manifest.{path}"
                if path else "manifest")
        return False

    if not isinstance(raw, Mapping):
        return bad(f"the manifest is a table (a dict), not {type(raw).__name__} {raw!r}", "")
    for key in raw:
        if key not in MANIFEST_KEYS:
            return bad(f"unknown manifest field {key!r}; the fields are: {', '.join(MANIFEST_KEYS)}",
                       str(key))
    name = raw.get("name")
    if not isinstance(name, str) or not NAME_RE.match(name):
        return bad(f"the pack name {name!r} must be 1 to 48 lowercase letters, digits and _, "
                   "starting with a letter", "name",
                   codes.MALFORMED_ID if isinstance(name, str) else codes.BAD_MANIFEST)
    p.report.name = name
    version = raw.get("version")
    try:
        parse_version(version)  # type: ignore[arg-type]
    except VersionError as exc:
        return bad(str(exc) if version is not None else "is required: the pack's version, e.g. "
                   "\"1.0.0\"", "version")
    p.report.version = version
    engine = raw.get("engine")
    if engine is not None:
        try:
            parse_range(engine)
        except VersionError as exc:
            return bad(str(exc), "engine")
        p.report.engine = engine
    desc = raw.get("description")
    if desc is not None and not isinstance(desc, str):
        return bad("the description is a string", "description")
    p.report.description = desc
    requires = raw.get("requires", [])
    if isinstance(requires, str) or not isinstance(requires, (list, tuple)):
        return bad(f"requires is a list of pack names, not {requires!r}", "requires")
    for i, r in enumerate(requires):
        m = _REQ_RE.match(r) if isinstance(r, str) else None
        if m is None:
            return bad(f"a requirement is a pack name, optionally with a version range "
                       f"(\"core\", \"core>=0.1\"), not {r!r}", f"requires[{i}]")
        try:
            parse_range(m.group(2))
        except VersionError as exc:
            return bad(str(exc), f"requires[{i}]")
        if m.group(1) == name:
            return bad("a pack cannot require itself", f"requires[{i}]")
        p.requires.append((m.group(1), m.group(2)))
    p.report.requires = [r.strip() for r in requires]
    p.report.manifest = {"name": name, "version": version, "engine": engine or "",
                         "requires": list(p.report.requires)}
    if not satisfies(eve.__version__, engine):
        p.error(codes.ENGINE_VERSION, f"the pack supports engine versions {engine!r}; this is eve "
                f"{eve.__version__}", hook=MANIFEST_HOOK, item="manifest", path="manifest.engine")
        return False
    return True


def _name_from_manifest(p: _Pack) -> None:
    """Best effort, for a pack refused before its manifest was read: name it in its errors."""
    try:
        name = getattr(p.obj, MANIFEST_HOOK)().get("name")
    except Exception:
        return
    if isinstance(name, str) and NAME_RE.match(name):
        p.report.name = name
        for e in p.report.errors:
            e.pack = name


def _order(packs: list[_Pack]) -> list[_Pack]:
    """Dependencies first, then the built-in pack, then by name (then source, for equal names).
    Packs whose requirements are missing or broken, or which are in a cycle, fail."""
    by_name: dict[str, _Pack] = {}
    for p in sorted(packs, key=lambda p: (not p.source.builtin, p.name, p.source.dist or "",
                                          p.source.ep_text or "", p.source.origin or "")):
        if p.failed:
            continue
        first = by_name.get(p.name)
        if first is not None:
            s = first.source
            where = (f"distribution {s.dist} {s.dist_version}, entry point {s.ep_text}" if s.dist
                     else f"{s.origin or 'an in-process pack'}")
            p.error(codes.DUPLICATE_ID, f"the pack name {p.name!r} (and so every id "
                    f"'{p.name}:...') is already taken by the pack from {where}",
                    hook=MANIFEST_HOOK, item="manifest", path="manifest.name")
            continue
        by_name[p.name] = p
    # requirements, to a fixed point: a pack whose requirement fails fails too
    changed = True
    while changed:
        changed = False
        for p in by_name.values():
            if p.failed:
                continue
            for i, (req, spec) in enumerate(p.requires):
                dep = by_name.get(req)
                path = f"manifest.requires[{i}]"
                if dep is None:
                    p.error(codes.MISSING_DEPENDENCY, f"requires pack {req!r}, which is not installed",
                            hook=MANIFEST_HOOK, item="manifest", path=path)
                elif dep.failed:
                    p.error(codes.MISSING_DEPENDENCY, f"requires pack {req!r}, which failed to load "
                            f"({', '.join(e.code for e in dep.report.errors)})",
                            hook=MANIFEST_HOOK, item="manifest", path=path)
                elif spec and not satisfies(dep.report.version or "0", spec):
                    p.error(codes.MISSING_DEPENDENCY, f"requires pack {req}{spec}, but {req} "
                            f"{dep.report.version} is installed", hook=MANIFEST_HOOK,
                            item="manifest", path=path)
                else:
                    continue
                changed = True
                break
    ok = {n: p for n, p in by_name.items() if not p.failed}
    indeg = {n: sum(1 for r, _ in p.requires) for n, p in ok.items()}
    users: dict[str, list[str]] = {n: [] for n in ok}
    for n, p in ok.items():
        for r, _ in p.requires:
            users[r].append(n)

    def key(n: str) -> tuple[bool, str]:
        return (not ok[n].source.builtin, n)

    ready = [key(n) for n, d in indeg.items() if d == 0]
    heapq.heapify(ready)
    order: list[_Pack] = []
    while ready:
        _, n = heapq.heappop(ready)
        order.append(ok[n])
        for u in users[n]:
            indeg[u] -= 1
            if indeg[u] == 0:
                heapq.heappush(ready, key(u))
    stuck = sorted(n for n, d in indeg.items() if d > 0)
    for n in stuck:
        ok[n].error(codes.DEPENDENCY_CYCLE, f"its requirements form a cycle among packs "
                    f"{', '.join(stuck)}", hook=MANIFEST_HOOK, item="manifest",
                    path="manifest.requires")
    return order


def _register(p: _Pack) -> Registry | None:
    """Run the pack's registration hooks into a scratch registry of its own."""
    assert p.pm is not None
    scratch = Registry()
    scratch.packs[p.name] = p.report.manifest
    scratch.requires[p.name] = tuple(r for r, _ in p.requires)
    for hook, kind in REGISTRATION_HOOKS:
        caller = getattr(p.pm.hook, hook)
        if not caller.get_hookimpls():
            continue
        errs: list[ContentError] = []
        try:
            results = caller(register=scratch.registrar(p.name, kind, hook, errs))
            if any(r is not None for r in results):
                p.report.warnings.append(f"{hook} returned a value, which is ignored: items are "
                                         "registered by calling register(name, data)")
        except ContentError as exc:                 # a refusal the hook let through
            if exc not in errs:
                errs.append(exc)
        except (Exception, SystemExit) as exc:
            p.error(codes.HOOK_RAISED, _describe_exc(exc), hook=hook)
        for exc in errs:
            p.from_content(exc, hook)
    return None if p.failed else scratch


def _validate(p: _Pack, accepted: Registry, scratch: Registry,
              overrides: Mapping[str, Any]) -> Registry | None:
    """The catalog with the pack, if it compiles; else None (and the pack's error)."""
    from eve.core.tables import CapacityError, CompiledContent

    trial = accepted.merged(scratch)
    try:
        comp = compile_registry(trial, dict(overrides), partial=True)
        if trial.items["config"] and trial.items["hero"] and trial.items["encounter"]:
            CompiledContent().load(comp.spec, comp.fingerprint)
    except ContentError as exc:
        if exc.pack is None:
            raise                                   # the Engine's own config, not a pack's fault
        item = trial.find(exc.item) if exc.item else None
        if item is None and exc.item:
            item = trial.items["config"].get(exc.item)
        note = ""
        if exc.pack != p.name:
            note = f" (an item of pack {exc.pack!r}, no longer valid once this pack is added)"
        p.from_content(exc, item.hook if item else None, note)
        return None
    except CapacityError as exc:
        p.error(codes.CAPACITY, f"with this pack the catalog exceeds a capacity of the core: {exc}")
        return None
    except Exception as exc:                        # a shape the compiler did not foresee
        p.error(codes.INVALID_VALUE, f"content the compiler cannot read: {_describe_exc(exc)}")
        return None
    return trial


def load_catalog(sources: Sequence[PackSource], overrides: Mapping[str, Any] | None = None,
                 strict: bool = False, extra_errors: Sequence[PluginError] = ()) -> LoadResult:
    """Load every pack of `sources` into one compiled catalog (see the module's docstring)."""
    overrides = dict(overrides or {})
    report = PluginReport(errors_without_pack=list(extra_errors), strict=strict)
    packs: list[_Pack] = []
    seen_objects: set[int] = set()
    for src in sources:
        p = _Pack(src)
        if _load_object(p):
            if id(p.obj) in seen_objects:      # the same module twice (two names for one pack)
                continue
            seen_objects.add(id(p.obj))
            if _check_hookimpls(p):
                _read_manifest(p)
            else:
                _name_from_manifest(p)
        packs.append(p)

    order = _order(packs)
    accepted = Registry()
    for p in order:
        failed_deps = [r for r, _ in p.requires if r not in accepted.packs]
        if failed_deps:
            p.error(codes.MISSING_DEPENDENCY, f"requires pack {failed_deps[0]!r}, which failed to load",
                    hook=MANIFEST_HOOK, item="manifest", path="manifest.requires")
            continue
        scratch = _register(p)
        if scratch is None:
            continue
        trial = _validate(p, accepted, scratch, overrides)
        if trial is None:
            continue
        accepted = trial
        p.report.status = "loaded"
        p.report.registered = scratch.pack_items(p.name)

    loaded = [p for p in order if p.report.loaded]
    rest = sorted((p for p in packs if not p.report.loaded), key=lambda p: (p.name, p.source.label))
    report.packs = [p.report for p in loaded + rest]
    errors = report.errors
    if errors and strict:
        first = errors[0]
        for e in errors[1:]:
            first.add_note(str(e))
        first.report = report  # type: ignore[attr-defined]
        raise first
    for e in errors:
        warnings.warn(f"content pack skipped: {e}", PluginWarning, stacklevel=4)
    try:
        compiled = compile_registry(accepted, overrides)
    except ContentError as exc:
        if errors:
            exc.add_note("packs that failed to load: " + "; ".join(str(e) for e in errors))
        exc.report = report  # type: ignore[attr-defined]
        raise
    return LoadResult(accepted, compiled, report)


def is_strict(env: Mapping[str, str] | None = None) -> bool:
    return _flag(os.environ if env is None else env, ENV_STRICT)


def load(packs: Sequence[object] | None = None, overrides: Mapping[str, Any] | None = None,
         strict: bool | None = None) -> LoadResult:
    """The engine's entry: discover (packs None) or take the given packs, and load them.
    strict None: EVE_STRICT_PLUGINS, or True when packs are given explicitly."""
    if packs is None:
        sources, extra = find_sources()
        strict = is_strict() if strict is None else strict
    else:
        sources, extra = sources_from_objects(packs), []
        strict = True if strict is None else strict
    return load_catalog(sources, overrides, strict, extra)


# ---- the earlier API, kept for callers of it ----

def discover() -> list[object]:
    """The pack objects to load: the built-in pack, then every `eve.plugins` entry point."""
    sources, _ = find_sources()
    out = []
    for s in sources:
        out.append(s.obj if s.obj is not None else s.entry_point.load())  # type: ignore[union-attr]
    return out


def load_packs(packs: Iterable[object]) -> Registry:
    """Load the given packs (strictly) and return the registry of the catalog."""
    return load_catalog(sources_from_objects(packs), strict=True).registry
