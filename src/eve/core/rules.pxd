from libc.stdint cimport int16_t, int32_t, uint64_t
from eve.core.defs cimport State, Ctx

# reasons an action is refused (0 = legal); eve.errors turns them into messages
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

cdef int32_t make_action(int kind, int src, int tgt, int lane) noexcept nogil
cdef void setup_match(State* st, Ctx* cx, uint64_t seed, const int16_t* heroes, int n_heroes,
                      int enc, const int16_t* deck, int n_deck) noexcept nogil
cdef void begin(State* st, Ctx* cx) noexcept nogil
cdef void advance(State* st, Ctx* cx) noexcept nogil
cdef int advance_listing(State* st, Ctx* cx, int32_t* out) noexcept nogil
cdef int action_cost(const State* st, Ctx* cx, int32_t a) noexcept nogil
cdef int check_action(const State* st, Ctx* cx, int32_t a) noexcept nogil
cdef int legal_actions(const State* st, Ctx* cx, int32_t* out) noexcept nogil
cdef void apply_action(State* st, Ctx* cx, int32_t a) noexcept nogil
cdef int apply_listing(State* st, Ctx* cx, int32_t a, int32_t* out) noexcept nogil
cdef void seed_meter(State* st, Ctx* cx) noexcept nogil
cdef uint64_t state_hash(const State* st) noexcept nogil
