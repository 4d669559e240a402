"""eve's import graph has no cycle (docs/architecture.md), and nothing imports the package for
its version.

The graph is read from the source, not from what an import happens to load: every `.py` under
src/eve is parsed (imports at module level and inside functions count; those under
`if TYPE_CHECKING:` do not, being for type checkers only), and the core's `.pyx` and `.pxd`
files are read for their `import`, `cimport` and `from ... c?import` lines. A `.pyx` and its
`.pxd` are one module. An edge to a package's `__init__` is one only when the package itself is
imported (`import eve`, `from eve import X`), not when one of its modules is.
"""
from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

# `from a.b import x, y` / `from a.b cimport (x, y)` / `import a.b as c, d` / `cimport cython`
_CY_FROM = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+c?import[ \t]+(\([^)]*\)|[^\n#]*)", re.M)
_CY_IMPORT = re.compile(r"^[ \t]*c?import[ \t]+([^\n#]+)", re.M)


def module_name(path: Path, src: Path) -> str:
    parts = path.relative_to(src).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _absolute(module: str | None, level: int, importer: str, is_package: bool) -> str:
    """The absolute name of a (possibly relative) `from` import's module."""
    if level == 0:
        return module or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def python_imports(text: str, importer: str, is_package: bool) -> set[str]:
    """What a Python module imports, at any depth but not for type checkers only: each `from`
    import as its module and as module.name (one of them is a module)."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node.module, node.level, importer, is_package)
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(text))
    return out


def cython_imports(text: str) -> set[str]:
    """What a .pyx or .pxd imports or cimports, read line by line."""
    out: set[str] = set()
    for m in _CY_FROM.finditer(text):
        out.add(m.group(1))
        names = m.group(2).strip("() \t").replace("\n", " ")
        out.update(f"{m.group(1)}.{n.split()[0]}" for n in names.split(",") if n.split())
    for m in _CY_IMPORT.finditer(text):
        out.update(n.split()[0] for n in m.group(1).split(",") if n.split())
    return out


def import_graph(src: Path, package: str = "eve") -> dict[str, set[str]]:
    """Each module of `package` under `src`, and the modules of the package it imports."""
    files: dict[str, list[Path]] = {}
    for path in sorted((src / package).rglob("*")):
        if path.suffix in (".py", ".pyx", ".pxd") and "__pycache__" not in path.parts:
            files.setdefault(module_name(path, src), []).append(path)
    graph: dict[str, set[str]] = {}
    for name, paths in files.items():
        deps: set[str] = set()
        for path in paths:
            text = path.read_text()
            if path.suffix == ".py":
                deps |= python_imports(text, name, path.name == "__init__.py")
            else:
                deps |= cython_imports(text)
        graph[name] = {d for d in deps if d in files and d != name}
    return graph


def components(graph: Mapping[str, Iterable[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (each module of one imports
    every other, directly or not), in the order of their first names."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def connect(v: str) -> None:               # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(comp)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(found, key=min)


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """One cycle of each component, as the path a -> ... -> a (without repeating a)."""
    return [_cycle_in(graph, comp) for comp in components(graph)]


def _cycle_in(graph: Mapping[str, Iterable[str]], comp: set[str]) -> list[str]:
    """A shortest cycle through the component's first module (breadth-first, inside it)."""
    start = min(comp)
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier and start not in prev:
        nxt = []
        for v in frontier:
            for w in sorted(set(graph.get(v, ())) & comp):
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    path = [start]
    v = prev[start]
    while v != start:
        path.append(v)
        v = prev[v]
    return [path[0]] + path[:0:-1]


def reaches(graph: Mapping[str, Iterable[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for w in graph.get(todo.pop(), ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def version_imports(text: str) -> list[int]:
    """The lines of a module that import the eve package for its version: `from eve import
    __version__` (with other names or not) or a read of `eve.__version__`."""
    lines = []
    for node in ast.walk(ast.parse(text)):
        if (isinstance(node, ast.ImportFrom) and node.module == "eve" and node.level == 0
                and any(a.name == "__version__" for a in node.names)):
            lines.append(node.lineno)
        elif (isinstance(node, ast.Attribute) and node.attr == "__version__"
              and isinstance(node.value, ast.Name) and node.value.id == "eve"):
            lines.append(node.lineno)
    return sorted(lines)


# ---------------------------------------------------------------- eve's own source

def test_the_import_graph_has_no_cycle():
    graph = import_graph(SRC)
    assert {"eve", "eve.engine", "eve.lint", "eve.core.effects", "eve.linting.linter"} <= set(graph)
    found = components(graph)
    assert not found, "import cycles: " + "; ".join(
        f"{' -> '.join(cycle + cycle[:1])} (modules importing each other: {', '.join(sorted(comp))})"
        for comp, cycle in zip(found, cycles(graph)))


def test_the_lint_analysis_never_imports_the_engine():
    """The Engine runs the analysis on itself at load; only eve.lint, the public entry, builds
    an Engine (from packs) and so imports it."""
    graph = import_graph(SRC)
    analysis = [m for m in graph if m.startswith("eve.linting")]
    assert "eve.linting.linter" in analysis
    for m in analysis:
        assert not reaches(graph, m) & {"eve", "eve.engine", "eve.lint"}, m
    assert "eve.linting.linter" in graph["eve.engine"]
    assert "eve.engine" in graph["eve.lint"]


def test_nothing_imports_the_eve_package_for_its_version():
    """The version is read from eve._version (pyproject.toml reads it there too); importing
    `eve` for it would import the whole package, the Engine with it."""
    for path in sorted((SRC / "eve").rglob("*.py")):
        if path == SRC / "eve" / "__init__.py":
            continue                            # re-exports it as eve.__version__
        lines = version_imports(path.read_text())
        assert not lines, f"{path.relative_to(ROOT)}:{lines[0]} imports eve for __version__"


def test_every_package_under_src_eve_is_one_pyproject_installs():
    """A package missing from `[tool.setuptools] packages` works in an editable install and is
    missing from a wheel."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    on_disk = {module_name(p, SRC) for p in (SRC / "eve").rglob("__init__.py")}
    assert on_disk <= listed, f"not in pyproject.toml's packages: {sorted(on_disk - listed)}"


# ---------------------------------------------------------------- the checker can fail

def _write(root: Path, files: Mapping[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_checker_finds_a_cycle_in_a_small_graph():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert components(graph) == [{"a", "b", "c"}]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    # two components, each named by a cycle inside it
    assert cycles({"x": {"y"}, "y": {"x"}, "p": {"q"}, "q": {"p", "x"}}) == [["p", "q"], ["x", "y"]]


def test_the_checker_reads_function_level_imports_cimports_and_skips_type_checking(tmp_path):
    _write(tmp_path, {
        "eve/__init__.py": "from eve.engine import Engine\n",
        "eve/_version.py": "__version__ = '1'\n",
        # the engine imports the analysis inside a method; the analysis imports the engine's
        # package for its version: a cycle through eve/__init__
        "eve/engine.py": "class Engine:\n    def f(self):\n        from eve.analysis import run\n",
        "eve/analysis.py": "def run():\n    from eve import __version__\n",
        # type-only: no edge
        "eve/typed.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                         "    from eve.engine import Engine\nelse:\n    from eve import _version\n"),
        "eve/core/__init__.py": "",
        "eve/core/a.pyx": "from eve.core.b cimport (\n    f,\n    g)\n",
        "eve/core/b.pxd": "from eve.core cimport a\n",
        "eve/core/c.pyx": "cimport cython\nfrom libc.stdint cimport int32_t\n",
        "eve/sub/__init__.py": "from .mod import x\n",
        "eve/sub/mod.py": "from ..sub import y\n",
    })
    graph = import_graph(tmp_path)
    assert graph["eve.typed"] == {"eve._version", "eve"}
    assert graph["eve.core.c"] == set()
    assert graph["eve.sub"] == {"eve.sub.mod"} and graph["eve.sub.mod"] == {"eve.sub"}
    assert cycles(graph) == [["eve", "eve.engine", "eve.analysis"], ["eve.core.a", "eve.core.b"],
                             ["eve.sub", "eve.sub.mod"]]
    assert reaches(graph, "eve.analysis") >= {"eve", "eve.engine"}


def test_the_version_check_finds_each_way_of_reading_it_from_the_package():
    assert version_imports("from eve import __version__\n") == [1]
    assert version_imports("from eve import Engine, __version__\n") == [1]
    assert version_imports("import eve\nprint(eve.__version__)\n") == [2]
    assert version_imports("from eve._version import __version__\nimport eve\neve.Engine\n") == []
