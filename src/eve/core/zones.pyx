"""The card lifecycle of seed 000, enforced in one place.

Every card move in the engine goes through `move_card`. A move in the lifecycle table is allowed
as is; any other move must be marked `explicit` (performed by an effect that says so), and every
move, explicit or not, is recorded as an EV_MOVE event (card, from, to, how): `how` (MH_*) says
whether an effect moved it and, into the Archive, where it went, so the log rebuilds the Archive.

The Stack is the carrier of a play: the seed's "Rift -> Wastes" and "Rift -> Lattice" are
Rift -> Stack -> Wastes/Lattice here, and a countered or fizzled play is Stack -> Abyss.
"""
from libc.string cimport memmove

from libc.stdint cimport int16_t
from eve.core.defs cimport *
from eve.core.events cimport emit
from libc.stdint cimport uint32_t
from eve.core.rng cimport sm_shuffle16, sm_below

cdef bint LIFECYCLE[N_ZONES][N_ZONES]


cdef void _init_lifecycle() noexcept nogil:
    cdef int z
    LIFECYCLE[Z_ARCHIVE][Z_RIFT] = True      # draw
    LIFECYCLE[Z_RIFT][Z_STACK] = True        # commit a play (deploy / enhancement)
    LIFECYCLE[Z_STACK][Z_WASTES] = True      # a deploy resolves: the character materializes
    LIFECYCLE[Z_STACK][Z_LATTICE] = True     # an enhancement resolves
    LIFECYCLE[Z_STACK][Z_ABYSS] = True       # a countered / fizzled play
    LIFECYCLE[Z_RIFT][Z_ABYSS] = True        # discard (via an effect)
    LIFECYCLE[Z_WASTES][Z_ABYSS] = True      # a character dies
    LIFECYCLE[Z_ABYSS][Z_ARCHIVE] = True     # reshuffle
    LIFECYCLE[Z_LATTICE][Z_ABYSS] = True     # an enhancement is destroyed
    for z in range(1, N_ZONES):
        LIFECYCLE[z][Z_VOID] = True          # any card -> Void (exile, via an effect)
    LIFECYCLE[Z_VOID][Z_VOID] = False
    # Void -> Rift / Wastes exist only through an explicit effect: not in the table.

_init_lifecycle()


cdef bint transition_allowed(int src, int dst) noexcept nogil:
    if src <= Z_NONE or src >= N_ZONES or dst <= Z_NONE or dst >= N_ZONES:
        return False
    return LIFECYCLE[src][dst]


cdef inline bint _has_list(int zone) noexcept nogil:
    return zone == Z_ARCHIVE or zone == Z_RIFT or zone == Z_LATTICE or zone == Z_ABYSS or zone == Z_VOID


cdef int zone_index(const State* st, int zone, int card) noexcept nogil:
    cdef int i
    cdef const Zone* z = &st.zones[zone]
    for i in range(z.n):
        if z.c[i] == card:
            return i
    return -1


cdef int move_card(State* st, Ctx* cx, int card, int dst, bint explicit) noexcept nogil:
    """Move one card; -1 (and nothing changes) when the lifecycle refuses it."""
    return _move(st, cx, card, dst, MH_EFFECT if explicit else MH_RULE)


cdef int _move(State* st, Ctx* cx, int card, int dst, int how) noexcept nogil:
    """move_card, with the event saying how (MH_*): a put at the Archive's bottom or shuffled in
    says so, so that the log rebuilds the Archive (the card is placed by the caller)."""
    cdef int src, i
    cdef bint explicit = how != MH_RULE
    cdef Zone* z
    if card < 0 or card >= st.n_cards:
        return -1
    src = st.card_zone[card]
    if src == dst:
        return -1
    if not explicit and not transition_allowed(src, dst):
        return -1
    if _has_list(src):
        z = &st.zones[src]
        i = zone_index(st, src, card)
        if i < 0:
            return -1
        if src == Z_ARCHIVE and i >= z.n - st.archive_known:
            st.archive_known -= 1    # a known card left the top run (Z28)
        memmove(&z.c[i], &z.c[i + 1], (z.n - i - 1) * sizeof(int16_t))
        z.n -= 1
        z.c[z.n] = 0        # canonical: unused slots are zero, so equal states have equal bytes
    if _has_list(dst):
        z = &st.zones[dst]
        z.c[z.n] = card
        z.n += 1
    st.card_zone[card] = dst
    if dst != Z_LATTICE:
        st.card_charges[card] = 0
    emit(cx, EV_MOVE, PLAYER, card, src, dst, how)
    return 0


cdef int archive_top(State* st, Ctx* cx) noexcept nogil:
    """The card a draw or a mill takes: the top of the Archive (-1 when it is empty). In the
    search's determinizations (`draw_at_random`) it is a uniformly random card of the Archive,
    swapped to the top first: the order there is never the true one, except for a known top
    (Z28), which is the top in every determinization."""
    cdef Zone* arch = &st.zones[Z_ARCHIVE]
    cdef int n
    if arch.n == 0:
        return -1
    if cx.draw_at_random and arch.n > 1 and st.archive_known == 0:
        n = <int>sm_below(&st.rng[STREAM_SHUFFLE], <uint32_t>arch.n)
        arch.c[n], arch.c[arch.n - 1] = arch.c[arch.n - 1], arch.c[n]
    return arch.c[arch.n - 1]


cdef int reveal_top(State* st, Ctx* cx, int look) noexcept nogil:
    """The top `look` cards of the Archive are looked at (rule C03): seen, they join its known
    top run (Z28), so every determinization keeps them. In the search's determinizations
    (`draw_at_random`) the order below the known top is never the true one: each newly seen
    place takes a uniform pick of the unknown cards first, as a draw does. Returns how many
    were looked at (fewer when the Archive holds fewer)."""
    cdef Zone* arch = &st.zones[Z_ARCHIVE]
    cdef int n = arch.n, k = look if look < arch.n else arch.n, p, r
    if cx.draw_at_random:
        p = n - 1 - st.archive_known
        while p >= n - k:
            r = <int>sm_below(&st.rng[STREAM_SHUFFLE], <uint32_t>(p + 1))
            arch.c[p], arch.c[r] = arch.c[r], arch.c[p]
            p -= 1
    if k > st.archive_known:
        st.archive_known = k
    return k


cdef int place_zone(int place) noexcept nogil:
    """The zone of a place (PL_*)."""
    if place == PL_RIFT:
        return Z_RIFT
    if place == PL_ABYSS:
        return Z_ABYSS
    if place == PL_VOID:
        return Z_VOID
    return Z_ARCHIVE


cdef int put_card(State* st, Ctx* cx, int card, int place) noexcept nogil:
    """An effect's explicit move of one card to a place (Z23): the Archive's top, its bottom, or
    shuffled in (the whole Archive, Fisher-Yates on the `shuffle` stream), the Rift, the Abyss
    or the Void. A card on the Stack leaves it: its item becomes a tombstone, as a countered
    one does, and never resolves (Z24). -1 (nothing changes) when the card is already there."""
    cdef int dst = place_zone(place), src, i
    cdef Zone* arch = &st.zones[Z_ARCHIVE]
    cdef bint all_known = st.archive_known == arch.n
    if card < 0 or card >= st.n_cards:
        return -1
    src = st.card_zone[card]
    if src == Z_ARCHIVE and dst == Z_ARCHIVE and place != PL_ARCHIVE_TOP:
        return _within_archive(st, cx, card, place)
    if src == dst:
        return -1
    if src == Z_STACK:
        for i in range(st.n_stack):
            if st.stack[i].card == card and not st.stack[i].dead:
                st.stack[i].dead = 1
    _move(st, cx, card, dst, MH_BOTTOM if place == PL_ARCHIVE_BOTTOM else (
        MH_SHUFFLED if place == PL_ARCHIVE_SHUFFLED else MH_EFFECT))
    # Z28: a card put on top is seen going there, so the top run of known cards grows; at the
    # bottom it is known only as part of an Archive known whole; a shuffle hides every card
    if place == PL_ARCHIVE_TOP:
        st.archive_known += 1
    elif place == PL_ARCHIVE_BOTTOM:
        memmove(&arch.c[1], &arch.c[0], (arch.n - 1) * sizeof(int16_t))
        arch.c[0] = card
        if all_known:
            st.archive_known += 1
    elif place == PL_ARCHIVE_SHUFFLED:
        _shuffle_archive(st, cx)
    return 0


cdef void _shuffle_archive(State* st, Ctx* cx) noexcept nogil:
    cdef Zone* arch = &st.zones[Z_ARCHIVE]
    sm_shuffle16(&st.rng[STREAM_SHUFFLE], arch.c, arch.n)
    cx.shuffled = 1
    st.archive_known = 0
    emit(cx, EV_SHUFFLE, PLAYER, arch.n, 0, 0, 0)


cdef int _within_archive(State* st, Ctx* cx, int card, int place) noexcept nogil:
    """A card of the Archive put at its bottom or shuffled in (a card looked at on its top,
    rule C02). At the bottom, a card of the known top run leaves it (the card that comes up
    into the run's last place is not known), unless the whole Archive is known."""
    cdef Zone* arch = &st.zones[Z_ARCHIVE]
    cdef int i = zone_index(st, Z_ARCHIVE, card)
    if i < 0:
        return -1
    if place == PL_ARCHIVE_BOTTOM:
        memmove(&arch.c[1], &arch.c[0], i * sizeof(int16_t))
        arch.c[0] = card
        if i >= arch.n - st.archive_known and st.archive_known < arch.n:
            st.archive_known -= 1
        emit(cx, EV_MOVE, PLAYER, card, Z_ARCHIVE, Z_ARCHIVE, MH_BOTTOM)
    else:
        emit(cx, EV_MOVE, PLAYER, card, Z_ARCHIVE, Z_ARCHIVE, MH_SHUFFLED)
        _shuffle_archive(st, cx)
    return 0


cdef int create_card(State* st, Ctx* cx, int def_id, int place) noexcept nogil:
    """A new card instance of card def `def_id`, put into a place (Z25); it is a card like any
    other from then on. -1 (nothing happens) once the match holds MAX_CARDS instances (Z26)."""
    cdef int c = st.n_cards
    if c >= MAX_CARDS:
        return -1
    st.n_cards += 1
    st.card_def[c] = def_id
    st.card_zone[c] = Z_NONE
    st.card_charges[c] = 0
    put_card(st, cx, c, place)
    return c


cdef int draw_one(State* st, Ctx* cx) noexcept nogil:
    """Draw the top card. Lazy reshuffle of the Abyss (never the Void) when the Archive is
    empty; with both empty the draw is skipped (mill-out is a no-op). Returns 1 if drawn."""
    cdef Zone* arch = &st.zones[Z_ARCHIVE]
    cdef Zone* aby = &st.zones[Z_ABYSS]
    if arch.n == 0:
        if aby.n == 0:
            emit(cx, EV_DRAW_SKIPPED, PLAYER, 0, 0, 0, 0)
            return 0
        while aby.n > 0:
            move_card(st, cx, aby.c[0], Z_ARCHIVE, False)
        _shuffle_archive(st, cx)
    move_card(st, cx, archive_top(st, cx), Z_RIFT, False)
    return 1
