"""Seeded mutation fuzz of Engine.restore, run as its own process (a crash is a failure).

    python tests/snapshot_fuzz.py SECONDS SEED

Prints one JSON line: counts per outcome. Exits 1 at the first untyped exception (printing the
input as hex) and is killed by any crash.
"""
import copy
import json
import random
import sys
import time
from pathlib import Path

import msgpack

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from frozen_pack import frozen_engine  # noqa: E402

from eve.core.snapshot import checksum  # noqa: E402
from eve.errors import IllegalAction, SnapshotError  # noqa: E402

INTERESTING = [-2**63, -2**40, -32769, -32768, -129, -33, -2, -1, 0, 1, 2, 3, 4, 5, 7, 8, 15, 16,
               23, 24, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256, 999, 1000, 32767, 32768, 65535,
               65536, 2**31, 2**32, 2**63 - 1, 2**64 - 1]
ODD = [None, True, 1.5, "x", b"\x00", {}, {"a": 1}, [], [[[]]], [0] * 40]


def assemble(head, body):
    b = msgpack.packb(body)
    return b"\x97" + b"".join(msgpack.packb(x) for x in head) + msgpack.packb(checksum(b)) + b


def leaves(x, path=()):
    if isinstance(x, list):
        yield path, x
        for i, v in enumerate(x):
            yield from leaves(v, path + (i,))
    else:
        yield path, x


def set_at(root, path, value):
    cur = root
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value


def mutate_structured(rng, top):
    head, body = list(top[:5]), top[6]
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        spots = list(leaves(body))
        path, val = rng.choice(spots)
        if not path:
            continue
        r = rng.random()
        if isinstance(val, list) and r < 0.3:
            if val and rng.random() < 0.5:
                val.pop(rng.randrange(len(val)))
            else:
                val.insert(rng.randrange(len(val) + 1), rng.choice(INTERESTING[5:30]))
        elif r < 0.85:
            # a neighbour stays within what msgpack can write (2**64 - 1 + 1 cannot be)
            near = (min(max(val + rng.choice((-1, 1)), -2**63), 2**64 - 1)
                    if isinstance(val, int) else 0)
            set_at(body, path, rng.choice(INTERESTING) if rng.random() < 0.8 else near)
        else:
            # a fresh copy: a shared ODD list would be mutated later and could end up inside
            # itself, a cycle that only the fuzzer's own encoder trips on
            set_at(body, path, copy.deepcopy(rng.choice(ODD)))
    if rng.random() < 0.1:
        head[rng.randrange(1, 5)] = rng.choice(INTERESTING + ODD)
    return assemble(head, body)


def mutate_raw(rng, data):
    b = bytearray(data)
    k = rng.randrange(6)
    if k == 0 and b:
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
    elif k == 1 and b:
        b[rng.randrange(len(b))] = rng.randrange(256)
    elif k == 2:
        b.insert(rng.randrange(len(b) + 1), rng.randrange(256))
    elif k == 3 and b:
        del b[rng.randrange(len(b))]
    elif k == 4:
        b = b[: rng.randrange(len(b) + 1)]
    else:
        i = rng.randrange(len(b) + 1)
        j = rng.randrange(len(b) + 1)
        b[i:i] = b[min(i, j):max(i, j)][:64]
    return bytes(b)


def seed_corpus(engine, matches):
    """Snapshots of seeded random play: about one position in seven, and every end."""
    corpus = []
    for s in range(matches):
        m = engine.new_match(seed=s)
        r = random.Random(s)
        while not m.is_over:
            if r.random() < 0.15:
                corpus.append(m.snapshot())
            m.apply(r.choice(m.legal_action_codes()))
        corpus.append(m.snapshot())
    return corpus


RARE_PACKS = range(60)       # random packs whose play gives the rare parts' seeds


def rare_corpus():
    """Snapshots of random-pack play whose rare state parts are not empty: a pending choice
    (rules C01-C06), grants (A01-A05), counters (V01-V04), a card's counter, a response on the
    Stack; and the engines (by fingerprint) that restore them."""
    import warnings

    from coverage_report import play_random_packs
    from random_packs import random_engine
    rare = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        play_random_packs(RARE_PACKS, 3, rare=rare)
        engines = {}
        corpus = []
        for part in sorted(rare):
            for pack_seed, data in rare[part]:
                if pack_seed not in engines:
                    engines[pack_seed] = random_engine(pack_seed)
                corpus.append(data)
    return {e.fingerprint: e for e in engines.values()}, corpus, sorted(rare)


def engine_for(data, by_fp, default):
    """The engine a snapshot names (its header's fingerprint), else `default`."""
    try:
        top = msgpack.unpackb(data, strict_map_key=False)
        return by_fp.get(top[3], default)
    except Exception:
        return default


def main(seconds, seed):
    rng = random.Random(seed)
    engine = frozen_engine()
    by_fp, rare, _ = rare_corpus()
    corpus = seed_corpus(engine, 12) + rare
    frozen = engine
    counts = {}
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        n += 1
        i = rng.randrange(len(corpus))
        data = mutate_structured(rng, msgpack.unpackb(corpus[i], strict_map_key=False)) \
            if rng.random() < 0.7 else mutate_raw(rng, corpus[i])
        engine = engine_for(data, by_fp, frozen)
        try:
            m = engine.restore(data)
        except SnapshotError as e:
            counts[type(e).__name__] = counts.get(type(e).__name__, 0) + 1
            continue
        except Exception as e:  # an untyped failure: report and stop
            print(json.dumps({"untyped": repr(e), "input": data.hex()}))
            return 1
        counts["restored"] = counts.get("restored", 0) + 1
        try:
            again = m.snapshot()
            # the body (and its checksum) must re-encode to the same bytes; the header is this
            # engine's own (another engine version of the same ABI may have written the input)
            if msgpack.unpackb(again, strict_map_key=False)[5:] != msgpack.unpackb(data, strict_map_key=False)[5:]:
                print(json.dumps({"untyped": "restored snapshot re-encodes differently", "input": data.hex()}))
                return 1
            r = random.Random(n)
            for _ in range(40):
                acts = m.legal_action_codes()
                if not acts:
                    break
                m.apply(r.choice(acts))
        except IllegalAction as e:
            print(json.dumps({"untyped": f"a listed action was refused: {e}", "input": data.hex()}))
            return 1
    counts["inputs"] = n
    print(json.dumps(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]), int(sys.argv[2])))
