"""Gymnasium environments of eve: a match against one Encounter (`eve/Match-v0`), and a batch of
them stepped natively (the same id's `vector_entry_point`, `gymnasium.make_vec`).

Needs the `gym` extra (`pip install 'eve-engine[gym]'`: gymnasium and numpy). Importing this
module registers the ids.

- **Observation**: a Box of int16, the layout of eve.core.obs_layout (docs/observation.md),
  written natively for the observer kind ("player" by default).
- **Action**: Discrete(n), the compact action space (eve.encoding.ActionSpace). The legal ones
  are `info["action_mask"]` (int8, Gymnasium's convention: `action_space.sample(mask)` takes
  it). The action space's `sample()` without a mask draws among the legal actions. An action
  that is not legal now raises eve.IllegalAction and changes nothing (or, made with
  `illegal="ignore"`, is ignored: reward 0, `info["illegal"]`); one outside the space raises
  ValueError.
- **check_env**: Gymnasium's checker draws the action of its step-determinism check from
  `action_space.sample()` before its `reset(seed=123)`, and steps it there; the space draws a
  legal action of the position it is asked in, so the check passes when that action is still
  legal after the reset. It is, for the built-in content's matches and for runs whose party the
  agent recruits (the defaults; tests/test_gym_env.py). A run given its party starts on the map,
  where a fight's action is not legal: check such an env (or any content's) with
  `illegal="ignore"`.
- **Reward**: +1 for a win, -1 for a loss, 0 for a timeout (the match's round limit), 0 on every
  other step; with `shaping` s, each step also gives s x (Φ(after) - Φ(before)), Φ the board's
  value that the greedy policy uses (eve.core.vec.board_potential): potential-based shaping,
  which leaves the best policy unchanged. `rewards` replaces the four numbers
  (win, loss, timeout, truncated).
- **Seeding**: `reset(seed=s)` seeds the env's episode stream with s; every episode takes the
  stream's next value as its match seed, so a seeded env replays the same episodes. Without a
  seed at the first reset, the stream's seed comes from `np_random`. The vector env seeds env i
  with s + i, as Gymnasium's SyncVectorEnv does, so both give the same trajectories.
"""
from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as exc:          # pragma: no cover - the test venv has the extra
    raise ImportError("eve.gym needs gymnasium and numpy: pip install 'eve-engine[gym]'"
                      f" ({exc})") from exc

from eve.core.errors import IllegalAction
from eve.core.obs_layout import INT16
from eve.core.observe import Observer
from eve.core.vec import AUTORESET_MODES, Batch, MatchBatch, RunBatch, board_potential, next_seed

__all__ = ["DEFAULT_REWARDS", "MATCH_ID", "RUN_ID", "LegalDiscrete", "MatchEnv", "MatchVectorEnv",
           "RunEnv", "RunVectorEnv", "register_envs"]

MATCH_ID = "eve/Match-v0"
RUN_ID = "eve/Run-v0"
#: Gymnasium's autoreset modes by eve.core.vec's names
_MODES = {AutoresetMode.NEXT_STEP: "next_step", AutoresetMode.SAME_STEP: "same_step",
          AutoresetMode.DISABLED: "disabled"}
#: what a single env does with an action of the space that is not legal now: raise
#: eve.IllegalAction (changing nothing), or "ignore" it (nothing changes, reward 0,
#: info["illegal"] True)
ILLEGAL = ("raise", "ignore")
#: win, loss, timeout, truncated
DEFAULT_REWARDS = (1.0, -1.0, 0.0, 0.0)


def _engine(engine: Any, packs: Sequence[str] | None) -> Any:
    if engine is not None:
        return engine
    from eve.run_cli import engine_with
    return engine_with(packs)


def _observation_space(observer: Observer) -> gym.spaces.Box:
    return gym.spaces.Box(low=INT16[0], high=INT16[1], shape=(observer.size,), dtype=np.int16)


def _party(engine: Any, heroes: Sequence[str] | None, encounter: str | None) -> tuple[list[str], str]:
    heroes = list(heroes) if heroes else engine.default_heroes()
    encounter = encounter or next(iter(engine.catalog.encounters))
    for h in heroes:
        engine.hero_index(h)
    engine.encounter_index(encounter)
    return heroes, encounter


class LegalDiscrete(gym.spaces.Discrete):
    """Discrete(n) whose `sample()` without a mask or probabilities draws among the legal
    actions of its env's current position (with a mask, Gymnasium's own sampling)."""

    def __init__(self, n: int, env: _GameEnv, seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self._env = weakref.ref(env)

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        env = self._env()
        if mask is None and probability is None and env is not None and env._mask is not None \
                and env._mask.any():
            mask = env._mask
        return super().sample(mask=mask, probability=probability)


class _GameEnv(gym.Env):
    """What a match's env and a run's share: spaces, seeding, masks, illegal actions."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    _run = False

    def __init__(self, engine: Any, observer: str, rewards: Sequence[float], shaping: float,
                 render_mode: str | None, illegal: str) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal={illegal!r} is not one of {', '.join(ILLEGAL)}")
        self.illegal = illegal
        self.engine = engine
        self.observer = Observer(self.engine, observer, self._run)
        self.rewards = tuple(float(r) for r in rewards)
        self.shaping = float(shaping)
        self.render_mode = render_mode
        self.observation_space = _observation_space(self.observer)
        self.action_space = LegalDiscrete(self.observer.n_actions, self)
        self.game: Any = None
        self._stream: int | None = None
        self._mask: np.ndarray | None = None

    def _new_game(self, seed: int) -> Any:
        raise NotImplementedError

    def _potential(self) -> float:
        raise NotImplementedError

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._stream = int(seed)
        elif self._stream is None:
            self._stream = int(self.np_random.integers(0, 2**63))
        game_seed, self._stream = next_seed(self._stream)
        self.game = self._new_game(game_seed)
        return self._observe()

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs = np.empty(self.observer.size, np.int16)
        self.observer.observe(self.game, obs)
        mask = np.zeros(self.observer.n_actions, np.int8)
        self.observer.mask(self.game, mask)
        self._mask = mask
        return obs, {"action_mask": mask.copy()}

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.game is None or self.game.is_over:
            raise gym.error.ResetNeeded("the game is over (or not begun): call reset()")
        try:
            a = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is an int in [0, {self.observer.n_actions}), not "
                             f"{action!r}") from None
        if not 0 <= a < self.observer.n_actions:
            raise ValueError(f"action {a} is outside the action space [0, {self.observer.n_actions})")
        assert self._mask is not None
        if not self._mask[a]:
            if self.illegal == "ignore":
                obs, info = self._observe()
                info["illegal"] = True
                return obs, 0.0, False, False, info
            raise IllegalAction(a, 2, f"compact action {a} "
                                f"({self.observer.code(a):#010x}) is not legal now")
        before = self._potential() if self.shaping else 0.0
        self.game.apply(self.observer.code(a))
        reward = self.shaping * (self._potential() - before) if self.shaping else 0.0
        out = self.game.outcome
        if out is not None:
            reward += self.rewards[("win", "loss", "timeout").index(out)]
        obs, info = self._observe()
        # float32, as the vector env's rewards: the two give equal numbers
        return obs, float(np.float32(reward)), self.game.is_over, False, info


class MatchEnv(_GameEnv):
    """One match of the player's party against an Encounter (module docstring: observation,
    actions, rewards, seeding)."""

    def __init__(self, heroes: Sequence[str] | None = None, encounter: str | None = None, *,
                 engine: Any = None, packs: Sequence[str] | None = None, observer: str = "player",
                 rewards: Sequence[float] = DEFAULT_REWARDS, shaping: float = 0.0,
                 render_mode: str | None = None, illegal: str = "raise") -> None:
        engine = _engine(engine, packs)
        self.heroes, self.encounter = _party(engine, heroes, encounter)
        super().__init__(engine, observer, rewards, shaping, render_mode, illegal)

    @property
    def match(self) -> Any:
        return self.game

    def _new_game(self, seed: int) -> Any:
        return self.engine.new_match(seed, self.heroes, self.encounter)

    def _potential(self) -> float:
        return float(board_potential(self.game))

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        m = self.game
        lines = [f"round {m.round}, {m.phase}, outcome {m.outcome}"]
        for side in ("player", "encounter"):
            lines.append(f"{side}: " + ", ".join(f"{h['id']} {h['hp']}/{h['max_hp']}"
                                                 for h in m.heroes(side)))
        return "\n".join(lines) + "\n"


class RunEnv(_GameEnv):
    """A whole run (rules U01-U21): the party's recruiting, the map, the rewards, shops, events
    and every fight, one decision a step. The observation is the run's own part then its
    fight's (docs/observation.md); the action space holds the run's decisions beside the
    fights'. Reward: +1 when the run is won, -1 when it is lost; with `shaping` s, s a floor
    climbed."""

    def __init__(self, party: Sequence[str] | None = None, *, engine: Any = None,
                 packs: Sequence[str] | None = None, observer: str = "player",
                 rewards: Sequence[float] = DEFAULT_REWARDS, shaping: float = 0.0,
                 render_mode: str | None = None, illegal: str = "raise") -> None:
        self._run = True
        engine = _engine(engine, packs)
        self.party = list(party) if party else None     # None: recruited by the agent (U02)
        super().__init__(engine, observer, rewards, shaping, render_mode, illegal)

    @property
    def run(self) -> Any:
        return self.game

    def _new_game(self, seed: int) -> Any:
        return self.engine.new_run(seed, self.party)

    def _potential(self) -> float:
        return float(self.game.floors_climbed)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        r = self.game
        party = ", ".join(f"{h['id']} {h['hp']}/{h['max_hp']}" for h in r.party)
        return f"act {r.act}, floor {r.floor}, {r.phase}, outcome {r.outcome}\nparty: {party}\n"


class _NativeVectorEnv(VectorEnv):
    """A Gymnasium vector env over a native batch (eve.core.vec): what the match's and the
    run's share."""

    batch: Batch

    def _setup(self, engine: Any, observer: Observer, num_envs: int,
               autoreset_mode: str | AutoresetMode, copy: bool) -> str:
        mode = (_MODES[autoreset_mode] if isinstance(autoreset_mode, AutoresetMode)
                else autoreset_mode)
        if mode not in AUTORESET_MODES:
            raise ValueError(f"autoreset_mode {mode!r} is not one of {', '.join(AUTORESET_MODES)}")
        self.engine = engine
        self.observer = observer
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": next(k for k, v in _MODES.items() if v == mode),
                         "render_modes": []}
        self.single_observation_space = _observation_space(self.observer)
        self.single_action_space = gym.spaces.Discrete(self.observer.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.copy = copy
        n, size = num_envs, self.observer.size
        self._obs = np.zeros((n, size), np.int16)
        self._mask = np.zeros((n, self.observer.n_actions), np.int8)
        self._reward = np.zeros(n, np.float32)
        self._term = np.zeros(n, np.bool_)
        self._trunc = np.zeros(n, np.bool_)
        self._final = np.zeros((n, size), np.int16) if mode == "same_step" else None
        self._every = np.ones(n, np.bool_)
        self._seeded = np.zeros(n, np.bool_)
        return str(mode)

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        # np_random is seeded by an int seed only (a list seeds the envs one by one)
        super().reset(seed=seed if isinstance(seed, int | np.integer) else None)
        n = self.num_envs
        seeds: list[int | None]
        if seed is None:        # each env's stream goes on; a new one from np_random if none
            seeds = [None if self._seeded[i] else int(self.np_random.integers(0, 2**63))
                     for i in range(n)]
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = [int(s) for s in seed]
        which = (options or {}).get("reset_mask")
        if which is not None:
            which = np.ascontiguousarray(which, dtype=np.bool_).view(np.uint8)
        self.batch.reset(seeds, self._obs, self._mask, which)
        if which is None:
            self._seeded[:] = True
            return self._out(self._obs), {"action_mask": self._out(self._mask),
                                          "_action_mask": self._every.copy()}
        reset = which.view(np.bool_)
        self._seeded |= reset
        mask = self._mask.copy()        # as Gymnasium: info only for the envs reset
        mask[~reset] = 0
        return self._out(self._obs), {"action_mask": mask, "_action_mask": reset.copy()}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        a = np.ascontiguousarray(actions, dtype=np.int64)
        self.batch.step(a, self._obs, self._mask, self._reward, self._term.view(np.uint8),
                        self._trunc.view(np.uint8), self._final)
        info: dict[str, Any] = {"action_mask": self._out(self._mask),
                                "_action_mask": self._every.copy()}
        if self._final is not None:
            ended = self._term | self._trunc
            final = np.empty(self.num_envs, dtype=object)
            for i in np.flatnonzero(ended):
                final[i] = self._final[i].copy()
            info["final_obs"], info["_final_obs"] = final, ended.copy()
        return (self._out(self._obs), self._out(self._reward), self._out(self._term),
                self._out(self._trunc), info)

    def _out(self, arr: np.ndarray) -> np.ndarray:
        return arr.copy() if self.copy else arr

    def sample_legal(self) -> np.ndarray:
        """A uniformly random legal action for every env, drawn natively from each env's own
        policy stream (-1 for an env that has ended)."""
        out = np.empty(self.num_envs, np.int64)
        self.batch.sample(out)
        return out

    def close_extras(self, **kwargs: Any) -> None:
        self.batch.close()


class MatchVectorEnv(_NativeVectorEnv):
    """`num_envs` matches stepped natively (eve.core.vec.MatchBatch), without the GIL, over
    `threads` threads. Autoreset modes: "next_step" (Gymnasium's default), "same_step" (the
    ending observation in info["final_obs"]) and "disabled" (reset ended envs with
    `reset(options={"reset_mask": ...})`). With `copy=False` the arrays returned are the env's
    own, rewritten at the next step (the fastest; keep a copy of what must outlive a step)."""

    def __init__(self, num_envs: int, heroes: Sequence[str] | None = None,
                 encounter: str | None = None, *, engine: Any = None,
                 packs: Sequence[str] | None = None, observer: str = "player",
                 autoreset_mode: str | AutoresetMode = "next_step",
                 max_episode_steps: int | None = None,
                 rewards: Sequence[float] = DEFAULT_REWARDS, shaping: float = 0.0,
                 threads: int = 1, copy: bool = True) -> None:
        engine = _engine(engine, packs)
        heroes, encounter = _party(engine, heroes, encounter)
        mode = self._setup(engine, Observer(engine, observer), num_envs, autoreset_mode, copy)
        self.batch = MatchBatch(self.observer, num_envs, [engine.hero_index(h) for h in heroes],
                                engine.encounter_index(encounter), mode,
                                max_episode_steps or 0, tuple(rewards), shaping, threads)


class RunVectorEnv(_NativeVectorEnv):
    """`num_envs` whole runs stepped natively (eve.core.vec.RunBatch), as MatchVectorEnv steps
    matches; `party` None: each run's agent recruits its party (rule U02), as RunEnv."""

    def __init__(self, num_envs: int, party: Sequence[str] | None = None, *, engine: Any = None,
                 packs: Sequence[str] | None = None, observer: str = "player",
                 autoreset_mode: str | AutoresetMode = "next_step",
                 max_episode_steps: int | None = None,
                 rewards: Sequence[float] = DEFAULT_REWARDS, shaping: float = 0.0,
                 threads: int = 1, copy: bool = True) -> None:
        engine = _engine(engine, packs)
        mode = self._setup(engine, Observer(engine, observer, True), num_envs, autoreset_mode, copy)
        heroes = None if not party else [engine.hero_index(h) for h in party]
        self.batch = RunBatch(self.observer, num_envs, heroes, mode, max_episode_steps or 0,
                              tuple(rewards), shaping, threads)


def register_envs() -> None:
    """Register eve's ids with Gymnasium (done when this module is imported)."""
    if MATCH_ID not in gym.registry:
        gym.register(MATCH_ID, entry_point="eve.gym:MatchEnv",
                     vector_entry_point="eve.gym:MatchVectorEnv")
    if RUN_ID not in gym.registry:
        gym.register(RUN_ID, entry_point="eve.gym:RunEnv", vector_entry_point="eve.gym:RunVectorEnv")


register_envs()
