"""docs/modding.md covers every hook (with its signature), every error code and every name of
the effect language; every hook and every error code is exercised by a test of this folder."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from eve.core.tables import ENUMS
from eve.plugins import errors as codes
from eve.plugins.manager import hook_specs

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "modding.md").read_text()
TESTS = "\n".join(p.read_text() for p in Path(__file__).parent.glob("*.py"))
HOOKS = hook_specs()


def test_hooks_are_found():
    assert {"eve_pack_manifest", "eve_register_rules", "eve_register_heroes", "eve_register_cards",
            "eve_register_units", "eve_register_tasks", "eve_register_encounters"} <= set(HOOKS)


@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_every_hook_is_documented_with_its_signature(hook):
    params = ", ".join(HOOKS[hook].parameters)
    heading = f"### `{hook}({params})"
    assert heading in DOC, f"docs/modding.md has no section {heading}`"
    section = DOC.split(heading, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    assert "```python" in section and f"def {hook}(" in section, f"{hook}: no example"


@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_every_hook_is_exercised_by_a_test(hook):
    assert re.search(rf"def {hook}\(", TESTS), f"no test in tests/plugins implements {hook}"


def test_no_documented_hook_is_unknown():
    documented = set(re.findall(r"^### `(eve_\w+)\(", DOC, re.M))
    assert documented == set(HOOKS)


@pytest.mark.parametrize("code", sorted(codes.CODES))
def test_every_error_code_is_documented_and_tested(code):
    assert re.search(rf"^\| `{code}` \|", DOC, re.M), f"{code} is not in docs/modding.md's table"
    own_tests = TESTS.replace(Path(__file__).read_text(), "")
    assert f'"{code}"' in own_tests, f"no test in tests/plugins checks {code}"


def test_the_documented_codes_are_exactly_the_codes():
    assert set(re.findall(r"^\| `(EVE-P\d{3})` \|", DOC, re.M)) == set(codes.CODES)


@pytest.mark.parametrize("table", ["op", "selector", "target", "trigger", "goal", "move", "lane",
                                   "enemy_target", "condition", "response_on", "card_kind",
                                   "keyword"])
def test_every_name_of_the_effect_language_is_documented(table):
    for name in ENUMS[table]:
        if table == "lane" and name == "fixed":
            continue                        # written as a number
        assert re.search(rf'`"?{re.escape(name)}"?`', DOC), f"{table} {name!r} is not in docs/modding.md"


def test_every_environment_variable_is_documented():
    for var in ("EVE_STRICT_PLUGINS", "EVE_DISABLE_PLUGIN_AUTOLOAD", "EVE_PLUGINS"):
        assert f"`{var}" in DOC
