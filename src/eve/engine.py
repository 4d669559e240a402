"""Engine: load content packs, compile them into the core's tables, make matches."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from eve.compiler import Compiled, compile_registry
from eve.core.match import Match, TGT
from eve.core.tables import LIMITS, CompiledContent
from eve.core.snapshot import decode_state as _snapshot_decode
from eve.core.snapshot import encode as _snapshot_encode
from eve.core.snapshot import header_prefix as _snapshot_header
from eve.errors import ContentError, MalformedSnapshot
from eve.plugins.manager import PackReport, PluginReport, load as load_plugins

_CB = TGT["card_base"]
_SB = TGT["stack_base"]
_CHAR = TGT["char_base"]


class Catalog:
    """Everything registered, by namespaced id: heroes, cards, units, encounters, tasks.
    Each entry is a read-only mapping with its `kind`, `name` and numbers."""

    def __init__(self, compiled: Compiled, items: Mapping[str, Mapping[str, Any]]) -> None:
        def view(kind: str, ids: Iterable[str], data: Mapping[str, Any]) -> Mapping[str, Mapping[str, Any]]:
            return MappingProxyType({i: MappingProxyType({"id": i, "kind": kind, **data[i]}) for i in ids})

        self.heroes = view("hero", compiled.player_heroes, items["hero"])
        self.enemies = view("enemy_hero", compiled.hero_ids[len(compiled.player_heroes):], items["enemy_hero"])
        self.cards = view("card", compiled.card_ids, items["card"])
        self.units = view("unit", compiled.unit_ids, items["unit"])
        self.tasks = view("task", compiled.task_ids, items["task"])
        self.encounters = view("encounter", compiled.encounter_ids, items["encounter"])
        self.fingerprint = compiled.fingerprint

    def __getitem__(self, ident: str) -> Mapping[str, Any]:
        for table in (self.heroes, self.cards, self.units, self.encounters, self.tasks, self.enemies):
            if ident in table:
                return table[ident]
        raise KeyError(ident)

    def __contains__(self, ident: object) -> bool:
        try:
            self[ident]  # type: ignore[index]
        except KeyError:
            return False
        return True


class Engine:
    """Builds the content catalog once; makes matches that share its compiled tables.

    `packs`: the pack modules/objects to load (default: the built-in pack plus every pack found
    through the `eve.plugins` entry points, as EVE_DISABLE_PLUGIN_AUTOLOAD and EVE_PLUGINS allow).
    `config`: overrides of the rule configuration (for example {"max_rounds": 60, "costs":
    {"attack": 2}}). `strict`: raise the first plugin error (eve.errors.PluginError) instead of
    skipping the broken pack; default: EVE_STRICT_PLUGINS=1 for discovered packs, always for
    explicit ones (docs/modding.md).

    `plugin_report` lists every pack tried (loaded or not) with its errors; `packs` the loaded
    ones by name.
    """

    def __init__(self, packs: Sequence[object] | None = None, config: Mapping[str, Any] | None = None,
                 *, strict: bool | None = None) -> None:
        loaded = load_plugins(packs, dict(config or {}), strict)
        self.registry = loaded.registry
        self.compiled = loaded.compiled
        self.plugin_report: PluginReport = loaded.report
        self.content = CompiledContent()
        self.content.load(self.compiled.spec, self.compiled.fingerprint)
        items = {k: {i: it.data for i, it in t.items()} for k, t in self.registry.items.items()}
        self.catalog = Catalog(self.compiled, items)
        c = self.compiled
        self._card_ids = c.card_ids
        self._hero_ids = c.hero_ids
        self._unit_ids = c.unit_ids
        self._task_ids = c.task_ids
        self._card_index = {x: i for i, x in enumerate(c.card_ids)}
        self._hero_index = {x: i for i, x in enumerate(c.hero_ids)}
        self._unit_index = {x: i for i, x in enumerate(c.unit_ids)}
        self._task_index = {x: i for i, x in enumerate(c.task_ids)}
        self._enc_index = {x: i for i, x in enumerate(c.encounter_ids)}

    @property
    def packs(self) -> dict[str, PackReport]:
        """The loaded packs by name, in load order: version, distribution, what each registered."""
        return self.plugin_report.loaded

    @property
    def config(self) -> dict[str, Any]:
        return dict(self.compiled.spec["config"])

    @property
    def fingerprint(self) -> str:
        return self.compiled.fingerprint

    # ---- ids ----
    def _resolve(self, ident: str, index: Mapping[str, int], what: str) -> int:
        if ident in index:
            return index[ident]
        matches = [k for k in index if k.split(":", 1)[1] == ident]
        if len(matches) == 1:
            return index[matches[0]]
        raise ContentError(f"unknown {what} {ident!r}" + (f" (ambiguous: {matches})" if matches else ""))

    def card_index(self, ident: str) -> int:
        return self._resolve(ident, self._card_index, "card")

    def hero_index(self, ident: str) -> int:
        idx = self._resolve(ident, self._hero_index, "hero")
        return idx

    def unit_index(self, ident: str) -> int:
        return self._resolve(ident, self._unit_index, "unit")

    def task_index(self, ident: str) -> int:
        return self._resolve(ident, self._task_index, "task")

    def encounter_index(self, ident: str) -> int:
        return self._resolve(ident, self._enc_index, "encounter")

    # ---- matches ----
    def default_heroes(self) -> list[str]:
        return list(self.compiled.player_heroes[: self.config["player_hero_slots"]])

    def new_match(self, seed: int = 0, heroes: Sequence[str] | None = None, encounter: str | None = None,
                  deck: Sequence[str] | None = None) -> Match:
        """A new match, started: the player holds the first decision of round 1.

        heroes: player hero ids (default: the first registered ones); encounter: an id (default:
        the first registered); deck: card ids (default: the union of the heroes' starting cards)."""
        return self._make(seed, heroes, encounter, deck, start=True)

    def _make(self, seed: int, heroes: Sequence[str] | None, encounter: str | None,
              deck: Sequence[str] | None, start: bool) -> Match:
        if not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError("seed must be an integer in [0, 2**64)")
        hs = list(heroes) if heroes is not None else self.default_heroes()
        slots = self.config["player_hero_slots"]
        if not 1 <= len(hs) <= slots:
            raise ValueError(f"a party has 1 to {slots} heroes, not {len(hs)}")
        hidx = []
        for h in hs:
            i = self.hero_index(h)
            if self._hero_ids[i] not in self.compiled.player_heroes:
                raise ContentError(f"{h!r} is an enemy hero, not a player hero")
            hidx.append(i)
        enc = self.encounter_index(encounter) if encounter is not None else 0
        dk = None if deck is None else [self.card_index(c) for c in deck]
        size = len(dk) if dk is not None else sum(
            len(self.compiled.spec["heroes"][i]["start_cards"]) for i in hidx)
        if size > LIMITS["cards_per_match"]:
            raise ValueError(f"a deck of {size} cards exceeds the match capacity of "
                             f"{LIMITS['cards_per_match']}")
        if seed >= 2**63:
            seed -= 2**64          # carried as a signed 64-bit value, same bits
        m = Match._create(self, self.content, seed, hidx, enc, dk, start)
        if start:   # what a replay needs to make the same match again
            m._set_setup((seed % 2**64, [self._hero_ids[i] for i in hidx],
                          self.compiled.encounter_ids[enc],
                          None if dk is None else [self._card_ids[i] for i in dk]))
        return m

    # ---- words for actions and moves ----
    def _target_text(self, match: Match, t: int) -> str:
        if t == 255:
            return ""
        if t < 32:
            side = "player" if t < 16 else "encounter"
            slot = t & 15
            if slot < _CHAR:
                return f"{side} hero {match._unit_id(t)}"     # not heroes(): a dict per hero
            return f"{side} lane {slot - _CHAR}"
        if t < _CB:
            return f"stack item {t - _SB}"
        c = t - _CB
        return f"card {match.card_id(c)}#{c}"

    def _describe(self, match: Match, code: int) -> str:
        kind = (code >> 24) & 255
        src, tgt, lane = (code >> 16) & 255, (code >> 8) & 255, code & 255
        if kind == 1:
            return "pass"
        if kind == 2:
            return f"end {match.phase}"
        if kind == 3:
            card = match.card_id(src)
            if tgt == 255 and self.catalog.cards[card].get("kind") == "character":
                return f"play {card}#{src} to lane {lane}"
            t = self._target_text(match, tgt)
            return f"play {card}#{src}" + (f" on {t}" if t else "")
        if kind == 4:
            s = self._target_text(match, src)
            t = self._target_text(match, tgt)
            return f"activate {s}" + (f" on {t}" if t else "")
        if kind == 5:
            return f"attack with {self._target_text(match, src)} into lane {lane}"
        return f"action {code:#x}"

    def _describe_move(self, idx: int) -> dict[str, Any]:
        info = dict(self.compiled.move_text[idx])
        m = self.compiled.spec["moves"][idx]
        info["move"] = ("effect", "summon", "attack")[m["kind"]]
        info["phase"] = ("beginning", "main", "combat", "end")[m["phase"]]
        enc = self.registry.items["encounter"][info["encounter"]].data
        script = enc.get("script", [])
        if info["index"] < len(script):
            info["script"] = dict(script[info["index"]])
        return info

    # ---- snapshots (ABI v5) ----
    def pack_fingerprints(self) -> list[list[str]]:
        """[name, version, fingerprint] of every loaded pack: a snapshot's header carries them so
        that a content mismatch can say which packs differ."""
        cached = getattr(self, "_pack_fps", None)
        if cached is None:
            import hashlib
            import json
            cached = []
            for name, manifest in sorted(self.registry.packs.items()):
                items = {kind: {i: it.data for i, it in table.items() if it.pack == name}
                         for kind, table in self.registry.items.items()}
                blob = json.dumps({"manifest": dict(manifest), "items": items}, sort_keys=True,
                                  separators=(",", ":"), default=str).encode()
                cached.append([name, str(manifest.get("version", "")),
                               hashlib.sha256(blob).hexdigest()[:16]])
            self._pack_fps = cached
        return cached

    def _snapshot(self, match: Match) -> bytes:
        try:
            return _snapshot_encode(match, self._snap_prefix)
        except AttributeError:
            from eve import __version__
            self._snap_prefix = _snapshot_header(__version__, self.fingerprint, self.pack_fingerprints())
            return _snapshot_encode(match, self._snap_prefix)

    def restore(self, data: bytes) -> Match:
        """A match from snapshot bytes made by this content (any engine version of ABI 5).

        Raises a subclass of eve.SnapshotError, and builds nothing, for anything else."""
        if isinstance(data, (bytearray, memoryview)):
            data = bytes(data)
        if not isinstance(data, bytes):
            raise MalformedSnapshot(f"a snapshot is bytes, not {type(data).__name__}")
        m = Match._blank(self, self.content)
        try:
            prefix = self._snap_prefix
        except AttributeError:
            from eve import __version__
            prefix = self._snap_prefix = _snapshot_header(__version__, self.fingerprint,
                                                          self.pack_fingerprints())
        _snapshot_decode(m, data, self.fingerprint, self.pack_fingerprints(), prefix)
        return m
