/* The few things the core's C needs that GCC and clang (Linux, macOS) and MSVC (Windows) spell
   differently, each under one eve_ name: the lowest and highest set bit of a word, a prefetch,
   and a monotonic clock. On GCC and clang each name is a macro for what the core wrote before
   (__builtin_ctz, __builtin_clz, __builtin_prefetch, clock_gettime(CLOCK_MONOTONIC)), so they
   compile to the same code as before; the MSVC branch has the same results for every input the
   core passes (never 0 to eve_ctz or eve_clz, whose result for 0 is undefined, as the
   builtins' is). The search's arenas (search_arena.h) and its tick counter (search_loop.h) have
   their own Windows branches. Included by search_cache.h, search_loop.h and search_uct.h, and
   named by search_params.pxd and effects_triggers.pxi. */
#ifndef EVE_PORTABLE_H
#define EVE_PORTABLE_H

#include <time.h>

#if defined(__GNUC__) || defined(__clang__)
/* GCC, clang, and clang-cl and MinGW on Windows */
#define eve_ctz(x) __builtin_ctz(x)             /* the lowest set bit's index; x != 0 */
#define eve_clz(x) __builtin_clz(x)             /* 31 - the highest set bit's index; x != 0 */
#define eve_prefetch(p) __builtin_prefetch(p)   /* read, keep in every cache level: prefetcht0 */
#elif defined(_MSC_VER)
#include <intrin.h>
#pragma intrinsic(_BitScanForward, _BitScanReverse)
/* _BitScan*: the index of the lowest (highest) set bit of a non-zero x, as the builtins */
static __forceinline int eve_ctz(unsigned int x) {
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
}
static __forceinline int eve_clz(unsigned int x) {
    unsigned long i;
    _BitScanReverse(&i, x);
    return 31 - (int)i;
}
#if defined(_M_X64) || defined(_M_IX86)
/* __builtin_prefetch(p) is prefetch for reading with locality 3: prefetcht0 on x86 */
#define eve_prefetch(p) _mm_prefetch((const char*)(p), _MM_HINT_T0)
#else
#define eve_prefetch(p) ((void)(p))             /* a hint only: nothing else depends on it */
#endif
#else
#error "eve's core needs GCC, clang or MSVC (src/eve/core/portable.h)"
#endif

/* eve_monotonic(struct timespec* t): a monotonic clock's time, as clock_gettime gives it */
#if defined(_WIN32)
/* Windows has no clock_gettime in MSVC's C library: the performance counter, the monotonic
   clock Python's time.monotonic() reads there. Declared here rather than by <windows.h>, whose
   macros (near, far, min, max, ERROR, ...) would land on every name after it; the
   declarations are windows.h's own (BOOL is int, LARGE_INTEGER a union whose QuadPart is a
   64-bit integer at its start), so a translation unit that includes both still compiles. */
union _LARGE_INTEGER;
__declspec(dllimport) int __stdcall QueryPerformanceCounter(union _LARGE_INTEGER* count);
__declspec(dllimport) int __stdcall QueryPerformanceFrequency(union _LARGE_INTEGER* frequency);
static inline int eve_monotonic(struct timespec* t) {
    long long count, f;                 /* f: counts a second, fixed at boot */
    QueryPerformanceFrequency((union _LARGE_INTEGER*)&f);
    QueryPerformanceCounter((union _LARGE_INTEGER*)&count);
    t->tv_sec = (time_t)(count / f);
    /* count % f < f, at most a few GHz: times 1e9 stays below 2**63 */
    t->tv_nsec = (long)((count % f) * 1000000000LL / f);
    return 0;
}
#else
#define eve_monotonic(t) clock_gettime(CLOCK_MONOTONIC, (t))
#endif

#endif /* EVE_PORTABLE_H */
