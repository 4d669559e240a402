# How operands pack into one int16 word, read and written here only (the compiler, eve/compiler.py,
# writes the same packings): an expression node's unit reference with its attribute or status
# kind, and `choose`'s place, up-to flag and look count. Unit ids and action codes: codec.pxd.

# ---- expression nodes: E_ATTR's arg is ref << 4 | attribute, E_STATUS's ref << 6 | status ----
cdef inline int expr_attr_arg(int ref, int attr) noexcept nogil:
    return (ref << 4) | attr

cdef inline int attr_ref(int arg) noexcept nogil:
    return arg >> 4

cdef inline int attr_of(int arg) noexcept nogil:
    return arg & 15

cdef inline int expr_status_arg(int ref, int status) noexcept nogil:
    return (ref << 6) | status

cdef inline int status_ref(int arg) noexcept nogil:
    return arg >> 6

cdef inline int status_of(int arg) noexcept nogil:
    return arg & 63

# ---- choose: its fourth word is place | up_to << 3 | look << 4 ----
cdef inline int choose_place(int w) noexcept nogil:
    return w & 7

cdef inline int choose_up_to(int w) noexcept nogil:
    return (w >> 3) & 1

cdef inline int choose_look(int w) noexcept nogil:
    return w >> 4

# ---- status and buff: b is the status (a buff's max hp) | 256 when it lasts `until` its source leaves ----
cdef inline bint until_source(int b) noexcept nogil:
    return b >= 256

cdef inline int until_arg(int b) noexcept nogil:
    return b & 255

# ---- create: b is place + 8 * the card def ----
cdef inline int create_place(int b) noexcept nogil:
    return b & 7

cdef inline int create_def(int b) noexcept nogil:
    return b >> 3
