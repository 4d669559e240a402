"""Build the Cython core of eve.

Every compiler directive lives in COMPILER_DIRECTIVES below, not in per-file header comments:
a typo in a header comment is silently ignored, a typo here fails the build.
"""
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("EVE_DEBUG", "") == "1"

COMPILER_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "overflowcheck": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "nonecheck": DEBUG,
    "embedsignature": True,
}

CORE = Path("src/eve/core")


def _generate_vocabulary() -> None:
    """vocab.pxd, the core's enumerations, is generated from eve/core/vocabulary.py (plain
    Python, read here by path: the package cannot be imported before its core is built)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_eve_vocabulary", CORE / "vocabulary.py")
    vocab = importlib.util.module_from_spec(spec)
    import sys
    sys.modules[spec.name] = vocab          # dataclasses look their module up while building
    spec.loader.exec_module(vocab)
    vocab.write_pxd(str(CORE / "vocab.pxd"))


_generate_vocabulary()
# Cython's boundscheck covers buffers, not the fixed C arrays of the state, so a debug build also
# compiles with UBSan: an out-of-bounds index into a state array or a signed overflow aborts.
SANITIZE = ["-fsanitize=undefined", "-fno-sanitize-recover=all"]
# No fused multiply-add contraction: the search's UCT arithmetic (its ln polynomial) must round the
# same on every machine, and GCC fuses by default where the target has FMA (aarch64, -mfma).
SAME_FLOATS = ["-ffp-contract=off"]
extra_compile_args = ["-O1", "-g", *SANITIZE, *SAME_FLOATS] if DEBUG else ["-O3", *SAME_FLOATS]
extra_link_args = SANITIZE if DEBUG else []
define_macros = [("EVE_DEBUG", "1")] if DEBUG else []

extensions = [
    Extension(
        f"eve.core.{pyx.stem}",
        [str(pyx)],
        extra_compile_args=extra_compile_args,
        extra_link_args=extra_link_args,
        define_macros=define_macros,
    )
    for pyx in sorted(CORE.glob("*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=COMPILER_DIRECTIVES,
        include_path=["src"],
        # the C of each build type in a folder of its own: Cython reuses generated C by its
        # timestamp, so a release build after a debug one must never find the debug C
        build_dir="build/cython-debug" if DEBUG else "build/cython-release",
    ),
)
