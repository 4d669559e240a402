/* C of search_arena.pxd (cimported by the one search extension, eve.core.search). */
#ifndef EVE_SEARCH_ARENA_H
#define EVE_SEARCH_ARENA_H

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
/* The search's arenas (nodes, kept states, their differences and legal actions). A big
   search touches them at random, a few times an iteration, and once they span more than
   the TLB covers on 4 KB pages a touch can cost a page walk from memory: on the 2-core
   machine of BENCHMARKS.md a random read in a 4 MB block took 163 ns on 4 KB pages and
   19 ns on 2 MB pages. So an arena from 1 MB up is 2 MB-aligned, a whole number of 2 MB
   pages, and (Linux) advised to use transparent huge pages; smaller ones, as in searches
   of a few thousand iterations, are plain malloc. Measured in pairs: no difference to
   speak of at 40,000 iterations, 1.1-1.3x less tree overhead at 150,000
   (benchmarks/huge_pages.py).
   Windows has no transparent huge pages (its large pages need a privilege a user rarely
   has) and no posix_memalign: there every arena is plain malloc and realloc, whatever the
   setting, so that free() stays the one way to release one (an _aligned_malloc block would
   need _aligned_free). */
#define EVE_HUGE_PAGE ((size_t)2 << 20)
static int eve_huge_pages = 1;      /* 0: plain malloc throughout */
static size_t eve_huge_from = (size_t)1 << 20;
#if defined(_WIN32)
static void* eve_arena_alloc(size_t bytes) { return malloc(bytes); }
static void* eve_arena_grow(void* old, size_t used, size_t bytes) {
    (void)used;
    return realloc(old, bytes);
}
#else
static void* eve_arena_alloc(size_t bytes) {
    void* p = NULL;
    if (bytes < eve_huge_from || !eve_huge_pages) return malloc(bytes);
    bytes = (bytes + EVE_HUGE_PAGE - 1) & ~(EVE_HUGE_PAGE - 1);
    if (posix_memalign(&p, EVE_HUGE_PAGE, bytes) != 0) return NULL;
#if defined(MADV_HUGEPAGE)
    (void)madvise(p, bytes, MADV_HUGEPAGE);    /* advice: refused, it is 4 KB pages */
#endif
    return p;
}
/* like realloc (NULL: no memory, and `old` is still valid), keeping `used` bytes */
static void* eve_arena_grow(void* old, size_t used, size_t bytes) {
    void* p;
    if (bytes < eve_huge_from || !eve_huge_pages) return realloc(old, bytes);
    p = eve_arena_alloc(bytes);
    if (p == NULL) return NULL;
    if (old != NULL) memcpy(p, old, used);
    free(old);
    return p;
}
#endif

#endif /* EVE_SEARCH_ARENA_H */
