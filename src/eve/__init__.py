"""eve: the match engine of Eve of Midnight: Reimagine Calamity.

The engine's core is compiled Cython. There is no pure-Python fallback: without the compiled
core, importing eve fails and says how to build it.
"""
from __future__ import annotations

__version__ = "0.1.0"

from eve.errors import ContentError, CoreNotBuilt, EveError, IllegalAction

try:
    from eve.core import match as _match  # noqa: F401  (the compiled core)
except ImportError as exc:  # pragma: no cover - exercised by tests/test_packaging.py in a subprocess
    raise CoreNotBuilt(
        "eve's compiled Cython core is missing or broken "
        f"({exc}). Build and install it with `pip install .` (or `pip install -e .`) from the "
        "project's root; a C compiler and the Python headers are needed."
    ) from exc

from eve.actions import Action, Event
from eve.core.match import Match
from eve.engine import Catalog, Engine
from eve.plugins import hookimpl

__all__ = ["Action", "Catalog", "ContentError", "CoreNotBuilt", "Engine", "EveError", "Event",
           "IllegalAction", "Match", "hookimpl", "__version__"]
