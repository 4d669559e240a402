"""The coverage measure of random play (tests/coverage_report.py): every construct of the
vocabulary and of the State's layout has rule ids, and the seeded battery reaches every one."""
import warnings

import pytest
from coverage_report import RULES, constructs, doc_rule_ids, play, report

PACKS, MATCHES = 150, 3


@pytest.fixture(scope="module")
def coverage():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return play(range(PACKS), MATCHES)


def test_every_construct_of_the_vocabulary_and_layout_has_rule_ids():
    unmapped = [c for c in constructs() if not RULES.get(c)]
    assert not unmapped, f"add these constructs to coverage_report.RULES: {unmapped}"


def test_the_table_names_only_rule_ids_of_the_rules():
    known = set(doc_rule_ids())
    assert not {r for ids in RULES.values() for r in ids} - known


def test_the_seeded_battery_reaches_every_construct(coverage):
    missing = [c for c in RULES if c not in coverage.reached]
    assert not missing, "\n".join(report(coverage))


def test_every_state_with_a_pending_choice_or_an_open_stack_restores(coverage):
    # issue 20 point 9: a countered marker left on top of the Stack that restore refuses
    assert not coverage.failures, coverage.failures
