from collections.abc import Iterable
from typing import SupportsIndex

from eve.core.match import Match
from eve.core.run import Run
from eve.core.tables import CompiledContent

POLICIES: dict[str, int]
INLINE_DECISIONS: int

class StopFlag:
    """Set from another thread to end a native batch at its next decision."""
    def set(self) -> None: ...
    def is_set(self) -> bool: ...

def playout(match: Match, seed: int, max_decisions: int = ...) -> int: ...
def choose(match: Match, policy: str, seed: int = ...) -> int: ...
def run_matches(content: CompiledContent, seeds: Iterable[SupportsIndex],
                heroes: Iterable[SupportsIndex], enc: int, policy: str,
                max_decisions: int = ..., record: bool = ...,
                stop: StopFlag | None = ...) -> list[tuple]: ...

class RunChooser:
    """A native run policy for one run: the action code it takes in a Run."""
    name: str
    def __init__(self, policy: str, seed: int) -> None: ...
    def __call__(self, run: Run) -> int: ...

def run_runs(content: CompiledContent, seeds: Iterable[int], party: list[int] | None = ...,
             policy: str = ..., max_decisions: int = ..., record: bool = ...,
             stop: StopFlag | None = ...) -> list[tuple]: ...
