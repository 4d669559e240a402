"""Encounter scripts: moves, weighted picks, variables, phases and responses."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eve.compiler.context import (
    Ctx,
    resolve_ref,
)
from eve.compiler.triggers import Triggers
from eve.core.tables import ENUMS, LIMITS
from eve.plugins import errors as codes
from eve.plugins.registry import Item


def _move_names(d: Mapping) -> list[str]:
    """The names an Encounter's moves are written with (rule N09), in the order first written:
    read before the moves are compiled, so that an expression reads a name written later."""
    names: dict[str, None] = {}

    def move(m: Any) -> None:
        if isinstance(m, Mapping):
            if isinstance(m.get("name"), str):
                names[m["name"]] = None
            unless = m.get("unless")
            if isinstance(unless, Mapping):
                move(unless.get("do"))

    def script(entries: Any) -> None:
        for e in entries if isinstance(entries, (list, tuple)) else ():
            picked = e.get("pick") if isinstance(e, Mapping) else None
            for m in picked if isinstance(picked, (list, tuple)) else (e,):
                move(m)

    def phases(ps: Any) -> None:
        for p in ps if isinstance(ps, (list, tuple)) else ():
            if isinstance(p, Mapping):
                script(p.get("script"))
                phases(p.get("phases"))

    script(d.get("script"))
    phases(d.get("phases"))
    return list(names)


class Scripts(Triggers):
    """The Encounters and their scripts."""

    def move(self, ctx: Ctx, m: Any, path: str) -> dict[str, Any]:
        if m is None:
            raise ctx.err(path, "is required: a move table", codes.MISSING_FIELD)
        ctx.mapping(m, path, "a move table")
        kind = m.get("move")
        out: dict[str, Any] = {"kind": ctx.enum("move", kind, f"{path}.move"),
               "phase": ctx.enum("phase", m.get("phase"), f"{path}.phase"),
               "prog": -1, "def_id": -1, "attacker": -1, "lane_sel": 0, "lane": 0,
               "target_sel": 0, "cond": 0, "cond_arg": 0, "alt": -1}
        if out["phase"] not in (ENUMS["phase"]["main"], ENUMS["phase"]["combat"]):
            raise ctx.err(f"{path}.phase", "a move is made in main or combat")
        out["set"] = self._sets(ctx, m, path)
        out["name"] = self._name(ctx, m, path)
        if kind == "wait":
            for key in ("unit", "lane", "attacker", "target", "effect"):
                if key in m:
                    raise ctx.err(f"{path}.{key}", f"a wait makes nothing: {key!r} is not one of "
                                  "its fields (move, phase, set)", codes.UNKNOWN_FIELD)
            return out
        lane = m["lane"]
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
            out["def_id"] = resolve_ref(ctx, m.get("unit"), self.unit_index, "unit", f"{path}.unit")
        elif kind == "attack":
            att = m["attacker"]
            if att == "leader":
                out["attacker"] = -1
            else:
                out["attacker"] = ctx.int(m, "attacker", f"{path}.", hi=LIMITS["roster"] - 1)
        else:
            target = m["target"]
            esel = ctx.enum("enemy_target", target, f"{path}.target")
            out["target_sel"] = esel
            core_target = {"none": "none", "newest_lattice": "lattice_card"}.get(target, "any")
            self.in_move = True
            try:
                out["prog"] = self.program(ctx, m.get("effect"), f"{path}.effect", core_target)
            finally:
                self.in_move = False
        return out

    def _name(self, ctx: Ctx, m: Mapping, path: str) -> int:
        """A move's `name` (rule N09): its index among the Encounter's move names, -1 none."""
        if "name" not in m:
            return -1
        name = m["name"]
        if not isinstance(name, str) or not name.isidentifier():
            raise ctx.err(f"{path}.name", f"a move's name is a word of letters, digits and _ "
                          f"(\"slam\"), not {name!r}", codes.INVALID_VALUE)
        return (self.move_names or []).index(name)

    def _sets(self, ctx: Ctx, m: Mapping, path: str) -> list[tuple[int, int]]:
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

    def _variables(self, ctx: Ctx, d: Mapping) -> dict[str, int]:
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

    def _entry(self, ctx: Ctx, m: Any, path: str, at: tuple, it: Item, moves: list,
               alts: list) -> tuple[int, int]:
        """One script entry: a move, or a weighted pick among moves (`pick`)."""
        ctx.mapping(m, path, "a move table")
        if "pick" not in m:
            if "weight" in m:
                raise ctx.err(f"{path}.weight", "'weight' is a field of a pick's option",
                              codes.INVALID_VALUE)
            # N10: a plain entry made that many times in a row is passed over
            repeats = ctx.int(m, "max_repeats", f"{path}.", 0, hi=LIMITS["max_repeats"])
            return self._option(ctx, m, path, at, it, moves, alts, 0, repeats), 1
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
        named = [opt.get("name") for opt in options if isinstance(opt, Mapping) and "name" in opt]
        twice = next((n for n in named if named.count(n) > 1), None)
        if twice is not None:
            # N09: one move twice in a pick could be left out twice, leaving nothing to draw
            raise ctx.err(f"{path}.pick", f"the same move twice: two options are named "
                          f"{twice!r} (a pick's options are moves of their own)",
                          codes.INVALID_VALUE)
        for j, opt in enumerate(options):
            p = f"{path}.pick[{j}]"
            ctx.mapping(opt, p, "a move table with a weight")
            weight = ctx.int(opt, "weight", f"{p}.", 1, lo=1, hi=9999)
            own = ctx.int(opt, "max_repeats", f"{p}.", repeats, hi=LIMITS["max_repeats"])
            self._option(ctx, opt, p, (*at, "pick", j), it, moves, alts, weight, own)
        return first, len(options)

    def _option(self, ctx: Ctx, m: Mapping, path: str, at: tuple, it: Item, moves: list,
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

    def _script(self, ctx: Ctx, script: Any, path: str, at: tuple, it: Item, moves: list,
                alts: list) -> tuple[int, int]:
        """A list of entries, played in a cycle: (first entry, entries)."""
        if not isinstance(script, (list, tuple)):
            raise ctx.err(path, f"must be a list of moves, not {type(script).__name__} "
                          f"{script!r}", codes.WRONG_TYPE)
        if not script:
            raise ctx.err(path, "an Encounter script needs at least one move", codes.EMPTY_SCRIPT)
        compiled = [self._entry(ctx, m, f"{path}[{i}]", (*at, i), it, moves, alts)
                    for i, m in enumerate(script)]
        spent = {moves[m]["name"] if moves[m]["name"] >= 0 else -2 - m
                 for m, n in compiled if n == 1 and moves[m]["max_repeats"] > 0}
        if len(spent) == 1 and all(n == 1 and moves[m]["max_repeats"] > 0 for m, n in compiled):
            # N10: the script must always have an entry to take
            raise ctx.err(path, "every entry of this script could be passed over at once (each "
                          "is the same move with a max_repeats): give it another move",
                          codes.INVALID_VALUE)
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

    def _phases(self, ctx: Ctx, phases: Any, path: str, at: tuple, depth: int, it: Item,
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
        self.move_names = _move_names(d)
        try:
            out = self._encounter(ctx, it, d, moves, roster)
        finally:
            self.script_vars = self.move_names = None
        out["vars"] = list(variables.values())
        return out

    def _encounter(self, ctx: Ctx, it: Item, d: Mapping, moves: list,
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
                target = r["target"]
                tsel = ctx.enum("enemy_target", target, f"{p}.target")
                core_target = {"none": "none", "newest_lattice": "lattice_card"}.get(target, "any")
                prog = self.program(ctx, r.get("effect"), f"{p}.effect", core_target)
            responses.append({"on": ctx.enum("response_on", r["on"], f"{p}.on"),
                              "counter": int(counter), "prog": prog, "target_sel": tsel,
                              "per_round": ctx.int(r, "per_round", f"{p}.", hi=99),
                              "charges": ctx.int(r, "charges", f"{p}.", lo=-1, hi=99)})
        if len(responses) > LIMITS["responses"]:
            raise ctx.err("responses", f"at most {LIMITS['responses']} response rules",
                          codes.OUT_OF_RANGE)
        setup = ctx.seq(d, "setup", "list of units")
        if len(setup) > min(LIMITS["setup_summons"], self.cfg["lanes"]):
            raise ctx.err("setup", "too many setup summons for the lanes", codes.OUT_OF_RANGE)
        tasks = ctx.seq(d, "tasks", "list of World Tasks")
        if len(tasks) > LIMITS["tasks"]:
            raise ctx.err("tasks", f"at most {LIMITS['tasks']} tasks", codes.OUT_OF_RANGE)
        return {"roster": [resolve_ref(ctx, r, self.enemy_index, "enemy hero", f"roster[{i}]")
                           for i, r in enumerate(roster)],
                "setup_units": [resolve_ref(ctx, u, self.unit_index, "unit", f"setup[{i}]")
                                for i, u in enumerate(setup)],
                "tasks": [resolve_ref(ctx, t, self.task_index, "task", f"tasks[{i}]") for i, t in enumerate(tasks)],
                "initiative": ctx.int(d, "initiative", "", lo=1, hi=20),
                "first_move": first, "n_moves": len(moves) - first, "root": root,
                "responses": responses}
