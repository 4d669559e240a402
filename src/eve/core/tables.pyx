"""The compiled content: immutable integer tables and effect bytecode the core runs.

`CompiledContent.load` takes the plain-int form that eve.compiler produces from the registered
content and copies it into one C `Tables` block, checking every capacity on the way. Nothing
here is read by Python during a match.
"""
from libc.stdint cimport int32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset

from eve.core.defs cimport *
from eve.core.run_defs cimport RunTables
from eve.core.operands cimport expr_attr_arg, expr_status_arg

from types import MappingProxyType as _MappingProxyType

from eve.core import records as _records
from eve.core.vocabulary import CONTENT


def _frozen(table):
    return _MappingProxyType({k: (_MappingProxyType(v) if isinstance(v, dict) else v)
                             for k, v in table.items()})


class CapacityError(ValueError):
    """Compiled content exceeds a structural capacity of the core."""


cdef int _cap(object n, int limit, str what) except -1:
    if n > limit:
        raise CapacityError(f"{what}: {n} exceeds the core's capacity of {limit}")
    return 0


cdef int _span(int n, int lo, int hi, str what) except -1:
    if not lo <= n <= hi:
        raise CapacityError(f"{what}: {n} is outside the core's range [{lo}, {hi}]")
    return 0


cdef int _rows(void* dst, size_t stride, int cap, object recs, str struct_name,
               str what) except -1:
    """Copy a table of compiled records into its C array (`cap` of `stride` bytes): packed by
    eve.core.records in struct order. Returns how many."""
    _cap(len(recs), cap, what)
    try:
        data = _records.pack(struct_name, recs, LIMITS, what)
    except OverflowError as e:
        raise CapacityError(str(e)) from None
    if len(data) != stride * len(recs):     # records.pxi is generated from the same table
        raise ImportError(f"eve.core.records.pxi is stale for {struct_name}: rebuild the core")
    memcpy(dst, <const char*>data, len(data))
    return len(recs)


if N_TRIGGERS > 31:     # Tables.hero_on/card_on/unit_on: an event a bit of an int32
    raise ImportError(f"{N_TRIGGERS} trigger events do not fit the 31 bits of Tables.card_on")


cdef int32_t _mark(Tables* tb, int first, int n, int16_t* listens) noexcept:
    """The events triggers [first, first + n) answer, in `listens`; a card's (`listens` NULL) in
    unit_listens when it listens in play, as a character, else in card_listens (the bit of the
    zone it listens from). Returns them as a mask (bit e: event e)."""
    cdef int k
    cdef int32_t on = 0
    cdef const TriggerDef* td
    for k in range(first, first + n):
        td = &tb.trigs[k]
        on |= 1 << td.on
        if listens != NULL:
            listens[td.on] = 1
        elif td.zone == Z_WASTES:
            tb.unit_listens[td.on] = 1
        else:
            tb.card_listens[td.on] |= 1 << td.zone
    return on


cdef int _is_self_loss(const Tables* tb, int prog, int s) noexcept:
    """Whether program `prog` is exactly one instruction, `damage` to self, piercing, of an
    amount that is status `s`'s stacks of self: the hp-loss tick (poison's). The code pool and
    the expression pool are loaded by then."""
    cdef const int16_t* ins
    cdef int at
    if prog < 0 or tb.prog_len[prog] != 1:
        return 0
    ins = &tb.code[tb.prog_off[prog] * INSTR_WORDS]
    at = ins[4]
    if ins[0] != OP_DAMAGE or ins[1] != SEL_SELF or ins[3] == 0 or at < 0:
        return 0
    if tb.expr[at] != 1:
        return 0
    if tb.expr[at + 1] == E_STATUS:
        return int(tb.expr[at + 2] == expr_status_arg(ER_SELF, s))
    # the standard statuses are attributes too (`self.poison`)
    return int(tb.expr[at + 1] == E_ATTR and (
        (s == STATUS_POISON and tb.expr[at + 2] == expr_attr_arg(ER_SELF, EA_POISON))
        or (s == STATUS_SHIELD and tb.expr[at + 2] == expr_attr_arg(ER_SELF, EA_SHIELD))))


cdef class CompiledContent:
    def __cinit__(self):
        self.tb = <Tables*>calloc(1, sizeof(Tables))
        self.rt = <RunTables*>calloc(1, sizeof(RunTables))
        if self.tb == NULL or self.rt == NULL:
            raise MemoryError()
        self.fingerprint = ""

    def __dealloc__(self):
        free(self.tb)
        free(self.rt)

    def load(self, dict spec, str fingerprint):
        """Copy the compiler's records into the Tables block: each table of records packed in
        struct order by eve.core.records (one line a table), then what the core derives from
        them (which events anything listens to, which statuses act when)."""
        cdef Tables* tb = self.tb
        cdef int i, j, k
        cdef StatusDef* sd
        cdef TriggerDef* td
        memset(tb, 0, sizeof(Tables))
        _rows(&tb.cfg, sizeof(Config), 1, [spec["config"]], "Config", "config")
        _cap(tb.cfg.lanes, MAX_LANES, "lanes")
        _cap(tb.cfg.player_hero_slots, MAX_HERO_SLOTS, "player hero slots")

        progs = spec["programs"]
        _cap(len(progs), MAX_PROGRAMS, "programs")
        tb.n_progs = len(progs)
        at = 0
        for i, (target, code) in enumerate(progs):
            _cap(at + len(code), CODE_POOL, "program instructions")
            _cap(len(code), MAX_PROG_LEN, f"program {i} length")
            tb.prog_len[i] = len(code)
            tb.prog_target[i] = target
            tb.prog_off[i] = at
            for j, ins in enumerate(code):
                for k in range(INSTR_WORDS):
                    tb.code[(at + j) * INSTR_WORDS + k] = ins[k]
            at += len(code)
        tb.n_code = at
        pool = spec.get("expressions", [])
        _cap(len(pool), EXPR_POOL, "expression words")
        for j, w in enumerate(pool):
            tb.expr[j] = w
        tb.n_expr = len(pool)

        tb.n_trigs = _rows(tb.trigs, sizeof(TriggerDef), MAX_TRIGGER_DEFS,
                           spec.get("triggers", []), "TriggerDef", "triggers")
        tb.n_statuses = _rows(tb.statuses, sizeof(StatusDef), MAX_STATUSES, spec["statuses"],
                              "StatusDef", "statuses")
        tb.n_heroes = _rows(tb.heroes, sizeof(HeroDef), MAX_HERO_DEFS, spec["heroes"], "HeroDef",
                            "heroes")
        tb.n_cards = _rows(tb.cards, sizeof(CardDef), MAX_CARD_DEFS, spec["cards"], "CardDef",
                           "cards")
        tb.n_units = _rows(tb.units, sizeof(UnitDef), MAX_UNIT_DEFS, spec["units"], "UnitDef",
                           "units")
        for i in range(tb.n_units):
            tb.unit_tags[i] = spec["units"][i].get("tags", 0)
        tb.n_moves = _rows(tb.moves, sizeof(Move), MAX_MOVES, spec["moves"], "Move", "moves")
        tb.n_parts = _rows(tb.parts, sizeof(ScriptPart), MAX_PARTS, spec.get("parts", []),
                           "ScriptPart", "script phases")
        tb.n_entries = _rows(tb.entries, sizeof(ScriptEntry), MAX_ENTRIES,
                             spec.get("entries", []), "ScriptEntry", "script entries")
        tb.n_tasks = _rows(tb.tasks, sizeof(TaskDef), MAX_TASK_DEFS, spec["tasks"], "TaskDef",
                           "tasks")
        tb.n_encs = _rows(tb.encs, sizeof(EncDef), MAX_ENCOUNTERS, spec["encounters"], "EncDef",
                          "encounters")
        for i in range(tb.n_encs):
            _cap(tb.encs[i].n_setup, min(MAX_SETUP, tb.cfg.lanes), f"encounter {i} setup summons")

        for i in range(tb.n_trigs):
            td = &tb.trigs[i]
            td.filters = td.source != TS_ANY or td.unit_kind != TU_ANY or td.own_card != 0
            tb.listens[td.on] = 1
        for i in range(tb.n_statuses):
            sd = &tb.statuses[i]
            sd.tick_loss = _is_self_loss(tb, sd.tick_prog, i)
            if sd.trig_n:
                tb.trig_st[tb.n_trig_st] = i; tb.n_trig_st += 1
            if sd.power:
                tb.power_st[tb.n_power_st] = i; tb.n_power_st += 1
            if (sd.dealt_add or sd.taken_add or sd.dealt_pct != 100 or sd.taken_pct != 100
                    or sd.absorb or sd.negate or sd.spend or sd.cap):
                tb.damage_st[tb.n_damage_st] = i; tb.n_damage_st += 1
            if sd.cap:
                tb.caps = 1
            if sd.shield_add or sd.shield_pct != 100:
                tb.shield_st[tb.n_shield_st] = i; tb.n_shield_st += 1
            if sd.decay_at == ST_TURN_START or sd.tick_at == ST_TURN_START:
                tb.start_st[tb.n_start_st] = i; tb.n_start_st += 1
            if sd.decay_at == ST_TURN_END or sd.tick_at == ST_TURN_END:
                tb.end_st[tb.n_end_st] = i; tb.n_end_st += 1

        counters = spec.get("counters", ())
        _cap(len(counters), MAX_COUNTERS, "counters")
        tb.n_counters = len(counters)
        for i, reset in enumerate(counters):
            if reset == CR_TURN:
                tb.turn_counters[tb.n_turn_counters] = i; tb.n_turn_counters += 1

        for i in range(tb.n_heroes):
            tb.n_auras += tb.heroes[i].aura_n != 0
        for i in range(tb.n_cards):
            tb.n_auras += tb.cards[i].aura_n != 0
        for i in range(tb.n_units):
            tb.n_auras += tb.units[i].aura_n != 0
        tb.reactions = 0
        tb.taunts = 0
        for i in range(tb.n_units):
            if tb.units[i].keywords & KW_TAUNT:
                tb.taunts = 1
        for i in range(tb.n_heroes):
            if tb.heroes[i].ability_reaction:
                tb.reactions |= RX_HERO
        for i in range(tb.n_cards):
            if tb.cards[i].keywords & KW_REACTION:
                tb.reactions |= RX_CARD
            if tb.cards[i].keywords & KW_TAUNT:
                tb.taunts = 1
            if tb.cards[i].ability_reaction:    # on a lane (a character) or in the Lattice
                tb.reactions |= RX_CHARACTER if tb.cards[i].kind == CK_CHARACTER else RX_LATTICE
        for i in range(tb.n_heroes):
            tb.hero_on[i] = _mark(tb, tb.heroes[i].trig_first, tb.heroes[i].trig_n, tb.unit_listens)
        for i in range(tb.n_units):
            tb.unit_on[i] = _mark(tb, tb.units[i].trig_first, tb.units[i].trig_n, tb.unit_listens)
        for i in range(tb.n_cards):
            tb.card_on[i] = _mark(tb, tb.cards[i].trig_first, tb.cards[i].trig_n, NULL)
        for i in range(tb.n_statuses):
            _mark(tb, tb.statuses[i].trig_first, tb.statuses[i].trig_n, tb.status_listens)
        self._load_run(spec.get("run"))
        self.fingerprint = fingerprint

    def _load_run(self, run):
        """The run's content (rules U01-U21) into RunTables: the same record packing; absent
        (content without acts), the run tables stay empty and no run can start."""
        cdef RunTables* rt = self.rt
        cdef int i
        memset(rt, 0, sizeof(RunTables))
        if not run or not run.get("acts"):
            return
        _rows(&rt.cfg, sizeof(RunConfig), 1, [run["config"]], "RunConfig", "run config")
        rt.n_player_heroes = run.get("player_heroes", 0)
        rt.n_acts = _rows(rt.acts, sizeof(ActDef), MAX_ACTS, run["acts"], "ActDef", "acts")
        rt.n_options = _rows(rt.options, sizeof(RunOption), MAX_RUN_OPTIONS,
                             run.get("options", []), "RunOption", "run options")
        rt.n_events = _rows(rt.events, sizeof(EventDef), MAX_EVENT_DEFS, run.get("events", []),
                            "EventDef", "events")
        rt.n_sites = _rows(rt.sites, sizeof(SiteDef), MAX_SITE_DEFS, run.get("sites", []),
                           "SiteDef", "sites")
        rt.n_rewards = _rows(rt.rewards, sizeof(RewardDef), RUN_NODE_KINDS,
                             run.get("rewards", []), "RewardDef", "rewards")
        if run.get("shop"):
            rt.has_shop = _rows(&rt.shop, sizeof(ShopDef), 1, [run["shop"]], "ShopDef", "shop")
        rt.n_cards = _rows(rt.cards, sizeof(CardRun), MAX_CARD_DEFS, run["cards"], "CardRun",
                           "cards")
        rt.n_heroes = _rows(rt.heroes, sizeof(HeroRun), MAX_HERO_DEFS, run["heroes"], "HeroRun",
                            "heroes")
        for i in range(rt.n_cards):
            if 0 <= rt.cards[i].upgrade < rt.n_cards:
                rt.cards[rt.cards[i].upgrade].is_upgrade = 1
            elif rt.cards[i].upgrade >= rt.n_cards:
                raise CapacityError(f"card {i}'s upgraded form {rt.cards[i].upgrade} is not a card")
        if rt.has_shop:
            _cap(rt.shop.cards + rt.shop.relics, MAX_OFFER, "a shop's cards and Relics")
        for i in range(rt.n_events):
            _cap(rt.events[i].first_opt + rt.events[i].n_opts, rt.n_options, f"event {i} options")
        for i in range(rt.n_sites):
            _cap(rt.sites[i].first_opt + rt.sites[i].n_opts, rt.n_options, f"site {i} options")
        _cap(rt.cfg.deck_cap + rt.cfg.relic_cap, MAX_CARDS, "run deck cap plus relic cap")
        _cap(rt.cfg.party, self.tb.cfg.player_hero_slots, "run party")
        _cap(rt.cfg.party, rt.n_player_heroes, "run party (the player heroes there are)")
        # the core indexes its map, offer and pools by these: held to their capacities here
        # too, whatever made the spec (the compiler checks them with coded errors first)
        for i in range(rt.n_acts):
            _span(rt.acts[i].floors, 1, MAX_FLOORS - 1, f"act {i} floors")
            _span(rt.acts[i].width, 1, MAP_WIDTH, f"act {i} width")
            _span(rt.acts[i].paths, 1, 64, f"act {i} paths")
        for i in range(rt.n_rewards):
            _span(rt.rewards[i].cards, 0, MAX_OFFER, f"reward {i} cards")
            _span(rt.rewards[i].aur_hi, rt.rewards[i].aur_lo, RUN_LIMIT, f"reward {i} aurorune")
        for i in range(rt.n_options):
            _span(rt.options[i].target, 0, RT_UPGRADABLE, f"run option {i} target")

    @property
    def has_run(self):
        """Whether this content has a run (some act)."""
        return self.rt.n_acts > 0

    @property
    def run_config(self):
        """The run's configuration in force (rules U01-U21)."""
        c = self.rt.cfg
        return {"party": c.party, "aurorune": c.aurorune, "deck_cap": c.deck_cap,
                "drift": c.drift, "relic_cap": c.relic_cap, "ambition_cap": c.ambition_cap,
                "acts": self.rt.n_acts}

    def status_tick_native(self, int i):
        """Whether status `i`'s tick is the hp-loss tick status_turn runs without the
        interpreter (a program of one piercing `damage` to self by the status's stacks)."""
        if not 0 <= i < self.tb.n_statuses:
            raise IndexError(f"status {i} is not in 0..{self.tb.n_statuses - 1}")
        return self.tb.statuses[i].tick_loss != 0

    def status_max(self, int i):
        """The stacks status `i` holds at most."""
        if not 0 <= i < self.tb.n_statuses:
            raise IndexError(f"status {i} is not in 0..{self.tb.n_statuses - 1}")
        return self.tb.statuses[i].max_stacks

    @property
    def lanes(self):
        return self.tb.cfg.lanes

    @property
    def config(self):
        c = self.tb.cfg
        return {"player_hero_slots": c.player_hero_slots, "lanes": c.lanes,
                "hand_floor": c.hand_floor, "opening_hand": c.opening_hand,
                "max_rounds": c.max_rounds, "max_decisions_per_turn": c.max_decisions_per_turn,
                "meter_base": c.meter_base, "max_events": c.max_events}


LIMITS = _frozen({
    "cards_per_match": MAX_CARDS, "hero_slots": MAX_HERO_SLOTS, "lanes": MAX_LANES,
    "stack": MAX_STACK, "tasks": MAX_TASKS, "responses": MAX_RESPONSES,
    "program_length": MAX_PROG_LEN, "program_instructions": CODE_POOL,
    "expression_nodes": MAX_EXPR_NODES, "expression_depth": MAX_EXPR_DEPTH,
    "expression_words": EXPR_POOL, "roster": MAX_ROSTER, "setup_summons": MAX_SETUP,
    "start_cards": MAX_START_CARDS, "actions": MAX_ACTIONS, "statuses": MAX_STATUSES,
    "triggers": MAX_TRIGGER_DEFS, "item_triggers": MAX_ITEM_TRIGGERS,
    "trigger_depth": MAX_TRIGGER_DEPTH,
    "trigger_budget": TRIGGER_BUDGET, "events_per_match": EVENTS_PER_MATCH,
    "script_vars": MAX_SCRIPT_VARS, "move_sets": MAX_MOVE_SETS, "pick_options": MAX_PICK,
    "phase_depth": MAX_PHASE_DEPTH, "script_phases": MAX_PARTS, "script_entries": MAX_ENTRIES,
    "script_var_limit": SCRIPT_VAR_LIMIT, "max_repeats": MAX_REPEATS,
    "choice_options": MAX_CHOICE_OPTS, "look": MAX_LOOK, "modes": MAX_MODES,
    "discover": MAX_DISCOVER, "discover_pool": MAX_DISCOVER_POOL, "instruction_words": INSTR_WORDS,
    "grants": MAX_GRANTS, "counters": MAX_COUNTERS, "counter_limit": COUNTER_LIMIT,
    "damage_limit": DAMAGE_LIMIT, "tags": MAX_TAGS,
    "acts": MAX_ACTS, "act_pool": MAX_ACT_POOL, "floors": MAX_FLOORS - 1,
    "map_width": MAP_WIDTH, "run_options": MAX_RUN_OPTS, "run_option_pool": MAX_RUN_OPTIONS,
    "events": MAX_EVENT_DEFS, "sites": MAX_SITE_DEFS, "relics": MAX_RELICS,
    "offer": MAX_OFFER, "run_limit": RUN_LIMIT, "rating_limit": RATING_LIMIT,
})

# the names content may use, by table: derived from the vocabulary (eve/core/vocabulary.py), as
# vocab.pxd is, and read-only, so that no pack can add an instruction or rename a selector for
# every other pack
ENUMS = CONTENT

# the generated constants and the vocabulary are one table: a stale vocab.pxd fails here
for _name, _c in (("op", N_OPS - 1), ("selector", N_SELS - 1), ("target", T_STACK_CARD), ("place", N_PLACES - 1),
                  ("expr_ref", N_EXPR_REFS - 1), ("expr_attr", N_EXPR_ATTRS - 1),
                  ("expr_count", N_EXPR_COUNTS - 1),
                  ("trigger", N_TRIGGERS - 1), ("goal", G_EFFECT), ("trigger_who", TW_FOE),
                  ("trigger_limit", TL_MATCH), ("expr_event", N_EXPR_EVENTS - 1),
                  ("enemy_target", ESEL_NEWEST_LATTICE), ("condition", COND_EXPR),
                  ("response_on", RESP_ON_ANY), ("trigger_source", TS_NONE),
                  ("trigger_unit", TU_CHARACTER), ("trigger_card", TC_SELF)):
    if max(CONTENT[_name].values()) != _c:
        raise ImportError(f"eve.core.vocab is stale for {_name!r}: rebuild the core")

