"""Observations and legal-action masks written natively into a caller's buffers.

An `Observer` is made once for an Engine and an observer kind (eve.core.obs_layout.OBSERVERS):
it fixes the observation's layout (obs_layout.match_layout, sized by the content) and the
compact action space (`ActionIndex`: per action kind, its sources x its (target, lane) pairs,
only those the content can produce). `observe` writes int16 words, `mask` one int8 a compact
action (1: legal), both into any writable C-contiguous buffer (numpy is not needed: an
array.array('h') or a bytearray will do). The C functions here are what eve.core.vec calls
for a batch, without the GIL.
"""
from libc.string cimport memcpy, memset
from libc.stdint cimport int8_t, int16_t, int32_t
from cpython.mem cimport PyMem_Calloc, PyMem_Free
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_WRITABLE, PyBUF_FORMAT, PyBUF_C_CONTIGUOUS

from eve.core.defs cimport *
from eve.core.rules cimport legal_actions
from eve.core.runs cimport run_legal
from eve.core.run cimport Run
from eve.core.match cimport Match
from eve.core.tables cimport CompiledContent

from eve.core import obs_layout as _L
from eve.core.vocabulary import BY_KEY as _BY_KEY

_KINDS = dict(_BY_KEY["action"].by_name())


cdef int32_t index_action(const ActionIndex* ix, int32_t i) noexcept nogil:
    """The action code of an index, -1 outside the space."""
    cdef int k, r, pc
    if i < 0 or i >= ix.n:
        return -1
    for k in range(N_KIND_SLOTS - 1, -1, -1):
        if ix.n_src[k] > 0 and i >= ix.offset[k]:
            r = i - ix.offset[k]
            pc = ix.pair_code[k][r % ix.n_pair[k]]
            return (k << 24) | (ix.src_code[k][r // ix.n_pair[k]] << 16) | ((pc >> 8) << 8) | (pc & 255)
    return -1


cdef void write_match_obs(const State* st, const ObsPlan* p, int kind, int16_t* out) noexcept nogil:
    cdef int i, k, z, c, n
    cdef int16_t* o
    cdef const Unit* u
    memcpy(out + p.turn, &st.phase, 2 * p.turn_words)
    memcpy(out + p.meter, &st.meter, sizeof(Meter))
    for z in range(N_ZONES):
        out[p.zone_sizes + z] = st.zones[z].n
    # the cards, field-major: id, zone, charges, counter, place
    o = out + p.cards
    n = st.n_cards
    memcpy(o, st.card_def, 2 * n)
    memcpy(o + MAX_CARDS, st.card_zone, 2 * n)
    memcpy(o + 2 * MAX_CARDS, st.card_charges, 2 * n)
    memcpy(o + 3 * MAX_CARDS, st.card_counter, 2 * n)
    for i in range(n, MAX_CARDS):
        o[i] = -1
        o[MAX_CARDS + i] = 0
        o[2 * MAX_CARDS + i] = 0
        o[3 * MAX_CARDS + i] = 0
    for i in range(MAX_CARDS):
        o[4 * MAX_CARDS + i] = -1
    for z in range(N_ZONES):            # the face-up zones, in order
        if z == Z_ARCHIVE:
            continue
        for i in range(st.zones[z].n):
            o[4 * MAX_CARDS + st.zones[z].c[i]] = i
    n = st.zones[Z_ARCHIVE].n
    for i in range(n):                  # from the top: the Archive's last slot
        c = st.zones[Z_ARCHIVE].c[n - 1 - i]
        if kind == OBS_OMNISCIENT or i < st.archive_known:
            o[4 * MAX_CARDS + c] = i
        elif kind == OBS_PUBLIC:
            o[c] = -1
            o[2 * MAX_CARDS + c] = 0
            o[3 * MAX_CARDS + c] = 0
    if kind == OBS_PUBLIC:
        for i in range(st.zones[Z_RIFT].n):
            c = st.zones[Z_RIFT].c[i]
            o[c] = -1
            o[2 * MAX_CARDS + c] = 0
            o[3 * MAX_CARDS + c] = 0
    # units: the words before the uid, then the statuses
    o = out + p.units
    for i in range(p.n_units):
        u = &st.units[p.unit_ids[i]]
        memcpy(o, u, 2 * p.unit_head)
        memcpy(o + p.unit_head, u.status, 2 * MAX_STATUSES)
        o += p.unit_head + MAX_STATUSES
    o = out + p.stack
    for i in range(st.n_stack):
        memcpy(o + i * p.item_words, &st.stack[i], 2 * p.item_words)
    memset(o + st.n_stack * p.item_words, 0, 2 * (MAX_STACK - st.n_stack) * p.item_words)
    memcpy(out + p.foe, &st.foe, sizeof(Foe))
    if kind != OBS_OMNISCIENT:
        for k in range(p.n_foe_hidden):
            out[p.foe + p.foe_hidden[k]] = 0
    memcpy(out + p.tasks, st.tasks, sizeof(st.tasks))
    memcpy(out + p.choice, &st.choice, 2 * p.choice_words)
    o = out + p.options
    n = st.choice.n_opts if kind != OBS_PUBLIC else 0
    memcpy(o, st.choice.opts, 2 * n)
    for i in range(n, MAX_CHOICE_OPTS):
        o[i] = -1
    memcpy(out + p.counters, st.counters, sizeof(st.counters))


cdef int _mark(const ActionIndex* ix, const int32_t* legal, int n, int8_t* mask) noexcept nogil:
    """Clear the mask and mark the n legal actions; n, or -1 if one has no index (a content
    this space was not made for)."""
    cdef int i, j
    memset(mask, 0, ix.n)
    for i in range(n):
        j = action_index(ix, legal[i])
        if j < 0:
            return -1
        mask[j] = 1
    return n


cdef int write_match_mask(const State* st, Ctx* cx, const ActionIndex* ix, int8_t* mask) noexcept nogil:
    """A match's mask: its legal actions marked (_mark)."""
    cdef int32_t buf[MAX_ACTIONS]
    return _mark(ix, buf, legal_actions(st, cx, buf), mask)


cdef void write_run_obs(const RunState* rs, const RunPlan* rp, const ObsPlan* p, int kind,
                        int16_t* out) noexcept nogil:
    """A run's own part (nothing hidden in it: its rolls are in its streams, which no observer
    sees, rule U18), then its fight's match observation, all 0 out of a fight."""
    cdef int i
    memcpy(out + rp.head, &rs.phase, 2 * rp.head_words)
    for i in range(rp.n_party):
        memcpy(out + rp.party + i * rp.hero_words, &rs.party[i], 2 * rp.hero_words)
    memcpy(out + rp.deck, &rs.n_deck, 2 * rp.deck_words)
    memcpy(out + rp.relics, &rs.n_relics, 2 * rp.relic_words)
    memcpy(out + rp.nodes, rs.nodes, 2 * rp.map_words)
    if rs.phase == RP_FIGHT:
        write_match_obs(&rs.match, p, kind, out + rp.size)
    else:
        memset(out + rp.size, 0, 2 * p.size)


cdef int write_run_mask(RunState* rs, const RunTables* rt, Ctx* cx, const ActionIndex* ix,
                        int8_t* mask) noexcept nogil:
    """A run's mask: its decisions out of a fight, its fight's in one."""
    cdef int32_t buf[MAX_ACTIONS]
    return _mark(ix, buf, run_legal(rs, rt, cx, buf), mask)


# ---------------------------------------------------------------- the action space, from content

def _unit_ids(dims):
    return [side * UNITS_PER_SIDE + slot for side, slot in _L.unit_rows(dims)]


def _spec_targets(int spec, units):
    """Every target byte a target spec can name (a superset: the space, not the legal ones)."""
    if spec == T_NONE:
        return [TGT_NONE]
    if 0 < spec <= T_ALLY_HERO:
        return list(units)
    if spec == T_FOE_STACK:
        return [TGT_STACK_BASE + i for i in range(MAX_STACK)]
    return [TGT_CARD_BASE + c for c in range(MAX_CARDS)]


cdef dict _match_blocks(const Tables* tb, dims):
    """kind name -> (sources, (target, lane) pairs) for a match's actions."""
    cdef int d, lanes = tb.cfg.lanes
    cdef const CardDef* cd
    units = _unit_ids(dims)
    heroes = list(range(tb.cfg.player_hero_slots))
    chars = [CHAR_BASE + lane for lane in range(lanes)]
    play, act = set(), set()
    act_src = set()
    for d in range(tb.n_heroes):
        if tb.heroes[d].ability_prog >= 0:
            act_src.update(heroes)
            act.update([(t, 0) for t in _spec_targets(tb.heroes[d].ability_target, units)])
    for d in range(tb.n_cards):
        cd = &tb.cards[d]
        if cd.kind == CK_CHARACTER:
            for t in _spec_targets(cd.play_target, units):
                play.update([(t, lane) for lane in range(lanes)])
        else:
            play.update([(t, 0) for t in _spec_targets(cd.play_target, units)])
        if cd.ability_prog >= 0:
            act_src.update(chars if cd.kind == CK_CHARACTER
                           else [TGT_CARD_BASE + c for c in range(MAX_CARDS)])
            act.update([(t, 0) for t in _spec_targets(cd.ability_target, units)])
    bare = ([0], [(0, 0)])
    return {
        "pass": bare, "end_phase": bare,
        "choose": (list(range(MAX_CHOICE_OPTS)) + [CHOICE_STOP], [(0, 0)]),
        "attack": (heroes + chars, [(TGT_NONE, lane) for lane in range(lanes)]),
        "activate": (sorted(act_src), sorted(act)),
        "play": (list(range(MAX_CARDS)), sorted(play)),
    }


cdef int _fill_index(ActionIndex* ix, dict blocks) except -1:
    cdef int k, i, at = 0
    memset(ix, 0, sizeof(ActionIndex))
    memset(ix.src_idx, 255, sizeof(ix.src_idx))
    memset(ix.pair_idx, 255, sizeof(ix.pair_idx))
    for name in _BY_KEY["action"].by_name():         # kinds in code order: a fixed space
        if name not in blocks:
            continue
        srcs, pairs = blocks[name]
        if not srcs or not pairs:
            continue
        k = _KINDS[name]
        if k >= N_KIND_SLOTS or len(pairs) > MAX_PAIRS:
            raise ValueError(f"action kind {name!r} does not fit the compact space")
        ix.offset[k] = at
        ix.n_src[k] = len(srcs)
        ix.n_pair[k] = len(pairs)
        for i, s in enumerate(srcs):
            ix.src_idx[k][s] = i
            ix.src_code[k][i] = s
        for i, (t, lane) in enumerate(pairs):
            ix.pair_idx[k][t][lane] = i
            ix.pair_code[k][i] = t << 8 | lane
        at += len(srcs) * len(pairs)
    ix.n = at
    return 0


cdef dict _run_blocks(const RunTables* rt):
    """kind name -> (sources, (target, lane) pairs) for a run's own decisions (rule U17)."""
    bare = [(0, 0)]
    return {
        "recruit": (list(range(rt.n_player_heroes)), bare),
        "travel": (list(range(MAP_WIDTH)), bare),
        "take": (list(range(MAX_OFFER)), bare),
        "remove": (list(range(MAX_CARDS)), bare),
        # an option's pick is a party slot or a deck index
        "option": (list(range(MAX_RUN_OPTS)), [(t, 0) for t in range(max(MAX_CARDS, MAX_HERO_SLOTS))]),
        "leave": ([0], bare),
    }


def run_dims(CompiledContent content):
    """The run part's dimensions (obs_layout.RunDims)."""
    cdef RunState rs
    return _L.RunDims(party=content.rt.cfg.party, offer=MAX_OFFER,
                      seen=(<char*>&rs.party[0] - <char*>&rs.seen[0]) // 2,
                      cards=MAX_CARDS, relics=MAX_RELICS, map_cells=MAX_FLOORS * MAP_WIDTH)


def content_dims(CompiledContent content):
    """The content's dimensions of the layout (obs_layout.Dims)."""
    cdef const Tables* tb = content.tb
    cdef int e, most = 0
    for e in range(tb.n_encs):
        most = max(most, tb.encs[e].n_roster)
    return _L.Dims(lanes=tb.cfg.lanes, player_heroes=tb.cfg.player_hero_slots,
                   enemy_heroes=min(most, MAX_HERO_SLOTS))


cdef class Observer:
    """The observation and action space of one Engine's matches for one observer kind."""

    def __cinit__(self):
        self.ix = <ActionIndex*>PyMem_Calloc(1, sizeof(ActionIndex))
        if self.ix == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.ix)

    def __init__(self, engine, str kind="player", bint run=False):
        if kind not in _L.OBSERVERS:
            raise ValueError(f"observer kind {kind!r} is not one of {', '.join(_L.OBSERVERS)}")
        self.engine = engine
        self.content = engine.content
        self.kind = kind
        self.kind_code = _L.OBSERVERS.index(kind)
        self.run = run
        self.dims = content_dims(self.content)
        self._plan()
        blocks = _match_blocks(self.content.tb, self.dims)
        if run:
            if self.content.rt.n_acts == 0:
                raise ValueError("this content has no run: no pack registers an act")
            self.layout = _L.run_layout(self.dims, run_dims(self.content))
            self._run_plan()
            blocks.update(_run_blocks(self.content.rt))
        else:
            self.layout = _L.match_layout(self.dims)
        self.size = _L.size(self.layout)
        _fill_index(self.ix, blocks)
        self.n_actions = self.ix.n

    cdef void _run_plan(self):
        cdef RunPlan* rp = &self.rplan
        cdef RunState rs
        cdef char* at = <char*>&rs
        off = _L.offsets(self.layout)
        rp.head, rp.party, rp.deck = off["run"], off["party"], off["deck"]
        rp.relics, rp.nodes = off["relics"], off["map_nodes"]
        rp.size = off["match_turn"]
        rp.head_words = off["party"]            # run, offer and seen: one run of words
        rp.n_party = self.content.rt.cfg.party
        rp.hero_words = len(_L.RUN_HERO_FIELDS)
        rp.deck_words = off["relics"] - off["deck"]
        rp.relic_words = off["map_nodes"] - off["relics"]
        rp.map_words = rp.size - off["map_nodes"]
        # the layout's runs of words against the struct's (a reordered RunState fails here)
        if not (<char*>&rs.offer[0] - <char*>&rs.phase == 2 * len(_L.RUN_FIELDS)
                and <char*>&rs.party[0] - <char*>&rs.phase == 2 * rp.head_words
                and <char*>rs.deck - <char*>&rs.n_deck == 2
                and <char*>&rs.relics[0] - <char*>&rs.n_relics == 2
                and <char*>rs.edges - <char*>rs.nodes == rp.map_words
                and sizeof(rs.party[0]) >= 2 * rp.hero_words
                and rp.deck_words == 1 + MAX_CARDS and rp.relic_words == 1 + MAX_RELICS
                and <char*>&rs.phase - at >= 0):
            raise ImportError("eve/core/obs_layout.py's run part does not match RunState")

    cdef void _plan(self):
        cdef ObsPlan* p = &self.plan
        off = _L.offsets(_L.match_layout(self.dims))   # a run's match part too: at its own 0
        p.size = _L.size(_L.match_layout(self.dims))
        p.turn, p.meter, p.zone_sizes = off["turn"], off["meter"], off["zone_sizes"]
        p.cards, p.units, p.stack, p.foe = off["cards"], off["units"], off["stack"], off["foe"]
        p.tasks, p.choice, p.options, p.counters = (off["tasks"], off["choice"],
                                                    off["choice_options"], off["counters"])
        p.turn_words, p.unit_head = len(_L.TURN), len(_L.UNIT_HEAD)
        p.item_words, p.choice_words = len(_L.ITEM), len(_L.CHOICE)
        ids = _unit_ids(self.dims)
        p.n_units = len(ids)
        for i, u in enumerate(ids):
            p.unit_ids[i] = u
        from eve.core.layout import FOE_FIELDS
        p.n_foe_hidden = len(_L.FOE_HIDDEN)
        for i, f in enumerate(_L.FOE_HIDDEN):
            p.foe_hidden[i] = FOE_FIELDS.index(f)

    # ---- the Python edge: any writable C-contiguous buffer ----

    cdef int _check(self, game) except -1:
        if not isinstance(game, Run if self.run else Match):
            raise TypeError(f"this Observer reads {'Runs' if self.run else 'Matches'}, not "
                            f"{type(game).__name__}")
        if ((<Run>game).content if self.run else (<Match>game).content) is not self.content:
            raise ValueError("the game is not of this Observer's Engine")
        return 0

    def observe(self, game, out):
        """Write the observation of `game` (a Match, or a Run for a run's Observer) into `out`
        (int16 items, or bytes: at least `size` of them); returns `out`."""
        cdef Py_buffer view
        self._check(game)
        _get(out, &view, 2, self.size, "an observation")
        try:
            if self.run:
                write_run_obs(&(<Run>game).rs, &self.rplan, &self.plan, self.kind_code,
                              <int16_t*>view.buf)
            else:
                write_match_obs(&(<Match>game).st, &self.plan, self.kind_code, <int16_t*>view.buf)
        finally:
            PyBuffer_Release(&view)
        return out

    def mask(self, game, out):
        """Write the legal actions' mask into `out` (int8 or bytes: at least `n_actions`);
        returns how many are legal (0: the game is over)."""
        cdef Py_buffer view
        cdef int n
        cdef Match m
        cdef Run r
        self._check(game)
        _get(out, &view, 1, self.ix.n, "a mask")
        try:
            if self.run:
                r = game
                r.cx.tb = self.content.tb
                r.cx.ev = NULL
                n = write_run_mask(&r.rs, self.content.rt, &r.cx, self.ix, <int8_t*>view.buf)
            else:
                m = game
                m.cx.tb = self.content.tb
                m.cx.ev = NULL
                n = write_match_mask(&m.st, &m.cx, self.ix, <int8_t*>view.buf)
        finally:
            PyBuffer_Release(&view)
        if n < 0:
            raise RuntimeError("a legal action has no index in this Observer's space")
        return n

    def index(self, int code):
        """The compact index of an action code (ValueError if it has none)."""
        cdef int32_t i = action_index(self.ix, code)
        if i < 0:
            raise ValueError(f"action code {code:#x} has no index in this space")
        return i

    def code(self, int i):
        """The action code of a compact index (ValueError outside [0, n_actions))."""
        cdef int32_t c = index_action(self.ix, i)
        if c < 0:
            raise ValueError(f"index {i} is outside the action space [0, {self.ix.n})")
        return c

    def blocks(self):
        """Each action kind's block: {kind: (offset, sources, pairs)}."""
        out = {}
        for name, k in _KINDS.items():
            if k < N_KIND_SLOTS and self.ix.n_src[k] > 0:
                out[name] = (self.ix.offset[k], self.ix.n_src[k], self.ix.n_pair[k])
        return out


cdef int _get(obj, Py_buffer* view, int itemsize, Py_ssize_t items, str what) except -1:
    try:
        PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    except (TypeError, BufferError, ValueError) as e:
        raise TypeError(f"{what} is written into a writable C-contiguous buffer ({e})") from None
    fmt = (view.format or b"B").lstrip(b"@=<")
    if not ((view.itemsize == 2 == itemsize and fmt == b"h")
            or (view.itemsize == 1 and fmt in (b"b", b"B", b"c", b"?"))):
        PyBuffer_Release(view)
        raise TypeError(f"{what} is written as {'int16' if itemsize == 2 else 'int8'} items, not "
                        f"format {fmt.decode()!r}")
    if view.len < items * itemsize:
        PyBuffer_Release(view)
        raise ValueError(f"{what} needs {items * itemsize} bytes, the buffer has {view.len}")
    return 0



def time_observe(Observer observer, Match match, long long reps, bint with_mask=True):
    """Seconds of CPU for `reps` observations (and masks) of `match` written natively into
    buffers of this process: what a batched stepper pays a step (eve.bench, BENCHMARKS.md)."""
    import time
    cdef int16_t* obs = <int16_t*>PyMem_Calloc(observer.size, 2)
    cdef int8_t* mask = <int8_t*>PyMem_Calloc(observer.ix.n, 1)
    cdef long long r = 0
    cdef long long legal = 0
    if obs == NULL or mask == NULL:
        PyMem_Free(obs)
        PyMem_Free(mask)
        raise MemoryError()
    match.cx.tb = observer.content.tb
    match.cx.ev = NULL
    t0 = time.process_time()
    with nogil:
        while r < reps:
            write_match_obs(&match.st, &observer.plan, observer.kind_code, obs)
            if with_mask:
                legal += write_match_mask(&match.st, &match.cx, observer.ix, mask)
            r += 1
    t = time.process_time() - t0
    PyMem_Free(obs)
    PyMem_Free(mask)
    return t
