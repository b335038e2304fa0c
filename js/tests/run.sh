#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# js/tests/run.sh TEST.mjs: one of the package's node tests, as ctest runs it (label js). Exits
# 77, ctest's skip, where node or the built package is missing (no emscripten: js.build skipped),
# or where a test of the file skipped itself (no chromium, no tsc), so that ctest reports it as
# skipped, never as passed; unless CI is set, where everything must be there (the tests then fail
# rather than skip).
set -euo pipefail
skip() {
  echo "js/tests/run.sh: $1" >&2
  case ${CI:-} in ''|0|false|False|FALSE|no|No|NO) exit 77 ;; esac
  exit 1
}
command -v node >/dev/null || skip "node not found (scripts/install-deps.sh)"
[[ -f ${FTPURI_JS_PACKAGE:?}/index.mjs && -f $FTPURI_JS_PACKAGE/ftpuri-wasm.wasm ]] ||
  skip "no package in $FTPURI_JS_PACKAGE (ctest -R js.build builds it, with emscripten)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
node --test --test-reporter=tap "$1" | tee "$log" || status=$?
((status == 0)) || exit "$status"
if grep -Eq '^# skipped [1-9]' "$log"; then
  skip "a test skipped itself (see its reason above)"
fi
