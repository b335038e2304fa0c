#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Commit subjects of at most 72 characters, the detail in the body after a blank line: `git log
# --oneline` and every tool that shows one line per commit then show the whole subject.
#     bash scripts/check_commit_msg.sh FILE     # a message file: the commit-msg hook
#     bash scripts/check_commit_msg.sh          # every commit since the rule began (scripts/lint.sh)
# Install the hook in a clone (docs/contributing.md):
#     ln -s ../../scripts/check_commit_msg.sh .git/hooks/commit-msg
# Older history cannot be rewritten, so the second form checks only the commits committed after
# `since` below, when the rule began; merges are checked too. Exit 0 when every subject holds,
# 1 with each that does not.
set -euo pipefail
max=72
since=${COMMIT_MSG_SINCE:-2026-11-28T04:05:00Z} # the variable: for the test of this script

# Prints a complaint about MESSAGE's subject (its first line that is not a comment), or nothing.
judge() {
  local subject second
  subject=$(grep -v '^#' <<<"$1" | sed -n '1p')
  second=$(grep -v '^#' <<<"$1" | sed -n '2p')
  if [[ -z ${subject//[[:space:]]/} ]]; then
    echo "the subject is empty"
  elif ((${#subject} > max)); then
    echo "the subject has ${#subject} characters, more than $max: \"$subject\""
  elif [[ -n $second ]]; then
    echo "no blank line between the subject and the body: \"$subject\""
  fi
}

if (($# == 1)); then
  complaint=$(judge "$(cat "$1")")
  if [[ -n $complaint ]]; then
    echo "commit-msg: $complaint (put the detail in the body)" >&2
    exit 1
  fi
  exit 0
fi
if (($# > 1)); then
  echo "usage: check_commit_msg.sh [MESSAGE-FILE]" >&2
  exit 2
fi

cd "$(dirname "$0")/.."
failed=0
checked=0
while IFS= read -r commit; do
  checked=$((checked + 1))
  complaint=$(judge "$(git log -1 --format=%B "$commit")")
  if [[ -n $complaint ]]; then
    echo "check_commit_msg: $(git log -1 --format=%h "$commit"): $complaint" >&2
    failed=1
  fi
done < <(git log --format=%H --since="$since" HEAD)
if ((failed)); then
  echo "check_commit_msg: FAILED (subjects of at most $max characters; the detail in the body)" >&2
  exit 1
fi
echo "check_commit_msg: OK ($checked commit(s) since $since)"
