"""Effect programs: instructions read by their rows in eve.core.instructions, flattened into
the core's bytecode, and the expressions they use."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eve.compiler.context import (
    BUFF_HP_MAX,
    CARD_OPS,
    CARD_SELECTOR_ZONES,
    CARD_TARGET_ZONES,
    PLACE_ZONES,
    UNIT_OPS,
    Ctx,
    resolve_ref,
)
from eve.compiler.filters import kind_operand, tag_operand
from eve.compiler.run_programs import RunPrograms
from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.instructions import Field as InstructionField
from eve.core.instructions import Op, filled, owners
from eve.core.selectors import BY_NAME as SELECTOR
from eve.core.tables import ENUMS, LIMITS
from eve.expressions import OWN_COUNTER, ExpressionError, compile_expression
from eve.plugins import errors as codes


def _check_fields(ctx: Ctx, ins: Mapping, p: str, row: Op) -> None:
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



class Programs(RunPrograms):
    """The programs, instructions and expressions of the content."""

    def program(self, ctx: Ctx, prog: Any, path: str, target: str = "none",
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

    def _block(self, ctx: Ctx, prog: Any, path: str, target: str) -> list[tuple[int, ...]]:
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
            self.check_level(ctx, f"{p}.op", str(op))
            if row.choice and self.no_choice is not None:
                raise ctx.err(f"{p}.op", f"{op!r} waits for the player's choice, so it is only "
                              f"in programs resolved from the Stack (cards, abilities, on-enter, "
                              f"Encounter moves), never in {self.no_choice} (rule C06)")
            _check_fields(ctx, ins, p, row)
            if row.lower is not None:
                # written with other instructions (C07's scry): its own amount checked here,
                # the rest by the instructions it stands for
                n = ctx.int(ins, "n", f"{p}.", default=row.default_n(ins), lo=1,
                            hi=LIMITS[row.n_max] if row.n_max else 999)
                code.extend(self._block(ctx, row.lower({**filled(ins), "n": n}), p, target))
                continue
            if op == "if":
                code.extend(self._if(ctx, ins, p, target, opn))
                continue
            if op == "choose_mode":
                code.extend(self._modes(ctx, ins, p, target, opn))
                continue
            if op == "discover":
                code.extend(self._discover(ctx, ins, p))
                continue
            one = self._instruction(ctx, ins, p, target, str(op), opn)
            # E25: `times` copies, each an instruction of its own (validated with the fields)
            code.extend([one] * ins.get("times", 1))
        return code

    def _if(self, ctx: Ctx, ins: Mapping, p: str, target: str, opn: int) -> list[tuple[int, ...]]:
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

    def _modes(self, ctx: Ctx, ins: Mapping, p: str, target: str, opn: int) -> list[tuple[int, ...]]:
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

    def _choose(self, ctx: Ctx, ins: Mapping, p: str, n: int, expr: int) -> dict[str, int]:
        """choose's fields: where from, into, up_to, and how many top cards it looks at."""
        row = INSTRUCTION["choose"]
        values = {f: self._operand(ctx, ins, p, row.field(f))     # type: ignore[arg-type]
                  for f in ("from", "into", "up_to", "kind", "tag")}
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

    def _discover(self, ctx: Ctx, ins: Mapping, p: str) -> list[tuple[int, ...]]:
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
        ids = [resolve_ref(ctx, c, self.card_index, "card", f"{p}.cards[{i}]") for i, c in enumerate(pool)]
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

    def _expression(self, ctx: Ctx, text: Any, path: str) -> int:
        """Compile an expression into the content's pool; its offset there."""
        if not isinstance(text, str):
            raise ctx.err(path, f"must be an expression (a string such as \"self.power + 2\"), "
                          f"not {type(text).__name__} {text!r}", codes.WRONG_TYPE)
        try:
            nodes = compile_expression(text, LIMITS["expression_nodes"],
                                       LIMITS["expression_depth"], self._visible_statuses(ctx),
                                       self.script_vars, self.in_trigger,
                                       self._visible(ctx, self.out.counter_ids),
                                       ctx.item is not None and ctx.item.kind == "card",
                                       self.move_names)
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

    def _visible_statuses(self, ctx: Ctx) -> dict[str, int]:
        """The statuses an expression of `ctx`'s item may read by bare name (`target.vulnerable`):
        the standard ones, those of its own pack, and those of the packs it requires when the
        name is theirs alone."""
        return self._visible(ctx, self.out.status_ids)

    def _visible(self, ctx: Ctx, ids: Sequence[str]) -> dict[str, int]:
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

    def _status_ref(self, ctx: Ctx, value: Any, path: str) -> int:
        if isinstance(value, str) and ":" not in value and value in self.status_index:
            # a standard status, or a standard keyword's that some item uses
            return self.status_index[value]
        return resolve_ref(ctx, value, self.status_index, "status", path)

    def _counter_ref(self, ctx: Ctx, ins: Mapping, p: str) -> int:
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
        return resolve_ref(ctx, ins["counter"], self.counter_index, "counter", f"{p}.counter")

    def _operand(self, ctx: Ctx, ins: Mapping, p: str, f: InstructionField) -> int:
        """One field of an instruction as the integer its word holds (eve.core.instructions
        names its kind)."""
        if f.required and f.name not in ins and f.kind != "counter":
            one_of = (f"; one of: {', '.join(ENUMS[f.kind])}" if f.kind in ("place", "choice_from")
                      else "")
            raise ctx.err(f"{p}.{f.name}", f"is required: {f.doc}{one_of}", codes.MISSING_FIELD)
        value = ins.get(f.name, f.default)
        if f.kind == "flag":
            return int(self._flag(ctx, ins, f.name, f"{p}."))
        if f.kind == "count":
            return ctx.int(ins, f.name, f"{p}.", default=f.default, lo=1,
                           hi=LIMITS["program_length"])
        if f.kind == "card_kind":
            return kind_operand(ctx, value, f"{p}.{f.name}")
        if f.kind == "tag":
            return tag_operand(ctx, value, f"{p}.{f.name}", self.tag_index)
        if f.kind in ("place", "choice_from"):
            return ctx.enum(f.kind, value, f"{p}.{f.name}")
        if f.kind == "until":
            # A04, A06: packed as its code + 1, 0 when it lasts for good
            return ctx.enum("until", value, f"{p}.{f.name}") + 1 if f.name in ins else 0
        if f.kind == "status":
            return self._status_ref(ctx, value, f"{p}.{f.name}")
        if f.kind == "counter":
            return self._counter_ref(ctx, ins, p)
        if f.kind == "hp":
            return ctx.int(ins, f.name, f"{p}.", default=0, lo=0, hi=BUFF_HP_MAX)
        if f.kind == "task":
            return -1 if value == "all" else resolve_ref(ctx, value, self.task_index, "task", f"{p}.task")
        index = {"card": self.card_index, "unit": self.unit_index}[f.kind]
        return resolve_ref(ctx, value, index, f.kind, f"{p}.{f.name}")

    def _instruction(self, ctx: Ctx, ins: Mapping, p: str, target: str, op: str,
                     opn: int) -> tuple[int, ...]:
        """One instruction: its selector, amount and fields read by its row (whose `pack` puts
        them in the words), and the checks no row can say."""
        if self.run_target is not None:
            return self.run_instruction(ctx, ins, p, op, opn)
        row = INSTRUCTION[op]
        to = ins.get("to", row.default_to)
        sel = ctx.enum("selector", to, f"{p}.to")
        self.check_match_selector(ctx, f"{p}.to", str(to))
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
        if op == "buff" and "hp" in ins and ins.get("until", "turn_end") != "turn_end":
            raise ctx.err(f"{p}.until", "a buff's max hp lasts for good, or until the end of the "
                          "turn (`until = \"turn_end\"`, rule A06): `source_leaves` holds power only")
        if op == "discard" and to == "target" and target in CARD_TARGET_ZONES:
            raise ctx.err(f"{p}.to", "discard throws away random cards of the Rift; a chosen "
                          "card is discarded with {op = \"put\", into = \"abyss\"}")
        if op == "exile" and (to == "this_card" or to == "target" and target in (
                "rift_card", "abyss_card", "stack_card")):
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
        if op in UNIT_OPS and SELECTOR[to].picks in ("card", "none"):
            raise ctx.err(f"{p}.to", f"{op} acts on units, not {to!r}")
        # a field packed into the selector's word (choose's `from`) takes its place
        words = {"sel": 0 if any(w == "sel" for w, _, _ in row.pack) else sel, "a": 0, "b": 0}
        for word, name, shift in row.pack:
            words[word] |= values[name] << shift
        return (opn, words["sel"], words["a"], words["b"], expr)

    def _check_selector(self, ctx: Ctx, p: str, to: str, target: str) -> None:
        """Where a selector may be used: the target only with one, no random unit in a move
        (N05), the event's source and card only in a trigger on an event that has them."""
        if to == "target" and target == "none":
            raise ctx.err(f"{p}.to", "selects the target, but this effect has no target")
        if self.in_move and SELECTOR[to].random:
            # N05: the intent shows exactly what a move will do; a unit drawn at resolution
            # could not be shown. The move's own `target` is drawn when the intent is shown.
            raise ctx.err(f"{p}.to", f"{to!r} draws its unit when the effect resolves, so the "
                          "intent could not show it: give the move `target = \"random_foe\"` "
                          "(drawn with the intent) and `to = \"target\"`")
        if to == "this_card" and self.no_own_card is not None:
            raise ctx.err(f"{p}.to", f"'this_card' is the card whose program runs (rule Z29): "
                          f"{self.no_own_card}")
        if SELECTOR[to].event:
            # the event's damage dealer, or its card: read only where there is one
            events = {"damage": self.DAMAGE_EVENTS, "card": self.CARD_EVENTS}[SELECTOR[to].event]
            if self.trigger_event not in events:
                where = (f"a trigger on {self.trigger_event!r}" if self.trigger_event
                         else "a program that answers no event")
                raise ctx.err(f"{p}.to", f"{to!r} is the event's (a trigger on "
                              f"{', '.join(sorted(events))}); {where} has none")

    def _check_card_op(self, ctx: Ctx, ins: Mapping, p: str, op: str, to: str,
                       target: str) -> None:
        """A lifecycle instruction selects a card of the zone it acts on (rules Z21, Z23)."""
        zone = None
        if op in CARD_OPS:
            zone = (CARD_TARGET_ZONES.get(target) if to == "target"
                    else CARD_SELECTOR_ZONES.get(to))
            if zone is None and to not in ("event_card", "this_card"):
                what = f"the target ({target})" if to == "target" else repr(to)
                raise ctx.err(f"{p}.to", f"{op} acts on a card: to = \"target\" with a card "
                              f"target ({', '.join(CARD_TARGET_ZONES)}), or newest_void or "
                              f"newest_lattice; {what} is not a card")
            if op == "deploy" and zone != "void" and to not in ("event_card", "this_card"):
                raise ctx.err(f"{p}.to", "deploy brings a character card from the Void: to = "
                              "\"target\" with target void_card, or newest_void")
        if op == "return" and not ((to == "target" and target == "void_card")
                                   or to in ("newest_void", "this_card")):
            # the core returns only a Void card (rule Z21): anything else would load, read as
            # a move in the rules text, and do nothing
            what = f"the target ({target})" if to == "target" else repr(to)
            raise ctx.err(f"{p}.to", "return brings a card back from the Void: to = \"target\" "
                          f"with target void_card, or newest_void; {what} is not a Void card")
        if op == "put" and PLACE_ZONES[ins["into"]] == zone:
            raise ctx.err(f"{p}.into", f"the card is already in the {zone}: put moves it to "
                          "another zone")

    # ---- the whole catalog ----
