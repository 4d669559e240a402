"""The Match extension type: the Python face of one flat C match state.

Everything that changes the game goes through rules.pyx; this module only converts between
integers and readable Python values at the edge.
"""
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memset
from libc.stdint cimport int32_t, uint64_t

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.tables cimport CompiledContent
from eve.core.rules cimport (setup_match, begin, advance, check_action, legal_actions, apply_action,
                             state_hash, make_action, action_cost, seed_meter)
from eve.core.effects cimport leader_of, check_outcome
from eve.core.encounter cimport compute_intent

from eve.core.vocabulary import BY_KEY, names as vocab_names
from eve.core.errors import IllegalAction, REASONS
from eve.core.actions import Action, Listed

ZONE_NAMES = {n: c for n, c in BY_KEY["zone"].by_name().items() if c != Z_NONE}
ZONE_BY_ID = {v: k for k, v in ZONE_NAMES.items()}
PHASES = vocab_names("phase")
SIDES = vocab_names("side")
OUTCOMES = (None,) + vocab_names("outcome")[1:]
EVENT_KINDS = dict(BY_KEY["event"].by_code())
CATEGORIES = vocab_names("category")
STACK_KINDS = ("",) + vocab_names("stack_item")
_LOG_CHUNK = 4096


def _side_index(side):
    if side in (0, "player"):
        return PLAYER
    if side in (1, "encounter"):
        return ENCOUNTER
    raise ValueError(f"side must be 'player' or 'encounter', not {side!r}")


cdef class Match:
    """One match. Made by `Engine.new_match` (or `eve.testing.scenario`), never directly."""

    def __cinit__(self):
        self.cx.draw_at_random = 0      # a match draws from the top of its Archive
        self.log = NULL
        self.log_n = 0
        self.log_cap = 0

    def __dealloc__(self):
        free(self.log)

    cdef void _open_log(self) noexcept:
        cdef Event* p
        if self.log_cap - self.log_n < _LOG_CHUNK:
            p = <Event*>realloc(self.log, (self.log_cap + 4 * _LOG_CHUNK) * sizeof(Event))
            if p != NULL:
                self.log = p
                self.log_cap += 4 * _LOG_CHUNK
        self.cx.tb = self.content.tb
        self.cx.ev = self.log + self.log_n if self.log != NULL else NULL
        self.cx.n_ev = 0
        self.cx.cap_ev = self.log_cap - self.log_n
        self.cx.lost_ev = 0

    cdef void _close_log(self) noexcept:
        self.log_n += self.cx.n_ev
        self.cx.ev = NULL
        self.cx.n_ev = 0

    @staticmethod
    def _create(engine, catalog, long long seed, list heroes, int enc, deck, bint start=True):
        cdef Match m = Match.__new__(Match)
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
        cdef Match m = Match.__new__(Match)
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
        """Every legal action now, in a deterministic order; empty exactly when the match is over."""
        codes = self.legal_action_codes()
        listed = Listed(self.catalog, self.clone()) if codes else None    # words made when read
        return [Action(c, "", listed) for c in codes]

    def check(self, action):
        """The reason code `action` is refused now (0 when it is legal)."""
        cdef int32_t code = action if isinstance(action, int) else action.code
        self.cx.tb = self.content.tb
        self.cx.ev = NULL
        return check_action(&self.st, &self.cx, code)

    def apply(self, action):
        """Apply a legal action and run the game on to the player's next decision.

        Raises eve.IllegalAction, with the state unchanged, for anything not legal now
        (an unaffordable action included)."""
        cdef int32_t code
        cdef int r
        if isinstance(action, Action):
            action = action.code
        if not isinstance(action, int) or isinstance(action, bool) \
                or not -2147483648 <= action <= 2147483647:
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
        cdef Match m = Match.__new__(Match)
        m.engine = self.engine
        m.catalog = self.catalog
        m.content = self.content
        m.seed = self.seed
        m.setup = self.setup
        m._actions = None if self._actions is None else list(self._actions)
        memcpy(&m.st, &self.st, sizeof(State))
        return m

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
        """The Encounter's next move (public), or None when its script is empty."""
        if self.st.foe.intent < 0:
            return None
        return self.catalog.describe_move(self.st.foe.intent)

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
        cdef Unit* x = &self.st.units[u]
        if (u & 15) < CHAR_BASE:
            return self.catalog.hero_ids[x.def_id]
        if x.is_token:
            return self.catalog.unit_ids[x.def_id]
        return self.catalog.card_ids[x.def_id]

    def _unit(self, int u):
        cdef Unit* x = &self.st.units[u]
        d = {"unit": u, "id": self._unit_id(u), "alive": bool(x.alive), "hp": x.hp,
             "max_hp": x.max_hp, "power": x.power, "poison": x.poison, "shield": x.shield,
             "attacked": bool(x.attacked), "used": bool(x.used)}
        if (u & 15) < CHAR_BASE:
            d["slot"] = u & 15
            d["ambition"] = x.ambition
            d["morality"] = x.morality
            d["leader"] = leader_of(&self.st, u >> 4) == u
        else:
            d["lane"] = (u & 15) - CHAR_BASE
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
        return sum(h["hp"] for h in self.heroes("player") if h["alive"])

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
        """Every event so far, oldest first, as (kind, side, a, b, c, d) tuples."""
        from eve.core.actions import Event as Ev
        return [Ev(EVENT_KINDS.get(self.log[i].kind, str(self.log[i].kind)), SIDES[self.log[i].side],
                   self.log[i].a, self.log[i].b, self.log[i].c, self.log[i].d)
                for i in range(self.log_n)]

    def observation(self, side="player"):
        """What `side` may see: the Archive is a count for both sides (face-down), the Rift is a
        count for the Encounter (hidden from it)."""
        s = _side_index(side)
        obs = {
            "round": self.round, "phase": self.phase, "active_side": self.active_side,
            "outcome": self.outcome,
            "heroes": {"player": self.heroes("player"), "encounter": self.heroes("encounter")},
            "wastes": {"player": self.characters("player"), "encounter": self.characters("encounter")},
            "lattice": self.zone("lattice"), "abyss": self.zone("abyss"), "void": self.zone("void"),
            "archive_count": self.st.zones[Z_ARCHIVE].n,
            "rift_count": self.st.zones[Z_RIFT].n,
            "stack": self.stack, "meter": self.meter, "initiative": self.initiative,
            "intent": self.intent, "tasks": self.tasks,
        }
        if s == PLAYER:
            obs["rift"] = self.zone("rift")
        return obs

    # ---------------- replays (Engine) ----------------

    def _set_setup(self, setup):
        self.setup = setup
        self._actions = [] if setup is not None else None


def make_action_code(int kind, int src, int tgt, int lane):
    return make_action(kind, src, tgt, lane)


ACTION_KINDS = dict(BY_KEY["action"].by_name())
TGT = {"none": TGT_NONE, "stack_base": TGT_STACK_BASE, "card_base": TGT_CARD_BASE,
       "char_base": CHAR_BASE, "units_per_side": UNITS_PER_SIDE}
STATE_SIZE = sizeof(State)


def _check_layout():
    """The C structs against the layout declared in eve/core/layout.py (2 bytes a field)."""
    from eve.core import layout as L
    sizes = (("Unit", sizeof(Unit), len(L.UNIT_FIELDS)),
             ("StackItem", sizeof(StackItem), len(L.STACK_ITEM_FIELDS)),
             ("Task", sizeof(Task), len(L.TASK_FIELDS)), ("Meter", sizeof(Meter), len(L.METER_FIELDS)),
             ("Foe", sizeof(Foe), len(L.FOE_FIELDS)), ("Zone", sizeof(Zone), L.ZONE_WORDS),
             )
    if sizeof(State) != L.state_bytes():
        raise ImportError(f"State is {sizeof(State)} bytes, but eve/core/layout.py declares "
                          f"{L.state_bytes()}: the two must change together")
    for name, size, words in sizes:
        if size != 2 * words:
            raise ImportError(f"{name} is {size} bytes, but eve/core/layout.py declares {words} "
                              "16-bit fields: the two must change together")
    caps = ((L.MAX_STREAMS, MAX_STREAMS), (L.MAX_CARDS, MAX_CARDS), (L.N_ZONES, N_ZONES),
            (L.MAX_UNITS, MAX_UNITS), (L.MAX_STACK, MAX_STACK), (L.MAX_TASKS, MAX_TASKS),
            (L.MAX_RESPONSES, MAX_RESPONSES))
    if any(a != b for a, b in caps):
        raise ImportError("eve/core/layout.py's capacities differ from defs.pxd's")


_check_layout()
