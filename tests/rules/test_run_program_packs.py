"""Run programs (rule U19) and a Relic's run triggers (rule U20), on a small run pack of its own:
one act of three floors (fights, then an event, then Sanctums) whose fights a greedy party
wins at once."""
import pytest
from conftest import rule

from eve.core.playout import choose
from eve.testing import build_engine

RULES = {"player_hero_slots": 3, "lanes": 5, "hand_floor": 5, "opening_hand": 5,
         "max_rounds": 40, "max_decisions_per_turn": 100, "meter_base": 2,
         "morality_high": 3, "morality_low": -3, "support_discount": 1, "attack_discount": 1,
         "costs": {"play_support": 2, "deploy": 2, "activate": 1, "attack": 1},
         "run": {"party": 2, "aurorune": 50, "deck_cap": 30, "drift": 1, "relic_cap": 4}}
HEROES = {"ann": {"max_hp": 40, "power": 5, "cards": ["jab", "jab"]},
          "bo": {"max_hp": 30, "power": 5, "cards": ["jab", "ward"]}}
CARDS = {
    "jab": {"kind": "sortilege", "charges": 1, "rarity": "starter", "upgraded": {"charges": 2},
            "on_enter": {"target": "foe", "effect": [{"op": "damage", "n": 1}]}},
    "ward": {"kind": "sortilege", "charges": 1, "rarity": "common",
             "on_enter": {"effect": [{"op": "shield", "to": "own_leader", "n": 1}]}},
    "lamp": {"kind": "relic", "rarity": "special", "aurorune": 10, "run": [
        {"on": "picked_up", "effect": [{"op": "gain_aurorune", "n": 7}]},
        {"on": "fight_won", "effect": [{"op": "restore", "to": "party", "n": 2}]},
        {"on": "act_start", "effect": [{"op": "max_hp", "to": "party", "n": 3}]}]},
}
UNITS = {"dummy": {"kind": "enemy_hero", "max_hp": 1}}
ENCOUNTERS = {"pushover": {"roster": ["rp:dummy"], "script": [{"move": "wait"}]}}
ACT = {"floors": 3, "width": 2, "paths": 1, "elite_floor": 3,
       "nodes": {"fight": 0, "elite": 0, "event": 1, "sanctum": 0, "forge": 0, "shop": 0},
       "fights": ["rp:pushover"], "elites": ["rp:pushover"], "bosses": ["rp:pushover"]}
REWARDS = {n: {"node": n, "aurorune": [5, 5], "cards": 0} for n in ("fight", "elite", "boss")}
SITES = {"sanctum": {"node": "sanctum", "options": [
    {"name": "Rest", "effect": [{"op": "heal_share", "to": "party", "n": 30}]}]}}


def _engine(options, acts=1):
    return build_engine(
        "rp", builtin=False, rules=RULES, heroes=HEROES, cards=CARDS, units=UNITS,
        encounters=ENCOUNTERS,
        acts={f"a{i}": {**ACT, "order": i + 1} for i in range(acts)},
        events={"scene": {"name": "Scene", "options": options}},
        rewards=REWARDS, sites=SITES)


def _to_event(run, seed=0):
    """Play on (greedy fights, first path, skipping rewards) to the act's event."""
    n = 0
    while run.phase != "event":
        assert not run.is_over
        if run.in_fight:
            run.apply(choose(run.match, "greedy", seed + n))
        else:
            run.apply(run.legal_actions()[0] if run.phase != "reward" else
                      [a for a in run.legal_actions() if a.kind == "leave"][0])
        n += 1


def _take(run, option=0, pick=0):
    [a] = [a for a in run.legal_actions()
           if a.kind == "option" and a.source == option and a.target == pick]
    run.apply(a)


@rule("U19")
@pytest.mark.parametrize("effect, check", [
    ([{"op": "hurt", "to": "party", "n": 99}], lambda b, r: all(h["hp"] == 1 for h in r.party)),
    ([{"op": "max_hp", "to": "chosen_hero", "n": 5}],
     lambda b, r: r.party[1]["max_hp"] == b.party[1]["max_hp"] + 5
     and r.party[0]["max_hp"] == b.party[0]["max_hp"]),
    ([{"op": "ambition", "to": "chosen_hero", "n": -2}],
     lambda b, r: r.party[1]["ambition"] == b.party[1]["ambition"] - 2),
    ([{"op": "morality", "to": "party", "n": 3}],
     lambda b, r: all(h["morality"] == g["morality"] + 3 for h, g in zip(r.party, b.party))),
    ([{"op": "gain_aurorune", "n": 40}, {"op": "lose_aurorune", "n": 15}],
     lambda b, r: r.aurorune == b.aurorune + 25),
    ([{"op": "lose_aurorune", "n": 999}], lambda b, r: r.aurorune == 0),
    ([{"op": "add_card", "card": "rp:ward", "n": 2}],
     lambda b, r: r.deck == b.deck + ["rp:ward", "rp:ward"]),
    ([{"op": "gain_relic", "card": "rp:lamp"}], lambda b, r: r.relics == ["rp:lamp"]),
])
def test_run_instructions_change_the_party_purse_and_deck(effect, check):
    run = _engine([{"name": "Go", "target": "hero", "effect": effect}]).new_run(
        1, party=["rp:ann", "rp:bo"])
    _to_event(run)
    before = run.clone()
    _take(run, 0, 1)
    assert check(before, run)
    assert run.phase == "path"


@rule("U19")
def test_card_selectors_pick_the_chosen_or_a_random_deck_card():
    run = _engine([{"name": "Cut", "target": "card", "effect": [
        {"op": "remove_card", "to": "chosen_card"}]},
        {"name": "Hone", "effect": [{"op": "upgrade_card", "to": "random_card"}]}]).new_run(
        1, party=["rp:ann", "rp:bo"])
    _to_event(run)
    other = run.clone()
    _take(run, 0, 3)                        # the deck's fourth card: bo's ward
    assert run.deck == ["rp:jab", "rp:jab", "rp:jab"]
    _take(other, 1, 0)                      # a random card with an upgraded form: a jab
    assert sorted(other.deck) == ["rp:jab", "rp:jab", "rp:jab+", "rp:ward"]


@rule("U19")
def test_random_hero_strikes_one_living_hero():
    run = _engine([{"name": "Trip", "effect": [{"op": "hurt", "to": "random_hero", "n": 4}]}]
                  ).new_run(3, party=["rp:ann", "rp:bo"])
    _to_event(run)
    before = run.party
    _take(run)
    hurt = [i for i, (a, b) in enumerate(zip(before, run.party)) if a["hp"] != b["hp"]]
    assert len(hurt) == 1


@rule("U19")
def test_a_run_instruction_in_a_match_program_is_refused():
    import eve
    with pytest.raises(eve.ContentError):
        build_engine("bad", cards={"x": {"kind": "sortilege", "charges": 1, "on_enter": {
            "effect": [{"op": "gain_aurorune", "n": 1}]}}}, strict=True)


@rule("U20")
def test_a_relics_run_triggers_answer_its_pickup_wins_and_new_acts():
    run = _engine([{"name": "Take", "effect": [{"op": "gain_relic", "card": "rp:lamp"}]}],
                  acts=2).new_run(1, party=["rp:ann", "rp:bo"])
    _to_event(run)
    purse = run.aurorune
    _take(run)
    assert run.relics == ["rp:lamp"] and run.aurorune == purse + 7      # picked_up
    maxes = [h["max_hp"] for h in run.party]
    n = 0
    while run.act == 1 and not run.is_over:
        if run.in_fight:
            hurt = [h["hp"] for h in run.party]
            run.apply(choose(run.match, "greedy", n))
            if not run.in_fight and run.phase != "over":        # a fight won: restore 2
                assert all(h["hp"] >= min(h["max_hp"], a) for h, a in zip(run.party, hurt))
        else:
            acts = run.legal_actions()
            run.apply([a for a in acts if a.kind == "leave"][0] if run.phase == "reward"
                      else acts[0])
        n += 1
    assert run.act == 2
    assert [h["max_hp"] for h in run.party] == [m + 3 for m in maxes]   # act_start
