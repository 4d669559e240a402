"""`eve simulate --policy NAME` plays matches with any policy of eve.policies, the same way for a
seed as the policy played from Python; names it does not know, and match-only policies with
--runs, are one line and exit 2."""
from __future__ import annotations

import json

import pytest

import eve
from eve.cli import main
from eve.policies import play_match


def test_simulate_plays_a_named_policy_as_python_does(capsys):
    assert main(["simulate", "--games", "3", "--seed", "5", "--policy", "flat-8",
                 "--encounter", "core:ash_warband", "--json", "--quiet"]) == 0
    s = json.loads(capsys.readouterr().out)
    e = eve.Engine()
    wins = sum(play_match(e, seed, e.default_heroes(), "core:ash_warband", "flat-8")[0] == "win"
               for seed in (5, 6, 7))
    assert s["policy"] == "flat-8"
    assert s["wins"] == wins


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--games", "2", "--policy", "nope"], "not a policy"),
    (["simulate", "--games", "2", "--policy", "flat-0"], "not a policy"),
    (["simulate", "--runs", "2", "--policy", "flat-8"], "--runs plays"),
])
def test_bad_policies_are_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
