"""Build the Cython core of eve.

Every compiler directive lives in COMPILER_DIRECTIVES below, not in per-file header comments:
a typo in a header comment is silently ignored, a typo here fails the build. Cython's extra
warnings (`cython -Wextra`) are on and every warning fails the build, but in the files of
WARNINGS_NOT_ERRORS.
"""
import os
from pathlib import Path

from Cython.Build import cythonize
from Cython.Compiler import Options
from setuptools import Extension, setup

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


setup(
    ext_modules=_cythonize([e for e in extensions if not _lenient(e)], True)
    + _cythonize([e for e in extensions if _lenient(e)], False),
)
