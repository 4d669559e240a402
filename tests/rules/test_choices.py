"""Choices during resolution (docs/rules.md C01-C06): a program resolved from the Stack waits
for the player at a `choose`, `choose_mode` or `discover` instruction; its options are then the
only legal actions. Each design is played in a real match of a purpose-built pack ("ch")."""
import random

import msgpack
import pytest
from conftest import rule

import eve
import eve.search
from eve.core.snapshot import checksum
from eve.encoding import CHOICE_STOP, encode_action
from eve.errors import ContentError, IllegalAction, SchemaViolation
from eve.plugins import errors as codes
from eve.testing import build_engine, engine_fixture, instances, play, scenario

S = "sortilege"
FOE_HERO = 16
R_CHOICE_PENDING, R_NO_CHOICE, R_BAD_SOURCE = 23, 24, 19


def _on(effect, target="none"):
    return {"target": target, "effect": effect}


MODES = [[{"op": "damage", "to": "foe_leader", "n": 4}],
         [{"op": "shield", "to": "own_leader", "n": 6}, {"op": "draw"}]]
CARDS = {
    "squire": {"kind": "character", "power": 1, "hp": 2},
    "bolt": {"kind": S, "charges": 1, "on_enter": _on([{"op": "damage", "n": 3}], "foe")},
    "zap": {"kind": S, "charges": 1, "ability": _on([{"op": "damage", "n": 1}], "foe")},
    "ward": {"kind": S, "charges": 1, "on_enter": _on([{"op": "shield", "to": "own_leader", "n": 2}])},
    "idol": {"kind": "relic"},
    # Magic's Opt: look at the Archive's top card, keep it or put it at the bottom, then draw
    "opt": {"kind": S, "charges": 1, "on_enter": _on([
        {"op": "choose", "from": "archive_top", "n": 1, "up_to": True, "into": "archive_bottom"},
        {"op": "draw"}])},
    # Slay the Spire's Headbutt: damage the cast-time target; the Abyss card is chosen while
    # it resolves
    "headbutt": {"kind": S, "charges": 1, "on_enter": _on([
        {"op": "damage", "n": 9},
        {"op": "choose", "from": "abyss", "into": "archive_top"}], "foe")},
    # Armaments-like: choose one of two effect blocks
    "armaments": {"kind": S, "charges": 1, "on_enter": _on([{"op": "choose_mode", "modes": MODES}])},
    # Hearthstone's Discover: one of 3 cards drawn from a pool, created into the Rift
    "discover": {"kind": S, "charges": 1, "on_enter": _on([
        {"op": "discover", "cards": ["bolt", "zap", "ward", "squire", "idol"], "n": 3}])},
    # discard up to 2 chosen cards, then draw one
    "sift": {"kind": S, "charges": 1, "on_enter": _on([
        {"op": "choose", "from": "rift", "n": 2, "up_to": True, "into": "abyss"}, {"op": "draw"}])},
    # exactly 2 chosen cards, into the Void (Burning Pact, twice over)
    "pact2": {"kind": S, "charges": 1, "on_enter": _on([
        {"op": "choose", "from": "rift", "n": 2, "into": "void"}])},
    # two choices in one program, the second inside a mode
    "twice": {"kind": S, "charges": 1, "on_enter": _on([
        {"op": "choose_mode", "modes": [
            [{"op": "choose", "from": "abyss", "into": "rift"}],
            [{"op": "damage", "to": "foe_leader", "n": 1}]]},
        {"op": "damage", "to": "foe_leader", "n": 2}])},
    # a scry of 3 that keeps nothing on top: every card seen goes to the bottom or stays
    "scry3": {"kind": S, "charges": 1, "on_enter": _on([
        {"op": "choose", "from": "archive_top", "look": 3, "n": 3, "up_to": True,
         "into": "archive_bottom"}])},
    "wide_discover": {"kind": S, "charges": 1, "ability": _on([
        {"op": "discover", "cards": ["bolt", "zap"], "n": 2, "into": "abyss"}])},
}
UNITS = {"dummy": {"kind": "enemy_hero", "max_hp": 60, "power": 0}}
IDLE = [{"move": "effect", "phase": "main", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]


def _enc(script=IDLE):
    return {"roster": ["dummy"], "initiative": 1, "script": script}


ENCOUNTERS = {
    "idle": _enc(),
    # the Encounter's choices are made by its script: the first options, at once (C05)
    "chooser": _enc([{"move": "effect", "phase": "main", "effect": [
        {"op": "choose_mode", "modes": [[{"op": "damage", "to": "foe_leader", "n": 5}],
                                        [{"op": "heal", "to": "own_leader", "n": 5}]]},
        {"op": "choose", "from": "rift", "into": "abyss"},
        {"op": "discover", "cards": ["bolt", "zap", "ward"], "n": 2, "into": "void"}]}]),
}


PACK = {"heroes": {"brute": {"max_hp": 30, "power": 2, "ambition": 3, "morality": 0, "cards": []}},
        "cards": CARDS, "units": UNITS, "encounters": ENCOUNTERS}
eng = engine_fixture("ch", **PACK)


def _m(eng, encounter="idle", **zones):
    zones.setdefault("archive", ["ch:squire", "ch:bolt", "ch:ward", "ch:zap"])
    return scenario(eng, heroes=["ch:brute"], encounter=f"ch:{encounter}", meter={"capacity": 9},
                    **zones)


def _cast(m, card, target=None):
    """Play the Rift's first `card` and let it resolve: the match then waits for a choice."""
    inst = instances(m, "rift", f"ch:{card}")[0]
    play(m, inst, target, resolve=True)
    return inst


def _choose(m, option):
    m.apply(encode_action("choose", option))


def _ids(m, zone):
    return [m.card_id(c) for c in m.zone_cards(zone)]


# ---------------------------------------------------------------- the designs

@rule("C01")
def test_a_pending_choice_is_the_only_decision(eng):
    m = _m(eng, rift=["ch:opt", "ch:bolt"])
    _cast(m, "opt")
    assert m.choice["kind"] == "cards" and m.choice["ids"] == ["ch:squire"]
    acts = m.legal_actions()
    assert [a.code for a in acts] == [encode_action("choose", 0), encode_action("choose", CHOICE_STOP)]
    top = m.choice["options"][0]
    assert [str(a) for a in acts] == [f"choose ch:squire#{top} into archive_bottom", "stop choosing"]
    # nothing else is legal meanwhile: no end of the phase, no pass, no play
    assert m.check(encode_action("end_phase")) == R_CHOICE_PENDING
    assert m.check(encode_action("pass")) == R_CHOICE_PENDING
    with pytest.raises(IllegalAction):
        m.apply(encode_action("end_phase"))
    assert m.check(encode_action("choose", 1)) == R_BAD_SOURCE
    _choose(m, CHOICE_STOP)
    assert m.choice is None and m.check(encode_action("choose", 0)) == R_NO_CHOICE


@rule("C02")
def test_opt_keeps_the_top_card_or_puts_it_at_the_bottom(eng):
    m = _m(eng, rift=["ch:opt"])
    _cast(m, "opt")
    _choose(m, CHOICE_STOP)                      # kept: the draw takes it
    assert _ids(m, "rift") == ["ch:squire"] and _ids(m, "archive")[0] == "ch:bolt"
    assert _ids(m, "lattice") == ["ch:opt"] and not m.stack     # its resolution ended as usual
    m = _m(eng, rift=["ch:opt"])
    _cast(m, "opt")
    _choose(m, 0)                                # to the bottom: the draw takes the next card
    assert _ids(m, "rift") == ["ch:bolt"]
    assert _ids(m, "archive") == ["ch:ward", "ch:zap", "ch:squire"]


@rule("C02")
def test_headbutt_damages_its_cast_target_and_chooses_the_abyss_card_on_resolution(eng):
    m = _m(eng, rift=["ch:headbutt"], abyss=["ch:bolt", "ch:ward"])
    _cast(m, "headbutt", target=FOE_HERO)
    assert m.heroes("encounter")[0]["hp"] == 60 - 9
    assert m.choice["ids"] == ["ch:bolt", "ch:ward"]
    assert not m.choice["up_to"] and len(m.legal_actions()) == 2     # exactly one, no stop
    # the player sees the options; the Encounter that a choice is pending (H01)
    assert m.observation()["choice"] == m.choice
    assert m.observation("encounter")["choice"] == {"kind": "cards", "left": 1, "up_to": False,
                                                     "into": "archive_top"}
    _choose(m, 1)
    assert _ids(m, "archive")[0] == "ch:ward" and _ids(m, "abyss") == ["ch:bolt"]
    # a card put on the Archive's top is known there (Z28)
    assert m.snapshot() and m.determinize(5).zone_cards("archive")[0] == m.zone_cards("archive")[0]


@rule("C02")
def test_a_single_option_is_taken_for_the_player(eng):
    m = _m(eng, rift=["ch:headbutt"], abyss=["ch:ward"])
    _cast(m, "headbutt", target=FOE_HERO)
    assert m.choice is None and _ids(m, "archive")[0] == "ch:ward"
    # and with no option at all the program goes on
    m = _m(eng, rift=["ch:headbutt"], abyss=[])
    _cast(m, "headbutt", target=FOE_HERO)
    assert m.choice is None and m.heroes("encounter")[0]["hp"] == 60 - 9


@rule("C02")
def test_discard_up_to_n_chosen_cards(eng):
    m = _m(eng, rift=["ch:sift", "ch:bolt", "ch:ward", "ch:squire"])
    _cast(m, "sift")
    assert m.choice["ids"] == ["ch:bolt", "ch:ward", "ch:squire"] and m.choice["left"] == 2
    _choose(m, 1)                                # ward
    assert m.choice["ids"] == ["ch:bolt", "ch:squire"] and m.choice["left"] == 1
    _choose(m, CHOICE_STOP)
    assert _ids(m, "abyss") == ["ch:ward"]
    assert _ids(m, "rift") == ["ch:bolt", "ch:squire", "ch:squire"]   # then drew the top
    m = _m(eng, rift=["ch:sift", "ch:bolt", "ch:ward", "ch:squire"])
    _cast(m, "sift")
    _choose(m, 0)
    _choose(m, 0)                                # the second pick ends the choice
    assert m.choice is None and _ids(m, "abyss") == ["ch:bolt", "ch:ward"]


@rule("C02")
def test_choose_exactly_n_stops_only_when_done(eng):
    m = _m(eng, rift=["ch:pact2", "ch:bolt", "ch:ward", "ch:zap"])
    _cast(m, "pact2")
    assert encode_action("choose", CHOICE_STOP) not in [a.code for a in m.legal_actions()]
    _choose(m, 2)
    assert m.choice["left"] == 1
    _choose(m, 0)
    assert _ids(m, "void") == ["ch:zap", "ch:bolt"] and _ids(m, "rift") == ["ch:ward"]


@rule("C03")
def test_armaments_runs_the_chosen_mode_only(eng):
    m = _m(eng, rift=["ch:armaments"])
    _cast(m, "armaments")
    assert m.choice["kind"] == "mode" and m.choice["options"] == [0, 1]
    assert [str(a) for a in m.legal_actions()] == ["choose mode 1", "choose mode 2"]
    _choose(m, 0)
    assert m.heroes("encounter")[0]["hp"] == 60 - 4 and m.heroes()[0]["shield"] == 0
    m = _m(eng, rift=["ch:armaments"])
    _cast(m, "armaments")
    _choose(m, 1)
    assert m.heroes("encounter")[0]["hp"] == 60 and m.heroes()[0]["shield"] == 6
    assert _ids(m, "rift") == ["ch:squire"]      # the block's second instruction ran too


@rule("C03")
def test_a_choice_inside_a_mode_then_the_rest_of_the_program(eng):
    m = _m(eng, rift=["ch:twice"], abyss=["ch:bolt", "ch:ward"])
    _cast(m, "twice")
    _choose(m, 0)
    assert m.choice["kind"] == "cards"
    _choose(m, 1)
    assert m.choice is None and _ids(m, "rift") == ["ch:ward"]
    assert m.heroes("encounter")[0]["hp"] == 60 - 2
    m = _m(eng, rift=["ch:twice"], abyss=["ch:bolt", "ch:ward"])
    _cast(m, "twice")
    _choose(m, 1)
    assert m.choice is None and m.heroes("encounter")[0]["hp"] == 60 - 1 - 2


@rule("C04")
def test_discover_offers_distinct_cards_of_its_pool_and_creates_the_chosen_one(eng):
    seen = set()
    for seed in range(12):
        m = scenario(eng, seed, heroes=["ch:brute"], encounter="ch:idle", rift=["ch:discover"],
                     meter={"capacity": 9})
        _cast(m, "discover")
        ids = m.choice["ids"]
        assert len(ids) == 3 == len(set(ids)) and set(ids) <= {"ch:bolt", "ch:zap", "ch:ward",
                                                                "ch:squire", "ch:idol"}
        seen.add(tuple(ids))
        n = m.n_cards
        _choose(m, 2)
        assert m.n_cards == n + 1 and m.card_id(n) == ids[2] and m.card_zone(n) == "rift"
    assert len(seen) > 3                         # drawn by the shuffle stream, not fixed


@rule("C05")
def test_the_encounter_takes_the_first_options_at_once(eng):
    m = _m(eng, "chooser", rift=["ch:bolt", "ch:ward"])
    hp = m.heroes()[0]["hp"]
    m.apply(encode_action("end_phase"))
    m.apply(encode_action("end_phase"))          # the Encounter's turn runs, then the player's
    assert m.round == 2 and m.active_side == "player" and m.choice is None
    assert m.heroes()[0]["hp"] == hp - 5           # mode 1, never mode 2
    assert "ch:bolt" in _ids(m, "abyss")           # the Rift's first card
    assert len(_ids(m, "void")) == 1 and _ids(m, "void")[0] in ("ch:bolt", "ch:zap", "ch:ward")


@rule("C05", "X02")
def test_choices_are_decisions_of_the_turn_and_a_spent_turn_takes_the_first_options():
    eng2 = build_engine("ch", config={"max_decisions_per_turn": 2}, **PACK)
    for e, spent in ((eng2, True), (build_engine("ch", **PACK), False)):
        m = _m(e, rift=["ch:sift", "ch:bolt", "ch:ward", "ch:squire"])
        _cast(m, "sift")                         # decision 1
        before = msgpack.unpackb(m.snapshot())[6][1][12]          # turn.decisions (X02)
        _choose(m, 1)                            # decision 2: ward
        if spent:
            # the turn's decisions are spent: the engine took the first option, bolt
            assert m.choice is None and _ids(m, "abyss") == ["ch:ward", "ch:bolt"]
            assert len(m.actions) == 2
        else:
            assert msgpack.unpackb(m.snapshot())[6][1][12] == before + 1
            assert m.choice["left"] == 1 and _ids(m, "abyss") == ["ch:ward"]


# ---------------------------------------------------------------- decision points like any other

@rule("C01")
def test_a_pending_choice_snapshots_clones_replays_and_searches(eng):
    m = _m(eng, rift=["ch:armaments", "ch:sift", "ch:bolt"])
    _cast(m, "sift")
    r = eng.restore(m.snapshot())
    assert r.choice == m.choice and r.state_hash() == m.state_hash()
    c = m.clone()
    for x in (m, r, c):
        _choose(x, 1)
        _choose(x, CHOICE_STOP)
    assert m.state_hash() == r.state_hash() == c.state_hash()
    # a match made with choices replays to the same state
    m2 = eng.new_match(seed=3, heroes=["ch:brute"], encounter="ch:idle",
                       deck=["ch:armaments", "ch:sift", "ch:discover", "ch:opt", "ch:bolt"] * 2)
    rng = random.Random(1)
    made = 0
    while not m2.is_over and made < 200:
        acts = m2.legal_actions()
        made += any(a.kind == "choose" for a in acts)
        m2.apply(rng.choice(acts))
    assert made > 0
    again = eng.new_match(seed=3, heroes=["ch:brute"], encounter="ch:idle",
                          deck=["ch:armaments", "ch:sift", "ch:discover", "ch:opt", "ch:bolt"] * 2)
    for a in m2.actions:
        again.apply(a)
    assert again.state_hash() == m2.state_hash()
    # the search decides a pending choice: its answer is one of the options
    m = _m(eng, rift=["ch:armaments"])
    _cast(m, "armaments")
    res = eve.search.mcts(m, iterations=64, seed=1)
    assert res.action.kind == "choose" and res.action.code in m.legal_action_codes()


DECK = ["ch:armaments", "ch:sift", "ch:discover", "ch:opt", "ch:headbutt", "ch:twice",
        "ch:scry3", "ch:pact2", "ch:bolt", "ch:ward"] * 2


@rule("C01", "S04")
def test_generated_choices_are_exactly_the_accepted_actions(eng):
    """check_action and generation agree at pending choices (by brute force over the code
    space), and a step hands back the list a fresh listing makes."""
    from eve.core.testkit import accepted_codes, listing_mismatches
    pending = 0
    for seed in range(4):
        m = eng.new_match(seed=seed, heroes=["ch:brute"], encounter="ch:chooser", deck=DECK)
        rng = random.Random(seed)
        k = 0
        while not m.is_over and k < 120:
            gen = m.legal_action_codes()
            if m.choice is not None or k % 10 == 0:
                assert sorted(gen) == sorted(accepted_codes(m))
                pending += m.choice is not None
            m.apply(rng.choice(gen))
            k += 1
        d, bad = listing_mismatches(eng.new_match(seed=seed, heroes=["ch:brute"],
                                                  encounter="ch:chooser", deck=DECK), seed)
        assert bad == 0 and d > 0
    assert pending > 5


@rule("C01", "C03")
def test_the_search_keeps_and_restores_states_with_pending_choices_exactly(eng):
    """The search's kept states (differences from its root, the options copied as far as
    their count) equal the states a replay from the root makes, byte for byte."""
    m = _m(eng, rift=["ch:sift", "ch:scry3", "ch:armaments", "ch:discover", "ch:bolt"],
           archive=["ch:squire", "ch:bolt", "ch:ward", "ch:zap", "ch:idol", "ch:opt"])
    res = eve.search.mcts(m, iterations=600, seed=3, cache_states=4096, verify=True)
    assert res.details["illegal"] == 0 and res.details["cache_mismatches"] == 0
    assert res.details["cached_states"] > 10


@rule("C06")
def test_cards_seen_on_the_archive_top_are_known_and_no_other_is(eng):
    """A look at the Archive's top reveals those cards: every determinization keeps them
    there; the cards below stay unknown, in an order of the determinization's own."""
    m = _m(eng, rift=["ch:scry3"], archive=["ch:squire", "ch:bolt", "ch:ward", "ch:zap",
                                              "ch:idol", "ch:opt", "ch:sift", "ch:pact2"])
    true_order = m.zone_cards("archive")
    _cast(m, "scry3")
    assert m.choice["options"] == true_order[:3]
    below = set()
    for seed in range(16):
        d = m.determinize(seed)
        assert d.zone_cards("archive")[:3] == true_order[:3]
        assert sorted(d.zone_cards("archive")) == sorted(true_order)
        below.add(tuple(d.zone_cards("archive")[3:]))
    assert len(below) > 1                        # the unseen cards are re-sampled
    # before the look, no determinization keeps the top
    fresh = _m(eng, rift=["ch:scry3"], archive=["ch:squire", "ch:bolt", "ch:ward", "ch:zap",
                                                "ch:idol", "ch:opt", "ch:sift", "ch:pact2"])
    assert len({tuple(fresh.determinize(s).zone_cards("archive")[:3]) for s in range(16)}) > 1
    # one of them sent to the bottom: the two others stay known on top
    _choose(m, 1)
    assert m.determinize(2).zone_cards("archive")[:2] == [true_order[0], true_order[2]]


# ---------------------------------------------------------------- refused when the pack loads

def _loads(cards=None, extra=None):
    build_engine("ch", **{**PACK, "cards": {**CARDS, **(cards or {})}, **(extra or {})})


CHOOSE = {"op": "choose", "from": "rift", "into": "abyss"}


@rule("C06")
@pytest.mark.parametrize("cards,extra,path", [
    ({"x": {"kind": "relic", "trigger": {"on": "turn_start", "effect": [CHOOSE]}}}, None,
     "cards.ch:x.trigger.effect[0].op"),
    ({"x": {"kind": "relic", "trigger": {"on": "turn_start", "effect": [
        {"op": "if", "cond": "1", "then": [{"op": "choose_mode", "modes": MODES}]}]}}}, None,
     "cards.ch:x.trigger.effect[0].then[0].op"),
    (None, {"statuses": {"burn": {"polarity": "debuff", "tick": {
        "at": "turn_end", "effect": [{"op": "discover", "cards": ["bolt"]}]}}}},
     "statuses.ch:burn.tick.effect[0].op"),
    (None, {"tasks": {"t": {"goal": "damage", "threshold": 5, "reward": [CHOOSE]}}},
     "tasks.ch:t.reward[0].op"),
])
def test_a_choice_off_the_stack_is_refused_with_its_path(cards, extra, path):
    with pytest.raises(ContentError) as ei:
        _loads(cards, extra)
    assert ei.value.path == path and ei.value.code == codes.INVALID_VALUE
    assert "C06" in str(ei.value)


@pytest.mark.parametrize("ins,path,code", [
    ({"op": "choose", "into": "abyss"}, "from", codes.MISSING_FIELD),
    ({"op": "choose", "from": "hand", "into": "abyss"}, "from", codes.INVALID_VALUE),
    ({"op": "choose", "from": "rift"}, "into", codes.MISSING_FIELD),
    ({"op": "choose", "from": "rift", "into": "rift"}, "into", codes.INVALID_VALUE),
    ({"op": "choose", "from": "archive_top", "into": "archive_top"}, "into", codes.INVALID_VALUE),
    ({"op": "choose", "from": "rift", "look": 2, "into": "abyss"}, "look", codes.UNKNOWN_FIELD),
    ({"op": "choose", "from": "archive_top", "look": 9, "into": "abyss"}, "look", codes.OUT_OF_RANGE),
    ({"op": "choose", "from": "rift", "to": "target", "into": "abyss"}, "to", codes.INVALID_VALUE),
    ({"op": "choose_mode", "modes": [MODES[0]]}, "modes", codes.OUT_OF_RANGE),
    ({"op": "choose_mode", "modes": [MODES[0]] * 5}, "modes", codes.OUT_OF_RANGE),
    ({"op": "choose_mode"}, "modes", codes.MISSING_FIELD),
    ({"op": "choose_mode", "modes": MODES, "n": 2}, "n", codes.UNKNOWN_FIELD),
    ({"op": "discover"}, "cards", codes.MISSING_FIELD),
    ({"op": "discover", "cards": ["bolt", "nope"]}, "cards[1]", codes.UNKNOWN_REFERENCE),
    ({"op": "discover", "cards": ["bolt", "bolt"]}, "cards", codes.INVALID_VALUE),
    ({"op": "discover", "cards": ["bolt"], "n": 2}, "n", codes.OUT_OF_RANGE),
    ({"op": "discover", "cards": ["bolt"] * 17}, "cards", codes.OUT_OF_RANGE),
    ({"op": "discover", "cards": ["bolt"], "to": "target"}, "to", codes.UNKNOWN_FIELD),
    ({"op": "damage", "to": "foe_leader", "modes": MODES}, "modes", codes.UNKNOWN_FIELD),
])
def test_a_malformed_choice_is_refused_with_its_path(ins, path, code):
    with pytest.raises(ContentError) as ei:
        _loads({"x": {"kind": S, "charges": 1, "on_enter": _on([ins])}})
    assert ei.value.path == f"cards.ch:x.on_enter.effect[0].{path}" and ei.value.code == code


# ---------------------------------------------------------------- hostile snapshots

def _with_choice(snap, change):
    top = msgpack.unpackb(snap)
    change(top[6][9])
    body = msgpack.packb(top[6])
    top[5] = checksum(body)
    return msgpack.packb(top)


@pytest.mark.parametrize("field,value,path", [
    (0, 5, "body.choice.kind"),
    (1, 1, "body.choice.side"),
    (2, 9999, "body.choice.prog"),
    (3, 1, "body.choice.kind"),                # the draw after the choice, not the choice
    (3, 7, "body.choice.pc"),                  # past the program
    (4, 40, "body.choice.self_unit"),
    (6, 3, "body.choice.item_kind"),
    (7, -1, "body.choice.item_kind"),
    (7, 63, "body.choice.item_card"),
    (8, 0, "body.choice.place"),
    (9, 0, "body.choice.left"),
    (10, 0, "body.choice.place"),              # up_to differs from the instruction
    (11, 0x8000, "body.choice.self_uid"),
    (12, 5, "body.choice.target_uid"),         # the target is not a unit: no identity
    (13, 2, "body.choice.killed"),
    (14, [], "body.choice.options"),
    (14, lambda ch: [ch[14][0]] * 2, "body.choice.options"),     # offered twice
    (14, [2], "body.choice.options"),          # card 2 is not in the Rift
    (14, [70], "body.choice.options"),
])
def test_a_hostile_choice_is_refused(eng, field, value, path):
    m = _m(eng, rift=["ch:sift", "ch:bolt", "ch:ward", "ch:squire"])
    _cast(m, "sift")

    def change(ch):
        ch[field] = value(ch) if callable(value) else value
    with pytest.raises(SchemaViolation) as ei:
        eng.restore(_with_choice(m.snapshot(), change))
    assert ei.value.path.startswith(path)


def test_a_choice_where_none_is_pending_is_refused(eng):
    m = _m(eng, rift=["ch:bolt"])

    def change(ch):
        ch[9] = 1
    with pytest.raises(SchemaViolation) as ei:
        eng.restore(_with_choice(m.snapshot(), change))
    assert ei.value.path == "body.choice"


def test_the_modding_guide_examples_compile():
    """docs/modding.md's examples of choices are content this engine loads."""
    import tomllib
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "modding.md").read_text()
    block = doc[doc.index("### Choices during resolution"):].split("```toml")[1].split("```")[0]
    cards = tomllib.loads(block)["cards"]
    assert len(cards) == 6 and all(c["kind"] == S for c in cards.values())
    build_engine("doc", version="1", requires=["core"], strict=True, cards=cards)


def test_mutated_pending_choices_are_refused_or_play_on(eng):
    """Random changes to a pending choice's fields: every one is refused with a typed error,
    or gives a match that plays on (each legal action applies)."""
    from eve.errors import SnapshotError
    m = _m(eng, rift=["ch:twice", "ch:sift", "ch:bolt", "ch:ward"], abyss=["ch:zap", "ch:idol"])
    _cast(m, "twice")
    _choose(m, 0)                                # the mode's choice of an Abyss card waits
    snap = m.snapshot()
    rng = random.Random(7)
    accepted = 0
    for _ in range(400):
        def change(ch):
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(12)
                if i == 11:
                    ch[11] = [rng.randint(-2, 70) for _ in range(rng.randint(0, 4))]
                else:
                    ch[i] = rng.choice((-1, 0, 1, 2, 3, 5, 9, 64, 255, 999, ch[i] + 1, ch[i] - 1))
        try:
            r = eng.restore(_with_choice(snap, change))
        except SnapshotError:
            continue
        accepted += 1
        for a in r.legal_actions():
            r.clone().apply(a)
    assert 0 < accepted < 400
