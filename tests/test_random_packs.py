"""Random simulation over random packs (tests/random_packs.py), not only the built-in one.

Matches of seeded random packs played with random legal actions through the public API, every
invariant of tests/match_invariants.py checked after every action (the snapshot decoder's
cross-check among them: every state the engine makes restores, to the same hash); and every
match, played at random natively or by a policy that never passes while it has anything else
to do, ends within the engine's declared maximum match length (`Engine.max_match_length`,
issue 13: a match must be bounded by rule, not by a cap of the caller's).
"""
from __future__ import annotations

import random
import re
import warnings

import pytest
from match_invariants import Tracker, check_state
from random_packs import RUN_OPS, RUN_SELECTORS, random_engine, random_pack

import eve
from eve.core.playout import playout
from eve.core.vocabulary import CONTENT
from eve.encoding import ACTION_KINDS
from eve.plugins.data import DataPack

N_PACKS = 240               # invariants: 240 packs x 3 matches, played from Python
BLOCKS = 4
PY_BUDGET = 1500            # actions a Python-played match gets in the invariants test
BOUND_PACKS = 104           # the bound: 104 packs x 24 native playouts = 2,496 matches
BOUND_MATCHES = 24
STUBBORN_MATCHES = 2
BARE = (ACTION_KINDS["pass"], ACTION_KINDS["end_phase"])


def stubborn(r: random.Random, codes: list[int]) -> int:
    """A random action, but never pass or end a phase while anything else is legal: the
    policy that finds a loop the rules leave open (uniform play passes out of it by chance)."""
    busy = [c for c in codes if c >> 24 not in BARE]
    return r.choice(busy or codes)


def matches(engine: eve.Engine, n: int):
    encs = list(engine.catalog.encounters)
    for k in range(n):
        yield k, engine.new_match(seed=k, encounter=encs[k % len(encs)])


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_pack_matches_keep_every_invariant(block):
    per = N_PACKS // BLOCKS
    for seed in range(block * per, (block + 1) * per):
        engine = random_engine(seed)
        for k, m in matches(engine, 3):
            r = random.Random(seed * 1000 + k)
            tracker = Tracker(m)
            check_state(m)
            while not m.is_over and len(m.actions) < PY_BUDGET:
                codes = m.legal_action_codes()
                a = stubborn(r, codes) if k == 2 else r.choice(codes)
                if len(m.actions) % 16 == 0:        # the same action on a clone: the same state
                    twin = m.clone()
                    twin.apply(a)
                    m.apply(a)
                    assert twin.state_hash() == m.state_hash(), f"pack {seed} match {k}"
                else:
                    m.apply(a)
                check_state(m)
                tracker.step(m)


# the run's own tables (rules U01-U21): a match's content never names them
RUN_TABLES = ("run_node", "rarity", "run_target", "run_value", "compare", "run_event")


def test_the_generated_packs_use_the_whole_vocabulary():
    """The generator reaches every content name (ops, selectors, targets, triggers, goals,
    keywords, conditions, response kinds, moves, lanes, card kinds), so the simulation plays
    them all."""
    seen: dict[str, set] = {k: set() for k in CONTENT}

    def walk(x, key=None):
        if isinstance(x, dict):
            if "cond" in x and "do" in x:           # a branch on an expression
                seen["condition"].add("expr")
            for k, v in x.items():
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str):
            for table in KEYS.get(key, ()):
                if x in CONTENT[table]:
                    seen[table].add(x)
            if key in ("n", "cond"):                 # an expression: the names it reads
                for word in re.findall(r"[a-z_]+", x):
                    for table in ("expr_ref", "expr_attr", "expr_count", "expr_event"):
                        if word in CONTENT[table]:
                            seen[table].add(word)

    KEYS = {"op": ("op",), "to": ("selector",), "target": ("target", "enemy_target"),
            "on": ("trigger", "response_on"), "goal": ("goal",), "keywords": ("keyword",),
            "if": ("condition",), "move": ("move",), "lane": ("lane",), "kind": ("card_kind",),
            "phase": ("phase",), "stacking": ("status_stacking",),
            "polarity": ("status_polarity",), "at": ("status_timing",), "by": ("status_decay",),
            "into": ("place",), "who": ("trigger_who", "aura_who"), "until": ("until",),
            "reset": ("counter_reset",), "once": ("trigger_limit",),
            "per": ("trigger_limit",), "spend": ("status_spend",), "from": ("choice_from",),
            "source": ("trigger_source",), "unit": ("trigger_unit",),
            "card": ("card_kind", "trigger_card")}
    for seed in range(N_PACKS):
        p = random_pack(seed)
        walk([p.heroes, p.cards, p.units, p.tasks, p.encounters, p.statuses, p.counters])
    # a random pack is a match's content: the run's names (its instructions and selectors,
    # rule U19, and its own tables) are said by tests/test_run_content.py and the lexicon of
    # tests/test_rules_text.py
    run = {"op": RUN_OPS, "selector": RUN_SELECTORS,
           **{k: set(CONTENT[k]) for k in RUN_TABLES}}
    missing = {k: sorted(set(CONTENT[k]) - seen[k] - {"fixed", "none", "never"} - (
        {"beginning", "end"} if k == "phase" else set()) - run.get(k, set())) for k in CONTENT}
    assert not any(missing.values()), missing


# The run's vocabulary (rules U01-U21) is not in random packs yet: a pack registers run content
# (acts, events, rewards, shops, sites) only once the run pipeline compiles it; until then
# tests/run_support.py's hand-made runs (random_run_knobs included) play it.
RUN_TABLES = ("run_node", "rarity", "run_target", "run_value", "compare", "run_event")
RUN_ONLY = {"op": set(RUN_OPS), "selector": set(RUN_SELECTORS)}


def _bounded_matches(n: int):
    """(pack seed, match seed, match, the engine's match length bound) over BOUND_PACKS packs."""
    for seed in range(BOUND_PACKS):
        engine = random_engine(seed)
        for k, m in matches(engine, n):
            yield seed, k, m, engine.max_match_length


def test_native_playouts_over_random_packs_end_within_the_match_length_bound():
    unfinished = []
    for seed, k, m, bound in _bounded_matches(BOUND_MATCHES):
        d = playout(m, k, bound + 1)
        if not m.is_over or d > bound:
            unfinished.append((seed, k, d))
        check_state(m)
    assert not unfinished, f"{len(unfinished)} matches ran past the bound: {unfinished[:10]}"


def test_stubborn_play_over_random_packs_ends_within_the_match_length_bound():
    unfinished = []
    for seed, k, m, bound in _bounded_matches(STUBBORN_MATCHES):
        r = random.Random(k)
        while not m.is_over and len(m.actions) <= bound:
            m.apply(stubborn(r, m.legal_action_codes()))
        if not m.is_over:
            unfinished.append((seed, k))
            continue
        assert len(m.actions) <= bound
        check_state(m)
    assert not unfinished, f"{len(unfinished)} matches ran past the bound: {unfinished[:10]}"


LOOP_RULES = {"player_hero_slots": 1, "lanes": 1, "hand_floor": 1, "opening_hand": 1,
              "max_rounds": 5, "max_decisions_per_turn": 100, "meter_base": 2,
              "morality_high": 3, "morality_low": -3, "support_discount": 1, "attack_discount": 1,
              "costs": {"play_support": 2, "deploy": 2, "activate": 1, "attack": 1}}


def test_a_free_reaction_that_draws_itself_back_cannot_loop_forever():
    """Issue 13's one-card pack: a reaction Sortilege whose reaction ability draws. Played
    and activated while responding it goes to the Abyss and is drawn back (the reshuffle), free
    each time, so a player who never passes never lets the round end, unless a rule bounds it."""
    pack = DataPack("loop", "1", rules=LOOP_RULES,
                    heroes={"h": {"max_hp": 10, "power": 1, "cards": ["s"]}},
                    cards={"s": {"kind": "sortilege", "charges": 1, "keywords": ["reaction"],
                                 "ability": {"target": "none", "reaction": True,
                                             "effect": [{"op": "draw", "n": 1}]}}},
                    units={"e": {"kind": "enemy_hero", "max_hp": 10, "power": 1}},
                    encounters={"x": {"roster": ["e"], "initiative": 1,
                                      "script": [{"move": "attack", "phase": "combat"}]}})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", eve.ContentWarning)
        engine = eve.Engine(packs=[pack])
    bound = engine.max_match_length
    for seed in range(5):
        m = engine.new_match(seed=seed)
        r = random.Random(seed)
        while not m.is_over and len(m.actions) <= bound:
            m.apply(stubborn(r, m.legal_action_codes()))
        assert m.is_over and len(m.actions) <= bound, f"seed {seed}: {len(m.actions)} actions"
        check_state(m)


def test_a_pack_of_nested_ifs_fits_a_programs_length():
    """Pack 2570's response effect drew eight instructions, nested `if`s among them: 33 rows
    compiled, past the program length; the generator keeps what fits, so the pack loads."""
    m = random_engine(2570).new_match(seed=0)
    check_state(m)
