"""docs/corpus.md: the corpus's table, made from its data."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from .design import STATUSES, Design

DOC = Path(__file__).resolve().parents[2] / "docs" / "corpus.md"

HEAD = """# The reference corpus

Well-known designs of Slay the Spire, Hearthstone and Magic: the Gathering written in eve's
content language (docs/modding.md), each played by a behaviour test in a real match
(`tests/test_corpus.py`). The data lives in `tests/corpus/` (one module per game), registered as
the pack `corpus` through the same hooks as any pack (in volumes: a catalog holds at most
`LIMITS["statuses"]` statuses, fewer than the corpus defines, so each volume has the designs that
define none and as many of the others as fit, each loaded in an engine of its own). This page is
generated from it: `python -m tests.corpus` rewrites it, and a test fails when it is stale.

A design is **exact** when the data does what the original does in eve's terms, a
**compromise** when it does nearly that (the note says what differs), or it **needs** a
construct the language does not have yet (the note names it; such a design has no data and no
test yet). The text paraphrases the original in our own words.

What every design shares, and is not counted as a compromise:

- Costs are not part of a design: eve has no printed costs, only the Action Meter's category
  costs (rules E11, M04), which no effect reads or writes (seed 002).
- A one-shot card (an attack or skill, a spell, an instant or sorcery) is a Sortilege of one
  charge whose on-enter effect is the design and ends by putting the card into the Abyss (the
  Void for a card the original exhausts): eve has no one-shot kind. Lint wants an ability on
  every Sortilege (EVE-L004), so each has one the card never stays in the Lattice to use.
- A Slay the Spire Power is a status on the hero (its own rules text), given by a one-shot card
  that leaves the match (the Void); a minion or creature is a character; a monster is an
  Encounter.
- A relic, an artifact or an enchantment is a Relic card: it works from when it is played,
  not from the start of the match (one that acts as a combat starts is heard from the deck
  instead, and its note says so).
- A monster whose hp the original draws from a range has one value of that range.
- A minion, token or creature a design summons takes its side's first empty lane (eve's
  `summon`): Hearthstone's board order and Magic's battlefield have no lanes to keep.
- "Whenever you play an attack/skill/spell" listens to Sortileges: the corpus's one-shot cards
  carry no Attack, Skill or Spell type of their own (a design that must tell them apart says so).
- "You" is the player's leader; "an enemy" is a foe hero or character; "Block" is shield
  (cleared at its owner's turn start, rule E13).
"""


def render(designs: Sequence[Design]) -> str:
    counts = Counter(d.status for d in designs)
    summary = ", ".join(f"{counts[s]} {s}" for s in STATUSES)
    lines = [HEAD, f"{len(designs)} designs: {summary}.", "",
             "| design | source | original (paraphrased) | status | note |", "|---|---|---|---|---|"]
    for d in designs:
        ident = f"`corpus:{d.key}`" if d.written else f"`{d.key}`"
        note = d.note.replace("|", "\\|")
        lines.append(f"| {ident} | {d.source} | {d.text} | {d.status} | {note} |")
    return "\n".join(lines) + "\n"
