/* C of search_cache.pxd (cimported by the one search extension, eve.core.search). */
#ifndef EVE_SEARCH_CACHE_H
#define EVE_SEARCH_CACHE_H

#include <stdint.h>
#include "portable.h"

/* The words of [from, to) where a differs from r, as (index << 16) | a's word, into out;
   their number. A kept state differs from the root's in tens of its words, spread over
   much of it, and this scans the live part of the state for every state kept: SSE2
   (every x86-64) compares eight words at once and its mask names the ones that differ;
   elsewhere, word by word. (MSVC does not define __SSE2__: x64 has it always.) */
#if defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64)
#include <emmintrin.h>
static inline int eve_diff_words(const uint16_t* a, const uint16_t* r, int from, int to,
                                 uint32_t* out) {
    int q = from, k = 0, b;
    unsigned int m;
    for (; q + 8 <= to; q += 8) {
        m = ~(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi16(
                _mm_loadu_si128((const __m128i*)(a + q)),
                _mm_loadu_si128((const __m128i*)(r + q)))) & 0xffffu;
        while (m) {
            b = eve_ctz(m) >> 1;               /* two mask bits a word */
            out[k++] = ((uint32_t)(q + b) << 16) | a[q + b];
            m &= ~(3u << (2 * b));
        }
    }
    for (; q < to; q++)
        if (a[q] != r[q]) out[k++] = ((uint32_t)q << 16) | a[q];
    return k;
}
#else
static inline int eve_diff_words(const uint16_t* a, const uint16_t* r, int from, int to,
                                 uint32_t* out) {
    int q, k = 0;
    for (q = from; q < to; q++)
        if (a[q] != r[q]) out[k++] = ((uint32_t)q << 16) | a[q];
    return k;
}
#endif

#endif /* EVE_SEARCH_CACHE_H */
