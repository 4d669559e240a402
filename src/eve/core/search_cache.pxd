# The kept states: clean nodes' states, each stored as the words where it differs from the
# root's, their legal actions and their children's blocks; and the copy and the comparison of
# two states over their live parts only. Compiled into the search extension (see
# search_arena.pxd); the State's word layout is state_layout.pxd's (generated from
# eve/core/layout.py), checked when it is imported (_state_layout_init).
from libc.stdint cimport int32_t, int64_t, uint16_t, uint32_t
from libc.string cimport memcpy

from eve.core.defs cimport *
from eve.core.codec cimport unit_of
from eve.core.search_arena cimport _reserve
from eve.core.search_hidden cimport _canonical_archive
from eve.core.search_tree cimport Node, Tree, _slots
# Where the State's arrays with a count lie, in 16-bit words: the engine keeps every slot past a
# zone's count and past the Stack's height zero (so that equal states have equal bytes), so two
# states can be copied or compared over the live part of those arrays only. Likewise the units:
# a side's units live in its first n_hero_slots hero slots and its first `lanes` lane slots
# (fixed for the match), and the engine never writes the slots past those.
from eve.core.state_layout cimport (STATE_WORDS, W_ZONES, W_UNITS, W_STACK, W_METER, W_OPTS,
                                    W_GRANTS, ZONE_WORDS, UNIT_WORDS, ITEM_WORDS, GRANT_WORDS,
                                    layout_matches)

cdef struct Cache:
    # Clean nodes are those no step from the root to them revealed hidden information (a draw,
    # a reshuffle, a random Encounter choice). A clean node's state is the same in every
    # determinization except for the parts `determinize` re-samples anyway (the Archive's
    # order, the two hidden streams), so a kept copy plus a fresh re-sample is exactly what
    # replaying its path from a fresh root determinization gives (`verify` checks this byte
    # for byte). Keeping them spares the descent the game steps above them.
    # A kept state is stored as the words where it differs from the root (about 23 of the
    # state's 1,580 at the mid position of `eve bench`): the root's copy stays in the cache
    # because every descent starts from it, where a whole kept state was usually a cold 3 KB
    # read.
    State root          # the root's state, its Archive in canonical order
    int lanes           # the match's lanes (see _restore)
    int see_hidden      # the reference search: the root's Archive keeps its true order
    int cap             # kept states at most
    int n               # kept states
    int32_t* acts
    int64_t acts_cap
    int64_t acts_n
    uint32_t* diffs     # per kept node (from its Node.diffs): a count, then as many words
                        # where its state differs from the root's, (word index << 16) | word
    int64_t diffs_cap
    int64_t diffs_n

cdef extern from "search_cache.h":
    void eve_prefetch(const void* p) nogil     # portable.h
    int eve_diff_words(const uint16_t* a, const uint16_t* r, int start, int stop, uint32_t* out) nogil


cdef inline bint _state_layout_init() noexcept nogil:
    """True when the State's layout is the one _restore and _differences assume: the
    generated offsets (state_layout.pxd) are the structs', and the zones, the units, the Stack
    and the tail (meter, tasks, the Encounter, a pending choice ending in its options, then the
    grants, their count first) follow one another in this order, each zone its count then its
    cards, with the counts they read before the zones."""
    cdef State layout
    return (layout_matches()
            and W_UNITS == W_ZONES + N_ZONES * ZONE_WORDS
            and W_STACK == W_UNITS + MAX_UNITS * UNIT_WORDS
            and W_METER == W_STACK + MAX_STACK * ITEM_WORDS
            and W_GRANTS == W_OPTS + MAX_CHOICE_OPTS
            and <char*>&layout.grants[0] - <char*>&layout.n_grants == 2
            and W_GRANTS + 1 + MAX_GRANTS * GRANT_WORDS <= STATE_WORDS  # then the padding (zero)
            and <char*>&layout.zones[0].c[0] - <char*>&layout.zones[0] == 2
            and <char*>&layout.n_stack < <char*>&layout.zones[0]
            and <char*>&layout.n_hero_slots[0] < <char*>&layout.zones[0])


cdef inline int _hi(int a, int b) noexcept nogil:
    return a if a > b else b


cdef inline void _restore(State* st, const State* src, int lanes) noexcept nogil:
    """st = src, byte for byte, two canonical states (zero past every count) of one match:
    copied whole but for the zones, the Stack and the grants, of which only the slots up to the
    higher of the two counts can differ, and the units, of which only the live slots can (see above).
    About two fifths of the bytes of a whole copy at a typical state; an iteration starts
    with one."""
    cdef int z, side, b
    cdef int n_stack = _hi(st.n_stack, src.n_stack)
    cdef int n_opts = _hi(st.choice.n_opts, src.choice.n_opts)
    cdef int n_grants = _hi(st.n_grants, src.n_grants)
    for z in range(N_ZONES):
        memcpy(st.zones[z].c, src.zones[z].c, _hi(st.zones[z].n, src.zones[z].n) * sizeof(int16_t))
        st.zones[z].n = src.zones[z].n
    memcpy(st, src, W_ZONES * 2)                                   # streams, counters, cards
    for side in range(2):
        b = unit_of(side, 0)
        memcpy(&st.units[b], &src.units[b], src.n_hero_slots[side] * sizeof(Unit))
        memcpy(&st.units[b + CHAR_BASE], &src.units[b + CHAR_BASE], lanes * sizeof(Unit))
    memcpy(st.stack, src.stack, n_stack * sizeof(StackItem))
    memcpy(&st.meter, &src.meter, (W_OPTS - W_METER) * 2)   # meter, tasks, the Encounter, a choice
    memcpy(st.choice.opts, src.choice.opts, n_opts * sizeof(int16_t))    # its options, as a zone
    # the grants, as a zone: a count, then the slots up to the higher of the two (most content
    # has none, and this is one word)
    st.n_grants = src.n_grants
    memcpy(st.grants, src.grants, n_grants * sizeof(Grant))


cdef inline int _differences(const State* st, const State* root, int lanes, uint32_t* out) noexcept nogil:
    """The words where st differs from root, two canonical states of one match, as (index <<
    16) | st's word: the scan skips the slots past both counts of each zone and of the Stack
    (all zero in both) and the units' slots past the live ones (never written)."""
    cdef const uint16_t* a = <const uint16_t*>st
    cdef const uint16_t* r = <const uint16_t*>root
    cdef int z, w, k, side
    k = eve_diff_words(a, r, 0, W_ZONES, out)
    for z in range(N_ZONES):
        w = W_ZONES + z * ZONE_WORDS
        k += eve_diff_words(a, r, w, w + 1 + _hi(st.zones[z].n, root.zones[z].n), &out[k])
    for side in range(2):
        w = W_UNITS + unit_of(side, 0) * UNIT_WORDS
        k += eve_diff_words(a, r, w, w + root.n_hero_slots[side] * UNIT_WORDS, &out[k])
        w += CHAR_BASE * UNIT_WORDS
        k += eve_diff_words(a, r, w, w + lanes * UNIT_WORDS, &out[k])
    k += eve_diff_words(a, r, W_STACK, W_STACK + ITEM_WORDS * _hi(st.n_stack, root.n_stack),
                        &out[k])
    k += eve_diff_words(a, r, W_METER, W_OPTS, &out[k])
    k += eve_diff_words(a, r, W_OPTS, W_OPTS + _hi(st.choice.n_opts, root.choice.n_opts), &out[k])
    k += eve_diff_words(a, r, W_GRANTS, W_GRANTS + 1 + GRANT_WORDS * _hi(st.n_grants, root.n_grants),
                        &out[k])
    return k


cdef inline int _keep(Cache* cache, Tree* tr, int node, const State* st, const int32_t* buf, int n,
                      const signed char* tried) noexcept nogil:
    """Keep a clean, childless node's state (as its differences from the root's) and legal
    actions (the one about to be tried first), and reserve its children's block. 0: no room."""
    cdef int i, j = 0, block = -1
    cdef Node* nd
    if (cache.n >= cache.cap or tr.nodes[node].first_child >= 0
            or cache.diffs_n + 1 + STATE_WORDS > 0x7fffffff      # Node.diffs is 32 bits
            or cache.acts_n + n > 0x7fffffff):                    # and Node.legal_at
        return 0
    if (not _reserve(<void**>&cache.acts, &cache.acts_cap, cache.acts_n, cache.acts_n + n,
                     sizeof(int32_t))
            or not _reserve(<void**>&cache.diffs, &cache.diffs_cap, cache.diffs_n,
                            cache.diffs_n + 1 + STATE_WORDS, sizeof(uint32_t))):
        return 0
    if n > 0:
        block = _slots(tr, n)
        if block < 0:
            return 0
    nd = &tr.nodes[node]            # after _slots, which may move the nodes
    nd.legal_at = <int32_t>cache.acts_n
    nd.n_legal = <int16_t>n
    nd.n_children = 0
    nd.diffs = <int32_t>cache.diffs_n
    if cache.n == 0:
        memcpy(&cache.root, st, sizeof(State))
        if not cache.see_hidden:
            _canonical_archive(&cache.root)
        cache.diffs[cache.diffs_n] = 0
    else:
        # Compared as it is: every iteration starts from the canonical root's Archive (the
        # re-sampling leaves the order to the draws), and a clean state's Archive is untouched.
        cache.diffs[cache.diffs_n] = _differences(st, &cache.root, cache.lanes,
                                                  &cache.diffs[cache.diffs_n + 1])
    cache.diffs_n += 1 + cache.diffs[cache.diffs_n]
    for i in range(n):
        if tried[i]:
            cache.acts[cache.acts_n + j] = buf[i]
            j += 1
    for i in range(n):
        if not tried[i]:
            cache.acts[cache.acts_n + j] = buf[i]
            j += 1
    cache.acts_n += n
    nd.info = cache.n
    nd.first_child = block
    cache.n += 1
    return 1


cdef inline void _materialize(const Cache* cache, int32_t at, State* st) noexcept nogil:
    """A kept node's state (its differences at cache.diffs[at]): the root's, with the node's
    differing words written over it. `st` is a canonical state (see _restore)."""
    cdef const uint32_t* h = &cache.diffs[at]      # the count, then the words
    cdef uint16_t* words = <uint16_t*>st
    cdef int i, n
    # the differences are a cold read (a few cache lines of a big arena): ask for the first
    # lines of them before the root's state, which is in the cache, is copied, so that they
    # arrive meanwhile
    eve_prefetch(h)
    eve_prefetch(&h[16])
    eve_prefetch(&h[32])
    eve_prefetch(&h[48])
    _restore(st, &cache.root, cache.lanes)
    n = <int>h[0]
    for i in range(1, n + 1):
        words[h[i] >> 16] = <uint16_t>(h[i] & 0xffff)
