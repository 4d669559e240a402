"""The damage's source, the subject's kind and a card's own events as trigger filters; the
events healed, match_end, shuffled and card_resolved; shield gains as status_applied (rule E19,
E21), and the keywords exile_on_play and retain (K03), in real matches."""
import pytest
from conftest import rule

from eve.errors import ContentError
from eve.testing import build_engine, play, resolve, scenario

BOSS_HP = 100


def _sortilege(effect, target="foe", **more):
    return {"kind": "sortilege", "charges": 1, "on_enter": {"target": target, "effect": effect},
            **more}


def _relic(*triggers, **more):
    return {"kind": "relic", "triggers": list(triggers), **more}


IDLE = {"roster": ["boss"], "initiative": 1, "script": [
    {"move": "effect", "phase": "main", "target": "foe_leader", "effect": [{"op": "damage", "n": 0}]}]}


def _filter_engine(cards, units=None, boss_hp=BOSS_HP):
    """The pack "tf" (a bolt, a squire, a boss, a grunt) with these cards and units added."""
    return build_engine(
        "tf", requires=["core"], heroes={"brute": {"max_hp": 40, "power": 4, "cards": []}},
        cards={"bolt": _sortilege([{"op": "damage", "n": 1}]),
               "squire": {"kind": "character", "power": 3, "hp": 9, "keywords": ["swift"]}, **cards},
        units={"boss": {"kind": "enemy_hero", "max_hp": boss_hp, "power": 0},
               "grunt": {"power": 0, "hp": 6}, **(units or {})},
        encounters={"idle": IDLE})


def _match(e, rift=(), **kw):
    return scenario(e, heroes=["tf:brute"], encounter="tf:idle",
                    rift=[f"tf:{c}" for c in rift], meter={"capacity": 30}, **kw)


def _boss_lost(m):
    return BOSS_HP - m.heroes("encounter")[0]["hp"]


# ---------------------------------------------------------------- the damage's source

@rule("E19")
def test_thorns_hits_back_the_unit_that_dealt_the_damage():
    # a foe character with thorns: whenever a foe unit damages it, 2 damage to that unit
    thorns = {"power": 0, "hp": 20, "triggers": [
        {"on": "damage_taken", "source": "foe", "effect": [{"op": "damage", "to": "source",
                                                            "n": 2}]}]}
    e = _filter_engine({}, units={"thorny": thorns})
    m = _match(e, player_lanes={0: "tf:squire"}, enemy_lanes={0: "tf:thorny"}, phase="combat")
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source == 8))
    resolve(m)
    assert m.characters("encounter")[0]["hp"] == 20 - 3
    assert m.characters("player")[0]["hp"] == 9 - 2          # the attacker took it back
    assert m.heroes()[0]["hp"] == 40                          # not the leader


@rule("E19")
def test_source_none_and_the_events_source_fields():
    cards = {
        # whenever a foe takes damage from no unit (a status's tick: poison's), 10 to its leader
        "ledger": _relic({"on": "damage_taken", "who": "foe", "source": "none",
                          "effect": [{"op": "damage", "to": "foe_leader", "n": 10}]}),
        # whenever a foe takes damage from a character of ours: the source's power to its leader
        "tally": _relic({"on": "damage_taken", "who": "foe",
                         "if": "event.source_hero == 0 and event.source_side == 0",
                         "effect": [{"op": "damage", "to": "foe_leader",
                                     "n": "event.source_power * 10"}]}),
    }
    e = _filter_engine(cards)
    m = _match(e, rift=["bolt"], lattice=["tf:ledger", "tf:tally"],
               player_lanes={0: "tf:squire"}, enemy_state={0: {"poison": 2}})
    play(m, "bolt", target=16, resolve=True)                      # a card's effect: the leader is its source
    assert _boss_lost(m) == 1
    while m.phase != "combat":
        m.apply(next(a for a in m.legal_actions() if a.kind == "end_phase"))
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source == 8))
    resolve(m)
    assert _boss_lost(m) == 1 + 3 + 30                # the squire's 3, then 10 x its power
    while m.round == 1:
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    assert _boss_lost(m) == 34 + 2 + 10               # the poison's 2 had no source


@rule("E19", "D01")
def test_a_tick_deals_no_damage_so_a_poisoned_lifesteal_unit_heals_nothing():
    # a foe character heals 5 whenever it deals damage: its own poison's tick is dealt by no
    # unit, so it loses the poison's hp and heals nothing
    leech = {"power": 0, "hp": 20, "triggers": [
        {"on": "damage_dealt", "who": "self", "effect": [{"op": "heal", "to": "self", "n": 5}]}]}
    e = _filter_engine({"venom": _sortilege([{"op": "poison", "n": 3}])}, units={"leech": leech})
    m = _match(e, rift=["venom"], enemy_lanes={0: "tf:leech"})
    play(m, "venom", target=24, resolve=True)
    while m.round == 1:
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    assert m.characters("encounter")[0]["hp"] == 20 - 3


@rule("E19")
def test_a_bad_source_or_unit_filter_is_refused_naming_its_field():
    bad = [({"on": "drawn", "source": "foe", "effect": [{"op": "draw"}]}, "source", "EVE-P021"),
           ({"on": "damage_taken", "source": "enemy", "effect": [{"op": "draw"}]}, "source",
            "EVE-P015"),
           ({"on": "drawn", "unit": "hero", "effect": [{"op": "draw"}]}, "unit", "EVE-P021"),
           ({"on": "dies", "effect": [{"op": "damage", "to": "event_card"}]}, "effect[0].to",
            "EVE-P015"),
           ({"on": "drawn", "effect": [{"op": "damage", "to": "source"}]}, "effect[0].to",
            "EVE-P015")]
    for trigger, field, code in bad:
        with pytest.raises(ContentError) as err:
            _filter_engine({"x": _relic(trigger)})
        assert err.value.path == f"cards.tf:x.triggers[0].{field}" and err.value.code == code


# ---------------------------------------------------------------- the subject's kind

@rule("E19")
def test_unit_filters_heroes_from_characters():
    cards = {"spy": _relic({"on": "damage_taken", "who": "foe", "unit": "hero",
                            "effect": [{"op": "draw"}]}),
             "reaper": _relic({"on": "dies", "who": "foe", "unit": "character",
                               "effect": [{"op": "shield", "to": "own_leader", "n": 4}]})}
    e = _filter_engine(cards)
    m = _match(e, rift=["bolt", "bolt"], lattice=["tf:spy", "tf:reaper"],
               archive=["tf:squire"] * 3, enemy_lanes={0: {"id": "tf:grunt", "hp": 1}})
    play(m, "bolt", target=24, resolve=True)                      # a character: no draw; it dies: shield
    assert len(m.zone("rift")) == 1 and m.heroes()[0]["shield"] == 4
    play(m, "bolt", target=16, resolve=True)                      # the hero: a draw
    assert len(m.zone("rift")) == 1 and len(m.zone("archive")) == 2


# ---------------------------------------------------------------- a card's own events

@rule("E19")
def test_card_self_answers_only_the_cards_own_event():
    # whenever this card is exiled, shield 5 (it listens from the Void, where exile puts it)
    cards = {"martyr": {**_sortilege([{"op": "damage", "n": 1}]), "triggers": [
                 {"on": "exiled", "card": "self", "zone": "void",
                  "effect": [{"op": "shield", "to": "own_leader", "n": 5}]}]},
             "burn": _sortilege([{"op": "exile"}], "rift_card"),
             "other": _sortilege([{"op": "damage", "n": 1}])}
    e = _filter_engine(cards)
    m = _match(e, rift=["burn", "other"], void=["tf:martyr"])
    play(m, "burn", resolve=True)                                  # another card exiled: not this one
    assert m.heroes()[0]["shield"] == 0
    m = _match(e, rift=["burn", "martyr"])
    play(m, "burn", resolve=True)
    assert m.heroes()[0]["shield"] == 5 and len(m.zone("void")) == 1


# ---------------------------------------------------------------- healed, shield gains

@rule("E19")
def test_healed_reads_the_hp_gained_and_not_a_heal_of_nothing():
    cards = {"chalice": _relic({"on": "healed", "who": "any", "effect": [
                 {"op": "damage", "to": "foe_leader", "n": "event.amount"}]}),
             "salve": _sortilege([{"op": "heal", "to": "own_leader", "n": 8}], "none")}
    e = _filter_engine(cards)
    m = _match(e, rift=["salve", "salve"], lattice=["tf:chalice"], hero_state={0: {"hp": 35}})
    play(m, "salve", resolve=True)
    assert _boss_lost(m) == 5 and m.heroes()[0]["hp"] == 40     # 5 of the 8: to its max
    play(m, "salve", resolve=True)
    assert _boss_lost(m) == 5                                     # at max: no hp gained


@rule("E19")
def test_juggernaut_gaining_shield_is_a_status_applied():
    cards = {"juggernaut": _relic({"on": "status_applied", "status": "shield", "effect": [
                 {"op": "damage", "to": "all_foes", "n": 5}]}),
             "block": _sortilege([{"op": "shield", "to": "own_leader", "n": 4}], "none")}
    e = _filter_engine(cards)
    m = _match(e, rift=["block"], lattice=["tf:juggernaut"])
    play(m, "block", resolve=True)
    assert m.heroes()[0]["shield"] == 4 and _boss_lost(m) == 5


# ---------------------------------------------------------------- shuffled

@rule("E19")
def test_shuffled_fires_when_the_abyss_is_reshuffled_into_the_archive():
    cards = {"tumbler": _relic({"on": "shuffled", "effect": [
                 {"op": "shield", "to": "own_leader", "n": 3}]}),
             "dig": _sortilege([{"op": "draw"}], "none"),
             "stir": _sortilege([{"op": "create", "card": "bolt", "into": "archive_shuffled"}],
                                "none")}
    e = _filter_engine(cards)
    m = _match(e, rift=["dig"], lattice=["tf:tumbler"], archive=["tf:bolt"])
    play(m, "dig", resolve=True)                                   # a draw from the Archive: no shuffle
    assert m.heroes()[0]["shield"] == 0
    m = _match(e, rift=["dig"], lattice=["tf:tumbler"], abyss=["tf:bolt", "tf:bolt"])
    play(m, "dig", resolve=True)
    assert m.heroes()[0]["shield"] == 3 and len(m.zone("rift")) == 1
    m = _match(e, rift=["stir"], lattice=["tf:tumbler"], archive=["tf:bolt"])
    play(m, "stir", resolve=True)                                  # a card shuffled in
    assert m.heroes()[0]["shield"] == 3


# ---------------------------------------------------------------- card_resolved

@rule("E19")
def test_card_resolved_fires_after_the_effect_card_played_at_the_commit():
    # each deals again what the boss has lost so far (plus 10 for the played one)
    cards = {"on_play": _relic({"on": "card_played", "card": "sortilege", "effect": [
                 {"op": "damage", "to": "foe_leader", "n": "110 - foe_leader.hp"}]}),
             "after": _relic({"on": "card_resolved", "card": "sortilege", "effect": [
                 {"op": "damage", "to": "foe_leader", "n": "100 - foe_leader.hp"}]})}
    e = _filter_engine(cards)
    m = _match(e, rift=["bolt", "squire"], lattice=["tf:on_play", "tf:after"])
    play(m, "bolt", target=16, resolve=True)
    # played: 10 at the commit; resolved: the bolt's 1 is done, so `after` reads 11 lost and
    # deals 11 more (fired at the commit too, it would read 10: 21 in all)
    assert _boss_lost(m) == 10 + 1 + 11
    play(m, "squire", resolve=True)                                 # a character: not a sortilege
    assert _boss_lost(m) == 22


# ---------------------------------------------------------------- match_end

@rule("E21", "B03")
def test_match_end_fires_once_and_the_outcome_agrees_with_what_it_leaves():
    cards = {
        # at the end: 999 to its own leader, which makes the won match a loss (B03)
        "pyre": _relic({"on": "match_end", "effect": [
            {"op": "damage", "to": "own_leader", "n": 999}]}),
        # at the end: 5 to its own leader, which the player survives
        "singe": _relic({"on": "match_end", "effect": [
            {"op": "damage", "to": "own_leader", "n": 5}]}),
        # a trigger inside it never fires: no shield from the leader's damage
        "ward": _relic({"on": "damage_taken", "who": "any", "effect": [
            {"op": "shield", "to": "own_leader", "n": 1}]}),
    }
    e = _filter_engine(cards, boss_hp=1)
    m = _match(e, rift=["bolt"], lattice=["tf:pyre"])
    before = m.n_events
    play(m, "bolt", target=16, resolve=True)
    assert m.is_over and m.outcome == "loss"
    assert m.heroes()[0]["hp"] == 0                     # its program ran, after the outcome
    # the win was decided, match_end ran once, and what it left is the outcome
    assert [ev.a for ev in m.events_since(before) if ev.kind == "outcome"] == [1, 2]
    m = _match(e, rift=["bolt"], lattice=["tf:singe", "tf:ward"])
    hp = m.heroes()[0]["hp"]
    play(m, "bolt", target=16, resolve=True)
    # the ward's shield from the bolt's hit soaks 1 of the 5; none comes from the 5 itself
    assert m.outcome == "win" and m.heroes()[0]["hp"] == hp - 4
    assert m.heroes()[0]["shield"] == 0


# ---------------------------------------------------------------- keywords

@rule("K03")
def test_exile_on_play_sends_a_played_sortilege_or_relic_to_the_void():
    cards = {"flash": _sortilege([{"op": "damage", "n": 3}], keywords=["exile_on_play"]),
             "idol": _relic({"on": "turn_start", "effect": [{"op": "draw"}]},
                            keywords=["exile_on_play"]),
             "lasting": _sortilege([{"op": "damage", "n": 3}], charges=2)}
    e = _filter_engine(cards)
    m = _match(e, rift=["flash", "idol", "lasting"])
    play(m, "flash", target=16, resolve=True)
    assert _boss_lost(m) == 3                           # its effect first
    play(m, "idol", resolve=True)
    play(m, "lasting", target=16, resolve=True)
    assert sorted(m.zone("void")) == ["tf:flash#0", "tf:idol#1"] or \
        sorted(c.split("#")[0] for c in map(str, m.zone("void"))) == ["tf:flash", "tf:idol"]
    assert [str(c).split("#")[0] for c in m.zone("lattice")] == ["tf:lasting"]
    with pytest.raises(ContentError) as err:
        _filter_engine({"x": {"kind": "character", "power": 1, "hp": 1, "keywords": ["exile_on_play"]}})
    assert err.value.path == "cards.tf:x.keywords[0]"


@rule("K03")
def test_retain_is_refused_eve_never_discards_the_hand():
    with pytest.raises(ContentError) as err:
        _filter_engine({"x": _sortilege([{"op": "draw"}], keywords=["retain"])})
    assert err.value.path == "cards.tf:x.keywords[0]" and err.value.code == "EVE-P015"
    assert "never discards the Rift" in err.value.reason
