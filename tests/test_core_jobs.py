"""The core's modules split by job stay one extension each, and their parts ship with it.

effects.pyx and rules.pyx include their jobs (effects_*.pxi, rules_*.pxi) so that the C
compiler still sees one translation unit and inlines across jobs; the search's jobs are
search_*.pxd (test_packaging). C lives in headers (*.h) beside the .pxd that name them."""
import importlib.util
import re
from pathlib import Path

import pytest

import eve

CORE = Path(eve.__file__).parent / "core"                    # as installed: what ships
SOURCE = Path(__file__).resolve().parents[1] / "src" / "eve" / "core"   # the .pyx do not ship
INCLUDES = re.compile(r'^include "([^"]+)"$', re.M)
HEADERS = re.compile(r'^cdef extern from "([^"]+)"', re.M)


@pytest.mark.parametrize("module", ["effects", "rules"])
def test_a_split_module_includes_every_job_of_its_own(module):
    """Every job file is included (a forgotten one would silently drop its functions, or fail
    only at link time in another module) and none is a module of its own."""
    included = INCLUDES.findall((SOURCE / f"{module}.pyx").read_text())
    jobs = sorted(p.name for p in SOURCE.glob(f"{module}_*.pxi"))
    assert jobs and sorted(included) == jobs
    for job in jobs:
        stem = job[:-len(".pxi")]
        assert not list(CORE.glob(f"{stem}.pyx")) and not list(CORE.glob(f"{stem}.*.so")), stem
        assert importlib.util.find_spec(f"eve.core.{stem}") is None, f"eve.core.{stem} is a module"


def test_every_header_the_core_names_ships_beside_it():
    named = {h for p in [*CORE.glob("*.pxd"), *CORE.glob("*.pyx"), *CORE.glob("*.pxi")]
             for h in HEADERS.findall(p.read_text())}
    assert named, "no core file names a header"
    for h in sorted(named):
        assert (CORE / h).is_file(), f"{h} is named by a core file but is not in {CORE}"


def test_the_job_files_stay_small():
    """No core source over about 800 lines (CONTRIBUTING.md): a job that grows past it splits."""
    for p in [*SOURCE.glob("effects*.p*"), *SOURCE.glob("rules*.p*")]:
        n = len(p.read_text().splitlines())
        assert n <= 800, f"{p.name}: {n} lines"
