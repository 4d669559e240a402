"""Every rule of docs/rules.md is named by at least one test, and every named rule exists."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _rule_ids():
    text = (ROOT / "docs" / "rules.md").read_text()
    return set(re.findall(r"\*\*\[([A-Z]\d\d)\]\*\*", text))


def _named_ids():
    named = set()
    for p in (ROOT / "tests").rglob("test_*.py"):
        for args in re.findall(r"@rule\(([^)]*)\)", p.read_text()):
            named.update(re.findall(r"\"([A-Z]\d\d)\"", args))
    return named


def test_rules_document_lists_rules():
    assert len(_rule_ids()) >= 60


def test_every_rule_has_a_test():
    missing = sorted(_rule_ids() - _named_ids())
    assert not missing, f"rules without a test naming them: {missing}"


def test_every_named_rule_exists():
    unknown = sorted(_named_ids() - _rule_ids())
    assert not unknown, f"tests name rules that docs/rules.md does not have: {unknown}"
