# The search's arenas: the memory of the tree's nodes and of the kept states' differences and
# legal actions, on huge pages from 1 MB up, and the doubling growth of the cache's arrays.
#
# Like every search_*.pxd, `cdef inline` functions and C in a header (search_*.h), no module of its
# own: they are compiled into the one search extension (eve.core.search), where the C compiler
# can inline them into the loop; a call into another compiled module it could not.
from libc.stdint cimport int64_t

cdef extern from "search_arena.h":
    int eve_huge_pages
    size_t eve_huge_from
    void* eve_arena_alloc(size_t bytes) nogil
    void* eve_arena_grow(void* old, size_t used, size_t bytes) nogil


cdef inline int _reserve(void** arr, int64_t* cap, int64_t used, int64_t need, size_t item) noexcept nogil:
    """Grow the array *arr of `used` items (doubling *cap) to hold `need`. 0 when memory runs
    out."""
    cdef int64_t want = cap[0]
    cdef void* grown
    if need <= want:
        return 1
    while want < need:
        want *= 2
    grown = eve_arena_grow(arr[0], used * item, want * item)
    if grown == NULL:
        return 0
    arr[0] = grown
    cap[0] = want
    return 1
