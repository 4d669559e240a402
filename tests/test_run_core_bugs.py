"""Bugs found in the run core (runs.pyx) while writing its files and tools, each a failing test
now fixed: each test keeps it fixed.

1. run_check lists the legal actions into `int32_t buf[MAX_CHOICE_OPTS * 4 + 16]` (272), but
   run_legal can list more out of a fight: an event or a site lists one action per option and
   pick, up to 8 options x deck_cap cards (8 x 60 = 480). With 8 card-picking options and a
   deck of 36 cards there are 288, and any check or apply of that position writes past the
   stack buffer: the process dies (SIGSEGV). run_legal's own callers use MAX_ACTIONS (16,384);
   run_check should too (or check the option and the pick directly).
2. run_hash (runs.pyx) wraps modulo 2**64 on purpose (`sm_mix(h ^ w) + 0x9E37...`) but is not
   marked `@cython.overflowcheck(False)` as rules.pyx's state_hash and the rng are: under the
   debug build (EVE_DEBUG=1, CI's .venv-debug) the addition raises OverflowError inside a
   noexcept function, so every Run.state_hash() prints "Exception ignored in
   'eve.core.runs.run_hash'" and returns 0, and the next Python call raises that
   OverflowError. (The release build is right; the debug build's run hashes are all 0.)
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

OVERFLOW = """
import sys
sys.path.insert(0, {here!r})
import msgpack, eve
from run_files_support import run_engine, run_spec, walk
from eve.core.snapshot import checksum

e = run_engine()
data = next(r.snapshot() for s in range(400) for r, _ in walk(e, s, "greedy") if r.phase == "event")
top = msgpack.unpackb(data)
top[6][5] = [5 + i % 40 for i in range(36)]         # a deck of 36 cards (deck_cap 40)
body = msgpack.packb(top[6])
data = b"\\x97" + b"".join(msgpack.packb(x) for x in top[:5]) + msgpack.packb(checksum(body)) + body
big = eve.Engine()
spec = run_spec(big)
spec["options"] = [{{"target": 2}}] * 8               # 8 options, each picking a deck card
spec["events"] = [{{"acts": 0, "options": (0, 8)}}]
spec["sites"] = [{{"node": 4, "options": (0, 2)}}, {{"node": 5, "options": (1, 2)}}]
big.catalog.tables._load_run(spec)
r = big.restore_run(data)                           # the same content fingerprint: the spec is not in it
codes = r.legal_action_codes()
assert len(codes) == 8 * 36, len(codes)
r.apply(codes[-1])
print("applied", r.phase)
"""


def test_run_hash_wraps_on_purpose_in_every_build():
    # run_hash mixes with rng.pxd's hash_bytes, whose wrapping arithmetic must stay unchecked
    runs = (HERE.parent / "src" / "eve" / "core" / "runs.pyx").read_text()
    assert "hash_bytes(" in runs[runs.index("cdef uint64_t run_hash("):]
    rng = (HERE.parent / "src" / "eve" / "core" / "rng.pxd").read_text()
    at = rng.index("cdef inline uint64_t hash_bytes(")
    assert re.search(r"@cython\.overflowcheck\(False\)[^\n]*\n$", rng[:at]), \
        "the debug build's overflow checks make every run hash 0"


def test_a_scene_with_many_picks_can_be_checked_and_applied():
    r = subprocess.run([sys.executable, "-c", OVERFLOW.format(here=str(HERE))],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "applied path" in r.stdout, (r.returncode, r.stderr[-2000:])
