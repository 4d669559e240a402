"""The built-in run (issue 22): its size, and that it uses every construct of the language, so
that random play over it reaches them."""
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import eve
from eve.core.instructions import INSTRUCTIONS
from eve.core.selectors import SELECTORS
from eve.core.vocabulary import CONTENT


@pytest.fixture(scope="module")
def engine():
    return eve.Engine()


def _items(engine, kind):
    return {k: v.data for k, v in engine.registry.items[kind].items()}


def _walk(data: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) pair at any depth of an item's data."""
    if isinstance(data, Mapping):
        for k, v in data.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _walk(v)


def _used(engine) -> dict[str, set[Any]]:
    seen: dict[str, set[Any]] = {}
    for kind in engine.registry.items:
        for item in engine.registry.items[kind].values():
            for k, v in _walk(item.data):
                seen.setdefault("", set()).add(k)       # every field name written
                if isinstance(v, (str, int, bool)):
                    seen.setdefault(k, set()).add(v)
                elif k == "keywords":
                    seen.setdefault(k, set()).update(
                        x["name"] if isinstance(x, Mapping) else x for x in v)
    return seen


def test_the_built_in_run_is_as_large_as_the_issue_asks(engine):
    acts = _items(engine, "act")
    assert len(acts) >= 3 and all(a.get("bosses") for a in acts.values())
    assert len(_items(engine, "encounter")) >= 15
    assert len(_items(engine, "event")) >= 10
    cards = _items(engine, "card")
    # the upgraded forms are cards of their own: count the cards that declare them
    player = {k: c for k, c in cards.items() if not k.endswith("+")}
    assert len(player) >= 80
    assert all("rarity" in c and "upgraded" in c for c in player.values())
    assert sum(c.get("kind") == "relic" for c in player.values()) >= 12
    run = eve.Engine().new_run(0, party=eve.Engine().default_heroes())
    assert run.map is not None and run.boss is not None


def test_the_built_in_content_uses_every_construct_of_the_language(engine):
    used = _used(engine)
    ops = {o.name for o in INSTRUCTIONS if o.name != "end"}
    assert ops - used["op"] == set()
    sels = {s.name for s in SELECTORS if s.name not in ("none",)}
    assert sels - used.get("to", set()) - {"target"} == set()
    triggers = {t for t in CONTENT["trigger"] if t != "none"}
    assert triggers - used["on"] == set()
    assert set(CONTENT["keyword"]) - used["keywords"] == set()
    # durations, auras, counters' reads, filters, repeats: fields, not names
    assert {"until", "aura", "times", "target_kind", "play_if"} <= used[""]
