/* C of search_loop.pxd (cimported by the one search extension, eve.core.search). */
#ifndef EVE_SEARCH_LOOP_H
#define EVE_SEARCH_LOOP_H

#include <stdint.h>
#include <time.h>
#include "portable.h"
/* A cheap, steady tick count to split an iteration's time between the tree and its
   rollout: the time-stamp counter on x86 (invariant on the CPUs this is run on; about 25
   cycles to read, against about 80 for clock_gettime here), nanoseconds elsewhere. The
   search converts ticks to seconds with its own clock_gettime span, so the unit needs no
   calibration. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
static inline uint64_t eve_ticks(void) { return __rdtsc(); }
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <intrin.h>
static inline uint64_t eve_ticks(void) { return __rdtsc(); }
#else
static inline uint64_t eve_ticks(void) {
    struct timespec t;
    eve_monotonic(&t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
#endif

#endif /* EVE_SEARCH_LOOP_H */
