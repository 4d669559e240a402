"""eve.testing.scenario and the core's testing kit (eve.core.testkit) refuse what does not fit
the state: a slot, lane, task count, leader, script position or round out of range, an unknown
field, phase or side, a value beyond int16, a negative meter. Each raises ValueError naming the
allowed range, before anything is written; the last valid value of each still works."""
import pytest

import eve
from eve.core import testkit
from eve.core.match import Match
from eve.core.testkit import raw
from eve.testing import scenario

SQUIRE = "core:ember_squire"        # a character card
IMP = "core:cinder_imp"             # an enemy unit
TASK = "core:bloodletting"


@pytest.fixture(scope="module")
def three_lanes():
    return eve.Engine(config={"lanes": 3})


def restorable(engine, m):
    """The position is one the snapshot checks accept: nothing out of place."""
    return raw(engine.restore(m.snapshot())) == raw(m)


# ---------------------------------------------------------------- hero and enemy slots

@pytest.mark.parametrize("slot", [40, 10**6, 3, -1])
def test_hero_slot_out_of_range(engine, slot):
    with pytest.raises(ValueError, match=r"hero_state: a hero slot of the player must be in 0\.\.2"):
        scenario(engine, hero_state={slot: {"hp": 5}})
    m = scenario(engine, hero_state={2: {"hp": 5}})         # the last slot
    assert m.heroes()[2]["hp"] == 5 and restorable(engine, m)


@pytest.mark.parametrize("slot", [40, 10**6, -1])
def test_enemy_slot_out_of_range(engine, slot):
    enc = "core:midnight_throne"
    n = len(scenario(engine, encounter=enc).heroes("encounter"))
    with pytest.raises(ValueError, match=rf"enemy_state: a hero slot of the encounter must be in 0\.\.{n - 1}"):
        scenario(engine, encounter=enc, enemy_state={slot: {"hp": 5}})
    m = scenario(engine, encounter=enc, enemy_state={n - 1: {"hp": 5}})
    assert m.heroes("encounter")[n - 1]["hp"] == 5 and restorable(engine, m)


def test_slot_beyond_the_heroes_in_use(engine):
    """Slots exist up to 8 in the state; a party of one uses slot 0 only."""
    with pytest.raises(ValueError, match=r"must be in 0\.\.0, not 1"):
        scenario(engine, heroes=["aldric"], hero_state={1: {"hp": 5}})
    with pytest.raises(ValueError, match=r"leader: .* must be in 0\.\.0, not 1"):
        scenario(engine, heroes=["aldric"], leader=1)
    m = scenario(engine, heroes=["aldric"], hero_state={0: {"hp": 5}}, leader=0)
    assert [h["hp"] for h in m.heroes()] == [5] and restorable(engine, m)


# ---------------------------------------------------------------- lanes

@pytest.mark.parametrize("lane", [50, 5, -1, 10**6])
def test_lane_out_of_range(engine, lane):
    with pytest.raises(ValueError, match=r"player_lanes: a lane must be in 0\.\.4"):
        scenario(engine, player_lanes={lane: SQUIRE})
    with pytest.raises(ValueError, match=r"enemy_lanes: a lane must be in 0\.\.4"):
        scenario(engine, enemy_lanes={lane: IMP})
    m = scenario(engine, player_lanes={4: SQUIRE}, enemy_lanes={4: IMP})     # the last lane
    assert m.characters("player")[4]["id"] == SQUIRE
    assert m.characters("encounter")[4]["id"] == IMP
    assert m.card_zone(m.characters("player")[4]["card"]) == "wastes" and restorable(engine, m)


def test_lane_beyond_the_configured_lanes(three_lanes):
    """The state has 8 lanes a side; a rule configuration of 3 lanes uses 0..2."""
    for lane in (3, 7):
        with pytest.raises(ValueError, match=r"a lane must be in 0\.\.2"):
            scenario(three_lanes, player_lanes={lane: SQUIRE})
        with pytest.raises(ValueError, match=r"a lane must be in 0\.\.2"):
            scenario(three_lanes, enemy_lanes={lane: IMP})
    m = scenario(three_lanes, player_lanes={2: SQUIRE}, enemy_lanes={2: IMP})
    assert len(m.characters()) == 3 and m.characters()[2]["id"] == SQUIRE
    assert restorable(three_lanes, m)


# ---------------------------------------------------------------- tasks, leader, script, round

@pytest.mark.parametrize("n", [7, 9])
def test_too_many_tasks(engine, n):
    with pytest.raises(ValueError, match=rf"tasks: at most 6 World Tasks, not {n}"):
        scenario(engine, tasks=[{"id": TASK}] * n)
    m = scenario(engine, tasks=[{"id": TASK, "progress": {"player": 1}}] * 6)    # every slot
    assert [t["slot"] for t in m.tasks] == list(range(6))
    assert all(t["progress"] == {"player": 1, "encounter": 0} for t in m.tasks)
    assert restorable(engine, m)


@pytest.mark.parametrize("leader", [60, 3, -1])
def test_leader_out_of_range(engine, leader):
    with pytest.raises(ValueError, match=r"leader: a hero slot of the player must be in 0\.\.2"):
        scenario(engine, leader=leader)
    m = scenario(engine, leader=2)
    assert [h["leader"] for h in m.heroes()] == [False, False, True] and restorable(engine, m)


@pytest.mark.parametrize("pos", [5000, 7, -1])
def test_script_pos_beyond_the_script(engine, pos):
    enc = "core:midnight_throne"
    n = len(engine.catalog.encounters[enc]["script"])
    assert n == 7
    with pytest.raises(ValueError, match=rf"script_pos: .* must be in 0\.\.{n - 1}"):
        scenario(engine, encounter=enc, script_pos=pos)
    m = scenario(engine, encounter=enc, script_pos=n - 1)       # the last move
    assert m.intent is not None and m.intent["encounter"] == enc and restorable(engine, m)


@pytest.mark.parametrize("rnd", [-3, 0, 41, 10**6])
def test_round_out_of_range(engine, rnd):
    assert engine.config["max_rounds"] == 40
    with pytest.raises(ValueError, match=r"round .* must be in 1\.\.40"):
        scenario(engine, round=rnd)
    m = scenario(engine, round=40)
    assert m.round == 40 and restorable(engine, m)
    m = scenario(engine, round=1)
    assert m.round == 1


def test_round_follows_the_configured_max_rounds():
    eng = eve.Engine(config={"max_rounds": 12})
    with pytest.raises(ValueError, match=r"must be in 1\.\.12, not 13"):
        scenario(eng, round=13)
    assert scenario(eng, round=12).round == 12


# ---------------------------------------------------------------- values, names, the meter

@pytest.mark.parametrize("field,value", [("hp", 10**6), ("shield", 1000), ("power", -40000),
                                         ("hp", -1), ("alive", 2), ("ambition", 21)])
def test_value_that_does_not_fit(engine, field, value):
    with pytest.raises(ValueError, match=rf"hero_state\[0\]: {field} must be in -?\d+\.\.\d+, not {value}"):
        scenario(engine, hero_state={0: {field: value}})
    with pytest.raises(ValueError, match=rf"{field} must be in"):
        scenario(engine, enemy_lanes={0: {"id": IMP, field: value}})
    m = scenario(engine, hero_state={0: {"hp": 32767, "shield": 999}, 1: {"ambition": 20}})
    h = m.heroes()
    assert (h[0]["hp"], h[0]["shield"], h[1]["ambition"]) == (32767, 999, 20)


@pytest.mark.parametrize("kw,allowed", [({"phase": "lunch"}, "beginning, main, combat, end"),
                                        ({"active": "foe"}, "'player' or 'encounter'"),
                                        ({"phase": None}, "beginning, main, combat, end")],
                         ids=["phase-lunch", "side-foe", "phase-None"])
def test_wrong_phase_or_side(engine, kw, allowed):
    with pytest.raises(ValueError, match=allowed):
        scenario(engine, **kw)
    m = scenario(engine, phase="end", active="encounter")
    assert (m.phase, m.active_side) == ("end", "encounter")


@pytest.mark.parametrize("meter,msg", [({"capacity": -1}, r"meter: capacity must be in 0\.\.999"),
                                       ({"spent": -1}, r"meter: spent must be in 0\.\.999"),
                                       ({"capacity": 1000}, r"meter: capacity must be in 0\.\.999"),
                                       ({"capacity": 3, "spent": 4}, r"spent must be in 0\.\.3"),
                                       ({"spent": 100}, r"spent must be in 0\.\.\d+ \(its capacity\)")],
                         ids=["capacity-minus-1", "spent-minus-1", "capacity-1000", "spent-over-capacity",
                              "spent-over-seeded-capacity"])
def test_negative_or_overspent_meter(engine, meter, msg):
    with pytest.raises(ValueError, match=msg):
        scenario(engine, meter=meter)
    m = scenario(engine, meter={"capacity": 999, "spent": 999})
    assert m.meter["remaining"] == 0 and restorable(engine, m)
    assert scenario(engine, meter={"capacity": 0, "spent": 0}).meter["capacity"] == 0


def test_initiative_out_of_range(engine):
    with pytest.raises(ValueError, match=r"initiative: initiative must be in 0\.\.99"):
        scenario(engine, active="encounter", initiative={"initiative": -1})
    with pytest.raises(ValueError, match=r"initiative left must be in 0\.\.2"):
        scenario(engine, active="encounter", initiative={"initiative": 2, "left": 3})
    m = scenario(engine, active="encounter", initiative={"initiative": 2, "left": 2})
    assert m.initiative == {"initiative": 2, "left": 2}


@pytest.mark.parametrize("kw", [
    {"hero_state": {0: {"hpp": 3}}},
    {"enemy_state": {0: {"speed": 3}}},
    {"player_lanes": {0: {"id": SQUIRE, "charm": 1}}},
    {"enemy_lanes": {0: {"id": IMP, "uid": 7}}},
    {"meter": {"capacityy": 3}},
    {"initiative": {"init": 1}},
    {"tasks": [{"id": TASK, "progres": {"player": 1}}]},
    {"tasks": [{"id": TASK, "progress": {"players": 1}}]},
])
def test_unknown_field_name(engine, kw):
    with pytest.raises(ValueError, match=r"unknown field '\w+' \(fields: "):
        scenario(engine, **kw)
    m = scenario(engine, hero_state={0: {"hp": 3}}, enemy_state={0: {"poison": 2}},
                 player_lanes={0: {"id": SQUIRE, "ready": 0}}, enemy_lanes={0: {"id": IMP, "hp": 1}},
                 meter={"capacity": 3}, tasks=[{"id": TASK, "progress": {"encounter": 2}}])
    assert m.heroes()[0]["hp"] == 3 and m.heroes("encounter")[0]["poison"] == 2
    assert m.characters()[0]["ready"] is False and m.characters("encounter")[0]["hp"] == 1
    assert m.tasks[0]["progress"]["encounter"] == 2 and restorable(engine, m)


def test_card_zones_and_charges(engine):
    with pytest.raises(ValueError, match=r"lattice: charges must be in 0\.\.999, not -1"):
        scenario(engine, lattice=[(SQUIRE, -1)])
    with pytest.raises(ValueError, match=r"rift: only a Lattice entry may be \(card, charges\)"):
        scenario(engine, rift=[(SQUIRE, 2)])
    with pytest.raises(ValueError, match=r"64 cards and 1 characters on the Wastes exceed"):
        scenario(engine, rift=[SQUIRE] * 64, player_lanes={0: SQUIRE})
    m = scenario(engine, rift=[SQUIRE] * 63, player_lanes={0: SQUIRE})        # full: 64 cards
    assert m.n_cards == 64 and restorable(engine, m)


# ---------------------------------------------------------------- the core's testing kit itself

def _bad_calls(engine):
    card = engine.card_index(SQUIRE)
    return [
        (testkit.set_hero, ("player", 40, {"hp": 1}), r"a hero slot of the player must be in 0\.\.2"),
        (testkit.set_hero, ("encounter", 10**6, {"hp": 1}), r"a hero slot of the encounter must be in 0\.\.1"),
        (testkit.set_hero, ("player", 0, {"def_id": 10**4}), r"def_id must be a hero index"),
        (testkit.set_hero, ("player", 0, {"hp": 10**6}), r"hp must be in 0\.\.32767"),
        (testkit.set_hero, ("player", 0, {"hpp": 1}), r"unknown unit field 'hpp'"),
        (testkit.set_hero, ("enemy", 0, {}), r"side must be 'player' or 'encounter'"),
        (testkit.set_character, ("player", 50, {}), r"a lane of the player must be in 0\.\.4"),
        (testkit.set_character, ("player", 0, {"alive": 1, "def_id": card}),
         r"card must be a card instance of the match"),
        (testkit.set_character, ("encounter", 0, {"alive": 1, "is_token": 1, "def_id": 999}),
         r"def_id must be a unit index"),
        (testkit.clear_character, ("encounter", 8), r"a lane of the encounter must be in 0\.\.4"),
        (testkit.set_task, (6, 0, 1, 0, 0), r"a task slot must be in 0\.\.5, not 6"),
        (testkit.set_task, (0, 10**4, 1, 0, 0), r"a task index must be in"),
        (testkit.set_task, (0, 0, 1, -1, 0), r"progress of the player must be in 0\.\.32767"),
        (testkit.set_leader, ("player", 60), r"leader slot must be in 0\.\.2, not 60"),
        (testkit.set_script, (5000,), r"script_pos must be in 0\.\.5, not 5000"),
        (testkit.set_turn, ("main", "player", -3), r"round must be in 1\.\.40, not -3"),
        (testkit.set_turn, ("lunch", "player", 1), r"phase must be one of"),
        (testkit.set_meter, (-1,), r"meter capacity must be in 0\.\.999"),
        (testkit.set_meter, (None, 10**6), r"meter spent must be in 0\.\.999"),
        (testkit.set_initiative, (100,), r"initiative must be in 0\.\.99"),
        (testkit.set_cards, ({"rift": [10**6]},), r"rift: a card index must be in"),
        (testkit.set_cards, ({"hand": [card]},), r"not a card zone: 'hand'"),
        (testkit.set_cards, ({"rift": [card] * 65},), r"65 cards exceed the match capacity of 64"),
        (testkit.add_wastes_card, (-1,), r"a card index must be in"),
        (testkit.set_archive_order, ([10**6],), r"not a permutation"),
    ]


def test_every_kit_setter_checks_its_bounds_and_writes_nothing_when_it_refuses(engine):
    m = engine.new_match(seed=3)           # ash_warband: two enemy heroes, a script of 6 moves
    before, events = raw(m), len(m.events)
    calls = _bad_calls(engine)
    for fn, args, msg in calls:
        with pytest.raises(ValueError, match=msg):
            fn(m, *args)
        assert raw(m) == before and len(m.events) == events, f"{fn.__name__}{args} wrote"
    with pytest.raises(IndexError, match=r"a stream index must be in 0\.\.3, not 4"):
        testkit.set_stream(m, 4, 1)
    assert raw(m) == before
    assert len(calls) == 25


def test_kit_setters_take_their_last_valid_values(engine):
    m = engine.new_match(seed=3)
    testkit.set_hero(m, "player", 2, {"hp": 1})
    testkit.set_hero(m, "encounter", 0, {"hp": 1})
    testkit.set_leader(m, "player", 2)
    testkit.set_task(m, 5, engine.task_index(TASK), 1, 32767, 0)
    testkit.set_script(m, testkit.script_length(m) - 1)
    testkit.set_turn(m, "end", "encounter", testkit.max_rounds(m))
    testkit.set_meter(m, 999, 999)
    testkit.set_initiative(m, 99, 99)
    testkit.clear_character(m, "encounter", testkit.lanes(m) - 1)
    testkit.set_stream(m, 3, 2**64 - 1)
    assert m.heroes()[2]["hp"] == 1 and m.heroes()[2]["leader"]
    assert m.heroes("encounter")[0]["hp"] == 1
    assert m.tasks[-1]["slot"] == 5 and m.tasks[-1]["progress"]["player"] == 32767
    assert (m.phase, m.active_side, m.round) == ("end", "encounter", 40)
    assert m.meter["capacity"] == m.meter["spent"] == 999
    assert m.initiative == {"initiative": 99, "left": 99}
    assert m.characters("encounter")[-1] is None


def test_the_production_match_has_no_test_setters():
    for name in ("_set_cards", "_add_wastes_card", "_set_unit", "_clear_unit", "_set_turn",
                 "_set_leader", "_set_meter", "_set_initiative", "_set_task", "_set_script",
                 "_advance", "_accepted_codes", "_clear_events", "_set_archive_order",
                 "_set_stream", "_raw"):
        assert not hasattr(Match, name), name
    import eve.core.playout as playout
    for name in ("bench_playouts", "bench_clone", "bench_replay", "listing_mismatches"):
        assert not hasattr(playout, name) and hasattr(testkit, name), name
