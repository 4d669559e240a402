"""Writing the core's generated files (vocab.pxd, records.pxi, state_layout.pxd) from their
tables. Plain Python importing nothing, loaded by path at build time like the tables."""
from __future__ import annotations


def write_if_changed(path: str, text: str) -> bool:
    """Write `text` to `path` unless it holds it already (then its timestamp stays, and nothing
    recompiles); True when it was written."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return False
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return True
