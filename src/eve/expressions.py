"""Expressions in content: amounts and conditions written as text, compiled to postfix nodes.

    n = "14 + 3 * self.power"                 (an amount: Heavy Blade)
    n = "target.poison"                       (poison equal to what it has: doubling it)
    cond = "count(ally_characters) > 0 and target.hp <= 5"
    n = "2 * target.vulnerable"               (any status's stacks, by its name)

Grammar, loosest first: `or`, `and`, `not`, comparisons (< <= > >= == !=, at most one per
level), + and -, * and /, unary -, then atoms: integers, `(expr)`, `ref.attr`, `round`, and
the functions `count(what)`, `min(a, b, ...)`, `max(a, b, ...)`, `clamp(x, lo, hi)`; in an
Encounter's script (its moves, branches, phases and responses) also `var.NAME`, one of the
variables it declares (`vars`). The names
(refs, attributes, what `count` counts) are the vocabulary's (`expr_ref`, `expr_attr`,
`expr_count`); the nodes are `expr_op`'s, evaluated by the core's `eval_expr` with no Python.

`compile_expression` returns the nodes as (op, arg) pairs, or raises ExpressionError saying
what is wrong and where (a column), for the compiler to name the field path.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from eve.core.vocabulary import BY_KEY, names

__all__ = ["OWN_COUNTER", "ExpressionError", "compile_expression", "depth", "shadowed_names"]

_OP = BY_KEY["expr_op"].by_name()
_REFS = BY_KEY["expr_ref"].by_name()
_ATTRS = BY_KEY["expr_attr"].by_name()
_COUNTS = BY_KEY["expr_count"].by_name()
_EVENTS = BY_KEY["expr_event"].by_name()
_COMPARE = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}
_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|==|!=|[-+*/(),.<>]))")
MAX_TEXT = 400                   # characters of one expression
CONST_LIMIT = 32767              # a constant is an int16 word of the compiled node
OWN_COUNTER = "card"             # `card.counter` reads, and `counter = "card"` writes, a card's own


def shadowed_names(kind: str) -> frozenset[str]:
    """The names a pack's `kind` ("status" or "counter") may not take, because the language
    reads something else by that name, so the item could never be read or written: a status
    named as an attribute (`target.hp` is the attribute, never a status `hp`), a counter named
    as a card's own (`counter = "card"` writes the card's counter, never a counter `card`).
    Derived from the vocabulary, so a new attribute reserves its name."""
    if kind == "status":
        return frozenset(_ATTRS)
    if kind == "counter":
        return frozenset({OWN_COUNTER})
    return frozenset()


class ExpressionError(ValueError):
    def __init__(self, message: str, column: int) -> None:
        self.message = message
        self.column = column
        super().__init__(f"{message} (at column {column + 1})")

    def __reduce__(self) -> tuple[type, tuple[str, int], dict]:
        return (type(self), (self.message, self.column), self.__dict__)


@dataclass
class _Tok:
    kind: str        # "int", "name", "sym", "end"
    text: str
    at: int


def _tokens(text: str) -> list[_Tok]:
    out, i = [], 0
    while i < len(text):
        if text[i:].strip() == "":
            break
        m = _TOKEN.match(text, i)
        if not m:
            raise ExpressionError(f"unexpected {text[i:].lstrip()[:1]!r}", i)
        g = m.lastindex or 1          # the pattern always matches one of its three groups
        out.append(_Tok(("int", "name", "sym")[g - 1], m.group(g), m.start(g)))
        i = m.end()
    out.append(_Tok("end", "", len(text)))
    return out


class _Parser:
    def __init__(self, text: str, statuses: Mapping[str, int] | None = None,
                 variables: Sequence[str] | None = None, events: bool = False,
                 counters: Mapping[str, int] | None = None, card: bool = False,
                 moves: Sequence[str] | None = None) -> None:
        self.statuses = statuses or {}
        self.moves = moves
        self.counters = counters or {}
        self.card = card
        self.events = events
        self.toks = _tokens(text)
        self.i = 0
        self.nodes: list[tuple[int, int]] = []
        self.variables = variables

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self) -> _Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def expect(self, sym: str) -> None:
        t = self.take()
        if t.text != sym:
            raise ExpressionError(f"expected {sym!r}, found {t.text or 'the end'!r}", t.at)

    def emit(self, op: str, arg: int = 0) -> None:
        self.nodes.append((_OP[op], arg))

    def parse(self) -> list[tuple[int, int]]:
        self.or_()
        t = self.peek()
        if t.kind != "end":
            raise ExpressionError(f"unexpected {t.text!r}", t.at)
        return self.nodes

    def or_(self) -> None:
        self.and_()
        while self.peek().text == "or":
            self.take()
            self.and_()
            self.emit("or")

    def and_(self) -> None:
        self.not_()
        while self.peek().text == "and":
            self.take()
            self.not_()
            self.emit("and")

    def not_(self) -> None:
        if self.peek().text == "not":
            self.take()
            self.not_()
            self.emit("not")
        else:
            self.compare()

    def compare(self) -> None:
        self.sum()
        t = self.peek()
        if t.text in _COMPARE:
            self.take()
            self.sum()
            self.emit(_COMPARE[t.text])
            if self.peek().text in _COMPARE:
                raise ExpressionError("chained comparisons: join them with `and`", self.peek().at)

    def sum(self) -> None:
        self.term()
        while self.peek().text in ("+", "-"):
            op = self.take().text
            self.term()
            self.emit("add" if op == "+" else "sub")

    def term(self) -> None:
        self.unary()
        while self.peek().text in ("*", "/"):
            op = self.take().text
            self.unary()
            self.emit("mul" if op == "*" else "div")

    def unary(self) -> None:
        if self.peek().text == "-":
            self.take()
            self.unary()
            self.emit("neg")
        else:
            self.atom()

    def atom(self) -> None:
        t = self.take()
        if t.kind == "int":
            v = int(t.text)
            if v > CONST_LIMIT:
                raise ExpressionError(f"{v} is above the largest constant, {CONST_LIMIT}", t.at)
            self.emit("const", v)
        elif t.text == "(":
            self.or_()
            self.expect(")")
        elif t.kind == "name":
            self.name(t)
        else:
            raise ExpressionError(f"expected a number, a name or '(', found {t.text or 'the end'!r}",
                                  t.at)

    def name(self, t: _Tok) -> None:
        if t.text in ("round", "my_turn", "killed"):
            self.emit(t.text)
        elif t.text in ("min", "max", "clamp", "count"):
            self.call(t)
        elif t.text == "var":
            self.var(t)
        elif t.text == "repeats":
            self.repeats(t)
        elif t.text == "counter":
            # a pack's counter (rule V03)
            self.expect(".")
            a = self.take()
            if a.text not in self.counters:
                raise ExpressionError(f"unknown counter {a.text!r} (the counters: "
                                      f"{', '.join(self.counters) or 'none'})", a.at)
            self.emit("counter", self.counters[a.text])
        elif t.text == OWN_COUNTER:
            if not self.card:
                raise ExpressionError("`card.counter` is a card's own counter: only a card's "
                                      "expressions read it", t.at)
            self.expect(".")
            a = self.take()
            if a.text != "counter":
                raise ExpressionError(f"a card has one thing to read, its `counter`, not "
                                      f"{a.text!r}", a.at)
            self.emit("card_counter")
        elif t.text == "event":
            if not self.events:
                raise ExpressionError("`event.` is read only in a trigger's `if` and effect", t.at)
            self.expect(".")
            a = self.take()
            if a.text not in _EVENTS:
                raise ExpressionError(f"unknown event field {a.text!r} (one of: "
                                      f"{', '.join(names('expr_event'))})", a.at)
            self.emit("event", _EVENTS[a.text])
        elif t.text in _REFS:
            self.expect(".")
            a = self.take()
            if a.text in _ATTRS:
                self.emit("attr", _REFS[t.text] * 16 + _ATTRS[a.text])
            elif a.text in self.statuses:
                # a status's stacks (any status the content has: `target.vulnerable`)
                self.emit("status", _REFS[t.text] * 64 + self.statuses[a.text])
            else:
                known = [*names("expr_attr"), *(s for s in self.statuses if s not in _ATTRS)]
                close = difflib.get_close_matches(a.text, known, n=1, cutoff=0.6)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise ExpressionError(f"unknown attribute or status {a.text!r}{hint} (one of: "
                                      f"{', '.join(known)})", a.at)
        else:
            known = [*names("expr_ref"), "round", "my_turn", "killed", "min", "max", "clamp",
                     "count", "event", "counter", OWN_COUNTER]
            if self.variables is not None:
                known.append("var")
            if self.moves is not None:
                known.append("repeats")
            raise ExpressionError(f"unknown name {t.text!r} (one of: {', '.join(known)})", t.at)

    def var(self, t: _Tok) -> None:
        if self.variables is None:
            raise ExpressionError("`var.NAME` reads an Encounter script variable: only an "
                                  "Encounter's script and responses have variables", t.at)
        self.expect(".")
        a = self.take()
        if a.text not in self.variables:
            declared = ", ".join(self.variables) or "none"
            raise ExpressionError(f"unknown variable {a.text!r} (the Encounter's `vars`: "
                                  f"{declared})", a.at)
        self.emit("var", list(self.variables).index(a.text))

    def repeats(self, t: _Tok) -> None:
        # rule N09: the history, read by a move's name wherever the move is written
        if self.moves is None:
            raise ExpressionError("`repeats.NAME` reads the Encounter's move history: only an "
                                  "Encounter's script and responses read it", t.at)
        self.expect(".")
        a = self.take()
        if a.text not in self.moves:
            named = ", ".join(self.moves) or "none"
            raise ExpressionError(f"unknown move {a.text!r} (the Encounter's move names: "
                                  f"{named})", a.at)
        self.emit("repeats", list(self.moves).index(a.text))

    def call(self, t: _Tok) -> None:
        self.expect("(")
        if t.text == "count":
            w = self.take()
            if w.text not in _COUNTS:
                raise ExpressionError(f"count() of {w.text or 'nothing'!r}: one of "
                                      f"{', '.join(names('expr_count'))}", w.at)
            self.expect(")")
            self.emit("count", _COUNTS[w.text])
            return
        n = 0
        while True:
            self.or_()
            n += 1
            if self.peek().text != ",":
                break
            self.take()
        close = self.peek()
        self.expect(")")
        if t.text == "clamp":
            if n != 3:
                raise ExpressionError(f"clamp takes 3 arguments (x, lo, hi), not {n}", close.at)
            self.emit("clamp")
        else:
            if n < 2:
                raise ExpressionError(f"{t.text} takes 2 or more arguments, not {n}", close.at)
            for _ in range(n - 1):
                self.emit(t.text)


_POPS = {"const": 0, "attr": 0, "status": 0, "count": 0, "round": 0, "my_turn": 0, "killed": 0, "var": 0, "event": 0,
         "counter": 0, "repeats": 0, "card_counter": 0, "neg": 1, "not": 1,
         "clamp": 3}


def depth(nodes: list[tuple[int, int]]) -> int:
    """The deepest the evaluation stack gets."""
    by_code = {c: n for n, c in _OP.items()}
    d = top = 0
    for op, _ in nodes:
        name = by_code[op]
        top += 1 - _POPS.get(name, 2)
        d = max(d, top)
    return d


def compile_expression(text: str, max_nodes: int, max_depth: int,
                       statuses: Mapping[str, int] | None = None,
                       variables: Sequence[str] | None = None,
                       events: bool = False, counters: Mapping[str, int] | None = None,
                       card: bool = False,
                       moves: Sequence[str] | None = None) -> list[tuple[int, int]]:
    """The postfix nodes of `text`, checked against the core's bounds. `statuses`: the status
    names it may read as attributes (`target.vulnerable`), with their indices; `variables`: the
    script variables `var.NAME` may read, in index order (None: no script, so no `var`); `events`:
    whether it is a trigger's, which may read `event.amount` and the other fields of its event;
    `counters`: the counter names `counter.NAME` reads, with their indices; `card`: whether it is
    a card's, which may read its own `card.counter`; `moves`: the Encounter's move names
    `repeats.NAME` reads, in index order (None: no script)."""
    if len(text) > MAX_TEXT:
        raise ExpressionError(f"{len(text)} characters exceed the limit of {MAX_TEXT}", 0)
    nodes = _Parser(text, statuses, variables, events, counters, card, moves).parse()
    if len(nodes) > max_nodes:
        raise ExpressionError(f"{len(nodes)} terms exceed the limit of {max_nodes}", 0)
    if depth(nodes) > max_depth:
        raise ExpressionError(f"nested {depth(nodes)} deep, above the limit of {max_depth}", 0)
    return nodes
