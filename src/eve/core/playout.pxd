from libc.stdint cimport int32_t, uint64_t
from eve.core.defs cimport State, Ctx, Tables
from eve.core.run_defs cimport RunState, RunTables

# the native policies, by number (POLICIES in playout.pyx names them)
cdef enum:
    POLICY_RANDOM = 0
    POLICY_GREEDY = 1

cdef int random_playout(State* st, Ctx* cx, uint64_t* rng, int max_decisions,
                        const int* stop, int32_t* rec=*) noexcept nogil
cdef double board_value(const State* st, const Tables* tb) noexcept nogil
cdef int32_t greedy_choice(State* st, Ctx* cx, uint64_t* rng) noexcept nogil
cdef int play_policy(State* st, Ctx* cx, int policy, uint64_t* rng, int cap, int32_t* rec,
                     const int* stop) noexcept nogil
cdef int32_t run_choice(RunState* rs, const RunTables* rt, Ctx* cx, int policy, uint64_t* rng,
                        int32_t* buf) noexcept nogil
cdef int play_run(RunState* rs, const RunTables* rt, Ctx* cx, int policy, uint64_t* rng,
                  int cap, const int* stop, int32_t* rec) noexcept nogil
cdef double run_value(const RunState* rs, const RunTables* rt) noexcept nogil
