"""The lint checks, written once, and what a run of them reports.

CHECKS is the one table of checks (code, severity, title, description): `checks_table()` makes
docs/modding.md's "Lint checks" table from it, and a finding's severity and title come from it.
A Finding names its pack, item and field path, says what is wrong and how to fix it; a
LintReport holds a run's findings in a fixed order.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

ERROR = "error"
WARNING = "warning"


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
          "Z03), `split` of a hero (rule E26), `destroy` of anything but a Lattice card (a `return` of anything but a Void "
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
          "`cap`, `shield_add`, `shield_pct`, `absorb`, `negate`), no `tick`, no `keeps` and no "
          "`triggers`: its stacks change "
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
    Check("EVE-L033", WARNING, "move name nothing shares",
          "An Encounter move's `name` that no other move of the Encounter is written with and "
          "no `repeats.NAME` reads: the name makes the move one with no other for the history "
          "(rule N09), so it changes nothing (a misspelt name of another phase's move, say)."),
    Check("EVE-L034", WARNING, "instruction that does nothing on its trigger's event",
          "An instruction in a trigger on an event where it can never act: `end_turn` on "
          "`turn_end` (the turn is ending already), `foe_turn_start` or `foe_turn_end` (a "
          "program ends only its own side's turn) or `match_end` (rule T21)."),
    Check("EVE-L035", WARNING, "filter no card meets",
          "A filter on a chosen card (`target_kind`, `target_tag`, or a `choose`'s `kind` and "
          "`tag`) that no card of the catalog meets, or, on a `foe_stack_item` target, no "
          "Encounter summon (rule G03: the Encounter pushes no card, and its summon moves are "
          "characters with their unit's tags): the card or ability never has a target, or the "
          "choice offers nothing (rule G05)."),
    # the run's content (rules U01-U21)
    Check("EVE-L036", ERROR, "run option that can never be taken",
          "An event's or a site's option that no run can take: its condition (`if`) can never "
          "hold over its value's range (`aurorune >= 99999` past the run's limit of 9999, "
          "`party > 3` past the party's size, `act > 2` with two acts), its cost is more than "
          "the run can ever hold (aurorune past 9999, hp past the hp limit), or its target is "
          "`upgradable_card` while no card has an upgraded form."),
    Check("EVE-L037", ERROR, "act pool empty",
          "An act whose fight or boss pool is empty (a fight or the boss floor would have no "
          "Encounter), or whose nodes give a weight to a kind whose pool is empty for it: "
          "elites without elite Encounters, events without an event that may appear in the "
          "act, a Sanctum or a Forge without its site, shops without a shop."),
    Check("EVE-L038", WARNING, "event whose acts name no act",
          "An event with `acts = []`: an empty list is read as every act (as no `acts`); name "
          "the acts it appears in, or leave the field out."),
    Check("EVE-L039", WARNING, "cards offered of no rarity",
          "A reward table or a shop that offers cards (`cards` > 0) while every rarity weight is "
          "0: no card can be drawn, so none is offered."),
    Check("EVE-L040", WARNING, "run instruction that does nothing",
          "A run program's instruction that never changes the run: an amount of 0 (`restore`, "
          "`hurt`, `gain_aurorune`...), `upgrade_card` when no card has an upgraded form, or "
          "`upgrade_card` of the chosen card under `target = \"card\"`, whose card may have no "
          "form (`upgradable_card` offers only cards that have one)."),
)


BY_CODE: dict[str, Check] = {c.code: c for c in CHECKS}


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
        return BY_CODE[self.code].title

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
