"""The pipeline's arrows point one way (docs/architecture.md): the plugin layer never imports
the compiler or the core's tables, the core imports nothing above it, and Match reads its
Catalog, never private Engine attributes."""
import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "eve"


def _imports(path: Path) -> set[str]:
    text = path.read_text()
    if path.suffix == ".py":
        out = set()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.module:
                out.add(node.module)
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
        return out
    # Cython: `from x import ...`, `from x cimport ...`, `import x`, `cimport x`
    return set(re.findall(r"^\s*(?:from|c?import)\s+([\w.]+)", text, re.M))


def test_plugins_never_import_the_compiler_or_the_core():
    for path in (SRC / "plugins").glob("*.py"):
        bad = {m for m in _imports(path) if m.startswith(("eve.compiler", "eve.catalog",
                                                          "eve.engine", "eve.core.tables",
                                                          "eve.core.match"))}
        assert not bad, f"{path.name} imports {bad}"


def test_the_core_imports_nothing_above_it():
    for path in sorted((SRC / "core").glob("*.p*")):
        if path.suffix not in (".py", ".pyx", ".pxd"):
            continue
        above = {m for m in _imports(path) if m.startswith("eve") and not m.startswith("eve.core")}
        assert not above, f"core/{path.name} imports {above}"


def test_match_reads_no_private_engine_attribute():
    for name in ("match.pyx", "snapshot.pyx", "search.pyx", "playout.pyx"):
        text = (SRC / "core" / name).read_text()
        assert not re.search(r"engine\._\w", text), name


def test_the_core_modules_cited_by_the_architecture_page_exist():
    page = (SRC.parent.parent / "docs" / "architecture.md").read_text()
    for name in re.findall(r"\b(\w+\.(?:py|pyx|pxd))\b", page):
        hits = list(SRC.rglob(name)) + list((SRC.parent.parent / "tests").rglob(name))
        assert hits, f"docs/architecture.md names {name}, which does not exist"
