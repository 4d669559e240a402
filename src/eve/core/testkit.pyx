"""The core's testing kit: the setters `eve.testing.scenario` builds positions with, the probes
tests read the state through, and the kernels of `eve bench`. None of it is on the production
`Match`; every function takes a Match.

Every setter checks its arguments against the state's C arrays and the match's content before it
writes anything, and raises ValueError naming the allowed range (IndexError for an RNG stream):
nothing here can write or read outside the state. Scalar fields take the ranges a snapshot accepts
for them (snapshot.pyx, `read_body`), so a scenario's fields are ones a snapshot can hold.
"""
from operator import index as _index
from time import perf_counter as _perf_counter

from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memcmp, memset
from libc.stdint cimport int16_t, int32_t, uint64_t
from cpython.exc cimport PyErr_CheckSignals

from eve.core.defs cimport *
from eve.core.codec cimport unit_side, unit_slot, unit_lane, unit_of, is_hero, new_uid
from eve.core.rng cimport sm_below, stream_seed
from eve.core.rules cimport advance as _advance, apply_action, apply_listing, check_action, \
    legal_actions, make_action, seed_meter
from eve.core.effects cimport check_outcome, grants_reset
from eve.core.effects cimport compute_intent
from eve.core.playout cimport random_playout
from eve.core.match cimport Match
from eve.core.run cimport Run
from eve.core.run_defs cimport RunState

from eve.core.layout import UNIT_FIELDS as _UNIT_LAYOUT
from eve.core.match import PHASES, SIDES, ZONE_NAMES

# unit fields a setter may write and their ranges (def_id and card depend on the slot: checked
# against the content and the match's cards)
UNIT_FIELDS = {
    # poison and shield: the standard statuses' stacks, up to their max (eve.statuses)
    "hp": (0, 32767), "max_hp": (0, 32767), "power": (0, 32767), "poison": (0, 999),
    "shield": (0, 999), "alive": (0, 1), "ready": (0, 1), "attacked": (0, 1), "used": (0, 1),
    "ambition": (-20, 20), "morality": (-20, 20), "is_token": (0, 1),
    "def_id": (-1, 32767), "card": (-1, MAX_CARDS - 1),
}
METER_MAX = 999             # capacity and spent, as a snapshot holds them
INITIATIVE_MAX = 99
PROGRESS_MAX = 32767
CHARGES_MAX = 999
CARD_ZONES = ("archive", "rift", "lattice", "abyss", "void")
LIMITS = {"cards": MAX_CARDS, "tasks": MAX_TASKS, "streams": MAX_STREAMS,
          "hero_slots": MAX_HERO_SLOTS, "lanes": MAX_LANES}


def _int(v, str what):
    if isinstance(v, bool):
        return int(v)
    try:
        return _index(v)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(v).__name__} {v!r}") from None


def check_range(v, long long lo, long long hi, str what):
    """`v` as an int if lo <= v <= hi, else ValueError naming the range."""
    cdef object x = _int(v, what)
    if not lo <= x <= hi:
        raise ValueError(f"{what} must be in {lo}..{hi}, not {x}")
    return x


def side_index(side):
    """0 for the player, 1 for the Encounter ("player"/"encounter" or 0/1)."""
    if isinstance(side, str):
        if side in SIDES:
            return SIDES.index(side)
    elif not isinstance(side, bool) and isinstance(side, int) and side in (0, 1):
        return side
    raise ValueError(f"side must be 'player' or 'encounter', not {side!r}")


def phase_index(phase):
    if isinstance(phase, str) and phase in PHASES:
        return PHASES.index(phase)
    raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")


# ---------------------------------------------------------------- what the match allows

def hero_slots(Match m, side):
    """The number of hero slots `side` uses in this match (slots 0 .. n-1)."""
    return m.st.n_hero_slots[side_index(side)]


def lanes(Match m):
    """The number of lanes per side in this match's rule configuration (lanes 0 .. n-1)."""
    return m.content.tb.cfg.lanes


def max_rounds(Match m):
    return m.content.tb.cfg.max_rounds


def script_length(Match m):
    """The number of entries in the script phase the match's Encounter plays now (0: no
    script)."""
    if m.content.tb.encs[m.st.foe.enc].n_moves == 0 or m.st.foe.part < 0:
        return 0
    return m.content.tb.parts[m.st.foe.part].n_entries


def _hero_unit(Match m, side, slot):
    cdef int s = side_index(side)
    n = m.st.n_hero_slots[s]
    return unit_of(s, check_range(slot, 0, n - 1, f"a hero slot of the {SIDES[s]}"))


def _char_unit(Match m, side, lane):
    cdef int s = side_index(side)
    n = m.content.tb.cfg.lanes
    return unit_of(s, CHAR_BASE + check_range(lane, 0, n - 1, f"a lane of the {SIDES[s]}"))


# ---------------------------------------------------------------- setters

def set_cards(Match m, dict zones):
    """Replace every card of the match: {zone name: [card def index or (index, charges), ...]}
    (Archive top first; charges only in the Lattice). Zones not given are empty."""
    cdef int c = 0, z, d, n_defs = m.content.tb.n_cards
    plan = []
    for name in zones:
        if name not in CARD_ZONES:
            raise ValueError(f"not a card zone: {name!r} ({', '.join(CARD_ZONES)})")
    total = 0
    for name in CARD_ZONES:
        entries = []
        for e in zones.get(name, ()):
            charges = None
            if isinstance(e, tuple):
                if len(e) != 2:
                    raise ValueError(f"{name}: a card with charges is (card, charges), not {e!r}")
                e, charges = e
                if name != "lattice":
                    raise ValueError(f"{name}: only Lattice cards have charges")
                charges = check_range(charges, 0, CHARGES_MAX, f"{name}: charges")
            entries.append((check_range(e, 0, n_defs - 1, f"{name}: a card index"), charges))
        total += len(entries)
        plan.append((ZONE_NAMES[name], entries[::-1] if name == "archive" else entries))  # bottom first
    if total > MAX_CARDS:
        raise ValueError(f"{total} cards exceed the match capacity of {MAX_CARDS}")
    memset(m.st.card_def, 0, sizeof(m.st.card_def))
    memset(m.st.card_zone, 0, sizeof(m.st.card_zone))
    memset(m.st.card_charges, 0, sizeof(m.st.card_charges))
    memset(m.st.zones, 0, sizeof(m.st.zones))
    for z, entries in plan:
        for d, charges in entries:
            m.st.card_def[c] = d
            m.st.card_zone[c] = z
            m.st.zones[z].c[m.st.zones[z].n] = c
            m.st.zones[z].n += 1
            if z == Z_LATTICE:
                m.st.card_charges[c] = m.content.tb.cards[d].charges if charges is None else charges
            c += 1
    m.st.n_cards = c


def add_wastes_card(Match m, d):
    """A new card instance of card def `d`, on the Wastes (for a character placed there)."""
    cdef int c = m.st.n_cards
    cdef int x = check_range(d, 0, m.content.tb.n_cards - 1, "a card index")
    if c >= MAX_CARDS:
        raise ValueError(f"the match already holds {MAX_CARDS} cards, its capacity")
    m.st.card_def[c] = x
    m.st.card_zone[c] = Z_WASTES
    m.st.n_cards += 1
    return c


# a unit field's word in Unit, from the layout (poison and shield: their statuses' stacks)
_UNIT_WORD = {name: i for i, name in enumerate(_UNIT_LAYOUT)}
_UNIT_WORD["poison"] = _UNIT_WORD[f"status[{STATUS_POISON}]"]
_UNIT_WORD["shield"] = _UNIT_WORD[f"status[{STATUS_SHIELD}]"]


cdef _set_unit(Match m, int u, dict fields, str what):
    cdef Unit x
    cdef const Tables* tb = m.content.tb
    cdef int n_defs
    if not 0 <= u < MAX_UNITS:
        raise ValueError(f"{what}: unit {u} is not in 0..{MAX_UNITS - 1}")
    x = m.st.units[u]                   # a copy: checked whole before it is written back
    for k, v in fields.items():
        if k == "status":
            # {status index: stacks}: eve.testing turns status names into indices
            if not isinstance(v, dict):
                raise ValueError(f"{what}: status is a table of status index -> stacks, not {v!r}")
            for s, n in v.items():
                i = check_range(s, 0, tb.n_statuses - 1, f"{what}: a status index")
                x.status[i] = check_range(n, 0, tb.statuses[i].max_stacks, f"{what}: status {i}")
            continue
        if k not in UNIT_FIELDS:
            raise ValueError(f"{what}: unknown unit field {k!r} (fields: {', '.join(UNIT_FIELDS)})")
        lo, hi = UNIT_FIELDS[k]
        if k == "poison" or k == "shield":
            hi = tb.statuses[STATUS_POISON if k == "poison" else STATUS_SHIELD].max_stacks
        (<int16_t*>&x)[<int>_UNIT_WORD[k]] = check_range(v, lo, hi, f"{what}: {k}")
    if is_hero(u):
        if not 0 <= x.def_id < tb.n_heroes:
            raise ValueError(f"{what}: def_id must be a hero index in 0..{tb.n_heroes - 1}, not {x.def_id}")
    else:
        n_defs = tb.n_units if x.is_token else tb.n_cards
        if not (0 <= x.def_id < n_defs or (x.def_id == -1 and not x.alive)):
            raise ValueError(f"{what}: def_id must be a {'unit' if x.is_token else 'card'} index in "
                             f"0..{n_defs - 1}{'' if x.alive else ' or -1'}, not {x.def_id}")
        if x.alive and not x.is_token and not 0 <= x.card < m.st.n_cards:
            raise ValueError(f"{what}: card must be a card instance of the match in "
                             f"0..{m.st.n_cards - 1}, not {x.card}")
    if x.card >= m.st.n_cards:
        raise ValueError(f"{what}: card must be -1 or a card instance in 0..{m.st.n_cards - 1}, "
                         f"not {x.card}")
    if fields.get("alive") == 1 and not is_hero(u):
        x.uid = new_uid(&m.st)
    m.st.units[u] = x


def set_hero(Match m, side, slot, dict fields):
    """Write fields of a hero: slot in 0 .. hero_slots(m, side) - 1; fields of UNIT_FIELDS."""
    u = _hero_unit(m, side, slot)
    _set_unit(m, u, fields, f"{SIDES[unit_side(u)]} hero slot {unit_slot(u)}")


def set_character(Match m, side, lane, dict fields):
    """Write fields of the character in a lane (0 .. lanes(m) - 1); a character that becomes
    alive gets a new identity."""
    u = _char_unit(m, side, lane)
    _set_unit(m, u, fields, f"{SIDES[unit_side(u)]} lane {unit_lane(u)}")


def clear_character(Match m, side, lane):
    """Empty a lane of `side`."""
    cdef int u = _char_unit(m, side, lane)
    memset(&m.st.units[u], 0, sizeof(Unit))
    m.st.units[u].def_id = -1
    m.st.units[u].card = -1


def set_turn(Match m, phase, side, rnd):
    """Phase, active side (who also gets priority) and round (1 .. max_rounds)."""
    cdef int p = phase_index(phase), s = side_index(side)
    cdef int r = check_range(rnd, 1, m.content.tb.cfg.max_rounds, "round")
    m.st.phase = p
    m.st.active = s
    m.st.priority = s
    m.st.round = r


def set_decisions(Match m, n):
    """The player's decisions so far this turn (0 .. max_decisions_per_turn, rule X02)."""
    m.st.decisions = check_range(n, 0, m.content.tb.cfg.max_decisions_per_turn,
                                 "decisions this turn")


def set_leader(Match m, side, slot):
    cdef int s = side_index(side)
    cdef int x = check_range(slot, 0, m.st.n_hero_slots[s] - 1, f"the {SIDES[s]}'s leader slot")
    m.st.leader[s] = x


def set_meter(Match m, capacity=None, spent=None, bint seed=False):
    """Seed the meter as at Beginning (`seed`), then set its capacity and spent (each in
    0..999, spent at most the capacity)."""
    cdef State tmp
    cdef int cap, sp
    if capacity is not None:
        capacity = check_range(capacity, 0, METER_MAX, "meter capacity")
    if spent is not None:
        spent = check_range(spent, 0, METER_MAX, "meter spent")
    memcpy(&tmp, &m.st, sizeof(State))
    if seed:
        m.cx.tb = m.content.tb
        m.cx.ev = NULL
        seed_meter(&tmp, &m.cx)
    cap = tmp.meter.capacity if capacity is None else capacity
    sp = tmp.meter.spent if spent is None else spent
    if sp > cap:
        raise ValueError(f"meter spent must be in 0..{cap} (its capacity), not {sp}")
    tmp.meter.capacity = cap
    tmp.meter.spent = sp
    m.st.meter = tmp.meter


def set_initiative(Match m, initiative=None, left=None):
    """The Encounter's Initiative and what is left of it this turn (0..99, left at most it)."""
    cdef int i = m.st.foe.initiative if initiative is None else \
        check_range(initiative, 0, INITIATIVE_MAX, "initiative")
    cdef int l = m.st.foe.init_left if left is None else \
        check_range(left, 0, INITIATIVE_MAX, "initiative left")
    if l > i:
        raise ValueError(f"initiative left must be in 0..{i} (the initiative), not {l}")
    m.st.foe.initiative = i
    m.st.foe.init_left = l


def set_task(Match m, slot, def_id, active, p0, p1):
    """World Task slot (0 .. 5): its task index, active flag and progress of each side."""
    cdef int s = check_range(slot, 0, MAX_TASKS - 1, "a task slot")
    cdef int d = check_range(def_id, 0, m.content.tb.n_tasks - 1, "a task index")
    cdef int a = check_range(active, 0, 1, "task active")
    cdef int x0 = check_range(p0, 0, PROGRESS_MAX, "task progress of the player")
    cdef int x1 = check_range(p1, 0, PROGRESS_MAX, "task progress of the encounter")
    m.st.tasks[s].def_id = d
    m.st.tasks[s].active = a
    m.st.tasks[s].progress[0] = x0
    m.st.tasks[s].progress[1] = x1


def set_script(Match m, pos):
    """The Encounter's script position (within the phase it plays now), and the intent it
    makes."""
    cdef int n = script_length(m)
    cdef int p = check_range(pos, 0, max(n, 1) - 1,
                             "script_pos" + ("" if n else " (the Encounter has no script)"))
    m.cx.tb = m.content.tb
    m.cx.ev = NULL
    m.st.foe.script_pos = p
    compute_intent(&m.st, &m.cx)


def set_archive_order(Match m, list top_first):
    """Reorder the Archive (a permutation of its cards, top first): for hidden-information
    tests."""
    cdef int i
    cards = [_int(c, "an Archive card") for c in top_first]
    if sorted(cards) != sorted(m.zone_cards("archive")):
        raise ValueError("not a permutation of the Archive's cards")
    for i, c in enumerate(reversed(cards)):
        m.st.zones[Z_ARCHIVE].c[i] = c


def set_stream(Match m, index, unsigned long long value):
    """Overwrite one RNG stream's state (hidden-information tests)."""
    cdef int i = _int(index, "a stream index")
    if not 0 <= i < MAX_STREAMS:
        raise IndexError(f"a stream index must be in 0..{MAX_STREAMS - 1}, not {i}")
    m.st.rng[i] = value


def clear_events(Match m):
    """Forget the events so far."""
    m.log_n = 0


def settle_grants(Match m):
    """The position's grants (rules A01-A05): the auras of what it holds, as if it had arrived."""
    grants_reset(&m.st, &m.cx)


def advance(Match m):
    """Run the game forward to the player's next decision (as after an action)."""
    m._open_log()
    new_step(&m.cx)
    check_outcome(&m.st, &m.cx)
    _advance(&m.st, &m.cx)
    m._close_log()


# ---------------------------------------------------------------- probes

def raw(Match m):
    """The state's bytes (for tests of clone and hash)."""
    return (<char*>&m.st)[:sizeof(State)]


def accepted_codes(Match m):
    """Every action code check_action accepts now, by brute force over the code space
    (every kind, sources 0..127 and a choice's stop, targets 0..127 and none, lanes 0..7): for
    tests that the generated legal actions are exactly the legal ones."""
    cdef int kind, src, tgt, lane, ti, si
    cdef int32_t code
    m.cx.tb = m.content.tb
    m.cx.ev = NULL
    out = []
    for kind in range(1, A_CHOOSE + 1):
        for si in range(129):
            src = si if si < 128 else CHOICE_STOP
            for ti in range(129):
                tgt = ti if ti < 128 else TGT_NONE
                for lane in range(8):
                    code = make_action(kind, src, tgt, lane)
                    if check_action(&m.st, &m.cx, code) == 0:
                        out.append(code)
    return out


def listing_mismatches(Match start, unsigned long long seed, int max_decisions=1000000):
    """Play `start` (copied; unchanged) to its end with random actions through `apply_listing`,
    and compare each list it hands back with a fresh `legal_actions` of the same state.
    Returns (decisions, mismatching lists): the check that the fast path lists exactly what
    the definition does."""
    cdef State st
    cdef Ctx cx
    cdef uint64_t rng = stream_seed(seed, b"listing")
    cdef int32_t* got = <int32_t*>malloc(2 * MAX_ACTIONS * sizeof(int32_t))
    cdef int32_t* want = got + MAX_ACTIONS
    cdef int n, m, d = 0, bad = 0
    if got == NULL:
        raise MemoryError()
    ctx_init(&cx, start.content.tb, 0)
    memcpy(&st, &start.st, sizeof(State))
    n = legal_actions(&st, &cx, got)
    while n > 0 and d < max_decisions:
        n = apply_listing(&st, &cx, got[sm_below(&rng, <unsigned int>n)], got)
        d += 1
        m = legal_actions(&st, &cx, want)
        if m != n or memcmp(got, want, n * sizeof(int32_t)) != 0:
            bad += 1
    free(got)
    return d, bad


# ---------------------------------------------------------------- bench kernels (`eve bench`)

def bench_playouts(Match start, double seconds=1.0, unsigned long long seed=1):
    """Random playouts from copies of `start` for about `seconds`: (matches, decisions, elapsed).
    Between runs of 64 playouts it takes a signal: Ctrl-C raises KeyboardInterrupt there."""
    cdef State st
    cdef Ctx cx
    cdef uint64_t rng = stream_seed(seed, b"bench")
    cdef long long games = 0, decisions = 0
    cdef int _, never = 0
    ctx_init(&cx, start.content.tb, 0)
    t0 = _perf_counter()
    while True:
        with nogil:
            for _ in range(64):
                memcpy(&st, &start.st, sizeof(State))
                decisions += random_playout(&st, &cx, &rng, 1000000, &never)
                games += 1
        el = _perf_counter() - t0
        if el >= seconds:
            return games, decisions, el
        PyErr_CheckSignals()


def bench_clone(Match start, long long n=1000000):
    """Native clone (one state copy) n times: seconds per clone."""
    cdef State* ring = <State*>malloc(8 * sizeof(State))
    cdef long long i
    cdef uint64_t acc = 0
    for i in range(8):
        memcpy(&ring[i], &start.st, sizeof(State))
    t0 = _perf_counter()
    with nogil:
        for i in range(n):
            # copy between distinct slots of a ring through a pointer the compiler cannot see
            # through, and read the copy back, so that no copy is optimised away
            _copy(&ring[(i + 1) & 7], &ring[i & 7])
            acc += ring[(i + 1) & 7].units[0].hp
    el = _perf_counter() - t0
    free(ring)
    if acc == 12345678901:
        print("")
    return el / n


cdef void _copy(State* dst, const State* src) noexcept nogil:
    memcpy(dst, src, sizeof(State))


STATE_BYTES = sizeof(State)


def bench_replay(Match start, list codes, int reps=200):
    """Apply `codes` natively from copies of `start`, `reps` times: seconds per apply
    (the native counterpart of Match.apply, for the Python-overhead ratio)."""
    cdef State st
    cdef Ctx cx
    cdef int n = len(codes), _, i
    cdef int32_t* buf = <int32_t*>malloc(max(1, n) * sizeof(int32_t))
    for i in range(n):
        buf[i] = codes[i]
    ctx_init(&cx, start.content.tb, 0)
    memcpy(&st, &start.st, sizeof(State))
    for i in range(n):          # only legal codes are timed: check them once, untimed
        if check_action(&st, &cx, buf[i]) != 0:
            free(buf)
            raise ValueError(f"action {i} ({codes[i]:#x}) is not legal where it is applied")
        apply_action(&st, &cx, buf[i])
    t0 = _perf_counter()
    with nogil:
        for _ in range(reps):
            memcpy(&st, &start.st, sizeof(State))
            for i in range(n):
                apply_action(&st, &cx, buf[i])
    el = _perf_counter() - t0
    free(buf)
    return el / max(1, n * reps)


def bench_run_clone(Run r, long long n=1000000):
    """Seconds per copy of a run's block (what Run.clone and a search's run copies cost in
    C: one memcpy of the RunState, its fight's State included), over n copies."""
    cdef RunState* dst = <RunState*>malloc(2 * sizeof(RunState))
    cdef long long i
    cdef double t
    if dst == NULL:
        raise MemoryError()
    t = _perf_counter()
    with nogil:
        for i in range(n):
            memcpy(&dst[i & 1], &r.rs, sizeof(RunState))
    t = _perf_counter() - t
    free(dst)
    return t / n
