"""eve.gym: the single env passes Gymnasium's checker, and the native vector env gives exactly the
trajectories of Gymnasium's own SyncVectorEnv over the single env, in each autoreset mode, and
for each env the same whatever the batch size, thread count or order."""
from __future__ import annotations

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import eve.gym as eg  # noqa: E402
from eve import IllegalAction  # noqa: E402


@pytest.mark.parametrize("observer", ["player", "public", "omniscient"])
def test_check_env(engine, observer):
    check_env(eg.MatchEnv(engine=engine, observer=observer))
    check_env(gym.make(eg.MATCH_ID, engine=engine, observer=observer).unwrapped)


def test_check_env_made_and_shaped(engine):
    check_env(gym.make(eg.MATCH_ID, engine=engine, shaping=0.01), skip_render_check=False)
    enc = list(engine.catalog.encounters)[-1]
    check_env(eg.MatchEnv(engine=engine, encounter=enc, render_mode="ansi"))


@pytest.mark.parametrize("party", [None, "given"])
def test_check_env_run(engine, party):
    heroes = list(engine.catalog.player_heroes[:engine.catalog.spec["run"]["config"]["party"]]) \
        if party else None
    # a given party starts on the map, where check_env's stale sample is a fight's action
    check_env(eg.RunEnv(heroes, engine=engine, illegal="ignore" if party else "raise"))
    check_env(gym.make(eg.RUN_ID, engine=engine, shaping=0.1).unwrapped)


def test_a_run_plays_to_its_end(engine):
    env = eg.RunEnv(engine=engine, shaping=1.0)
    _, info = env.reset(seed=3)
    total, done, steps = 0.0, False, 0
    while not done:
        _, r, done, trunc, info = env.step(env.action_space.sample())
        total += r
        steps += 1
    assert env.run.outcome in ("win", "loss")
    assert total == pytest.approx(env.run.floors_climbed + (1 if env.run.outcome == "win" else -1))


def test_make_vec_takes_the_native_vector_env(engine):
    v = gym.make_vec(eg.MATCH_ID, num_envs=3, engine=engine)
    assert isinstance(v.unwrapped, eg.MatchVectorEnv)
    obs, info = v.reset(seed=1)
    assert obs.shape == (3, v.unwrapped.observer.size) and info["action_mask"].dtype == np.int8
    v.close()


def test_an_illegal_action_raises_and_changes_nothing(engine):
    env = eg.MatchEnv(engine=engine)
    obs, info = env.reset(seed=4)
    mask = info["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    h = env.match.state_hash()
    with pytest.raises(IllegalAction):
        env.step(bad)
    assert env.match.state_hash() == h
    for outside in (-1, env.action_space.n, "x"):
        with pytest.raises(ValueError):
            env.step(outside)
    ignoring = eg.MatchEnv(engine=engine, illegal="ignore")
    ignoring.reset(seed=4)
    o2, r, term, trunc, info2 = ignoring.step(bad)
    assert info2["illegal"] is True and r == 0.0 and not term and (o2 == obs).all()
    assert ignoring.match.state_hash() == h
    # a legal one, from the space's own sampler (which knows the mask)
    a = env.action_space.sample()
    assert mask[a] == 1
    env.step(a)


def test_a_finished_match_asks_for_reset(engine):
    env = eg.MatchEnv(engine=engine)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        a = rng.choice(np.flatnonzero(info["action_mask"]))
        _, r, done, trunc, info = env.step(a)
        assert trunc is False
    assert r in (1.0, -1.0, 0.0)
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)


def test_seeded_episodes_repeat(engine):
    env = eg.MatchEnv(engine=engine)
    first = [env.reset(seed=9)[0], env.reset()[0], env.reset()[0]]
    again = [env.reset(seed=9)[0], env.reset()[0], env.reset()[0]]
    assert all((a == b).all() for a, b in zip(first, again))
    assert not (first[0] == first[1]).all()


def _pick(masks, rng):
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], np.int64)


def _sync(engine, n, mode, **kw):
    return SyncVectorEnv([lambda: eg.MatchEnv(engine=engine, **kw) for _ in range(n)],
                         autoreset_mode=mode)


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_native_equals_sync(engine, mode):
    n, steps = 4, 260
    ref = _sync(engine, n, mode)
    nat = eg.MatchVectorEnv(n, engine=engine, autoreset_mode=mode)
    o1, i1 = ref.reset(seed=30)
    o2, i2 = nat.reset(seed=30)
    assert (o1 == o2).all() and (i1["action_mask"] == i2["action_mask"]).all()
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(steps):
        a = _pick(i1["action_mask"], rng)
        o1, r1, t1, u1, i1 = ref.step(a)
        o2, r2, t2, u2, i2 = nat.step(a)
        assert (o1 == o2).all()
        assert (r1 == r2).all() and (t1 == t2).all() and (u1 == u2).all()
        assert (i1["action_mask"] == i2["action_mask"]).all()
        if mode == AutoresetMode.SAME_STEP and t1.any():
            for k in np.flatnonzero(t1):
                assert (i1["final_obs"][k] == i2["final_obs"][k]).all()
        ends += int(t1.sum())
    assert ends >= 4, "too few episodes ended to test the autoreset"
    ref.close()
    nat.close()


def test_disabled_autoreset(engine):
    nat = eg.MatchVectorEnv(2, engine=engine, autoreset_mode="disabled")
    ref = _sync(engine, 2, AutoresetMode.DISABLED)
    o1, i1 = ref.reset(seed=5)
    o2, i2 = nat.reset(seed=5)
    rng = np.random.default_rng(2)
    ended = np.zeros(2, bool)
    for _ in range(400):
        a = _pick(i1["action_mask"], rng)
        o1, r1, t1, u1, i1 = ref.step(a)
        o2, r2, t2, u2, i2 = nat.step(a)
        assert (o1 == o2).all() and (r1 == r2).all() and (t1 == t2).all()
        if t1.any():
            ended = t1
            break
    assert ended.any()
    with pytest.raises(ValueError):
        nat.step(_pick(i2["action_mask"], rng))
    masks = i1["action_mask"].copy()
    o1, i1 = ref.reset(options={"reset_mask": ended})
    o2, i2 = nat.reset(options={"reset_mask": ended})
    assert (o1 == o2).all() and (i1["action_mask"] == i2["action_mask"]).all()
    assert (i2["_action_mask"] == ended).all()
    masks[ended] = i1["action_mask"][ended]
    for _ in range(5):
        a = _pick(masks, rng)
        o1, r1, t1, u1, i1 = ref.step(a)
        o2, r2, t2, u2, i2 = nat.step(a)
        assert (o1 == o2).all() and (r1 == r2).all() and (t1 == t2).all()
        if t1.any():
            break
        masks = i1["action_mask"]


def _trajectories(engine, n, threads, seeds, steps, order=None):
    """Each env's observations, rewards and ends over `steps` steps, actions drawn per env
    from a generator of its own (so env i's actions do not depend on the others)."""
    v = eg.MatchVectorEnv(n, engine=engine, threads=threads, copy=True)
    obs, info = v.reset(seed=seeds)
    rngs = [np.random.default_rng(s) for s in seeds]
    out: list[list] = [[obs[i].tobytes()] for i in range(n)]
    for _ in range(steps):
        a = np.array([rngs[i].choice(np.flatnonzero(info["action_mask"][i]))
                      if info["action_mask"][i].any() else 0 for i in range(n)])
        obs, r, t, u, info = v.step(a)
        for i in range(n):
            out[i].append((obs[i].tobytes(), float(r[i]), bool(t[i])))
    v.close()
    return out


def test_an_envs_trajectory_is_its_own(engine):
    seeds = [11, 12, 13, 14, 15]
    small = _trajectories(engine, 2, 1, seeds[:2], 120)
    big = _trajectories(engine, 5, 2, seeds, 120)
    reordered = _trajectories(engine, 3, 2, [seeds[1], seeds[4], seeds[0]], 120)
    assert small[0] == big[0] == reordered[2]
    assert small[1] == big[1] == reordered[0]
    assert big[4] == reordered[1]


def test_an_illegal_batch_action_moves_no_env(engine):
    v = eg.MatchVectorEnv(3, engine=engine, copy=False)
    obs, info = v.reset(seed=0)
    before = obs.copy()
    a = _pick(info["action_mask"], np.random.default_rng(0))
    a[2] = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
    with pytest.raises(IllegalAction, match="env 2"):
        v.step(a)
    assert (obs == before).all()
    assert v.batch.episode_steps() == [0, 0, 0]


def test_native_sampling_is_legal(engine):
    v = eg.MatchVectorEnv(8, engine=engine, copy=False)
    _, info = v.reset(seed=3)
    for _ in range(200):
        a = v.sample_legal()
        for i in range(8):      # -1: the env ended (next_step resets it, ignoring its action)
            assert info["action_mask"][i][a[i]] == 1 if a[i] >= 0 else not info["action_mask"][i].any()
        _, _, _, _, info = v.step(a)


def test_the_batch_checks_its_arrays(engine):
    from eve import ParameterError
    from eve.core.vec import MatchBatch
    from eve.observation import Observer
    o = Observer(engine)
    b = MatchBatch(o, 2, [0, 1, 2], 0)
    obs = np.zeros((2, o.size), np.int16)
    mask = np.zeros((2, o.n_actions), np.int8)
    flags = [np.zeros(2, np.float32), np.zeros(2, np.uint8), np.zeros(2, np.uint8)]
    with pytest.raises(ParameterError, match="reset"):
        b.step(np.zeros(2, np.int64), obs, mask, *flags)
    with pytest.raises(ParameterError):
        b.reset([1, None], obs, mask)
    with pytest.raises(ParameterError, match="shape"):
        b.reset([1, 2], np.zeros((2, o.size - 1), np.int16), mask)
    with pytest.raises((ValueError, TypeError)):
        b.reset([1, 2], obs.astype(np.int32), mask)
    b.reset([1, 2], obs, mask)
    with pytest.raises(ParameterError):
        b.step(np.zeros(3, np.int64), obs, mask, *flags)
    with pytest.raises(ParameterError):
        MatchBatch(o, 0, [0], 0)
    with pytest.raises(ParameterError):
        MatchBatch(o, 2, [0], 0, autoreset_mode="sometimes")


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("party", [None, "given"])
def test_native_runs_equal_sync(engine, mode, party):
    heroes = list(engine.catalog.player_heroes[:engine.catalog.spec["run"]["config"]["party"]]) \
        if party else None
    n = 3
    ref = SyncVectorEnv([lambda: eg.RunEnv(heroes, engine=engine, shaping=0.5) for _ in range(n)],
                        autoreset_mode=mode)
    nat = gym.make_vec(eg.RUN_ID, num_envs=n, party=heroes, engine=engine, autoreset_mode=mode,
                       shaping=0.5, threads=2)
    assert isinstance(nat.unwrapped, eg.RunVectorEnv)
    o1, i1 = ref.reset(seed=8)
    o2, i2 = nat.reset(seed=8)
    assert (o1 == o2).all() and (i1["action_mask"] == i2["action_mask"]).all()
    rng = np.random.default_rng(4)
    ends = 0
    for _ in range(400):
        a = _pick(i1["action_mask"], rng)
        o1, r1, t1, u1, i1 = ref.step(a)
        o2, r2, t2, u2, i2 = nat.step(a)
        assert (o1 == o2).all() and (r1 == r2).all() and (t1 == t2).all() and (u1 == u2).all()
        assert (i1["action_mask"] == i2["action_mask"]).all()
        if mode == AutoresetMode.SAME_STEP:
            for k in np.flatnonzero(t1):
                assert (i1["final_obs"][k] == i2["final_obs"][k]).all()
        ends += int(t1.sum())
    assert ends >= 2
    ref.close()
    nat.close()


def test_a_run_batch_takes_a_runs_observer(engine):
    from eve import ParameterError
    from eve.core.vec import MatchBatch, RunBatch
    from eve.observation import Observer
    with pytest.raises(ParameterError):
        RunBatch(Observer(engine), 2)
    with pytest.raises(ParameterError):
        MatchBatch(Observer(engine, run=True), 2, [0], 0)
    with pytest.raises(ParameterError):
        RunBatch(Observer(engine, run=True), 2, [0])
