"""`until = "turn_end"`: a buff's max hp and power, a status's stacks, until the end of the turn
they were given in (rule A06)."""
import msgpack
import pytest
from conftest import rule

from eve.core.layout import UNIT_FIELDS
from eve.core.snapshot import checksum
from eve.errors import ContentError, SchemaViolation
from eve.testing import build_engine, end_turn, engine_fixture, play, scenario, sortilege, unit

HERO = 0                      # the player's first hero (a target code)
BOSS = 16
TURN = {"until": "turn_end"}

CARDS = {
    "bulk": sortilege([{"op": "buff", "hp": 5, **TURN}], "any"),
    "pump": sortilege([{"op": "buff", "n": 3, **TURN}], "any"),
    "harden": sortilege([{"op": "status", "status": "steel", "n": 2, **TURN}], "any"),
    "strip": sortilege([{"op": "remove_status", "status": "steel", "n": 1}], "any"),
    "hurt3": sortilege([{"op": "damage", "n": 3}], "any"),
    "hurt7": sortilege([{"op": "damage", "n": 7}], "any"),
    "plain": sortilege([{"op": "shield", "to": "own_leader", "n": 0}]),
}
# the Encounter's own move buffs its boss's max hp for its turn
SWELL = {"initiative": 1, "script": [{"move": "effect", "phase": "main", "effect": [
    {"op": "buff", "to": "own_leader", "hp": 10, **TURN}]}]}
eng = engine_fixture("ut", heroes={"mage": {"max_hp": 20, "power": 2}}, cards=CARDS,
                     units={"boss": {"kind": "enemy_hero", "max_hp": 60}},
                     statuses={"steel": {"polarity": "buff", "power": 1}},
                     encounters={"idle": {}, "swell": SWELL})


def _match(engine, rift, encounter="idle", **kw):
    return scenario(engine, heroes=["ut:mage"], encounter=f"ut:{encounter}",
                    rift=[f"ut:{c}" for c in rift], archive=["ut:plain"] * 10,
                    meter={"capacity": 20}, **kw)


def _hp(m, name="mage"):
    u = unit(m, name)
    return u["hp"], u["max_hp"]


@rule("A06")
@pytest.mark.parametrize("hurt, after", [("hurt3", (20, 20)), ("hurt7", (18, 20))])
def test_max_hp_falls_back_at_the_end_of_the_turn_and_hp_is_capped(eng, hurt, after):
    m = _match(eng, ["bulk", hurt])
    play(m, "bulk", target=HERO, resolve=True)
    assert _hp(m) == (25, 25)
    play(m, hurt, target=HERO, resolve=True)
    end_turn(m)
    assert _hp(m) == after                   # capped at 20, never lowered by the 5 it loses


@rule("A06")
def test_it_ends_with_the_turn_it_was_given_in_whoever_holds_it(eng):
    m = _match(eng, ["bulk"])
    play(m, "bulk", target=BOSS, resolve=True)
    assert _hp(m, "boss") == (65, 65)
    since = m.n_events
    end_turn(m)
    assert _hp(m, "boss") == (60, 60)
    events = m.events_since(since)
    back = next(i for i, e in enumerate(events) if e.kind == "status" and e.b == -2)
    theirs = next(i for i, e in enumerate(events) if e.kind == "phase" and e.side == "encounter")
    assert back < theirs                     # at the player's End, before the Encounter's turn
    # the Encounter's own buff, in its turn, lasts through that turn only
    m = _match(eng, ["plain"], "swell")
    end_turn(m)
    assert _hp(m, "boss") == (60, 60)
    assert [e.c for e in m.events_since(0) if e.kind == "status" and e.b == -2] == [70, 60]


@rule("A06")
def test_power_and_stacks_are_taken_back_at_most_what_is_left(eng):
    m = _match(eng, ["pump", "harden", "strip"])
    play(m, "pump", target=HERO, resolve=True)
    play(m, "harden", target=HERO, resolve=True)
    mage = unit(m, "mage")
    assert mage["power"] == 2 + 3 + 2 and mage["statuses"]["ut:steel"] == 2   # steel: +1 each
    play(m, "strip", target=HERO, resolve=True)
    assert unit(m, "mage")["statuses"]["ut:steel"] == 1
    end_turn(m)                              # the one left is taken back, the power given
    mage = unit(m, "mage")
    assert mage["power"] == 2 and mage["statuses"].get("ut:steel", 0) == 0
    assert m.heroes()[0]["hp"] == 20


@rule("A06")
def test_a_grant_until_the_turn_end_restores_from_a_snapshot(eng):
    m = _match(eng, ["bulk", "pump"])
    play(m, "bulk", target=HERO, resolve=True)
    play(m, "pump", target=HERO, resolve=True)
    r = eng.restore(m.snapshot())
    assert r.state_hash() == m.state_hash()
    end_turn(r)
    assert _hp(r) == (20, 20) and unit(r, "mage")["power"] == 2


def _grant_changed(m, change):
    """m's snapshot with its first grant changed by `change(grant, units)` (the checksum
    renewed)."""
    top = msgpack.unpackb(m.snapshot())
    head, body = top[:5], top[6]
    change(body[10][0], body[4])          # [src, src_uid, unit, uid, status, stacks, aura]
    b = msgpack.packb(body)
    return b"\x97" + b"".join(msgpack.packb(x) for x in head) + msgpack.packb(checksum(b)) + b


@rule("A06")
def test_restore_refuses_a_grant_until_the_turn_end_it_could_not_hold(eng):
    m = _match(eng, ["bulk"])
    play(m, "bulk", target=HERO, resolve=True)
    uid = UNIT_FIELDS.index("uid")
    assert eng.restore(_grant_changed(m, lambda g, u: None)).state_hash() == m.state_hash()
    for change in (lambda g, u: g.__setitem__(slice(0, 2), [BOSS, u[BOSS][uid]]),  # another's
                   lambda g, u: g.__setitem__(6, 0)):                   # max hp for good
        with pytest.raises(SchemaViolation) as e:
            eng.restore(_grant_changed(m, change))
        assert e.value.path.startswith("body.grants"), e.value.path


@rule("A06", "E23")
def test_a_max_hp_buff_lasts_for_good_or_until_the_turn_end_only():
    bad = sortilege([{"op": "buff", "hp": 4, "until": "source_leaves"}], "ally")
    with pytest.raises(ContentError) as e:
        build_engine("ub", heroes={"mage": {}}, cards={"bad": bad},
                     units={"boss": {"kind": "enemy_hero", "max_hp": 5}}, encounters={"idle": {}})
    assert e.value.path.endswith("until") and "turn_end" in str(e.value)


def test_until_turn_end_in_rules_text(eng):
    assert "until the end of the turn" in eng.catalog.rules_text("ut:bulk")
