"""Typed errors of eve. Bad input gets one of these, with a reason, and changes nothing."""
from __future__ import annotations


class EveError(Exception):
    """Base of every error eve raises on purpose."""


class IllegalAction(EveError):
    """An action that is not legal now (unaffordable included). The match is unchanged."""

    def __init__(self, action: object, code: int, reason: str) -> None:
        self.action = action
        self.code = code
        self.reason = reason
        super().__init__(f"illegal action {action}: {reason}")


class ContentError(EveError):
    """Registered content that cannot be compiled; `path` names the offending field."""

    def __init__(self, message: str, *, pack: str | None = None, path: str | None = None) -> None:
        self.pack = pack
        self.path = path
        where = " ".join(p for p in (f"pack {pack!r}" if pack else "", f"at {path}" if path else "") if p)
        super().__init__(f"{where}: {message}" if where else message)


class CoreNotBuilt(ImportError):
    """The compiled Cython core is missing (eve has no pure-Python fallback)."""


# reason codes of rules.pxd (R_*), in one table so that the core stays free of strings
REASONS = {
    1: "the match is over",
    2: "malformed action",
    3: "there is no response window: pass is only legal while you hold priority over the Stack",
    4: "you do not hold priority: it is not your turn to act",
    5: "the Stack is not empty: a proactive action needs an empty Stack",
    6: "wrong phase: cards and abilities are played in Main, attacks are declared in Combat",
    7: "that card is not in the Rift",
    8: "a reaction may be used only while responding",
    9: "only reactions may be used while responding",
    10: "not affordable",
    11: "invalid target",
    12: "invalid lane",
    13: "that lane is occupied",
    14: "that source has no activated ability",
    15: "that ability was already used this turn",
    16: "that Sortilege has no charges left",
    17: "that character is not ready: it may attack from the turn after it was deployed",
    18: "that attacker already attacked this turn",
    19: "invalid source",
}
