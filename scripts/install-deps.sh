#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs every Debian 12 package ftpuri builds, tests, fuzzes or benchmarks with.
# Idempotent, non-interactive, for root on a fresh machine; the README's two commands call it.
set -euo pipefail

packages=(
  # build
  build-essential cmake ninja-build pkg-config git python3
  # clang 14: the second compiler, libFuzzer and the sanitizer runtimes
  clang-14 libclang-rt-14-dev clang-format-14 clang-tidy-14
  # tests, properties, oracle, benchmarks
  libgtest-dev libgmock-dev librapidcheck-dev libre2-dev libbenchmark-dev
  # CLI and tests: argument parsing; JSON reading and streaming writing
  libcli11-dev rapidjson-dev
  # CLI: .ftpuri-check.toml, the configuration file (TOML 1.0, with the line and column of an error)
  libtomlplusplus-dev
  # lenient profile: IDNA (UTS #46) host conversion; libunistring-dev for `pkg-config --static
  # --libs ftpuri`, which names libidn2's own dependency (tests/install/)
  libidn2-dev libunistring-dev
  # peers measured and compared against (libcurl among them)
  liburiparser-dev libboost-url1.81-dev
  # the guarded fetch (ftpuri_fetch, ftpuri-fetch; docs/fetch.md): libcurl is the FTP client,
  # 7.85 or later for CURLOPT_PROTOCOLS_STR
  libcurl4-openssl-dev
  # bench/run.sh: the chart of docs/benchmarks.md (SVG; -nox, no X11 libraries)
  gnuplot-nox
  # SARIF schema validation in the tests; YAML for docs/ci.md's workflows and the pre-commit hook
  python3-jsonschema python3-yaml
  # man page lint in the tests (groff -man -ww)
  groff-base
  # the e2e tests' FTP server (tests/e2e/), the guarded fetch's among them
  python3-pyftpdlib
  # the Python module (python/): pybind11 and the headers it compiles against, for Debian's
  # /usr/bin/python3; pytest runs its tests (ctest -L python)
  python3-pybind11 pybind11-dev python3-dev python3-pytest
  # mypy checks the module's type stubs in its tests (python/tests/test_types.py)
  mypy
  # pip install . (pyproject.toml): pip, venv, and the setuptools backend with wheel, offline; the
  # -whl packages are the wheel files a fresh venv installs them from (python/tests/pip_install.sh)
  python3-pip python3-venv python3-setuptools python3-wheel python3-setuptools-whl python3-wheel-whl
  # the shared library's ABI check against its committed baseline (abidw, abidiff)
  abigail-tools
  # scripts/mutate.py: mutants placed by libclang's exact source ranges (the mutation
  # score of docs/mutation.md); ccache makes each mutant's rebuild incremental
  python3-clang-14 ccache
  # scripts/coverage.sh: llvm-profdata-14 and llvm-cov-14
  llvm-14
  # Debian packages (debian/, tests/deb/): debhelper and dh-python build them, lintian checks
  # them; man-db and bsdextrautils (col) show an installed man page (tests/install/, tests/deb/)
  debhelper dh-python lintian man-db bsdextrautils
  # fuzz/oss-fuzz/build.sh zips each fuzzer's seed corpus, as OSS-Fuzz expects; its check unzips
  zip unzip
  # examples/dask/: the Python module on a Dask cluster (dask.bag, distributed's LocalCluster and
  # scheduler), tested by ctest example.dask; no pandas: dask.bag does not need it
  python3-dask python3-distributed
  # js/: the library as WebAssembly (emcc, whose JavaScript optimizer needs node-acorn), tsc to
  # check the npm package's hand-written declarations, and chromium for the playground's browser
  # test (driven by puppeteer-core, installed below from js/package-lock.json)
  emscripten node-acorn node-typescript chromium
)
# node and npm run the JavaScript tests and npm pack: a node already on the machine (nodesource's
# nodejs, which has npm in it) is kept, else Debian's
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "install-deps: missing packages (run as root to install): ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "install-deps: all ${#packages[@]} packages present"

# The JavaScript tests' one npm dependency, puppeteer-core, exactly as js/package-lock.json pins it
# (npm ci), into js/node_modules; again only when the lock file changed. No browser is downloaded:
# the test drives Debian's chromium.
js=$(cd "$(dirname "$0")/../js" && pwd)
if ! cmp -s "$js/package-lock.json" "$js/node_modules/.ftpuri-installed-lock.json"; then
  (cd "$js" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  cp "$js/package-lock.json" "$js/node_modules/.ftpuri-installed-lock.json"
fi
echo "install-deps: js/node_modules as js/package-lock.json pins it"
