"""Coverage-guided fuzz (atheris, libFuzzer) of Engine.restore and of replay loading, with the
structure-aware mutators of snapshot_fuzz.py and replay_fuzz.py.

    python tests/atheris_fuzz.py snapshot|replay|run SECONDS [SEED]

libFuzzer drives the inputs: the custom mutator mostly mutates an input as a snapshot or a
replay (decoded, a field changed, encoded again), now and then its bytes (libFuzzer's own
mutator), and the Python code of eve is instrumented so that an input reaching new code is
kept. The oracle is the seeded fuzzers' own: anything but a typed eve error, a snapshot that
re-encodes differently or a listed action refused is a failure, which libFuzzer reports with the
input (written to crash-*) and exits non-zero; a crash of the core is a failure too. Where
atheris does not install, `.ci/run` runs the seeded fuzzers instead.
"""
from __future__ import annotations

import random
import sys
import warnings
from pathlib import Path

import atheris

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

with atheris.instrument_imports(include=["eve"]):
    import eve  # noqa: F401
    import eve.replay  # noqa: F401

import msgpack  # noqa: E402
import replay_fuzz  # noqa: E402
import snapshot_fuzz  # noqa: E402
from frozen_pack import frozen_engine  # noqa: E402

from eve.errors import IllegalAction, SnapshotError  # noqa: E402


def snapshot_target():
    frozen = frozen_engine()
    by_fp, rare, _ = snapshot_fuzz.rare_corpus()
    corpus = snapshot_fuzz.seed_corpus(frozen, 8) + rare

    def mutate(rng: random.Random, data: bytes) -> bytes:
        try:
            top = msgpack.unpackb(data, strict_map_key=False)
            if rng.random() < 0.7 and isinstance(top, list) and len(top) == 7 \
                    and isinstance(top[6], list):
                return snapshot_fuzz.mutate_structured(rng, top)
        except Exception:
            pass                             # not a snapshot any more: mutate the bytes
        return snapshot_fuzz.mutate_raw(rng, data)

    def check(data: bytes) -> None:
        engine = snapshot_fuzz.engine_for(data, by_fp, frozen)
        try:
            m = engine.restore(data)
        except SnapshotError:
            return
        again = m.snapshot()
        if msgpack.unpackb(again, strict_map_key=False)[5:] != msgpack.unpackb(data, strict_map_key=False)[5:]:
            raise AssertionError("a restored snapshot re-encodes differently")
        r = random.Random(len(data))
        for _ in range(40):
            codes = m.legal_action_codes()
            if not codes:
                break
            try:
                m.apply(r.choice(codes))
            except IllegalAction as e:
                raise AssertionError(f"a listed action was refused: {e}") from None

    return corpus, mutate, check


def replay_target():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        engs = replay_fuzz.engines()
    by_fp = {e.fingerprint: e for e in engs}
    corpus = replay_fuzz.build_corpus(engs)
    counts: dict[str, int] = {}

    def mutate(rng: random.Random, data: bytes) -> bytes:
        try:
            if isinstance(msgpack.unpackb(data), list):
                return replay_fuzz.mutate(rng, data)
        except Exception:
            pass
        return snapshot_fuzz.mutate_raw(rng, data)

    def check(data: bytes) -> None:
        replay_fuzz.check(data, by_fp, counts)

    return corpus, mutate, check


def run_target():
    """Run snapshots (Engine.restore_run) and run replays, with run_snapshot_fuzz's oracle."""
    import run_snapshot_fuzz as rf
    engine = rf.run_engine()
    corpus = rf.seed_corpus(engine, 12) + rf.replay_corpus(engine, 6)
    counts: dict[str, int] = {}

    def mutate(rng: random.Random, data: bytes) -> bytes:
        if data.startswith(b"\x9b\xadeve.runreplay"):
            return rf.mutate_replay(rng, data)
        try:
            top = msgpack.unpackb(data, strict_map_key=False)
            if rng.random() < 0.7 and isinstance(top, list) and len(top) == 7 \
                    and isinstance(top[6], list):
                return snapshot_fuzz.mutate_structured(rng, top)
        except Exception:
            pass
        return snapshot_fuzz.mutate_raw(rng, data)

    def check(data: bytes) -> None:
        if data.startswith(b"\x9b\xadeve.runreplay"):
            rf.fuzz_replay(engine, data, counts)
        else:
            rf.check_snapshot(engine, data, len(data), counts)

    return corpus, mutate, check


def main(target: str, seconds: int, seed: int) -> None:
    corpus, mutate, check = {"snapshot": snapshot_target, "replay": replay_target,
                             "run": run_target}[target]()

    def custom_mutator(data: bytes, max_size: int, mseed: int) -> bytes:
        rng = random.Random(mseed)
        if not data or rng.random() < 0.05:
            data = rng.choice(corpus)
        if rng.random() < 0.15:
            return atheris.Mutate(data, max_size)
        return mutate(rng, data)[:max_size]

    def test_one_input(data: bytes) -> None:
        check(bytes(data))

    args = [sys.argv[0], f"-max_total_time={seconds}", f"-seed={seed}", "-max_len=65536",
            "-timeout=60", "-rss_limit_mb=4096", "-print_final_stats=1"]
    atheris.Setup(args, test_one_input, custom_mutator=custom_mutator)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1)
