# The run's rules (rules U01-U21), in C: what a Run (run.pyx) and, later, native run playouts
# and the search call. Nothing here touches a Python object.
from libc.stdint cimport int16_t, int32_t, uint64_t
from eve.core.defs cimport Ctx
from eve.core.run_defs cimport RunTables, RunState

cdef void run_setup(RunState* rs, const RunTables* rt, Ctx* cx, uint64_t seed,
                    const int16_t* party, int n_party) noexcept nogil
cdef int run_legal(RunState* rs, const RunTables* rt, Ctx* cx, int32_t* out) noexcept nogil
cdef int run_check(RunState* rs, const RunTables* rt, Ctx* cx, int32_t a) noexcept nogil
cdef int run_fight_listing(RunState* rs, const RunTables* rt, Ctx* cx, int32_t a,
                           int32_t* out) noexcept nogil
cdef void run_apply(RunState* rs, const RunTables* rt, Ctx* cx, int32_t a) noexcept nogil
cdef uint64_t run_hash(const RunState* rs) noexcept nogil
cdef void run_determinize(RunState* rs, uint64_t* rng) noexcept nogil
cdef bint option_legal(const RunState* rs, const RunTables* rt, int opt) noexcept nogil
cdef bint is_upgradable(const RunTables* rt, int card) noexcept nogil
