#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/coverage.sh: line and branch coverage of the library (src/) by the whole ctest suite,
# which includes the replay of the fuzz corpus (fuzz_replay) and the CLI run as a process.
# Clang's source-based coverage (-fprofile-instr-generate -fcoverage-mapping, FTPURI_COVERAGE)
# counts each region and each branch's both ways exactly, without the optimizer's reordering
# (-O0: a Debug build). Writes build/coverage/report.txt (llvm-cov-14 report, one line per file)
# and prints the table of src/ that docs/assurance.md quotes.
#     bash scripts/coverage.sh            # about 15 minutes on 2 cores
# Environment: COVERAGE_BUILD_DIR (default build/coverage), COVERAGE_JOBS (default nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${COVERAGE_BUILD_DIR:-build/coverage}
jobs=${COVERAGE_JOBS:-$(nproc)}
for tool in clang-14 clang++-14 llvm-profdata-14 llvm-cov-14; do
  command -v "$tool" >/dev/null || {
    echo "coverage: $tool not found (bash scripts/install-deps.sh)" >&2
    exit 1
  }
done

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang-14 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DFTPURI_COVERAGE=ON >/dev/null
cmake --build "$build" -j"$jobs"
rm -rf "$build/profiles"
mkdir -p "$build/profiles"
# %p: one file per process (the CLI tests start thousands); %m: merged per binary where safe.
LLVM_PROFILE_FILE="$PWD/$build/profiles/%p-%m.profraw" ctest --test-dir "$build" -j"$jobs" --output-on-failure |
  tail -n 3
llvm-profdata-14 merge -sparse "$build"/profiles/*.profraw -o "$build/ftpuri.profdata"

# Every executable that links the library: the first is the "binary", the rest -object.
mapfile -t binaries < <(find "$build" -type f -executable \( -path '*/tests/*' -o -path '*/oracle/*' \
  -o -path '*/fuzz/*' -o -path '*/props/*' -o -path '*/src/cli/*' -o -path '*/examples/*' \) \
  ! -name '*.so*' ! -name '*.sh' ! -name '*.py' | sort)
objects=()
for b in "${binaries[@]:1}"; do objects+=(-object "$b"); done
llvm-cov-14 report "${binaries[0]}" "${objects[@]}" -instr-profile="$build/ftpuri.profdata" \
  -show-region-summary=false -show-branch-summary=true "$PWD/src" >"$build/report.txt"
echo "coverage: $build/report.txt"
# The table of docs/assurance.md: file, lines and branches (covered/total, %). llvm-cov's
# columns: file, functions (total, missed, %), lines (total, missed, %), branches (total,
# missed, %).
awk 'NR > 2 && $1 ~ /\.(hpp|cpp)$/ {
       printf "| `src/%s` | %d/%d | %s | %d/%d | %s |\n", $1, $5 - $6, $5, $7, $8 - $9, $8, $10 }
     $1 == "TOTAL" { printf "| **all of src/** | %d/%d | %s | %d/%d | %s |\n", $5 - $6, $5, $7, $8 - $9, $8, $10 }' \
  "$build/report.txt"
