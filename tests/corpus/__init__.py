"""The reference corpus: well-known designs of deck-builders written in eve's content language,
each played by a behaviour test in tests/test_corpus.py. docs/corpus.md is its table
(`python -m tests.corpus` rewrites it; tests/test_corpus.py checks it is current)."""
from __future__ import annotations

from . import hearthstone, magic, slay_the_spire
from .design import Design
from .pack import PACK_NAME, corpus_pack, status_room, volumes

DESIGNS: list[Design] = [*slay_the_spire.DESIGNS, *hearthstone.DESIGNS, *magic.DESIGNS]

__all__ = ["DESIGNS", "PACK_NAME", "Design", "corpus_pack", "status_room", "volumes"]
