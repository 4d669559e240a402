# The search tree's storage: its nodes and, beside them, what UCT reads of each, in two flat,
# growable arrays addressed by the same index (no Python object per node). Compiled into the
# search extension (see search_arena.pxd).
#
# Node, Uct and Tree are C structs, declared below for Cython, so that _slots can be a C
# function kept out of line. A .pxd can hold no other Cython function than an inline one, and
# inlined into the loop's three call sites (its growth path with them) it cost the search about
# 2% (BENCHMARKS.md); out of line, as it was when it was a plain cdef function, the loop's
# machine code is what it was.
from libc.stdint cimport int16_t, int32_t

cdef extern from *:
    """
    #include <stddef.h>
    #include <stdint.h>
    typedef struct {
        /* the tree's shape, what the backup and the root's statistics read, and a kept
           node's expansion (48 bytes); what UCT reads of every child it scans is in its
           eve_uct, at the same index */
        double value;           /* the sum of the rewards backed up through the node */
        int32_t action;
        int32_t first_child;    /* kept nodes: the start of their children's block */
        int32_t next_sibling;   /* children of nodes that are not kept (linked, newest first) */
        int32_t visits;
        int32_t info;           /* >= 0: kept (the how-many-th); CLEAN: clean, not kept;
                                   DIRTY: not clean */
        int32_t count;          /* a linked child: its availability, how often its action was
                                   legal when its parent was visited (a kept node's children
                                   need none: see _select_kept) */
        int32_t diffs;          /* a kept node: where its state is in Cache.diffs; -1 else */
        /* A kept node's legal actions (the tried ones first) are Cache.acts[legal_at :
           legal_at + n_legal] and its children fill nodes[first_child : first_child +
           n_children]. In the node, not in an entry of their own, so that the node the
           descent stops at (in the cache: just read) tells at once what the expansion will
           read, and those reads can be asked for before the state is restored. */
        int32_t legal_at;
        int16_t n_children;     /* when it reaches n_legal, the descent passes the node by UCT */
        int16_t n_legal;        /* (MAX_ACTIONS fits: checked at import) */
    } eve_node;

    typedef struct {
        /* 8 bytes, in an array beside the nodes: UCT reads these of every child of every node
           it passes, and a big tree is out of the cache, so eight children share a cache
           line. Both are set by the backup, so UCT divides nothing. */
        float mean;             /* value / visits */
        float isv;              /* 1 / sqrt(visits) */
    } eve_uct;

    typedef struct {
        /* the nodes and their UCT figures, in two growable arrays addressed by the same index */
        eve_node* nodes;
        eve_uct* uct;
        int n;
        int cap;
    } eve_tree;

    static void* eve_arena_grow(void* old, size_t used, size_t bytes);    /* search_arena.pxd */

    /* The first of k fresh node slots, or -1 when memory runs out (the tree then stops
       growing; iterations go on, rolling out from where the descent stops). */
    #if defined(__GNUC__)
    __attribute__((noinline))
    #endif
    static int eve_slots(eve_tree* tr, int k) {
        int64_t want;
        eve_node* grown;
        eve_uct* grown_uct;
        if (tr->n + k > tr->cap) {
            want = (int64_t)tr->cap * 2;
            while (want < tr->n + k)
                want *= 2;
            if (want > 0x7fffffff)
                return -1;
            grown = (eve_node*)eve_arena_grow(tr->nodes, tr->n * sizeof(eve_node),
                                              want * sizeof(eve_node));
            if (grown == NULL)
                return -1;
            tr->nodes = grown;  /* larger than cap until both arrays have grown: harmless */
            grown_uct = (eve_uct*)eve_arena_grow(tr->uct, tr->n * sizeof(eve_uct),
                                                 want * sizeof(eve_uct));
            if (grown_uct == NULL)
                return -1;
            tr->uct = grown_uct;
            tr->cap = (int)want;
        }
        tr->n += k;
        return tr->n - k;
    }
    """
    # the fields as in the C definitions above, with their comments there
    ctypedef struct Node "eve_node":
        double value
        int32_t action
        int32_t first_child
        int32_t next_sibling
        int32_t visits
        int32_t info
        int32_t count
        int32_t diffs
        int32_t legal_at
        int16_t n_children
        int16_t n_legal

    ctypedef struct Uct "eve_uct":
        float mean
        float isv

    ctypedef struct Tree "eve_tree":
        Node* nodes
        Uct* uct
        int n
        int cap

    int _slots "eve_slots"(Tree* tr, int k) nogil

cdef enum:
    CLEAN = -1
    DIRTY = -2


cdef inline void _init_node(Tree* tr, int i, int32_t action, int32_t info) noexcept nogil:
    cdef Node* nd = &tr.nodes[i]
    cdef Uct* u = &tr.uct[i]
    nd.value = 0
    nd.action = action
    nd.first_child = -1
    nd.next_sibling = -1
    nd.visits = 0
    nd.info = info
    nd.count = 1            # a linked child is made when its action is legal: available once
    nd.diffs = -1
    nd.legal_at = -1
    nd.n_children = 0
    nd.n_legal = 0
    u.mean = 0
    u.isv = 0
