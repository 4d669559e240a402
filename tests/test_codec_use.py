"""One codec: the package decodes action codes, target codes and unit ids through eve.encoding
(defined in eve.core.encoding; the core's C through eve/core/codec.pxd), never with literal
shifts and masks, and the codec reaches no module that imports it back."""
import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
EVE = SRC / "eve"
# a unit id's side and slot, an action code's bytes, the uid bump, written with numbers
LITERAL = re.compile(r"&\s*15\b|>>\s*4\b|>>\s*24\b|>>\s*16\b|&\s*255\b|\+\s*1\)\s*&\s*0x7FFF")
# the codecs themselves; compiler.py packs instruction words (its own encoding, not these)
OWNERS = {"encoding.py", "codec.pxd", "compiler.py"}


# in the core, `>> 16` and `& 255` are also other words' encodings (the search's kept words)
CORE_LITERAL = re.compile(r"&\s*15\b|>>\s*4\b|>>\s*24\b|\+\s*1\)\s*&\s*0x7FFF")


def literal_sites(text: str, pattern: re.Pattern[str] = LITERAL) -> list[int]:
    return [n for n, line in enumerate(text.splitlines(), 1)
            if pattern.search(line.split("#", 1)[0])]


def test_the_python_package_decodes_through_eve_encoding():
    found = {str(p.relative_to(SRC)): literal_sites(p.read_text())
             for p in EVE.rglob("*.py") if p.name not in OWNERS}
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("name", ["snapshot.pyx", "snapshot_read.pyx", "snapshot_check.pyx",
                                  "snapshot_write.pxd", "testkit.pyx", "search_cache.pxd"])
def test_these_core_modules_decode_through_codec_pxd(name):
    assert literal_sites((EVE / "core" / name).read_text(), CORE_LITERAL) == []


def test_the_check_finds_a_literal_decoding():
    assert literal_sites("side = u >> 4\nslot = u & 15\nkind = (code >> 24) & 255") == [1, 2, 3]
    assert literal_sites("n = (st.next_uid + 1) & 0x7FFF", CORE_LITERAL) == [1]
    assert literal_sites("side = u >> 4", CORE_LITERAL) == [1]


def _imports(module: str) -> set[str]:
    """The eve modules `module` imports at its top level (a .py, or a .pyx's Python imports)."""
    base = EVE.parent / module.replace(".", "/")
    path = next((p for p in (base.with_suffix(".py"), base.with_suffix(".pyx")) if p.exists()), None)
    if path is None:
        return set()
    out = set()
    for node in ast.parse(path.read_text()).body if path.suffix == ".py" else []:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("eve"):
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("eve")}
    if path.suffix == ".pyx":
        out |= set(re.findall(r"^(?:from|import) (eve[\w.]*)(?: import|$)", path.read_text(), re.M))
    return out


def test_the_codec_reaches_no_module_that_imports_it():
    seen, todo = set(), ["eve.encoding"]
    while todo:
        m = todo.pop()
        for dep in _imports(m) - seen:
            seen.add(dep)
            todo.append(dep)
    # the vocabulary reads the tables of instructions, selectors and trigger events and the
    # words (plain)
    assert seen <= {"eve.core.encoding", "eve.core.codes", "eve.core.vocabulary",
                    "eve.core.instructions", "eve.core.selectors", "eve.core.trigger_events",
                    "eve.core.words", "eve.core.generated"}, sorted(seen)
    # the core's Python edge and the catalog decode with it
    assert "eve.core.encoding" in _imports("eve.core.actions")
    assert "eve.encoding" in _imports("eve.catalog")
