"""SplitMix64, named streams, unbounded and bounded draws, shuffles (RULES.md: RNG)."""
from collections import Counter

import pytest
from conftest import rule

from eve.core.rng import SplitMix64, fnv1a, mix, named_seed

M64 = (1 << 64) - 1


def ref_next(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def ref_below(state, bound):
    """Lemire's method on the high 32 bits, with rejection: the documented bounded draw."""
    state, x = ref_next(state)
    m = (x >> 32) * bound
    low = m & 0xFFFFFFFF
    if low < bound:
        threshold = ((1 << 32) - bound) % bound
        while low < threshold:
            state, x = ref_next(state)
            m = (x >> 32) * bound
            low = m & 0xFFFFFFFF
    return state, m >> 32


@rule("R01")
@pytest.mark.parametrize("seed,expected", [
    (0, [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]),
    (1234567, [0x599ED017FB08FC85, 0x2C73F08458540FA5, 0x883EBCE5A3F27C77]),
])
def test_splitmix64_vectors(seed, expected):
    g = SplitMix64(seed)
    assert [g.next() for _ in range(3)] == expected


@rule("R01")
def test_splitmix64_matches_reference_for_many_outputs():
    g = SplitMix64(987654321)
    s = 987654321
    for _ in range(1000):
        s, x = ref_next(s)
        assert g.next() == x


@rule("R02")
def test_fnv1a_vectors():
    assert fnv1a(b"") == 0xCBF29CE484222325
    assert fnv1a(b"a") == 0xAF63DC4C8601EC8C
    assert fnv1a(b"foobar") == 0x85944171F73967E8


@rule("R02")
@pytest.mark.parametrize("name", ["shuffle", "encounter", "mypack"])
def test_named_stream_seed_formula(name):
    for seed in (0, 1, 1234567, 2**64 - 1):
        expected = mix(seed ^ mix(fnv1a(name.encode())))
        assert named_seed(seed, name) == expected


@rule("R02")
def test_named_streams_are_independent():
    a = SplitMix64.named(42, "shuffle")
    b = SplitMix64.named(42, "encounter")
    assert [a.next() for _ in range(4)] != [b.next() for _ in range(4)]


@rule("R02", "E15", "Z18")
def test_match_archive_is_shuffled_with_the_shuffle_stream(engine):
    deck = list(engine.catalog.cards)[:12]
    for seed in (0, 5, 99):
        m = engine.new_match(seed=seed, deck=deck)
        order = SplitMix64.named(seed, "shuffle").shuffle(list(range(len(deck))))
        top_first = order[::-1]
        assert m.zone_cards("rift") == top_first[:5]
        assert m.zone_cards("archive") == top_first[5:]


@rule("R02")
def test_policies_never_draw_from_match_streams(engine):
    from eve.core.playout import choose
    m = engine.new_match(seed=3)
    h = m.state_hash()
    for seed in range(20):
        choose(m, "random", seed)
        choose(m, "greedy", seed)
    assert m.state_hash() == h


@rule("R03")
@pytest.mark.parametrize("bound", [1, 2, 3, 7, 10, 52, 1000, 2**31 + 1, 2**32 - 1])
def test_bounded_draw_matches_reference(bound):
    g = SplitMix64(77)
    s = 77
    for _ in range(300):
        s, expected = ref_below(s, bound)
        assert g.below(bound) == expected
    assert g.state == s


@rule("R03")
def test_bounded_draw_frozen_vectors():
    g = SplitMix64(0)
    assert [g.below(10) for _ in range(10)] == FROZEN_BELOW_10


@rule("R03")
def test_bounded_draw_is_unbiased():
    g = SplitMix64(2024)
    n = 60000
    counts = Counter(g.below(6) for _ in range(n))
    expected = n / 6
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(6))
    assert set(counts) == set(range(6))
    assert chi2 < 25.0        # 5 degrees of freedom: p < 0.0002 for a fair draw to exceed this


@rule("R03")
def test_bounded_draw_rejects_zero_bound():
    with pytest.raises(ValueError):
        SplitMix64(1).below(0)


@rule("R03")
def test_shuffle_is_fisher_yates_from_the_last_index_down():
    items = list(range(20))
    g = SplitMix64(5)
    s = 5
    ref = list(items)
    for i in range(len(ref) - 1, 0, -1):
        s, j = ref_below(s, i + 1)
        ref[i], ref[j] = ref[j], ref[i]
    assert g.shuffle(list(items)) == ref
    assert sorted(ref) == items and ref != items


# Frozen: a change to the bounded-draw method changes every shuffle, so it must be deliberate.
FROZEN_BELOW_10 = [8, 4, 0, 9, 1, 3, 1, 7, 2, 9]
