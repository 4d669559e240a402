"""Native Monte Carlo Tree Search: `eve.search.mcts(match, iterations=..., seed=..., threads=1, c=...)`.

The search runs in the compiled core without the GIL (eve.core.search, docs/search.md): information-set
UCT by determinization, random rollouts, root parallelism over threads. With a budget in
iterations the result depends only on the position, the seed, the thread count and the
parameters; a `time_limit` makes it depend on the machine too.
"""
from __future__ import annotations

import functools
import math
import operator
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

from eve.actions import Action, Listed
from eve.core.errors import ParameterError
from eve.core.interrupt import run_stoppable
from eve.core.match import Match
from eve.core.search import Worker, worker_seed

REWARDS = {"win": 0, "shaped": 1}


@dataclass(frozen=True)
class RootStat:
    action: Action
    visits: int
    value: float        # mean reward of the action's iterations (win = 1, loss = 0)


@dataclass(frozen=True)
class SearchResult:
    action: Action
    stats: list[RootStat]
    iterations: int
    elapsed: float
    threads: int
    seed: int
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def visits(self) -> dict[int, int]:
        return {s.action.code: s.visits for s in self.stats}

    @property
    def iterations_per_s(self) -> float:
        return self.iterations / self.elapsed if self.elapsed > 0 else 0.0


# UCT's exploration constant: the shaped rewards of a position's actions differ by hundredths,
# and with 1.4 the tree spread its visits almost evenly (no better than flat Monte Carlo);
# 0.35 won more matches, paired (docs/balance.md, "What helped the search")
DEFAULT_C = 0.35
DEFAULT_MAX_DEPTH = 20
DEFAULT_REWARD = "shaped"
DEFAULT_CACHE_STATES = 65536
# the ranges the native search takes: its counters are 32-bit; more threads than cores only
# share them
MAX_ITERATIONS = 2**31 - 1
MAX_THREADS = 256
MAX_DEPTH = 2**31 - 1
MAX_CACHE_STATES = 2**31 - 1
# a one-thread search this small runs in the caller's thread (see mcts)
INLINE_ITERATIONS = 50_000
INLINE_SECONDS = 1.5


def mcts(match: Match, iterations: int = 1000, seed: int = 0, threads: int = 1, c: float = DEFAULT_C,
         max_depth: int = DEFAULT_MAX_DEPTH, reward: str = DEFAULT_REWARD,
         time_limit: float | None = None, verify: bool = False,
         cache_states: int = DEFAULT_CACHE_STATES, see_hidden: bool = False,
         rollout_greedy: float = 0.0, board_scale: float = 0.0, worlds: int = 0,
         root_flat: bool = False, horizon: bool = False) -> SearchResult:
    """Search the player's best action in `match` (which is left unchanged).

    iterations: the budget (split over the threads); seed: the search stream (never a match
    stream); c: the UCT exploration constant; max_depth: rollout decisions before evaluating
    (0: play every rollout to the end); reward: "win" (1 for a win, 0 for a loss, 0.5 at a depth
    cap) or "shaped" (1 for a win, 0.3 x the fraction of the Encounter's hp gone for a loss, and
    at a depth cap 0.5 plus half the difference of the sides' hp fractions; a timeout scores as
    a depth cap); time_limit: stop
    each thread after this many seconds as well; verify: check every tree action's legality
    and that every cached state equals a replay from the root (slower; for tests);
    cache_states: how many node states each thread may keep (1 keeps only the root's), which
    spares the descent the game steps above them (docs/search.md); see_hidden: the reference
    search that cheats, for a ceiling only: no re-sampling, its iterations play the true
    Archive order and hidden streams (plain MCTS on the true state). Rollout options
    (docs/search.md, "Options"): rollout_greedy, the share of rollout decisions the greedy
    lookahead plays (the rest random); board_scale > 0 scores a cut-off rollout by the board's
    value against the root's (the greedy policy's weights) instead of the shaped hp difference;
    worlds > 0 plays iteration i in determinization i mod worlds, with its own rollout stream;
    root_flat visits the root's actions in turn, the k-th visit of each on the same deal k (as
    flat Monte Carlo), UCT below them, and chooses the best mean; horizon ends every rollout
    max_depth + 1 decisions below the root rather than below its leaf.

    The defaults (rollouts capped at 20 decisions, shaped reward) are the playing configuration:
    against Encounters that random play never beats, full random rollouts all lose and give the
    search nothing to choose by (BENCHMARKS.md). `eve bench` measures full rollouts."""
    iterations, seed, threads, max_depth, cache_states = (
        _integer(v, name) for v, name in ((iterations, "iterations"), (seed, "seed"),
                                          (threads, "threads"), (max_depth, "max_depth"),
                                          (cache_states, "cache_states")))
    # Threads: the search takes one copy of the match when it starts (under the GIL, so in one
    # step with respect to other Python threads) and searches only that; the caller's match may
    # move on meanwhile, and the result is about the position as it was taken.
    origin = match
    match = match.clone()
    if match.is_over:
        raise ValueError("the match is over: there is nothing to search")
    _in_range("iterations", iterations, 1, MAX_ITERATIONS)
    _in_range("threads", threads, 1, MAX_THREADS)
    _in_range("max_depth", max_depth, 0, MAX_DEPTH)
    _in_range("cache_states", cache_states, 1, MAX_CACHE_STATES,
              " (1 keeps only the root's state)")
    _in_range("seed", seed, 0, 2**64 - 1)
    if isinstance(c, bool) or not isinstance(c, (int, float)) or not (math.isfinite(c) and c >= 0):
        raise ParameterError(f"c must be a finite number >= 0, not {c!r}")
    if isinstance(rollout_greedy, bool) or not isinstance(rollout_greedy, (int, float)) \
            or not 0 <= rollout_greedy <= 1:
        raise ParameterError(f"rollout_greedy must be a share in [0, 1], not {rollout_greedy!r}")
    if isinstance(board_scale, bool) or not isinstance(board_scale, (int, float)) \
            or not (math.isfinite(board_scale) and board_scale >= 0):
        raise ParameterError(f"board_scale must be a finite number >= 0 (0: the shaped reward), "
                             f"not {board_scale!r}")
    worlds = _integer(worlds, "worlds")
    _in_range("worlds", worlds, 0, MAX_ITERATIONS, " (0: a fresh determinization each iteration)")
    if reward not in REWARDS:
        raise ParameterError(f"reward must be one of {sorted(REWARDS)}, not {reward!r}")
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
                or not (math.isfinite(time_limit) and time_limit > 0):
            raise ParameterError(f"time_limit must be a finite number of seconds > 0, or None "
                                 f"for no limit, not {time_limit!r}")
    legal = match.legal_action_codes()
    per = [iterations // threads + (1 if i < iterations % threads else 0) for i in range(threads)]
    per = [n for n in per if n > 0]         # more threads than iterations: the rest stay idle
    workers = [Worker() for _ in per]
    args = [(match, worker_seed(seed, i), per[i], float(c), int(max_depth), REWARDS[reward],
             int(verify), float(time_limit or 0.0), int(cache_states), bool(see_hidden),
             int(round(rollout_greedy * 1000)), float(board_scale), int(worlds), bool(root_flat),
             bool(horizon))
            for i in range(len(per))]
    t0 = time.perf_counter()
    # A long search runs in threads of its own, even one, so that the caller's thread stays
    # free to take Ctrl-C: it then asks every search to stop (at its next iteration, or
    # within 256 decisions of a rollout) and raises KeyboardInterrupt once they have
    # (eve.core.interrupt). A short one-thread search (at most 50,000 iterations, and a time
    # limit, if any, of at most 1.5 s) runs in the caller's thread: a thread of its own costs a
    # few percent of a small search (measured in pairs), and Ctrl-C then waits for its end.
    if len(workers) == 1 and iterations <= INLINE_ITERATIONS and (
            time_limit is None or time_limit <= INLINE_SECONDS):
        workers[0].run(*args[0])
    else:
        run_stoppable([functools.partial(w.run, *a) for w, a in zip(workers, args)],
                      [w.stop for w in workers])
    elapsed = time.perf_counter() - t0
    visits = {a: 0 for a in legal}
    values = {a: 0.0 for a in legal}
    for w in workers:
        for a, (n, v) in w.root_stats().items():
            visits[a] += n
            values[a] += v
    listed = Listed(match.catalog, match, weakref.ref(origin))   # as legal_actions()
    stats = [RootStat(Action(a, "", listed), visits[a], values[a] / visits[a] if visits[a] else 0.0)
             for a in legal]
    if root_flat:       # every root action had its share of iterations: the best mean
        best = max(stats, key=lambda s: (s.value, s.visits, -legal.index(s.action.code)))
    else:
        best = max(stats, key=lambda s: (s.visits, s.value, -legal.index(s.action.code)))
    wstats = [w.stats for w in workers]
    done = int(sum(s["iterations"] for s in wstats))
    details = {k: sum(s[k] for s in wstats) for k in wstats[0]}
    return SearchResult(best.action, stats, done, elapsed, threads, seed, details)


def _in_range(name: str, v: int, lo: int, hi: int, note: str = "") -> None:
    if not lo <= v <= hi:
        raise ParameterError(f"{name} must be in [{lo:,}, {hi:,}]{note}, not {v:,}")


def _integer(v: Any, name: str) -> int:
    """`v` as an int: any integer type (numpy's included, through operator.index)."""
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(v).__name__} {v!r}") from None


def _tree_paths(match: Match, iterations: int = 200,
                seed: int = 0) -> tuple[Any, dict[str, float]]:
    """The action paths a one-thread search's tree holds (for legality tests)."""
    w = Worker()
    w.run(match, worker_seed(seed, 0), iterations, 1.4, 0, 0, 1, 0.0)
    return w.tree_actions(), w.stats
