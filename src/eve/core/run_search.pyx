"""A search over a run's decisions out of a fight (rules U17, U18), native and without the GIL.

Out of a fight a run's choices are few and far-reaching (the path, a reward card, what to buy,
an event's option), and what decides them is hidden: future rewards, stock, event rolls, the
next fights' draws. So the search is a bandit at the root (UCB1 over the legal actions) whose
every iteration samples the hidden part anew from the search's own stream (`run_determinize`,
as `Run.determinize` does: never the run's true streams), applies the root action, and plays
on with the native greedy run policy until `horizon` more fights have ended (or the run), then
scores the position (`run_reward`). The same seed and position give the same result.

`honest=False` skips the re-sampling: the search then plays from a clone of the true state and
sees the run's future (a ceiling for tests and studies, never a player's policy).
"""
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
from libc.math cimport sqrt, log
from libc.stdint cimport int32_t, uint64_t

from eve.core.defs cimport *
from eve.core.rng cimport stream_seed
from eve.core.run cimport Run
from eve.core.run_defs cimport RunState, RunTables
from eve.core.runs cimport run_legal, run_apply, run_determinize
from eve.core.playout cimport run_choice, POLICY_GREEDY

from eve.core.errors import ParameterError as _ParameterError
from eve.core.playout import _integer as _int


cdef double run_reward(const RunState* rs, const RunTables* rt) noexcept nogil:
    """In [0, 1]: 1 for a won run, 0 for a lost one; else the party's hp as a share of its
    starting max hp (a fallen hero counts 0), nine tenths of it, and a tenth for the acts
    behind it."""
    cdef int i, hp = 0, mx = 0
    if rs.phase == RP_OVER:
        return 1.0 if rs.outcome == OUT_WIN else 0.0
    for i in range(rs.n_party):
        mx += rs.party[i].max_hp
        if rs.party[i].alive:
            hp += rs.party[i].hp
    return (0.9 * hp / <double>mx if mx > 0 else 0.0) + 0.1 * rs.act / <double>rt.n_acts


cdef void rollout(RunState* rs, const RunTables* rt, Ctx* cx, uint64_t* rng, int horizon,
                  int32_t* buf) noexcept nogil:
    """Greedy play until `horizon` fights have ended or the run is over (horizon 0: to the
    run's end)."""
    cdef int ended = 0, in_fight
    cdef int32_t a
    while rs.phase != RP_OVER:
        in_fight = rs.phase == RP_FIGHT
        a = run_choice(rs, rt, cx, POLICY_GREEDY, rng, buf)
        if a < 0:
            return
        run_apply(rs, rt, cx, a)
        if in_fight and rs.phase != RP_FIGHT:
            ended += 1
            if horizon > 0 and ended >= horizon:
                return


cdef int search(const RunState* root, const RunTables* rt, Ctx* cx, uint64_t* rng,
                int iterations, double c, int horizon, bint honest, int32_t* acts, int n,
                int* visits, double* total) noexcept nogil:
    """UCB1 over the n root actions for `iterations` iterations; fills visits and total
    reward per action and returns the index of the most visited (ties: the first)."""
    cdef RunState* tmp = <RunState*>malloc(sizeof(RunState))
    cdef int32_t* buf = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    cdef int it, i, k, best = 0
    cdef double s, bs, ln
    if tmp == NULL or buf == NULL:
        free(tmp)
        free(buf)
        return -1
    cx.ev = NULL
    for it in range(iterations):
        if it < n:
            k = it
        else:
            ln = log(<double>it)
            bs = -1.0
            k = 0
            for i in range(n):
                s = total[i] / visits[i] + c * sqrt(ln / visits[i])
                if s > bs:
                    bs = s
                    k = i
        memcpy(tmp, root, sizeof(RunState))
        if honest:
            run_determinize(tmp, rng)
        run_apply(tmp, rt, cx, acts[k])
        rollout(tmp, rt, cx, rng, horizon, buf)
        visits[k] += 1
        total[k] += run_reward(tmp, rt)
    for i in range(n):
        if visits[i] > visits[best]:
            best = i
    free(tmp)
    free(buf)
    return best


def search_run(Run run, iterations=1000, seed=0, c=1.4, horizon=1, honest=True):
    """The action to take at a run's decision out of a fight, by `iterations` sampled
    iterations (see the module's text); returns (action code, [(code, visits, mean reward)]
    in the legal actions' order). The run is unchanged. iterations: at least 1; seed: the
    search's stream, in [0, 2**64); c: UCB1's exploration constant; horizon: fights played
    in a rollout after the root action (0: to the run's end); honest False: no re-sampling
    (the search sees the run's future: a ceiling, not a policy). ValueError in a fight (the
    match search decides those) or once the run is over."""
    cdef RunState* root
    cdef int32_t* acts
    cdef int* visits
    cdef double* total
    cdef Ctx cx
    cdef uint64_t rng
    cdef int n, best, i
    cdef int it = _int(iterations, 1, 2**31 - 1, "iterations")
    cdef int hz = _int(horizon, 0, 1000, "horizon")
    cdef double cc
    cdef bint h = bool(honest)
    rng = stream_seed(<uint64_t>_int(seed, 0, 2**64 - 1, "seed"), b"run_search")
    try:
        cc = float(c)
    except (TypeError, ValueError):
        raise _ParameterError(f"c must be a number, not {c!r}") from None
    if not 0.0 <= cc <= 1e6:
        raise _ParameterError(f"c = {c!r} is outside [0, 1e6]")
    if run.rs.phase == RP_OVER:
        raise ValueError("the run is over: there is nothing to search")
    if run.rs.phase == RP_FIGHT:
        raise ValueError("the run is in a fight: eve.search.mcts(run.match) decides there")
    root = <RunState*>malloc(sizeof(RunState))
    acts = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
    if root == NULL or acts == NULL:
        free(root)
        free(acts)
        raise MemoryError()
    memcpy(root, &run.rs, sizeof(RunState))
    ctx_init(&cx, run.content.tb, 0)
    n = run_legal(root, run.content.rt, &cx, acts)
    if n == 1:                  # nothing to choose: no iteration spent
        a = acts[0]
        free(root)
        free(acts)
        return a, [(a, 0, 0.0)]
    visits = <int*>malloc(n * sizeof(int))
    total = <double*>malloc(n * sizeof(double))
    try:
        if visits == NULL or total == NULL:
            raise MemoryError()
        for i in range(n):
            visits[i] = 0
            total[i] = 0.0
        with nogil:
            best = search(root, run.content.rt, &cx, &rng, it, cc, hz, h, acts, n, visits, total)
        if best < 0:
            raise MemoryError()
        stats = [(acts[i], visits[i], total[i] / visits[i] if visits[i] else 0.0)
                 for i in range(n)]
        return acts[best], stats
    finally:
        free(root)
        free(acts)
        free(visits)
        free(total)

