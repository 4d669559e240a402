"""The stable error codes of content packs (docs/modding.md lists them with examples).

A code never changes meaning once released; new problems get new codes.
"""
from __future__ import annotations

from types import MappingProxyType

IMPORT = "EVE-P001"            # the entry point cannot be imported / loaded
HOOK_RAISED = "EVE-P002"       # a hook implementation raised an exception
HOOK_ARGUMENT = "EVE-P003"     # a hook implementation takes an argument its spec lacks
UNKNOWN_HOOK = "EVE-P004"      # a marked hook implementation whose name is not a hook of eve
MALFORMED_ID = "EVE-P005"      # a pack or item name that does not fit the id pattern
DUPLICATE_ID = "EVE-P006"      # the same id twice (in one pack, or a pack name two packs claim)
UNKNOWN_REFERENCE = "EVE-P007"  # a reference to an unknown card, hero, unit or task
ENGINE_VERSION = "EVE-P008"    # the pack does not support this engine's version
MISSING_DEPENDENCY = "EVE-P009"  # a pack listed in `requires` is not installed or failed
UNKNOWN_INSTRUCTION = "EVE-P010"  # an effect instruction (op) the core does not have
WRONG_TYPE = "EVE-P011"        # a value of the wrong type (a number that is not an integer...)
OUT_OF_RANGE = "EVE-P012"      # a number out of its range, or too many entries
EMPTY_SCRIPT = "EVE-P013"      # an Encounter whose move script has no moves
BAD_MANIFEST = "EVE-P014"      # no manifest, or a manifest field that is missing or malformed
INVALID_VALUE = "EVE-P015"     # an unknown name for an enumerated field, or a field not allowed here
UNDECLARED_DEPENDENCY = "EVE-P016"  # a reference into a pack that is not listed in `requires`
DEPENDENCY_CYCLE = "EVE-P017"  # packs that require each other
CAPACITY = "EVE-P018"          # the catalog would exceed a capacity of the compiled core
NOT_INSTALLED = "EVE-P019"     # EVE_PLUGINS names a pack that no entry point provides
MISSING_FIELD = "EVE-P020"     # a required field is absent
UNKNOWN_FIELD = "EVE-P021"     # a field that no schema names (a typo: "did you mean")
REGISTRATION_CLOSED = "EVE-P022"  # register() called after its hook returned
BAD_PACK_OBJECT = "EVE-P023"   # the pack object raises when it is inspected (dir, attributes)
SHADOWED_NAME = "EVE-P024"     # a status or counter named as an expression word reads it instead
CONTROL_CHARACTER = "EVE-P025"  # a control character or escape sequence in a name or any text
MALFORMED_FILE = "EVE-P026"    # a pack's data file that is not valid TOML or JSON

_CODES: dict[str, str] = {
    IMPORT: "import error: the entry point cannot be loaded",
    HOOK_RAISED: "a hook raised an exception",
    HOOK_ARGUMENT: "a hook implementation takes an argument that its spec lacks",
    UNKNOWN_HOOK: "unknown hook name",
    MALFORMED_ID: "malformed id",
    DUPLICATE_ID: "the same id registered twice (or a pack name claimed by two packs)",
    UNKNOWN_REFERENCE: "reference to an unknown card, hero, unit or task",
    ENGINE_VERSION: "unsupported engine version",
    MISSING_DEPENDENCY: "missing dependency pack",
    UNKNOWN_INSTRUCTION: "unknown effect instruction",
    WRONG_TYPE: "a value of the wrong type",
    OUT_OF_RANGE: "a number out of range, or too many entries",
    EMPTY_SCRIPT: "an Encounter script with no moves",
    BAD_MANIFEST: "missing or malformed pack manifest",
    INVALID_VALUE: "invalid value: an unknown name, or a field not allowed here",
    UNDECLARED_DEPENDENCY: "reference into a pack not listed in requires",
    DEPENDENCY_CYCLE: "dependency cycle",
    CAPACITY: "the catalog exceeds a capacity of the compiled core",
    NOT_INSTALLED: "a pack named in EVE_PLUGINS is not installed",
    MISSING_FIELD: "a required field is missing",
    UNKNOWN_FIELD: "an unknown field (a misspelled name, or a field this table does not have)",
    REGISTRATION_CLOSED: "register() called after its hook returned",
    BAD_PACK_OBJECT: "the pack object raises when it is inspected",
    SHADOWED_NAME: "a name that an expression word shadows: it could never be read or written",
    CONTROL_CHARACTER: "a control character or escape sequence in a string",
    MALFORMED_FILE: "a data file that is not valid TOML or JSON",
}

# read-only: a pack cannot rename or add codes for everyone
CODES = MappingProxyType(_CODES)
