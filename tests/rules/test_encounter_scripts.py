"""Encounter scripts beyond a list of moves, played in real matches: weighted picks with a
history constraint (N06: Jaw Worm), script variables set by moves and read by expressions
(N07), phases chosen by condition, nested, and the wait move (N08: Lagavulin)."""
from collections import Counter

import pytest
from conftest import rule

from eve.errors import ContentError
from eve.testing import build_engine, engine_fixture, sortilege

PLAYER_HP = 900          # the player outlives every script here: the match runs to its timeout


def _hit(n, **extra):
    """An effect move dealing n (a number or an expression) to the player's leader."""
    return {"move": "effect", "phase": "main", "target": "foe_leader",
            "effect": [{"op": "damage", "n": n}], **extra}


# Jaw Worm: chomp 25, thrash 30, bellow 45, never the same move three times in a row; each
# move's damage names it (1, 2, 3)
JAW_WORM = {"roster": ["worm"], "initiative": 1, "script": [{"max_repeats": 2, "pick": [
    {**_hit(1), "weight": 25}, {**_hit(2), "weight": 30}, {**_hit(3), "weight": 45}]}]}

# Lagavulin: asleep (waits) until damaged or after 3 turns of sleep, then awake for good,
# cycling its attacks (4, then 5); `awake` keeps it awake once it has attacked, even healed
LAGAVULIN = {"roster": ["lag"], "initiative": 1, "vars": {"slept": 0, "awake": 0}, "phases": [
    {"name": "asleep",
     "when": "var.awake == 0 and var.slept < 3 and own_leader.hp == own_leader.max_hp",
     "script": [{"move": "wait", "set": {"slept": "var.slept + 1"}}]},
    {"name": "awake", "script": [_hit(4, set={"awake": 1}), _hit(5, set={"awake": 1})]}]}

# rage: each hit raises it, and deals 1 + rage (the effect resolves after its own `set`); at
# rage 3 the Encounter is enraged: 10 a turn, then, from round 5 on, 20 (nested phases)
RAGER = {"roster": ["worm"], "initiative": 1, "vars": {"rage": 0}, "phases": [
    {"when": "var.rage >= 3", "phases": [
        {"when": "round >= 5", "script": [_hit(20)]},
        {"script": [_hit("2 * 5")]}]},
    {"script": [_hit("1 + var.rage", set={"rage": "var.rage + 1"})]}]}


ANSWER = [{"on": "any", "target": "random_foe", "effect": [{"op": "shield", "to": "own_leader", "n": 0}]}]
PACK = {
    "heroes": {"tank": {"max_hp": PLAYER_HP, "power": 0, "ambition": 3, "morality": 0, "cards": [],
                        "ability": {"target": "foe", "effect": [{"op": "damage", "n": 1}]}}},
    # a cheap card whose play the Encounter answers with a draw from its own stream
    "cards": {"chime": sortilege([{"op": "draw", "n": 0}])},
    "units": {"worm": {"kind": "enemy_hero", "max_hp": 400, "power": 0},
              "lag": {"kind": "enemy_hero", "max_hp": 100, "power": 0}},
    "encounters": {"jaw_worm": JAW_WORM, "lagavulin": LAGAVULIN, "rager": RAGER,
                   "chiming_worm": {**JAW_WORM, "responses": ANSWER}}}
eng = engine_fixture("es", **PACK)


def _match(eng, encounter, seed=0):
    # chimes in hand give the player a decision every turn (never played unless a test does)
    return eng.new_match(seed=seed, heroes=["es:tank"], encounter=f"es:{encounter}",
                         deck=["es:chime"] * 12)


def _damage_to_player(events):
    return [e.fields["dealt"] for e in events if e.kind == "damage" and e.fields["by_side"] == 1]


def _encounter_turn(m, act=None):
    """From the player's decision: `act` (the player's plays), then end the player's turn and
    let the Encounter play its own; the damage its moves dealt the player."""
    if act:
        act(m)
    start, round_ = len(m.events), m.round
    # the Encounter's turn plays itself inside the player's last apply of the round (or
    # stops for the player's passes while its moves are on the Stack)
    while not m.is_over and (m.round == round_ or m.active_side == "encounter"):
        m.apply(next(a for a in m.legal_actions() if a.kind in ("end_phase", "pass")))
    return _damage_to_player(m.events_since(start))


def _turns(m, n, act=None):
    """n rounds: for each, the intent shown at the player's turn and what the moves dealt."""
    out = []
    for _ in range(n):
        if m.is_over:
            break
        shown = m.intent
        out.append((shown, _encounter_turn(m, act)))
    return out


def _amount(intent):
    return intent["script"]["effect"][0]["n"]


# ---------------------------------------------------------------- N06: weighted picks

@rule("N06", "N05")
@pytest.mark.parametrize("seed", range(8))
def test_jaw_worm_picks_by_weight_and_never_three_times_in_a_row(eng, seed):
    m = _match(eng, "jaw_worm", seed)
    made = []
    for shown, dealt in _turns(m, 38):
        # the intent is the drawn option, whole, and it is the move made
        assert shown["path"].startswith("script[0].pick[") and shown["weight"] in (25, 30, 45)
        assert shown["max_repeats"] == 2
        assert dealt == [_amount(shown)]
        made.append(dealt[0])
    assert len(made) == 38
    runs = [made[i:i + 3] for i in range(len(made) - 2)]
    assert not [r for r in runs if len(set(r)) == 1], made


@rule("N06")
def test_jaw_worm_draws_follow_the_weights(eng):
    made = Counter()
    for seed in range(10):
        m = _match(eng, "jaw_worm", seed)
        made.update(d for _, dealt in _turns(m, 38) for d in dealt)
    total = sum(made.values())
    assert total == 380
    # 25 / 30 / 45 (the history constraint moves a little of bellow's share to the others)
    assert made[1] < made[2] < made[3]
    assert 0.15 < made[1] / total < 0.35 and 0.35 < made[3] / total < 0.52


@rule("N06", "N05")
@pytest.mark.parametrize("seed", range(8))
def test_a_pick_is_drawn_when_shown_whatever_the_player_does(seed):
    eng = build_engine("es", **PACK)
    got = []
    for plays in (0, 3):
        m = _match(eng, "chiming_worm", seed)

        def chimes(m, plays=plays):
            # each play is answered by a draw from the Encounter's stream
            for _ in range(plays):
                chime = [a for a in m.legal_actions() if a.kind == "play"]
                if not chime:
                    break
                m.apply(chime[0])
                while m.stack:
                    m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))

        turns = _turns(m, 4, chimes)
        for shown, dealt in turns:
            assert dealt == [_amount(shown)]
        got.append([dealt for _, dealt in turns][:1])
    assert got[0] == got[1]         # the first intent was drawn before any play


# ---------------------------------------------------------------- N07: variables

@rule("N07")
def test_a_variable_set_by_moves_and_read_by_amounts_and_phases(eng):
    m = _match(eng, "rager", 3)
    dealt = [d for _, ds in _turns(m, 8) for d in ds]
    # rage 1, 2, 3 as each hit is made (1 + rage); then enraged: the intent for rounds 4 and
    # 5 is shown in rounds 3 and 4 (round >= 5 does not hold yet), then 20
    assert dealt == [2, 3, 4, 10, 10, 20, 20, 20]


@rule("N07")
def test_variables_are_state_a_snapshot_carries(eng):
    m = _match(eng, "rager", 3)
    _turns(m, 2)
    copy = eng.restore(m.snapshot())
    assert copy.state_hash() == m.state_hash()
    assert [d for _, ds in _turns(copy, 3) for d in ds] == [4, 10, 10]


def _tampered(m, field, value):
    """m's snapshot with one int of its `foe` array changed (checksum fixed)."""
    import msgpack

    from eve.core.layout import FOE_FIELDS
    from eve.core.snapshot import checksum

    top = msgpack.unpackb(m.snapshot())
    top[6][8][FOE_FIELDS.index(field)] = value
    body = msgpack.packb(top[6])
    return (b"\x97" + b"".join(msgpack.packb(x) for x in top[:5])
            + msgpack.packb(checksum(body)) + body)


@rule("N06", "N07", "N08")
@pytest.mark.parametrize("field, value", [
    ("last_move", "lagavulin"), ("part", "lagavulin"), ("vars[0]", 1), ("repeats", 0)])
def test_a_snapshot_with_another_encounters_script_state_is_refused(eng, field, value):
    from eve.core.errors import SchemaViolation

    m = _match(eng, "jaw_worm")
    _turns(m, 2)
    if value == "lagavulin":       # a move, a phase of another Encounter's
        other = eng.catalog.spec["encounters"][eng.catalog.encounter_ids.index("es:lagavulin")]
        value = other["first_move"] if field == "last_move" else other["root"] + 1
    with pytest.raises(SchemaViolation) as ei:
        eng.restore(_tampered(m, field, value))
    assert ei.value.path == f"body.foe.{field.split('[')[0]}"


# ---------------------------------------------------------------- N08: phases and waits

@rule("N08")
def test_lagavulin_sleeps_three_turns_then_wakes(eng):
    m = _match(eng, "lagavulin", 1)
    turns = _turns(m, 7)
    assert [t[0]["move"] for t in turns[:3]] == ["wait"] * 3
    assert [t[0]["path"] for t in turns[:3]] == ["phases[0].script[0]"] * 3
    assert [t[1] for t in turns] == [[], [], [], [4], [5], [4], [5]]


def _zap(m):
    m.apply(next(a for a in m.legal_actions() if a.kind == "activate"))
    while m.stack:
        m.apply(next(a for a in m.legal_actions() if a.kind == "pass"))


@rule("N08", "N05")
def test_lagavulin_damaged_makes_the_wait_it_showed_then_wakes(eng):
    m = _match(eng, "lagavulin", 1)
    assert m.intent["move"] == "wait"
    first = _encounter_turn(m, _zap)
    assert m.heroes("encounter")[0]["hp"] == 99
    # the wait it showed is what it made; the next intent, decided then, is the awake phase's
    assert first == []
    assert m.intent["path"] == "phases[1].script[0]"
    assert [t[1] for t in _turns(m, 3)] == [[4], [5], [4]]


@rule("N08")
def test_a_wait_spends_initiative_and_puts_nothing_on_the_stack():
    idle = {"roster": ["worm"], "initiative": 2, "vars": {"n": 0}, "script": [
        {"move": "wait", "set": {"n": "var.n + 1"}}, _hit("var.n")]}
    m = _match(build_engine("es", **{**PACK, "encounters": {"idle": idle}}), "idle")
    start = len(m.events)
    assert [d for _, ds in _turns(m, 3) for d in ds] == [1, 2, 3]
    pushed = [e for e in m.events_since(start) if e.kind == "push" and e.side == "encounter"]
    assert len(pushed) == 3         # the three hits; no wait was ever on the Stack


# ---------------------------------------------------------------- capacities and errors

def _loads(enc, cards=None):
    return build_engine("es", **{**PACK, "encounters": {"x": {"roster": ["worm"], "initiative": 1, **enc}},
                                 "cards": {**PACK["cards"], **(cards or {})}})


HIT = _hit(1)


@pytest.mark.rule
@pytest.mark.parametrize("enc, path, code", [
    ({"vars": {f"v{i}": 0 for i in range(5)}, "script": [HIT]}, "vars", "EVE-P018"),
    ({"vars": {"rage": 10000}, "script": [HIT]}, "vars.rage", "EVE-P012"),
    ({"script": [{**HIT, "set": {"fury": 1}}]}, "script[0].set.fury", "EVE-P007"),
    ({"vars": {"a": 0, "b": 0, "c": 0}, "script": [{**HIT, "set": {"a": 1, "b": 1, "c": 1}}]},
     "script[0].set", "EVE-P018"),
    ({"script": [_hit("var.rage")]}, "script[0].effect[0].n", "EVE-P015"),
    ({"script": [{"pick": [HIT] * 9}]}, "script[0].pick", "EVE-P018"),
    ({"script": [{"pick": [HIT]}]}, "script[0].pick", "EVE-P018"),
    ({"script": [{"pick": [{**HIT, "weight": 0}, HIT]}]}, "script[0].pick[0].weight", "EVE-P012"),
    ({"script": [{**HIT, "weight": 3}]}, "script[0].weight", "EVE-P015"),
    ({"script": [{"pick": [HIT, HIT], "move": "attack"}]}, "script[0].move", "EVE-P021"),
    ({"script": [{"pick": [HIT, {"pick": [HIT, HIT]}]}]}, "script[0].pick[1].pick", "EVE-P015"),
    ({"phases": [{"script": [HIT]}, {"script": [HIT]}]}, "phases[0].when", "EVE-P020"),
    ({"phases": [{"when": "round > 2", "script": [HIT]}]}, "phases[0].when", "EVE-P015"),
    ({"phases": [{"when": "round > 2", "script": [HIT]}, {}]}, "phases[1]", "EVE-P020"),
    ({"phases": [{"phases": [{"phases": [{"phases": [{"script": [HIT]}]}]}]}]},
     "phases[0].phases[0].phases[0].phases", "EVE-P018"),
    ({"phases": [{"script": []}]}, "phases[0].script", "EVE-P013"),
    ({"script": [HIT], "phases": [{"script": [HIT]}]}, "phases", "EVE-P015"),
    ({"script": [{"move": "wait", "target": "foe_leader"}]}, "script[0].target", "EVE-P021"),
])
def test_script_errors_name_the_field(enc, path, code):
    with pytest.raises(ContentError) as ei:
        _loads(enc)
    assert (ei.value.path, ei.value.code) == (f"encounters.es:x.{path}", code)


@pytest.mark.rule
def test_a_card_has_no_script_variables():
    card = {"kind": "sortilege", "charges": 1,
            "on_enter": {"target": "foe", "effect": [{"op": "damage", "n": "var.rage"}]}}
    with pytest.raises(ContentError, match="only an Encounter") as ei:
        _loads({"vars": {"rage": 0}, "script": [HIT]}, {"spell": card})
    assert ei.value.path == "cards.es:spell.on_enter.effect[0].n"


@pytest.mark.rule
def test_the_rules_text_says_the_script():
    text = build_engine("es", **PACK).catalog.rules_text("es:lagavulin")
    assert "Variables: slept (starting at 0), awake (starting at 0)." in text
    assert "While the Encounter's awake == 0 and the Encounter's slept < 3" in text
    assert "Main: do nothing. Then the Encounter's slept becomes the Encounter's slept + 1." in text
    assert "Otherwise (awake):" in text
    worm = build_engine("es", **PACK).catalog.rules_text("es:jaw_worm")
    assert "- 45 in 100, never more than 2 times in a row: Main: deal 3 damage" in worm


@pytest.mark.rule
def test_the_guides_examples_load_and_play():
    """docs/modding.md's Encounter script examples, as written, compile and play."""
    import re
    import tomllib
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "modding.md").read_text()
    blocks = [tomllib.loads(b) for b in re.findall(r"```toml\n(.*?)```", guide, re.S)
              if "[encounters." in b]
    encounters = {k: v for b in blocks for k, v in b["encounters"].items()}
    assert {"jaw_worm", "rager", "lagavulin"} <= set(encounters)

    # the guide's enemy heroes
    units = {name: {"kind": "enemy_hero", "max_hp": 40, "power": 2} for name in ("worm", "brute", "lag", "sentinel")}
    eng = build_engine("es", **{**PACK, "units": units, "encounters": encounters})
    for name in encounters:
        m = _match(eng, name)
        assert len(_turns(m, 4)) == 4 and m.intent is not None
    rager = _match(eng, "rager")
    assert [d for _, ds in _turns(rager, 3) for d in ds] == [3, 4, 5]
