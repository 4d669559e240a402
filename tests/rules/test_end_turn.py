"""`end_turn`: the side running it ends its own turn at once (rule T21)."""
from conftest import rule

from eve.encoding import encode_action
from eve.testing import (
    build_engine,
    end_turn,
    engine_fixture,
    play,
    resolve,
    scenario,
    sortilege,
    unit,
)

END = {"op": "end_turn"}
NOTHING = {"op": "shield", "to": "own_leader", "n": 0}
BOSS = 16                                   # the Encounter's first hero (a target code)


def _move(*effect):
    return {"move": "effect", "phase": "main", "effect": list(effect)}


CARDS = {
    # the rest of the program runs after the turn is ended
    "halt": sortilege([END, {"op": "damage", "to": "foe_leader", "n": 3}]),
    "bolt": sortilege([{"op": "damage", "to": "foe_leader", "n": 4}]),
    # a choice after the end of the turn is still offered
    "halt_pick": sortilege([END, {"op": "choose", "from": "rift", "into": "abyss", "n": 1}]),
    "halt_now": sortilege([END], keywords=["reaction"]),
    "spare": sortilege([NOTHING], keywords=["reaction"]),
    "plain": sortilege([NOTHING]),
    # a Relic whose End trigger marks each of the player's Ends (1 damage to the boss)
    "bell": {"kind": "relic", "trigger": {"on": "turn_end", "effect": [
        {"op": "damage", "to": "foe_leader", "n": 1}]}},
    # the player's turn of round 2 ends as it begins
    "sleep": {"kind": "relic", "trigger": {"on": "turn_start", "effect": [
        {"op": "if", "cond": "round == 2", "then": [END]}]}},
    # at its End the turn is ending already
    "late": {"kind": "relic", "trigger": {"on": "turn_end", "effect": [END]}},
    # the player's program in the Encounter's turn ends nothing
    "meddle": {"kind": "relic", "trigger": {"on": "foe_turn_start", "effect": [END]}},
}
UNITS = {"boss": {"kind": "enemy_hero", "max_hp": 60},
         "brute": {"kind": "unit", "hp": 9, "power": 2}}
HIT = _move({"op": "damage", "to": "foe_leader", "n": 5})
ENCOUNTERS = {
    "idle": {},
    # two moves a turn: the first ends the turn, so the second waits for the next turn
    "hasty": {"initiative": 2, "script": [_move(END), HIT]},
    "steady": {"initiative": 2, "script": [_move(NOTHING), HIT]},
    # it answers the player's play by ending (its own) turn: nothing, in the player's turn
    "retort": {"responses": [{"on": "support", "effect": [END]}]},
}
eng = engine_fixture("et", heroes={"mage": {"max_hp": 90}}, cards=CARDS, units=UNITS,
                     encounters=ENCOUNTERS)


def _match(engine, encounter="idle", **kw):
    kw.setdefault("archive", ["et:plain"] * 12)
    return scenario(engine, heroes=["et:mage"], encounter=f"et:{encounter}",
                    meter={"capacity": 9}, **kw)


def _phases(m, since, side="player"):
    """The phases `side` entered since event `since`, with their round: [(round, phase)]."""
    names = ("beginning", "main", "combat", "end")
    return [(e.b, names[e.a]) for e in m.events_since(since)
            if e.kind == "phase" and e.side == side]


@rule("T21")
def test_the_turn_goes_to_its_end_and_the_program_runs_on(eng):
    m = _match(eng, rift=["et:halt", "et:bolt"], lattice=["et:bell"],
               hero_state={0: {"poison": 2}})
    since = m.n_events
    play(m, "halt", resolve=True)
    # Main's rest and Combat skipped; End ran: the bell rang, poison ticked, the hand refilled
    assert _phases(m, since)[:2] == [(1, "end"), (2, "beginning")]
    assert unit(m, "boss")["hp"] == 60 - 3 - 1          # the damage after end_turn, the bell
    assert unit(m, "mage")["hp"] == 90 - 2
    assert (m.round, m.phase, m.active_side) == (2, "main", "player")
    assert len(m.zone("rift")) == 5                     # bolt and 4 drawn at End (T11)


@rule("T21")
def test_items_on_the_stack_still_resolve_with_only_responses_legal(eng):
    m = _match(eng, rift=["et:bolt", "et:halt_now", "et:spare"], lattice=["et:bell"])
    play(m, "bolt")
    play(m, "halt_now")                                 # a reaction on top of the bolt
    play(m, kind="pass")
    assert m.phase == "end" and m.active_side == "player" and len(m.stack) == 1
    # the bolt waits: only a response (or a pass) is legal, nothing proactive, no end of phase
    assert {a.kind for a in m.legal_actions()} == {"pass", "play"}
    restored = eng.restore(m.snapshot())                # a state the engine stops at
    assert restored.state_hash() == m.state_hash()
    since = m.n_events
    resolve(m)
    assert unit(m, "boss")["hp"] == 60 - 4 - 1          # the bolt resolved, then End ran
    assert _phases(m, since)[:1] == [(2, "beginning")]


@rule("T21")
def test_a_choice_after_it_is_still_offered_then_the_turn_ends(eng):
    m = _match(eng, rift=["et:halt_pick", "et:plain", "et:bolt"])
    play(m, "halt_pick")
    resolve(m)                                          # stops at the choice
    assert m.choice is not None and m.phase == "end"
    assert eng.restore(m.snapshot()).state_hash() == m.state_hash()
    m.apply(encode_action("choose", m.choice["ids"].index("et:bolt")))
    assert (m.round, m.phase) == (2, "main") and m.zone("abyss") == ["et:bolt"]


@rule("T21")
def test_a_turn_ended_as_it_begins_skips_main_and_combat(eng):
    m = _match(eng, rift=["et:plain"], lattice=["et:sleep", "et:bell"])
    since = m.n_events
    end_turn(m)                                         # round 2: the player never decides
    assert (m.round, m.phase) == (3, "main")
    assert [p for r, p in _phases(m, since) if r == 2] == ["beginning", "end"]
    assert unit(m, "boss")["hp"] == 60 - 2              # the bell rang at both Ends


@rule("T21")
def test_at_the_end_the_turn_is_ending_already(eng):
    m = _match(eng, rift=["et:plain"], lattice=["et:late", "et:bell"],
               hero_state={0: {"poison": 3}})
    since = m.n_events
    end_turn(m)
    assert [p for r, p in _phases(m, since) if r == 1] == ["combat", "end"]
    assert unit(m, "mage")["hp"] == 90 - 3 and unit(m, "boss")["hp"] == 60 - 1


@rule("T21")
def test_the_encounter_ends_its_turn_and_loses_its_initiative(eng):
    for encounter, taken in (("steady", [5 + 2, 5 + 2]), ("hasty", [0, 5])):
        m = _match(eng, encounter, rift=["et:plain"], enemy_lanes={0: "et:brute"},
                   enemy_state={0: {"poison": 4}})
        hp = []
        for _ in range(2):
            before = unit(m, "mage")["hp"]
            end_turn(m)
            hp.append(before - unit(m, "mage")["hp"])
        # hasty: round 1 ends at its first move; round 2 hits, then ends (no lane attack)
        assert hp == taken, encounter
        assert unit(m, "boss")["hp"] == 60 - 4 - 3      # its End ran both times: poison ticked


@rule("T21")
def test_a_program_ends_only_its_own_sides_turn(eng):
    m = _match(eng, "retort", rift=["et:plain", "et:plain"])
    play(m, "plain", resolve=True)                      # answered by the Encounter's end_turn
    assert (m.round, m.phase, m.active_side) == (1, "main", "player")
    assert [a for a in m.legal_actions() if a.kind == "play"]
    m = _match(eng, "steady", rift=["et:plain"], lattice=["et:meddle"],
               enemy_lanes={0: "et:brute"})
    end_turn(m)                                         # the player's Relic in its turn
    assert unit(m, "mage")["hp"] == 90 - 5 - 2


@rule("T21")
def test_a_first_turn_ended_at_the_match_start_has_its_beginning():
    e = build_engine("ms", heroes={"mage": {"max_hp": 90, "triggers": [
        {"on": "match_start", "effect": [END]},
        {"on": "turn_start", "effect": [{"op": "damage", "to": "foe_leader", "n": 1}]}]}},
        cards={"plain": sortilege([NOTHING])},
        units={"boss": {"kind": "enemy_hero", "max_hp": 60}}, encounters={"idle": {}})
    m = e.new_match(seed=1, heroes=["ms:mage"], encounter="ms:idle", deck=["ms:plain"] * 12)
    assert (m.round, m.phase) == (2, "main")
    assert [p for r, p in _phases(m, 0) if r == 1] == ["end"]
    assert unit(m, "boss")["hp"] == 60 - 2              # its Beginning ran in rounds 1 and 2


def test_end_turn_in_rules_text():
    e = build_engine("ew", heroes={"mage": {}}, cards={"halt": sortilege([END])},
                     units={"boss": {"kind": "enemy_hero", "max_hp": 5}}, encounters={"idle": {}})
    assert e.catalog.rules_text("ew:halt").lower().count("end your turn") == 1
