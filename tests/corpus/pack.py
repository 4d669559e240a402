"""The corpus as a content pack, registered through the same hooks as any pack (a DataPack)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from eve.plugins.data import DataPack

from . import support
from .design import Design

PACK_NAME = "corpus"
_TABLES = ("statuses", "cards", "units", "encounters")


def corpus_pack(designs: Iterable[Design]) -> DataPack:
    """The shared statuses, heroes, units and Encounters, then every written design's tables
    (an item defined twice is an error: each name belongs to one design)."""
    tables: dict[str, dict[str, Any]] = {
        "statuses": dict(support.STATUSES), "cards": {}, "units": dict(support.UNITS),
        "encounters": dict(support.ENCOUNTERS)}
    for d in designs:
        for t in _TABLES:
            for name, data in getattr(d, t).items():
                if name in tables[t]:
                    raise ValueError(f"{d.key}: {t} {name!r} is defined twice in the corpus")
                tables[t][name] = data
    return DataPack(PACK_NAME, "1.0.0", requires=["core"], heroes=dict(support.HEROES), **tables)
