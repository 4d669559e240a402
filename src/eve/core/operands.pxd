# How operands pack into one int16 word, read here only: an expression node's unit reference with
# its attribute or status kind (eve.expressions writes them), and the instruction words whose
# fields share a word, at the shifts the instruction table gives (eve/core/instructions.py, whose
# INS_*_SHIFT constants vocab.pxd carries; the compiler packs by the same rows). Unit ids and
# action codes: codec.pxd.
from eve.core.vocab cimport (INS_CHOOSE_UP_TO_SHIFT, INS_CHOOSE_LOOK_SHIFT, INS_STATUS_UNTIL_SHIFT,
                             INS_CREATE_CARD_SHIFT, INS_CHOOSE_KIND_SHIFT, INS_CHOOSE_TAG_SHIFT)

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

# ---- a filter on a chosen card (G02-G04): kind + 1 | (tag + 1) << 2, 0 passing any card: a
# card's or an ability's target filter (CardDef.play_filter, ability_filter), and the high part
# of a choose's selector word, whose low part is `from` (from | kind + 1 << 3 | tag + 1 << 5) ----
cdef inline int choose_from(int w) noexcept nogil:
    return w & ((1 << INS_CHOOSE_KIND_SHIFT) - 1)

cdef inline int choose_filter(int w) noexcept nogil:
    return w >> INS_CHOOSE_KIND_SHIFT

cdef inline int filter_kind(int f) noexcept nogil:
    """The card kind + 1 a filter asks for (0: any)."""
    return f & ((1 << (INS_CHOOSE_TAG_SHIFT - INS_CHOOSE_KIND_SHIFT)) - 1)

cdef inline int filter_tag(int f) noexcept nogil:
    """The tag + 1 a filter asks for (0: any)."""
    return f >> (INS_CHOOSE_TAG_SHIFT - INS_CHOOSE_KIND_SHIFT)

cdef inline bint filter_passes(int f, int kind, int tags) noexcept nogil:
    """Does a card (or a summon, G03) of `kind` with the tag bits `tags` pass filter f? An
    integer test: the hot path reads it for every card target it lists."""
    cdef int k = filter_kind(f), t = filter_tag(f)
    return (k == 0 or k - 1 == kind) and (t == 0 or (tags >> (t - 1)) & 1)

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
