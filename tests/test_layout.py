"""One declaration of the State layout (eve/core/layout.py), shared by match, snapshot and docs."""
from pathlib import Path

import msgpack

from eve.core import layout
from eve.core.match import STATE_SIZE

ROOT = Path(__file__).resolve().parent.parent


def test_the_state_is_the_declared_layout():
    assert STATE_SIZE == layout.state_bytes()
    assert layout.state_bytes() - 2 * layout.state_words() < 8      # only the tail's alignment


def test_the_snapshot_body_has_the_declared_parts_and_fields(engine):
    m = engine.new_match(seed=4)
    for a in m.legal_action_codes()[:1]:
        m.apply(a)
    top = msgpack.unpackb(m.snapshot())
    body = top[6]
    assert len(body) == len(layout.BODY)
    parts = {s.name: part for s, part in zip(layout.BODY, body)}
    assert len(parts["turn"]) == len(layout.TURN_FIELDS)
    assert all(len(u) == len(layout.UNIT_FIELDS) for u in parts["units"])
    assert len(parts["units"]) == layout.MAX_UNITS
    assert all(len(t) == len(layout.TASK_FIELDS) for t in parts["tasks"])
    assert len(parts["meter"]) == len(layout.METER_FIELDS)
    assert len(parts["foe"]) == len(layout.FOE_FIELDS)
    turn = dict(zip(layout.TURN_FIELDS, parts["turn"]))
    assert turn["round"] == m.round and turn["phase"] == ("beginning", "main", "combat", "end").index(m.phase)
    hero = dict(zip(layout.UNIT_FIELDS, parts["units"][0]))
    assert hero["hp"] == m.heroes("player")[0]["hp"]


def test_the_docs_body_table_is_the_layouts():
    doc = (ROOT / "docs" / "snapshot-abi.md").read_text()
    assert layout.docs_block() in doc
