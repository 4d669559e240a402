"""Collects what packs register, namespacing every id as `pack:name`.

The registry, not the pack, owns ids: a hook calls `register(name, data)` with a bare name and
the registry makes it `pack:name`, checks it against the one id pattern (ID_RE) and refuses a
duplicate. Data is copied into plain JSON-like values (dict, list, str, int, float, bool, None),
so that a pack cannot change the catalog after its hook returned.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from eve.errors import ContentError
from eve.plugins import errors as codes

NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
ID_RE = re.compile(r"^[a-z][a-z0-9_]{0,47}:[a-z][a-z0-9_]{0,47}$")

KINDS = ("config", "hero", "card", "enemy_hero", "unit", "task", "encounter")

# the first word of an item's field path, by kind (the compiler uses the same words)
SECTIONS = {"config": "config", "hero": "heroes", "card": "cards", "enemy_hero": "units",
            "unit": "units", "task": "tasks", "encounter": "encounters"}

MAX_DEPTH = 16


@dataclass
class Item:
    kind: str
    id: str
    pack: str
    data: dict[str, Any]
    hook: str | None = None        # the hook that registered it


def plain(value: Any, path: str, pack: str | None = None, item: str | None = None,
          depth: int = 0) -> Any:
    """A deep copy of `value` as plain data; tuples become lists. Raises ContentError (EVE-P011)
    for anything else (objects, sets, functions, non-string keys)."""
    if depth > MAX_DEPTH:
        raise ContentError(f"nested deeper than {MAX_DEPTH} levels", pack=pack, path=path,
                           code=codes.OUT_OF_RANGE, item=item)
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise ContentError(f"a key must be a string, not {type(k).__name__} {k!r}", pack=pack,
                                   path=path, code=codes.WRONG_TYPE, item=item)
            out[k] = plain(v, f"{path}.{k}", pack, item, depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [plain(v, f"{path}[{i}]", pack, item, depth + 1) for i, v in enumerate(value)]
    raise ContentError(f"content is plain data (tables, lists, strings, numbers, booleans), not "
                       f"{type(value).__name__} {value!r}", pack=pack, path=path,
                       code=codes.WRONG_TYPE, item=item)


def make_id(pack: str, name: Any, kind: str) -> str:
    """`pack:name`, checked against ID_RE; raises ContentError (EVE-P005)."""
    section = SECTIONS.get(kind, kind)
    if not isinstance(name, str):
        raise ContentError(f"a name is a string, not {type(name).__name__} {name!r}", pack=pack,
                           path=f"{section}.{name!r}", code=codes.MALFORMED_ID)
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

    def add(self, pack: str, kind: str, name: str, data: Mapping[str, Any],
            hook: str | None = None) -> Item:
        if kind not in KINDS:
            raise ContentError(f"unknown kind {kind!r}", pack=pack, path=str(name),
                               code=codes.INVALID_VALUE)
        full = make_id(pack, name, kind)
        section = SECTIONS[kind]
        path = f"{section}.{full}"
        if not isinstance(data, Mapping):
            raise ContentError(f"data must be a table (a dict), not {type(data).__name__}",
                               pack=pack, path=path, code=codes.WRONG_TYPE, item=full)
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
        item = Item(kind, full, pack, plain(data, path, pack, full), hook)
        self.items[kind][full] = item
        return item

    def registrar(self, pack: str, kind: str, hook: str | None = None,
                  errors: list[ContentError] | None = None) -> Callable[[str, Mapping[str, Any]], None]:
        """The `register(name, data)` callback a hook receives. With `errors`, a refused item is
        recorded there and the hook goes on (so that one run reports every bad item); without,
        it raises ContentError."""

        def register(name: str, data: Mapping[str, Any]) -> None:
            k = kind
            try:
                if kind == "unit":
                    unit_kind = data.get("kind", "unit") if isinstance(data, Mapping) else "unit"
                    if unit_kind not in ("unit", "enemy_hero"):
                        full = make_id(pack, name, kind)
                        raise ContentError(f"unknown unit kind {unit_kind!r}; one of: unit, "
                                           "enemy_hero", pack=pack, path=f"units.{full}.kind",
                                           code=codes.INVALID_VALUE, item=full)
                    k = unit_kind
                self.add(pack, k, name, data, hook)
            except ContentError as exc:
                if errors is None:
                    raise
                errors.append(exc)

        return register

    def merged(self, *others: "Registry") -> "Registry":
        """A new registry: this one's items, then each other's, in order (items are shared)."""
        out = Registry()
        for reg in (self, *others):
            for kind, table in reg.items.items():
                out.items[kind].update(table)
            out.packs.update(reg.packs)
            out.requires.update(reg.requires)
        return out


def load_toml(path: Path, section: str) -> dict[str, dict[str, Any]]:
    """Read one `[section.name]` table per item from a pack's TOML file."""
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    return dict(doc.get(section, {}))


def register_all(register: Callable[[str, Mapping[str, Any]], None],
                 items: Mapping[str, Mapping[str, Any]] | Iterable[tuple[str, Mapping[str, Any]]]) -> None:
    """Register every (name, data) pair, in order."""
    pairs = items.items() if isinstance(items, Mapping) else items
    for name, data in pairs:
        register(name, data)
