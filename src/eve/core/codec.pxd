# The core's integer codes, read and written in one place: unit ids, action codes and the
# identities a card or character gets. eve.encoding is the same codes' Python face for embedders
# (its numbers come from the same C constants); nothing else in the package takes them apart.
from libc.stdint cimport int16_t, int32_t
from eve.core.defs cimport UNITS_PER_SIDE, UNIT_SIDE_SHIFT, CHAR_BASE, State

# ---- unit ids: side << UNIT_SIDE_SHIFT | slot (UNITS_PER_SIDE a power of two); slots below CHAR_BASE are heroes ----
cdef inline int unit_side(int u) noexcept nogil:
    return u >> UNIT_SIDE_SHIFT

cdef inline int unit_slot(int u) noexcept nogil:
    return u & (UNITS_PER_SIDE - 1)

cdef inline bint is_hero(int u) noexcept nogil:
    return (u & (UNITS_PER_SIDE - 1)) < CHAR_BASE

cdef inline int unit_lane(int u) noexcept nogil:
    return (u & (UNITS_PER_SIDE - 1)) - CHAR_BASE

cdef inline int unit_of(int side, int slot) noexcept nogil:
    return (side << UNIT_SIDE_SHIFT) | slot

# ---- action codes: kind << 24 | source << 16 | target << 8 | lane, a byte each ----
cdef inline int32_t make_action(int kind, int src, int tgt, int lane) noexcept nogil:
    return (kind << 24) | ((src & 255) << 16) | ((tgt & 255) << 8) | (lane & 255)

cdef inline int a_kind(int32_t a) noexcept nogil:
    return (a >> 24) & 255

cdef inline int a_src(int32_t a) noexcept nogil:
    return (a >> 16) & 255

cdef inline int a_tgt(int32_t a) noexcept nogil:
    return (a >> 8) & 255

cdef inline int a_lane(int32_t a) noexcept nogil:
    return a & 255

# ---- identities: every card instance and character gets the next; they wrap within int16's
# positive half (a uid is compared for equality only, never ordered) ----
cdef inline int16_t new_uid(State* st) noexcept nogil:
    cdef int16_t uid = st.next_uid
    st.next_uid = (st.next_uid + 1) & 0x7FFF
    return uid
