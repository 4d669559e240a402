"""Collects what packs register, namespacing every id as `pack:name`.

The registry, not the pack, owns ids: a hook calls `register(name, data)` with a bare name and
the registry makes it `pack:name`, checks it against the one id pattern (ID_RE) and refuses a
duplicate. Data is checked against its closed schema (eve.plugins.schema: a field the schema
does not name is refused) and deep-copied into frozen plain values: read-only mappings, tuples,
and exact `str`, `int`, `float`, `bool` and `None`. A subclass of any of them is copied into the
base type, so nothing a pack defines (a lying `__eq__`, a stateful `__str__`) reaches the
compiler, and nothing can change the catalog after the hook returned.
"""
from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from eve.core.content_kinds import KINDS as CONTENT_KINDS
from eve.errors import ContentError, RegistrationClosed
from eve.plugins import errors as codes
from eve.plugins.schema import UnknownField, check_fields

NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
ID_RE = re.compile(r"^[a-z][a-z0-9_]{0,47}:[a-z][a-z0-9_]{0,47}$")

KINDS = tuple(k.name for k in CONTENT_KINDS)
# kinds added after content fingerprints were first published: fingerprints hash their table
# only when it has an item, so content that registers none keeps the fingerprint it had
LATER_KINDS = frozenset(k.name for k in CONTENT_KINDS if k.later)


def fingerprinted(items: Mapping[str, Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """The tables of `items` that content fingerprints hash (see LATER_KINDS)."""
    return {kind: table for kind, table in items.items() if table or kind not in LATER_KINDS}

# the first word of an item's field path, by kind (the compiler uses the same words)
SECTIONS = {k.name: k.section for k in CONTENT_KINDS}

MAX_DEPTH = 16
# what a string of content may not hold: control characters (C0, DEL, C1: ESC starts a terminal
# escape sequence, CSI is one on its own) and the bidirectional controls that reorder the text
# a terminal shows; every string of content may reach a terminal (`eve cards`, rules text, lint)
UNSAFE_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
MAX_ENTRIES = 100_000          # entries in one item, all levels together


@dataclass(frozen=True)
class Item:
    kind: str
    id: str
    pack: str
    data: Mapping[str, Any]        # frozen (see freeze)
    hook: str | None = None        # the hook that registered it


class _Budget:
    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = MAX_ENTRIES


def _exact(value: Any) -> Any:
    """`value` as its exact base type, read through the base type's own methods."""
    if value is None or value is True or value is False:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):          # bool is handled above: it cannot be subclassed
        return int.__int__(value)
    if isinstance(value, float):
        f = float.__float__(value)
        if not math.isfinite(f):
            raise TypeError(f"a number is finite, not {f!r}")
        return f
    raise TypeError(type(value).__name__)


def _safe_text(text: str, path: str, err: Callable[[str, str, str], ContentError]) -> str:
    bad = UNSAFE_TEXT.search(text)
    if bad:
        raise err(path, f"a control character or escape sequence ({bad.group()!r} at index "
                  f"{bad.start()}) in {text[:40]!r}: content text reaches the terminal, so it "
                  "is printable characters only", codes.CONTROL_CHARACTER)
    return text


def _freeze(value: Any, path: str, err: Callable[[str, str, str], ContentError], depth: int,
            budget: _Budget) -> Any:
    if depth > MAX_DEPTH:
        raise err(path, f"nested deeper than {MAX_DEPTH} levels", codes.OUT_OF_RANGE)
    budget.left -= 1
    if budget.left < 0:
        raise err(path, f"more than {MAX_ENTRIES} entries in one item", codes.OUT_OF_RANGE)
    if isinstance(value, str):
        return _safe_text(_exact(value), path, err)
    if isinstance(value, (int, float)) or value is None:
        return _exact(value)
    if isinstance(value, dict):
        pairs = list(dict.items(value))
    elif isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, list):
        pairs = list(enumerate(list.__iter__(value)))
        return tuple(_freeze(v, f"{path}[{i}]", err, depth + 1, budget) for i, v in pairs)
    elif isinstance(value, tuple):
        pairs = list(enumerate(tuple.__iter__(value)))
        return tuple(_freeze(v, f"{path}[{i}]", err, depth + 1, budget) for i, v in pairs)
    else:
        raise err(path, "content is plain data (tables, lists, strings, numbers, booleans), not "
                  f"{type(value).__name__}", codes.WRONG_TYPE)
    out: dict[str, Any] = {}
    for k, v in pairs:
        if not isinstance(k, str):
            raise err(path, f"a key must be a string, not {type(k).__name__}", codes.WRONG_TYPE)
        key = _safe_text(str.__str__(k), path, err)
        if key in out:
            raise err(path, f"the key {key!r} is given twice", codes.DUPLICATE_ID)
        out[key] = _freeze(v, f"{path}.{key}" if path else key, err, depth + 1, budget)
    return MappingProxyType(out)


def freeze(value: Any, path: str, pack: str | None = None, item: str | None = None) -> Any:
    """A deep, read-only copy of `value` as plain data (see the module's docstring). Anything
    else, or a value whose reading raises, is a ContentError (EVE-P011) naming the field path."""

    def err(where: str, msg: str, code: str) -> ContentError:
        return ContentError(msg, pack=pack, path=where, code=code, item=item)

    try:
        return _freeze(value, path, err, 0, _Budget())
    except ContentError:
        raise
    except RecursionError:
        raise err(path, f"nested deeper than {MAX_DEPTH} levels", codes.OUT_OF_RANGE) from None
    except Exception as exc:            # a hostile container: its reading raised
        raise err(path, f"cannot be read as plain data: {type(exc).__name__}: {exc}",
                  codes.WRONG_TYPE) from None


def frozen(value: Any) -> Any:
    """A read-only copy of data already known to be plain (the engine's own tables, records made
    from frozen data): mappings become read-only mappings, lists tuples. `freeze` checks pack
    data; this only copies."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """A mutable copy of frozen data (dicts and lists), for JSON and for callers that edit."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value



def make_id(pack: str, name: Any, kind: str) -> str:
    """`pack:name`, checked against ID_RE; raises ContentError (EVE-P005)."""
    section = SECTIONS.get(kind, kind)
    if not isinstance(name, str):
        raise ContentError(f"a name is a string, not {type(name).__name__}", pack=pack,
                           path=f"{section}.?", code=codes.MALFORMED_ID)
    name = str.__str__(name)
    full = f"{pack}:{name}"
    if not ID_RE.match(full):
        hint = (f" (write the bare name: the engine adds the '{pack}:' prefix itself)"
                if ":" in name else "")
        raise ContentError(
            f"malformed name {name!r}: a name is 1 to 48 lowercase letters, digits and _, starting "
            f"with a letter{hint}", pack=pack, path=f"{section}.{full}", code=codes.MALFORMED_ID,
            item=full)
    return full


@dataclass
class Registry:
    """Everything registered, in registration order (deterministic: packs load in a fixed order).

    `packs`: pack name -> its manifest (name, version, engine, requires); `requires`: pack name ->
    the names of the packs whose ids it may reference."""

    items: dict[str, dict[str, Item]] = field(default_factory=lambda: {k: {} for k in KINDS})
    packs: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    requires: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def find(self, ident: str) -> Item | None:
        """The item with this id, whatever its kind (config excluded)."""
        for kind in KINDS[1:]:
            it = self.items[kind].get(ident)
            if it is not None:
                return it
        return None

    def pack_items(self, pack: str) -> dict[str, list[str]]:
        """The ids a pack registered, by kind."""
        return {kind: [i for i, it in table.items() if it.pack == pack]
                for kind, table in self.items.items()}

    def add(self, pack: str, kind: str, name: Any, data: Any, hook: str | None = None) -> Item:
        if kind not in KINDS:
            raise ContentError(f"unknown kind {kind!r}", pack=pack, path=str(name),
                               code=codes.INVALID_VALUE)
        full = make_id(pack, name, kind)
        section = SECTIONS[kind]
        path = f"{section}.{full}"
        frozen = freeze(data, path, pack, full)
        if not isinstance(frozen, Mapping):
            raise ContentError(f"data must be a table (a dict), not {type(data).__name__}",
                               pack=pack, path=path, code=codes.WRONG_TYPE, item=full)
        try:
            check_fields(kind, frozen, path)
        except UnknownField as exc:
            raise ContentError(str(exc), pack=pack, path=exc.path, code=codes.UNKNOWN_FIELD,
                               item=full) from None
        if kind == "config":
            if full in self.items["config"]:
                raise ContentError(f"rule configuration {full!r} is registered twice", pack=pack,
                                   path=path, code=codes.DUPLICATE_ID, item=full)
        else:
            prev = self.find(full)
            if prev is not None:
                what = "" if prev.kind == kind else f" (already a {prev.kind})"
                raise ContentError(f"{kind} {full!r} is registered twice{what}", pack=pack,
                                   path=path, code=codes.DUPLICATE_ID, item=full)
        item = Item(kind, full, pack, frozen, hook)
        self.items[kind][full] = item
        return item

    def registrar(self, pack: str, kind: str, hook: str | None = None,
                  errors: list[ContentError] | None = None) -> Registrar:
        """The `register(name, data)` callback a hook receives. With `errors`, a refused item is
        recorded there and the hook goes on (so that one run reports every bad item); without,
        it raises ContentError. Once closed (its hook returned) it raises RegistrationClosed."""
        return Registrar(self, pack, kind, hook, errors)

    def merged(self, *others: Registry) -> Registry:
        """A new registry: this one's items, then each other's, in order (items are shared)."""
        out = Registry()
        for reg in (self, *others):
            for kind, table in reg.items.items():
                out.items[kind].update(table)
            out.packs.update(reg.packs)
            out.requires.update(reg.requires)
        return out


class Registrar:
    """`register(name, data)` for one pack and kind, open while its hook runs."""

    __slots__ = ("_errors", "_hook", "_kind", "_open", "_pack", "_reg")

    def __init__(self, reg: Registry, pack: str, kind: str, hook: str | None,
                 errors: list[ContentError] | None) -> None:
        self._reg, self._pack, self._kind, self._hook = reg, pack, kind, hook
        self._errors = errors
        self._open = True

    def close(self) -> None:
        self._open = False

    def __call__(self, name: Any, data: Any) -> None:
        if not self._open:
            raise RegistrationClosed(
                f"register() of hook {self._hook or self._kind} was called after the hook "
                "returned: a pack registers its items while its hook runs, never later",
                pack=self._pack, code=codes.REGISTRATION_CLOSED)
        k = self._kind
        try:
            if k == "unit":
                data = freeze(data, f"units.{self._pack}:?", self._pack)
                unit_kind = data.get("kind", "unit") if isinstance(data, Mapping) else "unit"
                if unit_kind not in ("unit", "enemy_hero"):
                    full = make_id(self._pack, name, k)
                    raise ContentError(f"unknown unit kind {unit_kind!r}; one of: unit, "
                                       "enemy_hero", pack=self._pack, path=f"units.{full}.kind",
                                       code=codes.INVALID_VALUE, item=full)
                k = unit_kind
            self._reg.add(self._pack, k, name, data, self._hook)
        except ContentError as exc:
            if self._errors is None:
                raise
            self._errors.append(exc)


def read_data_file(path: Path | str, pack: str | None = None) -> dict[str, Any]:
    """A TOML or JSON file as a dict; a file that is not valid TOML (JSON, UTF-8) is a
    ContentError (EVE-P026) naming the file, the pack and where in the file."""
    path = Path(path)
    try:
        if path.suffix == ".json":
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        else:
            with open(path, "rb") as f:
                doc = tomllib.load(f)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        kind = "JSON" if path.suffix == ".json" else "TOML"
        raise ContentError(f"{path} is not valid {kind}: {exc}", pack=pack, path=path.name,
                           code=codes.MALFORMED_FILE) from None
    if not isinstance(doc, dict):
        raise ContentError(f"{path} holds {type(doc).__name__}, not a table", pack=pack,
                           path=path.name, code=codes.MALFORMED_FILE)
    return doc


def load_toml(path: Path, section: str, pack: str | None = None) -> dict[str, dict[str, Any]]:
    """Read one `[section.name]` table per item from a pack's TOML file."""
    return dict(read_data_file(path, pack).get(section, {}))


def register_all(register: Callable[[str, Mapping[str, Any]], None],
                 items: Mapping[str, Mapping[str, Any]] | Iterable[tuple[str, Mapping[str, Any]]]) -> None:
    """Register every (name, data) pair, in order."""
    pairs = items.items() if isinstance(items, Mapping) else items
    for name, data in pairs:
        register(name, data)
