"""Statuses as data and the one damage pipeline (rules E18, D01), in real matches."""
import pytest
from conftest import rule

from eve.errors import ContentError
from eve.testing import build_engine, end_turn, engine_fixture, play, scenario

BOSS_HP = 300
BOSS = 16                                   # the target code of the Encounter's leader


def _sortilege(effect, target="foe"):
    return {"kind": "sortilege", "charges": 1, "on_enter": {"target": target, "effect": effect}}


STATUSES = {
    "vulnerable": {"polarity": "debuff", "stacking": "duration", "taken_pct": 150,
                   "decay": {"at": "turn_end", "by": "one"}},
    "weak": {"polarity": "debuff", "stacking": "duration", "dealt_pct": 75,
             "decay": {"at": "turn_end", "by": "one"}},
    "sharp": {"polarity": "buff", "dealt_add": 1},
    "brittle": {"polarity": "debuff", "taken_add": 2},
    "surge": {"polarity": "buff", "power": 1, "decay": {"at": "turn_end", "by": "all"}},
    "barricade": {"polarity": "buff", "max": 1, "keeps": ["shield"]},
    "divine": {"polarity": "buff", "max": 1, "negate": True},
    "regen": {"polarity": "buff", "tick": {"at": "turn_start", "effect": [
        {"op": "heal", "to": "self", "n": "self.regen"}]}, "decay": {"at": "turn_start"}},
}

CARDS = {
    # Bash: damage, then 2 Vulnerable (two of its owner's turns)
    "bash": _sortilege([{"op": "damage", "n": 8}, {"op": "status", "status": "vulnerable", "n": 2}]),
    "strike": _sortilege([{"op": "damage", "n": 10}]),
    "expose": _sortilege([{"op": "status", "status": "vulnerable", "n": 1},
                          {"op": "status", "status": "brittle", "n": 2}]),
    # Flex: +2 power until the end of the turn
    "flex": _sortilege([{"op": "status", "status": "surge", "to": "own_leader", "n": 2}], "none"),
    "hone": _sortilege([{"op": "status", "status": "sharp", "to": "own_leader", "n": 3},
                        {"op": "status", "status": "weak", "to": "own_leader", "n": 1}], "none"),
    "fortify": _sortilege([{"op": "shield", "to": "own_leader", "n": 6},
                           {"op": "status", "status": "barricade", "to": "own_leader"}], "none"),
    "cleanse": _sortilege([{"op": "remove_status", "status": "vulnerable"}]),
    "blessing": _sortilege([{"op": "status", "status": "divine", "to": "own_leader", "n": 5},
                            {"op": "status", "status": "regen", "to": "own_leader", "n": 4}],
                           "none"),
    "read": _sortilege([{"op": "damage", "n": "10 * target.vulnerable + target.brittle"}]),
    "pierce": _sortilege([{"op": "damage", "n": 10, "pierce": True}]),
}


PACK = {"heroes": {"brute": {"max_hp": 40, "power": 4, "ambition": 3, "morality": 0, "cards": []}},
        "cards": CARDS, "units": {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 5}},
        "encounters": {"hitter": {"roster": ["boss"], "initiative": 1,
                                  "script": [{"move": "attack", "lane": 0}]}},
        "statuses": STATUSES}
eng = engine_fixture("st", **PACK)


def _match(eng, cards, **kw):
    return scenario(eng, heroes=["st:brute"], encounter="st:hitter",
                    rift=[f"st:{c}" for c in cards], meter={"capacity": 20}, **kw)


def _boss(m):
    return m.heroes("encounter")[0]


def _status(m, unit, name):
    return unit["statuses"].get(name, 0)




@rule("E18", "D01")
def test_bash_deals_its_damage_then_vulnerable_multiplies_what_follows(eng):
    m = _match(eng, ["bash", "strike"])
    play(m, 0, BOSS, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == 8                 # the Vulnerable came after the damage
    assert _status(m, _boss(m), "st:vulnerable") == 2
    play(m, 1, BOSS, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == 8 + 15             # 10 x 150%


@rule("E18")
def test_a_duration_status_counts_down_its_owners_turns(eng):
    m = _match(eng, ["bash"])
    play(m, 0, BOSS, resolve=True)
    end_turn(m)                                          # the Encounter's End: one less
    assert _status(m, _boss(m), "st:vulnerable") == 1
    end_turn(m)
    assert _status(m, _boss(m), "st:vulnerable") == 0


@rule("D01")
def test_the_pipeline_adds_before_it_multiplies(eng):
    m = _match(eng, ["expose", "strike"])
    play(m, 0, BOSS, resolve=True)
    play(m, 1, BOSS, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == (10 + 2 * 2) * 3 // 2   # (10 + 2 brittle x 2) x 150%


@rule("D01")
def test_the_sources_statuses_apply_and_multiplying_rounds_down(eng):
    m = _match(eng, ["hone", "strike"])
    play(m, 0, BOSS, resolve=True)
    play(m, 1, BOSS, resolve=True)                                           # the leader is the source
    assert BOSS_HP - _boss(m)["hp"] == (10 + 3) * 75 // 100


@rule("D01")
def test_pierce_damage_skips_the_pipeline(eng):
    m = _match(eng, ["expose", "pierce"], enemy_state={0: {"shield": 5}})
    play(m, 0, BOSS, resolve=True)
    play(m, 1, BOSS, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == 10 and _boss(m)["shield"] == 5


@rule("E18")
def test_flex_power_lasts_until_the_end_of_the_turn(eng):
    m = _match(eng, ["flex"])
    play(m, 0, BOSS, resolve=True)
    assert m.heroes()[0]["power"] == 4 + 2
    assert m.phase == "combat"                            # nothing left to play in Main
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack"))
    while m.stack:
        m.apply(next(x for x in m.legal_actions() if x.kind == "pass"))
    assert BOSS_HP - _boss(m)["hp"] == 6                  # the attack read the surged power
    end_turn(m)
    assert m.heroes()[0]["power"] == 4 and not m.heroes()[0]["statuses"]


@rule("E18")
def test_barricade_keeps_shield_from_clearing(eng):
    m = _match(eng, ["fortify"])
    play(m, 0, BOSS, resolve=True)
    end_turn(m)                                          # the boss hit for 5: 6 - 5 = 1 left
    assert m.heroes()[0]["shield"] == 1 and m.heroes()[0]["hp"] == 40
    plain = _match(eng, [], hero_state={0: {"shield": 6}})
    end_turn(plain)
    assert plain.heroes()[0]["shield"] == 0               # cleared at its owner's Beginning


@rule("D01", "E18")
def test_divine_shield_prevents_a_whole_hit_once_a_stack_and_a_tick_heals(eng):
    m = _match(eng, ["blessing"], hero_state={0: {"hp": 30}})
    play(m, 0, BOSS, resolve=True)
    assert _status(m, m.heroes()[0], "st:divine") == 1    # max 1: the other four are lost
    end_turn(m)
    h = m.heroes()[0]
    # the boss's attack was prevented whole; at the Beginning regen healed 4, then lost one
    assert h["hp"] == 34 and _status(m, h, "st:divine") == 0 and _status(m, h, "st:regen") == 3


@rule("E18")
def test_remove_status_without_n_takes_every_stack_and_expressions_read_stacks(eng):
    m = _match(eng, ["expose", "read", "cleanse", "read"])
    play(m, 0, BOSS, resolve=True)
    play(m, 1, BOSS, resolve=True)
    first = BOSS_HP - _boss(m)["hp"]
    assert first == (10 * 1 + 2 + 2 * 2) * 3 // 2         # the amount, + brittle, x150%
    play(m, 2, BOSS, resolve=True)
    assert _status(m, _boss(m), "st:vulnerable") == 0
    play(m, 3, BOSS, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] - first == 2 + 2 * 2   # no Vulnerable left to read


@rule("E18")
def test_poison_is_a_standard_status_ticking_at_its_owners_end(eng):
    m = _match(eng, [], enemy_state={0: {"poison": 3, "shield": 10}})
    end_turn(m)
    assert BOSS_HP - _boss(m)["hp"] == 3 and _boss(m)["poison"] == 2
    assert eng.catalog.status_ids[:2] == ("shield", "poison")


# The hp-loss tick (poison's program: one piercing `damage` to self by the status's stacks) is
# run without the interpreter; a tick written any other way is interpreted. Both must give the
# same match, event for event.
VENOMS = {
    "venom": {"polarity": "debuff", "decay": {"at": "turn_end", "by": "one"},
              "tick": {"at": "turn_end", "effect": [
                  {"op": "damage", "to": "self", "n": "self.venom", "pierce": True}]}},
    "slow_venom": {"polarity": "debuff", "decay": {"at": "turn_end", "by": "one"},
                   "tick": {"at": "turn_end", "effect": [
                       {"op": "damage", "to": "self", "n": "self.slow_venom + 0", "pierce": True}]}},
}


@rule("E18")
@pytest.mark.parametrize("lethal", [False, True])
def test_the_native_hp_loss_tick_matches_the_interpreted_one(lethal):
    cards = {f"give_{v}": _sortilege([{"op": "status", "status": v, "n": 4},
                                      {"op": "shield", "n": 10}]) for v in VENOMS}
    e = build_engine("st", **{**PACK, "statuses": VENOMS, "cards": cards})
    ids = e.catalog.status_ids
    assert [e.content.status_tick_native(ids.index(x))
            for x in ("poison", "st:venom", "st:slow_venom")] == [True, True, False]
    hp = 5 if lethal else BOSS_HP
    seen = []
    for v in VENOMS:
        m = _match(e, [f"give_{v}"], enemy_state={0: {"hp": hp}})
        play(m, 0, BOSS, resolve=True)
        for _ in range(3):
            if not m.is_over:
                end_turn(m)
        # the log, event by event, but for the status's own index
        log = [ev for ev in m.events if ev.kind != "status"]
        seen.append((m.is_over, _boss(m)["hp"], _status(m, _boss(m), f"st:{v}"), log))
    assert seen[0] == seen[1]
    assert seen[0][1] == (0 if lethal else BOSS_HP - (4 + 3 + 2))


@rule("E18")
def test_a_fallen_hero_keeps_no_status(eng):
    m = _match(eng, ["bash"], enemy_state={0: {"hp": 8}})
    play(m, 0, BOSS, resolve=True)
    assert m.is_over and m.outcome == "win"
    assert m.heroes("encounter")[0]["statuses"] == {}


# ---------------------------------------------------------------- bad statuses

@pytest.mark.parametrize("data,path,code", [
    ({"polarity": "evil"}, "statuses.st:x.polarity", "EVE-P015"),
    ({}, "statuses.st:x.polarity", "EVE-P020"),
    ({"polarity": "buff", "max": 0}, "statuses.st:x.max", "EVE-P012"),
    ({"polarity": "buff", "taken_pct": 5000}, "statuses.st:x.taken_pct", "EVE-P012"),
    ({"polarity": "buff", "decay": {"at": "never"}}, "statuses.st:x.decay.at", "EVE-P015"),
    ({"polarity": "buff", "decay": {"at": "turn_end", "by": "half"}}, "statuses.st:x.decay.by",
     "EVE-P015"),
    ({"polarity": "buff", "tick": {"at": "turn_end"}}, "statuses.st:x.tick.effect", "EVE-P020"),
    ({"polarity": "buff", "keeps": ["nothing"]}, "statuses.st:x.keeps[0]", "EVE-P007"),
    ({"polarity": "buff", "absorb": 1}, "statuses.st:x.absorb", "EVE-P011"),
])
def test_a_bad_status_is_refused_naming_its_field(data, path, code):
    with pytest.raises(ContentError) as e:
        build_engine("st", **{**PACK, "statuses": {"x": data}, "cards": {}})
    assert e.value.path == path and e.value.code == code, e.value


def test_a_status_op_needs_a_known_status_and_a_pack_may_not_shadow_a_standard_one():
    bad_ref = {"c": _sortilege([{"op": "status", "status": "vulnerabel"}])}
    with pytest.raises(ContentError, match="did you mean 'st:vulnerable'"):
        build_engine("st", **{**PACK, "cards": bad_ref})
    with pytest.raises(ContentError) as e:
        build_engine("st", **{**PACK, "cards": {"c": _sortilege([{"op": "status"}])}})
    assert e.value.path.endswith("on_enter.effect[0].status")
    with pytest.raises(ContentError, match="standard status"):
        build_engine("st", **{**PACK, "statuses": {"poison": {"polarity": "debuff"}}, "cards": {}})
    with pytest.raises(ContentError, match="unknown attribute or status 'vulnerabel'"):
        build_engine("st", **{**PACK, "cards": {"c": _sortilege([{"op": "damage", "n": "target.vulnerabel"}])}})


def test_too_many_statuses_is_a_capacity_error():
    from eve.core.tables import LIMITS
    many = {f"s{i}": {"polarity": "buff"} for i in range(LIMITS["statuses"])}
    with pytest.raises(ContentError, match="exceed the core's"):
        build_engine("st", **{**PACK, "statuses": many, "cards": {}})


def _relic(*triggers):
    return {"kind": "relic", "triggers": list(triggers)}


@rule("E24", "D01")
@pytest.mark.parametrize("when,expected", [("before_damage_taken", 10 + 2 * 2),
                                           ("damage_taken", 10)])
def test_before_damage_taken_acts_on_the_hit_itself(when, expected):
    # before the boss takes a hit, it is made Brittle (+2 taken a stack): the hit counts it;
    # the same trigger after the hit (damage_taken) changes only the next one
    cards = {"strike": CARDS["strike"],
             "hex": _relic({"on": when, "who": "foe", "effect": [
                 {"op": "status", "status": "brittle", "to": "target", "n": 2}]})}
    e = build_engine("st", **{**PACK, "cards": cards})
    m = _match(e, ["strike"], lattice=["st:hex"])
    play(m, 0, BOSS, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == expected


@rule("E24", "D01")
def test_before_damage_dealt_lets_the_source_sharpen_its_own_hit():
    # before one of ours deals damage (the strike's source: our leader), it gains 3 Sharp
    cards = {"strike": CARDS["strike"],
             "whetstone": _relic({"on": "before_damage_dealt", "who": "ally", "once": "turn",
                                  "effect": [{"op": "status", "status": "sharp", "to": "target",
                                              "n": 3}]})}
    e = build_engine("st", **{**PACK, "cards": cards})
    m = _match(e, ["strike"], lattice=["st:whetstone"])
    play(m, 0, BOSS, resolve=True)
    assert BOSS_HP - _boss(m)["hp"] == 10 + 3
    assert "is about to deal damage" in e.catalog.rules_text("st:whetstone")


@rule("E24")
def test_a_unit_gone_before_the_hit_takes_nothing():
    # before the boss takes the strike, a trigger deals it lethal damage: the strike is lost
    # (it neither hits again nor fires its own after-events)
    cards = {"strike": CARDS["strike"],
             "doom": _relic({"on": "before_damage_taken", "who": "foe", "once": "turn",
                             "effect": [{"op": "damage", "to": "target", "n": BOSS_HP}]})}
    e = build_engine("st", **{**PACK, "cards": cards})
    m = _match(e, ["strike"], lattice=["st:doom"])
    play(m, 0, BOSS, resolve=True)
    assert m.is_over and _boss(m)["hp"] == 0
    hits = [ev for ev in m.events if ev.kind == "damage" and ev.a == 16]
    assert len(hits) == 1                         # the trigger's hit only


# issue 20, point 1: nine statuses that multiply by ten, on both leaders: a hit between them is
# multiplied by 10^18 (a 999 hit passes a signed 64-bit integer) unless every step saturates
AMPS = {f"amp{i}": {"polarity": "buff", "max": 1, "dealt_pct": 1000, "taken_pct": 1000}
        for i in range(9)}
AMP_CARDS = {
    "amplify": _sortilege([{"op": "status", "status": f"amp{i}", "to": who}
                           for who in ("own_leader", "foe_leader") for i in range(9)], "none"),
    "nuke": _sortilege([{"op": "damage", "n": 999}]),
}


def _amplified(**kw):
    eng = build_engine("st", **{**PACK, "statuses": AMPS, "cards": AMP_CARDS})
    m = _match(eng, ["amplify", "nuke"], **kw)
    play(m, 0, BOSS, resolve=True)
    assert all(_status(m, u, f"st:amp{i}") == 1 for u in (_boss(m), m.heroes("player")[0])
               for i in range(9))
    return eng, m


@rule("P01", "D01")
def test_a_hit_multiplied_past_64_bits_saturates_and_kills_cleanly():
    eng, m = _amplified()
    play(m, 1, BOSS, resolve=True)                                         # the nuke: 999 x 10^18
    boss = _boss(m)
    assert boss["hp"] == 0 and not boss["alive"]
    assert m.is_over and m.outcome == "win"
    hits = [ev for ev in m.events if ev.kind == "damage" and ev.a == 16]
    assert [ev.b for ev in hits] == [BOSS_HP]           # every hp it had, no more, no less
    eng.restore(m.snapshot())                           # a state its own restore admits
    from eve.core.tables import LIMITS
    assert LIMITS["damage_limit"] == 32767              # the bound, as lint's L031 reads it


@rule("P01", "D01")
def test_the_encounters_amplified_attack_saturates_and_kills_the_party():
    # the other way: the Encounter's 999-power attack, x10^18, on the player's only hero
    eng, m = _amplified(enemy_state={0: {"power": 999}})
    end_turn(m)
    hero = m.heroes("player")[0]
    assert hero["hp"] == 0 and not hero["alive"]
    assert m.is_over and m.outcome == "loss"
    eng.restore(m.snapshot())


@rule("P01", "E24")
def test_a_hit_past_the_bound_enters_the_pipeline_at_the_bound():
    # a character of 32,767 power (hp's bound) attacks beside a Relic's +1: the hit, 32,768,
    # is held at the bound before any event reads it (event.amount is an int16), so the ward
    # that answers a hit of exactly the bound sees it and negates it
    cards = {"giant": {"kind": "character", "power": 1, "hp": 1},
             "banner": {"kind": "relic", "ally_power": 1, "triggers": [
                 {"on": "before_damage_taken", "who": "foe", "if": "event.amount == 32767",
                  "effect": [{"op": "status", "status": "divine", "to": "target"}]}]}}
    e = build_engine("st", **{**PACK, "cards": cards})
    m = scenario(e, heroes=["st:brute"], encounter="st:hitter", lattice=["st:banner"],
                 player_lanes={0: {"id": "st:giant", "power": 32767, "ready": 1}},
                 phase="combat", meter={"capacity": 20})
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source != 0))
    while m.stack:
        m.apply(next(x for x in m.legal_actions() if x.kind == "pass"))
    assert _boss(m)["hp"] == BOSS_HP and not m.is_over
    # the whole hit negated: absorbed, as the damage event says
    assert [(ev.b, ev.c) for ev in m.events if ev.kind == "damage" and ev.a == 16] == [(0, 32767)]
