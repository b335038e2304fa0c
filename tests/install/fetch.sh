#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/install/fetch.sh BUILD_DIR C_COMPILER: the fetch component (docs/install.md), alone in a
# fresh prefix, holds its own files only; beside the library component, a C++ consumer built with
# find_package(ftpuri) (ftpuri::fetch) and a C one built with pkg-config ftpuri-fetch run, and the
# installed ftpuri-fetch and its man page work.
set -euo pipefail
build=$(cd "$1" && pwd) cc=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "fetch install test: FAILED: $*"
  exit 1
}
install_into() { # PREFIX COMPONENT...
  local prefix=$1 component
  shift
  for component in "$@"; do
    cmake --install "$build" --component "$component" --prefix "$prefix" >"$work/install.log" 2>&1 || {
      cat "$work/install.log"
      fail "cmake --install --component $component"
    }
  done
}

echo "== the fetch component alone holds its own files"
install_into "$work/alone" fetch
while IFS= read -r file; do
  case $file in
  bin/ftpuri-fetch | share/man/man1/ftpuri-fetch.1 | include/ftpuri/fetch.hpp | lib*/libftpuri_fetch.a) ;;
  lib*/cmake/ftpuri/ftpuriFetchTargets*.cmake | lib*/pkgconfig/ftpuri-fetch.pc) ;;
  *) fail "the fetch component holds $file" ;;
  esac
done < <(cd "$work/alone" && find . -type f | sed 's|^\./||')

echo "== beside the library component: consumers"
prefix=$work/prefix
install_into "$prefix" library fetch
cp -r "$here/fetch" "$work/src"
{ cmake -S "$work/src" -B "$work/cxx-build" -DCMAKE_PREFIX_PATH="$prefix" && cmake --build "$work/cxx-build"; } \
  >"$work/cxx.log" 2>&1 || {
  cat "$work/cxx.log"
  fail "a find_package consumer of ftpuri::fetch"
}
[[ $("$work/cxx-build/consumer") == ok ]] || fail "the find_package consumer's answers"
pc_dir=$(dirname "$(find "$prefix" -name ftpuri-fetch.pc)")
# shellcheck disable=SC2046 # the flags are words
"$cc" -std=c99 "$work/src/consumer.c" $(PKG_CONFIG_PATH=$pc_dir pkg-config --cflags --libs ftpuri-fetch) \
  $(PKG_CONFIG_PATH=$pc_dir pkg-config --static --libs-only-l ftpuri) \
  -Wl,-rpath,"$(PKG_CONFIG_PATH=$pc_dir pkg-config --variable=libdir ftpuri)" -o "$work/c-pc" ||
  fail "a pkg-config consumer of ftpuri-fetch"
[[ $("$work/c-pc") == ok ]] || fail "the pkg-config consumer's answer"

echo "== the installed ftpuri-fetch and its man page"
set +e
"$prefix/bin/ftpuri-fetch" --deny loopback ftp://127.0.0.1/f 2>"$work/err"
status=$?
set -e
[[ $status == 1 ]] && grep -q host.denied "$work/err" || fail "the installed ftpuri-fetch ($status): $(cat "$work/err")"
page=$(MANPATH=$prefix/share/man MANWIDTH=80 man ftpuri-fetch 2>/dev/null | col -b) || fail "man ftpuri-fetch"
[[ $page == *ftpuri-fetch* && $page == *--resolve* ]] || fail "man ftpuri-fetch shows no page"
echo "fetch install test: passed"
