#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The README's second command: install what is needed, build and run the whole suite.
#
# Two builds, both with warnings as errors: GCC 12 in Release (what users build), and
# Clang 14 in Debug with AddressSanitizer and UndefinedBehaviorSanitizer (what finds memory
# errors; the Python module's tests too, with the sanitizer runtime preloaded into the
# interpreter: python/CMakeLists.txt). Each runs the full ctest suite; between them every libFuzzer target runs for
# FUZZ_SECONDS (default 30) under ASan and UBSan (fuzz/run.sh). After the GCC build, the style
# and static checks: clang-format 14 and clang-tidy 14 over its compile database (scripts/lint.sh).
# Any failure fails the script.
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

echo "== GCC 12, Release, -Werror"
cmake -S . -B build/gcc -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ -DFTPURI_WERROR=ON
timed cmake --build build/gcc -j"$jobs"
timed ctest --test-dir build/gcc --output-on-failure -j"$jobs"

echo "== Lint: clang-format 14, clang-tidy 14 over build/gcc's compile database"
timed env LINT_BUILD_DIR=build/gcc bash scripts/lint.sh

echo "== libFuzzer, ${FUZZ_SECONDS:-30} s per target, ASan + UBSan"
timed env FUZZ_JOBS="$jobs" bash fuzz/run.sh "${FUZZ_SECONDS:-30}"

echo "== Clang 14, Debug, ASan + UBSan, -Werror"
# The properties run 10,000 cases each in the GCC build; under the sanitizers, which make them
# about twenty times slower, 2,000 cases each look for memory errors.
cmake -S . -B build/clang-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DFTPURI_WERROR=ON -DFTPURI_SANITIZE=ON -DFTPURI_PROPS_MAX_SUCCESS=2000
timed cmake --build build/clang-asan -j"$jobs"
# Not timed: ctest's own summary stays the run's closing lines.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/clang-asan --output-on-failure -j"$jobs"
