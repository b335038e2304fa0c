#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The README's first command: install what is needed, build, and lint the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DFTPURI_BUILD_TESTS=OFF -DFTPURI_BUILD_PROPS=OFF
cmake --build build/release -j"$(nproc)" --target ftpuri-check

echo
echo "$ build/release/src/cli/ftpuri-check -f corpus/examples/mirrors.txt"
status=0
build/release/src/cli/ftpuri-check -f corpus/examples/mirrors.txt || status=$?
echo
case $status in
  0) echo "ftpuri-check: every URI is valid (exit 0)" ;;
  1) echo "ftpuri-check: exit 1, as expected: the example holds two invalid URIs on purpose" ;;
  *) echo "ftpuri-check failed to run (exit $status)" >&2; exit "$status" ;;
esac
