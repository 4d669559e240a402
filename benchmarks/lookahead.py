"""A one-ply lookahead as a user writes it from the Python API in twenty lines: the yardstick
the native `greedy` baseline must not lose to (tests/test_baselines.py).

    python benchmarks/lookahead.py --seeds 100 [--encounters core:hollow_court,...]

Prints, per Encounter, the wins of random, greedy and this lookahead over the same seeds.
"""
import argparse
import random


def score(m):
    """Hp and board on both sides, the Encounter's hp counted double; a win or a loss first."""
    if m.is_over:
        return 1e9 if m.outcome == "win" else -1e9
    mine = sum(u["hp"] for u in m.heroes("player") if u["alive"])
    mine += sum(c["hp"] + c["power"] + 10 for c in m.characters("player") if c)
    theirs = sum(u["hp"] for u in m.heroes("encounter") if u["alive"])
    theirs += sum(c["hp"] + c["power"] + 10 for c in m.characters("encounter") if c)
    return mine - 2 * theirs


def lookahead(m, rng):
    """The legal action whose result scores best; ties drawn at random from `rng`."""
    best, top = [], -2e9
    for code in m.legal_action_codes():
        after = m.clone()
        after.apply(code)
        v = score(after)
        if v > top:
            best, top = [code], v
        elif v == top:
            best.append(code)
    return rng.choice(best)


def play(engine, seed, encounter):
    """One match of the default party against `encounter`, played by `lookahead`; its outcome."""
    m = engine.new_match(seed=seed, encounter=encounter)
    rng = random.Random(seed)
    while not m.is_over:
        m.apply(lookahead(m, rng))
    return m.outcome


def main():
    import eve
    from eve.core.playout import run_matches
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--encounters", default="")
    a = ap.parse_args()
    engine = eve.Engine()
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    encs = a.encounters.split(",") if a.encounters else list(engine.catalog.encounters)
    seeds = list(range(a.seeds))
    print(f"| Encounter ({a.seeds} seeds) | random | greedy | Python one-ply lookahead |")
    print("|---|---:|---:|---:|")
    for enc in encs:
        ei = engine.encounter_index(enc)
        wins = [sum(1 for r in run_matches(engine.content, seeds, heroes, ei, p) if r[0] == "win")
                for p in ("random", "greedy")]
        wins.append(sum(1 for s in seeds if play(engine, s, enc) == "win"))
        print(f"| `{enc}` | " + " | ".join(f"{w}" for w in wins) + " |", flush=True)


if __name__ == "__main__":
    main()
