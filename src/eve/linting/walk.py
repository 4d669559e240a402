"""The walk of the catalog lint analyses: every item's programs, an Encounter's scripts and
moves, and what the catalog as a whole provides (summons, rosters, tasks, starting cards).

`Walk` reads an Engine's registered data (`engine.registry`, plain data treated as read-only)
and its rule configuration, and collects the facts the checks (eve.linting.programs, items,
encounters, loops) ask of it; it never imports the Engine. Whole-catalog questions are asked of
every loaded pack, whatever the findings are limited to (`only`).
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eve.compiler.normalise import shaped
from eve.compiler.upgrades import with_forms
from eve.core.instructions import BY_NAME as INSTRUCTIONS
from eve.core.instructions import filled, owners
from eve.core.trigger_events import UNIT_TARGET
from eve.keywords import STANDARD as STANDARD_KEYWORDS
from eve.keywords import expand as expand_keyword
from eve.keywords import use_of
from eve.linting.checks import BY_CODE, ERROR, Finding
from eve.plugins import schema
from eve.plugins.registry import SECTIONS, Item

# ------------------------------------------------------------------ reading plain data

def is_map(x: Any) -> bool:
    return isinstance(x, Mapping)


def is_seq(x: Any) -> bool:
    return isinstance(x, Sequence) and not isinstance(x, (str, bytes))


def as_list(x: Any) -> list[Any]:
    return list(x) if is_seq(x) else []


def as_map(x: Any) -> Mapping[str, Any]:
    return x if is_map(x) else {}


def as_int(x: Any, default: int) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def meant(ins: Any) -> Mapping[str, Any]:
    """An instruction as the compiler reads it: its row's defaults filled in (the normalise
    half's `filled`). Lint asks the written data what the author wrote (a field that is
    ignored, an explicit 0) and this what it means."""
    return filled(ins) if is_map(ins) and ins.get("op") in INSTRUCTIONS else as_map(ins)


def meant_as(shape: str, data: Any) -> Mapping[str, Any]:
    """A table of pack data (`shape`: its TypedDict in eve.plugins.schema) as the compiler
    reads it, every default filled in (eve.compiler.normalise)."""
    return shaped(getattr(schema, shape), data) if is_map(data) else {}


def reads_target(expr: Any) -> bool:
    return isinstance(expr, str) and re.search(r"\btarget\s*\.", expr) is not None


# what a target (a player's card or ability target, or an Encounter's target) can be
_PLAYER_TARGET_KIND = {
    "none": "none", "foe": "unit", "ally": "unit", "any": "unit", "foe_character": "character",
    "ally_character": "character", "foe_hero": "hero", "ally_hero": "hero",
    "foe_stack_item": "stack", "void_card": "void", "lattice_card": "lattice",
    "rift_card": "rift", "abyss_card": "abyss", "stack_card": "stack_card"}
_ENEMY_TARGET_KIND = {
    "none": "none", "foe_leader": "hero", "own_leader": "hero",
    "strongest_foe_character": "character", "weakest_foe": "unit", "random_foe": "unit",
    "weakest_ally": "unit", "newest_lattice": "lattice"}


@dataclass
class Program:
    """An effect program and the context it runs in."""

    item: Item
    path: str                       # the field path of the effect list
    effect: list[Any]
    side: str                       # "player", "encounter", or "either" (a task reward)
    target: str                     # the target's name ("none" when it has none)
    target_kind: str                # none unit hero character stack void lattice
    self_is: str                    # what `self` is: "hero", "character" or "leader"
    encounter: Item | None = None   # an Encounter's move or response
    trigger: Mapping[str, Any] | None = None    # a trigger's program: the trigger itself

    def instructions(self) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """Every instruction with its path, those inside an `if`'s `then` and `else` and a
        `choose_mode`'s `modes` too."""
        return walk_effect(self.effect, self.path)


def walk_effect(effect: Sequence[Any], path: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for i, ins in enumerate(effect):
        if is_map(ins):
            yield f"{path}[{i}]", ins
            for key in ("then", "else"):
                block = ins.get(key)
                if isinstance(block, (list, tuple)):
                    yield from walk_effect(block, f"{path}[{i}].{key}")
            modes = ins.get("modes")
            if isinstance(modes, (list, tuple)):
                for j, block in enumerate(modes):
                    if isinstance(block, (list, tuple)):
                        yield from walk_effect(block, f"{path}[{i}].modes[{j}]")


@dataclass
class Walk:
    """The catalog's items and programs, and the findings reported on them."""

    engine: Any
    strict: bool
    only: frozenset[str]
    found: list[Finding] = field(default_factory=list)

    def __post_init__(self) -> None:
        # a card's upgraded form (rule U12) is a card of its own, as the compiler makes it
        reg = self.engine.registry.items
        self.items: Mapping[str, Mapping[str, Item]] = {**reg, "card": with_forms(reg["card"])}
        cfg = self.engine.config
        self.lanes = as_int(cfg.get("lanes"), 5)
        self.max_rounds = as_int(cfg.get("max_rounds"), 40)

    # ---- helpers ----
    def report(self, code: str, it: Item, path: str, message: str, hint: str) -> None:
        if it.pack not in self.only:
            return
        sev = ERROR if self.strict else BY_CODE[code].severity
        self.found.append(Finding(code, sev, it.pack, it.id, path, message, hint))

    @staticmethod
    def base(it: Item) -> str:
        return f"{SECTIONS[it.kind]}.{it.id}"

    @staticmethod
    def ref(it: Item, name: Any) -> str:
        if not isinstance(name, str):
            return ""
        return name if ":" in name else f"{it.pack}:{name}"

    def each(self, kind: str) -> Iterator[Item]:
        yield from self.items.get(kind, {}).values()

    # the events whose program's target is a unit (eve.core.trigger_events)
    _UNIT_EVENTS = UNIT_TARGET

    def macros(self) -> dict[str, Mapping[str, Any]]:
        """Every keyword macro by the id an item names it with: the standard ones bare, a
        pack's as `pack:name`."""
        out: dict[str, Mapping[str, Any]] = dict(STANDARD_KEYWORDS)
        out.update({k.id: k.data for k in self.each("keyword")})
        return out

    def macro_uses(self, item: Item) -> Iterator[tuple[int, str, Mapping[str, Any], dict[str, Any]]]:
        """The keyword macros an item uses: (index in `keywords`, macro id, macro, given)."""
        for i, entry in enumerate(as_list(item.data.get("keywords"))):
            name, given = use_of(entry)
            if not isinstance(name, str):
                continue
            kid = name if name in STANDARD_KEYWORDS or ":" in name else f"{item.pack}:{name}"
            macro = self.macro_table.get(kid)
            if macro is not None:
                yield i, kid, macro, given

    def triggers_of(self, item: Item) -> list[tuple[str, Mapping[str, Any]]]:
        """An item's triggers as the compiler sees them: its own, then those its keyword
        macros add (eve.keywords.expand), each with its field path."""
        base = self.base(item)
        out = [(f"{base}.triggers[{i}]", as_map(t))
               for i, t in enumerate(as_list(item.data.get("triggers"))) if as_map(t)]
        for i, kid, macro, given in self.macro_uses(item):
            status = kid if macro.get("status") is not None else None
            for j, t in enumerate(expand_keyword(macro, given, status)):
                if as_map(t):
                    out.append((f"{base}.keywords[{i}].triggers[{j}]", as_map(t)))
        return out

    def _trigger_progs(self, item: Item, side: str, self_is: str) -> list[Program]:
        """The programs of an item's triggers, its keyword macros' included (rule E19): the
        target is the event's unit."""
        out = []
        for path, t in self.triggers_of(item):
            unit = t.get("on") in self._UNIT_EVENTS
            out.append(Program(item, f"{path}.effect", as_list(t.get("effect")), side,
                             "any" if unit else "none", "unit" if unit else "none", self_is,
                             trigger=t))
        return out

    # ---- the whole catalog ----
    def collect(self) -> None:
        """The programs of every item and what the catalog as a whole provides."""
        self.macro_table = self.macros()
        progs: list[Program] = []
        for h in self.each("hero"):
            ab = as_map(h.data.get("ability"))
            if ab:
                progs.append(self._prog(h, "ability", ab, "player", "hero"))
        for c in self.each("card"):
            d = c.data
            char = d.get("kind") == "character"
            for key in ("on_enter", "ability"):
                ab = as_map(d.get(key))
                if ab:
                    progs.append(self._prog(c, key, ab, "player", "character" if char else "leader"))
            trig = as_map(d.get("trigger"))
            if trig:
                progs.append(Program(c, f"{self.base(c)}.trigger.effect", as_list(trig.get("effect")),
                                   "player", "none", "none", "leader", trigger=trig))
            progs += self._trigger_progs(c, "player", "character" if char else "leader")
        for h in self.each("hero"):
            progs += self._trigger_progs(h, "player", "hero")
        for kind, side, self_is in (("enemy_hero", "encounter", "hero"), ("unit", "either", "character"),
                                    ("status", "either", "character")):
            for u in self.each(kind):
                progs += self._trigger_progs(u, side, self_is)
        # a status's tick runs for the unit holding it (rule E18), a pack's statuses and the
        # statuses of the pack keywords that items use
        for st in self.each("status"):
            tick = as_map(st.data.get("tick"))
            if tick:
                progs.append(Program(st, f"{self.base(st)}.tick.effect", as_list(tick.get("effect")),
                                   "either", "none", "none", "character"))
        for k in self.each("keyword"):
            tick = as_map(as_map(k.data.get("status")).get("tick"))
            if tick:
                progs.append(Program(k, f"{self.base(k)}.status.tick.effect",
                                   as_list(tick.get("effect")), "either", "none", "none",
                                   "character"))
        for t in self.each("task"):
            progs.append(Program(t, f"{self.base(t)}.reward", as_list(t.data.get("reward")), "either",
                               "none", "none", "leader"))
        for e in self.each("encounter"):
            for path, mv in self.moves(e):
                if mv.get("move") == "effect":
                    progs.append(self._enemy_prog(e, path, mv, "Move"))
            for i, r in enumerate(as_list(e.data.get("responses"))):
                if is_map(r) and r.get("counter") is not True:
                    progs.append(self._enemy_prog(e, f"{self.base(e)}.responses[{i}]", r,
                                                  "Response"))
        self.progs = progs

        ops: dict[str, list[tuple[Program, Mapping[str, Any]]]] = {}
        for p in progs:
            for _, ins in p.instructions():
                ops.setdefault(str(ins.get("op")), []).append((p, ins))
        self.ops = ops
        # the units an instruction brings into play (summon's, split's parts)
        self.summoned = {self.ref(p.item, ins.get("unit")) for op in owners("unit")
                         for p, ins in ops.get(op, ())}
        self.enemy_summons = any(p.side != "player" for p, _ in ops.get("summon", ()))
        self.player_summons = any(p.side != "encounter" for p, _ in ops.get("summon", ()))
        self.rostered: set[str] = set()
        self.encounter_tasks: set[str] = set()
        for e in self.each("encounter"):
            self.rostered.update(self.ref(e, r) for r in as_list(e.data.get("roster")))
            self.encounter_tasks.update(self.ref(e, t) for t in as_list(e.data.get("tasks")))
            setup = [self.ref(e, u) for u in as_list(e.data.get("setup"))]
            self.summoned.update(setup)
            self.enemy_summons |= bool(setup)
            for _, mv in self.moves(e):
                if mv.get("move") == "summon":
                    self.summoned.add(self.ref(e, mv.get("unit")))
                    self.enemy_summons = True
        self.any_summon = "summon" in ops or any(
            mv.get("move") == "summon" for e in self.each("encounter") for _, mv in self.moves(e))
        self.starting_cards = {self.ref(h, c) for h in self.each("hero")
                               for c in as_list(h.data.get("cards"))}
        kinds = [c.data.get("kind") for c in self.each("card")]
        self.has_characters = "character" in kinds
        self.has_enhancements = "sortilege" in kinds or "relic" in kinds

    def _prog(self, it: Item, key: str, ab: Mapping[str, Any], side: str, self_is: str) -> Program:
        target = meant_as("Ability", ab)["target"]
        return Program(it, f"{self.base(it)}.{key}.effect", as_list(ab.get("effect")), side,
                     str(target), _PLAYER_TARGET_KIND.get(target, "unit"), self_is)

    def _enemy_prog(self, e: Item, path: str, data: Mapping[str, Any], shape: str) -> Program:
        """An effect move's program (`shape` "Move") or a response's ("Response")."""
        target = meant_as(shape, data)["target"]
        return Program(e, f"{path}.effect", as_list(data.get("effect")), "encounter", str(target),
                     _ENEMY_TARGET_KIND.get(target, "unit"), "leader", e)

    def scripts(self, e: Item) -> Iterator[tuple[str, list[Mapping[str, Any]]]]:
        """Every script of an Encounter (its own, or each of its phases'), with its path."""
        def walk(phases: Any, path: str) -> Iterator[tuple[str, list[Mapping[str, Any]]]]:
            for i, ph in enumerate(as_list(phases)):
                if is_map(ph):
                    yield from walk(ph.get("phases"), f"{path}[{i}].phases")
                    if "script" in ph:
                        yield (f"{path}[{i}].script",
                               [mv for mv in as_list(ph.get("script")) if is_map(mv)])
        base = self.base(e)
        if "script" in e.data:
            yield f"{base}.script", [mv for mv in as_list(e.data.get("script")) if is_map(mv)]
        yield from walk(e.data.get("phases"), f"{base}.phases")

    def entry_moves(self, path: str, entry: Mapping[str, Any]
                    ) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """The moves of one script entry: the move, or each option of a pick."""
        if "pick" in entry:
            for j, opt in enumerate(as_list(entry.get("pick"))):
                if is_map(opt):
                    yield f"{path}.pick[{j}]", opt
        else:
            yield path, entry

    def moves(self, e: Item) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """Every move of an Encounter's scripts (a pick's options included) and of their
        `unless` branches, with its path."""
        for spath, script in self.scripts(e):
            for i, entry in enumerate(script):
                for path, mv in self.entry_moves(f"{spath}[{i}]", entry):
                    yield path, mv
                    alt = as_map(as_map(mv.get("unless")).get("do"))
                    if alt:
                        yield f"{path}.unless.do", alt


    # ---- fields ----
    def ignored(self, it: Item, path: str, data: Mapping[str, Any], keys: Sequence[str],
                why: str) -> None:
        for k in keys:
            if k in data:
                self.report("EVE-L017", it, f"{path}.{k}", f"`{k}` is ignored: {why}",
                            f"remove `{k}`")
