"""Readable actions and events (defined in eve.core.actions; re-exported here)."""
from eve.core.actions import KINDS, NO_TARGET, Action, Event, Listed

__all__ = ["KINDS", "NO_TARGET", "Action", "Event", "Listed"]
