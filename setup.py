"""Build the Cython core of eve.

Every compiler directive lives in COMPILER_DIRECTIVES below, not in per-file header comments:
a typo in a header comment is silently ignored, a typo here fails the build. Cython's extra
warnings (`cython -Wextra`) are on and every warning fails the build, but in the files of
WARNINGS_NOT_ERRORS.

The core is cythonized and compiled by build_ext below, never when setup.py merely runs (making
the sdist or the metadata needs no compiler). build_ext first compiles two one-line probes: a
missing or broken C compiler, or missing Python headers, fail the build with one line saying
what is missing (there is no pure-Python fallback); an error in eve's own C shows as usual.
The C flags are chosen per compiler: GCC and clang (Linux, macOS) take the flags below, MSVC
(Windows) their equivalents (MSVC_COMPILE_ARGS).
"""
import copy
import os
import shutil
import sys
import tempfile
from pathlib import Path

from Cython.Build import cythonize
from Cython.Compiler import Options
from setuptools import Extension, setup
from setuptools.command.build import build as _build
from setuptools.command.build_ext import build_ext as _build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

DEBUG = os.environ.get("EVE_DEBUG", "") == "1"
# AddressSanitizer, with either build type. The python binary is not built with it, so the
# runtime is preloaded: LD_PRELOAD=$(gcc -print-file-name=libasan.so) (CONTRIBUTING.md).
ASAN = os.environ.get("EVE_ASAN", "") == "1"

COMPILER_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "overflowcheck": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "nonecheck": DEBUG,
    "embedsignature": True,
    # `cython -Wextra`: unused entries, maybe-uninitialised variables, unreachable code (Cython
    # 3.3's list; warn.unused_arg is not in it, and would flag the pickling methods Cython itself
    # writes for every extension type)
    **Options.extra_warnings,
}

# Files whose warnings are printed but do not fail the build, each with its reason. Remove an
# entry once its file compiles without a warning.
WARNINGS_NOT_ERRORS = {}     # none today: every file compiles without a warning

CORE = Path("src/eve/core")


def _load(name: str, module: str):
    """A plain-Python module of the core, read here by path: the package cannot be imported
    before its core is built."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(module, CORE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[module] = mod               # dataclasses look their module up while building
    spec.loader.exec_module(mod)
    return mod


def _generate() -> None:
    """The core's generated files, from its plain-Python tables: vocab.pxd (every enumeration,
    from vocabulary.py, which reads the tables of instructions and trigger events and the
    words of rules text), records.pxi
    (the compiled content's structs, from records.py) and state_layout.pxd (the State's parts as
    word offsets, from layout.py). Each is loaded under its package name, the name the others
    import it by."""
    for name in ("generated", "instructions", "selectors", "trigger_events", "words"):
        _load(name, f"eve.core.{name}")
    vocab = _load("vocabulary", "eve.core.vocabulary")
    vocab.write_pxd(str(CORE / "vocab.pxd"))
    _load("records", "_eve_records").write_pxi(str(CORE / "records.pxi"))
    _load("layout", "_eve_layout").write_pxd(str(CORE / "state_layout.pxd"))


_generate()
# Cython's boundscheck covers buffers, not the fixed C arrays of the state, so a debug build also
# compiles with UBSan: an out-of-bounds index into a state array or a signed overflow aborts.
SANITIZE = ["-fsanitize=undefined", "-fno-sanitize-recover=all"] if DEBUG else []
if ASAN:
    SANITIZE += ["-fsanitize=address", "-fno-omit-frame-pointer"]
# No fused multiply-add contraction: the search's UCT arithmetic (its ln polynomial) must round the
# same on every machine, and GCC fuses by default where the target has FMA (aarch64, -mfma).
SAME_FLOATS = ["-ffp-contract=off"]
OPTIMIZE = ["-O1", "-g"] if DEBUG or ASAN else ["-O3"]
extra_compile_args = [*OPTIMIZE, *SANITIZE, *SAME_FLOATS]
extra_link_args = SANITIZE
define_macros = [("EVE_DEBUG", "1")] if DEBUG else []
# MSVC's equivalents: /O2 for -O3; /fp:precise (Visual Studio 2022 and later contract to FMA
# only under /fp:contract, so it is -ffp-contract=off); MSVC has AddressSanitizer but no UBSan.
MSVC_COMPILE_ARGS = [*(["/Od", "/Zi"] if DEBUG or ASAN else ["/O2"]),
                     *(["/fsanitize=address"] if ASAN else []), "/fp:precise"]

extensions = [
    Extension(
        f"eve.core.{pyx.stem}",
        [str(pyx)],
        include_dirs=[str(CORE)],           # the core's C headers (*.h), beside the .pxd that use them
        extra_compile_args=extra_compile_args,
        extra_link_args=extra_link_args,
        define_macros=define_macros,
    )
    for pyx in sorted(CORE.glob("*.pyx"))
]



def _cythonize(exts: list[Extension], warnings_are_errors: bool) -> list[Extension]:
    Options.warning_errors = warnings_are_errors       # a global of Cython's, read as it compiles
    if not exts:
        return []
    return cythonize(
        exts,
        compiler_directives=COMPILER_DIRECTIVES,
        include_path=["src"],
        # the C of each build type in a folder of its own: Cython reuses generated C by its
        # timestamp, so a release build after a debug one must never find the debug C
        build_dir=f"build/cython-{'debug' if DEBUG else 'release'}{'-asan' if ASAN else ''}",
    )


def _lenient(ext: Extension) -> bool:
    return Path(ext.sources[0]).name in WARNINGS_NOT_ERRORS


NEEDS = ("eve-engine: building the Cython core needs a C compiler (gcc or clang; MSVC on Windows) "
         "and the Python headers")
_checked = []       # the compiler is probed once a build


def _compile_probe(compiler, name: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp, name)
        src.write_text(text)
        compiler.compile([str(src)], output_dir=tmp)


def _check_compiler(compiler, include_dirs: list[str]) -> None:
    """Exits with one line if the compiler is missing or does not work, or Python.h is not
    found: two one-line probes, before any of eve's C is compiled (whose errors show as usual)."""
    if _checked:
        return
    cc = (getattr(compiler, "compiler_so", None) or [compiler.compiler_type])[0]
    try:
        _compile_probe(compiler, "eve_cc_probe.c", "int eve_cc_probe(void) { return 0; }\n")
    except (CCompilerError, ExecError, PlatformError, OSError) as err:
        if compiler.compiler_type == "msvc":
            why = " ".join(str(err).split())[:200]
        elif shutil.which(cc) is None:
            why = f"{cc} not found"
        else:
            why = f"{cc} fails on a one-line C file"
        sys.exit(f"{NEEDS}: no working C compiler ({why})")
    try:
        _compile_probe(compiler, "eve_py_probe.c", "#include <Python.h>\nint eve_py_probe(void) { return 0; }\n")
    except (CCompilerError, ExecError, PlatformError, OSError):
        sys.exit(f"{NEEDS}: Python.h not found for Python {sys.version_info.major}.{sys.version_info.minor} "
                 f"(looked in {', '.join(include_dirs)}; Debian/Ubuntu: apt install python3-dev)")
    _checked.append(True)


class build(_build):
    """`build` probes the compiler first, so a missing one is said before anything is built."""

    def run(self) -> None:
        from distutils.ccompiler import new_compiler  # setuptools' distutils
        from distutils.sysconfig import customize_compiler

        ext = self.get_finalized_command("build_ext")
        compiler = new_compiler(compiler=ext.compiler, force=ext.force)
        customize_compiler(compiler)
        compiler.set_include_dirs(ext.include_dirs)
        _check_compiler(compiler, ext.include_dirs)
        super().run()


class build_ext(_build_ext):
    """Probes the compiler (an editable install runs build_ext alone), then cythonizes the core
    and compiles it with its compiler's flags."""

    def build_extensions(self) -> None:
        _check_compiler(self.compiler, self.include_dirs or [])
        # Cython's own build_ext does the same: the .pyx sources swapped for their C, per extension
        cythonized = {e.name: e for e in _cythonize([e for e in extensions if not _lenient(e)], True)
                      + _cythonize([e for e in extensions if _lenient(e)], False)}
        msvc = self.compiler.compiler_type == "msvc"
        if msvc and DEBUG:
            print("eve-engine: MSVC has no UBSan: EVE_DEBUG=1 builds with Cython's checks only")
        for ext in self.extensions:
            ext.sources = cythonized[ext.name].sources
            ext.depends = cythonized[ext.name].depends
            if msvc:
                ext.extra_compile_args = list(MSVC_COMPILE_ARGS)
                ext.extra_link_args = []
        super().build_extensions()


# setuptools gets copies: build_ext swaps their sources for C, and `extensions` stays cythonize's
setup(ext_modules=[copy.copy(e) for e in extensions], cmdclass={"build": build, "build_ext": build_ext})
