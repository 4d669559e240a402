"""Run programs (U19) and Relics' run triggers (U20), built by hand: tests/run_support.py
appends each option's and Relic's instructions (op, selector, n, card) to the content's code
pool, in the compiled form the pipeline will write (5 words: op, sel, a = n, b = card, -1).

What only the compiler can check (a run program may not use a match's instruction, nor a
match's program a run's) is the pipeline's tests', not these."""
from __future__ import annotations

import pytest
from conftest import rule
from run_support import easy_engine, play, prefer, until_phase

from eve.encoding import encode_action

PARTY = ["core:aldric", "core:seraphine", "core:varek"]
ONLY_EVENTS = {"fight": 0, "elite": 0, "event": 1, "sanctum": 0, "forge": 0, "shop": 0}
A, B = "core:war_banner", "core:ember_idol"
X, Y = "core:insight", "core:purge"


def opt(*effect, target="none", name="opt"):
    return {"name": name, "target": target, "effect": list(effect)}


def at_event(options, seed=1, **more):
    """A run at its first event (floor 2), whose one event has `options`."""
    more.setdefault("config", {"aurorune": 99})
    more.setdefault("rewards", {"fight": {"aurorune": (0, 0), "cards": 0}})
    e = easy_engine(weights=ONLY_EVENTS, events=[{"acts": 0, "options": options}], **more)
    run = e.new_run(seed, party=PARTY)
    play(run, seed, until=until_phase("event"), chooser=prefer("event"))
    assert run.phase == "event" and run.floor == 2
    return run


def take(run, i, pick=0):
    c = run.clone()
    c.apply(encode_action("option", i, pick))
    assert c.phase == "path"
    return c


def stats(run, key):
    return [h[key] for h in run.party]


# ---------------------------------------------------------------- U19 run programs


@rule("U19")
def test_hero_instructions_on_the_party():
    options = [
        opt(("restore", "party", 7, None)),
        opt(("hurt", "party", 999, None)),
        opt(("heal_share", "party", 50, None)),
        opt(("max_hp", "party", 5, None)),
        opt(("ambition", "party", -2, None), ("morality", "party", 3, None)),
        opt(("morality", "party", 9, None), ("morality", "party", 9, None),
            ("morality", "party", 9, None)),
        opt(("max_hp", "party", -999, None)),
    ]
    for seed in range(20):                  # a run whose first fight hurt every hero
        run = at_event(options, seed)
        hp, mx = stats(run, "hp"), stats(run, "max_hp")
        if all(h < m for h, m in zip(hp, mx)):
            break
    assert all(h < m for h, m in zip(hp, mx)), "the first fight hurts every hero"
    assert stats(take(run, 0), "hp") == [min(m, h + 7) for h, m in zip(hp, mx)]
    assert stats(take(run, 1), "hp") == [1, 1, 1]                       # never kills
    assert stats(take(run, 2), "hp") == [min(m, h + m // 2) for h, m in zip(hp, mx)]
    c = take(run, 3)
    assert stats(c, "max_hp") == [m + 5 for m in mx] and stats(c, "hp") == [h + 5 for h in hp]
    c = take(run, 4)
    assert stats(c, "ambition") == [a - 2 for a in stats(run, "ambition")]
    assert stats(c, "morality") == [m + 3 for m in stats(run, "morality")]
    assert stats(take(run, 5), "morality") == [20, 20, 20]
    c = take(run, 6)
    assert stats(c, "max_hp") == [1, 1, 1] and stats(c, "hp") == [1, 1, 1]


@rule("U19")
def test_chosen_and_random_heroes():
    run = at_event([opt(("ambition", "chosen_hero", 3, None), target="hero"),
                    opt(("ambition", "random_hero", 3, None))])
    amb = stats(run, "ambition")
    for slot in range(3):
        assert stats(take(run, 0, slot), "ambition") == \
            [a + 3 * (i == slot) for i, a in enumerate(amb)]
    picked = set()
    for seed in range(12):
        c = take(run.determinize(seed), 1)
        changed = [i for i in range(3) if stats(c, "ambition")[i] != amb[i]]
        assert len(changed) == 1
        picked |= set(changed)
    assert picked == {0, 1, 2}


@rule("U19")
def test_purse_and_deck_instructions():
    run = at_event([
        opt(("gain_aurorune", "none", 40, None), ("lose_aurorune", "none", 15, None)),
        opt(("lose_aurorune", "none", 5000, None)),
        opt(("add_card", "none", 2, X)),
        opt(("add_card", "none", 60, X)),
        opt(("remove_card", "chosen_card", 0, None), target="card"),
        opt(("remove_card", "random_card", 0, None)),
        opt(("upgrade_card", "chosen_card", 0, None), target="card"),
        opt(("upgrade_card", "random_card", 0, None)),
    ], config={"aurorune": 99, "deck_cap": 24})
    deck = run.deck
    assert take(run, 0).aurorune == 124
    assert take(run, 1).aurorune == 0
    assert take(run, 2).deck == deck + [X, X]
    assert take(run, 3).deck == deck + [X] * (24 - len(deck))          # the deck's cap
    assert take(run, 4, 5).deck == deck[:5] + deck[6:]
    c = take(run, 5)
    assert len(c.deck) == len(deck) - 1
    assert sorted(c.deck + [x for x in deck if deck.count(x) > c.deck.count(x)][:1]) == sorted(deck)
    # ember_squire (deck card 0) upgrades into ashen_duelist; a card without an upgrade stays
    assert deck[0] == "core:ember_squire"
    assert take(run, 6, 0).deck == ["core:ashen_duelist"] + deck[1:]
    plain = next(i for i, cid in enumerate(deck) if cid not in (
        "core:ember_squire", "core:cinder_rite", "core:dawn_sentinel", "core:veil_ward",
        "core:insight", "core:mending_litany"))
    assert take(run, 6, plain).deck == deck
    c = take(run, 7)
    diff = [i for i in range(len(deck)) if c.deck[i] != deck[i]]
    assert len(diff) == 1 and deck[diff[0]] in ("core:ember_squire", "core:cinder_rite",
                                                 "core:dawn_sentinel", "core:mending_litany",
                                                 "core:veil_ward", "core:insight")


@rule("U19")
def test_gain_relic():
    run = at_event([opt(("gain_relic", "none", 0, A)),
                    opt(("gain_relic", "none", 0, A), ("gain_relic", "none", 0, A)),
                    opt(("gain_relic", "none", 0, None), ("gain_relic", "none", 0, None))],
                   config={"aurorune": 99, "relic_cap": 3})
    assert run.relics == []
    assert take(run, 0).relics == [A]
    assert take(run, 1).relics == [A]                  # one the run holds is not gained again
    c = take(run, 2)
    assert len(c.relics) == 2 and len(set(c.relics)) == 2
    assert all(c.catalog.cards[r]["kind"] == "relic" for r in c.relics)
    capped = at_event([opt(*[("gain_relic", "none", 0, None)] * 5)],
                      config={"aurorune": 99, "relic_cap": 3})
    assert len(take(capped, 0).relics) == 3


# ---------------------------------------------------------------- U20 Relics' run triggers


def _relic_run(order):
    relic_run = {A: {"picked_up": [("gain_aurorune", "none", 7, None)],
                     "fight_won": [("lose_aurorune", "none", 5000, None),
                                   ("add_card", "none", 1, X)]},
                 B: {"fight_won": [("add_card", "none", 1, Y)],
                     "act_start": [("gain_aurorune", "none", 500, None)]}}
    acts = [{"floors": 3, "width": 3, "paths": 2, "elite_floor": 3,
             "fights": ["core:ash_warband"], "elites": ["core:wyrm_lair"],
             "bosses": ["core:midnight_throne"]}] * 2
    run = at_event([opt(*[("gain_relic", "none", 0, r) for r in order])], acts=acts,
                   relic_run=relic_run,
                   rewards={"fight": {"aurorune": (0, 0), "cards": 0},
                            "boss": {"aurorune": (50, 50), "cards": 0}})
    return run


@pytest.mark.parametrize("order", [(A, B), (B, A)])
@rule("U20")
def test_relic_run_triggers(order):
    run = _relic_run(order)
    aur = run.aurorune
    run.apply(encode_action("option", 0, 0))
    assert run.relics == list(order)
    assert run.aurorune == aur + 7                       # A's picked_up, once
    deck = run.deck
    # the sanctum, then the boss: its reward's 50 aurorune, then A's fight_won loses it all,
    # then each Relic's fight_won in the order gained, then act 2 begins: B's act_start
    play(run, 0, until=lambda r: r.act == 2)
    assert run.phase == "path" and run.floor == 0
    assert run.aurorune == 500
    assert run.deck[len(deck):] == ([X, Y] if order == (A, B) else [Y, X])


# ---------------------------------------------------------------- U19: run and match apart


def _spell(effect):
    from eve.testing import build_engine
    cards = {"spell": {"kind": "sortilege", "charges": 1,
                       "on_enter": {"target": "none", "effect": effect}}}
    return build_engine("rl", cards=cards)


@rule("U19")
@pytest.mark.parametrize("ins", [
    {"op": "gain_aurorune", "n": 5},
    {"op": "heal_share", "n": 5},
    {"op": "add_card", "n": 1, "card": "core:insight"},
    {"op": "hurt", "n": 3, "to": "all_foes"},
    {"op": "max_hp", "n": 2, "to": "own_leader"},
    {"op": "upgrade_card", "to": "foe_leader"},
])
def test_a_match_program_may_not_use_a_run_instruction(ins):
    import eve
    with pytest.raises(eve.ContentError):
        _spell([ins])
    _spell([{"op": "damage", "to": "foe_leader", "n": 1}])     # the same spell, a match op


@rule("U19")
@pytest.mark.parametrize("sel", ["party", "random_hero", "chosen_hero", "chosen_card"])
def test_a_match_program_may_not_use_a_run_selector(sel):
    import eve
    with pytest.raises(eve.ContentError):
        _spell([{"op": "damage", "to": sel, "n": 1}])
