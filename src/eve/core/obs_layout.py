"""The observation's layout, declared once: a match's (and a run's) flat int16 vector, slice by
slice, derived from the State's layout (eve/core/layout.py) and sized by the content.

An observation is a run of int16 words that eve.core.observe writes natively into a caller's
buffer. Each slice is a table of `rows` x `fields` words, row-major, except where `by_field` says
the slice is field-major (the cards, which the State keeps as one array a field). The layout
depends on the content only through its dimensions (`Dims`: lanes, hero slots), so it is fixed
for a given content fingerprint. From this one table come the C writer's offsets (observe.pyx
reads `offsets()`), the Gymnasium space's bounds (`bounds()`), the typed dataclasses of
eve.observation, and the table of docs/observation.md (`docs_table()`).

Observer kinds follow OpenSpiel's: `player` is what the player may know (public information
and its own), `public` what both sides know, `omniscient` everything (for debugging and for
training aids; never for a policy that is measured). A word an observer may not see is written
as its slice's `hidden` value.
"""
from __future__ import annotations

from dataclasses import dataclass

from eve.core import layout as L
from eve.core.generated import write_if_changed
from eve.core.vocabulary import names as _names

OBSERVERS = ("player", "public", "omniscient")
INT16 = (-32768, 32767)

#: the turn's words as the State holds them, then the Stack's and the cards' counts, which
#: follow the turn in the struct: one copy
TURN = L.TURN_FIELDS + ("n_stack", "n_cards")
#: a unit's words the observation keeps: the fields before its uid, then its statuses (the uid and
#: the trigger limit's bookkeeping are identities and stamps, not things to learn from)
UNIT_HEAD = L.UNIT_FIELDS[:L.UNIT_FIELDS.index("uid")]
UNIT = UNIT_HEAD + tuple(f for f in L.UNIT_FIELDS if f.startswith("status["))
#: a Stack item's words before its bound identities
ITEM = L.STACK_ITEM_FIELDS[:L.STACK_ITEM_FIELDS.index("source_uid")]
#: what only the omniscient observer sees of the Encounter: where its script is
FOE_HIDDEN = ("script_pos", "part") + tuple(f for f in L.FOE_FIELDS if f.startswith("vars["))
CARD = ("def_id", "zone", "charges", "counter", "pos")
CHOICE = L.CHOICE_FIELDS[:-1] + ("n_options",)


@dataclass(frozen=True)
class Dims:
    """What the content decides of the layout."""
    lanes: int
    player_heroes: int      # the player's hero slots (config.player_hero_slots)
    enemy_heroes: int       # the most heroes an Encounter's roster holds


@dataclass(frozen=True)
class RunDims:
    """What the run's part of the layout takes from the core's capacities and the content."""
    party: int              # a party's heroes (the run configuration)
    offer: int              # MAX_OFFER: a reward's cards, a shop's stock
    seen: int               # the words of the events-met bits
    cards: int              # MAX_CARDS: the deck's slots
    relics: int             # MAX_RELICS
    map_cells: int          # MAX_FLOORS x MAP_WIDTH


#: a run's words as RunState holds them, from its phase to the offer's count (docs/runs.md)
RUN_FIELDS = ("phase", "outcome", "act", "floor", "col", "node", "n_party", "aurorune",
              "removals", "removed_here", "boss", "enc", "support_plays", "attacks",
              "fights_won", "floors_climbed", "site", "chosen", "after_boss", "n_offer")
#: a party hero's words between fights (RunHero, but its padding)
RUN_HERO_FIELDS = ("hero", "alive", "hp", "max_hp", "ambition", "morality", "slot")


@dataclass(frozen=True)
class Slice:
    name: str
    offset: int
    rows: int
    fields: tuple[str, ...]
    doc: str
    low: int = INT16[0]
    high: int = INT16[1]
    by_field: bool = False  # field-major: all rows of the first field, then the next

    @property
    def size(self) -> int:
        return self.rows * len(self.fields)


def unit_rows(d: Dims) -> tuple[tuple[int, int], ...]:
    """The unit slots the observation keeps, as (side, slot): the player's hero slots, its
    lanes, then the Encounter's."""
    from eve.core.encoding import CHAR_BASE
    rows: list[tuple[int, int]] = []
    for side, heroes in ((0, d.player_heroes), (1, d.enemy_heroes)):
        rows += [(side, s) for s in range(heroes)]
        rows += [(side, CHAR_BASE + lane) for lane in range(d.lanes)]
    return tuple(rows)


def _match_slices(d: Dims) -> list[tuple[str, int, tuple[str, ...], str, dict]]:
    zones = _names("zone")
    return [
        ("turn", 1, TURN, "the turn (docs/snapshot-abi.md's turn part) and the Stack's and the "
         "cards' counts", {}),
        ("meter", 1, L.METER_FIELDS, "the Action Meter", {}),
        ("zone_sizes", 1, tuple(zones), "each zone's card count, by zone code", {}),
        ("cards", L.MAX_CARDS, CARD, "one column a card instance (field-major): its card id, zone, "
         "charges, counter and place in its zone (0 first; the Archive's from its top). Not "
         "seen: -1 for the id and the place, 0 for the rest. The player sees the Archive's "
         "known top only (rule Z28), so never its order; `public` also hides the Rift",
         {"by_field": True}),
        ("units", len(unit_rows(d)), UNIT, "one row a unit slot: the player's hero slots, its "
         "lanes, then the Encounter's (an empty slot: def_id -1, the rest 0)", {}),
        ("stack", L.MAX_STACK, ITEM, "one row a Stack slot, bottom first (empty: 0)", {}),
        ("foe", 1, L.FOE_FIELDS, "the Encounter; its script's place and variables "
         f"({', '.join(FOE_HIDDEN)}) only for `omniscient` (else 0)", {}),
        ("tasks", L.MAX_TASKS, L.TASK_FIELDS, "one row a World Task slot", {}),
        ("choice", 1, CHOICE, "a choice pending in a resolution (rules C01-C06), then its "
         "options' count", {}),
        ("choice_options", 1, tuple(f"option[{i}]" for i in range(L.MAX_CHOICE_OPTS)),
         "its options in offer order (-1 past them); hidden (-1) from `public`", {}),
        ("counters", 1, tuple(f"counter[{i}]" for i in range(L.MAX_COUNTERS)),
         "the content's named counters in registration order", {}),
    ]


def _run_slices(r: RunDims) -> list[tuple[str, int, tuple[str, ...], str, dict]]:
    return [
        ("run", 1, RUN_FIELDS, "where the run stands, as RunState holds it: act and floor from 0 "
         "(floor -1: before the first), -1 for none", {}),
        ("offer", r.offer, ("card", "price"), "field-major: the offered card ids (-1: taken), "
         "then their prices (a shop's)", {"by_field": True}),
        ("seen", 1, tuple(f"seen[{i}]" for i in range(r.seen)), "the events met (bit e % 16 of "
         "word e / 16)", {}),
        ("party", r.party, RUN_HERO_FIELDS, "one row a party hero: its hero id, alive, hp, max hp, "
         "Ambition, Morality and its hero slot in the fight (-1: none)", {}),
        ("deck", 1, ("n_deck",) + tuple(f"card[{i}]" for i in range(r.cards)),
         "the deck's count, then its card ids", {}),
        ("relics", 1, ("n_relics",) + tuple(f"relic[{i}]" for i in range(r.relics)),
         "the Relics' count, then their card ids", {}),
        ("map_nodes", 1, tuple(f"node[{i}]" for i in range(r.map_cells)),
         "the act's map, floor-major: each node's kind (0: none)", {}),
        ("map_edges", 1, tuple(f"edge[{i}]" for i in range(r.map_cells)),
         "bit c: the node leads to column c of the next floor", {}),
    ]


def _laid(parts: list[tuple[str, int, tuple[str, ...], str, dict]], at: int = 0) -> tuple[Slice, ...]:
    out = []
    for name, rows, fields, doc, extra in parts:
        s = Slice(name, at, rows, fields, doc, **extra)
        out.append(s)
        at += s.size
    return tuple(out)


def match_layout(d: Dims) -> tuple[Slice, ...]:
    return _laid(_match_slices(d))


def run_layout(d: Dims, r: RunDims) -> tuple[Slice, ...]:
    """A run's observation: its own slices, then its fight's match slices (named `match_*`;
    all 0 out of a fight)."""
    head = _laid(_run_slices(r))
    fight = [(f"match_{n}", rows, f, doc, x) for n, rows, f, doc, x in _match_slices(d)]
    return head + _laid(fight, size(head))


def size(slices: tuple[Slice, ...]) -> int:
    return sum(s.size for s in slices)


def offsets(slices: tuple[Slice, ...]) -> dict[str, int]:
    return {s.name: s.offset for s in slices}


def names(slices: tuple[Slice, ...]) -> list[str]:
    """Every word's name, `slice.field[row]` (`slice.field` for a one-row slice)."""
    out: list[str] = []
    for s in slices:
        cells = ([(f, r) for f in s.fields for r in range(s.rows)] if s.by_field
                 else [(f, r) for r in range(s.rows) for f in s.fields])
        out += [f"{s.name}.{f}" + (f"[{r}]" if s.rows > 1 else "") for f, r in cells]
    return out


def docs_table(slices: tuple[Slice, ...]) -> str:
    rows = ["| slice | offset | shape | fields | what |", "|---|---|---|---|---|"]
    for s in slices:
        shape = f"{len(s.fields)} x {s.rows}" if s.by_field else f"{s.rows} x {len(s.fields)}"
        fields = ", ".join(s.fields) if len(s.fields) <= 32 else f"{s.fields[0]} … {s.fields[-1]}"
        rows.append(f"| {s.name} | {s.offset} | {shape} | {fields} | {s.doc} |")
    rows.append(f"| (all) | {size(slices)} words | | | |")
    return "\n".join(rows) + "\n"


def docs_block(slices: tuple[Slice, ...], tag: str = "observation") -> str:
    return f"<!-- layout:{tag} -->\n{docs_table(slices)}<!-- /layout:{tag} -->"


def write_docs(path: str, d: Dims, r: RunDims) -> bool:
    """Put the match's and the run's tables between their markers in `path`; True when the
    file changed."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for tag, slices in (("observation", match_layout(d)), ("run-observation", run_layout(d, r))):
        head, rest = text.split(f"<!-- layout:{tag} -->", 1)
        _, tail = rest.split(f"<!-- /layout:{tag} -->", 1)
        text = head + docs_block(slices, tag) + tail
    return write_if_changed(path, text)

