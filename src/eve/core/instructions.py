"""The effect instructions, one row each: the single description of what an instruction is.

A row says everything the rest of eve needs to know about an op:

- its code (its place in `INSTRUCTIONS`: part of compiled content and the snapshot ABI, so never
  reorder a row; add new ones at the end) and what it does (`doc`);
- what it acts on (`acts_on`), which decides its default `to` and which selectors make sense;
- its fields besides `op`, `to` and `n`, with their kinds and defaults, and what `n` is;
- how its operands pack into the instruction's words (`pack`), which the compiler emits and the
  core's interpreter reads back with the shifts generated into vocab.pxd;
- its rules-text template (`text`, filled by eve.text) and the facts lint needs (the events it
  raises, whether the Encounter runs it for nothing, what an amount of 0 means).

The vocabulary's `op` enumeration, its TEXT templates and the docs tables, the compiler's field
checks, lint's checks, the rules text, the registry schema's test and the random packs all read
this table. Plain Python importing nothing of eve, so that setup.py can read it before the core
is built (it is loaded by path, like the vocabulary).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Field:
    """A field of an instruction besides `op`, `to` and `n`."""
    name: str
    kind: str        # what the value is: see FIELD_KINDS
    doc: str
    default: Any = None          # the value when left out; None with `required`: must be given
    required: bool = False


# the kinds of field values, and how the compiler reads each (eve.compiler)
FIELD_KINDS: Mapping[str, str] = MappingProxyType({
    "status": "a status (its id)",
    "unit": "a unit (its id)",
    "card": "a card (its id)",
    "cards": "a list of cards (their ids)",
    "task": "a World Task (its id), or \"all\"",
    "counter": "a pack's counter (its id), or \"card\": the card's own",
    "place": "a place (`place` enumeration)",
    "choice_from": "where chosen cards come from (`choice_from` enumeration)",
    "card_kind": "a card kind (`card_kind` enumeration), packed as its code + 1 (0: any)",
    "tag": "a tag some card or unit of the content has, packed as its number + 1 (0: any)",
    "until": "how long stacks last (`until` enumeration)",
    "flag": "true or false",
    "count": "a whole number",
    "hp": "a max-hp amount, 0..255",
    "expr": "an expression",
    "block": "a list of instructions",
    "blocks": "a list of lists of instructions",
})


@dataclass(frozen=True)
class Op:
    name: str
    doc: str
    text: str = ""                 # the rules-text template ("" for the internal `end`)
    # what the instruction acts on: "units" (the selected units), "card" (a selected card),
    # "stack_item" (the targeted Stack item), "side" (the acting side: `to` is not read),
    # "control" (the flow of the program) or "run" (the run's party, deck or purse: a run
    # program's only, rule U19)
    acts_on: str = "units"
    fields: tuple[Field, ...] = ()
    # `n`: "expr" (a number 0..999 or an expression), "number" (a number only), "signed" (a
    # number -99..99), "ignored" (accepted, never read) or "none" (refused)
    amount: str = "expr"
    n_default: int | Callable[[Mapping[str, Any]], int] = 1
    # the instruction words a field fills: (word, field, shift); word "a" or "b", or "sel" for
    # a field that takes the selector's word; `n` packs into "a" unless a row says otherwise
    pack: tuple[tuple[str, str, int], ...] = (("a", "n", 0),)
    choice: bool = False           # waits for the player's choice (only from the Stack, C06)
    # `to`: "read", "ignored" (accepted, never read: lint says so) or "none" (refused); ""
    # derives it from acts_on
    to: str = ""
    # `n`'s bound: a LIMITS key ("" : 999)
    n_max: str = ""
    # an instruction written with others: its row gives the instructions it stands for (with
    # its defaults filled in), which the compiler compiles in its place
    lower: Callable[[Mapping[str, Any]], list[dict[str, Any]]] | None = None
    # lint's facts
    raises: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (whose side, trigger events)
    encounter_noop: bool = False   # does nothing when the Encounter runs it (rules E16, Z23)
    zero: str = "noop"             # n = 0: "noop", "one" (done once anyway) or "meaningful"
    outcome: bool = False          # may end a unit's part in the outcome (L032)
    # the rule ids of docs/rules.md that say what it does (random play's coverage counts them)
    rules: tuple[str, ...] = ()
    characters: bool = False       # acts on characters only: a hero selected is left as it is (L007)
    idle_on: tuple[str, ...] = ()  # trigger events whose programs it does nothing in (L034)
    # `to` when the instruction leaves it out ("" : `target`, or `none` for a side's); a run
    # instruction's, since a run program has no target (rule U19)
    to_default: str = ""

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    @property
    def default_to(self) -> str:
        if self.to_default:
            return self.to_default
        return "none" if self.acts_on == "side" else "target"

    @property
    def to_use(self) -> str:
        """Whether `to` is "read", "ignored" (a side instruction's) or "none" (refused)."""
        return self.to or {"control": "none", "side": "ignored"}.get(self.acts_on, "read")

    def default_n(self, ins: Mapping[str, Any]) -> int:
        return self.n_default(ins) if callable(self.n_default) else self.n_default


def _f(name: str, kind: str, doc: str, default: Any = None, required: bool = False) -> Field:
    return Field(name, kind, doc, default, required)


_UNTIL = _f("until", "until", "how long the stacks last: `source_leaves` (held while `self` "
            "stays, rule A04) or `turn_end` (until the end of the turn, rule A06)")
# the events a damage raises, by whose side they strike
_DAMAGE_RAISES = (("target", ("before_damage_taken", "damage_taken", "dies", "shield_broken",
                              "ally_hero_damaged")),
                  ("own", ("before_damage_dealt", "damage_dealt")))
_MOVES = (("player", ("exiled", "discarded")),)

_ROWS: tuple[Op, ...] = (
    Op("end", "(internal) the end of a program", acts_on="control", amount="none", pack=()),
    Op("damage", "deals n damage (shield first) to the selected units",
       "deal {n} damage to {to}",
       fields=(_f("pierce", "flag", "hp loss, past the damage pipeline (poison's)", False),),
       pack=(("a", "n", 0), ("b", "pierce", 0)), raises=_DAMAGE_RAISES, outcome=True,
       rules=("D01", "E16")),
    Op("heal", "restores n hp, up to max hp", "restore {n} hp to {to}",
       raises=(("target", ("healed",)),), rules=("E16",)),
    Op("shield", "adds n shield (absorbs damage; cleared at its owner's turn start)",
       "give {to} {n} shield", raises=(("target", ("status_applied",)),), rules=("E13",)),
    Op("poison", "adds n poison (n damage at its owner's End, then one less; ignores shield)",
       "give {to} {n} poison", raises=(("target", ("status_applied",)),), outcome=True,
       rules=("E14",)),
    Op("draw", "the acting side draws n cards (the Encounter has no deck: nothing)",
       "draw {n:# card/# cards}", acts_on="side",
       raises=(("player", ("drawn", "shuffled")),), encounter_noop=True, rules=("Z08",)),
    Op("discard", "the player discards n random cards from the Rift",
       "discard {n:# random card/# random cards} from {players} Rift", acts_on="side",
       raises=(("player", ("discarded",)),), rules=("Z11",)),
    Op("exile", "sends a character (or, with `newest_lattice`, `this_card` or a card target, "
                "that card: of the Lattice, the Rift, the Abyss or the Stack) to the Void",
       "exile {to} to the Void", acts_on="card", amount="ignored",
       raises=(("player", ("exiled",)),), rules=("Z13",)),
    Op("return", "returns a card from the Void to the Rift (`to = \"newest_void\"`, "
                 "`\"this_card\"` or a `void_card` target)",
       "return {to} to {players} Rift", acts_on="card", amount="ignored", encounter_noop=True,
       rules=("Z15",)),
    Op("destroy", "destroys a Lattice card (`to = \"newest_lattice\"`, `\"this_card\"` or a "
                  "`lattice_card` target)",
       "destroy {to}", acts_on="card", amount="ignored", rules=("Z16",)),
    Op("counter", "counters the targeted Stack item (needs `target = \"foe_stack_item\"`)",
       "counter {target}", acts_on="stack_item", amount="ignored", rules=("S02",)),
    Op("summon", "summons n of `unit` for the acting side", "summon {n:/# × }{unit}",
       acts_on="side", fields=(_f("unit", "unit", "the unit summoned", required=True),),
       pack=(("a", "unit", 0), ("b", "n", 0)), raises=(("own", ("summoned",)),), zero="one",
       rules=("E16",)),
    Op("buff", "adds n power and `hp` max hp (hp rises by as much)", "give {to} {buff}",
       # a buff that raises max hp raises power only when it says so (rule E23)
       fields=(_f("hp", "hp", "max hp 0..255, hp rising by as much (then n defaults to 0)"),
               _UNTIL),
       n_default=lambda ins: 0 if "hp" in ins else 1,
       pack=(("a", "n", 0), ("b", "hp", 0), ("b", "until", 8)), rules=("E23",)),
    Op("task", "adds n progress to `task` (or `\"all\"`) for the acting side",
       "add {n} progress to {task}", acts_on="side",
       fields=(_f("task", "task", "the World Task, or \"all\"", "all"),),
       pack=(("a", "task", 0), ("b", "n", 0)), raises=(("own", ("task_completed",)),),
       rules=("W04",)),
    Op("if", "runs `then` when the expression `cond` is true (not 0), else `else`",
       "if {cond}: {then}", acts_on="control", amount="none",
       fields=(_f("cond", "expr", "the condition, an expression (\"target.hp <= 5\")",
                  required=True),
               _f("then", "block", "run when cond holds", required=True),
               _f("else", "block", "run when it does not")),
       pack=(), rules=("E17",)),
    Op("status", "gives the selected units n stacks of `status` (capped at its `max`)",
       "give {to} {status}",
       fields=(_f("status", "status", "the status given", required=True), _UNTIL),
       pack=(("a", "n", 0), ("b", "status", 0), ("b", "until", 8)),
       raises=(("target", ("status_applied",)),), rules=("E18",)),
    Op("remove_status", "takes n stacks of `status` from the selected units (no `n`: all of "
                        "them)",
       "remove {n} {status} from {to}",
       fields=(_f("status", "status", "the status removed", required=True),),
       n_default=999, pack=(("a", "n", 0), ("b", "status", 0)), rules=("E18",)),
    Op("put", "puts the selected card (a card target, `newest_void`, `newest_lattice`, "
              "`event_card` or `this_card`) "
              "`into` a place; a card on the Stack leaves it and its play never resolves",
       "put {to} {into}", acts_on="card", amount="none",
       fields=(_f("into", "place", "the place the card goes", required=True),),
       pack=(("b", "into", 0),), raises=_MOVES, rules=("Z23",)),
    Op("deploy", "deploys the selected character card from the Void into the player's "
                 "first empty lane (not ready unless swift)",
       "deploy {to} into {players} first empty lane", acts_on="card", amount="ignored",
       raises=(("player", ("ally_deploy", "summoned")),), encounter_noop=True, rules=("Z27",)),
    Op("mill", "puts the top n cards of the player's Archive into the Abyss (or, with `into = "
               "\"void\"`, exiles them)",
       "put the top {n:card/# cards} of {players} Archive {into}", acts_on="side",
       fields=(_f("into", "place", "abyss or void", "abyss"),),
       pack=(("a", "n", 0), ("b", "into", 0)), raises=(("player", ("exiled",)),), rules=("Z23",)),
    Op("create", "creates n new instances of `card` `into` a place (none past the match's "
                 "card capacity)",
       "create {n:a/# ×} {card} {into}", acts_on="side",
       fields=(_f("card", "card", "the card created", required=True),
               _f("into", "place", "the place the new cards go", required=True)),
       pack=(("a", "n", 0), ("b", "into", 0), ("b", "card", 3)), rules=("Z25",)),
    Op("copy", "creates n new instances of the selected card's card `into` a place",
       "create {n:a copy/# copies} of {to} {into}", acts_on="card",
       fields=(_f("into", "place", "the place the copies go", required=True),),
       pack=(("a", "n", 0), ("b", "into", 0)), rules=("Z25",)),
    Op("choose", "the player chooses n cards (`up_to`: at most n; `kind`, `tag`: of them only) "
                 "`from` a zone or the Archive's top `look` cards, one at a time, and each goes "
                 "`into` a place",
       "choose {up_to}{n:a {filter}card/# {filter}cards} {from} and put {n:it/them} {into}", acts_on="side",
       fields=(_f("from", "choice_from", "where the cards are chosen from", required=True),
               _f("into", "place", "the place each chosen card goes", required=True),
               _f("look", "count", "from archive_top: how many top cards are seen (default "
                                   "n)"),
               _f("up_to", "flag", "the player may choose fewer than n", False),
               # rule G04: only the cards of this kind or with this tag are offered
               _f("kind", "card_kind", "only cards of this kind are offered (rule G04)"),
               _f("tag", "tag", "only cards with this tag are offered (rule G04)")),
       # the filter packs above `from` as a card's target filter is packed (operands.pxd)
       pack=(("sel", "from", 0), ("sel", "kind", 3), ("sel", "tag", 5), ("a", "n", 0),
             ("b", "into", 0), ("b", "up_to", 3), ("b", "look", 4)),
       choice=True, raises=_MOVES, rules=("C02",)),
    Op("choose_mode", "the player chooses one of the `modes` (two to four blocks of "
                      "instructions), which runs",
       "choose one: {modes}", acts_on="control", amount="none",
       fields=(_f("modes", "blocks", "the blocks, one of which runs", required=True),),
       pack=(), choice=True, rules=("C03",)),
    Op("discover", "n card defs are drawn from the `cards` pool (`shuffle` stream, no "
                   "repeats); the player chooses one, created `into` a place",
       "discover one of {n:# card/# cards} drawn from {cards} and create it {into}",
       acts_on="side", amount="number", to="none",
       fields=(_f("cards", "cards", "the pool of cards the options are drawn from",
                  required=True),
               _f("into", "place", "the place the chosen card is created", "rift")),
       n_default=lambda ins: min(3, len(ins.get("cards", ()))),
       pack=(), choice=True, raises=_MOVES, rules=("C04",)),
    Op("add_counter", "adds n to a `counter`: a pack's counter by name, or `\"card\"`, this "
                      "card's own (rules V01-V04)",
       "add {n} to {counter}", acts_on="side",
       fields=(_f("counter", "counter", "a counter, or \"card\" (this card's own)",
                  required=True),),
       pack=(("a", "n", 0), ("b", "counter", 0)), rules=("V02",)),
    Op("set_counter", "sets a `counter` to n", "set {counter} to {n}", acts_on="side",
       fields=(_f("counter", "counter", "a counter, or \"card\" (this card's own)",
                  required=True),),
       pack=(("a", "n", 0), ("b", "counter", 0)), zero="meaningful", rules=("V02",)),
    # rule C07: a look at the Archive's top, any of the cards seen put at its bottom
    Op("scry", "the player looks at the top n cards of the Archive and puts any of them at its "
               "bottom, one at a time (a `choose` from `archive_top`, up to n, into "
               "`archive_bottom`)",
       "look at the top {n:card/# cards} of {players} Archive and put any of them at the bottom",
       acts_on="side", amount="number", to="none", n_max="look", pack=(), choice=True,
       lower=lambda ins: [{"op": "choose", "from": "archive_top", "look": ins["n"],
                           "n": ins["n"], "up_to": True, "into": "archive_bottom"}],
                           rules=("C07",)),
    # rule N11: an intent replaced at once (a trigger on a boss's `damage_taken`, say)
    Op("reintent", "the Encounter decides its intent anew, at once: its phase chosen again, "
                   "its pick, branch and random parts drawn anew from the `encounter` stream "
                   "(rule N11)",
       "the Encounter decides its intent anew", acts_on="side", amount="none", to="none",
       pack=(), rules=("N11",)),
    # rule T21: the turn of the side running it goes to its End; the program and the Stack
    # still resolve first
    Op("end_turn", "ends the acting side's turn at once: the rest of Main and Combat is "
                   "skipped, End runs once the program and the Stack have resolved (rule T21)",
       "end {our} turn", acts_on="side", amount="none", to="none", pack=(),
       # its own End (the turn is ending), the other side's turn, a match over
       idle_on=("turn_end", "foe_turn_start", "foe_turn_end", "match_end"), rules=("T21",)),
    # rule E26: a Slay-the-Spire slime; `dies` splits one that was killed
    Op("split", "each selected character leaves play (not a death) and n of `unit` take its "
                "place for its side, in its lane first, then the first empty ones, each with "
                "hp = min(its max hp, the hp the character had) (rule E26)",
       "split {to} into {n:a/# ×} {unit}",
       fields=(_f("unit", "unit", "the unit each part is", required=True),),
       n_default=2, pack=(("a", "n", 0), ("b", "unit", 0)),
       raises=(("target", ("summoned",)),), characters=True, rules=("E26",)),
    # ---- run-level instructions (rule U19): they act on the run's party, deck and purse,
    # only in run programs (an event's or a site's option, a Relic's `run` trigger); the run's
    # interpreter runs them between fights, never in a match ----
    Op("heal_share", "each selected hero restores n percent of its max hp (at least 1 hp)",
       "restore {n}% of max hp to {to}", acts_on="run", amount="number", to_default="party", rules=("U11",)),
    Op("restore", "each selected hero restores n hp, up to its max hp",
       "restore {n} hp to {to}", acts_on="run", amount="number", to_default="party", rules=("U19",)),
    Op("hurt", "each selected hero loses n hp, never below 1", "make {to} lose {n} hp",
       acts_on="run", amount="number", to_default="party", rules=("U19",)),
    Op("max_hp", "each selected hero gains n max hp, and as much hp", "give {to} {n} max hp",
       acts_on="run", amount="number", to_default="party", rules=("U19",)),
    Op("ambition", "each selected hero's Ambition moves by n (signed), within -20..20",
       "move the Ambition of {to} by {n}", acts_on="run", amount="signed", to_default="party", rules=("U11",)),
    Op("morality", "each selected hero's Morality moves by n (signed), within -20..20",
       "move the Morality of {to} by {n}", acts_on="run", amount="signed", to_default="party", rules=("U12",)),
    Op("gain_aurorune", "the run gains n aurorune", "gain {n} aurorune", acts_on="run",
       amount="number", to="none", rules=("U19",)),
    Op("lose_aurorune", "the run loses n aurorune (never below 0)", "lose {n} aurorune",
       acts_on="run", amount="number", to="none", rules=("U19",)),
    Op("add_card", "n copies of `card` join the deck (none past the deck's cap)",
       "add {n:a/# ×} {card} to the deck", acts_on="run", amount="number", to="none",
       fields=(_f("card", "card", "the card added", required=True),),
       pack=(("a", "n", 0), ("b", "card", 0)), rules=("U19",)),
    Op("remove_card", "the selected deck card leaves the deck", "remove {to} from the deck",
       acts_on="run", amount="none", pack=(), to_default="chosen_card", rules=("U19",)),
    Op("upgrade_card", "the selected deck card becomes its upgraded form (a card without one "
                       "stays as it is)",
       "upgrade {to}", acts_on="run", amount="none", pack=(), to_default="chosen_card", rules=("U12",)),
    Op("gain_relic", "the run gains `card`, a Relic (no `card`: one drawn from the Relic pool "
                     "the run does not hold, `events` stream)",
       "gain {card}", acts_on="run", amount="none", to="none",
       fields=(_f("card", "card", "the Relic gained (default: a random one)"),),
       pack=(("b", "card", 0),), rules=("U19",)),
)

# rule E25: an instruction on units or on its side (a choice excepted) may repeat, `times`
# copies of itself, each an instruction of its own (a hit of its own, a random unit drawn anew)
TIMES = Field("times", "count", "how many times it runs, each time an instruction of its own "
                                "(a hit of its own; a random unit drawn anew)", 1)


def _repeats(o: Op) -> bool:
    # an instruction without an amount (end_turn) would only do the same thing again
    return o.acts_on in ("units", "side") and not o.choice and o.amount != "none"


INSTRUCTIONS: tuple[Op, ...] = tuple(replace(o, fields=(*o.fields, TIMES)) if _repeats(o) else o
                                     for o in _ROWS)
BY_NAME: Mapping[str, Op] = MappingProxyType({o.name: o for o in INSTRUCTIONS})
#: every field name some instruction has, `op`, `to` and `n` first
ALL_FIELDS: tuple[str, ...] = ("op", "to", "n", *dict.fromkeys(
    f.name for o in INSTRUCTIONS for f in o.fields))


def filled(ins: Mapping[str, Any]) -> dict[str, Any]:
    """An instruction (a mapping with a known `op`) with every default its row gives filled in:
    what the compiler reads and the rules text says. A choice from the Archive's top looks at its
    `n` cards unless it says `look` (a field of that choice only)."""
    row = BY_NAME[ins["op"]]
    out: dict[str, Any] = {"op": row.name}
    if row.to_use != "none":
        out["to"] = row.default_to
    if row.amount != "none":
        out["n"] = row.default_n(ins)
    for f in row.fields:
        if f.default is not None:
            out[f.name] = f.default
    out.update(ins)
    if row.name == "choose" and out.get("from") == "archive_top":
        out.setdefault("look", out["n"])
    return out


def owners(field: str) -> tuple[str, ...]:
    """The ops that have `field`."""
    if field == "n":
        return tuple(o.name for o in INSTRUCTIONS if o.amount != "none" and o.name != "end")
    return tuple(o.name for o in INSTRUCTIONS if o.field(field) is not None)


def ops(**facts: Any) -> frozenset[str]:
    """The ops whose row has every given fact: `ops(acts_on="side")`, `ops(choice=True)`."""
    return frozenset(o.name for o in INSTRUCTIONS
                     if o.name != "end" and all(getattr(o, k) == v for k, v in facts.items()))


def shifts() -> dict[str, int]:
    """The C constants of the packed operands that share a word at a shift:
    INS_<OP>_<FIELD>_SHIFT (generated into vocab.pxd for the interpreter)."""
    return {f"INS_{o.name.upper()}_{field.upper()}_SHIFT": shift
            for o in INSTRUCTIONS for _, field, shift in o.pack if shift}


def fields_table() -> str:
    """The Markdown table of every instruction's fields (docs/modding.md, "Effects"), written
    between `<!-- instructions:fields -->` markers (`python -m eve.core.instructions --docs`)."""
    rows = ["| op | acts on | `to` | `n` (default) | other fields |", "|---|---|---|---|---|"]
    for o in INSTRUCTIONS:
        if o.name == "end":
            continue
        to = {"read": f"read (default `{o.default_to}`)", "ignored": "ignored",
              "none": "-"}[o.to_use]
        n = "-" if o.amount == "none" else (
            f"{o.amount}" + (f" ({o.n_default})" if not callable(o.n_default) else " (varies)"))
        fields = "; ".join(
            "`times` (rule E25)" if f is TIMES else
            f"`{f.name}`{' (required)' if f.required else ''}"
            f"{f' = {f.default!r}' if f.default is not None else ''}: {f.doc}"
            for f in o.fields) or "-"
        rows.append(f"| `{o.name}` | {o.acts_on} | {to} | {n} | {fields} |")
    return "\n".join(rows) + "\n"


def docs_block() -> str:
    return f"<!-- instructions:fields -->\n{fields_table()}<!-- /instructions:fields -->"


if __name__ == "__main__":  # pragma: no cover - a docs tool
    import sys
    if sys.argv[1:] == ["--docs"]:
        sys.stdout.write(docs_block() + "\n")
    else:
        sys.stderr.write("usage: python -m eve.core.instructions --docs\n")
        sys.exit(2)
