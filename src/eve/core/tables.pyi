from collections.abc import Mapping
from typing import Any

from eve.core.vocabulary import CONTENT as CONTENT

# read-only mappings (types.MappingProxyType)
LIMITS: Mapping[str, int]
ENUMS: Mapping[str, Mapping[str, int]]

class CapacityError(ValueError): ...

class CompiledContent:
    fingerprint: str
    def load(self, spec: dict[str, Any], fingerprint: str) -> None: ...
    def status_tick_native(self, i: int) -> bool: ...
    def status_max(self, i: int) -> int: ...
    @property
    def lanes(self) -> int: ...
    @property
    def config(self) -> dict[str, int]: ...
