"""A pack's manifest: read once, frozen, and checked field by field.

    {"name": "ember", "version": "1.0.0", "engine": ">=0.1,<1", "requires": ["core>=0.1"],
     "description": "..."}
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from eve.plugins import errors as codes
from eve.plugins.registry import NAME_RE, freeze
from eve.plugins.schema import PackManifest, UnknownField, check_manifest_fields
from eve.plugins.versions import VersionError, parse_range, parse_version

MANIFEST_KEYS = tuple(PackManifest.__annotations__)
_REQ_RE = re.compile(r"^\s*([a-z][a-z0-9_]{0,47})\s*(.*?)\s*$")


class ManifestProblem(Exception):
    """What is wrong with a manifest: a code, a message and the field path."""

    def __init__(self, code: str, message: str, path: str = "manifest") -> None:
        self.code = code
        self.message = message
        self.path = path
        super().__init__(message)

    def __reduce__(self) -> tuple[type, tuple[str, str, str], dict]:
        return (type(self), (self.code, self.message, self.path), self.__dict__)


@dataclass(frozen=True)
class Manifest:
    name: str
    version: str
    engine: str | None
    requires: tuple[tuple[str, str], ...]      # (pack name, version range or "")
    requires_text: tuple[str, ...]
    description: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "engine": self.engine or "",
                "requires": list(self.requires_text)}


def read_manifest(raw: Any) -> Manifest:
    """Check what a pack's eve_pack_manifest hook returned; raise ManifestProblem."""
    try:
        data = freeze(raw, "manifest")
    except Exception as exc:
        code = getattr(exc, "code", None)
        raise ManifestProblem(code if code == codes.CONTROL_CHARACTER else codes.BAD_MANIFEST,
                              f"the manifest cannot be read: {getattr(exc, 'reason', exc)}",
                              getattr(exc, "path", None) or "manifest") from None
    if not isinstance(data, Mapping):
        raise ManifestProblem(codes.BAD_MANIFEST,
                              f"the manifest is a table (a dict), not {type(raw).__name__}")
    try:
        check_manifest_fields(data)
    except UnknownField as exc:
        raise ManifestProblem(codes.UNKNOWN_FIELD, f"{exc}", exc.path) from None
    name = data.get("name")
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise ManifestProblem(codes.MALFORMED_ID if isinstance(name, str) else codes.BAD_MANIFEST,
                              f"the pack name {name!r} must be 1 to 48 lowercase letters, digits "
                              "and _, starting with a letter", "manifest.name")
    version = data.get("version")
    try:
        if not isinstance(version, str):            # parse_version's message, and a str below
            raise VersionError(f"a version is a string like \"1.0.2\", not {version!r}")
        parse_version(version)
    except VersionError as exc:
        raise ManifestProblem(codes.BAD_MANIFEST, str(exc) if version is not None else
                              "is required: the pack's version, e.g. \"1.0.0\"",
                              "manifest.version") from None
    engine = data.get("engine")
    if engine is not None:
        try:
            parse_range(engine)
        except VersionError as exc:
            raise ManifestProblem(codes.BAD_MANIFEST, str(exc), "manifest.engine") from None
    desc = data.get("description")
    if desc is not None and not isinstance(desc, str):
        raise ManifestProblem(codes.BAD_MANIFEST, "the description is a string",
                              "manifest.description")
    requires = data.get("requires", ())
    if not isinstance(requires, tuple):
        raise ManifestProblem(codes.BAD_MANIFEST, f"requires is a list of pack names, not "
                              f"{requires!r}", "manifest.requires")
    reqs = []
    for i, r in enumerate(requires):
        path = f"manifest.requires[{i}]"
        m = _REQ_RE.match(r) if isinstance(r, str) else None
        if m is None:
            raise ManifestProblem(codes.BAD_MANIFEST, "a requirement is a pack name, optionally "
                                  f"with a version range (\"core\", \"core>=0.1\"), not {r!r}", path)
        try:
            parse_range(m.group(2))
        except VersionError as exc:
            raise ManifestProblem(codes.BAD_MANIFEST, str(exc), path) from None
        if m.group(1) == name:
            raise ManifestProblem(codes.BAD_MANIFEST, "a pack cannot require itself", path)
        reqs.append((m.group(1), m.group(2)))
    return Manifest(name, version, engine, tuple(reqs), tuple(r.strip() for r in requires), desc)
