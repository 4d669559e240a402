"""The shapes of pack data, as TypedDicts: for type checkers and for reading. The compiler
(eve.compiler) is what validates them; docs/modding.md describes every field.

A reference to another item is its bare name (same pack) or `pack:name` (a pack listed in the
manifest's `requires`).
"""
from __future__ import annotations

from typing import Literal, TypedDict


class PackManifest(TypedDict, total=False):
    name: str                      # required: the pack's namespace, [a-z][a-z0-9_]{0,47}
    version: str                   # required: dotted integers, "1.0.2"
    engine: str                    # the engine versions it supports, ">=0.1,<1" (default: any)
    requires: list[str]            # packs it needs: "core" or "core>=0.1" (default: none)
    description: str


class Instruction(TypedDict, total=False):
    op: str                        # damage heal shield poison draw discard exile return destroy
                                   # counter summon buff task
    to: str                        # a selector (default "target", or "none" for side ops)
    n: int                         # 0..999 (default 1)
    unit: str                      # summon: the unit
    task: str                      # task: the task, or "all"


class Ability(TypedDict, total=False):
    name: str
    target: str                    # none foe ally any foe_character ... (default "none")
    effect: list[Instruction]
    reaction: bool


class Trigger(TypedDict):
    on: str                        # turn_start turn_end ally_deploy ally_hero_damaged
    effect: list[Instruction]


class HeroData(TypedDict, total=False):
    name: str
    max_hp: int                    # 1..32767
    power: int
    ambition: int                  # -20..20
    morality: int                  # -20..20
    cards: list[str]               # starting cards
    ability: Ability


class CardData(TypedDict, total=False):
    name: str
    kind: Literal["character", "sortilege", "relic"]
    keywords: list[str]            # reaction swift
    aurorune: int                  # shop price only
    power: int                     # character
    hp: int                        # character
    charges: int                   # Sortilege, 1..99
    on_enter: Ability              # target + effect (a character's takes no target)
    ability: Ability               # character or Sortilege
    trigger: Trigger               # Relic
    ally_power: int                # Relic static modifier, 0..99


class UnitData(TypedDict, total=False):
    kind: Literal["unit", "enemy_hero"]
    name: str
    max_hp: int                    # enemy_hero
    power: int
    hp: int                        # unit
    keywords: list[str]


class TaskData(TypedDict, total=False):
    name: str
    goal: str                      # damage deploy kills rounds cards heal effect
    threshold: int
    reward: list[Instruction]


class Condition(TypedDict, total=False):
    # `if` is a keyword in Python: build this one as a plain dict
    arg: int


class Move(TypedDict, total=False):
    move: Literal["effect", "summon", "attack"]
    phase: Literal["main", "combat"]
    unit: str                      # summon
    lane: int | str                # a lane number or first_empty strongest random
    attacker: int | str            # attack: "leader" or a roster index
    target: str                    # effect: an enemy target selector
    effect: list[Instruction]
    unless: dict                   # {"if": condition, "arg": n, "do": another move}


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
    script: list[Move]             # at least one move
    responses: list[Response]


class RulesData(TypedDict, total=False):
    player_hero_slots: int
    lanes: int
    hand_floor: int
    opening_hand: int
    max_rounds: int
    meter_base: int
    morality_high: int
    morality_low: int
    support_discount: int
    attack_discount: int
    costs: dict[str, int]          # play_support deploy activate attack
