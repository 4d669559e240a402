"""Embedding eve in other programs: errors, matches and engines across processes, integer
types other than int, Match objects eve did not make, actions carried between matches, and
copies with the hidden information re-sampled."""
from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil

import pytest

import eve

# ---------------------------------------------------------------- every exception pickles

# constructor arguments for the exceptions whose constructors take more than a message
_SAMPLE_ARGS: dict[str, tuple[tuple[object, ...], dict[str, object]]] = {
    "ExpressionError": (("unknown name 'hpp'", 7), {}),
    "IllegalAction": ((123, 10, "unaffordable"), {}),
    "ContentError": (("bad value",), {"pack": "p", "path": "cards.x.cost", "code": "EVE-P012",
                                       "item": "p:x"}),
    "ConfigError": (("unknown override",), {"path": "config.max_roundz"}),
    "RegistrationClosed": (("too late",), {"pack": "p", "code": "EVE-P022"}),
    "PluginError": (("EVE-P001", "cannot import"), {"pack": "p", "dist": "d", "dist_version": "1",
                                                     "entry_point": "ep", "hook": "h",
                                                     "item": "p:i", "path": "f", "source": "s"}),
    "UnsupportedABI": ((9, (5,)), {}),
    "ContentMismatch": (("abc", "def", ["core", "ember"]), {}),
    "ChecksumMismatch": ((1, 2), {}),
    "SchemaViolation": (("body.units[3]", "out of range"), {}),
    "ManifestProblem": (("EVE-P014", "no version", "manifest.version"), {}),
    "UnknownField": (("cards.p:x.chargse", "chargse", ("charges", "kind")), {}),
}


def _eve_exceptions() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(eve.__path__, "eve."):
        mod = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(mod, inspect.isclass):
            if issubclass(obj, BaseException) and obj.__module__.startswith("eve"):
                found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return [found[k] for k in sorted(found)]


_EXCEPTIONS = _eve_exceptions()


def test_the_walk_finds_the_exceptions():
    names = {c.__name__ for c in _eve_exceptions()}
    assert set(_SAMPLE_ARGS) <= names
    assert {"ReplayError", "CapacityError", "MalformedSnapshot", "SnapshotTooLarge", "BadMagic",
            "CoreNotBuilt", "EveError"} <= names


@pytest.mark.parametrize("cls", _EXCEPTIONS, ids=lambda c: f"{c.__module__}.{c.__qualname__}"
                         if isinstance(c, type) else None)
def test_exception_pickles(cls):
    args, kwargs = _SAMPLE_ARGS.get(cls.__name__, (("a message",), {}))
    exc = cls(*args, **kwargs)
    exc.add_note("a note")
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is cls
    assert str(back) == str(exc)
    assert back.args == exc.args
    assert back.__dict__ == exc.__dict__


# ---------------------------------------------------------------- Match made only by the engine

_DIRECT = r"""
import eve, eve.search
from eve.core.match import Match
e = eve.Engine()
for make in (lambda: eve.Match(), lambda: Match.__new__(Match), lambda: Match(1, 2),
             lambda: type("Sub", (Match,), {})()):
    try:
        make()
    except TypeError:
        pass
    else:
        raise SystemExit("a Match was made directly")
calls = {"observation": ("player",), "zone": ("archive",), "zone_cards": ("rift",),
         "card_id": (0,), "card_zone": (0,), "apply": (0,), "check": (0,), "determinize": (1,),
         "heroes": ("player",), "characters": ("encounter",), "fallen": ("player",)}
for m in (Match._blank(e, e.catalog), e.new_match(seed=1)):   # a restore's start, a real one
    for name in dir(m):
        if name.startswith("_"):
            continue
        try:
            attr = getattr(m, name)
            if callable(attr):
                attr(*calls.get(name, ()))
        except Exception:
            pass
    for f in (lambda: eve.search.mcts(m, iterations=20), lambda: m.legal_actions()[0].text):
        try:
            f()
        except Exception:
            pass
print("ok")
"""


def test_a_match_cannot_be_made_directly_and_nothing_crashes():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", _DIRECT], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr[-2000:])


def test_the_refusal_names_the_way_to_make_one():
    with pytest.raises(TypeError, match="Engine.new_match"):
        eve.Match()


# ---------------------------------------------------------------- any integer is an integer

class _Index:
    """An integer type that is not int: only __index__."""

    def __init__(self, v: int) -> None:
        self.v = v

    def __index__(self) -> int:
        return self.v


def _integers_everywhere(engine, I):
    import eve.search
    import eve.testing
    m, ref = engine.new_match(seed=I(7)), engine.new_match(seed=7)
    assert m.state_hash() == ref.state_hash() and m.setup == ref.setup and type(m.setup[0]) is int
    code = ref.legal_action_codes()[-1]
    assert m.check(I(code)) == 0 == ref.check(code)
    m.apply(I(code))
    ref.apply(code)
    assert m.state_hash() == ref.state_hash() and m.actions == ref.actions
    assert all(type(a) is int for a in m.actions)
    kw = dict(iterations=I(40), seed=I(3), threads=I(2), max_depth=I(5), cache_states=I(64))
    got = eve.search.mcts(m, **kw)
    want = eve.search.mcts(ref, iterations=40, seed=3, threads=2, max_depth=5, cache_states=64)
    assert got.visits == want.visits and type(got.seed) is int
    assert m.determinize(I(5)).state_hash() == ref.determinize(5).state_hash()
    s = eve.testing.scenario(engine, seed=I(2), round=I(3), meter={"capacity": I(4)},
                             hero_state={I(0): {"hp": I(9)}})
    t = eve.testing.scenario(engine, seed=2, round=3, meter={"capacity": 4}, hero_state={0: {"hp": 9}})
    assert s.state_hash() == t.state_hash()


def test_any_integer_type_is_taken_where_an_integer_is(engine):
    _integers_everywhere(engine, _Index)


def test_numpy_integers_are_taken_where_an_integer_is(engine):
    np = pytest.importorskip("numpy")
    _integers_everywhere(engine, np.int64)
    _integers_everywhere(engine, np.uint32)


def test_bools_and_non_integers_stay_refused_as_actions(engine):
    m = engine.new_match(seed=1)
    h = m.state_hash()
    for bad in (True, False, 1.0, "1", None):
        with pytest.raises(eve.IllegalAction):
            m.apply(bad)
    assert m.state_hash() == h
    with pytest.raises(ValueError):
        engine.new_match(seed=1.5)
    with pytest.raises(TypeError):
        eve.search.mcts(m, iterations=10.0)


# ---------------------------------------------------------------- matches and engines pickle

def _played(engine, seed=3, n=6):
    m = engine.new_match(seed=seed)
    for _ in range(n):
        m.apply(m.legal_action_codes()[-1])
    return m


def test_match_pickles_through_its_snapshot(engine):
    import copy
    m = _played(engine)
    back = pickle.loads(pickle.dumps(m))
    assert back.state_hash() == m.state_hash()
    assert (back.seed, back.setup, back.actions) == (m.seed, m.setup, m.actions)
    assert back.engine.fingerprint == engine.fingerprint and back.engine.config == engine.config
    assert back.legal_action_codes() == m.legal_action_codes()
    for c in (copy.copy(m), copy.deepcopy(m)):
        assert c.state_hash() == m.state_hash() and c.engine is engine


def test_engine_pickles_as_its_packs_config_and_rules():
    import eve_content as builtin  # the built-in pack
    e = eve.Engine(packs=[builtin], config={"max_rounds": 31}, rules=[])
    back = pickle.loads(pickle.dumps(e))
    assert back.fingerprint == e.fingerprint and back.config["max_rounds"] == 31
    assert list(back.packs) == list(e.packs) and back.rules == e.rules


def _worker(m):
    m.apply(m.legal_action_codes()[0])
    return m, m.state_hash()


def test_a_match_crosses_a_spawned_process_and_back(engine):
    import multiprocessing
    m = _played(engine)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        back, remote_hash = pool.apply(_worker, (m,))
    m.apply(m.legal_action_codes()[0])
    assert remote_hash == m.state_hash() == back.state_hash()
    assert back.actions == m.actions and back.setup == m.setup


# ---------------------------------------------------------------- actions across matches

_OTHER_PARTY = ["core:lyra", "core:brannoc", "core:ilse"]


def test_an_action_from_another_match_is_refused_unless_it_means_the_same(engine):
    a = engine.new_match(seed=1)
    b = engine.new_match(seed=1, heroes=_OTHER_PARTY)
    listed = a.legal_actions()
    legal_in_b = set(b.legal_action_codes())
    same = [x for x in listed if x.code in legal_in_b and a._meaning(x.code) == b._meaning(x.code)]
    other = [x for x in listed if x.code in legal_in_b and a._meaning(x.code) != b._meaning(x.code)]
    assert same and other          # "end main" means the same; "play #4" plays another card
    h = b.state_hash()
    for x in other:
        assert b.check(x) == 19
        with pytest.raises(eve.IllegalAction, match="listed from another match"):
            b.apply(x)
        assert b.state_hash() == h
        str(x)                                   # its words made: still refused
        with pytest.raises(eve.IllegalAction):
            b.apply(x)
        with pytest.raises(eve.IllegalAction):   # pickled, it keeps what it meant
            b.apply(pickle.loads(pickle.dumps(x)))
    assert b.check(other[0].code) == 0           # the bare code: the embedder's to mean
    b.clone().apply(other[0].code)
    for x in same:
        b.clone().apply(x)


def test_an_action_applies_to_its_own_match_and_to_copies_where_it_means_the_same(engine):
    m = engine.new_match(seed=4)
    acts = m.legal_actions()
    for x in acts:
        m.clone().apply(x)                       # a copy: the same meaning
        pickle.loads(pickle.dumps(m)).apply(x)
    m.apply(acts[-1])


def test_search_results_carry_their_match(engine):
    import eve.search
    a = engine.new_match(seed=1)
    b = engine.new_match(seed=1, heroes=_OTHER_PARTY)
    res = eve.search.mcts(a, iterations=50, seed=1)
    for s in res.stats:
        if s.action.code in set(b.legal_action_codes()) and a._meaning(s.action.code) != b._meaning(s.action.code):
            with pytest.raises(eve.IllegalAction):
                b.apply(s.action)
    a.apply(res.action)


# ---------------------------------------------------------------- copies with hidden info resampled

def _visible(m):
    return (m.zone("rift"), m.zone("wastes"), m.zone("wastes", "encounter"), m.heroes(),
            m.heroes("encounter"), m.zone("lattice"), m.zone("abyss"), m.zone("void"), m.meter,
            m.round, m.phase, m.intent, m.tasks, m.stack, m.initiative, m.observation())


def test_determinize_resamples_only_what_the_player_cannot_see(engine):
    m = _played(engine, seed=9, n=8)
    h = m.state_hash()
    copies = [m.determinize(s) for s in range(6)]
    assert m.state_hash() == h                               # the original is untouched
    for d in copies:
        assert sorted(d.zone_cards("archive")) == sorted(m.zone_cards("archive"))
        assert _visible(d) == _visible(m)
        assert d.setup is None and d.actions is None
    assert len({tuple(d.zone_cards("archive")) for d in copies}) == len(copies)
    assert m.determinize(3).state_hash() == copies[3].state_hash()
    assert m.clone().state_hash() == h


def _policy(m):
    codes = m.legal_action_codes()
    for kinds in ((3,), (1, 2)):                 # play what can be played, then end or pass
        for c in codes:
            if (c >> 24) & 255 in kinds:
                return c
    return codes[0]


def _next_hand(m):
    r = m.round
    while not m.is_over and m.round == r:
        m.apply(_policy(m))
    return None if m.is_over else m.zone("rift")


def test_a_lookahead_on_a_determinized_copy_does_not_know_the_next_hand(engine):
    by_clone = by_determinize = 0
    for i in range(50):
        m = engine.new_match(seed=100 + i, encounter=engine.catalog.encounter_ids[i % 4])
        truth = _next_hand(m.clone())
        assert truth is not None
        by_clone += _next_hand(m.clone()) == truth
        by_determinize += _next_hand(m.determinize(i)) == truth
    assert by_clone == 50
    assert by_determinize <= 10


def test_unit_readers_check_their_index(engine):
    m = engine.new_match(seed=2)
    for u in (-1, 32, 1000):
        with pytest.raises(IndexError):
            m._unit(u)
        with pytest.raises(IndexError):
            m._unit_id(u)
    assert m._unit_id(8 + 4) is None or isinstance(m._unit_id(8 + 4), str)
