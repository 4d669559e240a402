"""eve/core/layout.py is the State's layout, written once: defs.pxd's structs must be it member by
member, and state_layout.pxd (the offsets the snapshot and the search's cache use) is generated
from it."""
import re
from pathlib import Path

import pytest

from eve.core import layout
from eve.core.vocabulary import names

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "eve" / "core"
SIZES = {"MAX_STREAMS": layout.MAX_STREAMS, "MAX_CARDS": layout.MAX_CARDS, "N_ZONES": layout.N_ZONES,
         "MAX_UNITS": layout.MAX_UNITS, "MAX_STACK": layout.MAX_STACK, "MAX_TASKS": layout.MAX_TASKS,
         "MAX_RESPONSES": layout.MAX_RESPONSES, "MAX_STATUSES": layout.MAX_STATUSES,
         "MAX_SCRIPT_VARS": layout.MAX_SCRIPT_VARS, "MAX_CHOICE_OPTS": layout.MAX_CHOICE_OPTS,
         "MAX_GRANTS": layout.MAX_GRANTS, "MAX_COUNTERS": layout.MAX_COUNTERS,
         "N_CATS": len(names("category")), "2": 2}
WANTED = dict(layout.STRUCTS, State=layout.STATE_MEMBERS)
MEMBER = re.compile(r"^    (\w+) (\w+)(?:\[(\w+)\])?\s*(?:#.*)?$")


def structs(text: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """Each `ctypedef struct` of a .pxd as (member, int16 words), in order (the State's parts
    by their layout sizes)."""
    out: dict[str, list[tuple[str, int]]] = {}
    words = {"int16_t": 1, "uint64_t": 4}
    words.update({name: sum(w for _, w in ms) for name, ms in layout.STRUCTS.items()})
    current = None
    for line in text.splitlines():
        m = re.match(r"^ctypedef struct (\w+):", line)
        if m:
            current = out.setdefault(m.group(1), []) if m.group(1) in WANTED else None
        elif line and not line.startswith(" "):
            current = None                  # the struct's block ended
        elif current is not None and (m := MEMBER.match(line)):
            # a member of another type (int32_t...) counts -1: no State part has one
            size = words.get(m.group(1), -1)
            current.append((m.group(2), size * (SIZES[m.group(3)] if m.group(3) else 1)))
    return {k: tuple(v) for k, v in out.items()}


def mismatches(text: str) -> list[str]:
    parsed = structs(text)
    return [f"{name}: defs.pxd {parsed.get(name)} != layout {members}"
            for name, members in WANTED.items() if parsed.get(name) != members]


def test_defs_structs_are_the_layouts_member_by_member():
    assert mismatches((CORE / "defs.pxd").read_text()) == []


@pytest.mark.parametrize("struct, after", [("Unit", "    int16_t uid"),
                                           ("Foe", "    int16_t repeats"),
                                           ("State", "    int16_t archive_known")])
def test_a_field_added_to_defs_without_the_layout_is_caught(struct, after):
    text = (CORE / "defs.pxd").read_text()
    at = text.index(after, text.index(f"ctypedef struct {struct}:"))
    broken = text[:at] + "    int16_t added_field\n" + text[at:]
    assert any(m.startswith(f"{struct}:") for m in mismatches(broken))


def test_state_layout_pxd_is_generated_from_the_layout():
    assert (CORE / "state_layout.pxd").read_text(encoding="utf-8") == layout.pxd_text()
