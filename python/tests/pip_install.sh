#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# python/tests/pip_install.sh PYTHON SOURCE_DIR VERSION: installs the package with pip as a user
# would, offline, and uses what it installed (ctest install.pip and install.pip_other).
#
# From a copy of the source tree (as a fresh clone has it, without build directories):
#   1. `PYTHON -m pip wheel --no-build-isolation` builds a wheel with the setuptools and wheel
#      PYTHON has; the wheel holds the extension, the stubs, py.typed and `python -m ftpuri`, and
#      its version is VERSION.
#   2. That wheel installed into a fresh venv of PYTHON, and used there.
#   3. `pip install --no-build-isolation .` into another fresh venv, whose setuptools and wheel
#      come from Debian's wheel files (/usr/share/python-wheels: python3-setuptools-whl,
#      python3-wheel-whl), and used there.
# "Used": imported from another directory with nothing but the venv on its path; the version
# importlib.metadata knows; validate() and parse(); a function and a result pickled through a
# spawned process pool; `python -m ftpuri` and its exit status; the extension needs no
# libftpuri.so; then `pip uninstall` leaves nothing importable.
#
# A PYTHON without pip, setuptools or wheel gets step 3 alone (its venv has pip). CMAKE_ARGS and
# CMAKE_BUILD_PARALLEL_LEVEL reach the build (setup.py).
set -euo pipefail
python=$1 source=$2 version=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step() { echo "== pip install test ($python): $*"; }
fail() {
  echo "pip install test: FAILED: $*"
  exit 1
}

step "copy the source tree"
mkdir "$work/src"
tar -C "$source" --exclude=./build --exclude='./build-*' --exclude=./.git --exclude=./fuzz/out \
  --exclude='*.egg-info' -cf - . | tar -C "$work/src" -xf -

# What a user does with the installed package, as a script: a spawned process pool runs the
# main module again, which must be a file (and guarded).
cat >"$work/use.py" <<'EOF'
import importlib.metadata, multiprocessing, pathlib, pickle, sys, sysconfig
import ftpuri


def main(version):
    package = pathlib.Path(ftpuri.__file__).parent
    assert package == pathlib.Path(sysconfig.get_path("purelib")) / "ftpuri", (package, sys.path)
    assert importlib.metadata.version("ftpuri") == version == ftpuri.__version__, importlib.metadata.version("ftpuri")
    for name in ("__init__.pyi", "py.typed", "__main__.py"):
        assert (package / name).is_file(), name
    assert ftpuri.validate("ftp://ftp.example.org/pub/") and not ftpuri.validate("ftp://0x7f.1/")
    assert ftpuri.parse("FTP://H/./a").canonical == "ftp://h/a"
    uris = ["ftp://h/", "ftp://h/a b", "ftp://[::1]/"]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        assert pool.map(ftpuri.validate, uris) == [True, False, True]
        assert pool.map(ftpuri.parse, uris[:1]) == [ftpuri.parse(uris[0])]
    assert pickle.loads(pickle.dumps(ftpuri.sanitize)) is ftpuri.sanitize
    print(next(package.glob("_core*.so")))


if __name__ == "__main__":
    main(sys.argv[1])
EOF

use() { # VENV: the package installed there works, and uninstalls cleanly
  local venv=$1 out linked
  mkdir -p "$work/elsewhere"
  out=$(cd "$work/elsewhere" && env -u PYTHONPATH -u PYTHONHOME PYTHONNOUSERSITE=1 PYTHONDONTWRITEBYTECODE=1 \
    timeout 300 "$venv/bin/python" "$work/use.py" "$version"
  ) || fail "the package installed in $venv does not work"
  # Not ldd | grep -q, which pipefail turns into a pass when ldd dies of SIGPIPE after the match.
  linked=$(ldd "$out")
  [[ $linked != *libftpuri* ]] || fail "$out needs libftpuri.so"
  "$venv/bin/python" -m ftpuri ftp://ftp.example.org/ >"$work/main.out" || fail "python -m ftpuri on a valid URI: $(cat "$work/main.out")"
  if "$venv/bin/python" -m ftpuri ftp://0x7f.1/ >"$work/main.out"; then
    fail "python -m ftpuri accepted ftp://0x7f.1/"
  fi
  grep -q "^<arg 1>:1:7: error: .*\[host.numeric-ambiguous\]$" "$work/main.out" || fail "python -m ftpuri said: $(cat "$work/main.out")"
  "$venv/bin/python" -m pip uninstall -y -q ftpuri
  if (cd "$work/elsewhere" && env -u PYTHONPATH "$venv/bin/python" -c "import ftpuri" 2>/dev/null); then
    fail "ftpuri is still importable from $venv after pip uninstall"
  fi
}

if "$python" -c "import pip, setuptools, wheel" 2>/dev/null; then
  step "pip wheel --no-build-isolation"
  "$python" -m pip wheel --no-build-isolation --no-index --no-deps -w "$work/wheels" "$work/src" >"$work/wheel.log" 2>&1 || {
    cat "$work/wheel.log"
    fail "pip wheel"
  }
  wheel=$(find "$work/wheels" -name "ftpuri-$version-*.whl")
  [[ -n $wheel ]] || fail "no ftpuri-$version-*.whl in $(ls "$work/wheels")"
  "$python" - "$wheel" "$version" <<'EOF' || fail "the wheel's contents"
import re, sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
for expected in ("ftpuri/__init__.py", "ftpuri/__init__.pyi", "ftpuri/py.typed", "ftpuri/__main__.py"):
    assert expected in names, (expected, names)
assert any(re.fullmatch(r"ftpuri/_core\.cpython-.*\.so", n) for n in names), names
metadata = zipfile.ZipFile(sys.argv[1]).read(f"ftpuri-{sys.argv[2]}.dist-info/METADATA").decode()
assert f"\nVersion: {sys.argv[2]}\n" in metadata and "\nRequires-Python: >=3.10\n" in metadata, metadata[:400]
EOF

  step "the wheel into a fresh venv"
  "$python" -m venv "$work/venv-wheel"
  "$work/venv-wheel/bin/python" -m pip install -q --no-index "$wheel" || fail "pip install of the wheel"
  use "$work/venv-wheel"
fi

step "pip install --no-build-isolation . into a fresh venv"
"$python" -m venv "$work/venv-source"
"$work/venv-source/bin/python" -m pip install -q --no-index --find-links /usr/share/python-wheels setuptools wheel ||
  fail "setuptools and wheel from /usr/share/python-wheels (python3-setuptools-whl, python3-wheel-whl)"
(cd "$work/src" && "$work/venv-source/bin/python" -m pip install --no-build-isolation --no-index . >"$work/install.log" 2>&1) || {
  cat "$work/install.log"
  fail "pip install ."
}
use "$work/venv-source"

echo "pip install test: passed ($python, ftpuri $version)"
