"""Version numbers and ranges for pack manifests, without third-party dependencies.

A version is dotted integers ("0.1", "1.2.3"); a trailing pre-release/local part ("1.0rc1",
"1.0+local") is ignored for comparison. A range is a comma-separated list of clauses, each an
operator and a version: ">=0.1,<1", "==0.1.*", "~=0.1", "!=0.2.0". An empty range means any
version. All clauses must hold.
"""
from __future__ import annotations

import re

_VERSION_RE = re.compile(r"^\s*v?(\d+(?:\.\d+)*)(?:[-_.]?[A-Za-z]+\d*)*(?:\+[A-Za-z0-9.]+)?\s*$")
_CLAUSE_RE = re.compile(r"^\s*(~=|===|==|!=|<=|>=|<|>)\s*(v?\d+(?:\.\d+)*(?:\.\*)?)\s*$")


class VersionError(ValueError):
    """A version or range that cannot be parsed."""


def parse_version(text: str) -> tuple[int, ...]:
    if not isinstance(text, str):
        raise VersionError(f"a version is a string like \"1.0.2\", not {text!r}")
    m = _VERSION_RE.match(text)
    if not m:
        raise VersionError(f"malformed version {text!r}: use dotted integers like \"1.0.2\"")
    return tuple(int(p) for p in m.group(1).split("."))


def _pad(a: tuple[int, ...], n: int) -> tuple[int, ...]:
    return a + (0,) * (n - len(a))


def _cmp(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    n = max(len(a), len(b))
    pa, pb = _pad(a, n), _pad(b, n)
    return (pa > pb) - (pa < pb)


def parse_range(text: str) -> list[tuple[str, str]]:
    """The clauses of a range, each (operator, version text); raises VersionError."""
    if not isinstance(text, str):
        raise VersionError(f"a version range is a string like \">=0.1,<1\", not {text!r}")
    clauses = []
    for part in text.split(","):
        if not part.strip():
            continue
        m = _CLAUSE_RE.match(part)
        if not m:
            raise VersionError(f"malformed version range {text!r}: clause {part.strip()!r} is "
                               "not an operator (>=, <=, >, <, ==, !=, ~=) and a version")
        op, ver = m.group(1), m.group(2)
        if ver.endswith(".*") and op not in ("==", "!="):
            raise VersionError(f"malformed version range {text!r}: '.*' only goes with == or !=")
        if op == "~=" and len(parse_version(ver)) < 2:
            raise VersionError(f"malformed version range {text!r}: ~= needs two components")
        parse_version(ver.removesuffix(".*"))
        clauses.append((op, ver))
    return clauses


def _holds(v: tuple[int, ...], op: str, ver: str) -> bool:
    if ver.endswith(".*"):
        prefix = parse_version(ver[:-2])
        same = _pad(v, len(prefix))[: len(prefix)] == prefix
        return same if op == "==" else not same
    w = parse_version(ver)
    c = _cmp(v, w)
    if op in ("==", "==="):
        return c == 0
    if op == "!=":
        return c != 0
    if op == "<":
        return c < 0
    if op == "<=":
        return c <= 0
    if op == ">":
        return c > 0
    if op == ">=":
        return c >= 0
    # ~=X.Y[.Z]: >= X.Y[.Z] and the same release series (all but the last component)
    prefix = w[:-1]
    return c >= 0 and _pad(v, len(prefix))[: len(prefix)] == prefix


def satisfies(version: str, spec: str | None) -> bool:
    """Whether `version` is in the range `spec` (None or "" means any)."""
    if not spec:
        return True
    v = parse_version(version)
    return all(_holds(v, op, ver) for op, ver in parse_range(spec))
