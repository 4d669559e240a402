# How operands pack into one int16 word, read here only: an expression node's unit reference with
# its attribute or status kind (eve.expressions writes them), and the instruction words whose
# fields share a word, at the shifts the instruction table gives (eve/core/instructions.py, whose
# INS_*_SHIFT constants vocab.pxd carries; the compiler packs by the same rows). Unit ids and
# action codes: codec.pxd.
from eve.core.vocab cimport (INS_CHOOSE_UP_TO_SHIFT, INS_CHOOSE_LOOK_SHIFT, INS_STATUS_UNTIL_SHIFT,
                             INS_CREATE_CARD_SHIFT)

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
    return w & ((1 << INS_CHOOSE_UP_TO_SHIFT) - 1)

cdef inline int choose_up_to(int w) noexcept nogil:
    return (w >> INS_CHOOSE_UP_TO_SHIFT) & 1

cdef inline int choose_look(int w) noexcept nogil:
    return w >> INS_CHOOSE_LOOK_SHIFT

# ---- status and buff: b is the status (a buff's max hp) | 256 * (its `until` + 1: 0 for good) ----
# (a buff's `until` shares the status's shift: tests/test_instructions.py checks they agree)
cdef inline int until_of(int b) noexcept nogil:
    """0: for good; UNTIL_SOURCE_LEAVES + 1 (A04) or UNTIL_TURN_END + 1 (A06)."""
    return b >> INS_STATUS_UNTIL_SHIFT

cdef inline int until_arg(int b) noexcept nogil:
    return b & ((1 << INS_STATUS_UNTIL_SHIFT) - 1)

# ---- create: b is place + 8 * the card def ----
cdef inline int create_place(int b) noexcept nogil:
    return b & ((1 << INS_CREATE_CARD_SHIFT) - 1)

cdef inline int create_def(int b) noexcept nogil:
    return b >> INS_CREATE_CARD_SHIFT
