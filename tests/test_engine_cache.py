"""Sending work to processes is cheap: a process that unpickles Matches builds each Engine once
(eve.engine's cache of rebuilt Engines, keyed by what an Engine pickles as)."""
from __future__ import annotations

import pickle
import subprocess
import sys

import eve

# run in a fresh process: nothing built there before the Matches arrive
_RECEIVER = r"""
import pickle, sys
import eve.engine as E
blobs = pickle.load(sys.stdin.buffer)
a, b, c, d = (pickle.loads(x) for x in blobs)
print(E.rebuilt_count, a.engine is b.engine, a.engine is not c.engine, c.engine is d.engine,
      a.state_hash(), b.state_hash(), c.engine.config["max_rounds"])
"""


def test_a_process_unpickling_matches_of_one_engine_builds_it_once():
    import eve_content as builtin
    e = eve.Engine(packs=[builtin], rules=[])
    other = eve.Engine(packs=[builtin], rules=[], config={"max_rounds": 31})
    m1, m2 = e.new_match(seed=1), e.new_match(seed=2)
    m2.apply(m2.legal_action_codes()[0])
    m3, m4 = other.new_match(seed=3), other.new_match(seed=4)
    # each Match pickled on its own, as a pool sends each task's arguments
    blobs = [pickle.dumps(m) for m in (m1, m2, m3, m4)]
    out = subprocess.run([sys.executable, "-c", _RECEIVER], input=pickle.dumps(blobs),
                         capture_output=True, check=True).stdout.decode().split()
    builds, same, apart, same_other, h1, h2, rounds = out
    # one build for the two Matches of e, one for the two of `other` (its config differs)
    assert builds == "2"
    assert same == "True" and apart == "True" and same_other == "True"
    assert (int(h1), int(h2)) == (m1.state_hash(), m2.state_hash()) and rounds == "31"


def test_an_engine_made_of_pack_objects_is_rebuilt_each_time(engine):
    """A pack pickled as an object (not a module by name) is a fresh copy each time: nothing
    tells two of them apart, so no cached Engine is given for it."""
    from eve.engine import _PackByName, _rebuild_key
    assert _rebuild_key([object()], {}, [], None) is None
    assert _rebuild_key([_PackByName("eve_content")], {"max_rounds": 31}, [], None) != \
        _rebuild_key([_PackByName("eve_content")], {"max_rounds": 30}, [], None)
    assert _rebuild_key(None, {}, [], None) == _rebuild_key(None, {}, [], None)


def test_discovery_settings_are_part_of_the_key(monkeypatch):
    """packs=None re-discovers where it is unpickled: another EVE_PLUGINS is another Engine."""
    from eve.engine import _rebuild_key
    before = _rebuild_key(None, {}, [], None)
    monkeypatch.setenv("EVE_PLUGINS", "ember")
    assert _rebuild_key(None, {}, [], None) != before


def test_a_match_unpickled_where_its_engine_lives_gets_that_engine():
    """In the process that built the Engine (a copy through pickle, a local Ray), no build."""
    import eve.engine as E
    import eve_content as builtin
    engine = eve.Engine(packs=[builtin], config={"max_rounds": 29}, rules=[])
    m = engine.new_match(seed=5)
    count = E.rebuilt_count
    back = pickle.loads(pickle.dumps(m))
    assert back.engine is engine and E.rebuilt_count == count
    assert back.state_hash() == m.state_hash()


def test_an_engine_unpickled_after_its_builder_is_gone_is_rebuilt_once():
    """The Engines built here are held weakly: once gone, the first unpickle builds one, kept
    for the next."""
    import gc

    import eve.engine as E
    import eve_content as builtin
    data = pickle.dumps(eve.Engine(packs=[builtin], config={"max_rounds": 27}, rules=[]))
    gc.collect()
    count = E.rebuilt_count
    first = pickle.loads(data)
    again = pickle.loads(data)
    assert again is first and E.rebuilt_count == count + 1
    assert first.config["max_rounds"] == 27
