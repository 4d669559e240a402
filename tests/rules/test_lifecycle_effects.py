"""The lifecycle moves an effect makes explicitly (docs/rules.md Z23-Z28): chosen cards of the
Rift, the Abyss and the Stack; Void -> Wastes; the Archive's top, bottom and shuffled in; mill;
created and copied cards. Each design is played in a real match of a purpose-built pack ("tl").
"""
import random

import msgpack
import pytest
from conftest import rule

import eve
from eve.core import vocabulary
from eve.core.match import ZONE_NAMES
from eve.core.rng import SplitMix64
from eve.core.snapshot import checksum
from eve.errors import ContentError, SchemaViolation
from eve.plugins import errors as codes
from eve.testing import (
    actions,
    build_engine,
    end_turn,
    engine_fixture,
    events,
    instances,
    moves,
    play,
    scenario,
)

ZN = {v: k for k, v in ZONE_NAMES.items()}
MH = vocabulary.BY_KEY["move_how"].by_name()          # a move event's `how`
NONE = ZN.get(0)                                     # a created card comes from no zone
FOE_HERO = 16
CARD = 64
S = "sortilege"
MAX_CARDS = 64
R_BAD_TARGET = 11


def _on(effect, target="none"):
    return {"target": target, "effect": effect}


CARDS = {
    "squire": {"kind": "character", "power": 1, "hp": 2},
    "scout": {"kind": "character", "power": 2, "hp": 1, "keywords": ["swift"]},
    "bolt": {"kind": S, "charges": 1, "on_enter": _on([{"op": "damage", "n": 3}], "foe")},
    "zap": {"kind": S, "charges": 1, "ability": _on([{"op": "damage", "n": 1}], "foe")},
    "wound": {"kind": S, "charges": 1, "ability": _on([{"op": "damage", "to": "own_leader", "n": 1}])},
    # Slay the Spire's Headbutt: damage, then a chosen card of the Abyss onto the Archive's top
    "headbutt": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "damage", "to": "foe_leader", "n": 9},
         {"op": "put", "into": "archive_top"}], "abyss_card")},
    # Burning Pact: exile a chosen card of the Rift, draw 2
    "pact": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "exile"}, {"op": "draw", "n": 2}], "rift_card")},
    "prune": {"kind": S, "charges": 1, "on_enter": _on([{"op": "put", "into": "abyss"}], "rift_card")},
    "sink": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "put", "into": "archive_bottom"}], "abyss_card")},
    "stir": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "put", "into": "archive_shuffled"}], "abyss_card")},
    "fetch": {"kind": S, "charges": 1, "on_enter": _on([{"op": "put", "into": "rift"}], "abyss_card")},
    # a reaction that exiles a card being played
    "void_snare": {"kind": S, "charges": 1, "keywords": ["reaction"],
                   "on_enter": _on([{"op": "exile"}], "stack_card")},
    "raise": {"kind": S, "charges": 1, "on_enter": _on([{"op": "deploy"}], "void_card")},
    "mill2": {"kind": S, "charges": 1, "on_enter": _on([{"op": "mill", "n": 2}])},
    "burn_top": {"kind": S, "charges": 1, "on_enter": _on([{"op": "mill", "into": "void"}])},
    "forge": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "create", "card": "wound", "n": 2, "into": "archive_shuffled"}])},
    "forge_top": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "create", "card": "zap", "into": "archive_top"}])},
    "forge_many": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "create", "card": "zap", "n": 99, "into": "void"}])},
    "mirror": {"kind": S, "charges": 1, "on_enter": _on(
        [{"op": "copy", "n": "count(rift)", "into": "rift"}], "rift_card")},
}
UNITS = {"dummy": {"kind": "enemy_hero", "max_hp": 40, "power": 0}}
IDLE = [{"move": "effect", "phase": "main", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]


def _enc(script=IDLE, **kw):
    return {"roster": ["dummy"], "initiative": 1, "script": script, **kw}


ENCOUNTERS = {
    "idle": _enc(),
    # the Encounter's own lifecycle effects (E16, Z23): the player's zones are the only ones
    "miller": _enc([{"move": "effect", "phase": "main", "effect": [{"op": "mill", "n": 1}]}]),
    "wounder": _enc([{"move": "effect", "phase": "main", "effect": [
        {"op": "create", "card": "wound", "into": "abyss"},
        {"op": "create", "card": "wound", "into": "rift"}]}]),
    "binder": _enc([{"move": "effect", "phase": "main", "target": "newest_lattice", "effect": [
        {"op": "put", "into": "archive_bottom"}]}]),
    "necro": _enc([{"move": "effect", "phase": "main", "effect": [
        {"op": "deploy", "to": "newest_void"}, {"op": "put", "to": "newest_void", "into": "rift"}]}]),
}


PACK = {
    # no starting cards: a scenario's match then starts with an unused `shuffle` stream
    "heroes": {"plain": {"max_hp": 10, "power": 1, "ambition": 7, "morality": 0, "cards": []}},
    "cards": CARDS, "units": UNITS, "encounters": ENCOUNTERS}
eng = engine_fixture("tl", **PACK)


def sc(eng, **kw):
    kw.setdefault("heroes", ["tl:plain"])
    kw.setdefault("encounter", "tl:idle")
    return scenario(eng, **kw)


# ---------------- Z23: chosen cards ----------------

@rule("Z23")
def test_headbutt_puts_a_chosen_abyss_card_on_top_of_the_archive(eng):
    m = sc(eng, rift=["tl:headbutt"], archive=["tl:squire", "tl:zap"], abyss=["tl:bolt", "tl:scout"])
    bolt, scout = m.zone_cards("abyss")
    targets = sorted(a.target for a in actions(m, "play", "tl:headbutt"))
    assert targets == [CARD + bolt, CARD + scout]              # every Abyss card, a choice each
    hp = m.heroes("encounter")[0]["hp"]
    play(m, "tl:headbutt", CARD + scout)
    assert m.heroes("encounter")[0]["hp"] == hp - 9
    assert m.zone_cards("archive")[0] == scout and m.zone("archive")[1:] == ["tl:squire", "tl:zap"]
    assert m.zone_cards("abyss") == [bolt]
    assert (scout, "abyss", "archive", 1) in moves(m)
    end_turn(m)                                                # the End draw takes it
    assert scout in m.zone_cards("rift")


@rule("Z23")
def test_burning_pact_exiles_a_chosen_rift_card_then_draws_two(eng):
    m = sc(eng, rift=["tl:pact", "tl:squire", "tl:bolt"], archive=["tl:zap", "tl:scout", "tl:raise"])
    pact, squire, bolt = m.zone_cards("rift")
    zap, scout, _ = m.zone_cards("archive")
    assert sorted(a.target for a in actions(m, "play", "tl:pact")) == [CARD + squire, CARD + bolt]
    play(m, "tl:pact", CARD + bolt)
    assert m.zone_cards("void") == [bolt]
    assert m.zone_cards("rift") == [squire, zap, scout]
    assert (bolt, "rift", "void", 1) in moves(m)


@rule("Z23")
def test_a_card_never_targets_itself_from_the_rift(eng):
    m = sc(eng, rift=["tl:pact", "tl:prune"])
    pact, prune = m.zone_cards("rift")
    assert [a.target for a in actions(m, "play", "tl:pact")] == [CARD + prune]
    with pytest.raises(eve.IllegalAction) as e:
        m.apply((3 << 24) | (pact << 16) | ((CARD + pact) << 8))       # play pact -> pact
    assert e.value.code == R_BAD_TARGET


@rule("Z23")
def test_discard_a_chosen_card(eng):
    m = sc(eng, rift=["tl:prune", "tl:squire", "tl:bolt", "tl:zap"])
    _, squire, bolt, zap = m.zone_cards("rift")
    before = m.clone()
    play(m, "tl:prune", CARD + bolt)
    assert instances(m, "abyss", "tl:bolt") == [bolt] and m.zone_cards("rift") == [squire, zap]
    assert (bolt, "rift", "abyss", 1) in moves(m)
    # the choice is the player's, not the shuffle stream's (a random discard draws from it)
    assert m.observation()["rift"] == ["tl:squire", "tl:zap"]
    play(before, "tl:prune", CARD + zap)
    assert before.zone_cards("rift") == [squire, bolt]


@rule("Z23")
def test_abyss_card_to_the_archive_bottom(eng):
    m = sc(eng, rift=["tl:sink"], archive=["tl:squire", "tl:zap"], abyss=["tl:bolt"])
    bolt = m.zone_cards("abyss")[0]
    play(m, "tl:sink", CARD + bolt)
    assert m.zone("archive") == ["tl:squire", "tl:zap", "tl:bolt"]     # top first
    assert (bolt, "abyss", "archive", MH["bottom"]) in moves(m)


@rule("Z23", "R03")
@pytest.mark.parametrize("seed", [0, 1, 5, 1234567])
def test_abyss_card_shuffled_into_the_archive(eng, seed):
    m = sc(eng, seed=seed, rift=["tl:stir"],
           archive=["tl:squire", "tl:zap", "tl:scout", "tl:raise", "tl:mill2"], abyss=["tl:bolt"])
    bolt = m.zone_cards("abyss")[0]
    stored = m.zone_cards("archive")[::-1] + [bolt]            # bottom first, the card on top
    # the whole Archive, Fisher-Yates from the last index down, on the `shuffle` stream
    want = SplitMix64.named(seed, "shuffle").shuffle(list(stored))[::-1]
    play(m, "tl:stir", CARD + bolt)
    assert m.zone_cards("archive") == want
    assert sorted(want) == sorted(stored)
    assert (bolt, "abyss", "archive", MH["shuffled"]) in moves(m)


@rule("Z23")
def test_abyss_card_to_the_rift(eng):
    m = sc(eng, rift=["tl:fetch"], abyss=["tl:bolt", "tl:squire"])
    bolt, squire = m.zone_cards("abyss")
    play(m, "tl:fetch", CARD + squire)
    assert m.zone_cards("rift") == [squire] and bolt in m.zone_cards("abyss")


# ---------------- Z24: a card on the Stack ----------------

@rule("Z24")
def test_exiling_a_card_on_the_stack_removes_its_play(eng):
    m = sc(eng, rift=["tl:bolt", "tl:void_snare"])
    bolt, snare = m.zone_cards("rift")
    hp = m.heroes("encounter")[0]["hp"]
    play(m, "tl:bolt", FOE_HERO)
    assert m.card_zone(bolt) == "stack"
    assert [a.target for a in actions(m, "play", "tl:void_snare")] == [CARD + bolt]
    play(m, "tl:void_snare", CARD + bolt)
    while m.stack:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))
    assert m.card_zone(bolt) == "void" and m.zone("lattice") == ["tl:void_snare"]
    assert m.heroes("encounter")[0]["hp"] == hp                 # the bolt never resolved
    assert (bolt, "stack", "void", 1) in moves(m)
    assert [e.b for e in events(m, "resolve")] == [snare]        # only the snare resolved
    assert not events(m, "fizzle") and not events(m, "counter")


@rule("Z24")
def test_stack_card_targets_only_cards_being_played(eng):
    m = sc(eng, rift=["tl:zap", "tl:void_snare"], lattice=["tl:zap"])
    assert actions(m, "play", "tl:void_snare") == []                      # an empty Stack: nothing
    lat = m.zone_cards("lattice")[0]
    m.apply(next(a for a in m.legal_actions() if a.kind == "activate" and a.source == CARD + lat))
    # an ability has no card: the snare had nothing to target, so the window was passed
    assert events(m, "resolve")[0].a == 2 and m.stack == []
    assert instances(m, "rift", "tl:void_snare")


# ---------------- Z15 / Z27: Void -> Wastes ----------------

@rule("Z15", "Z27")
@pytest.mark.parametrize("card,ready", [("tl:squire", False), ("tl:scout", True)])
def test_a_character_card_deployed_from_the_void(eng, card, ready):
    m = sc(eng, rift=["tl:raise"], void=[card], player_lanes={0: "tl:squire"})
    v = m.zone_cards("void")[0]
    play(m, "tl:raise", CARD + v)
    ch = m.characters()[1]                                      # the first empty lane
    assert ch["card"] == v and ch["id"] == card and ch["ready"] is ready
    assert m.card_zone(v) == "wastes" and (v, "void", "wastes", 1) in moves(m)
    assert events(m, "summon")[-1].d == 0                        # a card's character, not a token


@rule("Z27")
def test_deploy_from_the_void_needs_a_character_and_an_empty_lane(eng):
    m = sc(eng, rift=["tl:raise", "tl:raise"], void=["tl:bolt", "tl:squire"],
           player_lanes={i: "tl:squire" for i in range(5)}, meter={"capacity": 9})
    bolt, sq = m.zone_cards("void")
    play(m, "tl:raise", CARD + bolt)                            # not a character: stays
    play(m, "tl:raise", CARD + sq)                              # no empty lane: stays
    assert m.zone_cards("void") == [bolt, sq]
    assert not [x for x in moves(m) if x[1] == "void"]


# ---------------- mill (the choice-free form of scry) ----------------

@rule("Z23")
def test_mill_puts_the_archive_top_into_the_abyss(eng):
    m = sc(eng, rift=["tl:mill2"], archive=["tl:squire", "tl:zap", "tl:bolt"])
    sq, zap, bolt = m.zone_cards("archive")
    play(m, "tl:mill2")
    assert m.zone_cards("archive") == [bolt]
    assert [x for x in moves(m) if x[2] == "abyss" and x[1] == "archive"] == [
        (sq, "archive", "abyss", 1), (zap, "archive", "abyss", 1)]


@rule("Z23", "Z13")
def test_mill_into_the_void_exiles_the_archive_top(eng):
    m = sc(eng, rift=["tl:burn_top"], archive=["tl:squire", "tl:zap"])
    sq, zap = m.zone_cards("archive")
    play(m, "tl:burn_top")
    assert m.zone_cards("void") == [sq] and m.zone_cards("archive") == [zap]
    assert (sq, "archive", "void", 1) in moves(m)


@rule("Z23", "Z19")
def test_mill_of_an_empty_archive_does_not_reshuffle(eng):
    m = sc(eng, rift=["tl:mill2"], archive=["tl:zap"], abyss=["tl:bolt"])
    play(m, "tl:mill2")
    assert m.zone("archive") == [] and not events(m, "shuffle")


# ---------------- Z25 / Z26: created and copied cards ----------------

@rule("Z25")
@pytest.mark.parametrize("seed", [0, 3])
def test_create_shuffles_new_cards_into_the_archive(eng, seed):
    m = sc(eng, seed=seed, rift=["tl:forge"], archive=["tl:squire", "tl:zap", "tl:bolt"])
    n = m.n_cards
    stored = m.zone_cards("archive")[::-1]
    rng = SplitMix64.named(seed, "shuffle")
    want = rng.shuffle(stored + [n])
    want = rng.shuffle(want + [n + 1])[::-1]
    play(m, "tl:forge")
    assert m.n_cards == n + 2
    assert [m.card_id(c) for c in (n, n + 1)] == ["tl:wound", "tl:wound"]
    assert m.zone_cards("archive") == want
    assert [x for x in moves(m) if x[1] == NONE] == [(n, NONE, "archive", MH["shuffled"]),
                                                    (n + 1, NONE, "archive", MH["shuffled"])]


@rule("Z25")
def test_a_created_card_is_a_card_like_any_other(eng):
    m = sc(eng, rift=["tl:forge_top"], archive=["tl:squire"], meter={"capacity": 9})
    n = m.n_cards
    play(m, "tl:forge_top")
    assert m.zone_cards("archive") == [n, *m.zone_cards("archive")[1:]]
    end_turn(m)
    assert n in m.zone_cards("rift")                            # drawn from the top
    m.apply(next(a for a in actions(m, "play", "tl:zap") if a.source == n))
    assert m.card_zone(n) == "lattice"
    m.apply(next(a for a in m.legal_actions() if a.kind == "activate" and a.source == CARD + n))
    assert m.card_zone(n) == "abyss"                            # spent: the Abyss, as any card
    again = eng.restore(m.snapshot())
    assert again.state_hash() == m.state_hash() and again.card_id(n) == "tl:zap"


@rule("Z26")
def test_creation_past_the_card_capacity_does_nothing(eng):
    m = sc(eng, rift=["tl:forge_many", "tl:forge_many"], archive=["tl:squire"] * 20,
           meter={"capacity": 9})
    play(m, "tl:forge_many")
    assert m.n_cards == MAX_CARDS and len(m.zone("void")) == MAX_CARDS - 22
    k = len(m.events)
    play(m, "tl:forge_many")
    assert m.n_cards == MAX_CARDS
    assert [x for x in moves(m, k) if x[1] == NONE] == []
    assert eng.restore(m.snapshot()).state_hash() == m.state_hash()


@rule("Z25")
def test_copy_creates_instances_of_the_chosen_card(eng):
    m = sc(eng, rift=["tl:mirror", "tl:bolt", "tl:squire"])
    _, bolt, squire = m.zone_cards("rift")
    n = m.n_cards
    play(m, "tl:mirror", CARD + bolt)
    # n = count(rift), read as it resolves: bolt and squire are left in the Rift
    assert m.n_cards == n + 2 and m.zone("rift") == ["tl:bolt", "tl:squire", "tl:bolt", "tl:bolt"]
    assert m.zone_cards("rift")[2:] == [n, n + 1]


# ---------------- E16: the Encounter runs them ----------------

@rule("E16", "Z23")
def test_encounter_mill_and_create_act_on_the_players_zones(eng):
    m = sc(eng, encounter="tl:miller", rift=["tl:zap"] * 6, archive=["tl:squire", "tl:bolt"])
    sq = m.zone_cards("archive")[0]
    end_turn(m)
    assert (sq, "archive", "abyss", 1) in moves(m)
    m = sc(eng, encounter="tl:wounder", rift=["tl:zap"] * 6)
    n = m.n_cards
    end_turn(m)
    # a Wound into the player's Abyss; none into the Rift: the Encounter has no hand to fill
    assert m.n_cards == n + 1 and m.zone("abyss") == ["tl:wound"]
    assert m.zone("rift") == ["tl:zap"] * 6


@rule("E16", "Z23")
def test_encounter_put_acts_on_the_players_cards_but_never_deploys_or_fills_the_rift(eng):
    m = sc(eng, encounter="tl:binder", rift=["tl:zap"] * 6, lattice=["tl:zap"],
           archive=["tl:squire"])
    lat = m.zone_cards("lattice")[0]
    end_turn(m)
    assert m.zone_cards("archive")[-1] == lat and (lat, "lattice", "archive", MH["bottom"]) in moves(m)
    m = sc(eng, encounter="tl:necro", rift=["tl:zap"] * 6, void=["tl:squire"])
    end_turn(m)
    assert m.zone("void") == ["tl:squire"] and m.characters() == [None] * 5
    assert m.zone("rift") == ["tl:zap"] * 6


# ---------------- the compiler ----------------

def _bad(card, code, path):
    with pytest.raises(ContentError) as e:
        build_engine("tl", **{**PACK, "cards": {**CARDS, "odd": card}})
    assert e.value.code == code, e.value
    assert e.value.path == f"cards.tl:odd.{path}", e.value.path


@rule("Z23")
@pytest.mark.parametrize("card,code,path", [
    (_on([{"op": "put"}], "abyss_card"), codes.MISSING_FIELD, "on_enter.effect[0].into"),
    (_on([{"op": "put", "into": "top"}], "abyss_card"), codes.INVALID_VALUE, "on_enter.effect[0].into"),
    (_on([{"op": "put", "into": "abyss"}], "abyss_card"), codes.INVALID_VALUE, "on_enter.effect[0].into"),
    (_on([{"op": "put", "into": "rift"}], "foe"), codes.INVALID_VALUE, "on_enter.effect[0].to"),
    (_on([{"op": "put", "into": "rift", "n": 2}], "abyss_card"), codes.UNKNOWN_FIELD, "on_enter.effect[0].n"),
    (_on([{"op": "deploy"}], "abyss_card"), codes.INVALID_VALUE, "on_enter.effect[0].to"),
    (_on([{"op": "discard", "to": "target"}], "rift_card"), codes.INVALID_VALUE,
     "on_enter.effect[0].to"),
    (_on([{"op": "create", "into": "rift"}]), codes.MISSING_FIELD, "on_enter.effect[0].card"),
    (_on([{"op": "create", "card": "nope", "into": "rift"}]), codes.UNKNOWN_REFERENCE,
     "on_enter.effect[0].card"),
    (_on([{"op": "create", "card": "bolt", "into": "rift", "n": 1000}]), codes.OUT_OF_RANGE,
     "on_enter.effect[0].n"),
    (_on([{"op": "damage", "n": 1, "into": "rift"}], "foe"), codes.UNKNOWN_FIELD,
     "on_enter.effect[0].into"),
    (_on([{"op": "draw", "card": "bolt"}]), codes.UNKNOWN_FIELD, "on_enter.effect[0].card"),
    (_on([{"op": "copy", "into": "void", "n": "count(rift)"}], "foe"), codes.INVALID_VALUE,
     "on_enter.effect[0].to"),
    (_on([{"op": "mill", "n": 1000}]), codes.OUT_OF_RANGE, "on_enter.effect[0].n"),
    (_on([{"op": "mill", "into": "rift"}]), codes.INVALID_VALUE, "on_enter.effect[0].into"),
    (_on([{"op": "exile", "n": "count(rift)"}], "rift_card"), codes.INVALID_VALUE,
     "on_enter.effect[0].n"),
])
def test_the_compiler_checks_every_lifecycle_field(card, code, path):
    _bad({"kind": S, "charges": 1, "on_enter": card}, code, path)


# ---------------- the search and hidden information ----------------

@rule("Z23", "H01")
def test_determinize_and_search_keep_every_card_after_lifecycle_moves(eng):
    from eve.core.search import determinize_match
    from eve.search import mcts
    m = sc(eng, rift=["tl:headbutt", "tl:forge", "tl:mill2", "tl:pact", "tl:squire"],
           archive=["tl:zap", "tl:bolt", "tl:scout"], abyss=["tl:raise"], meter={"capacity": 9})
    play(m, "tl:headbutt", CARD + m.zone_cards("abyss")[0])
    play(m, "tl:forge")
    cards = sorted(m.zone_cards("archive"))
    for seed in range(5):
        d = m.clone()
        determinize_match(d, seed)
        assert sorted(d.zone_cards("archive")) == cards
        assert d.zone("rift") == m.zone("rift") and d.observation() == m.observation()
    r = mcts(m, iterations=300, seed=1)
    assert r.action in m.legal_actions()
    rng = random.Random(3)
    while not m.is_over and m.round < 4:                       # the match goes on as usual
        m.apply(rng.choice(m.legal_actions()))
    assert eng.restore(m.snapshot()).state_hash() == m.state_hash()


# ---------------- Z28: a known Archive top ----------------

@rule("Z28", "Z20")
def test_a_card_put_on_top_is_known_and_stays_on_top_in_every_determinization(eng):
    from eve.core.search import _draw_counts_for_tests, determinize_match
    m = sc(eng, rift=["tl:headbutt"], archive=["tl:squire", "tl:zap", "tl:bolt"],
           abyss=["tl:scout"])
    scout = m.zone_cards("abyss")[0]
    assert m.observation()["archive_known"] == []
    play(m, "tl:headbutt", CARD + scout)
    for side in ("player", "encounter"):
        assert m.observation(side)["archive_known"] == ["tl:scout"]
    for seed in range(6):
        d = m.clone()
        determinize_match(d, seed)
        assert d.zone_cards("archive")[0] == scout
    for lazy in (True, False):                  # the search's draws and the eager re-sampling
        assert _draw_counts_for_tests(m, 7, 200, lazy) == {scout: 200}
    assert eng.restore(m.snapshot()).observation() == m.observation()


@rule("Z28")
def test_the_known_top_is_drawn_milled_and_shuffled_away(eng):
    m = sc(eng, rift=["tl:headbutt", "tl:sink", "tl:stir", "tl:mill2"],
           archive=["tl:squire", "tl:zap"], abyss=["tl:scout", "tl:bolt", "tl:raise"],
           meter={"capacity": 20})
    scout, bolt, raise_ = m.zone_cards("abyss")
    play(m, "tl:headbutt", CARD + scout)
    play(m, "tl:sink", CARD + bolt)               # the bottom of an Archive not known whole
    assert m.observation()["archive_known"] == ["tl:scout"]
    play(m, "tl:mill2")                           # the known card goes first, then an unknown
    assert m.observation()["archive_known"] == []
    m = sc(eng, rift=["tl:headbutt", "tl:sink", "tl:stir"], abyss=["tl:scout", "tl:bolt", "tl:raise"],
           meter={"capacity": 20})
    scout, bolt, raise_ = m.zone_cards("abyss")
    play(m, "tl:headbutt", CARD + scout)
    play(m, "tl:sink", CARD + bolt)               # an Archive known whole: still known whole
    assert m.observation()["archive_known"] == ["tl:scout", "tl:bolt"]
    play(m, "tl:stir", CARD + raise_)             # a shuffle hides every card
    assert m.observation()["archive_known"] == [] and m.observation()["archive_count"] == 3


@rule("Z28")
def test_a_known_top_larger_than_the_archive_is_refused_by_restore(eng):
    m = sc(eng, rift=["tl:headbutt"], archive=["tl:squire"], abyss=["tl:scout"])
    play(m, "tl:headbutt", CARD + m.zone_cards("abyss")[0])
    doc = msgpack.unpackb(m.snapshot())
    assert doc[6][1][13] == 1                     # turn.archive_known
    doc[6][1][13] = 3
    doc[5] = checksum(msgpack.packb(doc[6]))
    with pytest.raises(SchemaViolation) as e:
        eng.restore(msgpack.packb(doc))
    assert e.value.path == "body.turn.archive_known"


def _rebuilt(start: dict, events) -> dict:
    """Every zone of the player's, from a starting position and the log alone (top first for the
    Archive, None for an Archive whose order the log cannot know since a shuffle)."""
    zones = {z: list(cards) for z, cards in start.items()}
    known = True
    for e in events:
        if e.kind == "shuffle":
            known = False
            assert e.a == len(zones["archive"])
        if e.kind != "move":
            continue
        src, dst = ZN.get(e.b), ZN.get(e.c)
        if src in zones:
            zones[src].remove(e.a)
        if dst == "archive":
            where = {MH["effect"]: 0, MH["rule"]: 0}.get(e.d, len(zones["archive"]))
            zones["archive"].insert(where, e.a)
        elif dst in zones:
            zones[dst].append(e.a)
    if not known:
        zones["archive"] = None
    return zones


@rule("Z17")
@pytest.mark.parametrize("card,how", [("tl:headbutt", "effect"), ("tl:sink", "bottom"),
                                      ("tl:stir", "shuffled")])
def test_the_log_rebuilds_the_archive(eng, card, how):
    """Issue 20, point 16: a put on top, at the bottom or shuffled in gave the same event, and a
    shuffle-in logged no shuffle: the log now says where a card went."""
    m = sc(eng, seed=3, rift=[card, "tl:zap"], archive=["tl:squire", "tl:zap", "tl:scout"],
           abyss=["tl:bolt", "tl:mill2"])
    names = ("archive", "rift", "abyss", "void", "lattice")
    start, since = {z: m.zone_cards(z) for z in names}, m.n_events
    target = m.zone_cards("abyss")[1]
    play(m, card, CARD + target)
    evs = m.events[since:]
    assert (target, "abyss", "archive", MH[how]) in moves(m, since)
    assert [e.kind for e in evs].count("shuffle") == (how == "shuffled")
    rebuilt = _rebuilt(start, evs)
    for z in names:
        if rebuilt[z] is None:
            assert sorted(m.zone_cards(z)) == sorted(start["archive"] + [target])
        else:
            assert rebuilt[z] == m.zone_cards(z), z
