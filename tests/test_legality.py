"""The generated legal actions are exactly the actions check_action accepts, in many positions."""
import random

from conftest import rule

from eve.core.testkit import accepted_codes, raw


def _positions(engine, seeds, every=3):
    for seed in seeds:
        for enc in engine.catalog.encounters:
            m = engine.new_match(seed=seed, encounter=enc)
            rng = random.Random(seed)
            k = 0
            while not m.is_over:
                if k % every == 0:
                    yield m
                m.apply(rng.choice(m.legal_action_codes()))
                k += 1


@rule("S01", "S04")
def test_generated_actions_equal_accepted_actions(engine):
    checked = 0
    for m in _positions(engine, range(6)):
        gen = m.legal_action_codes()
        assert len(gen) == len(set(gen)), "an action is listed twice"
        assert sorted(gen) == sorted(accepted_codes(m))
        checked += 1
    assert checked > 50


def test_legal_action_order_is_deterministic(engine):
    a = engine.new_match(seed=7)
    b = engine.new_match(seed=7)
    assert a.legal_action_codes() == b.legal_action_codes()
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]


def test_a_step_hands_back_exactly_the_legal_actions(engine):
    # Playouts and the search take the next decision's actions from the step itself (the
    # list the game stopped on) instead of listing again: it must be the same list, in order.
    from eve.core.testkit import listing_mismatches

    decisions = 0
    for enc in engine.catalog.encounters:
        for seed in range(8):
            d, bad = listing_mismatches(engine.new_match(seed=seed, encounter=enc), seed)
            assert bad == 0, f"{enc}, seed {seed}: {bad} of {d} lists differ"
            decisions += d
    assert decisions > 1000


def test_listed_actions_carry_the_words_of_the_listing_moment(engine):
    # Action.text is made when first read, from a copy of the match taken at listing: reading
    # it after the match moved on still describes the action as it was listed
    for seed in range(1, 6):
        m = engine.new_match(seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not m.is_over:
            listed = m.legal_actions()
            words = [engine._describe(m, a.code) for a in listed]
            pick = rng.choice(listed)
            m.apply(pick)                       # the phase, the units and the cards move on
            assert [a.text for a in listed] == words
            assert str(pick) == words[listed.index(pick)]
            checked += len(listed)
        assert checked > 0


def test_listing_actions_changes_nothing(engine):
    m = engine.new_match(seed=3)
    before = m.state_hash(), raw(m), len(m.events)
    listed = m.legal_actions()
    [a.text for a in listed]
    assert (m.state_hash(), raw(m), len(m.events)) == before
    assert [a.code for a in listed] == m.legal_action_codes()


def test_listed_actions_pickle_and_copy_with_their_words(engine):
    # an action can cross to another process (a bot's worker pool) as it could before its
    # words were made lazily
    import copy
    import pickle
    m = engine.new_match(seed=4)
    for a in m.legal_actions():
        for b in (pickle.loads(pickle.dumps(a)), copy.copy(a), copy.deepcopy(a)):
            assert b == a and b.code == a.code and str(b) == str(a) and b.text


@rule("S01", "E20")
def test_generated_actions_equal_accepted_actions_with_targeted_deploys():
    # random packs whose characters' on-enter effects take targets (and that taunt)
    import warnings

    from random_packs import random_engine, random_pack
    checked = deploys = 0
    for seed in range(40):
        pack = random_pack(seed)
        if not any(c.get("kind") == "character" and "target" in c.get("on_enter", {})
                   for c in pack.cards.values()):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            eng = random_engine(seed)
        for m in _positions(eng, [seed], every=2):
            gen = m.legal_action_codes()
            assert len(gen) == len(set(gen)), "an action is listed twice"
            assert sorted(gen) == sorted(accepted_codes(m))
            deploys += sum(1 for a in m.legal_actions()
                           if a.kind == "play" and a.is_deploy and a.target is not None)
            checked += 1
    assert checked > 50 and deploys > 20
