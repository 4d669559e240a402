"""Keywords (rules K01, K02): the core flag taunt, the standard macros (divine shield, ward,
lifesteal, fading), a pack's own parameterized keyword, their rules text and errors; and a
character whose on-enter effect takes a chosen target (rule E20)."""
import pytest
from conftest import rule

from eve.errors import ContentError, IllegalAction
from eve.testing import build_engine, end_turn, engine_fixture, play, scenario

BOSS_HP = 100

CARDS = {
    "guard": {"kind": "character", "power": 1, "hp": 10, "keywords": ["taunt"]},
    "squire": {"kind": "character", "power": 1, "hp": 10},
    "paladin": {"kind": "character", "power": 1, "hp": 10, "keywords": ["divine_shield"]},
    "warden": {"kind": "character", "power": 1, "hp": 10, "keywords": [{"name": "ward", "n": 2}]},
    "leech": {"kind": "character", "power": 3, "hp": 9, "keywords": ["swift", "lifesteal"]},
    "berserker": {"kind": "character", "power": 1, "hp": 10,
                  "keywords": [{"name": "enrage", "n": 2}]},
    "brawler": {"kind": "character", "power": 1, "hp": 10, "keywords": ["enrage"]},
    "ghost": {"kind": "character", "power": 1, "hp": 10, "keywords": [{"name": "fading", "n": 2}]},
    "zap": {"kind": "sortilege", "charges": 1,
            "on_enter": {"target": "any", "effect": [{"op": "damage", "n": 2}]}},
    # Fire Elemental: on enter, 3 damage to a chosen target
    "elemental": {"kind": "character", "power": 6, "hp": 5,
                  "on_enter": {"target": "foe", "effect": [{"op": "damage", "n": 3}]}},
    # the same, then 1 damage to the Encounter's leader: the whole effect needs its target
    "sparker": {"kind": "character", "power": 6, "hp": 5, "on_enter": {"target": "foe", "effect": [
        {"op": "damage", "n": 3}, {"op": "damage", "to": "foe_leader", "n": 1}]}},
}

# a pack's own keyword: whenever it takes damage, it gets +n power
KEYWORDS = {
    "enrage": {"name": "Enrage", "params": {"n": 1}, "applies_to": ["character", "unit"],
               "triggers": [{"on": "damage_taken", "effect": [
                   {"op": "buff", "to": "self", "n": "{n}"}]}]},
}


SCRIPT = [{"move": "effect", "phase": "main", "target": "foe_leader",
           "effect": [{"op": "damage", "n": 0}]}]


def _foe(script=SCRIPT, responses=()):
    """The pack's one Encounter, "foe", with the given script and responses."""
    return {"foe": {"roster": ["boss"], "initiative": 1, "script": script,
                    "responses": list(responses)}}


PACK = {"requires": ["core"], "heroes": {"brute": {"max_hp": 40, "power": 4, "cards": []}},
        "cards": CARDS, "encounters": _foe(), "keywords": KEYWORDS,
        "units": {"boss": {"kind": "enemy_hero", "max_hp": BOSS_HP, "power": 5},
                  "wall": {"power": 0, "hp": 8, "keywords": ["taunt"]}, "imp": {"power": 0, "hp": 1}}}
eng = engine_fixture("kw", **PACK)


def _foe_engine(script=SCRIPT, responses=()):
    """The pack with another script or responses for its Encounter."""
    return build_engine("kw", **{**PACK, "encounters": _foe(script, responses)})


def _match(eng, rift=(), **kw):
    return scenario(eng, heroes=["kw:brute"], encounter="kw:foe", rift=[f"kw:{c}" for c in rift],
                    meter={"capacity": 30}, **kw)


def _hp(m, lane):
    return m.characters("player")[lane]["hp"]


# ---------------------------------------------------------------- taunt (K01)

@rule("K01")
@pytest.mark.parametrize("lane_sel", [3, "strongest", "random"])
def test_encounter_attacks_hit_the_taunting_character(lane_sel):
    eng = _foe_engine(script=[{"move": "attack", "lane": lane_sel}])
    strong = {"id": "kw:squire", "power": 2}           # lane 3 is the strongest
    m = _match(eng, player_lanes={1: "kw:guard", 3: strong})
    hero_hp = m.heroes()[0]["hp"]
    end_turn(m)
    assert _hp(m, 1) == 10 - 5 and _hp(m, 3) == 10
    assert m.heroes()[0]["hp"] == hero_hp
    if lane_sel != "random":
        # without a taunting character the same attack lands where its lane says
        m = _match(eng, player_lanes={1: "kw:squire", 3: strong})
        end_turn(m)
        assert (_hp(m, 1), _hp(m, 3)) == (10, 5)


@rule("K01")
def test_a_taunting_character_takes_an_attack_on_an_empty_lane():
    eng = _foe_engine(script=[{"move": "attack", "lane": 4}])
    m = _match(eng, player_lanes={2: "kw:guard"})
    hero_hp = m.heroes()[0]["hp"]
    end_turn(m)
    assert _hp(m, 2) == 5 and m.heroes()[0]["hp"] == hero_hp


@rule("K01")
def test_moves_that_pick_among_foes_pick_a_taunting_character():
    eng = _foe_engine(script=[{"move": "effect", "target": "weakest_foe",
                           "effect": [{"op": "damage", "n": 4}]}])
    # the weakest is the squire (hp 2), but the guard taunts
    m = _match(eng, player_lanes={0: {"id": "kw:squire", "hp": 2}, 1: "kw:guard"})
    end_turn(m)
    assert _hp(m, 1) == 6 and _hp(m, 0) == 2
    # foe_leader names the leader: not redirected
    eng = _foe_engine(script=[{"move": "effect", "target": "foe_leader",
                           "effect": [{"op": "damage", "n": 4}]}])
    m = _match(eng, player_lanes={1: "kw:guard"})
    hero_hp = m.heroes()[0]["hp"]
    end_turn(m)
    assert _hp(m, 1) == 10 and m.heroes()[0]["hp"] == hero_hp - 4


@rule("K01")
def test_player_attacks_hit_an_enemy_taunting_unit(eng):
    m = _match(eng, enemy_lanes={2: "kw:wall"}, phase="combat")
    play(m, kind="attack", lane=0, resolve=True)
    assert m.heroes("encounter")[0]["hp"] == BOSS_HP
    assert m.characters("encounter")[2]["hp"] == 8 - 4


# ---------------------------------------------------------------- macros (K02)

@rule("K02", "D01")
def test_divine_shield_ignores_the_first_damage(eng):
    m = _match(eng, rift=["paladin", "zap", "zap"])
    play(m, "paladin", lane=0, resolve=True)
    assert m.characters("player")[0]["statuses"] == {"divine_shield": 1}
    play(m, "zap", target=8, resolve=True)
    assert _hp(m, 0) == 10 and m.characters("player")[0]["statuses"] == {}
    play(m, "zap", target=8, resolve=True)
    assert _hp(m, 0) == 8


@rule("K02")
def test_ward_takes_its_parameter(eng):
    m = _match(eng, rift=["warden", "zap", "zap", "zap"])
    play(m, "warden", lane=0, resolve=True)
    assert m.characters("player")[0]["statuses"] == {"ward": 2}
    for _ in range(3):
        play(m, "zap", target=8, resolve=True)
    assert _hp(m, 0) == 8


@rule("K02", "E19")
def test_lifesteal_heals_by_the_damage_dealt(eng):
    m = _match(eng, player_lanes={0: {"id": "kw:leech", "hp": 2}}, phase="combat")
    play(m, 8, kind="attack", resolve=True)
    assert m.heroes("encounter")[0]["hp"] == BOSS_HP - 3
    assert _hp(m, 0) == 5


@rule("K02")
def test_a_packs_parameterized_keyword(eng):
    m = _match(eng, rift=["zap", "zap"], player_lanes={0: "kw:berserker", 1: "kw:brawler"})
    play(m, "zap", target=8, resolve=True)
    play(m, "zap", target=9, resolve=True)
    assert m.characters("player")[0]["power"] == 1 + 2        # Enrage 2
    assert m.characters("player")[1]["power"] == 1 + 1        # its default, 1
    text = eng.catalog.rules_text("kw:berserker")
    assert "Enrage 2" in text and "whenever" not in text.lower()
    assert "Enrage 1" in eng.catalog.rules_text("kw:brawler")


@rule("K02")
def test_fading_exiles_at_the_start_of_its_nth_turn(eng):
    m = _match(eng, rift=["ghost"])
    play(m, "ghost", lane=0, resolve=True)
    end_turn(m)
    assert m.characters("player")[0] is not None      # its 1st turn start
    end_turn(m)
    assert m.characters("player")[0] is None          # its 2nd: gone to the Void
    assert any(c.startswith("kw:ghost") for c in m.zone("void"))


def test_keywords_read_as_their_names_with_parameters(eng):
    assert "Taunt" in eng.catalog.rules_text("kw:guard")
    assert "Ward 2" in eng.catalog.rules_text("kw:warden")
    assert "Divine Shield" in eng.catalog.rules_text("kw:paladin")
    assert "Swift, Lifesteal" in eng.catalog.rules_text("kw:leech")


# ---------------------------------------------------------------- errors

def _error(cards, keywords=KEYWORDS):
    with pytest.raises(ContentError) as e:
        build_engine("kw", **{**PACK, "cards": cards, "keywords": keywords})
    return e.value


def _card(kws, kind="character"):
    extra = {"power": 1, "hp": 1} if kind == "character" else {}
    return {"x": {"kind": kind, "keywords": kws, **extra}}


@pytest.mark.parametrize("kws,code,path,words", [
    (["lifestel"], "EVE-P015", "keywords[0]", "did you mean 'lifesteal'"),
    (["enrag"], "EVE-P015", "keywords[0]", "did you mean 'enrage'"),
    ([{"name": "ward", "k": 2}], "EVE-P021", "keywords[0].k", "unknown field 'k'"),
    ([{"name": "ward", "m": 2}], "EVE-P021", "keywords[0].m", "takes no parameter 'm'"),
    ([{"name": "ward", "n": 5000}], "EVE-P012", "keywords[0].n", "out of range"),
    ([{"name": "taunt", "n": 1}], "EVE-P021", "keywords[0].n", "takes no parameter"),
    ([{"n": 1}], "EVE-P020", "keywords[0].name", "is required"),
    ([3], "EVE-P011", "keywords[0]", "must name a keyword"),
])
def test_a_bad_keyword_use_is_refused_naming_its_field(kws, code, path, words):
    err = _error(cards=_card(kws))
    assert err.code == code and err.path == f"cards.kw:x.{path}" and words in str(err)


def test_a_keyword_for_another_kind_is_refused():
    err = _error(cards=_card(["lifesteal"], "relic"))
    assert err.path == "cards.kw:x.keywords[0]" and "not a relic" in str(err)


def test_a_macro_that_expands_into_something_invalid_names_keyword_and_item():
    bad = {"bad": {"params": {"n": 1}, "triggers": [
        {"on": "turn_start", "effect": [{"op": "damage", "to": "self", "n": "{n} + self.hpp"}]}]}}
    err = _error(cards=_card([{"name": "bad", "n": 2}]), keywords=bad)
    assert err.item == "kw:x" and "keyword 'kw:bad'" in str(err)
    assert err.path == "cards.kw:x.keywords[0].triggers[0].effect[0].n"


def test_a_pack_keyword_takes_no_built_in_name():
    err = _error(cards={}, keywords={"taunt": {"triggers": []}})
    assert "built-in keyword" in str(err) and err.path == "keywords.kw:taunt"


def test_a_pack_keyword_declares_known_parameters():
    err = _error(cards={}, keywords={"odd": {"params": {"x": 1}}})
    assert err.code == "EVE-P021" and err.path == "keywords.kw:odd.params.x"


# ---------------------------------------------------------------- deploy with a target (E20)

@rule("E20")
def test_a_character_on_enter_effect_takes_a_chosen_target(eng):
    m = _match(eng, rift=["elemental"], enemy_lanes={1: "kw:imp"})
    plays = [a for a in m.legal_actions() if a.kind == "play"]
    lanes = eng.catalog.config["lanes"]
    # every empty lane with every foe: the boss and the imp
    assert {(a.target, a.lane) for a in plays} == {(t, ln) for t in (16, 25) for ln in range(lanes)}
    assert "on encounter hero" in str(next(a for a in plays if a.target == 16 and a.lane == 2))
    play(m, "elemental", target=16, lane=2, resolve=True)
    assert m.heroes("encounter")[0]["hp"] == BOSS_HP - 3
    assert m.characters("player")[2]["power"] == 6
    text = eng.catalog.rules_text("kw:elemental")
    assert "deal 3 damage to target foe" in text


@rule("E20")
def test_a_deploy_target_must_fit_its_spec(eng):
    from eve.core.testkit import accepted_codes
    m = _match(eng, rift=["elemental", "squire"])
    accepted = set(accepted_codes(m))
    assert sorted(accepted) == sorted(m.legal_action_codes())
    elemental = next(a for a in m.legal_actions() if "elemental" in str(a))
    own_hero = (elemental.code & ~(255 << 8)) | (0 << 8)       # an ally is no foe
    no_target = elemental.code | (255 << 8)
    for code in (own_hero, no_target):
        assert code not in accepted
        with pytest.raises(IllegalAction):
            m.apply(code)


@rule("E20", "S03")
def test_a_deploy_whose_target_is_gone_still_enters(eng):
    # the Encounter answers a deploy by killing its own imp, the deploy's target
    eng = _foe_engine(responses=[{"on": "deploy", "target": "weakest_ally",
                              "effect": [{"op": "damage", "n": 5}]}])
    m = _match(eng, rift=["sparker"], enemy_lanes={1: "kw:imp"})
    play(m, "sparker", target=25, lane=0, resolve=True)
    assert m.characters("encounter")[1] is None
    assert m.characters("player")[0]["power"] == 6
    assert m.heroes("encounter")[0]["hp"] == BOSS_HP      # no part of the effect ran


def test_a_character_on_enter_target_is_a_unit():
    err = _error(cards={"x": {"kind": "character", "power": 1, "hp": 1, "on_enter": {
        "target": "rift_card", "effect": [{"op": "put", "into": "abyss"}]}}})
    assert err.path == "cards.kw:x.on_enter.target" and "E20" in str(err)


def test_every_keyword_has_rules_text_of_its_own(eng):
    ward = eng.catalog.rules_text("ward")
    assert ward.startswith("Ward n: a keyword; by default n = 1")
    assert "prevents the next hit" in ward                 # its status, told with it
    enrage = eng.catalog.rules_text("kw:enrage")
    assert "whenever this unit takes damage: give this unit +1 power" in enrage
    texts = eng.catalog.rules_texts(kinds=["keyword"])
    assert set(texts) == {"lifesteal", "divine_shield", "ward", "exile_on_play", "fading",
                          "kw:enrage"}
    assert texts["exile_on_play"].endswith(
        "whenever this card has resolved: put that card into your Void.")
    assert "ward" not in eng.catalog.rules_texts(kinds=["status"])


@rule("P02", "K03")
@pytest.mark.parametrize("order", [["exile_on_play", "resound"], ["resound", "exile_on_play"]])
def test_a_keyword_on_the_cards_resolution_fires_beside_exile_on_play_in_either_order(order):
    # resound answers the card's own resolution as exile_on_play does; exile_on_play moving
    # the card to the Void first must not silence it (issue 20, point 8)
    resound = {"name": "Resound", "applies_to": ["sortilege"],
               "triggers": [{"on": "card_resolved", "card": "self", "effect": [
                   {"op": "damage", "to": "foe_leader", "n": 5}]}]}
    flash = {"kind": "sortilege", "charges": 1, "keywords": order,
             "on_enter": {"target": "foe", "effect": [{"op": "damage", "n": 3}]}}
    eng = build_engine("kw", **{**PACK, "cards": {"flash": flash}, "keywords": {"resound": resound}})
    m = _match(eng, rift=["flash"])
    play(m, "flash", target=16, resolve=True)
    assert BOSS_HP - m.heroes("encounter")[0]["hp"] == 3 + 5
    assert [str(c).split("#")[0] for c in m.zone("void")] == ["kw:flash"]
    assert not m.zone("lattice")
