"""Loads packs into one registry, one pack at a time, the built-in pack like any other.

1. load: its entry point is imported (EVE-P001), the object inspected for hook implementations
   (EVE-P003, EVE-P004, EVE-P023) and its manifest read and checked (EVE-P014, EVE-P021,
   EVE-P008);
2. register: at once, before the next pack is imported, its registration hooks run into a
   scratch registry of its own, which namespaces, checks and freezes every item (EVE-P005,
   EVE-P006, EVE-P011, EVE-P021; a hook that raises is EVE-P002). So a pack imported later
   cannot patch what an earlier one registered; `register` refuses calls after its hook
   returned (EVE-P022);
3. order: dependencies first, then by name (the built-in pack, which needs nothing, first); two
   sources claiming one pack name are both refused (EVE-P006); a pack whose requirement is
   missing or broken is skipped (EVE-P009, EVE-P017);
4. validate: the catalog so far plus the pack is checked by the `validate` callable the Engine
   gives (its compile step); only if that succeeds is the pack merged. So a broken pack leaves
   nothing behind.

This layer never imports the compiler: it returns registered data, and the Engine compiles it.
A broken pack is reported (`PackReport.errors`, `eve plugins`) and skipped; in strict mode the
first error is raised instead.
"""
from __future__ import annotations

import difflib
import heapq
import inspect
import os
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from eve._version import __version__
from eve.core import content_kinds
from eve.errors import ContentError, PluginError
from eve.plugins import errors as codes
from eve.plugins import hookspecs
from eve.plugins.discovery import (
    ENTRY_POINT_GROUP,
    ENV_STRICT,
    PackSource,
    find_sources,
    flag,
    sources_from_objects,
)
from eve.plugins.manifest import ManifestProblem, read_manifest
from eve.plugins.registry import NAME_RE, Registry
from eve.plugins.report import PackReport, PluginReport, PluginWarning
from eve.plugins.versions import satisfies

# hook name -> registry kind (eve.core.content_kinds)
REGISTRATION_HOOKS = content_kinds.hooks()
MANIFEST_HOOK = "eve_pack_manifest"

#: validate(registry) raises ContentError (or any error) when the registry cannot be compiled
Validate = Callable[[Registry], None]


def hook_specs() -> dict[str, inspect.Signature]:
    """Every hook of eve, by name, with its signature."""
    return {name: inspect.signature(fn) for name, fn in vars(hookspecs).items()
            if name.startswith("eve_") and callable(fn)}


def _spec_text(name: str) -> str:
    return f"{name}({', '.join(hook_specs()[name].parameters)})"


@dataclass
class LoadResult:
    registry: Registry
    report: PluginReport
    builtin: str | None             # the built-in pack's name, when it loaded


class _Pack:
    """A pack being loaded: its source, report, plugin manager, manifest and registrations."""

    def __init__(self, source: PackSource) -> None:
        self.source = source
        self.report = PackReport(name=source.label, source=source)
        self.obj: object = source.obj
        self.pm: pluggy.PluginManager | None = None
        self.requires: tuple[tuple[str, str], ...] = ()
        self.scratch: Registry | None = None

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
    try:
        text = str(exc)
    except Exception:
        text = "(its message cannot be read)"
    return f"{type(exc).__name__}: {text}{_where(exc)}"


def _load_object(p: _Pack) -> bool:
    if p.obj is None:
        ep = p.source.entry_point
        assert ep is not None
        try:
            p.obj = ep.load()
        except ContentError as exc:      # the module read its data files, and one is broken
            p.error(exc.code or codes.IMPORT, f"cannot load entry point {ep.name!r} "
                    f"({ep.value}): {exc.reason}", path=exc.path)
            return False
        except (Exception, SystemExit) as exc:
            p.error(codes.IMPORT, f"cannot load entry point {ep.name!r} ({ep.value}) of group "
                    f"{ENTRY_POINT_GROUP!r}: {_describe_exc(exc)}")
            return False
    if inspect.isclass(p.obj):
        cls = p.obj
        try:
            p.obj = cls()
        except (Exception, SystemExit) as exc:
            p.error(codes.IMPORT, f"cannot instantiate pack class {cls.__name__}: "
                    f"{_describe_exc(exc)}")
            return False
    return True


class _Inspected:
    """The hook implementations of a pack object, read once, so that pluggy never calls the
    object's own `__dir__` or properties (which may raise, or answer differently each time)."""

    def __init__(self, impls: dict[str, Any]) -> None:
        for name, fn in impls.items():
            setattr(self, name, fn)


def _inspect(p: _Pack) -> _Inspected | None:
    """The marked hook implementations of the pack object, or None (and a coded error)."""
    specs = hook_specs()
    marker = f"{hookspecs.PROJECT}_impl"
    try:
        names = sorted(str.__str__(n) for n in dir(p.obj) if isinstance(n, str))
    except (Exception, SystemExit) as exc:
        p.error(codes.BAD_PACK_OBJECT, f"dir() of the pack object raised {_describe_exc(exc)}")
        return None
    impls: dict[str, Any] = {}
    ok = True
    for attr in names:
        try:
            static = inspect.getattr_static(p.obj, attr)
            readable = (isinstance(static, (staticmethod, classmethod)) or callable(static)
                        or not hasattr(type(static), "__get__"))
            if not readable:
                # a property or another computed attribute: a hook is a function, and reading
                # it would run the pack's code
                if attr in specs:
                    raise TypeError(f"{attr} is a {type(static).__name__}, not a function")
                continue
            value = getattr(p.obj, attr)
        except (Exception, SystemExit) as exc:
            p.error(codes.BAD_PACK_OBJECT, f"reading the attribute {attr!r} of the pack object "
                    f"raised {_describe_exc(exc)}", hook=attr if attr in specs else None)
            ok = False
            continue
        try:
            opts = getattr(value, marker, None) if callable(value) else None
        except (Exception, SystemExit):
            opts = None
        if not isinstance(opts, dict):
            if attr in specs and callable(value):
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
            sig = inspect.signature(value)
        except (TypeError, ValueError):  # pragma: no cover - builtins
            sig = None
        if sig is not None:
            allowed = set(specs[attr].parameters)
            extra = [n for n, prm in sig.parameters.items() if n not in allowed
                     and prm.kind in (prm.POSITIONAL_ONLY, prm.POSITIONAL_OR_KEYWORD)
                     and prm.default is prm.empty]
            if extra:
                p.error(codes.HOOK_ARGUMENT, f"{attr}({', '.join(sig.parameters)}) takes "
                        f"{', '.join(map(repr, extra))}, which the spec {_spec_text(attr)} does "
                        "not have", hook=attr)
                ok = False
                continue
        impls[attr] = value
    return _Inspected(impls) if ok else None


def _check_hookimpls(p: _Pack) -> bool:
    inspected = _inspect(p)
    if inspected is None:
        return False
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    try:
        pm.register(inspected, name=f"eve-pack-{id(p.obj)}")
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        p.error(codes.HOOK_ARGUMENT, f"invalid hook implementation: {exc}")
        return False
    except Exception as exc:
        p.error(codes.IMPORT, f"cannot register the pack: {_describe_exc(exc)}")
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
    try:
        man = read_manifest(raw)
    except ManifestProblem as exc:
        name = raw.get("name") if type(raw) is dict else None
        if isinstance(name, str) and type(name) is str and NAME_RE.match(name):
            p.report.name = name
        p.error(exc.code, exc.message, hook=MANIFEST_HOOK, item="manifest", path=exc.path)
        return False
    p.report.name = man.name
    p.report.version = man.version
    p.report.engine = man.engine
    p.report.description = man.description
    p.report.requires = list(man.requires_text)
    p.report.manifest = man.as_dict()
    p.requires = man.requires
    if not satisfies(__version__, man.engine):
        p.error(codes.ENGINE_VERSION, f"the pack supports engine versions {man.engine!r}; this "
                f"is eve {__version__}", hook=MANIFEST_HOOK, item="manifest",
                path="manifest.engine")
        return False
    return True


def _register(p: _Pack) -> None:
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
        register = scratch.registrar(p.name, kind, hook, errs)
        try:
            results = caller(register=register)
            if any(r is not None for r in results):
                p.report.warnings.append(f"{hook} returned a value, which is ignored: items are "
                                         "registered by calling register(name, data)")
        except ContentError as exc:                 # a refusal the hook let through
            if exc not in errs:
                errs.append(exc)
        except (Exception, SystemExit) as exc:
            p.error(codes.HOOK_RAISED, _describe_exc(exc), hook=hook)
        finally:
            register.close()
        for err in errs:
            p.from_content(err, hook)
    if not p.failed:
        p.scratch = scratch


def _order(packs: list[_Pack]) -> list[_Pack]:
    """Dependencies first, then the built-in pack, then by name. Two sources that claim one
    name are both refused; packs whose requirements are missing or broken, or which are in a
    cycle, fail."""
    claims: dict[str, list[_Pack]] = {}
    for p in packs:
        if not p.failed:
            claims.setdefault(p.name, []).append(p)
    by_name: dict[str, _Pack] = {}
    for name, group in claims.items():
        if len(group) == 1:
            by_name[name] = group[0]
            continue
        wheres = "; ".join(q.source.where for q in group)
        for q in group:
            q.error(codes.DUPLICATE_ID, f"the pack name {name!r} (and so every id '{name}:...') "
                    f"is claimed by {len(group)} sources: {wheres}. Both are refused: uninstall "
                    "one of them", hook=MANIFEST_HOOK, item="manifest", path="manifest.name")
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
                    why = ("is refused: two sources claim its name" if req in claims
                           else "is not installed")
                    p.error(codes.MISSING_DEPENDENCY, f"requires pack {req!r}, which {why}",
                            hook=MANIFEST_HOOK, item="manifest", path=path)
                elif dep.failed:
                    p.error(codes.MISSING_DEPENDENCY, f"requires pack {req!r}, which failed to load "
                            f"({', '.join(e.code or '' for e in dep.report.errors)})",
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
    indeg = {n: len(p.requires) for n, p in ok.items()}
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


def _validate(p: _Pack, accepted: Registry, validate: Validate) -> Registry | None:
    """The catalog with the pack, if it compiles; else None (and the pack's error)."""
    assert p.scratch is not None
    trial = accepted.merged(p.scratch)
    try:
        validate(trial)
    except ContentError as exc:
        item = trial.find(exc.item) if exc.item else None
        if item is None and exc.item:
            item = trial.items["config"].get(exc.item)
        note = ""
        if exc.pack is not None and exc.pack != p.name:
            note = f" (an item of pack {exc.pack!r}, no longer valid once this pack is added)"
        p.from_content(exc, item.hook if item else None, note)
        return None
    except Exception as exc:                        # a shape the compiler did not foresee
        p.error(codes.INVALID_VALUE, f"content the compiler cannot read: {_describe_exc(exc)}")
        return None
    return trial


def load_catalog(sources: Sequence[PackSource], validate: Validate, strict: bool = False,
                 extra_errors: Sequence[PluginError] = ()) -> LoadResult:
    """Load every pack of `sources` into one registry (see the module's docstring)."""
    report = PluginReport(errors_without_pack=list(extra_errors), strict=strict)
    packs: list[_Pack] = []
    seen_objects: set[int] = set()
    for src in sources:
        p = _Pack(src)
        if _load_object(p):
            if id(p.obj) in seen_objects:      # the same module twice (two names for one pack)
                continue
            seen_objects.add(id(p.obj))
            if _check_hookimpls(p) and _read_manifest(p):
                _register(p)
        packs.append(p)

    order = _order(packs)
    accepted = Registry()
    for p in order:
        failed_deps = [r for r, _ in p.requires if r not in accepted.packs]
        if failed_deps:
            p.error(codes.MISSING_DEPENDENCY, f"requires pack {failed_deps[0]!r}, which failed to load",
                    hook=MANIFEST_HOOK, item="manifest", path="manifest.requires")
            continue
        if p.scratch is None:
            continue
        trial = _validate(p, accepted, validate)
        if trial is None:
            continue
        accepted = trial
        p.report.status = "loaded"
        p.report.registered = p.scratch.pack_items(p.name)

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
    builtin = next((p.name for p in loaded if p.source.builtin), None)
    return LoadResult(accepted, report, builtin)


def is_strict(env: Mapping[str, str] | None = None) -> bool:
    return flag(os.environ if env is None else env, ENV_STRICT)


def load(packs: Sequence[object] | None, validate: Validate,
         strict: bool | None = None) -> LoadResult:
    """Discover (packs None) or take the given packs, and load them.
    strict None: EVE_STRICT_PLUGINS, or True when packs are given explicitly."""
    if packs is None:
        sources, extra = find_sources()
        strict = is_strict() if strict is None else strict
    else:
        sources, extra = sources_from_objects(packs), []
        strict = True if strict is None else strict
    return load_catalog(sources, validate, strict, extra)
