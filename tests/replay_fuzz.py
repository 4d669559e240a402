"""Structure-aware seeded mutation fuzz of replay loading and verification, run as its own
process (a crash is a failure).

    python tests/replay_fuzz.py SECONDS SEED

The corpus is real replays (of the frozen pack, a random pack and the built-in pack; finished
and unfinished, with and without a deck). Each input is a replay with its fields mutated as what they are (a
seed, a party, a deck, the action list, the claims) or with their types and the layout broken,
or its bytes flipped, cut or spliced. Every input goes through `Replay.from_bytes`, now and then
through a file (`Replay.load`) and the command line (`eve replay --verify`), and whatever loads
is re-encoded and verified against the engine it names. Anything but a typed eve error
(ReplayError, ContentMismatch) is a failure: the script prints one JSON line with the error and
the input as hex and exits 1. Otherwise it prints one JSON line of counts per outcome.
"""
from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import msgpack

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from frozen_pack import frozen_engine  # noqa: E402
from random_packs import random_engine  # noqa: E402
from snapshot_fuzz import INTERESTING, ODD, mutate_raw  # noqa: E402

import eve  # noqa: E402
from eve.cli import main as cli_main  # noqa: E402
from eve.errors import EveError  # noqa: E402
from eve.replay import Replay, ReplayError  # noqa: E402

# the fields of a replay, in order (eve.replay's layout)
FIELDS = ("magic", "format", "engine_version", "fingerprint", "seed", "heroes", "encounter",
          "deck", "actions", "final_hash", "outcome", "rounds")
TEXTS = ["", "x", "core:ember_knight", "frozen:knight", "frozen:chief", "frozen:squire",
         "frozen:warband", "frozen:imp", "rnd:h0", "rnd:x0", "knight", "warband", "a" * 257,
         "é", "\x00"]


class Untyped(Exception):
    """What the fuzz looks for: a failure that is not a typed eve error."""


def engines() -> list[Any]:
    import snapshot_fuzz
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # the built-in pack's too: `eve replay --verify` plays a replay on eve.Engine(); and the
        # random packs whose play reaches a pending choice, grants and counters
        rare = list(snapshot_fuzz.rare_corpus()[0].values())
        return [frozen_engine(), random_engine(7), eve.Engine(), *rare]


def build_corpus(engs: list[Any]) -> list[bytes]:
    corpus = []
    for e in engs:
        encs = list(e.catalog.encounters)
        for s in range(8):
            m = e.new_match(seed=s, encounter=encs[s % len(encs)])
            r = random.Random(s)
            stop = r.choice((0, 5, 40, 10**9))
            while not m.is_over and len(m.actions) < stop:
                m.apply(r.choice(m.legal_action_codes()))
            corpus.append(Replay.of(m).to_bytes())
        deck = list(e.catalog.card_ids)[:6]
        m = e.new_match(seed=99, deck=deck)
        for _ in range(10):
            if m.is_over:
                break
            m.apply(m.legal_action_codes()[-1])
        corpus.append(Replay.of(m).to_bytes())
    return corpus


def _code(rng: random.Random) -> Any:
    k = rng.random()
    if k < 0.6:
        return rng.randint(1, 5) << 24 | rng.randrange(256) << 16 | rng.randrange(256) << 8 | rng.randrange(8)
    return rng.choice(INTERESTING + [True, False])


def mutate_field(rng: random.Random, rep: list[Any]) -> None:
    i = rng.randrange(len(FIELDS))
    name, v = FIELDS[i], rep[i]
    r = rng.random()
    if r < 0.2:                                      # a value of any type
        rep[i] = rng.choice(INTERESTING + ODD + TEXTS + [False])
    elif name in ("heroes", "deck") and (isinstance(v, list) or v is None):
        lst = list(v or [])
        k = rng.randrange(6)
        if k == 0 and lst:
            lst.pop(rng.randrange(len(lst)))
        elif k == 1:
            lst.insert(rng.randrange(len(lst) + 1), rng.choice(TEXTS + lst if lst else TEXTS))
        elif k == 2 and lst:
            lst[rng.randrange(len(lst))] = rng.choice(TEXTS)
        elif k == 3:
            lst = lst * rng.choice((0, 2, 5, 20))
        elif k == 4 and name == "deck":
            lst = None if v is not None else [rng.choice(TEXTS) for _ in range(rng.randrange(8))]
        else:
            rng.shuffle(lst)
        rep[i] = lst
    elif name == "actions" and isinstance(v, list):
        lst = list(v)
        k = rng.randrange(7)
        if k == 0 and lst:
            del lst[rng.randrange(len(lst)):]        # cut short
        elif k == 1 and lst:
            lst.pop(rng.randrange(len(lst)))
        elif k == 2 and len(lst) > 1:
            a, b = rng.randrange(len(lst)), rng.randrange(len(lst))
            lst[a], lst[b] = lst[b], lst[a]
        elif k == 3:
            lst.insert(rng.randrange(len(lst) + 1), _code(rng))
        elif k == 4 and lst:
            j = rng.randrange(len(lst))
            lst[j] = lst[j] ^ (1 << rng.randrange(32)) if isinstance(lst[j], int) else 0
        elif k == 5 and lst:
            lst = lst + lst[: rng.randrange(len(lst) + 1)]
        else:
            lst.append(_code(rng))
        rep[i] = lst
    elif isinstance(v, bool) or not isinstance(v, int):
        rep[i] = rng.choice(TEXTS + [None, "win", "loss", "timeout", 0, 1])
    else:                                            # an integer field: near or far
        rep[i] = v + rng.choice((-1, 1)) if r < 0.6 else rng.choice(INTERESTING)


def mutate(rng: random.Random, data: bytes) -> bytes:
    """One input from a corpus replay: its fields (70%) or its bytes."""
    if rng.random() < 0.3:
        return mutate_raw(rng, data)
    rep = msgpack.unpackb(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        mutate_field(rng, rep)
    k = rng.random()
    if k < 0.04:
        rep.pop(rng.randrange(len(rep)))             # a field missing
    elif k < 0.07:
        rep.insert(rng.randrange(len(rep) + 1), rng.choice(INTERESTING + ODD))
    elif k < 0.08:
        rep = [rep]
    try:
        return msgpack.packb(rep)
    except OverflowError:                            # an integer msgpack cannot write
        return mutate_raw(rng, data)


def check(data: bytes, engines_by_fp: dict[str, Any], counts: dict[str, int],
          through_file: bool = False, through_cli: bool = False) -> None:
    """Load, re-encode and verify one input; raise Untyped for anything but a typed error."""
    def count(k: str) -> None:
        counts[k] = counts.get(k, 0) + 1

    try:
        rep = Replay.from_bytes(data)
    except ReplayError:
        rep = None
    except Exception as e:
        raise Untyped(f"Replay.from_bytes: {e!r}") from e
    if through_file or through_cli:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "input.evereplay"
            path.write_bytes(data)
            if through_file:
                try:
                    again = Replay.load(path)
                except ReplayError:
                    again = None
                except Exception as e:
                    raise Untyped(f"Replay.load: {e!r}") from e
                if again != rep:
                    raise Untyped("Replay.load and Replay.from_bytes disagree")
            if through_cli:
                out, err = io.StringIO(), io.StringIO()
                try:
                    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                        code = cli_main(["replay", "--verify", str(path)])
                except SystemExit as e:
                    code = e.code
                except Exception as e:
                    raise Untyped(f"eve replay --verify: {e!r}") from e
                if code not in (0, 1, 2) or "Traceback" in err.getvalue():
                    raise Untyped(f"eve replay --verify: exit {code}, {err.getvalue()[-300:]!r}")
                count(f"cli exit {code}")
    if rep is None:
        count("ReplayError on load")
        return
    if Replay.from_bytes(rep.to_bytes()) != rep:
        raise Untyped("a loaded replay re-encodes to another replay")
    engine = engines_by_fp.get(rep.fingerprint, next(iter(engines_by_fp.values())))
    try:
        wrong = rep.mismatches(engine)
    except EveError as e:
        count(type(e).__name__ + " on verify")
        return
    except Exception as e:
        raise Untyped(f"Replay.mismatches: {e!r}") from e
    count("verified" if not wrong else "claims refuted")


def main(seconds: float, seed: int) -> int:
    rng = random.Random(seed)
    engs = engines()
    by_fp = {e.fingerprint: e for e in engs}
    corpus = build_corpus(engs)
    counts: dict[str, int] = {}
    deadline = time.monotonic() + seconds
    n = 0
    while time.monotonic() < deadline:
        n += 1
        data = mutate(rng, rng.choice(corpus))
        try:
            check(data, by_fp, counts, through_file=n % 20 == 0, through_cli=n % 50 == 0)
        except Untyped as e:
            print(json.dumps({"untyped": str(e), "input": data.hex()}))
            return 1
    counts["inputs"] = n
    print(json.dumps(counts, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(float(sys.argv[1]), int(sys.argv[2])))
