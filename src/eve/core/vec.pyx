"""A batch of matches stepped natively: the engine of eve.gym's vector environment.

`MatchBatch(engine, n, ...)` holds n match states in one C block. `step(actions, ...)` checks
every action first (an illegal one raises IllegalAction and changes nothing), then applies them,
resets the envs that ended (by the autoreset mode), and writes each env's observation, mask,
reward and end flags into the caller's arrays; the stepping runs without the GIL, split over
`threads` threads. An env's trajectory depends only on its own seed and actions: its episodes'
seeds come from a SplitMix64 stream of its own (the reset's seed; the next episode takes the
stream's next value, as eve.gym.MatchEnv does), its random actions (`sample`) from another; no
env reads another's state, so the batch size, the thread count and the order change nothing.

Masks are written incrementally: the batch remembers which entries of an env's row it set and
clears just those, so a step costs O(legal actions), not O(action space). A row is cleared in
full when the caller passes another mask array, or when more were set than are remembered.
"""
from libc.string cimport memset
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from cpython.mem cimport PyMem_Calloc, PyMem_Free

from eve.core.defs cimport *
from eve.core.rng cimport sm_next, sm_below, stream_seed
from eve.core.rules cimport setup_match, begin, legal_actions, apply_listing, check_action
from eve.core.observe cimport (ObsPlan, ActionIndex, action_index, index_action, write_match_obs,
                               write_run_obs, OBS_OMNISCIENT)
from eve.core.run_defs cimport RunState
from eve.core.runs cimport run_setup, run_legal, run_apply, run_check
from eve.core.observe cimport Observer
from eve.core.tables cimport CompiledContent
from eve.core.playout cimport board_value
from eve.core.match cimport Match

from operator import index as _index

from eve.core.errors import IllegalAction as _IllegalAction
from eve.core.errors import ParameterError as _ParameterError

AUTORESET_MODES = ("next_step", "same_step", "disabled")
cdef enum:
    NEXT_STEP = 0
    SAME_STEP = 1
    DISABLED = 2
    TRACK = 64          # mask entries remembered an env (more: the row is cleared in full)


cdef class Batch:
    """What a batch of matches and a batch of runs share: seeds, masks, autoreset, threads.
    Each env's game is its subclass's (the cdef methods under "one env's game")."""
    cdef uint64_t* stream       # each env's episode seeds
    cdef uint64_t* policy       # each env's random actions (sample)
    cdef int32_t* steps         # each env's steps in its episode
    cdef uint8_t* ended         # 1: its episode ended (next_step: reset at its next step)
    cdef int16_t* n_set         # mask entries set per env (-1: unknown, clear the row)
    cdef int32_t* set_at        # and where, TRACK an env
    cdef int32_t* codes         # the step's action codes
    cdef Ctx* cx                # each env's context (no event log: events change no state)
    cdef int mode, max_steps, width
    cdef float r_win, r_loss, r_timeout, r_truncated
    cdef double shaping             # potential-based shaping: shaping x the potential's change
    cdef Observer obs
    cdef CompiledContent content
    cdef size_t last_mask
    cdef bint was_reset
    cdef readonly int n
    cdef readonly int threads
    cdef object pool

    def __init__(self, Observer observer, int n, str autoreset_mode="next_step",
                 int max_episode_steps=0, rewards=(1.0, -1.0, 0.0, 0.0), double shaping=0.0,
                 int threads=1):
        cdef int i
        if n < 1:
            raise _ParameterError(f"a batch has at least 1 env, not {n}")
        if autoreset_mode not in AUTORESET_MODES:
            raise _ParameterError(f"autoreset_mode {autoreset_mode!r} is not one of "
                                  f"{', '.join(AUTORESET_MODES)}")
        if threads < 1:
            raise _ParameterError(f"threads is at least 1, not {threads}")
        self.obs = observer
        self.content = observer.content
        self.width = observer.size
        self.n = n
        self.threads = min(threads, n)
        self.mode = AUTORESET_MODES.index(autoreset_mode)
        self.max_steps = max_episode_steps
        self.r_win, self.r_loss, self.r_timeout, self.r_truncated = rewards
        self.shaping = shaping
        self.stream = <uint64_t*>PyMem_Calloc(n, sizeof(uint64_t))
        self.policy = <uint64_t*>PyMem_Calloc(n, sizeof(uint64_t))
        self.steps = <int32_t*>PyMem_Calloc(n, sizeof(int32_t))
        self.ended = <uint8_t*>PyMem_Calloc(n, 1)
        self.n_set = <int16_t*>PyMem_Calloc(n, sizeof(int16_t))
        self.set_at = <int32_t*>PyMem_Calloc(<size_t>n * TRACK, sizeof(int32_t))
        self.codes = <int32_t*>PyMem_Calloc(n, sizeof(int32_t))
        self.cx = <Ctx*>PyMem_Calloc(n, sizeof(Ctx))
        if (self.stream == NULL or self.policy == NULL or self.steps == NULL
                or self.ended == NULL or self.n_set == NULL or self.set_at == NULL
                or self.codes == NULL or self.cx == NULL):
            raise MemoryError()
        self._games(n)
        for i in range(n):
            ctx_init(&self.cx[i], self.content.tb, 0)
            self.ended[i] = 1           # not reset yet
            self.n_set[i] = -1
        if self.threads > 1:
            from concurrent.futures import ThreadPoolExecutor
            self.pool = ThreadPoolExecutor(self.threads - 1, thread_name_prefix="eve-batch")

    # ---------------- one env's game: each subclass's ----------------

    cdef int _games(self, int n) except -1:
        raise NotImplementedError

    cdef void _begin(self, int i, uint64_t seed) noexcept nogil:
        pass

    cdef int _legal(self, int i, int32_t* buf) noexcept nogil:
        return 0

    cdef int _play(self, int i, int32_t a, int32_t* buf) noexcept nogil:
        """Apply action code `a`; the legal actions after it, into buf."""
        return 0

    cdef int _outcome(self, int i) noexcept nogil:
        return OUT_NONE

    cdef void _observe(self, int i, int16_t* out) noexcept nogil:
        pass

    cdef int _check(self, int i, int32_t a) noexcept nogil:
        return 1

    cdef double _potential(self, int i) noexcept nogil:
        return 0

    def __dealloc__(self):
        PyMem_Free(self.cx)
        PyMem_Free(self.stream)
        PyMem_Free(self.policy)
        PyMem_Free(self.steps)
        PyMem_Free(self.ended)
        PyMem_Free(self.n_set)
        PyMem_Free(self.set_at)
        PyMem_Free(self.codes)

    def close(self):
        if self.pool is not None:
            self.pool.shutdown(wait=True)
            self.pool = None

    @property
    def obs_size(self):
        return self.obs.size

    @property
    def n_actions(self):
        return self.obs.n_actions

    # ---------------- one env, in C ----------------

    cdef void _new_episode(self, int i) noexcept nogil:
        cdef uint64_t seed = sm_next(&self.stream[i])
        self.policy[i] = stream_seed(seed, b"policy")
        self._begin(i, seed)
        self.steps[i] = 0
        self.ended[i] = 0

    cdef void _write(self, int i, int16_t* obs, int8_t* mask, const int32_t* buf, int n) noexcept nogil:
        """Env i's observation, and its mask from its legal actions `buf` (n of them), whose
        indices are remembered for the next step's check, sample and clearing."""
        cdef const ActionIndex* ix = self.obs.ix
        cdef int k, j
        cdef int8_t* row = mask + <size_t>i * ix.n
        cdef int32_t* at = self.set_at + <size_t>i * TRACK
        self._observe(i, obs + <size_t>i * self.width)
        if self.n_set[i] < 0:
            memset(row, 0, ix.n)
        else:
            for k in range(self.n_set[i]):
                row[at[k]] = 0
        for k in range(n):
            j = action_index(ix, buf[k])
            if j >= 0:          # every legal action has one (tests/test_observe.py)
                row[j] = 1
                if k < TRACK:
                    at[k] = j
        self.n_set[i] = n if n <= TRACK else -1

    cdef void _step_range(self, int lo, int hi, int16_t* obs, int8_t* mask, float* reward,
                          uint8_t* term, uint8_t* trunc, int16_t* final_obs) noexcept nogil:
        cdef int i, out, n
        cdef int32_t buf[MAX_ACTIONS]
        cdef double before = 0
        for i in range(lo, hi):
            reward[i] = 0
            term[i] = 0
            trunc[i] = 0
            if self.ended[i]:               # next_step: the action is ignored, the env resets
                self._new_episode(i)
                self._write(i, obs, mask, buf, self._legal(i, buf))
                continue
            if self.shaping != 0:
                before = self._potential(i)
            n = self._play(i, self.codes[i], buf)
            self.steps[i] = self.steps[i] + 1
            if self.shaping != 0:
                reward[i] = <float>(self.shaping * (self._potential(i) - before))
            out = self._outcome(i)
            if out != OUT_NONE:
                term[i] = 1
                reward[i] += (self.r_win if out == OUT_WIN else self.r_loss if out == OUT_LOSS
                             else self.r_timeout)
            elif self.max_steps > 0 and self.steps[i] >= self.max_steps:
                trunc[i] = 1
                reward[i] += self.r_truncated
            if term[i] or trunc[i]:
                self.ended[i] = 1
                if self.mode == SAME_STEP:
                    self._observe(i, final_obs + <size_t>i * self.width)
                    self._new_episode(i)
                    n = self._legal(i, buf)
            self._write(i, obs, mask, buf, n)

    cdef int _refused(self, int i, int32_t a) noexcept nogil:
        """0 when compact action `a` is legal in env i: among the indices its last write set, or
        (more than were remembered) by the rules' check."""
        cdef int k
        cdef const int32_t* at = self.set_at + <size_t>i * TRACK
        if self.n_set[i] < 0:
            return self._check(i, self.codes[i])
        for k in range(self.n_set[i]):
            if at[k] == a:
                return 0
        return 1

    # ---------------- the Python edge ----------------

    def reset(self, seeds, obs, mask, reset_mask=None):
        """Start a new episode in every env (or those `reset_mask` marks): env i's stream is
        seeded with seeds[i] (n integers in [0, 2**64); None: the stream goes on), and the
        episode takes the stream's next value as its match seed. Writes their observations and
        masks."""
        cdef int i
        cdef int32_t buf[MAX_ACTIONS]
        cdef uint8_t[::1] which = None
        cdef int16_t[:, ::1] o = _rows(obs, self.n, self.width, "obs")
        cdef int8_t[:, ::1] m = _mask_rows(mask, self.n, self.obs.ix.n)
        if reset_mask is not None:
            which = _flags(reset_mask, self.n, "reset_mask")
        if len(seeds) != self.n:
            raise _ParameterError(f"reset takes {self.n} seeds, not {len(seeds)}")
        vals = [None if s is None else _seed(s) for s in seeds]
        if not self.was_reset and (which is not None or None in vals):
            raise _ParameterError("the first reset seeds every env")
        self._mask_array(m)
        for i in range(self.n):
            if which is None or which[i]:
                if vals[i] is not None:
                    self.stream[i] = vals[i]
                self._new_episode(i)
                self._write(i, &o[0, 0], &m[0, 0], buf, self._legal(i, buf))
        self.was_reset = True

    cdef void _mask_array(self, int8_t[:, ::1] m):
        cdef size_t at = <size_t>&m[0, 0]
        cdef int i
        if at != self.last_mask:        # another array: its rows hold anything
            for i in range(self.n):
                self.n_set[i] = -1
            self.last_mask = at

    def step(self, actions, obs, mask, reward, terminated, truncated, final_obs=None):
        """Apply actions[i] (compact indices) to env i and write the results. Every action is
        checked first: an illegal one raises IllegalAction naming its env, and no env moves.
        With autoreset "next_step" an env that ended at the previous step resets instead (its
        action is ignored); with "same_step" it resets at once, its last observation going to
        `final_obs`; with "disabled" stepping an ended env is refused until `reset` with a
        reset_mask."""
        cdef int i, r, per
        cdef int64_t a
        cdef const int64_t[::1] act = actions
        cdef int16_t[:, ::1] o = _rows(obs, self.n, self.width, "obs")
        cdef int8_t[:, ::1] m = _mask_rows(mask, self.n, self.obs.ix.n)
        cdef float[::1] rw = reward
        cdef uint8_t[::1] te = _flags(terminated, self.n, "terminated")
        cdef uint8_t[::1] tr = _flags(truncated, self.n, "truncated")
        cdef int16_t[:, ::1] fo = None
        cdef int16_t* fo_p = NULL
        if not self.was_reset:
            raise _ParameterError("reset the batch before stepping it")
        if rw.shape[0] < self.n:
            raise _ParameterError(f"reward needs {self.n} float32 entries")
        if self.mode == SAME_STEP:
            if final_obs is None:
                raise _ParameterError("autoreset same_step writes final_obs: pass an array for it")
            fo = _rows(final_obs, self.n, self.width, "final_obs")
            fo_p = &fo[0, 0]
        if act.shape[0] != self.n:
            raise _ParameterError(f"step takes {self.n} actions, not {act.shape[0]}")
        for i in range(self.n):
            if self.ended[i]:
                if self.mode == DISABLED:
                    raise _ParameterError(f"env {i} has ended: reset it (reset_mask) before "
                                          "stepping it")
                continue
            a = act[i]
            self.codes[i] = -1 if not 0 <= a < self.obs.ix.n else index_action(self.obs.ix, <int32_t>a)
            r = 1 if self.codes[i] < 0 else self._refused(i, <int32_t>a)
            if r != 0:
                raise _IllegalAction(a, r, f"env {i}: compact action {a} is not legal now")
        self._mask_array(m)
        if self.threads == 1:
            with nogil:
                self._step_range(0, self.n, &o[0, 0], &m[0, 0], &rw[0], &te[0], &tr[0], fo_p)
            return
        per = (self.n + self.threads - 1) // self.threads
        futures = [self.pool.submit(_StepPart(self, lo, min(self.n, lo + per), o, m, rw, te, tr, fo))
                   for lo in range(per, self.n, per)]
        with nogil:
            self._step_range(0, per, &o[0, 0], &m[0, 0], &rw[0], &te[0], &tr[0], fo_p)
        for f in futures:
            f.result()

    def sample(self, out):
        """A uniformly random legal action (compact index) for each env, from its own policy
        stream (never its match's); -1 for an env whose episode has ended."""
        cdef int64_t[::1] a = out
        cdef int i
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n
        if a.shape[0] < self.n:
            raise _ParameterError(f"sample writes {self.n} int64 entries")
        with nogil:
            for i in range(self.n):
                if self.ended[i]:
                    a[i] = -1
                elif self.n_set[i] > 0:         # the legal indices the last write remembered
                    a[i] = self.set_at[<size_t>i * TRACK + sm_below(&self.policy[i], self.n_set[i])]
                else:
                    n = self._legal(i, buf)
                    a[i] = -1 if n == 0 else action_index(self.obs.ix, buf[sm_below(&self.policy[i], n)])

    def episode_steps(self):
        return [self.steps[i] for i in range(self.n)]


cdef class MatchBatch(Batch):
    """n matches of a party against an Encounter (heroes and encounter: their indices)."""
    cdef State* st
    cdef int16_t heroes[MAX_HERO_SLOTS]
    cdef int n_heroes, enc

    def __init__(self, Observer observer, int n, heroes, int encounter, str autoreset_mode="next_step",
                 int max_episode_steps=0, rewards=(1.0, -1.0, 0.0, 0.0), double shaping=0.0,
                 int threads=1):
        cdef int i
        if observer.run:
            raise _ParameterError("a batch of matches takes a match's Observer (run=False)")
        if not 1 <= len(heroes) <= observer.content.tb.cfg.player_hero_slots:
            raise _ParameterError(f"a party has 1 to {observer.content.tb.cfg.player_hero_slots} "
                                  f"heroes, not {len(heroes)}")
        if not 0 <= encounter < observer.content.tb.n_encs:
            raise _ParameterError(f"no Encounter index {encounter}")
        self.n_heroes = len(heroes)
        for i, h in enumerate(heroes):
            if not 0 <= h < observer.content.tb.n_heroes:
                raise _ParameterError(f"no hero index {h}")
            self.heroes[i] = h
        self.enc = encounter
        super().__init__(observer, n, autoreset_mode, max_episode_steps, rewards, shaping, threads)

    def __dealloc__(self):
        PyMem_Free(self.st)

    cdef int _games(self, int n) except -1:
        self.st = <State*>PyMem_Calloc(n, sizeof(State))
        if self.st == NULL:
            raise MemoryError()
        return 0

    cdef void _begin(self, int i, uint64_t seed) noexcept nogil:
        setup_match(&self.st[i], &self.cx[i], seed, self.heroes, self.n_heroes, self.enc, NULL, -1)
        begin(&self.st[i], &self.cx[i])

    cdef int _legal(self, int i, int32_t* buf) noexcept nogil:
        return legal_actions(&self.st[i], &self.cx[i], buf)

    cdef int _play(self, int i, int32_t a, int32_t* buf) noexcept nogil:
        # the step hands back the next list, so none is made twice
        return apply_listing(&self.st[i], &self.cx[i], a, buf)

    cdef int _outcome(self, int i) noexcept nogil:
        return self.st[i].outcome

    cdef void _observe(self, int i, int16_t* out) noexcept nogil:
        write_match_obs(&self.st[i], &self.obs.plan, self.obs.kind_code, out)

    cdef int _check(self, int i, int32_t a) noexcept nogil:
        return check_action(&self.st[i], &self.cx[i], a)

    cdef double _potential(self, int i) noexcept nogil:
        return board_value(&self.st[i], self.content.tb)


cdef class RunBatch(Batch):
    """n whole runs (rules U01-U21): `party` the player heroes' indices, or None for a party
    each run's agent recruits (U02). The potential of `shaping` is the floors climbed."""
    cdef RunState* rs
    cdef int16_t party[MAX_HERO_SLOTS]
    cdef int n_party

    def __init__(self, Observer observer, int n, party=None, str autoreset_mode="next_step",
                 int max_episode_steps=0, rewards=(1.0, -1.0, 0.0, 0.0), double shaping=0.0,
                 int threads=1):
        cdef int i
        if not observer.run:
            raise _ParameterError("a batch of runs takes a run's Observer (run=True)")
        party = [] if party is None else list(party)
        if party and len(party) != observer.content.rt.cfg.party:
            raise _ParameterError(f"a run's party has {observer.content.rt.cfg.party} heroes, "
                                  f"not {len(party)}")
        self.n_party = len(party)
        for i, h in enumerate(party):
            if not 0 <= h < observer.content.rt.n_player_heroes or h in party[:i]:
                raise _ParameterError(f"hero index {h} is not a player hero of its own in the party")
            self.party[i] = h
        super().__init__(observer, n, autoreset_mode, max_episode_steps, rewards, shaping, threads)

    def __dealloc__(self):
        PyMem_Free(self.rs)

    cdef int _games(self, int n) except -1:
        self.rs = <RunState*>PyMem_Calloc(n, sizeof(RunState))
        if self.rs == NULL:
            raise MemoryError()
        return 0

    cdef void _begin(self, int i, uint64_t seed) noexcept nogil:
        run_setup(&self.rs[i], self.content.rt, &self.cx[i], seed, self.party, self.n_party)

    cdef int _legal(self, int i, int32_t* buf) noexcept nogil:
        return run_legal(&self.rs[i], self.content.rt, &self.cx[i], buf)

    cdef int _play(self, int i, int32_t a, int32_t* buf) noexcept nogil:
        run_apply(&self.rs[i], self.content.rt, &self.cx[i], a)
        return run_legal(&self.rs[i], self.content.rt, &self.cx[i], buf)

    cdef int _outcome(self, int i) noexcept nogil:
        return self.rs[i].outcome

    cdef void _observe(self, int i, int16_t* out) noexcept nogil:
        write_run_obs(&self.rs[i], &self.obs.rplan, &self.obs.plan, self.obs.kind_code, out)

    cdef int _check(self, int i, int32_t a) noexcept nogil:
        return run_check(&self.rs[i], self.content.rt, &self.cx[i], a)

    cdef double _potential(self, int i) noexcept nogil:
        return self.rs[i].floors_climbed


cdef class _StepPart:
    """One thread's share of a step: envs [lo, hi)."""
    cdef Batch b
    cdef int lo, hi
    cdef int16_t[:, ::1] o
    cdef int8_t[:, ::1] m
    cdef float[::1] rw
    cdef uint8_t[::1] te, tr
    cdef int16_t[:, ::1] fo

    def __init__(self, Batch b, int lo, int hi, o, m, rw, te, tr, fo):
        self.b, self.lo, self.hi = b, lo, hi
        self.o, self.m, self.rw, self.te, self.tr = o, m, rw, te, tr
        self.fo = fo

    def __call__(self):
        cdef int16_t* fo_p = NULL if self.fo is None else &self.fo[0, 0]
        with nogil:
            self.b._step_range(self.lo, self.hi, &self.o[0, 0], &self.m[0, 0], &self.rw[0],
                               &self.te[0], &self.tr[0], fo_p)


cdef uint64_t _seed(s) except? 0:
    v = _index(s)
    if not 0 <= v < 2**64:
        raise _ParameterError(f"a seed is an integer in [0, 2**64), not {v}")
    return v


cdef int16_t[:, ::1] _rows(arr, int n, int width, str what):
    cdef int16_t[:, ::1] v = arr
    if v.shape[0] < n or v.shape[1] != width:
        raise _ParameterError(f"{what} is an int16 array of shape ({n}, {width}), not "
                              f"({v.shape[0]}, {v.shape[1]})")
    return v


cdef int8_t[:, ::1] _mask_rows(arr, int n, int width):
    cdef int8_t[:, ::1] v = arr
    if v.shape[0] < n or v.shape[1] != width:
        raise _ParameterError(f"mask is an int8 array of shape ({n}, {width}), not "
                              f"({v.shape[0]}, {v.shape[1]})")
    return v


cdef uint8_t[::1] _flags(arr, int n, str what):
    cdef uint8_t[::1] v = arr         # eve.gym passes its bool arrays viewed as uint8
    if v.shape[0] < n:
        raise _ParameterError(f"{what} needs {n} one-byte (bool) entries")
    return v


def board_potential(Match match):
    """The shaping potential of a match: the greedy policy's board value (playout.board_value),
    the player's side plus, the Encounter's minus."""
    return board_value(&match.st, match.content.tb)


def next_seed(uint64_t stream):
    """(the stream's next value, its new state): how an env takes its next episode's seed."""
    cdef uint64_t s = stream
    cdef uint64_t v = sm_next(&s)
    return v, s
