"""The shapes of pack data, written once as TypedDicts.

They serve three readers: type checkers (a pack's own code), the registry, which refuses any
field they do not name (a closed schema: `check_fields`), and the docs. The compiler
(eve.compiler) checks the values: types, ranges, names and references.

A reference to another item is its bare name (same pack) or `pack:name` (a pack listed in the
manifest's `requires`).
"""
from __future__ import annotations

import difflib
import functools
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict, Union

from eve.core.content_kinds import KINDS as CONTENT_KINDS


class PackManifest(TypedDict, total=False):
    name: str                      # required: the pack's namespace, [a-z][a-z0-9_]{0,47}
    version: str                   # required: dotted integers, "1.0.2"
    engine: str                    # the engine versions it supports, ">=0.1,<1" (default: any)
    requires: list[str]            # packs it needs: "core" or "core>=0.1" (default: none)
    description: str


# `else` is a Python keyword, so this one schema is written in the functional form
Instruction = TypedDict("Instruction", {
    "op": str,                     # damage heal shield poison draw discard exile return destroy
                                   # counter summon buff task if status remove_status put deploy
                                   # mill create copy choose choose_mode discover
    "to": str,                     # a selector (default "target", or "none" for side ops)
    "n": int | str,                # 0..999 (default 1), or an expression ("2 + self.power")
    "status": str,                 # status, remove_status: the status
    "pierce": bool,                # damage: hp loss, past the damage pipeline (poison's)
    "unit": str,                   # summon: the unit
    "task": str,                   # task: the task, or "all"
    "into": str,                   # put, create, copy: the place (archive_top ... void)
    "card": str,                   # create: the card
    "cond": str,                   # if: a condition, an expression ("target.hp <= 5")
    "then": "list[Instruction]",   # if: run when cond holds
    "else": "list[Instruction]",   # if: run when it does not
    "from": str,                   # choose: where the cards come from (rift ... archive_top)
    "look": int,                   # choose from archive_top: how many top cards are seen
    "up_to": bool,                 # choose: the player may choose fewer than n
    "modes": "list[list[Instruction]]",  # choose_mode: the blocks, one of which runs
    "cards": list[str],            # discover: the pool of cards the options are drawn from
    "until": str,                  # status, buff: source_leaves (held while `self` stays)
    "hp": int,                     # buff: max hp 0..255, hp rising by as much (then n
                                   # defaults to 0)
    "counter": str,                # add_counter, set_counter: a counter, or "card" (its own)
    "times": int,                  # 1..32: runs that many times, each an instruction of its own
    "kind": str,                   # choose: only cards of this kind (character sortilege relic)
    "tag": str,                    # choose: only cards with this tag
}, total=False)


class Ability(TypedDict, total=False):
    name: str
    target: str                    # none foe ally any foe_character ... (default "none")
    target_kind: str               # a card or Stack item target: only of this kind (G02, G03)
    target_tag: str                # ... only with this tag
    effect: list[Instruction]
    reaction: bool


class Trigger(TypedDict, total=False):
    on: str                        # turn_start turn_end ally_deploy ally_hero_damaged
    effect: list[Instruction]


# `if` is a Python keyword, so this one is written in the functional form
When = TypedDict("When", {
    "on": str,                     # the event: turn_start ... dies summoned drawn ... (vocabulary)
    "who": str,                    # any self ally foe (default self: its own, or its side's)
    "zone": str,                   # a card's zone it listens from (default: where it is in play)
    "card": str,                   # the kind of the event's card: character sortilege relic,
                                   # or self (only the trigger's own card)
    "source": str,                 # damage events: who dealt it (any self ally foe none)
    "unit": str,                   # a unit event's subject: any hero character
    "status": str,                 # status_applied, shield_broken: which status
    "if": str,                     # an expression that must hold ("event.amount >= 5")
    "once": str,                   # turn match: at most once a turn or a match
    "every": int,                  # 1..99: fire on every Nth event
    "per": str,                    # turn match (default): where `every` counts
    "effect": list[Instruction],   # run by its owner; `to = "target"` is the event's unit
}, total=False)


class Aura(TypedDict, total=False):
    """Stacks held while the item is in play (rules A01-A05): a status (`status`, `n`) or
    power (`power`), for the units `who` names."""
    status: str                    # a status that does not decay
    n: int                         # its stacks, 1..99 (default 1)
    power: int                     # or power, 1..99
    who: str                       # allies other_allies ally_characters ... foe_heroes


class RunTrigger(TypedDict, total=False):
    """A Relic's run-level trigger (rule U19): a run program on a run event."""
    on: str                        # picked_up fight_won act_start
    effect: list[Instruction]      # a run program: run instructions and selectors only


class HeroData(TypedDict, total=False):
    name: str
    max_hp: int                    # 1..32767
    power: int
    ambition: int                  # -20..20
    morality: int                  # -20..20
    cards: list[str]               # starting cards
    ability: Ability
    triggers: list[When]
    aura: Aura
    drift: int                     # its Morality drift a match in a run, 0..5 (rule U15)


class KeywordUse(TypedDict, total=False):
    """A keyword with parameters: `{name = "ward", n = 2}`."""
    name: str
    n: int
    m: int


class CardData(TypedDict, total=False):
    name: str
    kind: Literal["character", "sortilege", "relic"]
    keywords: list[str | KeywordUse]   # flags (reaction swift taunt) and macros (eve.keywords)
    aurorune: int                  # shop price only
    power: int                     # character
    hp: int                        # character
    charges: int                   # Sortilege, 1..99
    on_enter: Ability              # target + effect (a character's: a unit target, or none)
    ability: Ability               # character or Sortilege
    trigger: Trigger               # Relic
    ally_power: int                # Relic static modifier, 0..99
    play_if: str                   # an expression that must hold to play it ("target.hp <= 10")
    triggers: list[When]           # any card: listening from where it is in play, or `zone`
    aura: Aura                     # character, Relic: held while it is in play
    tags: list[str]                # names [a-z][a-z0-9_]* that filters read (rule G01)
    # the run's (rules U10, U12, U19); absent, the card compiles as before
    rarity: str                    # starter common (default) uncommon rare special
    hero: str                      # the player hero whose pool it is in (default: every party's)
    upgraded: CardData             # its upgraded form's fields (a card "<id>+" of its own)
    run: list[RunTrigger]          # a Relic's run triggers


class UnitData(TypedDict, total=False):
    kind: Literal["unit", "enemy_hero"]
    name: str
    max_hp: int                    # enemy_hero
    power: int
    hp: int                        # unit
    keywords: list[str | KeywordUse]
    triggers: list[When]
    aura: Aura
    tags: list[str]                # unit: what a filter on its summon reads (rule G03); an
                                   # enemy hero's are refused


class StatusTiming(TypedDict, total=False):
    at: str                        # turn_start turn_end (of the status's owner)
    by: str                        # decay: one all


class StatusTick(TypedDict, total=False):
    at: str                        # turn_start turn_end
    effect: list[Instruction]      # run for the unit that has it (`self`)


class StatusData(TypedDict, total=False):
    name: str
    stacking: str                  # intensity (default) duration
    polarity: str                  # buff debuff (required)
    max: int                       # stacks a unit can hold, 1..999 (default 999)
    decay: StatusTiming            # when it loses stacks (default: it lasts the match)
    tick: StatusTick               # a program it runs each turn
    power: int                     # + stacks x this to the unit's power, -99..99
    dealt_add: int                 # + stacks x this to damage the unit deals, -99..99
    taken_add: int                 # + stacks x this to damage the unit takes, -99..99
    dealt_pct: int                 # x percent to damage it deals while it has a stack, 0..1000
    taken_pct: int                 # x percent to damage it takes
    absorb: bool                   # soaks up damage, spending stacks (shield)
    negate: bool                   # prevents a whole hit, spending one stack
    spend: str                     # never (default) dealt taken: a stack spent each hit
    cap: int                       # each hit it takes is at most this, 0 (none)..32767 (D03)
    shield_add: int                # + stacks x this to each shield it gains, -99..99 (D02)
    shield_pct: int                # x percent to each shield it gains, 0..1000 (D02)
    keeps: list[str]               # statuses that do not decay while the unit has this one
    triggers: list[When]           # while a unit has a stack; no `once` or `every`


class CounterData(TypedDict, total=False):
    """A named number a match keeps (rules V01-V04), read as `counter.NAME`."""
    name: str
    reset: str                     # match (default) turn: back to 0 at each turn's Beginning


class KeywordData(TypedDict, total=False):
    """A keyword macro: what it adds to an item that names it in `keywords` (eve.keywords)."""
    name: str                      # the words rules text reads ("Ward")
    text: str                      # its rules text, "{name} {n}" by default ("Ward 2")
    params: dict[str, int]         # n m: the parameters it takes and their defaults, 0..999
    applies_to: list[str]          # character sortilege relic unit (default: all of them)
    triggers: list[When]           # added to the item's; {n} {m} {status} are filled in
    status: StatusData             # its own status (id: the keyword's), `{status}` in triggers


class TaskData(TypedDict, total=False):
    name: str
    goal: str                      # damage deploy kills rounds cards heal effect
    threshold: int
    reward: list[Instruction]


class BranchMove(TypedDict, total=False):
    """A move a branch switches to: a move without a branch of its own."""
    move: Literal["effect", "summon", "attack", "wait"]
    phase: Literal["main", "combat"]
    unit: str                      # summon
    lane: int | str                # a lane number or first_empty strongest random
    attacker: int | str            # attack: "leader" or a roster index
    target: str                    # effect: an enemy target selector
    effect: list[Instruction]
    set: dict[str, int | str]      # script variables and their new values ("var.rage + 1")
    name: str                      # one move wherever written, for its history (rule N09)


# `if` is a Python keyword, so this one is written in the functional form; a branch names a
# condition (`if`, with its `arg`) or gives one as an expression (`cond`, "own_leader.hp < 20")
Condition = TypedDict("Condition", {"if": str, "arg": int, "cond": str, "do": BranchMove},
                      total=False)


class Move(BranchMove, total=False):
    unless: Condition              # {if = condition, arg = n, do = another move}, or {cond, do}
    pick: list[Move]               # a weighted pick among these moves (then no move fields)
    weight: int                    # a pick's option: 1..9999 (default 1)
    max_repeats: int               # a pick's, its option's or a plain entry's: never made
                                   # more times in a row (rules N06, N10)


class ScriptPhase(TypedDict, total=False):
    name: str
    when: str                      # an expression; the last phase of a list has none
    script: list[Move]             # the phase's script ...
    phases: list[ScriptPhase]      # ... or phases of its own


class Response(TypedDict, total=False):
    on: str                        # deploy support ability attack any
    counter: bool
    target: str
    effect: list[Instruction]
    per_round: int
    charges: int                   # -1: unlimited


class EncounterData(TypedDict, total=False):
    name: str
    roster: list[str]              # enemy heroes
    initiative: int                # moves per turn, 1..20
    setup: list[str]               # units summoned at match start
    tasks: list[str]               # World Tasks in play
    script: list[Move]             # at least one move ...
    phases: list[ScriptPhase]      # ... or phases, each with its own script
    vars: dict[str, int]           # script variables and their starting values
    responses: list[Response]


class Costs(TypedDict, total=False):
    play_support: int
    deploy: int
    activate: int
    attack: int


class RunRules(TypedDict, total=False):
    """A rule configuration's `run` table (RunConfig's columns, eve.core.records)."""
    party: int                     # heroes in a party, 1..player_hero_slots (default 3)
    aurorune: int                  # aurorune at the start, 0..9999 (default 99)
    deck_cap: int                  # most cards the deck holds (default 60)
    drift: int                     # a hero's Morality drift a match, 0..5 (default 1)
    relic_cap: int                 # most Relics a run holds, 0..16 (default 8)
    ambition_cap: int              # where Ambition gains in the run stop, 0..20 (default 20)


class RulesData(TypedDict, total=False):
    player_hero_slots: int
    lanes: int
    hand_floor: int
    opening_hand: int
    max_rounds: int
    max_decisions_per_turn: int
    meter_base: int
    morality_high: int
    morality_low: int
    support_discount: int
    attack_discount: int
    max_events: int
    costs: Costs
    run: RunRules                  # the run's numbers (rules U01-U21)


# ---- the run's content (rules U01-U21) ----

class NodeWeights(TypedDict, total=False):
    """Each node kind's weight on an act's free floors, 0..999."""
    fight: int
    elite: int
    event: int
    sanctum: int
    forge: int
    shop: int


class RarityWeights(TypedDict, total=False):
    """The weights a card of each offered rarity is drawn with, 0..999."""
    common: int
    uncommon: int
    rare: int


class RunCost(TypedDict, total=False):
    hp: int                        # each living hero loses it (and must have more)
    aurorune: int                  # the run pays it (and must have as much)


# `if` is a Python keyword, so this one is written in the functional form
RunOptionData = TypedDict("RunOptionData", {
    "name": str,                   # the option's words
    "if": str,                     # "<value> <cmp> <int>": aurorune party deck act floor hp
                                   # max_hp relics; >= <= == != > <
    "cost": RunCost,
    "target": str,                 # none (default) hero card upgradable_card
    "effect": list[Instruction],   # a run program (chosen_hero / chosen_card read `target`)
}, total=False)


class ActData(TypedDict, total=False):
    name: str
    order: int                     # acts are played by order (ties: registration), 1..9
    floors: int                    # floors before the boss's, 3..15
    width: int                     # the map's columns, 2..7
    paths: int                     # paths drawn through the floors, 1..8
    elite_floor: int               # no elite before this floor (from 1)
    nodes: NodeWeights             # the node kinds' weights on the free floors
    fights: list[str]              # Encounters of the fight pool
    elites: list[str]              # ... the elite pool
    bosses: list[str]              # ... the boss pool (one drawn at the act's start)


class EventData(TypedDict, total=False):
    name: str
    text: str                      # the scene, in words
    acts: list[str]                # the acts it may appear in (default: every act)
    options: list[RunOptionData]


class RewardData(TypedDict, total=False):
    node: str                      # fight elite boss
    aurorune: list[int]            # [lo, hi], drawn uniformly
    cards: int                     # cards offered (0..8): the player takes one or none
    rarity: RarityWeights
    relics: int                    # Relics gained at once, 0..2
    ambition: int                  # Ambition each living hero gains, 0..3
    heal: int                      # percent of max hp each living hero heals, 0..100


class ShopData(TypedDict, total=False):
    cards: int                     # cards in stock, 0..8
    relics: int                    # Relics in stock, 0..4
    rarity: RarityWeights
    removal: int                   # the first card removal's price
    removal_step: int              # added after each removal


class SiteData(TypedDict, total=False):
    node: str                      # sanctum forge
    options: list[RunOptionData]


# the registry's kinds and the shape each one's data has
# (eve.core.content_kinds names each kind's TypedDict)
SCHEMAS: dict[str, type] = {k.name: globals()[k.schema] for k in CONTENT_KINDS}


class UnknownField(Exception):
    """A field that its table's schema does not name: `path` (dotted), `hint`, `allowed`."""

    def __init__(self, path: str, field: str, allowed: Sequence[str]) -> None:
        self.path = path
        self.field = field
        self.allowed = tuple(allowed)
        close = difflib.get_close_matches(field, self.allowed, n=1, cutoff=0.6)
        self.hint = close[0] if close else None
        hint = f"; did you mean {self.hint!r}?" if self.hint else ""
        super().__init__(f"unknown field {field!r}{hint} (the fields here are: "
                         f"{', '.join(self.allowed)})")

    def __reduce__(self) -> tuple[type, tuple[str, str, tuple[str, ...]], dict]:
        return (type(self), (self.path, self.field, self.allowed), self.__dict__)


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__total__")


@functools.cache
def _hints(td: type) -> dict[str, Any]:
    # resolved once a schema: every table a pack registers is checked against these
    return typing.get_type_hints(td)


def fields(td: type) -> tuple[str, ...]:
    """The field names of a schema, in their written order."""
    return tuple(_hints(td))


def _check(value: Any, tp: Any, path: str) -> None:
    origin = typing.get_origin(tp)
    if _is_typeddict(tp):
        if not isinstance(value, Mapping):
            return                  # a wrong type is the compiler's to report, with its range
        hints = _hints(tp)
        for key in value:
            if key not in hints:
                raise UnknownField(f"{path}.{key}" if path else str(key), str(key), tuple(hints))
            _check(value[key], hints[key], f"{path}.{key}" if path else key)
    elif origin in (list, Sequence):
        if isinstance(value, Sequence) and not isinstance(value, str):
            (inner,) = typing.get_args(tp)
            for i, v in enumerate(value):
                _check(v, inner, f"{path}[{i}]")
    elif origin in (Union, types.UnionType):
        for option in typing.get_args(tp):
            if _is_typeddict(option) and isinstance(value, Mapping):
                _check(value, option, path)


def check_fields(kind: str, data: Mapping[str, Any], base: str = "") -> None:
    """Raise UnknownField for the first field, at any depth, that the schema of `kind` lacks."""
    _check(data, SCHEMAS[kind], base)


def check_config(data: Mapping[str, Any], base: str = "config") -> None:
    """The same for a rule configuration (an Engine's config overrides)."""
    _check(data, RulesData, base)


def check_manifest_fields(data: Mapping[str, Any]) -> None:
    """The same for a pack's manifest."""
    _check(data, PackManifest, "manifest")
