"""Cards, effects, the Stack and the Encounter (docs/rules.md E05-E12, E16, S02-S04, N01-N04, W01).

Every test runs on a purpose-built content pack ("tc"), so that no test depends on the balance of
the built-in cards; the built-in pack only supplies the rule configuration.
"""
import pytest

import eve
from eve.core.match import make_action_code
from eve.core.rng import SplitMix64
from eve.core.testkit import advance
from eve.testing import build_engine, engine_fixture, run_until, scenario
from eve.testing import events as evs

try:
    from conftest import rule
except ImportError:  # pragma: no cover - tests/ imported as a package
    from tests.conftest import rule

P_HERO, E_HERO = 0, 16          # unit ids: slot 0 of each side's Hero zone
P_LANE, E_LANE = (lambda i: 8 + i), (lambda i: 24 + i)      # unit ids of lane i's characters
STACK, CARD = (lambda i: 32 + i), (lambda c: 64 + c)        # target codes: Stack item, card
Z_RIFT, Z_VOID = 2, 6           # zone ids in move events

def _summon_move(unit="imp"):
    return {"move": "summon", "phase": "main", "unit": unit}

QUIET = [{"move": "effect", "phase": "main", "effect": [{"op": "draw", "n": 0}]}]     # a no-op

def _sort(target, effect, **kw):
    return {"kind": "sortilege", "charges": 1, **kw, "on_enter": {"target": target, "effect": effect}}


def _enc(script=QUIET, initiative=1, responses=()):
    return {"roster": ["dummy"], "initiative": initiative, "script": list(script),
            "responses": list(responses)}


TASK_REWARD = [{"op": "damage", "to": "foe_leader", "n": 4}]
PACK = {
    "heroes": {
        "plain": {"max_hp": 10, "power": 1, "ambition": 2, "morality": 0, "cards": [],
                  "ability": {"target": "foe", "effect": [{"op": "damage", "n": 1}]}},
        "saint": {"max_hp": 10, "power": 1, "ambition": 2, "morality": 3, "cards": []},
        "guard": {"max_hp": 10, "power": 1, "ambition": 2, "morality": 0, "cards": [],
                  "ability": {"target": "none", "reaction": True,
                              "effect": [{"op": "shield", "to": "self", "n": 2}]}}},
    "cards": {
        "squire": {"name": "Ember Squire", "kind": "character", "power": 2, "hp": 3},
        "squire_gold": {"kind": "character", "power": 2, "hp": 3, "aurorune": 900},
        "scout": {"kind": "character", "power": 1, "hp": 2, "keywords": ["swift"]},
        "ambusher": {"kind": "character", "power": 1, "hp": 1, "keywords": ["reaction"]},
        "medic": {"kind": "character", "power": 1, "hp": 2,
                  "ability": {"target": "ally_hero", "effect": [{"op": "heal", "n": 2}]}},
        "scrapper": {"kind": "character", "power": 1, "hp": 2, "ability": {
            "target": "none", "effect": [{"op": "exile", "to": "newest_lattice"}]}},
        "sentinel": {"kind": "character", "power": 1, "hp": 2, "ability": {
            "target": "none", "reaction": True, "effect": [{"op": "shield", "to": "self", "n": 1}]}},
        "charm": {"kind": "sortilege", "charges": 1, "ability": {
            "target": "none", "reaction": True, "effect": [{"op": "shield", "to": "own_leader",
                                                            "n": 1}]}},
        "herald": {"kind": "character", "power": 1, "hp": 2,
                   "on_enter": {"effect": [{"op": "buff", "to": "self", "n": 2}]}},
        "ward": _sort("foe_stack_item", [{"op": "counter"}], keywords=["reaction"]),
        "bolt": _sort("none", [{"op": "damage", "to": "foe_leader", "n": 1}], keywords=["reaction"]),
        "purge": _sort("foe_character", [{"op": "exile"}], keywords=["reaction"]),
        "dismiss": _sort("ally_character", [{"op": "exile"}], keywords=["reaction"]),
        "smite": _sort("foe", [{"op": "damage", "n": 3}]),
        "mend": _sort("ally", [{"op": "heal", "n": 3}]),
        "aegis": _sort("ally", [{"op": "shield", "n": 2}]),
        "venom": _sort("foe", [{"op": "poison", "n": 2}]),
        "insight": _sort("none", [{"op": "draw", "n": 2}]),
        "toss": _sort("none", [{"op": "discard", "n": 1}]),
        "banish": _sort("ally_character", [{"op": "exile"}]),
        "recall": _sort("void_card", [{"op": "return"}]),
        "shatter": _sort("lattice_card", [{"op": "destroy"}]),
        "raise": _sort("none", [{"op": "summon", "unit": "imp", "n": 2}]),
        "rally": _sort("none", [{"op": "buff", "to": "all_ally_characters", "n": 1}]),
        "quest": _sort("none", [{"op": "task", "task": "chore", "n": 2}]),
        "wand": {"kind": "sortilege", "charges": 2,
                 "ability": {"target": "foe", "effect": [{"op": "damage", "n": 1}]}},
        "rod": {"kind": "sortilege", "charges": 1,
                "ability": {"target": "foe", "effect": [{"op": "damage", "n": 2}]}},
        "banner": {"kind": "relic", "ally_power": 2},
        **{name: {"kind": "relic", "trigger": {"on": on, "effect": effect}} for name, on, effect in (
            ("dawn_a", "turn_start", [{"op": "damage", "to": "foe_leader", "n": 1}]),
            ("dawn_b", "turn_start", [{"op": "damage", "to": "foe_leader", "n": 2}]),
            ("scourge", "turn_start", [{"op": "damage", "to": "own_leader", "n": 1}]),
            ("tripwire", "ally_hero_damaged", [{"op": "damage", "to": "foe_leader", "n": 3}]),
            ("drum", "ally_deploy", [{"op": "damage", "to": "foe_leader", "n": 1}]),
            ("dusk", "turn_end", [{"op": "damage", "to": "foe_leader", "n": 1}]))}},
    "units": {"dummy": {"kind": "enemy_hero", "max_hp": 10, "power": 2},
              "imp": {"kind": "unit", "power": 1, "hp": 2},
              "brute": {"kind": "unit", "power": 3, "hp": 5}},
    "tasks": {name: {"goal": goal, "threshold": threshold, "reward": TASK_REWARD}
              for name, goal, threshold in (("bleed", "damage", 3), ("muster", "deploy", 5),
                                            ("slayer", "kills", 5), ("endure", "rounds", 5),
                                            ("scribe", "cards", 5), ("tend", "heal", 5),
                                            ("chore", "effect", 3))},
    "encounters": {
        "quiet": _enc(),
        "counterer": _enc([_summon_move()],
                          responses=[{"on": "deploy", "counter": True, "per_round": 1, "charges": 2}]),
        "hushed": _enc(responses=[{"on": "support", "counter": True}]),
        "responder": _enc(responses=[{"on": "support",
                                      "effect": [{"op": "shield", "to": "own_leader", "n": 5}]}]),
        "ordered": _enc(responses=[
            {"on": "any", "per_round": 1, "effect": [{"op": "damage", "to": "foe_leader", "n": 1}]},
            {"on": "any", "effect": [{"op": "damage", "to": "foe_leader", "n": 2}]}]),
        "picky": _enc(responses=[{"on": "ability",
                                  "effect": [{"op": "damage", "to": "foe_leader", "n": 2}]}]),
        "summoner": _enc([_summon_move()]),
        "twostep": _enc([_summon_move(), _summon_move(), _summon_move("brute")], initiative=2),
        "brancher": _enc([dict(_summon_move(), unless={"if": "round_at_least", "arg": 2,
                                                       "do": _summon_move("brute")})]),
        "early": _enc([dict(_summon_move(), unless={"if": "round_at_least", "arg": 1,
                                                    "do": _summon_move("brute")})]),
        "questing": {"roster": ["dummy"], "initiative": 1, "script": QUIET, "tasks": ["bleed", "endure"]},
        "taxer": _enc([{"move": "effect", "phase": "main", "effect": [{"op": "discard", "n": 1}]}]),
        "gambler": _enc([dict(_summon_move(), lane="random",
                              unless={"if": "random_pct", "arg": 50,
                                      "do": dict(_summon_move("brute"), lane="random")})]),
        "striker": _enc([_summon_move(), {"move": "attack", "phase": "combat", "lane": 0}],
                        initiative=2)}}

eng = engine_fixture("tc", **PACK)

def tc(name):
    return name if ":" in name else f"tc:{name}"

def sc(eng, encounter="quiet", heroes=("plain",), **kw):
    kw.setdefault("rift", [])
    for z in ("archive", "rift", "lattice", "abyss", "void"):
        if kw.get(z) is not None:
            kw[z] = [(tc(c[0]), c[1]) if isinstance(c, tuple) else tc(c) for c in kw[z]]
    for z in ("player_lanes", "enemy_lanes"):
        if kw.get(z):
            kw[z] = {k: (tc(v) if isinstance(v, str) else dict(v, id=tc(v["id"]))) for k, v in kw[z].items()}
    if kw.get("tasks"):
        kw["tasks"] = [dict(t, id=tc(t["id"])) for t in kw["tasks"]]
    return scenario(eng, heroes=[tc(h) for h in heroes], encounter=tc(encounter), **kw)

def _card_id(m, a):
    c = a.source if a.kind == "play" else a.source - 64 if a.kind == "activate" and a.source >= 64 else None
    return None if c is None else m.card_id(c)

def find(m, kind, card=None, src=None, tgt=None, lane=None):
    """The first legal action of `kind` matching the given card id / source / target / lane."""
    for a in m.legal_actions():
        pairs = ((src, a.source), (tgt, a.target), (lane, a.lane))
        if a.kind == kind and (card is None or _card_id(m, a) == tc(card)) and \
                all(want is None or got == want for want, got in pairs):
            return a
    return None

def do(m, kind, card=None, src=None, tgt=None, lane=None):
    a = find(m, kind, card, src, tgt, lane)
    assert a is not None, f"no legal {kind} {card} {src} {tgt} {lane}: {list(map(str, m.legal_actions()))}"
    m.apply(a)
    return a

def inst(m, zone, name):
    return next(c for c in m.zone_cards(zone) if m.card_id(c) == tc(name))

def hp(m, unit):
    side, slot = ("player" if unit < 16 else "encounter"), unit & 15
    return m.heroes(side)[slot]["hp"] if slot < 8 else (m.characters(side)[slot - 8] or {}).get("hp")

def illegal_code(m, code):
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(code)
    return ei.value.code

def play_code(card, tgt=255, lane=0):         # an action code, legal or not
    return make_action_code(3, card, tgt, lane)

def next_player_main(m):
    r = m.round
    return run_until(m, lambda x: x.round == r + 1 and x.active_side == "player" and x.phase == "main")

# ---------------- E05: a card is data ----------------
@rule("E05")
def test_card_catalog_entry_carries_its_data(eng):
    c = eng.catalog["tc:squire"]
    assert (c["id"], c["name"], c["kind"]) == ("tc:squire", "Ember Squire", "character")
    assert (c["power"], c["hp"]) == (2, 3)
    assert eng.catalog["tc:scout"]["keywords"] == ("swift",)          # read-only: a tuple
    # the card's record: its data with every default filled in (eve.compiler.normalise)
    assert eng.catalog["tc:smite"]["on_enter"]["effect"] == (
        {"op": "damage", "to": "target", "n": 3, "pierce": False, "times": 1},)

@rule("E05", "E06")
def test_deployed_character_takes_the_cards_numbers(eng):
    m = sc(eng, rift=["squire"])
    card = inst(m, "rift", "squire")
    do(m, "play", "squire", lane=2)
    ch = m.characters()[2]
    assert (ch["id"], ch["power"], ch["hp"], ch["max_hp"], ch["card"]) == ("tc:squire", 2, 3, 3, card)
    assert m.card_zone(card) == "wastes"

@rule("E05")
def test_bad_card_data_is_refused_with_its_path(eng):
    with pytest.raises(eve.ContentError) as ei:
        build_engine("tc", **{**PACK, "cards": {"odd": {"kind": "spell"}}})
    assert ei.value.path == "cards.tc:odd.kind"

# ---------------- E06: deploying characters ----------------
@rule("E06")
def test_deploy_is_offered_into_empty_lanes_only(eng):
    m = sc(eng, rift=["squire"], player_lanes={1: "scout"})
    lanes = {a.lane for a in m.legal_actions() if a.kind == "play"}
    assert lanes == {0, 2, 3, 4}
    assert illegal_code(m, play_code(inst(m, "rift", "squire"), lane=1)) == 13

@rule("E06")
@pytest.mark.parametrize("card,ready", [("squire", False), ("scout", True)])     # scout is swift
def test_deployed_character_attacks_this_turn_only_with_swift(eng, card, ready):
    m = sc(eng, rift=[card])
    do(m, "play", card, lane=0)
    do(m, "end_phase")
    assert m.phase == "combat" and find(m, "attack", src=P_HERO) is not None
    assert (find(m, "attack", src=P_LANE(0)) is not None) == ready
    if not ready:
        assert illegal_code(m, make_action_code(5, P_LANE(0), 255, 0)) == 17

@rule("E06")
def test_deployed_character_attacks_from_the_next_turn(eng):
    m = sc(eng, rift=["squire"])
    do(m, "play", "squire", lane=0)
    next_player_main(m)
    do(m, "end_phase")
    do(m, "attack", src=P_LANE(0), lane=3)
    assert hp(m, E_HERO) == 8

# ---------------- E07: Sortilege charges ----------------
@rule("E07")
def test_played_sortilege_has_its_charges_and_is_destroyed_at_zero(eng):
    m = sc(eng, rift=["wand"], meter={"capacity": 9})
    wand = inst(m, "rift", "wand")
    do(m, "play", "wand")
    assert m.card_zone(wand) == "lattice"
    do(m, "activate", "wand", tgt=E_HERO)
    assert m.card_zone(wand) == "lattice" and hp(m, E_HERO) == 9
    do(m, "activate", "wand", tgt=E_HERO)            # not once per turn: only charges limit it
    assert m.card_zone(wand) == "abyss" and hp(m, E_HERO) == 8
    assert find(m, "activate", "wand") is None

@rule("E07")
def test_charge_spent_at_commit_and_ability_resolves_without_its_sortilege(eng):
    m = sc(eng, lattice=[("rod", 1)], rift=["bolt"])
    rod = inst(m, "lattice", "rod")
    do(m, "activate", "rod", tgt=E_HERO)
    assert [s["kind"] for s in m.stack] == ["ability"]     # the player holds a window (bolt)
    assert m.card_zone(rod) == "abyss"
    assert hp(m, E_HERO) == 10
    do(m, "pass")
    assert m.stack == [] and hp(m, E_HERO) == 8

# ---------------- E08: Relics ----------------
@rule("E08")
@pytest.mark.parametrize("attacker,damage", [(P_LANE(0), 2 + 2), (P_HERO, 1)])
def test_relic_ally_power_adds_to_character_attacks_only(eng, attacker, damage):
    m = sc(eng, lattice=["banner"], player_lanes={0: "squire"}, phase="combat")
    do(m, "attack", src=attacker, lane=1)
    assert hp(m, E_HERO) == 10 - damage and m.phase == "combat"

@rule("E08")
def test_relic_stays_in_the_lattice_across_turns(eng):
    m = sc(eng, lattice=["banner"])
    next_player_main(next_player_main(m))
    assert m.card_zone(inst(m, "lattice", "banner")) == "lattice"

@rule("E08")
@pytest.mark.parametrize("order,amounts", [(["dawn_a", "dawn_b"], [1, 2]), (["dawn_b", "dawn_a"], [2, 1])])
def test_triggers_resolve_at_once_off_the_stack_in_lattice_order(eng, order, amounts):
    m = sc(eng, lattice=order, phase="beginning", advance=True)
    assert [e.b for e in evs(m, "damage") if e.a == E_HERO] == amounts
    assert evs(m, "push") == [] and hp(m, E_HERO) == 7

@rule("E08")
def test_ally_deploy_trigger_fires_when_the_deploy_resolves(eng):
    m = sc(eng, lattice=["drum"], rift=["squire", "bolt"])
    do(m, "play", "squire", lane=0)
    assert hp(m, E_HERO) == 10                 # still on the Stack: nothing deployed yet
    do(m, "pass")
    assert m.characters()[0] is not None and hp(m, E_HERO) == 9

@rule("E08", "S03")
def test_countered_deploy_fires_no_ally_deploy_trigger(eng):
    m = sc(eng, encounter="counterer", lattice=["drum"], rift=["squire"])
    do(m, "play", "squire", lane=0)
    assert m.characters()[0] is None and hp(m, E_HERO) == 10

@rule("E08")
def test_turn_end_trigger_fires_in_end(eng):
    m = sc(eng, lattice=["dusk"], phase="end", advance=True)
    assert hp(m, E_HERO) == 9
    assert [e.kind for e in m.events if e.kind in ("damage", "phase")][:2] == ["damage", "phase"]

@rule("E08", "E19")
def test_a_trigger_fires_from_inside_another_trigger(eng):
    # the scourge's damage (a turn_start trigger) sets off the tripwire (ally_hero_damaged)
    m = sc(eng, lattice=["scourge", "tripwire"], phase="beginning", advance=True)
    assert hp(m, P_HERO) == 9
    assert hp(m, E_HERO) == 7

@rule("E08")
def test_ally_hero_damaged_trigger_fires_outside_triggers(eng):
    # the control of the test above: the tripwire does fire on ordinary damage
    m = sc(eng, lattice=["tripwire"], enemy_lanes={0: "imp"}, phase="combat", active="encounter",
           advance=True)
    assert hp(m, P_HERO) == 9
    assert hp(m, E_HERO) == 7

# ---------------- E09: PlaySupport ----------------
@rule("E09")
@pytest.mark.parametrize("card,target,cost", [("banner", None, 1), ("smite", E_HERO, 1), ("squire", None, 2)])
def test_sortilege_and_relic_cost_play_support(eng, card, target, cost):
    m = sc(eng, heroes=("saint",), rift=[card])      # morality 3: PlaySupport 1, Deploy 2
    assert m.meter["costs"]["play_support"] == 1 and m.meter["costs"]["deploy"] == 2
    do(m, "play", card, tgt=target)
    assert m.meter["spent"] == cost

# ---------------- E10: reaction ----------------
@rule("E10")
def test_reaction_card_and_ability_cannot_be_used_proactively(eng):
    m = sc(eng, heroes=("guard",), rift=["bolt"])
    assert find(m, "play", "bolt") is None and find(m, "activate", src=P_HERO) is None
    assert illegal_code(m, play_code(inst(m, "rift", "bolt"))) == 8
    assert illegal_code(m, make_action_code(4, P_HERO, 255, 0)) == 8

@rule("E10")
def test_reaction_card_is_playable_while_responding(eng):
    m = sc(eng, rift=["smite", "bolt"], meter={"capacity": 4, "spent": 2})
    do(m, "play", "smite", tgt=E_HERO)
    assert m.meter["remaining"] == 0 and m.priority == "player" and len(m.stack) == 1
    do(m, "play", "bolt")                               # legal with an empty meter
    assert hp(m, E_HERO) == 6 and m.stack == []

@rule("E10", "M05")
def test_reaction_card_costs_nothing(eng):
    m = sc(eng, rift=["smite", "bolt"], meter={"capacity": 6})
    do(m, "play", "smite", tgt=E_HERO)
    do(m, "play", "bolt")
    assert (m.meter["spent"], m.phase, m.round) == (2, "main", 1)

@rule("E10")
def test_non_reaction_card_cannot_be_played_while_responding(eng):
    m = sc(eng, rift=["smite", "bolt", "venom"])
    do(m, "play", "smite", tgt=E_HERO)
    assert len(m.stack) == 1
    assert find(m, "play", "venom") is None and find(m, "activate") is None
    assert illegal_code(m, play_code(inst(m, "rift", "venom"), tgt=E_HERO)) == 9
    assert illegal_code(m, make_action_code(4, P_HERO, E_HERO, 0)) == 9      # a plain hero ability

@rule("E10")
def test_reaction_ability_usable_while_responding_for_free(eng):
    m = sc(eng, heroes=("guard",), rift=["smite"])
    do(m, "play", "smite", tgt=E_HERO)
    spent = m.meter["spent"]
    do(m, "activate", src=P_HERO)
    assert m.heroes()[0]["shield"] == 2 and m.meter["spent"] == spent

@rule("E10")
@pytest.mark.parametrize("where", ["lane", "lattice"])
def test_a_characters_or_a_sortileges_reaction_ability_is_offered_while_responding(eng, where):
    # the only reaction the player holds is the sentinel's (a character's) or the charm's (a
    # Sortilege's in the Lattice): the window must still offer it
    kw = {"player_lanes": {0: "sentinel"}} if where == "lane" else {"lattice": ["charm"]}
    m = sc(eng, heroes=("saint",), rift=["smite"], **kw)
    assert find(m, "activate") is None                   # not proactively
    do(m, "play", "smite", tgt=E_HERO)
    assert len(m.stack) == 1 and m.priority == "player"
    do(m, "activate", src=8 if where == "lane" else None)
    # used, it leaves only the pass: both items resolve, the reaction's first
    shielded = m.characters()[0] if where == "lane" else m.heroes()[0]
    assert m.stack == [] and shielded["shield"] == 1 and hp(m, E_HERO) == 7


# ---------------- E11: no printed cost ----------------
@rule("E11")
def test_aurorune_is_a_shop_price_not_a_cost(eng):
    assert eng.catalog["tc:squire_gold"]["aurorune"] == 900
    m = sc(eng, rift=["squire", "squire_gold"], meter={"capacity": 5})
    do(m, "play", "squire_gold", lane=0)
    assert m.meter["spent"] == 2
    do(m, "play", "squire", lane=1)
    assert m.meter["spent"] == 4
    assert [c and c["id"] for c in m.characters()][:2] == ["tc:squire_gold", "tc:squire"]

# ---------------- E12: once per turn ----------------
@rule("E12")
@pytest.mark.parametrize("src,tgt", [(P_HERO, E_HERO), (P_LANE(0), P_HERO)])   # hero / medic
def test_hero_and_character_ability_once_per_turn(eng, src, tgt):
    m = sc(eng, player_lanes={0: "medic"}, hero_state={0: {"hp": 5}})
    do(m, "activate", src=src, tgt=tgt)
    assert hp(m, tgt) == (9 if tgt == E_HERO else 7) and m.meter["remaining"] == 3
    assert find(m, "activate", src=src) is None
    assert illegal_code(m, make_action_code(4, src, tgt, 0)) == 15

@rule("E12", "T01")
def test_reaction_ability_used_in_the_players_turn_is_usable_in_the_encounters_turn(eng):
    # a round is two turns (T01): the player's, then the Encounter's
    m = sc(eng, heroes=("guard",), encounter="summoner", rift=["smite"])
    do(m, "play", "smite", tgt=E_HERO)
    do(m, "activate", src=P_HERO)                       # once in the player's turn
    run_until(m, lambda x: x.active_side == "encounter" or x.round > 1)
    assert (m.round, m.active_side) == (1, "encounter")
    assert find(m, "activate", src=P_HERO) is not None   # and once in the Encounter's turn

@rule("E12")
def test_reaction_ability_once_within_one_turn(eng):
    m = sc(eng, heroes=("guard",), rift=["smite", "bolt"])
    do(m, "play", "smite", tgt=E_HERO)
    do(m, "activate", src=P_HERO)
    assert find(m, "activate", src=P_HERO) is None and find(m, "play", "bolt") is not None

@rule("E12")
def test_ability_is_usable_again_next_turn(eng):
    m = sc(eng)
    do(m, "activate", src=P_HERO, tgt=E_HERO)
    next_player_main(m)
    assert find(m, "activate", src=P_HERO, tgt=E_HERO) is not None

# ---------------- E16: the instruction set ----------------
@rule("E16")
def test_op_damage(eng):
    m = sc(eng, rift=["smite"], enemy_lanes={1: "brute"})
    do(m, "play", "smite", tgt=E_LANE(1))
    assert hp(m, E_LANE(1)) == 2 and hp(m, E_HERO) == 10

@rule("E16")
@pytest.mark.parametrize("start,after", [(5, 8), (9, 10)])
def test_op_heal_up_to_max_hp(eng, start, after):
    m = sc(eng, rift=["mend"], hero_state={0: {"hp": start}})
    do(m, "play", "mend", tgt=P_HERO)
    assert hp(m, P_HERO) == after

@rule("E16")
def test_op_shield(eng):
    m = sc(eng, rift=["aegis"], player_lanes={0: "squire"})
    do(m, "play", "aegis", tgt=P_LANE(0))
    assert m.characters()[0]["shield"] == 2 and m.heroes()[0]["shield"] == 0

@rule("E16")
def test_op_poison(eng):
    m = sc(eng, rift=["venom"])
    do(m, "play", "venom", tgt=E_HERO)
    assert m.heroes("encounter")[0]["poison"] == 2 and hp(m, E_HERO) == 10

@rule("E16")
def test_op_draw_takes_from_the_archive_top(eng):
    m = sc(eng, rift=["insight"], archive=["squire", "scout", "smite"])
    do(m, "play", "insight")
    assert m.zone("rift") == ["tc:squire", "tc:scout"]
    assert m.zone("archive") == ["tc:smite"]

@rule("E16", "R02")
def test_op_discard_picks_at_random_with_the_shuffle_stream(eng):
    hand = ["squire", "scout", "medic", "herald"]
    picked = set()
    for seed in range(6):
        m = sc(eng, seed=seed, rift=["toss"] + hand)
        do(m, "play", "toss")
        expect = hand[SplitMix64.named(seed, "shuffle").below(len(hand))]
        assert m.zone("abyss") == [tc(expect)]
        assert m.zone("rift") == [tc(h) for h in hand if h != expect]
        picked.add(expect)
    assert len(picked) > 1

@rule("E16")
def test_encounter_discard_acts_on_the_players_rift(eng):
    m = sc(eng, encounter="taxer", rift=["squire"], active="encounter", phase="main", advance=True)
    assert m.zone("rift") == [] and m.zone("abyss") == ["tc:squire"]

@rule("E16")
def test_op_exile_sends_a_characters_card_to_the_void(eng):
    m = sc(eng, rift=["banish"], player_lanes={2: "squire"})
    card = m.characters()[2]["card"]
    do(m, "play", "banish", tgt=P_LANE(2))
    assert m.characters()[2] is None
    assert m.card_zone(card) == "void" and "tc:squire" not in m.zone("abyss")

@rule("E16")
def test_op_exile_newest_lattice_card(eng):
    m = sc(eng, lattice=["banner", "dusk"], player_lanes={0: "scrapper"})
    dusk, banner = inst(m, "lattice", "dusk"), inst(m, "lattice", "banner")
    do(m, "activate", src=P_LANE(0))
    assert (m.card_zone(dusk), m.card_zone(banner)) == ("void", "lattice")

@rule("E16")
def test_op_return_brings_a_void_card_to_the_rift_explicitly(eng):
    m = sc(eng, rift=["recall"], void=["squire"])
    sq = inst(m, "void", "squire")
    do(m, "play", "recall", tgt=CARD(sq))
    assert m.card_zone(sq) == "rift"
    assert [(e.a, e.b, e.c, e.d) for e in evs(m, "move") if e.a == sq] == [(sq, Z_VOID, Z_RIFT, 1)]

@rule("E16")
def test_op_destroy_sends_an_enhancement_to_the_abyss(eng):
    m = sc(eng, rift=["shatter"], lattice=["banner"], player_lanes={0: "squire"})
    banner = inst(m, "lattice", "banner")
    do(m, "play", "shatter", tgt=CARD(banner))
    assert m.card_zone(banner) == "abyss"
    do(m, "end_phase")
    do(m, "attack", src=P_LANE(0), lane=0)
    assert hp(m, E_HERO) == 8                          # ally_power gone with it

@rule("E16")
def test_op_counter_stops_an_encounter_move(eng):
    m = sc(eng, encounter="summoner", rift=["ward"], active="encounter", advance=True)
    assert [(s["side"], s["kind"]) for s in m.stack] == [("encounter", "move")]
    do(m, "play", "ward", tgt=STACK(0))
    assert len(evs(m, "counter", "player")) == 1
    assert evs(m, "summon") == []
    assert m.characters("encounter") == [None] * 5

@rule("E16")
def test_op_summon_puts_tokens_in_the_first_empty_lanes(eng):
    m = sc(eng, rift=["raise"], player_lanes={0: "squire"})
    do(m, "play", "raise")
    ids = [c and (c["id"], c["card"] is None, c["hp"]) for c in m.characters()]
    assert ids == [("tc:squire", False, 3), ("tc:imp", True, 2), ("tc:imp", True, 2), None, None]

@rule("E16")
def test_op_buff_self_on_enter(eng):
    m = sc(eng, rift=["herald"])
    do(m, "play", "herald", lane=0)
    assert m.characters()[0]["power"] == 3

@rule("E16")
def test_op_buff_all_ally_characters(eng):
    m = sc(eng, rift=["rally"], player_lanes={0: "squire", 3: "scout"}, enemy_lanes={0: "imp"})
    do(m, "play", "rally")
    assert [c["power"] for c in m.characters() if c] == [3, 2]
    assert m.characters("encounter")[0]["power"] == 1 and m.heroes()[0]["power"] == 1

@rule("E16", "W01")
def test_op_task_advances_effect_progress(eng):
    m = sc(eng, rift=["quest"], tasks=[{"id": "chore"}, {"id": "bleed"}])
    do(m, "play", "quest")
    prog = {t["id"]: t["progress"] for t in m.tasks}
    assert prog == {"tc:chore": {"player": 2, "encounter": 0}, "tc:bleed": {"player": 0, "encounter": 0}}

# ---------------- S02: response windows and LIFO ----------------
@rule("S02", "N03")
def test_encounter_response_resolves_first(eng):
    m = sc(eng, encounter="responder", rift=["smite"])
    do(m, "play", "smite", tgt=E_HERO)
    e = m.heroes("encounter")[0]
    assert (e["hp"], e["shield"]) == (10, 2)           # shielded 5 before the 3 damage landed
    order = [(x.kind, x.side) for x in m.events if x.kind in ("push", "resolve")]
    assert order == [("push", "player"), ("push", "encounter"),
                     ("resolve", "encounter"), ("resolve", "player")]

@rule("S02")
def test_both_passing_in_a_row_resolves_the_top(eng):
    m = sc(eng, rift=["smite", "bolt"])
    do(m, "play", "smite", tgt=E_HERO)
    assert [(e.kind, e.side) for e in m.events if e.kind in ("pass", "resolve")] == [("pass", "encounter")]
    do(m, "pass")
    tail = [(e.kind, e.side) for e in m.events if e.kind in ("pass", "resolve")]
    assert tail == [("pass", "encounter"), ("pass", "player"), ("resolve", "player")]
    assert hp(m, E_HERO) == 7

@rule("S02")
def test_response_on_top_resolves_before_the_item_below(eng):
    m = sc(eng, rift=["smite", "bolt"])
    do(m, "play", "smite", tgt=E_HERO)
    do(m, "play", "bolt")
    assert [e.b for e in evs(m, "damage") if e.a == E_HERO] == [1, 3]

@rule("S02")
def test_acting_side_holds_priority_after_a_resolution(eng):
    m = sc(eng, rift=["smite", "bolt", "venom"])
    do(m, "play", "smite", tgt=E_HERO)
    do(m, "pass")
    assert m.stack == [] and m.priority == "player" and m.phase == "main"
    assert find(m, "play", "venom", tgt=E_HERO) is not None    # a proactive action again

@rule("S02", "N04", "T16")
def test_encounter_push_opens_a_window_for_the_player(eng):
    m = sc(eng, encounter="summoner", rift=["bolt"], active="encounter", advance=True)
    assert m.active_side == "encounter" and m.priority == "player"
    assert m.stack[-1]["side"] == "encounter"
    assert sorted(a.kind for a in m.legal_actions()) == ["pass", "play"]
    do(m, "pass")
    assert evs(m, "summon", "encounter") != []

# ---------------- S03: fizzles and counters ----------------
@rule("S03")
def test_item_whose_target_is_gone_fizzles_and_its_card_goes_to_the_abyss(eng):
    m = sc(eng, rift=["smite", "purge"], enemy_lanes={0: "imp"})
    smite = inst(m, "rift", "smite")
    do(m, "play", "smite", tgt=E_LANE(0))
    do(m, "play", "purge", tgt=E_LANE(0))
    assert [e.b for e in evs(m, "fizzle")] == [smite] and m.card_zone(smite) == "abyss"
    assert hp(m, E_HERO) == 10 and m.characters("encounter")[0] is None     # purge exiled the imp

@rule("S03")
def test_item_targeting_a_replaced_unit_fizzles(eng):
    # the target's slot is filled again by a new unit: the target is the unit, not the slot
    m = sc(eng, rift=["mend", "dismiss", "ambusher"], player_lanes={0: {"id": "squire", "hp": 1}})
    mend = inst(m, "rift", "mend")
    do(m, "play", "mend", tgt=P_LANE(0))
    do(m, "play", "dismiss", tgt=P_LANE(0))
    do(m, "pass")                                       # dismiss resolves: the squire is exiled
    do(m, "play", "ambusher", lane=0)                   # a new character in the same slot
    assert m.characters()[0]["id"] == "tc:ambusher" and m.stack == []
    assert [e.b for e in evs(m, "fizzle")] == [mend] and m.card_zone(mend) == "abyss"
    assert evs(m, "heal") == []

@rule("S03", "Z09")
def test_deploy_fizzles_when_its_lane_was_taken(eng):
    m = sc(eng, rift=["squire", "ambusher"])
    squire = inst(m, "rift", "squire")
    do(m, "play", "squire", lane=0)
    do(m, "play", "ambusher", lane=0)
    assert m.characters()[0]["id"] == "tc:ambusher"
    assert m.card_zone(squire) == "abyss"
    assert [e.b for e in evs(m, "fizzle")] == [squire]

@rule("S03", "N03")
def test_countered_deploy_sends_its_card_to_the_abyss(eng):
    m = sc(eng, encounter="counterer", rift=["squire"])
    squire = inst(m, "rift", "squire")
    do(m, "play", "squire", lane=0)
    assert m.characters()[0] is None and m.stack == []
    assert m.card_zone(squire) == "abyss"
    assert m.meter["spent"] == 2
    assert [e.side for e in evs(m, "counter")] == ["encounter"]
    assert evs(m, "summon") == []

@rule("S03")
def test_countered_enhancement_goes_to_the_abyss_without_effect(eng):
    m = sc(eng, encounter="hushed", rift=["smite"])
    smite = inst(m, "rift", "smite")
    do(m, "play", "smite", tgt=E_HERO)
    assert m.card_zone(smite) == "abyss" and hp(m, E_HERO) == 10

@rule("S03")
def test_countered_item_stays_as_a_marker_until_it_surfaces(eng):
    m = sc(eng, encounter="summoner", rift=["bolt", "ward", "bolt"], active="encounter", advance=True)
    do(m, "play", "bolt")
    do(m, "play", "ward", tgt=STACK(0))
    do(m, "pass")                                        # the ward resolves; a bolt is left above
    assert [(s["kind"], s["countered"]) for s in m.stack] == [("move", True), ("card", False)]
    assert [e.kind for e in m.events].count("counter") == 1 and evs(m, "summon") == []
    do(m, "pass")                                        # the bolt resolves, the marker surfaces
    assert m.stack == [] and hp(m, E_HERO) == 9
    assert evs(m, "summon") == [] and m.characters("encounter") == [None] * 5

# ---------------- S04: only the player is asked ----------------
@rule("S04")
def test_engine_passes_for_the_player_without_a_choice(eng):
    m = sc(eng, rift=["smite"])
    do(m, "play", "smite", tgt=E_HERO)
    assert m.stack == [] and hp(m, E_HERO) == 7
    assert [e.side for e in evs(m, "pass")] == ["encounter", "player"]

@rule("S04")
def test_player_holding_a_reaction_is_asked(eng):
    m = sc(eng, rift=["smite", "bolt"])
    do(m, "play", "smite", tgt=E_HERO)
    assert len(m.stack) == 1 and m.priority == "player"
    acts = m.legal_actions()
    assert acts[0].kind == "pass"
    assert [m.card_id(a.source) for a in acts[1:]] == ["tc:bolt"]

@rule("S04")
def test_reaction_without_a_legal_target_opens_no_window(eng):
    m = sc(eng, rift=["smite", "ward"])                 # ward needs an Encounter item
    do(m, "play", "smite", tgt=E_HERO)
    assert m.stack == [] and hp(m, E_HERO) == 7

# ---------------- N01: Initiative ----------------
@rule("N01")
def test_initiative_is_the_number_of_moves_per_turn(eng):
    m = sc(eng, encounter="twostep", active="encounter", phase="beginning", advance=True)
    assert len(evs(m, "summon", "encounter")) == 2
    assert m.initiative["initiative"] == 2

@rule("N01", "M10")
@pytest.mark.parametrize("phase,moves", [("beginning", 2), ("main", 1)])
def test_initiative_resets_at_the_encounters_beginning(eng, phase, moves):
    m = sc(eng, encounter="twostep", active="encounter", phase=phase,
           initiative={"initiative": 2, "left": 1}, advance=True)
    assert len(evs(m, "summon", "encounter")) == moves      # from Main on, only what is left

# ---------------- N02: public intent ----------------
@rule("N02")
def test_intent_is_the_next_scripted_move(eng):
    m = sc(eng, encounter="twostep", active="encounter", phase="beginning")
    assert (m.intent["index"], m.intent["move"], m.intent["phase"]) == (0, "summon", "main")
    assert m.observation("player")["intent"] == m.intent == m.observation("encounter")["intent"]
    advance(m)
    assert m.intent["index"] == 2 and m.intent["script"]["unit"] == "brute"
    next_player_main(m)
    brute = eng.unit_index("tc:brute")
    assert [e.b for e in evs(m, "summon", "encounter")][:3] == [eng.unit_index("tc:imp")] * 2 + [brute]

@rule("N02")
def test_intent_branch_is_decided_when_the_previous_move_is_made(eng):
    m = sc(eng, encounter="brancher", active="encounter", phase="beginning", advance=True)
    imp, brute = eng.unit_index("tc:imp"), eng.unit_index("tc:brute")
    assert m.round == 2 and m.intent["index"] == 0       # decided in round 1: no branch
    next_player_main(m)                                  # round 2: the intent made, then re-decided
    assert [e.b for e in evs(m, "summon", "encounter")] == [imp, imp]
    # the `unless` branch, decided in round 2, shown whole: the unit it will summon
    assert (m.intent["index"], m.intent["branch"], m.intent["unit"]) == (0, True, "tc:brute")
    next_player_main(m)
    assert [e.b for e in evs(m, "summon", "encounter")] == [imp, imp, brute]

@rule("N02")
def test_first_intent_is_decided_on_round_one(eng):
    # the match starts in round 1, so `round_at_least 1` holds for the very first move
    m = eng.new_match(heroes=["tc:plain"], encounter="tc:early")
    assert m.round == 1
    assert (m.intent["branch"], m.intent["unit"]) == (True, "tc:brute")     # the `unless` branch
    next_player_main(m)
    assert [e.b for e in evs(m, "summon", "encounter")] == [eng.unit_index("tc:brute")]

@rule("N02")
def test_random_intent_is_exactly_the_move_made(eng):
    imp, brute = eng.unit_index("tc:imp"), eng.unit_index("tc:brute")
    seen = set()
    for seed in range(8):
        m = sc(eng, seed=seed, encounter="gambler")
        for _ in range(3):
            expect = eng.unit_index(m.intent["unit"])             # the branch or not, whole
            assert m.intent["branch"] == (expect == brute)
            next_player_main(m)
            made = [e.b for e in evs(m, "summon", "encounter")][-1]
            assert made == expect
            seen.add(made)
    assert seen == {imp, brute}

@rule("N02", "H01")
def test_encounter_never_reads_the_rift_or_archive(eng):
    def run(rift, archive):
        m = sc(eng, seed=7, encounter="gambler", rift=rift, archive=archive,
               active="encounter", phase="beginning", advance=True)
        return ([e for e in m.events if e.side == "encounter"], m.characters("encounter"), m.intent)

    assert run(["squire", "smite"], ["scout", "medic"]) == run(["venom"], ["herald", "rally", "scout"])

# ---------------- N03: scripted responses ----------------
@rule("N03")
def test_counters_only_the_first_deploy_of_a_round(eng):
    m = sc(eng, encounter="counterer", rift=["squire", "scout"])
    do(m, "play", "squire", lane=0)
    do(m, "play", "scout", lane=1)
    assert [c and c["id"] for c in m.characters()][:2] == [None, "tc:scout"]
    assert len(evs(m, "counter")) == 1

@rule("N03")
def test_counter_limit_resets_each_round_until_charges_run_out(eng):
    m = sc(eng, encounter="counterer", rift=["squire", "squire", "squire"])
    for rnd, countered in ((1, True), (2, True), (3, False)):
        assert m.round == rnd
        lane = next(i for i, c in enumerate(m.characters()) if c is None)
        do(m, "play", "squire", lane=lane)
        assert (m.characters()[lane] is None) == countered, rnd
        next_player_main(m)
    assert len(evs(m, "counter")) == 2

@rule("N03")
def test_response_rules_are_tried_in_order(eng):
    m = sc(eng, encounter="ordered", rift=["smite", "venom"])
    do(m, "play", "smite", tgt=E_HERO)
    do(m, "play", "venom", tgt=E_HERO)
    assert [e.b for e in evs(m, "damage") if e.a == P_HERO] == [1, 2]   # rule 0 once, then rule 1

@rule("N03")
def test_each_player_item_is_answered_at_most_once(eng):
    m = sc(eng, encounter="ordered", rift=["smite", "bolt", "bolt"])
    do(m, "play", "smite", tgt=E_HERO)
    do(m, "pass")                    # the response resolves; the player gets smite's window again
    assert [s["side"] for s in m.stack] == ["player"]
    do(m, "pass")                    # ... and the Encounter sees smite a second time, answering nothing
    assert m.stack == [] and len(evs(m, "push", "encounter")) == 1
    assert hp(m, P_HERO) == 9 and hp(m, E_HERO) == 7

@rule("N03")
def test_response_rule_filters_by_item_class(eng):
    m = sc(eng, encounter="picky", rift=["smite"])
    do(m, "play", "smite", tgt=E_HERO)
    assert evs(m, "push", "encounter") == []
    do(m, "activate", src=P_HERO, tgt=E_HERO)
    assert len(evs(m, "push", "encounter")) == 1 and hp(m, P_HERO) == 8

@rule("N03")
def test_per_round_limits_reset_at_the_players_beginning(eng):
    m = sc(eng, encounter="ordered", rift=["smite"])
    do(m, "play", "smite", tgt=E_HERO)
    next_player_main(m)
    do(m, "activate", src=P_HERO, tgt=E_HERO)
    assert [e.b for e in evs(m, "damage") if e.a == P_HERO] == [1, 1]

# ---------------- N04: the Encounter's turn ----------------
@rule("N04")
def test_encounter_turn_runs_the_four_phases_in_order(eng):
    m = sc(eng, encounter="striker", active="encounter", phase="beginning", advance=True)
    seq = [(e.kind, e.a) if e.kind == "phase" else (e.kind, e.b) for e in m.events
           if (e.kind in ("phase", "summon") and e.side == "encounter") or e.kind == "damage"]
    imp = eng.unit_index("tc:imp")
    assert seq == [("phase", 1), ("summon", imp), ("phase", 2), ("damage", 2), ("phase", 3)]
    assert hp(m, P_HERO) == 8

@rule("N04")
def test_scripted_attack_hits_the_character_in_its_lane(eng):
    m = sc(eng, encounter="striker", player_lanes={0: "squire"}, active="encounter",
           phase="combat", script_pos=1, advance=True)
    assert m.characters()[0]["hp"] == 1 and hp(m, P_HERO) == 10

@rule("N04", "T19")
def test_scripted_attack_into_an_empty_lane_hits_the_player_leader(eng):
    m = sc(eng, encounter="striker", heroes=("plain", "saint"), player_lanes={1: "squire"},
           active="encounter", phase="combat", script_pos=1, advance=True)
    assert [h["hp"] for h in m.heroes()] == [8, 10] and m.characters()[1]["hp"] == 3

@rule("N04")
def test_ready_enemy_characters_attack_their_own_lane_without_initiative(eng):
    m = sc(eng, encounter="striker", player_lanes={2: "squire"}, enemy_lanes={2: "brute", 3: "imp"},
           active="encounter", phase="combat", script_pos=1, initiative={"initiative": 2, "left": 0},
           advance=True)
    assert m.characters()[2] is None                      # brute 3 vs squire 3
    assert hp(m, P_HERO) == 9                             # imp into the empty lane 3

@rule("N04", "S04")
def test_encounter_turn_runs_in_the_engine_and_a_fresh_summon_does_not_attack(eng):
    m = sc(eng, encounter="summoner", active="encounter", phase="beginning", advance=True)
    assert (m.active_side, m.phase, m.round) == ("player", "main", 2)
    assert m.characters("encounter")[0]["id"] == "tc:imp" and hp(m, P_HERO) == 10

# ---------------- W01: World Tasks ----------------
def prog(m, task):
    return next(t["progress"] for t in m.tasks if t["id"] == tc(task))

@rule("W01")
def test_first_side_to_reach_the_goal_gets_the_reward_and_the_task_leaves(eng):
    m = sc(eng, rift=["smite"], tasks=[{"id": "bleed"}])
    do(m, "play", "smite", tgt=E_HERO)
    assert hp(m, E_HERO) == 10 - 3 - 4
    assert m.tasks == [] and [e.side for e in evs(m, "task_done")] == ["player"]

@rule("W01")
def test_encounter_reaching_the_goal_gets_the_reward_for_its_side(eng):
    m = sc(eng, encounter="striker", tasks=[{"id": "bleed", "progress": {"player": 2, "encounter": 1}}],
           active="encounter", phase="combat", script_pos=1, advance=True)
    assert hp(m, P_HERO) == 10 - 2 - 4 and hp(m, E_HERO) == 10
    assert m.tasks == [] and [e.side for e in evs(m, "task_done")] == ["encounter"]

@rule("W01")
def test_encounter_tasks_start_in_the_task_zone_with_no_progress(eng):
    m = eng.new_match(heroes=["tc:plain"], encounter="tc:questing")
    assert [(t["id"], t["progress"]) for t in m.tasks] == [
        ("tc:bleed", {"player": 0, "encounter": 0}), ("tc:endure", {"player": 0, "encounter": 0})]

@rule("W01")
@pytest.mark.parametrize("task,kw,plays,progress", [
    ("bleed", {"rift": ["smite"], "enemy_state": {0: {"shield": 2}}}, [("smite", E_HERO)], 1),  # hp lost
    ("slayer", {"rift": ["smite"], "enemy_lanes": {0: "imp"}}, [("smite", E_LANE(0))], 1),
    ("scribe", {"rift": ["smite", "bolt"]}, [("smite", E_HERO), ("bolt", None)], 2),
    ("tend", {"rift": ["mend"], "hero_state": {0: {"hp": 9}}}, [("mend", P_HERO)], 1),          # hp gained
])
def test_goal_progress_per_event_kind(eng, task, kw, plays, progress):
    m = sc(eng, tasks=[{"id": task}], **kw)
    for card, tgt in plays:
        do(m, "play", card, tgt=tgt)
    assert prog(m, task) == {"player": progress, "encounter": 0}

@rule("W01")
def test_damage_progress_includes_poison(eng):
    m = sc(eng, tasks=[{"id": "bleed"}], enemy_state={0: {"poison": 2}}, active="encounter",
           phase="end", advance=True)
    assert prog(m, "bleed") == {"player": 2, "encounter": 0}

@rule("W01")
def test_rounds_progress_counts_each_sides_end(eng):
    m = sc(eng, tasks=[{"id": "endure"}])
    next_player_main(m)
    assert prog(m, "endure") == {"player": 1, "encounter": 1}

@rule("W01")
def test_deploy_progress_counts_resolved_deploys_and_summons(eng):
    m = sc(eng, encounter="counterer", rift=["squire", "scout"], tasks=[{"id": "muster"}],
           meter={"capacity": 5})
    do(m, "play", "squire", lane=0)          # countered: not deployed
    assert prog(m, "muster") == {"player": 0, "encounter": 0}
    do(m, "play", "scout", lane=1)
    assert prog(m, "muster") == {"player": 1, "encounter": 0}
    next_player_main(m)
    assert prog(m, "muster") == {"player": 1, "encounter": 1}      # its imp summon

@rule("W01")
def test_completed_task_rewards_only_once(eng):
    m = sc(eng, rift=["smite", "venom"], tasks=[{"id": "bleed", "progress": {"player": 2}}])
    do(m, "play", "smite", tgt=E_HERO)
    assert hp(m, E_HERO) == 3
    do(m, "activate", src=P_HERO, tgt=E_HERO)
    assert hp(m, E_HERO) == 2 and len(evs(m, "task_done")) == 1
