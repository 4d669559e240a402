"""`eve simulate --workers N` and `--ray`: the same per-seed results and the same summary
whatever the backend and the number of workers, for matches and for runs; a lost worker's chunk
played again with the same result; a clear line when Ray is missing; the Ray example.

The Ray parts run when ray is importable (the `ray` extra) and skip otherwise, alone."""
from __future__ import annotations

import importlib.util
import json
import os
import sys
import types
from pathlib import Path

import pytest

import eve
from eve import scale
from eve.cli import _match_chunk, main
from eve.run_cli import play_seeds
from eve.scale import LOSE_WORKER_ENV, Backend, WorkerLost, chunk_size, chunked, map_chunks

ROOT = Path(__file__).resolve().parents[1]
try:
    import ray  # noqa: F401
    HAVE_RAY = True
except ImportError:
    HAVE_RAY = False
# what differs between backends by nature: the clock, and the backend's own account
VOLATILE = {"elapsed_s", "decisions_per_s", "backend", "workers", "chunks", "chunk_play_s",
            "reruns"}


@pytest.fixture(scope="module")
def ray_cluster(tmp_path_factory):
    """A local Ray of 2 CPUs for the module, started once (Ray takes seconds to start). Its
    workers inherit LOSE_WORKER_ENV pointing into a folder that does not exist yet: the hook
    is armed by making the folder (the lost-worker test)."""
    if not HAVE_RAY:
        pytest.skip("ray is not installed (pip install 'eve-engine[ray]')")
    import ray
    marker = tmp_path_factory.mktemp("ray") / "armed" / "lost"
    os.environ[LOSE_WORKER_ENV] = str(marker)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield marker
    finally:
        ray.shutdown()
        del os.environ[LOSE_WORKER_ENV]


@pytest.fixture(params=["2 processes", "ray"])
def backend(request):
    if request.param == "ray":
        request.getfixturevalue("ray_cluster")
        return Backend(2, "")
    return Backend(2)


def _jobs(engine, per_chunk=7, n=40):
    """(Encounter, seed) chunks across three Encounters, a chunk spanning two of them."""
    encs = list(engine.catalog.encounters)[:3]
    pairs = [(encs[i % 3], 1000 + i) for i in range(n)]
    pairs.sort(key=lambda p: encs.index(p[0]))
    return chunked(pairs, per_chunk)


def _matches(engine, backend, policy="greedy"):
    common = (engine, engine.default_heroes(), policy, None, True)
    return map_chunks(_match_chunk, common, _jobs(engine), backend)


def test_the_same_seeds_give_the_same_matches_over_1_2_workers_and_ray(engine, backend):
    """Each match's record (outcome, rounds, decisions, action codes, final hash) in order."""
    here = _matches(engine, Backend(1))
    assert len({r[4] for chunk in here.results for r in chunk}) > 30     # 40 different matches
    there = _matches(engine, backend)
    assert there.results == here.results
    assert len(there.seconds) == len(_jobs(engine)) and there.reruns == 0


def test_the_same_seeds_give_the_same_runs_over_1_2_workers_and_ray(engine, backend, monkeypatch):
    from eve import run_cli
    e = eve.Engine()
    party = e.default_heroes()[:e.catalog.tables.run_config["party"]]
    seeds = list(range(200, 212))
    one = play_seeds((), party, "greedy", seeds, 1)
    assert len({r.final_hash for r in one}) > 8
    # runs sized as if each took long: several chunks of 2 seeds, not one of all 12
    monkeypatch.setattr(run_cli, "RUN_SECONDS", {})
    played = run_cli.play_runs_on((), party, "greedy", seeds, backend)
    assert len(played.results) == 6
    assert [r for chunk in played.results for r in chunk] == one
    assert play_seeds((), party, "greedy", seeds, backend.workers, ray=backend.ray) == one


def _simulate(argv, capsys):
    assert main([*argv, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("what", [["--games", "3000", "--policy", "random"],
                                  ["--games", "300", "--policy", "greedy"],
                                  ["--runs", "12", "--policy", "greedy"]])
def test_simulate_summaries_are_equal_over_1_2_workers_and_ray(what, backend, capsys):
    here = _simulate(["simulate", "--seed", "11", *what], capsys)
    args = ["--workers", "2"] + (["--ray"] if backend.ray is not None else [])
    there = _simulate(["simulate", "--seed", "11", *what, *args], capsys)
    assert there["backend"] == backend.name and there["workers"] == 2 and there["chunks"] >= 1
    assert {k: v for k, v in there.items() if k not in VOLATILE} == \
        {k: v for k, v in here.items() if k not in VOLATILE}


def test_many_matches_are_cut_into_several_chunks_a_worker(capsys):
    """40,000 random matches over 2 processes: about CHUNKS_PER_WORKER chunks a worker, the
    summary still that of one process."""
    here = _simulate(["simulate", "--games", "40000", "--policy", "random"], capsys)
    there = _simulate(["simulate", "--games", "40000", "--policy", "random", "--workers", "2"],
                      capsys)
    assert there["chunks"] == scale.CHUNKS_PER_WORKER * 2
    assert {k: v for k, v in there.items() if k not in VOLATILE} == \
        {k: v for k, v in here.items() if k not in VOLATILE}


def _echo_after(delays, chunk):
    """A chunk that takes delays[chunk] seconds and gives [chunk]: chunks that come back out of
    order (a function of this module: spawned workers import it by name)."""
    import time
    time.sleep(delays[chunk])
    return [chunk]


def test_results_are_put_back_in_chunk_order_whatever_order_they_come_in():
    delays = {0: 1.0, 1: 0.0, 2: 0.0, 3: 0.0}     # chunk 0 is back last
    seen = []
    played = map_chunks(_echo_after, (delays,), [0, 1, 2, 3], Backend(2),
                        each=lambda k, got: seen.append(k))
    assert seen != [0, 1, 2, 3] and sorted(seen) == [0, 1, 2, 3]
    assert played.results == [[0], [1], [2], [3]]
    assert played.seconds[0] >= 1.0     # each chunk's play time is its own, in chunk order


def test_an_error_in_a_chunk_is_that_error_in_one_line(engine, backend):
    """A chunk that raises (here a policy no one knows, past the command line's checks) raises
    the same error here, its message one line, not a remote traceback."""
    bad = (engine, engine.default_heroes(), "nonsense-7", None, False)
    with pytest.raises(ValueError, match="nonsense-7") as caught:
        map_chunks(_match_chunk, bad, _jobs(engine), backend)
    assert "Traceback" not in str(caught.value) and "\n" not in str(caught.value)


def test_a_lost_process_chunk_is_played_again_with_the_same_result(engine, tmp_path, monkeypatch):
    marker = tmp_path / "lost"
    monkeypatch.setenv(LOSE_WORKER_ENV, str(marker))
    here = _matches(engine, Backend(1))
    there = _matches(engine, Backend(2))
    assert marker.exists(), "a worker took the hook and exited mid-chunk"
    assert there.reruns == 1
    assert there.results == here.results


def test_a_lost_process_in_simulate_leaves_its_summary_as_it_was(tmp_path, monkeypatch, capsys):
    argv = ["simulate", "--runs", "30", "--policy", "random", "--workers", "2"]
    clean = _simulate(argv, capsys)
    monkeypatch.setenv(LOSE_WORKER_ENV, str(tmp_path / "lost"))
    lost = _simulate(argv, capsys)
    assert (tmp_path / "lost").exists() and lost["reruns"] == 1 and clean["reruns"] == 0
    assert {k: v for k, v in lost.items() if k not in VOLATILE} == \
        {k: v for k, v in clean.items() if k not in VOLATILE}


def test_a_worker_lost_too_often_stops_the_work_with_one_line(engine, tmp_path, monkeypatch,
                                                              capsys):
    monkeypatch.setattr(scale, "MAX_RERUNS", 0)         # the first loss is one too many
    monkeypatch.setenv(LOSE_WORKER_ENV, str(tmp_path / "lost"))
    with pytest.raises(WorkerLost, match="lost 1 times"):
        _matches(engine, Backend(2))
    monkeypatch.setenv(LOSE_WORKER_ENV, str(tmp_path / "lost again"))
    assert main(["simulate", "--games", "3000", "--policy", "random", "--workers", "2",
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "lost" in err


def test_a_lost_ray_worker_chunk_is_rerun_with_the_same_result(engine, ray_cluster):
    here = _matches(engine, Backend(1))
    ray_cluster.parent.mkdir()          # arm the hook: the first Ray worker to see it exits
    there = _matches(engine, Backend(2, ""))
    assert ray_cluster.exists(), "a Ray worker took the hook and exited mid-chunk"
    assert there.results == here.results


@pytest.mark.parametrize("argv", [["simulate", "--games", "4", "--ray"],
                                  ["simulate", "--runs", "2", "--ray", "auto"],
                                  ["simulate", "--games", "4", "--ray", "--workers", "2"]])
def test_ray_asked_for_but_not_installed_is_one_line(argv, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)       # import ray: ImportError
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "--ray needs Ray" in err and "eve-engine[ray]" in err


def test_a_ray_address_where_nothing_answers_is_one_line_at_once(monkeypatch, capsys):
    """Ray's own client would retry for minutes; a port that refuses is said at once. (A fake
    ray module: this needs no Ray, and must not reach ray.init.)"""
    import socket
    import types
    with socket.socket() as s:      # a port nothing listens on: bound, then closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    fake = types.ModuleType("ray")
    fake.is_initialized = lambda: False
    fake.init = lambda **kw: pytest.fail("ray.init was reached")
    monkeypatch.setitem(sys.modules, "ray", fake)
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        assert main(["simulate", "--games", "4", "--ray", address, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1
        assert "no Ray cluster answers there" in err and address in err


@pytest.mark.parametrize("argv", [["simulate", "--games", "4", "--workers", "0"],
                                  ["simulate", "--runs", "2", "--workers", "257"]])
def test_workers_out_of_range_is_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "--workers" in err


class _FakeRay:
    """Ray's calls that eve.scale makes, played at once here, counting the tasks in flight."""

    class exceptions:  # noqa: N801 (ray.exceptions)
        class WorkerCrashedError(Exception):
            pass

        class NodeDiedError(Exception):
            pass

        class RayTaskError(Exception):
            pass

    def __init__(self, cpus):
        self.cpus, self.most = cpus, 0

    def is_initialized(self):
        return True

    def cluster_resources(self):
        return {"CPU": float(self.cpus)}

    def put(self, value):
        return value

    class Ref:
        def __init__(self, value):
            self.value = value

    def remote(self, **options):
        return lambda fn: types.SimpleNamespace(remote=lambda *a: self.Ref(fn(*a)))

    def wait(self, refs, num_returns):
        self.most = max(self.most, len(refs))
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref):
        return ref.value

    def cancel(self, ref, force=False):
        pass


@pytest.mark.parametrize("workers, cpus, most", [(3, 8, 3), (None, 8, 16), (None, 1, 2)])
def test_ray_plays_workers_chunks_at_a_time_or_two_a_cpu(workers, cpus, most, monkeypatch):
    fake = _FakeRay(cpus)
    monkeypatch.setitem(sys.modules, "ray", fake)
    played = map_chunks(_echo_after, ({k: 0.0 for k in range(40)},), list(range(40)),
                        Backend(workers, "head:6379"))
    assert played.results == [[k] for k in range(40)] and fake.most == most


def test_chunk_sizes_hold_enough_play_and_several_chunks_a_worker():
    procs, ray = Backend(4), Backend(4, "")
    # few items: as big as the backend's least play time asks, whatever the share
    least = {b: round(b.min_chunk_seconds / 0.001) for b in (procs, ray)}
    assert least[ray] > least[procs] > 1        # Ray costs more a chunk than a process pool
    assert chunk_size(100, procs, 0.001, 10**6) == least[procs]
    assert chunk_size(100, ray, 0.001, 10**6) == least[ray]
    # many: CHUNKS_PER_WORKER a worker, each far above the least
    assert chunk_size(10**6, procs, 0.001, 10**6) == 10**6 // (scale.CHUNKS_PER_WORKER * 4)
    assert chunk_size(10**6, procs, 0.001, 1000) == 1000         # the most
    assert chunk_size(3, procs, None, 10) == 1                   # a searching policy
    assert [s for c in chunked(list(range(10)), 3) for s in c] == list(range(10))


def test_the_ray_selfplay_example_gives_the_records_of_a_local_play(engine, ray_cluster):
    spec = importlib.util.spec_from_file_location("ray_selfplay", ROOT / "examples" / "ray_selfplay.py")
    ex = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ex)
    encs = list(engine.catalog.encounters)[:2]
    got = list(ex.selfplay(engine, range(30), encs, "greedy", batch=8))
    expected = [r for enc in encs for r in ex.play(engine, enc, range(30), "greedy")]
    assert got == expected and len(got) == 60
    assert {r["outcome"] for r in got} <= {"win", "loss", "timeout"}
    assert all(ex.verify(engine, r) for r in got[:10])
    # a record that lies is caught by the replay
    assert not ex.verify(engine, {**got[0], "final_hash": "0" * 16})
