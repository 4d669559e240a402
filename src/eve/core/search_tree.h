/* C of search_tree.pxd (cimported by the one search extension, eve.core.search). */
#ifndef EVE_SEARCH_TREE_H
#define EVE_SEARCH_TREE_H

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

#include "search_arena.h"

/* The first of k fresh node slots, or -1 when memory runs out (the tree then stops
   growing; iterations go on, rolling out from where the descent stops). */
#if defined(__GNUC__)
__attribute__((noinline))
#elif defined(_MSC_VER)
__declspec(noinline)
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

#endif /* EVE_SEARCH_TREE_H */
