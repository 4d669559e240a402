"""Triggers on every card kind, hero, unit and status (rule E19), in real matches: the events,
`who`, `zone`, `card`, `if` with the event's fields, `once` and `every`, and the bounds."""
import pytest
from conftest import rule

from eve.errors import ContentError
from eve.testing import build_engine, engine_fixture, play, resolve, scenario

BOSS_HP = 100


def _sortilege(effect, target="foe"):
    return {"kind": "sortilege", "charges": 1, "on_enter": {"target": target, "effect": effect}}


def _relic(*triggers):
    return {"kind": "relic", "triggers": list(triggers)}


CARDS = {
    # Loot Hoarder: on its death, draw
    "hoarder": {"kind": "character", "power": 1, "hp": 1,
                "triggers": [{"on": "dies", "effect": [{"op": "draw"}]}]},
    # Feel No Pain: whenever a card is exiled, shield 3
    "no_pain": _relic({"on": "exiled", "effect": [{"op": "shield", "to": "own_leader", "n": 3}]}),
    # Kunai: every 3rd attack of yours in a turn, +1 Strength to the leader
    "kunai": _relic({"on": "attack", "who": "ally", "every": 3, "per": "turn", "effect": [
        {"op": "status", "status": "core:strength", "to": "own_leader", "n": 1}]}),
    # a vampire: whenever it deals damage, it heals that much
    "vampire": {"kind": "character", "power": 3, "hp": 9, "keywords": ["swift"], "triggers": [
        {"on": "damage_dealt", "effect": [{"op": "heal", "to": "self", "n": "event.amount"}]}]},
    # a banner: whenever another of your characters enters a lane, it gets +1 power
    "banner": {"kind": "character", "power": 0, "hp": 5, "triggers": [
        {"on": "summoned", "who": "ally", "effect": [{"op": "buff", "n": 1}]}]},
    "squire": {"kind": "character", "power": 1, "hp": 2},
    "sigil": _relic({"on": "card_played", "card": "character", "once": "turn",
                     "effect": [{"op": "damage", "to": "foe_leader", "n": 5}]}),
    "purge": _sortilege([{"op": "exile"}], "ally_character"),
    "bolt": _sortilege([{"op": "damage", "n": 1}]),
    "zap": _sortilege([{"op": "damage", "n": 1}], "ally"),
    "blight": _sortilege([{"op": "damage", "n": 1},
                          {"op": "status", "status": "corpse", "n": 1}]),
    # a card that acts from the Abyss: whenever you play a Sortilege, 2 damage to the foe leader
    "echo": _relic({"on": "card_played", "card": "sortilege", "zone": "abyss",
                    "effect": [{"op": "damage", "to": "foe_leader", "n": 2}]}),
    # feedback: whenever your hero takes damage, damage your leader again (a loop, bounded)
    "feedback": _relic({"on": "damage_taken", "who": "ally", "if": "event.side == 0",
                        "effect": [{"op": "damage", "to": "own_leader", "n": 1}]}),
    "omen": _relic({"on": "foe_turn_start", "effect": [{"op": "damage", "to": "foe_leader",
                                                        "n": 4}]}),
}

STATUSES = {
    # Corpse Explosion: when its unit dies, damage equal to its max hp to all its allies
    "corpse": {"polarity": "debuff", "triggers": [
        {"on": "dies", "effect": [{"op": "damage", "to": "all_foes", "n": "event.max_hp"}]}]},
}


UNITS = {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 0},
         "grunt": {"power": 0, "hp": 6}, "brute_a": {"power": 0, "hp": 10}}
BRUTE = {"max_hp": 40, "power": 4, "cards": []}
PACK = {"requires": ["core"], "heroes": {"brute": BRUTE}, "cards": CARDS, "units": UNITS,
        "encounters": {"idle": {"roster": ["boss"], "initiative": 1, "script": [
            {"move": "effect", "phase": "main", "target": "foe_leader",
             "effect": [{"op": "damage", "n": 0}]}]}},
        "statuses": STATUSES}
eng = engine_fixture("tg", **PACK)


def _match(eng, rift=(), **kw):
    return scenario(eng, heroes=["tg:brute"], encounter="tg:idle", rift=[f"tg:{c}" for c in rift],
                    meter={"capacity": 30}, **kw)


def _boss(m):
    return m.heroes("encounter")[0]


@rule("E19")
def test_loot_hoarder_draws_when_it_dies(eng):
    m = _match(eng, rift=["zap"], archive=["tg:squire"], player_lanes={0: "tg:hoarder"})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 8))
    resolve(m)
    assert [c for c in m.zone("rift")] and m.characters("player")[0] is None
    assert len(m.zone("rift")) == 1 and len(m.zone("archive")) == 0


@rule("E19")
def test_feel_no_pain_shields_whenever_a_card_is_exiled(eng):
    m = _match(eng, rift=["purge"], lattice=["tg:no_pain"], player_lanes={0: "tg:squire"})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 8))
    resolve(m)
    assert m.zone("void") and m.heroes()[0]["shield"] == 3


@rule("E19")
def test_kunai_counts_every_third_attack_within_a_turn(eng):
    lanes = {i: "tg:squire" for i in range(4)}
    m = _match(eng, lattice=["tg:kunai"], player_lanes=lanes, phase="combat")
    for _ in range(4):
        m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source >= 8))
        resolve(m)
    assert m.heroes()[0]["statuses"] == {"core:strength": 1}      # the 3rd, not the 4th
    # the count starts over each turn: two more attacks next turn give nothing yet
    while m.round == 1:
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    while m.phase != "combat":
        m.apply(next(a for a in m.legal_actions() if a.kind == "end_phase"))
    for _ in range(2):
        m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source >= 8))
        resolve(m)
    assert m.heroes()[0]["statuses"] == {"core:strength": 1}


@rule("E19")
def test_damage_dealt_reads_the_events_amount(eng):
    m = _match(eng, player_lanes={0: "tg:vampire"}, phase="combat")
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source == 8))
    resolve(m)
    assert BOSS_HP - _boss(m)["hp"] == 3
    v = m.characters("player")[0]
    assert v["hp"] == 9                        # it was full: healing stops at max hp
    m2 = _match(eng, player_lanes={0: {"id": "tg:vampire", "hp": 2}}, phase="combat")
    m2.apply(next(a for a in m2.legal_actions() if a.kind == "attack" and a.source == 8))
    resolve(m2)
    assert m2.characters("player")[0]["hp"] == 5


@rule("E19")
def test_summoned_allies_and_not_itself(eng):
    m = _match(eng, rift=["banner", "squire"])
    play(m, "banner", lane=0, resolve=True)
    assert m.characters("player")[0]["power"] == 0      # `who = "ally"`: not itself
    play(m, "squire", lane=1, resolve=True)
    assert m.characters("player")[1]["power"] == 2      # the event's unit is the target


@rule("E19")
def test_a_card_kind_filter_and_once_a_turn(eng):
    m = _match(eng, rift=["squire", "squire", "bolt"], lattice=["tg:sigil"])
    play(m, "squire", lane=0, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == 5
    play(m, "squire", lane=1, resolve=True)
    play(m, "bolt", target=16, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == 5 + 1             # once a turn, and bolt is no character


@rule("E19")
def test_a_card_listens_from_the_zone_it_names(eng):
    m = _match(eng, rift=["bolt"], abyss=["tg:echo"])
    play(m, "bolt", target=16, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == 2 + 1              # the echo fired at the play, first
    m2 = _match(eng, rift=["bolt"], lattice=["tg:echo"])
    play(m2, "bolt", target=16, resolve=True)
    assert BOSS_HP - _boss(m2)["hp"] == 1                 # not from the Lattice


@rule("E19", "E18")
def test_corpse_explosion_a_status_trigger_reads_the_dying_units_max_hp(eng):
    m = _match(eng, rift=["blight", "bolt"],
               enemy_lanes={0: {"id": "tg:grunt", "hp": 2}, 1: "tg:brute_a"})
    play(m, "blight", target=24, resolve=True)                        # 1 damage, then the status
    play(m, "bolt", target=24, resolve=True)                          # it dies: 6 (its max hp) to its allies
    e = m.characters("encounter")
    assert e[0] is None and e[1]["hp"] == 10 - 6
    assert BOSS_HP - _boss(m)["hp"] == 6


@rule("E19")
def test_triggers_inside_triggers_are_bounded(eng):
    m = _match(eng, rift=["zap"], lattice=["tg:feedback"])
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 0))
    resolve(m)
    # the zap's 1, then feedback inside feedback, 4 deep (LIMITS["trigger_depth"]), then cut
    from eve.core.tables import LIMITS
    assert m.heroes()[0]["hp"] == 40 - 1 - LIMITS["trigger_depth"] == 35


@rule("E19")
def test_the_foes_turn_start_and_the_match_start(eng):
    e = build_engine("tg", **{**PACK, "heroes": {"brute": {**BRUTE, "triggers": [
        {"on": "match_start", "effect": [{"op": "status", "status": "core:strength",
                                          "to": "self", "n": 2}]}]}}})
    m = e.new_match(seed=1, heroes=["tg:brute"], encounter="tg:idle")
    assert m.heroes()[0]["power"] == 4 + 2
    m = _match(eng, lattice=["tg:omen"])
    while m.round == 1:
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    assert BOSS_HP - _boss(m)["hp"] == 4                  # once, at the Encounter's turn


# ---------------------------------------------------------------- bad triggers

@pytest.mark.parametrize("trigger,path,code", [
    ({"on": "dies", "effect": [{"op": "damage", "n": "event.amountt"}]},
     "cards.tg:x.triggers[0].effect[0].n", "EVE-P015"),
    ({"on": "dies", "once": "week", "effect": [{"op": "draw"}]},
     "cards.tg:x.triggers[0].once", "EVE-P015"),
    ({"on": "dies", "every": 0, "effect": [{"op": "draw"}]},
     "cards.tg:x.triggers[0].every", "EVE-P012"),
    ({"on": "dies", "once": "turn", "every": 2, "effect": [{"op": "draw"}]},
     "cards.tg:x.triggers[0].once", "EVE-P015"),
    ({"on": "dies", "card": "relic", "effect": [{"op": "draw"}]},
     "cards.tg:x.triggers[0].card", "EVE-P021"),
    ({"on": "dies", "zone": "lattice", "effect": [{"op": "draw"}]},
     "cards.tg:x.triggers[0].zone", "EVE-P015"),
    ({"on": "dies"}, "cards.tg:x.triggers[0].effect", "EVE-P020"),
    ({"on": "dyes", "effect": [{"op": "draw"}]}, "cards.tg:x.triggers[0].on", "EVE-P015"),
    ({"on": "foe_turn_end", "who": "self", "effect": [{"op": "draw"}]},
     "cards.tg:x.triggers[0].who", "EVE-P015"),
])
def test_a_bad_trigger_is_refused_naming_its_field(trigger, path, code):
    card = {"kind": "character", "power": 1, "hp": 1, "triggers": [trigger]}
    with pytest.raises(ContentError) as e:
        build_engine("tg", **{**PACK, "cards": {"x": card}, "statuses": {}})
    assert e.value.path == path and e.value.code == code, e.value


def test_the_event_is_read_only_in_a_trigger_and_limits_are_one_an_item_none_on_a_status():
    with pytest.raises(ContentError, match="only in a trigger"):
        build_engine("tg", **{**PACK, "cards": {"x": _sortilege(
            [{"op": "damage", "n": "event.amount"}])}, "statuses": {}})
    two = {"kind": "relic", "triggers": [
        {"on": "drawn", "once": "turn", "effect": [{"op": "draw"}]},
        {"on": "drawn", "every": 2, "effect": [{"op": "draw"}]}]}
    with pytest.raises(ContentError, match="one trigger an item"):
        build_engine("tg", **{**PACK, "cards": {"x": two}, "statuses": {}})
    with pytest.raises(ContentError, match="status's triggers take no"):
        build_engine("tg", **{**PACK, "cards": {}, "statuses": {"s": {
            "polarity": "buff", "triggers": [{"on": "dies", "once": "match",
                                              "effect": [{"op": "draw"}]}]}}})
    many = {"kind": "relic", "triggers": [{"on": "drawn", "effect": [{"op": "draw"}]}] * 9}
    with pytest.raises(ContentError, match="exceed the limit of 8"):
        build_engine("tg", **{**PACK, "cards": {"x": many}, "statuses": {}})


@rule("E19")
def test_a_wide_chain_of_triggers_stops_at_the_budget():
    # every damage to anyone makes each of 4 Relics damage both leaders: 8 damage events a
    # program, 4 programs each, 4 deep, would be over 10,000 programs; the budget of a step
    # stops it (units with hp enough that no one falls first)
    storm = _relic({"on": "damage_taken", "who": "any", "effect": [
        {"op": "damage", "to": "own_leader"}, {"op": "damage", "to": "foe_leader"}]})
    e = build_engine("tg", **{**PACK, "cards": {**CARDS, "storm": storm},
                              "heroes": {"brute": {**BRUTE, "max_hp": 30000}},
                              "units": {**UNITS, "boss": {**UNITS["boss"], "max_hp": 30000}}})
    from eve.core.tables import LIMITS
    m = scenario(e, heroes=["tg:brute"], encounter="tg:idle", rift=["tg:bolt"],
                 lattice=["tg:storm"] * 4, meter={"capacity": 30})
    before = m.n_events
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    resolve(m)
    damage = sum(1 for ev in m.events_since(before) if ev.kind == "damage")
    # the bolt, then 2 damage events a program; at most one budget for the step that resolved
    # it (each of the passes above is a step of its own)
    assert not m.is_over
    assert damage == 1 + 2 * LIMITS["trigger_budget"]


@rule("E17")
def test_killed_reads_the_programs_last_damage_and_my_turn_the_running_sides_turn():
    cards = {**CARDS,
             "finisher": _sortilege([{"op": "damage", "n": 3}, {"op": "if", "cond": "killed",
                                     "then": [{"op": "damage", "to": "foe_leader", "n": 20}]}],
                                    "foe_character"),
             "clock": _relic({"on": "turn_start", "who": "any", "effect": [
                 {"op": "if", "cond": "my_turn", "then": [{"op": "damage", "to": "foe_leader"}],
                  "else": [{"op": "damage", "to": "foe_leader", "n": 10}]}]})}
    e = build_engine("tg", **{**PACK, "cards": cards})
    m = scenario(e, heroes=["tg:brute"], encounter="tg:idle", rift=["tg:finisher", "tg:finisher"],
                 meter={"capacity": 30}, enemy_lanes={0: {"id": "tg:grunt", "hp": 3},
                                                      1: "tg:brute_a"})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 25))
    resolve(m)
    assert BOSS_HP - _boss(m)["hp"] == 0                  # the brute lived: not killed
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 24))
    resolve(m)
    assert BOSS_HP - _boss(m)["hp"] == 20                 # the grunt died: killed
    m = scenario(e, heroes=["tg:brute"], encounter="tg:idle", lattice=["tg:clock"],
                 meter={"capacity": 30})
    while m.round == 1:
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    assert BOSS_HP - _boss(m)["hp"] == 10 + 1             # the foe's turn start, then ours


@rule("E19", "D01")
def test_pen_nib_a_status_spent_by_the_hit_it_doubles():
    cards = {**CARDS, "nib": _relic({"on": "attack", "who": "ally", "every": 2, "effect": [
        {"op": "status", "status": "inked", "to": "target"}]})}
    statuses = {**STATUSES, "inked": {"polarity": "buff", "dealt_pct": 200, "spend": "dealt"}}
    e = build_engine("tg", **{**PACK, "cards": cards, "statuses": statuses})
    m = scenario(e, heroes=["tg:brute"], encounter="tg:idle", lattice=["tg:nib"],
                 player_lanes={0: "tg:vampire", 1: "tg:vampire"}, phase="combat",
                 meter={"capacity": 30})
    for lane, dealt in ((8, 3), (9, 3 + 6)):
        m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source == lane))
        resolve(m)
        assert BOSS_HP - _boss(m)["hp"] == dealt        # the 2nd attack: doubled
    assert all(not c["statuses"] for c in m.characters("player") if c)   # and spent


@rule("E19")
def test_status_applied_and_shield_broken():
    cards = {**CARDS,
             "venom": _relic({"on": "status_applied", "who": "foe", "status": "poison",
                              "if": "event.amount >= 2",
                              "effect": [{"op": "damage", "to": "target", "n": 10}]}),
             "breaker": _relic({"on": "shield_broken", "who": "foe",
                                "effect": [{"op": "draw", "n": 2}]}),
             "toxin": _sortilege([{"op": "poison", "n": 2}, {"op": "poison", "n": 1}]),
             "smash": _sortilege([{"op": "damage", "n": 3}])}
    e = build_engine("tg", **{**PACK, "cards": cards})
    m = scenario(e, heroes=["tg:brute"], encounter="tg:idle", rift=["tg:toxin", "tg:smash"],
                 lattice=["tg:venom", "tg:breaker"], archive=["tg:bolt"] * 3,
                 enemy_state={0: {"shield": 3}}, meter={"capacity": 30})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and a.target == 16
                 and "toxin" in str(a)))
    resolve(m)
    # 10 through the shield? no: the shield soaks 3 of the 10 and breaks (2 cards drawn)
    assert _boss(m)["poison"] == 3 and BOSS_HP - _boss(m)["hp"] == 7
    assert len(m.zone("rift")) == 1 + 2
