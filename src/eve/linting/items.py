"""The checks of the catalog's items, one kind at a time: heroes (L009, L003), cards (L003,
L004, L011, L017, L018, L022, L029), units and enemy heroes (L006, L017), statuses (L024, L025),
keywords (L026), counters (L027, L028) and World Tasks (L008, L010).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from eve.core.records import data_fields
from eve.linting.walk import Walk, as_int, as_list, as_map, is_map, meant, meant_as, reads_target, walk_effect
from eve.plugins.registry import KINDS, Item

# where a card event leaves the event's card: what a `card = "self"` trigger must listen from
_OWN_CARD_ZONE = {"drawn": "rift", "discarded": "abyss", "exiled": "void", "card_played": "stack",
                  "card_resolved": "lattice"}

# an expression's read of a pack's counter (rule V03)
_COUNTER_READ = re.compile(r"\bcounter\.([a-z][a-z0-9_]*)")


class ItemChecks(Walk):
    """The checks of each item kind's own data, read against the whole catalog."""

    def check_heroes(self) -> None:
        for h in self.each("hero"):
            base = self.base(h)
            if not as_list(h.data.get("cards")):
                self.report("EVE-L009", h, f"{base}.cards",
                            "this hero has no starting cards: it adds nothing to the deck",
                            "list its starting cards in `cards`")
            ab = as_map(h.data.get("ability"))
            if ab:
                self.stack_target(h, f"{base}.ability", ab, ab.get("reaction") is True,
                                  "set reaction = true on the ability")

    def stack_target(self, it: Item, path: str, ab: Mapping[str, Any], reaction: bool,
                     hint: str) -> None:
        if ab.get("target") in ("foe_stack_item", "stack_card") and not reaction:
            what = "played" if path.endswith(".on_enter") else "used"
            more = ("; its charges are never spent, so it never leaves the Lattice"
                    if path.endswith(".ability") and it.data.get("kind") == "sortilege" else "")
            self.report("EVE-L003", it, f"{path}.target",
                        f"targets a Stack item but is not a reaction: it can be {what} only on "
                        f"an empty Stack, where there is nothing to target{more}", hint)

    def check_cards(self) -> None:
        for c in self.each("card"):
            d, base = c.data, self.base(c)
            kind = d.get("kind")
            keywords = as_list(d.get("keywords"))
            on_enter = d.get("on_enter")
            played_at = meant_as("Ability", on_enter).get("target", "none")
            if reads_target(d.get("play_if")) and played_at in (
                    "none", "foe_stack_item", "void_card", "lattice_card", "rift_card",
                    "abyss_card", "stack_card"):
                self.report("EVE-L022", c, f"{base}.play_if",
                            "reads target, but the card is played without a unit target: it "
                            "reads 0", "read `self` or a leader, or give `on_enter` a unit target")
            # a run's deck holds the cards a run offers and their upgraded forms (rules U10,
            # U12): with an act, a card needs no starting deck to be in a match
            if c.id not in self.starting_cards and not any(self.each("act")):
                self.report("EVE-L011", c, base,
                            "no hero lists this card in its starting cards: it is in a match "
                            "only when a deck is given", "add it to a hero's `cards`")
            if kind != "character":
                self.ignored(c, base, d, ("power", "hp"), f"a {kind} has no power or hp, only a "
                             "character")
                for flag, why in (("swift", "attacks"), ("taunt", "is attacked")):
                    if flag in keywords:
                        self.report("EVE-L017", c, f"{base}.keywords[{keywords.index(flag)}]",
                                    f"`{flag}` is ignored: only a character {why}, not a {kind}",
                                    "remove the keyword")
            on_enter = as_map(d.get("on_enter"))
            if on_enter:
                self.ignored(c, f"{base}.on_enter", on_enter, ("reaction",),
                             "the card's keywords decide whether it is a reaction")
                self.stack_target(c, f"{base}.on_enter", on_enter, "reaction" in keywords,
                                  "add keywords = [\"reaction\"]")
            ab = as_map(d.get("ability"))
            if ab:
                self.stack_target(c, f"{base}.ability", ab, ab.get("reaction") is True,
                                  "set reaction = true on the ability")
            if kind == "sortilege" and not ab and not self.leaves_lattice(c):
                self.report("EVE-L004", c, f"{base}.ability",
                            "a Sortilege with no ability never spends its charges: it never "
                            "leaves the Lattice",
                            "give it an ability (each use spends a charge), or make it a Relic")
            for i, t in enumerate(as_list(d.get("triggers"))):
                t = as_map(t)
                on = str(t.get("on"))
                if t.get("card") != "self" or on not in _OWN_CARD_ZONE:
                    continue
                where = ("wastes" if kind == "character" else "lattice")
                zone = str(t.get("zone", where))
                at = "wastes" if kind == "character" and on == "card_resolved" else _OWN_CARD_ZONE[on]
                if zone != at:
                    self.report("EVE-L029", c, f"{base}.triggers[{i}]",
                                f"at {on} this card is in the {at}, and the trigger listens "
                                f"from the {zone}: it never fires",
                                f"set zone = \"{at}\"" if at != "stack" else
                                "answer card_resolved instead, or drop `card`")
            trig = as_map(d.get("trigger"))
            if kind == "relic" and not trig and not self.triggers_of(c) \
                    and not as_int(d.get("ally_power"), 0) and not as_map(d.get("aura")):
                self.report("EVE-L018", c, base,
                            "a Relic with no trigger and no ally_power does nothing in the Lattice",
                            "give it a trigger or an ally_power")

    def leaves_lattice(self, c: Item) -> bool:
        """Whether a card moves itself out of the Lattice once it has resolved: a trigger of
        its own (`exile_on_play`'s) on `card_resolved` that puts, exiles or destroys the
        event's card or itself, or an on-enter effect that moves itself (`this_card`, Z29)."""
        def moves(effect: Any, selectors: tuple[str, ...]) -> bool:
            return any(ins.get("op") in ("put", "exile", "destroy") and ins.get("to") in selectors
                       for _, ins in walk_effect(as_list(effect), ""))
        return moves(as_map(c.data.get("on_enter")).get("effect"), ("this_card",)) or any(
            t.get("on") == "card_resolved" and t.get("card") == "self"
            and moves(t.get("effect"), ("event_card", "this_card"))
            for _, t in self.triggers_of(c))

    def check_statuses(self) -> None:
        given = {str(ins.get("status")) for op in ("status", "remove_status")
                 for _, ins in self.ops.get(op, ())}
        # an aura gives its status to every unit it reaches (rule A01)
        given |= {str(as_map(it.data.get("aura")).get("status"))
                  for kind in ("hero", "card", "unit") for it in self.each(kind)}
        for st in self.each("status"):
            local = st.id.split(":", 1)[1]
            named = {st.id, local}
            keeps = {str(k) for other in self.each("status") for k in as_list(other.data.get("keeps"))}
            d = st.data
            if not (named & given) and not (named & keeps):
                self.report("EVE-L024", st, self.base(st), "no instruction gives this status: "
                            "no unit ever holds it", "give it with {op = \"status\", status = "
                            f"\"{local}\"}}, or remove it")
            acts = any(d.get(k) for k in ("absorb", "negate", "tick", "keeps", "triggers"))
            # a modifier away from its default (StatusDef's columns, eve.core.records); the
            # most stacks a unit holds is a number of the data, not a modifier
            acts |= any(as_int(d.get(k), default) != default
                        for k, (default, _, _) in data_fields("StatusDef").items() if k != "max")
            if not acts:
                self.report("EVE-L025", st, self.base(st), "this status modifies nothing, ticks "
                            "never and has no trigger: its stacks only count",
                            "give it a modifier, a tick or a trigger (or read it in expressions "
                            "on purpose)")

    def check_counters(self) -> None:
        written = {self.ref(p.item, str(ins.get("counter"))) for op in ("add_counter", "set_counter")
                   for p, ins in self.ops.get(op, ())}
        read: set[str] = set()

        def strings(item: Item, x: Any) -> None:
            # every expression of the item: `counter.NAME` names its pack's counter (V03)
            if isinstance(x, str):
                read.update(self.ref(item, n) for n in _COUNTER_READ.findall(x))
            elif is_map(x):
                for v in x.values():
                    strings(item, v)
            elif isinstance(x, (list, tuple)):
                for v in x:
                    strings(item, v)
        for kind in KINDS:
            for it in self.each(kind):
                strings(it, it.data)
        for c in self.each("counter"):
            local = c.id.split(":", 1)[1]
            if c.id not in read:
                self.report("EVE-L027", c, self.base(c), "no expression reads this counter: "
                            "what it counts changes nothing", f"read it as counter.{local} in an "
                            "amount or a condition, or remove it")
            if c.id not in written:
                self.report("EVE-L028", c, self.base(c), "no instruction adds to or sets this "
                            "counter: it stays 0", f"count with {{op = \"add_counter\", counter = "
                            f"\"{local}\"}}, or remove it")

    def check_units(self) -> None:
        for u in self.each("unit"):
            base = self.base(u)
            self.ignored(u, base, u.data, ("max_hp",), "a summonable unit has hp; max_hp is an "
                         "enemy hero's")
            kws = as_list(u.data.get("keywords"))
            if "reaction" in kws:
                self.report("EVE-L017", u, f"{base}.keywords[{kws.index('reaction')}]",
                            "`reaction` is ignored: a unit is summoned, never played",
                            "remove the keyword")
            if u.id not in self.summoned:
                self.report("EVE-L006", u, base,
                            "no move, effect or Encounter setup summons this unit",
                            "summon it somewhere, or remove it")
        for u in self.each("enemy_hero"):
            base = self.base(u)
            self.ignored(u, base, u.data, ("hp", "keywords"), "an enemy hero has max_hp and power")
            if u.id not in self.rostered:
                self.report("EVE-L006", u, base, "no Encounter has this enemy hero in its roster",
                            "add it to an Encounter's roster, or remove it")

    def check_keywords(self) -> None:
        named = set()
        for kind in ("card", "unit"):
            for it in self.each(kind):
                for entry in as_list(it.data.get("keywords")):
                    name = entry.get("name") if isinstance(entry, Mapping) else entry
                    if isinstance(name, str):
                        named.add(self.ref(it, name))
        for k in self.each("keyword"):
            if k.id not in named:
                self.report("EVE-L026", k, self.base(k), "no card or unit names this keyword: "
                            "it adds nothing", "give it to a card or unit, or remove it")

    def check_tasks(self) -> None:
        for t in self.each("task"):
            d, base = t.data, self.base(t)
            if t.id not in self.encounter_tasks:
                self.report("EVE-L010", t, base, "no Encounter lists this task: it is never in play",
                            "add it to an Encounter's tasks, or remove it")
            goal, threshold = d.get("goal"), as_int(d.get("threshold"), 1)
            why = None
            if goal == "rounds" and threshold > self.max_rounds:
                why = (f"a side counts at most max_rounds = {self.max_rounds} Ends, fewer than "
                       f"the threshold {threshold}")
                path = f"{base}.threshold"
            elif goal == "effect" and not any(
                    meant(ins)["task"] == "all" or self.ref(p.item, ins.get("task")) == t.id
                    for p, ins in self.ops.get("task", ())):
                why = "an effect goal advances only by task instructions, and none names this task"
                path = f"{base}.goal"
            elif goal == "heal" and "heal" not in self.ops:
                why = "no heal instruction in the catalog ever heals"
                path = f"{base}.goal"
            elif goal == "deploy" and not (self.has_characters or self.any_summon):
                why = "the catalog has no character card and nothing summons"
                path = f"{base}.goal"
            if why:
                self.report("EVE-L008", t, path, f"goal {goal!r} can never be reached: {why}",
                            "change the goal or the threshold")
