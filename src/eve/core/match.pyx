"""The Match extension type: the Python face of one flat C match state.

Everything that changes the game goes through rules.pyx; this module only converts between
integers and readable Python values at the edge.
"""
from libc.stdlib cimport free
from libc.string cimport memcpy, memset
from libc.stdint cimport int32_t, uint64_t

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport log_open, log_close
from eve.core.tables cimport CompiledContent
from eve.core.rules cimport (setup_match, begin, advance, check_action, legal_actions, apply_action,
                             state_hash, action_cost, seed_meter)
from eve.core.codec cimport (unit_side, unit_slot, is_hero, unit_lane, make_action, a_kind, a_src,
                             a_tgt, a_lane)
from eve.core.effects cimport leader_of, check_outcome, unit_power
from eve.core.effects cimport compute_intent
from eve.core.search_hidden cimport determinize as determinize_state



from eve.core.vocabulary import BY_KEY, names as vocab_names
from eve.core.errors import REASONS, IllegalAction
from eve.core.errors import MatchBusy as _MatchBusy
from eve.core.actions import Action, Listed
from eve.core.rng cimport stream_seed
from operator import index as _index
from weakref import ref as _weakref

ZONE_NAMES = {n: c for n, c in BY_KEY["zone"].by_name().items() if c != Z_NONE}
ZONE_BY_ID = {v: k for k, v in ZONE_NAMES.items()}
PHASES = vocab_names("phase")
SIDES = vocab_names("side")
OUTCOMES = (None,) + vocab_names("outcome")[1:]
EVENT_KINDS = dict(BY_KEY["event"].by_code())
CATEGORIES = vocab_names("category")
STACK_KINDS = ("",) + vocab_names("stack_item")
CHOICE_KINDS = vocab_names("choice")
PLACES = vocab_names("place")


def _side_index(side):
    if side in (0, "player"):
        return PLAYER
    if side in (1, "encounter"):
        return ENCOUNTER
    raise ValueError(f"side must be 'player' or 'encounter', not {side!r}")


_MAKE = object()        # the key the engine's own constructors pass to Match.__new__


def _action_int(action):
    """An action given as an integer of any type (operator.index), bool excepted, or None."""
    if isinstance(action, bool):
        return None
    try:
        return _index(action)
    except TypeError:
        return None


cdef class Match:
    """One match. Made by `Engine.new_match`, `Engine.restore`, `eve.testing.scenario`,
    `clone()` or `determinize()`, never directly: `eve.Match()` raises TypeError (a Match
    without its content could not even be read)."""

    def __cinit__(self, *args, **kwargs):
        if len(args) != 1 or args[0] is not _MAKE or kwargs:
            raise TypeError("eve.Match cannot be made directly: use Engine.new_match(...), "
                            "Engine.restore(data) or eve.testing.scenario(...)")
        self.cx.draw_at_random = 0      # a match draws from the top of its Archive
        self.cx.card = -1               # no card's program runs
        self.log = NULL
        self.log_n = 0
        self.log_cap = 0
        self.events_dropped = 0

    def __dealloc__(self):
        free(self.log)

    cdef void _open_log(self) noexcept:
        # the log is handed to the core whole: emit() appends to it and grows it (events.pxd)
        log_open(&self.cx, self.content.tb, &self.log, &self.log_cap, self.log_n)

    cdef void _close_log(self) noexcept:
        self.events_dropped += log_close(&self.cx, &self.log, &self.log_cap, &self.log_n)

    @staticmethod
    def _create(engine, catalog, long long seed, list heroes, int enc, deck, bint start=True):
        cdef Match m = Match.__new__(Match, _MAKE)
        cdef CompiledContent content = catalog.tables
        cdef int16_t hs[MAX_HERO_SLOTS]
        cdef int16_t dk[MAX_CARDS]
        cdef int i, nd = -1
        m.engine = engine
        m.catalog = catalog
        m.content = content
        m.seed = seed
        for i, h in enumerate(heroes):
            hs[i] = h
        if deck is not None:
            nd = len(deck)
            for i, c in enumerate(deck):
                dk[i] = c
        m._actions = []
        m._open_log()
        setup_match(&m.st, &m.cx, <uint64_t>seed, hs, len(heroes), enc, dk, nd)
        if start:
            begin(&m.st, &m.cx)
        m._close_log()
        return m

    @staticmethod
    def _blank(engine, catalog):
        """An empty Match of this content, for a restore to fill."""
        cdef Match m = Match.__new__(Match, _MAKE)
        m.engine = engine
        m.catalog = catalog
        m.content = catalog.tables
        m.seed = -1
        return m

    def snapshot(self):
        """The whole match state as snapshot bytes (ABI v5, msgpack; docs/snapshot-abi.md)."""
        return self.catalog.snapshot(self)

    # ---------------- acting ----------------

    def legal_action_codes(self):
        """The legal actions as compact integers, in the same order as legal_actions()."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n
        self.cx.tb = self.content.tb
        self.cx.ev = NULL
        n = legal_actions(&self.st, &self.cx, buf)
        return [buf[i] for i in range(n)]

    def legal_actions(self):
        """Every legal action now, in a deterministic order; empty exactly when the match is over.

        Each Action remembers this match: applied to another match (a clone that has moved on,
        a match of another party), it is refused unless it means the same there (`apply`)."""
        codes = self.legal_action_codes()
        listed = Listed(self.catalog, self.clone(), _weakref(self)) if codes else None
        return [Action(c, "", listed) for c in codes]

    def check(self, action):
        """The reason code `action` is refused now (0 when it is legal): an Action, or its code
        as any integer (operator.index). An Action listed from another match that means
        something else here is refused as apply() refuses it (19 or 11)."""
        cdef int32_t code
        cdef int r
        if isinstance(action, Action):
            r = self._foreign(action)
            if r:
                return r
            action = action.code
        else:
            action = _action_int(action)
        # what apply() refuses as malformed, check() reports as malformed: never a TypeError
        # or an OverflowError for the same input
        if action is None or not -2147483648 <= action <= 2147483647:
            return R_MALFORMED
        code = action
        self.cx.tb = self.content.tb
        self.cx.ev = NULL
        return check_action(&self.st, &self.cx, code)

    def apply(self, action):
        """Apply a legal action and run the game on to the player's next decision.

        Raises eve.IllegalAction, with the state unchanged, for anything not legal now
        (an unaffordable action included)."""
        cdef int32_t code
        cdef int r
        if self.busy:
            raise _MatchBusy("the match is being played out in another thread: apply after that "
                            "call has returned (nothing was changed)")
        if type(action) is not int:
            if isinstance(action, Action):
                r = self._foreign(action)
                if r:
                    raise IllegalAction(action, r, self._foreign_reason(action, r))
                action = action.code
            else:
                given = action
                action = _action_int(action)
                if action is None:
                    raise IllegalAction(given, 2, REASONS[2] + ": expected an eve.Action or its "
                                        "code as an integer")
        if not -2147483648 <= action <= 2147483647:
            raise IllegalAction(action, 2, REASONS[2] + ": expected an eve.Action or its int code")
        code = action
        self.cx.tb = self.content.tb
        self.cx.ev = NULL
        r = check_action(&self.st, &self.cx, code)
        if r != 0:
            raise IllegalAction(action, r, self._explain(code, r))
        self._open_log()
        apply_action(&self.st, &self.cx, code)
        self._close_log()
        if self._actions is not None:
            self._actions.append(code)

    def _foreign(self, action):
        """0, or the reason code (19: the source, 11: the target) when `action` was listed from
        another match and means something else here (`_meaning`)."""
        origin = action._origin
        if origin is None and action._meaning is None:
            return 0                    # made from a bare code: the embedder's to mean
        if origin is not None and origin() is self:
            return 0
        want = action.listed_meaning()
        if want is None:
            return 0
        have = self._meaning(action.code)
        if have == want:
            return 0
        return 19 if have[:2] != want[:2] else 11

    def _foreign_reason(self, action, int r):
        want, have = action.listed_meaning(), self._meaning(action.code)
        part = "source" if r == 19 else "target"
        i = 1 if r == 19 else 2
        return (f"{REASONS[r]}: listed from another match, where its {part} was "
                f"{want[i]!r}; here it is {have[i]!r}")

    def _meaning(self, int32_t code):
        """What `code` acts on in this position, by catalog id: (kind, source, target, lane),
        each of source and target None or (what, index, id): a card instance and its card id,
        a unit and the id of what stands there (None when the slot is empty), a Stack item and
        (its kind, its side, its card's id). Two matches where a code has the same meaning play
        the same thing (Action's check across matches; docs/architecture.md)."""
        cdef int kind = a_kind(code), src = a_src(code), tgt = a_tgt(code)
        if kind == A_CHOOSE:
            return (kind, self._option(src), tgt, a_lane(code))
        if kind == A_PLAY:
            return (kind, self._card_ref(src), self._ref(tgt), a_lane(code))
        if kind > A_PLAY:
            return (kind, self._ref(src), self._ref(tgt), a_lane(code))
        return (kind, None, None, 0)

    def _option(self, int i):
        """What option `i` of the pending choice is: a card instance and its card id, a mode,
        a card id to discover; ("stop",) or None (no such option)."""
        cdef Choice* ch = &self.st.choice
        if i == CHOICE_STOP and ch.kind != CH_NONE and ch.up_to:
            return ("stop",)
        if ch.kind == CH_NONE or i >= ch.n_opts:
            return None
        if ch.kind == CH_CARDS:
            return self._card_ref(ch.opts[i])
        if ch.kind == CH_MODE:
            return ("mode", ch.opts[i], None)
        return ("discover", i, self.catalog.card_ids[ch.opts[i]])

    @property
    def choice(self):
        """The choice a resolution waits for (rules C01-C06), or None: its `kind` ("cards",
        "mode", "discover"), its `options` (what `choose` action i takes: a card instance,
        a mode index or a card id), `ids` (the options' card ids; None for modes), for cards
        how many are still to choose (`left`) and whether the player may stop (`up_to`), and
        where a chosen card goes (`into`; None for modes)."""
        cdef Choice* ch = &self.st.choice
        if ch.kind == CH_NONE:
            return None
        opts = [ch.opts[k] for k in range(ch.n_opts)]
        if ch.kind == CH_CARDS:
            ids = [self.catalog.card_ids[self.st.card_def[c]] for c in opts]
        elif ch.kind == CH_DISCOVER:
            ids = [self.catalog.card_ids[d] for d in opts]
            opts = ids
        else:
            ids = None
        return {"kind": CHOICE_KINDS[ch.kind], "options": opts, "ids": ids, "left": ch.left,
                "up_to": bool(ch.up_to), "into": None if ch.kind == CH_MODE else PLACES[ch.place]}

    def _card_ref(self, int i):
        if i >= self.st.n_cards:
            return ("card", i, None)
        return ("card", i, self.catalog.card_ids[self.st.card_def[i]])

    def _ref(self, int t):
        cdef int i
        cdef StackItem* it
        if t == TGT_NONE:
            return None
        if t < TGT_STACK_BASE:
            if t >= MAX_UNITS or not self.st.units[t].alive:
                return ("unit", t, None)
            return ("unit", t, self._unit_id(t))
        if t < TGT_CARD_BASE:
            i = t - TGT_STACK_BASE
            if i >= self.st.n_stack:
                return ("stack", i, None)
            it = &self.st.stack[i]
            return ("stack", i, (it.kind, it.side, self.catalog.card_ids[self.st.card_def[it.card]]
                                 if 0 <= it.card < self.st.n_cards else None))
        return self._card_ref(t - TGT_CARD_BASE)

    @property
    def actions(self):
        """The action codes applied since the match was made (None after a restore or a
        scenario: a replay starts from a new match)."""
        return None if self._actions is None else list(self._actions)

    def _explain(self, int code, int r):
        msg = REASONS.get(r, "illegal")
        if r == 10:  # unaffordable
            cost = action_cost(&self.st, &self.cx, code)
            msg += (f": it costs {cost} and the meter has "
                    f"{self.st.meter.capacity - self.st.meter.spent} of {self.st.meter.capacity} left")
        return msg

    def clone(self):
        """An independent copy: one copy of the state block. Its event log starts empty (the
        history stays with the original); its action list, for replays, is copied."""
        cdef Match m = Match.__new__(Match, _MAKE)
        m.engine = self.engine
        m.catalog = self.catalog
        m.content = self.content
        m.seed = self.seed
        m.setup = self.setup
        m._actions = None if self._actions is None else list(self._actions)
        memcpy(&m.st, &self.st, sizeof(State))
        return m

    def determinize(self, seed):
        """A copy with what the player cannot see re-sampled from `seed` (an integer in
        [0, 2**64)): the Archive in a random order and fresh `shuffle` and `encounter` streams,
        as each search iteration does (docs/search.md). The draws come from a stream of the
        seed's own (`stream_seed(seed, "determinize")`), never from the match's streams, and the
        Archive is put in a canonical order first, so the copy's future draws and Encounter
        choices say nothing about the original's. Everything the player sees (Rift, Wastes,
        heroes, Lattice, Abyss, Void, Stack, meter, round, phase, intent, tasks) is as in the
        original. The same seed gives the same copy. Its event log starts empty and it has no
        setup or action list (a replay could not make it again)."""
        cdef object s = _index(seed)
        cdef uint64_t rng
        cdef Match m
        if not 0 <= s < 2**64:
            raise ValueError("seed must be an integer in [0, 2**64)")
        rng = stream_seed(<uint64_t>s, b"determinize")
        m = self.clone()
        determinize_state(&m.st, &rng)      # the search's own re-sampling (search_hidden.pxd)
        m.setup = None
        m._actions = None
        return m

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        """Pickled as its Engine (which pickles as its packs and configuration: the receiving
        process must have the same packs installed, else ContentMismatch) and its snapshot, with
        its seed, setup and action list; the event log stays behind."""
        return (_rebuild_match, (self.engine, self.snapshot(), self.seed, self.setup,
                                 self._actions))

    def state_hash(self):
        """64-bit hash of the whole state; equal for equal states in any process."""
        return state_hash(&self.st)

    # ---------------- reading ----------------

    @property
    def is_over(self):
        return self.st.outcome != OUT_NONE

    @property
    def outcome(self):
        return OUTCOMES[self.st.outcome]

    @property
    def phase(self):
        return PHASES[self.st.phase]

    @property
    def active_side(self):
        return SIDES[self.st.active]

    @property
    def priority(self):
        return SIDES[self.st.priority] if self.st.n_stack else SIDES[self.st.active]

    @property
    def round(self):
        return self.st.round

    @property
    def fingerprint(self):
        return self.content.fingerprint

    @property
    def meter(self):
        m = self.st.meter
        return {"capacity": m.capacity, "spent": m.spent, "remaining": m.capacity - m.spent,
                "regen": m.regen, "costs": {CATEGORIES[k]: m.cost[k] for k in range(N_CATS)}}

    @property
    def initiative(self):
        return {"initiative": self.st.foe.initiative, "left": self.st.foe.init_left}

    @property
    def intent(self):
        """The Encounter's next move (public), or None when its script is empty: the move as
        the catalog describes it (where it is written, `path`; a pick's drawn option with its
        `weight` and `max_repeats`), and what it drew at random when it was shown, which is
        what it will do: `drawn_lane` (a lane number) or `drawn_target` (a unit id) with
        `drawn_target_present` (False once that unit is gone: the move will fizzle)."""
        if self.st.foe.intent < 0:
            return None
        info = self.catalog.describe_move(self.st.foe.intent)
        if self.st.foe.intent_lane >= 0:
            info["drawn_lane"] = self.st.foe.intent_lane
        if self.st.foe.intent_target >= 0:
            u = self.st.foe.intent_target
            info["drawn_target"] = u
            info["drawn_target_present"] = bool(self.st.units[u].alive and
                                                self.st.units[u].uid == self.st.foe.intent_target_uid)
        return info

    def card_id(self, int card):
        """The catalog id of a card instance."""
        if not 0 <= card < self.st.n_cards:
            raise IndexError(card)
        return self.catalog.card_ids[self.st.card_def[card]]

    @property
    def n_cards(self):
        return self.st.n_cards

    def card_zone(self, int card):
        if not 0 <= card < self.st.n_cards:
            raise IndexError(card)
        return ZONE_BY_ID.get(self.st.card_zone[card])

    def zone_cards(self, str name):
        """Card instances in a card zone, in order (the Archive top first)."""
        if name not in ZONE_NAMES or name in ("wastes", "stack"):
            raise ValueError(f"not a card zone: {name!r} (archive, rift, lattice, abyss, void)")
        z = ZONE_NAMES[name]
        cards = [self.st.zones[z].c[i] for i in range(self.st.zones[z].n)]
        return cards[::-1] if z == Z_ARCHIVE else cards

    def zone(self, str name, side="player"):
        """Catalog ids in a zone, in order (the Archive top first). The Wastes: one entry per
        lane of `side` (None for an empty lane). The Stack: its items, bottom first."""
        s = _side_index(side)
        if name == "wastes":
            return [(self._unit_id(s * UNITS_PER_SIDE + CHAR_BASE + i)
                     if self.st.units[s * UNITS_PER_SIDE + CHAR_BASE + i].alive else None)
                    for i in range(self.content.tb.cfg.lanes)]
        if name == "stack":
            return self.stack
        if name not in ZONE_NAMES:
            raise ValueError(f"unknown zone {name!r}; zones: {', '.join(ZONE_NAMES)}")
        if s == ENCOUNTER:
            return []          # the Encounter is deckless: it has no card zones
        cards = self.catalog.card_ids
        return [cards[self.st.card_def[c]] for c in self.zone_cards(name)]

    def _unit_id(self, int u):
        if not 0 <= u < MAX_UNITS:
            raise IndexError(f"unit {u} is out of range [0, {MAX_UNITS - 1}]")
        cdef Unit* x = &self.st.units[u]
        if x.def_id < 0:
            return None                 # an empty slot
        if is_hero(u):
            return self.catalog.hero_ids[x.def_id]
        if x.is_token:
            return self.catalog.unit_ids[x.def_id]
        return self.catalog.card_ids[x.def_id]

    def _unit(self, int u):
        if not 0 <= u < MAX_UNITS:
            raise IndexError(f"unit {u} is out of range [0, {MAX_UNITS - 1}]")
        cdef Unit* x = &self.st.units[u]
        d = {"unit": u, "id": self._unit_id(u), "alive": bool(x.alive), "hp": x.hp,
             "max_hp": x.max_hp, "power": unit_power(&self.st, self.content.tb, u),
             "poison": x.status[STATUS_POISON], "shield": x.status[STATUS_SHIELD],
             "statuses": {self.catalog.status_ids[k]: x.status[k]
                          for k in range(self.content.tb.n_statuses) if x.status[k]},
             "attacked": bool(x.attacked), "used": bool(x.used)}
        if is_hero(u):
            d["slot"] = unit_slot(u)
            d["ambition"] = x.ambition
            d["morality"] = x.morality
            d["leader"] = leader_of(&self.st, unit_side(u)) == u
        else:
            d["lane"] = unit_lane(u)
            d["ready"] = bool(x.ready)
            d["card"] = x.card if x.card >= 0 else None
        return d

    def heroes(self, side="player"):
        """The Hero zone of `side` in slot order; fallen heroes stay, greyed out (alive False)."""
        s = _side_index(side)
        return [self._unit(s * UNITS_PER_SIDE + i) for i in range(self.st.n_hero_slots[s])]

    def fallen(self, side="player"):
        """Ids of the heroes of `side` that fell this match (permadeath: a run drops them)."""
        s = _side_index(side)
        return [self._unit_id(s * UNITS_PER_SIDE + i) for i in range(self.st.n_hero_slots[s])
                if not self.st.units[s * UNITS_PER_SIDE + i].alive]

    @property
    def player_life(self):
        """The sum of the player's living heroes' hp."""
        total = 0
        for h in self.heroes("player"):     # a loop: a generator here draws cython#1699
            if h["alive"]:
                total += h["hp"]
        return total

    def characters(self, side="player"):
        """The characters of `side` on the Wastes, one entry per lane (None when empty)."""
        s = _side_index(side)
        return [self._unit(s * UNITS_PER_SIDE + CHAR_BASE + i)
                if self.st.units[s * UNITS_PER_SIDE + CHAR_BASE + i].alive else None
                for i in range(self.content.tb.cfg.lanes)]

    @property
    def stack(self):
        out = []
        for i in range(self.st.n_stack):
            it = self.st.stack[i]
            out.append({"index": i, "kind": STACK_KINDS[it.kind],
                        "side": SIDES[it.side], "countered": bool(it.dead),
                        "card": it.card if it.card >= 0 else None, "target": it.target,
                        "lane": it.lane})
        return out

    @property
    def tasks(self):
        out = []
        for i in range(MAX_TASKS):
            t = self.st.tasks[i]
            if t.active:
                out.append({"slot": i, "id": self.catalog.task_ids[t.def_id],
                            "progress": {"player": t.progress[0], "encounter": t.progress[1]}})
        return out

    @property
    def events(self):
        """Every event kept so far, oldest first, as eve.Event tuples (kind, side, a, b, c, d;
        their names by kind are `Event.fields`, docs/vocabulary.md). The log keeps a match's
        first `max_events` events (rule configuration, rule B04); `events_dropped` counts every
        event not kept (past the bound, or an allocation failure)."""
        return self.events_since(0)

    @property
    def n_events(self):
        """How many events the log holds: `events_since(m.n_events)` after an action gives that
        action's events alone."""
        return self.log_n

    def events_since(self, n):
        """The events from the n-th on (0: all), oldest first."""
        from eve.core.actions import Event as Ev
        cdef int start = _index(n)
        cdef Event* e
        if start < 0:
            raise ValueError(f"an event index is at least 0, not {start}")
        out = []
        for k in range(start, self.log_n):
            e = &self.log[k]
            out.append(Ev(EVENT_KINDS.get(e.kind, str(e.kind)), SIDES[e.side], e.a, e.b, e.c, e.d))
        return out

    def observation(self, side="player"):
        """What `side` may see: the Archive is a count for both sides (face-down) and its known
        top (`archive_known`, top first: cards an effect put there face up, rule Z28), the Rift
        is a count for the Encounter (hidden from it). A pending choice (`choice`, rules C01-C06)
        is the player's whole; the Encounter sees that one is pending, not its options (cards
        of the Rift, cards a discover drew)."""
        s = _side_index(side)
        obs = {
            "round": self.round, "phase": self.phase, "active_side": self.active_side,
            "outcome": self.outcome,
            "heroes": {"player": self.heroes("player"), "encounter": self.heroes("encounter")},
            "wastes": {"player": self.characters("player"), "encounter": self.characters("encounter")},
            "lattice": self.zone("lattice"), "abyss": self.zone("abyss"), "void": self.zone("void"),
            "archive_count": self.st.zones[Z_ARCHIVE].n,
            "archive_known": self.zone("archive")[:self.st.archive_known],
            "rift_count": self.st.zones[Z_RIFT].n,
            "stack": self.stack, "meter": self.meter, "initiative": self.initiative,
            "intent": self.intent, "tasks": self.tasks,
        }
        choice = self.choice
        if s == PLAYER:
            obs["rift"] = self.zone("rift")
        elif choice is not None:
            choice = {k: v for k, v in choice.items() if k not in ("options", "ids")}
        obs["choice"] = choice
        return obs

    # ---------------- replays (Engine) ----------------

    def _set_setup(self, setup):
        self.setup = setup
        self._actions = [] if setup is not None else None


def _rebuild_match(engine, data, seed, setup, actions):
    """A pickled Match: restored from its snapshot by its (unpickled) Engine."""
    cdef Match m = engine.restore(data)
    m.seed = seed
    m.setup = setup
    m._actions = None if actions is None else list(actions)
    return m


def make_action_code(int kind, int src, int tgt, int lane):
    return make_action(kind, src, tgt, lane)


ACTION_KINDS = dict(BY_KEY["action"].by_name())
TGT = {"none": TGT_NONE, "stack_base": TGT_STACK_BASE, "card_base": TGT_CARD_BASE,
       "char_base": CHAR_BASE, "units_per_side": UNITS_PER_SIDE, "choice_stop": CHOICE_STOP}
STATE_SIZE = sizeof(State)


def _check_layout():
    """The C structs against the layout declared in eve/core/layout.py (2 bytes a field)."""
    from eve.core import layout as L
    sizes = (("Unit", sizeof(Unit), len(L.UNIT_FIELDS)),
             ("StackItem", sizeof(StackItem), len(L.STACK_ITEM_FIELDS)),
             ("Task", sizeof(Task), len(L.TASK_FIELDS)), ("Meter", sizeof(Meter), len(L.METER_FIELDS)),
             ("Foe", sizeof(Foe), len(L.FOE_FIELDS)), ("Zone", sizeof(Zone), L.ZONE_WORDS),
             ("Choice", sizeof(Choice), L.CHOICE_WORDS),
             ("Grant", sizeof(Grant), len(L.GRANT_FIELDS)))
    if sizeof(State) != L.state_bytes():
        raise ImportError(f"State is {sizeof(State)} bytes, but eve/core/layout.py declares "
                          f"{L.state_bytes()}: the two must change together")
    for name, size, words in sizes:
        if size != 2 * words:
            raise ImportError(f"{name} is {size} bytes, but eve/core/layout.py declares {words} "
                              "16-bit fields: the two must change together")
    caps = ((L.MAX_STREAMS, MAX_STREAMS), (L.MAX_CARDS, MAX_CARDS), (L.N_ZONES, N_ZONES),
            (L.MAX_UNITS, MAX_UNITS), (L.MAX_STACK, MAX_STACK), (L.MAX_TASKS, MAX_TASKS),
            (L.MAX_RESPONSES, MAX_RESPONSES), (L.MAX_SCRIPT_VARS, MAX_SCRIPT_VARS),
            (L.MAX_CHOICE_OPTS, MAX_CHOICE_OPTS), (L.MAX_GRANTS, MAX_GRANTS),
            (L.MAX_COUNTERS, MAX_COUNTERS))
    for a, b in caps:
        if a != b:
            raise ImportError("eve/core/layout.py's capacities differ from defs.pxd's")


_check_layout()
