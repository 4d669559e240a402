"""The rule configuration and the items: heroes, enemies, units, keywords, cards, counters,
statuses and tasks."""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from eve.compiler.context import (
    CONFIG_KEYS,
    COST_KEYS,
    MAX_EVENTS,
    STANDING,
    UNIT_TARGETS,
    Ctx,
    check_overrides,
    resolve_ref,
)
from eve.compiler.filters import tag_bits, target_filter
from eve.compiler.triggers import Triggers
from eve.core.tables import ENUMS, LIMITS
from eve.errors import ConfigError, ContentError
from eve.expressions import shadowed_names
from eve.keywords import FLAGS as KEYWORD_FLAGS
from eve.keywords import KINDS as KEYWORD_KINDS
from eve.keywords import PARAM_RANGE, PARAMS, use_of
from eve.keywords import REFUSED as REFUSED_KEYWORDS
from eve.keywords import STANDARD as STANDARD_KEYWORDS
from eve.keywords import expand as expand_keyword
from eve.plugins import errors as codes
from eve.plugins.registry import Item
from eve.statuses import STANDARD as STANDARD_STATUSES


class Items(Triggers):
    """Each item kind's record for the core's tables."""

    def _rule_items(self) -> list[Item]:
        """The rule configurations that apply, in order: those of the selected packs."""
        items = list(self.reg.items["config"].values())
        if self.rules is None:
            return items
        by_pack = {it.pack: it for it in items}
        for name in self.rules:
            if name not in self.reg.packs:
                raise ConfigError(f"rules of pack {name!r} are selected, but no such pack is "
                                  f"loaded (loaded: {', '.join(sorted(self.reg.packs)) or 'none'})",
                                  path="rules", code=codes.UNKNOWN_REFERENCE)
            if name not in by_pack:
                raise ConfigError(f"rules of pack {name!r} are selected, but that pack registers "
                                  "no rule configuration", path="rules",
                                  code=codes.UNKNOWN_REFERENCE)
        return [by_pack[name] for name in self.rules]

    def config(self) -> dict[str, Any]:
        cfgs = self._rule_items()
        if not cfgs:
            if self.partial:        # a trial before any rules are registered: checks need lanes only
                self.cfg: dict[str, Any] = {k: 0 for k in CONFIG_KEYS}
                self.cfg.update(lanes=LIMITS["lanes"], player_hero_slots=LIMITS["hero_slots"],
                                costs={k: 0 for k in COST_KEYS}, max_events=0)
                self.run_rules = ({}, None)
                return self.cfg
            registered = sorted({it.pack for it in self.reg.items["config"].values()})
            hint = (f"; packs {', '.join(registered)} register rules: select them with "
                    "Engine(rules=[...])" if registered else " (hook eve_register_rules)")
            raise ContentError(f"no rule configuration applies{hint}", code=codes.MISSING_FIELD)
        check_overrides(self.overrides)
        data: dict[str, Any] = {}
        src: dict[str, Item | None] = {}          # where each number comes from (None: override)
        for c in cfgs:
            data.update(c.data)
            src.update(dict.fromkeys(c.data, c))
        for k, v in self.overrides.items():
            if k != "costs":
                data[k], src[k] = v, None
        last = Ctx(cfgs[-1], "config", ())
        costs = data.get("costs", {})
        if not isinstance(costs, Mapping):
            raise Ctx(src["costs"], "config", ()).err("costs", "must be a table of category costs",
                                                       codes.WRONG_TYPE)
        costs = dict(costs)
        csrc: dict[str, Item | None] = dict.fromkeys(costs, src.get("costs"))
        for k, v in self.overrides.get("costs", {}).items():
            costs[k], csrc[k] = v, None

        def at(key: str, sources: dict[str, Item | None]) -> Ctx:
            return Ctx(sources[key], "config", ()) if key in sources else last

        # balance numbers stay small enough that every meter value fits the snapshot's ranges
        out: dict[str, Any] = {k: at(k, src).int(data, k, "", lo=-99 if k.startswith("morality") else 0,
                                 hi=999 if k in ("max_rounds", "max_decisions_per_turn") else 99)
               for k in CONFIG_KEYS}
        out["costs"] = {k: at(k, csrc).int(costs, k, "costs.", hi=99) for k in COST_KEYS}
        # B04: the events one match's log keeps; optional, so that no pack must name it
        out["max_events"] = at("max_events", src).int(data, "max_events", "",
                                                      default=LIMITS["events_per_match"],
                                                      lo=0, hi=MAX_EVENTS)
        if not 1 <= out["lanes"] <= LIMITS["lanes"]:
            raise at("lanes", src).err("lanes", f"must be between 1 and {LIMITS['lanes']}",
                                       codes.OUT_OF_RANGE)
        if not 1 <= out["player_hero_slots"] <= LIMITS["hero_slots"]:
            raise at("player_hero_slots", src).err(
                "player_hero_slots", f"must be between 1 and {LIMITS['hero_slots']}", codes.OUT_OF_RANGE)
        for k in ("max_rounds", "max_decisions_per_turn"):
            if out[k] < 1:
                raise at(k, src).err(k, "must be at least 1", codes.OUT_OF_RANGE)
        # the run's numbers (rules U01-U21), compiled with the run's content (eve.compiler.run)
        self.run_rules = (data.get("run", {}), at("run", src))
        self.cfg = out
        return out

    def _ability(self, ctx: Ctx, data: Mapping, key: str) -> tuple[int, int, int, int]:
        """An ability (or an on-enter effect): its program, target, reaction flag and target
        filter (G02)."""
        ab = data.get(key)
        if ab is None:
            return -1, 0, 0, 0
        if not isinstance(ab, Mapping):
            raise ctx.err(key, "must be a table with target, effect and optional reaction",
                          codes.WRONG_TYPE)
        target = ab["target"]
        prog = self.program(ctx, ab.get("effect"), f"{key}.effect", target)
        return (prog, ctx.enum("target", target, f"{key}.target"),
                int(self._flag(ctx, ab, "reaction", f"{key}.")),
                target_filter(ctx, ab, key, self.tag_index))

    def hero(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"heroes.{it.id}")
        d = it.data
        prog, tgt, react, filt = self._ability(ctx, d, "ability")
        cards = ctx.seq(d, "cards", "list of card names")
        if len(cards) > LIMITS["start_cards"]:
            raise ctx.err("cards", f"{len(cards)} starting cards exceed {LIMITS['start_cards']}",
                          codes.OUT_OF_RANGE)
        return {"max_hp": ctx.int(d, "max_hp", "", lo=1), **self.numbers(ctx, d, "HeroDef"),
                "ability_prog": prog, "ability_target": tgt, "ability_reaction": react,
                "ability_filter": filt, "start_cards": [resolve_ref(ctx, c, self.card_index, "card", f"cards[{i}]")
                                for i, c in enumerate(cards)],
                "triggers": self._triggers(ctx, d, "unit"), "aura": self._aura(ctx, d, "hero")}

    def enemy(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"units.{it.id}")
        d = it.data
        if "tags" in d:
            raise ctx.err("tags", "an enemy hero is never a chosen card nor summoned: only "
                          "cards and summonable units have tags (rule G01)", codes.UNKNOWN_FIELD)
        return {"max_hp": ctx.int(d, "max_hp", "", lo=1), **self.numbers(ctx, d, "UnitDef"),
                "ambition": 0, "morality": 0, "ability_prog": -1, "ability_target": 0,
                "ability_reaction": 0, "start_cards": [], "triggers": self._triggers(ctx, d, "unit"),
                "aura": self._aura(ctx, d, "hero")}

    def unit(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"units.{it.id}")
        d = it.data
        bits, extra = self.keywords(ctx, d, "unit")
        return {**self.numbers(ctx, d, "UnitDef"), "hp": ctx.int(d, "hp", "", lo=1),
                "keywords": bits, "triggers": self._triggers(ctx, d, "unit", extra=extra),
                "aura": self._aura(ctx, d, "unit"), "tags": tag_bits(ctx, d, self.tag_index)}

    # ---- keywords (eve.keywords): core flags, and macros expanded into triggers ----
    def _keyword_defs(self) -> None:
        """Check every pack keyword's definition; index the macros by id (the standard ones
        by their bare name)."""
        self.keyword_items: dict[str, Item] = dict(self.reg.items["keyword"])
        self.macros: dict[str, Mapping] = dict(STANDARD_KEYWORDS)
        for kid, it in self.keyword_items.items():
            ctx = self.ctx(it, f"keywords.{kid}")
            d = it.data
            local = kid.split(":", 1)[1]
            if local in KEYWORD_FLAGS or local in STANDARD_KEYWORDS:
                raise ctx.err("", f"{local!r} is a built-in keyword (eve.keywords): a pack's "
                              "keyword takes another name")
            ps = ctx.mapping(d.get("params", {}), "params", "a table of parameters and defaults")
            for p in ps:
                if p not in PARAMS:
                    raise ctx.err(f"params.{p}", f"unknown parameter {p!r} (a keyword's "
                                  f"parameters are: {', '.join(PARAMS)})", codes.UNKNOWN_FIELD)
                ctx.int(ps, p, "params.", lo=PARAM_RANGE[0], hi=PARAM_RANGE[1])
            for i, k in enumerate(ctx.seq(d, "applies_to", "list of item kinds")):
                if k not in KEYWORD_KINDS:
                    raise ctx.err(f"applies_to[{i}]", f"unknown item kind {k!r} (one of: "
                                  f"{', '.join(KEYWORD_KINDS)})")
            for key in ("name", "text"):
                if key in d and not isinstance(d[key], str):
                    raise ctx.err(key, f"must be a string, not {d[key]!r}", codes.WRONG_TYPE)
            ctx.seq(d, "triggers", "list of triggers")
            if "status" in d:
                ctx.mapping(d["status"], "status", "a status table")
            self.macros[kid] = d

    def _keyword_statuses(self) -> dict[str, Any]:
        """The statuses of the macros that some card or unit names, in the macros' order."""
        used: set[str] = set()
        for kind in ("card", "unit"):
            for it in self.items[kind].values():
                kws = it.data["keywords"]
                for entry in kws if isinstance(kws, (list, tuple)) else ():
                    name = use_of(entry)[0]
                    if isinstance(name, str):
                        used.add(name if name in STANDARD_KEYWORDS or ":" in name
                                 else f"{it.pack}:{name}")
        return {kid: m["status"] for kid, m in self.macros.items()
                if kid in used and m.get("status") is not None}

    def _macro(self, ctx: Ctx, name: str, path: str) -> str:
        """The id of the macro `name` names in `ctx`'s item."""
        if name in STANDARD_KEYWORDS:
            return name
        pack = ctx.item.pack if ctx.item is not None else ""
        if ":" in name:
            resolve_ref(ctx, name, dict.fromkeys(self.keyword_items, 0), "keyword", path)
            return name
        if f"{pack}:{name}" in self.keyword_items:
            return f"{pack}:{name}"
        if name in REFUSED_KEYWORDS:
            raise ctx.err(path, f"keyword {name!r} has no meaning in eve: "
                          f"{REFUSED_KEYWORDS[name]}; remove it", codes.INVALID_VALUE)
        known = [*KEYWORD_FLAGS, *STANDARD_KEYWORDS,
                 *(k.split(":", 1)[1] if k.startswith(f"{pack}:") else k
                   for k in self.keyword_items)]
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ctx.err(path, f"unknown keyword {name!r}{hint} (one of: {', '.join(known)})")

    def keywords(self, ctx: Ctx, d: Mapping, kind: str
                 ) -> tuple[int, list[tuple[str, Any, str]]]:
        """An item's keywords: the core flags' bits, and the triggers its macros add, each
        with its field path and the macro's id."""
        bits = 0
        extra: list[tuple[str, Any, str]] = []
        for i, entry in enumerate(ctx.seq(d, "keywords")):
            path = f"keywords[{i}]"
            name, given = use_of(entry)
            if isinstance(entry, Mapping):
                path_name = f"{path}.name"
                if name is None:
                    raise ctx.err(path_name, "is required: the keyword's name", codes.MISSING_FIELD)
            else:
                path_name = path
            if not isinstance(name, str):
                raise ctx.err(path_name, f"must name a keyword, not {name!r}", codes.WRONG_TYPE)
            if name in KEYWORD_FLAGS:
                if given:
                    raise ctx.err(f"{path}.{next(iter(given))}", f"the core keyword {name!r} "
                                  "takes no parameter", codes.UNKNOWN_FIELD)
                bits |= ENUMS["keyword"][name]
                continue
            kid = self._macro(ctx, name, path_name)
            macro = self.macros[kid]
            applies = macro.get("applies_to") or KEYWORD_KINDS
            if kind not in applies:
                raise ctx.err(path, f"keyword {kid!r} is for {', '.join(applies)}, not a {kind}")
            declared = macro.get("params", {})
            for p in given:
                if p not in declared:
                    takes = ", ".join(declared) or "none"
                    raise ctx.err(f"{path}.{p}", f"keyword {kid!r} takes no parameter {p!r} "
                                  f"(its parameters: {takes})", codes.UNKNOWN_FIELD)
                ctx.int(given, p, f"{path}.", lo=PARAM_RANGE[0], hi=PARAM_RANGE[1])
            status = kid if kid in self.out.keyword_statuses else None
            for j, t in enumerate(expand_keyword(macro, given, status)):
                extra.append((f"{path}.triggers[{j}]", t, kid))
        return bits, extra

    def card(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"cards.{it.id}")
        d = it.data
        kind = d.get("kind")
        kindn = ctx.enum("card_kind", kind, "kind")
        bits, extra = self.keywords(ctx, d, str(kind))
        out: dict[str, Any] = {"kind": kindn, "keywords": bits, "power": 0, "hp": 0,
               "charges": 0, "play_target": 0, "on_enter": -1, "ability_prog": -1,
               "ability_target": 0, "ability_reaction": 0, "ally_power": 0, "play_cond": -1,
               "play_filter": 0, "ability_filter": 0}
        ctx.int(d, "aurorune", "", 0, hi=99999)   # a shop price only: checked, never compiled
        if "play_if" in d:
            out["play_cond"] = self._expression(ctx, d["play_if"], "play_if")
        if kind == "character":
            out["power"] = ctx.int(d, "power", "")
            out["hp"] = ctx.int(d, "hp", "", lo=1)
        on_enter = d.get("on_enter")
        if on_enter is not None:
            ctx.mapping(on_enter, "on_enter", "a table with target and effect")
            target = on_enter["target"]
            if kind == "character" and target not in UNIT_TARGETS:
                raise ctx.err("on_enter.target", "a character's on-enter target is a unit "
                              f"({', '.join(UNIT_TARGETS[1:])}) or none: it is chosen with "
                              "the lane (rule E20), and a card target would multiply the "
                              "choices past the core's capacity")
            with self.own_card(STANDING if kind == "character" else None):
                out["on_enter"] = self.program(ctx, on_enter.get("effect"), "on_enter.effect", target)
            out["play_target"] = ctx.enum("target", target, "on_enter.target")
            out["play_filter"] = target_filter(ctx, on_enter, "on_enter", self.tag_index)
        with self.own_card(STANDING if kind == "character"
                           else "a Sortilege's ability runs without its card (rule V03)"):
            (out["ability_prog"], out["ability_target"], out["ability_reaction"],
             out["ability_filter"]) = self._ability(ctx, d, "ability")
        out["tags"] = tag_bits(ctx, d, self.tag_index)
        if kind == "sortilege":
            out["charges"] = ctx.int(d, "charges", "", lo=1, hi=99)
        elif "charges" in d:
            raise ctx.err("charges", "only a Sortilege has charges")
        if out["ability_prog"] >= 0 and kind == "relic":
            raise ctx.err("ability", "a Relic has triggers and static modifiers, not an activated ability")
        if d.get("trigger") is not None and kind != "relic":
            raise ctx.err("trigger", "`trigger` is a Relic's (any card may have `triggers`)")
        out["triggers"] = self._triggers(ctx, d, "character" if kind == "character" else "enhancement",
                                         extra=extra)
        if "ally_power" in d:
            if kind != "relic":
                raise ctx.err("ally_power", "only a Relic has static modifiers")
            out.update(self.numbers(ctx, d, "CardDef"))
        if "aura" in d and kind == "sortilege":
            raise ctx.err("aura", "a Sortilege has no aura: a character, a Relic, a hero or a "
                          "unit holds one while it is in play (rule A01)")
        out["aura"] = self._aura(ctx, d, str(kind))
        return out

    def counter(self, it: Item) -> int:
        """A counter (rule V01): when it goes back to 0."""
        ctx = self.ctx(it, f"counters.{it.id}")
        local = it.id.split(":", 1)[1]
        if local in shadowed_names("counter"):
            raise ctx.err("", f"a counter named {local!r} could never be written: counter = "
                          f"{local!r} in an instruction is a card's own counter; the counter "
                          "takes another name", codes.SHADOWED_NAME)
        return ctx.enum("counter_reset", it.data["reset"], "reset")

    # a grant of power, not of a status (defs.pxd GRANT_POWER)
    GRANT_POWER = -1

    def _aura(self, ctx: Ctx, d: Mapping, kind: str) -> tuple[int, int, int]:
        """An item's aura (rule A01) as (stacks, status or GRANT_POWER, who); (0, 0, 0): none."""
        if "aura" not in d:
            return (0, 0, 0)
        a = ctx.mapping(d["aura"], "aura", "a table {status, n, who} or {power, who}")
        if ("status" in a) == ("power" in a):
            raise ctx.err("aura", "an aura gives a status (status, n) or power (power): one "
                          "of them", codes.MISSING_FIELD if "status" not in a else
                          codes.INVALID_VALUE)
        if "who" not in a:
            raise ctx.err("aura.who", "is required: whom the aura reaches; one of: "
                          f"{', '.join(ENUMS['aura_who'])}", codes.MISSING_FIELD)
        who = ctx.enum("aura_who", a["who"], "aura.who")
        if kind == "relic" and str(a["who"]).startswith("other_"):
            raise ctx.err("aura.who", "a Relic is not a unit, so it has no `other`: "
                          f"{str(a['who'])[6:]!r} reaches the same units")
        if "power" in a:
            if "n" in a:
                raise ctx.err("aura.n", "an aura of power gives `power`; `n` is a status's "
                              "stacks", codes.UNKNOWN_FIELD)
            return (ctx.int(a, "power", "aura.", lo=1, hi=99), self.GRANT_POWER, who)
        s = self._status_ref(ctx, a["status"], "aura.status")
        if self.status_specs[s]["decay_at"] != 0:
            raise ctx.err("aura.status", "an aura's status must not decay: the aura gives its "
                          "stacks once, for as long as its source stays (rule A03)")
        return (ctx.int(a, "n", "aura.", lo=1, hi=99), s, who)

    def status(self, it: Item | None, sid: str, d: Mapping, base: str | None = None
               ) -> dict[str, Any]:
        """A status definition (the standard ones, and a standard keyword's, have no item:
        eve.statuses, eve.keywords; a pack keyword's status has its keyword's item)."""
        base = base or f"statuses.{sid}"
        ctx = self.ctx(it, base) if it is not None else Ctx(None, base)
        if it is not None and sid.split(":", 1)[1] in STANDARD_STATUSES:
            raise ctx.err("", f"{sid.split(':', 1)[1]!r} is a standard status (eve.statuses): a "
                          "pack's status takes another name", codes.INVALID_VALUE)
        if it is not None and sid.split(":", 1)[1] in shadowed_names("status"):
            local = sid.split(":", 1)[1]
            raise ctx.err("", f"a status named {local!r} could never be read: `target.{local}` "
                          f"is the attribute {local!r}; the status takes another name",
                          codes.SHADOWED_NAME)
        out: dict[str, Any] = {
            "stacking": ctx.enum("status_stacking", d["stacking"], "stacking"),
            "polarity": ctx.enum("status_polarity", d.get("polarity"), "polarity"),
            "decay_at": 0, "decay_by": 0, "tick_at": 0, "tick_prog": -1,
            "absorb": int(self._flag(ctx, d, "absorb", "")),
            "negate": int(self._flag(ctx, d, "negate", "")),
            "spend": ctx.enum("status_spend", d["spend"], "spend"),
            "keeps": 0,
        }
        # the most stacks, the modifiers (power, the damage pipeline's, the cap, the shield
        # gained): their defaults and ranges are StatusDef's columns (eve.core.records)
        out.update(self.numbers(ctx, d, "StatusDef"))
        if "decay" in d:
            dec = ctx.mapping(d["decay"], "decay", "a table {at, by}")
            out["decay_at"] = self._timing(ctx, dec.get("at"), "decay.at")
            out["decay_by"] = ctx.enum("status_decay", dec["by"], "decay.by")
        if "tick" in d:
            tick = ctx.mapping(d["tick"], "tick", "a table {at, effect}")
            out["tick_at"] = self._timing(ctx, tick.get("at"), "tick.at")
            if "effect" not in tick:
                raise ctx.err("tick.effect", "is required: the program it runs for the unit",
                              codes.MISSING_FIELD)
            out["tick_prog"] = self.program(ctx, tick["effect"], "tick.effect",
                                            off_stack="a status tick")
        for i, k in enumerate(ctx.seq(d, "keeps", "list of statuses")):
            out["keeps"] |= 1 << self._status_ref(ctx, k, f"keeps[{i}]")
        out["triggers"] = self._triggers(ctx, d, "status", limited=False)
        return out

    def _timing(self, ctx: Ctx, value: Any, path: str) -> int:
        t = ctx.enum("status_timing", value, path)
        if t == ENUMS["status_timing"]["never"]:
            raise ctx.err(path, "is turn_start or turn_end (leave the table out for never)")
        return t

    def task(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"tasks.{it.id}")
        d = it.data
        return {"goal": ctx.enum("goal", d.get("goal"), "goal"),
                "threshold": ctx.int(d, "threshold", "", lo=1),
                "reward_prog": self.program(ctx, d.get("reward"), "reward",
                                            off_stack="a task reward")}
