#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/mutation/operators_found.sh SOURCE_DIR BUILD_DIR: scripts/mutate.py --list finds
# mutants of every operator it promises in the scanner and the character sets, at lines of
# those files (libclang over this build's compile database; nothing is built or run). A
# libclang update that stopped the bindings from seeing, say, binary operators would otherwise
# leave the mutation score computed over fewer mutants without a word.
set -euo pipefail
source_dir=$1 build_dir=$2
list=$(/usr/bin/python3 "$source_dir/scripts/mutate.py" --list --build-dir "$build_dir" \
  --files src/scan/path.hpp src/scan/authority.hpp src/scan/host.hpp include/ftpuri/charset.hpp)
status=0
for kind in relational arithmetic logical negation literal return statement charset; do
  n=$(grep -c "^[a-z/_.]*:[0-9]*:[0-9]*: $kind: " <<<"$list" || true)
  if ((n == 0)); then
    echo "operators_found: no '$kind' mutant"
    status=1
  else
    echo "operators_found: $n '$kind' mutants"
  fi
done
# Each mutant's original text is at its file's line: the source ranges are libclang's, exact.
grep -q "^src/scan/path.hpp:[0-9]*:[0-9]*: relational: \`==\` -> \`!=\`" <<<"$list" || { echo "no == -> != in the scanner"; status=1; }
exit $status
