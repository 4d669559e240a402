"""Typed errors of eve. Bad input gets one of these, with a reason, and changes nothing."""
from __future__ import annotations

from eve.core.vocabulary import REASONS as _REASONS


def _rebuild(cls: type[BaseException], args: tuple[object, ...], state: dict[str, object]) -> BaseException:
    """An exception as pickled by EveError.__reduce__: made without its constructor, which
    subclasses give arguments of their own (the message they pass on is in `args`)."""
    exc = cls.__new__(cls, *args)
    exc.args = args
    exc.__dict__.update(state)
    return exc


class EveError(Exception):
    """Base of every error eve raises on purpose.

    Every one pickles (so it crosses a process pool) with its attributes, whatever its
    constructor takes; a live `report` an Engine attaches to a ContentError stays behind."""

    def __reduce__(self) -> tuple[object, ...]:
        state = {k: v for k, v in self.__dict__.items() if k != "report"}
        return (_rebuild, (type(self), self.args, state))


class IllegalAction(EveError):
    """An action that is not legal now (unaffordable included). The match is unchanged."""

    def __init__(self, action: object, code: int, reason: str) -> None:
        self.action = action
        self.code = code
        self.reason = reason
        super().__init__(f"illegal action {action}: {reason}")


class ContentError(EveError):
    """Registered content that cannot be compiled; `path` names the offending field.

    `code` is the stable error code ("EVE-P012", see docs/modding.md) when one applies, `item`
    the namespaced id of the offending item and `reason` the message without its location."""

    def __init__(self, message: str, *, pack: str | None = None, path: str | None = None,
                 code: str | None = None, item: str | None = None) -> None:
        self.pack = pack
        self.path = path
        self.code = code
        self.item = item
        self.reason = message
        where = " ".join(p for p in (f"pack {pack!r}" if pack else "", f"at {path}" if path else "") if p)
        text = f"{where}: {message}" if where else message
        super().__init__(f"{code} {text}" if code else text)


class ConfigError(ContentError):
    """An Engine's config overrides that are unknown, malformed, or make the loaded content
    invalid. No pack is to blame: `path` names the override (`config.max_rounds`)."""


class RegistrationClosed(ContentError):
    """A pack called `register()` after its hook returned (EVE-P022)."""


class PluginError(ContentError):
    """A content pack that cannot be loaded, with a stable `code` ("EVE-Pnnn").

    The message names the pack, its distribution and version, the entry point, the hook and the
    offending item with its field path. Outside strict mode the pack is skipped and the error is
    kept in `Engine.plugin_report`; in strict mode it is raised."""

    def __init__(self, code: str, message: str, *, pack: str | None = None,
                 dist: str | None = None, dist_version: str | None = None,
                 entry_point: str | None = None, hook: str | None = None,
                 item: str | None = None, path: str | None = None,
                 source: str | None = None) -> None:
        self.pack = pack
        self.path = path
        self.code = code
        self.item = item
        self.reason = message
        self.dist = dist
        self.dist_version = dist_version
        self.entry_point = entry_point
        self.hook = hook
        self.source = source          # how an in-process pack was given, when it has no distribution
        EveError.__init__(self, self.describe())

    def describe(self) -> str:
        if self.dist:
            origin = f"distribution {self.dist} {self.dist_version or '?'}"
        else:
            origin = "no distribution"
        ep = f"entry point {self.entry_point}" if self.entry_point else (
            f"in-process pack {self.source}" if self.source else "no entry point")
        parts = [(f"pack {self.pack!r}" if self.pack else "pack (unnamed)") + f" ({origin}, {ep})",
                 f"hook {self.hook}" if self.hook else "hook (none)"]
        if self.item:
            parts.append(f"item {self.item}")
        if self.path:
            parts.append(f"field {self.path}")
        return f"{self.code} " + ", ".join(parts) + f": {self.reason}"

    def __str__(self) -> str:
        return self.describe()     # current: the engine names the pack once its manifest is read

    def to_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.reason, "pack": self.pack, "dist": self.dist,
                "dist_version": self.dist_version, "entry_point": self.entry_point,
                "hook": self.hook, "item": self.item, "path": self.path, "text": str(self)}


class MatchBusy(EveError, RuntimeError):
    """The match is being played by a native call in another thread (a playout): it cannot be
    changed until that call has written its result back. Nothing was changed."""


class ParameterError(EveError, ValueError):
    """A parameter outside its allowed range (the message names the parameter and the range).
    Also a ValueError, which is what such a mistake was before it had a type of its own."""


class ContentWarning(UserWarning):
    """Loaded content that is dead or dangerous: an `eve lint` error (an unlimited counter, an
    Encounter that can never act, a card that can never be played...). The Engine still loads
    it; `eve lint` says more."""


class CoreNotBuilt(ImportError):
    """The compiled Cython core is missing (eve has no pure-Python fallback)."""


# the refusal messages by code: from the vocabulary, where the core's R_* constants come from
REASONS = dict(_REASONS)


class SnapshotError(EveError):
    """A snapshot that cannot be restored. No match is built from it."""


class SnapshotTooLarge(SnapshotError):
    """The input exceeds the size cap, checked before anything is decoded."""


class BadMagic(SnapshotError):
    """The input does not start with the snapshot magic: not an eve snapshot."""


class UnsupportedABI(SnapshotError):
    def __init__(self, found: object, supported: tuple[int, ...]) -> None:
        self.found = found
        self.supported = supported
        super().__init__(f"snapshot ABI {found!r} is not supported (supported: "
                         f"{', '.join(map(str, supported))})")


class ContentMismatch(SnapshotError):
    def __init__(self, expected: str, found: str, packs: list[str]) -> None:
        self.expected = expected
        self.found = found
        self.packs = packs
        super().__init__(f"snapshot content fingerprint {found} does not match this engine's "
                         f"{expected}; packs that differ: {', '.join(packs) or 'unknown'}")


class ChecksumMismatch(SnapshotError):
    def __init__(self, expected: int, found: int) -> None:
        self.expected = expected
        self.found = found
        super().__init__(f"snapshot body checksum {found:016x} does not match the stored {expected:016x}")


class MalformedSnapshot(SnapshotError):
    """The bytes are not well-formed msgpack of the snapshot's shape (truncated, bad type byte,
    nesting too deep, trailing bytes)."""


class SchemaViolation(SnapshotError):
    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"schema violation at {path}: {message}")

__all__ = ['BadMagic', 'ChecksumMismatch', 'ConfigError', 'ContentError', 'ContentMismatch', 'ContentWarning', 'CoreNotBuilt', 'EveError', 'IllegalAction', 'MalformedSnapshot', 'MatchBusy', 'ParameterError', 'PluginError', 'REASONS', 'RegistrationClosed', 'SchemaViolation', 'SnapshotError', 'SnapshotTooLarge', 'UnsupportedABI']
