"""The threading contract (docs/search.md, Threads): the search copies its root once when it
starts; a native playout plays a copy and writes it back, and apply meanwhile raises
eve.MatchBusy; nothing races into a corrupt state."""
import threading

import eve
from eve.core.playout import choose, playout
from eve.search import mcts


def _mover(m, stop, errors):
    k = 0
    while not stop.is_set():
        try:
            if m.is_over:
                return
            m.apply(choose(m, "random", k))
            k += 1
        except eve.MatchBusy:
            pass
        except Exception as e:          # noqa: BLE001 - reported by the test
            errors.append(e)
            return


def test_a_search_while_another_thread_moves_the_match(engine):
    for seed in range(3):
        m = engine.new_match(seed=seed)
        stop, errors = threading.Event(), []
        t = threading.Thread(target=_mover, args=(m, stop, errors))
        t.start()
        try:
            for k in range(6):
                if m.is_over:
                    break
                r = mcts(m, iterations=400, seed=k, threads=2)
                assert sum(s.visits for s in r.stats) == r.iterations == 400
                assert len({s.action.code for s in r.stats}) == len(r.stats)
        finally:
            stop.set()
            t.join()
        assert not errors, errors


def test_a_playout_racing_apply_never_corrupts_the_state(engine):
    for seed in range(40):
        m = engine.new_match(seed=seed)
        for _ in range(3):
            if not m.is_over:
                m.apply(m.legal_action_codes()[0])
        start = m.state_hash()
        errors: list = []
        t = threading.Thread(target=playout, args=(m, seed))
        t.start()
        while t.is_alive():
            try:
                if not m.is_over:
                    m.apply(m.legal_action_codes()[0])
            except eve.MatchBusy:
                pass
            except eve.IllegalAction as e:    # the position moved between listing and applying
                errors.append(e)
        t.join()
        assert m.is_over
        back = engine.restore(m.snapshot())       # the decoder's cross-check of the whole state
        assert back.state_hash() == m.state_hash() != start
        assert not [e for e in errors if e.code not in (1,)], errors   # only "the match is over"
