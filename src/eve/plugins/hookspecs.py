"""The hooks a content pack implements. They run while the engine builds its catalog, never
during a match: what they register is validated and compiled into the core's tables.

A pack is a module (or any object) with functions marked `@eve.hookimpl`, found through the
entry-point group `eve.plugins`. Every hook is optional except `eve_pack_manifest`.

Every registration hook receives a `register(name, data)` callback: the engine, not the pack,
owns ids (it namespaces `name` as `pack:name`), validation and conflicts. `data` is plain data
(tables, lists, strings, numbers, booleans); eve.plugins.schema gives its shapes and
docs/modding.md every field. A reference inside data is a bare name (same pack) or `pack:name`
(a pack the manifest lists in `requires`).

    import eve

    @eve.hookimpl
    def eve_pack_manifest():
        return {"name": "ember", "version": "1.0.0", "engine": ">=0.1,<1", "requires": ["core"]}

    @eve.hookimpl
    def eve_register_cards(register):
        register("flare", {"kind": "sortilege", "charges": 2,
                           "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}})
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import pluggy

from eve.plugins.schema import (
    ActData,
    CardData,
    EncounterData,
    EventData,
    HeroData,
    PackManifest,
    RewardData,
    RulesData,
    RunOptionData,
    RunRules,
    ShopData,
    SiteData,
    StatusData,
    TaskData,
    UnitData,
)

PROJECT = "eve"
hookspec = pluggy.HookspecMarker(PROJECT)
#: The marker for a pack's hook implementations (also exported as `eve.hookimpl`).
hookimpl: pluggy.HookimplMarker = pluggy.HookimplMarker(PROJECT)


class Register(Protocol):
    """The callback a registration hook receives: `register(name, data)`.

    `name` is bare (lowercase letters, digits, _; the engine adds `pack:`); `data` a table."""

    def __call__(self, name: str, data: Mapping[str, Any]) -> None: ...


__all__ = ["PROJECT", "Register", "hookimpl", "hookspec", "PackManifest", "HeroData", "CardData",
           "UnitData", "TaskData", "EncounterData", "RulesData", "StatusData", "ActData",
           "EventData", "RunOptionData", "RewardData", "ShopData", "SiteData", "RunRules"]


@hookspec(firstresult=True)
def eve_pack_manifest() -> PackManifest:
    """Required. The pack's manifest:

    - "name": the pack's namespace (its ids are `name:...`), [a-z][a-z0-9_]{0,47};
    - "version": the pack's version, dotted integers ("1.0.2"); it is part of the content
      fingerprint;
    - "engine": the engine versions it supports, a range such as ">=0.1,<1" (default: any);
    - "requires": the packs it needs, loaded before it, each "name" or "name>=1.0" (default: none);
    - "description": free text (optional).
    """
    raise NotImplementedError


@hookspec
def eve_register_rules(register: Register) -> None:
    """Register rule configuration (balance numbers) as `register("config", RulesData)`.
    Packs load in order and a later pack's numbers override an earlier one's."""


@hookspec
def eve_register_heroes(register: Register) -> None:
    """Register the player's heroes (HeroData): max_hp, power, ambition, morality, starting
    cards and an activated ability."""


@hookspec
def eve_register_cards(register: Register) -> None:
    """Register cards (CardData): characters, Sortileges (charges, an activated ability) and
    Relics (triggers, static modifiers)."""


@hookspec
def eve_register_units(register: Register) -> None:
    """Register enemy heroes (kind "enemy_hero", for Encounter rosters) and summonable
    characters (kind "unit", the default) (UnitData)."""


@hookspec
def eve_register_tasks(register: Register) -> None:
    """Register World Tasks (TaskData): a goal (event kind and threshold) and a reward program."""


@hookspec
def eve_register_encounters(register: Register) -> None:
    """Register Encounters (EncounterData): roster, Initiative, setup summons and tasks, the move
    script (at least one move) and the response rules."""


@hookspec
def eve_register_statuses(register: Register) -> None:
    """Register statuses (StatusData): stacks a unit holds, how they read (intensity or duration),
    when they tick and decay, and what they modify in the damage pipeline. Shield and poison are
    the standard ones (eve.statuses); cards, abilities and moves give statuses with
    `{op = "status", status = ..., n = ...}`."""


@hookspec
def eve_register_counters(register: Register) -> None:
    """Register counters (CounterData): named numbers a match keeps (rules V01-V04), counted
    over the match or each turn (`reset`), changed by `add_counter` and `set_counter`
    instructions and read in expressions as `counter.NAME`."""


@hookspec
def eve_register_keywords(register: Register) -> None:
    """Register keyword macros (KeywordData): the triggers, with parameters `{n}`, and the
    status that an item naming the keyword in its `keywords` gets (eve.keywords)."""


# ---- the run's content (rules U01-U21) ----
@hookspec
def eve_register_acts(register: Register) -> None:
    """Register acts (ActData): a run plays them by `order`; each gives its map's shape
    (floors, width, paths, the node kinds' weights) and its fight, elite and boss pools."""


@hookspec
def eve_register_events(register: Register) -> None:
    """Register events (EventData): scenes of a run's event nodes, with options (a condition,
    a cost, what the player picks, a run program)."""


@hookspec
def eve_register_rewards(register: Register) -> None:
    """Register reward tables (RewardData): what a won fight, elite or boss gives (one table
    a node kind)."""


@hookspec
def eve_register_shops(register: Register) -> None:
    """Register shops (ShopData): the stock and the removal's price; the first registered
    shop is the run's."""


@hookspec
def eve_register_sites(register: Register) -> None:
    """Register Sanctum and Forge sites (SiteData): their options (one site a node kind)."""
