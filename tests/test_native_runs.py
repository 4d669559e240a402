"""Whole runs played in the core (eve.core.playout.run_runs): no Python in a run's loop, the
same runs as the run policies stepped from Python, replayable, stoppable, and bounded."""
from __future__ import annotations

import threading

import pytest
from run_support import real_run_engine

from eve.core.playout import RunChooser, StopFlag, run_runs
from eve.run_policies import make_policy

POLICY_NAMES = ("random", "greedy")


def _content():
    return real_run_engine().catalog.tables


def _python_run(seed: int, policy: str, party: list[int] | None = None):
    e = real_run_engine()
    run = e.new_run(seed, party=None if party is None else [e.catalog.hero_ids[h] for h in party])
    pick = make_policy(policy, seed)
    codes = []
    while not run.is_over:
        a = pick(run)
        codes.append(a)
        run.apply(a)
    return run, codes


@pytest.mark.parametrize("party", [None, [0, 1, 2]], ids=["recruited", "given"])
@pytest.mark.parametrize("policy", POLICY_NAMES)
def test_native_runs_are_the_runs_the_policies_play_from_python(policy, party):
    """Without a party the policy recruits it (U02), natively as from Python."""
    seeds = range(6) if policy == "random" else range(2)
    native = run_runs(_content(), seeds, party=party, policy=policy, record=True)
    assert len(native) == len(seeds)
    for seed, (outcome, floors, d, codes, h) in zip(seeds, native, strict=True):
        run, py_codes = _python_run(seed, policy, party)
        assert codes == py_codes
        assert d == len(codes)
        assert h == run.state_hash()
        assert floors == run.floors_climbed
        assert {1: "win", 2: "loss"}[outcome] == run.outcome


def test_native_results_do_not_depend_on_the_batch():
    c = _content()
    whole = run_runs(c, range(30), policy="random")
    assert [run_runs(c, [s], policy="random")[0] for s in (29, 3, 0)] == [whole[29], whole[3], whole[0]]
    assert whole == run_runs(c, range(30), policy="random")
    assert len({r for r in whole}) > 5             # the seeds play different runs


def test_a_runs_actions_replay_to_its_hash():
    e = real_run_engine()
    for seed, (_, _, _, codes, h) in zip([11, 12], run_runs(_content(), [11, 12], policy="random",
                                                              record=True), strict=True):
        run = e.new_run(seed)
        for a in codes:
            run.apply(a)        # each is legal: apply raises otherwise
        assert run.is_over and run.state_hash() == h


def test_a_party_of_other_heroes_plays_other_runs():
    c = _content()
    n = c.run_config["party"]
    other = list(range(1, n + 1))
    assert run_runs(c, range(8), party=other) != run_runs(c, range(8), party=list(range(n)))


def test_a_capped_run_is_unfinished():
    (outcome, floors, d), = run_runs(_content(), [3], max_decisions=5)
    assert outcome == 0 and d == 5


def test_a_set_stop_flag_ends_the_batch_before_any_run():
    flag = StopFlag()
    flag.set()
    assert run_runs(_content(), range(100), stop=flag) == []


def test_a_stop_flag_from_another_thread_ends_a_long_batch():
    flag = StopFlag()
    timer = threading.Timer(0.2, flag.set)
    timer.start()
    try:
        out = run_runs(_content(), range(10**5), policy="greedy", stop=flag)
    finally:
        timer.cancel()
    assert 0 < len(out) < 10**5


@pytest.mark.parametrize("kw, message", [
    ({"policy": "nope"}, "no run policy"),
    ({"party": [0, 0, 1]}, "different heroes"),
    ({"party": [0]}, "different heroes"),
    ({"party": [0, 1, 999]}, "player hero indices"),
    ({"max_decisions": 0}, "at least 1"),
])
def test_bad_arguments_are_value_errors(kw, message):
    with pytest.raises(ValueError, match=message):
        run_runs(_content(), [1], **kw)


def test_a_bad_seed_is_a_parameter_error():
    from eve.core.errors import ParameterError
    with pytest.raises(ParameterError):
        run_runs(_content(), [-1])
    with pytest.raises(ParameterError):
        RunChooser("random", 2**64)


def test_content_without_a_run_is_refused():
    from frozen_pack import frozen_engine  # the pack frozen before runs: no acts
    with pytest.raises(ValueError, match="no run"):
        run_runs(frozen_engine().catalog.tables, [1])


def test_runs_in_threads_give_the_same_results():
    c = _content()
    expect = run_runs(c, range(40), policy="random")
    got: dict[int, list] = {}

    def work(k):
        got[k] = run_runs(c, range(40), policy="random")
    ts = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert got[0] == expect and got[1] == expect


def test_leaving_a_node_forgets_its_scene_so_equal_positions_hash_equal():
    """What a node put on the table (offer slots, prices, its site or event, a removal bought)
    and a fight's tallies are cleared when the party moves on: they are in the run's bytes, so
    a search's cache keyed by the hash would otherwise see two equal positions as two."""
    import msgpack
    from test_run_snapshot import BODY, F

    e = real_run_engine()
    checked = 0
    for seed in range(30):
        run = e.new_run(seed, party=e.default_heroes())
        pick = make_policy("greedy", seed)
        while not run.is_over:
            run.apply(pick(run))
            if run.phase in ("path", "over") and not run.in_fight:
                body = msgpack.unpackb(run.snapshot())[6]
                f = body[BODY["run"]]
                assert all(slot == [0, 0] for slot in body[BODY["offer"]]), (seed, body[BODY["offer"]])
                assert (f[F["n_offer"]], f[F["site"]], f[F["chosen"]], f[F["removed_here"]],
                        f[F["support_plays"]], f[F["attacks"]]) == (0, -1, -1, 0, 0, 0)
                checked += 1
    assert checked > 100
