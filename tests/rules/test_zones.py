"""Zones and the card lifecycle (docs/rules.md Z01-Z22), with the draw rules of End (T12-T14),
the lanes (E04), match start (E15), the effect instruction set (E16) and hidden information (H01).

The tests use a purpose-built pack ("tz") so that they do not depend on the built-in balance.
"""
import random
from collections import Counter

import pytest
from conftest import rule

import eve
from eve.core.match import ZONE_NAMES
from eve.core.rng import SplitMix64
from eve.testing import build_engine, end_turn, engine_fixture, events, instances, moves, play, scenario

ZN = {v: k for k, v in ZONE_NAMES.items()}          # zone id -> name
FOE_HERO = 16                                        # target code of the Encounter's slot 0
CHAR = 8                                             # player lane l is unit 8 + l
CARD = 64                                            # target code of card instance c is 64 + c

# the lifecycle table of seed 000 (Rift -> Wastes/Lattice pass through the Stack: Z09, Z10, Z22)
TABLE = {("archive", "rift"), ("rift", "stack"), ("stack", "wastes"), ("stack", "lattice"),
         ("stack", "abyss"), ("rift", "abyss"), ("wastes", "abyss"), ("abyss", "archive"),
         ("lattice", "abyss")} | {(z, "void") for z in ("archive", "rift", "lattice", "wastes",
                                                         "abyss", "stack")}


S = "sortilege"


def _on(effect, target="none"):
    return {"target": target, "effect": effect}


HEROES = {"plain": [], "plain2": [], "starter_a": ["squire", "squire", "bolt", "study"],
          "starter_b": ["banner", "zap", "toss"]}
CARDS = {
    "squire": {"kind": "character", "power": 1, "hp": 2},
    "ambush": {"kind": "character", "power": 1, "hp": 1, "keywords": ["reaction", "swift"]},
    "banner": {"kind": "relic", "ally_power": 1},
    "bolt": {"kind": S, "charges": 1, "on_enter": _on([{"op": "damage", "n": 3}], "foe")},
    "smite": {"kind": S, "charges": 1, "on_enter": _on([{"op": "damage", "n": 5}], "ally")},
    "mend": {"kind": S, "charges": 1, "on_enter": _on([{"op": "heal", "to": "all_allies", "n": 5}])},
    "study": {"kind": S, "charges": 1, "on_enter": _on([{"op": "draw", "n": 2}])},
    "toss": {"kind": S, "charges": 1, "on_enter": _on([{"op": "discard", "n": 1}])},
    "banish": {"kind": S, "charges": 1, "on_enter": _on([{"op": "exile"}], "ally_character")},
    "purge": {"kind": S, "charges": 1, "on_enter": _on([{"op": "exile"}], "lattice_card")},
    "recall": {"kind": S, "charges": 1, "on_enter": _on([{"op": "return"}], "void_card")},
    "shatter": {"kind": S, "charges": 1, "on_enter": _on([{"op": "destroy"}], "lattice_card")},
    "zap": {"kind": S, "charges": 1, "ability": _on([{"op": "damage", "n": 1}], "foe")},
}
UNITS = {"dummy": {"kind": "enemy_hero", "max_hp": 10, "power": 0},
         "dummy2": {"kind": "enemy_hero", "max_hp": 10, "power": 0},
         "imp": {"kind": "unit", "power": 1, "hp": 2}, "weak": {"kind": "unit", "power": 0, "hp": 1},
         "ogre": {"kind": "unit", "power": 5, "hp": 9}}
IDLE = [{"move": "effect", "phase": "main", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]


def _enc(roster=("dummy",), script=IDLE, **kw):
    return {"roster": list(roster), "initiative": 1, "script": script, **kw}


ENCOUNTERS = {
    "idle": _enc(), "duo": _enc(["dummy", "dummy2"], tasks=["watch"]),
    "quad": _enc(["dummy", "dummy2", "dummy", "dummy2"]),
    "warden": _enc(responses=[{"on": "deploy", "counter": True}]),
    "warden_s": _enc(responses=[{"on": "support", "counter": True}]),
    "thief": _enc(script=[{"move": "effect", "phase": "main", "effect": [{"op": "discard", "n": 1}]}]),
    "giver": _enc(script=[{"move": "effect", "phase": "main", "effect": [{"op": "draw", "n": 1}]}]),
    "summoner": _enc(script=[{"move": "summon", "phase": "main", "unit": "imp"}]),
}


PACK = {"heroes": {k: {"max_hp": 10, "power": 1, "ambition": 2, "morality": 0, "cards": cards}
                   for k, cards in HEROES.items()},
        "cards": CARDS, "units": UNITS, "tasks": {"watch": {"goal": "rounds", "threshold": 99}},
        "encounters": ENCOUNTERS}
eng = engine_fixture("tz", **PACK)


def sc(eng, **kw):
    kw.setdefault("heroes", ["tz:plain"])
    kw.setdefault("encounter", "tz:idle")
    return scenario(eng, **kw)


# ---------------- helpers ----------------

def SM(seed):
    """The match's `shuffle` stream (SplitMix64; its vectors are R01-R03's business)."""
    return SplitMix64.named(seed, "shuffle")


# ---------------- Z01 / Z03 / Z04 / E04: the zones ----------------

@rule("Z01")
def test_the_card_zones_are_named(eng):
    assert set(ZONE_NAMES) == {"archive", "rift", "lattice", "wastes", "abyss", "void", "stack"}
    m = sc(eng, archive=["tz:squire"], rift=["tz:bolt"], lattice=["tz:banner"], abyss=["tz:toss"],
           void=["tz:study"])
    assert (m.zone("archive"), m.zone("rift"), m.zone("lattice"), m.zone("abyss"), m.zone("void")) == \
        (["tz:squire"], ["tz:bolt"], ["tz:banner"], ["tz:toss"], ["tz:study"])
    with pytest.raises(ValueError):
        m.zone("hand")


@rule("Z01", "E04")
def test_wastes_is_shared_and_positional_with_five_lanes(eng):
    assert eng.config["lanes"] == 5
    m = sc(eng, player_lanes={1: "tz:squire"}, enemy_lanes={1: "tz:imp", 4: "tz:weak"})
    assert m.zone("wastes") == [None, "tz:squire", None, None, None]
    assert m.zone("wastes", "encounter") == [None, "tz:imp", None, None, "tz:weak"]
    assert m.characters("player")[1]["lane"] == 1 and m.characters("encounter")[4]["lane"] == 4
    m3 = sc(build_engine("tz", config={"lanes": 3}, **PACK), rift=["tz:squire"])
    assert len(m3.zone("wastes")) == 3 and len(m3.zone("wastes", "encounter")) == 3
    assert sorted(a.lane for a in m3.legal_actions() if a.kind == "play") == [0, 1, 2]


@rule("Z01")
def test_hero_zone_per_side_and_a_shared_task_zone(eng):
    m = sc(eng, heroes=["tz:plain", "tz:plain2"], encounter="tz:duo")
    assert [h["id"] for h in m.heroes("player")] == ["tz:plain", "tz:plain2"]
    assert [h["id"] for h in m.heroes("encounter")] == ["tz:dummy", "tz:dummy2"]
    assert [t["id"] for t in m.tasks] == ["tz:watch"]
    assert m.tasks[0]["progress"] == {"player": 0, "encounter": 0}
    end_turn(m)    # both sides' Ends count for the one shared task
    assert m.tasks[0]["progress"] == {"player": 1, "encounter": 1}


@rule("Z03")
def test_heroes_are_not_cards(eng):
    m = eng.new_match(seed=3, heroes=["tz:starter_a", "tz:starter_b"], encounter="tz:idle")
    assert m.n_cards == 7             # the starting cards only; the two heroes are no card instance
    ids = {m.card_id(i) for i in range(m.n_cards)}
    assert not ids & {"tz:starter_a", "tz:starter_b"}
    assert [h["slot"] for h in m.heroes()] == [0, 1] and all("card" not in h for h in m.heroes())


@rule("Z04")
def test_player_hero_zone_has_three_slots(eng):
    assert eng.config["player_hero_slots"] == 3
    m = eng.new_match(heroes=["tz:plain", "tz:plain2", "tz:plain"], encounter="tz:idle")
    assert [h["slot"] for h in m.heroes()] == [0, 1, 2]
    with pytest.raises(ValueError):
        eng.new_match(heroes=["tz:plain"] * 4, encounter="tz:idle")
    e4 = build_engine("tz", config={"player_hero_slots": 4}, **PACK)
    assert len(e4.new_match(heroes=["tz:plain"] * 4, encounter="tz:idle").heroes()) == 4


@rule("Z04")
@pytest.mark.parametrize("enc,n", [("tz:idle", 1), ("tz:duo", 2), ("tz:quad", 4)])
def test_encounter_hero_zone_is_its_roster(eng, enc, n):
    m = eng.new_match(heroes=["tz:plain"], encounter=enc)
    assert len(m.heroes("encounter")) == n
    assert [h["slot"] for h in m.heroes("encounter")] == list(range(n))


@rule("E04")
def test_one_character_per_lane_slot(eng):
    m = sc(eng, rift=["tz:squire"], player_lanes={0: "tz:squire"}, enemy_lanes={0: "tz:imp"})
    deploys = [a for a in m.legal_actions() if a.kind == "play"]
    assert sorted(a.lane for a in deploys) == [1, 2, 3, 4]       # lane 0 is taken
    occupied = deploys[0].code & ~0xFF                            # same card, lane 0
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(occupied)
    assert ei.value.code == 13
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(occupied | 5)                                     # no lane 5
    assert ei.value.code == 12
    assert m.zone("wastes") == ["tz:squire", None, None, None, None]


@rule("E04")
def test_the_lane_index_is_part_of_the_state(eng):
    m = sc(eng, rift=["tz:squire"])
    a, b = m.clone(), m.clone()
    play(a, "tz:squire", lane=3)
    play(b, "tz:squire", lane=1)
    assert a.zone("wastes") == [None, None, None, "tz:squire", None]
    assert b.zone("wastes") == [None, "tz:squire", None, None, None]
    assert a.state_hash() != b.state_hash()


# ---------------- Z02: insertion order ----------------

@rule("Z02")
def test_set_zones_append_in_insertion_order(eng):
    m = sc(eng, archive=["tz:squire", "tz:bolt"], rift=["tz:ambush", "tz:study", "tz:zap"],
           lattice=["tz:banner"])
    arch, (amb, study, zap), lat = m.zone_cards("archive"), m.zone_cards("rift"), m.zone_cards("lattice")
    play(m, "tz:study")
    m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))   # let it resolve
    assert m.zone_cards("rift") == [amb, zap] + arch       # survivors keep order; draws appended
    assert m.zone_cards("lattice") == lat + [study]          # appended after the Relic


@rule("Z02")
def test_removal_keeps_the_order_of_the_others(eng):
    m = sc(eng, rift=["tz:recall"], void=["tz:squire", "tz:bolt", "tz:study", "tz:toss"])
    v = m.zone_cards("void")
    play(m, "tz:recall", target=CARD + v[1])
    assert m.zone_cards("void") == [v[0], v[2], v[3]]
    assert m.zone_cards("rift") == [v[1]]


@rule("Z02", "Z12")
def test_abyss_keeps_death_order(eng):
    m = sc(eng, rift=["tz:smite", "tz:smite"], abyss=["tz:mend"],
           player_lanes={0: "tz:squire", 3: "tz:ambush"}, meter={"capacity": 9})
    old, c0, c3 = m.zone_cards("abyss")[0], m.characters()[0]["card"], m.characters()[3]["card"]
    play(m, "tz:smite", target=CHAR + 3)
    play(m, "tz:smite", target=CHAR + 0)
    assert m.zone_cards("abyss") == [old, c3, c0]


# ---------------- Z05 / Z06: heroes fall ----------------

@rule("Z05", "Z03")
def test_a_fallen_hero_moves_to_no_zone(eng):
    m = sc(eng, heroes=["tz:plain", "tz:plain2"], rift=["tz:smite"], hero_state={0: {"hp": 2}})
    n = m.n_cards
    play(m, "tz:smite", target=0)
    h = m.heroes()[0]
    assert not h["alive"] and h["hp"] == 0 and h["slot"] == 0     # greyed out, still in its slot
    assert m.fallen() == ["tz:plain"]
    assert m.zone("abyss") == [] and m.zone("void") == [] and m.n_cards == n
    smite = m.zone_cards("lattice")[0]
    assert [x[0] for x in moves(m)] == [smite, smite]            # only the Sortilege moved
    assert len(events(m, "hero_falls")) == 1 and not m.is_over


@rule("Z05")
def test_a_fallen_hero_stays_gone(eng):
    m = sc(eng, heroes=["tz:plain", "tz:plain2"], rift=["tz:smite", "tz:mend", "tz:smite"],
           hero_state={0: {"hp": 2}, 1: {"hp": 4}}, meter={"capacity": 9})
    play(m, "tz:smite", target=0)
    targets = {a.target for a in m.legal_actions() if a.kind == "play" and m.card_id(a.source) == "tz:smite"}
    assert 0 not in targets and 1 in targets                      # no longer a target
    play(m, "tz:mend")                                            # heals all allies
    assert m.heroes()[1]["hp"] == 9
    assert m.heroes()[0]["hp"] == 0 and not m.heroes()[0]["alive"]
    for _ in range(2):
        end_turn(m)
    assert not m.heroes()[0]["alive"] and m.fallen() == ["tz:plain"]


@rule("Z06")
def test_no_surviving_hero_loses_the_match(eng):
    m = sc(eng, heroes=["tz:plain", "tz:plain2"], rift=["tz:smite", "tz:smite"],
           hero_state={0: {"hp": 1}, 1: {"hp": 1}}, meter={"capacity": 9})
    play(m, "tz:smite", target=0)
    assert not m.is_over                                          # a survivor remains
    play(m, "tz:smite", target=1)
    assert m.is_over and m.outcome == "loss" and m.legal_actions() == []


# ---------------- Z07: the deckless Encounter ----------------

@rule("Z07")
def test_encounter_has_no_card_zones(eng):
    m = sc(eng, archive=["tz:squire"], rift=["tz:bolt"], lattice=["tz:banner"], abyss=["tz:toss"],
           void=["tz:study"])
    for z in ("archive", "rift", "lattice", "abyss", "void"):
        assert m.zone(z, "encounter") == [] and m.zone(z) != []


@rule("Z07")
def test_enemy_characters_leave_play_without_a_card(eng):
    m = sc(eng, phase="combat", enemy_lanes={2: "tz:weak"})
    n = m.n_cards
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack" and a.source == 0 and a.lane == 2))
    deaths = events(m, "death")
    assert len(deaths) == 1 and deaths[0].side == "encounter" and deaths[0].c == -1
    assert m.zone("wastes", "encounter")[2] is None
    assert moves(m) == [] and m.zone("abyss") == [] and m.n_cards == n


@rule("Z07")
def test_enemy_summons_appear_on_the_enemy_side_without_cards(eng):
    m = sc(eng, encounter="tz:summoner", rift=["tz:squire"] * 6)
    n = m.n_cards
    end_turn(m)
    assert m.zone("wastes", "encounter").count("tz:imp") == 1
    assert m.zone("wastes") == [None] * 5 and m.n_cards == n


# ---------------- Z08 - Z13: the lifecycle moves ----------------

@rule("Z08")
def test_draw_moves_archive_top_to_rift(eng):
    m = sc(eng, archive=["tz:squire", "tz:bolt", "tz:toss"], rift=["tz:study"])
    arch = m.zone_cards("archive")
    play(m, "tz:study")
    assert m.zone_cards("rift") == arch[:2] and m.zone_cards("archive") == arch[2:]
    draws = [x for x in moves(m) if x[1] == "archive"]
    assert draws == [(arch[0], "archive", "rift", 0), (arch[1], "archive", "rift", 0)]


@rule("Z09", "Z22")
def test_deploy_leaves_the_rift_at_commit_and_materializes_at_resolution(eng):
    m = sc(eng, rift=["tz:squire", "tz:ambush"])      # a held reaction keeps the window open
    sq = instances(m, "rift", "tz:squire")[0]
    play(m, "tz:squire", lane=2)
    assert m.stack and m.stack[-1]["card"] == sq
    assert m.card_zone(sq) == "stack"
    assert all(sq not in m.zone_cards(z) for z in ("archive", "rift", "lattice", "abyss", "void"))
    assert m.zone("wastes")[2] is None                            # not yet materialized
    assert moves(m) == [(sq, "rift", "stack", 0)]
    m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    assert m.card_zone(sq) == "wastes" and m.characters()[2]["card"] == sq
    assert moves(m)[1:] == [(sq, "stack", "wastes", 0)]


@rule("Z09")
def test_countered_deploy_goes_to_the_abyss(eng):
    m = sc(eng, encounter="tz:warden", rift=["tz:squire", "tz:bolt"])
    sq = instances(m, "rift", "tz:squire")[0]
    play(m, "tz:squire", lane=0)
    assert len(events(m, "counter")) == 1
    assert m.card_zone(sq) == "abyss" and m.zone("wastes") == [None] * 5
    assert moves(m) == [(sq, "rift", "stack", 0), (sq, "stack", "abyss", 0)]


@rule("Z09")
def test_fizzled_deploy_goes_to_the_abyss(eng):
    m = sc(eng, rift=["tz:squire", "tz:ambush"])
    sq, am = instances(m, "rift", "tz:squire")[0], instances(m, "rift", "tz:ambush")[0]
    play(m, "tz:squire", lane=2)
    play(m, "tz:ambush", lane=2)                                  # takes the lane first (LIFO)
    assert not m.stack
    assert m.characters()[2]["card"] == am
    assert m.card_zone(sq) == "abyss" and (sq, "stack", "abyss", 0) in moves(m)


@rule("Z10", "Z22")
@pytest.mark.parametrize("card,target", [("tz:bolt", FOE_HERO), ("tz:banner", None)])
def test_support_play_goes_rift_stack_lattice(eng, card, target):
    m = sc(eng, rift=[card, "tz:ambush"])
    c = m.zone_cards("rift")[0]
    play(m, card, target=target)
    assert m.card_zone(c) == "stack" and c not in m.zone_cards("rift")
    m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    assert m.zone_cards("lattice") == [c]
    assert moves(m) == [(c, "rift", "stack", 0), (c, "stack", "lattice", 0)]


@rule("Z10")
def test_countered_enhancement_goes_to_the_abyss(eng):
    m = sc(eng, encounter="tz:warden_s", rift=["tz:banner"])
    c = m.zone_cards("rift")[0]
    play(m, "tz:banner")
    assert m.zone_cards("abyss") == [c] and m.zone("lattice") == []
    assert moves(m) == [(c, "rift", "stack", 0), (c, "stack", "abyss", 0)]


@rule("Z11")
def test_discard_is_rift_to_abyss_by_an_effect(eng):
    m = sc(eng, rift=["tz:toss", "tz:squire"])
    sq = instances(m, "rift", "tz:squire")[0]
    play(m, "tz:toss")
    assert m.zone("rift") == [] and m.zone_cards("abyss") == [sq]
    assert (sq, "rift", "abyss", 0) in moves(m)


@rule("Z12")
def test_character_killed_by_an_effect_sends_its_card_to_the_abyss(eng):
    m = sc(eng, rift=["tz:smite"], player_lanes={4: "tz:squire"})
    c = m.characters()[4]["card"]
    assert m.card_zone(c) == "wastes"
    play(m, "tz:smite", target=CHAR + 4)
    assert m.characters()[4] is None and m.zone_cards("abyss") == [c]
    assert (c, "wastes", "abyss", 0) in moves(m)
    d = events(m, "death")[0]
    assert (d.side, d.a, d.c, ZN.get(d.d)) == ("player", CHAR + 4, c, "abyss")


@rule("Z12")
def test_character_killed_in_combat_sends_its_card_to_the_abyss(eng):
    m = sc(eng, rift=["tz:zap"] * 5, player_lanes={0: "tz:squire"}, enemy_lanes={0: "tz:ogre"})
    c = m.characters()[0]["card"]
    end_turn(m)                                                   # the ogre attacks lane 0
    assert m.characters()[0] is None and m.card_zone(c) == "abyss"
    assert (c, "wastes", "abyss", 0) in moves(m)


@rule("Z13")
def test_exile_a_character_sends_its_card_to_the_void(eng):
    m = sc(eng, rift=["tz:banish"], player_lanes={1: "tz:squire"})
    c = m.characters()[1]["card"]
    play(m, "tz:banish", target=CHAR + 1)
    assert m.characters()[1] is None and m.zone_cards("void") == [c] and m.zone("abyss") == []
    assert [x[:3] for x in moves(m) if x[0] == c] == [(c, "wastes", "void")]


@rule("Z13")
def test_exile_a_lattice_card_sends_it_to_the_void(eng):
    m = sc(eng, rift=["tz:purge"], lattice=["tz:bolt", "tz:banner"])
    bolt, banner = m.zone_cards("lattice")
    play(m, "tz:purge", target=CARD + bolt)
    assert m.zone_cards("void") == [bolt] and m.zone("abyss") == []
    assert m.zone("lattice") == ["tz:banner", "tz:purge"]
    assert [x[:3] for x in moves(m) if x[0] == bolt] == [(bolt, "lattice", "void")]


# ---------------- Z14 / Z18 / T12: the reshuffle ----------------

@rule("Z14", "Z18")
def test_draw_on_empty_archive_reshuffles_the_abyss(eng):
    m = sc(eng, rift=["tz:study"], abyss=["tz:squire", "tz:bolt", "tz:toss", "tz:zap"], void=["tz:mend"])
    aby, void = m.zone_cards("abyss"), m.zone_cards("void")
    play(m, "tz:study")
    assert len(events(m, "shuffle")) == 1 and events(m, "shuffle")[0].a == 4
    assert sorted(c for c, f, t, _ in moves(m) if (f, t) == ("abyss", "archive")) == sorted(aby)
    assert m.zone("abyss") == [] and m.zone_cards("void") == void
    assert sorted(m.zone_cards("archive") + m.zone_cards("rift")) == sorted(aby)
    assert len(m.zone_cards("rift")) == 2


@rule("Z18")
@pytest.mark.parametrize("seed", [0, 1, 7, 1234567])
def test_reshuffle_uses_the_shuffle_stream(eng, seed):
    m = sc(eng, seed=seed, rift=["tz:study"],
           abyss=["tz:squire", "tz:bolt", "tz:toss", "tz:zap", "tz:mend", "tz:banner"])
    order = SM(seed).shuffle(list(m.zone_cards("abyss")))   # stored bottom first
    play(m, "tz:study")
    assert m.zone_cards("rift") == order[::-1][:2]
    assert m.zone_cards("archive") == order[::-1][2:]


@rule("Z18")
def test_reshuffle_is_lazy(eng):
    m = sc(eng, rift=["tz:study"], archive=["tz:squire", "tz:bolt"], abyss=["tz:toss", "tz:zap"])
    aby = m.zone_cards("abyss")
    play(m, "tz:study")                    # empties the Archive exactly: no reshuffle yet
    assert m.zone("archive") == [] and m.zone_cards("abyss") == aby
    assert events(m, "shuffle") == []


@rule("T12", "Z18")
def test_end_draw_continues_through_the_reshuffle_without_the_void(eng):
    m = sc(eng, rift=["tz:zap"] * 3, archive=["tz:bolt"], abyss=["tz:study", "tz:toss", "tz:banner"],
           void=["tz:mend", "tz:recall"])
    bolt, aby, void = m.zone_cards("archive")[0], m.zone_cards("abyss"), m.zone_cards("void")
    end_turn(m)
    rift = m.zone_cards("rift")
    assert len(rift) == 5 and rift[3] == bolt and rift[4] in aby
    assert sorted(m.zone_cards("archive")) == sorted(set(aby) - {rift[4]})
    assert m.zone_cards("void") == void and m.zone("abyss") == []
    seq = [e.a if e.kind == "move" else "shuffle" for e in m.events
           if e.kind == "shuffle" or (e.kind, ZN.get(e.b), ZN.get(e.c)) == ("move", "archive", "rift")]
    assert seq == [bolt, "shuffle", rift[4]]                      # the draw goes on after it


# ---------------- Z15 / Z21: the Void ----------------

@rule("Z15")
def test_return_from_the_void_is_an_explicit_move(eng):
    m = sc(eng, rift=["tz:recall"], void=["tz:squire"])
    v = m.zone_cards("void")[0]
    play(m, "tz:recall", target=CARD + v)
    assert m.zone_cards("rift") == [v] and m.zone("void") == []
    assert (v, "void", "rift", 1) in moves(m)


@rule("Z21", "Z15")
def test_the_void_never_returns_a_card_by_itself(eng):
    m = sc(eng, rift=["tz:zap"] * 3, abyss=["tz:squire"], void=["tz:bolt", "tz:toss"])
    void = m.zone_cards("void")
    for _ in range(3):                     # End draws: reshuffle, then mill-out, never the Void
        end_turn(m)
        assert m.zone_cards("void") == void
    assert all(f != "void" for _, f, _, _ in moves(m))
    assert len(m.zone("rift")) == 4 and m.zone("archive") == [] and events(m, "draw_skipped")


# ---------------- Z16: Lattice -> Abyss ----------------

@rule("Z16")
def test_destroyed_enhancement_goes_to_the_abyss(eng):
    m = sc(eng, rift=["tz:shatter"], lattice=["tz:banner"])
    b = m.zone_cards("lattice")[0]
    play(m, "tz:shatter", target=CARD + b)
    assert b not in m.zone_cards("lattice") and m.zone_cards("abyss") == [b]
    assert (b, "lattice", "abyss", 0) in moves(m)


@rule("Z16")
def test_sortilege_out_of_charges_goes_to_the_abyss(eng):
    m = sc(eng, lattice=[("tz:zap", 1)], rift=["tz:squire"])
    z = m.zone_cards("lattice")[0]
    m.apply(next(a for a in m.legal_actions() if a.kind == "activate" and a.source == CARD + z))
    assert m.zone("lattice") == [] and m.zone_cards("abyss") == [z]
    assert (z, "lattice", "abyss", 0) in moves(m)


# ---------------- Z17: the table and the move log ----------------

def _replay_moves(m, start):
    """Follow every move event from `start` (card -> zone); each must leave the card's zone."""
    zones = dict(start)
    for c, f, t, d in moves(m):
        assert zones[c] == f, f"card {c} moved from {f} but was in {zones[c]}"
        assert (f, t) in TABLE or d == 1, f"move {f} -> {t} is outside the table and not explicit"
        if f == "void":
            assert d == 1, "a card left the Void without an explicit effect"
        zones[c] = t
    return zones


def _random_playout(m, seed, steps=250):
    rng = random.Random(seed)
    for _ in range(steps):
        acts = m.legal_actions()
        if not acts:
            break
        m.apply(rng.choice(acts))


@rule("Z17")
@pytest.mark.parametrize("seed", range(6))
def test_every_move_is_logged_and_in_the_table_builtin(engine, seed):
    m = engine.new_match(seed=seed)
    start = {c: "archive" for c in range(m.n_cards)}           # before the opening hand
    _random_playout(m, seed)
    end = _replay_moves(m, start)
    assert end == {c: m.card_zone(c) for c in range(m.n_cards)}
    assert any(f == "archive" for _, f, _, _ in moves(m))


@rule("Z17")
@pytest.mark.parametrize("seed", range(6))
def test_every_move_is_logged_and_in_the_table_tz(eng, seed):
    deck = ["tz:squire", "tz:ambush", "tz:bolt", "tz:banner", "tz:study", "tz:toss", "tz:banish",
            "tz:purge", "tz:recall", "tz:shatter", "tz:zap", "tz:mend"] * 2
    m = eng.new_match(seed=seed, heroes=["tz:plain", "tz:plain2"], encounter="tz:warden", deck=deck)
    start = {c: "archive" for c in range(m.n_cards)}
    _random_playout(m, seed, 300)
    assert _replay_moves(m, start) == {c: m.card_zone(c) for c in range(m.n_cards)}


@rule("Z17")
def test_explicit_flag_marks_only_effect_moves(eng):
    m = sc(eng, rift=["tz:recall", "tz:study", "tz:toss"], void=["tz:squire"], archive=["tz:bolt"],
           meter={"capacity": 9})
    v = m.zone_cards("void")[0]
    play(m, "tz:recall", target=CARD + v)
    play(m, "tz:study")
    play(m, "tz:toss")
    explicit = [x for x in moves(m) if x[3]]
    assert explicit == [(v, "void", "rift", 1)]
    assert all((f, t) in TABLE for _, f, t, d in moves(m) if not d)


# ---------------- Z19 / T13: mill-out ----------------

@rule("Z19")
def test_draw_with_nothing_left_is_skipped(eng):
    m = sc(eng, rift=["tz:study", "tz:squire"], void=["tz:bolt"])
    play(m, "tz:study")
    assert len(events(m, "draw_skipped")) == 2
    assert m.zone("rift") == ["tz:squire"] and m.zone("void") == ["tz:bolt"]
    assert not m.is_over and m.legal_actions()


@rule("T13", "Z19")
def test_end_draw_stops_when_archive_and_abyss_are_empty(eng):
    m = sc(eng, rift=["tz:zap", "tz:zap"], void=["tz:bolt"])
    end_turn(m)
    assert len(events(m, "draw_skipped")) >= 1
    assert m.round == 2 and not m.is_over
    assert m.zone("rift") == ["tz:zap", "tz:zap"] and m.zone("void") == ["tz:bolt"]
    assert moves(m) == []


# ---------------- Z20 / H01: hidden information ----------------

@rule("Z20", "H01")
def test_observation_hides_the_archive_order(eng):
    a = sc(eng, archive=["tz:squire", "tz:bolt", "tz:study"], rift=["tz:zap"])
    b = sc(eng, archive=["tz:study", "tz:squire", "tz:bolt"], rift=["tz:zap"])
    assert a.zone("archive") != b.zone("archive")
    for side in ("player", "encounter"):
        oa, ob = a.observation(side), b.observation(side)
        assert oa == ob and oa["archive_count"] == 3
        assert "archive" not in oa


@rule("H01")
def test_the_rift_is_hidden_from_the_encounter(eng):
    a = sc(eng, rift=["tz:squire", "tz:bolt"])
    b = sc(eng, rift=["tz:toss", "tz:banner"])
    assert a.observation("player")["rift"] == ["tz:squire", "tz:bolt"]
    assert a.observation("player") != b.observation("player")
    oa = a.observation("encounter")
    assert "rift" not in oa and oa["rift_count"] == 2
    assert oa == b.observation("encounter")


# ---------------- T14 ----------------

@rule("T14", "Z11")
def test_a_hand_above_the_floor_is_not_trimmed(eng):
    m = sc(eng, rift=["tz:zap"] * 7, archive=["tz:bolt"])
    end_turn(m)
    assert len(m.zone("rift")) == 7 and m.zone("archive") == ["tz:bolt"]
    assert m.zone("abyss") == [] and moves(m) == []


# ---------------- E15: match start ----------------

@rule("E15")
def test_default_deck_is_the_union_of_starting_cards(eng):
    m = eng.new_match(seed=11, heroes=["tz:starter_a", "tz:starter_b"], encounter="tz:idle")
    ids = [m.card_id(c) for c in range(m.n_cards)]
    want = Counter(eng.catalog.heroes["tz:starter_a"]["cards"] + eng.catalog.heroes["tz:starter_b"]["cards"])
    assert Counter(x.split(":")[1] for x in ids) == want
    assert len(m.zone("rift")) == 5 and len(m.zone("archive")) == 2
    assert len([x for x in moves(m) if x[1:3] == ("archive", "rift")]) == 5
    e3 = build_engine("tz", config={"opening_hand": 3}, **PACK)
    m = e3.new_match(seed=1, heroes=["tz:starter_a"], encounter="tz:idle")
    assert len(m.zone("rift")) == 3 and len(m.zone("archive")) == 1


@rule("E15")
def test_a_given_deck_replaces_the_starting_cards(eng):
    deck = ["tz:zap"] * 6 + ["tz:mend"]
    m = eng.new_match(seed=2, heroes=["tz:starter_a"], encounter="tz:idle", deck=deck)
    assert sorted(m.card_id(c) for c in range(m.n_cards)) == sorted(deck)
    assert len(m.zone("rift")) == 5 and len(m.zone("archive")) == 2


@rule("E15")
def test_a_given_deck_is_never_silently_cut(eng):
    deck = ["tz:zap"] * 70                       # more than a match's card capacity (64)
    try:
        m = eng.new_match(seed=0, heroes=["tz:plain"], encounter="tz:idle", deck=deck)
    except (ValueError, eve.EveError):
        return                                   # refused with a reason: fine
    assert m.n_cards == len(deck)                # else every given card is in the match


@rule("E15")
@pytest.mark.parametrize("seed", [0, 3, 99])
def test_the_archive_is_shuffled_with_the_shuffle_stream(eng, seed):
    deck = ["tz:squire", "tz:ambush", "tz:bolt", "tz:banner", "tz:study", "tz:toss", "tz:banish",
            "tz:purge", "tz:recall"]
    m = eng.new_match(seed=seed, heroes=["tz:plain"], encounter="tz:idle", deck=deck)
    order = SM(seed).shuffle(list(deck))[::-1]           # top first
    assert m.zone("rift") == order[:5] and m.zone("archive") == order[5:]


# ---------------- E16: the instruction set ----------------

@rule("E16")
def test_the_instruction_set(eng):
    from eve.core.tables import ENUMS
    assert set(ENUMS["op"]) == {"damage", "heal", "shield", "poison", "draw", "discard", "exile",
                                "return", "destroy", "counter", "summon", "buff", "task", "if",
                                "status", "remove_status", "put", "deploy", "mill", "create", "copy",
                                "choose", "choose_mode", "discover", "add_counter", "set_counter",
                                "scry", "reintent", "end_turn", "split",
                                # a run program's only (rule U19)
                                "heal_share", "restore", "hurt", "max_hp", "ambition",
                                "morality", "gain_aurorune", "lose_aurorune", "add_card",
                                "remove_card", "upgrade_card", "gain_relic"}

    odd = {"kind": S, "charges": 1, "on_enter": _on([{"op": "transmute", "n": 1}])}
    with pytest.raises(eve.ContentError):
        build_engine("tz", **{**PACK, "cards": {**CARDS, "odd": odd}})


@rule("E16")
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 42])
def test_discard_picks_with_the_shuffle_stream(eng, seed):
    m = sc(eng, seed=seed, rift=["tz:toss", "tz:squire", "tz:bolt", "tz:zap", "tz:mend"])
    hand = m.zone_cards("rift")[1:]
    gone = hand[SM(seed).below(len(hand))]
    play(m, "tz:toss")
    assert m.zone_cards("abyss") == [gone]
    assert m.zone_cards("rift") == [c for c in hand if c != gone]


@rule("E16")
def test_encounter_discard_acts_on_the_players_rift(eng):
    m = sc(eng, encounter="tz:thief", rift=["tz:zap"] * 6)
    end_turn(m)
    assert len(m.zone("rift")) == 5 and m.zone("abyss") == ["tz:zap"]
    assert [x[1:3] for x in moves(m)] == [("rift", "abyss")]


@rule("E16")
def test_an_encounter_draw_draws_nothing_it_has_no_deck(eng):
    m = sc(eng, encounter="tz:giver", rift=["tz:zap"] * 6, archive=["tz:bolt", "tz:mend"])
    end_turn(m)
    assert m.zone("rift") == ["tz:zap"] * 6 and m.zone("archive") == ["tz:bolt", "tz:mend"]
    assert not [x for x in moves(m) if x[1:3] == ("archive", "rift")]
