"""Statuses that modify the shield their unit gains (rule D02) and cap each hit it takes
(rule D03), in real matches."""
import pytest
from conftest import rule

import eve_content
from eve.errors import ContentError
from eve.lint import lint
from eve.plugins.data import DataPack
from eve.testing import build_engine, end_turn, engine_fixture, play, scenario, sortilege

BOSS_HP = 300
BOSS = 16                                   # the target code of the Encounter's leader

STATUSES = {
    # Dexterity-like: +2 shield per stack on every shield gained
    "dex": {"polarity": "buff", "shield_add": 2},
    # a malus larger than any small gain: the gain is held at 0, not below
    "clumsy": {"polarity": "debuff", "shield_add": -5},
    # Frail-like: shield gained x75% while it has a stack
    "frail": {"polarity": "debuff", "stacking": "duration", "shield_pct": 75,
              "decay": {"at": "turn_end", "by": "one"}},
    # Intangible-like: every hit it takes deals at most 1
    "intangible": {"polarity": "buff", "cap": 1, "decay": {"at": "turn_start", "by": "one"}},
    "guard": {"polarity": "buff", "cap": 5},
    # a pack's own absorbing status: gains of it are gains of shield too
    "ward": {"polarity": "buff", "absorb": True},
    "vulnerable": {"polarity": "debuff", "taken_pct": 150},
}


def _me(effect):
    return sortilege(effect, "none")


CARDS = {
    "dex3": _me([{"op": "status", "status": "dex", "to": "own_leader", "n": 3}]),
    "clumsy1": _me([{"op": "status", "status": "clumsy", "to": "own_leader"}]),
    "weaken": _me([{"op": "status", "status": "frail", "to": "own_leader"}]),
    "shield5": _me([{"op": "shield", "to": "own_leader", "n": 5}]),
    "shield6": _me([{"op": "shield", "to": "own_leader", "n": 6}]),
    "ward4": _me([{"op": "status", "status": "ward", "to": "own_leader", "n": 4}]),
    "vuln2": _me([{"op": "status", "status": "vulnerable", "to": "own_leader", "n": 2}]),
    "boss_shield": sortilege([{"op": "shield", "n": 5}], "foe"),
    "fade": sortilege([{"op": "status", "status": "intangible", "n": 1}], "foe"),
    "fortify": sortilege([{"op": "status", "status": "guard", "n": 1}], "foe"),
    "expose": sortilege([{"op": "status", "status": "vulnerable", "n": 1}], "foe"),
    "strike": sortilege([{"op": "damage", "n": 10}], "foe"),
    "pierce": sortilege([{"op": "damage", "n": 10, "pierce": True}], "foe"),
}

PACK = {"heroes": {"brute": {"max_hp": 40, "power": 4, "ambition": 3, "morality": 0, "cards": []}},
        "cards": CARDS, "units": {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 5}},
        "encounters": {"hitter": {"roster": ["boss"], "initiative": 1,
                                  "script": [{"move": "attack", "lane": 0}]}},
        "statuses": STATUSES}
eng = engine_fixture("sc", **PACK)


def _match(eng, cards, **kw):
    return scenario(eng, heroes=["sc:brute"], encounter="sc:hitter",
                    rift=[f"sc:{c}" for c in cards], meter={"capacity": 30}, **kw)


def _plays(m, *targets):
    """Play the Rift's cards in the order given to `_match` (the first legal play is always
    the earliest card left), each at its target (None: a card that takes none)."""
    for t in targets:
        play(m, None, t, resolve=True)


def _leader(m):
    return m.heroes()[0]


def _boss(m):
    return m.heroes("encounter")[0]


# ---------------------------------------------------------------- D02: shield gained

@rule("D02")
def test_shield_add_gives_more_shield_per_stack_on_every_gain(eng):
    m = _match(eng, ["dex3", "shield5", "shield6"])
    _plays(m, None, None)
    assert _leader(m)["shield"] == 5 + 3 * 2
    _plays(m, None)
    assert _leader(m)["shield"] == 5 + 6 + 2 * 3 * 2       # each gain, not the total


@rule("D02")
def test_shield_pct_multiplies_the_gain_rounding_down(eng):
    m = _match(eng, ["weaken", "shield6"])
    _plays(m, None, None)
    assert _leader(m)["shield"] == 6 * 75 // 100            # 4.5: 4


@rule("D02")
def test_the_gain_adds_before_it_multiplies(eng):
    m = _match(eng, ["dex3", "weaken", "shield5"])
    _plays(m, None, None, None)
    assert _leader(m)["shield"] == (5 + 3 * 2) * 75 // 100  # 11 x 75%: 8


@rule("D02")
def test_a_malus_holds_the_gain_at_zero(eng):
    m = _match(eng, ["clumsy1", "shield5"])
    _plays(m, None, None)
    assert _leader(m)["shield"] == 0


@rule("D02")
def test_a_status_instruction_giving_an_absorbing_status_is_a_shield_gain(eng):
    m = _match(eng, ["dex3", "ward4", "vuln2"])
    _plays(m, None, None, None)
    assert _leader(m)["statuses"]["sc:ward"] == 4 + 3 * 2
    # a status that absorbs nothing is not shield: its gain is as written
    assert _leader(m)["statuses"]["sc:vulnerable"] == 2


@rule("D02")
def test_only_the_gaining_units_statuses_modify_its_gain(eng):
    m = _match(eng, ["dex3", "boss_shield"])
    _plays(m, None, BOSS)
    assert _boss(m)["shield"] == 5


@rule("D02")
def test_losing_shield_is_not_modified(eng):
    m = _match(eng, ["dex3"], hero_state={0: {"shield": 4}})
    _plays(m, None)
    assert _leader(m)["shield"] == 4                         # stacks it had are no gain
    end_turn(m)                                              # the boss hits for 5
    assert _leader(m)["hp"] == 40 - 1


# ---------------------------------------------------------------- D03: the cap per hit

@rule("D03")
def test_a_cap_holds_each_hit_to_it(eng):
    m = _match(eng, ["fade", "strike", "strike"])
    _plays(m, BOSS, BOSS, BOSS)
    assert BOSS_HP - _boss(m)["hp"] == 2                    # two hits of 1


@rule("D03")
def test_the_cap_comes_after_the_multiplies(eng):
    m = _match(eng, ["fortify", "expose", "strike"])
    _plays(m, BOSS, BOSS, BOSS)
    assert BOSS_HP - _boss(m)["hp"] == 5                    # 15, capped at 5


@rule("D03")
def test_the_cap_comes_before_shield(eng):
    m = _match(eng, ["fortify", "strike"], enemy_state={0: {"shield": 3}})
    _plays(m, BOSS, BOSS)
    assert BOSS_HP - _boss(m)["hp"] == 2 and _boss(m)["shield"] == 0   # 5: 3 absorbed, 2 hp


@rule("D03")
def test_the_lowest_cap_wins(eng):
    for order in (["fortify", "fade"], ["fade", "fortify"]):
        m = _match(eng, [*order, "strike"])
        _plays(m, BOSS, BOSS, BOSS)
        assert BOSS_HP - _boss(m)["hp"] == 1


@rule("D03")
def test_pierce_damage_is_not_capped(eng):
    m = _match(eng, ["fade", "pierce"])
    _plays(m, BOSS, BOSS)
    assert BOSS_HP - _boss(m)["hp"] == 10


@rule("D03")
def test_no_stack_no_cap(eng):
    m = _match(eng, ["strike"])
    _plays(m, BOSS)
    assert BOSS_HP - _boss(m)["hp"] == 10


# ---------------------------------------------------------------- the data

@pytest.mark.parametrize("data,path,code", [
    ({"polarity": "buff", "shield_add": 100}, "statuses.sc:x.shield_add", "EVE-P012"),
    ({"polarity": "buff", "shield_pct": 1001}, "statuses.sc:x.shield_pct", "EVE-P012"),
    ({"polarity": "buff", "cap": -1}, "statuses.sc:x.cap", "EVE-P012"),
    ({"polarity": "buff", "cap": 40000}, "statuses.sc:x.cap", "EVE-P012"),
])
def test_a_bad_shield_or_cap_field_is_refused_naming_it(data, path, code):
    with pytest.raises(ContentError) as e:
        build_engine("sc", **{**PACK, "statuses": {"x": data}, "cards": {}})
    assert e.value.path == path and e.value.code == code, e.value


def test_the_fields_compile_into_the_status_table(eng):
    spec = eng.catalog.spec
    ids = eng.catalog.status_ids
    by = {sid: spec["statuses"][i] for i, sid in enumerate(ids)}
    assert by["sc:dex"]["shield_add"] == 2 and by["sc:dex"]["shield_pct"] == 100
    assert by["sc:frail"]["shield_pct"] == 75
    assert by["sc:intangible"]["cap"] == 1 and by["sc:ward"]["cap"] == 0


def test_rules_text_tells_the_new_fields(eng):
    words = {s: eng.catalog.rules_text(f"sc:{s}") for s in ("dex", "frail", "intangible", "clumsy")}
    assert "+2 shield gained for each stack" in words["dex"]
    assert "-5 shield gained for each stack" in words["clumsy"]
    assert "gains 75% shield" in words["frail"]
    assert "takes at most 1 damage a hit" in words["intangible"]


def test_lint_counts_the_new_fields_as_doing_something():
    pack = DataPack("sz", "1", requires=["core"], statuses={
        "idle": {"polarity": "buff"}, "dex": {"polarity": "buff", "shield_add": 1},
        "frail": {"polarity": "debuff", "shield_pct": 75}, "cap": {"polarity": "buff", "cap": 1}},
        cards={"c": {"kind": "sortilege", "charges": 1, "ability": {"target": "ally", "effect": [
            {"op": "status", "status": s} for s in ("idle", "dex", "frail", "cap")]}}})
    found = {f.item for f in lint([eve_content, pack], packs=["sz"]).findings if f.code == "EVE-L025"}
    assert found == {"sz:idle"}
