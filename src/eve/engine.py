"""Engine: load content packs, compile them once into a Catalog, make matches of it.

    packs -> registry (plain, frozen data) -> Catalog.compile -> Catalog -> Match
"""
from __future__ import annotations

import functools
import importlib
import json
import operator
import os
import threading
import types
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, SupportsIndex

from eve.catalog import Catalog
from eve.compiler import check_overrides, compile_registry
from eve.core.match import Match
from eve.core.run import Run
from eve.core.snapshot import decode_state as _snapshot_decode
from eve.core.tables import LIMITS, CapacityError, CompiledContent
from eve.errors import ConfigError, ContentError, ContentWarning, MalformedSnapshot
from eve.linting.linter import lint_engine
from eve.plugins.discovery import ENV_DISABLE_AUTOLOAD, ENV_PLUGINS, ENV_RULES, ENV_STRICT
from eve.plugins.discovery import TEMPORARY as TEMPORARY_PACKS
from eve.plugins.manager import PackReport, PluginReport
from eve.plugins.manager import load as load_plugins
from eve.plugins.registry import Registry


def _trial(registry: Registry, overrides: Mapping[str, Any] | None = None) -> None:
    """What a pack must pass before it joins the catalog: the catalog so far plus the pack
    compiles (every pack's rules checked as if selected) and fits the core's capacities, under
    the Engine's config overrides (a pack may need them: lane 7 exists only with "lanes": 8).
    A pack that only the overrides break joins: the catalog's compile then says so with a
    ConfigError naming them, rather than blaming the pack."""
    try:
        _compiles(registry, overrides)
    except ContentError as exc:
        if not overrides:
            raise
        try:
            _compiles(registry, None)
        except ContentError:
            raise exc from None


def _compiles(registry: Registry, overrides: Mapping[str, Any] | None) -> None:
    comp = compile_registry(registry, overrides, partial=True)
    if registry.items["config"] and registry.items["hero"] and registry.items["encounter"]:
        try:
            CompiledContent().load(comp.spec, comp.fingerprint)
        except CapacityError as exc:
            from eve.plugins import errors as codes
            raise ContentError(f"with this pack the catalog exceeds a capacity of the core: {exc}",
                               code=codes.CAPACITY) from None


def _default_rules(registry: Registry, builtin: str | None) -> list[str]:
    """The rules that apply unless the user selects more: the built-in pack's, or, without the
    built-in pack, those of the one pack that registers rules (a self-contained pack)."""
    with_rules = list(dict.fromkeys(it.pack for it in registry.items["config"].values()))
    if builtin is not None and builtin in with_rules:
        return [builtin]
    if builtin is None and len(with_rules) == 1:
        return with_rules
    return []


def _rules_selection(rules: Sequence[str] | str | None) -> list[str]:
    if rules is None:
        rules = os.environ.get(ENV_RULES, "")
    if isinstance(rules, str):
        return [r.strip() for r in rules.split(",") if r.strip()]
    out = []
    for r in rules:
        if not isinstance(r, str):
            raise ConfigError(f"rules names packs, not {type(r).__name__} {r!r}", path="rules")
        out.append(r)
    return out


class Engine:
    """Builds the content catalog once; makes matches that share its compiled tables.

    `packs`: the pack modules/objects to load (default: the built-in pack plus every pack found
    through the `eve.plugins` entry points, as EVE_DISABLE_PLUGIN_AUTOLOAD and EVE_PLUGINS allow).
    `config`: overrides of the rule configuration (for example {"max_rounds": 60, "costs":
    {"attack": 2}}), in force when each pack is checked as it loads too. `strict`: raise the first plugin error (eve.errors.PluginError) instead of
    skipping the broken pack; default: EVE_STRICT_PLUGINS=1 for discovered packs, always for
    explicit ones (docs/modding.md).

    `plugin_report` lists every pack tried (loaded or not) with its errors; `packs` the loaded
    ones by name.

    An Engine pickles (so its matches cross a process pool) as what it was made of: its packs
    (a module by its import name, anything else as pickle does it; packs=None re-discovers the
    installed ones in the receiving process), its config overrides, its rules selection and
    `strict`. The receiving process must have the same packs installed: a Match pickled with it
    that lands where they differ raises eve.ContentMismatch when it is unpickled. The receiving
    process builds each such Engine once and reuses it for every later pickle made of the same
    packs (by module name), config, rules and strictness (the last ENGINE_CACHE_SIZE of them),
    so sending a Match to a worker costs its snapshot, not an Engine build.
    """

    def __init__(self, packs: Sequence[object] | None = None, config: Mapping[str, Any] | None = None,
                 *, strict: bool | None = None, rules: Sequence[str] | str | None = None) -> None:
        overrides = dict(config or {}) if config is None or isinstance(config, Mapping) else config
        check_overrides(overrides)          # before any pack loads: a typo costs nothing
        selected = _rules_selection(rules)
        self._made_of = (None if packs is None else list(packs), overrides, list(selected), strict)
        loaded = load_plugins(packs, functools.partial(_trial, overrides=overrides), strict)
        self.registry = loaded.registry
        self.plugin_report: PluginReport = loaded.report
        chosen = _default_rules(self.registry, loaded.builtin)
        chosen += [r for r in selected if r not in chosen]
        try:
            self.catalog = Catalog.compile(self.registry, rules=chosen, overrides=overrides)
        except ContentError as exc:
            if self.plugin_report.errors:
                exc.add_note("packs that failed to load: " +
                             "; ".join(str(e) for e in self.plugin_report.errors))
            exc.report = self.plugin_report  # type: ignore[attr-defined]
            raise
        for rep in self.plugin_report.packs:
            if rep.loaded and rep.registered.get("config"):
                rep.rules = "applied" if rep.name in chosen else "not selected"
        self.content = self.catalog.tables
        self.compiled = _CompiledIds(self.catalog)
        self._warn_dangerous_content()
        key = _rebuild_key(*self.__reduce__()[1])
        if key is not None:     # a Match of it unpickled in this process finds it (weakly held)
            _built[key] = self

    def __reduce__(self) -> tuple[Any, ...]:
        packs, overrides, selected, strict = self._made_of
        refs = None if packs is None else [_PackByName(p.__name__) if isinstance(p, types.ModuleType)
                                           else p for p in packs]
        return (_rebuild_engine, (refs, overrides, selected, strict))

    def _warn_dangerous_content(self) -> None:
        """One ContentWarning per `eve lint` error: content that loads but can never work as
        written, or makes matches degenerate (docs/modding.md, Lint checks)."""
        import warnings

        for f in lint_engine(self).errors:
            warnings.warn(f"{f.code} pack {f.pack!r}, item {f.item}, field {f.path}: {f.message} "
                          f"(fix: {f.hint})", ContentWarning, stacklevel=3)

    @property
    def packs(self) -> dict[str, PackReport]:
        """The loaded packs by name, in load order: version, distribution, what each registered."""
        return self.plugin_report.loaded

    @property
    def config(self) -> dict[str, Any]:
        """The rule configuration in force (a copy)."""
        return {k: (dict(v) if isinstance(v, Mapping) else v) for k, v in self.catalog.config.items()}

    @property
    def max_match_length(self) -> int:
        """The most actions one match can take (OpenSpiel's MaxGameLength): 2 turns a round,
        `max_rounds` rounds, at most `max_decisions_per_turn` player decisions a turn (rule
        X02). A bound the rules make unreachable, not a cap the engine stops at."""
        return self.catalog.max_match_length

    @property
    def rules(self) -> tuple[str, ...]:
        """The packs whose rule configurations apply, in order (docs/modding.md, Rules)."""
        return self.catalog.rules or ()

    @property
    def fingerprint(self) -> str:
        return self.catalog.fingerprint

    # ---- ids ----
    def card_index(self, ident: str) -> int:
        return self.catalog.index("card", ident)

    def hero_index(self, ident: str) -> int:
        return self.catalog.index("hero", ident)

    def unit_index(self, ident: str) -> int:
        return self.catalog.index("unit", ident)

    def task_index(self, ident: str) -> int:
        return self.catalog.index("task", ident)

    def encounter_index(self, ident: str) -> int:
        return self.catalog.index("encounter", ident)

    @property
    def _card_ids(self) -> tuple[str, ...]:
        return self.catalog.card_ids

    @property
    def _unit_ids(self) -> tuple[str, ...]:
        return self.catalog.unit_ids

    @property
    def _hero_ids(self) -> tuple[str, ...]:
        return self.catalog.hero_ids

    @property
    def _task_ids(self) -> tuple[str, ...]:
        return self.catalog.task_ids

    # ---- matches ----
    def default_heroes(self) -> list[str]:
        return list(self.catalog.player_heroes[: self.catalog.config["player_hero_slots"]])

    def new_match(self, seed: SupportsIndex = 0, heroes: Sequence[str] | None = None, encounter: str | None = None,
                  deck: Sequence[str] | None = None) -> Match:
        """A new match, started: the player holds the first decision of round 1.

        heroes: player hero ids (default: the first registered ones); encounter: an id (default:
        the first registered); deck: card ids (default: the union of the heroes' starting cards)."""
        return self._make(seed, heroes, encounter, deck, start=True)

    def _make(self, seed: SupportsIndex, heroes: Sequence[str] | None, encounter: str | None,
              deck: Sequence[str] | None, start: bool) -> Match:
        try:
            seed = operator.index(seed)     # any integer type: numpy's too
        except TypeError:
            raise ValueError("seed must be an integer in [0, 2**64)") from None
        if not 0 <= seed < 2**64:
            raise ValueError("seed must be an integer in [0, 2**64)")
        hs = list(heroes) if heroes is not None else self.default_heroes()
        slots = self.config["player_hero_slots"]
        if not 1 <= len(hs) <= slots:
            raise ValueError(f"a party has 1 to {slots} heroes, not {len(hs)}")
        hidx = []
        for h in hs:
            i = self.hero_index(h)
            if self.catalog.hero_ids[i] not in self.catalog.player_heroes:
                raise ContentError(f"{h!r} is an enemy hero, not a player hero")
            hidx.append(i)
        enc = self.encounter_index(encounter) if encounter is not None else 0
        dk = None if deck is None else [self.card_index(c) for c in deck]
        size = len(dk) if dk is not None else sum(len(self.catalog.start_cards(i)) for i in hidx)
        if size > LIMITS["cards_per_match"]:
            raise ValueError(f"a deck of {size} cards exceeds the match capacity of "
                             f"{LIMITS['cards_per_match']}")
        if seed >= 2**63:
            seed -= 2**64          # carried as a signed 64-bit value, same bits
        m = Match._create(self, self.catalog, seed, hidx, enc, dk, start)
        if start:   # what a replay needs to make the same match again
            c = self.catalog
            m._set_setup((seed % 2**64, [c.hero_ids[i] for i in hidx], c.encounter_ids[enc],
                          None if dk is None else [c.card_ids[i] for i in dk]))
        return m

    # ---- runs (rules U01-U21) ----
    def new_run(self, seed: SupportsIndex = 0, party: Sequence[str] | None = None) -> Run:
        """A new run of `seed` on this content's acts. `party`: the player hero ids (the run
        configuration's `party` of them); None: the run starts with the party choice pending,
        each hero taken by a `recruit` action (rule U02)."""
        try:
            seed = operator.index(seed)
        except TypeError:
            raise ValueError("seed must be an integer in [0, 2**64)") from None
        if not 0 <= seed < 2**64:
            raise ValueError("seed must be an integer in [0, 2**64)")
        if not self.catalog.tables.has_run:
            raise ContentError("this content has no run: no pack registers an act "
                               "(docs/modding.md, Run content)")
        size = self.catalog.tables.run_config["party"]
        hidx: list[int] = []
        if party is not None:
            if isinstance(party, str):
                party = [p.strip() for p in party.split(",") if p.strip()]
            if len(party) != size:
                raise ValueError(f"a run's party has {size} heroes, not {len(party)}")
            for h in party:
                i = self.hero_index(h)
                if self.catalog.hero_ids[i] not in self.catalog.player_heroes:
                    raise ContentError(f"{h!r} is an enemy hero, not a player hero")
                if i in hidx:
                    raise ValueError(f"{h!r} is in the party twice")
                hidx.append(i)
        r = Run._create(self, self.catalog, seed, hidx)
        c = self.catalog
        r._set_setup((seed, None if party is None else [c.hero_ids[i] for i in hidx]))
        return r

    # ---- words for actions and moves ----
    def describe_action(self, match: Match, code: int) -> str:
        """An action code in words, in `match`'s position."""
        return self.catalog.describe_action(match, code)

    _describe = describe_action

    def pack_fingerprints(self) -> list[list[str]]:
        """[name, version, fingerprint] of every loaded pack (a snapshot's header carries them)."""
        return self.catalog.pack_fingerprints()

    def restore(self, data: bytes) -> Match:
        """A match from snapshot bytes made by this content (any engine version of ABI 5).

        Raises a subclass of eve.SnapshotError, and builds nothing, for anything else."""
        if isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        if not isinstance(data, bytes):
            raise MalformedSnapshot(f"a snapshot is bytes, not {type(data).__name__}")
        m = Match._blank(self, self.catalog)
        _snapshot_decode(m, data, self.fingerprint, self.pack_fingerprints(),
                         self.catalog.snapshot_prefix)
        return m

    def restore_run(self, data: bytes) -> Run:
        """A run from run snapshot bytes (`Run.snapshot()`) made by this content (any engine
        version of ABI 5), its fight and pending decision included.

        Raises a subclass of eve.SnapshotError, and builds nothing, for anything else: bytes that
        are not a run snapshot, other content, a checksum that does not match, a field out of
        range or a state the run's rules never make (docs/snapshot-abi.md, "Run snapshots")."""
        from eve.core.run_snapshot import decode_run

        if isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        if not isinstance(data, bytes):
            raise MalformedSnapshot(f"a run snapshot is bytes, not {type(data).__name__}")
        r = Run._blank(self, self.catalog)
        decode_run(r, data, self.fingerprint, self.pack_fingerprints,
                   self.catalog.run_snapshot_prefix)
        return r


class _PackByName:
    """A pack module in a pickled Engine: imported by name where it is unpickled."""

    def __init__(self, name: str) -> None:
        self.name = name


# Engines rebuilt from a pickle, kept by what they pickle as, so that a process receiving many
# Matches (a worker of a pool, a Ray task) builds each Engine once (35 ms) rather than once a
# Match. A worker uses one or two; the bound keeps a long-lived process that sees many
# configurations from holding every one.
ENGINE_CACHE_SIZE = 8
# what else decides what a pickled Engine loads where it is unpickled: packs=None re-discovers
_DISCOVERY_ENV = (ENV_DISABLE_AUTOLOAD, ENV_PLUGINS, ENV_STRICT)
_rebuilt: OrderedDict[Hashable, Engine] = OrderedDict()
# Engines built in this process, by the same key, held only as long as something else holds
# them: a Match pickled here and unpickled here (a copy through pickle, a local Ray) finds its
# own Engine
_built: weakref.WeakValueDictionary[Hashable, Engine] = weakref.WeakValueDictionary()
_rebuilt_lock = threading.Lock()
# how many Engines _rebuild_engine has built in this process (the cache's test reads it)
rebuilt_count = 0


def _rebuild_key(refs: list[Any] | None, overrides: Any, rules: list[str],
                 strict: bool | None) -> Hashable | None:
    """What a pickled Engine is made of, as a key, or None when it cannot be told apart from
    another: a pack pickled as an object (a fresh copy each time, no name to compare),
    overrides that are not plain data, or temporary packs registered for discovery."""
    if refs is None and TEMPORARY_PACKS:
        return None
    if refs is not None and not all(isinstance(p, _PackByName) for p in refs):
        return None
    try:
        over = json.dumps(overrides, sort_keys=True)
    except (TypeError, ValueError):
        return None
    return (None if refs is None else tuple(p.name for p in refs), over, tuple(rules), strict,
            tuple(os.environ.get(v) for v in _DISCOVERY_ENV))


def _rebuild_engine(refs: list[Any] | None, overrides: Any, rules: list[str],
                    strict: bool | None) -> Engine:
    """A pickled Engine: the one this process already rebuilt from the same packs, config,
    rules and strictness, else a new one (kept for the next)."""
    global rebuilt_count
    key = _rebuild_key(refs, overrides, rules, strict)
    with _rebuilt_lock:         # two threads unpickling at once build it once
        if key is not None and key in _rebuilt:
            _rebuilt.move_to_end(key)
            return _rebuilt[key]
        here = None if key is None else _built.get(key)
        if here is not None:
            return here
        packs = None if refs is None else [importlib.import_module(p.name)
                                           if isinstance(p, _PackByName) else p for p in refs]
        engine = Engine(packs=packs, config=overrides, rules=rules, strict=strict)
        rebuilt_count += 1
        if key is not None:
            _rebuilt[key] = engine
            while len(_rebuilt) > ENGINE_CACHE_SIZE:
                _rebuilt.popitem(last=False)
        return engine


class _CompiledIds:
    """`engine.compiled` of earlier versions: the id lists by index (read-only)."""

    def __init__(self, catalog: Catalog) -> None:
        self.player_heroes = catalog.player_heroes
        self.hero_ids = catalog.hero_ids
        self.card_ids = catalog.card_ids
        self.unit_ids = catalog.unit_ids
        self.task_ids = catalog.task_ids
        self.encounter_ids = catalog.encounter_ids
        self.fingerprint = catalog.fingerprint
        self.spec = catalog.spec
