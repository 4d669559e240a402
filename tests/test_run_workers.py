"""`eve simulate --runs N --workers W`: the runs spread over processes give the same per-seed
results whatever W (each run depends only on its seed, content and policy)."""
from __future__ import annotations

import json

import pytest

import eve
from eve.cli import main
from eve.run_cli import RUN_SECONDS, chunks_of, play_seeds
from eve.scale import CHUNKS_PER_WORKER, MIN_CHUNK_SECONDS, Backend


def _party():
    e = eve.Engine()
    return e.default_heroes()[:e.catalog.tables.run_config["party"]]


def test_the_same_seeds_give_the_same_runs_over_1_2_and_3_workers():
    seeds = list(range(100, 118))
    one = play_seeds((), _party(), "random", seeds, 1)
    assert [r.seed for r in one] == seeds
    assert len({r.final_hash for r in one}) > 10
    assert play_seeds((), _party(), "random", seeds, 2) == one
    assert play_seeds((), _party(), "random", seeds, 3) == one


def test_chunks_cover_the_seeds_in_order_several_a_worker():
    seeds = list(range(1000))
    parts = chunks_of(seeds, Backend(4))        # search runs: one is worth a chunk
    assert [s for p in parts for s in p] == seeds
    assert len(parts) == CHUNKS_PER_WORKER * 4
    assert chunks_of([5], Backend(8)) == [[5]]
    # random runs are quick: fewer, bigger chunks, each with enough play to be worth sending
    quick = chunks_of(seeds, Backend(4), "random")
    assert len(quick) < len(parts)
    assert len(quick[0]) * RUN_SECONDS["random"] >= MIN_CHUNK_SECONDS["processes"]


def test_simulate_runs_reports_the_same_over_workers(capsys):
    out = []
    for w in ("1", "2"):
        assert main(["simulate", "--runs", "6", "--seed", "3", "--policy", "random",
                     "--workers", w, "--json", "--quiet"]) == 0
        s = json.loads(capsys.readouterr().out)
        assert s["workers"] == int(w)
        # the clock and the backend's own account differ; what the runs gave does not
        out.append({k: v for k, v in s.items() if k not in ("elapsed_s", "workers", "backend",
                                                            "chunks", "chunk_play_s", "reruns")})
    assert out[0] == out[1]
    assert {"losses_by_act", "deaths_by_act", "deaths_by_floor"} <= set(out[0])


@pytest.mark.parametrize("argv", [["simulate", "--runs", "2", "--workers", "0"]])
def test_workers_out_of_range_is_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "--workers" in err
