#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The repository stands alone: no file in it may send a reader to a document outside it (the
# product description the project was started from) or to a tracker's issue number, since
# neither can be followed from a clone. Say it in docs/ instead (docs/behaviour.md is the
# contract) and point there.
#     bash scripts/check_self_contained.sh [DIR]    # DIR: the tree to check (default: this one)
# In a git work tree the tracked files are checked, elsewhere every file under DIR but .git,
# build directories and installed npm packages (node_modules: other projects' words). Exit 0 when
# nothing points outside, 1 with each line that does.
set -euo pipefail
dir=${1:-"$(dirname "$0")/.."}
cd "$dir"

# Spelled so that this script does not match itself.
outside='PRODUCT[.]md|\bissues?[ -]#?[0-9]'

# The tree's own git only: a copy of the tree inside another work tree (a build directory's) is
# no git tree, and git would list that other tree's files.
if [[ "$(git rev-parse --show-toplevel 2>/dev/null)" == "$(pwd -P)" ]]; then
  list() { git ls-files -z; }
else
  list() { find . \( -name .git -o -name 'build*' -o -name node_modules \) -prune -o -type f -print0; }
fi

if found=$(list | xargs -0 -r grep -nIiE "$outside" --); then
  echo "$found" >&2
  echo "check_self_contained: $(wc -l <<<"$found") line(s) point outside the repository (a" \
    "document it does not hold, or an issue number); say it in docs/ and point there" >&2
  exit 1
fi
echo "check_self_contained: OK (no reference outside the repository)"
