"""Run programs (rule U19): the run's instructions and selectors, checked and emitted as
eve.compiler.programs emits a match's (5 words: op, selector, n, card, -1), into the same pool.

A run program has only the run's instructions (`acts_on = "run"` in eve.core.instructions)
and selectors (`picks` "run_heroes" or "run_card" in eve.core.selectors); a match's program
has none of them. Each refusal says what the author likely meant.
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping

from eve.compiler.context import Base, Ctx, resolve_ref
from eve.core.instructions import BY_NAME as INSTRUCTION
from eve.core.instructions import INSTRUCTIONS
from eve.core.selectors import BY_NAME as SELECTOR
from eve.core.selectors import SELECTORS
from eve.core.tables import ENUMS
from eve.plugins import errors as codes

#: the run's instructions and selectors (rule U19), and what each run instruction selects
RUN_OPS = tuple(o.name for o in INSTRUCTIONS if o.acts_on == "run")
RUN_SELECTORS = tuple(s.name for s in SELECTORS if s.picks.startswith("run_"))
CARD_RUN_OPS = ("remove_card", "upgrade_card")
# the words an author of a match program reaches for in a run program, and the reverse
_RUN_WORD = {"heal": "restore", "damage": "hurt", "buff": "max_hp", "create": "add_card",
             "all_allies": "party", "all_ally_heroes": "party", "own_leader": "random_hero",
             "random_ally": "random_hero", "target": "chosen_hero", "this_card": "chosen_card"}
_MATCH_WORD = {"restore": "heal", "heal_share": "heal", "hurt": "damage", "add_card": "create",
               "party": "all_ally_heroes", "random_hero": "random_ally",
               "chosen_hero": "target", "chosen_card": "target"}


def hint(value: str, names: tuple[str, ...] | list[str], words: Mapping[str, str]) -> str:
    close = [words[value]] if value in words else difflib.get_close_matches(value, names, n=1,
                                                                           cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


class RunPrograms(Base):
    """The run level of programs: which instructions and selectors a program may have."""

    def check_level(self, ctx: Ctx, path: str, op: str) -> None:
        """A run instruction only in a run program, and only run instructions there."""
        run = INSTRUCTION[op].acts_on == "run"
        if self.run_target is None and run:
            match_ops = [o.name for o in INSTRUCTIONS if o.acts_on != "run"]
            raise ctx.err(path, f"{op!r} is a run instruction (rule U19): only a run program "
                          "(an event's or a site's option, a Relic's `run` trigger) has it"
                          f"{hint(op, match_ops, _MATCH_WORD)}", codes.INVALID_VALUE)
        if self.run_target is not None and not run:
            raise ctx.err(path, f"{op!r} is a match's instruction: a run program has only the "
                          f"run's ({', '.join(RUN_OPS)}){hint(op, RUN_OPS, _RUN_WORD)}",
                          codes.INVALID_VALUE)

    def check_match_selector(self, ctx: Ctx, path: str, to: str) -> None:
        if to in RUN_SELECTORS:
            match_sels = [s.name for s in SELECTORS if s.name not in RUN_SELECTORS]
            raise ctx.err(path, f"{to!r} selects in a run program (rule U19), not in a match"
                          f"{hint(to, match_sels, _MATCH_WORD)}", codes.INVALID_VALUE)

    def run_instruction(self, ctx: Ctx, ins: Mapping, p: str, op: str,
                        opn: int) -> tuple[int, ...]:
        """One run instruction: (op, selector, n, card, -1); a gain_relic's card is its def + 1
        (0: a random Relic), as the run's interpreter reads it."""
        row = INSTRUCTION[op]
        sel = ENUMS["selector"]["none"]
        if row.to_use != "none":
            to = ins.get("to", row.default_to)
            sel = ctx.enum("selector", to, f"{p}.to")
            self._run_selector(ctx, f"{p}.to", op, str(to))
        if isinstance(ins.get("n"), str):
            raise ctx.err(f"{p}.n", "a run instruction's amount is a number, not an expression",
                          codes.WRONG_TYPE)
        n = 0
        if row.amount == "signed":
            n = ctx.int(ins, "n", f"{p}.", default=row.default_n(ins), lo=-99, hi=99)
        elif row.amount == "number":
            heal = op == "heal_share"           # a percent of max hp
            n = ctx.int(ins, "n", f"{p}.", default=row.default_n(ins), lo=1 if heal else 0,
                        hi=100 if heal else 999)
        card = 0
        field = row.field("card")
        if field is not None and ("card" in ins or field.required):
            if "card" not in ins:
                raise ctx.err(f"{p}.card", "is required: the card added", codes.MISSING_FIELD)
            c = resolve_ref(ctx, ins["card"], self.card_index, "card", f"{p}.card")
            relic = self.items["card"][self.out.card_ids[c]].data.get("kind") == "relic"
            if op == "gain_relic" and not relic:
                raise ctx.err(f"{p}.card", f"gain_relic gains a Relic; {ins['card']!r} is not "
                              "one: add_card adds it to the deck")
            if op == "add_card" and relic:
                raise ctx.err(f"{p}.card", f"{ins['card']!r} is a Relic, which the run holds, "
                              "not the deck: gain_relic gains it")
            card = c + 1 if op == "gain_relic" else c
        return (opn, sel, n, card, -1)

    def _run_selector(self, ctx: Ctx, path: str, op: str, to: str) -> None:
        """A run instruction selects the party's heroes, or a deck card for a card one; the
        chosen ones only with the option's target that picks them."""
        want = "run_card" if op in CARD_RUN_OPS else "run_heroes"
        allowed = [s.name for s in SELECTORS if s.picks == want]
        if to not in SELECTOR or SELECTOR[to].picks != want:
            raise ctx.err(path, f"{op} selects {'a deck card' if want == 'run_card' else 'heroes'}"
                          f" of the run: one of {', '.join(allowed)}, not {to!r}"
                          f"{hint(to, allowed, _RUN_WORD)}", codes.INVALID_VALUE)
        picked = {"chosen_hero": ("hero",), "chosen_card": ("card", "upgradable_card")}.get(to)
        if picked and self.run_target not in picked:
            raise ctx.err(path, f"{to!r} is what the player picks with the option's target "
                          f"({' or '.join(picked)}); here the target is "
                          f"{self.run_target or 'none'!r}", codes.INVALID_VALUE)

