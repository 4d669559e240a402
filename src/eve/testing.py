"""The test dialect: small packs, matches in a chosen position, and the moves a rules test makes.

    from eve.testing import build_engine, end_turn, play, scenario, sortilege
    eng = build_engine("t", heroes={"hero": {}},
                       cards={"bolt": sortilege([{"op": "damage", "n": 3}], "foe")},
                       units={"boss": {"kind": "enemy_hero", "max_hp": 30}},
                       encounters={"idle": {}})
    m = scenario(eng, heroes=["t:hero"], encounter="t:idle", rift=["t:bolt"])
    play(m, "bolt", target=16, resolve=True)      # the Stack resolved: 3 damage dealt
    end_turn(m)                                   # on to the player's next round

- **Packs** (`build_pack`, `build_engine`, `engine_fixture`): sections as dicts of
  {name: data}, with what an item needs to load filled in (see `build_pack`); `sortilege`
  writes the usual one-shot card.
- **Positions** (`scenario`): any zones, units, phase, meter and tasks, checked before use.
- **Moves** (`actions`, `action`, `play`, `resolve`, `end_turn`, `run_until`, `run_to`): find
  a legal action by kind, card or unit name, target and lane; apply it; pass until the Stack
  is empty; play on.
- **Reading** (`unit`, `unit_id`, `instances`, `events`, `moves`): a unit, the card instances
  of a zone, the event log.

Ids may be written without their pack prefix when unambiguous ("ember_squire"): `scenario`
resolves them through the engine, the moves compare names with and without the prefix.

To test a pack through discovery (as if installed), register it with `temporary_pack`:

    with temporary_pack(cards={"flare": {...}}) as tp:
        m = scenario(tp.engine(), rift=[tp.id("flare")])
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from eve.core import testkit as _tk
from eve.core.match import Match
from eve.encoding import CHAR_BASE, decode_target
from eve.engine import Engine
from eve.plugins.data import DataPack

_ZONES = _tk.CARD_ZONES
_MAX_CARDS = _tk.LIMITS["cards"]
_MAX_TASKS = _tk.LIMITS["tasks"]
_SIDES = ("player", "encounter")


def _unit_fields(spec: Mapping[str, Any], what: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for k, v in spec.items():
        if k in ("id", "leader"):
            continue
        if k not in _tk.UNIT_FIELDS:
            raise ValueError(f"{what}: unknown field {k!r} (fields: {', '.join(_tk.UNIT_FIELDS)})")
        lo, hi = _tk.UNIT_FIELDS[k]
        out[k] = _tk.check_range(int(v), lo, hi, f"{what}: {k}")
    return out


def _keys(spec: Mapping[str, Any], allowed: Sequence[str], what: str) -> None:
    for k in spec:
        if k not in allowed:
            raise ValueError(f"{what}: unknown field {k!r} (fields: {', '.join(allowed)})")


def scenario(
    engine: Engine,
    seed: int = 0,
    *,
    heroes: Sequence[str] | None = None,
    encounter: str | None = None,
    archive: Sequence[Any] | None = None,
    rift: Sequence[Any] | None = None,
    lattice: Sequence[Any] | None = None,
    abyss: Sequence[Any] | None = None,
    void: Sequence[Any] | None = None,
    hero_state: Mapping[int, Mapping[str, Any]] | None = None,
    enemy_state: Mapping[int, Mapping[str, Any]] | None = None,
    player_lanes: Mapping[int, Any] | None = None,
    enemy_lanes: Mapping[int, Any] | None = None,
    leader: int | None = None,
    phase: str = "main",
    active: str = "player",
    round: int = 1,
    meter: Mapping[str, int] | None = None,
    initiative: Mapping[str, int] | None = None,
    script_pos: int | None = None,
    tasks: Sequence[Mapping[str, Any]] | None = None,
    advance: bool = False,
) -> Match:
    """A match in a chosen position.

    Card zones: when any of archive/rift/lattice/abyss/void is given, they replace every card of
    the match (zones not given are empty). Archive lists are top first. A Lattice entry may be
    `(card, charges)`. hero_state / enemy_state: {slot: {"hp": .., "poison": .., "shield": ..,
    "alive": 0/1, "ambition": .., "morality": .., "power": ..}}. player_lanes: {lane: card id or
    {"id": card, "hp": .., "ready": 1, ...}}; enemy_lanes: {lane: unit id or {"id": unit, ...}}.
    Encounter setup summons are cleared when enemy_lanes is given. meter: {"capacity", "spent"}
    (default: seeded from the leader as at Beginning). With `advance=True` the game is run forward
    to the player's next decision, as after an action.

    Every argument is checked before the match is changed: a slot, lane, task count, round,
    script position or value out of range, an unknown field, phase or side raises ValueError
    naming what is allowed (slots: the side's heroes in this match; lanes: the rule
    configuration's; round: 1 to max_rounds; script_pos: within the script of the phase the
    Encounter plays at the start; up to 6 World Tasks; unit values:
    eve.core.testkit.UNIT_FIELDS).
    """
    m = engine._make(seed, heroes, encounter, None, start=False)
    steps: list[tuple[Any, ...]] = []          # the setter calls, made once all are checked
    n_cards = m.n_cards
    if any(z is not None for z in (archive, rift, lattice, abyss, void)):
        zones = _zones(engine, (archive, rift, lattice, abyss, void))
        n_cards = sum(len(v) for v in zones.values())
        steps.append((_tk.set_cards, zones))
    if n_cards + len(player_lanes or ()) > _MAX_CARDS:
        raise ValueError(f"{n_cards} cards and {len(player_lanes or ())} characters on the Wastes "
                         f"exceed the match capacity of {_MAX_CARDS} cards")
    for side, arg, states in ((0, "hero_state", hero_state), (1, "enemy_state", enemy_state)):
        n = _tk.hero_slots(m, side)
        for slot, spec in (states or {}).items():
            slot = _tk.check_range(slot, 0, n - 1, f"{arg}: a hero slot of the {_SIDES[side]}")
            fields = _unit_fields(spec, f"{arg}[{slot}]")
            if fields.get("alive") == 0:
                fields.setdefault("hp", 0)
            steps.append((_tk.set_hero, side, slot, fields))
    if leader is not None:
        leader = _tk.check_range(leader, 0, _tk.hero_slots(m, 0) - 1, "leader: a hero slot of the player")
        steps.append((_tk.set_leader, "player", leader))
    for side, arg, lanes in ((0, "player_lanes", player_lanes), (1, "enemy_lanes", enemy_lanes)):
        if lanes is not None:
            steps += _lane_steps(engine, m, side, arg, lanes)
    tasks = list(tasks or ())
    if len(tasks) > _MAX_TASKS:
        raise ValueError(f"tasks: at most {_MAX_TASKS} World Tasks, not {len(tasks)}")
    for i, t in enumerate(tasks):
        _keys(t, ("id", "active", "progress"), f"tasks[{i}]")
        prog = t.get("progress", {})
        _keys(prog, _SIDES, f"tasks[{i}].progress")
        steps.append((_tk.set_task, i, engine.task_index(t["id"]),
                      _tk.check_range(int(t.get("active", 1)), 0, 1, f"tasks[{i}]: active"),
                      *(_tk.check_range(int(prog.get(s, 0)), 0, _tk.PROGRESS_MAX,
                                        f"tasks[{i}]: progress of the {s}") for s in _SIDES)))
    _tk.phase_index(phase)
    _tk.side_index(active)
    round = _tk.check_range(round, 1, _tk.max_rounds(m), "round (1 to the rules' max_rounds)")
    steps.append((_tk.set_turn, phase, active, round))
    n = _tk.script_length(m)
    if script_pos is not None:
        script_pos = _tk.check_range(script_pos, 0, max(n, 1) - 1,
                                     "script_pos: a position in the Encounter's script")
    if n:
        # the intent is shown for the position built (its branch and draws read the units and
        # the round set above), as the engine shows it when the previous move is made
        steps.append((_tk.set_script, 0 if script_pos is None else script_pos))
    steps.append((_set_meter, meter))
    if meter is not None:
        _keys(meter, ("capacity", "spent"), "meter")
        for k in ("capacity", "spent"):
            if meter.get(k) is not None:
                _tk.check_range(meter[k], 0, _tk.METER_MAX, f"meter: {k}")
        if meter.get("capacity") is not None and meter.get("spent") is not None \
                and meter["spent"] > meter["capacity"]:
            raise ValueError(f"meter: spent must be in 0..{meter['capacity']} (the capacity), "
                             f"not {meter['spent']}")
    if initiative is not None:
        _keys(initiative, ("initiative", "left"), "initiative")
        for k in ("initiative", "left"):
            if initiative.get(k) is not None:
                _tk.check_range(initiative[k], 0, _tk.INITIATIVE_MAX, f"initiative: {k}")
        steps.append((_tk.set_initiative, initiative.get("initiative"), initiative.get("left")))
    elif active == "encounter":
        steps.append((_full_initiative,))
    steps.append((_tk.settle_grants,))
    steps.append((_tk.clear_events,))
    if advance:
        steps.append((_tk.advance,))
    for fn, *args in steps:
        fn(m, *args)
    return m


def _zones(engine: Engine, given: Sequence[Sequence[Any] | None]) -> dict[str, list[Any]]:
    """scenario's card zones (archive, rift, lattice, abyss, void) as card indices, a Lattice
    entry with its charges, checked."""
    zones: dict[str, list[Any]] = {}
    for name, cards in zip(_ZONES, given):
        lst: list[Any] = []
        for c in cards or ():
            if isinstance(c, tuple):
                if name != "lattice" or len(c) != 2:
                    raise ValueError(f"{name}: only a Lattice entry may be (card, charges), "
                                     f"not {c!r}")
                lst.append((engine.card_index(c[0]),
                            _tk.check_range(int(c[1]), 0, _tk.CHARGES_MAX, f"{name}: charges")))
            else:
                lst.append(engine.card_index(c))
        zones[name] = lst
    return zones


def _lane_steps(engine: Engine, m: Match, side: int, arg: str, lanes: Mapping[int, Any]
                ) -> list[tuple[Any, ...]]:
    """scenario's steps that clear a side's lanes and place its characters, checked: a player
    lane holds a card's character, an enemy lane a unit."""
    n_lanes = _tk.lanes(m)
    steps: list[tuple[Any, ...]] = [(_tk.clear_character, side, lane) for lane in range(n_lanes)]
    for lane, spec in lanes.items():
        lane = _tk.check_range(lane, 0, n_lanes - 1, f"{arg}: a lane")
        spec = {"id": spec} if isinstance(spec, str) else dict(spec)
        if "id" not in spec:
            raise ValueError(f"{arg}[{lane}]: no 'id'")
        if side == 0:
            d = engine.card_index(spec["id"])
            cdef_ = engine.catalog.cards[engine._card_ids[d]]
            fields = {"def_id": d, "is_token": 0, "alive": 1, "hp": cdef_.get("hp", 1),
                      "max_hp": cdef_.get("hp", 1), "power": cdef_.get("power", 0), "ready": 1}
        else:
            d = engine.unit_index(spec["id"])
            u = engine.catalog.units[engine._unit_ids[d]]
            fields = {"def_id": d, "card": -1, "is_token": 1, "alive": 1, "hp": u["hp"],
                      "max_hp": u["hp"], "power": u["power"], "ready": 1}
        fields.update(_unit_fields(spec, f"{arg}[{lane}]"))
        steps.append((_place, side, lane, d, fields))
    return steps


def _place(m: Match, side: int, lane: int, d: int, fields: dict[str, int]) -> None:
    if side == 0:       # a character placed on the Wastes has a card instance of its own
        fields = {"card": _tk.add_wastes_card(m, d), **fields}
    _tk.set_character(m, side, lane, fields)


def _set_meter(m: Match, meter: Mapping[str, int] | None) -> None:
    _tk.set_meter(m, seed=True)
    if meter is not None:
        _tk.set_meter(m, capacity=meter.get("capacity"), spent=meter.get("spent"))


def _full_initiative(m: Match) -> None:
    init = m.initiative["initiative"]
    _tk.set_initiative(m, init, init)


# ---------------------------------------------------------------- temporary packs

class TemporaryPack:
    """What `temporary_pack` yields: the pack, and engines that load it."""

    def __init__(self, pack: Any, name: str) -> None:
        self.pack = pack
        self.name = name

    def id(self, name: str) -> str:
        """The namespaced id of one of the pack's items: `pack.id("flare") == "mine:flare"`."""
        return f"{self.name}:{name}"

    def engine(self, config: Mapping[str, Any] | None = None) -> Engine:
        """An Engine built by discovery (the built-in pack, installed packs, this one). This
        pack's own errors are raised (eve.errors.PluginError); other packs' are only reported."""
        eng = Engine(config=config, strict=False)
        for rep in eng.plugin_report.packs:
            if rep.source.obj is self.pack and rep.errors:
                raise rep.errors[0]
        return eng


@contextmanager
def temporary_pack(pack: Any = None, /, *, name: str = "test", version: str = "0",
                   requires: Sequence[str] = ("core",), engine: str | None = None,
                   rules: Mapping[str, Any] | None = None,
                   heroes: Mapping[str, Mapping[str, Any]] | None = None,
                   cards: Mapping[str, Mapping[str, Any]] | None = None,
                   units: Mapping[str, Mapping[str, Any]] | None = None,
                   tasks: Mapping[str, Mapping[str, Any]] | None = None,
                   encounters: Mapping[str, Mapping[str, Any]] | None = None,
                   ) -> Iterator[TemporaryPack]:
    """Register a pack for discovery while the block runs, as if it were installed.

        with temporary_pack(cards={"flare": {...}}) as tp:
            eng = tp.engine()                       # core + installed packs + "test"
            m = scenario(eng, rift=[tp.id("flare")])

    Give either a pack object (a module or an object with @eve.hookimpl methods) or the data
    (a DataPack named `name`, requiring the built-in pack by default)."""
    from eve.plugins import manager

    if pack is None:
        pack = DataPack(name, version, engine=engine, requires=requires, rules=rules, heroes=heroes,
                        cards=cards, units=units, tasks=tasks, encounters=encounters)
    else:
        try:
            name = pack.eve_pack_manifest().get("name", name)
        except Exception:
            pass                    # the engine reports a broken manifest when it loads the pack
    source = manager.PackSource(obj=pack, origin=f"temporary pack {name!r}")
    manager._TEMPORARY.append(source)
    try:
        yield TemporaryPack(pack, name)
    finally:
        manager._TEMPORARY.remove(source)


# ---------------------------------------------------------------- packs built in a few lines

SECTIONS = ("rules", "heroes", "cards", "units", "tasks", "encounters", "statuses", "keywords",
            "counters", "acts", "events", "rewards", "shops", "sites")
HERO_DEFAULTS: Mapping[str, Any] = {"max_hp": 40, "cards": []}
ENEMY_HERO_DEFAULTS: Mapping[str, Any] = {"power": 0}
ENCOUNTER_DEFAULTS: Mapping[str, Any] = {"initiative": 1, "script": [{"move": "wait"}]}


def sortilege(effect: Sequence[Mapping[str, Any]], target: str = "none", *, charges: int = 1,
              **extra: Any) -> dict[str, Any]:
    """A Sortilege whose on-enter effect is `effect`, aimed at `target` (a target selector)."""
    return {"kind": "sortilege", "charges": charges,
            "on_enter": {"target": target, "effect": list(effect)}, **extra}


def _filled(section: str, data: Any, enemy_heroes: Sequence[str]) -> Any:
    if section == "heroes":
        if isinstance(data, (list, tuple)):            # a hero given by its starting cards
            data = {"cards": list(data)}
        return {**HERO_DEFAULTS, **data}
    if section == "units" and data.get("kind") == "enemy_hero":
        return {**ENEMY_HERO_DEFAULTS, **data}
    if section == "encounters":
        roster = {"roster": [enemy_heroes[0]]} if enemy_heroes else {}
        # a script in phases has no top-level one
        return {**roster, **{k: v for k, v in ENCOUNTER_DEFAULTS.items()
                             if k != "script" or "phases" not in data}, **data}
    return data


def build_pack(name: str = "t", *, version: str = "0", requires: Sequence[str] = (),
               description: str | None = None, **sections: Any) -> DataPack:
    """A content pack (eve.plugins.data.DataPack) from sections given as {item: data}.

    Sections: rules (the numbers themselves), heroes, cards, units, tasks, encounters,
    statuses, keywords, counters, and the run's acts, events, rewards, shops, sites. What an item needs to load and a test rarely cares about
    is filled in where missing: a hero gets `HERO_DEFAULTS` (and may be written as its list
    of starting cards), an enemy hero power 0, an Encounter `ENCOUNTER_DEFAULTS` and, as
    roster, the pack's first enemy hero. Everything else is the engine's own default. Items
    register in the order given."""
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        raise ValueError(f"unknown pack sections {sorted(unknown)} "
                         f"(sections: {', '.join(SECTIONS)})")
    units = sections.get("units") or {}
    enemy_heroes = [k for k, v in units.items() if v.get("kind") == "enemy_hero"]
    filled: dict[str, Any] = {
        sec: ({k: _filled(sec, v, enemy_heroes) for k, v in items.items()}
              if sec != "rules" and items else items)
        for sec, items in sections.items()}
    return DataPack(name, version, requires=requires, description=description, **filled)


def build_engine(name: str = "t", *, config: Mapping[str, Any] | None = None,
                 builtin: bool = True, strict: bool | None = None, version: str = "0",
                 requires: Sequence[str] = (), **sections: Any) -> Engine:
    """An Engine of the built-in pack (unless `builtin=False`) and `build_pack(name, ...)`;
    `config` and `strict` as eve.Engine's."""
    from importlib import import_module

    from eve.plugins.discovery import BUILTIN

    pack = build_pack(name, version=version, requires=requires, **sections)
    return Engine(packs=[import_module(BUILTIN), pack] if builtin else [pack], config=config,
                  strict=strict)


def engine_fixture(name: str = "t", *, scope: str = "module", **kw: Any) -> Any:
    """A pytest fixture giving `build_engine(name, **kw)`, built once a module (`scope`):

        eng = engine_fixture("cn", cards=CARDS, units=UNITS)
    """
    import pytest

    def engine() -> Engine:
        return build_engine(name, **kw)
    return pytest.fixture(scope=scope)(engine)      # type: ignore[call-overload]


# ---------------------------------------------------------------- moves

def _same(full: str | None, name: str) -> bool:
    """`name` is `full` with or without its pack prefix."""
    return full is not None and (full == name or full.partition(":")[2] == name)


def unit_id(m: Match, code: int) -> str | None:
    """The catalog id behind a target code (eve.encoding): a unit's or a card instance's; None
    for a Stack item or no target."""
    t = decode_target(code)
    if t is None or t.what == "stack":
        return None
    if t.what == "card":
        return m.card_id(t.index)
    assert t.side is not None and t.slot is not None
    if t.slot < CHAR_BASE:
        heroes = m.heroes(t.side)
        return heroes[t.slot]["id"] if t.slot < len(heroes) else None
    char = m.characters(t.side)[t.slot - CHAR_BASE]
    return None if char is None else char["id"]


def _source_name(m: Match, a: Any) -> str | None:
    if a.kind == "play":
        return m.card_id(a.source)
    if a.kind in ("activate", "attack"):
        return unit_id(m, a.source)
    return None


def actions(m: Match, kind: str | None = None, card: str | int | None = None, *,
            target: int | None = None, lane: int | None = None) -> list[Any]:
    """The legal actions of `kind` whose source is `card`: a card instance's index, or a card,
    hero or unit id (the card played, activated or attacking), with or without its prefix.
    `target`/`lane`, when given, must match too; an action that takes no target ignores
    `target`, one that is neither a deploy nor an attack ignores `lane`."""
    out = []
    for a in m.legal_actions():
        if kind is not None and a.kind != kind:
            continue
        if isinstance(card, int) and a.source != card:
            continue
        if isinstance(card, str) and not _same(_source_name(m, a), card):
            continue
        if target is not None and a.target not in (target, None):
            continue
        if lane is not None and a.lane not in (lane, None):
            continue
        out.append(a)
    return out


def action(m: Match, kind: str | None = "play", card: str | int | None = None, *,
           target: int | None = None, lane: int | None = None) -> Any:
    """The first of `actions(...)`; AssertionError listing the legal actions if there is none."""
    found = actions(m, kind, card, target=target, lane=lane)
    if not found:
        raise AssertionError(f"no legal {kind or 'action'} of {card} (target {target}, lane "
                             f"{lane}): {[str(a) for a in m.legal_actions()]}")
    return found[0]


def resolve(m: Match, limit: int = 200) -> None:
    """Pass priority until the Stack is empty. A choice the resolving program waits for
    (rule C01) is left to the test: the Stack is empty while it waits."""
    for _ in range(limit):
        if not m.stack or m.is_over:
            return
        m.apply(action(m, "pass"))
    raise AssertionError(f"the Stack did not resolve in {limit} passes: {m.stack}")


def play(m: Match, card: str | int | None = None, target: int | None = None,
         lane: int | None = None, *, kind: str = "play", resolve: bool = False) -> Any:
    """Apply the first legal `kind` action of `card` (see `actions`) and return it; with
    `resolve=True` then pass until the Stack is empty (see `resolve`). `kind="activate"`
    uses an ability, `kind="attack"` attacks with the named unit."""
    a = action(m, kind, card, target=target, lane=lane)
    m.apply(a)
    if resolve:
        _resolve_stack(m)
    return a


_resolve_stack = resolve         # inside `play`, its keyword `resolve` hides the function


def run_until(m: Match, done: Callable[[Match], bool], limit: int = 200) -> Match:
    """Pass priority (or, where passing is not offered, end the phase) until `done(m)` holds or
    the match is over; AssertionError after `limit` actions."""
    for _ in range(limit):
        if done(m) or m.is_over:
            return m
        acts = {a.kind: a for a in m.legal_actions()}
        m.apply(acts.get("pass") or acts["end_phase"])
    raise AssertionError(f"the position asked for was not reached in {limit} actions")


def run_to(m: Match, phase: str, side: str = "player", limit: int = 200) -> Match:
    """`run_until` `side` acts in `phase` ("beginning", "main", "end"...)."""
    return run_until(m, lambda x: x.phase == phase and x.active_side == side, limit)


def end_turn(m: Match, limit: int = 200) -> None:
    """End the phases of the side acting (passing where it must) until the round changes or
    the match is over: the player's first decision of the next round."""
    start = m.round
    for _ in range(limit):
        if m.round != start or m.is_over:
            return
        acts = {a.kind: a for a in m.legal_actions()}
        m.apply(acts.get("end_phase") or acts["pass"])
    raise AssertionError(f"the round did not end in {limit} actions")


# ---------------------------------------------------------------- reading

def unit(m: Match, name: str, side: str | None = None) -> dict[str, Any]:
    """The first living hero or character (of `side`, or of either) whose id is `name`."""
    for s in (side,) if side else _SIDES:
        for u in [*m.heroes(s), *m.characters(s)]:
            if u is not None and u["alive"] and _same(u["id"], name):
                return u
    raise AssertionError(f"no living unit {name!r}")


def instances(m: Match, zone: str, card: str) -> list[int]:
    """The card instances of `zone` (a card zone, "archive" top first) holding `card`."""
    return [c for c in m.zone_cards(zone) if _same(m.card_id(c), card)]


def events(m: Match, kind: str, side: str | None = None) -> list[Any]:
    """The match's events of `kind` (of `side`, "player" or "encounter", when given)."""
    return [e for e in m.events if e.kind == kind and (side is None or e.side == side)]


def moves(m: Match, since: int = 0) -> list[tuple[Any, str | None, str | None, Any]]:
    """The card moves of the event log from event `since` on: (card instance, from zone, to
    zone, how), the zones by name (None: no zone, as for a created card)."""
    from eve.core.match import ZONE_NAMES

    name = {v: k for k, v in ZONE_NAMES.items()}
    return [(e.a, name.get(e.b), name.get(e.c), e.d) for e in m.events[since:] if e.kind == "move"]
