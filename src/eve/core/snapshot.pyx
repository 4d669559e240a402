"""Snapshot ABI v5: the whole match state as canonical msgpack, encoded and decoded here.

Layout (docs/snapshot-abi.md has it field by field): a msgpack array of 7
    ["eve.snap", 5, engine_version, content_fingerprint, packs, checksum, body]
where `checksum` is `body_checksum` of the body's bytes and `body` is a fixed array layout of every
field that decides the future. The codec is a strict msgpack subset written for this layout
(arrays, ints, strings): any msgpack library reads a snapshot, and `msgpack.packb` of the
documented layout gives the same bytes, but decoding never recurses past the layout's depth,
checks every length against the layout before reading, accepts no maps, and range-checks every
value against the engine's tables before a Match is built, so hostile input cannot crash it.

Split by job: this module is the header and the Python face; snapshot_write.pxd writes the body,
snapshot_read.pyx reads it with its limits, snapshot_check.pyx cross-checks what it read; the
parts' offsets and lengths come from state_layout.pxd, generated from eve/core/layout.py.
"""
from libc.stdint cimport int16_t, uint64_t
from libc.string cimport memset, memcpy

from eve.core.defs cimport *
from eve.core.match cimport Match
from eve.core.snapshot_write cimport Buf, body_checksum, w_uint, write_body
from eve.core.snapshot_read cimport Rd, r_need, what_type, r_array, r_u64, r_int, r_str, read_body
from eve.core.snapshot_check cimport check_state
from eve.core.state_layout cimport N_BODY, layout_matches

from eve.core.errors import (BadMagic, ChecksumMismatch, ContentMismatch, MalformedSnapshot,
                        SchemaViolation, SnapshotTooLarge, UnsupportedABI)
from eve.core.snapshot_check import ZONE_LABELS

ABI = 5
SUPPORTED_ABIS = (5,)
MAGIC = "eve.snap"
MAX_SNAPSHOT_BYTES = 16384
MAGIC_PREFIX = b"\x97\xa8eve.snap"

cdef enum:
    BODY_CAP = 8192


def header_prefix(str version, str fingerprint, list packs):
    """The constant part of an engine's snapshots: the top array's first five elements."""
    import msgpack
    return (b"\x97" + msgpack.packb(MAGIC) + msgpack.packb(ABI) + msgpack.packb(version)
            + msgpack.packb(fingerprint) + msgpack.packb(packs))


def encode(Match m, bytes prefix):
    """Snapshot bytes of a match: prefix, checksum of the body, body; built in one buffer."""
    cdef unsigned char buf[BODY_CAP + 8192]
    cdef Py_ssize_t plen = len(prefix), start, body_at
    cdef Buf b
    cdef Buf c
    cdef unsigned char ck[9]
    cdef uint64_t h
    if plen > 8192 - 16:
        raise ValueError("snapshot header too long")
    body_at = plen + 9
    b.p = buf + body_at
    b.n = 0
    write_body(&m.st, &b)
    h = body_checksum(b.p, b.n)
    c.p = ck
    c.n = 0
    w_uint(&c, h)
    start = body_at - c.n - plen
    memcpy(buf + body_at - c.n, ck, c.n)
    memcpy(buf + start, <const char*>prefix, plen)
    return (<char*>buf)[start:body_at + b.n]



def decode_state(Match m, bytes data, str expected_fp, list engine_packs, bytes own_prefix=b""):
    """Fill `m` (a fresh Match) from snapshot bytes, or raise a SnapshotError subclass.
    A header equal to this engine's own (`own_prefix`) is accepted without decoding it."""
    cdef Rd r
    cdef int16_t abi = 0
    if len(data) > MAX_SNAPSHOT_BYTES:
        raise SnapshotTooLarge(f"{len(data)} bytes exceed the cap of {MAX_SNAPSHOT_BYTES}")
    if not data.startswith(MAGIC_PREFIX):
        raise BadMagic("not an eve snapshot: it must start with the msgpack array of 7 "
                       f"beginning {MAGIC!r}")
    r.p = <const unsigned char*>data
    r.n = len(data)
    r.i = len(MAGIC_PREFIX)
    if own_prefix and data.startswith(own_prefix):
        r.i = len(own_prefix)
        return _decode_rest(m, &r, None)
    # header, checked before the body
    r_need(&r, 1)
    t = r.p[r.i]
    if not (t <= 0x7f or 0xcc <= t <= 0xd3 or t >= 0xe0):
        raise UnsupportedABI(what_type(t), SUPPORTED_ABIS)
    r_int(&r, -32768, 32767, &abi, "header.abi")
    if abi not in SUPPORTED_ABIS:
        raise UnsupportedABI(abi, SUPPORTED_ABIS)
    version = r_str(&r, 64, "header.engine_version")
    fp = r_str(&r, 64, "header.fingerprint")
    npacks = r_array(&r, 0, 256, "header.packs")
    packs = []
    for i in range(npacks):
        r_array(&r, 3, 3, f"header.packs[{i}]")
        packs.append((r_str(&r, 128, f"header.packs[{i}].name"),
                      r_str(&r, 64, f"header.packs[{i}].version"),
                      r_str(&r, 64, f"header.packs[{i}].fingerprint")))
    if fp != expected_fp:
        mine = {p[0]: tuple(p) for p in engine_packs}
        theirs = {p[0]: p for p in packs}
        differ = sorted([n for n in set(mine) | set(theirs) if mine.get(n) != theirs.get(n)])
        raise ContentMismatch(expected_fp, fp, differ)
    return _decode_rest(m, &r, version)


cdef object _decode_rest(Match m, Rd* rp, object version):
    cdef Rd r = rp[0]
    cdef Py_ssize_t body_start
    cdef uint64_t stored = 0, h     # r_u64 sets stored or raises
    cdef State st
    cdef const Tables* tb = m.content.tb
    r_u64(&r, &stored, "header.checksum")
    body_start = r.i
    h = body_checksum(r.p + body_start, r.n - body_start)
    if h != stored:
        raise ChecksumMismatch(stored, h)
    memset(&st, 0, sizeof(State))
    read_body(&r, &st, tb)
    if r.i != r.n:
        raise MalformedSnapshot(f"{r.n - r.i} trailing byte(s) after the body")
    check_state(&st, tb, len(m.catalog.player_heroes))
    memcpy(&m.st, &st, sizeof(State))
    return version



def checksum(bytes body):
    """The checksum a snapshot stores for these body bytes (for tools and tests)."""
    return body_checksum(<const unsigned char*>body, len(body))



def _check_layout():
    """The generated layout (state_layout.pxd) against the C structs, and the body's parts
    against eve/core/layout.py."""
    from eve.core import layout as L
    if not layout_matches():
        raise ImportError("state_layout.pxd does not match defs.pxd's State: rebuild (setup.py "
                          "generates it from eve/core/layout.py), or bring the two together")
    if len(L.BODY) != N_BODY:
        raise ImportError(f"snapshot_write.pxd writes a body of {N_BODY} parts; eve/core/layout.py "
                          f"declares {len(L.BODY)}")


_check_layout()
