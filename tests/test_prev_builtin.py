"""The built-in pack frozen at ecc7fe2 (tests/packs/prev_builtin): it loads alone, plays, and
never changes (issue 14's speed target is measured on it, benchmarks/ab_pairs.py --pack-b)."""
import hashlib
import importlib.util
from pathlib import Path

import pytest

import eve
from eve.core.playout import playout, run_matches
from eve.search import mcts

HERE = Path(__file__).parent / "packs" / "prev_builtin"

# sha256 of its data files as they were in content/ at ecc7fe2
FROZEN = {
    "cards.toml": "4ed0d663fb8933558eb35f45eb69dc4428926997737828809ab1431cfcebe6eb",
    "encounters.toml": "99d7f4475a04f70243ac3d7a494166dfcbb75fbcddf8cacbb55d4146656ec716",
    "heroes.toml": "43052406863bb66b6f439c819aabb2dc302ee188f739f34806d2fcd986be2cc1",
    "rules.toml": "3a5fda3118c12cb7a1947d8f2f2288eea9539231daec04e0d260f739aef70dbd",
    "tasks.toml": "a4e7e76197722d700502e00bcfe9137b489bcf855d85c80d83814444f7c38258",
    "units.toml": "e6acda355c3d01973820c50806233bad62a29546d92ad9bbd29bff3fb3c3ca84",
}


def _prev_builtin_module():
    spec = importlib.util.spec_from_file_location("prev_builtin", HERE / "__init__.py",
                                                  submodule_search_locations=[str(HERE)])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def prev():
    return eve.Engine(packs=[_prev_builtin_module()])


def test_its_data_never_changes():
    got = {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in sorted(HERE.glob("*.toml"))}
    assert got == FROZEN


def test_it_loads_alone_under_its_own_name(prev):
    assert list(prev.packs) == ["prev_builtin"]
    assert prev.default_heroes() == ["prev_builtin:aldric", "prev_builtin:seraphine",
                                     "prev_builtin:varek"]
    assert list(prev.rules) == ["prev_builtin"]


def test_it_plays_natively_and_searches(prev):
    heroes = [prev.hero_index(h) for h in prev.default_heroes()]
    for enc in range(3):
        res = run_matches(prev.content, list(range(20)), heroes, enc, "random")
        assert len(res) == 20 and all(outcome is not None and d > 0 for outcome, _, d in res)
    m = prev.new_match(seed=3)
    r = mcts(m, iterations=200, seed=1)
    assert r.action.code in m.legal_action_codes()
    m.apply(r.action)
    assert playout(m, 4) > 0 and m.is_over
