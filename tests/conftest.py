import pytest

import eve


def rule(*ids: str):
    """Name the rules of docs/rules.md that a test checks: @rule("Z08")."""
    return pytest.mark.rule(*ids)


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): the docs/rules.md rules a test checks")
    # rules tests build minimal packs whose dead content is on purpose; the tests of the
    # warning itself catch it with pytest.warns / recwarn, which see it regardless
    config.addinivalue_line("filterwarnings", "ignore::eve.ContentWarning")


@pytest.fixture(scope="session")
def engine():
    return eve.Engine()
