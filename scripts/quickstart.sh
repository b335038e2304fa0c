#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The README's first command: install what is needed, build, and lint the bundled example.
# It builds everything `cmake --install` installs (the library, ftpuri-check and, where pybind11
# is found, the Python module), so that the install that follows is complete
# (tests/install/quickstart.sh checks it). QUICKSTART_BUILD_DIR (default build/release) is where.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${QUICKSTART_BUILD_DIR:-build/release}

bash scripts/install-deps.sh
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DFTPURI_BUILD_TESTS=OFF -DFTPURI_BUILD_PROPS=OFF
cmake --build "$build" -j"$(nproc)"

echo
echo "$ $build/src/cli/ftpuri-check -f corpus/examples/mirrors.txt"
status=0
"$build/src/cli/ftpuri-check" -f corpus/examples/mirrors.txt || status=$?
echo
case $status in
  0) echo "ftpuri-check: every URI is valid (exit 0)" ;;
  1) echo "ftpuri-check: exit 1, as expected: the example holds two invalid URIs on purpose" ;;
  *) echo "ftpuri-check failed to run (exit $status)" >&2; exit "$status" ;;
esac
echo "cmake --install $build [--prefix P] [--component library|cli|python] installs it (docs/install.md)"
