"""An Encounter's move history across its script phases (N09, N10) and the instruction that
replaces the shown intent at once (N11): a move's `name` makes the moves written with it one
move wherever they are written, `max_repeats` on a plain entry passes it over, `repeats.NAME`
reads the history, and `reintent` decides the intent anew."""
import pytest
from conftest import rule

from eve.errors import ContentError
from eve.testing import build_engine, engine_fixture, play, scenario, sortilege

PLAYER_HP = 900


def _hit(n, **extra):
    """An effect move dealing n to the player's leader: its damage names it."""
    return {"move": "effect", "phase": "main", "target": "foe_leader",
            "effect": [{"op": "damage", "n": n}], **extra}


SLAM, BASH = 7, 3
# two slams in the opening phase, then a phase whose first entry is a slam that may be made no
# more than twice in a row: the third move is a bash, whatever phase the slams came from
OPENING = {"when": "var.made < 2", "script": [_hit(SLAM, name="slam",
                                                    set={"made": "var.made + 1"})]}
PLAIN = {"roster": ["boss"], "initiative": 1, "vars": {"made": 0}, "phases": [
    OPENING, {"script": [_hit(SLAM, name="slam", max_repeats=2), _hit(BASH)]}]}
# the same with a pick: slam weighs 99 of 100, but never three in a row
PICKED = {"roster": ["boss"], "initiative": 1, "vars": {"made": 0}, "phases": [
    OPENING, {"script": [{"max_repeats": 2, "pick": [
        _hit(SLAM, name="slam", weight=99), _hit(BASH, weight=1)]}]}]}
# without names the history is the written move's: the phase's slam is another move
UNNAMED = {"roster": ["boss"], "initiative": 1, "vars": {"made": 0}, "phases": [
    {"when": "var.made < 2", "script": [_hit(SLAM, set={"made": "var.made + 1"})]},
    {"script": [_hit(SLAM, max_repeats=2), _hit(BASH)]}]}
# `repeats.NAME` reads the history: a rage phase after two slams in a row
COUNTING = {"roster": ["boss"], "initiative": 1, "phases": [
    {"when": "repeats.slam >= 2", "script": [_hit(1 + SLAM, name="rage")]},
    {"script": [_hit(SLAM, name="slam")]}]}

# a guardian: hits for 1 while above half its hp, else shields itself; below half at once it
# decides its intent anew (its own trigger), the `calm` twin keeps its intent until its move
GUARD_PHASES = [{"when": "own_leader.hp * 2 < own_leader.max_hp", "name": "defensive",
                 "script": [{"move": "effect", "phase": "main", "target": "own_leader",
                             "effect": [{"op": "shield", "n": 5}]}]},
                {"name": "offensive", "script": [_hit(1)]}]
SHIFT = {"on": "damage_taken", "who": "self", "if": "self.hp * 2 < self.max_hp", "once": "match",
         "effect": [{"op": "reintent"}]}
# a pick drawn anew by the player's `reintent`
MOODY = {"roster": ["boss"], "initiative": 1, "script": [{"pick": [
    _hit(1, weight=1), _hit(2, weight=1), _hit(3, weight=1), _hit(4, weight=1)]}]}

PACK = {
    "heroes": {"tank": {"max_hp": PLAYER_HP, "power": 0, "cards": []}},
    "cards": {"bolt": sortilege([{"op": "damage", "to": "foe_leader", "n": 30}]),
              "tap": sortilege([{"op": "damage", "to": "foe_leader", "n": 1}]),
              "confuse": sortilege([{"op": "reintent"}])},
    "units": {"boss": {"kind": "enemy_hero", "max_hp": 400, "power": 0},
              "guardian": {"kind": "enemy_hero", "max_hp": 50, "power": 0, "triggers": [SHIFT]},
              "calm": {"kind": "enemy_hero", "max_hp": 50, "power": 0}},
    "encounters": {"plain": PLAIN, "picked": PICKED, "unnamed": UNNAMED, "counting": COUNTING,
                   "moody": MOODY,
                   "shifting": {"roster": ["guardian"], "initiative": 1, "phases": GUARD_PHASES},
                   "steady": {"roster": ["calm"], "initiative": 1, "phases": GUARD_PHASES}}}
eng = engine_fixture("eh", **PACK)


def _match(eng, encounter, seed=0, deck=("eh:bolt",) * 12):
    return eng.new_match(seed=seed, heroes=["eh:tank"], encounter=f"eh:{encounter}",
                         deck=list(deck))


def _at_main(eng, encounter, seed=0, rift=("eh:bolt", "eh:tap", "eh:tap")):
    """The player's Main with the Meter to play every card of `rift`: a decision after each."""
    return scenario(eng, seed, heroes=["eh:tank"], encounter=f"eh:{encounter}", rift=list(rift),
                    archive=["eh:tap"] * 8, meter={"capacity": 9})


def _round(m):
    """End the player's turn and let the Encounter play its own: the damage its moves dealt
    the player."""
    start, round_ = len(m.events), m.round
    while not m.is_over and (m.round == round_ or m.active_side == "encounter"):
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    return [e.fields["dealt"] for e in m.events_since(start)
            if e.kind == "damage" and e.fields["by_side"] == 1]


def _dealt(m, rounds):
    return [d for _ in range(rounds) for d in _round(m)]


def _resolve(m):
    while m.stack:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))


# ------------------------------------------------- N09, N10: one history across phases

@rule("N09", "N10")
def test_a_named_move_is_made_no_more_than_n_times_in_a_row_across_a_phase_change(eng):
    m = _match(eng, "plain")
    assert _dealt(m, 8) == [SLAM, SLAM, BASH, SLAM, BASH, SLAM, BASH, SLAM]


@rule("N09")
def test_without_a_name_the_same_move_in_another_phase_is_another_move(eng):
    m = _match(eng, "unnamed")
    assert _dealt(m, 4)[:3] == [SLAM, SLAM, SLAM]


@rule("N09", "N06")
@pytest.mark.parametrize("seed", range(8))
def test_a_pick_leaves_out_a_named_move_made_in_another_phase(eng, seed):
    m = _match(eng, "picked", seed)
    made = _dealt(m, 24)
    assert made[:3] == [SLAM, SLAM, BASH]
    assert not [made[i:i + 3] for i in range(len(made) - 2) if made[i:i + 3] == [SLAM] * 3]


@rule("N09")
def test_repeats_reads_the_history_by_name(eng):
    m = _match(eng, "counting")
    # slam, slam, then rage once (the history is rage's), then slam twice again
    assert _dealt(m, 7) == [SLAM, SLAM, SLAM + 1, SLAM, SLAM, SLAM + 1, SLAM]


@rule("N09", "N10")
@pytest.mark.parametrize("seed", range(3))
def test_same_seed_same_moves_and_hash_chain(eng, seed):
    chains = []
    for _ in range(2):
        m = _match(eng, "picked", seed)
        chain = []
        for _ in range(10):
            chain.append((tuple(_round(m)), m.state_hash()))
        chains.append(chain)
    assert chains[0] == chains[1]


@rule("N09", "N10")
def test_a_snapshot_mid_history_plays_on_the_same(eng):
    m = _match(eng, "plain")
    _dealt(m, 2)                              # two slams: the history is slam, 2
    copy = eng.restore(m.snapshot())
    assert copy.intent["path"] == m.intent["path"] == "phases[1].script[1]"
    assert "name" not in m.intent and _match(eng, "plain").intent["name"] == "slam"
    assert _dealt(copy, 4) == _dealt(m, 4) == [BASH, SLAM, BASH, SLAM]


# ------------------------------------------------- N11: an intent replaced at once

@rule("N11")
def test_the_intent_is_replaced_the_moment_the_event_happens(eng):
    m = _at_main(eng, "shifting")
    assert m.intent["path"] == "phases[1].script[0]"            # offensive: a hit
    play(m, "tap", target=16, resolve=True)                     # 50 -> 49 hp: not yet
    assert m.intent["path"] == "phases[1].script[0]"
    play(m, "bolt", target=16, resolve=True)                    # 49 -> 19 hp: below half
    # before the player's next decision, the intent is the defensive phase's move
    assert (m.round, m.phase, m.active_side) == (1, "main", "player")
    assert m.intent["path"] == "phases[0].script[0]"
    assert _round(m) == []                                      # and it is what it made
    assert [h["shield"] for h in m.heroes("encounter")] == [5]


@rule("N11", "N02")
def test_without_reintent_the_intent_stays_until_the_move(eng):
    m = _at_main(eng, "steady")
    play(m, "bolt", target=16, resolve=True)
    assert (m.round, m.phase, m.active_side) == (1, "main", "player")
    assert m.intent["path"] == "phases[1].script[0]"           # shown: what will happen (N05)
    assert _round(m) == [1]


@rule("N11")
@pytest.mark.parametrize("seed", range(6))
def test_a_players_reintent_draws_the_pick_anew_from_the_encounter_stream(eng, seed):
    def shown_after(plays):
        m = _at_main(eng, "moody", seed, rift=["eh:confuse"] * 3)
        for _ in range(plays):
            play(m, "confuse", resolve=True)
        return m, m.intent["script"]["effect"][0]["n"]

    seen = set()
    for plays in range(4):
        a, shown = shown_after(plays)
        b, again = shown_after(plays)
        assert shown == again and a.state_hash() == b.state_hash()    # deterministic
        assert _round(a) == [shown]                                     # made as shown
        seen.add(shown)
    assert len(seen) > 1                    # the stream drew anew (four draws of four moves)


# a brood mother: while her whelp lives she waits; when it dies (her trigger on an ally's
# `dies`) she decides anew, at once, in her phase alone
BROOD = {"roster": ["mother"], "initiative": 1, "setup": ["whelp"], "phases": [
    {"when": "count(ally_characters) == 0", "name": "alone", "script": [_hit(9)]},
    {"script": [{"move": "wait"}]}]}


@rule("N11", "E19")
def test_a_death_replaces_the_intent_through_the_trigger_table():
    g = build_engine("br", heroes={"tank": {"max_hp": PLAYER_HP, "power": 0, "cards": []}},
                     cards={"bolt": sortilege([{"op": "damage", "n": 30}], "foe_character")},
                     units={"mother": {"kind": "enemy_hero", "max_hp": 40, "power": 0,
                                       "triggers": [{"on": "dies", "who": "ally",
                                                     "effect": [{"op": "reintent"}]}]},
                            "whelp": {"kind": "unit", "power": 0, "hp": 5}},
                     encounters={"brood": BROOD})
    m = scenario(g, heroes=["br:tank"], encounter="br:brood", rift=["br:bolt", "br:bolt"],
                 enemy_lanes={0: "br:whelp"}, meter={"capacity": 9})
    assert m.intent["move"] == "wait"
    (whelp, *_) = m.characters("encounter")
    play(m, "bolt", target=whelp["unit"], resolve=True)
    assert not any(m.characters("encounter")) and m.intent["path"] == "phases[0].script[0]"
    assert _round(m) == [9]


@rule("N11")
def test_a_snapshot_after_the_replacement_keeps_the_new_intent(eng):
    m = _at_main(eng, "shifting")
    play(m, "bolt", target=16, resolve=True)
    assert m.intent["path"] == "phases[0].script[0]"
    copy = eng.restore(m.snapshot())
    assert copy.intent["path"] == "phases[0].script[0]"
    assert copy.state_hash() == m.state_hash()


# ------------------------------------------------- compile errors

def _enc(**encounter):
    return {"heroes": {"tank": {}}, "units": {"boss": {"kind": "enemy_hero", "max_hp": 9}},
            "encounters": {"e": {"roster": ["boss"], **encounter}}}


@rule("N09", "N10", "N11")
@pytest.mark.parametrize("encounter, why", [
    ({"script": [_hit(1, name=3)]}, "a move's name is a word"),
    ({"script": [_hit(1, name="two words")]}, "a move's name is a word"),
    ({"script": [{"pick": [_hit(1, name="a", weight=1), _hit(2, name="a", weight=1)]}]},
     "the same move twice"),
    ({"script": [_hit(1, max_repeats=100), _hit(2)]}, r"out of range"),
    ({"script": [_hit(1, max_repeats=-1), _hit(2)]}, r"out of range"),
    ({"script": [_hit(1, name="a", max_repeats=1), _hit(2, name="a", max_repeats=2)]},
     "every entry of this script could be passed over"),
    ({"script": [_hit(1, max_repeats=1)]}, "every entry of this script could be passed over"),
    ({"phases": [{"when": "repeats.slma > 0", "script": [_hit(1)]},
                 {"script": [_hit(2, name="slam")]}]}, "unknown move 'slma'"),
    ({"script": [_hit(1, weight=2)]}, "weight"),
])
def test_the_compiler_refuses_bad_history_fields(encounter, why):
    with pytest.raises(ContentError, match=why):
        build_engine("bad", **_enc(**encounter))


@rule("N11")
@pytest.mark.parametrize("ins, why", [
    ({"op": "reintent", "n": 2}, "n"), ({"op": "reintent", "to": "foe"}, "to")])
def test_the_compiler_refuses_fields_reintent_does_not_have(ins, why):
    with pytest.raises(ContentError, match=why):
        build_engine("bad", heroes={"tank": {}}, cards={"c": sortilege([ins])},
                     units={"boss": {"kind": "enemy_hero", "max_hp": 9}}, encounters={"e": {}})


@rule("N09")
def test_repeats_is_read_only_where_a_script_is():
    with pytest.raises(ContentError, match="repeats"):
        build_engine("bad", heroes={"tank": {}},
                     cards={"c": sortilege([{"op": "damage", "n": "repeats.slam"}], "foe")},
                     units={"boss": {"kind": "enemy_hero", "max_hp": 9}}, encounters={"e": {}})


# ------------------------------------------------- rules text (lint's L033: tests/test_lint.py)

@rule("N09", "N10", "N11")
def test_rules_text_words_names_limits_history_and_reintent(eng):
    plain = eng.catalog.rules_text("eh:plain")
    assert ("1. [slam] Main: deal 7 damage to the player's leader. Never more than 2 times in a "
            "row (else the next move).") in plain
    assert "2. Main: deal 3 damage" in plain
    counting = eng.catalog.rules_text("eh:counting")
    assert "While the times in a row the Encounter made slam >= 2:" in counting
    assert "the Encounter decides its intent anew" in eng.catalog.rules_text("eh:confuse")


@rule("N09", "N10", "N11")
def test_the_guides_guardian_shifts_at_once_and_never_slams_three_times():
    import re
    import tomllib
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "modding.md").read_text()
    (block,) = [tomllib.loads(b) for b in re.findall(r"```toml\n(.*?)```", guide, re.S)
                if "[encounters.guardian]" in b]
    g = build_engine("gd", heroes={"tank": {"max_hp": PLAYER_HP, "power": 0, "ambition": 9,
                                            "cards": []}},
                     cards=PACK["cards"], **block)
    m = g.new_match(seed=0, heroes=["gd:tank"], encounter="gd:guardian",
                    deck=["gd:tap", "gd:bolt"] * 6)
    assert [_round(m) for _ in range(2)] == [[8], [8]]         # slam, slam: bite is next
    assert m.intent["path"] == "phases[1].script[2]"
    play(m, "bolt", target=16, resolve=True)                    # 60 -> 30: not below half
    assert m.intent["path"] == "phases[1].script[2]"
    play(m, "tap", target=16, resolve=True)                     # 29: the defensive mode, now,
    # whose slam, a third in a row, is passed over: it shields, then slams
    assert m.intent["path"] == "phases[0].script[1]"
    assert [_round(m) for _ in range(3)] == [[], [8], []]
