"""restore admits exactly the states the engine makes (issue 13, point 13).

Two halves. Each shape the engine never makes is refused with a SchemaViolation naming its
field, a mutation of one field of a snapshot that restores as it is. And every state the
engine does make restores to the same bytes: after every action of seeded matches (random,
greedy and searched play, several parties, rule configurations and packs, clones and
determinized copies, the golden files), with the rare shapes counted so that the sweep is known
to have reached them. Uids wrap after 32,768 identities, which a long match can reach: the
shapes that only a wrap makes (a character sharing a hero's uid, uids at or past next_uid) are
made here through the public API and admitted.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
from conftest import rule
from frozen_pack import frozen_engine
from snapshot_fuzz import assemble

import eve
from eve import encoding
from eve.core import layout as L
from eve.core.playout import choose
from eve.core.testkit import raw
from eve.errors import SchemaViolation
from eve.search import mcts
from eve.testing import temporary_pack

GOLDEN = Path(__file__).parent / "golden"

SECTION = {s.name: i for i, s in enumerate(L.BODY)}
TURN = {f: i for i, f in enumerate(L.TURN_FIELDS)}
UNIT = {f: i for i, f in enumerate(L.UNIT_FIELDS)}
FIELD = {"shield": "status[0]", "poison": "status[1]"}     # the standard statuses' stacks
UNIT.update({k: UNIT[v] for k, v in FIELD.items()})
METER = {f: i for i, f in enumerate(L.METER_FIELDS)}
FOE = {f: i for i, f in enumerate(L.FOE_FIELDS)}
ZONE = {"archive": 1, "rift": 2, "lattice": 3, "wastes": 4, "abyss": 5, "void": 6, "stack": 7}
ENCOUNTER_BASE = 16         # unit id = side * 16 + slot
CHAR_BASE = 8


def part(body: list, name: str) -> Any:
    return body[SECTION[name]]


def turn(body: list, field: str) -> int:
    return part(body, "turn")[TURN[field]]


def snapshot_body(m: eve.Match) -> list:
    return msgpack.unpackb(m.snapshot())[6]


# ---------------------------------------------------------------- finding positions

def random_play(engine: eve.Engine, seed: int, **kw: Any) -> Iterator[eve.Match]:
    """The match after every action of seeded random play (the end included)."""
    m = engine.new_match(seed=seed, **kw)
    rng = random.Random(seed)
    yield m
    while not m.is_over:
        m.apply(rng.choice(m.legal_action_codes()))
        yield m


def find(engine: eve.Engine, pred: Callable[[list], bool], seeds: range = range(60)) -> bytes:
    """The first snapshot of seeded random play, over every Encounter, whose body holds `pred`."""
    for seed in seeds:
        for enc in engine.catalog.encounter_ids:
            for m in random_play(engine, seed, encounter=enc):
                data = m.snapshot()
                if pred(msgpack.unpackb(data)[6]):
                    return data
    raise AssertionError("no position found")


def refused(engine: eve.Engine, data: bytes, mutate: Callable[[list], None], path: str) -> None:
    """`data` restores; with `mutate` applied to its body (and the checksum made right), it is
    refused with a SchemaViolation at `path`."""
    engine.restore(data)
    top = msgpack.unpackb(data)
    mutate(top[6])
    with pytest.raises(SchemaViolation) as ei:
        engine.restore(assemble(top[:5], top[6]))
    assert ei.value.path == path, str(ei.value)


def living(body: list, side: int) -> list[int]:
    n = turn(body, "n_hero_slots[player]" if side == 0 else "n_hero_slots[encounter]")
    return [side * 16 + i for i in range(n) if part(body, "units")[side * 16 + i][UNIT["alive"]]]


def fallen_hero(body: list) -> int | None:
    """A fallen hero's unit id in a match still going on, or None."""
    if turn(body, "outcome") != 0:
        return None
    for side, key in ((0, "n_hero_slots[player]"), (1, "n_hero_slots[encounter]")):
        for i in range(turn(body, key)):
            if not part(body, "units")[side * 16 + i][UNIT["alive"]]:
                return side * 16 + i
    return None


def empty_lane(body: list) -> int:
    return next(i for i in range(ENCOUNTER_BASE + CHAR_BASE, 32) if part(body, "units")[i][0] == -1)


@pytest.fixture(scope="module")
def mid(engine: eve.Engine) -> bytes:
    """A position of round 2 or later, the Stack empty, with a Rift card and an empty lane."""
    return find(engine, lambda b: turn(b, "round") >= 2 and not part(b, "stack")
                and turn(b, "outcome") == 0 and part(b, "zones")[1])


# ---------------------------------------------------------------- the shapes refused

@pytest.mark.parametrize("stream", [2, 3])
def test_unused_rng_words_are_zero(engine, mid, stream):
    refused(engine, mid, lambda b: part(b, "rng").__setitem__(stream, 1), f"body.rng[{stream}]")
    refused(engine, mid, lambda b: part(b, "rng").__setitem__(stream, 2**64 - 1), f"body.rng[{stream}]")


@pytest.mark.parametrize("field,value", [("poison", 1), ("shield", 2), ("ready", 1), ("used", 1),
                                         ("attacked", 1), ("is_token", 1), ("ambition", 3),
                                         ("morality", -2)])
def test_an_empty_lane_holds_nothing(engine, mid, field, value):
    lane = empty_lane(msgpack.unpackb(mid)[6])
    refused(engine, mid, lambda b: part(b, "units")[lane].__setitem__(UNIT[field], value),
            f"body.units[{lane}].{FIELD.get(field, field)}")


@pytest.mark.parametrize("field", ["used", "poison", "shield", "ready", "attacked"])
def test_an_unused_hero_slot_holds_nothing(engine, mid, field):
    """A party of three leaves slots 3..7 unused; `used` there also broke the search's kept
    states (its storage skips the slots past the heroes, which Beginning's reset writes)."""
    slot = turn(msgpack.unpackb(mid)[6], "n_hero_slots[player]")
    assert slot < CHAR_BASE
    refused(engine, mid, lambda b: part(b, "units")[slot].__setitem__(UNIT[field], 1),
            f"body.units[{slot}].{FIELD.get(field, field)}")


@pytest.fixture(scope="module")
def with_fallen(engine: eve.Engine) -> bytes:
    return find(engine, lambda b: fallen_hero(b) is not None)


@pytest.mark.parametrize("field,value", [("poison", 2), ("shield", 1), ("ready", 1), ("card", 3),
                                         ("is_token", 1)])
def test_a_fallen_hero_keeps_no_status(engine, with_fallen, field, value):
    """A hero falls with poison and shield cleared (`_hero_falls`); a hero is never ready."""
    u = fallen_hero(msgpack.unpackb(with_fallen)[6])
    assert u is not None
    refused(engine, with_fallen, lambda b: part(b, "units")[u].__setitem__(UNIT[field], value),
            f"body.units[{u}].{FIELD.get(field, field)}")


@pytest.mark.parametrize("index,value", [(1, 1000), (15, 1)])
def test_a_living_units_stacks_are_of_this_contents_statuses_within_their_max(engine, mid, index,
                                                                             value):
    """Poison (status 1) holds at most 999 stacks; the built-in content has fewer than 16
    statuses, so the last slot stays 0."""
    u = living(msgpack.unpackb(mid)[6], 0)[0]
    assert len(engine.catalog.status_ids) < 16
    refused(engine, mid, lambda b: part(b, "units")[u].__setitem__(UNIT[f"status[{index}]"], value),
            f"body.units[{u}].status[{index}]")


def test_a_living_hero_is_never_ready(engine, mid):
    u = living(msgpack.unpackb(mid)[6], 0)[0]
    refused(engine, mid, lambda b: part(b, "units")[u].__setitem__(UNIT["ready"], 1),
            f"body.units[{u}].ready")


def _card_in(body: list, zone: str) -> int:
    return next(c for c, z in enumerate(part(body, "cards")[1]) if z == ZONE[zone])


@pytest.mark.parametrize("zone", ["rift", "archive"])
def test_charges_only_in_the_lattice(engine, mid, zone):
    c = _card_in(msgpack.unpackb(mid)[6], zone)
    refused(engine, mid, lambda b: part(b, "cards")[2].__setitem__(c, 1), f"body.cards.charges[{c}]")


def test_charges_on_an_abyss_card(engine):
    data = find(engine, lambda b: ZONE["abyss"] in part(b, "cards")[1])
    c = _card_in(msgpack.unpackb(data)[6], "abyss")
    refused(engine, data, lambda b: part(b, "cards")[2].__setitem__(c, 2), f"body.cards.charges[{c}]")


def _sortilege_in_lattice(engine: eve.Engine) -> Callable[[list], bool]:
    sortileges = {i for i, cid in enumerate(engine.catalog.card_ids)
                  if engine.catalog.cards[cid]["kind"] == "sortilege"}

    def pred(b: list) -> bool:
        defs, zones = part(b, "cards")[:2]
        return any(z == ZONE["lattice"] and defs[c] in sortileges for c, z in enumerate(zones))
    return pred


def test_a_sortilege_holds_1_to_its_charges(engine):
    """A Sortilege enters the Lattice with its card's charges and leaves it at 0 (spent at cast,
    destroyed at 0); every other card there holds its card's charges (none)."""
    data = find(engine, _sortilege_in_lattice(engine))
    body = msgpack.unpackb(data)[6]
    defs, zones, charges = part(body, "cards")[:3]
    c = next(c for c, z in enumerate(zones) if z == ZONE["lattice"] and charges[c] > 0)
    full = engine.catalog.cards[engine.catalog.card_ids[defs[c]]]["charges"]
    refused(engine, data, lambda b: part(b, "cards")[2].__setitem__(c, 0), f"body.cards.charges[{c}]")
    refused(engine, data, lambda b: part(b, "cards")[2].__setitem__(c, full + 1),
            f"body.cards.charges[{c}]")


def test_a_relic_holds_no_charges(engine):
    relics = {i for i, cid in enumerate(engine.catalog.card_ids)
              if engine.catalog.cards[cid]["kind"] == "relic"}

    def pred(b: list) -> bool:
        defs, zones = part(b, "cards")[:2]
        return any(z == ZONE["lattice"] and defs[c] in relics for c, z in enumerate(zones))
    data = find(engine, pred)
    defs, zones = part(msgpack.unpackb(data)[6], "cards")[:2]
    c = next(c for c, z in enumerate(zones) if z == ZONE["lattice"] and defs[c] in relics)
    refused(engine, data, lambda b: part(b, "cards")[2].__setitem__(c, 1), f"body.cards.charges[{c}]")


def test_heroes_have_distinct_uids_in_setup_order(engine, mid):
    """setup_match places the party's heroes, then the Encounter's roster, taking uids 0, 1, ...
    from next_uid; a hero keeps its uid for the match, fallen or not."""
    body = msgpack.unpackb(mid)[6]
    n = turn(body, "n_hero_slots[player]")
    assert [part(body, "units")[i][UNIT["uid"]] for i in range(n)] == list(range(n))
    refused(engine, mid, lambda b: part(b, "units")[1].__setitem__(UNIT["uid"], 0), "body.units[1].uid")
    refused(engine, mid, lambda b: part(b, "units")[ENCOUNTER_BASE].__setitem__(UNIT["uid"], 0),
            f"body.units[{ENCOUNTER_BASE}].uid")
    refused(engine, mid, lambda b: part(b, "units")[0].__setitem__(UNIT["uid"], turn(b, "next_uid") + 5),
            "body.units[0].uid")


def test_the_encounter_roster_slots_hold_its_roster(engine):
    cat = engine.catalog
    enc = cat.encounter_ids[0]
    data = engine.new_match(seed=3, encounter=enc).snapshot()
    roster = [engine.hero_index(h) for h in cat.encounters[enc]["roster"]]
    foreign = next(i for i in range(len(cat.player_heroes), len(cat.hero_ids)) if i not in roster)
    refused(engine, data, lambda b: part(b, "units")[ENCOUNTER_BASE].__setitem__(0, 0),
            f"body.units[{ENCOUNTER_BASE}].def_id")           # a player hero
    refused(engine, data, lambda b: part(b, "units")[ENCOUNTER_BASE].__setitem__(0, foreign),
            f"body.units[{ENCOUNTER_BASE}].def_id")           # another Encounter's hero
    if len(roster) > 1:                                        # its own heroes, swapped
        refused(engine, data, lambda b: part(b, "units")[ENCOUNTER_BASE].__setitem__(0, roster[1]),
                f"body.units[{ENCOUNTER_BASE}].def_id")


def test_a_player_slot_holds_a_player_hero(engine, mid):
    enemy = len(engine.catalog.player_heroes)          # the first enemy hero's index
    refused(engine, mid, lambda b: part(b, "units")[0].__setitem__(0, enemy), "body.units[0].def_id")


def test_no_pass_is_counted_on_an_empty_stack(engine, mid):
    assert not part(msgpack.unpackb(mid)[6], "stack")
    refused(engine, mid, lambda b: part(b, "turn").__setitem__(TURN["passes"], 1), "body.turn.passes")


def test_meter_costs_are_the_config_biased_by_a_party_heros_morality(engine):
    # Aldric alone (Morality -3): attacks are discounted, Sortileges and Relics are not
    data = engine.new_match(seed=5, heroes=["core:aldric"]).snapshot()
    costs = part(msgpack.unpackb(data)[6], "meter")
    cfg = engine.config["costs"]
    assert costs[METER["cost[attack]"]] == cfg["attack"] - 1
    refused(engine, data, lambda b: part(b, "meter").__setitem__(METER["cost[deploy]"], 5),
            "body.meter.cost_deploy")
    refused(engine, data, lambda b: part(b, "meter").__setitem__(METER["cost[attack]"], cfg["attack"]),
            "body.meter.cost_attack")
    refused(engine, data, lambda b: part(b, "meter").__setitem__(
        METER["cost[play_support]"], cfg["play_support"] - 1), "body.meter.cost_play_support")


def test_the_initiative_is_the_encounters(engine, mid):
    body = msgpack.unpackb(mid)[6]
    ini = part(body, "foe")[FOE["initiative"]]
    refused(engine, mid, lambda b: part(b, "foe").__setitem__(FOE["initiative"], ini + 1),
            "body.foe.initiative")
    if ini > 1 and part(body, "foe")[FOE["init_left"]] < ini:
        refused(engine, mid, lambda b: part(b, "foe").__setitem__(FOE["initiative"], ini - 1),
                "body.foe.initiative")


def test_no_decision_point_has_the_turns_decisions_spent(engine, mid):
    limit = engine.config["max_decisions_per_turn"]
    refused(engine, mid, lambda b: part(b, "turn").__setitem__(TURN["decisions"], limit),
            "body.turn.decisions")


def _intent_move(engine: eve.Engine, body: list) -> dict:
    return engine.catalog.describe_move(part(body, "foe")[FOE["intent"]])


def test_drawn_intent_parts_only_for_the_random_parts_of_the_move(engine):
    # N05: a lane for a random-lane move, a player unit for a random_foe effect, else -1
    plain = find(engine, lambda b: part(b, "foe")[FOE["intent"]] >= 0 and turn(b, "outcome") == 0
                 and _intent_move(engine, b).get("lane") not in ("random", None)
                 and _intent_move(engine, b).get("target") != "random_foe")
    refused(engine, plain, lambda b: part(b, "foe").__setitem__(FOE["intent_lane"], 0),
            "body.foe.intent_lane")
    refused(engine, plain, lambda b: part(b, "foe").__setitem__(FOE["intent_target"], 0),
            "body.foe.intent_target")
    drawn = find(engine, lambda b: part(b, "foe")[FOE["intent_lane"]] >= 0
                 and turn(b, "outcome") == 0)
    refused(engine, drawn, lambda b: part(b, "foe").__setitem__(FOE["intent_lane"], -1),
            "body.foe.intent_lane")


# ---------------------------------------------------------------- uids wrap: reachable shapes

UID_MILL = {
    # a character that dies as it enters and draws itself back (the Abyss reshuffles), so each
    # deploy makes one identity; deploys cost nothing in the configuration below
    "cards": {"moth": {"name": "Moth", "kind": "character", "power": 0, "hp": 1,
                       "on_enter": {"effect": [{"op": "damage", "to": "self", "n": 9},
                                               {"op": "draw", "n": 1}]}}},
    "encounters": {"idle": {"name": "Idle", "roster": ["core:ash_chief"], "initiative": 1,
                            "script": [{"move": "effect", "phase": "main", "target": "own_leader",
                                        "effect": [{"op": "heal", "n": 1}]}]}},
}


def test_uids_wrap_so_shared_uids_and_uids_past_next_uid_are_reachable():
    """next_uid wraps at 32,768 (codec.pxd's new_uid: `(next_uid + 1) & 0x7FFF`), and a match
    can make that many identities (here one per decision, within the round cap). After the wrap
    a new character takes uid 0, the uid of the party's first hero, and every hero's uid is at or
    past next_uid: states the engine makes, so restore admits them (heroes' own uids stay fixed
    by their setup order, which is checked)."""
    with temporary_pack(**UID_MILL) as tp:
        eng = tp.engine(config={"max_rounds": 999, "costs": {"deploy": 0}})
        m = eng.new_match(seed=1, encounter=tp.id("idle"), deck=[tp.id("moth"), "core:ember_squire"])
        moth = encoding.encode_action("play", 0, None, 0)
        squire = encoding.encode_action("play", 1, None, 1)
        end = encoding.encode_action("end_phase")
        while True:
            nu = turn(snapshot_body(m), "next_uid")
            codes = m.legal_action_codes()
            if nu == 0 and squire in codes:
                m.apply(squire)             # takes uid 0 after the wrap
                break
            assert not m.is_over and m.round < 999
            m.apply(moth if nu != 0 and moth in codes else end)
        body = snapshot_body(m)
        units = part(body, "units")
        assert turn(body, "next_uid") == 1
        assert units[CHAR_BASE + 1][UNIT["alive"]] and units[CHAR_BASE + 1][UNIT["uid"]] == 0
        assert units[0][UNIT["uid"]] == 0                     # the first hero's
        assert all(units[i][UNIT["uid"]] >= 1 for i in (1, 2, ENCOUNTER_BASE))
        r = eng.restore(m.snapshot())
        assert raw(r) == raw(m)
        rng = random.Random(2)
        for _ in range(50):
            if m.is_over:
                break
            a = rng.choice(m.legal_action_codes())
            m.apply(a)
            r.apply(a)
            assert r.state_hash() == m.state_hash()
            assert raw(eng.restore(m.snapshot())) == raw(m)


# ---------------------------------------------------------------- every state made restores

SHAPES = ("fallen player hero", "fallen encounter hero", "token", "player character",
          "sortilege partly spent", "relic", "countered item under the top", "encounter passed",
          "mid-stack player priority", "costs from a fallen hero", "task done", "used ability",
          "outcome with items on the stack", "win", "loss", "unused hero slots", "poison",
          "shield", "void card", "attacked fallen hero")


def _shapes(engine: eve.Engine, m: eve.Match, body: list) -> set[str]:
    """The rare shapes this state has (counted by the sweep)."""
    out = set()
    units = part(body, "units")
    stack = part(body, "stack")
    n0, n1 = turn(body, "n_hero_slots[player]"), turn(body, "n_hero_slots[encounter]")
    for i in range(n0):
        if not units[i][UNIT["alive"]]:
            out.add("fallen player hero")
            if units[i][UNIT["attacked"]]:
                out.add("attacked fallen hero")
    if any(not units[16 + i][UNIT["alive"]] for i in range(n1)):
        out.add("fallen encounter hero")
    if n0 < 8:
        out.add("unused hero slots")
    for u in units:
        if u[0] != -1 and u[UNIT["alive"]]:
            if u[UNIT["is_token"]]:
                out.add("token")
            if u[UNIT["poison"]]:
                out.add("poison")
            if u[UNIT["shield"]]:
                out.add("shield")
            if u[UNIT["used"]]:
                out.add("used ability")
    if any(units[i][0] != -1 and not units[i][UNIT["is_token"]] for i in range(CHAR_BASE, 16)):
        out.add("player character")
    cat = engine.catalog
    defs, zones, charges = part(body, "cards")[:3]
    for c, z in enumerate(zones):
        card = cat.cards[cat.card_ids[defs[c]]]
        if z == ZONE["lattice"] and card["kind"] == "sortilege" and charges[c] < card["charges"]:
            out.add("sortilege partly spent")
        if z == ZONE["lattice"] and card["kind"] == "relic":
            out.add("relic")
        if z == ZONE["void"]:
            out.add("void card")
    if any(it[2] for it in stack):
        out.add("countered item under the top")
    if stack and turn(body, "outcome") == 0:
        out.add("mid-stack player priority")
        if turn(body, "passes"):
            out.add("encounter passed")
    if stack and turn(body, "outcome") != 0:
        out.add("outcome with items on the stack")
    if turn(body, "outcome") == 1:
        out.add("win")
    if turn(body, "outcome") == 2:
        out.add("loss")
    if any(not t[1] and (t[2] or t[3]) for t in part(body, "tasks")):
        out.add("task done")
    lead = next((i for i in [turn(body, "leader[player]")] + list(range(n0)) if units[i][UNIT["alive"]]), None)
    if lead is not None:
        mor = units[lead][UNIT["morality"]]
        cfg = engine.config
        want = [cfg["costs"][k] for k in ("play_support", "deploy", "activate", "attack")]
        if mor >= cfg["morality_high"]:
            want[0] = max(0, want[0] - cfg["support_discount"])
        if mor <= cfg["morality_low"]:
            want[3] = max(0, want[3] - cfg["attack_discount"])
        if part(body, "meter")[3:] != want:
            out.add("costs from a fallen hero")
    return out


def _restores(engine: eve.Engine, m: eve.Match) -> list:
    data = m.snapshot()
    r = engine.restore(data)
    assert raw(r) == raw(m) and r.snapshot() == data
    return msgpack.unpackb(data)[6]


def _sweep(engine: eve.Engine, seeds: range, seen: Counter, search_every: int = 0) -> int:
    """Every Encounter, a random party of 1 to 3 heroes, random / greedy / searched play; each
    state restores, and so do a clone and a determinized copy of every fifth one."""
    n = 0
    heroes = list(engine.catalog.player_heroes)
    slots = engine.config["player_hero_slots"]
    for seed in seeds:
        rng = random.Random(seed)
        for enc in engine.catalog.encounter_ids:
            party = rng.sample(heroes, rng.randint(1, min(slots, len(heroes))))
            m = engine.new_match(seed=seed, heroes=party, encounter=enc)
            policy = rng.choice(("random", "random", "greedy"))
            step = 0
            while True:
                body = _restores(engine, m)
                seen.update(_shapes(engine, m, body))
                n += 1
                if step % 5 == 0:
                    _restores(engine, m.clone())
                    _restores(engine, m.determinize(seed * 1000 + step))
                if m.is_over:
                    break
                codes = m.legal_action_codes()
                if search_every and step % search_every == 0:
                    m.apply(mcts(m, iterations=40, seed=step).action)
                elif policy == "greedy":
                    m.apply(choose(m, "greedy", seed + step))
                else:
                    m.apply(rng.choice(codes))
                step += 1
    return n


def test_every_state_the_built_in_content_makes_restores(engine):
    seen: Counter = Counter()
    n = _sweep(engine, range(150), seen) + _sweep(engine, range(150, 160), seen, search_every=3)
    assert n > 20000
    missing = [s for s in SHAPES if not seen[s]]
    assert not missing, (missing, seen)


@pytest.mark.parametrize("config", [{"lanes": 3, "player_hero_slots": 2},
                                    {"lanes": 8, "costs": {"attack": 0, "activate": 0}},
                                    {"morality_high": -20, "morality_low": 20, "meter_base": 0}],
                         ids=["3-lanes-2-slots", "8-lanes-free", "every-discount"])
def test_every_state_under_other_rule_configurations_restores(config):
    engine = eve.Engine(config=config)
    seen: Counter = Counter()
    assert _sweep(engine, range(40), seen) > 2000


def test_every_state_of_the_frozen_pack_and_its_golden_files_restores():
    engine = frozen_engine()
    seen: Counter = Counter()
    assert _sweep(engine, range(60), seen) > 2000
    for name in ("early", "mid", "late"):
        m = engine.restore((GOLDEN / f"{name}.snap").read_bytes())
        rng = random.Random(name)
        while not m.is_over:
            _restores(engine, m)
            m.apply(rng.choice(m.legal_action_codes()))
        _restores(engine, m)


def test_restored_states_search_with_no_kept_state_mismatch(engine):
    """The search's kept states are differences from the root over the slots in use: a restored
    state must be one its replays reproduce (verify compares them byte for byte)."""
    mismatches = kept = searched = 0
    for seed in range(6):
        for i, m in enumerate(random_play(engine, seed, encounter=engine.catalog.encounter_ids[seed % 4])):
            if m.is_over or i % 7:
                continue
            r = engine.restore(m.snapshot())
            d = mcts(r, iterations=60, seed=i, verify=True, max_depth=0).details
            mismatches += d["cache_mismatches"] + d["illegal"]
            kept += d["cached_states"]
            searched += 1
            if i > 40:
                break
    assert searched > 20 and kept > 100 and mismatches == 0


@rule("S07")
def test_the_encounter_never_holds_priority_where_the_player_decides(engine, mid):
    """Issue 20, point 13: an empty Stack with the Encounter holding priority restored and looked
    the same as the original, but hashed differently, and the byte survived phase changes."""
    assert not part(msgpack.unpackb(mid)[6], "stack")
    refused(engine, mid, lambda b: part(b, "turn").__setitem__(TURN["priority"], 1), "body.turn.priority")
