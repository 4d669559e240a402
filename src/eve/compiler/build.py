"""The compiler: one pass over a Registry, each kind by its part (programs, items, triggers,
scripts), into the plain-int records eve.core.records packs for the core."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from eve.compiler.context import (
    Compiled,
)
from eve.compiler.filters import content_tags
from eve.compiler.items import Items
from eve.compiler.normalise import record
from eve.compiler.run import Run
from eve.compiler.scripts import Scripts
from eve.core.content_kinds import KINDS as CONTENT_KINDS
from eve.core.tables import LIMITS
from eve.errors import ContentError
from eve.plugins import errors as codes
from eve.plugins.registry import Registry, fingerprinted, thaw
from eve.statuses import STANDARD as STANDARD_STATUSES


class Compiler(Items, Scripts, Run):
    """Compiles a Registry. With `partial=True` (the engine's per-pack trial while it loads
    packs) the catalog need not be complete yet: no hero, Encounter or rule configuration is
    required, and the result is only a validation, never loaded."""

    def compile(self) -> Compiled:
        reg = self.reg
        out = self.out
        items = self.items
        heroes = list(items["hero"].values())
        enemies = list(items["enemy_hero"].values())
        out.player_heroes = [h.id for h in heroes]
        out.hero_ids = out.player_heroes + [e.id for e in enemies]
        out.card_ids = list(items["card"])
        out.unit_ids = list(items["unit"])
        out.task_ids = list(items["task"])
        self._keyword_defs()
        out.keyword_statuses = self._keyword_statuses()
        out.status_ids = [*STANDARD_STATUSES, *items["status"], *out.keyword_statuses]
        out.counter_ids = list(items["counter"])
        self.counter_index = {c: i for i, c in enumerate(out.counter_ids)}
        out.encounter_ids = list(items["encounter"])
        out.tags = content_tags(it.data for kind in ("card", "unit") for it in items[kind].values())
        self.tag_index = {t: i for i, t in enumerate(out.tags)}
        self.hero_index = {h: i for i, h in enumerate(out.hero_ids)}
        self.enemy_index = {e.id: len(heroes) + i for i, e in enumerate(enemies)}
        self.player_index = {h.id: i for i, h in enumerate(heroes)}
        self.card_index = {c: i for i, c in enumerate(out.card_ids)}
        self.unit_index = {u: i for i, u in enumerate(out.unit_ids)}
        self.task_index = {t: i for i, t in enumerate(out.task_ids)}
        self.task_goals = [items["task"][t].data.get("goal") for t in out.task_ids]
        self.status_index = {s: i for i, s in enumerate(out.status_ids)}
        for kind in (k.name for k in CONTENT_KINDS if k.named):
            for it in items[kind].values():
                out.names[it.id] = str(it.data.get("name", it.id.split(":", 1)[1]))
        for sid, data in [*STANDARD_STATUSES.items(), *out.keyword_statuses.items()]:
            out.names[sid] = str(data.get("name", sid.split(":")[-1]))

        spec: dict[str, Any] = {}
        spec["config"] = self.config()
        if len(out.status_ids) > LIMITS["statuses"]:
            raise ContentError(f"{len(out.status_ids)} statuses (the {len(STANDARD_STATUSES)} "
                               f"standard ones included) exceed the core's {LIMITS['statuses']}",
                               code=codes.CAPACITY)
        spec["statuses"] = ([self.status(None, sid, record("status", d))
                             for sid, d in STANDARD_STATUSES.items()]
                            + [self.status(it, it.id, it.data) for it in items["status"].values()]
                            + [self.status(self.keyword_items.get(sid), sid, record("status", d),
                                           f"keywords.{sid}.status")
                               for sid, d in out.keyword_statuses.items()])
        self.status_specs = spec["statuses"]
        if len(out.counter_ids) > LIMITS["counters"]:
            raise ContentError(f"{len(out.counter_ids)} counters exceed the core's "
                               f"{LIMITS['counters']}", code=codes.CAPACITY)
        spec["counters"] = [self.counter(c) for c in items["counter"].values()]
        spec["tasks"] = [self.task(t) for t in items["task"].values()]
        spec["cards"] = [self.card(c) for c in items["card"].values()]
        spec["heroes"] = [self.hero(h) for h in heroes] + [self.enemy(e) for e in enemies]
        spec["units"] = [self.unit(u) for u in items["unit"].values()]
        spec["moves"] = []
        spec["encounters"] = [self.encounter(e, spec["moves"]) for e in items["encounter"].values()]
        # the run's content last: its programs after every match program (rule U19)
        run = self.run_spec()
        if run is not None:
            spec["run"] = run
        spec["programs"] = self.programs
        spec["triggers"] = self.triggers
        spec["expressions"] = self.expressions
        spec["parts"] = self.parts
        spec["entries"] = self.entries
        if not out.player_heroes and not self.partial:
            raise ContentError("no hero is registered", code=codes.MISSING_FIELD)
        if not out.encounter_ids and not self.partial:
            raise ContentError("no encounter is registered", code=codes.MISSING_FIELD)
        out.spec = spec
        out.fingerprint = fingerprint(reg, self.overrides, self.rules)
        out.rules = self.rules
        return out


def fingerprint(reg: Registry, overrides: Mapping[str, Any] | None = None,
                rules: Sequence[str] | None = None) -> str:
    """A stable hash of everything registered, pack manifests (versions) included, of the
    Engine's config overrides when there are any, and of which packs' rules apply (both change
    the compiled rules)."""
    doc: dict[str, Any] = {
        "packs": {k: thaw(v) for k, v in sorted(reg.packs.items())},
        "items": {kind: {i: thaw(it.data) for i, it in table.items()}
                  for kind, table in fingerprinted(reg.items).items()}}
    if overrides:
        doc["overrides"] = thaw(overrides)
    if rules is not None and list(rules) != [p for p in reg.packs if p in
                                             {it.pack for it in reg.items["config"].values()}]:
        doc["rules"] = list(rules)
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":"), default=str).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def compile_registry(reg: Registry, overrides: Mapping[str, Any] | None = None,
                     partial: bool = False, rules: Sequence[str] | None = None) -> Compiled:
    return Compiler(reg, overrides, partial, rules).compile()
