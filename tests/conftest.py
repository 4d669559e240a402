import pytest

import eve


def rule(*ids: str):
    """Name the rules of docs/rules.md that a test checks: @rule("Z08")."""
    return pytest.mark.rule(*ids)


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): the docs/rules.md rules a test checks")


@pytest.fixture(scope="session")
def engine():
    return eve.Engine()
