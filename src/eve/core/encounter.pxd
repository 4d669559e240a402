from eve.core.defs cimport State, Ctx, StackItem

cdef void compute_intent(State* st, Ctx* cx) noexcept nogil
cdef bint next_move(State* st, Ctx* cx, StackItem* out) noexcept nogil
cdef bint respond(State* st, Ctx* cx, StackItem* out) noexcept nogil
