from libc.stdint cimport int16_t, int32_t, uint64_t
from eve.core.defs cimport State, Ctx
from eve.core.vocab cimport *

# the reasons an action is refused (R_*, 0 = legal) are in the vocabulary (vocab.pxd)

# make_action is codec.pxd's; named here too for modules that still cimport it from rules
from eve.core.codec cimport make_action
cdef void setup_match(State* st, Ctx* cx, uint64_t seed, const int16_t* heroes, int n_heroes,
                      int enc, const int16_t* deck, int n_deck) noexcept nogil
cdef void setup_fight(State* st, Ctx* cx, uint64_t seed, const int16_t* heroes, int n_heroes,
                      int enc, const int16_t* deck, int n_deck, int n_lattice,
                      const int16_t* ratings) noexcept nogil
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
