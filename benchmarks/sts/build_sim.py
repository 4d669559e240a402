"""Obtain and build the C++ Slay the Spire simulator (gamerpuppy/sts_lightspeed) with its own flags,
and the side-by-side driver (benchmarks/sts/driver.cpp) against it.

    python benchmarks/sts/build_sim.py [--source PATH] [--json-source PATH]
                                       [--pybind11-source PATH] [--cache DIR] [--own-test]

Prints the driver's path, the pinned commits and the compiler flags as JSON.

Source: by default a clone from GitHub; `--source` takes a git directory (bare or a checkout's
.git) or a checkout of the same repository instead, for a machine with no network. Either way
the clone is checked out at PINNED, the commit measured. Its only C++ dependency for the
simulator's sources is nlohmann/json (headers, a git submodule); `--json-source` gives a git
directory or checkout of it (checked out at the submodule's pinned commit), and without one the
submodule is cloned from GitHub, and failing that the system's `nlohmann/json.hpp` is used.

Flags: the simulator's CMakeLists.txt sets CMAKE_CXX_STANDARD 17 and CMAKE_CXX_FLAGS
"-Wno-shift-count-overflow -O3" (no build type, so nothing else: asserts stay in, as in its own
builds). Its CMakeLists.txt builds every target from the sources directly and always configures
pybind11 for its Python module, so the driver is built by benchmarks/sts/CMakeLists.txt, which
reads those two settings from the simulator's own file (this script checks they are still
there) and compiles the same `src/*.cpp` into a static library. `--own-test` also builds the
simulator's own `test` program with its own CMakeLists.txt (it needs the pybind11 submodule:
`--pybind11-source`, or a clone from GitHub) so that its `simple_agent_mt` can be run beside
the driver as a cross-check.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

REPO_URL = "https://github.com/gamerpuppy/sts_lightspeed"
SUBMODULE_URLS = {"json": "https://github.com/nlohmann/json",
                  "pybind11": "https://github.com/pybind/pybind11"}
# master as of 2024-08-10 ("Merge pull request #5 from daniel-ziegler/fixes")
PINNED = "7476a81954020087da31d41d16fddf475746ec2d"
# what its CMakeLists.txt says at PINNED; a different file means re-reading it before measuring
EXPECTED_FLAGS = "-Wno-shift-count-overflow -O3"
EXPECTED_STANDARD = "17"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CACHE = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                             "eve-bench", "sts_lightspeed")


def _git(*args: str, cwd: str | None = None) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


def _checkout(origin: str, dest: str, commit: str) -> None:
    """A checkout of `commit` at dest, cloned from origin (a URL, a git directory or a checkout)
    unless dest already holds it."""
    if os.path.isdir(os.path.join(dest, ".git")):
        try:
            if _git("rev-parse", "HEAD", cwd=dest) == commit:
                return
            _git("cat-file", "-e", commit + "^{commit}", cwd=dest)
            _git("checkout", "-q", "--detach", commit, cwd=dest)
            return
        except subprocess.CalledProcessError:
            shutil.rmtree(dest)
    elif os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    subprocess.run(["git", "clone", "-q", "--no-checkout", origin, dest], check=True)
    _git("checkout", "-q", "--detach", commit, cwd=dest)


def _gitlink(checkout: str, path: str) -> str:
    """The commit a submodule is pinned at in the superproject's tree."""
    mode, kind, sha = _git("ls-tree", "HEAD", path, cwd=checkout).split()[:3]
    if kind != "commit":
        raise SystemExit(f"{path} is not a submodule at {PINNED}")
    return sha


def _submodule(checkout: str, name: str, source: str | None) -> str | None:
    """Check the submodule out at its pinned commit; None when it cannot be had."""
    sha = _gitlink(checkout, name)
    dest = os.path.join(checkout, name)
    if os.path.isdir(dest) and not os.listdir(dest):
        os.rmdir(dest)          # the empty placeholder a clone leaves
    try:
        _checkout(source or SUBMODULE_URLS[name], dest, sha)
    except subprocess.CalledProcessError:
        if os.path.isdir(dest):
            shutil.rmtree(dest)
        return None
    return sha


def own_settings(checkout: str) -> tuple[str, str]:
    """CMAKE_CXX_FLAGS and CMAKE_CXX_STANDARD as the simulator's CMakeLists.txt sets them."""
    with open(os.path.join(checkout, "CMakeLists.txt"), encoding="utf-8") as f:
        text = f.read()
    flags = re.search(r'set\(\s*CMAKE_CXX_FLAGS\s+"([^"]*)"\s*\)', text)
    std = re.search(r"set\(\s*CMAKE_CXX_STANDARD\s+(\d+)\s*\)", text)
    if not flags or not std:
        raise SystemExit("the simulator's CMakeLists.txt no longer sets CMAKE_CXX_FLAGS and "
                         "CMAKE_CXX_STANDARD as this script expects: read it again")
    if (flags.group(1), std.group(1)) != (EXPECTED_FLAGS, EXPECTED_STANDARD):
        print(f"note: its flags are now {flags.group(1)!r}, C++{std.group(1)}", file=sys.stderr)
    return flags.group(1), std.group(1)


def _cmake(src: str, build: str, defs: dict[str, str], target: str, jobs: int) -> None:
    # CMake 4 refuses projects that ask for a CMake older than 3.5 (the pinned submodules do)
    args = ["cmake", "-S", src, "-B", build, "-DCMAKE_POLICY_VERSION_MINIMUM=3.5",
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-Wno-author", "-Wno-deprecated"] + [f"-D{k}={v}" for k, v in defs.items()]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", build, "--target", target, "-j", str(jobs)], check=True,
                   stdout=subprocess.DEVNULL)


def _compile_line(build: str, target: str, suffix: str) -> str:
    """The compiler's command line for one simulator source in a target, as CMake ran it."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        for entry in json.load(f):
            if entry["file"].endswith(suffix) and f"/{target}.dir/" in "/" + entry.get("output", ""):
                cmd = entry.get("command") or " ".join(entry["arguments"])
                return re.sub(r"\s(-I|-isystem)\s*\S+", "", cmd).split(" -o ")[0]
    return ""


def build(source: str | None = None, json_source: str | None = None,
          pybind11_source: str | None = None, cache: str = DEFAULT_CACHE,
          own_test: bool = False, jobs: int = 2) -> dict:
    checkout = os.path.join(cache, "src")
    try:
        _checkout(source or REPO_URL, checkout, PINNED)
    except subprocess.CalledProcessError as e:
        raise SystemExit(f"could not check out {PINNED} from {source or REPO_URL} ({e}): with no "
                         "network, pass --source PATH (a git directory or checkout of it)") from None
    flags, std = own_settings(checkout)
    json_sha = _submodule(checkout, "json", json_source)
    if json_sha:
        json_include = os.path.join(checkout, "json", "include")
    elif os.path.isfile("/usr/include/nlohmann/json.hpp"):
        json_include = "/usr/include"       # the sources use it only to read save files
    else:
        raise SystemExit("nlohmann/json is needed: --json-source PATH, the network, or the "
                         "system package (nlohmann-json3-dev)")
    build_dir = os.path.join(cache, "build-driver")
    _cmake(HERE, build_dir, {"STS_DIR": checkout, "STS_JSON_INCLUDE": json_include,
                             "STS_CXX_FLAGS": flags, "STS_CXX_STANDARD": std,
                             "CMAKE_BUILD_TYPE": ""}, "eve_sts_driver", jobs)
    info = {"driver": os.path.join(build_dir, "eve_sts_driver"), "commit": PINNED,
            "json_commit": json_sha or "system nlohmann/json.hpp",
            "cxx_flags": flags, "cxx_standard": std,
            "compile_line": _compile_line(build_dir, "sts_sim", "src/game/GameContext.cpp"),
            "compiler": subprocess.run(["c++", "--version"], capture_output=True,
                                       text=True).stdout.splitlines()[0]}
    if own_test:
        pb_sha = _submodule(checkout, "pybind11", pybind11_source)
        if not (json_sha and pb_sha):
            raise SystemExit("--own-test needs both submodules (json, pybind11)")
        own_dir = os.path.join(cache, "build-own")
        _cmake(checkout, own_dir, {"PYTHON_EXECUTABLE": sys.executable}, "test", jobs)
        info["own_test"] = os.path.join(own_dir, "test")
        info["own_compile_line"] = _compile_line(own_dir, "test", "src/game/GameContext.cpp")
        info["pybind11_commit"] = pb_sha
    return info


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", help="a git directory or checkout of sts_lightspeed (default: clone it)")
    ap.add_argument("--json-source", help="a git directory or checkout of nlohmann/json")
    ap.add_argument("--pybind11-source", help="a git directory or checkout of pybind11 (--own-test)")
    ap.add_argument("--cache", default=DEFAULT_CACHE, help=f"where to clone and build ({DEFAULT_CACHE})")
    ap.add_argument("--own-test", action="store_true", help="also build its own `test` program")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    print(json.dumps(build(a.source, a.json_source, a.pybind11_source, a.cache, a.own_test, a.jobs),
                     indent=1))


if __name__ == "__main__":
    main()
