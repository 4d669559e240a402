# The flat C data of a match: capacities, enums and the State / Tables structs.
#
# Why int16 everywhere in State: every sub-struct is made of 2-byte fields only, so no struct has
# interior padding and the state hash (over the raw bytes) and clone (one memcpy) are exact.
from libc.stdint cimport int16_t, int32_t, uint64_t
from libc.string cimport memset

# ---- capacities (structural limits, checked when content is compiled; not balance numbers) ----
cdef enum:
    MAX_CARDS = 64          # card instances in one match (the player's deck)
    MAX_HERO_SLOTS = 8      # per side; the player uses config.player_hero_slots of them
    MAX_LANES = 8           # per side; the match uses config.lanes of them
    UNITS_PER_SIDE = 16     # unit id = side * 16 + slot; slots 0..7 heroes, 8..15 lane characters
    CHAR_BASE = 8
    MAX_UNITS = 32
    MAX_STACK = 24
    MAX_TASKS = 6
    MAX_RESPONSES = 4       # scripted response rules per Encounter
    MAX_ACTIONS = 8192      # above any reachable count ((64 + 8 heroes + 8 characters) x 64 targets)
    MAX_STREAMS = 4

    MAX_PROG_LEN = 8
    INSTR_WORDS = 4         # op, selector, a, b

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

# ---- sides, zones, phases ----
cdef enum:
    PLAYER = 0
    ENCOUNTER = 1

cdef enum:
    Z_NONE = 0      # not in the match (never used for a live card)
    Z_ARCHIVE = 1
    Z_RIFT = 2
    Z_LATTICE = 3
    Z_WASTES = 4
    Z_ABYSS = 5
    Z_VOID = 6
    Z_STACK = 7     # a card being played: on the Stack, in no zone
    N_ZONES = 8

cdef enum:
    PH_BEGINNING = 0
    PH_MAIN = 1
    PH_COMBAT = 2
    PH_END = 3

cdef enum:
    OUT_NONE = 0
    OUT_WIN = 1
    OUT_LOSS = 2

# ---- streams (RULES.md: named SplitMix64 streams) ----
cdef enum:
    STREAM_SHUFFLE = 0
    STREAM_ENCOUNTER = 1

# ---- Action Meter categories ----
cdef enum:
    CAT_PLAY_SUPPORT = 0
    CAT_DEPLOY = 1
    CAT_ACTIVATE = 2
    CAT_ATTACK = 3
    N_CATS = 4

# ---- card kinds and keywords ----
cdef enum:
    CK_CHARACTER = 0
    CK_SORTILEGE = 1
    CK_RELIC = 2

cdef enum:
    KW_REACTION = 1
    KW_SWIFT = 2

# ---- target specs (what a card/ability asks the player to choose) ----
cdef enum:
    T_NONE = 0
    T_FOE = 1           # a living foe hero or character
    T_ALLY = 2
    T_ANY = 3
    T_FOE_CHAR = 4
    T_ALLY_CHAR = 5
    T_FOE_HERO = 6
    T_ALLY_HERO = 7
    T_FOE_STACK = 8     # a live Stack item pushed by the other side (counters)
    T_VOID_CARD = 9
    T_LATTICE_CARD = 10
    N_TARGET_SPECS = 11

# target codes inside an action / stack item
cdef enum:
    TGT_NONE = 255
    TGT_STACK_BASE = 32     # 32 + stack index
    TGT_CARD_BASE = 64      # 64 + card instance

# ---- effect instruction set ----
cdef enum:
    OP_END = 0
    OP_DAMAGE = 1
    OP_HEAL = 2
    OP_SHIELD = 3
    OP_POISON = 4
    OP_DRAW = 5
    OP_DISCARD = 6
    OP_EXILE = 7        # a character's origin card, or a Lattice card, to the Void (explicit)
    OP_RETURN = 8       # a Void card to the Rift (explicit)
    OP_DESTROY = 9      # a Lattice card to the Abyss
    OP_COUNTER = 10
    OP_SUMMON = 11      # a = unit def
    OP_BUFF = 12
    OP_TASK = 13        # a = task def (-1: every active task), b = amount
    N_OPS = 14

# selectors: which entities an instruction acts on
cdef enum:
    SEL_TARGET = 0
    SEL_SELF = 1            # the unit that is the source (activator, deployed character)
    SEL_OWN_LEADER = 2      # leader-else-first-living of the owner's side
    SEL_FOE_LEADER = 3
    SEL_ALL_FOES = 4
    SEL_ALL_FOE_CHARS = 5
    SEL_ALL_ALLIES = 6
    SEL_ALL_ALLY_HEROES = 7
    SEL_ALL_ALLY_CHARS = 8
    SEL_NEWEST_VOID = 9     # the most recent card in the Void
    SEL_NEWEST_LATTICE = 10 # the most recent card in the Lattice
    SEL_NONE = 11           # side-level ops: draw, discard, summon, task
    N_SELS = 12

# ---- triggers (Relics) ----
cdef enum:
    TR_NONE = 0
    TR_TURN_START = 1
    TR_TURN_END = 2
    TR_ALLY_DEPLOY = 3
    TR_ALLY_HERO_DAMAGED = 4
    N_TRIGGERS = 5

# ---- task goals ----
cdef enum:
    G_DAMAGE = 0
    G_DEPLOY = 1
    G_KILLS = 2
    G_ROUNDS = 3
    G_CARDS = 4
    G_HEAL = 5
    G_EFFECT = 6        # only advanced by the OP_TASK instruction
    N_GOALS = 7

# ---- actions: kind << 24 | src << 16 | tgt << 8 | lane ----
cdef enum:
    A_PASS = 1
    A_END_PHASE = 2
    A_PLAY = 3
    A_ACTIVATE = 4
    A_ATTACK = 5

# ---- stack item kinds ----
cdef enum:
    SI_CARD = 1
    SI_ABILITY = 2
    SI_ATTACK = 3
    SI_MOVE = 4         # an Encounter move (effect program or summon)

# ---- Encounter moves ----
cdef enum:
    MV_EFFECT = 0
    MV_SUMMON = 1
    MV_ATTACK = 2

cdef enum:
    LANE_FIXED = 0
    LANE_FIRST_EMPTY = 1
    LANE_STRONGEST = 2      # the player's character with the most power (ties: lowest lane)
    LANE_RANDOM = 3         # drawn from the encounter stream

cdef enum:
    ESEL_NONE = 0
    ESEL_FOE_LEADER = 1
    ESEL_STRONGEST_FOE_CHAR = 2
    ESEL_WEAKEST_FOE = 3
    ESEL_RANDOM_FOE = 4
    ESEL_OWN_LEADER = 5
    ESEL_WEAKEST_ALLY = 6
    ESEL_NEWEST_LATTICE = 7
    N_ESELS = 8

cdef enum:
    COND_NONE = 0
    COND_RANDOM_PCT = 1         # alt if a draw in [0,100) < arg
    COND_OWN_HP_BELOW_PCT = 2   # alt if the Encounter's leader hp*100 < arg*max
    COND_FOE_CHARS_AT_LEAST = 3
    COND_ROUND_AT_LEAST = 4
    N_CONDS = 5

cdef enum:
    RESP_ON_DEPLOY = 0
    RESP_ON_SUPPORT = 1
    RESP_ON_ABILITY = 2
    RESP_ON_ATTACK = 3
    RESP_ON_ANY = 4
    N_RESP_ON = 5

# ---- events ----
cdef enum:
    EV_MOVE = 1         # card, from, to, explicit
    EV_DAMAGE = 2       # unit, amount(hp), absorbed, source side
    EV_HEAL = 3
    EV_DEATH = 4        # unit (character leaves play)
    EV_HERO_FALLS = 5   # unit
    EV_LEADER = 6       # side, new leader slot
    EV_PHASE = 7        # side, phase, round
    EV_PUSH = 8         # side, kind, index
    EV_RESOLVE = 9
    EV_FIZZLE = 10
    EV_COUNTER = 11     # countered index
    EV_SHUFFLE = 12     # cards shuffled
    EV_DRAW_SKIPPED = 13
    EV_METER = 14       # capacity, spent
    EV_STATUS = 15      # unit, kind(0 shield,1 poison,2 power), value
    EV_TASK = 16        # task slot, side, progress
    EV_TASK_DONE = 17
    EV_OUTCOME = 18
    EV_SUMMON = 19      # unit, def
    EV_PASS = 20
    EV_INTENT = 21

# ====================== structs ======================

ctypedef struct Unit:
    int16_t def_id      # hero def / card def / unit def; -1 = empty slot
    int16_t card        # origin card instance of a player character, -1 otherwise
    int16_t alive       # hero: living; character: occupies its slot
    int16_t is_token    # a character from a unit def (no card)
    int16_t hp
    int16_t max_hp
    int16_t power
    int16_t poison
    int16_t shield
    int16_t ready       # may attack this turn
    int16_t attacked    # attacked this turn
    int16_t used        # ability used this turn
    int16_t ambition
    int16_t morality
    int16_t uid         # identity of this entity for the match (fizzle checks)

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
    int16_t initiative      # moves per turn
    int16_t init_left
    int16_t resp_used[MAX_RESPONSES]
    int16_t resp_charges[MAX_RESPONSES]

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
    int16_t n_stack
    int16_t n_cards
    int16_t card_def[MAX_CARDS]
    int16_t card_zone[MAX_CARDS]
    int16_t card_charges[MAX_CARDS]
    Zone zones[N_ZONES]     # indexed by Z_*; Z_NONE, Z_WASTES and Z_STACK stay empty
    Unit units[MAX_UNITS]
    StackItem stack[MAX_STACK]
    Meter meter
    Task tasks[MAX_TASKS]
    Foe foe

ctypedef struct Event:
    int16_t kind
    int16_t side
    int16_t a
    int16_t b
    int16_t c
    int16_t d

# ---------------- compiled content ----------------

ctypedef struct Config:
    int16_t player_hero_slots
    int16_t lanes
    int16_t hand_floor
    int16_t opening_hand
    int16_t max_rounds
    int16_t meter_base
    int16_t cost[N_CATS]
    int16_t morality_high       # morality >= this: PlaySupport discount
    int16_t morality_low        # morality <= this: Attack discount
    int16_t support_discount
    int16_t attack_discount

ctypedef struct HeroDef:
    int16_t max_hp
    int16_t power
    int16_t ambition
    int16_t morality
    int16_t ability_prog
    int16_t ability_target
    int16_t ability_reaction
    int16_t n_start
    int16_t start_cards[MAX_START_CARDS]

ctypedef struct CardDef:
    int16_t kind
    int16_t keywords
    int16_t power
    int16_t hp
    int16_t charges
    int16_t play_target         # target of the on-enter program
    int16_t on_enter            # program run when it resolves, -1
    int16_t ability_prog        # activated ability, -1
    int16_t ability_target
    int16_t ability_reaction
    int16_t trigger             # TR_*
    int16_t trigger_prog
    int16_t ally_power          # static: + power to allied characters' attacks

ctypedef struct UnitDef:
    int16_t power
    int16_t hp
    int16_t keywords

ctypedef struct Move:
    int16_t kind
    int16_t phase           # PH_MAIN or PH_COMBAT
    int16_t prog
    int16_t def_id          # unit def (summon)
    int16_t attacker        # hero slot, -1 = leader
    int16_t lane_sel
    int16_t lane
    int16_t target_sel      # ESEL_*
    int16_t cond
    int16_t cond_arg
    int16_t alt             # absolute move index

ctypedef struct ResponseRule:
    int16_t on
    int16_t counter         # 1: counter the item, else run prog
    int16_t prog
    int16_t target_sel
    int16_t per_round
    int16_t charges         # -1 = unlimited

ctypedef struct EncDef:
    int16_t n_roster
    int16_t roster[MAX_ROSTER]      # hero defs
    int16_t n_setup
    int16_t setup_units[MAX_SETUP]  # unit defs summoned at match start, lanes in order
    int16_t n_tasks
    int16_t tasks[MAX_TASKS]
    int16_t initiative
    int16_t first_move
    int16_t n_moves
    int16_t n_resp
    ResponseRule resp[MAX_RESPONSES]

ctypedef struct TaskDef:
    int16_t goal
    int16_t threshold
    int16_t reward_prog

ctypedef struct Tables:
    Config cfg
    int16_t n_heroes
    int16_t n_cards
    int16_t n_units
    int16_t n_progs
    int16_t n_encs
    int16_t n_moves
    int16_t n_tasks
    HeroDef heroes[MAX_HERO_DEFS]
    CardDef cards[MAX_CARD_DEFS]
    UnitDef units[MAX_UNIT_DEFS]
    int16_t prog_len[MAX_PROGRAMS]
    int16_t prog_target[MAX_PROGRAMS]
    int16_t code[MAX_PROGRAMS * MAX_PROG_LEN * INSTR_WORDS]
    EncDef encs[MAX_ENCOUNTERS]
    Move moves[MAX_MOVES]
    TaskDef tasks[MAX_TASK_DEFS]

# The context every rules function gets: the content, and where events go (NULL in playouts).
ctypedef struct Ctx:
    const Tables* tb
    Event* ev
    int32_t n_ev
    int32_t cap_ev
    int32_t lost_ev
    # 1 only in the search's determinizations: a draw takes a uniformly random card of the
    # Archive, which is a shuffle done lazily (cards never drawn are never placed); 0 in a match
    int32_t draw_at_random


cdef inline void ctx_init(Ctx* cx, const Tables* tb, int draw_at_random) noexcept nogil:
    """A context with every field set: the content, no event buffer, and how draws are made.
    (A Ctx is a stack local at most call sites; a field left unset would be garbage.)"""
    memset(cx, 0, sizeof(Ctx))
    cx.tb = tb
    cx.draw_at_random = draw_at_random
