"""A pack's keywords (eve_register_keywords, rule K02): the guide's examples load and read as
written, a macro's status exists where the keyword is used, and the guide's table of the
built-in keywords is the one eve.keywords makes."""
import re
import tomllib
from pathlib import Path

from conftest import rule

import eve
import eve_content
from eve import hookimpl
from eve.keywords import DOC_MARKERS, keywords_table
from eve.plugins.data import DataPack

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "modding.md"


def _keyword_section():
    return GUIDE.read_text().split("\n## Keywords\n", 1)[1].split("\n## ", 1)[0]


def test_the_guides_table_of_built_in_keywords_is_current():
    begin, end = DOC_MARKERS
    written = GUIDE.read_text().split(begin, 1)[1].split(end, 1)[0].strip()
    assert written == keywords_table(), "run: python -m eve.keywords --write-docs docs/modding.md"


@rule("K02")
def test_the_guides_keyword_example_loads_and_reads_as_written():
    (block,) = re.findall(r"```toml\n(.*?)```", _keyword_section(), re.S)
    data = tomllib.loads(block)
    pack = DataPack("ember", "1.0.0", requires=["core"], **data)
    eng = eve.Engine(packs=[eve_content, pack])
    assert "Taunt, Enrage 2" in eng.catalog.rules_text("ember:berserker")
    assert "target foe" in eng.catalog.rules_text("ember:fire_elemental")
    # brace's status exists only in a catalog where an item names brace
    assert "ember:brace" not in eng.catalog.statuses
    data["cards"]["berserker"]["keywords"].append("brace")
    eng = eve.Engine(packs=[eve_content, DataPack("ember", "1.0.0", requires=["core"], **data)])
    assert eng.catalog.statuses["ember:brace"]["absorb"] is True
    assert eng.catalog.status_ids[-1] == "ember:brace"


class _Pack:
    @hookimpl
    def eve_pack_manifest(self):
        return {"name": "kwp", "version": "0", "requires": ["core"]}

    @hookimpl
    def eve_register_keywords(self, register):
        register("rally", {"name": "Rally", "params": {"n": 1, "m": 0},
                           "text": "Rally {n}/{m}",
                           "triggers": [{"on": "summoned", "effect": [
                               {"op": "buff", "to": "self", "n": "{n} + {m}"}]}]})

    @hookimpl
    def eve_register_cards(self, register):
        register("x", {"kind": "character", "power": 1, "hp": 1,
                       "keywords": [{"name": "rally", "n": 2, "m": 3}]})


def test_a_keyword_registered_by_a_hook_with_its_own_text():
    eng = eve.Engine(packs=[eve_content, _Pack()])
    assert "Rally 2/3" in eng.catalog.rules_text("kwp:x")
    report = {p.name: p for p in eng.plugin_report.packs}["kwp"]
    assert report.registered["keyword"] == ["kwp:rally"]
