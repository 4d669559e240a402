# GENERATED from src/eve/core/records.py by `python -m eve.core.records --pxi`: do not edit.
# setup.py regenerates it before every build; tests/test_records.py checks it is current.
# Included by defs.pxd, after the capacities and before the Tables struct.

# the rule configuration
ctypedef struct Config:
    int16_t player_hero_slots
    int16_t lanes
    int16_t hand_floor
    int16_t opening_hand
    int16_t max_rounds
    int16_t max_decisions_per_turn
    int16_t meter_base
    int16_t cost[N_CATS]            # each Action Meter category's cost
    int16_t morality_high           # morality >= this: PlaySupport discount
    int16_t morality_low            # morality <= this: Attack discount
    int16_t support_discount
    int16_t attack_discount
    int32_t max_events              # events a match's log keeps (B04); more are counted, not kept

# a player hero or an Encounter's enemy hero
ctypedef struct HeroDef:
    int16_t max_hp
    int16_t power
    int16_t ambition
    int16_t morality
    int16_t ability_prog            # activated ability, -1
    int16_t ability_target
    int16_t ability_reaction
    int16_t ability_filter          # its target's filter (G02, operands.pxd): 0 any card
    int16_t n_start
    int16_t start_cards[MAX_START_CARDS]
    int16_t trig_first              # its triggers: trigs[trig_first .. trig_first + trig_n)
    int16_t trig_n
    int16_t aura_n                  # its aura (rule A01): stacks (0: none), status (GRANT_POWER: power)
    int16_t aura_status
    int16_t aura_who                # AW_*

# a card
ctypedef struct CardDef:
    int16_t kind
    int16_t keywords
    int16_t power
    int16_t hp
    int16_t charges
    int16_t play_target             # target of the on-enter program
    int16_t on_enter                # program run when it resolves, -1
    int16_t ability_prog            # activated ability, -1
    int16_t ability_target
    int16_t ability_reaction
    int16_t ability_filter          # its target's filter (G02, operands.pxd): 0 any card
    int16_t trig_first              # its triggers: trigs[trig_first .. trig_first + trig_n)
    int16_t trig_n
    int16_t ally_power              # static: + power to allied characters' attacks (a Relic's)
    int16_t play_cond               # expression (pool offset) that must hold to play it, -1
    int16_t aura_n                  # its aura (rule A01): stacks (0: none), status (GRANT_POWER: power)
    int16_t aura_status
    int16_t aura_who                # AW_*
    int16_t play_filter             # its on-enter target's filter (G02, operands.pxd): 0 any card
    int16_t tags                    # bit i: it has the content's tag i (G01)

# a status
ctypedef struct StatusDef:
    int16_t stacking                # SS_*
    int16_t polarity                # SP_*
    int16_t max_stacks              # stacks a unit can hold
    int16_t decay_at                # ST_*
    int16_t decay_by                # SD_*
    int16_t tick_at                 # ST_*
    int16_t tick_prog               # run for the unit (self), by the side it harms or helps
    int16_t tick_loss               # 1: the program is only "damage self by these stacks, pierce" (poison's), which status_turn runs without the interpreter
    int16_t power                   # + stacks x this to the unit's power
    int16_t dealt_add               # + stacks x this to damage the unit deals
    int16_t taken_add               # + stacks x this to damage the unit takes
    int16_t dealt_pct               # x this percent to damage it deals while it has a stack (100: none)
    int16_t taken_pct               # x this percent to damage it takes
    int16_t absorb                  # absorbs damage up to its stacks, spending them (shield)
    int16_t negate                  # prevents one whole hit, spending one stack (divine shield)
    int16_t spend                   # SX_*: spends a stack after each hit its unit deals or takes
    int16_t cap                     # each hit the unit takes is at most this, before prevention (0: none)
    int16_t shield_add              # + stacks x this to each gain of an absorbing status by its unit
    int16_t shield_pct              # x this percent to each such gain while it has a stack (100: none)
    int32_t keeps                   # bit i: status i does not decay on a unit that has this one
    int16_t trig_first              # its triggers: trigs[trig_first .. trig_first + trig_n)
    int16_t trig_n

# a summonable unit
ctypedef struct UnitDef:
    int16_t power
    int16_t hp
    int16_t keywords
    int16_t trig_first              # its triggers: trigs[trig_first .. trig_first + trig_n)
    int16_t trig_n
    int16_t aura_n                  # its aura (rule A01): stacks (0: none), status (GRANT_POWER: power)
    int16_t aura_status
    int16_t aura_who                # AW_*

# a trigger of some item
ctypedef struct TriggerDef:
    int16_t on                      # TR_*: the event
    int16_t who                     # TW_*: whose
    int16_t zone                    # Z_*: where a card must be for it to listen (units: in play)
    int16_t card_kind               # CK_* of the event's card, -1 any
    int16_t cond                    # expression that must hold (pool offset), -1
    int16_t once                    # TL_*: at most once a turn or a match
    int16_t every                   # fire on every Nth event (0: each), counted `per`
    int16_t per                     # TL_TURN or TL_MATCH
    int16_t prog
    int16_t source                  # TS_*: who dealt the damage (damage events)
    int16_t unit_kind               # TU_*: a hero or a character subject
    int16_t own_card                # 1: only its own card's events (card events)
    int16_t filters                 # nonzero when source, unit_kind or own_card filters: one test

# a move of an Encounter's script
ctypedef struct Move:
    int16_t kind
    int16_t phase                   # PH_MAIN or PH_COMBAT
    int16_t prog
    int16_t def_id                  # unit def (summon)
    int16_t attacker                # hero slot, -1 = leader
    int16_t lane_sel
    int16_t lane
    int16_t target_sel              # ESEL_*
    int16_t cond
    int16_t cond_arg
    int16_t alt                     # absolute move index
    int16_t weight                  # its weight in a pick (0: a plain script entry)
    int16_t max_repeats             # a pick draws it, a plain entry takes it, only if not made this many times in a row (0: any)
    int16_t name                    # its `name`'s index among its Encounter's move names: moves of one name are one move for the history (N09); -1: none
    int16_t n_sets
    int16_t set_var[MAX_MOVE_SETS]  # variable index
    int16_t set_expr[MAX_MOVE_SETS] # its new value: an expression (pool offset)

# a phase: its condition, then either phases of its own (children) or script entries
ctypedef struct ScriptPart:
    int16_t cond                    # expression (pool offset); -1: always (the last of its list)
    int16_t first_child             # part index
    int16_t n_children              # 0: a leaf, with entries
    int16_t first_entry
    int16_t n_entries

# an entry of a script: a move or a weighted pick
ctypedef struct ScriptEntry:
    int16_t first_opt               # absolute move index
    int16_t n_opts                  # 1: a plain move; more: a weighted pick among them

# an Encounter's scripted response
ctypedef struct ResponseRule:
    int16_t on
    int16_t counter                 # 1: counter the item, else run prog
    int16_t prog
    int16_t target_sel
    int16_t per_round
    int16_t charges                 # -1 = unlimited

# an Encounter
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
    int16_t root                    # script part: a leaf (a plain script), or the phases
    int16_t n_vars
    int16_t var_init[MAX_SCRIPT_VARS]

# a World Task
ctypedef struct TaskDef:
    int16_t goal
    int16_t threshold
    int16_t reward_prog

# the run's rule configuration (`run` of a rule configuration)
ctypedef struct RunConfig:
    int16_t party                   # heroes in a party
    int16_t aurorune                # aurorune at the start
    int16_t deck_cap                # most cards the deck holds
    int16_t drift                   # a hero's Morality drift a match, unless it says its own (U15)
    int16_t relic_cap               # most Relics a run holds
    int16_t ambition_cap            # the Ambition a hero's gains in the run stop at (training, rewards, events); one above it already keeps its own

# an act: its map's shape and its Encounter pools
ctypedef struct ActDef:
    int16_t floors                  # floors before the boss's
    int16_t width                   # the map's columns
    int16_t paths                   # paths drawn through the floors
    int16_t elite_floor             # no elite before this floor (from 1)
    int16_t weight[RUN_NODE_KINDS]  # each node kind's weight on the free floors (RN_* - 1)
    int16_t n_fights
    int16_t fights[MAX_ACT_POOL]    # Encounter defs
    int16_t n_elites
    int16_t elites[MAX_ACT_POOL]
    int16_t n_bosses
    int16_t bosses[MAX_ACT_POOL]

# an event's or a site's option
ctypedef struct RunOption:
    int16_t cond_value              # RV_*: what its condition reads; -1: no condition
    int16_t cond_cmp                # CMP_*
    int16_t cond_n
    int16_t cost_hp                 # hp each living hero pays (it must have more)
    int16_t cost_aurorune           # aurorune it costs
    int16_t target                  # RT_*: what the player picks with it
    int16_t prog                    # its run program, -1

# an event: a scene with options
ctypedef struct EventDef:
    int16_t acts                    # bit a: it may appear in act a (0: every act)
    int16_t first_opt               # its options: options[first_opt .. first_opt + n_opts)
    int16_t n_opts

# a Sanctum's or a Forge's options
ctypedef struct SiteDef:
    int16_t node                    # RN_SANCTUM or RN_FORGE
    int16_t first_opt
    int16_t n_opts

# what a won fight of a node kind gives
ctypedef struct RewardDef:
    int16_t node                    # RN_FIGHT, RN_ELITE or RN_BOSS
    int16_t aur_lo                  # aurorune, drawn in [lo, hi]
    int16_t aur_hi
    int16_t cards                   # cards offered: the player takes one or none
    int16_t rarity[RARITY_WEIGHTS]  # weights of common, uncommon and rare
    int16_t relics                  # Relics gained at once
    int16_t ambition                # Ambition each living hero gains (U16)
    int16_t heal                    # percent of max hp each living hero heals

# a shop's stock and prices
ctypedef struct ShopDef:
    int16_t cards                   # cards in stock
    int16_t relics                  # Relics in stock
    int16_t rarity[RARITY_WEIGHTS]  # weights of common, uncommon and rare
    int16_t removal                 # the first card removal's price
    int16_t removal_step            # added to it after each removal

# what the run reads of a card def
ctypedef struct CardRun:
    int16_t rarity                  # RAR_*
    int16_t hero                    # the hero def whose pool it is in, -1: every party's
    int16_t upgrade                 # the card def of its upgraded form, -1
    int16_t price                   # its aurorune
    int16_t run[N_RUN_EVENTS]       # a Relic's run triggers: a program by RE_* event, -1
    int16_t is_upgrade              # 1: some card's upgraded form (never offered, U10)

# what the run reads of a hero def
ctypedef struct HeroRun:
    int16_t drift                   # its Morality drift a match (U15)
