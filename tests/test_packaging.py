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
