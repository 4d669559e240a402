"""The fuzzers of replay loading (tests/replay_fuzz.py) and, where atheris is installed, the
coverage-guided one of restore and replays (tests/atheris_fuzz.py), run briefly; and each one
fails on an untyped error. `.ci/run` runs them longer (CONTRIBUTING.md). The seeded fuzz of
restore runs in tests/test_snapshot.py."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SECONDS = float(os.environ.get("EVE_FUZZ_SECONDS", "10"))
HAS_ATHERIS = importlib.util.find_spec("atheris") is not None

# a replay loader that raises an untyped error on some inputs, as a bug would
BREAK_REPLAYS = """
import sys
sys.path.insert(0, {here!r})
import eve.replay
real = eve.replay.Replay.from_bytes.__func__
def from_bytes(cls, data):
    if len(data) % 5 == 0:
        raise KeyError("a bug")
    return real(cls, data)
eve.replay.Replay.from_bytes = classmethod(from_bytes)
"""


def _run(args: list[str], timeout: float, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)


def test_seeded_replay_fuzz_has_no_untyped_exception():
    r = _run([str(HERE / "replay_fuzz.py"), str(SECONDS), "20261201"], SECONDS + 120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["inputs"] > 300
    # the mutations reach every stage: refused on load, refused on play, claims refuted,
    # verified, the command line
    for k in ("ReplayError on load", "ReplayError on verify", "ContentMismatch on verify",
              "claims refuted", "verified"):
        assert counts.get(k, 0) > 0, (k, counts)
    assert any(k.startswith("cli exit") for k in counts), counts


def test_seeded_replay_fuzz_reports_an_untyped_exception():
    code = BREAK_REPLAYS.format(here=str(HERE)) + "import replay_fuzz\nsys.exit(replay_fuzz.main(3, 1))\n"
    r = _run(["-c", code], 120)
    assert r.returncode == 1, r.stdout[-2000:] + r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "KeyError" in out["untyped"] and "input" in out


@pytest.mark.skipif(not HAS_ATHERIS, reason="atheris is not installed (.ci/run installs it)")
@pytest.mark.parametrize("target", ["snapshot", "replay", "run"])
def test_atheris_fuzz_has_no_untyped_exception(target, tmp_path):
    r = _run([str(HERE / "atheris_fuzz.py"), target, str(int(SECONDS)), "1"], SECONDS + 120,
             cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    assert "Done " in r.stderr and not list(tmp_path.glob("crash-*"))


@pytest.mark.skipif(not HAS_ATHERIS, reason="atheris is not installed (.ci/run installs it)")
def test_atheris_fuzz_reports_an_untyped_exception(tmp_path):
    code = BREAK_REPLAYS.format(here=str(HERE)) + (
        f"sys.argv = [{str(HERE / 'atheris_fuzz.py')!r}]\n"
        "import atheris_fuzz\natheris_fuzz.main('replay', 20, 1)\n")
    r = _run(["-c", code], 120, cwd=tmp_path)
    assert r.returncode != 0, r.stderr[-2000:]
    assert "KeyError" in r.stdout + r.stderr and list(tmp_path.glob("crash-*"))
