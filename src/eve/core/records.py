"""The compiled content's records, one column per field: the single description of the
`Tables` block's structs (HeroDef, CardDef, ...).

From this table:

- setup.py generates `records.pxi`, the C structs, which defs.pxd includes (`python -m
  eve.core.records --pxi`; tests/test_records.py checks it is current);
- `pack` turns the compiler's records (plain dicts) into the bytes of those structs, in struct
  order, with every default filled in, so that `CompiledContent.load` copies each table with one
  loop and no field by field code.

A column names the compiler's key it comes from (`key`, default its own name; `part` picks one
element of a tuple such as `triggers = (first, n)`), its default when the compiler leaves it out,
and, for an array, its capacity (`size`: the C constant and the LIMITS key) and the column that
counts it (`count`). A `derived` column is left 0 here and computed by the loader from the
others. Plain Python importing nothing of eve (setup.py loads it by path before the core exists).
"""
from __future__ import annotations

import struct
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eve.core.generated import write_if_changed

_CTYPES = {"int16_t": "h", "int32_t": "i"}


@dataclass(frozen=True)
class Column:
    name: str
    doc: str = ""
    ctype: str = "int16_t"
    default: int = 0
    key: str = ""                  # the compiler's key ("" : the column's name)
    part: int = -1                 # the element of a tuple-valued key
    size: tuple[str, str] = ("", "")   # an array: (C capacity constant, LIMITS key)
    count: str = ""                # this column counts the elements of array column `count`
    record: str = ""               # an array of nested records (their struct)
    keys: tuple[str, ...] = ()     # an array read from a mapping, in this order
    derived: bool = False          # computed by the loader from the other columns
    # a number read from the pack's data as it is: (default, lo, hi), hi a number or a LIMITS
    # key; the compiler reads it, rules text and lint take its default from here
    data: tuple[int, int, int | str] | None = None


@dataclass(frozen=True)
class Record:
    struct: str
    doc: str
    columns: tuple[Column, ...]


def _c(name: str, doc: str = "", **kw: Any) -> Column:
    return Column(name, doc, **kw)


_TRIGGERS = (_c("trig_first", "its triggers: trigs[trig_first .. trig_first + trig_n)",
                key="triggers", part=0),
             _c("trig_n", key="triggers", part=1))
_AURA = (_c("aura_n", "its aura (rule A01): stacks (0: none), status (GRANT_POWER: power)",
            key="aura", part=0),
         _c("aura_status", key="aura", part=1),
         _c("aura_who", "AW_*", key="aura", part=2))
_ABILITY = (_c("ability_prog", "activated ability, -1"), _c("ability_target"),
             _c("ability_reaction"),
             _c("ability_filter", "its target's filter (G02, operands.pxd): 0 any card"))
# a card's tags (G01): bit i, the content's tag i (Catalog.tags); a unit's are Tables.unit_tags
_TAGS = _c("tags", "bit i: it has the content's tag i (G01)")

# the bound of an int16_t column
_I16 = 2 ** 15 - 1
# a status's modifiers, as its data writes them: (default, lo, hi)
_ADD = (0, -99, 99)
_PCT = (100, 0, 1000)

RECORDS: tuple[Record, ...] = (
    Record("Config", "the rule configuration", (
        _c("player_hero_slots"), _c("lanes"), _c("hand_floor"), _c("opening_hand"),
        _c("max_rounds"), _c("max_decisions_per_turn"), _c("meter_base"),
        _c("cost", "each Action Meter category's cost", key="costs", size=("N_CATS", ""),
           keys=("play_support", "deploy", "activate", "attack")),
        _c("morality_high", "morality >= this: PlaySupport discount"),
        _c("morality_low", "morality <= this: Attack discount"),
        _c("support_discount"), _c("attack_discount"),
        _c("max_events", "events a match's log keeps (B04); more are counted, not kept",
           ctype="int32_t"))),
    Record("HeroDef", "a player hero or an Encounter's enemy hero", (
        _c("max_hp"), _c("power", data=(0, 0, _I16)),
        _c("ambition", data=(0, -20, 20)), _c("morality", data=(0, -20, 20)), *_ABILITY,
        _c("n_start", count="start_cards"),
        _c("start_cards", size=("MAX_START_CARDS", "start_cards")),
        *_TRIGGERS, *_AURA)),
    Record("CardDef", "a card", (
        _c("kind"), _c("keywords"), _c("power"), _c("hp"), _c("charges"),
        _c("play_target", "target of the on-enter program"),
        _c("on_enter", "program run when it resolves, -1"), *_ABILITY,
        *_TRIGGERS,
        _c("ally_power", "static: + power to allied characters' attacks (a Relic's)",
           data=(0, 0, 99)),
        _c("play_cond", "expression (pool offset) that must hold to play it, -1", default=-1),
        *_AURA,
        _c("play_filter", "its on-enter target's filter (G02, operands.pxd): 0 any card"),
        _TAGS)),
    Record("StatusDef", "a status", (
        _c("stacking", "SS_*"), _c("polarity", "SP_*"),
        _c("max_stacks", "stacks a unit can hold", key="max", data=(999, 1, 999)),
        _c("decay_at", "ST_*"), _c("decay_by", "SD_*"), _c("tick_at", "ST_*"),
        _c("tick_prog", "run for the unit (self), by the side it harms or helps"),
        _c("tick_loss", "1: the program is only \"damage self by these stacks, pierce\" "
                        "(poison's), which status_turn runs without the interpreter",
           derived=True),
        # the damage pipeline (docs/rules.md): add, then multiply, then prevent
        _c("power", "+ stacks x this to the unit's power", data=_ADD),
        _c("dealt_add", "+ stacks x this to damage the unit deals", data=_ADD),
        _c("taken_add", "+ stacks x this to damage the unit takes", data=_ADD),
        _c("dealt_pct", "x this percent to damage it deals while it has a stack (100: none)",
           data=_PCT),
        _c("taken_pct", "x this percent to damage it takes", data=_PCT),
        _c("absorb", "absorbs damage up to its stacks, spending them (shield)"),
        _c("negate", "prevents one whole hit, spending one stack (divine shield)"),
        _c("spend", "SX_*: spends a stack after each hit its unit deals or takes"),
        _c("cap", "each hit the unit takes is at most this, before prevention (0: none)",
           data=(0, 0, "damage_limit")),
        # the shield its unit gains (D02): add, then multiply
        _c("shield_add", "+ stacks x this to each gain of an absorbing status by its unit",
           data=_ADD),
        _c("shield_pct", "x this percent to each such gain while it has a stack (100: none)",
           default=100, data=_PCT),
        _c("keeps", "bit i: status i does not decay on a unit that has this one",
           ctype="int32_t"),
        *_TRIGGERS)),
    Record("UnitDef", "a summonable unit", (
        # its tags (G01) are Tables.unit_tags: UnitDef stays 16 bytes, which the hot paths'
        # reads of it were measured to want (MCTS 1.011 in pairs, BENCHMARKS.md)
        _c("power", data=(0, 0, _I16)), _c("hp"), _c("keywords"), *_TRIGGERS, *_AURA)),
    Record("TriggerDef", "a trigger of some item", (
        _c("on", "TR_*: the event"), _c("who", "TW_*: whose"),
        _c("zone", "Z_*: where a card must be for it to listen (units: in play)"),
        _c("card_kind", "CK_* of the event's card, -1 any"),
        _c("cond", "expression that must hold (pool offset), -1"),
        _c("once", "TL_*: at most once a turn or a match"),
        _c("every", "fire on every Nth event (0: each), counted `per`"),
        _c("per", "TL_TURN or TL_MATCH"), _c("prog"),
        _c("source", "TS_*: who dealt the damage (damage events)"),
        _c("unit_kind", "TU_*: a hero or a character subject", key="unit"),
        _c("own_card", "1: only its own card's events (card events)"),
        _c("filters", "nonzero when source, unit_kind or own_card filters: one test",
           derived=True))),
    Record("Move", "a move of an Encounter's script", (
        _c("kind"), _c("phase", "PH_MAIN or PH_COMBAT"), _c("prog"),
        _c("def_id", "unit def (summon)"), _c("attacker", "hero slot, -1 = leader"),
        _c("lane_sel"), _c("lane"), _c("target_sel", "ESEL_*"), _c("cond"), _c("cond_arg"),
        _c("alt", "absolute move index"),
        _c("weight", "its weight in a pick (0: a plain script entry)"),
        _c("max_repeats", "a pick draws it, a plain entry takes it, only if not made this "
                          "many times in a row (0: any)"),
        _c("name", "its `name`'s index among its Encounter's move names: moves of one name are "
                   "one move for the history (N09); -1: none", default=-1),
        _c("n_sets", count="set_var"),
        _c("set_var", "variable index", key="set", part=0, size=("MAX_MOVE_SETS", "move_sets")),
        _c("set_expr", "its new value: an expression (pool offset)", key="set", part=1,
           size=("MAX_MOVE_SETS", "move_sets")))),
    Record("ScriptPart", "a phase: its condition, then either phases of its own (children) or "
                         "script entries", (
        _c("cond", "expression (pool offset); -1: always (the last of its list)"),
        _c("first_child", "part index"), _c("n_children", "0: a leaf, with entries"),
        _c("first_entry"), _c("n_entries"))),
    Record("ScriptEntry", "an entry of a script: a move or a weighted pick", (
        _c("first_opt", "absolute move index"),
        _c("n_opts", "1: a plain move; more: a weighted pick among them"))),
    Record("ResponseRule", "an Encounter's scripted response", (
        _c("on"), _c("counter", "1: counter the item, else run prog"), _c("prog"),
        _c("target_sel"), _c("per_round"), _c("charges", "-1 = unlimited"))),
    Record("EncDef", "an Encounter", (
        _c("n_roster", count="roster"), _c("roster", "hero defs", size=("MAX_ROSTER", "roster")),
        _c("n_setup", count="setup_units"),
        _c("setup_units", "unit defs summoned at match start, lanes in order",
           size=("MAX_SETUP", "setup_summons")),
        _c("n_tasks", count="tasks"), _c("tasks", size=("MAX_TASKS", "tasks")),
        _c("initiative"), _c("first_move"), _c("n_moves"),
        _c("n_resp", count="resp"),
        _c("resp", key="responses", size=("MAX_RESPONSES", "responses"), record="ResponseRule"),
        _c("root", "script part: a leaf (a plain script), or the phases"),
        _c("n_vars", count="var_init"),
        _c("var_init", key="vars", size=("MAX_SCRIPT_VARS", "script_vars")))),
    Record("TaskDef", "a World Task", (_c("goal"), _c("threshold"), _c("reward_prog"))),
    # ---- the run's content (rules U01-U21), loaded into RunTables (run_defs.pxd) ----
    Record("RunConfig", "the run's rule configuration (`run` of a rule configuration)", (
        _c("party", "heroes in a party", data=(3, 1, "hero_slots")),
        _c("aurorune", "aurorune at the start", data=(99, 0, "run_limit")),
        # 56: with relic_cap's 8, a match's 64 cards (the core's load checks the sum)
        _c("deck_cap", "most cards the deck holds", data=(56, 1, "cards_per_match")),
        _c("drift", "a hero's Morality drift a match, unless it says its own (U15)",
           data=(1, 0, 5)),
        _c("relic_cap", "most Relics a run holds", data=(8, 0, "relics")),
        _c("ambition_cap", "the Ambition a hero's gains in the run stop at (training, rewards, "
           "events); one above it already keeps its own", data=(20, 0, "rating_limit")))),
    Record("ActDef", "an act: its map's shape and its Encounter pools", (
        _c("floors", "floors before the boss's", data=(12, 3, "floors")),
        _c("width", "the map's columns", data=(7, 2, "map_width")),
        _c("paths", "paths drawn through the floors", data=(6, 1, 8)),
        _c("elite_floor", "no elite before this floor (from 1)", data=(5, 1, "floors")),
        _c("weight", "each node kind's weight on the free floors (RN_* - 1)", key="nodes",
           size=("RUN_NODE_KINDS", ""),
           keys=("fight", "elite", "event", "sanctum", "forge", "shop", "boss")),
        _c("n_fights", count="fights"), _c("fights", "Encounter defs",
                                             size=("MAX_ACT_POOL", "act_pool")),
        _c("n_elites", count="elites"), _c("elites", size=("MAX_ACT_POOL", "act_pool")),
        _c("n_bosses", count="bosses"), _c("bosses", size=("MAX_ACT_POOL", "act_pool")))),
    Record("RunOption", "an event's or a site's option", (
        _c("cond_value", "RV_*: what its condition reads; -1: no condition", key="cond",
           part=0, default=-1),
        _c("cond_cmp", "CMP_*", key="cond", part=1),
        _c("cond_n", key="cond", part=2),
        _c("cost_hp", "hp each living hero pays (it must have more)"),
        _c("cost_aurorune", "aurorune it costs"),
        _c("target", "RT_*: what the player picks with it"),
        _c("prog", "its run program, -1", default=-1))),
    Record("EventDef", "an event: a scene with options", (
        _c("acts", "bit a: it may appear in act a (0: every act)"),
        _c("first_opt", "its options: options[first_opt .. first_opt + n_opts)",
           key="options", part=0),
        _c("n_opts", key="options", part=1))),
    Record("SiteDef", "a Sanctum's or a Forge's options", (
        _c("node", "RN_SANCTUM or RN_FORGE"),
        _c("first_opt", key="options", part=0), _c("n_opts", key="options", part=1))),
    Record("RewardDef", "what a won fight of a node kind gives", (
        _c("node", "RN_FIGHT, RN_ELITE or RN_BOSS"),
        _c("aur_lo", "aurorune, drawn in [lo, hi]", key="aurorune", part=0),
        _c("aur_hi", key="aurorune", part=1),
        _c("cards", "cards offered: the player takes one or none", data=(3, 0, "offer")),
        _c("rarity", "weights of common, uncommon and rare", size=("RARITY_WEIGHTS", ""),
           keys=("common", "uncommon", "rare")),
        _c("relics", "Relics gained at once", data=(0, 0, 2)),
        _c("ambition", "Ambition each living hero gains (U16)", data=(0, 0, 3)),
        _c("heal", "percent of max hp each living hero heals", data=(0, 0, 100)))),
    Record("ShopDef", "a shop's stock and prices", (
        _c("cards", "cards in stock", data=(5, 0, "offer")),
        _c("relics", "Relics in stock", data=(2, 0, 4)),
        _c("rarity", "weights of common, uncommon and rare", size=("RARITY_WEIGHTS", ""),
           keys=("common", "uncommon", "rare")),
        _c("removal", "the first card removal's price", data=(75, 0, "run_limit")),
        _c("removal_step", "added to it after each removal", data=(25, 0, "run_limit")))),
    Record("CardRun", "what the run reads of a card def", (
        _c("rarity", "RAR_*"), _c("hero", "the hero def whose pool it is in, -1: every party's",
                                  default=-1),
        _c("upgrade", "the card def of its upgraded form, -1", default=-1),
        _c("price", "its aurorune"),
        _c("run", "a Relic's run triggers: a program by RE_* event, -1", size=("N_RUN_EVENTS", ""),
           keys=("picked_up", "fight_won", "act_start")),
        _c("is_upgrade", "1: some card's upgraded form (never offered, U10)", derived=True))),
    Record("HeroRun", "what the run reads of a hero def", (
        _c("drift", "its Morality drift a match (U15)"),)),
)

BY_STRUCT: Mapping[str, Record] = {r.struct: r for r in RECORDS}


def data_fields(struct_name: str) -> dict[str, tuple[int, int, int | str]]:
    """The columns of a record read from the pack's data as they are, by their data key:
    (default, lo, hi)."""
    return {c.key or c.name: c.data for c in BY_STRUCT[struct_name].columns if c.data}


# ---------------------------------------------------------------- the C structs

PXI_HEADER = """\
# GENERATED from src/eve/core/records.py by `python -m eve.core.records --pxi`: do not edit.
# setup.py regenerates it before every build; tests/test_records.py checks it is current.
# Included by defs.pxd, after the capacities and before the Tables struct.
"""


def pxi_text() -> str:
    out = [PXI_HEADER]
    for r in RECORDS:
        out.append(f"\n# {r.doc}\nctypedef struct {r.struct}:\n")
        for c in r.columns:
            ctype = c.record or c.ctype
            decl = f"    {ctype} {c.name}" + (f"[{c.size[0]}]" if c.size[0] else "")
            out.append(f"{decl:<36}# {c.doc}\n" if c.doc else decl + "\n")
    return "".join(out)


def write_pxi(path: str) -> bool:
    """Write the generated file if it differs; True when it was written."""
    return write_if_changed(path, pxi_text())


# ---------------------------------------------------------------- the bytes of a record

def fmt(struct_name: str, limits: Mapping[str, int]) -> str:
    """The `struct` format of a record, with C's alignment and trailing padding."""
    body, widest = _body(struct_name, limits)
    return f"@{body}0{widest}"


def _body(struct_name: str, limits: Mapping[str, int]) -> tuple[str, str]:
    """A record's field codes in order, and its widest one (what it aligns to)."""
    parts = []
    widest = "h"
    for c in BY_STRUCT[struct_name].columns:
        n = _length(c, limits)
        if c.record:
            inner, inner_widest = _body(c.record, limits)
            if inner_widest != "h":     # every nested record is int16 only: no padding inside
                raise ValueError(f"{c.record} nested in {struct_name} must be int16 only")
            parts.append(inner * n)
            continue
        code = _CTYPES[c.ctype]
        if code == "i":
            widest = "i"
        parts.append(f"{n}{code}" if c.size[0] else code)
    return "".join(parts), widest


def _length(c: Column, limits: Mapping[str, int]) -> int:
    if not c.size[0]:
        return 1
    return limits[c.size[1]] if c.size[1] else len(c.keys)


def values(struct_name: str, rec: Mapping[str, Any], limits: Mapping[str, int],
           what: str) -> list[int]:
    """A compiled record's integers in struct order: arrays padded with 0 to their capacity,
    counts filled in, defaults where the compiler left a key out. An array past its capacity
    raises OverflowError naming `what`."""
    out: list[int] = []
    cols = BY_STRUCT[struct_name].columns
    for c in cols:
        if c.derived:
            out.append(0)
            continue
        raw = rec.get(c.key or c.name)
        if c.count:
            arr = next(a for a in cols if a.name == c.count)
            items = rec.get(arr.key or arr.name, ())
            out.append(len(items))
            continue
        if not c.size[0]:
            if raw is None:
                out.append(c.default)
            else:
                out.append(int(raw[c.part]) if c.part >= 0 else int(raw))
            continue
        n = _length(c, limits)
        items = [(raw or {})[k] for k in c.keys] if c.keys else list(raw or ())
        if len(items) > n:
            raise OverflowError(f"{what} {c.key or c.name}: {len(items)} exceeds the core's "
                                f"capacity of {n}")
        if c.record:
            for item in items:
                out += values(c.record, item, limits, what)
            out += [0] * (len(values(c.record, {}, limits, what)) * (n - len(items)))
        else:
            out += [int(x[c.part]) if c.part >= 0 else int(x) for x in items]
            out += [c.default] * (n - len(items))
    return out


def pack(struct_name: str, recs: Sequence[Mapping[str, Any]], limits: Mapping[str, int],
         what: str) -> bytes:
    """The bytes of a table of records, as the C array of `struct_name` holds them."""
    s = struct.Struct(fmt(struct_name, limits))
    return b"".join(s.pack(*values(struct_name, r, limits, f"{what} {i}"))
                    for i, r in enumerate(recs))


if __name__ == "__main__":  # pragma: no cover - a build tool
    if sys.argv[1:] == ["--pxi"]:
        sys.stdout.write(pxi_text())
    else:
        sys.stderr.write("usage: python -m eve.core.records --pxi\n")
        sys.exit(2)
