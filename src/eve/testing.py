"""Helpers for testing rules and cards: build a match in a given position.

    from eve.testing import scenario
    m = scenario(engine, rift=["ember_squire"], enemy_lanes={0: "cinder_imp"}, phase="main")
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))

Ids may be written without their pack prefix when unambiguous ("ember_squire").

To test a pack's own cards, register it for the block's duration with `temporary_pack`:

    with temporary_pack(cards={"flare": {...}}) as tp:
        m = scenario(tp.engine(), rift=[tp.id("flare")])
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Mapping, Sequence

from eve.core.match import Match, TGT
from eve.engine import Engine

_UPS = TGT["units_per_side"]
_CHAR = TGT["char_base"]
_ZONES = ("archive", "rift", "lattice", "abyss", "void")


def _unit_fields(spec: Mapping[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for k, v in spec.items():
        if k in ("id", "leader"):
            continue
        out[k] = int(v)
    return out


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
    """
    m = engine._make(seed, heroes, encounter, None, start=False)
    if any(z is not None for z in (archive, rift, lattice, abyss, void)):
        zones: dict[str, list[Any]] = {}
        for name, cards in zip(_ZONES, (archive, rift, lattice, abyss, void)):
            lst = []
            for c in cards or ():
                if isinstance(c, tuple):
                    lst.append((engine.card_index(c[0]), int(c[1])))
                else:
                    lst.append(engine.card_index(c))
            zones[name] = lst
        m._set_cards(zones)
    for side, states in ((0, hero_state), (1, enemy_state)):
        for slot, spec in (states or {}).items():
            fields = _unit_fields(spec)
            if fields.get("alive") == 0:
                fields.setdefault("hp", 0)
            m._set_unit(side * _UPS + int(slot), fields)
    if leader is not None:
        m._set_leader("player", leader)
    if player_lanes is not None:
        for lane in range(engine.content.lanes):
            m._clear_unit(_CHAR + lane)
        for lane, spec in player_lanes.items():
            spec = {"id": spec} if isinstance(spec, str) else dict(spec)
            d = engine.card_index(spec["id"])
            card = m._add_wastes_card(d)
            cdef_ = engine.catalog.cards[engine._card_ids[d]]
            fields = {"def_id": d, "card": card, "is_token": 0, "alive": 1,
                      "hp": cdef_.get("hp", 1), "max_hp": cdef_.get("hp", 1),
                      "power": cdef_.get("power", 0), "ready": 1}
            fields.update(_unit_fields(spec))
            m._set_unit(_CHAR + int(lane), fields)
    if enemy_lanes is not None:
        for lane in range(engine.content.lanes):
            m._clear_unit(_UPS + _CHAR + lane)
        for lane, spec in enemy_lanes.items():
            spec = {"id": spec} if isinstance(spec, str) else dict(spec)
            d = engine.unit_index(spec["id"])
            u = engine.catalog.units[engine._unit_ids[d]]
            fields = {"def_id": d, "card": -1, "is_token": 1, "alive": 1, "hp": u["hp"],
                      "max_hp": u["hp"], "power": u["power"], "ready": 1}
            fields.update(_unit_fields(spec))
            m._set_unit(_UPS + _CHAR + int(lane), fields)
    for i, t in enumerate(tasks or ()):
        prog = t.get("progress", {})
        m._set_task(i, engine.task_index(t["id"]), int(t.get("active", 1)),
                    int(prog.get("player", 0)), int(prog.get("encounter", 0)))
    m._set_turn(phase, active, round)
    if script_pos is not None:
        m._set_script(script_pos)      # after the round is set: a branch may read it
    m._set_meter(seed=True)
    if meter is not None:
        m._set_meter(capacity=meter.get("capacity"), spent=meter.get("spent"))
    if initiative is not None:
        m._set_initiative(initiative.get("initiative"), initiative.get("left"))
    elif active == "encounter":
        init = m.initiative["initiative"]
        m._set_initiative(init, init)
    m._clear_events()
    if advance:
        m._advance()
    return m


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
    from eve.plugins.data import DataPack

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
