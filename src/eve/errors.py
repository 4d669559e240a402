"""Typed errors of eve (defined in eve.core.errors, which the core raises; re-exported here)."""
from eve.core.errors import *  # noqa: F403
from eve.core.errors import REASONS, __all__  # noqa: F401
