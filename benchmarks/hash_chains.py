"""Print what seeded play does, hash by hash: run it under a release build and under an
EVE_DEBUG=1 build (UBSan, bounds and overflow checks) and diff the outputs; a difference is
undefined behaviour in the core (or a check that changes what it checks). `.ci/run` does this.

    python benchmarks/hash_chains.py 200 > release.txt
    python benchmarks/hash_chains.py 200 --playouts 20 --searches 8 > release.txt

Only the built-in pack is loaded (installed packs would change the content), or with `--pack
DIR` the pack in that folder alone (tests/packs/every_construct plays every construct of the
language). Each line is one of
  match SEED ENCOUNTER OUTCOME LENGTH LAST_HASH DIGEST
      a match driven from Python with random.Random(SEED), the state hash after every action
      (DIGEST: of the whole chain);
  playout POLICY ENCOUNTER SEED OUTCOME ROUNDS DECISIONS CODES_DIGEST CHAIN_DIGEST
      a native match (eve.core.playout.run_matches, recorded), its actions then replayed
      through Match.apply for the hash after every action (which must end on the native hash);
  rollout SEED STEP DECISIONS HASH
      a native random playout (eve.core.playout.playout) from a position of a match;
  search SEED STEP THREADS ACTION STATS_DIGEST DETAILS
      a seeded search with a fixed budget (verify on) from a position: its choice, every root
      action's visits and mean value, and its counters (not its timings);
  run CONTENT SEED OUTCOME ACT FLOOR LENGTH LAST_HASH DIGEST
      a run (rules U01-U21) driven from Python: its decisions by random.Random(SEED), its
      fights by the native greedy policy, the run's state hash after every action (`--runs`).
      CONTENT is "pack" (the content's own acts) and, for the built-in pack, "easy" too: the
      hand-made run of tests/run_support.py over it, whose greedy fights are won (rewards,
      shops, events, sites, act 2, a win);
  vector STEP DIGEST, vector-runs STEP DIGEST
      the native vector envs (eve.core.vec.MatchBatch, 16 matches, and RunBatch, 8 runs; 2
      threads, actions drawn natively): every 25 steps a digest of the observations, masks,
      rewards and ends written so far (`--vector STEPS`; needs numpy).
"""
import argparse
import hashlib
import importlib.util
import os
import random
import sys

import eve
import eve_content
from eve.core.playout import choose, playout, run_matches
from eve.search import mcts


def digest(items):
    return hashlib.sha256(" ".join(str(x) for x in items).encode()).hexdigest()[:16]


def random_chain(m, rng):
    chain = [m.state_hash()]
    while not m.is_over:
        m.apply(rng.choice(m.legal_action_codes()))
        chain.append(m.state_hash())
    return chain


def run_chain(run, seed):
    """A run played out: random decisions, greedy fights; the hash after every action."""
    rng = random.Random(seed)
    chain = [run.state_hash()]
    while not run.is_over:
        if run.in_fight:
            run.apply(choose(run.match, "greedy", rng.randrange(2**32)))
        else:
            run.apply(rng.choice(run.legal_action_codes()))
        chain.append(run.state_hash())
    return chain


def run_contents(engine, pack):
    """The contents to play runs of: the pack's own acts; for the built-in pack, its run and
    tests/run_support.py's hand-made "easy" run over it too (its fights won, so that chains
    reach rewards, shops, events, sites, later acts and a win); none for a pack without acts."""
    own = [("pack", engine)] if engine.catalog.tables.has_run else []
    if pack:
        return own
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    from run_support import load_hand_run
    return own + [("easy", load_hand_run(eve.Engine(packs=[eve_content]), hero_hp=200,
                                         foe_hp=3))]


def _pack(folder):
    folder = os.path.abspath(folder)
    spec = importlib.util.spec_from_file_location(os.path.basename(folder),
                                                  os.path.join(folder, "__init__.py"),
                                                  submodule_search_locations=[folder])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("matches", nargs="?", type=int, default=100, help="random matches from Python")
    ap.add_argument("--playouts", type=int, default=0, help="native matches per policy and Encounter")
    ap.add_argument("--searches", type=int, default=0, help="positions to search (and roll out from)")
    ap.add_argument("--iterations", type=int, default=400, help="search budget")
    ap.add_argument("--runs", type=int, default=0, help="runs from Python per run content")
    ap.add_argument("--pack", help="a pack folder played alone instead of the built-in pack")
    ap.add_argument("--vector", type=int, default=0, help="steps of a native vector env")
    a = ap.parse_args()

    engine = eve.Engine(packs=[_pack(a.pack) if a.pack else eve_content])
    encounters = sorted(engine.catalog.encounters)
    print("fingerprint", engine.fingerprint)
    for seed in range(a.matches):
        m = engine.new_match(seed=seed, encounter=encounters[seed % len(encounters)])
        chain = random_chain(m, random.Random(seed))
        print("match", seed, encounters[seed % len(encounters)], m.outcome, len(chain),
              f"{chain[-1]:016x}", digest(f"{h:x}" for h in chain))

    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    for policy in ("random", "greedy"):
        for enc in encounters:
            seeds = list(range(a.playouts))
            for seed, (outcome, rounds, decisions, codes, final) in zip(
                    seeds, run_matches(engine.content, seeds, heroes, engine.encounter_index(enc),
                                       policy, record=True)):
                m = engine.new_match(seed=seed, encounter=enc)
                chain = [m.state_hash()]
                for c in codes:
                    m.apply(c)
                    chain.append(m.state_hash())
                assert chain[-1] == final, f"{policy} {enc} {seed}: replayed hash != native hash"
                print("playout", policy, enc, seed, outcome, rounds, decisions, digest(codes),
                      digest(f"{h:x}" for h in chain))

    for seed in range(a.searches):
        m = engine.new_match(seed=seed, encounter=encounters[seed % len(encounters)])
        rng = random.Random(seed)
        step = 0
        while True:
            rest = m.clone()
            print("rollout", seed, step, playout(rest, seed), f"{rest.state_hash():016x}")
            for threads in (1, 2):
                r = mcts(m, iterations=a.iterations, seed=seed, threads=threads, verify=True)
                counters = {k: v for k, v in sorted(r.details.items()) if not k.endswith("_s")}
                print("search", seed, step, threads, r.action.code,
                      digest((s.action.code, s.visits, repr(s.value)) for s in r.stats),
                      " ".join(f"{k}={v}" for k, v in counters.items()))
            # up to three positions a match: the start, then after 3 to 11 more random actions
            for _ in range(rng.randrange(3, 12)):
                if m.is_over:
                    break
                m.apply(rng.choice(m.legal_action_codes()))
            step += 1
            if step == 3 or m.is_over:
                break

    for name, content in (run_contents(engine, a.pack) if a.runs else ()):
        for seed in range(a.runs):
            party = None if seed % 4 == 3 else content.default_heroes()
            run = content.new_run(seed, party=party)
            chain = run_chain(run, seed)
            print("run", name, seed, run.outcome, run.act, run.floor, len(chain),
                  f"{chain[-1]:016x}", digest(f"{h:x}" for h in chain))

    if a.vector:
        vector_chain(engine, a.vector)


def vector_chain(engine, steps):
    from eve.core.observe import Observer
    from eve.core.vec import MatchBatch, RunBatch

    o = Observer(engine)
    _batch_chain("vector", MatchBatch(o, 16, [engine.hero_index(h) for h in engine.default_heroes()],
                                      0, threads=2), o, steps)
    if engine.catalog.tables.has_run:
        o = Observer(engine, run=True)
        _batch_chain("vector-runs", RunBatch(o, 8, None, threads=2), o, steps)


def _batch_chain(name, b, o, steps):
    import numpy as np

    n = b.n
    obs, mask = np.zeros((n, o.size), np.int16), np.zeros((n, o.n_actions), np.int8)
    rw, te, tr = np.zeros(n, np.float32), np.zeros(n, np.uint8), np.zeros(n, np.uint8)
    a = np.zeros(n, np.int64)
    b.reset(list(range(n)), obs, mask)
    h = hashlib.sha256(obs.tobytes() + mask.tobytes())
    for step in range(1, steps + 1):
        b.sample(a)
        b.step(a, obs, mask, rw, te, tr)
        for arr in (a, obs, mask, rw, te, tr):
            h.update(arr.tobytes())
        if step % 25 == 0:
            print(name, step, h.hexdigest()[:16])
    b.close()


if __name__ == "__main__":
    main()
