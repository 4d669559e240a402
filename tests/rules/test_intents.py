"""An intent, once shown, is what will happen (N05): its random parts are drawn when it is shown,
and it is shown whole, a script branch included."""
import pytest
from conftest import rule

import eve
from eve.testing import actions, build_engine, engine_fixture, events, play, run_until, scenario, sortilege

LANES = 5


# each response to the player draws from the `encounter` stream: the player's plays move that
# stream on, so a draw made later than the intent would be steered by them
ANSWER = [{"on": "any", "target": "random_foe", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]
PACK = {
    "heroes": {"plain": {"max_hp": 30, "power": 1, "ambition": 3, "morality": 0, "cards": []}},
    # a cheap card whose play the Encounter answers with a draw from its own stream
    "cards": {"chime": sortilege([{"op": "draw", "n": 0}]),
              "post": {"kind": "character", "power": 0, "hp": 20}},
    "units": {"boss": {"kind": "enemy_hero", "max_hp": 40, "power": 1},
              "imp": {"kind": "unit", "power": 1, "hp": 2},
              "brute": {"kind": "unit", "power": 3, "hp": 5}},
    "encounters": {
        "roller": {"roster": ["boss"], "initiative": 1, "responses": ANSWER,
                   "script": [{"move": "attack", "phase": "combat", "lane": "random"}]},
        "sniper": {"roster": ["boss"], "initiative": 1, "responses": ANSWER,
                   "script": [{"move": "effect", "phase": "main", "target": "random_foe",
                               "effect": [{"op": "damage", "n": 1}]}]},
        "caller": {"roster": ["boss"], "initiative": 1, "responses": ANSWER,
                   "script": [{"move": "summon", "phase": "main", "unit": "imp", "lane": "random"}]},
        "watcher": {"roster": ["boss"], "initiative": 1, "script": [
            {"move": "summon", "phase": "main", "unit": "imp",
             "unless": {"cond": "count(foe_characters) >= 2 and own_leader.hp > 10",
                        "do": {"move": "summon", "phase": "main", "unit": "brute"}}}]},
        "forker": {"roster": ["boss"], "initiative": 1, "script": [
            {"move": "summon", "phase": "main", "unit": "imp",
             "unless": {"if": "random_pct", "arg": 50,
                        "do": {"move": "summon", "phase": "main", "unit": "brute",
                               "lane": "random"}}}]}}}
eng = engine_fixture("it", **PACK)


def _position(eng, encounter, seed):
    # the player's Main, a post in every lane so an attack's lane shows in whom it hits
    return scenario(eng, seed, heroes=["it:plain"], encounter=f"it:{encounter}",
                    rift=["it:chime"] * 4, player_lanes={i: "it:post" for i in range(LANES)})


def _to_encounter_turn(m, plays):
    for _ in range(plays):
        if not actions(m, "play"):
            break
        play(m, resolve=True)
    while not m.is_over and m.active_side == "player":
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))


def _encounter_events(m, kind):
    return events(m, kind, side="encounter")


def _encounter_damage(m):
    """The damage events the Encounter's side dealt."""
    return [e for e in m.events if e.kind == "damage" and e.fields["by_side"] == 1]


def _shown_then_hit(eng, encounter, seed, plays):
    """The intent shown at the player's Main, and the unit the Encounter's first damage hit
    once the player has played `plays` chimes and ended the turn."""
    m = _position(eng, encounter, seed)
    shown = m.intent
    _to_encounter_turn(m, plays)
    run_until(m, lambda x: x.active_side != "encounter")
    dmg = _encounter_damage(m)
    assert dmg, "the move was made"
    return shown, dmg[0].fields["unit"]


@rule("N05")
@pytest.mark.parametrize("seed", range(12))
def test_a_random_attack_lane_is_drawn_when_shown_whatever_the_player_does(eng, seed):
    hit = []
    for plays in (0, 3):
        shown, unit = _shown_then_hit(eng, "roller", seed, plays)
        assert shown["lane"] == "random" and 0 <= shown["drawn_lane"] < LANES
        assert unit == 8 + shown["drawn_lane"]       # the post in the lane the intent showed
        hit.append(unit)
    assert hit[0] == hit[1]


@rule("N05")
@pytest.mark.parametrize("seed", range(12))
def test_a_random_effect_target_is_drawn_when_shown_whatever_the_player_does(eng, seed):
    hit = []
    for plays in (0, 2):
        shown, unit = _shown_then_hit(eng, "sniper", seed, plays)
        assert shown["drawn_target_present"]
        assert unit == shown["drawn_target"]
        hit.append(unit)
    assert hit[0] == hit[1]


@rule("N05")
@pytest.mark.parametrize("seed", range(8))
def test_a_random_summon_lane_is_drawn_when_shown(eng, seed):
    m = scenario(eng, seed, heroes=["it:plain"], encounter="it:caller", rift=["it:chime"] * 4)
    lane = m.intent["drawn_lane"]
    _to_encounter_turn(m, 2)
    summons = _encounter_events(m, "summon")
    assert summons and summons[0].fields["lane"] == lane


@rule("N05", "N02")
def test_a_branch_is_shown_whole_with_its_own_random_lane(eng):
    seen = set()
    for seed in range(16):
        m = scenario(eng, seed, heroes=["it:plain"], encounter="it:forker")
        i = m.intent
        assert i["index"] == 0 and i["move"] == "summon"
        if i["branch"]:
            assert i["unit"] == "it:brute" and i["lane"] == "random"
            assert i["script"] == {"move": "summon", "phase": "main", "unit": "brute",
                                   "lane": "random"}
            lane = i["drawn_lane"]
        else:
            assert i["unit"] == "it:imp" and "drawn_lane" not in i
            lane = None
        _to_encounter_turn(m, 0)
        made = _encounter_events(m, "summon")[0]
        assert made.fields["def_id"] == eng.unit_index(i["unit"])
        if lane is not None:
            assert made.fields["lane"] == lane
        seen.add(i["branch"])
    assert seen == {True, False}


@rule("N05")
def test_the_drawn_parts_survive_a_snapshot_and_show_in_the_intent_event(eng):
    m = _position(eng, "roller", 3)
    back = eng.restore(m.snapshot())
    assert back.intent == m.intent and back.state_hash() == m.state_hash()
    shown = [e for e in m.events if e.kind == "intent"]
    if shown:        # a scenario's intent is drawn while it is built, before its event log
        assert shown[-1].fields["lane"] == m.intent["drawn_lane"]
    m2 = eng.new_match(seed=4, heroes=["it:plain"], encounter="it:roller")
    ev = [e for e in m2.events if e.kind == "intent"][-1]
    assert ev.fields["lane"] == m2.intent["drawn_lane"] and ev.fields["target"] == -1


@rule("N05", "S03")
def test_a_drawn_target_replaced_before_the_move_makes_it_fizzle(eng):
    from eve.core import testkit
    for seed in range(40):
        m = _position(eng, "sniper", seed)
        target = m.intent["drawn_target"]
        if target >= 8:               # a post in a lane, not a hero
            break
    else:
        pytest.fail("no seed drew a character")
    # the same card, but a new identity in that lane: not the unit the intent was shown for
    testkit.set_character(m, 0, target - 8, {"alive": 1})
    assert m.intent["drawn_target_present"] is False
    while m.round == 1 and not m.is_over:         # to the end of the Encounter's turn
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    assert [e for e in m.events if e.kind == "fizzle" and e.side == "encounter"]
    assert not _encounter_damage(m)


@rule("N02", "E17")
def test_a_branch_condition_may_be_an_expression_read_for_the_encounter(eng):
    for posts, unit in ((0, "it:imp"), (1, "it:imp"), (2, "it:brute"), (4, "it:brute")):
        m = scenario(eng, 0, heroes=["it:plain"], encounter="it:watcher",
                     player_lanes={i: "it:post" for i in range(posts)})
        assert m.intent["unit"] == unit and m.intent["branch"] == (unit == "it:brute"), posts
    weak = scenario(eng, 0, heroes=["it:plain"], encounter="it:watcher",
                    player_lanes={0: "it:post", 1: "it:post"}, enemy_state={0: {"hp": 5}})
    assert weak.intent["unit"] == "it:imp"
    assert "if the number of the player's characters >= 2" in eng.catalog.rules_text("it:watcher")


def test_a_branch_names_its_condition_or_gives_an_expression_not_both():
    encounter = {"both": {"roster": ["boss"], "initiative": 1, "script": [
        {"move": "summon", "phase": "main", "unit": "imp",
         "unless": {"cond": "round > 1", "if": "round_at_least", "arg": 2,
                    "do": {"move": "summon", "phase": "main", "unit": "brute"}}}]}}
    with pytest.raises(eve.ContentError) as ei:
        build_engine("it", **{**PACK, "encounters": encounter})
    assert ei.value.path.endswith("script[0].unless.if")


def test_an_expression_condition_cannot_be_named_with_an_arg():
    encounter = {"named": {"roster": ["boss"], "initiative": 1, "script": [
        {"move": "summon", "phase": "main", "unit": "imp",
         "unless": {"if": "expr", "arg": 30,
                    "do": {"move": "summon", "phase": "main", "unit": "brute"}}}]}}
    with pytest.raises(eve.ContentError) as ei:
        build_engine("it", **{**PACK, "encounters": encounter})
    assert ei.value.path.endswith("script[0].unless.if") and "cond" in str(ei.value)
