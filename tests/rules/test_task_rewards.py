"""World Task rewards inside the events that complete them (docs/rules.md W02, W03)."""

from eve.testing import engine_fixture, play, scenario

try:
    from conftest import rule
except ImportError:  # pragma: no cover - tests/ imported as a package
    from tests.conftest import rule

E0, E1 = 16, 17          # the Encounter's hero slots 0 and 1 (unit ids)

PACK = dict(
    requires=["core"],
    heroes={"hero": {"max_hp": 10, "power": 1, "ambition": 3, "morality": 0, "cards": ["jab"]}},
    cards={
        # an on-enter strike of 3: completes "bleed" (3 damage) in the damage that kills
        "jab": {"kind": "sortilege", "charges": 1,
                "on_enter": {"target": "foe", "effect": [{"op": "damage", "n": 3}]}},
        # playing it completes "scribe" (one card played) on commit, before anything resolves
        "note": {"kind": "sortilege", "charges": 1, "ability": {"target": "none", "effect": [
            {"op": "draw", "n": 1}]}},
    },
    units={"chief": {"kind": "enemy_hero", "max_hp": 10, "power": 4},
           "second": {"kind": "enemy_hero", "max_hp": 10, "power": 4}},
    tasks={"bleed": {"goal": "damage", "threshold": 3,
                     "reward": [{"op": "damage", "to": "foe_leader", "n": 2}]},
           "scribe": {"goal": "cards", "threshold": 1,
                      "reward": [{"op": "damage", "to": "all_foes", "n": 5}]}},
    encounters={
        "pair": {"roster": ["chief", "second"], "initiative": 1,
                 "script": [{"move": "attack", "phase": "combat", "lane": "strongest"}]},
        # answers every card with 10 damage to the player's leader, if it is still there to act
        "vengeful": {"roster": ["chief"], "initiative": 1,
                     "script": [{"move": "attack", "phase": "combat", "lane": "strongest"}],
                     "responses": [{"on": "any", "target": "foe_leader", "per_round": 1,
                                    "effect": [{"op": "damage", "n": 10}]}]},
    })


eng = engine_fixture("tr", **PACK)


def _jab_the_weak_leader(eng):
    """The jab played on the Encounter's leader at 3 hp: its 3 damage complete `bleed`."""
    m = scenario(eng, heroes=["tr:hero"], encounter="tr:pair", rift=["tr:jab"],
                 enemy_state={0: {"hp": 3}}, tasks=[{"id": "tr:bleed"}])
    play(m, "tr:jab", E0)
    return m


@rule("W02")
def test_a_reward_that_kills_inside_the_damage_that_completed_it_fells_the_unit_once(eng):
    m = _jab_the_weak_leader(eng)
    falls = [e for e in m.events if e.kind == "hero_falls"]
    assert [e.a for e in falls] == [E0]                        # once, not twice
    assert [e.side for e in m.events if e.kind == "task_done"] == ["player"]


@rule("W02")
def test_reward_damage_to_the_encounter_goes_to_the_leader_else_the_first_living_hero(eng):
    m = _jab_the_weak_leader(eng)
    hp = {h["unit"]: h["hp"] for h in m.heroes("encounter")}
    assert hp[E0] == 0 and hp[E1] == 10 - 2                  # the reward is not lost


@rule("W03")
def test_an_encounter_whose_last_hero_fell_on_commit_does_not_act(eng):
    # the card's commit completes "scribe": 5 damage to every foe fells the Encounter's only
    # hero before its response rule could answer the card
    m = scenario(eng, heroes=["tr:hero"], encounter="tr:vengeful", rift=["tr:note"],
                 enemy_state={0: {"hp": 5}}, hero_state={0: {"hp": 10}},
                 tasks=[{"id": "tr:scribe"}])
    a = next(a for a in m.legal_actions() if a.kind == "play")
    m.apply(a)
    assert m.outcome == "win"
    assert m.heroes("player")[0]["hp"] == 10                 # nothing answered the card
    assert not [e for e in m.events if e.kind == "push" and e.side == "encounter"]
