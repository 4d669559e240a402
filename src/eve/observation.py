"""Observations for learning agents: native, flat, and typed for people who want names.

`Observer(engine, kind)` writes a match's observation (int16 words) and its legal actions' mask
(one int8 a compact action) into buffers the caller owns; its layout is
eve.core.obs_layout.match_layout, sized by the content and fixed for a content fingerprint
(docs/observation.md has the table). `decode(observer, words)` reads such a buffer back as
dataclasses generated from the same layout: one class a slice, a field a column (the entries of a
C array, `status[0]` ..., as one tuple), a tuple of rows for a slice of many.
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any

from eve.core.obs_layout import OBSERVERS, Slice
from eve.core.observe import Observer

__all__ = ["OBSERVERS", "Observer", "decode", "observation_class", "slice_class"]


def _columns(fields: tuple[str, ...]) -> list[tuple[str, list[int]]]:
    """Fields grouped by their base name: (name, [their indices in the slice's row])."""
    out: list[tuple[str, list[int]]] = []
    for i, f in enumerate(fields):
        base = f.split("[", 1)[0]
        if "[" in f and out and out[-1][0] == base:
            out[-1][1].append(i)
        else:
            out.append((base, [i]))
    return out


@functools.cache
def slice_class(s: Slice) -> type:
    """The dataclass of one row of a slice."""
    cols = _columns(s.fields)
    name = "".join(p.capitalize() for p in s.name.split("_"))
    return dataclasses.make_dataclass(
        name[:-1] if s.rows > 1 and name.endswith("s") else name,
        [(name, tuple if len(ix) > 1 else int) for name, ix in cols], frozen=True)


@functools.cache
def observation_class(slices: tuple[Slice, ...]) -> type:
    """The dataclass of a whole observation: a field a slice."""
    return dataclasses.make_dataclass(
        "Observation", [(s.name, tuple if s.rows > 1 else slice_class(s)) for s in slices],
        frozen=True)


def _row(s: Slice, words: Sequence[int], r: int) -> Any:
    n = len(s.fields)
    cell = ((lambda f: words[s.offset + f * s.rows + r]) if s.by_field
            else (lambda f: words[s.offset + r * n + f]))
    vals = {name: (tuple(cell(i) for i in ix) if len(ix) > 1 else cell(ix[0]))
            for name, ix in _columns(s.fields)}
    return slice_class(s)(**vals)


def decode(observer: Observer, words: Sequence[int]) -> Any:
    """The typed view of an observation `observer` wrote (any int sequence: an array.array('h'),
    a numpy array, a memoryview cast to 'h')."""
    if len(words) < observer.size:
        raise ValueError(f"an observation has {observer.size} words, not {len(words)}")
    parts = {}
    for s in observer.layout:
        rows = tuple(_row(s, words, r) for r in range(s.rows))
        parts[s.name] = rows if s.rows > 1 else rows[0]
    return observation_class(observer.layout)(**parts)


def write_docs_tables(path: str) -> bool:
    """docs/observation.md's two generated tables, for the built-in content (True: changed)."""
    import eve
    from eve.core.obs_layout import write_docs
    from eve.core.observe import content_dims, run_dims

    content = eve.Engine().content
    return write_docs(path, content_dims(content), run_dims(content))


if __name__ == "__main__":          # python -m eve.observation docs/observation.md
    import sys

    print(f"{sys.argv[1]}: {'written' if write_docs_tables(sys.argv[1]) else 'up to date'}")
