"""Validate registered content and compile it into the plain-int form of the core's tables.

Every error names the pack, the item and the field path of the offending value, with a stable
code (eve.plugins.errors). The result feeds `eve.core.tables.CompiledContent.load`; nothing of it
runs during a match.
"""
from __future__ import annotations

import builtins
import difflib
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eve.core.content_kinds import KINDS as CONTENT_KINDS
from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.instructions import Field as InstructionField
from eve.core.instructions import Op, ops, owners
from eve.core.tables import ENUMS, LIMITS
from eve.core.trigger_events import EVENTS as TRIGGER_EVENTS
from eve.core.trigger_events import UNIT_TARGET
from eve.core.vocabulary import BY_KEY, CARD_EVENTS, DAMAGE_EVENTS, UNIT_EVENTS
from eve.errors import ConfigError, ContentError
from eve.expressions import OWN_COUNTER, ExpressionError, compile_expression, shadowed_names
from eve.keywords import FLAGS as KEYWORD_FLAGS
from eve.keywords import KINDS as KEYWORD_KINDS
from eve.keywords import PARAM_RANGE, PARAMS, use_of
from eve.keywords import REFUSED as REFUSED_KEYWORDS
from eve.keywords import STANDARD as STANDARD_KEYWORDS
from eve.keywords import expand as expand_keyword
from eve.plugins import errors as codes
from eve.plugins.registry import Item, Registry, fingerprinted, thaw
from eve.plugins.schema import UnknownField, check_config
from eve.statuses import STANDARD as STANDARD_STATUSES

INT16_MAX = 32767

CONFIG_KEYS = ("player_hero_slots", "lanes", "hand_floor", "opening_hand", "max_rounds",
               "max_decisions_per_turn", "meter_base", "morality_high", "morality_low",
               "support_discount", "attack_discount")
COST_KEYS = ("play_support", "deploy", "activate", "attack")
# the most a configuration may let one match's log keep: an event count that doubles safely in 32
# bits (the log's own ceiling)
MAX_EVENTS = 1 << 30

# a buff's max hp shares its word with `until` (the status index's byte, rule E23)
BUFF_HP_MAX = 255
# the instructions by what they act on and do (their rows in eve.core.instructions)
UNIT_OPS = ops(acts_on="units")
SIDE_OPS = ops(acts_on="side")
COUNTER_OPS = frozenset(owners("counter"))
# the instructions that wait for the player's choice (rules C01-C06): only in programs resolved
# from the Stack
CHOICE_OPS = ops(choice=True)
# the lifecycle instructions that act on a selected card (rule Z23), and the card target specs
# with the zone each chooses its card in
CARD_OPS = {"put", "deploy", "copy"}
CARD_TARGET_ZONES = {"void_card": "void", "lattice_card": "lattice", "rift_card": "rift",
                     "abyss_card": "abyss", "stack_card": "stack"}
CARD_SELECTOR_ZONES = {"newest_void": "void", "newest_lattice": "lattice"}
# a place (`into`) and the zone it is in
# the targets a character's on-enter effect may take (rule E20)
UNIT_TARGETS = ("none", "foe", "ally", "any", "foe_character", "ally_character", "foe_hero",
                "ally_hero")
PLACE_ZONES = {"archive_top": "archive", "archive_bottom": "archive",
               "archive_shuffled": "archive", "rift": "rift", "abyss": "abyss", "void": "void"}


@dataclass
class Compiled:
    spec: dict[str, Any]
    fingerprint: str
    hero_ids: list[str] = field(default_factory=list)      # player heroes then enemy heroes
    player_heroes: list[str] = field(default_factory=list)
    card_ids: list[str] = field(default_factory=list)
    unit_ids: list[str] = field(default_factory=list)
    task_ids: list[str] = field(default_factory=list)
    status_ids: list[str] = field(default_factory=list)    # the standard ones, then the packs'
    counter_ids: list[str] = field(default_factory=list)   # the packs' named counters (V01)
    encounter_ids: list[str] = field(default_factory=list)
    move_text: list[dict[str, Any]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    rules: tuple[str, ...] | None = None     # the packs whose rule configurations apply
    # the statuses of keyword macros some item uses, by status id (the keyword's), last in
    # status_ids
    keyword_statuses: dict[str, Any] = field(default_factory=dict)


class _Ctx:
    """Where a value comes from: an item (its pack and id) or, with item None, the Engine's
    config overrides."""

    def __init__(self, item: Item | None, base: str, requires: tuple[str, ...] = ()) -> None:
        self.item = item
        self.base = base
        self.requires = requires

    def err(self, path: str, msg: str, code: str = codes.INVALID_VALUE) -> ContentError:
        where = f"{self.base}.{path}" if path else self.base
        if self.item is None:
            return ConfigError(f"{msg} (an Engine config override)", path=where, code=code)
        return ContentError(msg, pack=self.item.pack, path=where, code=code, item=self.item.id)

    def int(self, data: Mapping, key: str, path: str, default: int | None = None,
            lo: int = 0, hi: int = INT16_MAX) -> int:
        v = data.get(key, default)
        if v is None:
            raise self.err(f"{path}{key}", "is required", codes.MISSING_FIELD)
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.err(f"{path}{key}", f"must be an integer, not {type(v).__name__} {v!r}",
                           codes.WRONG_TYPE)
        if not lo <= v <= hi:
            raise self.err(f"{path}{key}", f"{v} is out of range [{lo}, {hi}]", codes.OUT_OF_RANGE)
        return v

    # below the method `int`, the class body's `int` is that method: the type is builtins.int
    def enum(self, table: str, value: Any, path: str) -> builtins.int:
        names = ENUMS[table]
        if not isinstance(value, str) or value not in names:
            code = codes.UNKNOWN_INSTRUCTION if table == "op" else codes.INVALID_VALUE
            if value is None:
                raise self.err(path, f"is required; one of: {', '.join(names)}", codes.MISSING_FIELD)
            what = "effect instruction (op)" if table == "op" else table.replace("_", " ")
            close = (difflib.get_close_matches(value, names, n=1, cutoff=0.6)
                     if isinstance(value, str) else [])
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise self.err(path, f"unknown {what} {value!r}{hint} (one of: {', '.join(names)})",
                           code)
        return names[value]

    def seq(self, data: Mapping, key: str, what: str = "list") -> Sequence:
        v = data.get(key, ())
        if not isinstance(v, (list, tuple)):
            raise self.err(key, f"must be a {what}, not {type(v).__name__} {v!r}", codes.WRONG_TYPE)
        return v

    def mapping(self, value: Any, path: str, what: str) -> Mapping:
        if not isinstance(value, Mapping):
            raise self.err(path, f"must be {what}, not {type(value).__name__} {value!r}",
                           codes.WRONG_TYPE)
        return value


def _check_fields(ctx: _Ctx, ins: Mapping, p: str, row: Op) -> None:
    """An instruction names only the fields of its row (and `to` and `n` where it takes them)."""
    allowed = {"op", *row.field_names}
    if row.to_use != "none":
        allowed.add("to")
    if row.amount != "none":
        allowed.add("n")
    for key in ins:
        if key not in allowed:
            theirs = [o for o in owners(key) if o != row.name]
            where = f"; {key!r} is a field of op {' or '.join(map(repr, theirs))}" if theirs else ""
            raise ctx.err(f"{p}.{key}", f"{key!r} is not a field of op {row.name!r} (its fields: "
                          f"{', '.join(sorted(allowed - {'op'}))}){where}", codes.UNKNOWN_FIELD)


def _ref(ctx: _Ctx, value: Any, index: dict[str, int], what: str, path: str) -> int:
    if not isinstance(value, str):
        raise ctx.err(path, f"must name a {what}, not {value!r}", codes.WRONG_TYPE)
    pack = ctx.item.pack if ctx.item is not None else None
    full = value if ":" in value else f"{pack}:{value}"
    owner = full.split(":", 1)[0]
    if pack is not None and owner != pack and owner not in ctx.requires:
        raise ctx.err(path, f"{value!r} names an item of pack {owner!r}, which pack {pack!r} does "
                      f"not list in its manifest's requires", codes.UNDECLARED_DEPENDENCY)
    if full not in index:
        close = difflib.get_close_matches(full, list(index), n=1, cutoff=0.75)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ctx.err(path, f"unknown {what} {full!r}{hint}", codes.UNKNOWN_REFERENCE)
    return index[full]


class Compiler:
    """Compiles a Registry. With `partial=True` (the engine's per-pack trial while it loads
    packs) the catalog need not be complete yet: no hero, Encounter or rule configuration is
    required, and the result is only a validation, never loaded."""

    def __init__(self, reg: Registry, overrides: Mapping[str, Any] | None = None,
                 partial: bool = False, rules: Sequence[str] | None = None) -> None:
        self.reg = reg
        self.overrides = dict(overrides or {})
        self.partial = partial
        self.rules = None if rules is None else tuple(rules)
        self.programs: list[tuple[int, list[tuple[int, ...]]]] = []
        self.expressions: list[int] = []        # the pool: a node count, then [op, arg] each
        self.n_code = 0                         # instructions of every program so far
        self.parts: list[dict[str, int]] = []   # script phases of every Encounter
        self.entries: list[dict[str, int]] = []   # script entries: first move, options
        self.script_vars: list[str] | None = None   # the variables `var.NAME` reads, if any
        self.triggers: list[dict[str, int]] = []    # every item's, in compile order
        self.in_trigger = False                     # whether `event.` may be read
        self.trigger_event = ""                     # the event of the trigger being compiled
        self.no_choice: str | None = None   # what the program compiled is, when it may not choose
        self.in_move = False                # compiling an Encounter move's effect (its intent)
        self.out = Compiled(spec={}, fingerprint="")

    def ctx(self, item: Item, base: str) -> _Ctx:
        return _Ctx(item, base, tuple(self.reg.requires.get(item.pack, ())))

    # ---- programs ----
    def program(self, ctx: _Ctx, prog: Any, path: str, target: str = "none",
                off_stack: str | None = None) -> int:
        """Compile an effect program (a list of instructions) and return its index. A program
        run off the Stack (`off_stack` says what it is) may not choose (rule C06)."""
        if prog is None:
            return -1
        tspec = ctx.enum("target", target, f"{path}.target")
        self.no_choice = off_stack
        try:
            code = self._block(ctx, prog, path, target)
        finally:
            self.no_choice = None
        if len(code) > LIMITS["program_length"]:
            raise ctx.err(path, f"{len(code)} instructions (those of `then` and `else` "
                          f"included) exceed the limit of {LIMITS['program_length']}",
                          codes.OUT_OF_RANGE)
        if self.n_code + len(code) > LIMITS["program_instructions"]:
            raise ctx.err(path, "the content's programs exceed the core's pool of "
                          f"{LIMITS['program_instructions']} instructions", codes.CAPACITY)
        self.n_code += len(code)
        self.programs.append((tspec, code))
        return len(self.programs) - 1

    def _block(self, ctx: _Ctx, prog: Any, path: str, target: str) -> list[tuple[int, ...]]:
        """A list of instructions, flattened: an `if` is a conditional skip over its `then`,
        then an unconditional skip over its `else` (the core's OP_IF, forward only, so a
        program runs each instruction at most once)."""
        if not isinstance(prog, (list, tuple)):
            raise ctx.err(path, f"an effect is a list of instructions, not {type(prog).__name__} "
                          f"{prog!r}", codes.WRONG_TYPE)
        if not prog:
            raise ctx.err(path, "an effect must be a non-empty list of instructions")
        if len(prog) > LIMITS["program_length"]:
            raise ctx.err(path, f"{len(prog)} instructions exceed the limit of "
                          f"{LIMITS['program_length']}", codes.OUT_OF_RANGE)
        code: list[tuple[int, ...]] = []
        for i, ins in enumerate(prog):
            p = f"{path}[{i}]"
            if not isinstance(ins, Mapping):
                raise ctx.err(p, "an instruction is a table like {op = \"damage\", to = \"target\", "
                              "n = 3}", codes.WRONG_TYPE)
            op = ins.get("op")
            opn = ctx.enum("op", op, f"{p}.op")
            row = INSTRUCTION[str(op)]
            if row.choice and self.no_choice is not None:
                raise ctx.err(f"{p}.op", f"{op!r} waits for the player's choice, so it is only "
                              f"in programs resolved from the Stack (cards, abilities, on-enter, "
                              f"Encounter moves), never in {self.no_choice} (rule C06)")
            _check_fields(ctx, ins, p, row)
            if op == "if":
                code.extend(self._if(ctx, ins, p, target, opn))
                continue
            if op == "choose_mode":
                code.extend(self._modes(ctx, ins, p, target, opn))
                continue
            if op == "discover":
                code.extend(self._discover(ctx, ins, p))
                continue
            code.append(self._instruction(ctx, ins, p, target, str(op), opn))
        return code

    def _if(self, ctx: _Ctx, ins: Mapping, p: str, target: str, opn: int) -> list[tuple[int, ...]]:
        if "cond" not in ins:
            raise ctx.err(f"{p}.cond", "is required: the condition, an expression such as "
                          "\"target.hp <= 5\"", codes.MISSING_FIELD)
        cond = self._expression(ctx, ins["cond"], f"{p}.cond")
        if "then" not in ins:
            raise ctx.err(f"{p}.then", "is required: the instructions run when cond holds",
                          codes.MISSING_FIELD)
        then = self._block(ctx, ins["then"], f"{p}.then", target)
        other = self._block(ctx, ins["else"], f"{p}.else", target) if "else" in ins else []
        out = [(opn, 0, len(then) + (1 if other else 0), 0, cond), *then]
        if other:
            out += [(opn, 0, len(other), 0, -1), *other]
        return out

    def _modes(self, ctx: _Ctx, ins: Mapping, p: str, target: str, opn: int) -> list[tuple[int, ...]]:
        """choose_mode: the instruction, then each block behind a header, an unconditional skip
        over it (and over the jump after it), and every block but the last ending in a jump
        to the end; the core finds block m by the headers' spans (effects.choice_resume_pc)."""
        modes = ins.get("modes")
        if modes is None:
            raise ctx.err(f"{p}.modes", "is required: two or more blocks of instructions, one of "
                          "which the player chooses", codes.MISSING_FIELD)
        if not isinstance(modes, (list, tuple)):
            raise ctx.err(f"{p}.modes", "must be a list of blocks (lists of instructions)",
                          codes.WRONG_TYPE)
        if not 2 <= len(modes) <= LIMITS["modes"]:
            raise ctx.err(f"{p}.modes", f"{len(modes)} modes: a choice has 2 to "
                          f"{LIMITS['modes']}", codes.OUT_OF_RANGE)
        blocks = [self._block(ctx, m, f"{p}.modes[{i}]", target) for i, m in enumerate(modes)]
        out: list[tuple[int, ...]] = [(opn, 0, len(blocks), 0, -1)]
        skip = ENUMS["op"]["if"]
        for i, block in enumerate(blocks):
            last = i == len(blocks) - 1
            out.append((skip, 0, len(block) + (0 if last else 1), 0, -1))
            out += block
            if not last:
                rest = sum(1 + len(b) + (1 if j < len(blocks) - 1 else 0)
                           for j, b in enumerate(blocks) if j > i)
                out.append((skip, 0, rest, 0, -1))
        return out

    def _choose(self, ctx: _Ctx, ins: Mapping, p: str, n: int, expr: int) -> dict[str, int]:
        """choose's fields: where from, into, up_to, and how many top cards it looks at."""
        row = INSTRUCTION["choose"]
        values = {f: self._operand(ctx, ins, p, row.field(f))     # type: ignore[arg-type]
                  for f in ("from", "into", "up_to")}
        if ins["from"] == "archive_top":
            if ins["into"] == "archive_top":
                raise ctx.err(f"{p}.into", "the cards are on the Archive's top already: a card "
                              "not chosen stays there")
            values["look"] = ctx.int(ins, "look", f"{p}.", default=n if expr < 0 else None,
                                     lo=1, hi=LIMITS["look"])
        else:
            if "look" in ins:
                raise ctx.err(f"{p}.look", "only a choice from archive_top looks at cards",
                              codes.UNKNOWN_FIELD)
            if PLACE_ZONES[ins["into"]] == ins["from"]:
                raise ctx.err(f"{p}.into", f"the cards are in the {ins['from']} already: a "
                              "choice moves them to another zone")
            values["look"] = 0
        return values

    def _discover(self, ctx: _Ctx, ins: Mapping, p: str) -> list[tuple[int, ...]]:
        """discover: (op, pool size, offered, place, -1), then the pool's card ids, INSTR_WORDS
        a row (rows the interpreter steps over)."""
        pool = ins.get("cards")
        if pool is None:
            raise ctx.err(f"{p}.cards", "is required: the cards the options are drawn from",
                          codes.MISSING_FIELD)
        if not isinstance(pool, (list, tuple)) or not pool:
            raise ctx.err(f"{p}.cards", "must be a non-empty list of cards", codes.WRONG_TYPE)
        if len(pool) > LIMITS["discover_pool"]:
            raise ctx.err(f"{p}.cards", f"{len(pool)} cards exceed the limit of "
                          f"{LIMITS['discover_pool']}", codes.OUT_OF_RANGE)
        ids = [_ref(ctx, c, self.card_index, "card", f"{p}.cards[{i}]") for i, c in enumerate(pool)]
        if len(set(ids)) != len(ids):
            raise ctx.err(f"{p}.cards", "names a card twice: the options are distinct cards")
        if isinstance(ins.get("n"), str):
            raise ctx.err(f"{p}.n", "the number of options is a number, not an expression",
                          codes.WRONG_TYPE)
        k = ctx.int(ins, "n", f"{p}.", default=min(3, len(ids)), lo=1,
                    hi=min(LIMITS["discover"], len(ids)))
        place = ctx.enum("place", ins.get("into", "rift"), f"{p}.into")
        width = LIMITS["instruction_words"]
        words = ids + [0] * (-len(ids) % width)
        rows = [tuple(words[i:i + width]) for i in range(0, len(words), width)]
        return [(ENUMS["op"]["discover"], len(ids), k, place, -1), *rows]

    def _expression(self, ctx: _Ctx, text: Any, path: str) -> int:
        """Compile an expression into the content's pool; its offset there."""
        if not isinstance(text, str):
            raise ctx.err(path, f"must be an expression (a string such as \"self.power + 2\"), "
                          f"not {type(text).__name__} {text!r}", codes.WRONG_TYPE)
        try:
            nodes = compile_expression(text, LIMITS["expression_nodes"],
                                       LIMITS["expression_depth"], self._visible_statuses(ctx),
                                       self.script_vars, self.in_trigger,
                                       self._visible(ctx, self.out.counter_ids),
                                       ctx.item is not None and ctx.item.kind == "card")
        except ExpressionError as e:
            raise ctx.err(path, f"{text!r}: {e}", codes.INVALID_VALUE) from None
        at = len(self.expressions)
        if at + 1 + 2 * len(nodes) > LIMITS["expression_words"]:
            raise ctx.err(path, "the content's expressions exceed the core's pool of "
                          f"{LIMITS['expression_words']} words", codes.CAPACITY)
        self.expressions.append(len(nodes))
        for op, arg in nodes:
            self.expressions += [op, arg]
        return at

    def _visible_statuses(self, ctx: _Ctx) -> dict[str, int]:
        """The statuses an expression of `ctx`'s item may read by bare name (`target.vulnerable`):
        the standard ones, those of its own pack, and those of the packs it requires when the
        name is theirs alone."""
        return self._visible(ctx, self.out.status_ids)

    def _visible(self, ctx: _Ctx, ids: Sequence[str]) -> dict[str, int]:
        """The ids (statuses, counters) an expression of `ctx`'s item names bare: engine ones,
        its own pack's, and a required pack's whose name is theirs alone."""
        pack = ctx.item.pack if ctx.item is not None else None
        seen: dict[str, list[int]] = {}
        own: dict[str, int] = {}
        for i, sid in enumerate(ids):
            if ":" not in sid:
                own[sid] = i
                continue
            owner, local = sid.split(":", 1)
            if owner == pack:
                own[local] = i
            elif owner in ctx.requires:
                seen.setdefault(local, []).append(i)
        return {**{k: v[0] for k, v in seen.items() if len(v) == 1}, **own}

    def _status_ref(self, ctx: _Ctx, value: Any, path: str) -> int:
        if isinstance(value, str) and ":" not in value and value in self.status_index:
            # a standard status, or a standard keyword's that some item uses
            return self.status_index[value]
        return _ref(ctx, value, self.status_index, "status", path)

    def _counter_ref(self, ctx: _Ctx, ins: Mapping, p: str) -> int:
        """An instruction's `counter`: a pack's counter (its index), or "card", -1: the card's
        own, which only a card's program has (rule V02)."""
        if "counter" not in ins:
            raise ctx.err(f"{p}.counter", "is required: a counter's name, or \"card\" for this "
                          "card's own", codes.MISSING_FIELD)
        if ins["counter"] == OWN_COUNTER:
            if ctx.item is None or ctx.item.kind != "card":
                raise ctx.err(f"{p}.counter", "\"card\" is a card's own counter: only a card's "
                              "program has one")
            return -1
        return _ref(ctx, ins["counter"], self.counter_index, "counter", f"{p}.counter")

    def _operand(self, ctx: _Ctx, ins: Mapping, p: str, f: InstructionField) -> int:
        """One field of an instruction as the integer its word holds (eve.core.instructions
        names its kind)."""
        if f.required and f.name not in ins and f.kind != "counter":
            one_of = (f"; one of: {', '.join(ENUMS[f.kind])}" if f.kind in ("place", "choice_from")
                      else "")
            raise ctx.err(f"{p}.{f.name}", f"is required: {f.doc}{one_of}", codes.MISSING_FIELD)
        value = ins.get(f.name, f.default)
        if f.kind == "flag":
            return int(self._flag(ctx, ins, f.name, f"{p}."))
        if f.kind in ("place", "choice_from"):
            return ctx.enum(f.kind, value, f"{p}.{f.name}")
        if f.kind == "until":
            # A04: held by the program's source; only whether it is there is packed
            return int(f.name in ins and ctx.enum("until", value, f"{p}.{f.name}") >= 0)
        if f.kind == "status":
            return self._status_ref(ctx, value, f"{p}.{f.name}")
        if f.kind == "counter":
            return self._counter_ref(ctx, ins, p)
        if f.kind == "hp":
            return ctx.int(ins, f.name, f"{p}.", default=0, lo=0, hi=BUFF_HP_MAX)
        if f.kind == "task":
            return -1 if value == "all" else _ref(ctx, value, self.task_index, "task", f"{p}.task")
        index = {"card": self.card_index, "unit": self.unit_index}[f.kind]
        return _ref(ctx, value, index, f.kind, f"{p}.{f.name}")

    def _instruction(self, ctx: _Ctx, ins: Mapping, p: str, target: str, op: str,
                     opn: int) -> tuple[int, ...]:
        """One instruction: its selector, amount and fields read by its row (whose `pack` puts
        them in the words), and the checks no row can say."""
        row = INSTRUCTION[op]
        to = ins.get("to", row.default_to)
        sel = ctx.enum("selector", to, f"{p}.to")
        self._check_selector(ctx, p, to, target)
        expr = -1
        if isinstance(ins.get("n"), str):
            if row.amount != "expr":
                raise ctx.err(f"{p}.n", f"op {op!r} takes no amount, so no expression")
            expr = self._expression(ctx, ins["n"], f"{p}.n")
            n = 0
        else:
            n = ctx.int(ins, "n", f"{p}.", default=row.default_n(ins), lo=0, hi=999)
        values = {"n": n}
        if op == "choose":
            if to != "none":
                raise ctx.err(f"{p}.to", "choose takes its cards `from` a zone, not `to`")
            values.update(self._choose(ctx, ins, p, n, expr))
        else:
            for f in row.fields:
                values[f.name] = self._operand(ctx, ins, p, f)
        if op == "buff" and "hp" in ins and "until" in ins:
            raise ctx.err(f"{p}.until", "a buff that raises max hp is permanent: `until` holds "
                          "power only")
        if op == "discard" and to == "target" and target in CARD_TARGET_ZONES:
            raise ctx.err(f"{p}.to", "discard throws away random cards of the Rift; a chosen "
                          "card is discarded with {op = \"put\", into = \"abyss\"}")
        if op == "exile" and to == "target" and target in ("rift_card", "abyss_card",
                                                           "stack_card"):
            # a chosen card of these zones is exiled by a put into the Void (rule Z23)
            return (ENUMS["op"]["put"], sel, 0, ENUMS["place"]["void"], -1)
        self._check_card_op(ctx, ins, p, op, to, target)
        if op == "mill" and ins.get("into", "abyss") not in ("abyss", "void"):
            # the top cards go to the Abyss, or to the Void: an exile from the Archive
            raise ctx.err(f"{p}.into", "mill puts the Archive's top cards into the abyss or the "
                          "void")
        if op == "task" and values["task"] >= 0 and self.task_goals[values["task"]] != "effect":
            raise ctx.err(f"{p}.task", f"task {ins['task']!r} counts its goal "
                          f"{self.task_goals[values['task']]!r} itself: a task instruction "
                          "advances only a task whose goal is \"effect\" (rule W04)",
                          codes.INVALID_VALUE)
        if op == "counter" and target != "foe_stack_item":
            raise ctx.err(p, "counter needs target = \"foe_stack_item\"")
        if op in UNIT_OPS and to in ("newest_void", "newest_lattice", "none", "event_card"):
            raise ctx.err(f"{p}.to", f"{op} acts on units, not {to!r}")
        # a field packed into the selector's word (choose's `from`) takes its place
        words = {"sel": 0 if any(w == "sel" for w, _, _ in row.pack) else sel, "a": 0, "b": 0}
        for word, name, shift in row.pack:
            words[word] |= values[name] << shift
        return (opn, words["sel"], words["a"], words["b"], expr)

    def _check_selector(self, ctx: _Ctx, p: str, to: str, target: str) -> None:
        """Where a selector may be used: the target only with one, no random unit in a move
        (N05), the event's source and card only in a trigger on an event that has them."""
        if to == "target" and target == "none":
            raise ctx.err(f"{p}.to", "selects the target, but this effect has no target")
        if self.in_move and to.startswith("random_"):
            # N05: the intent shows exactly what a move will do; a unit drawn at resolution
            # could not be shown. The move's own `target` is drawn when the intent is shown.
            raise ctx.err(f"{p}.to", f"{to!r} draws its unit when the effect resolves, so the "
                          "intent could not show it: give the move `target = \"random_foe\"` "
                          "(drawn with the intent) and `to = \"target\"`")
        if to in ("source", "event_card"):
            # the event's damage dealer, or its card: read only where there is one
            events = self.DAMAGE_EVENTS if to == "source" else self.CARD_EVENTS
            if self.trigger_event not in events:
                where = (f"a trigger on {self.trigger_event!r}" if self.trigger_event
                         else "a program that answers no event")
                raise ctx.err(f"{p}.to", f"{to!r} is the event's (a trigger on "
                              f"{', '.join(sorted(events))}); {where} has none")

    def _check_card_op(self, ctx: _Ctx, ins: Mapping, p: str, op: str, to: str,
                       target: str) -> None:
        """A lifecycle instruction selects a card of the zone it acts on (rules Z21, Z23)."""
        zone = None
        if op in CARD_OPS:
            zone = (CARD_TARGET_ZONES.get(target) if to == "target"
                    else CARD_SELECTOR_ZONES.get(to))
            if zone is None and to != "event_card":
                what = f"the target ({target})" if to == "target" else repr(to)
                raise ctx.err(f"{p}.to", f"{op} acts on a card: to = \"target\" with a card "
                              f"target ({', '.join(CARD_TARGET_ZONES)}), or newest_void or "
                              f"newest_lattice; {what} is not a card")
            if op == "deploy" and zone != "void" and to != "event_card":
                raise ctx.err(f"{p}.to", "deploy brings a character card from the Void: to = "
                              "\"target\" with target void_card, or newest_void")
        if op == "return" and not ((to == "target" and target == "void_card")
                                   or to == "newest_void"):
            # the core returns only a Void card (rule Z21): anything else would load, read as
            # a move in the rules text, and do nothing
            what = f"the target ({target})" if to == "target" else repr(to)
            raise ctx.err(f"{p}.to", "return brings a card back from the Void: to = \"target\" "
                          f"with target void_card, or newest_void; {what} is not a Void card")
        if op == "put" and PLACE_ZONES[ins["into"]] == zone:
            raise ctx.err(f"{p}.into", f"the card is already in the {zone}: put moves it to "
                          "another zone")

    # ---- the whole catalog ----
    def compile(self) -> Compiled:
        reg = self.reg
        out = self.out
        items = reg.items
        heroes = list(items["hero"].values())
        enemies = list(items["enemy_hero"].values())
        out.player_heroes = [h.id for h in heroes]
        out.hero_ids = out.player_heroes + [e.id for e in enemies]
        out.card_ids = list(items["card"])
        out.unit_ids = list(items["unit"])
        out.task_ids = list(items["task"])
        self._keyword_defs()
        out.keyword_statuses = self._keyword_statuses()
        out.status_ids = [*STANDARD_STATUSES, *items["status"], *out.keyword_statuses]
        out.counter_ids = list(items["counter"])
        self.counter_index = {c: i for i, c in enumerate(out.counter_ids)}
        out.encounter_ids = list(items["encounter"])
        self.hero_index = {h: i for i, h in enumerate(out.hero_ids)}
        self.enemy_index = {e.id: len(heroes) + i for i, e in enumerate(enemies)}
        self.player_index = {h.id: i for i, h in enumerate(heroes)}
        self.card_index = {c: i for i, c in enumerate(out.card_ids)}
        self.unit_index = {u: i for i, u in enumerate(out.unit_ids)}
        self.task_index = {t: i for i, t in enumerate(out.task_ids)}
        self.task_goals = [items["task"][t].data.get("goal") for t in out.task_ids]
        self.status_index = {s: i for i, s in enumerate(out.status_ids)}
        for kind in (k.name for k in CONTENT_KINDS if k.named):
            for it in items[kind].values():
                out.names[it.id] = str(it.data.get("name", it.id.split(":", 1)[1]))
        for sid, data in [*STANDARD_STATUSES.items(), *out.keyword_statuses.items()]:
            out.names[sid] = str(data.get("name", sid.split(":")[-1]))

        spec: dict[str, Any] = {}
        spec["config"] = self.config()
        if len(out.status_ids) > LIMITS["statuses"]:
            raise ContentError(f"{len(out.status_ids)} statuses (the {len(STANDARD_STATUSES)} "
                               f"standard ones included) exceed the core's {LIMITS['statuses']}",
                               code=codes.CAPACITY)
        spec["statuses"] = ([self.status(None, sid, d) for sid, d in STANDARD_STATUSES.items()]
                            + [self.status(it, it.id, it.data) for it in items["status"].values()]
                            + [self.status(self.keyword_items.get(sid), sid, d,
                                           f"keywords.{sid}.status")
                               for sid, d in out.keyword_statuses.items()])
        self.status_specs = spec["statuses"]
        if len(out.counter_ids) > LIMITS["counters"]:
            raise ContentError(f"{len(out.counter_ids)} counters exceed the core's "
                               f"{LIMITS['counters']}", code=codes.CAPACITY)
        spec["counters"] = [self.counter(c) for c in items["counter"].values()]
        spec["tasks"] = [self.task(t) for t in items["task"].values()]
        spec["cards"] = [self.card(c) for c in items["card"].values()]
        spec["heroes"] = [self.hero(h) for h in heroes] + [self.enemy(e) for e in enemies]
        spec["units"] = [self.unit(u) for u in items["unit"].values()]
        spec["moves"] = []
        spec["encounters"] = [self.encounter(e, spec["moves"]) for e in items["encounter"].values()]
        spec["programs"] = self.programs
        spec["triggers"] = self.triggers
        spec["expressions"] = self.expressions
        spec["parts"] = self.parts
        spec["entries"] = self.entries
        if not out.player_heroes and not self.partial:
            raise ContentError("no hero is registered", code=codes.MISSING_FIELD)
        if not out.encounter_ids and not self.partial:
            raise ContentError("no encounter is registered", code=codes.MISSING_FIELD)
        out.spec = spec
        out.fingerprint = fingerprint(reg, self.overrides, self.rules)
        out.rules = self.rules
        return out

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
        last = _Ctx(cfgs[-1], "config", ())
        costs = data.get("costs", {})
        if not isinstance(costs, Mapping):
            raise _Ctx(src["costs"], "config", ()).err("costs", "must be a table of category costs",
                                                       codes.WRONG_TYPE)
        costs = dict(costs)
        csrc: dict[str, Item | None] = dict.fromkeys(costs, src.get("costs"))
        for k, v in self.overrides.get("costs", {}).items():
            costs[k], csrc[k] = v, None

        def at(key: str, sources: dict[str, Item | None]) -> _Ctx:
            return _Ctx(sources[key], "config", ()) if key in sources else last

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
        self.cfg = out
        return out

    def _flag(self, ctx: _Ctx, data: Mapping, key: str, path: str) -> bool:
        v = data.get(key, False)
        if not isinstance(v, bool):
            raise ctx.err(f"{path}{key}", f"must be true or false, not {type(v).__name__} {v!r}",
                          codes.WRONG_TYPE)
        return v

    def _ability(self, ctx: _Ctx, data: Mapping, key: str) -> tuple[int, int, int]:
        ab = data.get(key)
        if ab is None:
            return -1, 0, 0
        if not isinstance(ab, Mapping):
            raise ctx.err(key, "must be a table with target, effect and optional reaction",
                          codes.WRONG_TYPE)
        target = ab.get("target", "none")
        prog = self.program(ctx, ab.get("effect"), f"{key}.effect", target)
        return (prog, ctx.enum("target", target, f"{key}.target"),
                int(self._flag(ctx, ab, "reaction", f"{key}.")))

    def hero(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"heroes.{it.id}")
        d = it.data
        prog, tgt, react = self._ability(ctx, d, "ability")
        cards = ctx.seq(d, "cards", "list of card names")
        if len(cards) > LIMITS["start_cards"]:
            raise ctx.err("cards", f"{len(cards)} starting cards exceed {LIMITS['start_cards']}",
                          codes.OUT_OF_RANGE)
        return {"max_hp": ctx.int(d, "max_hp", "", lo=1), "power": ctx.int(d, "power", "", 0),
                "ambition": ctx.int(d, "ambition", "", 0, lo=-20, hi=20),
                "morality": ctx.int(d, "morality", "", 0, lo=-20, hi=20),
                "ability_prog": prog, "ability_target": tgt, "ability_reaction": react,
                "start_cards": [_ref(ctx, c, self.card_index, "card", f"cards[{i}]")
                                for i, c in enumerate(cards)],
                "triggers": self._triggers(ctx, d, "unit"), "aura": self._aura(ctx, d, "hero")}

    def enemy(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"units.{it.id}")
        d = it.data
        return {"max_hp": ctx.int(d, "max_hp", "", lo=1), "power": ctx.int(d, "power", "", 0),
                "ambition": 0, "morality": 0, "ability_prog": -1, "ability_target": 0,
                "ability_reaction": 0, "start_cards": [], "triggers": self._triggers(ctx, d, "unit"),
                "aura": self._aura(ctx, d, "hero")}

    def unit(self, it: Item) -> dict[str, Any]:
        ctx = self.ctx(it, f"units.{it.id}")
        d = it.data
        bits, extra = self.keywords(ctx, d, "unit")
        return {"power": ctx.int(d, "power", "", 0), "hp": ctx.int(d, "hp", "", lo=1),
                "keywords": bits, "triggers": self._triggers(ctx, d, "unit", extra=extra),
                "aura": self._aura(ctx, d, "unit")}

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
            for it in self.reg.items[kind].values():
                kws = it.data.get("keywords", ())
                for entry in kws if isinstance(kws, (list, tuple)) else ():
                    name = use_of(entry)[0]
                    if isinstance(name, str):
                        used.add(name if name in STANDARD_KEYWORDS or ":" in name
                                 else f"{it.pack}:{name}")
        return {kid: m["status"] for kid, m in self.macros.items()
                if kid in used and m.get("status") is not None}

    def _macro(self, ctx: _Ctx, name: str, path: str) -> str:
        """The id of the macro `name` names in `ctx`'s item."""
        if name in STANDARD_KEYWORDS:
            return name
        pack = ctx.item.pack if ctx.item is not None else ""
        if ":" in name:
            _ref(ctx, name, dict.fromkeys(self.keyword_items, 0), "keyword", path)
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

    def keywords(self, ctx: _Ctx, d: Mapping, kind: str
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
               "ability_target": 0, "ability_reaction": 0, "ally_power": 0, "play_cond": -1}
        ctx.int(d, "aurorune", "", 0, hi=99999)   # a shop price only: checked, never compiled
        if "play_if" in d:
            out["play_cond"] = self._expression(ctx, d["play_if"], "play_if")
        if kind == "character":
            out["power"] = ctx.int(d, "power", "")
            out["hp"] = ctx.int(d, "hp", "", lo=1)
        on_enter = d.get("on_enter")
        if on_enter is not None:
            ctx.mapping(on_enter, "on_enter", "a table with target and effect")
            target = on_enter.get("target", "none")
            if kind == "character" and target not in UNIT_TARGETS:
                raise ctx.err("on_enter.target", "a character's on-enter target is a unit "
                              f"({', '.join(UNIT_TARGETS[1:])}) or none: it is chosen with "
                              "the lane (rule E20), and a card target would multiply the "
                              "choices past the core's capacity")
            out["on_enter"] = self.program(ctx, on_enter.get("effect"), "on_enter.effect", target)
            out["play_target"] = ctx.enum("target", target, "on_enter.target")
        out["ability_prog"], out["ability_target"], out["ability_reaction"] = self._ability(ctx, d, "ability")
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
            out["ally_power"] = ctx.int(d, "ally_power", "", hi=99)
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
        return ctx.enum("counter_reset", it.data.get("reset", "match"), "reset")

    # a grant of power, not of a status (defs.pxd GRANT_POWER)
    GRANT_POWER = -1

    def _aura(self, ctx: _Ctx, d: Mapping, kind: str) -> tuple[int, int, int]:
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
        return (ctx.int(a, "n", "aura.", 1, lo=1, hi=99), s, who)

    def status(self, it: Item | None, sid: str, d: Mapping, base: str | None = None
               ) -> dict[str, Any]:
        """A status definition (the standard ones, and a standard keyword's, have no item:
        eve.statuses, eve.keywords; a pack keyword's status has its keyword's item)."""
        base = base or f"statuses.{sid}"
        ctx = self.ctx(it, base) if it is not None else _Ctx(None, base)
        if it is not None and sid.split(":", 1)[1] in STANDARD_STATUSES:
            raise ctx.err("", f"{sid.split(':', 1)[1]!r} is a standard status (eve.statuses): a "
                          "pack's status takes another name", codes.INVALID_VALUE)
        if it is not None and sid.split(":", 1)[1] in shadowed_names("status"):
            local = sid.split(":", 1)[1]
            raise ctx.err("", f"a status named {local!r} could never be read: `target.{local}` "
                          f"is the attribute {local!r}; the status takes another name",
                          codes.SHADOWED_NAME)
        out: dict[str, Any] = {
            "stacking": ctx.enum("status_stacking", d.get("stacking", "intensity"), "stacking"),
            "polarity": ctx.enum("status_polarity", d.get("polarity"), "polarity"),
            "max": ctx.int(d, "max", "", 999, lo=1, hi=999),
            "decay_at": 0, "decay_by": 0, "tick_at": 0, "tick_prog": -1,
            "power": ctx.int(d, "power", "", 0, lo=-99, hi=99),
            "dealt_add": ctx.int(d, "dealt_add", "", 0, lo=-99, hi=99),
            "taken_add": ctx.int(d, "taken_add", "", 0, lo=-99, hi=99),
            "dealt_pct": ctx.int(d, "dealt_pct", "", 100, hi=1000),
            "taken_pct": ctx.int(d, "taken_pct", "", 100, hi=1000),
            "absorb": int(self._flag(ctx, d, "absorb", "")),
            "negate": int(self._flag(ctx, d, "negate", "")),
            "spend": ctx.enum("status_spend", d.get("spend", "never"), "spend"),
            "keeps": 0,
        }
        if "decay" in d:
            dec = ctx.mapping(d["decay"], "decay", "a table {at, by}")
            out["decay_at"] = self._timing(ctx, dec.get("at"), "decay.at")
            out["decay_by"] = ctx.enum("status_decay", dec.get("by", "one"), "decay.by")
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

    # the events whose subject is a unit (the others are a side's), the card events, and the
    # events a unit's damage causes (`source` and the `source` selector read its dealer)
    UNIT_EVENTS = UNIT_EVENTS
    CARD_EVENTS = CARD_EVENTS
    DAMAGE_EVENTS = DAMAGE_EVENTS
    # a trigger's first form, kept: the Relic's `trigger = {on, effect}` and its events
    # the events that are another answered for the other side (foe_turn_start: turn_start)
    FOE_TURN = {e.name: e.alias_of for e in TRIGGER_EVENTS if e.alias_of}

    def _triggers(self, ctx: _Ctx, d: Mapping, source: str, limited: bool = True,
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

    def _triggers_of(self, ctx: _Ctx, d: Mapping, source: str, limited: bool,
                     extra: Sequence[tuple[str, Any, str]]) -> tuple[int, int]:
        """An item's `triggers` (and a Relic's `trigger`), compiled into the content's trigger
        table: (first, count). `source`: "unit" (a hero or a unit: it listens while in play),
        "character", "enhancement" (a Sortilege or Relic: from the Lattice) or "status"."""
        written: list[tuple[str, Any]] = []
        if "trigger" in d:
            written.append(("trigger", d["trigger"]))
        written += [(f"triggers[{i}]", t) for i, t in enumerate(ctx.seq(d, "triggers", "list of triggers"))]
        written += [(p, t) for p, t, _ in extra]
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
            who = t.get("who", "foe" if on in self.FOE_TURN else "self")
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
            if "source" in t:
                if event not in self.DAMAGE_EVENTS:
                    raise ctx.err(f"{path}.source", "`source` filters a damage event ("
                                  f"{', '.join(sorted(self.DAMAGE_EVENTS))}), not {on!r}",
                                  codes.UNKNOWN_FIELD)
                out["source"] = ctx.enum("trigger_source", t["source"], f"{path}.source")
            if "unit" in t:
                if event not in self.UNIT_EVENTS:
                    raise ctx.err(f"{path}.unit", "`unit` filters an event whose subject is a "
                                  f"unit ({', '.join(sorted(self.UNIT_EVENTS))}), not {on!r}",
                                  codes.UNKNOWN_FIELD)
                out["unit"] = ctx.enum("trigger_unit", t["unit"], f"{path}.unit")
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
                    out["per"] = ctx.enum("trigger_limit", t.get("per", "match"), f"{path}.per")
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

    def _timing(self, ctx: _Ctx, value: Any, path: str) -> int:
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

    def move(self, ctx: _Ctx, m: Any, path: str) -> dict[str, Any]:
        if m is None:
            raise ctx.err(path, "is required: a move table", codes.MISSING_FIELD)
        ctx.mapping(m, path, "a move table")
        kind = m.get("move")
        out: dict[str, Any] = {"kind": ctx.enum("move", kind, f"{path}.move"),
               "phase": ctx.enum("phase", m.get("phase", "combat" if kind == "attack" else "main"),
                                 f"{path}.phase"),
               "prog": -1, "def_id": -1, "attacker": -1, "lane_sel": 0, "lane": 0,
               "target_sel": 0, "cond": 0, "cond_arg": 0, "alt": -1}
        if out["phase"] not in (ENUMS["phase"]["main"], ENUMS["phase"]["combat"]):
            raise ctx.err(f"{path}.phase", "a move is made in main or combat")
        out["set"] = self._sets(ctx, m, path)
        if kind == "wait":
            for key in ("unit", "lane", "attacker", "target", "effect"):
                if key in m:
                    raise ctx.err(f"{path}.{key}", f"a wait makes nothing: {key!r} is not one of "
                                  "its fields (move, phase, set)", codes.UNKNOWN_FIELD)
            return out
        lane = m.get("lane", "first_empty" if kind == "summon" else "strongest")
        if isinstance(lane, int) and not isinstance(lane, bool):
            if not 0 <= lane < self.cfg["lanes"]:
                raise ctx.err(f"{path}.lane", f"lane {lane} is out of range [0, {self.cfg['lanes'] - 1}]",
                              codes.OUT_OF_RANGE)
            out["lane_sel"], out["lane"] = ENUMS["lane"]["fixed"], lane
        else:
            out["lane_sel"] = ctx.enum("lane", lane, f"{path}.lane")
            if kind == "attack" and lane == "first_empty":
                raise ctx.err(f"{path}.lane", "an attack goes into a player lane: a number, "
                              "\"strongest\" or \"random\", not \"first_empty\"", codes.OUT_OF_RANGE)
        if kind == "summon":
            out["def_id"] = _ref(ctx, m.get("unit"), self.unit_index, "unit", f"{path}.unit")
        elif kind == "attack":
            att = m.get("attacker", "leader")
            if att == "leader":
                out["attacker"] = -1
            else:
                out["attacker"] = ctx.int(m, "attacker", f"{path}.", hi=LIMITS["roster"] - 1)
        else:
            target = m.get("target", "none")
            esel = ctx.enum("enemy_target", target, f"{path}.target")
            out["target_sel"] = esel
            core_target = {"none": "none", "newest_lattice": "lattice_card"}.get(target, "any")
            self.in_move = True
            try:
                out["prog"] = self.program(ctx, m.get("effect"), f"{path}.effect", core_target)
            finally:
                self.in_move = False
        return out

    def _sets(self, ctx: _Ctx, m: Mapping, path: str) -> list[tuple[int, int]]:
        """A move's assignments: `set = {rage = "var.rage + 1"}`, each a variable and the
        expression of its new value."""
        if "set" not in m:
            return []
        sets = ctx.mapping(m["set"], f"{path}.set", "a table of variables and their new "
                           "values, like {rage = \"var.rage + 1\"}")
        if len(sets) > LIMITS["move_sets"]:
            raise ctx.err(f"{path}.set", f"{len(sets)} assignments exceed the limit of "
                          f"{LIMITS['move_sets']} a move", codes.CAPACITY)
        out = []
        for name, value in sets.items():
            p = f"{path}.set.{name}"
            declared = self.script_vars or []
            if name not in declared:
                raise ctx.err(p, f"unknown variable {name!r} (the Encounter's `vars`: "
                              f"{', '.join(declared) or 'none'})", codes.UNKNOWN_REFERENCE)
            if isinstance(value, int) and not isinstance(value, bool):
                value = str(value) if value >= 0 else f"-{-value}"
            out.append((declared.index(name), self._expression(ctx, value, p)))
        return out

    def _variables(self, ctx: _Ctx, d: Mapping) -> dict[str, int]:
        """An Encounter's script variables and their starting values, in index order."""
        if "vars" not in d:
            return {}
        table = ctx.mapping(d["vars"], "vars", "a table of variables and their starting values")
        if len(table) > LIMITS["script_vars"]:
            raise ctx.err("vars", f"{len(table)} variables exceed the limit of "
                          f"{LIMITS['script_vars']}", codes.CAPACITY)
        out = {}
        lim = LIMITS["script_var_limit"]
        for name in table:
            if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
                raise ctx.err(f"vars.{name}", "a variable's name is a word of letters, digits "
                              "and _ (\"rage\")", codes.INVALID_VALUE)
            out[name] = ctx.int(table, name, "vars.", lo=-lim, hi=lim)
        return out

    def _entry(self, ctx: _Ctx, m: Any, path: str, at: tuple, it: Item, moves: list,
               alts: list) -> tuple[int, int]:
        """One script entry: a move, or a weighted pick among moves (`pick`)."""
        ctx.mapping(m, path, "a move table")
        if "pick" not in m:
            for key in ("weight", "max_repeats"):
                if key in m:
                    raise ctx.err(f"{path}.{key}", f"{key!r} is a field of a pick's option (or "
                                  "of the pick itself, for max_repeats)", codes.INVALID_VALUE)
            return self._option(ctx, m, path, at, it, moves, alts, 0, 0), 1
        for key in m:
            if key not in ("pick", "max_repeats"):
                raise ctx.err(f"{path}.{key}", f"a pick's fields are pick and max_repeats: "
                              f"{key!r} belongs to each option", codes.UNKNOWN_FIELD)
        options = m["pick"]
        if not isinstance(options, (list, tuple)):
            raise ctx.err(f"{path}.pick", "must be a list of moves, each with a weight",
                          codes.WRONG_TYPE)
        if not 2 <= len(options) <= LIMITS["pick_options"]:
            raise ctx.err(f"{path}.pick", f"a pick has 2 to {LIMITS['pick_options']} moves, not "
                          f"{len(options)}", codes.CAPACITY if options else codes.OUT_OF_RANGE)
        repeats = ctx.int(m, "max_repeats", f"{path}.", 0, hi=LIMITS["max_repeats"])
        first = len(moves)
        for j, opt in enumerate(options):
            p = f"{path}.pick[{j}]"
            ctx.mapping(opt, p, "a move table with a weight")
            weight = ctx.int(opt, "weight", f"{p}.", 1, lo=1, hi=9999)
            own = ctx.int(opt, "max_repeats", f"{p}.", repeats, hi=LIMITS["max_repeats"])
            self._option(ctx, opt, p, (*at, "pick", j), it, moves, alts, weight, own)
        return first, len(options)

    def _option(self, ctx: _Ctx, m: Mapping, path: str, at: tuple, it: Item, moves: list,
                alts: list, weight: int, repeats: int) -> int:
        if "pick" in m:
            raise ctx.err(f"{path}.pick", "a pick's option is a move, not another pick",
                          codes.INVALID_VALUE)
        mv = self.move(ctx, m, path)
        mv["weight"], mv["max_repeats"] = weight, repeats
        moves.append(mv)
        self.out.move_text.extend([{}] * (len(moves) - len(self.out.move_text)))
        self.out.move_text[len(moves) - 1] = {"encounter": it.id, "index": at[-1] if len(at) == 2
                                              else None, "branch": False, "at": at,
                                              "path": path}
        when = m.get("unless")
        if when is not None:
            ctx.mapping(when, f"{path}.unless", "a table {if, arg, do} or {cond, do}")
            if "cond" in when:
                for key in ("if", "arg"):
                    if key in when:
                        raise ctx.err(f"{path}.unless.{key}", "a branch has a named "
                                      "condition (`if`, `arg`) or an expression (`cond`), "
                                      "not both", codes.INVALID_VALUE)
                mv["cond"] = ENUMS["condition"]["expr"]
                mv["cond_arg"] = self._expression(ctx, when["cond"], f"{path}.unless.cond")
            else:
                mv["cond"] = ctx.enum("condition", when.get("if"), f"{path}.unless.if")
                if mv["cond"] == ENUMS["condition"]["expr"]:
                    # its arg would be read as an expression: only `cond` makes one
                    raise ctx.err(f"{path}.unless.if", "an expression condition is "
                                  "written as `cond = \"...\"`, not `if = \"expr\"`")
                mv["cond_arg"] = ctx.int(when, "arg", f"{path}.unless.", lo=0, hi=999)
            alts.append((mv, self.move(ctx, when.get("do"), f"{path}.unless.do"),
                         {**self.out.move_text[len(moves) - 1], "branch": True,
                          "path": f"{path}.unless.do"}))
        return len(moves) - 1

    def _script(self, ctx: _Ctx, script: Any, path: str, at: tuple, it: Item, moves: list,
                alts: list) -> tuple[int, int]:
        """A list of entries, played in a cycle: (first entry, entries)."""
        if not isinstance(script, (list, tuple)):
            raise ctx.err(path, f"must be a list of moves, not {type(script).__name__} "
                          f"{script!r}", codes.WRONG_TYPE)
        if not script:
            raise ctx.err(path, "an Encounter script needs at least one move", codes.EMPTY_SCRIPT)
        compiled = [self._entry(ctx, m, f"{path}[{i}]", (*at, i), it, moves, alts)
                    for i, m in enumerate(script)]
        first = len(self.entries)
        if first + len(compiled) > LIMITS["script_entries"]:
            raise ctx.err(path, f"the content's script entries exceed the core's "
                          f"{LIMITS['script_entries']}", codes.CAPACITY)
        self.entries.extend({"first_opt": m, "n_opts": n} for m, n in compiled)
        return first, len(compiled)

    def _part(self, cond: int = -1) -> int:
        self.parts.append({"cond": cond, "first_child": 0, "n_children": 0, "first_entry": 0,
                           "n_entries": 0})
        return len(self.parts) - 1

    def _phases(self, ctx: _Ctx, phases: Any, path: str, at: tuple, depth: int, it: Item,
                moves: list, alts: list) -> tuple[int, int]:
        """A list of phases, the first whose `when` holds being played; the last has no `when`
        (it plays when none of the others does). (first part, parts)"""
        if not isinstance(phases, (list, tuple)):
            raise ctx.err(path, f"must be a list of phases, not {type(phases).__name__} "
                          f"{phases!r}", codes.WRONG_TYPE)
        if not phases:
            raise ctx.err(path, "needs at least one phase", codes.EMPTY_SCRIPT)
        if depth > LIMITS["phase_depth"]:
            raise ctx.err(path, f"phases nested {depth} deep, above the limit of "
                          f"{LIMITS['phase_depth']}", codes.CAPACITY)
        first = len(self.parts)
        if first + len(phases) > LIMITS["script_phases"]:
            raise ctx.err(path, f"the content's script phases exceed the core's "
                          f"{LIMITS['script_phases']}", codes.CAPACITY)
        for _ in phases:
            self._part()
        for i, ph in enumerate(phases):
            p = f"{path}[{i}]"
            ctx.mapping(ph, p, "a phase table {when, script} or {when, phases}")
            last = i == len(phases) - 1
            if last and "when" in ph:
                raise ctx.err(f"{p}.when", "the last phase of a list is the one played when no "
                              "other holds: it has no `when`", codes.INVALID_VALUE)
            if not last and "when" not in ph:
                raise ctx.err(f"{p}.when", "is required: only the last phase of a list goes "
                              "without a condition", codes.MISSING_FIELD)
            if ("script" in ph) == ("phases" in ph):
                raise ctx.err(p, "a phase has a `script` or `phases` of its own (one of them)",
                              codes.MISSING_FIELD if "script" not in ph else codes.INVALID_VALUE)
            if not isinstance(ph.get("name", ""), str):
                raise ctx.err(f"{p}.name", "a phase's name is a string", codes.WRONG_TYPE)
            part = self.parts[first + i]
            if not last:
                part["cond"] = self._expression(ctx, ph["when"], f"{p}.when")
            if "phases" in ph:
                part["first_child"], part["n_children"] = self._phases(
                    ctx, ph["phases"], f"{p}.phases", (*at, i, "phases"), depth + 1, it, moves,
                    alts)
            else:
                part["first_entry"], part["n_entries"] = self._script(
                    ctx, ph["script"], f"{p}.script", (*at, i, "script"), it, moves, alts)
        return first, len(phases)

    def encounter(self, it: Item, moves: list) -> dict[str, Any]:
        ctx = self.ctx(it, f"encounters.{it.id}")
        d = it.data
        if "roster" not in d:
            raise ctx.err("roster", "is required: a list of enemy heroes", codes.MISSING_FIELD)
        roster = ctx.seq(d, "roster", "list of enemy heroes")
        if not roster:
            raise ctx.err("roster", "an Encounter needs at least one enemy hero")
        if len(roster) > LIMITS["roster"]:
            raise ctx.err("roster", f"at most {LIMITS['roster']} enemy heroes", codes.OUT_OF_RANGE)
        variables = self._variables(ctx, d)
        self.script_vars = list(variables)
        try:
            out = self._encounter(ctx, it, d, moves, roster)
        finally:
            self.script_vars = None
        out["vars"] = list(variables.values())
        return out

    def _encounter(self, ctx: _Ctx, it: Item, d: Mapping, moves: list,
                   roster: Sequence) -> dict[str, Any]:
        first = len(moves)
        alts: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []
        if len(self.parts) >= LIMITS["script_phases"]:
            raise ctx.err("script", f"the content's script phases exceed the core's "
                          f"{LIMITS['script_phases']}", codes.CAPACITY)
        root = self._part()
        if "phases" in d:
            if "script" in d:
                raise ctx.err("phases", "an Encounter has a `script` or `phases` (one of them)",
                              codes.INVALID_VALUE)
            fc, nc = self._phases(ctx, d["phases"], "phases", ("phases",), 1, it, moves, alts)
            self.parts[root].update(first_child=fc, n_children=nc)
        else:
            fe, ne = self._script(ctx, ctx.seq(d, "script", "list of moves"), "script",
                                  ("script",), it, moves, alts)
            self.parts[root].update(first_entry=fe, n_entries=ne)
        for mv, alt, text in alts:
            # a branch is made in its script entry's place: it says so, and where it is
            moves.append(alt)
            mv["alt"] = len(moves) - 1
            self.out.move_text.append(text)
        responses = []
        for i, r in enumerate(ctx.seq(d, "responses", "list of response rules")):
            p = f"responses[{i}]"
            ctx.mapping(r, p, "a response rule table")
            counter = self._flag(ctx, r, "counter", f"{p}.")
            if counter:
                prog = self.program(ctx, [{"op": "counter"}], p, "foe_stack_item")
                tsel = 0
            else:
                target = r.get("target", "none")
                tsel = ctx.enum("enemy_target", target, f"{p}.target")
                core_target = {"none": "none", "newest_lattice": "lattice_card"}.get(target, "any")
                prog = self.program(ctx, r.get("effect"), f"{p}.effect", core_target)
            responses.append({"on": ctx.enum("response_on", r.get("on", "any"), f"{p}.on"),
                              "counter": int(counter), "prog": prog, "target_sel": tsel,
                              "per_round": ctx.int(r, "per_round", f"{p}.", 0, hi=99),
                              "charges": ctx.int(r, "charges", f"{p}.", -1, lo=-1, hi=99)})
        if len(responses) > LIMITS["responses"]:
            raise ctx.err("responses", f"at most {LIMITS['responses']} response rules",
                          codes.OUT_OF_RANGE)
        setup = ctx.seq(d, "setup", "list of units")
        if len(setup) > min(LIMITS["setup_summons"], self.cfg["lanes"]):
            raise ctx.err("setup", "too many setup summons for the lanes", codes.OUT_OF_RANGE)
        tasks = ctx.seq(d, "tasks", "list of World Tasks")
        if len(tasks) > LIMITS["tasks"]:
            raise ctx.err("tasks", f"at most {LIMITS['tasks']} tasks", codes.OUT_OF_RANGE)
        return {"roster": [_ref(ctx, r, self.enemy_index, "enemy hero", f"roster[{i}]")
                           for i, r in enumerate(roster)],
                "setup_units": [_ref(ctx, u, self.unit_index, "unit", f"setup[{i}]")
                                for i, u in enumerate(setup)],
                "tasks": [_ref(ctx, t, self.task_index, "task", f"tasks[{i}]") for i, t in enumerate(tasks)],
                "initiative": ctx.int(d, "initiative", "", lo=1, hi=20),
                "first_move": first, "n_moves": len(moves) - first, "root": root,
                "responses": responses}


def check_overrides(overrides: Mapping[str, Any]) -> None:
    """An Engine's config overrides, checked against the rule schema (ConfigError)."""
    if not isinstance(overrides, Mapping):
        raise ConfigError(f"config overrides are a table, not {type(overrides).__name__}",
                          path="config", code=codes.WRONG_TYPE)
    try:
        check_config(overrides)
    except UnknownField as exc:
        raise ConfigError(f"{exc} (an Engine config override)", path=exc.path,
                          code=codes.UNKNOWN_FIELD) from None
    costs = overrides.get("costs", {})
    if not isinstance(costs, Mapping):
        raise ConfigError(f"costs must be a table of category costs ({', '.join(COST_KEYS)}), not "
                          f"{type(costs).__name__} {costs!r} (an Engine config override)",
                          path="config.costs", code=codes.WRONG_TYPE)


def fingerprint(reg: Registry, overrides: Mapping[str, Any] | None = None,
                rules: Sequence[str] | None = None) -> str:
    """A stable hash of everything registered, pack manifests (versions) included, of the
    Engine's config overrides when there are any, and of which packs' rules apply (both change
    the compiled rules)."""
    doc: dict[str, Any] = {
        "packs": {k: thaw(v) for k, v in sorted(reg.packs.items())},
        "items": {kind: {i: thaw(it.data) for i, it in table.items()}
                  for kind, table in fingerprinted(reg.items).items()}}
    if overrides:
        doc["overrides"] = thaw(overrides)
    if rules is not None and list(rules) != [p for p in reg.packs if p in
                                             {it.pack for it in reg.items["config"].values()}]:
        doc["rules"] = list(rules)
    blob = json.dumps(doc, sort_keys=True, separators=(",", ":"), default=str).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def compile_registry(reg: Registry, overrides: Mapping[str, Any] | None = None,
                     partial: bool = False, rules: Sequence[str] | None = None) -> Compiled:
    return Compiler(reg, overrides, partial, rules).compile()
