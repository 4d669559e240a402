"""The seeded fuzz of run snapshot restore and run replays (tests/run_snapshot_fuzz.py), run briefly; `.ci/run`
runs it longer. It must find no untyped error, reach every stage, and report one when there is."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
SECONDS = float(os.environ.get("EVE_FUZZ_SECONDS", "10"))

# a restore that raises an untyped error on some inputs, as a bug would
BREAK_RESTORE = """
import sys
sys.path.insert(0, {here!r})
import eve.engine
real = eve.engine.Engine.restore_run
def restore_run(self, data):
    if len(data) % 5 == 0:
        raise KeyError("a bug")
    return real(self, data)
eve.engine.Engine.restore_run = restore_run
import run_snapshot_fuzz
sys.exit(run_snapshot_fuzz.main(3, 1))
"""


def _run(args: list[str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout)


def test_seeded_run_snapshot_fuzz_has_no_untyped_exception():
    r = _run([str(HERE / "run_snapshot_fuzz.py"), str(SECONDS), "20261205"], SECONDS + 120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["inputs"] > 300
    for k in ("restored", "SchemaViolation", "ChecksumMismatch", "MalformedSnapshot",
              "replay verified", "replay refuted", "replay ReplayError"):
        assert counts.get(k, 0) > 0, (k, counts)


def test_seeded_run_snapshot_fuzz_reports_an_untyped_exception():
    r = _run(["-c", BREAK_RESTORE.format(here=str(HERE))], 120)
    assert r.returncode == 1, r.stdout[-2000:] + r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "KeyError" in out["untyped"] and "input" in out
