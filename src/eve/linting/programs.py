"""The checks of an effect program's instructions, in the context it runs in: what an
instruction selects (L007), an amount of 0 (L015), the fields it ignores (L017), what the
Encounter runs for nothing (L019), a task instruction with no task in play (L020), a target or
selector the catalog never provides (L021), an expression reading a target there is none of
(L022), one that does nothing on its trigger's event (L034). The instructions' facts come from
their rows (eve.core.instructions).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.instructions import INSTRUCTIONS, Op, ops, owners
from eve.core.selectors import CARD_ZONES, selectors
from eve.linting.walk import Program, Walk, as_int, as_list, meant, reads_target

# the instructions' facts come from their rows (eve.core.instructions)
UNIT_OPS = ops(acts_on="units")
# an amount of 0 makes these do nothing (a summon summons one anyway)
AMOUNT_OPS = frozenset(o.name for o in INSTRUCTIONS
                       if o.amount in ("expr", "number") and o.zero != "meaningful")
# card-moving instructions the Encounter runs for nothing (it has no deck, hand or card of its
# own, rules E16 and Z23): draw, return, deploy, and a put or create into the Rift
_ENCOUNTER_NOOPS = ops(encounter_noop=True)

# what an instruction's context (its program's target) is, in a finding's words
_KIND_WORDS = {"stack": "a Stack item", "void": "a Void card", "lattice": "a Lattice card",
               "rift": "a Rift card", "abyss": "an Abyss card", "stack_card": "a card on the Stack",
               "hero": "a hero", "none": "nothing"}
_CARD_KINDS = frozenset({"void", "lattice", "rift", "abyss", "stack_card"})
_HERO_SELECTORS = selectors(picks="units", units="hero")


def _row(op: Any) -> Op | None:
    return INSTRUCTION.get(op) if isinstance(op, str) else None


def _to_use(op: Any) -> str:
    row = _row(op)
    return row.to_use if row else "read"


def _into_rift(ins: Mapping[str, Any]) -> bool:
    """A card put, created, copied, chosen or discovered into the Rift (a discover's default)."""
    row = _row(ins.get("op"))
    into = row.field("into") if row else None
    return into is not None and meant(ins)["into"] == "rift"


class ProgramChecks(Walk):
    """The checks of every program's instructions, and whether one certainly does nothing."""

    def selects_nothing(self, p: Program, ins: Mapping[str, Any]) -> str | None:
        """Why an instruction can never select anything in its context, or None (L007)."""
        op = ins.get("op")
        to = meant(ins).get("to", "none")
        tk = p.target_kind
        if op in UNIT_OPS and to == "target" and tk in _CARD_KINDS | {"stack"}:
            return f"{op} acts on units, but the target ({p.target}) is {_KIND_WORDS[tk]}"
        hero = ((to == "target" and tk == "hero") or to in _HERO_SELECTORS
                or (to == "self" and p.self_is != "character"))
        row = _row(op)
        if hero and row is not None and row.characters:
            what = f"the target ({p.target})" if to == "target" else to
            return f"{op} acts on characters only, and {what} is a hero"
        if op == "exile":
            if hero:
                if to == "self":
                    what = "self (this hero)" if p.self_is == "hero" else "self (the leader)"
                else:
                    what = f"the target ({p.target})" if to == "target" else to
                return (f"exile selects {what}, a hero; heroes are never cards and only "
                        f"characters and Lattice cards are exiled")
            if (to == "target" and tk in ("stack", "void")) or to in ("newest_void", "none"):
                what = _KIND_WORDS[tk] if to == "target" else to
                return f"exile selects {what}; only characters and Lattice cards are exiled"
        if op == "destroy" and not ((to == "target" and tk == "lattice")
                                    or to in ("newest_lattice", "this_card")):
            what = f"the target ({p.target})" if to == "target" else repr(to)
            return f"destroy removes a Lattice card, and {what} is not one"
        return None

    def task_in_play(self, p: Program, ins: Mapping[str, Any]) -> str | None:
        """Why a `task` instruction can never add progress, or None (L020)."""
        t = meant(ins)["task"]
        tasks = self.items.get("task", {})

        def effect_goal(tid: str) -> bool:
            return tid in tasks and tasks[tid].data.get("goal") == "effect"

        if p.encounter is not None:
            listed = {self.ref(p.encounter, x) for x in as_list(p.encounter.data.get("tasks"))}
            if t == "all":
                return None if any(map(effect_goal, listed)) else \
                    "this Encounter lists no task with the effect goal"
            tid = self.ref(p.item, t)
            return None if tid in listed else f"{tid} is not one of this Encounter's tasks"
        if t == "all":
            return None if any(map(effect_goal, self.encounter_tasks)) else \
                "no Encounter lists a task with the effect goal"
        tid = self.ref(p.item, t)
        return None if tid in self.encounter_tasks else f"no Encounter lists {tid}"

    def noop(self, p: Program, ins: Mapping[str, Any]) -> bool:
        """Whether an instruction certainly does nothing."""
        op = ins.get("op")
        if op in AMOUNT_OPS and op != "summon" and as_int(ins.get("n"), 1) == 0:
            return True
        if op == "task" and self.task_in_play(p, ins):
            return True
        if p.side == "encounter" and (op in _ENCOUNTER_NOOPS or _into_rift(ins)):
            return True
        if self.idle_on_event(p, ins):
            return True
        return self.selects_nothing(p, ins) is not None

    @staticmethod
    def idle_on_event(p: Program, ins: Mapping[str, Any]) -> str | None:
        """The trigger event on which the instruction does nothing (its row's `idle_on`), or
        None (L034)."""
        row = _row(ins.get("op"))
        on = p.trigger.get("on") if p.trigger is not None else None
        return on if row is not None and on in row.idle_on else None

    def check_programs(self) -> None:
        for p in self.progs:
            needs = self.target_needs(p, p.target, p.path.rsplit(".", 1)[0] + ".target")
            if needs:
                self.report("EVE-L021", p.item, needs[0], needs[1], needs[2])
            for path, ins in p.instructions():
                op = ins.get("op")
                if p.target_kind not in ("unit", "hero", "character"):
                    for key in ("n", "cond"):
                        if reads_target(ins.get(key)):
                            self.report("EVE-L022", p.item, f"{path}.{key}",
                                        f"reads target, but this effect has {p.target} chosen: "
                                        "it reads 0", "read `self` or a leader, or give the "
                                        "effect a unit target")
                on = self.idle_on_event(p, ins)
                if on:
                    self.report("EVE-L034", p.item, f"{path}.op",
                                f"{op} does nothing in a trigger on {on!r}",
                                "run it from another event, or remove it")
                why = self.selects_nothing(p, ins)
                if why:
                    self.report("EVE-L007", p.item, path, why,
                                "point `to` (or the target) at something the instruction acts on")
                if op in AMOUNT_OPS and "n" in ins and as_int(ins.get("n"), 1) == 0:
                    extra = " (the core summons one anyway)" if op == "summon" else ""
                    self.report("EVE-L015", p.item, f"{path}.n", f"{op} with n = 0 does nothing{extra}",
                                "give n a positive amount, or remove the instruction")
                if op == "task":
                    why = self.task_in_play(p, ins)
                    if why:
                        self.report("EVE-L020", p.item, f"{path}.task",
                                    f"task instruction never adds progress: {why}",
                                    "name a task the Encounters list (or list it in an Encounter's tasks)")
                if p.side == "encounter" and (op in _ENCOUNTER_NOOPS or _into_rift(ins)):
                    what = f"{op} into the Rift" if op not in _ENCOUNTER_NOOPS else op
                    self.report("EVE-L019", p.item, f"{path}.op",
                                f"{what} run by the Encounter does nothing: it has no deck, "
                                "hand or card of its own",
                                "remove it (a discard, mill or create into the Archive or the "
                                "Abyss strikes the player's zones)")
                to = ins.get("to")
                if "to" in ins and ((_to_use(op) == "ignored" and to != "none")
                                    or (op == "counter" and to != "target")):
                    self.report("EVE-L017", p.item, f"{path}.to",
                                f"{op} does not use a selector; to = {to!r} is ignored",
                                "remove `to`")
                if isinstance(to, str) and to in CARD_ZONES and op in (
                        "exile", "return", "destroy", "put", "copy", "deploy"):
                    sel_needs = self.selector_needs(to)
                    if sel_needs:
                        self.report("EVE-L021", p.item, f"{path}.to", sel_needs[0], sel_needs[1])
                source = {"void": "newest_void", "lattice": "newest_lattice"}.get(str(ins.get("from")))
                if op == "choose" and source:
                    sel_needs = self.selector_needs(source)
                    if sel_needs:
                        self.report("EVE-L021", p.item, f"{path}.from",
                                    sel_needs[0].replace(source, f"choose from {ins['from']}"),
                                    sel_needs[1].replace("select", "choose from"))
                for key in ("unit", "task", "card"):
                    if key in ins and op not in owners(key):
                        self.report("EVE-L017", p.item, f"{path}.{key}",
                                    f"`{key}` is used by {' and '.join(owners(key))} only; {op} "
                                    "ignores it", f"remove `{key}`")

    def selector_needs(self, to: str) -> tuple[str, str] | None:
        if to == "newest_void" and "exile" not in self.ops:
            return ("newest_void needs a card in the Void, and nothing in the catalog exiles",
                    "add an exile effect somewhere, or select something else")
        if to == "newest_lattice" and not self.has_enhancements:
            return ("newest_lattice needs a Lattice card, and the catalog has no Sortilege or "
                    "Relic", "select something else")
        return None

    def target_needs(self, p: Program, target: str, path: str) -> tuple[str, str, str] | None:
        """A target the catalog never provides (L021): (path, message, hint) or None."""
        why = None
        if target == "void_card" and "exile" not in self.ops:
            why = "void_card needs a card in the Void, and nothing in the catalog exiles"
        elif target in ("lattice_card", "newest_lattice") and not self.has_enhancements:
            why = f"{target} needs a Lattice card, and the catalog has no Sortilege or Relic"
        elif (p.side == "player" and target == "foe_character" and not self.enemy_summons):
            why = "foe_character needs an enemy character, and no Encounter summons one"
        elif ((p.side == "player" and target == "ally_character")
              or (p.side == "encounter" and target == "strongest_foe_character")) \
                and not (self.has_characters or self.player_summons):
            why = (f"{target} needs a player character, and the catalog has no character card "
                   "and no player summon")
        if why is None:
            return None
        return path, why, "choose a target the catalog provides"
