# GENERATED from src/eve/core/vocabulary.py by `python -m eve.core.vocabulary --pxd`: do not edit.
# setup.py regenerates it before every build; tests/test_vocabulary.py checks it is current.

# Sides
cdef enum:
    PLAYER = 0
    ENCOUNTER = 1

# Zones
cdef enum:
    Z_NONE = 0
    Z_ARCHIVE = 1
    Z_RIFT = 2
    Z_LATTICE = 3
    Z_WASTES = 4
    Z_ABYSS = 5
    Z_VOID = 6
    Z_STACK = 7
    N_ZONES = 8

# Phases
cdef enum:
    PH_BEGINNING = 0
    PH_MAIN = 1
    PH_COMBAT = 2
    PH_END = 3

# Outcomes
cdef enum:
    OUT_NONE = 0
    OUT_WIN = 1
    OUT_LOSS = 2
    OUT_TIMEOUT = 3

# Random streams
cdef enum:
    STREAM_SHUFFLE = 0
    STREAM_ENCOUNTER = 1

# Action Meter categories
cdef enum:
    CAT_PLAY_SUPPORT = 0
    CAT_DEPLOY = 1
    CAT_ACTIVATE = 2
    CAT_ATTACK = 3
    N_CATS = 4

# Card kinds
cdef enum:
    CK_CHARACTER = 0
    CK_SORTILEGE = 1
    CK_RELIC = 2

# Keywords
cdef enum:
    KW_REACTION = 1
    KW_SWIFT = 2
    KW_TAUNT = 4

# Targets (what a card or ability asks the player to choose)
cdef enum:
    T_NONE = 0
    T_FOE = 1
    T_ALLY = 2
    T_ANY = 3
    T_FOE_CHAR = 4
    T_ALLY_CHAR = 5
    T_FOE_HERO = 6
    T_ALLY_HERO = 7
    T_FOE_STACK = 8
    T_VOID_CARD = 9
    T_LATTICE_CARD = 10
    T_RIFT_CARD = 11
    T_ABYSS_CARD = 12
    T_STACK_CARD = 13
    N_TARGET_SPECS = 14

# Effect instructions
cdef enum:
    OP_END = 0
    OP_DAMAGE = 1
    OP_HEAL = 2
    OP_SHIELD = 3
    OP_POISON = 4
    OP_DRAW = 5
    OP_DISCARD = 6
    OP_EXILE = 7
    OP_RETURN = 8
    OP_DESTROY = 9
    OP_COUNTER = 10
    OP_SUMMON = 11
    OP_BUFF = 12
    OP_TASK = 13
    OP_IF = 14
    OP_STATUS = 15
    OP_REMOVE_STATUS = 16
    OP_PUT = 17
    OP_DEPLOY = 18
    OP_MILL = 19
    OP_CREATE = 20
    OP_COPY = 21
    OP_CHOOSE = 22
    OP_CHOOSE_MODE = 23
    OP_DISCOVER = 24
    OP_ADD_COUNTER = 25
    OP_SET_COUNTER = 26
    OP_SCRY = 27
    OP_REINTENT = 28
    OP_END_TURN = 29
    OP_SPLIT = 30
    OP_HEAL_SHARE = 31
    OP_RESTORE = 32
    OP_HURT = 33
    OP_MAX_HP = 34
    OP_AMBITION = 35
    OP_MORALITY = 36
    OP_GAIN_AURORUNE = 37
    OP_LOSE_AURORUNE = 38
    OP_ADD_CARD = 39
    OP_REMOVE_CARD = 40
    OP_UPGRADE_CARD = 41
    OP_GAIN_RELIC = 42
    N_OPS = 43

# Expression nodes (internal: the compiled form of an expression)
cdef enum:
    E_CONST = 0
    E_ATTR = 1
    E_COUNT = 2
    E_ROUND = 3
    E_ADD = 4
    E_SUB = 5
    E_MUL = 6
    E_DIV = 7
    E_MIN = 8
    E_MAX = 9
    E_NEG = 10
    E_LT = 11
    E_LE = 12
    E_GT = 13
    E_GE = 14
    E_EQ = 15
    E_NE = 16
    E_AND = 17
    E_OR = 18
    E_NOT = 19
    E_CLAMP = 20
    E_STATUS = 21
    E_VAR = 22
    E_EVENT = 23
    E_MY_TURN = 24
    E_KILLED = 25
    E_COUNTER = 26
    E_CARD_COUNTER = 27
    E_REPEATS = 28
    N_EXPR_OPS = 29

# Units an expression reads (`self.hp`, `target.poison`)
cdef enum:
    ER_SELF = 0
    ER_TARGET = 1
    ER_OWN_LEADER = 2
    ER_FOE_LEADER = 3
    N_EXPR_REFS = 4

# Unit attributes an expression reads (0 for a unit that is not there)
cdef enum:
    EA_HP = 0
    EA_MAX_HP = 1
    EA_POWER = 2
    EA_SHIELD = 3
    EA_POISON = 4
    EA_ALIVE = 5
    N_EXPR_ATTRS = 6

# What a trigger's expressions read of its event (`event.amount`; 0 outside a trigger)
cdef enum:
    EE_AMOUNT = 0
    EE_MAX_HP = 1
    EE_POWER = 2
    EE_HP = 3
    EE_CARD_KIND = 4
    EE_SIDE = 5
    EE_SOURCE_SIDE = 6
    EE_SOURCE_POWER = 7
    EE_SOURCE_HERO = 8
    N_EXPR_EVENTS = 9

# What `count(...)` counts in an expression
cdef enum:
    EC_ARCHIVE = 0
    EC_RIFT = 1
    EC_LATTICE = 2
    EC_ABYSS = 3
    EC_VOID = 4
    EC_STACK = 5
    EC_ALLY_CHARACTERS = 6
    EC_FOE_CHARACTERS = 7
    EC_ALLY_HEROES = 8
    EC_FOE_HEROES = 9
    N_EXPR_COUNTS = 10

# Selectors (which units an instruction acts on: `to`)
cdef enum:
    SEL_TARGET = 0
    SEL_SELF = 1
    SEL_OWN_LEADER = 2
    SEL_FOE_LEADER = 3
    SEL_ALL_FOES = 4
    SEL_ALL_FOE_CHARS = 5
    SEL_ALL_ALLIES = 6
    SEL_ALL_ALLY_HEROES = 7
    SEL_ALL_ALLY_CHARS = 8
    SEL_NEWEST_VOID = 9
    SEL_NEWEST_LATTICE = 10
    SEL_NONE = 11
    SEL_SOURCE = 12
    SEL_EVENT_CARD = 13
    SEL_RANDOM_FOE = 14
    SEL_RANDOM_FOE_HERO = 15
    SEL_RANDOM_FOE_CHAR = 16
    SEL_RANDOM_ALLY = 17
    SEL_RANDOM_ALLY_CHAR = 18
    SEL_RANDOM_OTHER_ALLY = 19
    SEL_RANDOM_OTHER_ALLY_CHAR = 20
    SEL_THIS_CARD = 21
    SEL_PARTY = 22
    SEL_CHOSEN_HERO = 23
    SEL_RANDOM_HERO = 24
    SEL_CHOSEN_CARD = 25
    SEL_RANDOM_CARD = 26
    N_SELS = 27

# Places a card is put, created or copied into (`into`)
cdef enum:
    PL_ARCHIVE_TOP = 0
    PL_ARCHIVE_BOTTOM = 1
    PL_ARCHIVE_SHUFFLED = 2
    PL_RIFT = 3
    PL_ABYSS = 4
    PL_VOID = 5
    N_PLACES = 6

# How a card moved (a `move` event's `how`): enough to rebuild the Archive from the log
cdef enum:
    MH_RULE = 0
    MH_EFFECT = 1
    MH_BOTTOM = 2
    MH_SHUFFLED = 3

# Where a `choose` instruction's cards come from (`from`)
cdef enum:
    CF_RIFT = 0
    CF_ABYSS = 1
    CF_VOID = 2
    CF_LATTICE = 3
    CF_ARCHIVE_TOP = 4
    N_CHOICE_FROM = 5

# The kind of a choice pending in a resolution (internal: the state)
cdef enum:
    CH_NONE = 0
    CH_CARDS = 1
    CH_MODE = 2
    CH_DISCOVER = 3

# Relic triggers
cdef enum:
    TR_NONE = 0
    TR_TURN_START = 1
    TR_TURN_END = 2
    TR_ALLY_DEPLOY = 3
    TR_ALLY_HERO_DAMAGED = 4
    TR_FOE_TURN_START = 5
    TR_FOE_TURN_END = 6
    TR_MATCH_START = 7
    TR_CARD_PLAYED = 8
    TR_ATTACK = 9
    TR_DAMAGE_TAKEN = 10
    TR_DAMAGE_DEALT = 11
    TR_DIES = 12
    TR_SUMMONED = 13
    TR_DRAWN = 14
    TR_DISCARDED = 15
    TR_EXILED = 16
    TR_TASK_COMPLETED = 17
    TR_STATUS_APPLIED = 18
    TR_SHIELD_BROKEN = 19
    TR_HEALED = 20
    TR_MATCH_END = 21
    TR_SHUFFLED = 22
    TR_CARD_RESOLVED = 23
    TR_BEFORE_DAMAGE_TAKEN = 24
    TR_BEFORE_DAMAGE_DEALT = 25
    N_TRIGGERS = 26

# Whose event a trigger answers (`who`), from the listener's side
cdef enum:
    TW_ANY = 0
    TW_SELF = 1
    TW_ALLY = 2
    TW_FOE = 3

# How often a trigger may fire (`once`; `every` counts `per`)
cdef enum:
    TL_NONE = 0
    TL_TURN = 1
    TL_MATCH = 2

# Who dealt the damage a trigger answers (`source`), from the listener's side
cdef enum:
    TS_ANY = 0
    TS_SELF = 1
    TS_ALLY = 2
    TS_FOE = 3
    TS_NONE = 4

# Which kind of unit a trigger's subject is (`unit`)
cdef enum:
    TU_ANY = 0
    TU_HERO = 1
    TU_CHARACTER = 2

# Which card a card event's trigger answers (`card`, beside the kinds)
cdef enum:
    TC_ANY = 0
    TC_SELF = 1

# The standard statuses (eve.statuses: every content has them, first)
cdef enum:
    STATUS_SHIELD = 0
    STATUS_POISON = 1

# How a status's stacks read (`stacking`)
cdef enum:
    SS_INTENSITY = 0
    SS_DURATION = 1

# Whom a status helps (`polarity`: rules text and the baselines' evaluation)
cdef enum:
    SP_BUFF = 0
    SP_DEBUFF = 1

# When a status ticks or decays (`at`): its owner's turn
cdef enum:
    ST_NEVER = 0
    ST_TURN_START = 1
    ST_TURN_END = 2

# When a status spends a stack by itself (`spend`)
cdef enum:
    SX_NEVER = 0
    SX_DEALT = 1
    SX_TAKEN = 2

# How much a status loses when it decays (`decay.by`)
cdef enum:
    SD_ONE = 0
    SD_ALL = 1

# World Task goals
cdef enum:
    G_DAMAGE = 0
    G_DEPLOY = 1
    G_KILLS = 2
    G_ROUNDS = 3
    G_CARDS = 4
    G_HEAL = 5
    G_EFFECT = 6
    N_GOALS = 7

# Action kinds
cdef enum:
    A_PASS = 1
    A_END_PHASE = 2
    A_PLAY = 3
    A_ACTIVATE = 4
    A_ATTACK = 5
    A_CHOOSE = 6
    A_RECRUIT = 7
    A_TRAVEL = 8
    A_TAKE = 9
    A_REMOVE = 10
    A_OPTION = 11
    A_LEAVE = 12

# Stack item kinds
cdef enum:
    SI_CARD = 1
    SI_ABILITY = 2
    SI_ATTACK = 3
    SI_MOVE = 4

# Encounter move kinds
cdef enum:
    MV_EFFECT = 0
    MV_SUMMON = 1
    MV_ATTACK = 2
    MV_WAIT = 3

# Encounter lane choices
cdef enum:
    LANE_FIXED = 0
    LANE_FIRST_EMPTY = 1
    LANE_STRONGEST = 2
    LANE_RANDOM = 3

# Encounter effect targets
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

# Script branch conditions (`unless.if`)
cdef enum:
    COND_NONE = 0
    COND_RANDOM_PCT = 1
    COND_OWN_HP_BELOW_PCT = 2
    COND_FOE_CHARS_AT_LEAST = 3
    COND_ROUND_AT_LEAST = 4
    COND_EXPR = 5
    N_CONDS = 6

# What an Encounter response rule answers (`on`)
cdef enum:
    RESP_ON_DEPLOY = 0
    RESP_ON_SUPPORT = 1
    RESP_ON_ABILITY = 2
    RESP_ON_ATTACK = 3
    RESP_ON_ANY = 4
    N_RESP_ON = 5

# Event kinds and their fields
cdef enum:
    EV_MOVE = 1
    EV_DAMAGE = 2
    EV_HEAL = 3
    EV_DEATH = 4
    EV_HERO_FALLS = 5
    EV_LEADER = 6
    EV_PHASE = 7
    EV_PUSH = 8
    EV_RESOLVE = 9
    EV_FIZZLE = 10
    EV_COUNTER = 11
    EV_SHUFFLE = 12
    EV_DRAW_SKIPPED = 13
    EV_METER = 14
    EV_STATUS = 15
    EV_TASK = 16
    EV_TASK_DONE = 17
    EV_OUTCOME = 18
    EV_SUMMON = 19
    EV_PASS = 20
    EV_INTENT = 21
    EV_CHOICE = 22
    EV_RUN_NODE = 23
    EV_RUN_CARD = 24
    EV_RUN_AURORUNE = 25
    EV_RUN_HERO = 26
    EV_RUN_FELL = 27
    EV_RUN_RELIC = 28
    EV_RUN_OUTCOME = 29

# Why an action is refused (IllegalAction.code)
cdef enum:
    R_OK = 0
    R_OVER = 1
    R_MALFORMED = 2
    R_NO_WINDOW = 3
    R_NOT_YOUR_TURN = 4
    R_STACK_BUSY = 5
    R_WRONG_PHASE = 6
    R_NOT_IN_RIFT = 7
    R_REACTION_ONLY = 8
    R_NOT_REACTION = 9
    R_UNAFFORDABLE = 10
    R_BAD_TARGET = 11
    R_BAD_LANE = 12
    R_LANE_OCCUPIED = 13
    R_NO_ABILITY = 14
    R_ALREADY_USED = 15
    R_NO_CHARGES = 16
    R_NOT_READY = 17
    R_ALREADY_ATTACKED = 18
    R_BAD_SOURCE = 19
    R_STACK_FULL = 20
    R_TURN_LIMIT = 21
    R_PLAY_CONDITION = 22
    R_CHOICE_PENDING = 23
    R_NO_CHOICE = 24

# Whom an aura gives its stacks (`aura.who`), from its source's side
cdef enum:
    AW_ALLIES = 0
    AW_OTHER_ALLIES = 1
    AW_ALLY_CHARS = 2
    AW_OTHER_ALLY_CHARS = 3
    AW_ALLY_HEROES = 4
    AW_FOES = 5
    AW_FOE_CHARS = 6
    AW_FOE_HEROES = 7
    N_AURA_WHO = 8

# When a pack's counter goes back to 0 (`reset`)
cdef enum:
    CR_MATCH = 0
    CR_TURN = 1

# How long an instruction's stacks last (`until`)
cdef enum:
    UNTIL_SOURCE_LEAVES = 0
    UNTIL_TURN_END = 1

# Map node kinds of a run (rule U09)
cdef enum:
    RN_FIGHT = 1
    RN_ELITE = 2
    RN_EVENT = 3
    RN_SANCTUM = 4
    RN_FORGE = 5
    RN_SHOP = 6
    RN_BOSS = 7
    N_RUN_NODES = 8

# Card rarities (rule U10)
cdef enum:
    RAR_STARTER = 0
    RAR_COMMON = 1
    RAR_UNCOMMON = 2
    RAR_RARE = 3
    RAR_SPECIAL = 4
    N_RARITIES = 5

# What a run waits for (internal: the state)
cdef enum:
    RP_PARTY = 0
    RP_PATH = 1
    RP_FIGHT = 2
    RP_REWARD = 3
    RP_SITE = 4
    RP_SHOP = 5
    RP_EVENT = 6
    RP_OVER = 7

# What a run option asks the player to pick (`target`)
cdef enum:
    RT_NONE = 0
    RT_HERO = 1
    RT_CARD = 2
    RT_UPGRADABLE = 3

# What a run option's condition (`if`) reads
cdef enum:
    RV_AURORUNE = 0
    RV_PARTY = 1
    RV_DECK = 2
    RV_ACT = 3
    RV_FLOOR = 4
    RV_HP = 5
    RV_MAX_HP = 6
    RV_RELICS = 7

# Comparisons of a run option's condition
cdef enum:
    CMP_GE = 0
    CMP_LE = 1
    CMP_EQ = 2
    CMP_NE = 3
    CMP_GT = 4
    CMP_LT = 5

# What a Relic's run trigger answers (`run.on`)
cdef enum:
    RE_PICKED_UP = 0
    RE_FIGHT_WON = 1
    RE_ACT_START = 2
    N_RUN_EVENTS = 3

# The run's random streams (rule U01)
cdef enum:
    RS_MAP = 0
    RS_REWARDS = 1
    RS_SHOP = 2
    RS_EVENTS = 3
    RS_ENCOUNTERS = 4
    N_RUN_STREAMS = 5

# How an instruction's operands share a word (eve.core.instructions)
cdef enum:
    INS_BUFF_UNTIL_SHIFT = 8
    INS_STATUS_UNTIL_SHIFT = 8
    INS_CREATE_CARD_SHIFT = 3
    INS_CHOOSE_KIND_SHIFT = 3
    INS_CHOOSE_TAG_SHIFT = 5
    INS_CHOOSE_UP_TO_SHIFT = 3
    INS_CHOOSE_LOOK_SHIFT = 4
