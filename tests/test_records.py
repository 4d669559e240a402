"""The compiled content's records (eve.core.records) are written once: the C structs are
generated from the table and the loader copies the compiler's records packed in struct order."""
from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from eve.core import records
from eve.core.tables import LIMITS, CapacityError, CompiledContent

CORE = Path(records.__file__).parent


def test_the_generated_pxi_is_current():
    assert (CORE / "records.pxi").read_text() == records.pxi_text(), \
        "records.pxi is stale: rebuild (setup.py regenerates it)"


def test_defs_includes_the_records_and_writes_none_of_them_again():
    defs = (CORE / "defs.pxd").read_text()
    assert 'include "records.pxi"' in defs
    for r in records.RECORDS:
        assert f"ctypedef struct {r.struct}:" not in defs, r.struct


def test_every_column_is_whole():
    for r in records.RECORDS:
        names = [c.name for c in r.columns]
        assert len(set(names)) == len(names), r.struct
        for c in r.columns:
            assert c.ctype in ("int16_t", "int32_t"), (r.struct, c.name)
            assert not c.count or c.count in names, (r.struct, c.name)
            assert not c.record or c.record in records.BY_STRUCT, (r.struct, c.name)
            assert not c.keys or c.size[0], (r.struct, c.name)


def test_values_fill_defaults_counts_and_padding():
    got = records.values("CardDef", {"kind": 1, "triggers": (4, 2)}, LIMITS, "card 0")
    cols = [c.name for c in records.BY_STRUCT["CardDef"].columns]
    by = dict(zip(cols, got))
    assert by["kind"] == 1 and by["trig_first"] == 4 and by["trig_n"] == 2
    assert by["play_cond"] == -1 and by["on_enter"] == 0
    hero = records.values("HeroDef", {"start_cards": [3, 5]}, LIMITS, "hero 0")
    n_start = [c.name for c in records.BY_STRUCT["HeroDef"].columns].index("n_start")
    assert hero[n_start: n_start + 3] == [2, 3, 5]
    assert len(hero) == len(struct.unpack(records.fmt("HeroDef", LIMITS),
                                          records.pack("HeroDef", [{}], LIMITS, "hero")))


def test_an_array_past_its_capacity_is_a_capacity_error_naming_it():
    t = CompiledContent()
    spec = _minimal_spec()
    spec["heroes"][0]["start_cards"] = [0] * (LIMITS["start_cards"] + 1)
    with pytest.raises(CapacityError, match="start_cards"):
        t.load(spec, "x")


def test_a_struct_with_an_int32_is_padded_as_c_pads_it():
    # StatusDef has int32 `keeps` after int16 fields: the loader checks the packed size against
    # sizeof(StatusDef), so a wrong alignment would fail every load
    size = struct.calcsize(records.fmt("StatusDef", LIMITS))
    assert size % 4 == 0


def _minimal_spec():
    cfg = {"player_hero_slots": 3, "lanes": 5, "hand_floor": 0, "opening_hand": 0,
           "max_rounds": 1, "max_decisions_per_turn": 1, "meter_base": 1, "morality_high": 0,
           "morality_low": 0, "support_discount": 0, "attack_discount": 0, "max_events": 1,
           "costs": {"play_support": 1, "deploy": 1, "activate": 1, "attack": 1}}
    return {"config": cfg, "programs": [], "statuses": [], "heroes": [{"max_hp": 1}],
            "cards": [], "units": [], "moves": [], "tasks": [], "encounters": []}


def test_a_minimal_spec_loads_with_its_defaults():
    t = CompiledContent()
    t.load(_minimal_spec(), "x")
    assert t.config["lanes"] == 5 and t.config["max_events"] == 1


def test_a_status_modifier_is_read_by_its_column_with_its_default_and_range():
    import eve
    import eve_content
    from eve.errors import ContentError
    from eve.plugins.data import DataPack

    def compiled(status):
        pack = DataPack("rd", "0", requires=["core"], statuses={"s": status})
        eng = eve.Engine(packs=[eve_content, pack])
        return eng.catalog.spec["statuses"][eng.catalog.status_ids.index("rd:s")]

    fields = records.data_fields("StatusDef")
    assert {"power", "dealt_pct", "cap", "shield_pct"} <= set(fields)
    bare = compiled({"polarity": "buff"})
    for key, (default, lo, hi) in fields.items():
        assert bare[key] == default, key
        top = LIMITS[hi] if isinstance(hi, str) else hi
        assert lo <= default <= top, key
        assert compiled({"polarity": "buff", key: top})[key] == top
        with pytest.raises(ContentError, match=re.escape(f"out of range [{lo}, {top}]")):
            compiled({"polarity": "buff", key: top + 1})
