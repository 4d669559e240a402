# The flat C data of a match: capacities, encodings and the State / Tables structs.
#
# Why int16 everywhere in State: every sub-struct is made of 2-byte fields only, so no struct has
# interior padding and the state hash (over the raw bytes) and clone (one memcpy) are exact.
from libc.stdint cimport int16_t, int32_t, uint64_t
from libc.string cimport memset

# Every enumerated name (sides, zones, phases, instructions, events, refusals...) is generated
# from eve/core/vocabulary.py into vocab.pxd; what stays here is structure: capacities, the
# target and action encodings, and the structs.
from eve.core.vocab cimport *


# ---- capacities (structural limits, checked when content is compiled; not balance numbers) ----
cdef enum:
    MAX_CARDS = 64          # card instances in one match (the player's deck)
    MAX_HERO_SLOTS = 8      # per side; the player uses config.player_hero_slots of them
    MAX_LANES = 8           # per side; the match uses config.lanes of them
    UNITS_PER_SIDE = 16     # unit id = side * 16 + slot; slots 0..7 heroes, 8..15 lane characters
    UNIT_SIDE_SHIFT = 4     # log2(UNITS_PER_SIDE): eve.core.codec reads unit ids with it
    CHAR_BASE = 8
    MAX_UNITS = 32
    MAX_STACK = 24
    MAX_TASKS = 6
    MAX_RESPONSES = 4       # scripted response rules per Encounter
    # above any reachable count: 64 character cards x (8 empty lanes x 22 unit targets) when
    # deploys take a target (E20), the largest case; (64 + 8 + 8) x 64 without them
    MAX_ACTIONS = 16384
    MAX_STREAMS = 4

    MAX_PROG_LEN = 32       # instructions of a program, its `then` and `else` blocks flattened
    INSTR_WORDS = 5         # op, selector, a, b, expression (its pool offset; -1: none)
    CODE_POOL = 16384       # instructions of every program of the content, end to end
    MAX_EXPR_NODES = 32     # nodes of one expression
    MAX_EXPR_DEPTH = 8      # its evaluation stack
    EXPR_POOL = 32768       # words of every expression of the content: a count, then 2 a node

    MAX_STATUSES = 16       # status kinds of the content (the standard ones included): stacks per unit
    MAX_TRIGGER_DEFS = 1024 # triggers of every item of the content
    MAX_ITEM_TRIGGERS = 8   # triggers of one item
    MAX_TRIGGER_DEPTH = 4   # triggers firing from inside triggers' programs, nested at most this deep
    TRIGGER_BUDGET = 256    # trigger programs each side may run in one step (a decision and what follows it)
    EVENTS_PER_MATCH = 2097152  # events one match's log keeps by default (12 bytes each: 24 MiB), B04

    MAX_HERO_DEFS = 128
    MAX_CARD_DEFS = 512
    MAX_UNIT_DEFS = 128
    MAX_PROGRAMS = 2048
    MAX_ENCOUNTERS = 64
    MAX_MOVES = 1024
    MAX_TASK_DEFS = 64
    MAX_START_CARDS = 16
    MAX_ROSTER = 6
    MAX_SETUP = 6
    # Encounter scripts: phases (nested by condition), entries (a move or a weighted pick),
    # script variables, and the assignments (`set`) a move makes
    MAX_SCRIPT_VARS = 4     # variables of one Encounter (`vars`)
    MAX_MOVE_SETS = 2       # assignments of one move (`set`)
    MAX_PICK = 8            # options of one weighted pick
    MAX_PHASE_DEPTH = 3     # phases inside phases
    MAX_PARTS = 512         # phases of the content (every Encounter's root included)
    MAX_ENTRIES = 1024      # script entries of the content
    SCRIPT_VAR_LIMIT = 9999 # a variable is held within [-limit, limit]
    MAX_REPEATS = 99        # the largest `max_repeats`
    # choices during resolution (`choose`, `choose_mode`, `discover`)
    MAX_CHOICE_OPTS = 64    # options of one pending choice: a zone's cards at most (MAX_CARDS)
    MAX_LOOK = 8            # Archive cards a `choose` looks at
    MAX_MODES = 4           # blocks of a `choose_mode`
    MAX_DISCOVER = 4        # card defs a `discover` offers
    MAX_DISCOVER_POOL = 16  # card defs of its pool
    MAX_TAGS = 16           # distinct tags of the content: the bits of CardDef.tags (G01)
    # the run (rules U01-U21): its content and its state
    MAX_ACTS = 8            # acts of a run
    MAX_ACT_POOL = 16       # Encounters of one act's fight, elite or boss pool
    MAX_FLOORS = 16         # floors of an act's map, its boss floor included
    MAP_WIDTH = 8           # columns of a map (an act uses `width` of them)
    RUN_NODE_KINDS = 7      # the node kinds (run_node codes 1..7): an act's `nodes` weights
    RARITY_WEIGHTS = 3      # common, uncommon, rare: what rewards and shops draw by
    MAX_RUN_OPTS = 8        # options of one event or site
    MAX_RUN_OPTIONS = 512   # options of every event and site of the content
    MAX_EVENT_DEFS = 128
    MAX_SITE_DEFS = 8
    MAX_RELICS = 16         # Relics a run holds
    MAX_OFFER = 8           # cards a reward offers; items a shop stocks
    RUN_LIMIT = 9999        # aurorune and max hp are held within [0, limit]
    RATING_LIMIT = 20       # Ambition and Morality are held within [-limit, limit]
    CHOICE_STOP = 255       # the source byte of the `choose` action that stops an `up_to` choice
    # lasting grants (rules A01-A05): stacks an aura or an `until` instruction gave, held while
    # their source stays; one a (source, unit, status) at most
    MAX_GRANTS = 32
    # counters (rules V01-V04): a pack's named ones, and one a card instance
    MAX_COUNTERS = 8        # the content's named counters
    COUNTER_LIMIT = 9999    # a counter is held within [-limit, limit]
    # P01: every intermediate value of the damage pipeline is held within [0, limit], hp's
    # int16 bound: then no product of a value and a percentage (at most 1,000) can overflow
    DAMAGE_LIMIT = 32767
    GRANT_POWER = -1        # a grant's `status` when it is power (a buff), not a status
    GRANT_MAX_HP = -2       # ... when it is max hp (a buff's `hp`, until the turn's end: A06)
    GRANT_TURN = 2          # a grant's `aura` (its kind) when it lasts until the turn's end
    SELF_GONE = -2          # a program's `self` that has left play since it began (P06)

# where a reaction can come from (Tables.reactions)
cdef enum:
    RX_CARD = 1             # a card with the reaction keyword, played from the Rift
    RX_HERO = 2             # a hero's reaction ability
    RX_CHARACTER = 4        # a character card's reaction ability
    RX_LATTICE = 8          # a reaction ability of a card in the Lattice (a Sortilege's)

# target codes inside an action / stack item
cdef enum:
    TGT_NONE = 255
    TGT_STACK_BASE = 32     # 32 + stack index
    TGT_CARD_BASE = 64      # 64 + card instance

# an action code: kind << 24 | source << 16 | target << 8 | lane (eve.encoding decodes it)

# the event fields of a Ctx, ev_kind .. ticking (int16 each), saved as one block
cdef enum:
    EV_FIELDS = 11

# ====================== structs ======================

ctypedef struct Unit:
    int16_t def_id      # hero def / card def / unit def; -1 = empty slot
    int16_t card        # origin card instance of a player character, -1 otherwise
    int16_t alive       # hero: living; character: occupies its slot
    int16_t is_token    # a character from a unit def (no card)
    int16_t hp
    int16_t max_hp
    int16_t power       # its own power; statuses with a `power` modifier add to it when read
    int16_t ready       # may attack this turn
    int16_t attacked    # attacked this turn
    int16_t used        # ability used this turn
    int16_t ambition
    int16_t morality
    int16_t uid         # identity of this entity for the match (fizzle checks)
    int16_t status[MAX_STATUSES]    # stacks of each status kind, by its index in the content
    int16_t tcount      # its trigger's limit: times fired / events counted (a trigger's `once`, `every`)
    int16_t tstamp      # the turn (round * 2 + side) they were counted in

ctypedef struct StackItem:
    int16_t kind
    int16_t side
    int16_t dead        # countered: a tombstone skipped when it reaches the top
    int16_t responded   # the Encounter's responder has looked at it
    int16_t card        # card instance being played, -1
    int16_t prog        # effect program, -1
    int16_t source      # unit id, TGT_CARD_BASE + card, or -1
    int16_t target      # target code
    int16_t lane
    int16_t def_id      # unit def for a summon
    int16_t source_uid  # uid of the source unit when it matters (attacks, unit abilities)
    int16_t target_uid  # uid of a unit target
    int16_t target_zone # zone a card target was in when chosen

ctypedef struct Zone:
    int16_t n
    int16_t c[MAX_CARDS]    # Archive: c[n-1] is the top

ctypedef struct Meter:
    int16_t capacity
    int16_t spent
    int16_t regen       # reserved by seed 002; always 0
    int16_t cost[N_CATS]

ctypedef struct Task:
    int16_t def_id
    int16_t active
    int16_t progress[2]

ctypedef struct Foe:
    int16_t enc             # encounter def
    int16_t script_pos
    int16_t intent          # move index (absolute) that will be made next
    int16_t intent_lane     # its lane when drawn at random as it was shown, else -1
    int16_t intent_target   # its unit target when drawn at random as it was shown, else -1
    int16_t intent_target_uid   # that unit's identity: gone by the move, the move fizzles
    int16_t initiative      # moves per turn
    int16_t init_left
    int16_t resp_used[MAX_RESPONSES]
    int16_t resp_charges[MAX_RESPONSES]
    int16_t part            # the script phase the intent was taken from (a leaf)
    int16_t last_move       # the move last made (absolute), -1: none yet
    int16_t repeats         # how many times in a row it was made
    int16_t vars[MAX_SCRIPT_VARS]

ctypedef struct Choice:
    # a resolution suspended at a choice instruction, resumed by the player's `choose` action
    int16_t kind            # CH_*; CH_NONE: nothing pending (every other field 0)
    int16_t side            # the side running the program (the player: the Encounter never waits)
    int16_t prog            # the program, and where it resumes (the instruction after the choice)
    int16_t pc
    int16_t self_unit
    int16_t target
    int16_t item_kind       # the Stack item being resolved (SI_*) and its card (-1 none)
    int16_t item_card
    int16_t place           # PL_*: where a chosen card goes (cards, discover)
    int16_t left            # cards still to choose
    int16_t up_to           # 1: the player may stop before `left` is 0
    int16_t self_uid        # the identities the program bound its self and target to (P06),
    int16_t target_uid      # 0 for what is not a unit
    int16_t killed          # the program's `killed` when it stopped (P07)
    int16_t n_opts
    int16_t opts[MAX_CHOICE_OPTS]   # card instances, mode indices or card defs, in offer order

ctypedef struct Grant:
    # stacks a source gave a unit, taken back when the source leaves (rule A02)
    int16_t src             # the source: a unit slot, or TGT_CARD_BASE + a card instance (a Relic)
    int16_t src_uid         # the source unit's uid (0 for a card)
    int16_t unit            # the unit given them, and its uid
    int16_t uid
    int16_t status          # the status index, or GRANT_POWER
    int16_t stacks          # what the grant added (after its status's cap)
    int16_t aura            # 1: an aura's (remade as units come and go); 0: an instruction's
                            # (until its source leaves); GRANT_TURN: until the turn's end, held
                            # by its unit itself (src, src_uid: the unit's own)

ctypedef struct State:
    uint64_t rng[MAX_STREAMS]
    int16_t phase
    int16_t active
    int16_t priority
    int16_t passes
    int16_t round
    int16_t outcome
    int16_t leader[2]
    int16_t n_hero_slots[2]
    int16_t trigger_depth
    int16_t next_uid
    int16_t decisions       # the player's decisions this turn (max_decisions_per_turn, rule X02)
    int16_t archive_known   # the Archive's top cards an effect put there face up (rule Z28)
    int16_t n_stack
    int16_t n_cards
    int16_t card_def[MAX_CARDS]
    int16_t card_zone[MAX_CARDS]
    int16_t card_charges[MAX_CARDS]
    int16_t card_tcount[MAX_CARDS]  # a card's trigger limit, as Unit.tcount
    int16_t card_tstamp[MAX_CARDS]
    int16_t card_counter[MAX_CARDS] # a card instance's own counter (`card.counter`)
    int16_t counters[MAX_COUNTERS]  # the content's named counters (`counter.NAME`), 0 past them
    Zone zones[N_ZONES]     # indexed by Z_*; Z_NONE, Z_WASTES and Z_STACK stay empty
    Unit units[MAX_UNITS]
    StackItem stack[MAX_STACK]
    Meter meter
    Task tasks[MAX_TASKS]
    Foe foe
    Choice choice
    # the grants in the order they were made; every slot past n_grants is zero
    int16_t n_grants
    Grant grants[MAX_GRANTS]

ctypedef struct Event:
    int16_t kind
    int16_t side
    int16_t a
    int16_t b
    int16_t c
    int16_t d

# ---------------- compiled content ----------------

# the records of the Tables block (Config, HeroDef, CardDef, ...), generated from
# eve/core/records.py, which also packs the compiler's records into them
include "records.pxi"

ctypedef struct Tables:
    Config cfg
    int16_t n_heroes
    int16_t n_cards
    int16_t n_units
    int16_t n_progs
    int16_t n_encs
    int16_t n_moves
    int16_t n_tasks
    int16_t n_statuses
    int16_t n_auras         # hero, card and unit defs with an aura: 0, and no aura code runs
    int16_t n_counters
    int16_t n_turn_counters             # the counters reset at each turn's Beginning
    int16_t turn_counters[MAX_COUNTERS]
    # status indices with a part in each step, so that the hot paths loop over just those
    int16_t n_power_st
    int16_t power_st[MAX_STATUSES]
    int16_t n_damage_st
    int16_t damage_st[MAX_STATUSES]
    int16_t caps                        # 1 when some status caps a hit (D03): a cheap exit
    int16_t n_shield_st                 # modifying the shield its unit gains (D02)
    int16_t shield_st[MAX_STATUSES]
    int16_t n_start_st                  # ticking or decaying at its owner's turn start
    int16_t start_st[MAX_STATUSES]
    int16_t n_end_st                    # ... at its turn end
    int16_t end_st[MAX_STATUSES]
    StatusDef statuses[MAX_STATUSES]
    int16_t n_trigs
    int16_t listens[N_TRIGGERS]     # 1 when some trigger answers this event: a cheap exit
    # ... and by the kind of listener, so that fire_event walks only the listeners that can
    # answer: a hero's, a unit's or a character card's (in play), a card's from a zone, a status's
    int16_t unit_listens[N_TRIGGERS]
    int16_t card_listens[N_TRIGGERS]    # bit z: a card's trigger listens from zone z
    int16_t status_listens[N_TRIGGERS]
    # bit e: some trigger of this hero, card or unit def answers event e
    int32_t hero_on[MAX_HERO_DEFS]
    int32_t card_on[MAX_CARD_DEFS]
    int32_t unit_on[MAX_UNIT_DEFS]
    # RX_* bits: the kinds of reaction the content has at all, so that a response window
    # (met at every item on the Stack) looks only where a reaction could be
    int16_t reactions
    int16_t taunts          # 1 when some character card or unit def taunts (K01)
    int16_t n_trig_st               # statuses with triggers
    int16_t trig_st[MAX_STATUSES]
    TriggerDef trigs[MAX_TRIGGER_DEFS]
    int16_t n_parts
    int16_t n_entries
    HeroDef heroes[MAX_HERO_DEFS]
    CardDef cards[MAX_CARD_DEFS]
    UnitDef units[MAX_UNIT_DEFS]
    int16_t unit_tags[MAX_UNIT_DEFS]    # a unit def's tags (G01), read only by filters (G03)
    int16_t prog_len[MAX_PROGRAMS]
    int16_t prog_target[MAX_PROGRAMS]
    int32_t prog_off[MAX_PROGRAMS]      # where each program starts in `code`, in instructions
    int32_t n_code          # instructions of the pool in use
    # every program end to end: a fixed stride per program would leave the table mostly empty
    int16_t code[CODE_POOL * INSTR_WORDS]
    int16_t expr[EXPR_POOL]
    int32_t n_expr          # words of the pool in use
    EncDef encs[MAX_ENCOUNTERS]
    Move moves[MAX_MOVES]
    ScriptPart parts[MAX_PARTS]
    ScriptEntry entries[MAX_ENTRIES]
    TaskDef tasks[MAX_TASK_DEFS]

# The context every rules function gets: the content, and where events go (NULL in playouts).
ctypedef struct Ctx:
    const Tables* tb
    Event* ev
    int32_t n_ev
    int32_t cap_ev
    int32_t lost_ev         # events not kept: past max_ev, or an allocation failed (B04)
    int32_t max_ev          # the most events the buffer may hold (Config.max_events)
    # 1 only in the search's determinizations: a draw takes a uniformly random card of the
    # Archive, which is a shuffle done lazily (cards never drawn are never placed); 0 in a match
    int32_t draw_at_random
    # the event a trigger answers, for its filter and program (`event.amount`...); ev_kind 0: none
    # trigger programs each side may still run in this step (TRIGGER_BUDGET each, E19/B02):
    # a side's programs spend its own, so one side's loop never silences the other's triggers
    int32_t trig_budget[2]
    int16_t ev_kind
    int16_t ev_side
    int16_t ev_unit
    int16_t ev_amount
    int16_t ev_max_hp
    int16_t ev_power
    int16_t ev_hp
    int16_t ev_card_kind
    # the unit that dealt the event's damage and the event's card instance (-1: none), and
    # whether a status's tick is running (its damage is dealt by no unit); fire_event saves
    # the fields ev_kind .. ticking as one block, and runs its triggers with ticking 0
    int16_t ev_source
    int16_t ev_card
    int16_t ticking
    int16_t killed          # the running program's last `damage` instruction killed a unit
    int16_t card            # the card instance whose program runs (`card.counter`), -1 none
    # a unit that died, as it was, for its own `dies` triggers (its slot is cleared by then)
    const Unit* ghost
    int32_t ghost_u
    # the caller of fire_event sets the event's source and card through nx_* (one more than
    # the value, 0: none), only for an event something listens to; fire_event takes and clears
    # them, so that no other caller passes them
    int16_t nx_source
    int16_t nx_card
    # set by zones when the Archive is shuffled: the `shuffled` event fires once it is safe
    int16_t shuffled


cdef inline void new_step(Ctx* cx) noexcept nogil:
    """A step of the game begins (a decision, or the match's start): each side's trigger
    budget is full again (E19, B01), set here only."""
    cx.trig_budget[0] = TRIGGER_BUDGET
    cx.trig_budget[1] = TRIGGER_BUDGET


cdef inline void ctx_init(Ctx* cx, const Tables* tb, int draw_at_random) noexcept nogil:
    """A context with every field set: the content, no event buffer, and how draws are made.
    (A Ctx is a stack local at most call sites; a field left unset would be garbage.)"""
    memset(cx, 0, sizeof(Ctx))
    cx.tb = tb
    cx.card = -1
    new_step(cx)
    cx.draw_at_random = draw_at_random

