"""Triggers: the events an item answers, their filters and limits, and their programs."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eve.compiler.context import (
    NO_CARD,
    STANDING,
    Ctx,
)
from eve.compiler.normalise import shaped
from eve.compiler.programs import Programs
from eve.core.tables import ENUMS, LIMITS
from eve.core.trigger_events import UNIT_TARGET
from eve.core.vocabulary import BY_KEY
from eve.errors import ConfigError, ContentError
from eve.plugins import errors as codes
from eve.plugins.schema import When


class Triggers(Programs):
    """The triggers of every item, in compile order."""

    # the filters on an event's subject: the field, its enumeration, the events it filters
    _SUBJECT_FILTERS = (
        ("source", "trigger_source", Programs.DAMAGE_EVENTS, "a damage event"),
        ("unit", "trigger_unit", Programs.UNIT_EVENTS, "an event whose subject is a unit"))

    def _triggers(self, ctx: Ctx, d: Mapping, source: str, limited: bool = True,
                  extra: Sequence[tuple[str, Any, str]] = ()) -> tuple[int, int]:
        """With `extra`, the triggers the item's keyword macros add (path, trigger, keyword):
        an error in one names the keyword as well as the item."""
        try:
            return self._triggers_of(ctx, d, source, limited, extra)
        except ContentError as e:
            kid = next((k for p, _, k in extra if e.path and f".{p}" in e.path), None)
            if kid is None or isinstance(e, ConfigError):
                raise
            raise ContentError(f"keyword {kid!r} expands into an invalid trigger: {e.reason}",
                               pack=e.pack, path=e.path, code=e.code, item=e.item) from None

    def _triggers_of(self, ctx: Ctx, d: Mapping, source: str, limited: bool,
                     extra: Sequence[tuple[str, Any, str]]) -> tuple[int, int]:
        """An item's `triggers` (and a Relic's `trigger`), compiled into the content's trigger
        table: (first, count). `source`: "unit" (a hero or a unit: it listens while in play),
        "character", "enhancement" (a Sortilege or Relic: from the Lattice) or "status"."""
        written: list[tuple[str, Any]] = []
        if "trigger" in d:
            written.append(("trigger", shaped(When, d["trigger"])))
        written += [(f"triggers[{i}]", t) for i, t in enumerate(ctx.seq(d, "triggers", "list of triggers"))]
        # a keyword macro's triggers are made at compile time: normalised here (the item's own
        # are already)
        written += [(p, shaped(When, t)) for p, t, _ in extra]
        if len(written) > LIMITS["item_triggers"]:
            added = f" ({len(extra)} of them from its keywords)" if extra else ""
            raise ctx.err("triggers", f"{len(written)} triggers{added} exceed the limit of "
                          f"{LIMITS['item_triggers']} an item", codes.OUT_OF_RANGE)
        first = len(self.triggers)
        n_limited = 0
        zones = BY_KEY["zone"].by_name()
        for path, t in written:
            ctx.mapping(t, path, "a table with on and effect")
            on = t.get("on")
            ctx.enum("trigger", on, f"{path}.on")
            if on == "none":
                continue                        # never fires: nothing to compile
            who = t["who"]
            if on in self.FOE_TURN and who != "foe":
                raise ctx.err(f"{path}.who", f"{on} is the other side's: who is \"foe\"")
            event = self.FOE_TURN.get(on, on)
            out = {"on": ENUMS["trigger"][event], "who": ctx.enum("trigger_who", who, f"{path}.who"),
                   "zone": zones["wastes"] if source in ("unit", "character", "status")
                   else zones["lattice"],
                   "card_kind": -1, "cond": -1, "once": 0, "every": 0,
                   "per": ENUMS["trigger_limit"]["match"], "prog": -1}
            if "zone" in t:
                if source in ("unit", "status"):
                    raise ctx.err(f"{path}.zone", "only a card's triggers listen from a zone")
                z = t["zone"]
                if z not in ("archive", "rift", "lattice", "wastes", "abyss", "void"):
                    raise ctx.err(f"{path}.zone", f"{z!r} is not a zone a card listens from (one "
                                  "of: archive, rift, lattice, wastes, abyss, void)")
                if z == "wastes" and source != "character" or z == "lattice" and source == "character":
                    raise ctx.err(f"{path}.zone", f"a {'character' if source == 'character' else 'Sortilege or Relic'} "
                                  f"is never in the {z}")
                out["zone"] = zones[z]
            if "status" in t:
                if event not in ("status_applied", "shield_broken"):
                    raise ctx.err(f"{path}.status", "`status` filters status_applied and "
                                  f"shield_broken, not {on!r}", codes.UNKNOWN_FIELD)
                out["card_kind"] = self._status_ref(ctx, t["status"], f"{path}.status")
            if "card" in t:
                if event not in self.CARD_EVENTS:
                    raise ctx.err(f"{path}.card", f"`card` filters a card event ({', '.join(sorted(self.CARD_EVENTS))}), "
                                  f"not {on!r}", codes.UNKNOWN_FIELD)
                if t["card"] in ENUMS["trigger_card"]:
                    # `self`: the event's card is the trigger's own (a card's trigger only)
                    if t["card"] == "self" and source in ("unit", "status"):
                        raise ctx.err(f"{path}.card", "`card = \"self\"` is a card's trigger: "
                                      "this item is no card")
                    out["own_card"] = ENUMS["trigger_card"][t["card"]]
                else:
                    out["card_kind"] = ctx.enum("card_kind", t["card"], f"{path}.card")
            for key, table, events, what in self._SUBJECT_FILTERS:
                if key in t:
                    if event not in events:
                        raise ctx.err(f"{path}.{key}", f"`{key}` filters {what} ("
                                      f"{', '.join(sorted(events))}), not {on!r}",
                                      codes.UNKNOWN_FIELD)
                    out[key] = ctx.enum(table, t[key], f"{path}.{key}")
            if "once" in t or "every" in t or "per" in t:
                if not limited:
                    raise ctx.err(path, "a status's triggers take no `once` or `every`")
                n_limited += 1
                if n_limited > 1:
                    raise ctx.err(path, "one trigger an item may have `once` or `every` (it "
                                  "keeps one count)")
                if "once" in t and ("every" in t or "per" in t):
                    raise ctx.err(f"{path}.once", "`once` or `every` (with `per`), not both")
                if "once" in t:
                    out["once"] = ctx.enum("trigger_limit", t["once"], f"{path}.once")
                    if out["once"] == 0:
                        raise ctx.err(f"{path}.once", "is turn or match")
                else:
                    out["every"] = ctx.int(t, "every", f"{path}.", lo=1, hi=99)
                    out["per"] = ctx.enum("trigger_limit", t["per"], f"{path}.per")
                    if out["per"] == 0:
                        raise ctx.err(f"{path}.per", "is turn or match")
            self.in_trigger = True
            self.trigger_event = event
            try:
                if "if" in t:
                    out["cond"] = self._expression(ctx, t["if"], f"{path}.if")
                if "effect" not in t and path != "trigger":     # a Relic's may be empty
                    raise ctx.err(f"{path}.effect", "is required: the program it runs",
                                  codes.MISSING_FIELD)
                # `to = "target"` is the event's unit (none for a side's event: nothing)
                # a card's trigger runs with its card, which `this_card` selects unless it
                # stands in the Wastes as a character (rule Z29)
                with self.own_card(None if source in ("character", "enhancement")
                                   and out["zone"] != zones["wastes"]
                                   else STANDING if source == "character" else NO_CARD):
                    out["prog"] = self.program(ctx, t.get("effect"), f"{path}.effect",
                                               "any" if event in UNIT_TARGET else "none",
                                               off_stack="a trigger")
            finally:
                self.in_trigger = False
                self.trigger_event = ""
            self.triggers.append(out)
        if len(self.triggers) > LIMITS["triggers"]:
            raise ctx.err("triggers", f"the content's triggers exceed the core's "
                          f"{LIMITS['triggers']}", codes.CAPACITY)
        return first, len(self.triggers) - first
