# The native observation writer and the compact action index (eve/core/observe.pyx): plain C
# structs that a batched stepper (eve.core.vec) reads without Python. Their numbers come from the
# observation's layout (eve/core/obs_layout.py) and the content, filled once when an Observer is
# made.
from libc.stdint cimport int8_t, int16_t, int32_t, uint16_t
from eve.core.defs cimport State, Ctx, MAX_UNITS, MAX_LANES
from eve.core.codec cimport a_kind, a_src, a_tgt, a_lane
from eve.core.tables cimport CompiledContent
from eve.core.run_defs cimport RunState, RunTables

cdef enum:
    N_KIND_SLOTS = 16       # action kinds are 1..12 (vocabulary "action"); a byte's worth is 256
    MAX_PAIRS = 2048        # (target, lane) pairs of one kind: 256 targets x MAX_LANES lanes
    OBS_PLAYER = 0          # observer kinds, in eve.core.obs_layout.OBSERVERS order
    OBS_PUBLIC = 1
    OBS_OMNISCIENT = 2
    N_FOE_HIDDEN = 8


# every legal action's place in a fixed space sized by the content: per action kind a block of
# sources x (target, lane) pairs; an action is one index, an index one action
ctypedef struct ActionIndex:
    int32_t n                               # the space's size
    int32_t offset[N_KIND_SLOTS]            # each kind's block
    int16_t n_src[N_KIND_SLOTS]
    int16_t n_pair[N_KIND_SLOTS]
    int16_t src_idx[N_KIND_SLOTS][256]      # a code's source byte -> its row (-1: none)
    int16_t pair_idx[N_KIND_SLOTS][256][MAX_LANES]   # (target byte, lane) -> its pair (-1)
    int16_t src_code[N_KIND_SLOTS][256]     # and back
    uint16_t pair_code[N_KIND_SLOTS][MAX_PAIRS]     # target << 8 | lane


# where each slice of a match's observation starts (obs_layout.match_layout), in int16 words
ctypedef struct ObsPlan:
    int32_t size
    int32_t turn, meter, zone_sizes, cards, units, stack, foe, tasks, choice, options, counters
    int16_t turn_words, unit_head, item_words, choice_words
    int16_t n_units
    int16_t unit_ids[MAX_UNITS]
    int16_t n_foe_hidden
    int16_t foe_hidden[N_FOE_HIDDEN]        # word indices of the Foe only `omniscient` sees


# where each slice of a run's own part starts (obs_layout.run_layout); its fight's match part
# follows at `size`, laid out by the ObsPlan
ctypedef struct RunPlan:
    int32_t size
    int32_t head, party, deck, relics, nodes
    int16_t head_words, n_party, hero_words, deck_words, relic_words, map_words


cdef inline int32_t action_index(const ActionIndex* ix, int32_t a) noexcept nogil:
    """The index of an action code, -1 for a code outside the space."""
    cdef int k = a_kind(a), s, p, lane = a_lane(a)
    if k >= N_KIND_SLOTS or lane >= MAX_LANES:
        return -1
    s = ix.src_idx[k][a_src(a)]
    p = ix.pair_idx[k][a_tgt(a)][lane]
    if s < 0 or p < 0:
        return -1
    return ix.offset[k] + s * ix.n_pair[k] + p


cdef int32_t index_action(const ActionIndex* ix, int32_t i) noexcept nogil
cdef void write_match_obs(const State* st, const ObsPlan* p, int kind, int16_t* out) noexcept nogil
cdef int write_match_mask(const State* st, Ctx* cx, const ActionIndex* ix, int8_t* mask) noexcept nogil
cdef void write_run_obs(const RunState* rs, const RunPlan* rp, const ObsPlan* p, int kind,
                        int16_t* out) noexcept nogil
cdef int write_run_mask(RunState* rs, const RunTables* rt, Ctx* cx, const ActionIndex* ix,
                        int8_t* mask) noexcept nogil


cdef class Observer:
    cdef ObsPlan plan
    cdef RunPlan rplan
    cdef readonly bint run          # a run's observer (its own part, then its fight's)
    cdef ActionIndex* ix
    cdef int kind_code
    cdef CompiledContent content
    cdef readonly object engine
    cdef readonly str kind
    cdef readonly object layout     # tuple of obs_layout.Slice
    cdef readonly object dims
    cdef readonly int size          # int16 words of an observation
    cdef readonly int n_actions     # the compact action space's size
    cdef void _plan(self)
    cdef void _run_plan(self)
    cdef int _check(self, game) except -1
