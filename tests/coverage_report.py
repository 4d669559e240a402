"""What random play reaches: the constructs of the language and the rule ids behind them.

    python tests/coverage_report.py [PACKS] [MATCHES] [FIRST] [BUDGET]   # defaults 60 2 0 400

Plays seeded random packs (tests/random_packs.py) at random from Python, and runs of random
run content (tests/run_support.py, `play_runs`), and records what
happened, then maps it to the rule ids of docs/rules.md through one table, `RULES`:

- dynamic constructs, seen in play: every event kind of the log (`event:damage`), the zone
  moves of the lifecycle (`move:rift>abyss`), every choice kind offered (`choice:mode`), every
  part of the state that was ever non-empty in a snapshot (`state:grants`, `state:choice`, ...)
  and the outcomes;
- content constructs, every op, trigger event, selector, keyword and standard keyword macro of
  the vocabulary (`op:choose`, `trigger:before_damage_taken`, ...): reached when the pack of a
  match uses it and that match saw its evidence (`EVIDENCE`: the event an op or a trigger's
  event makes, a program resolving for a selector).

The construct names are derived from the vocabulary and the State's layout, never written a
second time: a name added there and missing from `RULES` fails tests/test_coverage.py, and so
does a construct the seeded battery never reaches. Each state with a pending choice or an open
Stack is also checked to restore from its snapshot (rule Z24's countered marker, issue 20
point 9), and `rare_states` gives those states to the snapshot fuzzers as seeds.
"""
from __future__ import annotations

import random
import re
import sys
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

HERE = Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from match_invariants import check_restores  # noqa: E402
from random_packs import random_engine, random_pack  # noqa: E402

from eve.core import layout  # noqa: E402
from eve.core.instructions import INSTRUCTIONS  # noqa: E402
from eve.core.match import CHOICE_KINDS, OUTCOMES, ZONE_NAMES  # noqa: E402
from eve.core.selectors import SELECTORS as SELECTOR_ROWS  # noqa: E402
from eve.core.vocabulary import CONTENT, EVENT_FIELDS  # noqa: E402
from eve.keywords import STANDARD as STANDARD_MACROS  # noqa: E402

ZONE_BY_ID = {v: k for k, v in ZONE_NAMES.items()}
SECTIONS = [s.name for s in layout.BODY]

# the constructs, derived from the vocabulary and the layout
CONTENT_TABLES = {"op": "op", "trigger": "trigger", "selector": "selector", "keyword": "keyword"}
NOT_CONTENT = {("trigger", "none"), ("selector", "none")}     # a default, not a construct
# a filter on a chosen card (rules G02-G04), by the fields that write it
FILTERS = {"target": ("target_kind", "target_tag"), "choose": ("kind", "tag")}


def constructs() -> list[str]:
    """Every construct the measure knows, derived from the vocabulary and the layout."""
    out = [f"{kind}:{n}" for kind, table in CONTENT_TABLES.items() for n in CONTENT[table]
           if (kind, n) not in NOT_CONTENT]
    out += [f"macro:{n}" for n in STANDARD_MACROS]
    out += [f"event:{n}" for n in EVENT_FIELDS]
    out += [f"choice:{n}" for n in CHOICE_KINDS if n != "none"]
    out += [f"state:{n}" for n in SECTIONS]
    out += [f"outcome:{n}" for n in OUTCOMES if n]
    out += [f"filter:{n}" for n in FILTERS]
    return out


# construct -> the rule ids of docs/rules.md it exercises: the one table of the measure
# an instruction's: its row's rule ids (eve.core.instructions)
_OPS = {o.name: " ".join(o.rules) for o in INSTRUCTIONS if o.rules}
_TRIGGERS = {"turn_start": "T04", "turn_end": "T09", "match_end": "E21", "shuffled": "Z18",
             "task_completed": "W01", "before_damage_taken": "E24", "before_damage_dealt": "E24"}
_SELECTORS = {"newest_void": "Z23", "newest_lattice": "Z23", "event_card": "Z23", "source": "S06"}
_KEYWORDS = {"reaction": "E10", "swift": "S05", "taunt": "K01"}
_EVENTS = {"move": "Z01", "damage": "D01", "heal": "E16", "death": "Z12", "hero_falls": "Z05 T18",
           "leader": "E01 M06", "phase": "T01 T02", "push": "T05 S01", "resolve": "T05",
           "fizzle": "S03", "counter": "N03", "shuffle": "Z14 Z18 T12", "draw_skipped": "Z19 T13",
           "meter": "M01 M02 M07 T03", "status": "E18", "task": "W01", "task_done": "W01",
           "outcome": "E03 T10", "summon": "N04", "pass": "S02", "intent": "N01 N02",
           "choice": "C01",
           # the run's (rules U01-U21), seen in the runs of play_runs
           "run_node": "U08 U09", "run_card": "U07 U10", "run_aurorune": "U10 U13",
           "run_hero": "U03 U11", "run_fell": "U04", "run_relic": "U10 U20",
           "run_outcome": "U05"}
# the run's selectors (rule U19): in run programs only
RUN_SELECTORS = {s.name for s in SELECTOR_ROWS if s.picks.startswith("run")}
_STATE = {"rng": "R01 R02", "turn": "T01", "cards": "E07", "zones": "Z01", "units": "Z03",
          "stack": "S02 T16", "meter": "M11", "tasks": "W01", "foe": "N07", "choice": "C01 C06",
          "grants": "A02 A03 A04", "counters": "V01 V03 V04"}
RULES: dict[str, tuple[str, ...]] = {
    **{f"op:{k}": tuple(v.split()) for k, v in _OPS.items()},
    **{f"trigger:{k}": ("E19", *_TRIGGERS.get(k, "").split()) for k in CONTENT["trigger"]
       if k != "none"},
    **{f"selector:{k}": ("E16", *(("E22",) if k.startswith("random_") else ()),
                         *_SELECTORS.get(k, "").split()) for k in CONTENT["selector"]
       if k != "none" and k not in RUN_SELECTORS},
    **{f"selector:{k}": ("U19",) for k in RUN_SELECTORS},
    **{f"keyword:{k}": tuple(v.split()) for k, v in _KEYWORDS.items()},
    **{f"macro:{k}": ("K02", *(("K03",) if k == "exile_on_play" else ())) for k in STANDARD_MACROS},
    **{f"event:{k}": tuple(v.split()) for k, v in _EVENTS.items()},
    "choice:cards": ("C02",), "choice:mode": ("C03",), "choice:discover": ("C04", "C05"),
    **{f"state:{k}": tuple(v.split()) for k, v in _STATE.items()},
    "outcome:win": ("T10",), "outcome:loss": ("T20", "Z06"), "outcome:timeout": ("X01",),
    # the lifecycle's moves (only those the rules name; others are reported, not counted)
    "move:archive>rift": ("Z08", "T11"), "move:rift>stack": ("Z22",), "move:stack>wastes": ("Z09",),
    "move:stack>lattice": ("Z10",), "move:rift>abyss": ("Z11",), "move:wastes>abyss": ("Z12",),
    "move:rift>void": ("Z13",), "move:abyss>archive": ("Z14",), "move:void>rift": ("Z15",),
    "move:void>wastes": ("Z27",), "move:lattice>abyss": ("Z16",), "move:lattice>void": ("Z13",),
    "move:stack>archive": ("Z24",),
    # finer parts of the state
    "state:grants.aura": ("A01", "A03"), "state:grants.until": ("A04",),
    "state:grants.turn_end": ("A06",),
    "state:cards.counter": ("V02",), "state:foe.part": ("N08",), "state:units.tcount": ("E19",),
    "state:turn.archive_known": ("Z28",), "state:stack.response": ("S02", "T16", "N03"),
    "state:units.token": ("E16",), "state:foe.named_repeats": ("N06", "N09"),
    "filter:target": ("G01", "G02", "G03"), "filter:choose": ("G04",),
}

# what a content construct needs to have been seen in the same match to count as reached
EVIDENCE: dict[str, str] = {
    "op:damage": "event:damage", "op:heal": "event:heal", "op:shield": "event:status",
    "op:poison": "event:status", "op:status": "event:status", "op:remove_status": "event:status",
    "op:draw": "move:archive>rift", "op:discard": "move:rift>abyss", "op:summon": "event:summon",
    "op:split": "event:summon",
    "op:counter": "event:counter", "op:task": "event:task", "op:choose": "choice:cards",
    "op:choose_mode": "choice:mode", "op:discover": "choice:discover", "op:scry": "choice:cards",
    "op:add_counter": "state:counters", "op:set_counter": "state:counters",
    "op:create": "state:cards", "op:copy": "state:cards", "op:reintent": "event:intent",
    "trigger:turn_start": "event:phase", "trigger:turn_end": "event:phase",
    "trigger:card_played": "event:push", "trigger:damage_taken": "event:damage",
    "trigger:damage_dealt": "event:damage", "trigger:dies": "event:death",
    "trigger:summoned": "event:summon", "trigger:status_applied": "event:status",
    "trigger:healed": "event:heal", "trigger:match_end": "event:outcome",
    "trigger:shuffled": "event:shuffle", "trigger:task_completed": "event:task_done",
    "trigger:before_damage_taken": "event:damage", "trigger:before_damage_dealt": "event:damage",
    "trigger:card_resolved": "event:resolve", "trigger:drawn": "move:archive>rift",
    "trigger:discarded": "move:rift>abyss", "trigger:ally_hero_damaged": "event:damage",
    "trigger:attack": "event:push", "macro:exile_on_play": "move:lattice>void",
    "keyword:taunt": "event:push",
    "filter:choose": "choice:cards",
}
DEFAULT_EVIDENCE = "event:resolve"      # a program ran
RUNS = 30                               # runs of random run content (play_runs)


@dataclass
class Coverage:
    reached: set[str] = field(default_factory=set)
    other_moves: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)     # invariant failures, with their seed
    steps: int = 0

    def rule_ids(self) -> set[str]:
        return {r for c in self.reached if c in RULES for r in RULES[c]}


def content_names(pack: Any) -> set[str]:
    """The content constructs a random pack's data uses."""
    out: set[str] = set()
    key_kind = {"op": "op", "on": "trigger", "to": "selector"}

    def walk(x: Any, key: str | None = None) -> None:
        if isinstance(x, dict):
            if "name" in x and key == "keywords":
                out.add(f"macro:{x['name']}")
            for name, fields in FILTERS.items():
                if any(f in x for f in fields) and (name == "target") == ("op" not in x):
                    out.add(f"filter:{name}")
            for k, v in x.items():
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str):
            if key in key_kind and x in CONTENT[key_kind[key]]:
                out.add(f"{key_kind[key]}:{x}")
            elif key == "keywords":
                out.add(f"keyword:{x}" if x in CONTENT["keyword"] else f"macro:{x}")
            elif key == "trigger":
                pass

    walk([pack.heroes, pack.cards, pack.units, pack.tasks, pack.encounters, pack.statuses])
    for c in pack.cards.values():                    # a Relic's first trigger form
        if "trigger" in c:
            out.add(f"trigger:{c['trigger']['on']}")
    return out


def state_parts(data: bytes, move_names: Sequence[int] = ()) -> set[str]:
    """The parts of a snapshot's body that are not empty (or not at their default);
    `move_names`: each move's name index of the catalog (-1 none), to tell a named move's
    history."""
    body = msgpack.unpackb(data, strict_map_key=False)[6]
    parts = dict(zip(SECTIONS, body, strict=True))
    out = {"state:rng", "state:turn", "state:units", "state:meter"}
    turn = dict(zip(layout.TURN_FIELDS, parts["turn"], strict=True))
    if parts["cards"][0]:
        out.add("state:cards")
    if any(parts["zones"]):
        out.add("state:zones")
    if turn["archive_known"] > 0:
        out.add("state:turn.archive_known")
    ucols = {n: i for i, n in enumerate(layout.UNIT_FIELDS)}
    for u in parts["units"]:
        if u[ucols["tcount"]]:
            out.add("state:units.tcount")
        if u[ucols["is_token"]] and u[ucols["alive"]]:
            out.add("state:units.token")
    if any(parts["cards"][5]):
        out.add("state:cards.counter")
    stack = parts["stack"]
    if stack:
        out.add("state:stack")
        side = layout.STACK_ITEM_FIELDS.index("side")
        if len({it[side] for it in stack}) == 2:
            out.add("state:stack.response")
    if any(t[1] for t in parts["tasks"]):
        out.add("state:tasks")
    foe = dict(zip(layout.FOE_FIELDS, parts["foe"], strict=True))
    if any(foe[f"vars[{i}]"] for i in range(layout.MAX_SCRIPT_VARS)):
        out.add("state:foe")
    if foe["part"]:
        out.add("state:foe.part")
    if foe["repeats"] >= 2 and 0 <= foe["last_move"] < len(move_names) \
            and move_names[foe["last_move"]] >= 0:
        out.add("state:foe.named_repeats")      # N09: a named move made again in a row
    if parts["choice"][0]:
        out.add("state:choice")
    if parts["grants"]:
        out.add("state:grants")
        aura = layout.GRANT_FIELDS.index("aura")
        kinds = ("state:grants.until", "state:grants.aura", "state:grants.turn_end")  # `aura`
        out.update(kinds[g[aura]] for g in parts["grants"])
    if any(parts["counters"]):
        out.add("state:counters")
    return out


def play_random_packs(seeds: range, matches: int = 2, budget: int = 400,
                      rare: dict[str, list[tuple[int, bytes]]] | None = None) -> Coverage:
    """Random play over the random packs of `seeds`, `matches` matches each (the second one
    never passing while it can do anything else), `budget` actions a match at most. `rare`,
    when given, collects (pack seed, snapshot) of states with a pending choice, grants or
    counters, by part."""
    cov = Coverage()
    for seed in seeds:
        pack = random_pack(seed)
        names = content_names(pack)
        engine = random_engine(seed)
        encs = list(engine.catalog.encounters)
        move_names = [mv["name"] for mv in engine.catalog.spec["moves"]]
        for k in range(matches):
            m = engine.new_match(seed=k, encounter=encs[k % len(encs)])
            r = random.Random(seed * 1000 + k)
            seen: set[str] = set()
            n_ev = 0
            while not m.is_over and len(m.actions) < budget:
                codes = m.legal_action_codes()
                busy = [c for c in codes if c >> 24 not in (0, 1)] if k % 2 else codes
                m.apply(r.choice(busy or codes))
                cov.steps += 1
                for ev in m.events_since(n_ev):
                    seen.add(f"event:{ev.kind}")
                    if ev.kind == "move":
                        a, b = ZONE_BY_ID.get(ev.b, "none"), ZONE_BY_ID.get(ev.c, "none")
                        seen.add(f"move:{a}>{b}")
                    elif ev.kind == "choice":
                        seen.add(f"choice:{CHOICE_KINDS[ev.a]}")
                n_ev = m.n_events
                data = m.snapshot()
                parts = state_parts(data, move_names)
                seen |= parts
                if "state:choice" in parts or "state:stack" in parts:
                    try:
                        check_restores(m)
                    except AssertionError as e:
                        cov.failures.append(f"pack {seed} match {k} action {len(m.actions)}: {e}")
                        break
                if rare is not None:
                    for part in ("state:choice", "state:grants", "state:counters",
                                 "state:cards.counter", "state:stack.response"):
                        if part in parts and len(rare.setdefault(part, [])) < 8:
                            rare[part].append((seed, data))
            if m.outcome:
                seen.add(f"outcome:{m.outcome}")
            cov.reached |= seen
            cov.reached |= {c for c in names if EVIDENCE.get(c, DEFAULT_EVIDENCE) in seen}
        cov.other_moves |= {c for c in cov.reached if c.startswith("move:") and c not in RULES}
    return cov


# what a run instruction's or selector's use shows in the run's events
RUN_EVIDENCE = {"heal_share": "run_hero", "restore": "run_hero", "hurt": "run_hero",
                "max_hp": "run_hero", "ambition": "run_hero", "morality": "run_hero",
                "gain_aurorune": "run_aurorune", "lose_aurorune": "run_aurorune",
                "add_card": "run_card", "remove_card": "run_card", "upgrade_card": "run_card",
                "gain_relic": "run_relic"}


def play_runs(seeds: range, cov: Coverage | None = None) -> Coverage:
    """Runs of random run content (tests/run_support.py random_run_knobs, over the built-in
    pack: the run pipeline is not there yet for random packs to register acts and events),
    random decisions and greedy fights. The run's events are reached as they are seen; a run
    instruction and its selector when an option running them was taken and the run's events
    show it (RUN_EVIDENCE)."""
    from run_support import fight_action, load_hand_run, random_run_knobs

    import eve
    cov = cov if cov is not None else Coverage()
    for seed in range(seeds.start, seeds.stop):
        base = eve.Engine()
        knobs = dict(random_run_knobs(base.catalog, seed))
        if seed % 4 == 3:
            knobs["hero_hp"] = 6        # a frail party: heroes fall, runs are lost (U04, U05)
        engine = load_hand_run(base, **knobs)
        sites = list(knobs["sites"].values())
        run = engine.new_run(seed)
        rng = random.Random(seed)
        while not run.is_over:
            effect = None
            if run.in_fight:
                code = fight_action(run, rng.randrange(2**32))
            else:
                code = rng.choice(run.legal_action_codes())
                scene = run.scene
                if scene is not None and code >> 24 == 11:          # an option
                    opts = (knobs["events"][scene["index"]]["options"] if scene["kind"] == "event"
                            else sites[scene["index"]])
                    effect = opts[(code >> 16) & 0xFF]["effect"]
            n = run.n_events
            run.apply(code)
            cov.steps += 1
            kinds = {ev.kind for ev in run.events_since(n)}
            cov.reached |= {f"event:{k}" for k in kinds if k.startswith("run_")}
            for op, sel, _n, _card in effect or ():
                if RUN_EVIDENCE[op] in kinds:
                    cov.reached.add(f"op:{op}")
                    if sel != "none":
                        cov.reached.add(f"selector:{sel}")
    return cov


def doc_rule_ids() -> list[str]:
    text = (HERE.parent / "docs" / "rules.md").read_text()
    return re.findall(r"^- \*\*\[([A-Z]+\d+)\]\*\*", text, flags=re.M)


def report(cov: Coverage) -> Iterator[str]:
    reachable = {r for ids in RULES.values() for r in ids}
    got = cov.rule_ids()
    table = [c for c in RULES if not c.startswith("move:")] + [c for c in RULES if c.startswith("move:")]
    yield (f"constructs reached: {len(cov.reached & set(RULES))} / {len(RULES)}   "
           f"rule ids reached: {len(got & reachable)} / {len(reachable)} that content can reach "
           f"({len(doc_rule_ids())} in docs/rules.md)   actions played: {cov.steps}")
    missing = [c for c in table if c not in cov.reached]
    if missing:
        yield "constructs not reached: " + " ".join(missing)
    if reachable - got:
        yield "rule ids not reached: " + " ".join(sorted(reachable - got))
    outside = sorted(set(doc_rule_ids()) - reachable)
    yield "rule ids no construct of the table reaches (not counted): " + " ".join(outside)
    if cov.other_moves:
        yield "other zone moves seen: " + " ".join(sorted(cov.other_moves))
    for f in cov.failures:
        yield "INVARIANT FAILED: " + f


def main(argv: list[str]) -> int:
    packs = int(argv[0]) if argv else 60
    matches = int(argv[1]) if len(argv) > 1 else 2
    first = int(argv[2]) if len(argv) > 2 else 0
    budget = int(argv[3]) if len(argv) > 3 else 400
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cov = play_random_packs(range(first, first + packs), matches, budget)
        play_runs(range(first, first + RUNS), cov)
    for line in report(cov):
        print(line)
    return 1 if cov.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
