"""The compiled content: immutable integer tables and effect bytecode the core runs.

`CompiledContent.load` takes the plain-int form that eve.compiler produces from the registered
content and copies it into one C `Tables` block, checking every capacity on the way. Nothing
here is read by Python during a match.
"""
from libc.stdint cimport int32_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from eve.core.defs cimport *
from eve.core.operands cimport expr_attr_arg, expr_status_arg

from types import MappingProxyType as _MappingProxyType

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
        if self.tb == NULL:
            raise MemoryError()
        self.fingerprint = ""

    def __dealloc__(self):
        free(self.tb)

    def load(self, dict spec, str fingerprint):
        cdef Tables* tb = self.tb
        cdef int i, j, k
        cdef StatusDef* sd
        cdef TriggerDef* td
        memset(tb, 0, sizeof(Tables))
        cfg = spec["config"]
        tb.cfg.player_hero_slots = cfg["player_hero_slots"]
        tb.cfg.lanes = cfg["lanes"]
        tb.cfg.hand_floor = cfg["hand_floor"]
        tb.cfg.opening_hand = cfg["opening_hand"]
        tb.cfg.max_rounds = cfg["max_rounds"]
        tb.cfg.max_decisions_per_turn = cfg["max_decisions_per_turn"]
        tb.cfg.meter_base = cfg["meter_base"]
        for k, name in enumerate(("play_support", "deploy", "activate", "attack")):
            tb.cfg.cost[k] = cfg["costs"][name]
        tb.cfg.morality_high = cfg["morality_high"]
        tb.cfg.morality_low = cfg["morality_low"]
        tb.cfg.support_discount = cfg["support_discount"]
        tb.cfg.attack_discount = cfg["attack_discount"]
        tb.cfg.max_events = cfg["max_events"]
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

        trigs = spec.get("triggers", [])
        _cap(len(trigs), MAX_TRIGGER_DEFS, "triggers")
        tb.n_trigs = len(trigs)
        for i, t in enumerate(trigs):
            td = &tb.trigs[i]
            td.on = t["on"]; td.who = t["who"]; td.zone = t["zone"]
            td.card_kind = t["card_kind"]; td.cond = t["cond"]; td.once = t["once"]
            td.every = t["every"]; td.per = t["per"]; td.prog = t["prog"]
            td.source = t.get("source", TS_ANY); td.unit_kind = t.get("unit", TU_ANY)
            td.own_card = t.get("own_card", 0)
            td.filters = td.source != TS_ANY or td.unit_kind != TU_ANY or td.own_card != 0
            tb.listens[td.on] = 1

        statuses = spec["statuses"]
        _cap(len(statuses), MAX_STATUSES, "statuses")
        tb.n_statuses = len(statuses)
        for i, d in enumerate(statuses):
            sd = &tb.statuses[i]
            sd.stacking = d["stacking"]
            sd.polarity = d["polarity"]
            sd.max_stacks = d["max"]
            sd.decay_at = d["decay_at"]
            sd.decay_by = d["decay_by"]
            sd.tick_at = d["tick_at"]
            sd.tick_prog = d["tick_prog"]
            sd.tick_loss = _is_self_loss(tb, sd.tick_prog, i)
            sd.power = d["power"]
            sd.dealt_add = d["dealt_add"]
            sd.taken_add = d["taken_add"]
            sd.dealt_pct = d["dealt_pct"]
            sd.taken_pct = d["taken_pct"]
            sd.absorb = d["absorb"]
            sd.negate = d["negate"]
            sd.spend = d.get("spend", 0)
            sd.keeps = d["keeps"]
            sd.trig_first, sd.trig_n = d.get("triggers", (0, 0))
            if sd.trig_n:
                tb.trig_st[tb.n_trig_st] = i; tb.n_trig_st += 1
            if sd.power:
                tb.power_st[tb.n_power_st] = i; tb.n_power_st += 1
            if (sd.dealt_add or sd.taken_add or sd.dealt_pct != 100 or sd.taken_pct != 100
                    or sd.absorb or sd.negate or sd.spend):
                tb.damage_st[tb.n_damage_st] = i; tb.n_damage_st += 1
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

        heroes = spec["heroes"]
        _cap(len(heroes), MAX_HERO_DEFS, "heroes")
        tb.n_heroes = len(heroes)
        for i, h in enumerate(heroes):
            tb.heroes[i].max_hp = h["max_hp"]
            tb.heroes[i].power = h["power"]
            tb.heroes[i].ambition = h["ambition"]
            tb.heroes[i].morality = h["morality"]
            tb.heroes[i].ability_prog = h["ability_prog"]
            tb.heroes[i].ability_target = h["ability_target"]
            tb.heroes[i].ability_reaction = h["ability_reaction"]
            _cap(len(h["start_cards"]), MAX_START_CARDS, f"hero {i} starting cards")
            tb.heroes[i].n_start = len(h["start_cards"])
            for j, c in enumerate(h["start_cards"]):
                tb.heroes[i].start_cards[j] = c
            tb.heroes[i].trig_first, tb.heroes[i].trig_n = h.get("triggers", (0, 0))
            tb.heroes[i].aura_n, tb.heroes[i].aura_status, tb.heroes[i].aura_who = \
                h.get("aura", (0, 0, 0))
            tb.n_auras += tb.heroes[i].aura_n != 0

        cards = spec["cards"]
        _cap(len(cards), MAX_CARD_DEFS, "cards")
        tb.n_cards = len(cards)
        for i, c in enumerate(cards):
            tb.cards[i].kind = c["kind"]
            tb.cards[i].keywords = c["keywords"]
            tb.cards[i].power = c["power"]
            tb.cards[i].hp = c["hp"]
            tb.cards[i].charges = c["charges"]
            tb.cards[i].play_target = c["play_target"]
            tb.cards[i].on_enter = c["on_enter"]
            tb.cards[i].ability_prog = c["ability_prog"]
            tb.cards[i].ability_target = c["ability_target"]
            tb.cards[i].ability_reaction = c["ability_reaction"]
            tb.cards[i].trig_first, tb.cards[i].trig_n = c.get("triggers", (0, 0))
            tb.cards[i].ally_power = c["ally_power"]
            tb.cards[i].play_cond = c.get("play_cond", -1)
            tb.cards[i].aura_n, tb.cards[i].aura_status, tb.cards[i].aura_who = \
                c.get("aura", (0, 0, 0))
            tb.n_auras += tb.cards[i].aura_n != 0

        units = spec["units"]
        _cap(len(units), MAX_UNIT_DEFS, "units")
        tb.n_units = len(units)
        for i, u in enumerate(units):
            tb.units[i].power = u["power"]
            tb.units[i].hp = u["hp"]
            tb.units[i].keywords = u["keywords"]
            tb.units[i].trig_first, tb.units[i].trig_n = u.get("triggers", (0, 0))
            tb.units[i].aura_n, tb.units[i].aura_status, tb.units[i].aura_who = \
                u.get("aura", (0, 0, 0))
            tb.n_auras += tb.units[i].aura_n != 0

        moves = spec["moves"]
        _cap(len(moves), MAX_MOVES, "moves")
        tb.n_moves = len(moves)
        for i, m in enumerate(moves):
            tb.moves[i].kind = m["kind"]
            tb.moves[i].phase = m["phase"]
            tb.moves[i].prog = m["prog"]
            tb.moves[i].def_id = m["def_id"]
            tb.moves[i].attacker = m["attacker"]
            tb.moves[i].lane_sel = m["lane_sel"]
            tb.moves[i].lane = m["lane"]
            tb.moves[i].target_sel = m["target_sel"]
            tb.moves[i].cond = m["cond"]
            tb.moves[i].cond_arg = m["cond_arg"]
            tb.moves[i].alt = m["alt"]
            tb.moves[i].weight = m.get("weight", 0)
            tb.moves[i].max_repeats = m.get("max_repeats", 0)
            sets = m.get("set", ())
            _cap(len(sets), MAX_MOVE_SETS, f"move {i} assignments")
            tb.moves[i].n_sets = len(sets)
            for j, (var, at) in enumerate(sets):
                tb.moves[i].set_var[j] = var
                tb.moves[i].set_expr[j] = at

        parts = spec.get("parts", ())
        _cap(len(parts), MAX_PARTS, "script phases")
        tb.n_parts = len(parts)
        for i, q in enumerate(parts):
            tb.parts[i].cond = q["cond"]
            tb.parts[i].first_child = q["first_child"]
            tb.parts[i].n_children = q["n_children"]
            tb.parts[i].first_entry = q["first_entry"]
            tb.parts[i].n_entries = q["n_entries"]
        entries = spec.get("entries", ())
        _cap(len(entries), MAX_ENTRIES, "script entries")
        tb.n_entries = len(entries)
        for i, (first, n) in enumerate(entries):
            tb.entries[i].first_opt = first
            tb.entries[i].n_opts = n

        tasks = spec["tasks"]
        _cap(len(tasks), MAX_TASK_DEFS, "tasks")
        tb.n_tasks = len(tasks)
        for i, t in enumerate(tasks):
            tb.tasks[i].goal = t["goal"]
            tb.tasks[i].threshold = t["threshold"]
            tb.tasks[i].reward_prog = t["reward_prog"]

        encs = spec["encounters"]
        _cap(len(encs), MAX_ENCOUNTERS, "encounters")
        tb.n_encs = len(encs)
        for i, e in enumerate(encs):
            _cap(len(e["roster"]), MAX_ROSTER, f"encounter {i} roster")
            _cap(len(e["setup_units"]), min(MAX_SETUP, tb.cfg.lanes), f"encounter {i} setup summons")
            _cap(len(e["tasks"]), MAX_TASKS, f"encounter {i} tasks")
            _cap(len(e["responses"]), MAX_RESPONSES, f"encounter {i} responses")
            tb.encs[i].n_roster = len(e["roster"])
            for j, h in enumerate(e["roster"]):
                tb.encs[i].roster[j] = h
            tb.encs[i].n_setup = len(e["setup_units"])
            for j, u in enumerate(e["setup_units"]):
                tb.encs[i].setup_units[j] = u
            tb.encs[i].n_tasks = len(e["tasks"])
            for j, t in enumerate(e["tasks"]):
                tb.encs[i].tasks[j] = t
            tb.encs[i].initiative = e["initiative"]
            tb.encs[i].first_move = e["first_move"]
            tb.encs[i].n_moves = e["n_moves"]
            tb.encs[i].root = e["root"]
            _cap(len(e.get("vars", ())), MAX_SCRIPT_VARS, f"encounter {i} variables")
            tb.encs[i].n_vars = len(e.get("vars", ()))
            for j, v in enumerate(e.get("vars", ())):
                tb.encs[i].var_init[j] = v
            tb.encs[i].n_resp = len(e["responses"])
            for j, r in enumerate(e["responses"]):
                tb.encs[i].resp[j].on = r["on"]
                tb.encs[i].resp[j].counter = r["counter"]
                tb.encs[i].resp[j].prog = r["prog"]
                tb.encs[i].resp[j].target_sel = r["target_sel"]
                tb.encs[i].resp[j].per_round = r["per_round"]
                tb.encs[i].resp[j].charges = r["charges"]
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
        self.fingerprint = fingerprint

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
    "damage_limit": DAMAGE_LIMIT,
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

