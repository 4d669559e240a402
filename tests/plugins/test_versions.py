"""The version ranges of pack manifests: the packaging standard's (PEP 440) meaning."""
import pytest

from eve.plugins.versions import VersionError, parse_range, parse_version, satisfies


@pytest.mark.parametrize("version,spec,ok", [
    ("0.1.0", ">=0.1,<1", True), ("0.1", ">=0.1.0", True), ("1.0.0", ">=0.1,<1", False),
    ("0.0.9", ">=0.1", False), ("0.1.0", "", True), ("0.1.0", None, True),
    ("0.2.5", "==0.2.*", True), ("0.3.0", "==0.2.*", False), ("0.2.5", "!=0.2.*", False),
    ("1.4.2", "~=1.4", True), ("2.0", "~=1.4", False), ("1.4.2", "~=1.4.0", True),
    ("1.5.0", "~=1.4.0", False), ("1.0", "==1.0.0", True), ("1.0.1", "!=1.0.1", False),
    ("1.0rc1", ">=1.0", False), ("1.0rc1", ">=1.0rc1", True), ("1.0rc1", "<1.0", False),
    ("1.0", ">=1.0rc1", True), ("1.0.post1", ">1.0", False), ("1.0.post1", ">=1.0", True),
    ("2.0", ">1.9.9,<=2", True), ("1", " >= 1 , < 2 ", True),
])
def test_satisfies(version, spec, ok):
    assert satisfies(version, spec) is ok


@pytest.mark.parametrize("bad", ["newest", ">=", "1.0", ">=1.0;<2", "~=1", ">=1.*", ">= one"])
def test_malformed_ranges(bad):
    with pytest.raises(VersionError):
        parse_range(bad)


@pytest.mark.parametrize("bad", ["", "one", "1..2", None, 1])
def test_malformed_versions(bad):
    with pytest.raises(VersionError):
        parse_version(bad)
