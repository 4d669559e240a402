"""The kinds of content, one row each: the single description of what a pack can register.

A row names the kind (`hero`, `card`...), the word its items' field paths start with and the
DataPack section and file it is read from, the hook that registers it, the TypedDict of its data
(eve.plugins.schema), the Catalog table that holds it and the record it compiles to (a struct of
eve.core.records, or none). The registry's kinds and sections, the loader's hooks, the DataPack's
sections, the schema's table of TypedDicts, the rules text's listing and the compiler's names
read this table; a new kind (the run's acts, events, shops...) is a row here, its schema, its
compile step and what runs it.

Row order is the registry's (content fingerprints hash the kinds in this order: never reorder;
add new kinds at the end, with `later`). Plain Python importing nothing.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Kind:
    name: str
    doc: str
    section: str          # the first word of its items' field paths ("cards.ember:bolt.power")
    file: str             # its DataPack section and data file ("cards": cards.toml)
    hook: str             # the hook that registers it
    schema: str           # its data's TypedDict in eve.plugins.schema
    catalog: str = ""     # the Catalog table of its items ("" : none)
    record: str = ""      # the struct it compiles to (eve.core.records; "" : none)
    listed: int = 0       # where rules text lists it (0: not listed)
    later: bool = False   # added after fingerprints were first published: hashed only when used
    named: bool = True    # the Catalog names its items (`name`, else the id's own part)


KINDS: tuple[Kind, ...] = (
    Kind("config", "a rule configuration (applies when selected)", "config", "rules",
         "eve_register_rules", "RulesData", record="Config", named=False),
    Kind("hero", "a player hero", "heroes", "heroes", "eve_register_heroes", "HeroData",
         "heroes", "HeroDef", listed=1),
    Kind("card", "a card: a character, a Sortilege or a Relic", "cards", "cards",
         "eve_register_cards", "CardData", "cards", "CardDef", listed=3),
    Kind("enemy_hero", "an Encounter's hero (a unit with kind \"enemy_hero\")", "units", "units",
         "eve_register_units", "UnitData", "enemies", "HeroDef", listed=2),
    Kind("unit", "a summonable character", "units", "units", "eve_register_units", "UnitData",
         "units", "UnitDef", listed=4),
    Kind("task", "a World Task", "tasks", "tasks", "eve_register_tasks", "TaskData", "tasks",
         "TaskDef", listed=5),
    Kind("encounter", "an Encounter: a roster and a move script", "encounters", "encounters",
         "eve_register_encounters", "EncounterData", "encounters", "EncDef", listed=6),
    Kind("status", "a status units hold stacks of", "statuses", "statuses",
         "eve_register_statuses", "StatusData", "statuses", "StatusDef", listed=7),
    Kind("keyword", "a keyword: a macro of triggers and statuses", "keywords", "keywords",
         "eve_register_keywords", "KeywordData", "keywords", listed=8, later=True, named=False),
    Kind("counter", "a named counter programs add to and read", "counters", "counters",
         "eve_register_counters", "CounterData", "counters", listed=9, later=True),
    # the run's content (rules U01-U21): compiled into spec["run"] (eve.compiler.run)
    Kind("act", "an act of a run: its map's shape and its Encounter pools", "acts", "acts",
         "eve_register_acts", "ActData", "acts", "ActDef", listed=10, later=True),
    Kind("event", "a run's event: a scene with options", "events", "events",
         "eve_register_events", "EventData", "events", "EventDef", listed=11, later=True),
    Kind("reward", "what a won fight of a node kind gives", "rewards", "rewards",
         "eve_register_rewards", "RewardData", "rewards", "RewardDef", listed=12, later=True),
    Kind("shop", "a run's shop: its stock and prices", "shops", "shops", "eve_register_shops",
         "ShopData", "shops", "ShopDef", listed=13, later=True),
    Kind("site", "a Sanctum's or a Forge's options", "sites", "sites", "eve_register_sites",
         "SiteData", "sites", "SiteDef", listed=14, later=True),
)

BY_NAME: Mapping[str, Kind] = MappingProxyType({k.name: k for k in KINDS})
#: the kinds rules text lists, in its order
LISTED: tuple[Kind, ...] = tuple(sorted((k for k in KINDS if k.listed), key=lambda k: k.listed))


def hooks() -> tuple[tuple[str, str], ...]:
    """Each registration hook once, in order, with the kind its items are unless their data
    says otherwise (`eve_register_units` registers units, and enemy heroes by their `kind`)."""
    seen: dict[str, str] = {}
    for k in KINDS:
        if k.hook not in seen or k.name == "unit":
            seen[k.hook] = k.name
    return tuple(seen.items())


def files() -> tuple[str, ...]:
    """The DataPack sections (and data files), each once, in order."""
    return tuple(dict.fromkeys(k.file for k in KINDS))
