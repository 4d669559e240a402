"""Seeded mutation fuzz of Engine.restore_run and of run replays, run as its own process (a
crash is a failure).

    python tests/run_snapshot_fuzz.py SECONDS SEED

The corpus is run snapshots of seeded play (every phase of a run, fights included); the
mutations are snapshot_fuzz's: structure-aware (a mutated body gets a valid checksum, so the
range and cross-checks are reached) and raw bytes. Every input must either restore to a state
that re-encodes to the same body and plays on, or raise an eve.SnapshotError. A fifth of the
time goes to run replays (eve.replay.RunReplay) of seeded runs, their fields mutated or their
bytes: each must load and verify (or be refuted), or raise a ReplayError or ContentMismatch.
Prints one JSON line of counts; exits 1 at the first untyped exception, printing the input as
hex.
"""
import json
import random
import sys
import time
from pathlib import Path

import msgpack

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from run_files_support import run_engine, walk  # noqa: E402
from snapshot_fuzz import mutate_raw, mutate_structured  # noqa: E402

from eve.errors import ContentMismatch, IllegalAction, SnapshotError  # noqa: E402
from eve.replay import ReplayError, RunReplay  # noqa: E402

REPLAY_VALUES = [None, True, -1, 0, 1, 2, 7, 2**31, 2**64 - 1, "", "win", "loss", "timeout",
                 "core:aldric", "core:nobody", [], ["core:aldric"], [0], {}, 1.5]


def seed_corpus(engine, runs):
    """Run snapshots of seeded play: about one position in six, and every end."""
    corpus = []
    for s in range(runs):
        pick = random.Random(s)
        for r, a in walk(engine, s, ("greedy", "random")[s % 2],
                         party=None if s % 3 == 0 else engine.default_heroes()):
            if a is None or pick.random() < 0.17 or not r.in_fight:
                corpus.append(r.snapshot())
    return corpus


def replay_corpus(engine, runs):
    out = []
    for s in range(runs):
        steps = list(walk(engine, s, "random", party=None if s % 2 else engine.default_heroes()))
        cut = steps[random.Random(s).randrange(len(steps))][0] if s % 3 == 0 else steps[-1][0]
        out.append(RunReplay.of(cut).to_bytes())
    return out


def mutate_replay(rng, data):
    try:
        top = msgpack.unpackb(data)
    except Exception:               # not msgpack any more (a raw mutation before): its bytes
        top = None
    if rng.random() < 0.4 or not isinstance(top, list) or len(top) != 11:
        return mutate_raw(rng, data)
    i = rng.randrange(len(top))
    if i == 6 and isinstance(top[6], list) and top[6] and rng.random() < 0.7:  # an action
        k = rng.randrange(len(top[6]))
        old = top[6][k]
        top[6][k] = rng.choice([old ^ (1 << rng.randrange(28)) if type(old) is int else 0,
                                rng.choice(REPLAY_VALUES)])
    else:
        top[i] = rng.choice(REPLAY_VALUES)
    try:
        return msgpack.packb(top)
    except (TypeError, OverflowError, ValueError):
        return data


def fuzz_replay(engine, data, counts):
    try:
        rp = RunReplay.from_bytes(data)
        key = "replay refuted" if rp.mismatches(engine) else "replay verified"
    except (ReplayError, ContentMismatch) as e:
        key = f"replay {type(e).__name__}"
    counts[key] = counts.get(key, 0) + 1


def check_snapshot(engine, data, n, counts):
    """The oracle: restore_run either raises a SnapshotError (counted) or gives a run that
    re-encodes to the same body and plays on; anything else raises."""
    try:
        r = engine.restore_run(data)
    except SnapshotError as e:
        counts[type(e).__name__] = counts.get(type(e).__name__, 0) + 1
        return
    counts["restored"] = counts.get("restored", 0) + 1
    if msgpack.unpackb(r.snapshot())[5:] != msgpack.unpackb(data, strict_map_key=False)[5:]:
        raise AssertionError("a restored run snapshot re-encodes differently")
    play = random.Random(n)
    for _ in range(40):
        acts = r.legal_action_codes()
        if not acts:
            break
        try:
            r.apply(play.choice(acts))
        except IllegalAction as e:
            raise AssertionError(f"a listed action was refused: {e}") from None


def main(seconds, seed):
    rng = random.Random(seed)
    engine = run_engine()
    corpus = seed_corpus(engine, 24)
    replays = replay_corpus(engine, 12)
    counts = {}
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        n += 1
        if rng.random() < 0.2:
            data = mutate_replay(rng, replays[rng.randrange(len(replays))])
            try:
                fuzz_replay(engine, data, counts)
            except Exception as e:  # an untyped failure: report and stop
                print(json.dumps({"untyped": repr(e), "replay": data.hex()}))
                return 1
            continue
        src = corpus[rng.randrange(len(corpus))]
        data = mutate_structured(rng, msgpack.unpackb(src, strict_map_key=False)) \
            if rng.random() < 0.7 else mutate_raw(rng, src)
        try:
            check_snapshot(engine, data, n, counts)
        except Exception as e:  # an untyped failure: report and stop
            print(json.dumps({"untyped": repr(e), "input": data.hex()}))
            return 1
    counts["inputs"] = n
    print(json.dumps(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]), int(sys.argv[2])))
