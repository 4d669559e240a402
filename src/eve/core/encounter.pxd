from eve.core.defs cimport State, Ctx, StackItem

cdef bint next_move(State* st, Ctx* cx, StackItem* out) noexcept nogil
cdef bint respond(State* st, Ctx* cx, StackItem* out) noexcept nogil
