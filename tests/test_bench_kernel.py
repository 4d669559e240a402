"""benchmarks/ab_pairs.py: the playout kernel it compiles for each build plays the matches that
the build's own run_matches plays (one kernel for two builds compares engines, not loops), and
its pair statistics."""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from eve.cli import OUTCOME_CODES
from eve.core.playout import run_matches

ROOT = Path(__file__).resolve().parents[1]


def _ab_pairs():
    spec = importlib.util.spec_from_file_location("ab_pairs", ROOT / "benchmarks" / "ab_pairs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _has_cython(python: str) -> bool:
    return subprocess.run([python, "-c", "import Cython, setuptools"], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    ab = _ab_pairs()
    builder = ab._builder(None)
    if not _has_cython(builder):
        pytest.skip("no Python with Cython to compile the kernel")
    where = ab.build_kernel(str(ROOT / "src"), builder, str(tmp_path_factory.mktemp("kernel")))
    sys.path.insert(0, where)
    try:
        import eve_ab_kernel
    finally:
        sys.path.remove(where)
    return eve_ab_kernel


def _digest(results) -> str:
    """The kernel's digest of (decisions, outcome, round) a match, from run_matches' results."""
    h = 14695981039346656037
    for outcome, rounds, decisions in results:
        code = OUTCOME_CODES.get(outcome, 0)        # the kernel digests the outcome's code
        h = ((h ^ (decisions * 64 + code * 8) ^ (rounds << 32)) * 1099511628211) % 2**64
    return f"{h:016x}"


@pytest.mark.parametrize("enc", [0, 2])
def test_kernel_plays_the_matches_of_run_matches(engine, kernel, enc):
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    first, n = 300_000, 60
    expected = run_matches(engine.content, list(range(first, first + n)), heroes, enc, "random")
    decisions, digest = kernel.play(engine.content, first, n, heroes, enc)
    assert decisions == sum(d for _, _, d in expected)
    assert digest == _digest(expected)
    # and another seed range plays other matches (the digest sees them)
    assert kernel.play(engine.content, first + 1, n, heroes, enc)[1] != digest


def test_kernel_stops_at_the_cap(engine, kernel):
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    decisions, _ = kernel.play(engine.content, 5, 3, heroes, 0, 4)
    assert decisions == 12


def test_pair_ratios():
    ab = _ab_pairs()
    med, lo, hi = ab.pair_ratios([1.0, 2.0, 4.0, 1.0, 1.0], [2.0, 2.0, 2.0, 1.5, 0.9])
    # ratios 2, 1, 0.5, 1.5, 0.9 -> sorted 0.5, 0.9, 1, 1.5, 2
    assert (med, lo, hi) == (1.0, 0.9, 1.5)
