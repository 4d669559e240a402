"""Hostile content against the trigger bounds and the end of a match (issue 20, points 4-7
and 9): one budget a step and side (E19, B01-B02), an outcome that agrees with the state after
`match_end` programs (B03), a bounded event log (B04), and no countered marker left on top of
the Stack (B05)."""
import pickle

import pytest
from conftest import rule

import eve
import eve_content
from eve.core.tables import LIMITS
from eve.testing import build_engine, scenario

BIG = 30000


def _relic(*triggers):
    return {"kind": "relic", "triggers": list(triggers)}


def _sortilege(effect, target="foe", **kw):
    return {"kind": "sortilege", "charges": 1, "on_enter": {"target": target, "effect": effect},
            **kw}


# every damage to anyone makes the Relic damage both leaders: a wide, self-feeding chain
STORM = _relic({"on": "damage_taken", "who": "any", "effect": [
    {"op": "damage", "to": "own_leader"}, {"op": "damage", "to": "foe_leader"}]})
# a card played sets the storm off before the card resolves
SPARK = _relic({"on": "card_played", "effect": [{"op": "damage", "to": "own_leader"}]})
# sixteen shields a program, each of them a `status_applied` it answers itself (each taken
# back at once, so that no stack count reaches its maximum and stops the loop first)
SELF_FEED = [{"op": "shield", "to": "self", "n": 1},
             {"op": "remove_status", "status": "shield", "to": "self", "n": 1}] * 16


IDLE = {"roster": ["boss"], "initiative": 1, "script": [
    {"move": "effect", "phase": "main", "target": "foe_leader", "effect": [{"op": "damage", "n": 0}]}]}


def _hostile_engine(cards=None, boss=None, hero=None, config=None):
    """The pack "hx" (a bolt, the storm, the spark) with `cards` added and the hero's and the
    boss's fields changed."""
    return build_engine(
        "hx", requires=["core"], heroes={"brute": {"max_hp": BIG, "power": 1, "cards": [], **(hero or {})}},
        cards={"bolt": _sortilege([{"op": "damage", "n": 1}]), "storm": STORM, "spark": SPARK,
               **(cards or {})},
        units={"boss": {"kind": "enemy_hero", "max_hp": BIG, "power": 0, **(boss or {})}},
        encounters={"idle": IDLE}, config=config)


def _damage_events(m, since):
    return sum(1 for ev in m.events_since(since) if ev.kind == "damage")


@rule("E19", "B01")
def test_one_decision_runs_exactly_one_budget_of_programs():
    # the play's `card_played` sets the storm off while the bolt waits on the Stack, and the
    # bolt's own damage sets it off again when it resolves: both inside one decision, so one
    # budget between them (a reset when the game runs on after the commit doubled it)
    e = _hostile_engine()
    m = scenario(e, heroes=["hx:brute"], encounter="hx:idle", rift=["hx:bolt"],
                 lattice=["hx:spark"] + ["hx:storm"] * 4, meter={"capacity": 30})
    before = m.n_events
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    assert not m.stack and not m.is_over
    # the spark's program (1 damage), 255 storm programs (2 damage each), the bolt's own hit
    assert _damage_events(m, before) == 1 + 2 * (LIMITS["trigger_budget"] - 1) + 1


def _end_turn(m):
    r = m.round
    while m.round == r and not m.is_over:
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))


@rule("B02")
def test_the_encounters_loop_does_not_silence_the_players_turn_start():
    # the boss shields itself at its turn's start, and every shield it gains gives it sixteen
    # more: its turn spends its whole budget; the player's Relic at the start of the player's
    # next turn (the same decision: the end of the player's turn) still fires
    boss = {"triggers": [
        {"on": "turn_start", "effect": [{"op": "shield", "to": "self", "n": 1}]},
        {"on": "status_applied", "who": "self", "effect": SELF_FEED}]}
    clock = _relic({"on": "turn_start", "effect": [{"op": "damage", "to": "foe_leader",
                                                    "n": 7, "pierce": True}]})
    e = _hostile_engine(boss=boss, cards={"clock": clock})
    m = scenario(e, heroes=["hx:brute"], encounter="hx:idle", lattice=["hx:clock"],
                 meter={"capacity": 30})
    hp = m.heroes("encounter")[0]["hp"]
    _end_turn(m)
    assert m.round == 2 and m.active_side == "player"
    # the loop spent its whole budget: the turn start's shield, then 255 programs of 32 changes
    changes = sum(1 for ev in m.events if ev.kind == "status" and ev.side == "encounter")
    assert changes == 1 + 32 * (LIMITS["trigger_budget"] - 1)
    assert hp - m.heroes("encounter")[0]["hp"] == 7      # and the clock struck all the same


@rule("B02")
def test_the_players_loop_spends_only_the_players_budget():
    # the played card sets the player's storm off first (the player's listeners go first,
    # E19), and the storm spends the player's whole budget; the Encounter's answer to the same
    # event, after it, still runs on the Encounter's budget
    boss = {"triggers": [{"on": "card_played", "who": "foe", "effect": [
        {"op": "status", "status": "core:strength", "to": "self", "n": 3}]}]}
    e = _hostile_engine(boss=boss)
    m = scenario(e, heroes=["hx:brute"], encounter="hx:idle", rift=["hx:bolt"],
                 lattice=["hx:spark"] + ["hx:storm"] * 4, meter={"capacity": 30})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    assert m.heroes("encounter")[0]["power"] == 0 + 3


# ---------------------------------------------------------------- B03: match_end

@rule("E21", "B03")
def test_a_match_end_program_that_kills_every_hero_after_a_win_makes_it_a_loss():
    from match_invariants import check_state
    doom = _relic({"on": "match_end", "effect": [
        {"op": "damage", "to": "own_leader", "n": 999, "pierce": True}]})
    kill = _sortilege([{"op": "damage", "n": 999}])
    e = _hostile_engine(cards={"doom": doom, "kill": kill}, hero={"max_hp": 40}, boss={"max_hp": 5})
    m = scenario(e, heroes=["hx:brute"], encounter="hx:idle", rift=["hx:kill"],
                 lattice=["hx:doom"], meter={"capacity": 30})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    assert m.is_over
    assert not any(h["alive"] for h in m.heroes("player"))
    assert m.outcome == "loss"
    check_state(m)
    outcomes = [ev for ev in m.events if ev.kind == "outcome"]
    assert [ev.a for ev in outcomes][-1] == 2            # the log says what the state says
    assert m.legal_actions() == []


@rule("E21", "B03")
def test_a_match_end_program_that_leaves_the_winner_alive_changes_nothing():
    cheer = _relic({"on": "match_end", "effect": [{"op": "damage", "to": "own_leader", "n": 3}]})
    kill = _sortilege([{"op": "damage", "n": 999}])
    e = _hostile_engine(cards={"cheer": cheer, "kill": kill}, hero={"max_hp": 40}, boss={"max_hp": 5})
    m = scenario(e, heroes=["hx:brute"], encounter="hx:idle", rift=["hx:kill"],
                 lattice=["hx:cheer"], meter={"capacity": 30})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    assert m.outcome == "win" and m.heroes("player")[0]["hp"] == 37


# ---------------------------------------------------------------- B05: the Stack's top

# whenever a card is played, it goes back to the Rift (Z24: its item becomes a marker)
BOOMERANG = _relic({"on": "card_played", "card": "sortilege", "effect": [
    {"op": "put", "to": "event_card", "into": "rift"}]})
PARRY = _sortilege([{"op": "damage", "n": 1}], "foe", keywords=["reaction"])


@rule("Z24", "B05")
def test_a_card_put_away_by_its_own_played_trigger_leaves_no_marker_on_top():
    # with a reaction in the Rift the player keeps a response window: the state the engine
    # stops in is one restore and pickle admit, and it plays on as the original does
    from match_invariants import check_state
    e = _hostile_engine(cards={"boomerang": BOOMERANG, "parry": PARRY})
    m = scenario(e, heroes=["hx:brute"], encounter="hx:idle", rift=["hx:bolt", "hx:parry"],
                 lattice=["hx:boomerang"], meter={"capacity": 30})
    m.apply(next(a for a in m.legal_actions() if a.kind == "play" and "bolt" in str(a)))
    assert m.stack == []
    assert sum("hx:bolt" in str(c) for c in m.zone("rift")) == 1
    back = e.restore(m.snapshot())
    assert back.state_hash() == m.state_hash()
    assert pickle.loads(pickle.dumps(m)).state_hash() == m.state_hash()
    check_state(m)
    codes = m.legal_action_codes()
    assert back.legal_action_codes() == codes
    m.apply(codes[0])
    back.apply(codes[0])
    assert back.state_hash() == m.state_hash()


@rule("B05")
def test_random_play_with_the_boomerang_always_restores():
    import random
    e = _hostile_engine(cards={"boomerang": BOOMERANG, "parry": PARRY})
    for seed in range(6):
        rng = random.Random(seed)
        m = scenario(e, heroes=["hx:brute"], encounter="hx:idle",
                     rift=["hx:bolt", "hx:parry", "hx:parry", "hx:bolt"],
                     lattice=["hx:boomerang"], meter={"capacity": 30})
        for _ in range(60):
            codes = m.legal_action_codes()
            if not codes:
                break
            m.apply(rng.choice(codes))
            assert e.restore(m.snapshot()).state_hash() == m.state_hash()


# ---------------------------------------------------------------- B04: the event log's bound

def _storm_match(config=None):
    e = _hostile_engine(config=config)
    return e, scenario(e, heroes=["hx:brute"], encounter="hx:idle", rift=["hx:bolt"] * 3,
                       lattice=["hx:spark"] + ["hx:storm"] * 4, meter={"capacity": 30})


@rule("B04")
def test_a_small_configured_bound_holds_and_the_counter_counts_what_was_not_kept():
    _, free = _storm_match()
    _, tight = _storm_match({"max_events": 500})
    for m in (free, tight):
        for _ in range(2):
            m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    assert free.events_dropped == 0 and free.n_events > 1000
    # the first 500 events are kept, exactly as the unbounded log has them; the rest counted
    assert tight.n_events == 500
    assert tight.events == free.events[:500]
    assert tight.events_dropped == free.n_events - 500
    # the bound changes only the log: the game is the same
    assert tight.state_hash() == free.state_hash()
    tight.apply(next(a for a in tight.legal_actions() if a.kind == "play"))
    assert tight.n_events == 500 and tight.events_since(500) == []


@rule("B04")
def test_the_bound_is_a_rule_default_and_bad_bounds_are_refused():
    from eve.errors import ContentError
    assert eve.Engine(packs=[eve_content]).config["max_events"] == LIMITS["events_per_match"]
    _, none = _storm_match({"max_events": 0})
    none.apply(next(a for a in none.legal_actions() if a.kind == "play"))
    assert none.n_events == 0 and none.events == [] and none.events_dropped > 500
    for bad in (-1, 1 << 31, "many"):
        with pytest.raises(ContentError) as err:
            eve.Engine(packs=[eve_content], config={"max_events": bad})
        assert "max_events" in str(err.value)


@rule("B03")
def test_a_match_end_program_that_kills_the_last_foe_at_the_round_cap_makes_it_a_win():
    from match_invariants import check_state
    finale = _relic({"on": "match_end", "effect": [
        {"op": "damage", "to": "foe_leader", "n": 999, "pierce": True}]})
    e = _hostile_engine(cards={"finale": finale}, boss={"max_hp": 5}, config={"max_rounds": 1})
    m = scenario(e, heroes=["hx:brute"], encounter="hx:idle", lattice=["hx:finale"],
                 meter={"capacity": 30})
    _end_turn(m)
    assert m.is_over and not m.heroes("encounter")[0]["alive"]
    assert m.outcome == "win"
    check_state(m)
