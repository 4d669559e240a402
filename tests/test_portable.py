"""The core's C compiles under MSVC (Windows wheels) as well as GCC and clang.

What GCC/clang and MSVC spell differently is in src/eve/core/portable.h, one eve_ name each;
elsewhere a GCC builtin, a POSIX call or a GCC extension stands only where a header guards it
(ALLOWED). There is no Windows machine here: when clang is installed, the headers are compiled
for x86_64-pc-windows-msvc with the branch cl.exe takes (and clang-cl's), against stand-ins for
the few UCRT headers they include, so a GCC-only name in MSVC's branch fails here."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "eve" / "core"

# names MSVC lacks: GCC builtins and extensions, POSIX calls and headers
GCC_OR_POSIX = re.compile(
    r"__builtin_\w+|__attribute__|__int128|\btypeof\b|__typeof__|\b__rdtsc\b|<x86intrin\.h>"
    r"|\bposix_memalign\b|\bclock_gettime\b|\bCLOCK_MONOTONIC\b|\bmadvise\b|\bMADV_\w+"
    r"|<unistd\.h>|<pthread\.h>|<sys/\w+\.h>|\bfrom posix\b|\bcimport posix\b")
# where one may stand, each under a guard that keeps it from MSVC
ALLOWED = {
    "portable.h": None,                                     # any: the GCC/clang branch
    "search_arena.h": {"posix_memalign", "madvise", "MADV_HUGEPAGE", "<sys/mman.h>"},   # !_WIN32
    "search_tree.h": {"__attribute__"},                     # __GNUC__
    "search_loop.h": {"__rdtsc", "<x86intrin.h>"},          # x86 and __GNUC__ or __clang__
}


def _code(path: Path) -> str:
    """The file without its comments (C's, or Cython's # to the end of a line)."""
    text = path.read_text()
    if path.suffix == ".h":
        return re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    return re.sub(r"#[^\n]*", " ", text)


def test_gcc_and_posix_names_only_where_a_guard_keeps_them_from_msvc():
    files = sorted(p for ext in ("h", "pxd", "pxi", "pyx") for p in SOURCE.glob(f"*.{ext}"))
    assert any(p.name == "portable.h" for p in files)
    found = []
    for p in files:
        allowed = ALLOWED.get(p.name, set())
        if allowed is None:
            continue
        for name in sorted(set(GCC_OR_POSIX.findall(_code(p)))):
            if name not in allowed:
                found.append(f"{p.name}: {name}")
    assert not found, "use (or add) an eve_ name of portable.h: " + ", ".join(found)


# The search extension's headers in the order its C includes them, and the calls the core makes.
CHECK_C = """\
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "search_arena.h"
#include "search_tree.h"
#include "search_cache.h"
#include <time.h>
#include "portable.h"
#include "search_uct.h"
#include "search_loop.h"

int check_ctz(unsigned int x) { return eve_ctz(x); }
int check_clz(unsigned int x) { return eve_clz(x); }
int check_msb(unsigned int x) { return eve_msb(x); }
void check_prefetch(const void* p) { eve_prefetch(p); }
uint64_t check_ticks(void) { return eve_ticks(); }
double check_now(void) { struct timespec t; eve_monotonic(&t); return t.tv_sec + t.tv_nsec * 1e-9; }
int check_diff(const uint16_t* a, const uint16_t* r, uint32_t* out) {
    return eve_diff_words(a, r, 0, 100, out);
}
void* check_arena(size_t n) { return eve_arena_grow(eve_arena_alloc(n), n, 2 * n); }
int check_slots(eve_tree* t) { return eve_slots(t, 3); }
int check_settings(void) { return eve_huge_pages + (int)eve_huge_from; }
double check_tables(void) { return eve_inv_pow2[3] + eve_sqln[5]; }
"""
# Stand-ins for the UCRT headers (Visual Studio 2015 and later) that these include, with its
# declarations; clang supplies stddef.h, stdint.h and the intrinsics' headers.
UCRT = {
    "stdlib.h": "#pragma once\n#include <stddef.h>\n"
                "__declspec(dllimport) void* __cdecl malloc(size_t);\n"
                "__declspec(dllimport) void* __cdecl realloc(void*, size_t);\n"
                "__declspec(dllimport) void __cdecl free(void*);\n",
    "malloc.h": "#pragma once\n#include <stddef.h>\n"
                "__declspec(dllimport) void* __cdecl _aligned_malloc(size_t, size_t);\n"
                "__declspec(dllimport) void __cdecl _aligned_free(void*);\n",
    "string.h": "#pragma once\n#include <stddef.h>\n"
                "void* __cdecl memcpy(void*, const void*, size_t);\n",
    # 64-bit time_t, struct timespec, and no clock_gettime
    "time.h": "#pragma once\ntypedef __int64 time_t;\n"
              "struct timespec { time_t tv_sec; long tv_nsec; };\n",
    "setjmp.h": "#pragma once\ntypedef struct { unsigned __int64 part[16]; } jmp_buf[1];\n",
}


def _clang_msvc(tmp_path: Path, as_cl: bool, *args: str) -> subprocess.CompletedProcess:
    clang = shutil.which("clang")
    if clang is None:
        pytest.skip("clang is not installed: the MSVC branch is not compiled here")
    (tmp_path / "ucrt").mkdir(exist_ok=True)
    for name, text in UCRT.items():
        (tmp_path / "ucrt" / name).write_text(text)
    (tmp_path / "check.c").write_text(CHECK_C)
    resource = subprocess.run([clang, "-print-resource-dir"], capture_output=True, text=True,
                              check=True).stdout.strip()
    cmd = [clang, "--target=x86_64-pc-windows-msvc", "-fms-extensions", "-fms-compatibility",
           "-fms-compatibility-version=19.30", "-nostdinc", "-isystem", str(tmp_path / "ucrt"),
           "-isystem", str(Path(resource) / "include"), "-I", str(SOURCE), "-O2", "-Wall",
           "-Wextra", "-Werror", "-Werror=implicit-function-declaration",
           # cl.exe defines neither __clang__ nor __GNUC__: without __clang__, clang takes
           # MSVC's branches (clang-cl, with it, takes the builtins')
           *(["-U__clang__", "-Wno-builtin-macro-redefined"] if as_cl else []),
           *args, str(tmp_path / "check.c")]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path)


@pytest.mark.parametrize("as_cl", [True, False], ids=["cl", "clang-cl"])
def test_the_headers_compile_for_windows_x64(tmp_path, as_cl):
    r = _clang_msvc(tmp_path, as_cl, "-c", "-o", str(tmp_path / "check.obj"))
    assert r.returncode == 0, r.stderr


def _own_lines(preprocessed: str) -> str:
    """The lines of preprocessor output that come from the core's headers and check.c (by its
    line markers), not from the UCRT's stand-ins and the intrinsics' headers."""
    keep, out = False, []
    for line in preprocessed.splitlines():
        m = re.match(r'#\s*(?:line\s+)?\d+\s+"([^"]*)"', line)
        if m:
            keep = m.group(1).startswith(str(SOURCE)) or m.group(1).endswith("check.c")
        elif keep:
            out.append(line)
    return "\n".join(out)


def test_msvc_takes_its_own_branch(tmp_path):
    r = _clang_msvc(tmp_path, True, "-E")
    assert r.returncode == 0, r.stderr
    code = _own_lines(r.stdout)
    for spelled in ("_BitScanForward(", "_BitScanReverse(", "_mm_prefetch(", "QueryPerformanceCounter(",
                    "__declspec(noinline)", "return malloc(bytes)", "__rdtsc()"):
        assert spelled in code, spelled
    for gcc in ("__builtin_", "__attribute__", "posix_memalign", "clock_gettime"):
        assert gcc not in code, gcc


def test_gcc_keeps_the_builtins(tmp_path):
    """On GCC and clang each eve_ name is the builtin or call the core used before, so their
    code is unchanged."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler")
    (tmp_path / "check.c").write_text(CHECK_C)
    r = subprocess.run([cc, "-E", "-P", "-I", str(SOURCE), str(tmp_path / "check.c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    calls = r.stdout.split("int check_ctz")[1]
    for spelled in ("__builtin_ctz(x)", "__builtin_clz(x)", "__builtin_prefetch(p)",
                    "clock_gettime(", "posix_memalign("):
        assert spelled in r.stdout, spelled
    assert "return __builtin_ctz(x);" in calls and "__builtin_prefetch(p);" in calls


def test_the_clock_declarations_agree_with_windows_h(tmp_path):
    """portable.h declares QueryPerformanceCounter and QueryPerformanceFrequency itself rather
    than include <windows.h>; a file that includes both (Cython's C may) must still compile.
    MinGW-w64's windows.h stands in for MSVC's, which declares them alike."""
    mingw = shutil.which("x86_64-w64-mingw32-gcc")
    if mingw is None:
        pytest.skip("x86_64-w64-mingw32-gcc is not installed")
    (tmp_path / "check.c").write_text(CHECK_C + "#include <windows.h>\n")
    r = subprocess.run([mingw, "-O2", "-Wall", "-Wextra", "-Werror", "-I", str(SOURCE), "-c",
                        "-o", str(tmp_path / "check.o"), str(tmp_path / "check.c")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
