"""The plugin layer: pluggy hookspecs, the `eve.hookimpl` marker, discovery and the registry."""
from eve.plugins.hookspecs import PROJECT, hookimpl, hookspec

__all__ = ["hookimpl", "hookspec", "PROJECT"]
