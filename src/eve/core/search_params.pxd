# What a search is asked (Params) and what it counts (Stats), shared by the loop, the rollout
# and the Worker that reports them; and when it must end (_stopped). Compiled into the search
# extension (see search_arena.pxd).
from libc.stdint cimport int64_t
from libc.time cimport time_t

cdef struct Params:
    double c
    int max_depth       # rollout decisions before evaluating (0: play to the end)
    int shaped          # reward at the depth cap: 1 shaped hp difference, 0 a draw (0.5)
    int verify          # check every tree action with check_action (tests)
    int see_hidden      # the reference search: no re-sampling, the true hidden cards and streams
    unsigned int greedy_pm  # rollouts: per mille of decisions played by the greedy lookahead
    int worlds          # > 0: iteration i plays determinization i mod worlds (and its rollout
                        # stream): siblings are compared on the same deals; 0: a fresh one each
    unsigned long long world_seed
    int horizon         # rollouts end max_depth + 1 decisions below the root, not below the leaf
    int root_flat       # the root's children in turn, the k-th visit of each on deal k (common
                        # random numbers, as flat Monte Carlo); UCT below; the best mean wins
    int board           # at a cutoff: 1 the board's value (_board) against the root's, 0 shaped
    double board_root   # the root's _board
    double board_scale  # a board difference this large scores 0.75 (or 0.25)
    double deadline     # _now() when the time limit runs out; 0: no limit
    int* stop           # set (non-zero) from another thread, or by _stopped: end the search

cdef struct Stats:
    int64_t iterations
    int64_t tree_decisions
    int64_t rollout_decisions
    int64_t illegal
    int64_t nodes
    int64_t cached          # node states kept in the Cache
    int64_t mismatch        # verify: a cached state that differs from a replay from the root
    double tree_s
    double step_s
    double gen_s
    double rollout_s


cdef extern from "portable.h":
    # clock_gettime(CLOCK_MONOTONIC) on Linux and macOS, the performance counter on Windows
    cdef struct timespec:
        time_t tv_sec
        long tv_nsec
    int eve_monotonic(timespec* t) nogil


cdef inline double _now() noexcept nogil:
    cdef timespec t
    eve_monotonic(&t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef inline bint _stopped(const Params* p) noexcept nogil:
    """Whether the search must end: a stop asked from another thread (Ctrl-C), or the time
    limit past. A limit found past sets the stop flag too, so that once a rollout has found it
    the loop sees it without reading the clock."""
    if p.stop[0] != 0:
        return True
    if p.deadline > 0 and _now() > p.deadline:
        p.stop[0] = 1
        return True
    return False
