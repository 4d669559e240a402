from eve.core.errors import BadMagic as BadMagic
from eve.core.errors import ChecksumMismatch as ChecksumMismatch
from eve.core.errors import ContentMismatch as ContentMismatch
from eve.core.errors import MalformedSnapshot as MalformedSnapshot
from eve.core.errors import SchemaViolation as SchemaViolation
from eve.core.errors import SnapshotTooLarge as SnapshotTooLarge
from eve.core.errors import UnsupportedABI as UnsupportedABI
from eve.core.match import Match

ABI: int
SUPPORTED_ABIS: tuple[int, ...]
MAGIC: str
MAX_SNAPSHOT_BYTES: int
MAGIC_PREFIX: bytes
ZONE_LABELS: dict[int, str]

def header_prefix(version: str, fingerprint: str, packs: list) -> bytes: ...
def encode(m: Match, prefix: bytes) -> bytes: ...
def decode_state(m: Match, data: bytes, expected_fp: str, engine_packs: list, own_prefix: bytes = ...) -> str | None: ...
def checksum(body: bytes) -> int: ...
