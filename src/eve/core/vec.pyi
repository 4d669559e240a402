from collections.abc import Sequence
from typing import Any

from eve.core.match import Match
from eve.core.observe import Observer

AUTORESET_MODES: tuple[str, ...]

class Batch:
    n: int
    threads: int
    obs_size: int
    n_actions: int
    def __init__(self, observer: Observer, n: int, autoreset_mode: str = ...,
                 max_episode_steps: int = ..., rewards: Sequence[float] = ..., shaping: float = ...,
                 threads: int = ...) -> None: ...
    def reset(self, seeds: Sequence[int | None], obs: Any, mask: Any, reset_mask: Any = ...) -> None: ...
    def step(self, actions: Any, obs: Any, mask: Any, reward: Any, terminated: Any,
             truncated: Any, final_obs: Any = ...) -> None: ...
    def sample(self, out: Any) -> None: ...
    def episode_steps(self) -> list[int]: ...
    def close(self) -> None: ...

class MatchBatch(Batch):
    def __init__(self, observer: Observer, n: int, heroes: Sequence[int], encounter: int,
                 autoreset_mode: str = ..., max_episode_steps: int = ...,
                 rewards: Sequence[float] = ..., shaping: float = ...,
                 threads: int = ...) -> None: ...

class RunBatch(Batch):
    def __init__(self, observer: Observer, n: int, party: Sequence[int] | None = ...,
                 autoreset_mode: str = ..., max_episode_steps: int = ...,
                 rewards: Sequence[float] = ..., shaping: float = ...,
                 threads: int = ...) -> None: ...

def board_potential(match: Match) -> float: ...
def next_seed(stream: int) -> tuple[int, int]: ...
