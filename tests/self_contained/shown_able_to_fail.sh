#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/check_self_contained.sh must refuse a tree that cites a document outside it or an
# issue number, and accept one that cites neither (a tree outside git, so that every file counts).
set -euo pipefail
check=$1
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
expect() { # expect STATUS TEXT: a tree holding one file with TEXT exits with STATUS
  printf '%s\n' "$2" >"$tree/notes.md"
  local status=0
  bash "$check" "$tree" >/dev/null 2>&1 || status=$?
  [[ $status == "$1" ]] || {
    echo "FAIL: '$2' gave exit $status, expected $1" >&2
    exit 1
  }
}
# Each offending text in two pieces, so that this file does not match the check itself.
expect 1 "as PRODUCT"".md says"
expect 1 "fixed in issue"" 14"
expect 1 "see Issue"" #7"
expect 1 "(issues"" 12 and 14)"
expect 0 "UTS #46, RFC 3986 2.2, docs/behaviour.md"
echo "shown_able_to_fail: OK"
