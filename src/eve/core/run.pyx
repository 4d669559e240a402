"""The Run extension type: the Python face of one flat C run state (rules U01-U21).

A Run has a Match's face: `legal_actions()`, `apply()`, `is_over`, `outcome`, `state_hash()`,
`clone()`, `determinize(seed)`, `observation()`, `events`. Everything that changes the run goes
through runs.pyx; this module converts between integers and readable values at the edge.
"""
from libc.stdlib cimport free
from libc.string cimport memcpy
from libc.stdint cimport int16_t, int32_t, uint64_t

from eve.core.defs cimport *
from eve.core.events cimport log_open, log_close
from eve.core.run_defs cimport RunState, RunHero, RunTables
from eve.core.tables cimport CompiledContent
from eve.core.runs cimport (run_setup, run_legal, run_check, run_apply, run_hash,
                            run_determinize, option_legal)
from eve.core.match cimport Match
from eve.core.rng cimport stream_seed
from eve.core.codec cimport a_kind, a_src, a_tgt

from operator import index as _index
from weakref import ref as _weakref

from eve.core.actions import Action, Listed
from eve.core.errors import REASONS, IllegalAction
from eve.core.vocabulary import BY_KEY, names as vocab_names

RUN_PHASES = vocab_names("run_phase")
NODES = dict(BY_KEY["run_node"].by_code())
OUTCOMES = (None,) + vocab_names("outcome")[1:]
EVENT_KINDS = dict(BY_KEY["event"].by_code())
SIDES = vocab_names("side")
_MAKE = object()

RUN_STATE_SIZE = sizeof(RunState)


cdef class Run:
    """One run: a party's climb through the acts of the content's map. Made by
    `Engine.new_run`, `Engine.restore_run`, `clone()` or `determinize()`, never directly."""

    def __cinit__(self, *args, **kwargs):
        if len(args) != 1 or args[0] is not _MAKE or kwargs:
            raise TypeError("eve.Run cannot be made directly: use Engine.new_run(...) or "
                            "Engine.restore_run(data)")
        self.cx.draw_at_random = 0
        self.cx.card = -1
        self.log = NULL

    def __dealloc__(self):
        free(self.log)

    cdef void _open_log(self) noexcept:
        # the log is handed to the core whole: emit() appends to it and grows it (events.pxd)
        log_open(&self.cx, self.content.tb, &self.log, &self.log_cap, self.log_n)

    cdef void _close_log(self) noexcept:
        self.events_dropped += log_close(&self.cx, &self.log, &self.log_cap, &self.log_n)

    @staticmethod
    def _create(engine, catalog, object seed, list party):
        cdef Run r = Run._blank(engine, catalog)
        cdef int16_t ps[MAX_HERO_SLOTS]
        cdef int i
        for i, h in enumerate(party):
            ps[i] = h
        r.seed = seed
        r._actions = []
        r._open_log()
        run_setup(&r.rs, r.content.rt, &r.cx, <uint64_t>seed, ps, len(party))
        r._close_log()
        return r

    @staticmethod
    def _blank(engine, catalog):
        cdef Run r = Run.__new__(Run, _MAKE)
        r.engine = engine
        r.catalog = catalog
        r.content = catalog.tables
        r.seed = None
        r._actions = None
        return r

    # ---------------- acting ----------------

    def legal_action_codes(self):
        """The legal actions as integers, in the order of legal_actions()."""
        cdef int32_t buf[MAX_ACTIONS]
        cdef int n
        self.cx.tb = self.content.tb
        self.cx.ev = NULL
        n = run_legal(&self.rs, self.content.rt, &self.cx, buf)
        return [buf[i] for i in range(n)]

    def legal_actions(self):
        """Every legal action now, in a fixed order; empty exactly when the run is over. In a
        fight they are the fight's (`run.match`); out of one, the run's decisions (U17)."""
        codes = self.legal_action_codes()
        if not codes:
            return []
        if self.rs.phase == RP_FIGHT:
            listed = Listed(self.catalog, self.match, _weakref(self))
            return [Action(c, "", listed) for c in codes]
        return [Action(c, self.describe(c)) for c in codes]

    def check(self, action):
        """The refusal code of `action` now (0: legal)."""
        if isinstance(action, Action):
            action = action.code
        if isinstance(action, bool):
            return R_MALFORMED
        try:
            action = _index(action)
        except TypeError:
            return R_MALFORMED
        if not -2147483648 <= action <= 2147483647:
            return R_MALFORMED
        self.cx.tb = self.content.tb
        self.cx.ev = NULL
        return run_check(&self.rs, self.content.rt, &self.cx, <int32_t>action)

    def apply(self, action):
        """Apply a legal action and go on to the run's next decision. Raises
        eve.IllegalAction, with the run unchanged, for anything else."""
        given = action
        code = action.code if isinstance(action, Action) else action
        r = self.check(code)
        if r:
            raise IllegalAction(given, r, REASONS.get(r, "illegal") + self._why(code, r))
        self._open_log()
        run_apply(&self.rs, self.content.rt, &self.cx, <int32_t>_index(code))
        self._close_log()
        if self._actions is not None:
            self._actions.append(_index(code))

    def _why(self, code, int r):
        if self.rs.phase != RP_FIGHT and r in (R_MALFORMED, R_BAD_SOURCE):
            return f": the run waits for {RUN_PHASES[self.rs.phase]}, and that is not among its options"
        return ""

    @property
    def actions(self):
        """The action codes applied since the run was made (None after a restore)."""
        return None if self._actions is None else list(self._actions)

    # ---------------- copies ----------------

    def clone(self):
        """An independent copy: one copy of the run's block (its fight's included). Its event
        log starts empty."""
        cdef Run r = Run._blank(self.engine, self.catalog)
        memcpy(&r.rs, &self.rs, sizeof(RunState))
        r.seed = self.seed
        r.setup = self.setup
        r._actions = None if self._actions is None else list(self._actions)
        return r

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def determinize(self, seed):
        """A copy with what the player cannot see drawn anew from `seed` (U18): the run's
        streams (future maps, rewards, shop stock, event rolls, fights and their seeds), and in
        a fight its Archive and streams as Match.determinize does. The map, the party, the deck,
        the offers on the table and everything shown stay. The same seed gives the same copy."""
        cdef object s = _index(seed)
        cdef uint64_t rng
        cdef Run r
        if not 0 <= s < 2**64:
            raise ValueError("seed must be an integer in [0, 2**64)")
        rng = stream_seed(<uint64_t>s, b"run_determinize")
        r = self.clone()
        run_determinize(&r.rs, &rng)
        r.setup = None
        r._actions = None
        return r

    def state_hash(self):
        """64-bit hash of the whole run state (its fight's included)."""
        return run_hash(&self.rs)

    # ---------------- reading ----------------

    @property
    def is_over(self):
        return self.rs.phase == RP_OVER

    @property
    def outcome(self):
        """None while the run goes on, then "win" (the last act's boss fell) or "loss"."""
        return OUTCOMES[self.rs.outcome] if self.rs.phase == RP_OVER else None

    @property
    def phase(self):
        """What the run waits for: party, path, fight, reward, site, shop, event or over."""
        return RUN_PHASES[self.rs.phase]

    @property
    def act(self):
        return self.rs.act + 1

    @property
    def floor(self):
        """The floor of the act the party stands on (0: before the first)."""
        return self.rs.floor + 1

    @property
    def floors_climbed(self):
        return self.rs.floors_climbed

    @property
    def fights_won(self):
        return self.rs.fights_won

    @property
    def aurorune(self):
        return self.rs.aurorune

    @property
    def node(self):
        """The kind of node the party stands on (None before the act's first)."""
        return NODES.get(self.rs.node)

    @property
    def in_fight(self):
        return self.rs.phase == RP_FIGHT

    @property
    def match(self):
        """The current fight as a Match (a copy: acting on it does not move the run), or None."""
        cdef Match m
        if self.rs.phase != RP_FIGHT:
            return None
        m = Match._blank(self.engine, self.catalog)
        memcpy(&m.st, &self.rs.match, sizeof(State))
        return m

    @property
    def party(self):
        """The heroes of the party, in the order chosen: id, alive, hp, max_hp, ambition,
        morality (a fallen hero stays listed, alive False, U04)."""
        ids = self.catalog.hero_ids
        out = []
        for i in range(self.rs.n_party):
            h = self.rs.party[i]
            out.append({"slot": i, "id": ids[h.hero], "alive": bool(h.alive), "hp": h.hp,
                        "max_hp": h.max_hp, "ambition": h.ambition, "morality": h.morality})
        return out

    @property
    def fallen(self):
        """Ids of the heroes that fell in this run."""
        return [h["id"] for h in self.party if not h["alive"]]

    @property
    def deck(self):
        """The deck's card ids, in order (an upgraded card is its upgraded form's id)."""
        ids = self.catalog.card_ids
        return [ids[self.rs.deck[i]] for i in range(self.rs.n_deck)]

    @property
    def relics(self):
        ids = self.catalog.card_ids
        return [ids[self.rs.relics[i]] for i in range(self.rs.n_relics)]

    @property
    def boss(self):
        """This act's boss: drawn at the act's start, and shown (U08)."""
        return self.catalog.encounter_ids[self.rs.boss] if self.content.rt.n_acts else None

    @property
    def encounter(self):
        """The Encounter of the current fight, or None."""
        return self.catalog.encounter_ids[self.rs.enc] if self.rs.enc >= 0 else None

    @property
    def map(self):
        """This act's map (public once generated, U08): floors bottom first, each a list of
        `width` columns holding a node kind or None, and `edges`: for each node, the columns of
        the next floor it leads to."""
        cdef const RunTables* rt = self.content.rt
        cdef int f, c, w, floors
        if rt.n_acts == 0:
            return None
        w = rt.acts[self.rs.act].width
        floors = rt.acts[self.rs.act].floors + 1
        nodes, edges = [], {}
        for f in range(floors):
            row = []
            for c in range(w):
                k = self.rs.nodes[f * MAP_WIDTH + c]
                row.append(NODES.get(k) if k else None)
                if k and f + 1 < floors:
                    edges[(f + 1, c)] = [n for n in range(w)
                                         if self.rs.edges[f * MAP_WIDTH + c] & (1 << n)]
            nodes.append(row)
        return {"act": self.rs.act + 1, "floors": nodes, "edges": edges,
                "at": (self.rs.floor + 1, self.rs.col) if self.rs.floor >= 0 else None}

    @property
    def offer(self):
        """What the node offers: a reward's cards or a shop's stock, each (card id, price) or
        None once taken."""
        ids = self.catalog.card_ids
        return [(ids[self.rs.offer[i]], self.rs.price[i]) if self.rs.offer[i] >= 0 else None
                for i in range(self.rs.n_offer)]

    @property
    def removal_price(self):
        cdef const RunTables* rt = self.content.rt
        return min(rt.shop.removal + rt.shop.removal_step * self.rs.removals, RUN_LIMIT)

    @property
    def scene(self):
        """The event or site the party stands at: its kind ("event" or "site"), its index in
        the catalog's, and which of its options may be taken now."""
        cdef const RunTables* rt = self.content.rt
        cdef int first, n
        if self.rs.phase == RP_EVENT:
            first, n = rt.events[self.rs.site].first_opt, rt.events[self.rs.site].n_opts
            kind = "event"
        elif self.rs.phase == RP_SITE:
            first, n = rt.sites[self.rs.site].first_opt, rt.sites[self.rs.site].n_opts
            kind = "site"
        else:
            return None
        return {"kind": kind, "index": self.rs.site,
                "id": self._scene_id(kind, self.rs.site),
                "open": [i for i in range(n) if option_legal(&self.rs, rt, first + i)]}

    def _scene_id(self, kind, int i):
        """An event's id; for a site, its node kind (a node offers every site of its kind)."""
        cdef const RunTables* rt = self.content.rt
        if kind == "site":
            return NODES.get(rt.sites[i].node) if 0 <= i < rt.n_sites else None
        ids = list(self.catalog.events)
        return ids[i] if 0 <= i < len(ids) else None

    def _option_name(self, int i):
        """The name of option i of the event, or of the sites, the party stands at."""
        scene = self.scene
        if scene is None or scene["id"] is None:
            return None
        if scene["kind"] == "event":
            opts = list(self.catalog.events[scene["id"]].get("options", ()))
        else:
            opts = [o for site in self.catalog.sites.values() if site.get("node") == scene["id"]
                    for o in site.get("options", ())]
        return opts[i].get("name") if 0 <= i < len(opts) else None

    def observation(self):
        """What the player sees: the map and where the party is, the party, the deck, the
        Relics, the purse, the boss, what the node offers, and in a fight the fight's own
        observation. Future rewards, stock and event rolls are not in it (U18)."""
        return {"phase": self.phase, "act": self.act, "floor": self.floor,
                "outcome": self.outcome, "aurorune": self.aurorune, "party": self.party,
                "deck": self.deck, "relics": self.relics, "boss": self.boss,
                "map": self.map, "offer": self.offer, "scene": self.scene,
                "removal_price": self.removal_price if self.rs.phase == RP_SHOP else None,
                "match": self.match.observation() if self.rs.phase == RP_FIGHT else None}

    # ---------------- words ----------------

    def describe(self, code):
        """A run action code in words, in this position."""
        cdef int kind = a_kind(code), src = a_src(code), tgt = a_tgt(code)
        cards = self.catalog.card_ids
        if self.rs.phase == RP_FIGHT and kind < A_RECRUIT:
            return self.catalog.describe_action(self.match, code)
        if kind == A_RECRUIT:
            return f"recruit {self.catalog.hero_ids[src]}"
        if kind == A_TRAVEL:
            k = self.rs.nodes[(self.rs.floor + 1) * MAP_WIDTH + src]
            return f"travel to floor {self.rs.floor + 2}, column {src}: {NODES.get(k, '?')}"
        if kind == A_TAKE and src < self.rs.n_offer and self.rs.offer[src] >= 0:
            if self.rs.phase == RP_SHOP:
                return f"buy {cards[self.rs.offer[src]]} for {self.rs.price[src]} aurorune"
            return f"take {cards[self.rs.offer[src]]}"
        if kind == A_REMOVE and src < self.rs.n_deck:
            return (f"remove {cards[self.rs.deck[src]]} (deck card {src}) for "
                    f"{self.removal_price} aurorune")
        if kind == A_OPTION:
            scene = self.scene
            name = self._option_name(src)
            what = (f"{name!r}" if name else f"option {src}") + (
                f" of {scene['id']}" if scene and scene["id"] else "")
            t = self._option_target(src, tgt)
            return f"take {what}" + (f" on {t}" if t else "")
        if kind == A_LEAVE:
            return "skip the reward" if self.rs.phase == RP_REWARD else "leave"
        return f"action {code:#x}"

    def _option_target(self, int i, int t):
        cdef const RunTables* rt = self.content.rt
        cdef int first
        if self.rs.phase == RP_EVENT:
            first = rt.events[self.rs.site].first_opt
        elif self.rs.phase == RP_SITE:
            first = rt.sites[self.rs.site].first_opt
        else:
            return None
        target = rt.options[first + i].target
        if target == RT_HERO and t < self.rs.n_party:
            return self.catalog.hero_ids[self.rs.party[t].hero]
        if target in (RT_CARD, RT_UPGRADABLE) and t < self.rs.n_deck:
            return f"{self.catalog.card_ids[self.rs.deck[t]]} (deck card {t})"
        return None

    # ---------------- events ----------------

    @property
    def events(self):
        """Every event kept so far, oldest first: the run's own (run_node, run_card, ...) and
        its fights' (eve.Event tuples)."""
        return self.events_since(0)

    @property
    def n_events(self):
        return self.log_n

    def events_since(self, n):
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

    # ---------------- snapshots ----------------

    def snapshot(self):
        """The whole run as run snapshot bytes (ABI 5 family, magic "eve.runsnap"; its fight,
        and whatever decision is pending, included: docs/snapshot-abi.md, "Run snapshots").
        `Engine.restore_run(data)` makes the same run again."""
        return self.catalog.run_snapshot(self)

    def __reduce__(self):
        """Pickled as its Engine and its snapshot, with its seed, setup and action list (the
        event log stays behind), as a Match is."""
        return (_rebuild_run, (self.engine, self.snapshot(), self.seed, self.setup,
                               self._actions))

    # ---------------- the raw block (snapshots) ----------------

    def _state_bytes(self):
        """The run's block as bytes (the snapshot's body writer reads it)."""
        return (<char*>&self.rs)[:sizeof(RunState)]

    def _set_state_bytes(self, bytes data):
        if len(data) != sizeof(RunState):
            raise ValueError(f"a run block is {sizeof(RunState)} bytes, not {len(data)}")
        memcpy(&self.rs, <const char*>data, sizeof(RunState))

    def _set_setup(self, setup):
        self.setup = setup
        self._actions = [] if setup is not None else None


def _rebuild_run(engine, data, seed, setup, actions):
    """A pickled Run: restored from its snapshot by its (unpickled) Engine."""
    cdef Run r = engine.restore_run(data)
    r.seed = seed
    r.setup = setup
    r._actions = None if actions is None else list(actions)
    return r


def _check_layout():
    """The run block's parts must stay 8-byte aligned: its streams first, its fight last."""
    cdef RunState rs
    if (<char*>&rs.match - <char*>&rs) % 8 != 0:
        raise ImportError("RunState's match is not 8-byte aligned: fix run_defs.pxd's padding")


_check_layout()
