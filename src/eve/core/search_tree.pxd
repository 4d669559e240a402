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

cdef extern from "search_tree.h":
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
