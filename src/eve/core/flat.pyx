"""Honest baselines for the search: flat Monte Carlo and greedy on a determinized copy.

Both see only what the player sees. Each re-samples the hidden information (the Archive's
order and the future draws of the `shuffle` and `encounter` streams) from a stream of its own
seed, as the search's iterations do (search_hidden.pxd): the Archive is put in canonical order,
so its true order is never read, and the `Ctx` draws a uniformly random card of those left.
Neither draws from a match stream; both run without the GIL.

- `flat_choice`: for every legal action, `playouts` rollouts, each on a fresh determinization
  with the action applied first, then the search's own rollout (random legal actions, capped
  at `max_depth` decisions, the search's rewards); the action with the best mean reward (ties:
  the earlier listed). The k-th rollout of every action shares its determinization and its
  rollout stream (common random numbers), so actions are compared on the same deals.
- `greedy_honest`: the core's greedy choice (playout.pyx) on one determinized copy, so that the
  hidden cards and streams it cannot see do not change its choice (the plain `greedy` scores
  copies of the true state, whose draws and Encounter rolls are the real ones).
"""
from libc.string cimport memcpy
from libc.stdint cimport int32_t, int64_t, uint64_t

from eve.core.defs cimport *
from eve.core.rng cimport sm_mix, stream_seed
from eve.core.match cimport Match
from eve.core.rules cimport legal_actions, apply_listing
from eve.core.playout cimport greedy_choice
from eve.core.search_hidden cimport _canonical_archive, _resample
from eve.core.search_params cimport Params
from eve.core.search_rollout cimport rollout


cdef int32_t _flat(const State* root, Ctx* cx, int playouts, uint64_t seed, const Params* p,
                   double* means, int32_t* legal, int* n_legal, int64_t* decisions) noexcept nogil:
    """flat_choice's loop over a canonical root (its Archive in canonical order)."""
    cdef State st
    cdef int32_t buf[MAX_ACTIONS]
    cdef int n = legal_actions(root, cx, legal), i, k, m, best = 0
    cdef uint64_t rng, deal
    cdef double total
    n_legal[0] = n
    if n <= 1:
        if n == 1:
            means[0] = 0.0
        return legal[0] if n == 1 else -1
    for i in range(n):
        total = 0.0
        for k in range(playouts):
            # the k-th deal of every action is the same: common random numbers
            deal = sm_mix(seed ^ sm_mix(<uint64_t>k + 1))
            rng = deal
            memcpy(&st, root, sizeof(State))
            _resample(&st, &rng)
            m = apply_listing(&st, cx, legal[i], buf)
            decisions[0] += 1
            total += rollout(&st, cx, &rng, p, decisions, buf, m,
                             p.max_depth if p.max_depth > 0 else -1)
        means[i] = total / playouts
        if means[i] > means[best]:
            best = i
    return legal[best]


def flat_choice(Match match not None, int playouts, uint64_t seed, int max_depth=20,
                bint shaped=True):
    """(action code, {action: mean reward}, rollout decisions) of flat Monte Carlo from `match`
    (unchanged): `playouts` rollouts for each legal action. One legal action is returned
    without a rollout (its mean 0.0); a match over gives -1."""
    cdef State root
    cdef Ctx cx
    cdef Params p
    cdef int stop = 0, n = 0
    cdef int32_t legal[MAX_ACTIONS]
    cdef double means[MAX_ACTIONS]
    cdef int64_t decisions = 0
    cdef int32_t a
    cdef uint64_t s = stream_seed(seed, b"flat")
    if playouts < 1:
        raise ValueError("playouts must be at least 1")
    if max_depth < 0:
        raise ValueError("max_depth must be >= 0 (0: rollouts to the end)")
    p.c = 0.0
    p.max_depth = max_depth
    p.shaped = 1 if shaped else 0
    p.verify = 0
    p.see_hidden = 0
    p.greedy_pm = 0
    p.board = 0
    p.worlds = 0
    p.root_flat = 0
    p.horizon = 0
    p.world_seed = 0
    p.board_scale = 1.0
    p.board_root = 0.0
    p.deadline = 0.0
    p.stop = &stop
    ctx_init(&cx, match.content.tb, 1)
    memcpy(&root, &match.st, sizeof(State))
    _canonical_archive(&root)
    with nogil:
        a = _flat(&root, &cx, playouts, s, &p, means, legal, &n, &decisions)
    return a, {legal[i]: means[i] for i in range(n)}, decisions


def greedy_honest(Match match not None, uint64_t seed):
    """The core's greedy choice on a copy of `match` whose hidden information is re-sampled
    from `seed` (never read from the match): -1 when the match is over."""
    cdef State st
    cdef Ctx cx
    cdef uint64_t rng = stream_seed(seed, b"greedy-honest")
    cdef int32_t a
    ctx_init(&cx, match.content.tb, 1)
    memcpy(&st, &match.st, sizeof(State))
    with nogil:
        _canonical_archive(&st)
        _resample(&st, &rng)
        a = greedy_choice(&st, &cx, &rng)
    return a
