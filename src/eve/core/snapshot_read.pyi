# The body's reader: its functions are C (cimported by snapshot and snapshot_check); these are
# the errors it raises.
from eve.core.errors import MalformedSnapshot as MalformedSnapshot
from eve.core.errors import SchemaViolation as SchemaViolation
