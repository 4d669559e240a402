"""Replay files: the seed, the content fingerprint and the action list that reproduce a match.

A replay is msgpack: ["eve.replay", FORMAT, engine_version, fingerprint, seed, heroes,
encounter, deck or nil, actions, final_hash, outcome, rounds] (docs/snapshot-abi.md, "Replays").
Reading one is strict like a snapshot: a size cap, msgpack's length limits, no maps, and
a typed eve.errors.ReplayError for anything wrong.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import msgpack

from eve.errors import ContentMismatch, EveError, IllegalAction

MAGIC = "eve.replay"
FORMAT = 1
MAX_REPLAY_BYTES = 4 * 1024 * 1024


class ReplayError(EveError):
    """A replay file that cannot be read or does not reproduce its match."""


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
    def of(cls, match) -> Replay:
        """The replay of a match made by Engine.new_match (any time: it records its actions)."""
        if match.setup is None or match.actions is None:
            raise ReplayError("only a match made by Engine.new_match can be replayed "
                              "(a restored or scenario match has no setup to start from)")
        from eve import __version__
        seed, heroes, encounter, deck = match.setup
        return cls(__version__, match.fingerprint, seed, list(heroes), encounter,
                   None if deck is None else list(deck), match.actions, match.state_hash(),
                   match.outcome, match.round)

    def to_bytes(self) -> bytes:
        return msgpack.packb([MAGIC, FORMAT, self.engine_version, self.fingerprint, self.seed,
                              self.heroes, self.encounter, self.deck, self.actions,
                              self.final_hash, self.outcome, self.rounds])

    def save(self, path: str | Path) -> None:
        Path(path).write_bytes(self.to_bytes())

    # ---- reading ----
    @classmethod
    def from_bytes(cls, data: bytes) -> Replay:
        if not isinstance(data, (bytes, bytearray)):
            raise ReplayError(f"a replay is bytes, not {type(data).__name__}")
        if len(data) > MAX_REPLAY_BYTES:
            raise ReplayError(f"{len(data)} bytes exceed the replay cap of {MAX_REPLAY_BYTES}")
        try:
            top = msgpack.unpackb(bytes(data), strict_map_key=True, max_map_len=0,
                                  max_array_len=1_000_000, max_str_len=256, max_bin_len=0,
                                  max_ext_len=0, use_list=True)
        except Exception as e:   # msgpack raises several types for malformed input
            raise ReplayError(f"not a replay (malformed msgpack: {e})") from None
        if not isinstance(top, list) or len(top) != 12 or top[0] != MAGIC:
            raise ReplayError("not a replay (no 'eve.replay' header)")
        if top[1] != FORMAT:
            raise ReplayError(f"replay format {top[1]!r} is not supported (supported: {FORMAT})")
        _, _, ver, fp, seed, heroes, enc, deck, actions, final, outcome, rounds = top

        def need(ok: bool, field: str) -> None:
            if not ok:
                raise ReplayError(f"replay field {field} is malformed")

        need(isinstance(ver, str) and isinstance(fp, str), "header")
        need(isinstance(seed, int) and 0 <= seed < 2**64, "seed")
        need(isinstance(heroes, list) and all(isinstance(h, str) for h in heroes), "heroes")
        need(isinstance(enc, str), "encounter")
        need(deck is None or (isinstance(deck, list) and all(isinstance(c, str) for c in deck)), "deck")
        need(isinstance(actions, list) and all(isinstance(a, int) and 0 <= a < 2**31 for a in actions), "actions")
        need(isinstance(final, int) and 0 <= final < 2**64, "final_hash")
        need(outcome in (None, "win", "loss"), "outcome")
        need(isinstance(rounds, int) and rounds >= 0, "rounds")
        return cls(ver, fp, seed, heroes, enc, deck, actions, final, outcome, rounds)

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        return cls.from_bytes(Path(path).read_bytes())

    # ---- playing ----
    def steps(self, engine) -> Iterator[tuple[int, object, int | None]]:
        """Play the replay: yields (step, match, action) before each action (action None at the
        end). Raises ContentMismatch for other content and ReplayError if an action is illegal."""
        if engine.fingerprint != self.fingerprint:
            mine = {p[0] for p in engine.pack_fingerprints()}
            raise ContentMismatch(engine.fingerprint, self.fingerprint, sorted(mine))
        m = engine.new_match(seed=self.seed, heroes=self.heroes, encounter=self.encounter,
                             deck=self.deck)
        for i, a in enumerate(self.actions):
            yield i, m, a
            try:
                m.apply(a)
            except IllegalAction as e:
                raise ReplayError(f"action {i} ({a:#x}) is illegal on replay: {e.reason}") from None
        yield len(self.actions), m, None

    def play(self, engine):
        """The match at the end of the replay."""
        m = None
        for _, step, _ in self.steps(engine):
            m = step
        return m

    def verify(self, engine) -> bool:
        """True when replaying gives the stored final hash."""
        return self.play(engine).state_hash() == self.final_hash
