"""Structural limits: a full Stack, saturating counters, the largest action lists."""
import pytest

import eve
from eve.testing import build_engine, engine_fixture, scenario, sortilege

PACK = {
    "heroes": {"plain": {"max_hp": 30, "power": 1, "ambition": 2, "morality": 0, "cards": []}},
    "cards": {"jab": {"kind": "sortilege", "keywords": ["reaction"], "charges": 1,
                      "on_enter": {"target": "foe_hero", "effect": [{"op": "damage", "n": 1}]}},
              "bolt": sortilege([{"op": "damage", "n": 1}], "foe_hero"),
              "aegis": {"kind": "sortilege", "charges": 1,
                        "on_enter": {"effect": [{"op": "shield", "to": "own_leader", "n": 999}]}}},
    "units": {"wall": {"kind": "enemy_hero", "max_hp": 999, "power": 0}},
    # answers every player item, forever: the Stack grows with each reaction
    "encounters": {"echo": {"roster": ["wall"], "initiative": 1,
                            "script": [{"move": "effect", "phase": "main", "target": "own_leader",
                                        "effect": [{"op": "shield", "n": 0}]}],
                            "responses": [{"on": "any", "target": "own_leader",
                                           "effect": [{"op": "shield", "n": 1}], "per_round": 0}]}}}
eng = engine_fixture("tl", **PACK)


def test_the_stack_never_passes_its_capacity(eng):
    """A reaction chain against an Encounter that answers everything: the Stack fills to its 24
    items, the Encounter's responder then stays silent and the player (whose only choice at a
    full Stack is pass, made for it) resolves the top; nothing is written past the Stack."""
    m = scenario(eng, heroes=["tl:plain"], encounter="tl:echo", rift=["bolt"] + ["jab"] * 40)
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    depth = []
    while True:
        plays = [a for a in m.legal_actions() if a.kind == "play"]
        depth.append(len(m.stack))
        if not plays:
            break
        m.apply(plays[0])
    pushes = [e for e in m.events if e.kind == "push"]
    assert max(depth) == 23 and max(e.b for e in pushes) == 23     # index 23: the 24th item
    assert len(m.zone("rift")) == 0 and len(m.zone("lattice")) == 41
    while m.stack:
        m.apply(m.legal_actions()[0])
    assert not m.is_over


def test_statuses_saturate_at_their_max_instead_of_wrapping(eng):
    cap = eng.catalog.tables.status_max(0)
    m = scenario(eng, heroes=["tl:plain"], encounter="tl:echo", rift=["aegis"] * 40,
                 hero_state={0: {"shield": cap - 1}}, meter={"capacity": 999, "spent": 0})
    for _ in range(3):
        m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    assert m.heroes("player")[0]["shield"] == cap == 999


def test_native_runs_refuse_a_bad_party(engine):
    from eve.core.playout import run_matches
    with pytest.raises(ValueError):
        run_matches(engine.content, [1], [0] * 20, 0, "random")
    with pytest.raises(ValueError):
        run_matches(engine.content, [1], [0, 1, 999], 0, "random")
    with pytest.raises(ValueError):
        run_matches(engine.content, [1], [0, 1, 2], 99, "random")


def test_cli_refuses_a_party_too_large(capsys):
    from eve.cli import main
    assert main(["simulate", "--games", "1", "--quiet", "--heroes", ",".join(["core:aldric"] * 20)]) == 2
    assert "party" in capsys.readouterr().err


def test_search_workers_are_safe_to_misuse(engine):
    from eve.core.search import Worker, worker_seed
    w = Worker()
    assert w.root_stats() == {} and w.tree_actions() == []
    with pytest.raises(ValueError):
        w.run(engine.new_match(seed=1), worker_seed(0, 0), -2, 1.4, 0, 0, 0, 0.0)
    m = engine.new_match(seed=1)
    w.run(m, worker_seed(0, 0), 50, 1.4, 0, 0, 0, 0.0)
    w.run(m, worker_seed(0, 0), 60, 1.4, 0, 0, 0, 0.0)      # a second run replaces the first tree
    assert sum(v for v, _ in w.root_stats().values()) == 60


def test_an_attack_move_cannot_target_the_first_empty_lane():
    bad = {"roster": ["wall"], "initiative": 1,
           "script": [{"move": "attack", "phase": "combat", "lane": "first_empty"}]}
    with pytest.raises(eve.ContentError, match="first_empty"):
        build_engine("tl", **{**PACK, "encounters": {"bad": bad}})


@pytest.mark.parametrize("config", [{"meter_base": 1000}, {"costs": {"attack": 500}}, {"max_rounds": 5000}])
def test_balance_numbers_stay_within_what_a_snapshot_holds(config):
    with pytest.raises(eve.ContentError):
        eve.Engine(config=config)
