"""Every parameter of the search is validated, with a typed error naming its allowed range
(issue: budgets), and a time limit never leaves the search without iterations."""
import math
import resource

import pytest

import eve
from eve.search import mcts


@pytest.fixture(scope="module")
def mid(engine):
    m = engine.new_match(seed=3)
    for _ in range(3):
        m.apply(m.legal_action_codes()[-1])
    return m


@pytest.mark.parametrize("kw", [
    {"iterations": 0}, {"iterations": 2**31}, {"iterations": -1},
    {"threads": 0}, {"threads": 2**40},
    {"max_depth": -5}, {"max_depth": 2**31},
    {"cache_states": 0}, {"cache_states": 2**40},
    {"seed": -1}, {"seed": 2**64},
    {"c": -0.1}, {"c": math.nan}, {"c": math.inf}, {"c": "1.4"},
    {"reward": "points"},
    {"time_limit": -1}, {"time_limit": math.nan}, {"time_limit": math.inf}, {"time_limit": 0},
    {"time_limit": "1"},
])
def test_a_parameter_out_of_range_is_a_parameter_error_naming_the_range(mid, kw):
    with pytest.raises(eve.ParameterError) as ei:
        mcts(mid, **kw)
    name = next(iter(kw))
    assert name in str(ei.value)
    assert isinstance(ei.value, ValueError) and isinstance(ei.value, eve.EveError)


@pytest.mark.parametrize("kw", [{"seed": 1.5}, {"iterations": 1.5}, {"threads": 2.0},
                                {"max_depth": "3"}])
def test_a_parameter_that_is_not_an_integer_is_refused(mid, kw):
    with pytest.raises(TypeError):
        mcts(mid, **kw)


def test_a_huge_thread_count_is_refused_before_anything_is_allocated(mid):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(eve.ParameterError):
        mcts(mid, threads=2**40)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000   # KiB


def test_a_tiny_time_limit_still_searches(mid):
    r = mcts(mid, iterations=10_000, time_limit=1e-9, seed=1)
    assert r.iterations >= 1
    assert sum(s.visits for s in r.stats) == r.iterations
    assert r.action.code in mid.legal_action_codes()
    best = max(r.stats, key=lambda s: s.visits)
    assert best.visits > 0


def test_the_limits_themselves_are_accepted(mid):
    r = mcts(mid, iterations=8, threads=2, max_depth=0, cache_states=1, seed=2**64 - 1)
    assert r.iterations == 8


INTERRUPTED = r"""
import signal, sys, eve
from eve.search import mcts
signal.signal(signal.SIGINT, signal.default_int_handler)
m = eve.Engine().new_match(seed=3)
print("searching", flush=True)
try:
    mcts(m, iterations=2**31 - 1, threads=int(sys.argv[1]), max_depth=0)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_search(threads):
    import signal
    import subprocess
    import sys
    p = subprocess.Popen([sys.executable, "-c", INTERRUPTED, str(threads)], stdout=subprocess.PIPE,
                         text=True)
    try:
        assert p.stdout.readline().strip() == "searching"
        import time
        time.sleep(0.5)                  # into the native search (a long one: 2**31 iterations)
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=60)
    finally:
        p.kill()
    assert out.strip() == "interrupted" and p.returncode == 0
