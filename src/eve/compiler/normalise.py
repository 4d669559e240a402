"""The compile step's first half: a registered item's data as a frozen record with every default
filled in, so that what the data leaves out is decided here once.

Each table of pack data has a shape (its TypedDict in eve.plugins.schema); `DEFAULTS` gives, by
shape, the value of each field the data may leave out: a constant, or a function of the table
(a move's phase follows its kind). The numbers come from the compiled records' columns
(eve.core.records `data`), an instruction's defaults from its row (eve.core.instructions
`filled`), a trigger's `who` from the trigger events' table. `record` walks an item's data by its
shape, fills every table it meets, and freezes the result: the emit half (eve.compiler's item
parts), the Catalog's views, rules text (eve.text) and lint's values read it.

A field whose presence means something is never filled in: the compiler refuses `charges` on a
character and `ally_power` on a card that is not a Relic, so those are filled only where they
are the card's. Data that is not the shape's (a list where a table belongs) is left as written:
the emit half reports it, with its path. Plain data in, plain data out: no Engine, no core.
"""
from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from eve.core.instructions import BY_NAME as INSTRUCTIONS
from eve.core.instructions import filled
from eve.core.records import data_fields
from eve.core.trigger_events import EVENTS
from eve.plugins import schema
from eve.plugins.registry import frozen

Default = Any | Callable[[Mapping[str, Any]], Any]

# the events that are another's, answered for the other side: their `who` is "foe"
_FOE_TURN = frozenset(e.name for e in EVENTS if e.alias_of)


def _numbers(struct: str) -> dict[str, int]:
    """A record's number columns read from the data as they are: their defaults, by data key."""
    return {k: v[0] for k, v in data_fields(struct).items()}


def _move_phase(m: Mapping[str, Any]) -> str:
    return "combat" if m.get("move") == "attack" else "main"


def _move_lane(m: Mapping[str, Any]) -> str:
    return "first_empty" if m.get("move") == "summon" else "strongest"


def _who(t: Mapping[str, Any]) -> str:
    return "foe" if t.get("on") in _FOE_TURN else "self"


def _trigger_defaults(t: Mapping[str, Any]) -> dict[str, Any]:
    # `per` is where `every` counts: written without `every` it is refused, so it is filled in
    # only beside one
    return {"who": _who, **({"per": "match"} if "every" in t else {})}


def _move_defaults(m: Mapping[str, Any]) -> dict[str, Any]:
    kind = m.get("move")
    if "pick" in m or kind is None:
        return {}               # a pick's own fields are its options'
    out: dict[str, Any] = {"phase": _move_phase}
    if kind != "wait":          # a wait has no other field (the compiler refuses them)
        out["lane"] = _move_lane
    if kind == "attack":
        out["attacker"] = "leader"
    if kind == "effect":
        out["target"] = "none"
    return out


def _card_defaults(d: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"keywords": ()}
    if d.get("kind") == "relic":
        out.update(_numbers("CardDef"))
    return out


#: the node kinds an act's free floors draw (ActDef's weights but the boss's) and their
#: weights when an act gives no `nodes` table
NODE_KINDS = ("fight", "elite", "event", "sanctum", "forge", "shop")
DEFAULT_NODES = {"fight": 50, "elite": 10, "event": 22, "sanctum": 12, "forge": 4, "shop": 6}
#: the rarities offered (rewards, shops) and their weights when a table gives none
OFFERED = ("common", "uncommon", "rare")
REWARD_RARITY = {"common": 60, "uncommon": 37, "rare": 3}
SHOP_RARITY = {"common": 55, "uncommon": 35, "rare": 10}

#: the value of each field the data may leave out, by the TypedDict of eve.plugins.schema whose
#: table it is in: a dict of defaults, or a function of the table giving that dict
DEFAULTS: Mapping[str, Mapping[str, Default] | Callable[[Mapping[str, Any]], dict[str, Any]]] = \
    MappingProxyType({
        "HeroData": {"cards": (), **_numbers("HeroDef")},
        "UnitData": {"keywords": (), **_numbers("UnitDef")},
        "CardData": _card_defaults,
        "Ability": {"target": "none", "reaction": False},
        # a Relic's `trigger` (a `Trigger`) is read as a `When` with the defaults
        "When": _trigger_defaults,
        "StatusData": {"stacking": "intensity", "spend": "never", "absorb": False,
                       "negate": False, "keeps": (), **_numbers("StatusDef")},
        "StatusTiming": {"by": "one"},
        "CounterData": {"reset": "match"},
        # an aura of a status gives one stack unless it says; an aura of power has no `n`
        "Aura": lambda a: {} if "power" in a else {"n": 1},
        "Move": _move_defaults,
        "BranchMove": _move_defaults,
        "Response": {"on": "any", "counter": False, "target": "none", "per_round": 0,
                     "charges": -1},
        # the run's (rules U01-U21): numbers from their records' columns; a card's `rarity`
        # and `hero` and a hero's `drift` are left out (their absence means the defaults, and
        # old content's records stay as they were)
        "ActData": {"order": 1, "nodes": MappingProxyType(DEFAULT_NODES), "fights": (),
                    "elites": (), "bosses": (), **_numbers("ActDef")},
        "NodeWeights": dict.fromkeys(NODE_KINDS, 0),
        "EventData": {"options": ()},
        "RunOptionData": {"target": "none", "cost": MappingProxyType({}), "effect": ()},
        "RunCost": {"hp": 0, "aurorune": 0},
        "RewardData": {"aurorune": (0, 0), "rarity": MappingProxyType(REWARD_RARITY),
                       **_numbers("RewardDef")},
        "ShopData": {"rarity": MappingProxyType(SHOP_RARITY), **_numbers("ShopDef")},
        "RarityWeights": dict.fromkeys(OFFERED, 0),
        "SiteData": {"options": ()},
    })


#: the kinds whose items the compiler reads as records (a rule configuration and a keyword macro
#: are read as written: a configuration's defaults are the Engine's, a macro is expanded first)
RECORDED = frozenset(("hero", "enemy_hero", "card", "unit", "task", "encounter", "status",
                      "counter", "act", "event", "reward", "shop", "site"))


def defaults(shape: str, table: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The defaults of a table of `shape` (a TypedDict's name) as `table` would have them."""
    table = table if table is not None else {}
    d = DEFAULTS.get(shape, {})
    given = d(table) if callable(d) else d
    return {k: (v(table) if callable(v) else v) for k, v in given.items()}


def _walk(value: Any, tp: Any) -> Any:
    """`value` with the defaults of its shape `tp` filled in, at every depth."""
    if tp is schema.Instruction:
        if not isinstance(value, Mapping) or value.get("op") not in INSTRUCTIONS:
            return value
        value = filled(value)
    if _is_table(tp):
        if not isinstance(value, Mapping):
            return value
        hints = _hints(tp)
        out = {**defaults(tp.__name__, value), **value}
        return {k: _walk(v, hints[k]) if k in hints else v for k, v in out.items()}
    origin = typing.get_origin(tp)
    if origin in (list, Sequence):
        if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
            (inner,) = typing.get_args(tp)
            return [_walk(v, inner) for v in value]
        return value
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(tp):
            if _is_table(option) and isinstance(value, Mapping):
                return _walk(value, option)
    return value


@functools.cache
def _hints(tp: type) -> dict[str, Any]:
    return typing.get_type_hints(tp)


def _is_table(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__total__")


def record(kind: str, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """An item's data of content kind `kind` (eve.core.content_kinds), normalised: every field it
    leaves out that has a default filled in, at every depth, frozen."""
    return shaped(schema.SCHEMAS[kind], data)


def shaped(shape: type, data: Any) -> Any:
    """Data of one shape (a TypedDict of eve.plugins.schema) normalised, as `record` does: a
    trigger a keyword macro adds is a `When`."""
    return frozen(_walk(data, shape))
