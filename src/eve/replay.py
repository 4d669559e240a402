"""Replay files: the seed, the content fingerprint and the action list that reproduce a match
or a run.

A replay is msgpack: ["eve.replay", FORMAT, engine_version, fingerprint, seed, heroes,
encounter, deck or nil, actions, final_hash, outcome, rounds] (docs/snapshot-abi.md, "Replays");
a run replay ["eve.runreplay", RUN_FORMAT, engine_version, fingerprint, seed, party or nil,
actions, final_hash, outcome, act, floor] (`RunReplay`; `load_any` reads either kind).
Reading one is strict like a snapshot: a file is read with the size cap first (never more than
cap + 1 bytes), the decoder walks the layout field by field (each array's length is checked
before its elements are read, and an element must be the scalar its field holds, so hostile
nesting is refused at its first byte), every field's type is exact (a msgpack boolean is not an
integer), and anything wrong is a typed eve.replay.ReplayError. `verify` checks every claim of a
replay: its final hash, outcome and rounds.
"""
from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgpack

from eve.core.vocabulary import names as _vocab_names
from eve.errors import ContentError, ContentMismatch, EveError, IllegalAction

if TYPE_CHECKING:
    from eve.core.match import Match
    from eve.core.run import Run
    from eve.engine import Engine

MAGIC = "eve.replay"
FORMAT = 1
RUN_MAGIC = "eve.runreplay"
RUN_FORMAT = 1
MAX_FLOOR = 64              # beyond any act's floors (the core's bound is 16)
MAX_REPLAY_BYTES = 4 * 1024 * 1024
MAX_TEXT = 256              # bytes of a string field (versions, fingerprints, ids)
MAX_HEROES = 16             # the format's bound; the engine's config (player_hero_slots) is
                            # checked when the replay is played
MAX_DECK = 4096
MAX_ACTIONS = 1_000_000
MAX_ROUNDS = 2**31 - 1
OUTCOMES = _vocab_names("outcome")[1:]     # a finished match's outcome; None while it goes on

# msgpack type bytes that start a container (or bin/ext): no scalar field may start with one
_FIXMAP, _FIXARRAY = range(0x80, 0x90), range(0x90, 0xA0)
_CONTAINERS = frozenset([*_FIXMAP, *_FIXARRAY, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9,
                         0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xDC, 0xDD, 0xDE, 0xDF])
_NIL = 0xC0


class ReplayError(EveError):
    """A replay file that cannot be read or does not reproduce its match."""


def read_capped(path: str | Path, cap: int) -> bytes:
    """At most cap + 1 bytes of a file: the caller refuses the file when it gets more than
    `cap`. Never reads an unbounded file whole (a 1 GiB file, /dev/zero)."""
    with open(path, "rb") as f:
        return f.read(cap + 1)


def save_atomic(data: bytes, path: str | Path) -> None:
    """Write a file atomically: a temporary file in the same folder, then os.replace, so a reader
    never sees half a file and a failed write leaves no file behind."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _is_int(x: object) -> bool:
    return type(x) is int           # bool is a subclass of int and is not an integer here


class _Reader:
    """The replay layout, read field by field from msgpack bytes."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        # streamed from the bytes in 64 KiB reads: the decoder never copies the whole input
        self.u = msgpack.Unpacker(io.BytesIO(data), read_size=64 * 1024,
                                  max_buffer_size=MAX_REPLAY_BYTES, max_array_len=0,
                                  max_map_len=0, max_str_len=MAX_TEXT, max_bin_len=0,
                                  max_ext_len=0, strict_map_key=True, use_list=True)

    def _next_byte(self) -> int | None:
        pos = self.u.tell()
        return self.data[pos] if pos < len(self.data) else None

    def scalar(self, field: str) -> Any:
        b = self._next_byte()
        if b is None:
            raise ReplayError(f"not a replay (truncated at field {field})")
        if b in _CONTAINERS:
            raise ReplayError(f"replay field {field} is malformed")
        return self.u.unpack()

    def is_nil(self) -> bool:
        if self._next_byte() == _NIL:
            self.u.unpack()
            return True
        return False

    def array(self, field: str, limit: int) -> int:
        b = self._next_byte()
        if b is None:
            raise ReplayError(f"not a replay (truncated at field {field})")
        if b not in _FIXARRAY and b not in (0xDC, 0xDD):
            raise ReplayError(f"replay field {field} is malformed")
        n = int(self.u.read_array_header())
        if n > limit:
            raise ReplayError(f"replay field {field} has {n} entries, more than {limit}")
        return n

    def end(self) -> None:
        if self.u.tell() != len(self.data):
            raise ReplayError("not a replay (trailing bytes after the last field)")


def _header(r: _Reader) -> str:
    """The replay's kind by its magic ("eve.replay" or "eve.runreplay"), its array's length
    checked against the kind's; its format checked."""
    try:
        n = r.array("header", 64)
        magic = r.scalar("magic")
        if (magic, n) not in ((MAGIC, 12), (RUN_MAGIC, 11)):
            raise ReplayError("no header")
    except ReplayError:
        raise ReplayError("not a replay (no 'eve.replay' or 'eve.runreplay' header)") from None
    want = FORMAT if magic == MAGIC else RUN_FORMAT
    fmt = r.scalar("format")
    if not (_is_int(fmt) and fmt == want):
        raise ReplayError(f"replay format {fmt!r} is not supported (supported: {want})")
    return str(magic)


def _decode(data: bytes) -> tuple[Any, ...]:
    r = _Reader(data)
    if _header(r) != MAGIC:
        raise ReplayError("a run replay, not a match replay (eve.replay.RunReplay reads it)")
    return _decode_match(r)


def _fields(r: _Reader) -> tuple[Any, ...]:
    """The typed readers of a replay's fields: need, text, texts, integer."""
    def need(ok: bool, field: str) -> None:
        if not ok:
            raise ReplayError(f"replay field {field} is malformed")

    def text(field: str) -> str:
        x = r.scalar(field)
        need(type(x) is str, field)
        return str(x)

    def texts(field: str, limit: int) -> list[str]:
        return [text(f"{field}[{i}]") for i in range(r.array(field, limit))]

    def integer(field: str, lo: int, hi: int) -> int:
        x = r.scalar(field)
        need(_is_int(x) and lo <= x < hi, field)
        return int(x)
    return need, text, texts, integer


def _decode_run(r: _Reader) -> tuple[Any, ...]:
    need, text, texts, integer = _fields(r)
    ver, fp = text("engine_version"), text("fingerprint")
    seed = integer("seed", 0, 2**64)
    party = None if r.is_nil() else texts("party", MAX_HEROES)
    actions = [integer(f"actions[{i}]", 0, 2**31) for i in range(r.array("actions", MAX_ACTIONS))]
    final = integer("final_hash", 0, 2**64)
    outcome = r.scalar("outcome")
    need(outcome is None or (type(outcome) is str and outcome in ("win", "loss")), "outcome")
    act = integer("act", 1, MAX_FLOOR)
    floor = integer("floor", 0, MAX_FLOOR)
    r.end()
    return ver, fp, seed, party, actions, final, outcome, act, floor


def _decode_match(r: _Reader) -> tuple[Any, ...]:
    need, text, texts, integer = _fields(r)
    ver, fp = text("engine_version"), text("fingerprint")
    seed = integer("seed", 0, 2**64)
    heroes = texts("heroes", MAX_HEROES)
    enc = text("encounter")
    deck = None if r.is_nil() else texts("deck", MAX_DECK)
    actions = [integer(f"actions[{i}]", 0, 2**31) for i in range(r.array("actions", MAX_ACTIONS))]
    final = integer("final_hash", 0, 2**64)
    outcome = r.scalar("outcome")
    need(outcome is None or (type(outcome) is str and outcome in OUTCOMES), "outcome")
    rounds = integer("rounds", 0, MAX_ROUNDS + 1)
    r.end()
    return ver, fp, seed, heroes, enc, deck, actions, final, outcome, rounds


@dataclass(frozen=True)
class Replay:
    engine_version: str
    fingerprint: str
    seed: int
    heroes: list[str]
    encounter: str
    deck: list[str] | None
    actions: list[int]
    final_hash: int
    outcome: str | None
    rounds: int

    # ---- making ----
    @classmethod
    def of(cls, match: Match) -> Replay:
        """The replay of a match made by Engine.new_match (any time: it records its actions)."""
        if match.setup is None or match.actions is None:
            raise ReplayError("only a match made by Engine.new_match can be replayed "
                              "(a restored or scenario match has no setup to start from)")
        from eve._version import __version__
        seed, heroes, encounter, deck = match.setup
        return cls(__version__, match.fingerprint, seed, list(heroes), encounter,
                   None if deck is None else list(deck), list(match.actions), match.state_hash(),
                   match.outcome, match.round)

    def to_bytes(self) -> bytes:
        return bytes(msgpack.packb([MAGIC, FORMAT, self.engine_version, self.fingerprint,
                                    self.seed, self.heroes, self.encounter, self.deck,
                                    self.actions, self.final_hash, self.outcome, self.rounds]))

    def save(self, path: str | Path) -> None:
        """Write the replay atomically: a temporary file in the same folder, then os.replace,
        so a reader never sees half a replay and a failed write leaves no file behind."""
        save_atomic(self.to_bytes(), path)

    # ---- reading ----
    @classmethod
    def from_bytes(cls, data: bytes | bytearray) -> Replay:
        if not isinstance(data, (bytes, bytearray)):
            raise ReplayError(f"a replay is bytes, not {type(data).__name__}")
        if len(data) > MAX_REPLAY_BYTES:
            raise ReplayError(f"{len(data)} bytes exceed the replay cap of {MAX_REPLAY_BYTES}")
        try:
            fields = _decode(data if isinstance(data, bytes) else bytes(data))
        except ReplayError:
            raise
        except Exception as e:   # msgpack raises several types for malformed input
            raise ReplayError(f"not a replay (malformed msgpack: {e})") from None
        return cls(*fields)

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """Read a replay file: at most MAX_REPLAY_BYTES + 1 bytes of it, refused when larger."""
        data = read_capped(path, MAX_REPLAY_BYTES)
        if len(data) > MAX_REPLAY_BYTES:
            raise ReplayError(f"{path}: more than the replay cap of {MAX_REPLAY_BYTES} bytes "
                              "(or not a regular file)")
        return cls.from_bytes(data)

    # ---- playing ----
    def steps(self, engine: Engine) -> Iterator[tuple[int, Match, int | None]]:
        """Play the replay: yields (step, match, action) before each action (action None at the
        end). Raises ContentMismatch for other content and ReplayError for a setup the engine
        refuses (a party size its config does not allow, an enemy hero...) or an illegal action."""
        if engine.fingerprint != self.fingerprint:
            mine = {p[0] for p in engine.pack_fingerprints()}
            raise ContentMismatch(engine.fingerprint, self.fingerprint, sorted(mine))
        slots = engine.config["player_hero_slots"]
        if not 1 <= len(self.heroes) <= slots:
            raise ReplayError(f"the replay's party has {len(self.heroes)} heroes; this content "
                              f"allows 1 to {slots}")
        try:
            m = engine.new_match(seed=self.seed, heroes=self.heroes, encounter=self.encounter,
                                 deck=self.deck)
        except (ValueError, ContentError) as e:
            raise ReplayError(f"the replay's setup is refused: {e}") from None
        for i, a in enumerate(self.actions):
            yield i, m, a
            try:
                m.apply(a)
            except IllegalAction as e:
                raise ReplayError(f"action {i} ({a:#x}) is illegal on replay: {e.reason}") from None
        yield len(self.actions), m, None

    def play(self, engine: Engine) -> Match:
        """The match at the end of the replay."""
        m = None
        for _, step, _ in self.steps(engine):
            m = step
        assert m is not None            # steps always yields the end
        return m

    def mismatches(self, engine: Engine, end: Match | None = None) -> list[str]:
        """What the replay claims that replaying it does not give (its final hash, outcome,
        rounds), in words; empty when every claim holds. `end`: the played match, if at hand."""
        m = self.play(engine) if end is None else end
        out = []
        if m.state_hash() != self.final_hash:
            out.append(f"final hash {m.state_hash():016x}, stored {self.final_hash:016x}")
        if m.outcome != self.outcome:
            out.append(f"outcome {m.outcome}, stored {self.outcome}")
        if m.round != self.rounds:
            out.append(f"round {m.round}, stored {self.rounds}")
        return out

    def verify(self, engine: Engine) -> bool:
        """True when replaying gives everything the replay claims: the stored final hash,
        outcome and rounds."""
        return not self.mismatches(engine)


def _from_bytes(data: bytes | bytearray, decode: Any) -> tuple[Any, ...]:
    if not isinstance(data, (bytes, bytearray)):
        raise ReplayError(f"a replay is bytes, not {type(data).__name__}")
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(f"{len(data)} bytes exceed the replay cap of {MAX_REPLAY_BYTES}")
    try:
        return tuple(decode(data if isinstance(data, bytes) else bytes(data)))
    except ReplayError:
        raise
    except Exception as e:   # msgpack raises several types for malformed input
        raise ReplayError(f"not a replay (malformed msgpack: {e})") from None


def _decode_run_file(data: bytes) -> tuple[Any, ...]:
    r = _Reader(data)
    if _header(r) != RUN_MAGIC:
        raise ReplayError("a match replay, not a run replay (eve.replay.Replay reads it)")
    return _decode_run(r)


@dataclass(frozen=True)
class RunReplay:
    """A run from its start: the seed, the party (None: recruited by the first actions), the
    content fingerprint, every action code, and what the run came to: its final hash, outcome,
    act and floor (rules U01-U21). Read as strictly as a match replay."""

    engine_version: str
    fingerprint: str
    seed: int
    party: list[str] | None
    actions: list[int]
    final_hash: int
    outcome: str | None
    act: int
    floor: int

    @classmethod
    def of(cls, run: Run) -> RunReplay:
        """The replay of a run made by Engine.new_run (any time: it records its actions)."""
        if run.setup is None or run.actions is None:
            raise ReplayError("only a run made by Engine.new_run can be replayed (a restored or "
                              "determinized run has no setup to start from)")
        from eve._version import __version__
        seed, party = run.setup
        return cls(__version__, run.catalog.fingerprint, seed,
                   None if party is None else list(party), list(run.actions), run.state_hash(),
                   run.outcome, run.act, run.floor)

    def to_bytes(self) -> bytes:
        return bytes(msgpack.packb([RUN_MAGIC, RUN_FORMAT, self.engine_version, self.fingerprint,
                                    self.seed, self.party, self.actions, self.final_hash,
                                    self.outcome, self.act, self.floor]))

    def save(self, path: str | Path) -> None:
        """Write the replay atomically (as Replay.save does)."""
        save_atomic(self.to_bytes(), path)

    @classmethod
    def from_bytes(cls, data: bytes | bytearray) -> RunReplay:
        return cls(*_from_bytes(data, _decode_run_file))

    @classmethod
    def load(cls, path: str | Path) -> RunReplay:
        replay = load_any(path)
        if not isinstance(replay, RunReplay):
            raise ReplayError(f"{path}: a match replay, not a run replay")
        return replay

    def steps(self, engine: Engine) -> Iterator[tuple[int, Run, int | None]]:
        """Play the replay: yields (step, run, action) before each action (action None at the
        end). ContentMismatch for other content; ReplayError for a setup the engine refuses or
        an illegal action."""
        if engine.fingerprint != self.fingerprint:
            mine = {p[0] for p in engine.pack_fingerprints()}
            raise ContentMismatch(engine.fingerprint, self.fingerprint, sorted(mine))
        try:
            run = engine.new_run(self.seed, party=self.party)
        except (ValueError, ContentError) as e:
            raise ReplayError(f"the replay's setup is refused: {e}") from None
        for i, a in enumerate(self.actions):
            yield i, run, a
            try:
                run.apply(a)
            except IllegalAction as e:
                raise ReplayError(f"action {i} ({a:#x}) is illegal on replay: {e.reason}") from None
        yield len(self.actions), run, None

    def play(self, engine: Engine) -> Run:
        """The run at the end of the replay."""
        run = None
        for _, step, _ in self.steps(engine):
            run = step
        assert run is not None
        return run

    def mismatches(self, engine: Engine, end: Run | None = None) -> list[str]:
        """What the replay claims that replaying it does not give (final hash, outcome, act,
        floor), in words; empty when every claim holds."""
        run = self.play(engine) if end is None else end
        out = []
        if run.state_hash() != self.final_hash:
            out.append(f"final hash {run.state_hash():016x}, stored {self.final_hash:016x}")
        if run.outcome != self.outcome:
            out.append(f"outcome {run.outcome}, stored {self.outcome}")
        if (run.act, run.floor) != (self.act, self.floor):
            out.append(f"act {run.act} floor {run.floor}, stored act {self.act} floor {self.floor}")
        return out

    def verify(self, engine: Engine) -> bool:
        return not self.mismatches(engine)


def read_any(data: bytes | bytearray) -> Replay | RunReplay:
    """A match replay or a run replay, by its magic; ReplayError for anything else."""
    def decode(b: bytes) -> tuple[Any, ...]:
        r = _Reader(b)
        kind = _header(r)
        return (kind, *(_decode_match(r) if kind == MAGIC else _decode_run(r)))
    kind, *fields = _from_bytes(data, decode)
    return Replay(*fields) if kind == MAGIC else RunReplay(*fields)


def load_any(path: str | Path) -> Replay | RunReplay:
    """Read a replay file of either kind: at most MAX_REPLAY_BYTES + 1 bytes of it."""
    data = read_capped(path, MAX_REPLAY_BYTES)
    if len(data) > MAX_REPLAY_BYTES:
        raise ReplayError(f"{path}: more than the replay cap of {MAX_REPLAY_BYTES} bytes "
                          "(or not a regular file)")
    return read_any(data)
