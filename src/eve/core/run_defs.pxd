# The flat C data of a run (rules U01-U21): its compiled content (RunTables, beside the match's
# Tables) and its state (RunState, which holds the current fight's match State inside it, so
# that a run clones in one copy and hashes over one block).
#
# Why int16 fields again: no interior padding, so the hash over the raw bytes and the clone are
# exact; the 64-bit streams come first and the match State last, both 8-byte aligned.
from libc.stdint cimport int16_t, int32_t, uint64_t
from eve.core.defs cimport *


# the run's content, loaded by CompiledContent.load from the compiler's spec["run"]
ctypedef struct RunTables:
    int16_t n_acts                      # 0: this content has no run
    int16_t n_player_heroes             # the first hero defs: a party's candidates
    RunConfig cfg
    ActDef acts[MAX_ACTS]
    int16_t n_options
    RunOption options[MAX_RUN_OPTIONS]
    int16_t n_events
    EventDef events[MAX_EVENT_DEFS]
    int16_t n_sites
    SiteDef sites[MAX_SITE_DEFS]
    int16_t n_rewards
    RewardDef rewards[RUN_NODE_KINDS]
    int16_t has_shop
    ShopDef shop
    int16_t n_cards
    CardRun cards[MAX_CARD_DEFS]
    int16_t n_heroes
    HeroRun heroes[MAX_HERO_DEFS]


# one hero of the party, between fights (U03): what a match starts it with
ctypedef struct RunHero:
    int16_t hero            # its hero def
    int16_t alive           # 0: fallen, for the rest of the run (U04)
    int16_t hp
    int16_t max_hp
    int16_t ambition
    int16_t morality
    int16_t slot            # its hero slot in the current fight (-1: not in it)
    int16_t pad


ctypedef struct RunState:
    uint64_t rng[N_RUN_STREAMS]
    int16_t phase           # RP_*: what the run waits for
    int16_t outcome         # OUT_NONE, OUT_WIN or OUT_LOSS
    int16_t act             # from 0
    int16_t floor           # of the act, from 0; -1 before its first
    int16_t col             # the column of the node the party stands on
    int16_t node            # RN_* of that node
    int16_t n_party
    int16_t aurorune
    int16_t removals        # card removals bought (the price rises, U13)
    int16_t removed_here    # a removal was bought at this shop visit
    int16_t boss            # this act's boss, drawn at its start
    int16_t enc             # the current fight's Encounter (-1: none)
    int16_t support_plays   # this fight's support plays and attacks (rate drift, U15)
    int16_t attacks
    int16_t fights_won
    int16_t floors_climbed
    int16_t site            # the site or event of the node (SiteDef or EventDef index)
    int16_t chosen          # the option's pick: a party slot or a deck index (-1)
    int16_t after_boss      # the reward being taken is a boss's: the act ends after it
    int16_t n_offer         # a reward's cards, a shop's stock: card defs (-1: taken)
    int16_t offer[MAX_OFFER]
    int16_t price[MAX_OFFER]
    int16_t seen[8]         # bit e % 16 of word e / 16: event e was met (no repeats, U14)
    RunHero party[MAX_HERO_SLOTS]
    int16_t n_deck
    int16_t deck[MAX_CARDS]             # card defs (an upgrade is its upgraded form's def)
    int16_t n_relics
    int16_t relics[MAX_RELICS]
    int16_t nodes[MAX_FLOORS * MAP_WIDTH]   # RN_* (0: no node), floor-major
    int16_t edges[MAX_FLOORS * MAP_WIDTH]   # bit c: the node leads to column c of the next floor
    int16_t pad[2]
    State match             # the current fight (zeroed between fights)
