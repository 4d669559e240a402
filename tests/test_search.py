"""The native MCTS: reproducible, honest about hidden information, legal, and side-effect free."""
import json
import random

import pytest
from search_support import mid_match, search_key

from eve.cli import main
from eve.core.testkit import raw, set_archive_order, set_stream
from eve.search import _tree_paths, mcts


@pytest.mark.parametrize("threads", [1, 2])
def test_same_seed_same_result(engine, threads):
    m = mid_match(engine)
    a = mcts(m, iterations=600, seed=7, threads=threads)
    b = mcts(m, iterations=600, seed=7, threads=threads)
    assert search_key(a) == search_key(b)
    assert a.iterations == 600 and sum(s.visits for s in a.stats) == 600


def test_other_seed_other_statistics(engine):
    m = mid_match(engine)
    assert search_key(mcts(m, iterations=600, seed=1)) != search_key(mcts(m, iterations=600, seed=2))


def test_the_searched_match_is_unchanged(engine):
    m = mid_match(engine)
    state, h, ev, acts = raw(m), m.state_hash(), len(m.events), m.actions
    mcts(m, iterations=500, seed=3, threads=2)
    assert (raw(m), m.state_hash(), len(m.events), m.actions) == (state, h, ev, acts)


def test_no_hidden_information_leak(engine):
    m = mid_match(engine, seed=6, steps=8)
    archive = m.zone_cards("archive")
    assert len(archive) >= 3
    base = search_key(mcts(m, iterations=800, seed=11))
    rng = random.Random(0)
    for _ in range(3):
        other = m.clone()
        order = list(archive)
        while order == archive:
            rng.shuffle(order)
        set_archive_order(other, order)
        set_stream(other, 0, rng.getrandbits(64))    # the shuffle stream's future draws
        set_stream(other, 1, rng.getrandbits(64))    # the Encounter's future draws
        assert other.state_hash() != m.state_hash()
        assert search_key(mcts(other, iterations=800, seed=11)) == base


@pytest.mark.parametrize("lazy", [True, False])
def test_resampling_draws_uniformly_from_the_archive(engine, lazy):
    """The search re-samples lazily: each draw is a uniform pick among the cards left (lazy),
    where the plain-Python reference shuffles the whole Archive first (eager). Either way the
    first card drawn is uniform over the Archive, whatever the true order is."""
    from eve.core.search import _draw_counts_for_tests
    m = mid_match(engine, seed=6, steps=8)
    archive = m.zone_cards("archive")
    k, trials = len(archive), 400 * len(archive)
    counts = _draw_counts_for_tests(m, 5, trials, lazy)
    assert set(counts) == set(archive)
    expected = trials / k
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in archive)
    assert chi2 < 2.5 * (k - 1) + 10         # far above its mean (k - 1), far below a bias
    other = m.clone()
    set_archive_order(other, archive[::-1])
    assert _draw_counts_for_tests(other, 5, trials, lazy) == counts     # the true order is unread


def test_every_tree_action_is_legal_where_it_is_used(engine):
    for seed in range(4):
        m = mid_match(engine, seed=seed, steps=5 + seed)
        r = mcts(m, iterations=400, seed=seed, verify=True)
        assert r.details["illegal"] == 0
        paths, stats = _tree_paths(m, iterations=300, seed=seed)
        assert stats["illegal"] == 0 and len(paths) == stats["nodes"] - 1
        root_legal = set(m.legal_action_codes())
        assert all(p[0] in root_legal for p in paths)


def _positions_in_every_encounter(engine, per=6):
    for enc in engine.catalog.encounters:
        for seed in range(per):
            m = engine.new_match(seed=seed, encounter=enc)
            rng = random.Random(seed)
            for _ in range(rng.randrange(0, 45)):
                if m.is_over:
                    break
                m.apply(rng.choice(m.legal_action_codes()))
            if not m.is_over:
                yield m


def test_kept_states_equal_a_replay_from_the_root(engine):
    """The descent starts from kept states of clean nodes; `verify` replays every such path from
    a fresh root determinization drawn from the same search stream and compares the states byte
    for byte, so a step that revealed hidden information but was taken for clean would show."""
    kept = mismatches = illegal = tree_steps = 0
    for m in _positions_in_every_encounter(engine):
        d = mcts(m, iterations=250, seed=3, verify=True, max_depth=0, reward="win").details
        kept += d["cached_states"]
        mismatches += d["cache_mismatches"]
        illegal += d["illegal"]
        tree_steps += d["tree_decisions"]
    assert kept > 100 and tree_steps > 0       # the cache was used, not bypassed
    assert mismatches == 0 and illegal == 0


def test_kept_states_stay_right_as_their_storage_grows(engine):
    """Kept states (differences from the root) and their legal actions live in arenas that
    start small and double; a search keeping over a thousand states grows both."""
    from eve.bench import _positions
    d = mcts(_positions(engine)["mid"], iterations=6000, seed=5, verify=True, max_depth=0,
             reward="win").details
    assert d["cached_states"] > 1000
    assert d["cache_mismatches"] == 0 and d["illegal"] == 0


def test_huge_pages_or_not_the_search_is_the_same(engine):
    """Big arenas ask for huge pages (a memory layout choice only), each then a new block that
    its contents are copied to as it grows: a search chooses the same, with the same
    statistics, either way, and its kept states still equal a replay from the root. Arenas
    from 16 KB up take that path here, so that a small search grows every one of them on it."""
    from eve.bench import _positions
    from eve.core.search import set_huge_pages
    m = _positions(engine)["mid"]
    was = set_huge_pages(False)
    try:
        plain = mcts(m, iterations=3000, seed=6, max_depth=0, reward="win")
        set_huge_pages(True, from_bytes=16 << 10)
        huge = mcts(m, iterations=3000, seed=6, verify=True, max_depth=0, reward="win")
    finally:
        set_huge_pages(was)
    assert was is True                                      # the default
    assert huge.details["kept_words"] * 4 > 2 * (16 << 10)   # the differences grew on that path
    assert search_key(plain) == search_key(huge)
    assert huge.details["cache_mismatches"] == 0 and huge.details["illegal"] == 0


def test_tree_and_rollout_times_add_up_to_the_search(engine):
    """The split of a search's time between the tree and the rollouts is counted in cheap
    ticks and converted by the search's own clock span: the two parts are each positive and
    add up to the time the search took (all but the Python around it)."""
    r = mcts(mid_match(engine), iterations=3000, seed=1, max_depth=0, reward="win")
    d = r.details
    assert d["tree_s"] > 0 and d["rollout_s"] > d["tree_s"]
    assert 0.8 * r.elapsed <= d["tree_s"] + d["rollout_s"] <= r.elapsed


def test_node_slots_count_the_reserved_children(engine):
    """A kept node reserves a slot for each legal action; the slots are at least the nodes,
    and the details sum them over threads."""
    m = mid_match(engine)
    one = mcts(m, iterations=400, seed=2)
    assert one.details["node_slots"] >= one.details["nodes"] > 1
    two = mcts(m, iterations=400, seed=2, threads=2)
    assert two.details["node_slots"] >= two.details["nodes"]


def test_cache_size_bounds_the_kept_states(engine):
    m = mid_match(engine)
    small = mcts(m, iterations=500, seed=1, cache_states=1, verify=True)
    assert small.details["cached_states"] == 1 and small.details["illegal"] == 0
    big = mcts(m, iterations=500, seed=1, cache_states=64)
    assert 1 < big.details["cached_states"] <= 64
    # fewer kept states means more game steps replayed along the tree path
    assert small.details["tree_decisions"] > big.details["tree_decisions"]
    with pytest.raises(ValueError):
        mcts(m, iterations=10, cache_states=0)


def test_search_log_is_plain_arithmetic():
    """UCT's ln is computed without libm (so choices cannot differ between platforms); it must
    still be ln."""
    import math

    from eve.core.search import _ln_for_tests
    for n in list(range(1, 5000)) + [65_535, 65_536, 1_000_003, 2**30, 2**31 - 1]:
        assert abs(_ln_for_tests(n) - math.log(n)) < 1e-8


def test_search_from_a_restored_snapshot_equals_search_from_the_live_match(engine):
    m = mid_match(engine, seed=9)
    r = engine.restore(m.snapshot())
    assert search_key(mcts(r, iterations=500, seed=5)) == search_key(mcts(m, iterations=500, seed=5))


def test_result_shape(engine):
    m = mid_match(engine)
    r = mcts(m, iterations=300, seed=0)
    legal = m.legal_action_codes()
    assert [s.action.code for s in r.stats] == legal
    assert r.action.code in legal and r.visits[r.action.code] == max(r.visits.values())
    assert all(0.0 <= s.value <= 1.0 for s in r.stats)
    assert r.elapsed > 0 and r.iterations_per_s > 0


def test_depth_cap_and_shaped_reward(engine):
    m = mid_match(engine)
    r = mcts(m, iterations=300, seed=0, max_depth=5, reward="shaped")
    assert r.details["rollout_decisions"] <= 300 * 5
    assert any(0.0 < s.value < 1.0 for s in r.stats)


def test_time_limit_stops_early(engine):
    m = mid_match(engine)
    r = mcts(m, iterations=10_000_000, seed=0, time_limit=0.05)
    assert 0 < r.iterations < 10_000_000


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"threads": 0}, {"reward": "x"}, {"seed": -1},
                                    {"c": -10.0}, {"c": float("nan")}, {"c": float("inf")},
                                    {"cache_states": 0}])
def test_bad_parameters(engine, kwargs):
    with pytest.raises(ValueError):
        mcts(mid_match(engine), **kwargs)


def test_bad_parameters_are_refused_by_the_core_too(engine):
    """The compiled Worker is reachable from Python: it checks what it relies on itself (a
    negative or NaN c once made UCT pick no child and read before the node array)."""
    from eve.core.search import Worker, _ln_for_tests, determinize_match
    m = mid_match(engine)
    for c in (-10.0, float("nan")):
        with pytest.raises(ValueError):
            Worker().run(m, 0, 100, c, 0, 0, 0, 0.0)
    with pytest.raises(TypeError):
        Worker().run(None, 0, 10, 1.4, 0, 0, 0, 0.0)
    with pytest.raises(TypeError):
        determinize_match(None, 1)
    with pytest.raises(ValueError):
        _ln_for_tests(0)


def test_huge_iteration_budgets_with_a_time_limit(engine):
    r = mcts(mid_match(engine), iterations=2**31 - 1, seed=0, time_limit=0.05)
    assert 0 < r.iterations < 2**31 - 1


def test_more_threads_than_iterations(engine):
    r = mcts(mid_match(engine), iterations=1, seed=0, threads=2)
    assert r.iterations == 1 and sum(r.visits.values()) == 1


def test_no_search_after_the_end(engine):
    m = engine.new_match(seed=1)
    rng = random.Random(1)
    while not m.is_over:
        m.apply(rng.choice(m.legal_action_codes()))
    with pytest.raises(ValueError):
        mcts(m, iterations=10)


def test_cli_search_from_a_snapshot_file(engine, tmp_path, capsys):
    m = mid_match(engine)
    f = tmp_path / "pos.snap"
    f.write_bytes(m.snapshot())
    assert main(["search", str(f), "--iterations", "300", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["code"] == mcts(m, iterations=300, seed=5).action.code
    assert sum(s["visits"] for s in out["stats"]) == 300
    (tmp_path / "bad.snap").write_bytes(b"nope")
    assert main(["search", str(tmp_path / "bad.snap")]) == 2


def test_cli_simulate_with_mcts(capsys):
    assert main(["simulate", "--games", "2", "--policy", "mcts", "--iterations", "60", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["policy"] == "mcts"
