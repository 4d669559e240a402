"""`eve run` and `eve simulate --runs`: whole runs on the command line (rules U01-U21).

`play_run` plays one run with a policy of eve.run_policies and tells it floor by floor: each
act's map once as a small grid, each choice in words, each fight with its Encounter and how it
ended, the heroes who fell, the end. `play_seeds` plays many (in worker processes or here),
and `summarize` sums them up: the win rate with its 95% (Wilson) interval, the mean floors
climbed, the acts the runs ended in, deaths by act, by floor and by hero.

Workers: each run depends only on its seed, the content and the policy, so the seeds are cut
into chunks played by processes or Ray tasks (eve.scale) that each build their Engine once
(`_engine_for`), and the results are put back in seed order: the same whatever the backend
and the number of workers.
"""
from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO

from eve.run_policies import DEFAULT_ITERATIONS, make_policy

if TYPE_CHECKING:
    from eve.core.run import Run
    from eve.engine import Engine
    from eve.scale import Backend, Played

# a node kind as one character of the map grid
GLYPHS = {"fight": "F", "elite": "E", "event": "?", "sanctum": "S", "forge": "A", "shop": "$",
          "boss": "B"}
LEGEND = "F fight, E elite, ? event, S Sanctum, A Forge, $ shop, B boss, * the party"


def map_grid(run: Run) -> list[str]:
    """The act's map as text, its top floor (the boss's) first: one glyph a node, '.' none."""
    m = run.map
    if m is None:
        return []
    at = m["at"]
    lines = []
    for f in range(len(m["floors"]) - 1, -1, -1):
        row = m["floors"][f]
        cells = ["*" if at == (f + 1, c) else (GLYPHS.get(k, "?") if k else ".")
                 for c, k in enumerate(row)]
        lines.append(f"  {f + 1:2d}  {' '.join(cells)}")
    return lines


def _hp(run: Run) -> str:
    return ", ".join(f"{h['id'].split(':')[-1]} {h['hp']}/{h['max_hp']}" if h["alive"]
                     else f"{h['id'].split(':')[-1]} fallen" for h in run.party)


@dataclass
class RunResult:
    seed: int
    outcome: str | None
    act: int
    floor: int
    floors_climbed: int
    fights_won: int
    # (hero id, floors climbed, act) of each hero who fell
    deaths: list[tuple[str, int, int]] = field(default_factory=list)
    decisions: int = 0
    final_hash: int = 0
    actions: list[int] = field(default_factory=list)


def play_run(engine: Engine, seed: int, party: list[str] | None, policy: str,
             out: TextIO | None = None,
             iterations: int = DEFAULT_ITERATIONS) -> tuple[RunResult, Run]:
    """Play the run of `seed` with `policy` to its end; tell it to `out` when given.
    `iterations`: the search policy's budget a decision."""
    run = engine.new_run(seed, party=party)
    choose = make_policy(policy, seed, iterations=iterations)
    tell: Callable[[str], Any] | None = (lambda s: print(s, file=out)) if out is not None else None
    say: Callable[[str], Any] = tell if tell is not None else (lambda s: None)
    res = RunResult(seed, None, 1, 0, 0, 0)
    shown_act = 0
    fallen = set(run.fallen)
    while not run.is_over:
        if run.phase == "path" and run.act != shown_act and run.floor == 0:
            shown_act = run.act
            say(f"== Act {run.act}: boss {run.boss}; aurorune {run.aurorune}; party {_hp(run)}")
            for line in map_grid(run):
                say(line)
            say(f"      ({LEGEND})")
        if run.in_fight:
            _fight(run, choose, res, tell)
        else:
            code = choose(run)
            words = run.describe(code)
            if run.phase == "path":
                say(f"act {run.act}: {words}")
            else:
                say(f"  {run.phase}: {words}")
            before = run.fights_won
            run.apply(code)
            res.decisions += 1
            if run.in_fight or run.fights_won != before:
                if run.in_fight:
                    say(f"  fight: {run.encounter}")
                else:       # a fight decided as it began
                    say("  fight: over at once")
        for h in run.fallen:
            if h not in fallen:
                fallen.add(h)
                res.deaths.append((h, run.floors_climbed, run.act))
                say(f"  {h} fell (floor {run.floor} of act {run.act})")
    res.outcome, res.act, res.floor = run.outcome, run.act, run.floor
    res.floors_climbed, res.fights_won = run.floors_climbed, run.fights_won
    res.final_hash = run.state_hash()
    res.actions = run.actions or []
    say(f"== {'WON' if run.outcome == 'win' else 'LOST'}: act {run.act}, floor {run.floor}, "
        f"{run.floors_climbed} floors climbed, {run.fights_won} fights won; party {_hp(run)}; "
        f"deck {len(run.deck)} cards, Relics {len(run.relics)}, aurorune {run.aurorune}; "
        f"final hash {res.final_hash:016x}")
    return res, run


def _fight(run: Run, choose: Callable[[Run], int], res: RunResult,
           say: Callable[[str], Any] | None) -> None:
    """Play the fight to its end; say how it ended when telling the run."""
    enc, won, decisions, rounds = run.encounter, run.fights_won, 0, 0
    while run.in_fight:
        if say is not None:         # the round the fight ends in (a copy of the fight: told only)
            fight = run.match
            rounds = fight.round if fight is not None else rounds
        run.apply(choose(run))
        decisions += 1
    res.decisions += decisions
    if say is None:
        return
    if run.fights_won > won:
        end = "won"
    elif run.is_over:
        end = "lost"
    else:
        end = "not won in time (no reward)"
    say(f"    {enc}: {end} in round {rounds} after {decisions} decisions; party {_hp(run)}; "
        f"aurorune {run.aurorune}")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def summarize(results: Iterable[RunResult], policy: str, party: list[str] | None) -> dict[str, Any]:
    rs = list(results)
    n = len(rs)
    wins = sum(r.outcome == "win" for r in rs)
    lo, hi = wilson(wins, n)
    by_floor = Counter(f for r in rs for _, f, _ in r.deaths)
    by_hero = Counter(h for r in rs for h, _, _ in r.deaths)
    by_act = Counter(a for r in rs for _, _, a in r.deaths)
    ended = Counter(r.act for r in rs if r.outcome == "loss")
    return {"runs": n, "policy": policy, "party": party, "wins": wins,
            "win_rate": wins / n if n else 0.0, "win_rate_95": [lo, hi],
            "mean_floors_climbed": sum(r.floors_climbed for r in rs) / n if n else 0.0,
            "mean_fights_won": sum(r.fights_won for r in rs) / n if n else 0.0,
            "losses_by_act": {str(k): ended[k] for k in sorted(ended)},
            "deaths_by_act": {str(k): by_act[k] for k in sorted(by_act)},
            "deaths_by_floor": {str(k): by_floor[k] for k in sorted(by_floor)},
            "deaths_by_hero": dict(by_hero.most_common()),
            "decisions": sum(r.decisions for r in rs)}


def format_summary(s: dict[str, Any], seeds: str) -> list[str]:
    lo, hi = s["win_rate_95"]
    lines = [f"{s['runs']} runs, policy {s['policy']}, seeds {seeds}, party "
             f"{', '.join(s['party']) if s['party'] else 'recruited by the policy'}",
             f"wins {s['wins']}/{s['runs']} ({100 * s['win_rate']:.1f}%, 95% interval "
             f"{100 * lo:.1f}%..{100 * hi:.1f}%)",
             f"mean floors climbed {s['mean_floors_climbed']:.2f}, mean fights won "
             f"{s['mean_fights_won']:.2f}"]
    lost = "  ".join(f"act {k}: {v}" for k, v in s["losses_by_act"].items()) or "none"
    acts = "  ".join(f"act {k}: {v}" for k, v in s["deaths_by_act"].items()) or "none"
    lines += [f"runs lost in: {lost}", f"deaths by act: {acts}"]
    floors = "  ".join(f"{k}: {v}" for k, v in s["deaths_by_floor"].items()) or "none"
    heroes = "  ".join(f"{k}: {v}" for k, v in s["deaths_by_hero"].items()) or "none"
    lines += [f"deaths by floor climbed: {floors}", f"deaths by hero: {heroes}"]
    return lines


# ---------------------------------------------------------------- many runs, in workers

def engine_with(packs: Iterable[str] | None = None) -> Engine:
    """The built-in pack and the installed ones, or with `packs` (module names) the built-in
    pack and those: the Engine a command plays on."""
    import importlib

    from eve import Engine
    if not packs:
        return Engine()
    from eve.plugins.discovery import builtin_pack
    mods = []
    for name in packs:
        try:
            mods.append(importlib.import_module(name))
        except ImportError as e:
            raise ValueError(f"--packs: cannot import the pack module {name!r} ({e})") from None
    return Engine(packs=[builtin_pack(), *mods])


@functools.cache
def _engine_for(packs: tuple[str, ...]) -> Engine:
    """The Engine of a worker process, built once for its packs (35 ms: not once a chunk)."""
    return engine_with(packs)


def play_chunk(packs: tuple[str, ...], party: list[str] | None, policy: str, iterations: int,
               seeds: list[int], engine: Engine | None = None) -> list[RunResult]:
    """Play the runs of `seeds` (a worker's chunk, or all of them in this process on
    `engine`)."""
    if engine is None:
        engine = _engine_for(packs)
    out = []
    for seed in seeds:
        res, _ = play_run(engine, seed, party, policy, iterations=iterations)
        res.actions = []            # not sent back: the summary does not need them
        out.append(res)
    return out


# A run's play time by policy, what the chunks of `eve simulate --runs` over workers are sized
# by (eve.scale.chunk_size; BENCHMARKS.md, "Scale-out": a random run takes about 0.4 ms, a
# greedy one 2 ms, stepped from Python); a search run takes far longer than a chunk costs to
# schedule: not listed, one run a chunk is enough
RUN_SECONDS = {"random": 0.0004, "greedy": 0.002}
# at most this many runs a chunk: a lost worker's chunk, played again, stays short
RUNS_PER_CHUNK_MOST = 4096


def chunks_of(seeds: list[int], backend: Backend, policy: str = "search") -> list[list[int]]:
    """Chunks of consecutive seeds: several a worker (an uneven chunk does not hold the others
    up), each big enough that sending it costs little beside playing it."""
    from eve.scale import chunk_size, chunked

    return chunked(seeds, chunk_size(len(seeds), backend, RUN_SECONDS.get(policy),
                                      RUNS_PER_CHUNK_MOST))


def play_runs_on(packs: tuple[str, ...], party: list[str] | None, policy: str, seeds: list[int],
                 backend: Backend, progress: Callable[[int], Any] | None = None,
                 iterations: int = DEFAULT_ITERATIONS, engine: Engine | None = None) -> Played:
    """The runs of `seeds` on `backend` (eve.scale): the chunks' results in seed order, with
    what they took. In this process (backend.local) they play on `engine` when given, the
    Engine of `packs` otherwise; elsewhere each worker builds the Engine of `packs` once. The
    results do not depend on the backend. `progress(n)` is told the runs done so far."""
    from eve.scale import map_chunks

    if backend.local:
        parts = [[seed] for seed in seeds]
        common: tuple[Any, ...] = (packs, party, policy, iterations)
        fn: Callable[..., list[RunResult]] = functools.partial(play_chunk, engine=engine)
    else:
        parts = chunks_of(seeds, backend, policy)
        common, fn = (packs, party, policy, iterations), play_chunk
    n = 0

    def each(k: int, got: list[RunResult]) -> None:
        nonlocal n
        n += len(got)
        if progress is not None:
            progress(n)
    return map_chunks(fn, common, parts, backend, each)


def play_seeds(packs: tuple[str, ...], party: list[str] | None, policy: str, seeds: list[int],
               workers: int, progress: Callable[[int], Any] | None = None,
               iterations: int = DEFAULT_ITERATIONS, engine: Engine | None = None,
               ray: str | None = None) -> list[RunResult]:
    """The runs of `seeds` in seed order, played by `workers` processes (1: here, on `engine`
    when given, the Engine of `packs` otherwise), or with `ray` on Ray (eve.scale.Backend).
    The result does not depend on `workers` or Ray. `progress(n)` is told the runs done so
    far."""
    from eve.scale import Backend

    played = play_runs_on(packs, party, policy, seeds, Backend(workers, ray), progress,
                          iterations, engine)
    return [r for chunk in played.results for r in chunk]
