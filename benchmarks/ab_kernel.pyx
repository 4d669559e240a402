"""The random-playout loop that benchmarks/ab_pairs.py times on every build it compares.

Each build's own loop (`run_matches`) changed over time: before e0af297 its random policy listed
the legal actions, applied one with `apply_action`, whose `advance` listed them again to decide
where to stop, and then listed them once more at the next decision. A ratio of two builds' own
loops measured that loop as well as the engine. This file is compiled once per build, against
that build's own .pxd files, so the loop and its compiler flags are the same on both sides and
only the engine (setup, legal actions, apply, the content's tables) differs.

It uses only what every build since 2676caf exports with the same signature: `setup_match`,
`begin`, `legal_actions` and `apply_listing` (an action applied and the next legal list handed
back: one listing a decision), `ctx_init`, and the rng's `stream_seed` and `sm_below`.
"""
from libc.stdint cimport int16_t, int32_t, uint64_t

from eve.core.defs cimport State, Ctx, ctx_init, MAX_ACTIONS, MAX_HERO_SLOTS
from eve.core.rng cimport sm_below, stream_seed
from eve.core.rules cimport setup_match, begin, legal_actions, apply_listing
from eve.core.tables cimport CompiledContent


cdef int _playout(State* st, Ctx* cx, uint64_t* rng, int cap) noexcept nogil:
    """Uniformly random legal actions until no action is left (the match is over) or `cap`
    decisions; returns the decisions made."""
    cdef int32_t buf[MAX_ACTIONS]
    cdef int n = legal_actions(st, cx, buf), d = 0
    while d < cap and n > 0:
        n = apply_listing(st, cx, buf[sm_below(rng, <unsigned int>n)] if n > 1 else buf[0], buf)
        d += 1
    return d


def play(CompiledContent content, long long first_seed, int matches, list heroes, int enc,
         int cap=100000):
    """Play `matches` random matches of Encounter `enc` (seeds first_seed, first_seed + 1, ...),
    the party `heroes` (hero indices). Returns (decisions, digest): the decisions made, and a
    digest of every match's (decisions, outcome, round), equal on two builds that played the
    same matches."""
    cdef State st
    cdef Ctx cx
    cdef int16_t hs[MAX_HERO_SLOTS]
    cdef uint64_t rng, s, digest = 14695981039346656037ULL
    cdef long long total = 0
    cdef int i, d, nh = len(heroes)
    if not 1 <= nh <= MAX_HERO_SLOTS:
        raise ValueError(f"a party has 1 to {MAX_HERO_SLOTS} heroes")
    for i in range(nh):
        hs[i] = heroes[i]
    ctx_init(&cx, content.tb, 0)
    with nogil:
        for i in range(matches):
            s = <uint64_t>(first_seed + i)
            rng = stream_seed(s, b"policy")
            setup_match(&st, &cx, s, hs, nh, enc, NULL, -1)
            begin(&st, &cx)
            d = _playout(&st, &cx, &rng, cap)
            total += d
            digest = (digest ^ <uint64_t>(d * 64 + st.outcome * 8)
                      ^ (<uint64_t>st.round << 32)) * 1099511628211ULL
    return total, f"{digest:016x}"
