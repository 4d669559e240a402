from typing import Any

LIMITS: dict[str, int]
ENUMS: dict[str, dict[str, int]]

class CapacityError(ValueError): ...

class CompiledContent:
    fingerprint: str
    def load(self, spec: dict[str, Any], fingerprint: str) -> None: ...
    @property
    def lanes(self) -> int: ...
    @property
    def config(self) -> dict[str, int]: ...
