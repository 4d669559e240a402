"""The State's layout, declared once: the parts of the flat C state, field by field, in the order
the snapshot body writes them (which is their struct order in defs.pxd).

setup.py generates state_layout.pxd from it (`write_pxd`): the word offsets and lengths of the
State's parts that the snapshot's writer and reader and the search's cache loop over, and the
check of each offset against the C structs. match.pyx checks every struct's size against it
when it is imported, Match's unit dictionaries take their field names from it,
docs/snapshot-abi.md's body table is generated from it, and tests/test_layout_source.py reads
defs.pxd's structs and fails on a member this table lacks. Plain Python with no import of eve
but the vocabulary (setup.py reads it by path, before the package is built).

Every field of State is an int16 except the RNG streams (uint64), so no struct has interior
padding and a state's bytes are its hash and its clone.
"""
from __future__ import annotations

from dataclasses import dataclass

from eve.core.generated import write_if_changed
from eve.core.vocabulary import names as _names

MAX_STREAMS, MAX_CARDS, N_ZONES, MAX_UNITS, MAX_STACK, MAX_TASKS, MAX_RESPONSES = 4, 64, 8, 32, 24, 6, 4
MAX_STATUSES = 16
MAX_SCRIPT_VARS = 4
MAX_CHOICE_OPTS = 64
MAX_GRANTS = 32
MAX_COUNTERS = 8

#: the body's layout revision, within ABI 5: a body of an older revision has arrays of other
#: lengths, so it is refused with a SchemaViolation naming the first one, never misread
#: (docs/snapshot-abi.md lists them; 4: the Encounter's script phase, move history and
#: variables, in `foe`; 5: triggers' limits, `tcount` and `tstamp`; 6: a choice pending in a
#: resolution, `choice`; 7: the lasting grants of auras and `until`, `grants`, and counters,
#: a card's in `cards` and the named ones in `counters`; 8: a pending choice's program keeps
#: the identities it bound and its `killed`, `choice.self_uid`, `target_uid` and `killed`)
BODY_REVISION = 8

UNIT_FIELDS = (("def_id", "card", "alive", "is_token", "hp", "max_hp", "power", "ready",
                "attacked", "used", "ambition", "morality", "uid")
               + tuple(f"status[{i}]" for i in range(MAX_STATUSES)) + ("tcount", "tstamp"))
STACK_ITEM_FIELDS = ("kind", "side", "dead", "responded", "card", "prog", "source", "target",
                     "lane", "def_id", "source_uid", "target_uid", "target_zone")
TURN_FIELDS = ("phase", "active", "priority", "passes", "round", "outcome", "leader[player]",
               "leader[encounter]", "n_hero_slots[player]", "n_hero_slots[encounter]",
               "trigger_depth", "next_uid", "decisions", "archive_known")
METER_FIELDS = ("capacity", "spent", "regen") + tuple(f"cost[{c}]" for c in _names("category"))
TASK_FIELDS = ("def_id", "active", "progress[player]", "progress[encounter]")
FOE_FIELDS = (("enc", "script_pos", "intent", "intent_lane", "intent_target",
               "intent_target_uid", "initiative", "init_left")
              + tuple(f"resp_used[{i}]" for i in range(MAX_RESPONSES))
              + tuple(f"resp_charges[{i}]" for i in range(MAX_RESPONSES))
              + ("part", "last_move", "repeats")
              + tuple(f"vars[{i}]" for i in range(MAX_SCRIPT_VARS)))
ZONE_WORDS = 1 + MAX_CARDS          # a count, then the card slots
#: a card instance's arrays in the State (and the body's `cards` part), one entry a card
CARD_ARRAYS = ("card_def", "card_zone", "card_charges", "card_tcount", "card_tstamp",
               "card_counter")
CHOICE_FIELDS = ("kind", "side", "prog", "pc", "self_unit", "target", "item_kind", "item_card",
                 "place", "left", "up_to", "self_uid", "target_uid", "killed", "options")
CHOICE_WORDS = len(CHOICE_FIELDS) + MAX_CHOICE_OPTS   # the options' count, then their slots
GRANT_FIELDS = ("src", "src_uid", "unit", "uid", "status", "stacks", "aura")
GRANTS_WORDS = 1 + MAX_GRANTS * len(GRANT_FIELDS)       # a count, then the grant slots


@dataclass(frozen=True)
class Section:
    name: str
    doc: str
    fields: tuple[str, ...] = ()


# the snapshot body: an array of these, in this order (docs/snapshot-abi.md)
BODY = (
    Section("rng", "`[shuffle, encounter, 0, 0]`: the four SplitMix64 stream states (uint64)"),
    Section("turn", "14 ints: phase (0 Beginning, 1 Main, 2 Combat, 3 End), active side (0 "
            "player, 1 Encounter), priority side, passes in a row (0–1), round (1..max_rounds), "
            "outcome (0 none, 1 win, 2 loss, 3 timeout), the leader slots, the hero slots in use, trigger "
            "depth (always 0 between actions), next uid, the player's decisions this turn, how "
            "many of the Archive's top cards are known (0..its size: put there face up by an "
            "effect, rule Z28)",
            TURN_FIELDS),
    Section("cards", "`[defs, zones, charges, tcount, tstamp, counter]`: six arrays of the same "
            "length n ≤ 64, one entry per card instance: its card id, its zone, its Sortilege "
            "charges, its trigger limit's count and the turn (round × 2 + side) it was counted "
            "in, and its own counter (`card.counter`, rules V01-V04)"),
    Section("zones", "`[archive, rift, lattice, abyss, void]`: card instances in order (the "
            "Archive bottom first, its top last; the others in insertion order)"),
    Section("units", "32 arrays, one a unit slot; an empty slot is `[-1, -1, 0, …, 0]`; a fallen "
            "hero keeps its id with `alive = 0`, `hp = 0`", UNIT_FIELDS),
    Section("stack", "up to 24 arrays, bottom first (kind: 1 card, 2 ability, 3 attack, 4 "
            "Encounter move)", STACK_ITEM_FIELDS),
    Section("meter", "the Action Meter (regen always 0)", METER_FIELDS),
    Section("tasks", "6 arrays, one a task slot", TASK_FIELDS),
    Section("foe", "the Encounter: intent is a move index (-1 none), with the lane and the "
            "unit target (and its uid) it drew at random when it was shown (-1 none); response "
            "charges -1 are unlimited; part is the script phase it plays (script_pos is within "
            "it), last_move the move last made (-1 none) and repeats how many times in a row; "
            "vars its script variables", FOE_FIELDS),
    Section("choice", "a choice pending in a resolution (rules C01-C06), all 0 and no options "
            "when none is: kind (0 none, 1 cards, 2 mode, 3 discover), the side running the "
            "program (0: the player), the program and the index of its choice instruction, "
            "its self unit and target, the Stack item being resolved (its kind and card, -1 "
            "none), the place a chosen card goes, how many cards are still to choose, 1 when "
            "the player may stop choosing (`up_to`), the identities (uids) the program bound "
            "its self and target to (0: not a unit) and its `killed` (rules P06, P07), and the "
            "options in offer order: card "
            "instances (cards), mode indices (mode) or card ids (discover)", CHOICE_FIELDS),
    Section("grants", "up to 32 arrays, in the order they were made: the stacks a source gave "
            "a unit while it stays (rules A01-A05): the source (a unit slot, or 64 + a card "
            "instance for a Relic) and its uid (0 for a card), the unit and its uid, the status "
            "index (-1: power), the stacks given, and 1 for an aura's (0: an `until` "
            "instruction's)", GRANT_FIELDS),
    Section("counters", "8 ints: the content's named counters in their registration order "
            "(`counter.NAME`, rules V01-V04), each within ±9999; 0 past the content's count"),
)


def state_words() -> int:
    """The State's size in int16 words, from its declared parts (the RNG as 4 words a stream)."""
    return sum(words for _, words in STATE_MEMBERS)


def state_bytes() -> int:
    """sizeof(State): its words, rounded up to the 8-byte alignment of its uint64 streams (the
    tail padding is zero in every state, so it takes no part in a hash or a clone's result)."""
    return (2 * state_words() + 7) // 8 * 8


def docs_table() -> str:
    rows = ["| # | name | layout |", "|---|---|---|"]
    for i, s in enumerate(BODY):
        fields = f" `[{', '.join(s.fields)}]`" if s.fields else ""
        rows.append(f"| {i} | {s.name} | {s.doc}{fields} |")
    return "\n".join(rows) + "\n"


def docs_block() -> str:
    return f"<!-- layout:body -->\n{docs_table()}<!-- /layout:body -->"


def _base(field: str) -> str:
    return field.split("[", 1)[0]


def members(fields: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """A struct's members as (C name, int16 words) in order: a part's fields with the entries of
    one C array (`status[0]`, `status[1]`, ...) taken together."""
    out: list[tuple[str, int]] = []
    for f in fields:
        if out and _base(f) == out[-1][0] and "[" in f:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((_base(f), 1))
    return tuple(out)


#: the C structs of the State's parts (defs.pxd), member by member; a pending choice's
#: `options` is its count, then its slots
STRUCTS = {
    "Unit": members(UNIT_FIELDS),
    "StackItem": members(STACK_ITEM_FIELDS),
    "Zone": (("n", 1), ("c", MAX_CARDS)),
    "Meter": members(METER_FIELDS),
    "Task": members(TASK_FIELDS),
    "Foe": members(FOE_FIELDS),
    "Choice": members(CHOICE_FIELDS[:-1]) + (("n_opts", 1), ("opts", MAX_CHOICE_OPTS)),
    "Grant": members(GRANT_FIELDS),
}

#: the State's members in struct order, as (C name, int16 words); the RNG streams are uint64,
#: 4 words each
STATE_MEMBERS = (
    (("rng", 4 * MAX_STREAMS),) + members(TURN_FIELDS) + (("n_stack", 1), ("n_cards", 1))
    + tuple((a, MAX_CARDS) for a in CARD_ARRAYS)
    + (("counters", MAX_COUNTERS), ("zones", N_ZONES * ZONE_WORDS),
       ("units", MAX_UNITS * len(UNIT_FIELDS)), ("stack", MAX_STACK * len(STACK_ITEM_FIELDS)),
       ("meter", len(METER_FIELDS)), ("tasks", MAX_TASKS * len(TASK_FIELDS)),
       ("foe", len(FOE_FIELDS)), ("choice", CHOICE_WORDS), ("n_grants", 1),
       ("grants", MAX_GRANTS * len(GRANT_FIELDS)))
)


def offsets() -> dict[str, int]:
    """Each State member's offset in int16 words."""
    out, at = {}, 0
    for name, words in STATE_MEMBERS:
        out[name] = at
        at += words
    return out


def pxd_constants() -> tuple[tuple[str, int, str, str], ...]:
    """What state_layout.pxd declares: (name, value, the C expression it must equal in a State
    `s`, why)."""
    w = offsets()
    opts = w["choice"] + len(CHOICE_FIELDS)      # past its fields and the options' count
    return (
        ("STATE_WORDS", state_bytes() // 2, "sizeof(State) // 2", "the State in int16 words"),
        ("W_TURN", w["phase"], "&s.phase", "the turn's fields, one after another"),
        ("W_CARDS", w[CARD_ARRAYS[0]], f"&s.{CARD_ARRAYS[0]}[0]",
         "the card arrays, MAX_CARDS words each"),
        ("W_COUNTERS", w["counters"], "&s.counters[0]", "the named counters"),
        ("W_ZONES", w["zones"], "&s.zones[0]", "the zones, ZONE_WORDS each"),
        ("W_UNITS", w["units"], "&s.units[0]", "the unit slots, UNIT_WORDS each"),
        ("W_STACK", w["stack"], "&s.stack[0]", "the Stack's slots, ITEM_WORDS each"),
        ("W_METER", w["meter"], "&s.meter", "the Action Meter"),
        ("W_TASKS", w["tasks"], "&s.tasks[0]", "the task slots, TASK_WORDS each"),
        ("W_FOE", w["foe"], "&s.foe", "the Encounter"),
        ("W_CHOICE", w["choice"], "&s.choice", "a pending choice: its fields, then its options"),
        ("W_OPTS", opts, "&s.choice.opts[0]", "its options' slots (their count just before)"),
        ("W_GRANTS", w["n_grants"], "&s.n_grants", "the grants' count, then their slots"),
        ("TURN_WORDS", len(TURN_FIELDS), "", "a part's fields (an int16 word each): the turn's"),
        ("UNIT_WORDS", len(UNIT_FIELDS), "sizeof(Unit) // 2", "a unit slot's"),
        ("ITEM_WORDS", len(STACK_ITEM_FIELDS), "sizeof(StackItem) // 2", ""),
        ("ZONE_WORDS", ZONE_WORDS, "sizeof(Zone) // 2", ""),
        ("METER_WORDS", len(METER_FIELDS), "sizeof(Meter) // 2", ""),
        ("TASK_WORDS", len(TASK_FIELDS), "sizeof(Task) // 2", ""),
        ("FOE_WORDS", len(FOE_FIELDS), "sizeof(Foe) // 2", ""),
        ("GRANT_WORDS", len(GRANT_FIELDS), "sizeof(Grant) // 2", ""),
        ("CHOICE_FIXED", len(CHOICE_FIELDS) - 1, "", "a choice's fields before its options"),
        ("N_CHOICE", len(CHOICE_FIELDS), "", "the body's choice array: those, then the options"),
        ("N_CARD_ARRAYS", len(CARD_ARRAYS), "", "the body's cards part"),
        ("N_BODY", len(BODY), "", "the body's parts"),
    )


def pxd_text() -> str:
    lines = ["# Generated from eve/core/layout.py by setup.py (`write_pxd`): do not edit. The State's",
             "# parts as int16 word offsets and lengths; every struct's fields are int16 in body order,",
             "# so a part is written, read, copied and compared as a run of words.",
             "from eve.core.defs cimport State, Unit, StackItem, Zone, Meter, Task, Foe, Grant",
             "", "cdef enum:"]
    for name, value, _, why in pxd_constants():
        lines.append(f"    {name} = {value}" + (f"    # {why}" if why else ""))
    lines += ["", "",
              "cdef inline bint layout_matches() noexcept nogil:",
              '    """Every offset and length above against the C structs (checked when the snapshot',
              '    and search modules are imported)."""',
              "    cdef State s",
              "    cdef char* at = <char*>&s",
              "    return (True"]
    for name, _, expr, _ in pxd_constants():
        if expr.startswith("&"):
            lines.append(f"            and <char*>{expr} - at == 2 * {name}")
        elif expr:
            lines.append(f"            and {expr} == {name}")
    lines.append("            )")
    return "\n".join(lines) + "\n"


def write_pxd(path: str) -> bool:
    """Write the generated file if it differs; True when it was written."""
    return write_if_changed(path, pxd_text())
