# The cross-checks of a decoded snapshot: its functions are C (cimported by snapshot).
from eve.core.errors import SchemaViolation as SchemaViolation

ZONE_LABELS: dict[int, str]
