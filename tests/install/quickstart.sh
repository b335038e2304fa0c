#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/install/quickstart.sh SOURCE_DIR WITH_PYTHON [WORK_PARENT]: the README's quick start as a new user runs it
# (scripts/quickstart.sh, into a temporary build directory), then `cmake --install` of that build
# into a temporary prefix, which must succeed and hold every component: the library, its headers
# and packages, ftpuri-check with its man page, and the Python module when WITH_PYTHON is 1 (the
# build that runs this test found pybind11, so the quick start's finds it too).
set -euo pipefail
source_dir=$(cd "$1" && pwd) with_python=$2
# In the calling build's tree when given: under CCACHE_BASEDIR (the clone), the compile commands
# are then the same in every clone, and ccache answers a repeated run.
work=$(mktemp -d -p "${3:-${TMPDIR:-/tmp}}")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "quickstart test: FAILED: $*"
  exit 1
}

# ccache, where there is one, through CMake's environment variables: the build is the user's.
if command -v ccache >/dev/null; then export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache; fi
QUICKSTART_BUILD_DIR=$work/build bash "$source_dir/scripts/quickstart.sh" >"$work/quickstart.log" 2>&1 || {
  tail -40 "$work/quickstart.log"
  fail "scripts/quickstart.sh"
}
cmake --install "$work/build" --prefix "$work/prefix" >"$work/install.log" 2>&1 || {
  cat "$work/install.log"
  fail "cmake --install after the quick start"
}
for file in bin/ftpuri-check share/man/man1/ftpuri-check.1 include/ftpuri.h include/ftpuri/version.hpp \
  lib/libftpuri.a lib/libftpuri.so lib/cmake/ftpuri/ftpuriConfig.cmake lib/pkgconfig/ftpuri.pc; do
  [[ -e $work/prefix/$file ]] || fail "$file is not installed"
done
if ((with_python)); then
  [[ -n $(find "$work/prefix" -path '*/ftpuri/_core*.so') ]] || fail "the Python module is not installed"
fi
"$work/prefix/bin/ftpuri-check" ftp://ftp.example.org/pub/ || fail "the installed ftpuri-check"
echo "quickstart test: passed (the quick start's build installs completely)"
