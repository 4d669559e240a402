"""The Catalog: what one compile step makes of the registered content, once per Engine.

It is the boundary between the content layer and the core: the compiled tables the core runs
(`tables`), the ids and names by index, the fingerprint, read-only views of every item's data,
and the words for actions and moves. `Match` holds its Catalog and reads nothing else of the
Engine; the plugins never see it.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from eve.compiler import Compiled, compile_registry
from eve.compiler.normalise import record
from eve.core.tables import CompiledContent
from eve.core.vocabulary import names as vocab_names
from eve.encoding import CHAR_BASE, decode_action, decode_target
from eve.errors import ConfigError, ContentError
from eve.keywords import STANDARD as STANDARD_KEYWORDS
from eve.plugins.registry import Registry, fingerprinted, thaw
from eve.statuses import STANDARD as STANDARD_STATUSES

if TYPE_CHECKING:
    from eve.core.match import Match

_MOVE_KINDS = vocab_names("move")
_PHASES = vocab_names("phase")
_LANES = vocab_names("lane")
_ENEMY_TARGETS = vocab_names("enemy_target")


def _views(kind: str, ids: Iterable[str], compiled: Compiled, table: str
           ) -> Mapping[str, Mapping[str, Any]]:
    """Items' records as the compile step's normalise half made them (every default filled
    in), with their id and kind."""
    records = compiled.records[table]
    return MappingProxyType({i: MappingProxyType({"id": i, "kind": kind, **records[i]})
                             for i in ids})


class Catalog:
    """Everything registered, compiled: heroes, cards, units, Encounters and tasks by id (each a
    read-only mapping with its `kind`, `name` and numbers), their indices in the core's tables,
    the rule configuration and the content fingerprint."""

    def __init__(self, registry: Registry, compiled: Compiled) -> None:
        self.tables = CompiledContent()
        self.tables.load(compiled.spec, compiled.fingerprint)
        self._spec = compiled.spec
        self._move_text = compiled.move_text
        self._registry = registry
        self.fingerprint: str = compiled.fingerprint
        self.rules: tuple[str, ...] | None = compiled.rules
        self.config: Mapping[str, Any] = MappingProxyType(
            {k: (MappingProxyType(dict(v)) if isinstance(v, dict) else v)
             for k, v in compiled.spec["config"].items()})
        self.player_heroes: tuple[str, ...] = tuple(compiled.player_heroes)
        self.hero_ids: tuple[str, ...] = tuple(compiled.hero_ids)
        self.card_ids: tuple[str, ...] = tuple(compiled.card_ids)
        self.unit_ids: tuple[str, ...] = tuple(compiled.unit_ids)
        self.task_ids: tuple[str, ...] = tuple(compiled.task_ids)
        self.status_ids: tuple[str, ...] = tuple(compiled.status_ids)
        self.counter_ids: tuple[str, ...] = tuple(compiled.counter_ids)
        # the cards' and units' tags by number: bit i of a def's `tags` (rule G01)
        self.tags: tuple[str, ...] = compiled.tags
        self.encounter_ids: tuple[str, ...] = tuple(compiled.encounter_ids)
        self.names: Mapping[str, str] = MappingProxyType(dict(compiled.names))
        # every applied action is a player decision of one of the 2 * max_rounds turns (X01),
        # and a turn has at most max_decisions_per_turn of them (X02)
        self.max_match_length: int = (2 * self.config["max_rounds"]
                                      * self.config["max_decisions_per_turn"])
        self.heroes = _views("hero", self.player_heroes, compiled, "hero")
        self.enemies = _views("enemy_hero", self.hero_ids[len(self.player_heroes):], compiled,
                              "enemy_hero")
        self.cards = _views("card", self.card_ids, compiled, "card")
        self.units = _views("unit", self.unit_ids, compiled, "unit")
        self.tasks = _views("task", self.task_ids, compiled, "task")
        # the standard statuses are the engine's (eve.statuses), a pack's are registered
        self.statuses: Mapping[str, Mapping[str, Any]] = MappingProxyType({
            **{sid: MappingProxyType({"id": sid, "kind": "status", **record("status", d)})
               for sid, d in STANDARD_STATUSES.items()},
            **_views("status", [s for s in self.status_ids[len(STANDARD_STATUSES):]
                                if s not in compiled.keyword_statuses], compiled, "status"),
            # a keyword macro's own status, in a catalog where some item has the keyword
            **{sid: MappingProxyType({"id": sid, "kind": "status", **record("status", d)})
               for sid, d in compiled.keyword_statuses.items()}})
        self.encounters = _views("encounter", self.encounter_ids, compiled, "encounter")
        self.counters = _views("counter", self.counter_ids, compiled, "counter")
        # the run's content (rules U01-U21): acts in play order, the others as registered
        self.acts = _views("act", compiled.act_ids, compiled, "act")
        self.events = _views("event", compiled.event_ids, compiled, "event")
        self.rewards = _views("reward", compiled.reward_ids, compiled, "reward")
        self.shops = _views("shop", compiled.shop_ids, compiled, "shop")
        self.sites = _views("site", compiled.site_ids, compiled, "site")
        # keyword macros by the name items give them: the standard ones bare, a pack's by id
        self.keywords: Mapping[str, Mapping[str, Any]] = MappingProxyType({
            k: MappingProxyType({"id": k, "kind": "keyword", **d}) for k, d in
            [*STANDARD_KEYWORDS.items(), *((k, it.data) for k, it in registry.items["keyword"].items())]})
        self._index = {what: {x: i for i, x in enumerate(ids)} for what, ids in (
            ("card", self.card_ids), ("hero", self.hero_ids), ("unit", self.unit_ids),
            ("task", self.task_ids), ("encounter", self.encounter_ids),
            ("status", self.status_ids), ("counter", self.counter_ids))}
        self._pack_fps: list[list[str]] | None = None
        self._move_words: dict[int, str] = {}      # describe_move's "text", once a move
        self._snap_prefix: bytes | None = None
        self._run_snap_prefix: bytes | None = None

    @classmethod
    def compile(cls, registry: Registry, *, rules: Iterable[str] | None = None,
                overrides: Mapping[str, Any] | None = None) -> Catalog:
        """The one compile step: registry (plain frozen data) -> Catalog. An error that only the
        config overrides cause is a ConfigError naming them, not the pack whose item they break."""
        rules = None if rules is None else tuple(rules)
        try:
            compiled = compile_registry(registry, overrides, rules=rules)
        except ContentError as exc:
            if not overrides or isinstance(exc, ConfigError):
                raise
            try:
                compile_registry(registry, None, rules=rules)
            except ContentError:
                raise exc from None
            raise ConfigError(f"the Engine config overrides {thaw(overrides)!r} make content "
                              f"invalid: {exc}", path="config", code=exc.code) from None
        return cls(registry, compiled)

    @property
    def spec(self) -> dict[str, Any]:
        """The compiled tables as plain integers (a copy): what `tables` holds in C."""
        import copy
        return copy.deepcopy(self._spec)

    # ---- lookups ----
    def __getitem__(self, ident: str) -> Mapping[str, Any]:
        for table in (self.heroes, self.cards, self.units, self.encounters, self.tasks, self.enemies,
                      self.acts, self.events, self.rewards, self.shops, self.sites):
            if ident in table:
                return table[ident]
        raise KeyError(ident)

    def __contains__(self, ident: object) -> bool:
        try:
            self[ident]  # type: ignore[index]
        except KeyError:
            return False
        return True

    def index(self, what: str, ident: str) -> int:
        """The table index of an id of kind `what` (card, hero, unit, task, encounter); a bare
        name is accepted when exactly one pack has it."""
        index = self._index[what]
        if isinstance(ident, str):
            if ident in index:
                return index[ident]
            matches = [k for k in index if k.split(":", 1)[1] == ident]
            if len(matches) == 1:
                return index[matches[0]]
        else:
            matches = []
        raise ContentError(f"unknown {what} {ident!r}" + (f" (ambiguous: {matches})" if matches else ""))

    def start_cards(self, hero_index: int) -> list[int]:
        return list(self._spec["heroes"][hero_index]["start_cards"])

    # ---- words for actions and moves ----
    def _target_text(self, match: Match, t: int) -> str:
        target = decode_target(t)
        if target is None:
            return ""
        if target.what == "unit":
            assert target.slot is not None
            if target.slot < CHAR_BASE:
                return f"{target.side} hero {match._unit_id(t)}"     # not heroes(): a dict per hero
            return f"{target.side} lane {target.slot - CHAR_BASE}"
        if target.what == "stack":
            return f"stack item {target.index}"
        return f"card {match.card_id(target.index)}#{target.index}"

    def describe_action(self, match: Match, code: int) -> str:
        """An action code in words, in `match`'s position ("play core:ember_squire#3 to lane 0")."""
        kind, src, tgt, lane = decode_action(code)
        if kind == "pass":
            return "pass"
        if kind == "end_phase":
            return f"end {match.phase}"
        if kind == "play":
            card = match.card_id(src)
            t = self._target_text(match, tgt)
            if self.cards[card].get("kind") == "character":
                # a deploy whose on-enter effect takes a target names both (rule E20)
                return f"play {card}#{src}" + (f" on {t}" if t else "") + f" to lane {lane}"
            return f"play {card}#{src}" + (f" on {t}" if t else "")
        if kind == "activate":
            s = self._target_text(match, src)
            t = self._target_text(match, tgt)
            return f"activate {s}" + (f" on {t}" if t else "")
        if kind == "attack":
            return f"attack with {self._target_text(match, src)} into lane {lane}"
        if kind == "choose":
            return self._choice_text(match, src)
        return f"action {code:#x}"

    def _choice_text(self, match: Match, option: int) -> str:
        """A `choose` action in words: what it takes ("choose core:bolt#3 into abyss", "choose
        mode 2", "discover core:bolt into rift", "stop choosing")."""
        ch = match.choice
        if ch is None:
            return f"choose option {option} (no choice is pending)"
        if option >= len(ch["options"]):
            return "stop choosing" if ch["up_to"] else f"choose option {option} (none)"
        if ch["kind"] == "mode":
            return f"choose mode {ch['options'][option] + 1}"
        if ch["kind"] == "discover":
            return f"discover {ch['ids'][option]} into {ch['into']}"
        return f"choose {ch['ids'][option]}#{ch['options'][option]} into {ch['into']}"

    def describe_move(self, idx: int) -> dict[str, Any]:
        """An Encounter move by its table index, whole: the encounter, its script entry
        (`index`; None inside phases or a pick) and where it is written (`path`, such as
        "phases[1].script[0].pick[2]"), whether it is that entry's `unless` branch, the kind
        and phase, what it makes (`unit` for a summon, `attacker` for an attack, the `target`
        selector and `effect` of an effect), its `lane` (a number or a selector), a pick's
        option's `weight`, its `max_repeats` (a pick's option's or a plain entry's), its `name`,
        the script table it was written as and the move in words (`text`, eve.text)."""
        info = dict(self._move_text[idx])
        m = self._spec["moves"][idx]
        kind = _MOVE_KINDS[m["kind"]]
        info["move"] = kind
        info["phase"] = _PHASES[m["phase"]]
        if kind == "summon":
            info["unit"] = self.unit_ids[m["def_id"]]
        elif kind == "attack":
            info["attacker"] = "leader" if m["attacker"] < 0 else m["attacker"]
        if kind == "effect":
            info["target"] = _ENEMY_TARGETS[m["target_sel"]]
        elif kind != "wait":
            sel = _LANES[m["lane_sel"]]
            info["lane"] = m["lane"] if sel == "fixed" else sel
        written: Any = self.encounters[info["encounter"]]
        for key in info.pop("at"):
            written = written[key]
        if info["branch"]:
            written = written["unless"]["do"]
        m_weight = m.get("weight", 0)
        if m_weight:
            info["weight"] = m_weight
        if m.get("max_repeats", 0):
            info["max_repeats"] = m["max_repeats"]
        info["script"] = thaw(written)          # a copy: the catalog stays as it is
        if "name" in written:
            info["name"] = written["name"]      # one move wherever written (N09)
        if kind == "effect":
            info["effect"] = info["script"].get("effect", [])
        words = self._move_words.get(idx)
        if words is None:
            from eve.text import move_words
            words = self._move_words[idx] = move_words(self, info)
        info["text"] = words
        return info

    def script_moves(self, encounter: str) -> tuple[tuple[int, int | None], ...]:
        """The move table indices of an Encounter's script (every phase's, every option of a
        pick), in the order they are written: the move and its `unless` branch (None without
        one); `describe_move` reads each (its `path` says where it is written)."""
        e = self._spec["encounters"][self.index("encounter", encounter)]
        moves = self._spec["moves"]
        first = e["first_move"]
        return tuple((i, moves[i]["alt"] if moves[i]["alt"] >= 0 else None)
                     for i in range(first, first + e["n_moves"])
                     if not self._move_text[i]["branch"])

    # ---- rules text (eve.text) ----
    def rules_text(self, ident: str) -> str:
        """The rules text of an item by id, numbers included (KeyError for an unknown id)."""
        from eve.text import rules_text
        return rules_text(self, ident)

    def rules_texts(self, *, kinds: Iterable[str] | None = None,
                    packs: Iterable[str] | None = None) -> dict[str, str]:
        """Every item's rules text by id (only the given kinds and packs when given)."""
        from eve.text import rules_texts
        return rules_texts(self, kinds=kinds, packs=packs)

    # ---- snapshots ----
    def pack_fingerprints(self) -> list[list[str]]:
        """[name, version, fingerprint] of every loaded pack: a snapshot's header carries them so
        that a content mismatch can say which packs differ."""
        if self._pack_fps is None:
            reg = self._registry
            out = []
            for name, manifest in sorted(reg.packs.items()):
                items = fingerprinted({kind: {i: thaw(it.data) for i, it in table.items()
                                              if it.pack == name}
                                       for kind, table in reg.items.items()})
                blob = json.dumps({"manifest": thaw(manifest), "items": items}, sort_keys=True,
                                  separators=(",", ":"), default=str).encode()
                out.append([name, str(manifest.get("version", "")),
                            hashlib.sha256(blob).hexdigest()[:16]])
            self._pack_fps = out
        return [list(p) for p in self._pack_fps]

    @property
    def snapshot_prefix(self) -> bytes:
        """The constant first part of this content's snapshots (ABI v5 header)."""
        if self._snap_prefix is None:
            from eve._version import __version__
            from eve.core.snapshot import header_prefix
            self._snap_prefix = header_prefix(__version__, self.fingerprint, self.pack_fingerprints())
        return self._snap_prefix

    @property
    def run_snapshot_prefix(self) -> bytes:
        """The constant first part of this content's run snapshots (magic "eve.runsnap")."""
        if self._run_snap_prefix is None:
            from eve._version import __version__
            from eve.core.run_snapshot import header_prefix
            self._run_snap_prefix = header_prefix(__version__, self.fingerprint,
                                                  self.pack_fingerprints())
        return self._run_snap_prefix

    def run_snapshot(self, run: Any) -> bytes:
        from eve.core.run_snapshot import encode_run
        return encode_run(run, self.run_snapshot_prefix)

    def snapshot(self, match: Match) -> bytes:
        from eve.core.snapshot import encode
        return encode(match, self.snapshot_prefix)
