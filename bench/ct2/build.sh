#!/usr/bin/env bash
# Builds CTranslate2 (C++ library + its Python module) from source into $SEMA_CT2_DIR
# (default ~/.cache/sema/ct2), once; `npm run bench:ct2` calls it. Every step that can fail says
# what is missing. Sources are not downloaded here (this machine reaches GitHub only through the
# fetch tool): they must already sit in $SEMA_CT2_DIR/src/CTranslate2 with its submodules
# third_party/cpu_features and third_party/spdlog filled (bench/ct2.ts prints how).
set -euo pipefail
dir="${SEMA_CT2_DIR:-$HOME/.cache/sema/ct2}"
src="$dir/src/CTranslate2"
build="$dir/build"
prefix="$dir/install"
py="$dir/python"
jobs="${SEMA_CT2_JOBS:-2}"

fail() { echo "bench:ct2 build: $*" >&2; exit 1; }

[ -f "$src/CMakeLists.txt" ] || fail "no CTranslate2 sources in $src"
for sub in cpu_features spdlog; do
  [ -f "$src/third_party/$sub/CMakeLists.txt" ] || fail "the submodule third_party/$sub is empty in $src"
done
missing=()
command -v cmake > /dev/null || missing+=(cmake)
command -v g++ > /dev/null || missing+=(g++)
[ -f /usr/include/dnnl.h ] || missing+=(libdnnl-dev)
/usr/bin/python3 -c 'import pybind11' 2> /dev/null || missing+=(python3-pybind11)
[ -f "/usr/include/python3.$(/usr/bin/python3 -c 'import sys; print(sys.version_info[1])')/Python.h" ] ||
  missing+=(python3-dev)
/usr/bin/python3 -c 'import setuptools' 2> /dev/null || missing+=(python3-setuptools)
/usr/bin/python3 -c 'import numpy' 2> /dev/null || missing+=(python3-numpy)
[ ${#missing[@]} -eq 0 ] || fail "missing Debian packages: apt-get install -y ${missing[*]}"

if [ ! -f "$prefix/lib/libctranslate2.so" ]; then
  # Debian's oneDNN is 2.6; CTranslate2 4.x's Conv1D (Whisper only) is written against oneDNN 3's
  # API. Its generic Conv1D is used instead; the GEMMs (dnnl_sgemm, dnnl_gemm_u8s8s32) are 2.x API.
  sed -i '0,/^#ifdef CT2_WITH_DNNL/s//#if 0 \/\/ bench\/ct2\/build.sh: oneDNN 3 API only/' \
    "$src/src/ops/conv1d_cpu.cc"
  echo "bench:ct2 build: configuring (log: $build/cmake.log)"
  mkdir -p "$build"
  cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DWITH_MKL=OFF -DWITH_DNNL=ON -DOPENMP_RUNTIME=COMP -DBUILD_CLI=OFF -DBUILD_TESTS=OFF \
    > "$build/cmake.log" 2>&1 || fail "cmake configure failed: see $build/cmake.log"
  echo "bench:ct2 build: compiling with -j$jobs, niced (log: $build/make.log; about 5 minutes on 2 cores)"
  nice -n 10 cmake --build "$build" -j "$jobs" > "$build/make.log" 2>&1 ||
    fail "compiling failed: see the end of $build/make.log"
  cmake --install "$build" > "$build/install.log" 2>&1 || fail "install failed: see $build/install.log"
fi

if ! ls "$py"/ctranslate2/_ext*.so > /dev/null 2>&1; then
  echo "bench:ct2 build: the Python module (log: $build/python.log)"
  rm -rf "$build/python" && cp -r "$src/python" "$build/python"
  (cd "$build/python" &&
    CTRANSLATE2_ROOT="$prefix" nice -n 10 /usr/bin/python3 setup.py build_ext --inplace) \
    > "$build/python.log" 2>&1 || fail "building the Python module failed: see $build/python.log"
  rm -rf "$py" && mkdir -p "$py" && cp -r "$build/python/ctranslate2" "$py/"
fi
LD_LIBRARY_PATH="$prefix/lib" PYTHONPATH="$py" /usr/bin/python3 -c 'import ctranslate2' 2> "$build/import.log" ||
  fail "the built module does not import: see $build/import.log"
echo "bench:ct2 build: CTranslate2 ready in $dir"
