"""The trigger-event table (eve.core.trigger_events) is the one description of each event: the
vocabulary's enumeration and rules text and the compiler's filter checks derive from it."""
from __future__ import annotations

from eve.compiler import Compiler
from eve.core.trigger_events import BY_NAME, EVENTS, UNIT_TARGET, events
from eve.core.vocabulary import BY_KEY, CARD_EVENTS, DAMAGE_EVENTS, TEXT, UNIT_EVENTS


def test_the_vocabulary_trigger_enum_and_its_text_are_the_tables():
    assert [(m.name, m.code, m.doc) for m in BY_KEY["trigger"].members] == [
        (e.name, i, e.doc) for i, e in enumerate(EVENTS)]
    assert dict(TEXT["trigger"]) == {e.name: e.text for e in EVENTS}


def test_every_row_is_whole():
    for e in EVENTS:
        assert e.subject in ("unit", "card", "hero", "side"), e.name
        assert not e.alias_of or e.alias_of in BY_NAME, e.name
        # a damage's event has a unit subject: the struck unit or the dealer
        assert not e.damage or e.subject == "unit", e.name


def test_the_event_classes_are_read_from_the_rows():
    assert UNIT_EVENTS == events(subject="unit") and "damage_taken" in UNIT_EVENTS
    assert CARD_EVENTS == events(subject="card") and "drawn" in CARD_EVENTS
    assert DAMAGE_EVENTS == events(damage=True) and DAMAGE_EVENTS <= UNIT_EVENTS
    assert UNIT_TARGET == UNIT_EVENTS | {"ally_hero_damaged"}
    assert Compiler.FOE_TURN == {"foe_turn_start": "turn_start", "foe_turn_end": "turn_end"}
