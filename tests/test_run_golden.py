"""The golden run snapshots (tests/golden/run_*.runsnap, made by make_golden_runs.py with the
frozen pack and the tests' run content): they restore to their recorded hashes and play on to the
recorded chains, so the run snapshot layout and the run's rules change only on purpose."""
from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import msgpack
import pytest

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
GOLD = json.loads((GOLDEN / "golden_runs.json").read_text())
sys.path.insert(0, str(GOLDEN))

from make_golden_runs import golden_engine  # noqa: E402

from eve.errors import SnapshotError  # noqa: E402


@functools.lru_cache(maxsize=1)
def engine():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return golden_engine()


def test_the_golden_content_is_the_recorded_one():
    assert engine().fingerprint == GOLD["fingerprint"]


@pytest.mark.parametrize("name", sorted(GOLD["snapshots"]))
def test_golden_run_snapshot_restores_and_plays_on(name):
    g = GOLD["snapshots"][name]
    data = (GOLDEN / f"run_{name}.runsnap").read_bytes()
    r = engine().restore_run(data)
    assert r.state_hash() == g["hash"] and r.phase == g["phase"]
    # the body re-encodes to the same bytes (the header names this engine's version)
    assert msgpack.unpackb(r.snapshot())[5:] == msgpack.unpackb(data)[5:]
    chain = []
    for k, c in enumerate(g["continue"], 1):
        r.apply(c)
        if k % 10 == 0 or k == len(g["continue"]):
            chain.append(r.state_hash())
    assert chain == g["chain"]
    assert r.outcome == g["outcome"] and r.floors_climbed == g["floors_climbed"]


def test_golden_run_is_replayed_from_its_seed():
    from make_golden_runs import SEED, run_codes
    assert len(run_codes(engine(), SEED)) == GOLD["actions"]


@pytest.mark.parametrize("name", sorted(GOLD["snapshots"]))
def test_every_truncation_of_a_golden_run_snapshot_is_refused(name):
    data = (GOLDEN / f"run_{name}.runsnap").read_bytes()
    for n in range(len(data)):
        with pytest.raises(SnapshotError):
            engine().restore_run(data[:n])
