"""One vocabulary: every enumerated name is defined once (eve/core/vocabulary.py) and the core's
constants, the compiler's names, Match's names, the refusal messages, the event schema and the
docs tables are derived from it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import eve
from eve import encoding
from eve.core import match as core_match
from eve.core import tables, vocabulary
from eve.errors import REASONS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_the_generated_pxd_is_current():
    assert (ROOT / "src/eve/core/vocab.pxd").read_text() == vocabulary.pxd_text(), (
        "run `python -m eve.core.vocabulary --pxd > src/eve/core/vocab.pxd` (setup.py does it)")


def test_codes_are_distinct_and_names_unique_within_each_enum():
    for e in vocabulary.ENUMS:
        assert len({m.code for m in e.members}) == len(e.members), e.key
        assert len({m.name for m in e.members}) == len(e.members), e.key
        assert len({m.cname for m in e.members}) == len(e.members), e.key


def test_the_c_constants_are_unique_across_enums():
    cnames = [m.cname for e in vocabulary.ENUMS for m in e.members]
    assert len(cnames) == len(set(cnames))


def test_every_docs_table_is_the_vocabularys():
    blocks = 0
    for page in DOCS.glob("*.md"):
        text = page.read_text()
        for m in re.finditer(r"<!-- vocabulary:(\w+) -->.*?<!-- /vocabulary:\1 -->", text, re.S):
            assert m.group(0) == vocabulary.docs_block(m.group(1)), (
                f"{page.name}: the {m.group(1)} table is stale "
                "(python -m eve.core.vocabulary --write-docs docs)")
            blocks += 1
    page = (DOCS / "vocabulary.md").read_text()
    for e in vocabulary.ENUMS:
        assert vocabulary.docs_block(e.key) in page, e.key
    assert blocks >= len(vocabulary.ENUMS)


def test_the_compiler_reads_the_vocabulary():
    assert tables.ENUMS is vocabulary.CONTENT
    assert "end" not in tables.ENUMS["op"]          # internal: no content names it
    assert tables.ENUMS["op"]["task"] == vocabulary.BY_KEY["op"].by_name()["task"]


def test_match_names_come_from_the_vocabulary():
    assert core_match.PHASES == vocabulary.names("phase")
    assert core_match.SIDES == vocabulary.names("side")
    assert set(core_match.ZONE_NAMES) == set(vocabulary.names("zone")) - {"none"}
    assert core_match.EVENT_KINDS == dict(vocabulary.BY_KEY["event"].by_code())
    assert core_match.ACTION_KINDS == dict(vocabulary.BY_KEY["action"].by_name())


def test_refusal_messages_are_the_vocabularys(engine):
    m = engine.new_match(seed=3)
    with pytest.raises(eve.IllegalAction) as ei:
        m.apply(encoding.encode_action("pass"))
    no_window = vocabulary.BY_KEY["refusal"].by_name()["no_window"]
    assert ei.value.code == no_window and ei.value.reason == REASONS[no_window]


def test_every_event_has_its_documented_fields(engine):
    from eve.core.playout import choose
    seen = set()
    for seed in range(6):
        m = engine.new_match(seed=seed)
        while not m.is_over:
            m.apply(choose(m, "random", seed))
        for ev in m.events:
            assert ev.kind in vocabulary.EVENT_FIELDS
            names = [n for n in vocabulary.EVENT_FIELDS[ev.kind] if n]
            assert list(ev.fields) == names
            seen.add(ev.kind)
        dmg = next(e for e in m.events if e.kind == "damage")
        assert dmg.fields["unit"] == dmg.a and dmg.fields["dealt"] == dmg.b
    assert {"damage", "move", "phase", "outcome"} <= seen


# ---- the encodings ----

def test_action_codes_round_trip_and_lanes_need_no_words(engine):
    from eve.core.playout import choose
    checked = 0
    for seed in range(4):
        m = engine.new_match(seed=seed)
        while not m.is_over and checked < 3000:
            for a in m.legal_actions():
                parts = encoding.decode_action(a.code)
                assert encoding.encode_action(*parts) == a.code
                assert parts.kind == a.kind
                if a.kind in ("pass", "end_phase"):
                    assert parts[1:] == (0, 0, 0)
                else:
                    t = encoding.decode_target(parts.target)
                    assert (t is None) == (a.target is None)
                if a.kind == "attack" or (a.kind == "play" and "to lane" in str(a)):
                    assert a.lane == parts.lane
                else:
                    assert a.lane is None
                checked += 1
            m.apply(choose(m, "random", seed))
    assert checked > 500


def test_encodings_check_their_ranges():
    with pytest.raises(ValueError):
        encoding.encode_action("play", 256)
    with pytest.raises(KeyError):
        encoding.encode_action("fly")
    with pytest.raises(ValueError):
        encoding.character_unit("player", 8)
    assert encoding.character_unit("encounter", 0) == encoding.UNITS_PER_SIDE + encoding.CHAR_BASE
    assert encoding.decode_target(encoding.stack_target(3)) == ("stack", 3, None, None)
    assert encoding.decode_target(encoding.card_target(5)) == ("card", 5, None, None)
    assert encoding.decode_target(encoding.hero_unit(1, 2)) == ("unit", 18, "encounter", 2)
