"""What every part of the compiler shares: where a value comes from (its item and field path),
references by id, the result, and the constants of content."""
from __future__ import annotations

import builtins
import difflib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from eve.compiler.normalise import RECORDED, record
from eve.compiler.upgrades import with_forms
from eve.core.instructions import ops, owners
from eve.core.records import data_fields
from eve.core.selectors import CARD_ZONES
from eve.core.tables import ENUMS, LIMITS
from eve.core.trigger_events import EVENTS as TRIGGER_EVENTS
from eve.core.vocabulary import CARD_EVENTS, DAMAGE_EVENTS, UNIT_EVENTS
from eve.errors import ConfigError, ContentError
from eve.plugins import errors as codes
from eve.plugins.registry import Item, Registry
from eve.plugins.schema import UnknownField, check_config

INT16_MAX = 32767

CONFIG_KEYS = ("player_hero_slots", "lanes", "hand_floor", "opening_hand", "max_rounds",
               "max_decisions_per_turn", "meter_base", "morality_high", "morality_low",
               "support_discount", "attack_discount")
COST_KEYS = ("play_support", "deploy", "activate", "attack")
# the most a configuration may let one match's log keep: an event count that doubles safely in 32
# bits (the log's own ceiling)
MAX_EVENTS = 1 << 30

# a buff's max hp shares its word with `until` (the status index's byte, rule E23)
BUFF_HP_MAX = 255
# the instructions by what they act on and do (their rows in eve.core.instructions)
UNIT_OPS = ops(acts_on="units")
SIDE_OPS = ops(acts_on="side")
COUNTER_OPS = frozenset(owners("counter"))
# the instructions that wait for the player's choice (rules C01-C06): only in programs resolved
# from the Stack
CHOICE_OPS = ops(choice=True)
# the lifecycle instructions that act on a selected card (rule Z23), and the card target specs
# with the zone each chooses its card in
CARD_OPS = {"put", "deploy", "copy"}
CARD_TARGET_ZONES = {"void_card": "void", "lattice_card": "lattice", "rift_card": "rift",
                     "abyss_card": "abyss", "stack_card": "stack"}
CARD_SELECTOR_ZONES = CARD_ZONES
# why a program has no card of its own for `this_card` (rule Z29), unless told otherwise
NO_CARD = "no card runs this program (a hero's, a unit's, a status's, a task's or an Encounter's)"
STANDING = ("a character card here stands in the Wastes as a unit, not a card: `self` selects "
            "the character")
# a place (`into`) and the zone it is in
# the targets a character's on-enter effect may take (rule E20)
UNIT_TARGETS = ("none", "foe", "ally", "any", "foe_character", "ally_character", "foe_hero",
                "ally_hero")
PLACE_ZONES = {"archive_top": "archive", "archive_bottom": "archive",
               "archive_shuffled": "archive", "rift": "rift", "abyss": "abyss", "void": "void"}


@dataclass


class Compiled:
    spec: dict[str, Any]
    fingerprint: str
    hero_ids: list[str] = field(default_factory=list)      # player heroes then enemy heroes
    player_heroes: list[str] = field(default_factory=list)
    card_ids: list[str] = field(default_factory=list)
    unit_ids: list[str] = field(default_factory=list)
    task_ids: list[str] = field(default_factory=list)
    status_ids: list[str] = field(default_factory=list)    # the standard ones, then the packs'
    counter_ids: list[str] = field(default_factory=list)   # the packs' named counters (V01)
    tags: tuple[str, ...] = ()             # the cards' and units' tags, by number (G01)
    encounter_ids: list[str] = field(default_factory=list)
    # the run's content (eve.compiler.run): acts in play order, the others as registered
    act_ids: list[str] = field(default_factory=list)
    event_ids: list[str] = field(default_factory=list)
    reward_ids: list[str] = field(default_factory=list)
    shop_ids: list[str] = field(default_factory=list)
    site_ids: list[str] = field(default_factory=list)
    move_text: list[dict[str, Any]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    rules: tuple[str, ...] | None = None     # the packs whose rule configurations apply
    # the statuses of keyword macros some item uses, by status id (the keyword's), last in
    # status_ids
    keyword_statuses: dict[str, Any] = field(default_factory=dict)
    # every item's normalised record (eve.compiler.normalise), by kind then id: what the emit
    # half read
    records: dict[str, dict[str, Mapping[str, Any]]] = field(default_factory=dict)


class Ctx:
    """Where a value comes from: an item (its pack and id) or, with item None, the Engine's
    config overrides."""

    def __init__(self, item: Item | None, base: str, requires: tuple[str, ...] = ()) -> None:
        self.item = item
        self.base = base
        self.requires = requires

    def err(self, path: str, msg: str, code: str = codes.INVALID_VALUE) -> ContentError:
        where = f"{self.base}.{path}" if path else self.base
        if self.item is None:
            return ConfigError(f"{msg} (an Engine config override)", path=where, code=code)
        return ContentError(msg, pack=self.item.pack, path=where, code=code, item=self.item.id)

    def int(self, data: Mapping, key: str, path: str, default: int | None = None,
            lo: int = 0, hi: int = INT16_MAX) -> int:
        v = data.get(key, default)
        if v is None:
            raise self.err(f"{path}{key}", "is required", codes.MISSING_FIELD)
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.err(f"{path}{key}", f"must be an integer, not {type(v).__name__} {v!r}",
                           codes.WRONG_TYPE)
        if not lo <= v <= hi:
            raise self.err(f"{path}{key}", f"{v} is out of range [{lo}, {hi}]", codes.OUT_OF_RANGE)
        return v

    # below the method `int`, the class body's `int` is that method: the type is builtins.int
    def enum(self, table: str, value: Any, path: str) -> builtins.int:
        names = ENUMS[table]
        if not isinstance(value, str) or value not in names:
            code = codes.UNKNOWN_INSTRUCTION if table == "op" else codes.INVALID_VALUE
            if value is None:
                raise self.err(path, f"is required; one of: {', '.join(names)}", codes.MISSING_FIELD)
            what = "effect instruction (op)" if table == "op" else table.replace("_", " ")
            close = (difflib.get_close_matches(value, names, n=1, cutoff=0.6)
                     if isinstance(value, str) else [])
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise self.err(path, f"unknown {what} {value!r}{hint} (one of: {', '.join(names)})",
                           code)
        return names[value]

    def seq(self, data: Mapping, key: str, what: str = "list") -> Sequence:
        v = data.get(key, ())
        if not isinstance(v, (list, tuple)):
            raise self.err(key, f"must be a {what}, not {type(v).__name__} {v!r}", codes.WRONG_TYPE)
        return v

    def mapping(self, value: Any, path: str, what: str) -> Mapping:
        if not isinstance(value, Mapping):
            raise self.err(path, f"must be {what}, not {type(value).__name__} {value!r}",
                           codes.WRONG_TYPE)
        return value


class Base:
    """The compiler's state, which every part reads and fills: the registry, the pools of
    programs, expressions and triggers, the script tables, and the indexes `compile` makes
    before any item is compiled."""

    # set by Compiler.compile before the items: ids by index, per kind
    hero_index: dict[str, int]
    enemy_index: dict[str, int]
    player_index: dict[str, int]
    card_index: dict[str, int]
    unit_index: dict[str, int]
    task_index: dict[str, int]
    task_goals: list[Any]
    status_index: dict[str, int]
    counter_index: dict[str, int]
    tag_index: dict[str, int]
    status_specs: list[dict[str, Any]]
    cfg: dict[str, Any]
    # the rule configuration's `run` table and where it comes from (set by `config`)
    run_rules: tuple[Any, Ctx | None]
    keyword_items: dict[str, Item]

    # the events whose subject is a unit (the others are a side's), the card events, and the
    # events a unit's damage causes (`source` and the `source` selector read its dealer)
    UNIT_EVENTS = UNIT_EVENTS
    CARD_EVENTS = CARD_EVENTS
    DAMAGE_EVENTS = DAMAGE_EVENTS
    # the events that are another answered for the other side (foe_turn_start: turn_start)
    FOE_TURN = {e.name: e.alias_of for e in TRIGGER_EVENTS if e.alias_of}

    def __init__(self, reg: Registry, overrides: Mapping[str, Any] | None = None,
                 partial: bool = False, rules: Sequence[str] | None = None) -> None:
        self.reg = reg
        self.overrides = dict(overrides or {})
        self.partial = partial
        self.rules = None if rules is None else tuple(rules)
        self.programs: list[tuple[int, list[tuple[int, ...]]]] = []
        self.expressions: list[int] = []        # the pool: a node count, then [op, arg] each
        self.n_code = 0                         # instructions of every program so far
        self.parts: list[dict[str, int]] = []   # script phases of every Encounter
        self.entries: list[dict[str, int]] = []   # script entries: first move, options
        self.script_vars: list[str] | None = None   # the variables `var.NAME` reads, if any
        self.move_names: list[str] | None = None    # the move names `repeats.NAME` reads
        self.triggers: list[dict[str, int]] = []    # every item's, in compile order
        self.in_trigger = False                     # whether `event.` may be read
        self.trigger_event = ""                     # the event of the trigger being compiled
        self.no_choice: str | None = None   # what the program compiled is, when it may not choose
        self.in_move = False                # compiling an Encounter move's effect (its intent)
        # compiling a run program (rule U19): the option's target ("none" for a Relic's run
        # trigger); None while compiling a match's program
        self.run_target: str | None = None
        # why the program compiled has no card `this_card` could select (rule Z29), or None
        # while compiling a card's program whose card may be in a zone
        self.no_own_card: str | None = NO_CARD
        self.out = Compiled(spec={}, fingerprint="")
        # the normalise half: every registered item as its record, defaults filled in; the
        # emit half (these classes) reads these items, never the registry's data
        # a card's upgraded form (rule U12) is a card of its own, after every registered one
        self.items: dict[str, dict[str, Item]] = {
            kind: {i: replace(it, data=record(kind, it.data)) for i, it in
                   (with_forms(table) if kind == "card" else table).items()}
            for kind, table in reg.items.items() if kind in RECORDED}
        self.out.records = {kind: {i: it.data for i, it in table.items()}
                            for kind, table in self.items.items()}

    @contextmanager
    def own_card(self, why_not: str | None) -> Iterator[None]:
        """Compile a program whose card `this_card` selects (why_not None), or whose card
        can never be selected there (why_not says why): rule Z29."""
        outer, self.no_own_card = self.no_own_card, why_not
        try:
            yield
        finally:
            self.no_own_card = outer

    def ctx(self, item: Item, base: str) -> Ctx:
        return Ctx(item, base, tuple(self.reg.requires.get(item.pack, ())))

    @staticmethod
    def numbers(ctx: Ctx, data: Mapping, struct: str) -> dict[str, int]:
        """The number columns of record `struct` (eve.core.records) as the data gives them,
        each checked against its range: by data key."""
        return {key: ctx.int(data, key, "", default, lo=lo,
                             hi=LIMITS[hi] if isinstance(hi, str) else hi)
                for key, (default, lo, hi) in data_fields(struct).items()}

    def _flag(self, ctx: Ctx, data: Mapping, key: str, path: str) -> bool:
        v = data.get(key, False)
        if not isinstance(v, bool):
            raise ctx.err(f"{path}{key}", f"must be true or false, not {type(v).__name__} {v!r}",
                          codes.WRONG_TYPE)
        return v


def resolve_ref(ctx: Ctx, value: Any, index: dict[str, int], what: str, path: str) -> int:
    if not isinstance(value, str):
        raise ctx.err(path, f"must name a {what}, not {value!r}", codes.WRONG_TYPE)
    pack = ctx.item.pack if ctx.item is not None else None
    full = value if ":" in value else f"{pack}:{value}"
    owner = full.split(":", 1)[0]
    if pack is not None and owner != pack and owner not in ctx.requires:
        raise ctx.err(path, f"{value!r} names an item of pack {owner!r}, which pack {pack!r} does "
                      f"not list in its manifest's requires", codes.UNDECLARED_DEPENDENCY)
    if full not in index:
        close = difflib.get_close_matches(full, list(index), n=1, cutoff=0.75)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ctx.err(path, f"unknown {what} {full!r}{hint}", codes.UNKNOWN_REFERENCE)
    return index[full]


def check_overrides(overrides: Mapping[str, Any]) -> None:
    """An Engine's config overrides, checked against the rule schema (ConfigError)."""
    if not isinstance(overrides, Mapping):
        raise ConfigError(f"config overrides are a table, not {type(overrides).__name__}",
                          path="config", code=codes.WRONG_TYPE)
    try:
        check_config(overrides)
    except UnknownField as exc:
        raise ConfigError(f"{exc} (an Engine config override)", path=exc.path,
                          code=codes.UNKNOWN_FIELD) from None
    costs = overrides.get("costs", {})
    if not isinstance(costs, Mapping):
        raise ConfigError(f"costs must be a table of category costs ({', '.join(COST_KEYS)}), not "
                          f"{type(costs).__name__} {costs!r} (an Engine config override)",
                          path="config.costs", code=codes.WRONG_TYPE)
