"""Lint content: dead or dangerous content of the loaded packs, reported with stable codes.

    import eve
    report = eve.lint()                              # what eve.Engine() finds
    report = eve.lint(engine, packs=["ember"], strict=True)
    for finding in report.findings:
        print(finding)                               # EVE-L004 error pack 'ember', item ...
    raise SystemExit(report.exit_code)               # 1 when there are errors

The checks read an Engine's registered data (`engine.registry`, plain data treated as read-only)
and its rule configuration; they never play a match. Every check is defined once, in CHECKS
(code, severity, title, description); docs/modding.md's "Lint checks" table is made from it by
`checks_table()`. Each finding names its pack, item and field path, says what is wrong and how
to fix it. An error is content that can never work as written or that makes a match degenerate;
a warning is dead or suspicious data the match plays around, or that depends on what lint
cannot see (a deck given to `new_match`, a run). `strict=True` counts warnings as errors.

The analysis follows docs/rules.md (rule ids in the comments) and the data format of
docs/modding.md. Whole-catalog questions ("does anything ever exile?", "is this unit ever
summoned?") are asked of every loaded pack, whatever `packs` limits the findings to.

`eve.lint` is this module's `lint` function: import the rest from the module itself
(`from eve.lint import LintReport, CHECKS`).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.instructions import INSTRUCTIONS, Op, ops
from eve.core.tables import LIMITS
from eve.core.vocabulary import UNIT_EVENTS
from eve.keywords import STANDARD as STANDARD_KEYWORDS
from eve.keywords import expand as expand_keyword
from eve.keywords import use_of
from eve.plugins.registry import KINDS, SECTIONS, Item, thaw

ERROR = "error"
WARNING = "warning"

__all__ = ["CHECKS", "Check", "Finding", "LintReport", "checks_table", "lint"]


@dataclass(frozen=True)
class Check:
    """One lint check: its stable code, severity, title and what it reports."""

    code: str
    severity: str
    title: str
    description: str


CHECKS: tuple[Check, ...] = (
    Check("EVE-L001", ERROR, "unlimited counter",
          "A response rule with `counter = true`, `per_round` 0 and `charges` -1: it counters "
          "every player item of its `on` class forever, so that whole class of play is dead."),
    Check("EVE-L002", ERROR, "Encounter that can never act",
          "No script move, `unless` branch, response rule or setup unit of the Encounter can "
          "ever change the match: its attackers have no power, its effects do nothing, it has no "
          "response and no setup unit that attacks."),
    Check("EVE-L003", ERROR, "Stack target without reaction",
          "A card or ability targets `foe_stack_item` (a counter) or `stack_card` but is not a "
          "reaction: it can be played only proactively, on an empty Stack, where there is "
          "nothing to target (rules S01, E10)."),
    Check("EVE-L004", ERROR, "Sortilege that never leaves the Lattice",
          "A Sortilege with no `ability`: its charges are never spent, so it stays in the "
          "Lattice for the rest of the match (rule E07)."),
    Check("EVE-L005", WARNING, "unreachable script branch",
          "An `unless` condition that can never hold (its `do` move is never made) or always "
          "holds (the move itself is never made): `if = \"none\"`, `random_pct` 0 or 100 and more, "
          "`own_hp_below_pct` 0 or over 100, `foe_characters_at_least` 0 or more than the "
          "lanes, `round_at_least` 1 or less or more than `max_rounds`."),
    Check("EVE-L006", WARNING, "unused unit",
          "A summonable unit that no move, effect or setup summons, or an enemy hero in no "
          "Encounter's roster: it never appears in a match."),
    Check("EVE-L007", ERROR, "effect that selects nothing",
          "An instruction whose selector can never select anything in its context: a unit "
          "operation on a Stack item or a card, `exile` of a hero (heroes are never cards, rule "
          "Z03), `destroy` of anything but a Lattice card (a `return` of anything but a Void "
          "card is refused at load, rule F03)."),
    Check("EVE-L008", ERROR, "World Task that can never be completed",
          "A task whose goal can never advance or reach its threshold: `rounds` above "
          "`max_rounds`, `effect` with no `task` instruction for it in the catalog, `heal` with "
          "no `heal` instruction, `deploy` with no character card and no summon (rule W01)."),
    Check("EVE-L009", WARNING, "hero with no starting cards",
          "A player hero whose `cards` list is empty: it adds nothing to the deck (rule E15)."),
    Check("EVE-L010", WARNING, "unused World Task",
          "A task in no Encounter's `tasks`: no match ever puts it in the Task Zone."),
    Check("EVE-L011", WARNING, "card in no starting deck",
          "A card no hero lists in `cards`: it is in a match only when a deck is given "
          "(rule E15)."),
    Check("EVE-L012", WARNING, "response rule that never fires",
          "A response rule with `charges` 0, or one that an earlier unlimited rule of the same "
          "`on` (or of `any`) always answers first (rules are tried in order, one response per "
          "item, rule N03)."),
    Check("EVE-L013", WARNING, "attacker not in the roster",
          "An attack move whose `attacker` index is past the end of the roster: the leader "
          "attacks instead."),
    Check("EVE-L014", WARNING, "Initiative the script cannot spend",
          "A turn's moves are a run of `main` moves then a run of `combat` moves (rule N04), so "
          "Initiative above the longest such run of the script is never spent."),
    Check("EVE-L015", WARNING, "instruction with n = 0",
          "An instruction with `n = 0` does nothing (`summon` still summons one)."),
    Check("EVE-L017", WARNING, "ignored field",
          "A field of the data format that this kind of item, move or instruction does not "
          "use: `power`/`hp` on a Sortilege or Relic, `swift` or `taunt` on a card that is not "
          "a character, "
          "`target`/`effect` with `counter = true`, an `unless` inside a `do` move, `to` on a "
          "side operation, and the like."),
    Check("EVE-L018", WARNING, "Relic that does nothing in play",
          "A Relic with no `trigger`, no `triggers`, no `ally_power` and no `aura`: once in the "
          "Lattice it does nothing (rule E08)."),
    Check("EVE-L019", WARNING, "Encounter draw or return that does nothing",
          "An Encounter effect with `draw`, `return` or `deploy`, or a `put`, `create`, `copy`, "
          "`choose` or `discover` into the Rift: the side running a program draws, returns or "
          "deploys, and the Encounter has no deck, hand or card of its own (rules Z07, E16, "
          "Z23, C05), so nothing happens."),
    Check("EVE-L020", WARNING, "task instruction with no task in play",
          "A `task` instruction naming a task no Encounter lists (or, in an Encounter's own "
          "effects, one that Encounter does not list), or `task = \"all\"` where no listed task "
          "has the `effect` goal, the only goal it advances (rule W04): it never adds progress."),
    Check("EVE-L021", WARNING, "target the catalog never provides",
          "A target or selector that needs something nothing in the catalog makes: a Void card "
          "(a target, `newest_void`, a `choose` from the Void) with no `exile` instruction "
          "anywhere, a Lattice card with no Sortilege or Relic, an "
          "enemy character with no Encounter that summons, a player character with no character "
          "card or player summon."),
    Check("EVE-L022", WARNING, "expression reads a target there is none of",
          "An expression (an amount `n`, an `if`'s `cond`, a card's `play_if`) reads `target.` "
          "where no unit is chosen (an effect whose target is none, a Stack item or a card, a "
          "card played without a target): every attribute reads 0 (rule E17)."),
    Check("EVE-L023", WARNING, "script variable never read",
          "An Encounter's variable (`vars`) that no expression of its own reads (`var.NAME` in "
          "a branch's `cond`, a phase's `when`, an amount or a `set`): its value changes "
          "nothing (rule N07)."),
    Check("EVE-L024", WARNING, "status nothing gives",
          "A status of the pack that no instruction (`status`, or `keeps`), no aura and no "
          "other status names: no unit ever holds it (rule E18)."),
    Check("EVE-L025", WARNING, "status that does nothing",
          "A status with no modifier (`power`, `dealt_add`, `taken_add`, `dealt_pct`, `taken_pct`, "
          "`absorb`, `negate`), no `tick`, no `keeps` and no `triggers`: its stacks change "
          "nothing but what expressions read (rule E18)."),
    Check("EVE-L026", WARNING, "unused keyword",
          "A pack's keyword (`eve_register_keywords`) that no card or unit names in its "
          "`keywords`: it adds nothing to any item (rule K02)."),
    Check("EVE-L027", WARNING, "counter nobody reads",
          "A pack's counter (`eve_register_counters`) that no expression reads "
          "(`counter.NAME`): what it counts changes nothing (rule V03)."),
    Check("EVE-L028", WARNING, "counter nobody writes",
          "A pack's counter that no `add_counter` or `set_counter` instruction names: it stays "
          "0 (rule V02)."),
    Check("EVE-L029", WARNING, "own-card trigger that never fires",
          "A card's trigger with `card = \"self\"` on an event that leaves the card in a zone "
          "the trigger does not listen from: a drawn card is in the Rift, a discarded one in "
          "the Abyss, an exiled one in the Void, a played one on the Stack (where nothing "
          "listens), a resolved Sortilege or Relic in the Lattice (rule E19)."),
    Check("EVE-L030", WARNING, "self-feeding trigger loop",
          "A trigger whose effect can raise the event it listens to, directly or through a "
          "cycle of other triggers (damage raises the damage events, a status raises "
          "`status_applied`, a draw raises `drawn`, and so on, on the side it strikes): every "
          "firing fires it again until the step's trigger budget stops it (rule E19). A trigger "
          "with `once` is not a loop."),
    Check("EVE-L031", WARNING, "damage modifiers past the arithmetic's bound",
          "With every damage status at its `max` stacks, the largest hit of the catalog plus "
          "the statuses' `dealt_add` and `taken_add` times their stacks, multiplied by every "
          "`dealt_pct` and `taken_pct` above 100, reaches the bound of one hit (`damage_limit`, "
          "the int16 hp limit 32767): such hits are all cut to the bound, so the modifiers "
          "past it change nothing."),
    Check("EVE-L032", WARNING, "match_end program that changes the outcome's state",
          "A trigger on `match_end` whose effect deals damage, takes hp or removes a unit "
          "(`damage`, `poison`, `exile` of a unit): the outcome is already decided when it runs "
          "(rule E21), so what it does to the heroes can contradict the outcome."),
)

# where a card event leaves the event's card: what a `card = "self"` trigger must listen from
_OWN_CARD_ZONE = {"drawn": "rift", "discarded": "abyss", "exiled": "void", "card_played": "stack",
                  "card_resolved": "lattice"}


def _reads_target(expr: Any) -> bool:
    return isinstance(expr, str) and re.search(r"\btarget\s*\.", expr) is not None

_BY_CODE: dict[str, Check] = {c.code: c for c in CHECKS}


def checks_table() -> str:
    """The Markdown table of every check, as docs/modding.md's "Lint checks" section has it."""
    lines = ["| code | severity | check | what it reports |", "|---|---|---|---|"]
    lines += [f"| `{c.code}` | {c.severity} | {c.title} | {c.description} |" for c in CHECKS]
    return "\n".join(lines)


@dataclass(frozen=True)
class Finding:
    """One finding: the check's code, its severity (an error under strict mode whatever the
    check's own), the pack, item and field path it is about, what is wrong and a fix."""

    code: str
    severity: str
    pack: str
    item: str
    path: str
    message: str
    hint: str

    @property
    def title(self) -> str:
        return _BY_CODE[self.code].title

    def __str__(self) -> str:
        return (f"{self.code} {self.severity} pack {self.pack!r}, item {self.item}, field "
                f"{self.path}: {self.message} (fix: {self.hint})")

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "severity": self.severity, "title": self.title,
                "pack": self.pack, "item": self.item, "path": self.path,
                "message": self.message, "hint": self.hint}


@dataclass(frozen=True)
class LintReport:
    """What `lint` found, in a fixed order (by kind, then registration order)."""

    findings: tuple[Finding, ...]
    packs: tuple[str, ...]              # the packs whose findings are reported
    strict: bool = False

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == WARNING)

    @property
    def ok(self) -> bool:
        """No error (under strict mode: no finding at all)."""
        return not self.errors

    @property
    def exit_code(self) -> int:
        """The command line's exit status: 0 when ok, 1 when there are errors."""
        return 0 if self.ok else 1

    @property
    def codes(self) -> set[str]:
        return {f.code for f in self.findings}

    def __iter__(self) -> Iterator[Finding]:
        return iter(self.findings)

    def summary(self) -> str:
        e, w = len(self.errors), len(self.warnings)
        return (f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)} in "
                f"{', '.join(self.packs) or 'no pack'}" + (" (strict)" if self.strict else ""))

    def to_dict(self) -> dict[str, Any]:
        return {"packs": list(self.packs), "strict": self.strict, "ok": self.ok,
                "errors": len(self.errors), "warnings": len(self.warnings),
                "findings": [f.to_dict() for f in self.findings]}


# ------------------------------------------------------------------ reading plain data

def _is_map(x: Any) -> bool:
    return isinstance(x, Mapping)


def _is_seq(x: Any) -> bool:
    return isinstance(x, Sequence) and not isinstance(x, (str, bytes))


def _seq(x: Any) -> list[Any]:
    return list(x) if _is_seq(x) else []


_COUNTER_READ = re.compile(r"\bcounter\.([a-z][a-z0-9_]*)")


def _map(x: Any) -> Mapping[str, Any]:
    return x if _is_map(x) else {}


def _int(x: Any, default: int) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default



# the instructions' facts come from their rows (eve.core.instructions)
UNIT_OPS = ops(acts_on="units")
# an amount of 0 makes these do nothing (a summon summons one anyway)
AMOUNT_OPS = frozenset(o.name for o in INSTRUCTIONS
                       if o.amount in ("expr", "number") and o.zero != "meaningful")
# card-moving instructions the Encounter runs for nothing (it has no deck, hand or card of its
# own, rules E16 and Z23): draw, return, deploy, and a put or create into the Rift
_ENCOUNTER_NOOPS = ops(encounter_noop=True)

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
_KIND_WORDS = {"stack": "a Stack item", "void": "a Void card", "lattice": "a Lattice card",
               "rift": "a Rift card", "abyss": "an Abyss card", "stack_card": "a card on the Stack",
               "hero": "a hero", "none": "nothing"}
_CARD_KINDS = frozenset({"void", "lattice", "rift", "abyss", "stack_card"})
_HERO_SELECTORS = frozenset({"own_leader", "foe_leader", "all_ally_heroes", "random_foe_hero"})

_ON_WORDS = {"deploy": "deploy", "support": "Sortilege or Relic", "ability": "ability",
             "attack": "attack", "any": "action"}


@dataclass
class _Prog:
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
        return _walk(self.effect, self.path)


def _walk(effect: Sequence[Any], path: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for i, ins in enumerate(effect):
        if _is_map(ins):
            yield f"{path}[{i}]", ins
            for key in ("then", "else"):
                block = ins.get(key)
                if isinstance(block, (list, tuple)):
                    yield from _walk(block, f"{path}[{i}].{key}")
            modes = ins.get("modes")
            if isinstance(modes, (list, tuple)):
                for j, block in enumerate(modes):
                    if isinstance(block, (list, tuple)):
                        yield from _walk(block, f"{path}[{i}].modes[{j}]")


def _row(op: Any) -> Op | None:
    return INSTRUCTION.get(op) if isinstance(op, str) else None


def _default_to(op: Any) -> str:
    row = _row(op)
    return row.default_to if row else "target"


def _to_use(op: Any) -> str:
    row = _row(op)
    return row.to_use if row else "read"


def _into_rift(ins: Mapping[str, Any]) -> bool:
    """A card put, created, copied, chosen or discovered into the Rift (a discover's default)."""
    row = _row(ins.get("op"))
    into = row.field("into") if row else None
    return into is not None and ins.get("into", into.default) == "rift"


# ------------------------------------------------------------------ what an effect raises

# the events an instruction can raise (effects.pyx's fire_event calls), by the side they strike:
# "target" events are the struck unit's side, "own" the side running the program; card events
# are always the player's (the Encounter has no card of its own, rule Z23)
_RAISES: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    o.name: o.raises for o in INSTRUCTIONS if o.raises}
_OWN_SELECTORS = frozenset({"self", "own_leader", "all_allies", "all_ally_heroes",
                            "all_ally_characters", "random_ally", "random_ally_character",
                            "random_other_ally", "random_other_ally_character"})
_FOE_SELECTORS = frozenset({"foe_leader", "all_foes", "all_foe_characters", "random_foe",
                            "random_foe_hero", "random_foe_character"})
_OWN_TARGETS = frozenset({"ally", "ally_character", "ally_hero", "own_leader", "weakest_ally"})
_FOE_TARGETS = frozenset({"foe", "foe_character", "foe_hero", "foe_leader", "weakest_foe",
                          "random_foe", "strongest_foe_character"})
_OTHER = {"player": "encounter", "encounter": "player"}
# the selectors that may strike the program's own unit, by what it is
_ANY_UNIT = frozenset({"self", "target", "source", "all_allies", "random_ally"})
_MAY_STRIKE_SELF = {"character": _ANY_UNIT | {"all_ally_characters", "random_ally_character"},
                    "hero": _ANY_UNIT | {"own_leader", "all_ally_heroes"}}
# what ends a unit's part in the outcome when run after it is decided (L032)
_OUTCOME_OPS = ops(outcome=True)


def _struck(p: _Prog, ins: Mapping[str, Any], owner: str) -> set[str]:
    """The sides an instruction's selector can strike, for a program run by `owner`."""
    to = ins.get("to", "target")
    if to in _OWN_SELECTORS:
        return {owner}
    if to in _FOE_SELECTORS:
        return {_OTHER[owner]}
    if to == "target" and p.target in _OWN_TARGETS:
        return {owner}
    if to == "target" and p.target in _FOE_TARGETS:
        return {_OTHER[owner]}
    return {"player", "encounter"}           # an event's unit, its source: either side


# ------------------------------------------------------------------ the linter

@dataclass
class _Linter:
    engine: Any
    strict: bool
    only: frozenset[str]
    found: list[Finding] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.items: Mapping[str, Mapping[str, Item]] = self.engine.registry.items
        cfg = self.engine.config
        self.lanes = _int(cfg.get("lanes"), 5)
        self.max_rounds = _int(cfg.get("max_rounds"), 40)

    # ---- helpers ----
    def report(self, code: str, it: Item, path: str, message: str, hint: str) -> None:
        if it.pack not in self.only:
            return
        sev = ERROR if self.strict else _BY_CODE[code].severity
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

    # the events whose program's target is a unit: those with a unit subject, and a hero damaged
    _UNIT_EVENTS = UNIT_EVENTS | {"ally_hero_damaged"}

    def macros(self) -> dict[str, Mapping[str, Any]]:
        """Every keyword macro by the id an item names it with: the standard ones bare, a
        pack's as `pack:name`."""
        out: dict[str, Mapping[str, Any]] = dict(STANDARD_KEYWORDS)
        out.update({k.id: k.data for k in self.each("keyword")})
        return out

    def macro_uses(self, item: Item) -> Iterator[tuple[int, str, Mapping[str, Any], dict[str, Any]]]:
        """The keyword macros an item uses: (index in `keywords`, macro id, macro, given)."""
        for i, entry in enumerate(_seq(item.data.get("keywords"))):
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
        out = [(f"{base}.triggers[{i}]", _map(t))
               for i, t in enumerate(_seq(item.data.get("triggers"))) if _map(t)]
        for i, kid, macro, given in self.macro_uses(item):
            status = kid if macro.get("status") is not None else None
            for j, t in enumerate(expand_keyword(macro, given, status)):
                if _map(t):
                    out.append((f"{base}.keywords[{i}].triggers[{j}]", _map(t)))
        return out

    def _trigger_progs(self, item: Item, side: str, self_is: str) -> list[_Prog]:
        """The programs of an item's triggers, its keyword macros' included (rule E19): the
        target is the event's unit."""
        out = []
        for path, t in self.triggers_of(item):
            unit = t.get("on") in self._UNIT_EVENTS
            out.append(_Prog(item, f"{path}.effect", _seq(t.get("effect")), side,
                             "any" if unit else "none", "unit" if unit else "none", self_is,
                             trigger=t))
        return out

    # ---- the whole catalog ----
    def collect(self) -> None:
        """The programs of every item and what the catalog as a whole provides."""
        self.macro_table = self.macros()
        progs: list[_Prog] = []
        for h in self.each("hero"):
            ab = _map(h.data.get("ability"))
            if ab:
                progs.append(self._prog(h, "ability", ab, "player", "hero"))
        for c in self.each("card"):
            d = c.data
            char = d.get("kind") == "character"
            for key in ("on_enter", "ability"):
                ab = _map(d.get(key))
                if ab:
                    progs.append(self._prog(c, key, ab, "player", "character" if char else "leader"))
            trig = _map(d.get("trigger"))
            if trig:
                progs.append(_Prog(c, f"{self.base(c)}.trigger.effect", _seq(trig.get("effect")),
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
            tick = _map(st.data.get("tick"))
            if tick:
                progs.append(_Prog(st, f"{self.base(st)}.tick.effect", _seq(tick.get("effect")),
                                   "either", "none", "none", "character"))
        for k in self.each("keyword"):
            tick = _map(_map(k.data.get("status")).get("tick"))
            if tick:
                progs.append(_Prog(k, f"{self.base(k)}.status.tick.effect",
                                   _seq(tick.get("effect")), "either", "none", "none",
                                   "character"))
        for t in self.each("task"):
            progs.append(_Prog(t, f"{self.base(t)}.reward", _seq(t.data.get("reward")), "either",
                               "none", "none", "leader"))
        for e in self.each("encounter"):
            for path, mv in self.moves(e):
                if mv.get("move") == "effect":
                    progs.append(self._enemy_prog(e, path, mv))
            for i, r in enumerate(_seq(e.data.get("responses"))):
                if _is_map(r) and r.get("counter") is not True:
                    progs.append(self._enemy_prog(e, f"{self.base(e)}.responses[{i}]", r))
        self.progs = progs

        ops: dict[str, list[tuple[_Prog, Mapping[str, Any]]]] = {}
        for p in progs:
            for _, ins in p.instructions():
                ops.setdefault(str(ins.get("op")), []).append((p, ins))
        self.ops = ops
        self.summoned = {self.ref(p.item, ins.get("unit")) for p, ins in ops.get("summon", ())}
        self.enemy_summons = any(p.side != "player" for p, _ in ops.get("summon", ()))
        self.player_summons = any(p.side != "encounter" for p, _ in ops.get("summon", ()))
        self.rostered: set[str] = set()
        self.encounter_tasks: set[str] = set()
        for e in self.each("encounter"):
            self.rostered.update(self.ref(e, r) for r in _seq(e.data.get("roster")))
            self.encounter_tasks.update(self.ref(e, t) for t in _seq(e.data.get("tasks")))
            setup = [self.ref(e, u) for u in _seq(e.data.get("setup"))]
            self.summoned.update(setup)
            self.enemy_summons |= bool(setup)
            for _, mv in self.moves(e):
                if mv.get("move") == "summon":
                    self.summoned.add(self.ref(e, mv.get("unit")))
                    self.enemy_summons = True
        self.any_summon = "summon" in ops or any(
            mv.get("move") == "summon" for e in self.each("encounter") for _, mv in self.moves(e))
        self.starting_cards = {self.ref(h, c) for h in self.each("hero")
                               for c in _seq(h.data.get("cards"))}
        kinds = [c.data.get("kind") for c in self.each("card")]
        self.has_characters = "character" in kinds
        self.has_enhancements = "sortilege" in kinds or "relic" in kinds

    def _prog(self, it: Item, key: str, ab: Mapping[str, Any], side: str, self_is: str) -> _Prog:
        target = ab.get("target", "none")
        return _Prog(it, f"{self.base(it)}.{key}.effect", _seq(ab.get("effect")), side,
                     str(target), _PLAYER_TARGET_KIND.get(target, "unit"), self_is)

    def _enemy_prog(self, e: Item, path: str, data: Mapping[str, Any]) -> _Prog:
        target = data.get("target", "none")
        return _Prog(e, f"{path}.effect", _seq(data.get("effect")), "encounter", str(target),
                     _ENEMY_TARGET_KIND.get(target, "unit"), "leader", e)

    def scripts(self, e: Item) -> Iterator[tuple[str, list[Mapping[str, Any]]]]:
        """Every script of an Encounter (its own, or each of its phases'), with its path."""
        def walk(phases: Any, path: str) -> Iterator[tuple[str, list[Mapping[str, Any]]]]:
            for i, ph in enumerate(_seq(phases)):
                if _is_map(ph):
                    yield from walk(ph.get("phases"), f"{path}[{i}].phases")
                    if "script" in ph:
                        yield (f"{path}[{i}].script",
                               [mv for mv in _seq(ph.get("script")) if _is_map(mv)])
        base = self.base(e)
        if "script" in e.data:
            yield f"{base}.script", [mv for mv in _seq(e.data.get("script")) if _is_map(mv)]
        yield from walk(e.data.get("phases"), f"{base}.phases")

    def entry_moves(self, path: str, entry: Mapping[str, Any]
                    ) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """The moves of one script entry: the move, or each option of a pick."""
        if "pick" in entry:
            for j, opt in enumerate(_seq(entry.get("pick"))):
                if _is_map(opt):
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
                    alt = _map(_map(mv.get("unless")).get("do"))
                    if alt:
                        yield f"{path}.unless.do", alt

    # ---- instructions ----
    def selects_nothing(self, p: _Prog, ins: Mapping[str, Any]) -> str | None:
        """Why an instruction can never select anything in its context, or None (L007)."""
        op = ins.get("op")
        to = ins.get("to", _default_to(op))
        tk = p.target_kind
        if op in UNIT_OPS and to == "target" and tk in _CARD_KINDS | {"stack"}:
            return f"{op} acts on units, but the target ({p.target}) is {_KIND_WORDS[tk]}"
        if op == "exile":
            hero = ((to == "target" and tk == "hero") or to in _HERO_SELECTORS
                    or (to == "self" and p.self_is != "character"))
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
        if op == "destroy" and not ((to == "target" and tk == "lattice") or to == "newest_lattice"):
            what = f"the target ({p.target})" if to == "target" else repr(to)
            return f"destroy removes a Lattice card, and {what} is not one"
        return None

    def task_in_play(self, p: _Prog, ins: Mapping[str, Any]) -> str | None:
        """Why a `task` instruction can never add progress, or None (L020)."""
        t = ins.get("task", "all")
        tasks = self.items.get("task", {})

        def effect_goal(tid: str) -> bool:
            return tid in tasks and tasks[tid].data.get("goal") == "effect"

        if p.encounter is not None:
            listed = {self.ref(p.encounter, x) for x in _seq(p.encounter.data.get("tasks"))}
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

    def noop(self, p: _Prog, ins: Mapping[str, Any]) -> bool:
        """Whether an instruction certainly does nothing."""
        op = ins.get("op")
        if op in AMOUNT_OPS and op != "summon" and _int(ins.get("n"), 1) == 0:
            return True
        if op == "task" and self.task_in_play(p, ins):
            return True
        if p.side == "encounter" and (op in _ENCOUNTER_NOOPS or _into_rift(ins)):
            return True
        return self.selects_nothing(p, ins) is not None

    def check_programs(self) -> None:
        for p in self.progs:
            needs = self.target_needs(p, p.target, p.path.rsplit(".", 1)[0] + ".target")
            if needs:
                self.report("EVE-L021", p.item, needs[0], needs[1], needs[2])
            for path, ins in p.instructions():
                op = ins.get("op")
                if p.target_kind not in ("unit", "hero", "character"):
                    for key in ("n", "cond"):
                        if _reads_target(ins.get(key)):
                            self.report("EVE-L022", p.item, f"{path}.{key}",
                                        f"reads target, but this effect has {p.target} chosen: "
                                        "it reads 0", "read `self` or a leader, or give the "
                                        "effect a unit target")
                why = self.selects_nothing(p, ins)
                if why:
                    self.report("EVE-L007", p.item, path, why,
                                "point `to` (or the target) at something the instruction acts on")
                if op in AMOUNT_OPS and "n" in ins and _int(ins.get("n"), 1) == 0:
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
                if to in ("newest_void", "newest_lattice") and op in ("exile", "return", "destroy",
                                                                      "put", "copy", "deploy"):
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
                for key, ok_op in (("unit", "summon"), ("task", "task"), ("card", "create")):
                    if key in ins and op != ok_op:
                        self.report("EVE-L017", p.item, f"{path}.{key}",
                                    f"`{key}` is used by {ok_op} only; {op} ignores it", f"remove `{key}`")

    def selector_needs(self, to: str) -> tuple[str, str] | None:
        if to == "newest_void" and "exile" not in self.ops:
            return ("newest_void needs a card in the Void, and nothing in the catalog exiles",
                    "add an exile effect somewhere, or select something else")
        if to == "newest_lattice" and not self.has_enhancements:
            return ("newest_lattice needs a Lattice card, and the catalog has no Sortilege or "
                    "Relic", "select something else")
        return None

    def target_needs(self, p: _Prog, target: str, path: str) -> tuple[str, str, str] | None:
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

    # ---- fields ----
    def ignored(self, it: Item, path: str, data: Mapping[str, Any], keys: Sequence[str],
                why: str) -> None:
        for k in keys:
            if k in data:
                self.report("EVE-L017", it, f"{path}.{k}", f"`{k}` is ignored: {why}",
                            f"remove `{k}`")

    # ---- items ----
    def check_heroes(self) -> None:
        for h in self.each("hero"):
            base = self.base(h)
            if not _seq(h.data.get("cards")):
                self.report("EVE-L009", h, f"{base}.cards",
                            "this hero has no starting cards: it adds nothing to the deck",
                            "list its starting cards in `cards`")
            ab = _map(h.data.get("ability"))
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
            keywords = _seq(d.get("keywords"))
            on_enter = d.get("on_enter")
            played_at = on_enter.get("target", "none") if isinstance(on_enter, Mapping) else "none"
            if _reads_target(d.get("play_if")) and played_at in (
                    "none", "foe_stack_item", "void_card", "lattice_card", "rift_card",
                    "abyss_card", "stack_card"):
                self.report("EVE-L022", c, f"{base}.play_if",
                            "reads target, but the card is played without a unit target: it "
                            "reads 0", "read `self` or a leader, or give `on_enter` a unit target")
            if c.id not in self.starting_cards:
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
            on_enter = _map(d.get("on_enter"))
            if on_enter:
                self.ignored(c, f"{base}.on_enter", on_enter, ("reaction",),
                             "the card's keywords decide whether it is a reaction")
                self.stack_target(c, f"{base}.on_enter", on_enter, "reaction" in keywords,
                                  "add keywords = [\"reaction\"]")
            ab = _map(d.get("ability"))
            if ab:
                self.stack_target(c, f"{base}.ability", ab, ab.get("reaction") is True,
                                  "set reaction = true on the ability")
            if kind == "sortilege" and not ab and not self.leaves_lattice(c):
                self.report("EVE-L004", c, f"{base}.ability",
                            "a Sortilege with no ability never spends its charges: it never "
                            "leaves the Lattice",
                            "give it an ability (each use spends a charge), or make it a Relic")
            for i, t in enumerate(_seq(d.get("triggers"))):
                t = _map(t)
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
            trig = _map(d.get("trigger"))
            if kind == "relic" and not trig and not self.triggers_of(c) \
                    and not _int(d.get("ally_power"), 0) and not _map(d.get("aura")):
                self.report("EVE-L018", c, base,
                            "a Relic with no trigger and no ally_power does nothing in the Lattice",
                            "give it a trigger or an ally_power")

    def leaves_lattice(self, c: Item) -> bool:
        """Whether a card moves itself out of the Lattice once it has resolved: a trigger of
        its own (`exile_on_play`'s) on `card_resolved` that puts, exiles or destroys the
        event's card."""
        return any(t.get("on") == "card_resolved" and t.get("card") == "self"
                   and any(ins.get("op") in ("put", "exile", "destroy")
                           and ins.get("to") == "event_card"
                           for _, ins in _walk(_seq(t.get("effect")), ""))
                   for _, t in self.triggers_of(c))

    def check_statuses(self) -> None:
        given = {str(ins.get("status")) for op in ("status", "remove_status")
                 for _, ins in self.ops.get(op, ())}
        # an aura gives its status to every unit it reaches (rule A01)
        given |= {str(_map(it.data.get("aura")).get("status"))
                  for kind in ("hero", "card", "unit") for it in self.each(kind)}
        for st in self.each("status"):
            local = st.id.split(":", 1)[1]
            named = {st.id, local}
            keeps = {str(k) for other in self.each("status") for k in _seq(other.data.get("keeps"))}
            d = st.data
            if not (named & given) and not (named & keeps):
                self.report("EVE-L024", st, self.base(st), "no instruction gives this status: "
                            "no unit ever holds it", "give it with {op = \"status\", status = "
                            f"\"{local}\"}}, or remove it")
            acts = any(d.get(k) for k in ("power", "dealt_add", "taken_add", "absorb", "negate",
                                          "tick", "keeps", "triggers"))
            acts |= any(_int(d.get(k), 100) != 100 for k in ("dealt_pct", "taken_pct"))
            if not acts:
                self.report("EVE-L025", st, self.base(st), "this status modifies nothing, ticks "
                            "never and has no trigger: its stacks only count",
                            "give it a modifier, a tick or a trigger (or read it in expressions "
                            "on purpose)")

    # ---- triggers and the damage pipeline ----
    def owners(self, p: _Prog) -> tuple[str, ...]:
        return ("player", "encounter") if p.side == "either" else (p.side,)

    def check_loops(self) -> None:
        """L030: a trigger that can raise its own event, directly or through other triggers."""
        nodes = [(p, side) for p in self.progs if p.trigger is not None
                 and not p.trigger.get("once") for side in self.owners(p)]

        def raises(p: _Prog, owner: str) -> set[tuple[str, str, str]]:
            """(event, side, whose): whose is "self" when the program's own unit raises it,
            "maybe" when its selector may strike its own unit, "other" when it cannot."""
            out: set[tuple[str, str, str]] = set()
            for _, ins in p.instructions():
                for who, events in _RAISES.get(str(ins.get("op")), ()):
                    if who == "target":
                        sides = _struck(p, ins, owner)
                        to = ins.get("to", "target")
                        whose = ("self" if to == "self" else "maybe"
                                 if to in _MAY_STRIKE_SELF.get(p.self_is, _ANY_UNIT)
                                 else "other")
                    else:
                        sides = {owner} if who == "own" else {"player"}
                        whose = "self" if who == "own" else "other"
                    out |= {(ev, sd, whose) for ev in events for sd in sides}
            return out

        def hears(p: _Prog, owner: str, event: str, side: str, whose: str, same: bool) -> bool:
            t = p.trigger or {}
            if t.get("on") != event:
                return False
            if p.path.endswith(".trigger.effect"):
                return side == owner         # a Relic's `trigger`: its own side's events
            who = t.get("who", "self")
            if who == "any":
                return True
            if (who == "foe") != (side != owner):
                return False
            if who == "self" and event in UNIT_EVENTS and p.self_is != "leader":
                # its own unit's event: raised by its own program on itself, or by another
                # item's program striking a group it may be in
                return whose != "other" if same else whose != "self"
            return True

        edges: dict[int, set[int]] = {}
        raised = [raises(p, side) for p, side in nodes]
        for i, (p, _) in enumerate(nodes):
            edges[i] = {j for j, (q, qs) in enumerate(nodes)
                        if any(hears(q, qs, ev, sd, whose, q.item is p.item)
                               for ev, sd, whose in raised[i])}
        reported: set[str] = set()
        for i, (p, _) in enumerate(nodes):
            # a path back to itself (a breadth-first walk; the graph is small)
            prev: dict[int, int] = {}
            frontier = list(edges[i])
            for j in frontier:
                prev.setdefault(j, i)
            seen = set(frontier)
            while frontier and i not in seen:
                nxt = []
                for j in frontier:
                    for k in edges[j]:
                        if k not in seen:
                            seen.add(k)
                            prev[k] = j
                            nxt.append(k)
                frontier = nxt
            path = p.path.removesuffix(".effect")
            if i not in seen or path in reported:
                continue
            reported.add(path)
            chain: list[str] = []
            j = prev[i]
            while j != i and len(chain) < 8:
                chain.append(nodes[j][0].path.removesuffix(".effect"))
                j = prev[j]
            via = (" through " + ", ".join(reversed(chain))) if chain else " directly"
            on = (p.trigger or {}).get("on")
            self.report("EVE-L030", p.item, path,
                        f"its effect can raise {on!r}, the event it listens to,{via}: each "
                        "firing fires it again until the step's trigger budget stops it",
                        "add once = \"turn\", an `if` that stops it, or listen to another event")

    def check_damage_bound(self) -> None:
        """L031: damage modifiers whose product reaches the bound of one hit."""
        bound = LIMITS["damage_limit"]          # the core's saturation bound (P01)
        hit = 0
        for p in self.progs:
            for _, ins in p.instructions():
                if ins.get("op") == "damage":
                    n = ins.get("n", 1)
                    hit = max(hit, 999 if isinstance(n, str) else _int(n, 1))
        for kind in ("card", "hero", "enemy_hero", "unit"):
            for it in self.each(kind):
                hit = max(hit, _int(it.data.get("power"), 0))
        statuses = [(st, st.data, self.base(st)) for st in self.each("status")]
        statuses += [(k, _map(k.data.get("status")), f"{self.base(k)}.status")
                     for k in self.each("keyword") if _map(k.data.get("status"))]
        adds, factor, pushing = hit, 1.0, []
        for st, d, path in statuses:
            stacks = _int(d.get("max"), 999)
            add = stacks * (max(_int(d.get("dealt_add"), 0), 0) + max(_int(d.get("taken_add"), 0), 0))
            pct = max(_int(d.get("dealt_pct"), 100), 100) * max(_int(d.get("taken_pct"), 100), 100)
            if add > 0 or pct > 100 * 100:
                pushing.append((st, path))
            adds += add
            factor *= pct / 10000
        if not hit or adds * factor < bound:
            return
        reach = adds * factor
        shown = f"{reach:,.0f}" if reach < 1e15 else f"about 10^{len(str(int(reach))) - 1}"
        for st, path in pushing:
            self.report("EVE-L031", st, path,
                        f"with every damage status at its max stacks, a hit of {hit} reaches "
                        f"{shown}, past the bound of one hit ({bound}): the modifiers past it "
                        "change nothing", "lower dealt_pct/taken_pct, the adds or `max`")

    def check_match_end(self) -> None:
        """L032: a match_end program that deals damage or removes a unit."""
        for p in self.progs:
            if p.trigger is None or p.trigger.get("on") != "match_end":
                continue
            for path, ins in p.instructions():
                op = ins.get("op")
                if op in _OUTCOME_OPS or (op == "exile" and self.selects_nothing(p, ins) is None
                                          and ins.get("to") not in ("newest_lattice",
                                                                    "event_card")):
                    self.report("EVE-L032", p.item, path,
                                f"{op} when the match has ended: the outcome is decided, and "
                                "this changes the heroes it was decided on",
                                "act on match_start or turn_end instead, or give cards, "
                                "counters or statuses only")

    def check_counters(self) -> None:
        written = {self.ref(p.item, str(ins.get("counter"))) for op in ("add_counter", "set_counter")
                   for p, ins in self.ops.get(op, ())}
        read: set[str] = set()

        def strings(item: Item, x: Any) -> None:
            # every expression of the item: `counter.NAME` names its pack's counter (V03)
            if isinstance(x, str):
                read.update(self.ref(item, n) for n in _COUNTER_READ.findall(x))
            elif _is_map(x):
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
            kws = _seq(u.data.get("keywords"))
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
                for entry in _seq(it.data.get("keywords")):
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
            goal, threshold = d.get("goal"), _int(d.get("threshold"), 1)
            why = None
            if goal == "rounds" and threshold > self.max_rounds:
                why = (f"a side counts at most max_rounds = {self.max_rounds} Ends, fewer than "
                       f"the threshold {threshold}")
                path = f"{base}.threshold"
            elif goal == "effect" and not any(
                    ins.get("task", "all") == "all" or self.ref(p.item, ins.get("task")) == t.id
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

    # ---- Encounters ----
    def branch(self, cond: Any, arg: int) -> tuple[str, str] | None:
        """("never" | "always", why) for an `unless` condition that is decided by the data."""
        if cond == "none":
            return "never", "condition none: the move never branches"
        if cond == "random_pct":
            if arg <= 0:
                return "never", f"random_pct {arg}: a draw below {arg}% never happens"
            if arg >= 100:
                return "always", f"random_pct {arg}: every draw is below {arg}%"
        elif cond == "own_hp_below_pct":
            if arg <= 0:
                return "never", "own_hp_below_pct 0: hp is never below 0%"
            if arg > 100:
                return "always", f"own_hp_below_pct {arg}: hp never exceeds max hp"
        elif cond == "foe_characters_at_least":
            if arg <= 0:
                return "always", "foe_characters_at_least 0: there are always at least 0"
            if arg > self.lanes:
                return "never", (f"foe_characters_at_least {arg}: the player has at most one "
                                 f"character per lane, {self.lanes} in all")
        elif cond == "round_at_least":
            if arg <= 1:
                return "always", f"round_at_least {arg}: the match starts in round 1"
            if arg > self.max_rounds:
                return "never", (f"round_at_least {arg}: a match ends by round max_rounds = "
                                 f"{self.max_rounds}")
        return None

    def check_encounters(self) -> None:
        for e in self.each("encounter"):
            self.check_encounter(e)

    def check_encounter(self, e: Item) -> None:
        d, base = e.data, self.base(e)
        roster = [self.ref(e, r) for r in _seq(d.get("roster"))]
        enemies = self.items.get("enemy_hero", {})
        power = [_int(enemies[r].data.get("power"), 0) if r in enemies else 0 for r in roster]
        runs = [[self.entry_phases(e, f"{spath}[{i}]", entry, len(roster))
                 for i, entry in enumerate(script)] for spath, script in self.scripts(e)]
        self.check_variables(e)
        self.check_initiative(e, runs)
        self.check_responses(e)
        # L002: can anything the Encounter does ever change the match?
        buffs = any(p.encounter is e and ins.get("op") == "buff" and _int(ins.get("n"), 0 if "hp" in ins else 1) > 0
                    for p in self.progs for _, ins in p.instructions())
        attacks = any(power) or buffs
        progs = {p.path: p for p in self.progs if p.encounter is e}

        def acts(path: str, mv: Mapping[str, Any]) -> bool:
            kind = mv.get("move")
            if kind == "summon":
                return True
            if kind == "attack":
                return attacks
            p = progs.get(f"{path}.effect")
            return p is not None and any(not self.noop(p, ins) for _, ins in p.instructions())

        units = self.items.get("unit", {})
        setup_attacks = any(_int(units[u].data.get("power"), 0) > 0 for u in
                            (self.ref(e, x) for x in _seq(d.get("setup"))) if u in units)
        responds = False
        for i, r in enumerate(_seq(d.get("responses"))):
            if not _is_map(r) or _int(r.get("charges"), -1) == 0:
                continue
            if r.get("counter") is True:
                responds = True
            else:
                p = progs.get(f"{base}.responses[{i}].effect")
                responds |= p is not None and any(not self.noop(p, ins) for _, ins in p.instructions())
        # its heroes' and setup units' own triggers act for it (rule E19)
        own = set(roster) | {self.ref(e, x) for x in _seq(d.get("setup"))}
        triggers_act = any(p.trigger is not None and p.item.id in own
                           and any(not self.noop(p, ins) for _, ins in p.instructions())
                           for p in self.progs)
        if not (setup_attacks or responds or triggers_act
                or any(acts(path, mv) for path, mv in self.moves(e))):
            has_attack = any(mv.get("move") == "attack" for _, mv in self.moves(e))
            why = "its attackers have no power" if has_attack else ""
            self.report("EVE-L002", e, f"{base}.script",
                        "the Encounter can never act: no move, branch, response or setup unit "
                        "changes the match" + (f" ({why})" if why else ""),
                        "give its heroes power, or its moves effects that do something")

    def entry_phases(self, e: Item, path: str, entry: Mapping[str, Any], roster: int) -> set[str]:
        """Check a script entry's moves; the turn phases it may be made in."""
        phases: set[str] = set()
        for mpath, mv in self.entry_moves(path, entry):
            phases |= self.move_phases(e, mpath, mv, roster)
        return phases

    def move_phases(self, e: Item, path: str, mv: Mapping[str, Any], roster: int) -> set[str]:
        self.check_move(e, path, mv, roster, nested=False)
        own = {mv.get("phase", "combat" if mv.get("move") == "attack" else "main")}
        unless = _map(mv.get("unless"))
        if not unless:
            return own
        alt = _map(unless.get("do"))
        if alt:
            self.check_move(e, f"{path}.unless.do", alt, roster, nested=True)
        other = {alt.get("phase", "combat" if alt.get("move") == "attack" else "main")}
        decided = self.branch(unless.get("if"), _int(unless.get("arg"), 0))
        if decided is None:
            return own | other
        verdict, why = decided
        if verdict == "never":
            self.report("EVE-L005", e, f"{path}.unless",
                        f"the condition never holds ({why}): the `do` move is never made",
                        "change arg, or remove the unless branch")
            return own
        self.report("EVE-L005", e, f"{path}.unless",
                    f"the condition always holds ({why}): this move is never made, "
                    "only its `do` move", "change arg, or make the `do` move the move itself")
        return other

    def check_variables(self, e: Item) -> None:
        """L023: a script variable no expression of the Encounter reads."""
        variables = _map(e.data.get("vars"))
        if not variables:
            return
        texts = json.dumps(thaw(e.data), default=str)
        for name in variables:
            if not re.search(rf"\bvar\s*\.\s*{re.escape(str(name))}\b", texts):
                self.report("EVE-L023", e, f"{self.base(e)}.vars.{name}",
                            f"variable {name!r} is never read (no `var.{name}` in a condition, "
                            "a phase's `when`, an amount or a `set`): setting it changes nothing",
                            f"read var.{name} somewhere, or remove it")

    def check_move(self, e: Item, path: str, mv: Mapping[str, Any], roster: int,
                   nested: bool) -> None:
        kind = mv.get("move")
        unused = {"effect": ("unit", "attacker", "lane"), "summon": ("attacker", "target", "effect"),
                  "attack": ("unit", "target", "effect"),
                  "wait": ("unit", "attacker", "lane", "target", "effect")}.get(str(kind), ())
        self.ignored(e, path, mv, unused, f"a {kind} move does not use it")
        if nested:
            self.ignored(e, path, mv, ("unless",), "a `do` move does not branch again")
        att = mv.get("attacker", "leader")
        if kind == "attack" and isinstance(att, int) and not isinstance(att, bool) and att >= roster:
            self.report("EVE-L013", e, f"{path}.attacker",
                        f"attacker {att} is past the end of the roster ({roster} enemy "
                        f"hero{'es' * (roster != 1)}): the leader attacks instead",
                        f"use \"leader\" or an index below {roster}")

    def check_initiative(self, e: Item, runs: list[list[set[str]]]) -> None:
        initiative = _int(e.data.get("initiative"), 1)
        if not any(runs) or initiative <= 1:
            return
        # a turn: Main makes moves while the intent is a main move, then Combat while it is a
        # combat move (rule N04; moves are made in script order, rule N02); with phases, the
        # longest run of any phase's script (a turn may stay in one phase)
        best = 0
        for phases in runs:
            n = len(phases)
            for start in range(n):
                mains = 0
                while mains < initiative and "main" in phases[(start + mains) % n]:
                    mains += 1
                for a in range(mains + 1):
                    b = 0
                    while a + b < initiative and "combat" in phases[(start + a + b) % n]:
                        b += 1
                    best = max(best, a + b)
        if best < initiative:
            self.report("EVE-L014", e, f"{self.base(e)}.initiative",
                        f"initiative {initiative}, but the script makes at most {best} move"
                        f"{'s' * (best != 1)} a turn (a run of main moves, then a run of combat "
                        "moves)", f"lower initiative to {best}, or reorder the script")

    def check_responses(self, e: Item) -> None:
        base = self.base(e)
        unlimited: list[tuple[int, str]] = []        # (index, on) of the earlier unlimited rules
        for i, r in enumerate(_seq(e.data.get("responses"))):
            if not _is_map(r):
                continue
            path = f"{base}.responses[{i}]"
            on = r.get("on", "any")
            per_round, charges = _int(r.get("per_round"), 0), _int(r.get("charges"), -1)
            counter = r.get("counter") is True
            if counter:
                self.ignored(e, path, r, ("target", "effect"), "counter = true counters the item "
                             "that was played")
            if counter and per_round == 0 and charges == -1:
                self.report("EVE-L001", e, path,
                            f"counters every player {_ON_WORDS.get(on, on)} forever: no per_round "
                            "limit, no charges" + (" (on = any: every action)" if on == "any" else ""),
                            "set per_round (e.g. 1) and/or charges (e.g. 2)")
            if charges == 0:
                self.report("EVE-L012", e, f"{path}.charges",
                            "charges 0: the rule has no use to spend, so it never fires",
                            "give it charges (-1: unlimited), or remove it")
            else:
                first = next((j for j, o in unlimited if o == "any" or o == on), None)
                if first is not None:
                    self.report("EVE-L012", e, path,
                                f"responses[{first}] answers every item this rule would, first, "
                                "without limit: this rule never fires",
                                "limit the earlier rule (per_round or charges), or move this one "
                                "before it")
            if per_round == 0 and charges == -1:
                unlimited.append((i, str(on)))

    def run(self) -> list[Finding]:
        self.collect()
        self.check_heroes()
        self.check_cards()
        self.check_units()
        self.check_tasks()
        self.check_keywords()
        self.check_encounters()
        self.check_programs()
        self.check_statuses()
        self.check_counters()
        self.check_loops()
        self.check_damage_bound()
        self.check_match_end()
        # by pack (load order), kind, item (registration order); an item's findings in the
        # order the checks made them
        packs = {name: i for i, name in enumerate(self.engine.registry.packs)}
        order: dict[tuple[str | None, str], tuple[int, int]] = {
            (kind, ident): (k, i) for k, kind in enumerate(KINDS)
            for i, ident in enumerate(self.items.get(kind, {}))}
        kind_of = {ident: kind for kind in KINDS for ident in self.items.get(kind, {})}
        return sorted(self.found, key=lambda f: (packs.get(f.pack, len(packs)),
                                                 order.get((kind_of.get(f.item), f.item), (99, 0))))


def lint(engine_or_packs: Any = None, *, packs: Sequence[str] | None = None,
         strict: bool = False, rules: Sequence[str] | None = None) -> LintReport:
    """Lint the content of an Engine (docs/modding.md, "Lint checks").

    `engine_or_packs`: an `eve.Engine`, or the pack objects (modules, DataPacks) to build one
    from (`eve.Engine(packs=...)`), or None for `eve.Engine()` (the built-in pack and the
    installed ones). `packs`: report only the findings of these packs (by name; default every
    loaded pack); the whole catalog is still analysed. A name that is not a loaded pack raises
    ValueError. `strict`: count warnings as errors (their severity is reported as "error").
    `rules`: the packs whose rule configurations apply, as `eve.Engine(rules=...)` (only when
    the Engine is built here).
    """
    from eve.engine import Engine

    if engine_or_packs is None:
        engine = Engine(rules=rules)
    elif isinstance(engine_or_packs, Engine):
        engine = engine_or_packs
    elif isinstance(engine_or_packs, (str, bytes)) or not _is_seq(engine_or_packs):
        raise TypeError("lint() takes an Engine, a list of pack objects or None; name packs to "
                        "report with packs=[...]")
    else:
        engine = Engine(packs=list(engine_or_packs), rules=rules)
    loaded = list(engine.registry.packs)
    if packs is None:
        chosen = loaded
    else:
        if isinstance(packs, str):
            packs = [packs]
        chosen = []
        for name in packs:
            if name not in loaded:
                failed = next((p for p in engine.plugin_report.packs
                               if p.name == name and p.errors), None)
                if failed is not None:
                    first = str(failed.errors[0]).splitlines()[0]
                    raise ValueError(f"pack {name!r} did not load: {first}")
                raise ValueError(f"unknown pack {name!r}; loaded packs: {', '.join(loaded)}")
            if name not in chosen:
                chosen.append(name)
    found = _Linter(engine, strict, frozenset(chosen)).run()
    return LintReport(tuple(found), tuple(chosen), strict)
