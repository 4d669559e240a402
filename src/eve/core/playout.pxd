from libc.stdint cimport int32_t, uint64_t
from eve.core.defs cimport State, Ctx

cdef int random_playout(State* st, Ctx* cx, uint64_t* rng, int max_decisions,
                        const int* stop, int32_t* rec=*) noexcept nogil
cdef int32_t greedy_choice(State* st, Ctx* cx, uint64_t* rng) noexcept nogil
cdef int play_policy(State* st, Ctx* cx, int policy, uint64_t* rng, int cap, int32_t* rec,
                     const int* stop) noexcept nogil
