"""The random packs' tags and filters on a chosen card (tests/random_packs.py; rules G01-G05),
drawn from a stream of their own once the items are made, so that the rest of a seed's pack is
the pack it was before filters."""
from __future__ import annotations

import random
from typing import Any

from eve.core.vocabulary import names

# the tags random items carry, and the targets a filter narrows (rules G01-G03)
TAGS = ["beast", "undead", "arcane", "t_3"]
FILTERED_TARGETS = ("void_card", "lattice_card", "rift_card", "abyss_card", "stack_card",
                    "foe_stack_item")


def card_filters(r: random.Random, sections: list[dict[str, Any]], unit_names: list[str]) -> None:
    """Tags on some cards and summonable units (`unit_names`), then filters on some card and
    Stack item targets and some choices, naming only tags some item has."""
    cards, units = sections[1], sections[2]
    for item in [*cards.values(), *(units[u] for u in unit_names)]:
        if r.random() < 0.4:
            item["tags"] = r.sample(TAGS, r.randint(1, 2))
    tags = sorted({t for d in [*cards.values(), *units.values()] for t in d.get("tags", ())})

    def narrow(data: dict[str, Any], kind_key: str, tag_key: str) -> None:
        if r.random() < 0.6:
            data[kind_key] = r.choice(names("card_kind"))
        if tags and (kind_key not in data or r.random() < 0.4):
            data[tag_key] = r.choice(tags)

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if x.get("target") in FILTERED_TARGETS and "effect" in x and r.random() < 0.4:
                narrow(x, "target_kind", "target_tag")
            if x.get("op") == "choose" and r.random() < 0.4:
                narrow(x, "kind", "tag")
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(sections)
