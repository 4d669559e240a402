"""The corpus as content packs, registered through the same hooks as any pack (a DataPack).

A catalog holds at most LIMITS["statuses"] statuses, fewer than the corpus defines, so the
corpus comes in volumes: each volume is a pack named `corpus` (an item's id is the same in every
volume) with the shared tables and every design that registers no status, plus as many of the
status-bearing designs as fit, in corpus order. Each volume is loaded in an engine of its own."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from eve.core.tables import LIMITS
from eve.plugins.data import DataPack

from . import support
from .design import Design

PACK_NAME = "corpus"
_TABLES = ("statuses", "cards", "units", "encounters")


def corpus_pack(designs: Iterable[Design]) -> DataPack:
    """The shared statuses, heroes, units and Encounters, then every given design's tables
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


def volumes(designs: Sequence[Design], room: int) -> list[list[Design]]:
    """The designs split so that no volume registers more than `room` statuses of its own
    (beyond the shared ones)."""
    plain = [d for d in designs if not d.statuses]
    out: list[list[Design]] = []
    used: list[int] = []
    for d in designs:
        if not d.statuses:
            continue
        n = len(d.statuses)
        if n > room:
            raise ValueError(f"{d.key}: {n} statuses do not fit in a volume ({room})")
        for i, u in enumerate(used):
            if u + n <= room:
                out[i].append(d)
                used[i] += n
                break
        else:
            out.append([d])
            used.append(n)
    if not out:
        out.append([])
    return [[d for d in designs if d in vol or d in plain] for vol in out]


def status_room(builtin: int) -> int:
    """How many statuses a volume's designs may add, given the catalog's own (`builtin`: the
    standard ones and the packs' the corpus requires)."""
    return LIMITS["statuses"] - builtin - len(support.STATUSES)
