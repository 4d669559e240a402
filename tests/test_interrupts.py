"""Ctrl-C and the time limit inside the native loops (issue 13, point 10): a huge playout batch,
`eve simulate` and `eve bench` stop mid-batch on SIGINT, a search stops inside a rollout, and a
time limit is kept even when a single rollout is longer than it.

The Ctrl-C tests run in subprocesses: each waits until its child is in the native loop, sends
SIGINT, and asks for the end within a few seconds (loosely: the loops read their stop flag at
every decision, or every 256 rollout decisions). Long matches come from LONG, a pack whose
matches random play makes long: free plays, forty cards in hand, nobody can die, 999 rounds
of up to 999 decisions a turn (a random match there takes about 270,000 decisions, half a
second; greedy play, a second).
"""
import signal
import subprocess
import sys
import time

import pytest

LONG = dict(
    name="long",
    rules={"max_rounds": 999, "max_decisions_per_turn": 999, "hand_floor": 40,
           "opening_hand": 40, "meter_base": 99,
           "costs": {"play_support": 0, "deploy": 0, "activate": 0, "attack": 0}},
    cards={"mote": {"kind": "sortilege", "charges": 99,
                    "on_enter": {"effect": [{"op": "shield", "to": "own_leader", "n": 1}]},
                    "ability": {"target": "foe",
                                "effect": [{"op": "shield", "to": "own_leader", "n": 1}]}}},
    heroes={"wall": {"max_hp": 32767, "power": 0, "ambition": 20, "cards": ["mote"] * 16}},
    units={"stone": {"kind": "enemy_hero", "max_hp": 32767, "power": 0}},
    encounters={"siege": {"roster": ["stone"] * 6, "initiative": 1,
                          "script": [{"move": "effect", "phase": "main", "target": "own_leader",
                                      "effect": [{"op": "shield", "n": 1}]}]}})
PARTY = ["long:wall"] * 3

# prepended to every child script: LONG (install() registers it as if installed), ready()
LONG_PACK = r"""
import os, signal, sys, time, warnings
signal.signal(signal.SIGINT, signal.default_int_handler)   # even if started with SIGINT ignored
warnings.simplefilter("ignore")
import eve
from eve.testing import temporary_pack

def install():     # LONG registered as if installed, for the rest of the child's life
    global _installed
    _installed = temporary_pack(**LONG)
    _installed.__enter__()

def ready():
    sys.stdout.write("ready\n")
    sys.stdout.flush()

def interrupted():  # and the native work has ended, not been left running in a thread
    import threading
    cpu = time.process_time()
    time.sleep(0.5)
    alone = threading.enumerate() == [threading.main_thread()]
    idle = time.process_time() - cpu < 0.25
    print("interrupted" if alone and idle else f"still running (alone {alone}, idle {idle})",
          flush=True)
""" + f"LONG = {LONG!r}\nPARTY = {PARTY!r}\n"

# after SIGINT, the child must be gone within this many seconds (the loops stop within
# milliseconds; the rest is interrupted()'s half second and the interpreter's exit on a shared
# machine)
PROMPT_S = 5.0


def _interrupt(script: str, wait: float = 0.5) -> tuple[float, str, str, int]:
    """Run LONG_PACK + script; once it prints "ready" (and `wait` more seconds, so that it is
    deep in its native loop), send SIGINT. Returns the seconds from SIGINT to its exit, its
    stdout after "ready", its stderr and its exit status."""
    p = subprocess.Popen([sys.executable, "-c", LONG_PACK + script], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        if line != "ready\n":
            out, err = p.communicate(timeout=60)
            pytest.fail(f"the child did not start: {line}{out}{err}")
        time.sleep(wait)
        assert p.poll() is None, "the child ended before it was interrupted"
        t = time.perf_counter()
        p.send_signal(signal.SIGINT)
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("SIGINT did not stop the child within a minute")
        return time.perf_counter() - t, out, err, p.returncode
    finally:
        p.kill()
        p.wait()


def _caught(script: str) -> float:
    """The child catches KeyboardInterrupt, and its native work has ended (interrupted()):
    the seconds it took."""
    took, out, err, code = _interrupt(script)
    assert out.strip() == "interrupted" and code == 0, (out, err)
    assert "Traceback" not in err
    return took


# ---------------------------------------------------------------- playout batches

def test_ctrl_c_stops_a_huge_batch_of_short_matches():
    """A million built-in matches in one run_matches call (half a minute): Ctrl-C is taken
    between two matches."""
    took = _caught(r"""
from eve.core.playout import run_matches
e = eve.Engine()
heroes = [e.hero_index(h) for h in e.default_heroes()]
ready()
try:
    run_matches(e.content, list(range(10**6)), heroes, 0, "random")
except KeyboardInterrupt:
    interrupted()
""")
    assert took < PROMPT_S


def test_ctrl_c_stops_a_batch_of_long_matches_mid_match():
    """Matches capped past INLINE_DECISIONS play in a thread of their own, which Ctrl-C stops
    at its next decision, in the middle of a match."""
    took = _caught(r"""
from eve.core.playout import run_matches
install()
e = eve.Engine(rules=["long"])
ready()
try:
    run_matches(e.content, list(range(1000)), [e.hero_index(h) for h in PARTY],
                e.encounter_index("long:siege"), "greedy", max_decisions=2_000_000)
except KeyboardInterrupt:
    interrupted()
""")
    assert took < PROMPT_S


def _cli(args: list[str], long: bool = False) -> str:
    """A child that runs the eve command in-process (so that LONG can be installed for it,
    its rules selected) and says "ready" when the native work starts."""
    return ("install()\nos.environ['EVE_RULES'] = 'long'\n" if long else "") + r"""
import eve.core.playout as playout, eve.core.testkit as testkit
from eve.cli import main
def announcing(real):
    def run(*a, **k):
        if not getattr(run, "said", False):
            run.said = True
            ready()
        return real(*a, **k)
    return run
playout.run_matches = announcing(playout.run_matches)
testkit.bench_playouts = announcing(testkit.bench_playouts)
""" + f"sys.exit(main({args!r}))\n"


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_ctrl_c_stops_eve_simulate_mid_batch(policy):
    """`eve simulate` plays 50 matches a batch; of LONG's, a batch is 10 s of random play and
    a minute of greedy play. Ctrl-C ends it at the next decision: one line, exit status 130."""
    took, out, err, code = _interrupt(_cli(["simulate", "--games", "10000000", "--quiet",
                                            "--policy", policy, "--encounter", "long:siege",
                                            "--heroes", "long:wall,long:wall,long:wall"],
                                           long=True))
    assert code == 130 and err.splitlines() == ["eve simulate: interrupted"], (code, err)
    assert out == ""
    assert took < PROMPT_S


@pytest.mark.parametrize("what", [["--games", "4", "--policy", "mcts"],
                                  ["--runs", "4", "--policy", "mcts"]])
def test_ctrl_c_stops_eve_simulate_over_workers_mid_chunk(what):
    """Over `--workers 2` each chunk here is one match (or run) searched at ten million
    iterations a decision: minutes. Ctrl-C ends the workers at once rather than waiting for
    their chunks: one line, exit status 130."""
    took, out, err, code = _interrupt(r"""
import eve.scale as scale
from eve.cli import main
real = scale.map_chunks
def announcing(*a, **k):
    ready()
    return real(*a, **k)
scale.map_chunks = announcing
""" + f"sys.exit(main({['simulate', *what, '--iterations', '10000000', '--workers', '2', '--quiet']!r}))\n",
                                      wait=3.0)
    assert code == 130 and err.splitlines() == ["eve simulate: interrupted"], (code, err)
    assert took < PROMPT_S


def test_ctrl_c_stops_eve_bench_mid_batch():
    """`eve bench --seconds 600` plays random playouts for 150 s a position first: Ctrl-C ends
    it between two runs of 64 playouts."""
    took, out, err, code = _interrupt(_cli(["bench", "--seconds", "600"]))
    assert code == 130 and err.splitlines() == ["eve bench: interrupted"], (code, err)
    assert took < PROMPT_S


# ---------------------------------------------------------------- the search

@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_search_inside_a_rollout(threads):
    """Full rollouts in LONG take half a second each; the stop is read inside them, not only
    between iterations (every 32 of which were 16 s)."""
    took = _caught(r"""
from eve.search import mcts
install()
m = eve.Engine(rules=["long"]).new_match(seed=1, heroes=PARTY, encounter="long:siege")
ready()
try:
    mcts(m, iterations=2**31 - 1, threads=THREADS, max_depth=0)
except KeyboardInterrupt:
    interrupted()
""".replace("THREADS", str(threads)))
    assert took < PROMPT_S


TIMED = LONG_PACK + r"""
from eve.search import mcts
install()
m = eve.Engine(rules=["long"]).new_match(seed=1, heroes=PARTY, encounter="long:siege")
limit = float(sys.argv[1])
t = time.perf_counter()
r = mcts(m, iterations=10_000, threads=int(sys.argv[2]), max_depth=2**31 - 1, time_limit=limit)
took = time.perf_counter() - t
assert r.iterations >= r.threads and sum(s.visits for s in r.stats) == r.iterations
assert all(0 <= s.value <= 1 for s in r.stats)
print(took / limit)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_a_time_limit_shorter_than_one_rollout_is_kept(threads):
    """A search with rollouts of half a second and a limit of 0.05 s returns near its limit
    (loosely: in less than ten times it), with an iteration a thread, not after 32 rollouts."""
    r = subprocess.run([sys.executable, "-c", TIMED, "0.05", str(threads)], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert float(r.stdout) < 10


# ---------------------------------------------------------------- in-process, untimed

@pytest.fixture(scope="module")
def long_engine():
    import eve
    from eve.testing import temporary_pack
    with temporary_pack(**LONG):
        yield eve.Engine(rules=["long"])


def test_a_rollout_cut_by_the_time_limit_is_scored_as_at_the_depth_cap(long_engine):
    """With a limit already past when the first rollout reaches its first check (256
    decisions, of about 270,000), that rollout is cut: its iteration is the search's only one,
    backed up with the depth cap's reward (0.5 with reward="win"), and counted."""
    from eve.search import mcts
    m = long_engine.new_match(seed=1, heroes=PARTY, encounter="long:siege")
    r = mcts(m, iterations=10_000, max_depth=0, reward="win", time_limit=1e-9, seed=4)
    assert r.iterations == 1 and sum(s.visits for s in r.stats) == 1
    assert [s.value for s in r.stats if s.visits] == [0.5]
    assert r.details["rollout_decisions"] == 255


def test_a_stop_asked_before_the_search_starts_is_kept(engine):
    """Worker.stop() may come before the worker's thread has reached run() (Ctrl-C just after
    the threads started): the search still stops, after its first iteration, and the next run
    of that worker is not stopped."""
    from eve.core.search import Worker, worker_seed
    m = engine.new_match(seed=3)
    w = Worker()
    w.stop()
    w.run(m, worker_seed(1, 0), 100_000, 1.4, 20, 1, 0, 0.0)
    assert w.stats["iterations"] == 1
    w.run(m, worker_seed(1, 0), 100, 1.4, 20, 1, 0, 0.0)
    assert w.stats["iterations"] == 100


def test_a_search_without_a_time_limit_is_not_cut(long_engine):
    """Without a time limit nothing is cut: full rollouts are played to the end of the match
    (about 270,000 decisions each, where a cut would stop them at 255)."""
    from eve.search import mcts
    m = long_engine.new_match(seed=1, heroes=PARTY, encounter="long:siege")
    r = mcts(m, iterations=2, max_depth=0, reward="win", seed=4)
    assert r.iterations == 2 and r.details["rollout_decisions"] > 20_000


def test_a_batch_in_a_thread_of_its_own_plays_as_one_in_the_callers(engine):
    """Past INLINE_DECISIONS a batch plays in a thread of its own: the same matches."""
    from eve.core.playout import INLINE_DECISIONS, run_matches
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    for policy in ("random", "greedy"):
        inline = run_matches(engine.content, list(range(20)), heroes, 1, policy, record=True)
        threaded = run_matches(engine.content, list(range(20)), heroes, 1, policy,
                               max_decisions=INLINE_DECISIONS + 1, record=True)
        assert threaded == inline


def test_a_playout_in_a_thread_of_its_own_plays_as_one_in_the_callers(engine):
    from eve.core.playout import INLINE_DECISIONS, playout
    inline, threaded = engine.new_match(seed=5), engine.new_match(seed=5)
    assert playout(inline, 9) == playout(threaded, 9, max_decisions=INLINE_DECISIONS + 1) > 0
    assert inline.state_hash() == threaded.state_hash() and inline.is_over
    assert not threaded.busy


def test_a_stopped_batch_returns_the_matches_finished_before(engine):
    from eve.core.playout import StopFlag, run_matches
    heroes = [engine.hero_index(h) for h in engine.default_heroes()]
    stop = StopFlag()
    assert not stop.is_set()
    stop.set()
    assert stop.is_set()
    assert run_matches(engine.content, [1, 2, 3], heroes, 0, "random", stop=stop) == []
    assert len(run_matches(engine.content, [1, 2, 3], heroes, 0, "random", stop=StopFlag())) == 3
