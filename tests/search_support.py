"""What the search tests share: a mid-match position and a search result's comparable form."""
from __future__ import annotations

import random
from typing import Any


def mid_match(engine: Any, seed: int = 4, steps: int = 12, encounter: str | None = None) -> Any:
    """A match of `seed` after `steps` random legal actions, not over."""
    m = engine.new_match(seed=seed, encounter=encounter)
    rng = random.Random(seed)
    for _ in range(steps):
        m.apply(rng.choice(m.legal_action_codes()))
    assert not m.is_over
    return m


def search_key(r: Any) -> tuple:
    """A search result as comparable data: its action and every root child's visits and value."""
    return r.action.code, [(s.action.code, s.visits, round(s.value, 12)) for s in r.stats]
