"""Random unit selectors (docs/rules.md E22) and the buff that raises max hp (E23), played in
real matches of a purpose-built pack ("rx")."""
import pytest
from conftest import rule

from eve.core.testkit import set_stream
from eve.errors import ContentError
from eve.testing import build_engine, engine_fixture, play, scenario, sortilege

FOES = (16, 17, 18)
N = 300                     # matches per distribution check (an exact count, never timed)



CARDS = {
    "missiles": sortilege([{"op": "damage", "to": "random_foe", "n": 1}] * 3),
    "bolt_hero": sortilege([{"op": "damage", "to": "random_foe_hero", "n": 1}]),
    "bolt_char": sortilege([{"op": "damage", "to": "random_foe_character", "n": 1}]),
    "mend_ally": sortilege([{"op": "heal", "to": "random_ally", "n": 1}]),
    "kings": sortilege([{"op": "buff", "n": 4, "hp": 4}], "ally"),
    "toughen": sortilege([{"op": "buff", "hp": 2}], "ally"),
    "pet": {"kind": "character", "power": 1, "hp": 2},
    # on its arrival, another random allied character gets +1 max hp (Blood Imp's kind)
    "imp": {"kind": "character", "power": 0, "hp": 1, "on_enter": {"target": "none", "effect": [
        {"op": "buff", "to": "random_other_ally_character", "hp": 1}]}},
}
UNITS = {"dummy": {"kind": "enemy_hero", "max_hp": 40, "power": 0},
         "grunt": {"kind": "unit", "hp": 40, "power": 0}}
IDLE = [{"move": "effect", "phase": "main", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]
ENCOUNTERS = {"trio": {"roster": ["dummy", "dummy", "dummy"], "initiative": 1, "script": IDLE}}


PACK = {"heroes": {"plain": {"max_hp": 10, "power": 1, "ambition": 7, "morality": 0, "cards": []}},
        "cards": CARDS, "units": UNITS, "encounters": ENCOUNTERS}
eng = engine_fixture("rx", **PACK)


def sc(eng, seed=0, **kw):
    kw.setdefault("heroes", ["rx:plain"])
    kw.setdefault("encounter", "rx:trio")
    return scenario(eng, seed, **kw)


def lost(m):
    return [40 - h["hp"] for h in m.heroes("encounter")]


# ---------------- E22: random selectors ----------------

@rule("E22")
def test_each_missile_picks_its_own_random_foe_and_all_three_spread(eng):
    counts = [0, 0, 0]
    spread = 0
    for seed in range(N):
        m = sc(eng, seed, rift=["rx:missiles"])
        play(m, "rx:missiles", resolve=True)
        hit = lost(m)
        assert sum(hit) == 3
        spread += max(hit) < 3
        for i, x in enumerate(hit):
            counts[i] += x
    # uniform over three foes: each takes about a third of the 900 missiles
    assert all(240 <= c <= 360 for c in counts), counts
    assert spread > N // 2


@rule("E22")
def test_a_random_pick_is_deterministic_by_seed(eng):
    def run(seed):
        m = sc(eng, seed, rift=["rx:missiles"])
        play(m, "rx:missiles", resolve=True)
        return lost(m), m.state_hash()
    assert run(7) == run(7)
    assert len({tuple(run(s)[0]) for s in range(20)}) > 1


@rule("E22")
def test_random_foe_skips_the_fallen_and_a_group_of_one_draws_nothing(eng):
    dead = {1: {"alive": 0, "hp": 0}, 2: {"alive": 0, "hp": 0}}
    m = sc(eng, 3, rift=["rx:missiles"], enemy_state=dead)
    play(m, "rx:missiles", resolve=True)
    assert lost(m)[0] == 3
    # no unit was drawn at random: the `shuffle` stream set before the play is where it was
    # after it (stream 0: the vocabulary's first stream)
    before = sc(eng, 3, rift=["rx:missiles"], enemy_state=dead)
    set_stream(before, 0, 12345)
    play(before, "rx:missiles", resolve=True)
    set_stream(m, 0, 12345)
    assert before.state_hash() == m.state_hash()


@rule("E22")
def test_random_foe_hero_and_character_keep_to_their_group(eng):
    for seed in range(30):
        m = sc(eng, seed, rift=["rx:bolt_hero", "rx:bolt_char"], enemy_lanes={1: "rx:grunt"})
        play(m, "rx:bolt_char", resolve=True)
        assert m.characters("encounter")[1]["hp"] == 39 and sum(lost(m)) == 0
        play(m, "rx:bolt_hero", resolve=True)
        assert sum(lost(m)) == 1


@rule("E22")
def test_random_selector_with_an_empty_group_does_nothing(eng):
    m = sc(eng, 0, rift=["rx:bolt_char"])
    play(m, "rx:bolt_char", resolve=True)
    assert sum(lost(m)) == 0


@rule("E22")
def test_random_other_ally_never_picks_the_source(eng):
    for seed in range(30):
        m = sc(eng, seed, rift=["rx:imp"], player_lanes={0: "rx:pet"})
        play(m, "rx:imp", resolve=True)
        pet, imp = m.characters()[0], m.characters()[1]
        assert (pet["max_hp"], pet["hp"]) == (3, 3) and imp["max_hp"] == 1


@rule("E22")
def test_random_selectors_have_words(eng):
    assert "a random foe" in eng.catalog.rules_text("rx:missiles")
    assert "another random allied character" in eng.catalog.rules_text("rx:imp")


# ---------------- E23: max hp ----------------

@rule("E23")
def test_buff_with_hp_raises_power_max_hp_and_hp(eng):
    m = sc(eng, 0, rift=["rx:kings"], player_lanes={0: {"id": "rx:pet", "hp": 1}})
    target = m.characters()[0]["unit"]
    play(m, "rx:kings", target, resolve=True)
    pet = m.characters()[0]
    assert (pet["power"], pet["max_hp"], pet["hp"]) == (5, 6, 5)


@rule("E23")
def test_buff_with_only_hp_leaves_power(eng):
    m = sc(eng, 0, rift=["rx:toughen"], player_lanes={0: "rx:pet"})
    play(m, "rx:toughen", m.characters()[0]["unit"], resolve=True)
    pet = m.characters()[0]
    assert (pet["power"], pet["max_hp"], pet["hp"]) == (1, 4, 4)
    assert "+2 max hp" in eng.catalog.rules_text("rx:toughen") and "power" not in eng.catalog.rules_text("rx:toughen")


@rule("E23")
def test_max_hp_buff_is_permanent_and_bounded(eng):
    for bad, path in (({"op": "buff", "hp": 4, "until": "source_leaves"}, "until"),
                      ({"op": "buff", "hp": 256}, "hp"),
                      ({"op": "damage", "hp": 1}, "hp")):
        with pytest.raises(ContentError) as e:
            build_engine("rx", **{**PACK, "cards": {**CARDS, "bad": sortilege([bad], "ally")}})
        assert e.value.path.endswith(path), e.value.path


@rule("P03", "E23")
def test_power_max_hp_and_hp_saturate_at_the_bound_and_the_state_restores():
    # buffs of +999 power and +255 max hp on a unit near the int16 bound: each holds at 32,767
    # (the bound a hit has too, P01) instead of wrapping, and hp still never stands above max hp
    from eve.core.tables import LIMITS
    titan = sortilege([{"op": "buff", "n": 999, "hp": 255}] * 2, "ally")
    e = build_engine("rx", **{**PACK, "cards": {**CARDS, "titan": titan}})
    near = LIMITS["damage_limit"] - 100
    m = sc(e, 0, rift=["rx:titan"],
           player_lanes={0: {"id": "rx:pet", "power": near, "hp": near - 1, "max_hp": near}})
    play(m, "rx:titan", m.characters()[0]["unit"], resolve=True)
    pet = m.characters()[0]
    assert (pet["power"], pet["max_hp"], pet["hp"]) == (LIMITS["damage_limit"],) * 3
    assert e.restore(m.snapshot()).characters()[0] == pet


@rule("E22", "N05")
def test_an_encounter_move_draws_its_random_target_with_the_intent_never_at_resolution():
    # a random selector inside a move's effect would pick its unit after the intent was shown
    sly = {"roster": ["dummy"], "initiative": 1, "script": [
        {"move": "effect", "phase": "main", "effect": [{"op": "damage", "to": "random_foe", "n": 1}]}]}
    with pytest.raises(ContentError) as e:
        build_engine("rx", **{**PACK, "encounters": {"sly": sly}})
    assert e.value.path.endswith("effect[0].to") and "intent" in str(e.value)
    # the move's own random target is drawn with the intent, and is allowed
    sly = {"roster": ["dummy"], "initiative": 1, "script": [
        {"move": "effect", "phase": "main", "target": "random_foe",
         "effect": [{"op": "damage", "to": "target", "n": 1}]}]}
    build_engine("rx", **{**PACK, "encounters": {"sly": sly}})
