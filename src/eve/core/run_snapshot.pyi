from collections.abc import Callable

from eve.core.errors import BadMagic as BadMagic
from eve.core.errors import ChecksumMismatch as ChecksumMismatch
from eve.core.errors import ContentMismatch as ContentMismatch
from eve.core.errors import MalformedSnapshot as MalformedSnapshot
from eve.core.errors import SchemaViolation as SchemaViolation
from eve.core.errors import SnapshotTooLarge as SnapshotTooLarge
from eve.core.errors import UnsupportedABI as UnsupportedABI
from eve.core.run import Run

ABI: int
SUPPORTED_ABIS: tuple[int, ...]
MAGIC: str
MAGIC_PREFIX: bytes
MAX_RUN_SNAPSHOT_BYTES: int
RUN_FIELDS: tuple[str, ...]
HERO_FIELDS: tuple[str, ...]
OFFER_FIELDS: tuple[str, ...]

def header_prefix(version: str, fingerprint: str, packs: list) -> bytes: ...
def encode_run(r: Run, prefix: bytes) -> bytes: ...
def decode_run(r: Run, data: bytes, expected_fp: str, engine_packs: Callable[[], list],
               own_prefix: bytes = ...) -> str | None: ...
