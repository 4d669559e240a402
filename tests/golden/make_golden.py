"""Regenerate the golden snapshots and hashes. They must change only on purpose: an engine change
that alters them either bumps the snapshot ABI (the format changed) or says in its commit why the
game itself changed.

    python tests/golden/make_golden.py
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from frozen_pack import frozen_engine  # noqa: E402

from eve.bench import _recorded_match  # noqa: E402


def random_match_codes(engine, seed):
    """The action codes of a match played at random from `seed` (the bench's recorded match)."""
    return _recorded_match(engine, seed)[1]


def main():
    e = frozen_engine()
    seed = 11
    codes = random_match_codes(e, seed)
    n = len(codes)
    points = {"early": 2, "mid": n // 2, "late": n - 3}
    out = {"fingerprint": e.fingerprint, "snapshots": {}, "final_hashes": {}}
    for name, step in points.items():
        m = e.new_match(seed=seed)
        for c in codes[:step]:
            m.apply(c)
        (HERE / f"{name}.snap").write_bytes(m.snapshot())
        h = m.state_hash()
        rest = codes[step:]
        chain = []
        for c in rest:
            m.apply(c)
            chain.append(m.state_hash())
        out["snapshots"][name] = {"seed": seed, "step": step, "hash": h, "continue": rest,
                                  "chain": chain, "outcome": m.outcome}
    for s in range(20):
        m = e.new_match(seed=s)
        for c in random_match_codes(e, s):
            m.apply(c)
        out["final_hashes"][str(s)] = [m.state_hash(), m.outcome, m.round]
    (HERE / "golden.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
