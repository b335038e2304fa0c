#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/install/run.sh BUILD_DIR C_COMPILER CXX_COMPILER VERSION: installs the build into a
# temporary prefix, moves the prefix (the package must not remember where it was installed),
# then builds and runs the C and the C++ consumer of this directory, copied outside the source
# tree, four ways each: find_package with the static and the shared library, and pkg-config with
# each. Each consumer exits 0 only when every answer it gets is the expected one; this script
# also checks which library each program really linked, and what the pkg-config file says.
set -euo pipefail
build=$(cd "$1" && pwd) cc=$2 cxx=$3 version=$4
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step() { echo "== install test: $*"; }
fail() {
  echo "install test: FAILED: $*"
  exit 1
}

step "cmake --install into a temporary prefix, then moved"
# Staged under DESTDIR as well: an absolute destination (FTPURI_PYTHON_INSTALL_DIR set to a system
# site-packages, say) then lands in the temporary directory too, not on this machine.
DESTDIR="$work/stage" cmake --install "$build" --prefix "$work/installed" >"$work/install.log" || {
  cat "$work/install.log"
  fail "cmake --install"
}
mv "$work/stage$work/installed" "$work/moved"
prefix=$work/moved
mkdir "$work/src"
cp -r "$here/c" "$here/cxx" "$work/src/"

# Which libftpuri a program loads: "shared" or "static". (Not ldd | grep -q: grep stops at the
# first match, ldd may then die of SIGPIPE, and pipefail would call the match a miss.)
linkage() {
  local libraries
  libraries=$(ldd "$1")
  if [[ $libraries == *libftpuri.so* ]]; then echo shared; else echo static; fi
}
run() { # PROGRAM LINKAGE
  "$1" || fail "$1 did not give the expected answers"
  [[ $(linkage "$1") == "$2" ]] || fail "$1 should link the $2 library: $(ldd "$1" | grep ftpuri || echo none)"
}

step "find_package(ftpuri 0.3): C and C++, static and shared"
for lang in c cxx; do
  for how in static shared; do
    case $lang-$how in
    *-static) choice=(-DFTPURI_SHARED=OFF) ;;
    c-shared) choice=(-DBUILD_SHARED_LIBS=ON) ;; # ftpuri::ftpuri follows BUILD_SHARED_LIBS
    cxx-shared) choice=(-DFTPURI_SHARED=ON) ;;
    esac
    b=$work/build-$lang-$how
    cmake -S "$work/src/$lang" -B "$b" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
      -DCMAKE_CXX_COMPILER="$cxx" "${choice[@]}" >"$work/configure.log" 2>&1 || {
      cat "$work/configure.log"
      fail "configure the $lang consumer ($how)"
    }
    cmake --build "$b" >"$work/build.log" 2>&1 || {
      cat "$work/build.log"
      fail "build the $lang consumer ($how)"
    }
    run "$b/consumer" "$how"
  done
done

step "find_package refuses a version it is not compatible with"
# Another major, and before 1.0 another minor too (a 0.x minor may break the C++ API).
IFS=. read -r major minor _ <<<"$version"
refused=("$((major + 1)).0")
if ((major == 0)); then
  refused+=("0.$((minor + 1))")
  ((minor == 0)) || refused+=("0.$((minor - 1))")
fi
for wanted in "${refused[@]}"; do
  mkdir -p "$work/src/refused-$wanted"
  printf 'cmake_minimum_required(VERSION 3.25)\nproject(p NONE)\nfind_package(ftpuri %s REQUIRED)\n' "$wanted" \
    >"$work/src/refused-$wanted/CMakeLists.txt"
  if cmake -S "$work/src/refused-$wanted" -B "$work/build-refused-$wanted" -DCMAKE_PREFIX_PATH="$prefix" \
    >"$work/refused.log" 2>&1; then
    fail "find_package(ftpuri $wanted) accepted version $version"
  fi
  grep -q "version: $version" "$work/refused.log" || fail "find_package(ftpuri $wanted) failed for another reason"
done

step "pkg-config: the file"
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name ftpuri.pc)")
[[ $(pkg-config --modversion ftpuri) == "$version" ]] || fail "pkg-config --modversion: $(pkg-config --modversion ftpuri)"
cflags=$(pkg-config --cflags ftpuri)
[[ $cflags != *-std=* ]] || fail "Cflags impose a language standard: $cflags"
libdir=$(pkg-config --variable=libdir ftpuri)
[[ -f $libdir/libftpuri.so && -f $libdir/libftpuri.a ]] || fail "libdir $libdir (relocated?) holds no library"
[[ $(cd "$libdir" && pwd -P) == "$(cd "$prefix" && pwd -P)"/* ]] || fail "libdir $libdir is outside the moved prefix"
static_libs=$(pkg-config --static --libs ftpuri | sed 's/-lftpuri/-Wl,-Bstatic -lftpuri -Wl,-Bdynamic/')

step "pkg-config: C and C++, static and shared"
# shellcheck disable=SC2086,SC2046 # the flags are words
{
  "$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror "$work/src/c/consumer.c" $cflags $(pkg-config --libs ftpuri) \
    -Wl,-rpath,"$libdir" -o "$work/c-pc-shared" || fail "cc with pkg-config (shared)"
  "$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror "$work/src/c/consumer.c" $cflags $static_libs \
    -o "$work/c-pc-static" || fail "cc with pkg-config --static"
  "$cxx" -std=c++2b -Wall -Wextra -Werror "$work/src/cxx/consumer.cpp" $cflags $(pkg-config --libs ftpuri) \
    -Wl,-rpath,"$libdir" -o "$work/cxx-pc-shared" || fail "c++ with pkg-config (shared)"
  "$cxx" -std=c++2b -Wall -Wextra -Werror "$work/src/cxx/consumer.cpp" $cflags $static_libs \
    -o "$work/cxx-pc-static" || fail "c++ with pkg-config --static"
}
run "$work/c-pc-shared" shared
run "$work/c-pc-static" static
run "$work/cxx-pc-shared" shared
run "$work/cxx-pc-static" static

step "the C service example (examples/c/ftpuri_service.c), shared and static, against the package"
examples=$here/../../examples/c
# shellcheck disable=SC2086,SC2046 # the flags are words
{
  "$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror "$examples/ftpuri_service.c" $cflags $(pkg-config --libs ftpuri) \
    -Wl,-rpath,"$libdir" -o "$work/service-shared" || fail "cc the service example with pkg-config (shared)"
  "$cc" -std=c99 -Wall -Wextra -Wpedantic -Werror "$examples/ftpuri_service.c" $cflags $static_libs \
    -o "$work/service-static" || fail "cc the service example with pkg-config --static"
}
for how in shared static; do
  [[ $(linkage "$work/service-$how") == "$how" ]] || fail "service-$how links the wrong library"
  bash "$examples/run_and_compare.sh" "$work/service-$how" "$examples/service_expected.txt" 1 \
    --args-from "$examples/service_args.txt" || fail "the service example ($how) against the installed package"
done

echo "install test: passed (8 consumers and the service example built outside the source tree against $version, relocated)"
