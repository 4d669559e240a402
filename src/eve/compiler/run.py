"""The run's content (rules U01-U21) into spec["run"]: the records of eve.core.records that the
core's `CompiledContent._load_run` packs into RunTables (RunConfig, ActDef, RunOption, EventDef,
SiteDef, RewardDef, ShopDef, CardRun, HeroRun).

Run programs (an event's or a site's option, a Relic's `run` trigger) compile into the same
program pool as a match's, by the same emission (eve.compiler.programs), with the run's
instructions and selectors only (rule U19); they and every other run record are compiled after
all of the match's, so content without run fields compiles exactly as before. spec["run"] is
left out when no act is registered: such content has no run.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from eve.compiler.context import Ctx, resolve_ref
from eve.compiler.normalise import NODE_KINDS, OFFERED
from eve.compiler.programs import Programs
from eve.compiler.run_programs import hint
from eve.compiler.upgrades import base_of, form_id
from eve.core.tables import ENUMS, LIMITS
from eve.plugins import errors as codes
from eve.plugins.registry import Item

#: an option's condition: "<value> <cmp> <int>"
_COND = re.compile(r"^\s*([a-z_]+)\s*(>=|<=|==|!=|>|<)\s*(-?\d+)\s*$")
# a condition's number as the int16 column holds it: every value it compares (aurorune, hp,
# counts) is within [0, RUN_LIMIT], so a bound past the column compares as the column's end
_COND_BOUND = 32767
#: the node kinds a reward table and a site are for
REWARD_NODES = ("fight", "elite", "boss")
SITE_NODES = ("sanctum", "forge")


class Run(Programs):
    """The run's content: its rule numbers, acts, events, sites, rewards, shop, and what the run
    reads of each card and hero."""

    def run_program(self, ctx: Ctx, effect: Any, path: str, target: str) -> int:
        """A run program's index in the pool (-1: an empty effect, which does nothing)."""
        if effect is None or isinstance(effect, (list, tuple)) and not effect:
            return -1
        self.run_target = target
        try:
            return self.program(ctx, effect, path, off_stack="a run program")
        finally:
            self.run_target = None

    # ---- the records ----
    def run_spec(self) -> dict[str, Any] | None:
        """spec["run"], or None when no act is registered (everything is checked all the
        same)."""
        items = self.items
        out = self.out
        acts = sorted(enumerate(items["act"].values()), key=lambda p: (p[1].data["order"], p[0]))
        out.act_ids = [it.id for _, it in acts]
        out.event_ids = list(items["event"])
        out.reward_ids = list(items["reward"])
        out.shop_ids = list(items["shop"])
        out.site_ids = list(items["site"])
        self.act_index = {a: i for i, a in enumerate(out.act_ids)}
        self.encounter_index = {e: i for i, e in enumerate(out.encounter_ids)}
        config = self.run_config()
        if len(acts) > LIMITS["acts"]:
            raise self.ctx(acts[-1][1], f"acts.{acts[-1][1].id}").err(
                "", f"{len(acts)} acts exceed the core's {LIMITS['acts']}", codes.CAPACITY)
        events = list(items["event"].values())
        if len(events) > LIMITS["events"]:
            raise self.ctx(events[-1], f"events.{events[-1].id}").err(
                "", f"{len(events)} events exceed the core's {LIMITS['events']}", codes.CAPACITY)
        self.run_options: list[dict[str, Any]] = []
        run: dict[str, Any] = {
            "config": config, "player_heroes": len(out.player_heroes),
            "acts": [self.act(it) for _, it in acts],
            "events": [self.event(it) for it in items["event"].values()],
            "sites": self._by_node(items["site"], "site", SITE_NODES, self.site),
            "rewards": self._by_node(items["reward"], "reward", REWARD_NODES, self.reward),
            # the last shop registered is the run's (a pack's replaces the built-in one)
            "shop": self.shop(list(items["shop"].values())[-1]) if items["shop"] else None,
            "cards": [self.card_run(it) for it in items["card"].values()],
            "heroes": [self.hero_run(h, config) for h in out.hero_ids],
        }
        run["options"] = self.run_options
        if run["shop"] is None:
            del run["shop"]
        return run if acts else None

    def run_config(self) -> dict[str, int]:
        data, src = self.run_rules
        ctx = src if src is not None else Ctx(None, "config")
        run = ctx.mapping(data, "run", "a table of the run's numbers")
        sub = Ctx(ctx.item, f"{ctx.base}.run", ctx.requires)
        cfg = self.numbers(sub, run, "RunConfig")
        if "party" not in run:      # the default party is as big as a match lets it be
            cfg["party"] = min(cfg["party"], self.cfg["player_hero_slots"])
        if cfg["party"] > self.cfg["player_hero_slots"]:
            raise sub.err("party", f"{cfg['party']} heroes exceed the match's "
                          f"player_hero_slots ({self.cfg['player_hero_slots']})",
                          codes.OUT_OF_RANGE)
        if cfg["deck_cap"] + cfg["relic_cap"] > LIMITS["cards_per_match"]:
            raise sub.err("deck_cap", f"deck_cap {cfg['deck_cap']} and relic_cap "
                          f"{cfg['relic_cap']} exceed a match's {LIMITS['cards_per_match']} "
                          "cards together", codes.OUT_OF_RANGE)
        return cfg

    def _pool(self, ctx: Ctx, d: Mapping, key: str, hi: int) -> list[int]:
        pool = ctx.seq(d, key, "list of Encounters")
        if len(pool) > hi:
            raise ctx.err(key, f"{len(pool)} Encounters exceed the limit of {hi}",
                          codes.OUT_OF_RANGE)
        return [resolve_ref(ctx, e, self.encounter_index, "encounter", f"{key}[{i}]")
                for i, e in enumerate(pool)]

    def act(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"acts.{it.id}")
        d = it.data
        ctx.int(d, "order", "", lo=1, hi=9)
        out: dict[str, Any] = self.numbers(ctx, d, "ActDef")
        if out["elite_floor"] > out["floors"]:
            raise ctx.err("elite_floor", f"{out['elite_floor']} is past the act's {out['floors']} "
                          "floors", codes.OUT_OF_RANGE)
        nodes = ctx.mapping(d["nodes"], "nodes", "a table of node kinds' weights")
        out["nodes"] = {k: ctx.int(nodes, k, "nodes.", lo=0, hi=999) for k in NODE_KINDS}
        out["nodes"]["boss"] = 0                # the boss floor is fixed (rule U09)
        if not any(out["nodes"].values()):
            raise ctx.err("nodes", "every weight is 0: the free floors could draw no node")
        out["fights"] = self._pool(ctx, d, "fights", LIMITS["act_pool"])
        out["elites"] = self._pool(ctx, d, "elites", LIMITS["act_pool"])
        out["bosses"] = self._pool(ctx, d, "bosses", 4)
        return out

    def options(self, ctx: Ctx, d: Mapping) -> tuple[int, int]:
        """An event's or a site's options into the pool: (first, n)."""
        opts = ctx.seq(d, "options", "list of options")
        if not opts:
            raise ctx.err("options", "is required: at least one option (the player must be "
                          "able to go on)", codes.MISSING_FIELD)
        if len(opts) > LIMITS["run_options"]:
            raise ctx.err("options", f"{len(opts)} options exceed the limit of "
                          f"{LIMITS['run_options']}", codes.OUT_OF_RANGE)
        first = len(self.run_options)
        if first + len(opts) > LIMITS["run_option_pool"]:
            raise ctx.err("options", "the content's options exceed the core's pool of "
                          f"{LIMITS['run_option_pool']}", codes.CAPACITY)
        for i, o in enumerate(opts):
            self.run_options.append(self.option(ctx, ctx.mapping(o, f"options[{i}]", "a table"),
                                                f"options[{i}]"))
        return first, len(opts)

    def option(self, ctx: Ctx, o: Mapping, p: str) -> dict[str, Any]:
        target = o["target"]
        out: dict[str, Any] = {"target": ctx.enum("run_target", target, f"{p}.target")}
        if "if" in o:
            out["cond"] = self.condition(ctx, o["if"], f"{p}.if")
        cost = ctx.mapping(o["cost"], f"{p}.cost", "a table {hp, aurorune}")
        out["cost_hp"] = ctx.int(cost, "hp", f"{p}.cost.", lo=0, hi=LIMITS["run_limit"])
        out["cost_aurorune"] = ctx.int(cost, "aurorune", f"{p}.cost.", lo=0, hi=99999)
        out["cost_aurorune"] = min(out["cost_aurorune"], _COND_BOUND)   # never payable past it
        out["prog"] = self.run_program(ctx, o["effect"], f"{p}.effect", str(target))
        return out

    def condition(self, ctx: Ctx, text: Any, path: str) -> tuple[int, int, int]:
        values = tuple(ENUMS["run_value"])
        if not isinstance(text, str) or not (m := _COND.match(text)):
            raise ctx.err(path, f"a condition is \"<value> <cmp> <number>\" (values: "
                          f"{', '.join(values)}; cmp: {' '.join(ENUMS['compare'])}), not "
                          f"{text!r}", codes.WRONG_TYPE if not isinstance(text, str)
                          else codes.INVALID_VALUE)
        value, cmp, n = m.group(1), m.group(2), int(m.group(3))
        if value not in values:
            raise ctx.err(path, f"unknown run value {value!r}{hint(value, values, {})} (one "
                          f"of: {', '.join(values)})", codes.INVALID_VALUE)
        if not -99999 <= n <= 99999:
            raise ctx.err(path, f"{n} is out of range [-99999, 99999]", codes.OUT_OF_RANGE)
        return (ENUMS["run_value"][value], ENUMS["compare"][cmp],
                max(-_COND_BOUND, min(_COND_BOUND, n)))

    def event(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"events.{it.id}")
        d = it.data
        mask = 0
        for i, a in enumerate(ctx.seq(d, "acts", "list of acts")):
            mask |= 1 << resolve_ref(ctx, a, self.act_index, "act", f"acts[{i}]")
        return {"acts": mask, "options": self.options(ctx, d)}

    def _by_node(self, table: Mapping[str, Item], section: str, nodes: tuple[str, ...],
                 make: Any) -> list[dict[str, Any]]:
        """The sites or reward tables, one a node kind of `nodes`: a node's sites offer the
        options of every site of its kind, in registration order (U11, U12: a pack adds its
        own to the built-in ones), and a node's reward is the last reward table registered
        for its kind (U10: a pack's replaces the built-in one)."""
        by_node: dict[str, list[tuple[Ctx, Item]]] = {}
        for it in table.values():
            ctx = self.ctx(it, f"{section}s.{it.id}")
            node = it.data.get("node")
            if node is None:
                raise ctx.err("node", f"is required; one of: {', '.join(nodes)}",
                              codes.MISSING_FIELD)
            if node not in nodes:
                raise ctx.err("node", f"a {section} is for {', '.join(nodes)}, not {node!r}"
                              f"{hint(str(node), nodes, {})}", codes.INVALID_VALUE)
            by_node.setdefault(node, []).append((ctx, it))
        out = []
        for node, group in by_node.items():
            if section == "reward":
                ctx, it = group[-1]
                out.append({"node": ENUMS["run_node"][node], **make(ctx, it.data)})
                continue
            first, n = -1, 0
            for ctx, it in group:       # compiled one after another: their options adjoin
                f, k = make(ctx, it.data)["options"]
                first = f if first < 0 else first
                n += k
                if n > LIMITS["run_options"]:
                    raise ctx.err("options", f"the {node} sites' {n} options exceed the limit "
                                  f"of {LIMITS['run_options']} a node", codes.OUT_OF_RANGE)
            out.append({"node": ENUMS["run_node"][node], "options": (first, n)})
        return out

    def site(self, ctx: Ctx, d: Mapping) -> dict[str, Any]:
        return {"options": self.options(ctx, d)}

    def _rarity(self, ctx: Ctx, d: Mapping) -> dict[str, int]:
        r = ctx.mapping(d["rarity"], "rarity", "a table of weights {common, uncommon, rare}")
        return {k: ctx.int(r, k, "rarity.", lo=0, hi=999) for k in OFFERED}

    def reward(self, ctx: Ctx, d: Mapping) -> dict[str, Any]:
        aur = ctx.seq(d, "aurorune", "[lo, hi] pair")
        if len(aur) != 2:
            raise ctx.err("aurorune", f"is [lo, hi], not {list(aur)!r}", codes.WRONG_TYPE)
        lo = ctx.int({"lo": aur[0]}, "lo", "aurorune.", hi=LIMITS["run_limit"])
        hi = ctx.int({"hi": aur[1]}, "hi", "aurorune.", lo=lo, hi=LIMITS["run_limit"])
        return {"aurorune": (lo, hi), **self.numbers(ctx, d, "RewardDef"),
                "rarity": self._rarity(ctx, d)}

    def shop(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"shops.{it.id}")
        return {**self.numbers(ctx, it.data, "ShopDef"), "rarity": self._rarity(ctx, it.data)}

    def card_run(self, it: Item) -> dict[str, Any]:
        """What the run reads of a card: rarity, hero pool, upgraded form, price, run triggers.
        An upgraded form is "special" (never offered), in its card's pool."""
        base = base_of(it.id, self.items["card"])
        src = self.items["card"][base] if base is not None else it
        ctx = self.ctx(src, f"cards.{src.id}")
        d = src.data
        rarity = "special" if base is not None else d.get("rarity", "common")
        hero = -1
        if "hero" in d:
            hero = resolve_ref(ctx, d["hero"], self.player_index, "player hero", "hero")
        run: dict[str, int] = dict.fromkeys(ENUMS["run_event"], -1)
        rctx = self.ctx(it, f"cards.{base}.upgraded" if base is not None else f"cards.{it.id}")
        triggers = rctx.seq(it.data, "run", "list of run triggers")
        if triggers and it.data.get("kind") != "relic":
            raise rctx.err("run", "run triggers are a Relic's (rule U19)", codes.INVALID_VALUE)
        for i, t in enumerate(triggers):
            t = rctx.mapping(t, f"run[{i}]", "a table {on, effect}")
            rctx.enum("run_event", t.get("on"), f"run[{i}].on")
            name = str(t["on"])
            if run[name] >= 0:
                raise rctx.err(f"run[{i}].on", f"a second run trigger on {name!r}: one a run "
                               "event (write both effects in one)", codes.INVALID_VALUE)
            if "effect" not in t:
                raise rctx.err(f"run[{i}].effect", "is required: the run program",
                               codes.MISSING_FIELD)
            run[name] = self.run_program(rctx, t["effect"], f"run[{i}].effect", "none")
        up = form_id(it.id)
        return {"rarity": rctx.enum("rarity", rarity, "rarity"), "hero": hero,
                "upgrade": self.card_index.get(up, -1),
                "price": min(it.data.get("aurorune", 0), LIMITS["run_limit"]), "run": run}

    def hero_run(self, hid: str, config: Mapping[str, int]) -> dict[str, int]:
        it = self.items["hero"].get(hid)
        if it is None or "drift" not in it.data:
            return {"drift": config["drift"]}
        return {"drift": self.ctx(it, f"heroes.{hid}").int(it.data, "drift", "", lo=0, hi=5)}
