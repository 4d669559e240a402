# What a search is asked (Params) and what it counts (Stats), shared by the loop, the rollout
# and the Worker that reports them. Compiled into the search extension (see search_arena.pxd).
from libc.stdint cimport int64_t

cdef struct Params:
    double c
    int max_depth       # rollout decisions before evaluating (0: play to the end)
    int shaped          # reward at the depth cap: 1 shaped hp difference, 0 a draw (0.5)
    int verify          # check every tree action with check_action (tests)
    double time_limit   # seconds, 0: none
    int* stop           # set (non-zero) from another thread: end the search at the next check

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
