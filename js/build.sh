#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# js/build.sh [BUILD_DIR]: the library as WebAssembly (js/CMakeLists.txt, Debian's emscripten),
# and the npm package assembled in BUILD_DIR/package (default build/wasm). ccache caches emcc's
# compiles as it does the native ones. Exits 77 (ctest's skip) where emcc is missing, unless CI
# is set, where it must be there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build/wasm}

if ! command -v emcmake >/dev/null; then
  echo "js/build.sh: emcmake not found; install emscripten (scripts/install-deps.sh)" >&2
  case ${CI:-} in ''|0|false|False|FALSE|no|No|NO) exit 77 ;; esac
  exit 1
fi
# Debian's emcc runs its JavaScript optimizer with node, which finds acorn (node-acorn) here.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
emcmake cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build "$build" -j2 --target ftpuri_wasm ftpuri_playground
