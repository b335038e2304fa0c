#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/check_commit_msg.sh, as a hook and over history, in a scratch repository: a long
# subject and a body without a blank line are refused, a good message passes, and commits from
# before the recorded start are not judged.
set -euo pipefail
script=$1
repo=$(mktemp -d)
trap 'rm -rf "$repo"' EXIT
mkdir "$repo/scripts"
cp "$script" "$repo/scripts/check_commit_msg.sh"
cd "$repo"
git init -q
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
long=$(printf 'x%.0s' {1..73})
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
check() { bash scripts/check_commit_msg.sh "$@" >/dev/null 2>&1; }

# As a hook, on a message file.
printf 'Fix the thing\n\nWhy it was wrong.\n' >msg && { check msg || fail "a good message refused"; }
printf '%s\n' "$long" >msg && { ! check msg || fail "a 73-character subject passed"; }
printf 'Fix\nno blank line\n' >msg && { ! check msg || fail "a body without a blank line passed"; }

# Over history: an old long subject is not judged, a new one is.
GIT_COMMITTER_DATE=2000-01-01T00:00:00Z git commit -q --allow-empty -m "$long"
COMMIT_MSG_SINCE=2001-01-01T00:00:00Z check || fail "a commit from before the start was judged"
git commit -q --allow-empty -m "A good subject"
COMMIT_MSG_SINCE=2001-01-01T00:00:00Z check || fail "a good new commit refused"
git commit -q --allow-empty -m "$long"
! COMMIT_MSG_SINCE=2001-01-01T00:00:00Z check || fail "a new 73-character subject passed"
echo "shown_able_to_fail: OK"
