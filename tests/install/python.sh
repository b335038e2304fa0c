#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/install/python.sh BUILD_DIR PYTHON INSTALL_DIR: installs the build into a temporary prefix,
# moves the prefix, and imports the Python package ftpuri from there with the interpreter it was
# built for, isolated from the build and source trees (another working directory, no user site,
# PYTHONPATH the installed package's directory alone). Also checks that INSTALL_DIR
# (FTPURI_PYTHON_INSTALL_DIR) is where that interpreter looks under its default prefix, and that
# the extension needs no libftpuri.so.
set -euo pipefail
build=$(cd "$1" && pwd) python=$2 site=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step() { echo "== python install test: $*"; }
fail() {
  echo "python install test: FAILED: $*"
  exit 1
}

case $site in
/*) fail "FTPURI_PYTHON_INSTALL_DIR is absolute ($site): an install into a temporary prefix would write there" ;;
esac

step "cmake --install into a temporary prefix, then moved"
cmake --install "$build" --prefix "$work/installed" >"$work/install.log" || {
  cat "$work/install.log"
  fail "cmake --install"
}
mv "$work/installed" "$work/moved"
package=$work/moved/$site/ftpuri
for file in __init__.py __init__.pyi py.typed; do
  [[ -f $package/$file ]] || fail "$package/$file is not installed"
done
core=$(find "$package" -maxdepth 1 -name '_core*.so')
[[ -n $core ]] || fail "no _core*.so in $package"
libraries=$(ldd "$core")
[[ $libraries != *libftpuri.so* ]] || fail "$core needs libftpuri.so: $libraries"

step "import ftpuri from the installed package"
mkdir "$work/elsewhere"
out=$(cd "$work/elsewhere" && env -u PYTHONHOME PYTHONPATH="$work/moved/$site" PYTHONNOUSERSITE=1 \
  PYTHONDONTWRITEBYTECODE=1 "$python" -s -c '
import pathlib, sys
import ftpuri
print(ftpuri.validate("ftp://h/"))
print(pathlib.Path(ftpuri.__file__).resolve().parent)
print(pathlib.Path(ftpuri._core.__file__).resolve().parent)
') || fail "$python could not import the installed package"
expected=$(cd "$package" && pwd -P)
[[ $out == $'True\n'"$expected"$'\n'"$expected" ]] || fail "expected True and $expected twice, got: $out"

step "INSTALL_DIR is where $python looks under its default prefix"
# Debian's interpreter: /usr/local/lib/python3.X/dist-packages, the default prefix's; another: its
# platlib. Either way the path ends in INSTALL_DIR, and is on sys.path.
"$python" -c '
import sys, sysconfig
site = sys.argv[1]
platlib = sysconfig.get_path("platlib")
if "deb_system" in sysconfig.get_scheme_names():
    assert platlib == "/usr/local/" + site, (platlib, site)
assert platlib.endswith("/" + site), (platlib, site)
assert platlib in sys.path, (platlib, sys.path)
' "$site" || fail "$site is not where $python looks"

echo "python install test: passed ($python imports ftpuri from a moved prefix's $site)"
