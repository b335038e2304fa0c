#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/deb/run.sh SOURCE_DIR: the Debian packages, built and used as a Debian user would.
#   1. dpkg-buildpackage -b on a copy of the source tree (debian/): five packages.
#   2. lintian on them: no error and no warning.
#   3. dpkg -i of all five into a scratch root with its own database (never this machine's): the
#      database starts with only the packages they depend on, copied from this machine's, so that
#      dpkg checks their dependencies for real.
#   4. From the scratch root: ftpuri-check and ftpuri-fetch run and their man pages shown; the
#      Python module imported by /usr/bin/python3; a C program built against libftpuri-dev with
#      find_package and with pkg-config, and run on the shared library of libftpuri0.N.
set -euo pipefail
source_dir=$(cd "$1" && pwd)
# One fixed directory, not mktemp's: debhelper's -ffile-prefix-map names the tree's path, so only
# the same path every run lets ccache answer a repeated build. flock keeps two runs apart.
work=${TMPDIR:-/tmp}/ftpuri-deb-test
exec 9>"$work.lock"
flock 9
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
step() { echo "== deb test: $*"; }
fail() {
  echo "deb test: FAILED: $*"
  exit 1
}
for tool in dpkg-buildpackage lintian dh; do
  command -v "$tool" >/dev/null || fail "$tool not found (bash scripts/install-deps.sh)"
done

step "dpkg-buildpackage -b on a copy of the source tree"
version=$(sed -n 's/^ftpuri (\([^)]*\)).*/\1/p' "$source_dir/debian/changelog" | head -n 1)
project_version=$(sed -n 's/^project(ftpuri VERSION \([0-9.]*\).*/\1/p' "$source_dir/CMakeLists.txt")
[[ $version == "$project_version" ]] || fail "debian/changelog's version $version is not project(VERSION) $project_version"
# The shared library's package is named after its soname: libftpuri.so.0.3 is libftpuri0.3.
soversion=${project_version%%.*}
[[ $soversion == 0 ]] && soversion=${project_version%.*}
library=libftpuri$soversion
tree=$work/ftpuri-$version
mkdir "$tree"
(cd "$source_dir" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$tree")
# ccache only makes a repeated run cheaper; the build is debhelper's. debhelper points HOME at a
# scratch directory, which would hide ccache's cache: name it.
if command -v ccache >/dev/null; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  CCACHE_DIR=$(ccache --get-config cache_dir)
  export CCACHE_DIR
fi
(cd "$tree" && DEB_BUILD_OPTIONS="parallel=$(nproc)" dpkg-buildpackage -b -us -uc) >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log"
  fail "dpkg-buildpackage"
}
arch=$(dpkg --print-architecture)
debs=()
for package in "$library" libftpuri-dev ftpuri-check ftpuri-fetch python3-ftpuri; do
  deb=$work/${package}_${version}_$arch.deb
  [[ -f $deb ]] || fail "no $deb"
  debs+=("$deb")
done

step "lintian"
lintian --fail-on error,warning --no-tag-display-limit "$work/ftpuri_${version}_$arch.changes" >"$work/lintian.log" 2>&1 || {
  cat "$work/lintian.log"
  fail "lintian"
}
cat "$work/lintian.log"

step "dpkg -i into a scratch root with its own database"
root=$work/root
admin=$root/var/lib/dpkg
mkdir -p "$admin/info" "$admin/updates" "$admin/triggers"
# The status of each package ours depend on (but each other), as this machine has it.
mapfile -t needed < <(for deb in "${debs[@]}"; do dpkg-deb -f "$deb" Depends Pre-Depends; done |
  sed 's/^[A-Za-z-]*: //' | tr ',|' '\n' | sed 's/([^)]*)//; s/:any//; s/[[:space:]]//g' |
  grep -v -x -e '' -e "$library" -e libftpuri-dev -e ftpuri-check -e ftpuri-fetch -e python3-ftpuri | sort -u)
for package in "${needed[@]}"; do
  dpkg-query -s "$package" 2>/dev/null && echo
done >"$admin/status"
# No chroot into the scratch root for the maintainer scripts (it has no shell): they run here,
# told where the root is (DPKG_ROOT). Debian 12's py3compile and py3clean, which dh_python3's
# scripts call, do not honour DPKG_ROOT and would write byte code beside this machine's Python:
# in the scratch root they are stand-ins that write nothing (byte code only saves a first
# import's compile), and the module is imported below without it.
mkdir -p "$work/stand-ins"
for tool in py3compile py3clean; do
  printf '#!/bin/sh\nexit 0\n' >"$work/stand-ins/$tool"
  chmod +x "$work/stand-ins/$tool"
done
PATH=$work/stand-ins:$PATH dpkg --root="$root" --admindir="$admin" --force-script-chrootless --log="$work/dpkg.log" \
  -i "${debs[@]}" \
  >"$work/dpkg-i.log" 2>&1 || {
  cat "$work/dpkg-i.log"
  fail "dpkg -i"
}
for package in "$library" libftpuri-dev ftpuri-check ftpuri-fetch python3-ftpuri; do
  status=$(dpkg-query --admindir="$admin" -W -f='${Status}' "$package")
  [[ $status == "install ok installed" ]] || fail "$package is '$status' in the scratch database"
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed'; then
    fail "$package is in this machine's database too"
  fi
done

step "ftpuri-check and its man page"
[[ $("$root/usr/bin/ftpuri-check" --fix FTP://Ftp.Example.ORG/pub/) == ftp://ftp.example.org/pub/ ]] ||
  fail "the packaged ftpuri-check"
page=$(MANPATH=$root/usr/share/man MANWIDTH=80 man ftpuri-check 2>/dev/null | col -b) || fail "man ftpuri-check"
[[ $page == *ftpuri-check* && $page == *--profile* ]] || fail "man ftpuri-check shows no page"
[[ -f $root/usr/share/bash-completion/completions/ftpuri-check ]] || fail "no bash completion"

step "ftpuri-fetch and its man page"
set +e
"$root/usr/bin/ftpuri-fetch" --deny loopback ftp://127.0.0.1/f 2>"$work/fetch.err"
fetch_status=$?
set -e
[[ $fetch_status == 1 ]] && grep -q host.denied "$work/fetch.err" || fail "the packaged ftpuri-fetch: $(cat "$work/fetch.err")"
page=$(MANPATH=$root/usr/share/man MANWIDTH=80 man ftpuri-fetch 2>/dev/null | col -b) || fail "man ftpuri-fetch"
[[ $page == *ftpuri-fetch* && $page == *--resolve* ]] || fail "man ftpuri-fetch shows no page"

step "import ftpuri with /usr/bin/python3"
out=$(cd "$work" && env -u PYTHONHOME PYTHONPATH="$root/usr/lib/python3/dist-packages" PYTHONNOUSERSITE=1 \
  PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -s -c 'import ftpuri; print(ftpuri.__file__); print(ftpuri.canonicalize("FTP://H/a"))') ||
  fail "import ftpuri from python3-ftpuri"
[[ $out == "$root/usr/lib/python3/dist-packages/ftpuri/__init__.py"$'\n'ftp://h/a ]] || fail "python3-ftpuri: $out"

step "a C consumer against libftpuri-dev: find_package and pkg-config"
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
cp -r "$source_dir/tests/install/c" "$work/consumer"
{ cmake -S "$work/consumer" -B "$work/consumer-build" -DCMAKE_PREFIX_PATH="$root/usr" -DFTPURI_SHARED=ON &&
  cmake --build "$work/consumer-build"; } >"$work/consumer.log" 2>&1 || {
  cat "$work/consumer.log"
  fail "the find_package consumer"
}
# Not ldd | grep -q: grep stops at the match, ldd may then die of SIGPIPE, and pipefail would
# call the match a miss.
linked=$(ldd "$work/consumer-build/consumer")
[[ $linked == *"$root/usr/lib/$multiarch/libftpuri.so.$soversion"* ]] ||
  fail "the consumer does not load $library's library: $(grep ftpuri <<<"$linked")"
"$work/consumer-build/consumer" || fail "the find_package consumer's answers"
export PKG_CONFIG_PATH=$root/usr/lib/$multiarch/pkgconfig
[[ $(pkg-config --modversion ftpuri) == "$version" ]] || fail "pkg-config --modversion"
# shellcheck disable=SC2046 # the flags are words
cc -std=c99 "$work/consumer/consumer.c" $(pkg-config --cflags --libs ftpuri) -Wl,-rpath,"$root/usr/lib/$multiarch" \
  -o "$work/consumer-pc" || fail "the pkg-config consumer"
"$work/consumer-pc" || fail "the pkg-config consumer's answers"
echo "deb test: passed (5 packages, lintian clean, installed into a scratch root and used)"
