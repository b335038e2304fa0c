#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The README's second command: install what is needed, build and run the whole suite.
#
# Two builds, both with warnings as errors: GCC 12 in Release (what users build), and
# Clang 14 in Debug (at -O1) with AddressSanitizer and UndefinedBehaviorSanitizer (what finds memory
# errors; the Python module's tests too, with the sanitizer runtime preloaded into the
# interpreter: python/CMakeLists.txt). Each runs the full ctest suite; between them every libFuzzer target runs for
# FUZZ_SECONDS (default 30) under ASan and UBSan (fuzz/run.sh), one target per core. After the
# GCC build, the style and static checks: clang-format 14, and clang-tidy 14 over every TU of the
# tree in its compile database (scripts/lint.sh). Any failure fails the script.
#
# Every build goes through ccache, and the lint keeps clang-tidy's clean verdicts per
# translation unit (scripts/tidy_cached.py), both in caches outside the clone (ccache's own, by
# default ~/.cache/ccache, and ~/.cache/ftpuri-tidy): CI runs on the machine that builds, so a
# fresh clone recompiles and re-analyses only what changed. CCACHE_BASEDIR makes the compile commands the same whatever the clone's path, and
# CCACHE_NOHASHDIR leaves the working directory out of the debug builds' hashes (their debug
# info then names the first clone's paths).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's wall time is printed after it, so a run's log shows which stage grew (the last
# ctest's is the rest of the run's).
timed() {
  local started=$SECONDS
  "$@"
  echo "time: $((SECONDS - started)) s for $*"
}

timed bash scripts/install-deps.sh
jobs=$(nproc)

export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=true
cache=(-G Ninja -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# The cache's hits and misses since the last call, after each build (counted, not reset: the
# cache is the machine's).
cache_counts() {
  ccache --print-stats | awk -F'\t' '$1 ~ /^(direct|preprocessed)_cache_hit$/ { hit += $2 }
    $1 == "cache_miss" { miss = $2 } END { print hit + 0, miss + 0 }'
}
read -r hits_before misses_before < <(cache_counts)
# A build directory made by an earlier test.sh with another generator cannot be reused: start it
# again (ccache makes that cheap).
for dir in build/gcc build/clang-asan build/fuzz; do
  if [[ -f $dir/CMakeCache.txt ]] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$dir/CMakeCache.txt"; then
    rm -rf "$dir"
  fi
done
cache_hits() {
  local hits misses
  read -r hits misses < <(cache_counts)
  echo "ccache: $((hits - hits_before)) hits, $((misses - misses_before)) misses"
  hits_before=$hits misses_before=$misses
}

echo "== GCC 12, Release, -Werror"
cmake -S . -B build/gcc "${cache[@]}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
  -DFTPURI_WERROR=ON
timed cmake --build build/gcc -j"$jobs"
cache_hits
timed ctest --test-dir build/gcc --output-on-failure -j"$jobs"

echo "== Lint: clang-format 14, clang-tidy 14 over the whole tree (build/gcc's compile database)"
timed env LINT_BUILD_DIR=build/gcc bash scripts/lint.sh

echo "== libFuzzer, ${FUZZ_SECONDS:-30} s per target, ASan + UBSan"
timed env FUZZ_JOBS="$jobs" FUZZ_PARALLEL="$jobs" FUZZ_LAUNCHER=ccache bash fuzz/run.sh "${FUZZ_SECONDS:-30}"
cache_hits

echo "== Clang 14, Debug (-O1, asserts on), ASan + UBSan, -Werror"
# The properties run 10,000 cases each in the GCC build; under the sanitizers, which make them
# about twenty times slower, 2,000 cases each look for memory errors. -O1, as the sanitizers'
# documentation advises and as fuzz/run.sh builds: the suite runs in half the time of -O0, with
# every check and assert() the same.
cmake -S . -B build/clang-asan "${cache[@]}" -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g" \
  "-DCMAKE_C_FLAGS_DEBUG=-O1 -g" -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DFTPURI_WERROR=ON -DFTPURI_SANITIZE=ON -DFTPURI_PROPS_MAX_SUCCESS=2000
timed cmake --build build/clang-asan -j"$jobs"
cache_hits
# Not timed: ctest's own summary stays the run's closing lines.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/clang-asan --output-on-failure -j"$jobs"
