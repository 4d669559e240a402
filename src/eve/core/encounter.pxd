from eve.core.defs cimport State, Ctx, StackItem, Tables

cdef void compute_intent(State* st, Ctx* cx) noexcept nogil
cdef bint next_move(State* st, Ctx* cx, StackItem* out) noexcept nogil
cdef bint respond(State* st, Ctx* cx, StackItem* out) noexcept nogil
cdef int taunt_defender(const State* st, const Tables* tb, int side, int lane) noexcept nogil
