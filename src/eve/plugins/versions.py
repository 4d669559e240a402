"""Version numbers and ranges of pack manifests, read by the packaging standard's own library.

A version is a PEP 440 version ("0.1", "1.2.3", "1.0rc1"); a range is a PEP 440 specifier set
(">=0.1,<1", "==0.1.*", "~=0.1", "!=0.2.0"), every clause of which must hold; an empty range
means any version. Pre-releases follow the standard: "1.0rc1" comes before "1.0", so it does not
satisfy ">=1.0", and a range admits a pre-release only when one of its clauses names one.
"""
from __future__ import annotations

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version


class VersionError(ValueError):
    """A version or range that cannot be parsed."""


def parse_version(text: str) -> Version:
    if not isinstance(text, str):
        raise VersionError(f"a version is a string like \"1.0.2\", not {text!r}")
    try:
        return Version(text)
    except InvalidVersion:
        raise VersionError(f"malformed version {text!r}: use a PEP 440 version like "
                           "\"1.0.2\"") from None


def parse_range(text: str) -> SpecifierSet:
    """The range as a specifier set; raises VersionError."""
    if not isinstance(text, str):
        raise VersionError(f"a version range is a string like \">=0.1,<1\", not {text!r}")
    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        raise VersionError(f"malformed version range {text!r}: each clause is an operator "
                           "(>=, <=, >, <, ==, !=, ~=) and a version") from None


def satisfies(version: str, spec: str | None) -> bool:
    """Whether `version` is in the range `spec` (None or "" means any)."""
    if not spec:
        return True
    return parse_range(spec).contains(parse_version(version))
