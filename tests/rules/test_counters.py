"""Counters (rules V01-V04): a pack's named counters and a card's own, in real matches."""
import msgpack
import pytest
from conftest import rule

from eve.errors import ContentError
from eve.plugins import errors as codes
from eve.testing import build_engine, end_turn, engine_fixture, play, scenario

BOSS_HP = 300
BOSS = 16


def _sortilege(effect, target="none"):
    # a one-shot: its effect, then the card back to the Rift, to be played again
    return {"kind": "sortilege", "charges": 1, "on_enter": {"target": target, "effect": [
        *effect, {"op": "put", "to": "newest_lattice", "into": "rift"}]}}


COUNTERS = {"plays": {"name": "Cards played"}, "swings": {"reset": "turn"}}

CARDS = {
    # Rampage: 8 damage, and 5 more each time this card is played after
    "rampage": _sortilege([{"op": "damage", "n": "8 + card.counter"},
                           {"op": "add_counter", "counter": "card", "n": 5}], "foe"),
    "mark": _sortilege([{"op": "add_counter", "counter": "swings", "n": 2}]),
    "read": _sortilege([{"op": "damage", "n": "1 + 10 * counter.swings"}], "foe"),
    "reset": _sortilege([{"op": "set_counter", "counter": "swings", "n": 0}]),
    "pump": _sortilege([{"op": "set_counter", "counter": "plays", "n": 999}]
                       + [{"op": "add_counter", "counter": "plays", "n": 999}] * 10),
    # a Relic counting every card played, in the pack's counter and in its own
    "tally": {"kind": "relic", "triggers": [{"on": "card_played", "effect": [
        {"op": "add_counter", "counter": "plays"},
        {"op": "add_counter", "counter": "card", "n": "counter.plays"}]}]},
}


PACK = {"heroes": {"brute": {"max_hp": 40, "power": 4, "cards": []}}, "cards": CARDS,
        "units": {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 0}},
        "encounters": {"idle": {}},                     # the boss waiting, every turn
        "counters": COUNTERS}
eng = engine_fixture("cn", **PACK)


def _match(eng, cards, **kw):
    return scenario(eng, heroes=["cn:brute"], encounter="cn:idle",
                    rift=[f"cn:{c}" for c in cards], meter={"capacity": 99}, **kw)


def _lost(m):
    return BOSS_HP - m.heroes("encounter")[0]["hp"]


def _body(m):
    return msgpack.unpackb(m.snapshot())[6]


def _counters(m):
    return _body(m)[11]


def _card_counter(m, card):
    return _body(m)[2][5][next(i for i in range(m.n_cards) if m.card_id(i) == f"cn:{card}")]




@rule("V01", "V02", "V03")
def test_rampage_grows_with_its_own_counter_each_time_it_is_played(eng):
    m = _match(eng, ["rampage"])
    play(m, "rampage", BOSS, resolve=True)
    assert _lost(m) == 8 and _card_counter(m, "rampage") == 5
    play(m, "rampage", BOSS, resolve=True)
    assert _lost(m) == 8 + 13
    play(m, "rampage", BOSS, resolve=True)
    assert _lost(m) == 8 + 13 + 18 and _card_counter(m, "rampage") == 15


@rule("V01", "V03")
def test_each_card_instance_has_a_counter_of_its_own(eng):
    m = _match(eng, ["rampage", "rampage"])
    play(m, "rampage", BOSS, resolve=True)
    play(m, "rampage", BOSS, resolve=True)           # the same instance, back in the Rift, or the other
    body = _body(m)
    assert sorted(body[2][5][:2]) in ([5, 5], [0, 10]) and sum(body[2][5][:2]) == 10


@rule("V01", "V02")
def test_a_turn_counter_counts_from_zero_each_turn_a_match_counter_keeps_counting(eng):
    m = _match(eng, ["mark", "read"], lattice=["cn:tally"])
    play(m, "mark", resolve=True)
    play(m, "read", BOSS, resolve=True)
    assert _lost(m) == 21                       # 1 + 10 x 2 swings
    assert _counters(m)[:2] == [2, 2]           # plays (the tally counted 2), swings
    end_turn(m)
    assert _counters(m)[:2] == [2, 0]           # swings reset at a Beginning; plays kept
    play(m, "read", BOSS, resolve=True)
    assert _lost(m) == 21 + 1 and _counters(m)[0] == 3


@rule("V02")
def test_set_counter_sets_and_a_counter_is_held_within_9999(eng):
    m = _match(eng, ["mark", "reset", "pump"])
    play(m, "mark", resolve=True)
    play(m, "reset", resolve=True)
    assert _counters(m)[1] == 0
    play(m, "pump", resolve=True)
    assert _counters(m)[0] == 9999              # 999 + 10 x 999, held


@rule("V03")
def test_a_relics_trigger_counts_with_its_own_card_and_reads_the_packs_counter(eng):
    m = _match(eng, ["mark", "mark"], lattice=["cn:tally"])
    play(m, "mark", resolve=True)
    play(m, "mark", resolve=True)
    # plays went 1 then 2: the Relic's own counter added each value
    assert _counters(m)[0] == 2 and _card_counter(m, "tally") == 1 + 2


@rule("V04")
def test_counters_are_part_of_the_state_a_snapshot_keeps(eng):
    m = _match(eng, ["rampage", "mark", "read"])
    play(m, "rampage", BOSS, resolve=True)
    play(m, "mark", resolve=True)
    back = eng.restore(m.snapshot())
    assert back.state_hash() == m.state_hash()
    play(back, "rampage", BOSS, resolve=True)
    play(back, "read", BOSS, resolve=True)
    assert _lost(back) == 8 + 13 + 21


@rule("V01", "V02", "V03")
@pytest.mark.parametrize("change,path,code", [
    ({"cards": {"bad": _sortilege([{"op": "add_counter"}])}}, "cards.cn:bad.on_enter.effect[0].counter",
     codes.MISSING_FIELD),
    ({"cards": {"bad": _sortilege([{"op": "add_counter", "counter": "nope"}])}},
     "cards.cn:bad.on_enter.effect[0].counter", codes.UNKNOWN_REFERENCE),
    ({"cards": {"bad": _sortilege([{"op": "damage", "counter": "plays"}], "foe")}},
     "cards.cn:bad.on_enter.effect[0].counter", codes.UNKNOWN_FIELD),
    ({"cards": {}, "heroes": {"brute": {"max_hp": 40, "cards": [], "ability": {"effect": [
        {"op": "add_counter", "counter": "card"}]}}}}, "heroes.cn:brute.ability.effect[0].counter",
     codes.INVALID_VALUE),
    ({"cards": {}, "heroes": {"brute": {"max_hp": 40, "cards": [], "ability": {
        "target": "foe", "effect": [{"op": "damage", "n": "card.counter"}]}}}}, "heroes.cn:brute.ability.effect[0].n",
     codes.INVALID_VALUE),
    ({"cards": {"bad": _sortilege([{"op": "damage", "n": "counter.nope"}], "foe")}},
     "cards.cn:bad.on_enter.effect[0].n", codes.INVALID_VALUE),
    ({"counters": {"c": {"reset": "round"}}, "cards": {}}, "counters.cn:c.reset",
     codes.INVALID_VALUE),
])
def test_a_counter_the_core_cannot_keep_is_refused_with_its_path(change, path, code):
    with pytest.raises(ContentError) as e:
        build_engine("cn", strict=True, **{**PACK, **change})
    assert e.value.code == code and path in str(e.value), str(e.value)


@rule("V01")
def test_at_most_8_counters():
    build_engine("cn", strict=True, **{**PACK, "counters": {f"c{i}": {} for i in range(8)},
                                       "cards": {}})
    with pytest.raises(ContentError) as e:
        build_engine("cn", strict=True, **{**PACK, "counters": {f"c{i}": {} for i in range(9)},
                                           "cards": {}})
    assert e.value.code == codes.CAPACITY


def test_rules_text_says_the_counters(eng):
    text = eng.catalog.rules_text("cn:rampage")
    assert "8 + this card's counter" in text and "add 5 to this card's counter" in text
    assert eng.catalog.rules_text("cn:swings") == "Counter. Counted each turn, from 0."
