"""The `eve` command: play runs, simulate matches and runs, benchmark the core, list and lint
packs."""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from eve.core.vocabulary import names as _vocab_names
from eve.search import DEFAULT_C

# outcome codes to names, the match's "none" as None
OUTCOME_NAMES: dict[int, str | None] = {
    i: (n if i else None) for i, n in enumerate(_vocab_names("outcome"))}
OUTCOME_CODES = {n: i for i, n in OUTCOME_NAMES.items() if n}

# The bounds of the command line's numbers (docs: README, "Command line")
MAX_SEED = 2**64 - 1
MAX_GAMES = 10_000_000
MAX_ITERATIONS = 10_000_000
MAX_THREADS = 64
MAX_WORKERS = 256
MAX_DEPTH = 10_000
MAX_BENCH_SECONDS = 600.0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130          # 128 + SIGINT, as a shell reports a command ended by Ctrl-C
EXIT_BROKEN_PIPE = 141          # 128 + SIGPIPE, as a shell reports a writer whose reader left


def _policy_name(text: str) -> str:
    """An argparse type: random, greedy, mcts (the search: MCTS in matches, the search run
    policy with --runs) or a named match policy of eve.policies (greedy-honest, flat-N,
    mcts-N, reference-N), else one error line."""
    from eve.policies import make_match_policy, match_policy_names
    if text in ("random", "greedy", "mcts"):
        return text
    try:
        make_match_policy(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not a policy (random, greedy, mcts, "
            f"{', '.join(n for n in match_policy_names() if n not in ('random', 'greedy'))})") from None
    return text


def _int_in(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: an integer in [lo, hi], else one error line (argparse exits 2)."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not an integer") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{v} is outside [{lo}, {hi}]")
        return v
    parse.__name__ = "integer"
    return parse


def _float_in(lo: float, hi: float, lo_open: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number in [lo, hi] (or (lo, hi]): never nan or inf."""
    def parse(text: str) -> float:
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
        if not math.isfinite(v) or v > hi or v < lo or (lo_open and v == lo):
            raise argparse.ArgumentTypeError(
                f"{text[:40]} is outside {'(' if lo_open else '['}{lo:g}, {hi:g}]")
        return v
    parse.__name__ = "number"
    return parse


def _packs(text: str) -> list[str]:
    """An argparse type: comma-separated pack module names."""
    names = [p.strip() for p in text.split(",") if p.strip()]
    if not names:
        raise argparse.ArgumentTypeError("name at least one pack module")
    return names


class _Parser(argparse.ArgumentParser):
    """Bad arguments end with one line on stderr ("eve simulate: error: ...") and exit 2; the
    usage is in --help."""

    def error(self, message: str) -> Any:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


def _progress(done: int, total: int, started: float, stream=None, unit: str = "matches") -> None:
    stream = stream or sys.stderr
    if not stream.isatty() and done not in (total,) and done % max(1, total // 10):
        return
    width = 30
    filled = int(width * done / max(1, total))
    el = time.perf_counter() - started
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}  {el:5.1f}s")
    if done == total:
        stream.write("\n")
    stream.flush()


def _engine(packs: Sequence[str] | None = None):
    """The Engine a command plays on: the built-in pack and the installed ones, or with `packs`
    (module names, `--packs`) the built-in pack and those."""
    from eve.run_cli import engine_with
    return engine_with(packs)


def _party(text: str | None) -> list[str] | None:
    return None if text is None else [p.strip() for p in text.split(",") if p.strip()]


def cmd_run(args: argparse.Namespace) -> int:
    """One run, floor by floor (rules U01-U21); --save-replay writes its replay atomically."""
    from eve.replay import RunReplay
    from eve.run_cli import play_run

    engine = _engine(args.packs)
    party = _party(args.party)      # None: the policy recruits the party (rule U02)
    if args.save_replay:
        _check_folder(Path(args.save_replay).resolve().parent)
    print(f"eve run: seed {args.seed}, party {', '.join(party) if party else 'chosen by the policy'}"
          f", policy {args.policy}")
    _, run = play_run(engine, args.seed, party, args.policy, out=sys.stdout,
                      iterations=args.iterations)
    if args.save_replay:
        RunReplay.of(run).save(args.save_replay)
        print(f"replay written to {args.save_replay}")
    return 0


def _simulate_runs(args: argparse.Namespace, backend) -> int:
    """`eve simulate --runs N`: N seeded runs with a run policy, summed up."""
    from eve.run_cli import format_summary, play_runs_on, summarize

    if args.policy not in ("random", "greedy", "mcts"):
        raise ValueError(f"--runs plays the random, greedy or mcts (search) policy, not "
                         f"{args.policy!r}")
    policy = "search" if args.policy == "mcts" else args.policy
    if args.encounter or args.save_replays:
        raise ValueError("--runs takes its Encounters from the acts: no --encounter or "
                         "--save-replays")
    engine = _engine(args.packs)
    party = _party(args.heroes)     # None: each run's policy recruits its party (rule U02)
    started = time.perf_counter()
    seeds = list(range(args.seed, args.seed + args.runs))

    def progress(n: int) -> None:
        if not args.quiet:
            _progress(n, args.runs, started, unit="runs")
    played = play_runs_on(tuple(args.packs or ()), party, policy, seeds, backend, progress,
                          iterations=args.iterations, engine=engine)
    results = [r for chunk in played.results for r in chunk]
    summary = summarize(results, policy, party)
    if policy == "search":
        summary["iterations"] = args.iterations
    summary.update(seed=args.seed, elapsed_s=time.perf_counter() - started,
                   content_fingerprint=engine.fingerprint, backend=backend.name,
                   workers=backend.workers or 1)
    if not backend.local:
        summary.update(chunks=len(played.results), chunk_play_s=played.play_s,
                       reruns=played.reruns)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for line in format_summary(summary, f"{args.seed}..{args.seed + args.runs - 1}"):
            print(line)
    return 0


# A native match's play time by policy, what `eve simulate --workers/--ray` sizes its chunks
# by (eve.scale.chunk_size; BENCHMARKS.md, "Scale-out": a built-in random match takes
# 0.02-0.08 ms, a greedy one 0.1-0.7 ms, by Encounter); a searching policy's match takes far
# longer than a chunk costs to schedule: not listed, one match a chunk is enough
MATCH_SECONDS = {"random": 0.00004, "greedy": 0.0003}
# at most this many matches a chunk: a lost worker's chunk, played again, stays short
MATCHES_PER_CHUNK_MOST = 65536


def _backend(args: argparse.Namespace):
    """--workers and --ray: processes on this machine, or Ray (--workers then caps the chunks
    played at a time on the cluster; without it, one a CPU)."""
    from eve.scale import Backend, import_ray

    if args.ray is not None:
        import_ray()            # not installed: one line, before any content is built
    return Backend(workers=args.workers, ray=args.ray)


def _by_encounter(job: Sequence[tuple[str, int]]) -> list[tuple[str, list[int]]]:
    """A chunk's (Encounter id, seed) pairs as runs of one Encounter each, in order."""
    groups: list[tuple[str, list[int]]] = []
    for enc, seed in job:
        if not groups or groups[-1][0] != enc:
            groups.append((enc, []))
        groups[-1][1].append(seed)
    return groups


def _match_chunk(engine, heroes: list[str], policy: str, search: argparse.Namespace | None,
                 record: bool, job: Sequence[tuple[str, int]], stop=None) -> list[tuple]:
    """The matches of `job` ((Encounter id, seed) pairs), played here (a worker's chunk, or the
    command's own batch): [(outcome word, rounds, decisions[, action codes, final hash])] in
    the job's order, each depending only on its seed, its Encounter, the content and the
    policy. `stop` (a StopFlag) ends native matches early: fewer results than pairs."""
    from eve.core.playout import run_matches

    out: list[tuple] = []
    hidx = [engine.hero_index(h) for h in heroes]
    for enc, seeds in _by_encounter(job):
        if policy == "mcts":
            out += [_mcts_match(engine, seed, heroes, enc, search) for seed in seeds]
        elif policy not in ("random", "greedy"):
            out += [_named_match(engine, seed, heroes, enc, policy) for seed in seeds]
        else:
            out += run_matches(engine.content, seeds, hidx, engine.encounter_index(enc), policy,
                               max_decisions=engine.max_match_length, record=record, stop=stop)
            if stop is not None and stop.is_set():
                break
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    from eve.core.interrupt import run_stoppable
    from eve.core.playout import StopFlag

    backend = _backend(args)
    if args.runs:
        return _simulate_runs(args, backend)
    engine = _engine(args.packs)
    heroes = args.heroes.split(",") if args.heroes else engine.default_heroes()
    slots = engine.config["player_hero_slots"]
    if not 1 <= len(heroes) <= slots:
        raise ValueError(f"--heroes: a party has 1 to {slots} heroes, not {len(heroes)}")
    hidx = [engine.hero_index(h) for h in heroes]
    for h, i in zip(heroes, hidx):
        if engine.catalog.hero_ids[i] not in engine.catalog.player_heroes:
            raise ValueError(f"--heroes: {h!r} is an enemy hero, not a player hero")
    encounters = (args.encounter.split(",") if args.encounter else list(engine.catalog.encounters))
    for enc in encounters:
        engine.encounter_index(enc)             # an unknown id is refused before any match
    if args.save_replays:
        _check_folder(Path(args.save_replays))  # before playing, not after the matches are lost
    # N matches in all, seeds S..S+N-1; without --encounter they cycle through every Encounter
    seeds = range(args.seed, args.seed + args.games)
    plan = {enc: seeds[i::len(encounters)] for i, enc in enumerate(encounters)}
    started = time.perf_counter()
    total = len(seeds)
    search = argparse.Namespace(iterations=args.iterations, threads=args.threads, c=args.c,
                                max_depth=args.max_depth, reward=args.reward)
    record = bool(args.save_replays)
    results: dict[str, list[tuple]] = {enc: [] for enc in plan}
    done = 0

    def took(job: list[tuple[str, int]], got: list[tuple]) -> None:
        nonlocal done
        if args.save_replays:
            at = 0
            for enc, part in _by_encounter(job):
                _save_replays(engine, args.save_replays, part, heroes, enc, got[at:at + len(part)])
                at += len(part)
        done += len(job)
        if not args.quiet:
            _progress(done, total, started)

    chunking: dict[str, Any] = {"chunks": 0, "chunk_play_s": 0.0}
    if backend.local:
        stop = StopFlag()

        def play_all() -> None:
            batch = 50      # matches between progress reports (and Ctrl-C checks for mcts)
            for enc, enc_seeds in plan.items():
                for i in range(0, len(enc_seeds), batch):
                    job = [(enc, seed) for seed in enc_seeds[i:i + batch]]
                    got = _match_chunk(engine, heroes, args.policy, search, record, job,
                                       stop=stop)
                    if stop.is_set():
                        return              # Ctrl-C: the caller's thread raises it
                    took(job, got)
                    results[enc].extend(got)

        if args.policy in ("random", "greedy"):
            # the native matches play in a thread of their own, so that Ctrl-C here stops them
            # at their next decision (eve.core.interrupt), not at the end of a batch
            run_stoppable([play_all], [stop.set])
        else:
            play_all()      # its searches take Ctrl-C as eve.search.mcts does
    else:
        from eve.scale import chunk_size, chunked, map_chunks

        size = chunk_size(total, backend, MATCH_SECONDS.get(args.policy), MATCHES_PER_CHUNK_MOST)
        # one Encounter after another, as played here; a chunk may hold the end of one and the
        # start of the next, so that many Encounters with few matches each still fill chunks
        jobs = chunked([(enc, seed) for enc, enc_seeds in plan.items() for seed in enc_seeds],
                       size)
        played = map_chunks(_match_chunk, (engine, heroes, args.policy, search, record), jobs,
                            backend, each=lambda k, got: took(jobs[k], got))
        for job, got in zip(jobs, played.results):
            for (enc, _), r in zip(job, got, strict=True):
                results[enc].append(r)
        chunking = {"chunks": len(jobs), "chunk_play_s": played.play_s, "reruns": played.reruns}
    per_enc: dict[str, dict[str, Any]] = {}
    decisions = 0
    for enc, res in results.items():
        ends = _count_outcomes(r[0] for r in res)
        decisions += sum(r[2] for r in res)
        per_enc[engine.compiled.encounter_ids[engine.encounter_index(enc)]] = {
            "games": len(res), **ends,
            "win_rate": ends["wins"] / len(res) if res else 0.0,
            "mean_rounds": sum(r[1] for r in res) / len(res) if res else 0.0,
        }
    elapsed = time.perf_counter() - started
    summary = {
        "games": total, "policy": args.policy, "seed": args.seed, "heroes": heroes,
        **{k: sum(v[k] for v in per_enc.values()) for k in _ENDS},
        "mean_rounds": sum(v["mean_rounds"] * v["games"] for v in per_enc.values()) / max(1, total),
        "decisions": decisions, "elapsed_s": elapsed,
        "decisions_per_s": decisions / elapsed if elapsed > 0 else 0.0,
        "encounters": per_enc, "content_fingerprint": engine.fingerprint,
        "backend": backend.name, "workers": backend.workers or 1, **chunking,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{total} matches, policy {args.policy}, seeds {args.seed}..{args.seed + args.games - 1}, "
              f"heroes {', '.join(heroes)}")
        for enc, v in per_enc.items():
            print(f"  {enc:28s} wins {v['wins']:5d}/{v['games']:<5d} ({100 * v['win_rate']:5.1f}%)  "
                  f"timeouts {v['timeouts']:<4d} mean rounds {v['mean_rounds']:.2f}")
        print(f"wins {summary['wins']}  losses {summary['losses']}  timeouts {summary['timeouts']}  "
              f"mean rounds {summary['mean_rounds']:.2f}")
        if summary["unfinished"]:
            print(f"unfinished {summary['unfinished']}: the match-length bound was not reached "
                  "(an engine fault: please report it)")
        print(f"{decisions} decisions in {elapsed:.2f}s: {summary['decisions_per_s']:,.0f} decisions/s"
              + (f" ({backend.name}, {summary['chunks']} chunks)" if not backend.local else ""))
    return 0


# what simulate counts: each outcome, and a match the playout stopped before its end
_ENDS = ("wins", "losses", "timeouts", "unfinished")


def _count_outcomes(outcomes) -> dict[str, int]:
    """Outcomes in Match.outcome's words counted: None is a match stopped before its end."""
    names = {"win": "wins", "loss": "losses", "timeout": "timeouts", None: "unfinished"}
    ends = dict.fromkeys(_ENDS, 0)
    for o in outcomes:
        ends[names[o]] += 1
    return ends


def _mcts_match(engine, seed: int, heroes, encounter: str, args: argparse.Namespace | None):
    """One match with the native MCTS choosing every player decision (a forced one is played
    without a search). The search seed of each decision is derived from the match seed."""
    from eve.search import mcts

    assert args is not None, "an mcts match needs its search settings"
    m = engine.new_match(seed=seed, heroes=heroes, encounter=encounter)
    k = 0
    while not m.is_over:
        legal = m.legal_action_codes()
        if len(legal) == 1:
            m.apply(legal[0])
            continue
        r = mcts(m, iterations=args.iterations, seed=(seed * 1_000_003 + k) % 2**64,
                 threads=args.threads, c=args.c, max_depth=args.max_depth, reward=args.reward)
        m.apply(r.action)
        k += 1
    return (m.outcome, m.round, len(m.actions), m.actions, m.state_hash())


def _named_match(engine, seed: int, heroes, encounter: str, policy: str):
    """One match played by a named policy of eve.policies, seeded by the match seed."""
    from eve.policies import make_match_policy

    m = engine.new_match(seed=seed, heroes=heroes, encounter=encounter)
    choose = make_match_policy(policy, seed)
    while not m.is_over:
        m.apply(choose(m))
    return (m.outcome, m.round, len(m.actions), m.actions, m.state_hash())


def _check_folder(folder: Path) -> None:
    """Make the replay folder and write a file into it, so that a file of that name or a place
    that cannot be written is an error before any match is played (OSError: one line, exit 2)."""
    import tempfile

    folder.mkdir(parents=True, exist_ok=True)
    fd, probe = tempfile.mkstemp(dir=folder, prefix=".eve-write-test.")
    os.close(fd)
    os.unlink(probe)


def _save_replays(engine, folder: str, seeds, heroes, encounter, results) -> None:
    from eve._version import __version__
    from eve.replay import Replay

    out = Path(folder)
    full_heroes = [engine.compiled.hero_ids[engine.hero_index(h)] for h in heroes]
    enc_id = engine.compiled.encounter_ids[engine.encounter_index(encounter)]
    for seed, (outcome, rounds, _, codes, final) in zip(seeds, results):
        Replay(__version__, engine.fingerprint, seed, full_heroes, enc_id, None, codes, final,
               outcome, rounds).save(out / f"{enc_id.replace(':', '_')}-{seed}.evereplay")


def _replay_run(args: argparse.Namespace, engine, rp) -> int:
    """A run replay: played (told floor by floor unless --verify), then every claim checked:
    the final hash, the outcome, the act and the floor. Exit status 1 when one is false."""
    from eve.run_cli import map_grid

    run = None
    act, fighting = 0, False
    for i, run, a in rp.steps(engine):
        if args.verify or a is None:
            continue
        if run.phase == "path" and run.act != act and run.floor == 0:
            act = run.act
            print(f"== Act {run.act}: boss {run.boss}")
            print("\n".join(map_grid(run)))
        if run.in_fight and not fighting:
            print(f"   {i:5d} [fight ] {run.encounter}")
        fighting = run.in_fight
        if not fighting:
            print(f"   {i:5d} [{run.phase:6s}] act {run.act} floor {run.floor}: {run.describe(a)}")
    assert run is not None
    wrong = rp.mismatches(engine, run)
    print(f"{args.file}: {'MISMATCH' if wrong else 'OK'} run replay, final hash "
          f"{run.state_hash():016x} (stored {rp.final_hash:016x}), {run.outcome} at act {run.act} "
          f"floor {run.floor}, {len(rp.actions)} actions" + (f"; {'; '.join(wrong)}" if wrong else ""))
    return 1 if wrong else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from eve.errors import EveError
    from eve.replay import RunReplay, load_any

    try:
        rp = load_any(args.file)
        engine = _engine()
        if isinstance(rp, RunReplay):
            return _replay_run(args, engine, rp)
        if args.verify:
            m = rp.play(engine)
            wrong = rp.mismatches(engine, m)      # final hash, outcome and rounds
            print(f"{args.file}: {'MISMATCH' if wrong else 'OK'} final hash {m.state_hash():016x} "
                  f"(stored {rp.final_hash:016x}), {m.outcome} in round {m.round}, "
                  f"{len(rp.actions)} actions" + (f"; {'; '.join(wrong)}" if wrong else ""))
            return 1 if wrong else 0
        last = None
        for i, m, a in rp.steps(engine):
            key = (m.round, m.active_side)
            if key != last:
                print(f"-- round {m.round}, {m.active_side}'s turn: player life {m.player_life}, "
                      f"Encounter {sum(h['hp'] for h in m.heroes('encounter') if h['alive'])} hp")
                last = key
            if a is not None:
                print(f"   {i:4d} [{m.phase:6s}] {engine.describe_action(m, a)}")
        print(f"== {m.outcome} in round {m.round}; final hash {m.state_hash():016x}")
        return 0
    except BrokenPipeError:
        raise                               # main's: a closed pipe exits 141 quietly
    except (EveError, OSError) as e:
        print(f"eve replay: {e}", file=sys.stderr)
        return 2


def cmd_search(args: argparse.Namespace) -> int:
    from eve import Engine
    from eve.core.snapshot import MAX_SNAPSHOT_BYTES
    from eve.errors import EveError, SnapshotTooLarge
    from eve.replay import read_capped
    from eve.search import mcts

    try:
        data = read_capped(args.file, MAX_SNAPSHOT_BYTES)      # never the whole of a big file
        if len(data) > MAX_SNAPSHOT_BYTES:
            raise SnapshotTooLarge(f"{args.file}: more than the snapshot cap of "
                                   f"{MAX_SNAPSHOT_BYTES} bytes (or not a regular file)")
        engine = Engine()
        m = engine.restore(data)
        r = mcts(m, iterations=args.iterations, seed=args.seed, threads=args.threads, c=args.c,
                 max_depth=args.max_depth, reward=args.reward)
    except BrokenPipeError:
        raise
    except (EveError, OSError, ValueError) as e:
        print(f"eve search: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"action": str(r.action), "code": r.action.code, "iterations": r.iterations,
                          "elapsed_s": r.elapsed, "iterations_per_s": r.iterations_per_s,
                          "stats": [{"action": str(s.action), "code": s.action.code,
                                     "visits": s.visits, "value": s.value} for s in r.stats]},
                         indent=2))
    else:
        print(f"round {m.round}, {m.phase}; {r.iterations} iterations in {r.elapsed:.3f}s "
              f"({r.iterations_per_s:,.0f}/s, {r.threads} thread(s), seed {r.seed})")
        for s in sorted(r.stats, key=lambda s: -s.visits):
            print(f"  {s.visits:7d}  {s.value:6.3f}  {s.action}")
        print(f"best: {r.action}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from eve.bench import format_bench, run_bench

    figures = run_bench(seconds=args.seconds, peers=args.peers)
    print(json.dumps(figures, indent=2) if args.json else format_bench(figures))
    return 0


def cmd_plugins(args: argparse.Namespace) -> int:
    """Every content pack tried, loaded or not: version, distribution, entry point, what it
    registered and its errors. Exit status 1 when any pack has an error."""
    from eve import Engine
    from eve._version import __version__
    from eve.errors import ContentError

    fatal: ContentError | None = None
    try:
        engine = Engine()
        report, fingerprint = engine.plugin_report, engine.fingerprint
    except ContentError as exc:       # strict mode, or a catalog that cannot be built at all
        if getattr(exc, "report", None) is None:
            raise
        report, fingerprint, fatal = exc.report, None, exc  # type: ignore[attr-defined]
    doc = report.to_dict()
    doc["fingerprint"] = fingerprint
    doc["fatal"] = None if fatal is None else str(fatal)
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print(f"eve {__version__}" + (f", content fingerprint {fingerprint}" if fingerprint else ""))
        for p in report.packs:
            src = (f"{p.dist} {p.dist_version}" if p.dist else (p.source.origin or "in-process"))
            ep = f", entry point {p.entry_point}" if p.entry_point else ""
            print(f"{p.name} {p.version or '?'} [{p.status}] from {src}{ep}")
            if p.requires or p.engine:
                print(f"    engine {p.engine or 'any'}; requires {', '.join(p.requires) or 'nothing'}")
            regs = ", ".join(f"{len(v)} {k}" for k, v in p.registered.items() if v)
            if regs:
                print(f"    registered {regs}")
            if p.rules == "applied":
                print("    rules: applied")
            elif p.rules == "not selected":
                print(f"    rules: not selected (select them with EVE_RULES={p.name} or "
                      f"Engine(rules=[{p.name!r}]))")
            for w in p.warnings:
                print(f"    warning: {w}")
            for e in p.errors:
                print(f"    error {e}")
        for e in report.errors_without_pack:
            print(f"error {e}")
        if fatal is not None:
            print(f"fatal: {fatal}")
    return 1 if report.errors or fatal is not None else 0


def cmd_lint(args: argparse.Namespace) -> int:
    """Dead or dangerous content of the loaded packs (docs/modding.md, "Lint checks"): one line
    per finding, then a summary. Exit status 1 when there are errors (with --strict: findings)."""
    from eve import Engine
    from eve.lint import lint

    report = lint(Engine(), packs=args.packs or None, strict=args.strict)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        for finding in report.findings:
            print(finding)
        print(report.summary())
    return report.exit_code


def cmd_cards(args: argparse.Namespace) -> int:
    """The rules text of every item of the loaded packs (or of the packs and ids named), with
    its id and name: docs/modding.md, "Rules text"."""
    from eve import Engine
    from eve.text import kind_of, rules_text, rules_texts

    catalog = Engine().catalog
    packs = [w for w in args.names if ":" not in w]
    ids = [w for w in args.names if ":" in w]
    loaded = sorted({i.split(":", 1)[0] for i in catalog.names})
    for p in packs:
        if p not in loaded:
            raise ValueError(f"no pack {p!r} is loaded (loaded: {', '.join(loaded)})")
    for i in ids:
        if i not in catalog:
            raise ValueError(f"no item {i!r} in the catalog")
    texts = rules_texts(catalog, kinds=args.kind, packs=packs or None) if packs or not ids else {}
    for i in ids:
        if args.kind is None or kind_of(catalog, i) in args.kind:
            texts[i] = rules_text(catalog, i)
    def name(i: str) -> str:
        if i in catalog.keywords:       # a keyword's own words, not its status's
            return str(catalog.keywords[i].get("name", i.split(":")[-1]))
        return catalog.names[i]

    items = [{"id": i, "kind": kind_of(catalog, i), "name": name(i), "text": t}
             for i, t in texts.items()]
    if args.json:
        print(json.dumps(items, indent=2))
    else:
        for n, item in enumerate(items):
            print(("\n" if n else "") + f"{item['id']}  {item['name']} ({item['kind'].replace('_', ' ')})")
            for line in item["text"].splitlines():
                print(f"    {line}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="eve", description="The Eve of Midnight match engine.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("simulate", help="play seeded matches with a native policy and summarize")
    s.add_argument("--games", type=_int_in(1, MAX_GAMES), default=100,
                   help=f"matches in all (default 100, at most {MAX_GAMES:,}), cycling through the Encounters")
    s.add_argument("--seed", type=_int_in(0, MAX_SEED), default=0,
                   help="first seed (default 0); the seeds S..S+N-1 are in [0, 2**64)")
    s.add_argument("--policy", type=_policy_name, default="greedy",
                   help="random, greedy (default), mcts (with --runs: MCTS in fights and the run "
                        "search out), or a policy of eve.policies: greedy-honest, flat-N "
                        "(flat Monte Carlo), mcts-N, reference-N (sees hidden cards: a ceiling)")
    s.add_argument("--iterations", type=_int_in(1, MAX_ITERATIONS), default=1000,
                   help="MCTS iterations a decision (default 1000)")
    s.add_argument("--threads", type=_int_in(1, MAX_THREADS), default=1, help="MCTS threads (default 1)")
    s.add_argument("--c", type=_float_in(0.0, 1e6), default=DEFAULT_C,
                   help=f"MCTS exploration constant (default {DEFAULT_C})")
    s.add_argument("--max-depth", type=_int_in(0, MAX_DEPTH), default=20,
                   help="MCTS rollout decisions before evaluating (default 20; 0: to the end)")
    s.add_argument("--reward", choices=("win", "shaped"), default="shaped", help="MCTS reward")
    s.add_argument("--encounter", help="encounter id(s), comma-separated (default: every one)")
    s.add_argument("--heroes", help="hero ids, comma-separated (default: the first registered)")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.add_argument("--save-replays", metavar="DIR", help="write a replay file per match into DIR")
    s.add_argument("--runs", type=_int_in(1, MAX_GAMES),
                   help="play this many whole runs instead of matches (--heroes is the party; "
                        "without it the policy recruits one; "
                        "--policy mcts: MCTS in fights and the run search out of them, "
                        "--iterations each) and report the run win rate")
    s.add_argument("--workers", type=_int_in(1, MAX_WORKERS), default=None,
                   help="processes that play the matches or runs (default 1: this one); with "
                        "--ray, the most chunks played at a time on the cluster (default: one a "
                        "CPU); the results are the same whatever the number")
    s.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="play on Ray (pip install 'eve-engine[ray]'): a local Ray without "
                        "ADDRESS, else the cluster at ADDRESS (auto, ray://host:10001); the "
                        "results are those of --workers")
    s.add_argument("--packs", type=_packs, help="pack modules to load with the built-in pack "
                   "(comma-separated; default: the built-in and installed packs)")
    s.set_defaults(func=cmd_simulate)

    ru = sub.add_parser("run", help="play one run (acts, floors, fights) and tell it floor by floor")
    ru.add_argument("--seed", type=_int_in(0, MAX_SEED), default=0, help="the run's seed (default 0)")
    ru.add_argument("--party", help="the party's hero ids, comma-separated (default: the policy "
                    "recruits it, the run's first decisions)")
    ru.add_argument("--policy", choices=("random", "greedy", "search"), default="greedy",
                    help="who decides: uniform random, greedy (default), or search: MCTS in "
                         "fights and the run search out of them (eve.run_policies)")
    ru.add_argument("--iterations", type=_int_in(1, MAX_ITERATIONS), default=1000,
                    help="the search policy's iterations a decision (default 1000)")
    ru.add_argument("--packs", type=_packs, help="pack modules to load with the built-in pack "
                    "(comma-separated)")
    ru.add_argument("--save-replay", metavar="FILE", help="write the run's replay to FILE")
    ru.set_defaults(func=cmd_run)

    se = sub.add_parser("search", help="run the native MCTS from a saved snapshot")
    se.add_argument("file", help="a snapshot file (Match.snapshot() bytes)")
    se.add_argument("--iterations", type=_int_in(1, MAX_ITERATIONS), default=1000)
    se.add_argument("--seed", type=_int_in(0, MAX_SEED), default=0)
    se.add_argument("--threads", type=_int_in(1, MAX_THREADS), default=1)
    se.add_argument("--c", type=_float_in(0.0, 1e6), default=DEFAULT_C)
    se.add_argument("--max-depth", type=_int_in(0, MAX_DEPTH), default=20,
                    help="rollout depth cap (0: to the end)")
    se.add_argument("--reward", choices=("win", "shaped"), default="shaped")
    se.add_argument("--json", action="store_true")
    se.set_defaults(func=cmd_search)

    r = sub.add_parser("replay", help="print a replay turn by turn, or --verify its final hash")
    r.add_argument("file")
    r.add_argument("--verify", action="store_true", help="replay and check the stored final hash")
    r.set_defaults(func=cmd_replay)

    b = sub.add_parser("bench", help="measure native playouts, clone and apply")
    b.add_argument("--json", action="store_true")
    b.add_argument("--seconds", type=_float_in(0.0, MAX_BENCH_SECONDS, lo_open=True), default=3.0,
                   help=f"time per measurement (default 3; more than 0, at most {MAX_BENCH_SECONDS:g})")
    b.add_argument("--peers", action="store_true",
                   help="also run OpenSpiel's MCTS and playouts (the optional bench extra)")
    b.set_defaults(func=cmd_bench)

    pl = sub.add_parser("plugins", help="list the content packs, what they registered and their errors")
    pl.add_argument("--json", action="store_true", help="print the report as JSON")
    pl.set_defaults(func=cmd_plugins)

    li = sub.add_parser("lint", help="report dead or dangerous content of the packs (exit 1 on errors)")
    li.add_argument("packs", nargs="*", metavar="PACK", help="report only these packs (default: all)")
    li.add_argument("--strict", action="store_true", help="count warnings as errors")
    li.add_argument("--json", action="store_true", help="print the report as JSON")
    li.set_defaults(func=cmd_lint)

    from eve.text import KINDS

    ca = sub.add_parser("cards", help="print the rules text of every card, hero, unit, task and Encounter")
    ca.add_argument("names", nargs="*", metavar="PACK_OR_ID",
                    help="only these packs (core) or items (core:riposte); default: everything")
    ca.add_argument("--kind", action="append", choices=tuple(KINDS),
                    help="only items of this kind (repeatable)")
    ca.add_argument("--json", action="store_true", help="print a JSON list of {id, kind, name, text}")
    ca.set_defaults(func=cmd_cards)
    return p


def _quiet_stdout(stream: IO[str]) -> None:
    """After a broken pipe: point stdout at /dev/null, so that the interpreter's last flush at
    exit does not print "Exception ignored ... BrokenPipeError"."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
    except (OSError, ValueError, AttributeError):   # no file descriptor (a captured stream)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """The command line. Every failure ends with one line on stderr: bad arguments and errors
    (EveError, OSError, ValueError) exit 2, Ctrl-C exits 130, a closed stdout pipe exits 141
    quietly."""
    command = "eve"
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:         # --help (0) or a bad argument (2, its line printed)
            return e.code if isinstance(e.code, int) else EXIT_USAGE
        command = f"eve {args.command}"
        if args.command == "simulate":
            n = args.runs or args.games
            if args.seed + n - 1 > MAX_SEED:
                print(f"{command}: error: the seeds {args.seed}..{args.seed + n - 1} go past "
                      "2**64 - 1", file=sys.stderr)
                return EXIT_USAGE
        from eve.errors import ContentWarning, EveError
        try:
            with warnings.catch_warnings():
                # content that loads with lint errors: one line of the command's own on stderr
                # per finding, however many Engines the command builds
                shown: set[str] = set()
                python_show = warnings.showwarning

                def show(message, category, *rest, **kw):
                    text = " ".join(str(message).split())
                    if not issubclass(category, ContentWarning):
                        python_show(message, category, *rest, **kw)
                    elif text not in shown:
                        shown.add(text)
                        print(f"{command}: warning: {text}", file=sys.stderr)

                warnings.showwarning = show
                warnings.simplefilter("always", ContentWarning)
                code = int(args.func(args) or 0)
            sys.stdout.flush()              # a closed pipe is found here, not at exit
            return code
        except BrokenPipeError:
            _quiet_stdout(sys.stdout)
            return EXIT_BROKEN_PIPE
        except (EveError, OSError, ValueError) as e:
            print(f"{command}: {_one_line(e)}", file=sys.stderr)
            return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
