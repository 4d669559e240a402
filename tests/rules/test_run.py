"""The run (docs/rules.md, "The run": U01-U18, U21): seeding, the party, permadeath, fights,
the deck, the map and its nodes, rewards, Sanctums, Forges, shops, events, drift, Ambition,
refusals, hidden information and timeouts. Run programs and Relics' run triggers (U19, U20)
are in test_run_programs.py.

The built-in pack has no run content yet: the runs are of tests/run_support.py's hand-made
run over the built-in cards and Encounters (easy_engine: heroes of 200 hp against foes of 3,
so greedy play wins its fights).
"""
from __future__ import annotations

import random

import pytest
from conftest import rule
from run_support import (
    easy_engine,
    fight_action,
    play,
    run_engine,
    run_kind,
)

import eve
from eve.encoding import decode_action, encode_action

PARTY = ["core:aldric", "core:seraphine", "core:varek"]


def new(engine, seed, party=PARTY):
    return engine.new_run(seed, party=party)


def hashes_of(engine, seed, policy_seed, n=None):
    run = new(engine, seed)
    out = [run.state_hash()]
    rng = random.Random(policy_seed)
    while not run.is_over and (n is None or len(out) <= n):
        if run.in_fight:
            run.apply(fight_action(run, rng.randrange(2**32)))
        else:
            run.apply(rng.choice(run.legal_action_codes()))
        out.append(run.state_hash())
    return run, out


# ---------------------------------------------------------------- U01 seeding and streams


@rule("U01")
def test_same_seed_and_choices_give_the_same_run_hash_for_hash():
    e = easy_engine()
    for seed in (0, 7):
        r1, c1 = hashes_of(e, seed, 100 + seed)
        r2, c2 = hashes_of(e, seed, 100 + seed)
        assert c1 == c2 and len(c1) > 20
        assert r1.outcome == r2.outcome and r1.deck == r2.deck and r1.relics == r2.relics


@rule("U01")
def test_different_seeds_give_different_maps_and_chains():
    e = easy_engine()
    maps = {repr(new(e, s).map) for s in range(8)}
    assert len(maps) >= 6
    _, c1 = hashes_of(e, 1, 5, n=30)
    _, c2 = hashes_of(e, 2, 5, n=30)
    assert c1[0] != c2[0] and set(c1).isdisjoint(c2)


def _act2_map(engine, seed, policy_seed):
    run = new(engine, seed)
    play(run, policy_seed, until=lambda r: r.act == 2 or r.is_over)
    assert run.act == 2, "the easy run reaches act 2"
    return run.map, run.boss


@rule("U01")
def test_run_streams_do_not_depend_on_the_play():
    """The map stream is the map's only: act 2's map and boss are the same whatever path,
    rewards, shops and fights came before (the fights' draws are the match's own streams)."""
    e = easy_engine()
    for seed in (3, 4):
        maps = {repr(_act2_map(e, seed, p)) for p in (1, 2, 3)}
        assert len(maps) == 1


@rule("U01")
def test_first_reward_is_the_same_whatever_the_fight():
    """The rewards stream is not the match's: the first fight's reward (aurorune and the cards
    offered) is the same however the fight is played."""
    e = easy_engine()
    seen = set()
    for policy in range(4):
        run = new(e, 11)
        run.apply(run.legal_action_codes()[0])
        assert run.in_fight
        play(run, policy, until=lambda r: not r.in_fight)
        assert run.phase == "reward"
        seen.add((run.aurorune, tuple(run.offer)))
    assert len(seen) == 1


@rule("U01")
def test_a_fight_seed_comes_from_the_run():
    """A fight's match is seeded from the run's `run_encounters` stream: the same run seed
    gives the same match; other run seeds entering the same node against the same Encounter
    give other matches (other draws)."""
    e = easy_engine(acts=[{"floors": 3, "width": 2, "paths": 1, "elite_floor": 3,
                           "fights": ["core:ash_warband"], "elites": ["core:wyrm_lair"],
                           "bosses": ["core:midnight_throne"]}])
    starts = []
    for seed in range(6):
        runs = [new(e, seed), new(e, seed)]
        for r in runs:
            r.apply(r.legal_action_codes()[0])
            assert r.encounter == "core:ash_warband"
        assert runs[0].match.state_hash() == runs[1].match.state_hash()
        starts.append(runs[0].match.state_hash())
    assert len(set(starts)) == len(starts)


@rule("U01")
def test_run_hash_chains_equal_across_processes():
    """benchmarks/hash_chains.py's run lines (what .ci/run compares between the release and
    the debug build) are the same in two processes of different hash seeds."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    outs = []
    for hashseed in ("0", "4242"):
        r = subprocess.run([sys.executable, str(root / "benchmarks" / "hash_chains.py"), "0",
                            "--runs", "6"], capture_output=True, text=True, check=True,
                           env=dict(os.environ, PYTHONHASHSEED=hashseed))
        outs.append([ln for ln in r.stdout.splitlines() if ln.startswith("run ")])
    assert outs[0] == outs[1] and len(outs[0]) == 12
    assert len({ln.split()[7] for ln in outs[0]}) == 12
    assert {ln.split()[3] for ln in outs[0]} == {"win", "loss"}


# ---------------------------------------------------------------- U02 the party


@rule("U02")
def test_party_recruited_one_at_a_time_none_twice():
    e = easy_engine()
    run = e.new_run(5)
    assert run.phase == "party" and run.party == []
    players = list(e.catalog.player_heroes)
    chosen = []
    for pick in (4, 0, 2):
        codes = run.legal_action_codes()
        kinds = {run_kind(run, c) for c in codes}
        assert kinds == {"recruit"}
        offered = [e.catalog.hero_ids[decode_action(c).source] for c in codes]
        assert offered == [h for h in players if h not in chosen]
        code = encode_action("recruit", pick, 0)
        assert code in codes
        run.apply(code)
        chosen.append(e.catalog.hero_ids[pick])
        if len(chosen) < 3:
            with pytest.raises(eve.IllegalAction):
                run.apply(code)         # none twice
    assert [h["id"] for h in run.party] == chosen
    assert run.phase == "path" and run.map is not None


@rule("U02")
def test_party_given_at_the_start():
    e = easy_engine()
    run = e.new_run(5, party=["core:lyra", "core:aldric", "core:ilse"])
    assert [h["id"] for h in run.party] == ["core:lyra", "core:aldric", "core:ilse"]
    assert run.phase == "path"
    with pytest.raises(ValueError):
        e.new_run(5, party=["core:lyra", "core:aldric"])
    with pytest.raises(ValueError):
        e.new_run(5, party=["core:lyra", "core:lyra", "core:aldric"])
    small = easy_engine(config={"party": 2})
    assert len(small.new_run(1, party=["core:lyra", "core:ilse"]).party) == 2


@rule("U02")
def test_a_party_larger_than_the_player_heroes_is_refused():
    import warnings

    from random_packs import random_engine
    from run_support import load_hand_run
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        base = random_engine(3)                 # one player hero, three hero slots
    assert len(base.catalog.player_heroes) == 1
    acts = [{"floors": 3, "width": 2, "paths": 1, "elite_floor": 2,
             "fights": [0], "elites": [0], "bosses": [0]}]
    try:
        e = load_hand_run(base, acts=acts, config={"party": 2}, upgrades={}, events=(),
                          sites={})
    except Exception:               # refused at load: the fix
        return
    run = e.new_run(0)
    while run.phase == "party" and run.legal_action_codes():
        run.apply(run.legal_action_codes()[0])
    assert run.is_over or run.legal_action_codes(), "a run waiting with no legal action"


# ---------------------------------------------------------------- U03 ratings kept


def _ratings(run):
    return [(h["id"], h["hp"], h["max_hp"], h["ambition"], h["morality"])
            for h in run.party if h["alive"]]


@rule("U03")
def test_heroes_keep_their_hp_between_fights_and_start_fights_with_them():
    e = easy_engine(rewards={"fight": {"aurorune": (5, 5), "cards": 2}},
                    weights={"fight": 100, "elite": 0, "event": 0, "sanctum": 0, "forge": 0,
                             "shop": 0})
    checked = 0
    for seed in range(4):
        run = new(e, seed)
        rng = random.Random(seed)
        while not run.is_over and run.act == 1 and run.floor < 4:
            if run.in_fight:
                play(run, rng.randrange(99), until=lambda r: not r.in_fight)
                continue
            before = _ratings(run)
            code = rng.choice(run.legal_action_codes())
            run.apply(code)
            if run.in_fight:
                heroes = run.match.heroes("player")
                assert [(h["id"], h["hp"], h["max_hp"], h["ambition"], h["morality"])
                        for h in heroes] == before
                leader = next(h for h in heroes if h["leader"])
                cfg = e.catalog.config
                meter = run.match.meter
                cap = cfg["meter_base"] + leader["ambition"]
                assert meter["capacity"] == cap or cap < meter["costs"]["attack"]
                checked += 1
            else:
                assert _ratings(run) == before     # no free healing on the way
    assert checked >= 6


@rule("U03")
def test_the_fights_meter_is_seeded_from_the_run_ratings():
    """Training the leader at a Sanctum gives the next fight one more Action Meter capacity
    than training another hero (seed 002: the leader's Ambition)."""
    e = easy_engine(weights={"fight": 0, "elite": 0, "event": 0, "sanctum": 1, "forge": 0,
                             "shop": 0})
    run = new(e, 4)
    play(run, 4, until=lambda r: r.phase == "site")
    caps = []
    for slot in (0, 1):
        c = run.clone()
        c.apply(encode_action("option", 1, slot))       # train
        play(c, 0, until=lambda r: r.in_fight, chooser=lambda r, codes, rng: codes[0])
        assert c.node == "boss"
        leader = next(h for h in c.match.heroes("player") if h["leader"])
        assert leader["id"] == c.party[0]["id"]
        caps.append(c.match.meter["capacity"])
    assert caps[0] == caps[1] + 1


@rule("U03")
def test_hp_after_a_fight_is_the_hp_it_ended_with():
    """The party takes back its heroes' hp from the fight's last position (the same action
    applied to a copy of the match shows it)."""
    e = easy_engine(rewards={"fight": {"aurorune": (5, 5), "cards": 2}})
    hurt = 0
    for seed in range(6):
        run = new(e, seed)
        run.apply(run.legal_action_codes()[0])
        rng = random.Random(seed)
        while True:
            code = fight_action(run, rng.randrange(99))
            m = run.match
            m.apply(code)
            run.apply(code)
            if not run.in_fight:
                break
        assert m.outcome == "win"
        ended = {h["id"]: h["hp"] for h in m.heroes("player")}
        assert [h["hp"] for h in run.party] == [ended[h["id"]] for h in run.party]
        hurt += sum(h["hp"] < h["max_hp"] for h in run.party)
    assert hurt > 0, "some hero was hurt in some fight (else the test would see no healing)"


# ---------------------------------------------------------------- U04 permadeath


def _run_with_a_death(engine, seeds=range(40)):
    """A run where a hero falls in a fight and the run goes on."""
    for seed in seeds:
        run = new(engine, seed)
        play(run, seed, until=lambda r: bool(r.fallen) or r.is_over)
        if run.fallen and not run.is_over:
            return run, seed
    raise AssertionError("no seed gives a fallen hero in a run that goes on")


@rule("U04")
def test_a_fallen_hero_leaves_the_party_for_the_rest_of_the_run():
    e = run_engine(hero_hp=12, foe_hp=6)
    run, seed = _run_with_a_death(e)
    fallen = set(run.fallen)
    assert all(h["hp"] == 0 for h in run.party if not h["alive"])
    rng = random.Random(seed)
    fights = sites = 0
    while not run.is_over:
        was = run.in_fight
        if run.in_fight:
            run.apply(fight_action(run, rng.randrange(99)))
        else:
            run.apply(rng.choice(run.legal_action_codes()))
        assert fallen <= set(run.fallen), "a fallen hero came back"
        fallen = set(run.fallen)
        if run.phase == "site":
            # a hero pick (train, temper) lists the living heroes only
            living = [h["slot"] for h in run.party if h["alive"]]
            picks = {}
            for c in run.legal_action_codes():
                a = decode_action(c)
                picks.setdefault(a.source, []).append(a.target)
            for opt in ((1,) if run.node == "sanctum" else (1, 2)):
                assert picks.get(opt) == living, (run.node, picks, living)
            sites += 1
        if run.in_fight and not was:
            fights += 1
            ids = [h["id"] for h in run.match.heroes("player")]
            assert not fallen & set(ids)
            assert ids == [h["id"] for h in run.party if h["alive"]]
    assert fights >= 1 or run.outcome == "loss"
    assert sites >= 1, "a site met after a hero fell"


# ---------------------------------------------------------------- U05 the end


@rule("U05")
def test_the_run_is_lost_when_no_hero_survives():
    e = run_engine(hero_hp=1)
    for seed in range(3):
        run = new(e, seed)
        play(run, seed)
        assert run.outcome == "loss"
        assert run.legal_actions() == [] and run.legal_action_codes() == []
        assert not any(h["alive"] for h in run.party)
        assert run.events[-1].kind == "run_outcome"


@rule("U05")
def test_the_run_is_won_when_the_last_acts_boss_falls():
    e = easy_engine()
    for seed in range(3):
        run = new(e, seed)
        play(run, seed)
        assert run.outcome == "win"
        assert run.act == 2 and run.node == "boss" and run.floor == 5
        assert run.legal_action_codes() == []


@rule("U05")
def test_beating_the_first_acts_boss_goes_on_to_the_next_act():
    e = easy_engine()
    run = new(e, 9)
    play(run, 9, until=lambda r: r.node == "boss" and r.phase == "reward")
    assert run.act == 1 and not run.is_over
    run.apply(encode_action("leave", 0, 0))
    assert run.act == 2 and run.phase == "path" and run.floor == 0


# ---------------------------------------------------------------- U06 a fight is a match


@rule("U06")
def test_a_fight_is_a_match_of_the_living_heroes_against_the_nodes_encounter():
    e = easy_engine()
    for seed in range(3):
        run = new(e, seed)
        play(run, seed, until=lambda r: r.in_fight)
        m = run.match
        assert [h["id"] for h in m.heroes("player")] == [h["id"] for h in run.party if h["alive"]]
        assert run.encounter in ("core:ash_warband", "core:hollow_court")
        # the run's actions in it are the match's own, applied as the match applies them
        for _ in range(15):
            if not run.in_fight:
                break
            codes = run.legal_action_codes()
            assert codes == m.legal_action_codes()
            code = codes[seed % len(codes)]
            m.apply(code)
            run.apply(code)
            if run.in_fight:
                assert run.match.state_hash() == m.state_hash()
            m = run.match
        # run.match is a copy: acting on it does not move the run
        if run.in_fight:
            h = run.state_hash()
            c = run.match
            c.apply(c.legal_action_codes()[0])
            assert run.state_hash() == h


# ---------------------------------------------------------------- U07 the deck


def _defs(m, zone):
    return sorted(m.zone(zone))


@rule("U07")
def test_the_deck_is_the_heroes_starting_cards_and_fights_shuffle_it():
    e = easy_engine(rewards={"fight": {"aurorune": (5, 5), "cards": 3, "relics": 1}})
    run = new(e, 3)
    want = []
    for h in PARTY:
        want += [e.catalog.card_ids[c]
                 for c in e.catalog.start_cards(e.catalog.hero_ids.index(h))]
    assert run.deck == want
    rng = random.Random(3)
    fights = with_relics = 0
    while not run.is_over and fights < 6:
        if not run.in_fight:
            run.apply(rng.choice(run.legal_action_codes()))
            if run.in_fight:
                fights += 1
                m = run.match
                # every card of the deck in the fight, the Relics on the Lattice in order
                cards = [m.card_id(c) for c in range(m.n_cards)]
                assert sorted(cards) == sorted(run.deck + run.relics)
                lattice = [m.card_id(c) for c in m.zone_cards("lattice")]
                assert lattice[:len(run.relics)] == run.relics
                with_relics += len(run.relics) >= 2
            continue
        run.apply(fight_action(run, rng.randrange(99)))
    assert fights >= 3 and with_relics >= 1


@rule("U07")
def test_a_new_archive_each_fight():
    e = easy_engine(weights={"fight": 100, "elite": 0, "event": 0, "sanctum": 0, "forge": 0,
                             "shop": 0}, rewards={"fight": {"aurorune": (0, 0), "cards": 0}})
    run = new(e, 8)
    archives = []
    rng = random.Random(8)
    while not run.is_over and len(archives) < 3:
        run.apply(rng.choice(run.legal_action_codes()))
        if run.in_fight:
            archives.append(run.match.zone("archive") + run.match.zone("rift"))
            play(run, 1, until=lambda r: not r.in_fight)
    assert len(archives) == 3 and len({tuple(a) for a in archives}) == 3


# ---------------------------------------------------------------- U08 the map


def check_map(mp, act):
    floors = mp["floors"]
    n = act["floors"]
    w = act["width"]
    assert len(floors) == n + 1 and all(len(row) == w for row in floors)
    assert any(floors[0]), "the first floor has nodes"
    assert floors[n] == [("boss" if c == w // 2 else None) for c in range(w)]
    nodes = {(f, c) for f in range(n) for c in range(w) if floors[f][c]}
    for (f, c) in nodes:
        out = mp["edges"][(f + 1, c)]
        assert out, f"node {(f, c)} leads nowhere"
        for d in out:
            assert floors[f + 1][d], f"edge {(f, c)} -> {(f + 1, d)}: no node there"
            if f + 1 < n:
                assert abs(d - c) <= 1, f"edge {(f, c)} -> {(f + 1, d)} skips a column"
            else:
                assert d == w // 2
        if f > 0:
            assert any(c in mp["edges"][(f, p)] for p in range(w) if floors[f - 1][p]), \
                f"node {(f, c)} has no way in"
    assert set(mp["edges"]) == {(f + 1, c) for f, c in nodes}


@rule("U08")
def test_map_shape():
    acts = [{"floors": 6, "width": 7, "paths": 4, "elite_floor": 3,
             "fights": ["core:ash_warband"], "elites": ["core:wyrm_lair"],
             "bosses": ["core:midnight_throne", "core:drowned_choir", "core:hollow_court"]},
            {"floors": 3, "width": 2, "paths": 1, "elite_floor": 2,
             "fights": ["core:ash_warband"], "elites": ["core:wyrm_lair"],
             "bosses": ["core:midnight_throne"]}]
    e = easy_engine(acts=acts)
    bosses = set()
    for seed in range(25):
        run = new(e, seed)
        check_map(run.map, acts[0])
        assert run.map["at"] is None
        bosses.add(run.boss)
        # at the act's start: any node of the first floor
        starts = sorted(decode_action(c).source for c in run.legal_action_codes())
        assert starts == [c for c in range(7) if run.map["floors"][0][c]]
    assert bosses == {"core:midnight_throne", "core:drowned_choir", "core:hollow_court"}
    run = new(e, 2)
    play(run, 2, until=lambda r: r.act == 2)
    check_map(run.map, acts[1])


@rule("U08")
def test_the_map_never_changes_in_an_act_and_travel_follows_its_edges():
    e = easy_engine()
    for seed in range(4):
        run = new(e, seed)
        rng = random.Random(seed)
        mp, act, boss = run.map, run.act, run.boss
        while not run.is_over:
            if run.phase == "path":
                f, c = (run.map["at"] or (0, None))
                expect = (sorted(d for d in range(len(mp["floors"][0])) if mp["floors"][0][d])
                          if c is None else mp["edges"][(f, c)])
                got = sorted(decode_action(x).source for x in run.legal_action_codes())
                assert got == sorted(expect)
            if run.in_fight:
                run.apply(fight_action(run, rng.randrange(99)))
            else:
                run.apply(rng.choice(run.legal_action_codes()))
            if run.act != act:
                mp, act, boss = run.map, run.act, run.boss
                continue
            assert {k: v for k, v in run.map.items() if k != "at"} == \
                {k: v for k, v in mp.items() if k != "at"}
            assert run.boss == boss
            if run.node == "boss" and run.in_fight:
                assert run.encounter == boss


# ---------------------------------------------------------------- U09 node kinds


@rule("U09")
def test_fixed_floors_and_no_elite_before_elite_floor():
    acts = [{"floors": 8, "width": 7, "paths": 6, "elite_floor": 5,
             "nodes": {"elite": 80, "fight": 5, "event": 5, "sanctum": 5, "forge": 5,
                       "shop": 5},
             "fights": ["core:ash_warband"], "elites": ["core:wyrm_lair"],
             "bosses": ["core:midnight_throne"]}]
    e = easy_engine(acts=acts)
    elites = 0
    for seed in range(20):
        fl = new(e, seed).map["floors"]
        assert all(k in (None, "fight") for k in fl[0]) and any(fl[0])
        assert all(k in (None, "sanctum") for k in fl[7]) and any(fl[7])
        for f in range(1, 4):                # floors 2..4 (1-based) are before elite_floor 5
            assert "elite" not in fl[f]
        elites += sum(k == "elite" for f in range(4, 7) for k in fl[f])
    assert elites > 20


@rule("U09")
def test_free_floors_follow_the_weights():
    only_shops = {"fight": 0, "elite": 0, "event": 0, "sanctum": 0, "forge": 0, "shop": 1}
    e = easy_engine(weights=only_shops)
    for seed in range(5):
        fl = new(e, seed).map["floors"]
        for f in range(1, 4):
            assert {k for k in fl[f] if k} == {"shop"}
    mixed = easy_engine(weights={"fight": 1, "elite": 0, "event": 1, "sanctum": 0, "forge": 1,
                                 "shop": 0})
    kinds = set()
    for seed in range(10):
        fl = mixed.new_run(seed, party=PARTY).map["floors"]
        kinds |= {k for f in range(1, 4) for k in fl[f] if k}
    assert kinds == {"fight", "event", "forge"}


@rule("U09")
def test_fights_and_elites_draw_from_their_pools():
    e = easy_engine(weights={"fight": 1, "elite": 1, "event": 0, "sanctum": 0, "forge": 0,
                             "shop": 0})
    seen = {"fight": set(), "elite": set(), "boss": set()}
    for seed in range(8):
        run = new(e, seed)
        rng = random.Random(seed)
        while not run.is_over:
            was = run.in_fight
            if run.in_fight:
                run.apply(fight_action(run, rng.randrange(99)))
            else:
                run.apply(rng.choice(run.legal_action_codes()))
            if run.in_fight and not was:
                seen[run.node].add((run.act, run.encounter))
    assert {enc for a, enc in seen["fight"] if a == 1} == {"core:ash_warband", "core:hollow_court"}
    assert {enc for a, enc in seen["fight"] if a == 2} == {"core:hollow_court", "core:drowned_choir"}
    assert {enc for _, enc in seen["elite"]} == {"core:wyrm_lair"}
    assert {enc for a, enc in seen["boss"] if a == 2} == {"core:midnight_throne"}
