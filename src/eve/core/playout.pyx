"""Native playouts and simple policies (random, greedy), with the GIL released.

They use the same `legal_actions` / `apply_action` as the Python API. Their randomness comes
from a policy stream of their own, never from a match stream.

Ctrl-C: the native loops read a stop flag at every decision. A batch whose matches are capped
at INLINE_DECISIONS decisions or fewer (about a second of random play) runs in the caller's
thread, which takes Ctrl-C between matches; a longer one runs in a thread of its own while the
caller's thread waits (eve.core.interrupt), so that Ctrl-C stops it at its next decision.
"""
from libc.string cimport memcpy
from libc.stdlib cimport malloc, free
from libc.stdint cimport int16_t, int32_t, uint64_t
from cpython.exc cimport PyErr_CheckSignals

from eve.core.defs cimport *
from eve.core.rng cimport sm_below, stream_seed
from eve.core.rules cimport setup_match, begin, legal_actions, apply_action, apply_listing, state_hash
from eve.core.effects cimport leader_of
from eve.core.codec cimport is_hero, a_kind, a_src
from eve.core.tables cimport CompiledContent
from eve.core.match cimport Match
from eve.core.run cimport Run
from eve.core.run_defs cimport RunState, RunTables
from eve.core.runs cimport (run_setup, run_legal, run_apply, run_fight_listing, run_hash,
                            run_determinize)

from operator import index as _index

from eve.core.errors import MatchBusy as _MatchBusy
from eve.core.errors import ParameterError as _ParameterError
from eve.core.interrupt import run_stoppable as _run_stoppable
from eve.core.match import OUTCOMES as _OUTCOMES

cdef enum:
    # greedy's passes after an action to let it resolve: an attack and the Encounter's answer
    # to it take two or three; the bound keeps a reaction loop from running on
    SETTLE_PASSES = 8

# values closer than this are a tie (the evaluation sums multiples of 0.1)
cdef double TIE_EPS = 1e-6

POLICIES = {"random": POLICY_RANDOM, "greedy": POLICY_GREEDY}

include "playout_runs.pxi"

# A match capped at this many decisions or fewer (about a second of random play) is played in
# the caller's thread: a thread of its own costs 0.15-0.3 ms on the project's machine, more
# than a small batch of short matches takes (a built-in one is about 30 µs of random play)
INLINE_DECISIONS = 1_000_000


cdef class StopFlag:
    """Set from another thread to end a native batch (`run_matches(..., stop=flag)`) at its
    next decision."""
    cdef int asked

    def set(self):
        self.asked = 1

    def is_set(self):
        return self.asked != 0


cdef int random_playout(State* st, Ctx* cx, uint64_t* rng, int max_decisions,
                        const int* stop, int32_t* rec=NULL) noexcept nogil:
    """Uniformly random legal actions until the match ends, or until `stop` is set (read at
    every decision); returns the decisions made, each written to `rec` when it is given (room
    for max_decisions)."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int32_t a
    cdef int n = legal_actions(st, cx, buf), d = 0
    while d < max_decisions and n > 0 and stop[0] == 0:
        a = buf[sm_below(rng, <unsigned int>n)] if n > 1 else buf[0]
        if rec != NULL:
            rec[d] = a
        # the step hands back the next list: the one the game used to decide it must stop
        n = apply_listing(st, cx, a, buf)
        d += 1
    return d


cdef double board_value(const State* st, const Tables* tb) noexcept nogil:
    """The board from the player's side: hp, power and board on both sides, and each status
    counted for the side it helps: a buff (shield, Strength) for its holder, a debuff (poison,
    Vulnerable) against its holder, so the Encounter's poison is the player's gain; the
    Encounter's side weighs more, so that damage dealt counts."""
    cdef double v = 0, good, bad
    cdef int u, s
    for u in range(MAX_UNITS):
        if not st.units[u].alive:
            continue
        good = 0
        bad = 0
        for s in range(tb.n_statuses):
            if tb.statuses[s].polarity == SP_BUFF:
                good += st.units[u].status[s]
            else:
                bad += st.units[u].status[s]
        if u < UNITS_PER_SIDE:
            v += st.units[u].hp + 0.5 * good - bad + 1.5 * st.units[u].power
            if is_hero(u):
                v += 10.0
        else:
            v -= 2.0 * st.units[u].hp + 1.5 * st.units[u].power + 1.5 * good - 1.5 * bad
            if is_hero(u):
                v -= 15.0
    return v + 0.8 * st.zones[Z_LATTICE].n + 0.3 * st.zones[Z_RIFT].n


cdef double _value(const State* st, const Tables* tb) noexcept nogil:
    """The greedy policy's evaluation: a win or a loss outright, else the board."""
    if st.outcome == OUT_WIN:
        return 1e9 - st.round
    if st.outcome == OUT_LOSS:
        return -1e9
    return board_value(st, tb)


cdef inline bint _passes(int32_t a) noexcept nogil:
    """Whether an action code passes priority or ends a phase (the kind is its top byte)."""
    cdef int kind = a_kind(a)
    return kind == A_PASS or kind == A_END_PHASE


cdef void _settle(State* st, Ctx* cx, int32_t* buf) noexcept nogil:
    """Pass while the Stack is open, at most SETTLE_PASSES times, so that an action is scored by
    its result rather than by the response window it opens (where it sits unresolved)."""
    cdef int k = 0, i, n
    while k < SETTLE_PASSES:
        k += 1
        if st.outcome != OUT_NONE or st.n_stack == 0:
            return
        n = legal_actions(st, cx, buf)
        i = 0
        while i < n and a_kind(buf[i]) != A_PASS:
            i += 1
        if i == n:
            return
        apply_action(st, cx, buf[i])


cdef int32_t greedy_choice(State* st, Ctx* cx, uint64_t* rng) noexcept nogil:
    """One-ply lookahead: the legal action whose result, once the Stack it opens has resolved
    (`_settle`), evaluates best. Ties: passing or ending the phase when that is among them
    (an action that gains nothing still spends the Action Meter, a charge or a card), else the
    first listed (a deploy into the lowest lane). Measured against the alternatives (docs/
    balance.md): a random pick among the tied actions, or any action before ending the phase,
    both lose far more often; `rng` stays for a policy that draws."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int32_t scratch[MAX_ACTIONS]
    cdef State tmp
    cdef int n, i, first = -1, rest = -1
    cdef double v, bv = -1e18
    cdef Event* ev = cx.ev
    n = legal_actions(st, cx, buf)
    if n <= 1:
        return buf[0] if n == 1 else -1
    cx.ev = NULL
    for i in range(n):
        memcpy(&tmp, st, sizeof(State))
        apply_action(&tmp, cx, buf[i])
        _settle(&tmp, cx, scratch)
        v = _value(&tmp, cx.tb)
        if v > bv + TIE_EPS:
            bv = v
            first = -1
            rest = -1
        if v > bv - TIE_EPS:
            if _passes(buf[i]):
                if rest < 0:
                    rest = buf[i]
            elif first < 0:
                first = buf[i]
    cx.ev = ev
    return rest if rest >= 0 else first


cdef int play_policy(State* st, Ctx* cx, int policy, uint64_t* rng, int cap, int32_t* rec,
                     const int* stop) noexcept nogil:
    """Play a native policy for up to `cap` decisions, or until `stop` is set (read at every
    decision); each chosen action code goes to `rec` unless it is NULL. Returns the decisions
    made."""
    cdef int d = 0
    cdef int32_t a
    if policy == POLICY_RANDOM:
        # each step hands back the next list (apply_listing), so none is built twice
        return random_playout(st, cx, rng, cap, stop, rec)
    while d < cap and st.outcome == OUT_NONE and stop[0] == 0:
        a = greedy_choice(st, cx, rng)
        if a < 0:
            break
        if rec != NULL:
            rec[d] = a
        apply_action(st, cx, a)
        d += 1
    return d


cdef class _Playout:
    """One random playout on a copy of a match's state, run by `run` in whichever thread calls
    it; `stop` (a StopFlag) ends it at its next decision."""
    cdef State st
    cdef Ctx cx
    cdef uint64_t rng
    cdef int max_decisions
    cdef int decisions
    cdef object content        # keeps the tables that cx points to alive
    cdef readonly StopFlag stop
    cdef int32_t* rec           # the decisions, for a match that records them (replays)

    def run(self):
        with nogil:
            self.decisions = random_playout(&self.st, &self.cx, &self.rng, self.max_decisions,
                                            &self.stop.asked, self.rec)

    def __dealloc__(self):
        free(self.rec)


def playout(Match match, seed, max_decisions=1000000):
    """Play `match` to its end with uniformly random legal actions (native, no GIL). Returns
    the number of decisions made. `seed`: an integer in [0, 2**64); `max_decisions`: at least
    1 (eve.ParameterError otherwise). A match that records its actions (one made by
    Engine.new_match) records these too, so its replay still verifies.

    Threads: the playout runs on a copy of the state taken when it starts, and writes the end
    state back when it returns, both under the GIL; meanwhile other threads read the match as it
    was, and `apply` (or another playout) on it raises eve.MatchBusy, changing nothing.

    Ctrl-C: with a cap above INLINE_DECISIONS the playout runs in a thread of its own, and
    Ctrl-C stops it at its next decision (KeyboardInterrupt; the match is unchanged); below,
    Ctrl-C waits for its end."""
    cdef _Playout job
    seed = _integer(seed, 0, 2**64 - 1, "seed")
    max_decisions = _integer(max_decisions, 1, 2**31 - 1, "max_decisions")
    if match.busy:
        raise _MatchBusy("the match is being played out in another thread")
    job = _Playout.__new__(_Playout)
    job.content = match.content
    job.stop = StopFlag.__new__(StopFlag)
    job.rng = stream_seed(seed, b"playout")
    job.max_decisions = max_decisions
    if match._actions is not None:
        # no match takes more than max_match_length actions (rule X02): room for all of them
        job.max_decisions = min(max_decisions, match.catalog.max_match_length)
        job.rec = <int32_t*>malloc(job.max_decisions * sizeof(int32_t))
        if job.rec == NULL:
            raise MemoryError()
    ctx_init(&job.cx, match.content.tb, 0)
    memcpy(&job.st, &match.st, sizeof(State))
    match.busy = True
    try:
        if max_decisions <= INLINE_DECISIONS:
            job.run()
        else:
            _run_stoppable([job.run], [job.stop.set])
        memcpy(&match.st, &job.st, sizeof(State))
        if job.rec != NULL:
            match._actions.extend([job.rec[i] for i in range(job.decisions)])
    finally:
        match.busy = False
    return job.decisions


def _integer(value, lo, hi, what):
    """Any integer (operator.index) in [lo, hi], else eve.ParameterError naming the range."""
    try:
        v = _index(value)
    except TypeError:
        raise _ParameterError(f"{what} must be an integer, not {type(value).__name__} "
                              f"{value!r}") from None
    if isinstance(value, bool) or not lo <= v <= hi:
        raise _ParameterError(f"{what} = {value!r} is outside [{lo}, {hi}]")
    return v


def choose(Match match, str policy, unsigned long long seed=0):
    """The action code a native policy picks in `match` (the match is unchanged)."""
    cdef uint64_t rng = stream_seed(seed, b"policy")
    cdef Ctx cx
    cdef int32_t buf[MAX_ACTIONS]
    cdef int n
    ctx_init(&cx, match.content.tb, 0)
    if policy == "greedy":
        return greedy_choice(&match.st, &cx, &rng)
    n = legal_actions(&match.st, &cx, buf)
    return buf[sm_below(&rng, <unsigned int>n)] if n else -1


def _seed_list(seeds):
    """`seeds` as a list of Python ints in [0, 2**64): any iterable of integers of any type
    (operator.index: a numpy array's too). TypeError for anything else in it (a float, a
    string, a bool: a seed is never a truth value), eve.ParameterError for one out of range."""
    try:
        items = list(seeds)
    except TypeError:
        raise TypeError(f"seeds must be a sequence of integers, not {type(seeds).__name__}") from None
    out = []
    for s in items:
        if isinstance(s, bool):
            raise TypeError(f"a seed is an integer, not a bool ({s!r})")
        try:
            v = _index(s)
        except TypeError:
            raise TypeError(f"a seed is an integer, not {type(s).__name__} {s!r}") from None
        if not 0 <= v < 2**64:
            raise _ParameterError(f"seed {v} is outside [0, 2**64)")
        out.append(v)
    return out


def run_matches(CompiledContent content, seeds, heroes, int enc, str policy,
                int max_decisions=100000, bint record=False, StopFlag stop=None):
    """Play one match per seed natively with a policy; returns [(outcome, rounds, decisions)],
    or with `record` [(outcome, rounds, decisions, [action codes], final state hash)], in seed
    order. The outcome is in Match.outcome's words: "win", "loss", "timeout", or None for a
    match stopped before its end.

    `seeds`: any sequence of integers in [0, 2**64) (operator.index: a numpy array too; a
    TypeError for anything else, eve.ParameterError out of range); `heroes`: hero indices.

    Ctrl-C: with `max_decisions` at most INLINE_DECISIONS the batch runs in the caller's thread
    and KeyboardInterrupt is raised between matches; with more, in a thread of its own, stopped
    at its next decision. With `stop`, it runs in the calling thread whatever its size and ends
    at the next decision after the flag is set, returning the matches finished before (for a
    caller that runs batches in a thread of its own, as `eve simulate` does)."""
    seeds = _seed_list(seeds)
    try:
        heroes = [_index(h) for h in heroes]
    except TypeError:
        raise ValueError("heroes must be hero indices of this content") from None
    cdef int nh = len(heroes), pol = POLICIES[policy]
    if not 1 <= nh <= content.tb.cfg.player_hero_slots:
        raise ValueError(f"a party has 1 to {content.tb.cfg.player_hero_slots} heroes, not {nh}")
    for h in heroes:            # a loop, not all(genexpr): Cython warns of that (cython#1699)
        if not 0 <= h < content.tb.n_heroes:
            raise ValueError("heroes must be hero indices of this content")
    if not 0 <= enc < content.tb.n_encs:
        raise ValueError(f"no encounter index {enc}")
    if max_decisions < 1:
        raise ValueError("max_decisions must be at least 1")
    if stop is None and max_decisions > INLINE_DECISIONS:
        flag = StopFlag.__new__(StopFlag)
        return _run_stoppable(
            [lambda: _play(content, seeds, heroes, enc, pol, max_decisions, record, flag)],
            [flag.set])[0]
    return _play(content, seeds, heroes, enc, pol, max_decisions, record,
                 StopFlag.__new__(StopFlag) if stop is None else stop)


cdef list _play(CompiledContent content, list seeds, list heroes, int enc, int pol,
                int max_decisions, bint record, StopFlag stop):
    """run_matches' loop, in the calling thread: without the GIL during each match; between
    matches the results are kept and a signal is taken (the main thread's Ctrl-C raises
    KeyboardInterrupt here)."""
    cdef State st
    cdef Ctx cx
    cdef uint64_t rng, s
    cdef int16_t hs[MAX_HERO_SLOTS]
    cdef int nh = len(heroes), i, d
    cdef int32_t* rec = NULL
    if record:
        rec = <int32_t*>malloc(max_decisions * sizeof(int32_t))
        if rec == NULL:
            raise MemoryError()
    for i in range(nh):
        hs[i] = heroes[i]
    ctx_init(&cx, content.tb, 0)
    out = []
    try:
        for seed in seeds:
            s = seed
            with nogil:
                rng = stream_seed(s, b"policy")
                setup_match(&st, &cx, s, hs, nh, enc, NULL, -1)
                begin(&st, &cx)
                d = play_policy(&st, &cx, pol, &rng, max_decisions, rec, &stop.asked)
            if stop.asked and st.outcome == OUT_NONE and d < max_decisions:
                break           # stopped before its end: not a result
            if record:
                out.append((_OUTCOMES[st.outcome], st.round, d, [rec[i] for i in range(d)],
                            state_hash(&st)))
            else:
                out.append((_OUTCOMES[st.outcome], st.round, d))
            if stop.asked:
                break
            PyErr_CheckSignals()
    finally:
        free(rec)
    return out


# ---------------------------------------------------------------- whole runs

cdef class RunChooser:
    """A native run policy ("random" or "greedy") for one run: called with a Run, it returns
    the action code it takes there and leaves the run unchanged. It draws from a stream of its
    own seeded like run_runs' (never the run's), so stepping a run with it from Python plays
    the run that run_runs plays for the same seed."""
    cdef int policy
    cdef uint64_t rng
    cdef readonly str name

    def __init__(self, str policy, seed):
        if policy not in POLICIES:
            raise ValueError(f"no run policy {policy!r} (policies: {', '.join(POLICIES)})")
        self.name = policy
        self.policy = POLICIES[policy]
        self.rng = stream_seed(_integer(seed, 0, 2**64 - 1, "seed"), b"policy")

    def __call__(self, Run run):
        cdef RunState* rs = <RunState*>malloc(sizeof(RunState))
        cdef int32_t* buf = <int32_t*>malloc(MAX_ACTIONS * sizeof(int32_t))
        cdef Ctx cx
        cdef int32_t a
        if rs == NULL or buf == NULL:
            free(rs)
            free(buf)
            raise MemoryError()
        memcpy(rs, &run.rs, sizeof(RunState))    # the policy's trials never touch the run
        ctx_init(&cx, run.content.tb, 0)
        a = run_choice(rs, run.content.rt, &cx, self.policy, &self.rng, buf)
        free(rs)
        free(buf)
        return a


def run_runs(CompiledContent content, seeds, party=None, str policy="random",
             int max_decisions=INLINE_DECISIONS, bint record=False, StopFlag stop=None):
    """Play one whole run per seed natively with a run policy (in fights and out, no Python
    and no GIL in a run); returns [(outcome, floors climbed, decisions)], or with `record`
    [(outcome, floors, decisions, [action codes], final run hash)]. `party`: hero indices (the
    run configuration's `party` of them); None: the policy recruits them, the run's first
    decisions (U02), as in a run from `Engine.new_run(seed)`. `max_decisions` caps each
    run (one not over by then has outcome 0).

    Ctrl-C and `stop` work as in run_matches: batches capped at INLINE_DECISIONS decisions a
    run or fewer run in the caller's thread (KeyboardInterrupt between runs), larger ones in a
    thread of their own stopped at their next decision."""
    cdef int pol
    if policy not in POLICIES:
        raise ValueError(f"no run policy {policy!r} (policies: {', '.join(POLICIES)})")
    pol = POLICIES[policy]
    if content.rt.n_acts == 0:
        raise ValueError("this content has no run: no pack registers an act")
    n_party = content.rt.cfg.party
    heroes = [] if party is None else list(party)
    if party is not None and (len(heroes) != n_party or len(set(heroes)) != n_party):
        raise ValueError(f"a run's party is {n_party} different heroes, not {heroes!r}")
    for h in heroes:
        if not (isinstance(h, int) and 0 <= h < content.rt.n_player_heroes):
            raise ValueError("party must be player hero indices of this content")
    if max_decisions < 1:
        raise ValueError("max_decisions must be at least 1")
    seeds = [_integer(s, 0, 2**64 - 1, "seed") for s in seeds]
    if stop is None and max_decisions > INLINE_DECISIONS:
        flag = StopFlag.__new__(StopFlag)
        return _run_stoppable(
            [lambda: _play_runs(content, seeds, heroes, pol, max_decisions, record, flag)],
            [flag.set])[0]
    return _play_runs(content, seeds, heroes, pol, max_decisions, record,
                      StopFlag.__new__(StopFlag) if stop is None else stop)


cdef list _play_runs(CompiledContent content, list seeds, list heroes, int pol,
                     int max_decisions, bint record, StopFlag stop):
    """run_runs' loop, in the calling thread: without the GIL during each run; between runs
    the results are kept and a signal is taken."""
    cdef RunState* rs = <RunState*>malloc(sizeof(RunState))
    cdef Ctx cx
    cdef uint64_t rng, s
    cdef int16_t hs[MAX_HERO_SLOTS]
    cdef int nh = len(heroes), i, d
    cdef int32_t* rec = NULL
    if rs == NULL:
        raise MemoryError()
    if record:
        rec = <int32_t*>malloc(max_decisions * sizeof(int32_t))
        if rec == NULL:
            free(rs)
            raise MemoryError()
    for i in range(nh):
        hs[i] = heroes[i]
    ctx_init(&cx, content.tb, 0)
    out = []
    try:
        for seed in seeds:
            s = seed
            with nogil:
                rng = stream_seed(s, b"policy")
                run_setup(rs, content.rt, &cx, s, hs, nh)
                d = play_run(rs, content.rt, &cx, pol, &rng, max_decisions, &stop.asked, rec)
            if stop.asked and rs.phase != RP_OVER and d < max_decisions:
                break           # stopped before its end: not a result
            if record:
                out.append((rs.outcome, rs.floors_climbed, d, [rec[i] for i in range(d)],
                            run_hash(rs)))
            else:
                out.append((rs.outcome, rs.floors_climbed, d))
            if stop.asked:
                break
            PyErr_CheckSignals()
    finally:
        free(rec)
        free(rs)
    return out
