"""Decisions on who an instruction acts for, and on sources that are gone: the Encounter's own
draws (E16), `task` progress across goal kinds (W04), and abilities whose source left (S06)."""
import pytest
from conftest import rule

from eve.errors import ContentError
from eve.testing import build_engine, end_turn, engine_fixture, scenario, sortilege

POKE = [{"op": "damage", "to": "foe_leader", "n": 1}]


IDLE = [{"move": "effect", "phase": "main", "target": "foe_leader", "effect": [{"op": "damage", "n": 0}]}]
REWARD = [{"op": "shield", "to": "own_leader", "n": 1}]
CARDS = {
    "bell": {"kind": "sortilege", "charges": 1, "ability": {"target": "none", "effect": POKE}},
    "guide": {"kind": "character", "power": 0, "hp": 2, "ability": {"target": "none", "effect": POKE}},
    # a reaction that kills the player's own first character or hero before an ability resolves
    "sever": {"kind": "sortilege", "charges": 1, "keywords": ["reaction"],
              "on_enter": {"target": "ally", "effect": [{"op": "damage", "n": 99}]}},
    "spur": sortilege([{"op": "task", "task": "all", "n": 5}])}
PACK = {
    "heroes": {"plain": {"max_hp": 20, "power": 1, "ambition": 3, "morality": 0, "cards": []},
               "frail": {"max_hp": 20, "power": 1, "ambition": 3, "morality": 0, "cards": [],
                         "ability": {"target": "none", "effect": POKE}}},
    "cards": CARDS, "units": {"boss": {"kind": "enemy_hero", "max_hp": 50, "power": 0}},
    "tasks": {"chore": {"goal": "effect", "threshold": 5, "reward": REWARD},
              "bleed": {"goal": "damage", "threshold": 5, "reward": REWARD},
              "draws": {"goal": "effect", "threshold": 1, "reward": [{"op": "draw", "n": 2}]}},
    "encounters": {
        "scribe": {"roster": ["boss"], "initiative": 1, "script": [
            {"move": "effect", "phase": "main", "effect": [{"op": "draw", "n": 3}]}]},
        "tasks": {"roster": ["boss"], "initiative": 1, "script": IDLE, "tasks": ["chore", "bleed"]},
        "gift": {"roster": ["boss"], "initiative": 1, "tasks": ["draws"], "script": [
            {"move": "effect", "phase": "main", "effect": [{"op": "task", "task": "draws", "n": 1}]}]},
        "idle": {"roster": ["boss"], "initiative": 1, "script": IDLE}}}
eng = engine_fixture("sd", **PACK)


@rule("E16")
def test_a_draw_run_by_the_encounter_draws_nothing(eng):
    m = scenario(eng, heroes=["sd:plain"], encounter="sd:scribe", rift=[],
                 archive=["sd:bell"] * 8)
    end_turn(m)
    # the hand floor drew 5 at the player's End; the Encounter's "draw 3" added nothing
    assert len(m.zone_cards("rift")) == 5
    assert len(m.zone_cards("archive")) == 3


@rule("E16", "W01")
def test_a_task_reward_won_by_the_encounter_does_not_make_the_player_draw(eng):
    m = scenario(eng, heroes=["sd:plain"], encounter="sd:gift", rift=[],
                 archive=["sd:bell"] * 10)
    end_turn(m)
    done = [e for e in m.events if e.kind == "task_done"]
    assert done and done[0].side == "encounter"
    assert len(m.zone_cards("rift")) == 5 and len(m.zone_cards("archive")) == 5


@rule("W04")
def test_task_all_advances_only_tasks_of_the_effect_goal(eng):
    m = scenario(eng, heroes=["sd:plain"], encounter="sd:tasks", rift=["sd:spur"],
                 tasks=[{"id": "sd:chore"}, {"id": "sd:bleed"}])
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    while m.stack:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    progress = {t["id"]: t for t in m.tasks}
    assert [e.fields["task_def"] for e in m.events if e.kind == "task_done"] == \
        [eng.catalog.task_ids.index("sd:chore")]
    assert "sd:bleed" in progress and progress["sd:bleed"]["progress"]["player"] == 0


@rule("W04")
def test_a_task_instruction_naming_a_task_of_another_goal_is_refused():
    bad = ("prod", {"kind": "sortilege", "charges": 1, "on_enter": {
        "target": "none", "effect": [{"op": "task", "task": "bleed", "n": 1}]}})
    with pytest.raises(ContentError) as ei:
        build_engine("sd", **{**PACK, "cards": {**CARDS, bad[0]: bad[1]}})
    assert "effect" in str(ei.value) and "W04" in str(ei.value)


def _activate_then_lose_source(m, source_kind):
    act = next(a for a in m.legal_actions() if a.kind == "activate" and source_kind(a))
    m.apply(act)
    sever = next(a for a in m.legal_actions() if a.kind == "play")
    return act, sever


@rule("S06")
def test_a_character_ability_whose_character_is_gone_fizzles(eng):
    m = scenario(eng, heroes=["sd:plain"], encounter="sd:idle", rift=["sd:sever"],
                 player_lanes={0: "sd:guide"}, meter={"capacity": 9})
    m.apply(next(a for a in m.legal_actions() if a.kind == "activate" and a.source == 8))
    # the player responds to its own ability, killing the guide first
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 8))
    while m.stack:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    assert [e for e in m.events if e.kind == "fizzle"]
    assert m.heroes("encounter")[0]["hp"] == 50


@rule("S06")
def test_a_hero_ability_whose_hero_fell_fizzles(eng):
    m = scenario(eng, heroes=["sd:frail", "sd:plain"], encounter="sd:idle", rift=["sd:sever"],
                 meter={"capacity": 9})
    m.apply(next(a for a in m.legal_actions() if a.kind == "activate" and a.source == 0))
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 0))
    while m.stack:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    assert not m.heroes()[0]["alive"]
    assert [e for e in m.events if e.kind == "fizzle"]
    assert m.heroes("encounter")[0]["hp"] == 50


@rule("S06", "E07")
def test_a_sortilege_ability_resolves_after_its_sortilege_left_play(eng):
    m = scenario(eng, heroes=["sd:plain"], encounter="sd:idle", lattice=[("sd:bell", 1)],
                 meter={"capacity": 9})
    m.apply(next(a for a in m.legal_actions() if a.kind == "activate" and a.source >= 64))
    assert m.zone_cards("lattice") == []          # its last charge spent: destroyed at cast
    while m.stack:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    assert m.heroes("encounter")[0]["hp"] == 49
