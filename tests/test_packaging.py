"""The compiled core is real, typed, and never silently replaced by Python."""
import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import eve

CORE_MODULES = ["rng", "zones", "effects", "encounter", "rules", "tables", "match", "playout",
                "snapshot", "search", "testkit"]
PUBLIC_COMPILED = ["rng", "tables", "match", "playout"]


@pytest.mark.parametrize("name", CORE_MODULES)
def test_core_modules_are_compiled(name):
    mod = importlib.import_module(f"eve.core.{name}")
    assert mod.__file__.endswith((".so", ".pyd")), f"eve.core.{name} is not compiled: {mod.__file__}"


def test_package_is_typed():
    root = Path(eve.__file__).parent
    assert (root / "py.typed").exists()
    for name in PUBLIC_COMPILED:
        assert (root / "core" / f"{name}.pyi").exists(), f"no stub for eve.core.{name}"


def test_search_jobs_are_compiled_into_the_search_extension():
    """The search's search_*.pxd files (one job each) are C headers and inline functions of the
    one search extension, and ship with the package. A .pyx beside one would make it a module of
    its own (setup.py builds every .pyx), whose functions the search loop calls through a
    pointer and cannot inline."""
    core = Path(eve.__file__).parent / "core"
    jobs = sorted(p.stem for p in core.glob("search_*.pxd"))
    assert jobs == ["search_arena", "search_cache", "search_hidden", "search_loop",
                    "search_params", "search_rollout", "search_tree", "search_uct"]
    for job in jobs:
        assert not list(core.glob(f"{job}.pyx")) and not list(core.glob(f"{job}.*.so")), job
        assert importlib.util.find_spec(f"eve.core.{job}") is None, f"eve.core.{job} is a module"


def test_import_without_compiled_core_fails_clearly(tmp_path):
    src = Path(eve.__file__).parent
    dst = tmp_path / "eve"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", "import eve"], capture_output=True, text=True,
                       env=env, cwd=tmp_path)
    assert r.returncode != 0
    assert "CoreNotBuilt" in r.stderr
    assert "pip install" in r.stderr


def test_setup_sets_directives_in_one_dict():
    text = (Path(__file__).resolve().parents[1] / "setup.py").read_text()
    assert "COMPILER_DIRECTIVES = {" in text
    assert "EVE_DEBUG" in text
    for pyx in (Path(__file__).resolve().parents[1] / "src" / "eve" / "core").glob("*.pyx"):
        assert "# cython:" not in pyx.read_text(), f"{pyx.name} sets directives in a header comment"


def test_the_version_is_written_once():
    """src/eve/_version.py is the one place: pyproject.toml reads it (dynamic), eve re-exports it,
    and the installed distribution's metadata says the same (reinstall after changing it)."""
    import ast
    import importlib.metadata
    import tomllib

    from eve import _version

    root = Path(__file__).resolve().parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "eve._version.__version__"}
    # literal-only, so setuptools reads it without importing eve (and the compiled core)
    tree = ast.parse((root / "src" / "eve" / "_version.py").read_text())
    docstring, assign = tree.body
    assert isinstance(docstring.value, ast.Constant) and isinstance(assign, ast.Assign)
    assert [t.id for t in assign.targets] == ["__version__"]
    assert ast.literal_eval(assign.value) == _version.__version__
    assert eve.__version__ is _version.__version__
    assert importlib.metadata.version("eve-engine") == eve.__version__


def test_the_changelog_has_the_version():
    text = (Path(__file__).resolve().parents[1] / "CHANGELOG.md").read_text()
    assert "\n## [Unreleased]\n" in text
    assert f"\n## [{eve.__version__}] - " in text, f"CHANGELOG.md has no section for {eve.__version__}"


def _compiled_core_modules():
    """The names of every compiled module of eve.core, as installed."""
    import importlib.machinery

    core = Path(eve.__file__).parent / "core"
    return sorted({f.name.split(".", 1)[0] for f in core.iterdir()
                   if f.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))})


def _stub_names(tree):
    """Module-level names a stub defines: definitions, annotated names and explicit re-exports
    (`from m import X as X`); a plain import (for annotations) defines nothing."""
    import ast

    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.Assign):
            names.update({t.id: node for t in node.targets if isinstance(t, ast.Name)})
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update({a.asname: node for a in node.names if a.asname})
    return names


def _class_members(cls_node):
    import ast

    out = set()
    for node in cls_node.body:
        if isinstance(node, ast.FunctionDef):
            out.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return out


def test_every_compiled_module_is_found():
    assert set(CORE_MODULES) | {"snapshot", "search"} <= set(_compiled_core_modules())


@pytest.mark.parametrize("name", _compiled_core_modules())
def test_the_stub_of_a_compiled_module_names_all_of_it(name):
    """Every public name of a compiled module (and every public member of a class its stub
    declares) is in its .pyi, so mypy sees the whole module; every name a stub defines exists.
    A compiled module without a stub has no public names."""
    import ast

    mod = importlib.import_module(f"eve.core.{name}")
    public = {n for n in dir(mod) if not n.startswith("_")}
    pyi = Path(mod.__file__).parent / f"{name}.pyi"
    if not pyi.exists():
        assert not public, f"eve.core.{name} has no stub, but public names {sorted(public)}"
        return
    stub = _stub_names(ast.parse(pyi.read_text()))
    missing = sorted(public - set(stub))
    assert not missing, f"{pyi.name} lacks {missing}"
    absent = sorted(n for n in stub if not hasattr(mod, n))
    assert not absent, f"{pyi.name} defines {absent}, which eve.core.{name} has not"
    for cname, node in stub.items():
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(mod, cname)
        members = _class_members(node)
        own = {m for m in vars(cls) if not m.startswith("_")}
        assert not own - members, f"{pyi.name}: class {cname} lacks {sorted(own - members)}"
        absent = sorted(m for m in members if not hasattr(cls, m))
        assert not absent, f"{pyi.name}: class {cname} defines {absent}, which it has not"


def test_cython_warnings_fail_the_build():
    """setup.py compiles with Cython's extra warnings (`cython -Wextra`), each an error but in
    the files WARNINGS_NOT_ERRORS names, which exist."""
    import ast

    root = Path(__file__).resolve().parents[1]
    text = (root / "setup.py").read_text()
    assert "**Options.extra_warnings," in text
    assert "Options.warning_errors = warnings_are_errors" in text
    assert "_cythonize([e for e in extensions if not _lenient(e)], True)" in text
    tree = ast.parse(text)
    (lenient,) = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                  and [t.id for t in n.targets if isinstance(t, ast.Name)] == ["WARNINGS_NOT_ERRORS"]]
    for name in lenient:
        assert (root / "src" / "eve" / "core" / name).exists(), name
    assert lenient == {}, "every core file compiles without a Cython warning today"
