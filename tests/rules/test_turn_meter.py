"""The round (T..), the Action Meter (M..), leaders, outcome, shield and poison (E..), the Stack
(S..) and the round limit (X01), on a purpose-built pack so that built-in balance never matters."""
import pytest
from conftest import rule

import eve
from eve.core.match import ACTION_KINDS, make_action_code
from eve.testing import action, build_engine, engine_fixture, play, scenario
from eve.testing import events as evs

SHIELD_LEADER = [{"op": "shield", "to": "own_leader", "n": 1}]


def _hero(**kw):
    return {"max_hp": 10, "power": 1, "ambition": 2, "morality": 0, "cards": [], **kw}


ATTACK = [{"move": "attack", "phase": "combat", "lane": 0}]
IDLE = [{"move": "effect", "phase": "main", "target": "own_leader", "effect": [{"op": "heal", "n": 0}]}]


def _idol(on, to):
    return {"kind": "relic", "trigger": {"on": on, "effect": [{"op": "damage", "to": to, "n": 1}]}}


PACK = {
    "heroes": {
        "plain": _hero(), "second": _hero(max_hp=8, power=2, ambition=0),
        "rich": _hero(ambition=5, morality=3), "high": _hero(morality=3), "low": _hero(morality=-3),
        "caster": _hero(ability={"target": "none", "effect": SHIELD_LEADER}),
        "warden": _hero(ability={"target": "none", "reaction": True,
                                 "effect": [{"op": "shield", "to": "own_leader", "n": 3}]}),
        "doomed": _hero(ability={"target": "none", "effect": [
            {"op": "damage", "to": "all_foes", "n": 99},
            {"op": "damage", "to": "all_ally_heroes", "n": 99}]})},
    "cards": {
        "squire": {"kind": "character", "power": 2, "hp": 3},
        "adept": {"kind": "character", "power": 1, "hp": 3,
                  "ability": {"target": "none", "effect": SHIELD_LEADER}},
        "charm": {"kind": "relic"},
        "rite": {"kind": "sortilege", "charges": 2,
                 "ability": {"target": "foe", "effect": [{"op": "damage", "n": 1}]}},
        "guard": {"kind": "sortilege", "keywords": ["reaction"], "charges": 1,
                  "on_enter": {"effect": [{"op": "shield", "to": "own_leader", "n": 3}]}},
        "dawn_idol": _idol("turn_start", "foe_leader"), "dusk_idol": _idol("turn_end", "foe_leader"),
        "hex_idol": _idol("turn_start", "own_leader")},
    "units": {"dummy": {"kind": "enemy_hero", "max_hp": 10, "power": 2},
              "dummy2": {"kind": "enemy_hero", "max_hp": 6, "power": 1},
              "grunt": {"kind": "unit", "hp": 3, "power": 1}},
    "encounters": {
        "brute": {"roster": ["dummy"], "initiative": 1, "script": ATTACK},
        "idle": {"roster": ["dummy"], "initiative": 1, "script": IDLE},
        "duo": {"roster": ["dummy", "dummy2"], "initiative": 1, "script": IDLE},
        "heckler": {"roster": ["dummy"], "initiative": 1, "script": IDLE, "responses": [
            {"on": "deploy", "target": "foe_leader", "effect": [{"op": "damage", "n": 1}]}]},
        "sniper": {"roster": ["dummy"], "initiative": 1, "script": IDLE, "responses": [
            {"on": "deploy", "target": "foe_leader", "effect": [{"op": "damage", "n": 50}]}]},
        "ambush": {"roster": ["dummy"], "initiative": 1, "script": ATTACK, "responses": [
            {"on": "attack", "target": "foe_leader", "effect": [{"op": "damage", "n": 50}]}]}}}
_ENGINES = {}


def engine_with(**config):
    """The pack "tt" under these rules, built once per configuration."""
    key = repr(sorted(config.items()))
    if key not in _ENGINES:
        _ENGINES[key] = build_engine("tt", config=config, **PACK)
    return _ENGINES[key]


eng = engine_fixture("tt", **PACK)


def sc(engine, heroes=("tt:plain",), encounter="tt:brute", **kw):
    return scenario(engine, heroes=list(heroes), encounter=encounter, **kw)

def code(kind, src=0, tgt=255, lane=0):
    if kind in ("pass", "end_phase"):
        src, tgt, lane = 0, 0, 0
    return make_action_code(ACTION_KINDS[kind], src, tgt, lane)

def play_nth(m, i=0, lane=0):
    """Play the i-th card of the Rift (a character to `lane`)."""
    play(m, m.zone_cards("rift")[i], lane=lane)

def end_player_turn(m):
    """End the player's phases until the turn is over (or a response window opens)."""
    r = m.round
    while not m.is_over and m.active_side == "player" and m.round == r and not m.stack:
        m.apply(action(m, "end_phase"))

def phases(m):
    return [(e.side, e.a, e.b) for e in m.events if e.kind == "phase"]

def index_of(m, pred, start=0):
    for i, e in enumerate(m.events):
        if i >= start and pred(e):
            return i
    raise AssertionError("event not found")

def illegal(m, c):
    h, meter, n = m.state_hash(), m.meter, len(m.events)
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(c)
    assert (m.state_hash(), m.meter, len(m.events)) == (h, meter, n)
    return ei.value.code

def hp(m, unit):
    return m.heroes("player" if unit < 16 else "encounter")[unit & 15]["hp"]


# ---------------- the round ----------------

@rule("T01", "T15")
def test_player_takes_first_turn_then_encounter(eng):
    m = eng.new_match(seed=3, heroes=["tt:caster"], encounter="tt:brute")
    assert (m.active_side, m.round, m.phase) == ("player", 1, "main")
    end_player_turn(m)
    ph = phases(m)
    i_end = ph.index(("player", 3, 1))
    assert ph[i_end + 1:i_end + 5] == [("encounter", p, 1) for p in range(4)]
    assert ph[i_end + 5] == ("player", 0, 2)            # the next round starts with the player
    assert (m.active_side, m.round) == ("player", 2)
    assert hp(m, 0) == 8                  # the Encounter really acted (brute, power 2)

@rule("T02", "T08")
def test_each_side_runs_the_four_phases_in_order(eng):
    m = sc(eng, heroes=["tt:caster"])
    end_player_turn(m)
    ph = phases(m)
    assert [p for s, p, r in ph if s == "encounter"] == [0, 1, 2, 3]
    assert [p for s, p, r in ph if s == "player"] == [2, 3, 0, 1]
    combat = index_of(m, lambda e: e.kind == "phase" and e.side == "encounter" and e.a == 2)
    end = index_of(m, lambda e: e.kind == "phase" and e.side == "encounter" and e.a == 3)
    dmg = index_of(m, lambda e: e.kind == "damage" and e.a == 0)
    assert combat < dmg < end

@rule("T03", "M07")
def test_beginning_refills_meter_without_carryover(eng):
    m = sc(eng, heroes=["tt:caster"], phase="beginning", meter={"capacity": 9, "spent": 5},
           advance=True)
    assert m.phase == "main"
    assert (m.meter["capacity"], m.meter["spent"], m.meter["remaining"]) == (4, 0, 4)

@rule("T03", "M07")
def test_unspent_meter_does_not_carry_over(eng):
    m = sc(eng, meter={"capacity": 4, "spent": 1})
    end_player_turn(m)
    assert m.round == 2
    assert m.meter["capacity"] == 4 and m.meter["spent"] == 0 and m.meter["regen"] == 0
    assert [e.a for e in evs(m, "meter")] == [4]

@rule("T03", "M01")
def test_meter_seeded_from_first_living_when_leader_dead(eng):
    m = sc(eng, heroes=["tt:plain", "tt:rich"], hero_state={0: {"alive": 0}}, phase="beginning",
           advance=True)
    assert m.meter["capacity"] == 7
    assert m.meter["costs"]["play_support"] == 1

@rule("T04")
def test_turn_start_relic_fires_at_beginning_before_main_once_per_round(eng):
    m = sc(eng, encounter="tt:idle", lattice=["tt:dawn_idol"], phase="beginning", advance=True)
    assert hp(m, 16) == 9
    dmg = index_of(m, lambda e: e.kind == "damage" and e.a == 16)
    main = index_of(m, lambda e: e.kind == "phase" and e.side == "player" and e.a == 1)
    assert dmg < main
    end_player_turn(m)
    assert m.round == 2 and hp(m, 16) == 8

@rule("T05", "S02")
def test_proactive_action_goes_on_stack_with_window_for_encounter(eng):
    m = sc(eng, rift=["tt:squire"])
    n0 = len(m.events)
    play_nth(m, 0, lane=1)
    kinds = [(e.kind, e.side) for e in m.events[n0:] if e.kind in ("push", "pass", "resolve")]
    assert kinds[:4] == [("push", "player"), ("pass", "encounter"), ("pass", "player"),
                         ("resolve", "player")]
    assert m.characters()[1]["id"] == "tt:squire" and m.stack == []

@rule("T05", "S02")
def test_stack_resolves_last_in_first_out(eng):
    m = sc(eng, encounter="tt:heckler", rift=["tt:squire"])
    play_nth(m, 0, lane=0)
    pushes = [(e.side, e.a) for e in evs(m, "push")]
    resolves = [(e.side, e.a) for e in evs(m, "resolve")]
    assert pushes == [("player", 1), ("encounter", 4)]
    assert resolves == [("encounter", 4), ("player", 1)]
    dmg = index_of(m, lambda e: e.kind == "damage" and e.a == 0)
    summon = index_of(m, lambda e: e.kind == "summon")
    assert dmg < summon and hp(m, 0) == 9

@rule("T06", "S01", "M08")
def test_meter_debited_at_commit_while_item_still_on_stack(eng):
    m = sc(eng, rift=["tt:squire", "tt:guard"])
    play_nth(m, 0, lane=0)
    # the guard (a reaction) holds the player in a window: the deploy has not resolved yet
    assert len(m.stack) == 1 and m.stack[0]["kind"] == "card"
    assert m.characters()[0] is None
    assert m.meter["spent"] == 2

@rule("T06", "M04")
def test_each_category_debits_its_own_cost():
    e = engine_with(costs={"play_support": 4, "deploy": 3, "activate": 2, "attack": 1})
    m = sc(e, heroes=["tt:caster"], encounter="tt:idle", meter={"capacity": 30},
           rift=["tt:charm", "tt:rite", "tt:squire"], player_lanes={1: "tt:adept"})
    steps = [lambda: play_nth(m, 0), lambda: play_nth(m, 0), lambda: play_nth(m, 0, lane=0),
             lambda: m.apply(action(m, "activate", 0)),
             lambda: m.apply(action(m, "activate", 9)),
             lambda: m.apply(action(m, "activate", 64 + m.zone_cards("lattice")[-1])),
             lambda: m.apply(action(m, "end_phase")),
             lambda: m.apply(action(m, "attack", 0, lane=3))]
    spent = []
    for s in steps:
        before = m.meter["spent"]
        s()
        spent.append(m.meter["spent"] - before)
    assert spent == [4, 4, 3, 2, 2, 2, 0, 1]

@rule("M04")
def test_default_costs_come_from_rules_toml(eng):
    m = sc(eng)
    assert m.meter["costs"] == {"play_support": 2, "deploy": 2, "activate": 1, "attack": 1}
    assert eng.config["costs"] == m.meter["costs"]
    e = engine_with(costs={"deploy": 5})
    assert sc(e).meter["costs"]["deploy"] == 5

@rule("T07", "M09")
def test_main_auto_advances_when_nothing_affordable_remains(eng):
    m = sc(eng, rift=["tt:squire", "tt:squire"], meter={"capacity": 3})
    play_nth(m, 0, lane=0)
    assert m.phase == "combat" and m.active_side == "player" and m.meter["remaining"] == 1
    summon = index_of(m, lambda e: e.kind == "summon")
    combat = index_of(m, lambda e: e.kind == "phase" and e.a == 2)
    assert summon < combat

@rule("T07", "M09")
def test_main_does_not_advance_while_something_is_affordable(eng):
    m = sc(eng, heroes=["tt:caster"], rift=["tt:squire", "tt:squire"], meter={"capacity": 3})
    play_nth(m, 0, lane=0)
    assert m.phase == "main"            # the hero's ability (1) is still affordable
    m.apply(action(m, "activate", 0))
    assert ("player", 2, 1) in phases(m)

@rule("T07")
def test_acting_side_may_end_phases_early(eng):
    m = sc(eng, rift=["tt:squire"])
    assert any(a.kind == "play" for a in m.legal_actions())
    m.apply(action(m, "end_phase"))
    assert m.phase == "combat" and m.meter["spent"] == 0
    assert any(a.kind == "attack" for a in m.legal_actions())
    m.apply(action(m, "end_phase"))
    assert m.round == 2 and m.zone("rift") == ["tt:squire"]

@rule("T08", "S05", "S02")
def test_attack_is_a_stack_item_with_a_window(eng):
    m = sc(eng, phase="combat", enemy_lanes={2: "tt:grunt"})
    n0 = len(m.events)
    m.apply(action(m, "attack", 0, lane=2))
    seq = [(e.kind, e.side, e.a) for e in m.events[n0:] if e.kind in ("push", "pass", "resolve")]
    assert seq[:3] == [("push", "player", 3), ("pass", "encounter", 1), ("pass", "player", 1)]
    assert seq[3] == ("resolve", "player", 3)

@rule("T08", "M09")
def test_combat_auto_advances_once_meter_is_empty(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], encounter="tt:idle", phase="combat",
           meter={"capacity": 1})
    m.apply(action(m, "attack", 0, lane=0))
    assert ("player", 3, 1) in phases(m)
    assert m.round == 2 and m.active_side == "player"

@rule("T09", "E14")
def test_end_runs_turn_end_triggers_then_poison(eng):
    m = sc(eng, encounter="tt:idle", lattice=["tt:dusk_idol"], hero_state={0: {"poison": 2}})
    end_player_turn(m)
    end = index_of(m, lambda e: e.kind == "phase" and e.side == "player" and e.a == 3)
    trig = index_of(m, lambda e: e.kind == "damage" and e.a == 16, end)
    pois = index_of(m, lambda e: e.kind == "damage" and e.a == 0, end)
    enc = index_of(m, lambda e: e.kind == "phase" and e.side == "encounter" and e.a == 0)
    assert end < trig < pois < enc
    assert hp(m, 16) == 9 and hp(m, 0) == 8 and m.heroes()[0]["poison"] == 1

@rule("T10", "E02")
def test_win_needs_every_enemy_hero_dead(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], encounter="tt:duo", phase="combat",
           enemy_state={0: {"hp": 1}, 1: {"hp": 2}})
    m.apply(action(m, "attack", 0, lane=0))
    assert not m.heroes("encounter")[0]["alive"] and not m.is_over
    m.apply(action(m, "attack", 1, lane=0))            # lands on the next living enemy hero
    assert m.outcome == "win"

@rule("T11")
@pytest.mark.parametrize("hand,drawn", [(2, 3), (4, 1), (5, 0), (6, 0)])
def test_end_draws_up_to_hand_floor(eng, hand, drawn):
    m = sc(eng, encounter="tt:idle", rift=["tt:squire"] * hand, archive=["tt:charm"] * 6)
    end_player_turn(m)
    assert len(m.zone("rift")) == hand + drawn
    assert len(m.zone("archive")) == 6 - drawn
    end = index_of(m, lambda e: e.kind == "phase" and e.side == "player" and e.a == 3)
    enc = index_of(m, lambda e: e.kind == "phase" and e.side == "encounter" and e.a == 0)
    draws = [i for i, e in enumerate(m.events) if e.kind == "move" and (e.b, e.c) == (1, 2)]
    assert len(draws) == drawn and all(end < i < enc for i in draws)

@rule("T16", "M05", "S02")
def test_player_responds_during_encounter_turn_for_free(eng):
    m = sc(eng, rift=["tt:guard", "tt:guard", "tt:squire"], meter={"capacity": 4, "spent": 4})
    m.apply(action(m, "end_phase"))
    # stopped in the Encounter's combat: its attack is on the Stack and the player holds priority
    assert (m.active_side, m.phase, m.priority) == ("encounter", "combat", "player")
    assert [(s["side"], s["kind"]) for s in m.stack] == [("encounter", "attack")]
    kinds = {(a.kind, m.card_id(a.source) if a.kind == "play" else None) for a in m.legal_actions()}
    assert kinds == {("pass", None), ("play", "tt:guard")}      # the squire is not a reaction
    play_nth(m, 0)
    assert m.meter["spent"] == 4 and len(m.stack) == 2          # free, and the window reopens
    m.apply(action(m, "pass"))
    assert len(m.stack) == 1
    m.apply(action(m, "pass"))
    res = [(e.side, e.a) for e in evs(m, "resolve")]
    assert res[:2] == [("player", 1), ("encounter", 3)]           # LIFO: the guard first
    assert [(e.b, e.c) for e in evs(m, "damage") if e.a == 0] == [(0, 2)]
    assert hp(m, 0) == 10 and m.heroes()[0]["shield"] == 0         # absorbed, cleared next turn

@rule("M05")
def test_reaction_in_own_turn_and_reaction_ability_are_free(eng):
    m = sc(eng, heroes=["tt:warden"], rift=["tt:squire", "tt:guard"])
    play_nth(m, 0, lane=0)
    assert m.meter["spent"] == 2 and m.stack
    play_nth(m, 0)                                     # the guard, over our own deploy
    assert m.meter["spent"] == 2
    m2 = sc(eng, heroes=["tt:warden"], rift=["tt:guard"], meter={"capacity": 4, "spent": 4})
    m2.apply(action(m2, "end_phase"))
    assert m2.active_side == "encounter" and m2.stack
    m2.apply(action(m2, "activate", 0))
    assert m2.meter["spent"] == 4 and len(m2.stack) == 2

@rule("T17")
def test_player_life_sums_living_heroes(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second", "tt:rich"],
           hero_state={0: {"hp": 7}, 1: {"hp": 5}, 2: {"alive": 0, "hp": 4}})
    assert m.player_life == 12
    end_player_turn(m)                                    # brute hits the leader for 2
    assert m.player_life == 10

@rule("T18", "T10")
def test_fallen_hero_is_reported_and_stays_gone(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], encounter="tt:idle",
           hero_state={0: {"hp": 1, "poison": 1}})
    end_player_turn(m)
    assert not m.is_over and m.outcome is None and m.heroes()[1]["alive"]   # one hero lives
    assert m.fallen() == ["tt:plain"]
    h = m.heroes()[0]
    assert (h["alive"], h["hp"]) == (False, 0)
    assert [e.a for e in evs(m, "hero_falls")] == [0]
    assert m.phase == "combat"                   # nothing affordable in Main: straight to Combat
    assert {a.source for a in m.legal_actions() if a.kind == "attack"} == {1}
    end_player_turn(m)
    assert m.fallen() == ["tt:plain"] and not m.heroes()[0]["alive"]

@rule("T19")
@pytest.mark.parametrize("leader,state,hit", [
    (None, {}, 0), (1, {}, 1), (None, {0: {"alive": 0}}, 1), (2, {2: {"alive": 0}}, 0)])
def test_damage_to_player_lands_on_leader_else_first_living(eng, leader, state, hit):
    m = sc(eng, heroes=["tt:plain", "tt:second", "tt:rich"], leader=leader, hero_state=state)
    before = [h["hp"] for h in m.heroes()]
    end_player_turn(m)
    after = [h["hp"] for h in m.heroes()]
    assert [b - a for b, a in zip(before, after)] == [2 if i == hit else 0 for i in range(3)]

@rule("T20", "E03")
def test_last_hero_falling_loses_at_once(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], hero_state={0: {"hp": 2}, 1: {"alive": 0}})
    end_player_turn(m)
    assert m.is_over and m.outcome == "loss" and m.legal_actions() == []
    assert evs(m, "outcome")[-1].a == 2
    # checked at the resolution: the Encounter's End never ran
    assert ("encounter", 3, 1) not in phases(m)
    assert illegal(m, code("end_phase")) == 1


# ---------------- the Action Meter ----------------

@rule("M01", "E01")
def test_meter_seeded_from_leader_hero(eng):
    m = eng.new_match(heroes=["tt:plain", "tt:rich"], encounter="tt:idle")
    assert m.meter["capacity"] == 4 and m.meter["costs"]["play_support"] == 2
    assert [h["leader"] for h in m.heroes()] == [True, False]
    assert [h["leader"] for h in m.heroes("encounter")] == [True]
    m = sc(eng, heroes=["tt:plain", "tt:rich"], leader=1)
    assert m.meter["capacity"] == 7 and m.meter["costs"]["play_support"] == 1
    m = sc(eng, hero_state={0: {"ambition": 4, "morality": -3}})       # the hero's current values
    assert m.meter["capacity"] == 6 and m.meter["costs"]["attack"] == 0

@rule("M02")
@pytest.mark.parametrize("ambition,cap", [(5, 7), (1, 3), (0, 2), (-1, 1), (-2, 1), (-9, 1)])
def test_capacity_is_base_plus_ambition_floored_at_cheapest_cost(eng, ambition, cap):
    m = sc(eng, hero_state={0: {"ambition": ambition}}, phase="beginning", advance=True)
    assert m.meter["capacity"] == cap

@rule("M02")
def test_floor_is_cheapest_cost_of_that_hero_and_base_is_config():
    e = engine_with(costs={"play_support": 3, "deploy": 3, "activate": 3, "attack": 3})
    cap = lambda **st: sc(e, hero_state={0: st}).meter["capacity"]
    assert cap(ambition=-5) == 3
    assert cap(ambition=1) == 3 and cap(ambition=2) == 4
    assert cap(ambition=-5, morality=3) == 3      # play_support biased to 2: not the hero's own
    assert cap(ambition=-5, morality=-3) == 2                   # attack biased to 2
    assert cap(ambition=-5, morality=-2) == 3
    assert sc(engine_with(meter_base=4), hero_state={0: {"ambition": 1}}).meter["capacity"] == 5

@rule("M02")
def test_floor_is_a_category_the_seeding_hero_can_use_itself():
    # a cheap deploy is no floor: with no character in hand the hero could not act at all
    costs = {"play_support": 1, "deploy": 1, "activate": 2, "attack": 4}
    e = engine_with(costs=costs, meter_base=0)
    plain = sc(e, hero_state={0: {"ambition": 0}}, phase="beginning", advance=True)
    assert plain.meter["capacity"] == 4          # attack: every living hero may attack once
    assert plain.phase == "main" or plain.phase == "combat"
    caster = sc(e, heroes=["tt:caster"], hero_state={0: {"ambition": 0}}, phase="beginning",
                advance=True)
    assert caster.meter["capacity"] == 2         # its own ability is cheaper than an attack
    m = sc(e, hero_state={0: {"ambition": 0}}, phase="combat")
    assert any(a.kind == "attack" for a in m.legal_actions())


@rule("M02", "M03", "S05")
def test_zero_floor_hero_still_attacks_once_per_attacker():
    e = engine_with(attack_discount=5)
    m = sc(e, heroes=["tt:plain", "tt:second"], encounter="tt:idle",
           hero_state={0: {"ambition": -4, "morality": -3}}, phase="beginning", advance=True)
    assert m.meter["capacity"] == 0 and m.meter["costs"]["attack"] == 0
    assert m.phase == "combat"                   # nothing in Main was affordable
    m.apply(action(m, "attack", 0, lane=0))
    assert m.meter["spent"] == 0 and m.phase == "combat"
    assert illegal(m, code("attack", 0, 255, 1)) == 18
    assert {a.source for a in m.legal_actions() if a.kind == "attack"} == {1}
    m.apply(action(m, "attack", 1, lane=0))
    assert m.round == 2                          # combat advanced: every attacker used

@rule("M03")
@pytest.mark.parametrize("morality,support,attack", [
    (4, 1, 1), (3, 1, 1), (2, 2, 1), (0, 2, 1), (-2, 2, 1), (-3, 2, 0), (-7, 2, 0)])
def test_morality_biases_costs(eng, morality, support, attack):
    m = sc(eng, hero_state={0: {"morality": morality}})
    assert m.meter["costs"] == {"play_support": support, "deploy": 2, "activate": 1,
                                "attack": attack}

@rule("M03")
def test_costs_never_drop_below_zero():
    m = sc(engine_with(attack_discount=5), hero_state={0: {"morality": -3}})
    assert m.meter["costs"]["attack"] == 0
    m = sc(engine_with(support_discount=5), hero_state={0: {"morality": 3}})
    assert m.meter["costs"]["play_support"] == 0
    m = sc(engine_with(costs={"play_support": 0}), hero_state={0: {"morality": 3}})
    assert m.meter["costs"]["play_support"] == 0

@rule("M03")
def test_thresholds_come_from_config():
    e = engine_with(morality_high=5, morality_low=-5)
    assert sc(e, hero_state={0: {"morality": 4}}).meter["costs"]["play_support"] == 2
    assert sc(e, hero_state={0: {"morality": -4}}).meter["costs"]["attack"] == 1
    assert sc(e, hero_state={0: {"morality": 5}}).meter["costs"]["play_support"] == 1

@rule("M03", "T06")
def test_biased_cost_is_what_is_debited(eng):
    m = sc(eng, heroes=["tt:high"], rift=["tt:charm"])
    play_nth(m, 0)
    assert m.meter["spent"] == 1
    m = sc(eng, heroes=["tt:low", "tt:second"], phase="combat", meter={"capacity": 1})
    m.apply(action(m, "attack", 0, lane=0))
    assert m.meter["spent"] == 0 and m.phase == "combat"

@rule("M06", "E01")
def test_leader_falling_mid_turn_changes_next_turns_meter(eng):
    m = sc(eng, heroes=["tt:plain", "tt:rich"], encounter="tt:sniper", rift=["tt:squire"],
           meter={"capacity": 6})
    before = m.meter
    play_nth(m, 0, lane=0)
    assert not m.heroes()[0]["alive"] and m.heroes()[1]["leader"]
    assert ("leader", "player", 1) in [(e.kind, e.side, e.a) for e in evs(m, "leader")]
    assert m.meter["capacity"] == before["capacity"] and m.meter["costs"] == before["costs"]
    assert m.meter["spent"] == 2
    end_player_turn(m)
    assert m.meter["capacity"] == 7 and m.meter["costs"]["play_support"] == 1

@rule("M06", "E01")
@pytest.mark.parametrize("leader,dead,events", [(None, {1: {"alive": 0}}, [2]), (2, {}, [])])
def test_leadership_passes_in_slot_order_only_when_leader_falls(eng, leader, dead, events):
    m = sc(eng, heroes=["tt:plain", "tt:second", "tt:rich"], encounter="tt:idle", leader=leader,
           hero_state={0: {"hp": 1, "poison": 1}, **dead})
    end_player_turn(m)
    assert not m.heroes()[0]["alive"]
    assert [h["leader"] for h in m.heroes()] == [False, False, True]
    assert [e.a for e in evs(m, "leader")] == events
    assert m.meter["capacity"] == 7                    # the meter now seeds from "rich"

@rule("M08", "S01")
def test_unaffordable_action_is_rejected_without_change(eng):
    m = sc(eng, rift=["tt:squire"], meter={"capacity": 3, "spent": 2})
    c = code("play", m.zone_cards("rift")[0], 255, 0)
    assert m.check(c) == 10
    assert not any(a.kind == "play" for a in m.legal_actions())
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(c)
    assert "not affordable" in ei.value.reason
    assert illegal(m, c) == 10
    assert m.zone("rift") == ["tt:squire"] and m.meter["spent"] == 2
    m = sc(eng, phase="combat", meter={"capacity": 2, "spent": 2})
    assert illegal(m, code("attack", 0, 255, 0)) == 10 and not m.heroes()[0]["attacked"]

@rule("M09", "M08")
def test_exactly_affordable_play_then_empty_meter_ends_the_turn(eng):
    m = sc(eng, encounter="tt:idle", rift=["tt:squire"], meter={"capacity": 4, "spent": 2})
    play_nth(m, 0, lane=0)                            # 2 + 2 == capacity: affordable
    assert m.characters()[0]["id"] == "tt:squire"
    assert [p for s, p, r in phases(m) if (s, r) == ("player", 1)] == [2, 3]
    assert (m.round, m.active_side) == (2, "player")

@rule("M09", "S02")
def test_empty_meter_waits_for_the_stack(eng):
    m = sc(eng, encounter="tt:idle", rift=["tt:squire", "tt:guard"], meter={"capacity": 2})
    play_nth(m, 0, lane=0)
    assert m.meter["remaining"] == 0 and m.phase == "main" and len(m.stack) == 1
    assert evs(m, "resolve") == []                # one pass only: nothing resolved yet
    m.apply(action(m, "pass"))
    assert m.characters()[0] is not None and ("player", 3, 1) in phases(m)

@rule("M10")
def test_effects_never_touch_the_meter(eng):
    m = sc(eng, heroes=["tt:caster"], encounter="tt:heckler", rift=["tt:squire"],
           lattice=["tt:dawn_idol", "tt:dusk_idol"], phase="beginning", advance=True)
    assert m.meter["capacity"] == 4 and m.meter["spent"] == 0     # the turn_start trigger ran
    init = m.initiative
    play_nth(m, 0, lane=0)                           # deploy + the Encounter's damaging response
    m.apply(action(m, "activate", 0))       # a shield effect
    assert m.meter == {"capacity": 4, "spent": 3, "remaining": 1, "regen": 0,
                       "costs": {"play_support": 2, "deploy": 2, "activate": 1, "attack": 1}}
    assert m.initiative == init

@rule("M11")
def test_meter_is_part_of_hash_and_clone(eng):
    two = ["tt:plain", "tt:second"]
    a = sc(eng, heroes=two, meter={"capacity": 4, "spent": 1})
    b = sc(eng, heroes=two, meter={"capacity": 4, "spent": 1})
    c = sc(eng, heroes=two, meter={"capacity": 4, "spent": 2})
    d = sc(eng, heroes=two, meter={"capacity": 5, "spent": 1})
    assert a.state_hash() == b.state_hash()
    assert len({a.state_hash(), c.state_hash(), d.state_hash()}) == 3
    k = c.clone()
    assert k.meter == c.meter and k.state_hash() == c.state_hash()
    k.apply(action(k, "end_phase"))
    k.apply(action(k, "attack", 0, lane=0))
    assert k.meter["spent"] == 3 and c.meter["spent"] == 2


# ---------------- entities, Stack, combat ----------------

@rule("E02")
@pytest.mark.parametrize("state,hit", [({}, 0), ({0: {"alive": 0}}, 1)])
def test_damage_to_encounter_lands_on_leader_else_first_living(eng, state, hit):
    m = sc(eng, heroes=["tt:second"], encounter="tt:duo", phase="combat", enemy_state=state)
    before = [h["hp"] for h in m.heroes("encounter")]
    m.apply(action(m, "attack", 0, lane=4))
    lost = [b - h["hp"] for b, h in zip(before, m.heroes("encounter"))]
    assert lost == [2 if i == hit else 0 for i in range(2)]

@rule("E01", "E02")
def test_enemy_leadership_passes_when_its_leader_falls(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], encounter="tt:duo", phase="combat",
           enemy_state={0: {"hp": 1}})
    m.apply(action(m, "attack", 0, lane=0))
    assert [h["leader"] for h in m.heroes("encounter")] == [False, True]
    assert ("encounter", 1) in [(e.side, e.a) for e in evs(m, "leader")]

@rule("E03")
def test_outcome_checked_right_after_resolution(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], phase="combat", enemy_state={0: {"hp": 1}})
    m.apply(action(m, "attack", 0, lane=0))
    assert m.outcome == "win" and m.phase == "combat" and m.round == 1
    assert m.legal_actions() == []
    assert illegal(m, code("attack", 1, 255, 0)) == 1

@rule("E03", "T09")
def test_turn_end_trigger_win_is_decided_before_the_poison_tick(eng):
    # the Relic trigger resolves first and empties the Encounter: the match is won there, and the
    # poison tick that follows in the same End must not turn it into a loss
    m = sc(eng, encounter="tt:idle", lattice=["tt:dusk_idol"], enemy_state={0: {"hp": 1}},
           hero_state={0: {"hp": 1, "poison": 1}})
    end_player_turn(m)
    assert not m.heroes("encounter")[0]["alive"]
    assert m.outcome == "win"

@rule("E03", "T04")
def test_turn_start_trigger_win_is_decided_before_the_next_trigger(eng):
    m = sc(eng, lattice=["tt:dawn_idol", "tt:hex_idol"], enemy_state={0: {"hp": 1}},
           hero_state={0: {"hp": 1}}, phase="beginning", advance=True)
    assert not m.heroes("encounter")[0]["alive"]
    assert m.outcome == "win"

@rule("E03", "T20")
def test_both_sides_emptied_at_once_is_a_loss(eng):
    m = sc(eng, heroes=["tt:doomed"])
    m.apply(action(m, "activate", 0))
    assert not m.heroes()[0]["alive"] and not m.heroes("encounter")[0]["alive"]
    assert m.outcome == "loss"

@rule("E13")
@pytest.mark.parametrize("shield,lost,absorbed", [(5, 0, 2), (2, 0, 2), (1, 1, 1), (0, 2, 0)])
def test_shield_absorbs_before_hp_and_clears_at_owners_turn(eng, shield, lost, absorbed):
    m = sc(eng, hero_state={0: {"shield": shield}})
    end_player_turn(m)                                  # brute (2) hits the leader in its turn
    d = [e for e in evs(m, "damage") if e.a == 0]
    assert [(e.b, e.c) for e in d] == [(lost, absorbed)]
    assert hp(m, 0) == 10 - lost and m.heroes()[0]["shield"] == 0

@rule("E13")
def test_shield_only_cleared_at_its_own_sides_beginning(eng):
    m = sc(eng, heroes=["tt:caster", "tt:second"], hero_state={0: {"shield": 4}},
           enemy_state={0: {"shield": 4}}, phase="beginning", advance=True)
    assert m.heroes()[0]["shield"] == 0 and m.heroes("encounter")[0]["shield"] == 4
    m.apply(action(m, "end_phase"))
    m.apply(action(m, "attack", 0, lane=0))
    assert m.heroes("encounter")[0]["shield"] == 3 and hp(m, 16) == 10
    end_player_turn(m)
    assert m.heroes("encounter")[0]["shield"] == 0

@rule("E14")
def test_poison_ticks_at_own_end_through_shield(eng):
    m = sc(eng, encounter="tt:idle", hero_state={0: {"poison": 3, "shield": 5}})
    end_player_turn(m)
    d = [e for e in evs(m, "damage") if e.a == 0]
    assert [(e.b, e.c) for e in d] == [(3, 0)]                  # once per round, shield ignored
    assert hp(m, 0) == 7 and m.heroes()[0]["poison"] == 2
    end_player_turn(m)
    assert hp(m, 0) == 5 and m.heroes()[0]["poison"] == 1

@rule("E14")
def test_enemy_poison_ticks_at_encounter_end(eng):
    m = sc(eng, encounter="tt:idle", enemy_state={0: {"poison": 2}},
           enemy_lanes={1: {"id": "tt:grunt", "poison": 1}})
    end_player_turn(m)
    enc_end = index_of(m, lambda e: e.kind == "phase" and e.side == "encounter" and e.a == 3)
    d = [(i, e.a, e.b) for i, e in enumerate(m.events) if e.kind == "damage" and e.a in (16, 25)]
    assert [(a, b) for i, a, b in d] == [(16, 2), (25, 1)] and all(i > enc_end for i, a, b in d)
    assert m.heroes("encounter")[0]["poison"] == 1 and m.characters("encounter")[1]["poison"] == 0

@rule("S01")
def test_proactive_only_in_its_phase_and_with_an_empty_stack(eng):
    m = sc(eng, rift=["tt:squire"])
    assert illegal(m, code("attack", 0, 255, 0)) == 6
    m.apply(action(m, "end_phase"))
    assert illegal(m, code("play", m.zone_cards("rift")[0], 255, 0)) == 6
    m = sc(eng, rift=["tt:squire", "tt:squire", "tt:guard"])
    play_nth(m, 0, lane=0)
    assert m.stack
    assert illegal(m, code("end_phase")) == 5
    assert illegal(m, code("play", m.zone_cards("rift")[0], 255, 1)) == 9

@rule("S01", "T16")
def test_no_proactive_action_in_the_encounters_turn(eng):
    m = sc(eng, rift=["tt:squire", "tt:guard"])
    m.apply(action(m, "end_phase"))
    m.apply(action(m, "end_phase"))
    assert m.active_side == "encounter" and m.stack
    squire = [c for c in m.zone_cards("rift") if m.card_id(c) == "tt:squire"][0]
    assert illegal(m, code("play", squire, 255, 1)) == 9
    assert illegal(m, code("end_phase")) == 5
    m2 = sc(eng, rift=["tt:squire"], active="encounter")
    assert illegal(m2, code("end_phase")) == 4
    assert illegal(m2, code("play", m2.zone_cards("rift")[0], 255, 1)) == 4

@rule("S02")
def test_acting_side_holds_priority_after_a_resolution(eng):
    m = sc(eng, encounter="tt:heckler", rift=["tt:squire", "tt:guard"])
    play_nth(m, 0, lane=0)
    assert [s["kind"] for s in m.stack] == ["card", "move"]
    m.apply(action(m, "pass"))
    # the heckler's response resolved; the deploy is still there and the player (acting) decides
    assert [s["kind"] for s in m.stack] == ["card"] and m.priority == "player"
    last = index_of(m, lambda e: e.kind == "resolve")
    assert [e.kind for e in m.events[last + 1:] if e.kind in ("pass", "push")] == []
    m.apply(action(m, "pass"))
    tail = [(e.kind, e.side) for e in m.events[last + 1:] if e.kind in ("pass", "resolve")]
    assert tail == [("pass", "player"), ("pass", "encounter"), ("resolve", "player")]

@rule("S02")
def test_player_pass_in_encounter_window_lets_it_resolve(eng):
    m = sc(eng, rift=["tt:guard"])
    m.apply(action(m, "end_phase"))
    m.apply(action(m, "end_phase"))
    assert m.stack and evs(m, "resolve") == []
    n0 = len(m.events)
    m.apply(action(m, "pass"))
    seq = [(e.kind, e.side) for e in m.events[n0:] if e.kind in ("pass", "resolve")]
    assert seq[:3] == [("pass", "player"), ("pass", "encounter"), ("resolve", "encounter")]
    assert hp(m, 0) == 8

@rule("S05")
def test_who_may_attack(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second", "tt:rich"], phase="combat",
           hero_state={2: {"alive": 0}},
           player_lanes={0: "tt:squire", 1: {"id": "tt:squire", "ready": 0}})
    atk = [a for a in m.legal_actions() if a.kind == "attack"]
    assert {a.source for a in atk} == {0, 1, 8}
    assert {a.lane for a in atk} == set(range(5))
    assert illegal(m, code("attack", 9, 255, 0)) == 17
    assert illegal(m, code("attack", 2, 255, 0)) == 19

@rule("S05")
def test_attack_hits_the_enemy_character_in_its_lane(eng):
    m = sc(eng, phase="combat", player_lanes={0: "tt:squire"}, enemy_lanes={2: "tt:grunt"})
    m.apply(action(m, "attack", 8, lane=2))
    assert m.characters("encounter")[2]["hp"] == 1 and hp(m, 16) == 10
    m.apply(action(m, "attack", 0, lane=2))
    assert m.characters("encounter")[2] is None
    assert hp(m, 16) == 10

@rule("S05")
def test_once_per_turn_and_again_next_turn(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], encounter="tt:idle", phase="combat")
    m.apply(action(m, "attack", 0, lane=3))
    assert hp(m, 16) == 9 and m.heroes()[0]["attacked"]
    assert illegal(m, code("attack", 0, 255, 1)) == 18
    m.apply(action(m, "attack", 1, lane=3))
    assert m.round == 2                           # every attacker used: combat advanced
    m.apply(action(m, "attack", 0, lane=3))
    assert hp(m, 16) == 6

@rule("S05")
def test_attack_fizzles_when_attacker_is_gone(eng):
    m = sc(eng, heroes=["tt:plain", "tt:second"], encounter="tt:ambush", phase="combat")
    m.apply(action(m, "attack", 0, lane=0))
    assert not m.heroes()[0]["alive"]
    assert [(e.side, e.a) for e in evs(m, "fizzle")] == [("player", 3)]
    assert hp(m, 16) == 10


# ---------------- the end of a match ----------------

@rule("X01")
def test_max_rounds_is_a_timeout_at_end_of_last_round():
    # seed 001: the player loses only when all three heroes are dead, so the cap is neither
    m = sc(engine_with(max_rounds=2), encounter="tt:idle")
    end_player_turn(m)
    assert (m.round, m.is_over) == (2, False)
    end_player_turn(m)
    assert m.outcome == "timeout" and m.round == 2
    assert all(h["alive"] for h in m.heroes()) and m.fallen() == []
    assert ("encounter", 3, 2) in phases(m) and ("player", 0, 3) not in phases(m)
    last = evs(m, "outcome")[-1]
    assert (last.a, last.fields["capped"]) == (3, 1) and m.legal_actions() == []
    again = m.engine.restore(m.snapshot())
    assert again.outcome == "timeout" and again.state_hash() == m.state_hash()

@rule("X01")
def test_default_max_rounds_is_forty(eng):
    m = sc(eng, encounter="tt:idle")
    for _ in range(39):
        end_player_turn(m)
    assert (m.round, m.is_over) == (40, False)
    end_player_turn(m)
    assert m.outcome == "timeout" and m.round == 40
