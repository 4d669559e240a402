"""What the corpus's designs share and what its tests play in: the statuses several designs
use, a hero to play the cards, enemy heroes and units to aim at, and Encounters that leave the
cards' numbers alone (the dummy's only move is 1 damage to the player's leader)."""
from __future__ import annotations

from typing import Any

from .design import Table

# Vulnerable, Weak and Surge (+1 power a stack until the end of the turn) are the built-in
# pack's (core:...). Slay the Spire's Strength adds to every hit its holder deals; eve's card damage has the
# player's leader as its source (rule D01), so an added amount per stack is exact
STATUSES: Table = {
    "strength": {"name": "Strength", "polarity": "buff", "dealt_add": 1},
    "strength_up": {"name": "Strength (this turn)", "polarity": "buff", "dealt_add": 1,
                    "decay": {"at": "turn_end", "by": "all"}},
    # the holder's hits deal nothing until the end of its own next turn
    "frozen": {"name": "Frozen", "polarity": "debuff", "stacking": "duration", "max": 1,
               "dealt_pct": 0, "decay": {"at": "turn_end", "by": "one"}},
}

TESTER_HP = 80
DUMMY_HP = 200

HEROES: Table = {
    # Ambition 7: a meter of 9, room for several plays a turn
    "tester": {"name": "Tester", "max_hp": TESTER_HP, "power": 2, "ambition": 7, "morality": 0,
               "cards": []},
    "second": {"name": "Second", "max_hp": 30, "power": 1, "ambition": 0, "morality": 0,
               "cards": []},
}

_POKE: list[dict[str, Any]] = [{"move": "effect", "target": "foe_leader",
                                "effect": [{"op": "damage", "n": 1}]}]

UNITS: Table = {
    "dummy": {"kind": "enemy_hero", "name": "Dummy", "max_hp": DUMMY_HP, "power": 0},
    "grunt": {"kind": "unit", "name": "Grunt", "power": 3, "hp": 6},
    "brute": {"kind": "unit", "name": "Brute", "power": 5, "hp": 9},
}

ENCOUNTERS: Table = {
    "target_dummy": {"roster": ["dummy"], "initiative": 1, "script": _POKE},
    "twin_dummies": {"roster": ["dummy", "dummy"], "initiative": 1, "script": _POKE},
    # a grunt on its first turn, then pokes
    "summoner": {"roster": ["dummy"], "initiative": 1,
                 "script": [{"move": "summon", "unit": "grunt"}, *_POKE]},
}
