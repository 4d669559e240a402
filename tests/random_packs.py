"""Valid random content packs, for random simulation beyond the built-in pack.

    pack = random_pack(seed)             # an eve.plugins.data.DataPack, self-contained
    engine = random_engine(seed)         # eve.Engine(packs=[pack])

Every pack compiles: the generator writes only what the schema (eve.plugins.schema) and the
compiler's checks admit, with the enumerated names taken from the vocabulary
(eve.core.vocabulary), so a name added there is generated too. Within that, anything goes:
heroes, characters, Sortileges and Relics with abilities, reactions, keywords (flags, the
standard macros and a pack keyword of its own), on-enter effects (a character's with a target)
and triggers; enemy heroes and units; World Tasks of every goal; Encounters with branching
scripts, setups and response rules; and a rule configuration of its own (lanes, party size,
costs, the round cap). Numbers lean small so that matches are varied and end, with a rare big
one (999 damage, 99 charges, Initiative 20) to reach the corners. Lint errors (an unlimited
counter, a Sortilege without an ability...) are allowed: they load with a ContentWarning and
the engine must still play them.

`broken_pack(seed)` is a random pack with one field made invalid, and the error code the
engine must raise for it.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from random_filters import card_filters
from random_runs import add_run_content
from random_scripts import history_forms, script_forms

from eve.core import vocabulary
from eve.core.instructions import INSTRUCTIONS, owners
from eve.core.selectors import SELECTORS as SELECTOR_ROWS
from eve.core.tables import LIMITS
from eve.core.vocabulary import CONTENT, names
from eve.keywords import STANDARD as STANDARD_MACROS
from eve.plugins.data import DataPack

# `if` is made by `instruction`, the counter ops by `counter_instruction` and `reintent` by
# `instruction` on the history stream (streams of their own)
COUNTER_OPS = owners("counter")
# end_turn (T21) and split (E26) by `turn_instruction`, in place of an instruction drawn as
# before (a stream of their own), so that the other draws stay what they were
TURN_OPS = ("end_turn", "split")
# the run's instructions and selectors (rule U19) are only in run programs, never a match's
RUN_OPS = frozenset(o.name for o in INSTRUCTIONS if o.acts_on == "run")
RUN_SELECTORS = frozenset(s.name for s in SELECTOR_ROWS if s.picks.startswith("run_"))
OPS = [o for o in CONTENT["op"]
       if o not in ("if", "reintent") and o not in COUNTER_OPS and o not in TURN_OPS
       and o not in RUN_OPS]
# only in programs of the Stack (C06)
CHOICE_OPS = tuple(o.name for o in INSTRUCTIONS if o.choice)
CHOICE_FROM = list(CONTENT["choice_from"])
EXPR_REFS = list(CONTENT["expr_ref"])
EXPR_ATTRS = list(CONTENT["expr_attr"])
EXPR_COUNTS = list(CONTENT["expr_count"])
UNIT_OPS = tuple(o.name for o in INSTRUCTIONS if o.acts_on == "units")
STANDARD_STATUSES = names("standard_status")
TIMINGS = [t for t in CONTENT["status_timing"] if t != "never"]
# `to` defaults to none (the choices are made apart)
SIDE_OPS = tuple(o.name for o in INSTRUCTIONS if o.acts_on == "side" and not o.choice)
CARD_OPS = ("put", "copy", "deploy")                          # act on a card (compiler.CARD_OPS)
CARD_TARGET_ZONES = {"void_card": "void", "lattice_card": "lattice", "rift_card": "rift",
                     "abyss_card": "abyss", "stack_card": "stack"}
PLACES = list(CONTENT["place"])
# this_card (rule Z29) is drawn on a stream of its own where a card runs the program
# (Generator.own_card), so that the other draws stay what they were
SELECTORS = [s for s in CONTENT["selector"] if s != "this_card" and s not in RUN_SELECTORS]
TARGETS = list(CONTENT["target"])
ENEMY_TARGETS = list(CONTENT["enemy_target"])
TRIGGERS = [t for t in CONTENT["trigger"] if t != "none"]
RELIC_TRIGGERS = TRIGGERS[:4]         # a Relic's `trigger`, the first form
UNIT_EVENTS = (*sorted(vocabulary.UNIT_EVENTS), "ally_hero_damaged")
CARD_EVENTS = tuple(sorted(vocabulary.CARD_EVENTS))
DAMAGE_EVENTS = tuple(sorted(vocabulary.DAMAGE_EVENTS))
# the selectors of a trigger's event: only in a trigger on an event that has one
EVENT_SELECTORS = {s.name: {"damage": DAMAGE_EVENTS, "card": CARD_EVENTS}[s.event]
                   for s in SELECTOR_ROWS if s.event}
EXPR_EVENTS = list(CONTENT["expr_event"])
GOALS = list(CONTENT["goal"])
KEYWORDS = list(CONTENT["keyword"])
CONDITIONS = list(CONTENT["condition"])
# the targets a character's on-enter effect may take (rule E20)
CHARACTER_TARGETS = ["foe", "ally", "any", "foe_character", "ally_character", "foe_hero",
                     "ally_hero"]
# a pack keyword with a parameter and a status of its own, and the macros a unit may get
SURGE = {"name": "Surge", "params": {"n": 1}, "applies_to": ["character", "unit"],
         "status": {"name": "Surge", "polarity": "buff", "power": 1, "absorb": True},
         "triggers": [{"on": "damage_taken", "effect": [
             {"op": "status", "status": "{status}", "to": "self", "n": "{n}"}]}]}
# the standard macros (eve.keywords.STANDARD), each by where it applies: a unit's (in the
# parameter form when it has parameters) and a Sortilege's or Relic's (exile_on_play)
MACRO_USES: list[Any] = [({"name": k} if "params" in m else k) for k, m in STANDARD_MACROS.items()
                         if "unit" in m["applies_to"]] + [{"name": "surge"}]
CARD_MACROS = [k for k, m in STANDARD_MACROS.items() if "unit" not in m["applies_to"]]
RESPONSE_ON = list(CONTENT["response_on"])
LANE_NAMES = [n for n in CONTENT["lane"] if n != "fixed"]
CATEGORIES = names("category")


def _rows(ins: dict[str, Any]) -> int:
    """At least the compiled length of an instruction: one row, one more per skip of a block
    and per row of a discover's pool, and its blocks' rows."""
    blocks = [ins.get("then", []), ins.get("else", []), *ins.get("modes", [])]
    return 2 + len(ins.get("cards", ())) // 5 + sum(1 + sum(map(_rows, b)) for b in blocks if b)


def _small(rng: random.Random, lo: int, hi: int, big: int | None = None, p_big: float = 0.03) -> int:
    """Mostly lo..hi, now and then `big` (a corner of the range)."""
    if big is not None and rng.random() < p_big:
        return big
    return rng.randint(lo, hi)


class _Gen:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        # the script forms (picks, phases, variables, waits) draw from a stream of their own,
        # so the rest of a seed's pack is the pack it was before they existed
        self.script_rng = random.Random(seed * 7919 + 17)
        r = self.rng
        self.lanes = r.choice((1, 2, 3, 3, 4, 5, 5, 5, 6, 8))
        self.unit_names = [f"u{i}" for i in range(r.randint(1, 4))]
        self.enemy_names = [f"e{i}" for i in range(r.randint(1, 4))]
        self.task_names = [f"t{i}" for i in range(r.randint(0, 4))]
        # goals decided up front: a task instruction may name only an `effect` task (W04)
        self.task_goals = {t: r.choice(GOALS) for t in self.task_names}
        self.card_names = [f"c{i}" for i in range(r.randint(1, 14))]
        self.hero_names = [f"h{i}" for i in range(r.choice((1, 2, 3, 3, 4, 5)))]
        self.status_names = [f"s{i}" for i in range(r.randint(0, 5))]
        # triggers draw from a stream of their own, so that the rest of a seed's pack is the
        # pack it was before triggers existed
        self.trigger_rng = random.Random(seed * 7919 + 17)
        # keyword macros, taunt and deploys with a target: a stream of their own too
        self.kw_rng = random.Random(seed * 6271 + 29)
        # auras and `until` (rules A01-A05): a stream of their own too
        self.aura_rng = random.Random(seed * 4243 + 31)
        self.lasting_statuses: list[str] = []     # the statuses without decay: an aura's
        # counters (rules V01-V04): a stream of their own too
        self.counter_rng = random.Random(seed * 3571 + 37)
        self.counter_names = [f"k{i}" for i in range(self.counter_rng.randint(1, 4))]
        self.in_card = False        # making a card: its programs have a card (`card.counter`)
        self.own_card = False       # a program whose card `this_card` may select (rule Z29)
        self.own_card_rng = random.Random(seed * 6151 + 43)
        self.in_trigger = False
        self.trigger_event = ""
        self.in_move = False        # an Encounter move's effect: no random selector (N05)
        self.off_stack = False      # making a trigger, a status tick or a reward: no choices
        # the card macros (exile_on_play): a stream of their own too
        self.card_macro_rng = random.Random(seed * 2749 + 41)
        # move names, plain entries' max_repeats, `repeats.NAME` and `reintent` (rules
        # N09-N11): a stream of their own too
        self.history_rng = random.Random(seed * 5003 + 47)
        # TURN_OPS: in half the packs, the others left as they were
        self.turn_rng = random.Random(seed * 5381 + 47)
        self.turn_ops = self.turn_rng.random() < 0.5
        # tags and filters on a chosen card (rules G01-G05): a stream of their own too
        self.filter_rng = random.Random(seed * 8111 + 53)

    # ---- effects ----
    def expression(self, depth: int = 0) -> str:
        """A random well-formed expression over the whole expression vocabulary."""
        r = self.rng
        k = r.random()
        if depth >= 2 or k < 0.3:
            return str(r.randint(0, 6))
        if self.in_trigger and k < 0.36:
            return f"event.{r.choice(EXPR_EVENTS)}"
        if self.counter_rng.random() < 0.05:
            return ("card.counter" if self.in_card and self.counter_rng.random() < 0.4
                    else f"counter.{self.counter_rng.choice(self.counter_names)}")
        if k < 0.45:
            return f"{r.choice(EXPR_REFS)}.{r.choice(EXPR_ATTRS)}"
        if k < 0.5:
            return f"{r.choice(EXPR_REFS)}.{r.choice(self.status_names + list(STANDARD_STATUSES))}"
        if k < 0.6:
            return f"count({r.choice(EXPR_COUNTS)})"
        if k < 0.65:
            return "round"
        a, b = self.expression(depth + 1), self.expression(depth + 1)
        form = r.choice(("({} + {})", "({} - {})", "({} * {})", "({} / {})", "min({}, {})",
                         "max({}, {})", "clamp({}, 0, {})", "({} < {})", "({} >= {})",
                         "({} == {})", "({} and {})", "({} or not {})", "-{} + {}"))
        return form.format(a, b)

    def instruction(self, target: str, depth: int = 0) -> dict[str, Any]:
        turn = self.turn_ops and self.turn_rng.random() < 0.06
        ins = self._instruction(target, depth)
        return self.turn_instruction() if turn else ins

    def turn_instruction(self) -> dict[str, Any]:
        """end_turn, or a split of the program's own unit or of a side's characters."""
        r = self.turn_rng
        if r.random() < 0.4:
            return {"op": "end_turn"}
        to = ["self", "all_foe_characters", "all_ally_characters"] + (
            [] if self.in_move else ["random_foe_character"])
        return {"op": "split", "to": r.choice(to), "unit": r.choice(self.unit_names),
                "n": r.choice((0, 1, 2, 2, 3, 99))}

    def _instruction(self, target: str, depth: int = 0) -> dict[str, Any]:
        r = self.rng
        # a move's effect sits deep in its Encounter's data already (phases, a pick, a
        # branch), and the registry nests data 16 levels at most: one `if` level there
        if depth < (1 if self.in_move else 2) and r.random() < 0.08:
            ins_if: dict[str, Any] = {"op": "if", "cond": self.expression(),
                                      "then": [self.instruction(target, depth + 1)]}
            if r.random() < 0.6:
                ins_if["else"] = [self.instruction(target, depth + 1)]
            return ins_if
        if self.counter_rng.random() < 0.06:
            return self.counter_instruction()
        if self.history_rng.random() < 0.03:
            return {"op": "reintent"}
        ops = [o for o in OPS if (o != "counter" or target == "foe_stack_item")
               and not (o in CHOICE_OPS and (self.off_stack or depth >= (1 if self.in_move else 2)))]
        if target == "foe_stack_item" and r.random() < 0.5:
            op = "counter"
        else:
            op = r.choice(ops)
        ins: dict[str, Any] = {"op": op}
        sels = [s for s in SELECTORS if (s != "target" or target != "none")
                and self.trigger_event in EVENT_SELECTORS.get(s, (self.trigger_event,))
                and not (self.in_move and s.startswith("random_"))]
        if op in UNIT_OPS:
            ins["to"] = r.choice([s for s in sels if s not in ("newest_void", "newest_lattice", "none",
                                                               "event_card")])
        elif op in CARD_OPS:
            return self.card_instruction(op, target)
        elif op in CHOICE_OPS:
            return self.choice_instruction(op, target, depth)
        elif op in SIDE_OPS:
            if r.random() < 0.05:                  # ignored by the core (a lint warning),
                ins["to"] = r.choice([s for s in sels   # but a chosen card's discard is a put
                                      if not (s == "target" and target in CARD_TARGET_ZONES)])
        elif op == "counter":
            pass                                   # its target is the Stack item
        elif op == "return":                       # only a Void card comes back (rule F03)
            ins["to"] = r.choice(["newest_void"] + (["target"] if target == "void_card" else []))
        else:                                      # exile, destroy: cards or characters
            ins["to"] = r.choice(sels)
        if op in ("exile", "return", "destroy"):
            self.maybe_this_card(ins)
        if ins.get("to") == "target" and r.random() < 0.5:
            del ins["to"]                          # the default
        if r.random() < 0.85:
            ins["n"] = _small(r, 0, 4, big=r.choice((99, 999)))
            if op not in ("exile", "return", "destroy", "counter") and r.random() < 0.15:
                ins["n"] = self.expression()
        if op == "summon":
            ins["unit"] = r.choice(self.unit_names)
        elif op in ("status", "remove_status"):
            ins["status"] = r.choice(self.status_names + list(STANDARD_STATUSES))
            if op == "remove_status" and r.random() < 0.4:
                ins.pop("n", None)                 # every stack
        elif op == "damage" and r.random() < 0.15:
            ins["pierce"] = True

        if op in ("status", "buff") and self.aura_rng.random() < 0.2:
            ins["until"] = "source_leaves"
        elif op == "create":
            ins["card"] = r.choice(self.card_names)
            ins["into"] = r.choice(PLACES)
        elif op == "mill" and r.random() < 0.5:
            ins["into"] = r.choice(("abyss", "void"))
        elif op == "task" and r.random() < 0.8:
            effect_tasks = [t for t, g in self.task_goals.items() if g == "effect"]
            ins["task"] = r.choice(effect_tasks + ["all"])
        if op in ("status", "buff") and self.turn_ops and self.turn_rng.random() < 0.15:
            ins["until"] = "turn_end"              # A06, max hp too (TURN_OPS' stream)
            if op == "buff" and self.turn_rng.random() < 0.5:
                ins["hp"] = self.turn_rng.randint(1, 6)
        return ins

    def choice_instruction(self, op: str, target: str, depth: int) -> dict[str, Any]:
        """choose, choose_mode or discover (rules C01-C06)."""
        r = self.rng
        if op == "choose_mode":
            return {"op": op, "modes": [[self.instruction(target, 2)]
                                        for _ in range(r.choice((2, 2, 3)))]}
        if op == "scry":
            return {"op": op, "n": r.randint(1, 4)}
        if op == "discover":
            # at most 16; a pool of more than 5 takes a second row of the program's 32
            pool = r.sample(self.card_names, r.randint(1, min(16 if r.random() < 0.1 else 5,
                                                              len(self.card_names))))
            ins: dict[str, Any] = {"op": op, "cards": pool}
            if r.random() < 0.7:
                ins["n"] = r.randint(1, min(4, len(pool)))
            if r.random() < 0.7:
                ins["into"] = r.choice(PLACES)
            return ins
        src = r.choice(CHOICE_FROM)
        ins = {"op": op, "from": src,
               "into": r.choice([p for p in PLACES if p != src and not (
                   src == "archive_top" and p == "archive_top")])}
        ins["n"] = self.expression() if r.random() < 0.15 else _small(r, 0, 3, big=99)
        if src == "archive_top" and (isinstance(ins["n"], str) or not 1 <= ins["n"] <= 8
                                     or r.random() < 0.5):
            ins["look"] = r.randint(1, 8)
        if r.random() < 0.5:
            ins["up_to"] = True
        return ins

    def card_instruction(self, op: str, target: str) -> dict[str, Any]:
        """put, copy or deploy: a card chosen by the target or the newest of a zone (Z23)."""
        r = self.rng
        sources = {"newest_void": "void", "newest_lattice": "lattice"}
        if target in CARD_TARGET_ZONES:
            sources["target"] = CARD_TARGET_ZONES[target]
        if self.trigger_event in CARD_EVENTS and op != "deploy":
            sources["event_card"] = ""                 # wherever the event left it
        if op == "deploy":
            sources = {k: v for k, v in sources.items() if v == "void"}
        to = r.choice(sorted(sources))
        ins: dict[str, Any] = {"op": op}
        if to != "target" or r.random() < 0.5:
            ins["to"] = to
        if op == "put":
            ins["into"] = r.choice([p for p in PLACES
                                    if not (sources[to] and p.startswith(sources[to]))])
        elif op == "copy":
            ins["into"] = r.choice(PLACES)
            ins["n"] = self.expression() if r.random() < 0.15 else _small(r, 0, 3, big=99)
        self.maybe_this_card(ins)
        return ins

    def maybe_this_card(self, ins: dict[str, Any]) -> None:
        """A card instruction of a program a card runs selects that card now and then."""
        if self.own_card and self.own_card_rng.random() < 0.15:
            ins["to"] = "this_card"

    def effect(self, target: str = "none") -> list[dict[str, Any]]:
        n = 8 if self.rng.random() < 0.03 else self.rng.choice((1, 1, 1, 2, 2, 3))
        out = [self.instruction(target) for _ in range(n)]
        # eight nested `if`s compile to more than a program's length: keep what fits
        while len(out) > 1 and sum(map(_rows, out)) > LIMITS["program_length"]:
            out.pop()
        return out

    def off_stack_effect(self, target: str = "none") -> list[dict[str, Any]]:
        # a trigger's, a status tick's or a reward's: never a choice (C06)
        self.off_stack = True
        try:
            return self.effect(target)
        finally:
            self.off_stack = False

    def ability(self, target_choices: list[str] | None = None) -> dict[str, Any]:
        r = self.rng
        target = r.choice(target_choices or TARGETS)
        ab: dict[str, Any] = {"effect": self.effect(target)}
        if target != "none" or r.random() < 0.5:
            ab["target"] = target
        if r.random() < 0.25:
            ab["reaction"] = r.random() < 0.8
        if r.random() < 0.2:
            ab["name"] = "an ability"
        return ab

    def keywords(self, p: float = 0.3) -> list[str]:
        return [k for k in KEYWORDS[:2] if self.rng.random() < p]

    def keyword_uses(self, item: dict[str, Any]) -> None:
        """Taunt and the keyword macros (the standard ones and the pack's `surge`) on a
        character or unit, within its trigger limits (eve.keywords, rule K02)."""
        r = self.kw_rng
        kws: list[Any] = list(item.get("keywords", ()))
        if r.random() < 0.25:
            kws.append("taunt")
        limited = any("once" in t or "every" in t for t in item.get("triggers", ()))
        room = 8 - len(item.get("triggers", ()))
        for use in r.sample(MACRO_USES, r.randint(0, 2)) if r.random() < 0.5 else ():
            name = use if isinstance(use, str) else use["name"]
            if room == 0 or (name == "fading" and limited):
                continue
            if isinstance(use, dict):
                use = {**use, "n": r.randint(0, 4) if name != "fading" else r.randint(1, 4)}
            kws.append(use)
            room -= 1
            limited |= name == "fading"
        if kws:
            item["keywords"] = kws

    # ---- items ----
    def rules(self) -> dict[str, Any]:
        r = self.rng
        cfg: dict[str, Any] = {
            "player_hero_slots": r.choice((1, 2, 3, 3, 3, 4)),
            "lanes": self.lanes,
            "hand_floor": r.randint(0, 7),
            "opening_hand": r.randint(0, 7),
            "max_rounds": _small(r, 3, 40, big=999, p_big=0.02),
            "max_decisions_per_turn": r.choice((1, 2, 5, 20, 100, 100, 100, 999)),
            "meter_base": r.randint(0, 4),
            "morality_high": r.randint(0, 6),
            "morality_low": -r.randint(0, 6),
            "support_discount": r.randint(0, 2),
            "attack_discount": r.randint(0, 2),
            "costs": {c: r.choice((0, 1, 1, 2, 2, 3)) for c in CATEGORIES},
        }
        return cfg

    def hero(self) -> dict[str, Any]:
        r = self.rng
        h: dict[str, Any] = {"max_hp": _small(r, 1, 40, big=32767, p_big=0.02),
                             "cards": [r.choice(self.card_names) for _ in range(r.randint(0, 8))]}
        if r.random() < 0.02:
            h["cards"] = [r.choice(self.card_names) for _ in range(16)]
        if r.random() < 0.9:
            h["power"] = _small(r, 0, 5, big=99)
        if r.random() < 0.8:
            h["ambition"] = _small(r, -2, 4, big=r.choice((-20, 20)))
        if r.random() < 0.8:
            h["morality"] = _small(r, -5, 5, big=r.choice((-20, 20)))
        if r.random() < 0.6:
            h["ability"] = self.ability()
        if r.random() < 0.2:
            h["name"] = "A Hero"
        if self.trigger_rng.random() < 0.3:
            h["triggers"] = self.triggers("unit")
        if self.aura_rng.random() < 0.1:
            h["aura"] = self.aura("hero")
        return h

    def triggers(self, source: str) -> list[dict[str, Any]]:
        """1 to 3 triggers over the whole trigger vocabulary, for a `source`: "unit",
        "character", "enhancement" or "status" (the compiler's rules: no limit on a status, one
        limited trigger an item, a zone only on a card)."""
        main, self.rng = self.rng, self.trigger_rng
        self.in_trigger = True
        try:
            r = self.rng
            out = []
            limited = source == "status"
            for _ in range(r.randint(1, 3)):
                on = r.choice(TRIGGERS)
                t: dict[str, Any] = {"on": on}
                if on in ("foe_turn_start", "foe_turn_end"):
                    if r.random() < 0.5:
                        t["who"] = "foe"
                elif r.random() < 0.6:
                    t["who"] = r.choice(list(CONTENT["trigger_who"]))
                if on in CARD_EVENTS and r.random() < 0.3:
                    t["card"] = r.choice(names("card_kind") + (
                        tuple(CONTENT["trigger_card"]) if source in ("character", "enhancement")
                        else ("any",)))
                if on in DAMAGE_EVENTS and r.random() < 0.3:
                    t["source"] = r.choice(list(CONTENT["trigger_source"]))
                if on in UNIT_EVENTS and on != "ally_hero_damaged" and r.random() < 0.2:
                    t["unit"] = r.choice(list(CONTENT["trigger_unit"]))
                if on in ("status_applied", "shield_broken") and r.random() < 0.4:
                    t["status"] = r.choice(self.status_names + list(STANDARD_STATUSES))
                if r.random() < 0.3:
                    t["if"] = self.expression()
                if not limited and r.random() < 0.3:
                    limited = True
                    if r.random() < 0.5:
                        t["once"] = r.choice(("turn", "match"))
                    else:
                        t["every"] = _small(r, 1, 4, big=99)
                        if r.random() < 0.5:
                            t["per"] = r.choice(("turn", "match"))
                if source in ("character", "enhancement") and r.random() < 0.15:
                    t["zone"] = r.choice(("rift", "abyss", "void", "archive",
                                          "wastes" if source == "character" else "lattice"))
                self.trigger_event = on
                self.own_card = (source == "enhancement" and t.get("zone") != "wastes"
                                 or source == "character" and t.get("zone", "wastes") != "wastes")
                t["effect"] = self.off_stack_effect("any" if on in UNIT_EVENTS else "none")
                self.trigger_event = ""
                self.own_card = False
                out.append(t)
            return out
        finally:
            self.rng = main
            self.in_trigger = False

    def counter_instruction(self) -> dict[str, Any]:
        """add_counter or set_counter (rule V02), on a named counter or a card's own."""
        r = self.counter_rng
        ins: dict[str, Any] = {"op": r.choice(COUNTER_OPS),
                               "counter": ("card" if self.in_card and r.random() < 0.4
                                           else r.choice(self.counter_names))}
        if r.random() < 0.8:
            ins["n"] = _small(r, 0, 4, big=999)
        return ins

    def card_item(self) -> dict[str, Any]:
        """A card, whose programs and expressions may name its own counter (rule V02)."""
        self.in_card = True
        try:
            return self.card()
        finally:
            self.in_card = False

    def card(self) -> dict[str, Any]:
        r = self.rng
        kind = r.choice(names("card_kind"))
        c: dict[str, Any] = {"kind": kind}
        if r.random() < 0.1:
            c["play_if"] = self.expression()
        kw = self.keywords()
        if kind == "character":
            c["power"] = _small(r, 0, 5, big=99)
            c["hp"] = _small(r, 1, 8, big=999)
            if r.random() < 0.4:
                c["on_enter"] = {"effect": self.effect("none")}
            elif self.kw_rng.random() < 0.3:
                # a deploy with a target (rule E20): a unit target
                target = self.kw_rng.choice(CHARACTER_TARGETS)
                c["on_enter"] = {"target": target, "effect": self.effect(target)}
            if r.random() < 0.4:
                c["ability"] = self.ability()
        elif kind == "sortilege":
            c["charges"] = _small(r, 1, 4, big=99)
            if r.random() < 0.9:
                c["ability"] = self.ability()
            if r.random() < 0.5:
                target = r.choice(TARGETS)
                self.own_card = True
                c["on_enter"] = {"effect": self.effect(target)}
                self.own_card = False
                if target != "none" or r.random() < 0.5:
                    c["on_enter"]["target"] = target
        else:
            if r.random() < 0.7:
                self.own_card = True
                c["trigger"] = {"on": r.choice(RELIC_TRIGGERS), "effect": self.off_stack_effect()}
                self.own_card = False
            if r.random() < 0.4:
                c["ally_power"] = _small(r, 0, 3, big=99)
            if r.random() < 0.1:
                target = r.choice(TARGETS)
                c["on_enter"] = {"target": target, "effect": self.effect(target)}
        if kind != "character" and self.card_macro_rng.random() < 0.25:
            kw = [*kw, self.card_macro_rng.choice(CARD_MACROS)]
        if kw:
            c["keywords"] = kw
        if self.trigger_rng.random() < 0.3:
            c["triggers"] = self.triggers("character" if kind == "character" else "enhancement")
        if kind == "character":
            self.keyword_uses(c)
        if kind != "sortilege" and self.aura_rng.random() < 0.2:
            c["aura"] = self.aura(kind)
        if r.random() < 0.3:
            c["aurorune"] = r.randint(0, 99999)
        if r.random() < 0.2:
            c["name"] = "A Card"
        return c

    def enemy(self) -> dict[str, Any]:
        r = self.rng
        return {"kind": "enemy_hero", "max_hp": _small(r, 1, 40, big=32767, p_big=0.02),
                "power": _small(r, 0, 4, big=99)}

    def unit(self) -> dict[str, Any]:
        r = self.rng
        u: dict[str, Any] = {"power": _small(r, 0, 4, big=99), "hp": _small(r, 1, 6, big=999)}
        if r.random() < 0.5:
            u["kind"] = "unit"
        kw = self.keywords()
        if kw:
            u["keywords"] = kw
        if self.trigger_rng.random() < 0.3:
            u["triggers"] = self.triggers("unit")
        self.keyword_uses(u)
        if self.aura_rng.random() < 0.15:
            u["aura"] = self.aura("unit")
        return u

    def aura(self, kind: str) -> dict[str, Any]:
        """An aura (rule A01): power, or the stacks of a status that does not decay."""
        r = self.aura_rng
        whos = [w for w in CONTENT["aura_who"] if kind != "relic" or not w.startswith("other_")]
        a: dict[str, Any] = {"who": r.choice(whos)}
        if self.lasting_statuses and r.random() < 0.6:
            a["status"] = r.choice(self.lasting_statuses)
            if r.random() < 0.7:
                a["n"] = _small(r, 1, 3, big=99)
        else:
            a["power"] = _small(r, 1, 2, big=99)
        return a

    def task(self, name: str) -> dict[str, Any]:
        r = self.rng
        return {"goal": self.task_goals[name], "threshold": _small(r, 1, 20, big=32767),
                "reward": self.off_stack_effect()}

    def lane(self, attack: bool) -> int | str:
        r = self.rng
        if r.random() < 0.3:
            return r.randrange(self.lanes)
        return r.choice([n for n in LANE_NAMES if not (attack and n == "first_empty")])

    def move(self, branch: bool = True) -> dict[str, Any]:
        r = self.rng
        kind = r.choice([k for k in names("move") if k != "wait"])
        m: dict[str, Any] = {"move": kind}
        if kind == "attack":
            m["phase"] = "combat" if r.random() < 0.85 else "main"
            if r.random() < 0.6:
                m["attacker"] = "leader" if r.random() < 0.5 else r.randint(0, 5)
        else:
            m["phase"] = "main" if r.random() < 0.85 else "combat"
        if r.random() < 0.15:
            del m["phase"]                                   # its default
        if kind == "summon":
            m["unit"] = r.choice(self.unit_names)
        if kind != "effect" and r.random() < 0.7:
            m["lane"] = self.lane(kind == "attack")
        if kind == "effect":
            target = r.choice(ENEMY_TARGETS)
            core = {"none": "none", "newest_lattice": "lattice_card"}.get(target, "any")
            if target != "none" or r.random() < 0.5:
                m["target"] = target
            self.in_move = True
            try:
                m["effect"] = self.effect(core)
            finally:
                self.in_move = False
        if branch and r.random() < 0.3:
            cond = r.choice(CONDITIONS)
            when = {"cond": self.expression()} if cond == "expr" else \
                {"if": cond, "arg": _small(r, 0, 100, big=999)}
            m["unless"] = {**when, "do": self.move(branch=False)}
        return m

    def response(self) -> dict[str, Any]:
        r = self.rng
        resp: dict[str, Any] = {}
        if r.random() < 0.9:
            resp["on"] = r.choice(RESPONSE_ON)
        if r.random() < 0.35:
            resp["counter"] = True
        else:
            target = r.choice(ENEMY_TARGETS)
            core = {"none": "none", "newest_lattice": "lattice_card"}.get(target, "any")
            resp["target"] = target
            resp["effect"] = self.effect(core)
        if r.random() < 0.8:
            resp["per_round"] = r.choice((0, 1, 1, 2, 3))
        if r.random() < 0.8 or resp.get("counter"):
            resp["charges"] = r.choice((-1, 0, 1, 2, 3, 99)) if resp.get("counter") and \
                r.random() < 0.9 else r.choice((-1, 1, 2))
        if resp.get("counter") and resp.get("per_round", 0) == 0 and resp.get("charges", -1) == -1:
            resp["per_round"] = 1        # an unlimited counter (lint EVE-L001) kills all play of a kind
        return resp

    def encounter(self) -> dict[str, Any]:
        r = self.rng
        e: dict[str, Any] = {
            "roster": [r.choice(self.enemy_names) for _ in range(r.choice((1, 1, 2, 2, 3, 6)))],
            "script": [self.move() for _ in range(r.randint(1, 6))],
        }
        if r.random() < 0.9:
            e["initiative"] = _small(r, 1, 4, big=20)
        else:
            e["initiative"] = 1
        if r.random() < 0.6:
            e["setup"] = [r.choice(self.unit_names) for _ in range(r.randint(0, min(self.lanes, 3)))]
        if self.task_names and r.random() < 0.7:
            e["tasks"] = r.sample(self.task_names, r.randint(1, len(self.task_names)))
        if r.random() < 0.7:
            e["responses"] = [self.response() for _ in range(r.randint(1, 4))]
        return history_forms(self.history_rng, script_forms(self.script_rng, e))

    def status(self) -> dict[str, Any]:
        """A random status over the whole status vocabulary."""
        r = self.rng
        d: dict[str, Any] = {"polarity": r.choice(list(CONTENT["status_polarity"]))}
        if r.random() < 0.5:
            d["stacking"] = r.choice(list(CONTENT["status_stacking"]))
        if r.random() < 0.3:
            d["max"] = _small(r, 1, 5, big=999)
        if r.random() < 0.7:
            d["decay"] = {"at": r.choice(TIMINGS), "by": r.choice(list(CONTENT["status_decay"]))}
        if r.random() < 0.3:
            d["tick"] = {"at": r.choice(TIMINGS), "effect": self.off_stack_effect()}
        for key, lo, hi in (("power", -2, 3), ("dealt_add", -2, 3), ("taken_add", -2, 3),
                            ("dealt_pct", 0, 300), ("taken_pct", 0, 300)):
            if r.random() < 0.2:
                d[key] = r.randint(lo, hi)
        if self.trigger_rng.random() < 0.2:      # the later stream: the rest stays as it was
            d["spend"] = self.trigger_rng.choice(list(CONTENT["status_spend"]))
        for key in ("absorb", "negate"):
            if r.random() < 0.15:
                d[key] = True
        if r.random() < 0.1:
            d["keeps"] = r.sample(self.status_names + list(STANDARD_STATUSES), 1)
        if self.trigger_rng.random() < 0.3:
            d["triggers"] = self.triggers("status")
        return d

    def pack(self, name: str) -> DataPack:
        r = self.rng
        # statuses first: their tick programs may give statuses, and they must all be named
        statuses = {s: self.status() for s in self.status_names}
        self.lasting_statuses = [s for s, d in statuses.items() if "decay" not in d]
        rules = self.rules()
        sections = [{h: self.hero() for h in self.hero_names},
                    {c: self.card_item() for c in self.card_names},
                    {**{u: self.unit() for u in self.unit_names},
                     **{e: self.enemy() for e in self.enemy_names}},
                    {t: self.task(t) for t in self.task_names},
                    {f"x{i}": self.encounter() for i in range(r.randint(1, 3))}]
        card_filters(self.filter_rng, sections, self.unit_names)
        heroes, cards, units, tasks, encounters = sections
        kw: dict[str, Any] = dict(
            rules=rules,
            heroes=heroes,
            cards=cards,
            units=units,
            tasks=tasks,
            encounters=encounters,
            statuses=statuses,
            counters={k: ({"reset": self.counter_rng.choice(list(CONTENT["counter_reset"]))}
                          if self.counter_rng.random() < 0.7 else {})
                      for k in self.counter_names},
            keywords={"surge": SURGE},
        )
        add_run_content(self.seed, name, kw)       # its own stream: the match content stays
        return DataPack(name, "1.0.0", **kw)


def random_pack(seed: int, name: str = "rnd") -> DataPack:
    """A valid random pack (self-contained: its own rules, no other pack needed)."""
    return _Gen(seed).pack(name)


def random_engine(seed: int) -> Any:
    """An Engine of exactly one random pack."""
    import warnings

    import eve
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", eve.ContentWarning)     # lint errors are allowed here
        return eve.Engine(packs=[random_pack(seed)])


# ---------------------------------------------------------------- broken packs

def _breakages(p: DataPack) -> list[tuple[str, Any]]:
    """(error code, a function breaking one field of `p`) pairs that fit this pack."""
    from eve.plugins import errors as codes

    hero = next(iter(p.heroes))
    card = next(iter(p.cards))
    enc = next(iter(p.encounters))

    def put(section: str, item: str, key: str, value: Any) -> Any:
        return lambda q: getattr(q, section)[item].__setitem__(key, value)

    def empty_script(q: DataPack) -> None:
        q.encounters[enc].pop("phases", None)       # a script written as phases: none at all
        q.encounters[enc]["script"] = []

    out = [
        (codes.OUT_OF_RANGE, put("heroes", hero, "max_hp", 0)),
        (codes.OUT_OF_RANGE, put("heroes", hero, "ambition", 21)),
        (codes.WRONG_TYPE, put("heroes", hero, "max_hp", "ten")),
        (codes.UNKNOWN_FIELD, put("heroes", hero, "max_hpp", 3)),
        (codes.UNKNOWN_REFERENCE, put("heroes", hero, "cards", ["no_such_card"])),
        (codes.OUT_OF_RANGE, put("heroes", hero, "cards", [card] * 17)),
        (codes.INVALID_VALUE, put("cards", card, "kind", "spell")),
        (codes.EMPTY_SCRIPT, empty_script),
        (codes.OUT_OF_RANGE, put("encounters", enc, "initiative", 21)),
        (codes.UNKNOWN_REFERENCE, put("encounters", enc, "roster", ["nobody"])),
        (codes.UNKNOWN_FIELD, put("encounters", enc, "intiative", 2)),
        (codes.UNKNOWN_INSTRUCTION, put("heroes", hero, "ability",
                               {"target": "foe", "effect": [{"op": "transmute", "n": 1}]})),
        (codes.OUT_OF_RANGE, put("heroes", hero, "ability",
                                 {"target": "foe", "effect": [{"op": "damage", "n": 1000}]})),
        (codes.MISSING_FIELD, lambda q: q.heroes[hero].pop("max_hp")),
    ]
    sort = [c for c, d in p.cards.items() if d["kind"] == "sortilege"]
    if sort:
        out.append((codes.OUT_OF_RANGE, put("cards", sort[0], "charges", 100)))
        out.append((codes.UNKNOWN_FIELD, put("cards", sort[0], "chargse", 2)))
    return out


def broken_pack(seed: int, name: str = "rnd") -> tuple[DataPack, str]:
    """A random pack with one field broken, and the EVE-P code loading it must raise."""
    p = random_pack(seed, name)
    q = copy.deepcopy(p)
    code, breakit = random.Random(seed).choice(_breakages(q))
    breakit(q)
    return q, code
