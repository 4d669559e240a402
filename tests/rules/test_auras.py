"""Lasting grants (rules A01-A05): auras, and `until = "source_leaves"`, in real matches."""
import pytest
from conftest import rule

from eve.errors import ContentError
from eve.plugins import errors as codes
from eve.testing import build_engine, engine_fixture, play, scenario, sortilege

BOSS_HP = 300
BOSS = 16


def ally(lane):
    return 8 + lane


STATUSES = {
    "steel": {"polarity": "buff", "power": 1},                  # +1 power a stack, lasting
    "crown": {"polarity": "buff", "power": 1, "max": 2},
}

CARDS = {
    # Raid Leader: your other minions have +1 attack
    "raid_leader": {"kind": "character", "power": 2, "hp": 2,
                    "aura": {"power": 1, "who": "other_ally_characters"}},
    "yeti": {"kind": "character", "power": 4, "hp": 5},
    "wisp": {"kind": "character", "power": 1, "hp": 1},
    # a Relic's aura of a status, for every allied hero and character
    "banner": {"kind": "relic", "aura": {"status": "steel", "n": 2, "who": "allies"}},
    "circlet": {"kind": "relic", "aura": {"status": "crown", "who": "ally_heroes"}},
    "pennant": {"kind": "relic", "aura": {"status": "steel", "who": "ally_heroes"}},
    # while the rallier stays, every ally has 2 steel
    "rallier": {"kind": "character", "power": 1, "hp": 3, "on_enter": {"effect": [
        {"op": "status", "status": "steel", "to": "all_allies", "n": 2,
         "until": "source_leaves"}]}},
    "smash": sortilege([{"op": "damage", "n": 20}], "any"),
    "sweep": sortilege([{"op": "damage", "n": 2, "to": "all_ally_characters"}]),
    "strip": sortilege([{"op": "remove_status", "status": "steel", "n": 1}], "ally"),
    "shatter": sortilege([{"op": "destroy"}], "lattice_card"),
}


PACK = {"heroes": {"brute": {"max_hp": 40, "power": 4, "cards": []}}, "cards": CARDS,
        "units": {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 0}},
        "encounters": {"idle": {}},                     # the boss waiting, every turn
        "statuses": STATUSES}
eng = engine_fixture("au", **PACK)


def _match(eng, cards, hero="au:brute", **kw):
    return scenario(eng, heroes=[hero], encounter="au:idle",
                    rift=[f"au:{c}" for c in cards], meter={"capacity": 30}, **kw)


def _powers(m):
    return [c and c["power"] for c in m.characters()]


def _steel(unit):
    return unit["statuses"].get("au:steel", 0)


@rule("A01", "A03")
def test_raid_leader_gives_the_other_characters_power_including_those_that_come_later(eng):
    m = _match(eng, ["yeti", "raid_leader", "wisp"])
    play(m, "yeti", lane=0, resolve=True)
    play(m, "raid_leader", lane=1, resolve=True)
    assert _powers(m)[:3] == [5, 2, None]                 # not itself: "other"
    assert m.heroes()[0]["power"] == 4                    # characters only
    play(m, "wisp", lane=2, resolve=True)
    assert _powers(m)[:3] == [5, 2, 2]                    # the aura reaches the newcomer


@rule("A02")
def test_when_the_source_dies_its_grants_are_taken_back_at_once(eng):
    m = _match(eng, ["yeti", "raid_leader", "smash"])
    play(m, "yeti", lane=0, resolve=True)
    play(m, "raid_leader", lane=1, resolve=True)
    assert _powers(m)[:2] == [5, 2]
    play(m, "smash", target=ally(1), resolve=True)
    assert _powers(m)[:2] == [4, None]


@rule("A02")
def test_the_source_and_a_unit_it_reaches_dying_at_once_leave_the_others_without_it(eng):
    m = _match(eng, ["yeti", "wisp", "raid_leader", "sweep"])
    play(m, "yeti", lane=0, resolve=True)
    play(m, "wisp", lane=1, resolve=True)
    play(m, "raid_leader", lane=2, resolve=True)
    assert _powers(m)[:3] == [5, 2, 2]
    play(m, "sweep", resolve=True)                                     # 2 to each: the wisp and the leader die
    assert _powers(m)[:3] == [4, None, None]
    assert m.snapshot() and not _grants(m)                # no grant stands for the dead


def _grants(m):
    import msgpack
    return msgpack.unpackb(m.snapshot())[6][10]


@rule("A02", "A04")
def test_stacks_spent_before_the_source_leaves_are_not_taken_twice(eng):
    m = _match(eng, ["rallier", "strip", "smash"], hero_state={0: {"hp": 40}})
    play(m, "rallier", lane=0, resolve=True)
    assert _steel(m.heroes()[0]) == 2 and _steel(m.characters()[0]) == 2
    play(m, "strip", target=0, resolve=True)                           # one of the hero's two goes
    assert _steel(m.heroes()[0]) == 1
    play(m, "smash", target=ally(0), resolve=True)                     # the rallier leaves
    assert _steel(m.heroes()[0]) == 0 and m.heroes()[0]["power"] == 4


@rule("A04")
def test_until_the_source_leaves_lasts_across_turns_and_only_while_it_stays(eng):
    m = _match(eng, ["rallier", "smash"])
    play(m, "rallier", lane=0, resolve=True)
    start = m.round
    while m.round == start:
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    assert _steel(m.heroes()[0]) == 2 and m.heroes()[0]["power"] == 6
    play(m, "smash", target=ally(0), resolve=True)
    assert _steel(m.heroes()[0]) == 0 and not _grants(m)


@rule("A03", "A02")
def test_a_relics_aura_holds_while_it_is_in_the_lattice(eng):
    m = _match(eng, ["yeti", "banner", "wisp", "shatter"])
    play(m, "yeti", lane=0, resolve=True)
    play(m, "banner", resolve=True)
    assert _steel(m.heroes()[0]) == 2 and _steel(m.characters()[0]) == 2
    play(m, "wisp", lane=1, resolve=True)
    assert _steel(m.characters()[1]) == 2 and _powers(m)[:2] == [6, 3]
    banner = next(c for c in m.zone_cards("lattice"))
    play(m, "shatter", target=64 + banner, resolve=True)
    assert _steel(m.heroes()[0]) == 0 and _powers(m)[:2] == [4, 1]


@rule("A03")
def test_two_sources_each_give_and_an_aura_gives_what_fits_once(eng):
    m = _match(eng, ["circlet", "circlet", "pennant", "pennant"])
    for card in ("circlet", "circlet", "pennant", "pennant"):
        play(m, card, resolve=True)
    h = m.heroes()[0]
    assert h["statuses"].get("au:crown") == 2 and _steel(h) == 2    # crown: max 2
    # a position built with the auras in play is given them as if they had arrived
    built = _match(eng, [], lattice=["au:circlet", "au:circlet", "au:circlet"])
    assert built.heroes()[0]["statuses"].get("au:crown") == 2


@rule("A05")
def test_at_most_32_grants_stand_and_the_next_gives_nothing(eng):
    m = _match(eng, [], lattice=["au:pennant"] * 33)
    assert _steel(m.heroes()[0]) == 32 and len(_grants(m)) == 32


@rule("A05")
def test_grants_are_part_of_the_state_a_snapshot_keeps(eng):
    m = _match(eng, ["yeti", "raid_leader", "smash"])
    play(m, "yeti", lane=0, resolve=True)
    play(m, "raid_leader", lane=1, resolve=True)
    assert _grants(m) == [[ally(1), m.characters()[1] and _uid(m, ally(1)), ally(0),
                           _uid(m, ally(0)), -1, 1, 1]]
    back = eng.restore(m.snapshot())
    assert back.state_hash() == m.state_hash()
    play(back, "smash", target=ally(1), resolve=True)
    assert _powers(back)[0] == 4


def _uid(m, u):
    import msgpack
    return msgpack.unpackb(m.snapshot())[6][4][u][12]


@rule("A01")
@pytest.mark.parametrize("card,path,code", [
    ({"kind": "sortilege", "charges": 1, "aura": {"power": 1, "who": "allies"}}, "aura",
     codes.INVALID_VALUE),
    ({"kind": "relic", "aura": {"who": "allies"}}, "aura", codes.MISSING_FIELD),
    ({"kind": "relic", "aura": {"power": 1, "status": "steel", "who": "allies"}}, "aura",
     codes.INVALID_VALUE),
    ({"kind": "relic", "aura": {"power": 1}}, "aura.who", codes.MISSING_FIELD),
    ({"kind": "relic", "aura": {"power": 1, "who": "other_allies"}}, "aura.who",
     codes.INVALID_VALUE),
    ({"kind": "relic", "aura": {"power": 0, "who": "allies"}}, "aura.power", codes.OUT_OF_RANGE),
    ({"kind": "relic", "aura": {"status": "shield", "who": "allies"}}, "aura.status",
     codes.INVALID_VALUE),                                 # shield decays
    ({"kind": "relic", "aura": {"power": 1, "who": "friends"}}, "aura.who", codes.INVALID_VALUE),
])
def test_an_aura_the_core_cannot_hold_is_refused_with_its_path(card, path, code):
    with pytest.raises(ContentError) as e:
        build_engine("au", strict=True, **{**PACK, "cards": {"bad": card}})
    assert e.value.code == code and f"cards.au:bad.{path}" in str(e.value)


@rule("A04")
def test_until_is_a_field_of_status_and_buff_only():
    card = sortilege([{"op": "damage", "n": 1, "until": "source_leaves"}], "foe")
    with pytest.raises(ContentError) as e:
        build_engine("au", strict=True, **{**PACK, "cards": {"bad": card}})
    assert e.value.code == codes.UNKNOWN_FIELD and "until" in str(e.value)


@rule("A03")
def test_a_heros_aura_holds_from_the_start_and_ends_when_it_falls(eng):
    heroes = {"captain": {"max_hp": 40, "power": 2, "cards": [],
                          "aura": {"power": 2, "who": "ally_characters"}}}
    e = build_engine("au", **{**PACK, "heroes": heroes})
    m = scenario(e, heroes=["au:captain"], encounter="au:idle", rift=["au:yeti"],
                 meter={"capacity": 30})
    assert m.heroes()[0]["power"] == 2                    # characters only: not the hero
    play(m, "yeti", lane=0, resolve=True)
    assert _powers(m)[0] == 6
    text = e.catalog.rules_text("au:captain")
    assert "while this hero is in play, your characters have +2 power" in text.lower()
