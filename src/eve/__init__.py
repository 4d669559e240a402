"""eve: the match engine of Eve of Midnight: Reimagine Calamity.

The engine's core is compiled Cython. There is no pure-Python fallback: without the compiled
core, importing eve fails and says how to build it.
"""
from __future__ import annotations

from eve._version import __version__
from eve.errors import (
    BadMagic,
    ChecksumMismatch,
    ConfigError,
    ContentError,
    ContentMismatch,
    ContentWarning,
    CoreNotBuilt,
    EveError,
    IllegalAction,
    MalformedSnapshot,
    MatchBusy,
    ParameterError,
    PluginError,
    RegistrationClosed,
    SchemaViolation,
    SnapshotError,
    SnapshotTooLarge,
    UnsupportedABI,
)

try:
    from eve.core import match as _match  # noqa: F401  (the compiled core)
except ImportError as exc:  # pragma: no cover - exercised by tests/test_packaging.py in a subprocess
    raise CoreNotBuilt(
        "eve's compiled Cython core is missing or broken "
        f"({exc}). Build and install it with `pip install .` (or `pip install -e .`) from the "
        "project's root; a C compiler and the Python headers are needed."
    ) from exc

from eve.actions import Action, Event
from eve.catalog import Catalog
from eve.core.match import Match
from eve.engine import Engine
from eve.lint import lint
from eve.plugins import hookimpl
from eve.replay import Replay, ReplayError

__all__ = ["Action", "BadMagic", "Catalog", "ChecksumMismatch", "ContentError", "ContentMismatch",
           "CoreNotBuilt", "Engine", "EveError", "Event", "IllegalAction", "MalformedSnapshot",
           "Match", "PluginError", "Replay", "ReplayError", "SchemaViolation", "SnapshotError",
           "SnapshotTooLarge", "UnsupportedABI", "hookimpl", "lint", "__version__"]
__all__ += ["ConfigError", "ContentWarning", "MatchBusy", "ParameterError", "RegistrationClosed"]
