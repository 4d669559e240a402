"""`eve bench`: native playout speed, clone time and the cost of `apply` from Python.

Each figure is measured in the same run as the thing it is compared with, so a noisy shared
machine moves both: playouts against the targets, Python-side against native-side costs.
"""
from __future__ import annotations

import platform
import random
import time
from typing import Any

TARGET_DECISIONS_PER_S = 1_000_000
REFERENCE_CPP_DECISIONS_PER_S = 930_000     # a well-known C++ card-game simulator on this machine
TARGET_CLONE_US = 0.5
TARGET_APPLY_US = 2.0
BENCH_SEEDS = (1, 2, 3, 4)


def _recorded_match(engine, seed: int):
    """A start position and a legal action sequence to its end, from a fixed seed."""
    start = engine.new_match(seed=seed)
    m = start.clone()
    rng = random.Random(seed)
    codes = []
    while not m.is_over:
        c = rng.choice(m.legal_action_codes())
        m.apply(c)
        codes.append(c)
    return start, codes


def run_bench(seconds: float = 3.0) -> dict[str, Any]:
    from eve import Engine
    from eve.core.playout import STATE_BYTES, bench_clone, bench_playouts, bench_replay

    engine = Engine()
    per = max(0.2, seconds / len(BENCH_SEEDS))
    games = decisions = 0
    elapsed = 0.0
    for s in BENCH_SEEDS:
        g, d, el = bench_playouts(engine.new_match(seed=s), per, seed=s)
        games += g
        decisions += d
        elapsed += el
    dps = decisions / elapsed

    mid = engine.new_match(seed=1)
    clone_native = bench_clone(mid, 2_000_000)
    n = 200_000
    t0 = time.perf_counter()
    for _ in range(n):
        mid.clone()
    clone_python = (time.perf_counter() - t0) / n

    # apply from Python vs the same actions applied natively
    py_total = 0.0
    py_n = 0
    native = []
    for s in BENCH_SEEDS:
        start, codes = _recorded_match(engine, s)
        reps = 20
        t0 = time.perf_counter()
        for _ in range(reps):
            m = start.clone()
            for c in codes:
                m.apply(c)
        py_total += time.perf_counter() - t0
        py_n += reps * len(codes)
        # the clone per rep is small next to the applies; measure it out anyway
        t0 = time.perf_counter()
        for _ in range(reps):
            start.clone()
        py_total -= time.perf_counter() - t0
        native.append((bench_replay(start, codes, 2000), len(codes)))
    apply_py = py_total / py_n
    apply_native = sum(t * k for t, k in native) / sum(k for _, k in native)

    snap = _bench_snapshot(engine)

    return {
        "snapshot": snap,
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "processor": platform.machine()},
        "state_bytes": STATE_BYTES,
        "playout": {"decisions_per_s": dps, "matches_per_s": games / elapsed,
                    "decisions_per_match": decisions / max(1, games),
                    "target_decisions_per_s": TARGET_DECISIONS_PER_S,
                    "ratio_to_target": dps / TARGET_DECISIONS_PER_S,
                    "ratio_to_cpp_reference": dps / REFERENCE_CPP_DECISIONS_PER_S},
        "clone": {"native_us": clone_native * 1e6, "python_us": clone_python * 1e6,
                  "target_us": TARGET_CLONE_US},
        "apply": {"python_us": apply_py * 1e6, "native_us": apply_native * 1e6,
                  "python_over_native": apply_py / apply_native if apply_native else None,
                  "target_us": TARGET_APPLY_US},
    }


TARGET_ENCODE_US = 5.0
TARGET_DECODE_US = 10.0
TARGET_SNAPSHOT_BYTES = 2048


def _bench_snapshot(engine) -> dict[str, Any]:
    """Snapshot encode/decode of a mid-match position, next to msgpack-python doing the same
    layout from Python lists (the generic way) in the same run."""
    import msgpack

    start, codes = _recorded_match(engine, 1)
    mid = start.clone()
    for c in codes[: len(codes) // 2]:
        mid.apply(c)
    data = mid.snapshot()

    def per_call(f, n):
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        return (time.perf_counter() - t0) / n

    n = 20_000
    enc = min(per_call(mid.snapshot, n) for _ in range(3))
    dec = min(per_call(lambda: engine.restore(data), n) for _ in range(3))
    layout = msgpack.unpackb(data)
    ref_enc = min(per_call(lambda: msgpack.packb(layout), n // 4) for _ in range(3))
    ref_dec = min(per_call(lambda: msgpack.unpackb(data), n // 4) for _ in range(3))
    return {"size_bytes": len(data), "encode_us": enc * 1e6, "decode_us": dec * 1e6,
            "target_encode_us": TARGET_ENCODE_US, "target_decode_us": TARGET_DECODE_US,
            "target_size_bytes": TARGET_SNAPSHOT_BYTES,
            "msgpack_python_encode_us": ref_enc * 1e6, "msgpack_python_decode_us": ref_dec * 1e6}


def format_bench(f: dict[str, Any]) -> str:
    p, c, a, sn = f["playout"], f["clone"], f["apply"], f["snapshot"]
    return "\n".join([
        f"eve bench on {f['machine']['platform']} (Python {f['machine']['python']}); state {f['state_bytes']} bytes",
        f"native random playouts : {p['decisions_per_s']:>12,.0f} decisions/s  "
        f"({p['ratio_to_target']:.2f}x the 1,000,000 target, {p['ratio_to_cpp_reference']:.2f}x the C++ reference)",
        f"                         {p['matches_per_s']:>12,.0f} matches/s  ({p['decisions_per_match']:.1f} decisions a match)",
        f"clone                  : {c['native_us'] * 1000:>12.1f} ns native   {c['python_us'] * 1000:8.1f} ns as Match.clone()"
        f"  (target < {c['target_us']} us)",
        f"apply                  : {a['python_us']:>12.3f} us from Python  {a['native_us']:.3f} us native"
        f"  ({a['python_over_native']:.2f}x; target < {a['target_us']} us)",
        f"snapshot (mid-match)   : {sn['encode_us']:>12.2f} us encode  {sn['decode_us']:.2f} us decode (checked)"
        f"  {sn['size_bytes']} bytes  (targets {sn['target_encode_us']:.0f} / {sn['target_decode_us']:.0f} us,"
        f" {sn['target_size_bytes']} bytes)",
        f"                         msgpack-python on the same layout: {sn['msgpack_python_encode_us']:.2f} us encode,"
        f" {sn['msgpack_python_decode_us']:.2f} us decode (unchecked)",
    ])
