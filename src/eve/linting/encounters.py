"""The checks of an Encounter: whether it can act at all (L002), its script's branches (L005),
moves (L013, L017), Initiative (L014), variables (L023), move names (L033) and response rules
(L001, L012).
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from eve.linting.programs import ProgramChecks
from eve.linting.walk import as_int, as_list, as_map, is_map, meant, meant_as
from eve.plugins.registry import Item, thaw

_ON_WORDS = {"deploy": "deploy", "support": "Sortilege or Relic", "ability": "ability",
             "attack": "attack", "any": "action"}


class EncounterChecks(ProgramChecks):
    """The checks of every Encounter's scripts, responses and variables."""

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
        roster = [self.ref(e, r) for r in as_list(d.get("roster"))]
        enemies = self.items.get("enemy_hero", {})
        power = [as_int(enemies[r].data.get("power"), 0) if r in enemies else 0 for r in roster]
        runs = [[self.entry_phases(e, f"{spath}[{i}]", entry, len(roster))
                 for i, entry in enumerate(script)] for spath, script in self.scripts(e)]
        self.check_variables(e)
        self.check_move_names(e)
        self.check_initiative(e, runs)
        self.check_responses(e)
        # L002: can anything the Encounter does ever change the match?
        buffs = any(p.encounter is e and ins.get("op") == "buff" and as_int(meant(ins)["n"], 1) > 0
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
        setup_attacks = any(as_int(units[u].data.get("power"), 0) > 0 for u in
                            (self.ref(e, x) for x in as_list(d.get("setup"))) if u in units)
        responds = False
        for i, r in enumerate(as_list(d.get("responses"))):
            if not is_map(r) or as_int(r.get("charges"), -1) == 0:
                continue
            if r.get("counter") is True:
                responds = True
            else:
                p = progs.get(f"{base}.responses[{i}].effect")
                responds |= p is not None and any(not self.noop(p, ins) for _, ins in p.instructions())
        # its heroes' and setup units' own triggers act for it (rule E19)
        own = set(roster) | {self.ref(e, x) for x in as_list(d.get("setup"))}
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
        own = {str(meant_as("Move", mv).get("phase"))}
        unless = as_map(mv.get("unless"))
        if not unless:
            return own
        alt = as_map(unless.get("do"))
        if alt:
            self.check_move(e, f"{path}.unless.do", alt, roster, nested=True)
        other = {str(meant_as("BranchMove", alt).get("phase"))}
        decided = self.branch(unless.get("if"), as_int(unless.get("arg"), 0))
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
        variables = as_map(e.data.get("vars"))
        if not variables:
            return
        texts = json.dumps(thaw(e.data), default=str)
        for name in variables:
            if not re.search(rf"\bvar\s*\.\s*{re.escape(str(name))}\b", texts):
                self.report("EVE-L023", e, f"{self.base(e)}.vars.{name}",
                            f"variable {name!r} is never read (no `var.{name}` in a condition, "
                            "a phase's `when`, an amount or a `set`): setting it changes nothing",
                            f"read var.{name} somewhere, or remove it")

    def check_move_names(self, e: Item) -> None:
        """L033: a move's name no other move shares and no `repeats.NAME` reads (rule N09)."""
        written: dict[str, list[str]] = {}
        for path, mv in self.moves(e):
            if isinstance(mv.get("name"), str):
                written.setdefault(mv["name"], []).append(f"{path}.name")
        texts = json.dumps(thaw(e.data), default=str)
        for name, paths in written.items():
            if len(paths) == 1 and not re.search(rf"\brepeats\s*\.\s*{re.escape(name)}\b", texts):
                self.report("EVE-L033", e, paths[0],
                            f"move name {name!r} is written once and never read (no other move "
                            f"of that name, no `repeats.{name}`): it makes this move the same as "
                            "no other", "name the other moves it is the same as, or remove it")

    def check_move(self, e: Item, path: str, mv: Mapping[str, Any], roster: int,
                   nested: bool) -> None:
        kind = mv.get("move")
        unused = {"effect": ("unit", "attacker", "lane"), "summon": ("attacker", "target", "effect"),
                  "attack": ("unit", "target", "effect"),
                  "wait": ("unit", "attacker", "lane", "target", "effect")}.get(str(kind), ())
        self.ignored(e, path, mv, unused, f"a {kind} move does not use it")
        if nested:
            self.ignored(e, path, mv, ("unless",), "a `do` move does not branch again")
        att = meant_as("Move", mv).get("attacker")
        if kind == "attack" and isinstance(att, int) and not isinstance(att, bool) and att >= roster:
            self.report("EVE-L013", e, f"{path}.attacker",
                        f"attacker {att} is past the end of the roster ({roster} enemy "
                        f"hero{'es' * (roster != 1)}): the leader attacks instead",
                        f"use \"leader\" or an index below {roster}")

    def check_initiative(self, e: Item, runs: list[list[set[str]]]) -> None:
        initiative = as_int(e.data.get("initiative"), 1)
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
        for i, r in enumerate(as_list(e.data.get("responses"))):
            if not is_map(r):
                continue
            path = f"{base}.responses[{i}]"
            on = meant_as("Response", r)["on"]
            per_round, charges = as_int(r.get("per_round"), 0), as_int(r.get("charges"), -1)
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
