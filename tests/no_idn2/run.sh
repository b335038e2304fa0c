#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/no_idn2/run.sh: configure and build tests/no_idn2 (ftpuri embedded with add_subdirectory,
# without libidn2), run its check program, and check that the libraries it built have no
# reference to libidn2 (nm on libftpuri.a, readelf on libftpuri.so). tests.cmake runs it under
# ctest:
#   run.sh SOURCE_DIR BUILD_DIR CXX_COMPILER SANITIZE
set -euo pipefail

source_dir=$1
build_dir=$2
cxx=$3
sanitize=${4:-OFF}

cmake -S "$source_dir/tests/no_idn2" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DFTPURI_SOURCE_DIR="$source_dir" -DFTPURI_SANITIZE="$sanitize" \
  -DFTPURI_WERROR=ON
cmake --build "$build_dir" -j 2

"$build_dir/no_idn2_check"

library="$build_dir/ftpuri/libftpuri.a"
if [[ ! -f $library ]]; then
  echo "FAILED: no $library" >&2
  exit 1
fi
# Every idn2_ symbol the library references or defines: none without libidn2.
symbols=$(nm -A "$library")
idn2_symbols=$(grep -c 'idn2_' <<<"$symbols" || true)
if [[ $idn2_symbols != 0 ]]; then
  echo "FAILED: $library names $idn2_symbols libidn2 symbol(s):" >&2
  grep 'idn2_' <<<"$symbols" >&2
  exit 1
fi
echo "no libidn2 symbol in $library"

# The shared library built beside it does not need libidn2 either.
shared="$build_dir/ftpuri/libftpuri.so"
if [[ -f $shared ]]; then
  needed=$(readelf -d "$shared")
  if grep -q 'idn2' <<<"$needed"; then
    echo "FAILED: $shared needs libidn2:" >&2
    grep 'NEEDED' <<<"$needed" >&2
    exit 1
  fi
  echo "$shared does not need libidn2"
fi
