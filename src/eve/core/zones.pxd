from eve.core.defs cimport State, Ctx

cdef bint transition_allowed(int src, int dst) noexcept nogil
cdef int move_card(State* st, Ctx* cx, int card, int dst, bint explicit) noexcept nogil
cdef int draw_one(State* st, Ctx* cx) noexcept nogil
cdef int zone_index(const State* st, int zone, int card) noexcept nogil
cdef int archive_top(State* st, Ctx* cx) noexcept nogil
cdef int place_zone(int place) noexcept nogil
cdef int put_card(State* st, Ctx* cx, int card, int place) noexcept nogil
cdef int create_card(State* st, Ctx* cx, int def_id, int place) noexcept nogil
cdef int reveal_top(State* st, Ctx* cx, int look) noexcept nogil
