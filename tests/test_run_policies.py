"""The run policies of `eve run` and `eve simulate --runs` (eve.run_policies)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from run_files_support import run_engine, walk

from eve.encoding import encode_action
from eve.run_policies import POLICIES, make_policy, value


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_a_policy_plays_legal_actions_the_same_way_for_a_seed(policy):
    e = run_engine()
    for seed in range(4):
        a = [x for _, x in walk(e, seed, policy)]
        assert a == [x for _, x in walk(e, seed, policy)]
    assert [x for _, x in walk(e, 1, policy)] != [x for _, x in walk(e, 2, policy)]


def test_an_unknown_policy_is_a_value_error():
    with pytest.raises(ValueError, match="random, greedy"):
        make_policy("mcts", 1)


def _hero(hp, max_hp=10, alive=True):
    return {"id": "x", "hp": hp, "max_hp": max_hp, "alive": alive, "ambition": 0}


def _at_path(party, row):
    """A run on a path choice whose next floor is `row` (node kinds by column)."""
    return SimpleNamespace(in_fight=False, match=None, phase="path", party=party, floor=0,
                           map={"floors": [row]},
                           legal_action_codes=lambda: [encode_action("travel", c, 0, 0)
                                                       for c, k in enumerate(row) if k])


def test_greedy_travels_to_a_fight_and_rests_when_hurt():
    row = ["elite", "sanctum", None, "fight", "shop"]
    pick = make_policy("greedy", 0)
    assert pick(_at_path([_hero(9), _hero(10)], row)) == encode_action("travel", 3, 0, 0)
    assert pick(_at_path([_hero(2), _hero(3)], row)) == encode_action("travel", 1, 0, 0)
    assert pick(_at_path([_hero(9)], ["elite", None, "event"])) == encode_action("travel", 2, 0, 0)


def test_greedy_takes_a_reward_card_and_buys_the_cheapest():
    pick = make_policy("greedy", 0)
    take = [encode_action("take", i, 0, 0) for i in range(3)]
    leave = encode_action("leave", 0, 0, 0)
    reward = SimpleNamespace(in_fight=False, match=None, phase="reward", legal_action_codes=lambda: [*take, leave])
    assert pick(reward) == take[0]
    shop = SimpleNamespace(in_fight=False, match=None, phase="shop", offer=[("a", 50), ("b", 30), ("c", 30)],
                           legal_action_codes=lambda: [*take, leave])
    assert pick(shop) == take[1]
    broke = SimpleNamespace(in_fight=False, match=None, phase="shop", offer=[], legal_action_codes=lambda: [leave])
    assert pick(broke) == leave


def test_the_greedy_value_puts_living_heroes_then_hp_first():
    def run(party, **kw):
        return SimpleNamespace(party=party, deck=kw.get("deck", []), relics=[], aurorune=kw.get("a", 0))
    assert value(run([_hero(1), _hero(1)])) > value(run([_hero(10), _hero(0, alive=False)], a=9999))
    assert value(run([_hero(6)])) > value(run([_hero(5)], deck=["x+"] * 3))
    assert value(run([_hero(5)], deck=["x+"])) > value(run([_hero(5)], a=200))
