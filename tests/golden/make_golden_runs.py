"""Regenerate the golden run snapshots (tests/golden/run_*.runsnap) and golden_runs.json. Like the
match goldens they must change only on purpose: a change of the run snapshot layout (say so in
docs/snapshot-abi.md) or of the run's rules (say why in the commit).

    python tests/golden/make_golden_runs.py

They are made with the frozen pack (tests/frozen_pack.py) and the tests' hand-made run content
(tests/run_files_support.py), so that no change of the built-in content moves them.
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from frozen_pack import frozen_engine  # noqa: E402
from run_files_support import walk, with_runs  # noqa: E402

SEED = 5


def golden_engine():
    return with_runs(frozen_engine())


def run_codes(engine, seed):
    """The action codes of the greedy run of `seed`, the party chosen by recruiting."""
    return [a for _, a in walk(engine, seed, "greedy", party=None) if a is not None]


def main():
    e = golden_engine()
    codes = run_codes(e, SEED)
    phases = []
    r = e.new_run(SEED)
    for c in codes:
        phases.append(r.phase)
        r.apply(c)
    n = len(codes)
    points = {"party": 1, "path": phases.index("path"),
              "fight": next(i for i in range(n // 2, n) if phases[i] == "fight"), "over": n}
    scenes = [i for i, p in enumerate(phases) if p not in ("party", "path", "fight")]
    if scenes:
        points["scene"] = scenes[0]
    out = {"fingerprint": e.fingerprint, "seed": SEED, "actions": n, "snapshots": {}}
    for name, step in points.items():
        r = e.new_run(SEED)
        for c in codes[:step]:
            r.apply(c)
        (HERE / f"run_{name}.runsnap").write_bytes(r.snapshot())
        h, phase = r.state_hash(), r.phase
        chain = []                      # the hash after every tenth action, and the last
        for k, c in enumerate(codes[step:], 1):
            r.apply(c)
            if k % 10 == 0 or step + k == n:
                chain.append(r.state_hash())
        out["snapshots"][name] = {"step": step, "phase": phase, "hash": h,
                                  "continue": codes[step:], "chain": chain,
                                  "outcome": r.outcome, "floors_climbed": r.floors_climbed}
    (HERE / "golden_runs.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
