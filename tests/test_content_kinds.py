"""The content-kind table (eve.core.content_kinds) is the one list of what a pack registers:
the registry, the loader's hooks, DataPack's sections, the schemas, the Catalog and the rules
text read it."""
from __future__ import annotations

from collections.abc import Mapping

import eve
import eve.plugins.schema as schema
from eve import text
from eve.core import records
from eve.core.content_kinds import BY_NAME, KINDS, LISTED, files, hooks
from eve.plugins import data, hookspecs, loader, registry

CATALOG = eve.Engine().catalog


def test_the_registry_and_loader_read_the_table():
    assert registry.KINDS == tuple(k.name for k in KINDS)
    assert registry.SECTIONS == {k.name: k.section for k in KINDS}
    assert registry.LATER_KINDS == {k.name for k in KINDS if k.later}
    assert loader.REGISTRATION_HOOKS == hooks()
    assert data.SECTIONS == files()
    assert set(schema.SCHEMAS) == set(BY_NAME)


def test_every_row_names_what_exists():
    for k in KINDS:
        assert hasattr(hookspecs, k.hook), k.name                   # a hook of eve
        assert isinstance(getattr(schema, k.schema), type), k.name  # a TypedDict
        assert not k.record or k.record in records.BY_STRUCT, k.name
        if k.catalog:
            assert isinstance(getattr(CATALOG, k.catalog), Mapping), k.name
        assert k.file in data.DataPack.__init__.__code__.co_varnames, k.name


def test_rules_text_lists_the_listed_kinds_in_order():
    assert list(text.KINDS) == [k.name for k in LISTED]
    assert [k.listed for k in LISTED] == sorted(k.listed for k in LISTED)
