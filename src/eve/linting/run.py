"""Lint of the run's content (rules U01-U21): options no run can take, empty act pools, events
whose `acts` names none, cards offered of no rarity, run instructions that do nothing
(EVE-L036 to EVE-L040). The data is read as the compiler reads it (every default filled in);
the numbers the run holds come from the rule configuration's `run` and the core's limits."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from eve.core.records import data_fields
from eve.core.tables import LIMITS
from eve.linting.walk import Walk, as_list, as_map, is_map, meant, meant_as, walk_effect
from eve.plugins.registry import Item

# the comparisons of a condition, as tests over a value's range [lo, hi]: whether some value
# of the range meets `value <cmp> n`
_CAN_HOLD = {
    ">=": lambda lo, hi, n: hi >= n, "<=": lambda lo, hi, n: lo <= n,
    "==": lambda lo, hi, n: lo <= n <= hi, "!=": lambda lo, hi, n: not lo == hi == n,
    ">": lambda lo, hi, n: hi > n, "<": lambda lo, hi, n: lo < n,
}
# the instructions whose amount 0 changes nothing
_AMOUNT_OPS = ("heal_share", "restore", "hurt", "max_hp", "ambition", "morality",
               "gain_aurorune", "lose_aurorune", "add_card")


class RunChecks(Walk):
    """EVE-L036 .. EVE-L040."""

    def _run_numbers(self) -> dict[str, int]:
        """The run's configuration as compiled (its defaults where the catalog has no run)."""
        spec = getattr(getattr(self.engine, "catalog", None), "spec", {}) or {}
        cfg = as_map(as_map(spec.get("run")).get("config"))
        out = {k: v[0] for k, v in data_fields("RunConfig").items()}
        out.update({k: v for k, v in cfg.items() if isinstance(v, int)})
        return out

    def _ranges(self) -> dict[str, tuple[int, int]]:
        """Each run value's range over any run of this catalog (rule U05's limits)."""
        cfg = self._run_numbers()
        limit = LIMITS["run_limit"]
        acts = list(self.each("act"))
        floors = max((as_map(meant_as("ActData", a.data)).get("floors", 0) for a in acts),
                     default=0)
        return {"aurorune": (0, limit), "party": (0, cfg["party"]), "deck": (0, cfg["deck_cap"]),
                "act": (1, max(len(acts), 1)), "floor": (1, floors + 1),
                "hp": (0, limit * cfg["party"]), "max_hp": (1, limit * cfg["party"]),
                "relics": (0, cfg["relic_cap"])}

    def _options(self) -> Iterator[tuple[Item, str, Mapping[str, Any]]]:
        """Every option of every event and site, with its path."""
        for kind in ("event", "site"):
            for it in self.each(kind):
                for i, o in enumerate(as_list(it.data.get("options"))):
                    if is_map(o):
                        yield it, f"{self.base(it)}.options[{i}]", o

    def check_run(self) -> None:
        upgradable = any(c.data.get("upgraded") is not None for c in self.each("card"))
        ranges = self._ranges()
        for it, path, o in self._options():
            self._option(it, path, o, ranges, upgradable)
            self._program(it, f"{path}.effect", as_list(o.get("effect")),
                          str(o.get("target", "none")), upgradable)
        for c in self.each("card"):
            for i, t in enumerate(as_list(c.data.get("run"))):
                self._program(c, f"{self.base(c)}.run[{i}].effect",
                              as_list(as_map(t).get("effect")), "none", upgradable)
        for a in self.each("act"):
            self._act(a)
        for e in self.each("event"):
            if "acts" in e.data and not as_list(e.data.get("acts")):
                self.report("EVE-L038", e, f"{self.base(e)}.acts", "`acts = []` names no act: "
                            "it is read as every act", "name its acts, or remove `acts`")
        for kind in ("reward", "shop"):
            for it in self.each(kind):
                d = meant_as("RewardData" if kind == "reward" else "ShopData", it.data)
                if d.get("cards", 0) > 0 and not any(as_map(d.get("rarity")).values()):
                    self.report("EVE-L039", it, f"{self.base(it)}.rarity", f"{d['cards']} cards "
                                "offered, but every rarity weight is 0: none can be drawn",
                                "give a rarity a weight, or set `cards = 0`")

    def _option(self, it: Item, path: str, o: Mapping[str, Any],
                ranges: Mapping[str, tuple[int, int]], upgradable: bool) -> None:
        cond = o.get("if")
        parts = cond.split() if isinstance(cond, str) else []
        if len(parts) == 3 and parts[0] in ranges and parts[1] in _CAN_HOLD:
            lo, hi = ranges[parts[0]]
            try:
                n = int(parts[2])
            except ValueError:
                n = None
            if n is not None and not _CAN_HOLD[parts[1]](lo, hi, n):
                self.report("EVE-L036", it, f"{path}.if", f"{cond!r} can never hold: "
                            f"{parts[0]} is within [{lo}, {hi}] in any run",
                            "fix the condition, or remove the option")
        cost = as_map(o.get("cost"))
        limit = LIMITS["run_limit"]
        for key in ("aurorune", "hp"):
            v = cost.get(key)
            if isinstance(v, int) and v >= limit + (key == "aurorune"):
                self.report("EVE-L036", it, f"{path}.cost.{key}", f"a cost of {v} {key} can "
                            f"never be paid: the run holds at most {limit}",
                            f"lower the cost below {limit}")
        if o.get("target") == "upgradable_card" and not upgradable:
            self.report("EVE-L036", it, f"{path}.target", "no card has an upgraded form, so "
                        "no card can be picked", "give some card `upgraded`, or another target")

    def _program(self, it: Item, path: str, effect: list[Any], target: str,
                 upgradable: bool) -> None:
        for p, written in walk_effect(effect, path):
            ins = meant(written)
            op = ins.get("op")
            if op in _AMOUNT_OPS and ins.get("n") == 0:
                self.report("EVE-L040", it, f"{p}.n", f"{op} of 0 changes nothing",
                            "give it an amount, or remove it")
            elif op == "upgrade_card" and not upgradable:
                self.report("EVE-L040", it, p, "no card has an upgraded form: upgrade_card "
                            "changes nothing", "give some card `upgraded`, or remove it")
            elif op == "upgrade_card" and ins.get("to") == "chosen_card" and target == "card":
                self.report("EVE-L040", it, p, "the chosen card may have no upgraded form, "
                            "and then stays as it is", "use `target = \"upgradable_card\"`")

    def _act(self, a: Item) -> None:
        d = meant_as("ActData", a.data)
        base = self.base(a)
        for pool, what in (("fights", "a fight"), ("bosses", "the boss floor")):
            if not as_list(d.get(pool)):
                self.report("EVE-L037", a, f"{base}.{pool}", f"the {pool} pool is empty: "
                            f"{what} would have no Encounter", f"name Encounters in `{pool}`")
        nodes = as_map(d.get("nodes"))
        if not as_list(d.get("elites")) and nodes.get("elite", 0) > 0:
            self.report("EVE-L037", a, f"{base}.elites", "the elite pool is empty, but the "
                        "nodes give elites a weight", "name elite Encounters, or weight elite 0")
        # the other node kinds' pools: the events that may appear in the act, the sites, a shop
        events = [e for e in self.each("event")
                  if not as_list(e.data.get("acts"))
                  or a.id in (self.ref(e, x) for x in as_list(e.data.get("acts")))]
        sites = {as_map(s.data).get("node") for s in self.each("site")}
        for node, empty in (("event", not events), ("sanctum", "sanctum" not in sites),
                            ("forge", "forge" not in sites),
                            ("shop", not any(self.each("shop")))):
            if empty and nodes.get(node, 0) > 0:
                self.report("EVE-L037", a, f"{base}.nodes.{node}", f"the nodes give {node} a "
                            f"weight, but no {node} can be there: its pool is empty for this act",
                            f"register one, or weight {node} 0")
