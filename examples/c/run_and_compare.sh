#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# examples/c/run_and_compare.sh PROGRAM EXPECTED EXIT_CODE ARGS...: runs PROGRAM with ARGS and
# fails unless it exits with EXIT_CODE and prints exactly the file EXPECTED (stderr aside).
# ARGS may be `--args-from FILE`: the arguments are then FILE's lines.
set -uo pipefail
program=$1 expected=$2 want=$3
shift 3
if (($# == 2)) && [[ $1 == --args-from ]]; then
  mapfile -t args <"$2"
  set -- "${args[@]}"
fi
out=$("$program" "$@" 2>/dev/null)
rc=$?
if ((rc != want)); then
  echo "exit $rc, expected $want; output:"
  echo "$out"
  exit 1
fi
if ! diff -u "$expected" <(printf '%s\n' "$out"); then
  echo "output differs from $expected (- expected, + printed)"
  exit 1
fi
echo "output as expected ($(wc -l <"$expected") lines)"
