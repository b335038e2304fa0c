#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/abi/check_abi.sh: what libftpuri.so promises, held to the committed record.
#
#   check_abi.sh symbols LIB LIST       the dynamic symbols LIB defines are exactly LIST's
#                                       (tests/abi/ftpuri.symbols): an accidental export, or a
#                                       removal, fails; the diff is printed demangled.
#   check_abi.sh abi LIB BASELINE SUPPR
#                                       abidiff of the C API (SUPPR keeps it to ftpuri_*) against
#                                       BASELINE (tests/abi/ftpuri-c.abi): an incompatible change
#                                       fails unless LIB's soname has a new major version; a
#                                       compatible one (a function added) passes with a note.
#   check_abi.sh self-test SUPPR        the abi verdicts on two versions of a tiny library, so
#                                       that a check that could not fail would be noticed.
#   check_abi.sh update LIB DIR SUPPR HEADERS
#                                       rewrites DIR/ftpuri.symbols and DIR/ftpuri-c.abi from LIB:
#                                       for a release, or after a deliberate change of the API.
#
# abidiff's exit status is a bit set: 1 tool error, 2 usage error, 4 ABI change, 8 incompatible
# ABI change (https://sourceware.org/libabigail/manual/abidiff.html).
set -uo pipefail

die() {
  echo "check_abi: $*" >&2
  exit 1
}

exported() { # the dynamic symbols a library defines, mangled, sorted
  nm -D --defined-only --format=posix "$1" | awk '{print $1}' | LC_ALL=C sort
}

soname_major() { # "libftpuri.so.1" -> 1; "libftpuri.so.0.3" -> 0.3 (a 0.x soname names its minor)
  sed -n 's/.*\.so\.\([0-9][0-9.]*\).*/\1/p' <<<"$1" | head -n 1
}

abidw_of() { # LIB SUPPR HEADERS: the C ABI corpus, without paths, so that it is the same anywhere
  abidw --no-corpus-path --no-show-locs --no-comp-dir-path --drop-private-types \
    --suppressions "$2" --headers-dir "$3" "$1"
}

# The verdict on LIB against BASELINE: 0 pass, 1 fail. abidiff sets bit 8 only for what it is
# sure breaks callers (a function removed); a struct member whose type changed is bit 4, as an
# addition is, so the summary lines tell them apart: anything removed or changed is incompatible.
abi_verdict() {
  local lib=$1 baseline=$2 suppr=$3 report rc old new broken
  report=$(abidiff --suppressions "$suppr" "$baseline" "$lib" 2>&1)
  rc=$?
  if ((rc & 3)); then
    echo "$report"
    echo "check_abi: abidiff failed (exit $rc)"
    return 1
  fi
  broken=0
  ((rc & 8)) && broken=1
  grep -Eq 'changes summary: ([1-9][0-9]* Removed|[0-9]+ Removed(, [0-9]+ Removed)?, [1-9][0-9]* Changed)' <<<"$report" &&
    broken=1
  if ((broken)); then
    old=$(soname_major "$(sed -n "s/.*soname='\([^']*\)'.*/\1/p" "$baseline" | head -n 1)")
    new=$(soname_major "$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')")
    echo "$report"
    if [[ -n $old && -n $new && $old != "$new" ]]; then
      echo "check_abi: an incompatible C ABI change, with the soname's major version moved from $old to $new:" \
        "allowed; record the new baseline (check_abi.sh update)"
      return 0
    fi
    echo "check_abi: an incompatible change to the C ABI under the same soname major ($new): keep the old" \
      "layout (add functions; append members to a struct that begins with its size, and record that" \
      "after review with check_abi.sh update), or make a new major version"
    return 1
  fi
  if ((rc & 4)); then
    echo "$report"
    echo "check_abi: a compatible change to the C ABI (additions): record it at the release (check_abi.sh update)"
  fi
  return 0
}

self_test() {
  local suppr=$1 dir v
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  # v1, the baseline; each other version one change to it.
  declare -A body=(
    [v1]='size_t size; int a;'
    [type]='size_t size; long long a;'
    [inserted]='size_t size; int b; int a;'
    [added]='size_t size; int a;'
  )
  for v in "${!body[@]}"; do
    mkdir -p "$dir/$v"
    printf '#include <stddef.h>\nstruct ftpuri_command { %s };\nint ftpuri_f(struct ftpuri_command* p);\n' \
      "${body[$v]}" >"$dir/$v/x.h"
  done
  printf 'int ftpuri_g(void);\n' >>"$dir/added/x.h"
  printf '#include "x.h"\nint ftpuri_f(struct ftpuri_command* p) { return (int)p->a; }\n' >"$dir/f.c"
  printf 'int ftpuri_g(void) { return 1; }\n' >"$dir/g.c"
  build() { # VERSION SONAME [extra sources]
    local version=$1 soname=$2
    shift 2
    cc -g -shared -fPIC -I"$dir/$version" -o "$dir/$version/lib.so" -Wl,-soname,"$soname" "$dir/f.c" "$@"
  }
  for v in v1 type inserted; do build "$v" libx.so.1 || die "self-test: cc failed"; done
  build added libx.so.1 "$dir/g.c" || die "self-test: cc failed"
  abidw_of "$dir/v1/lib.so" "$suppr" "$dir/v1" >"$dir/v1.abi" || die "self-test: abidw failed"
  local failed=0
  expect() { # WANT(pass|fail) WHAT VERSION
    local got=pass
    abi_verdict "$dir/$3/lib.so" "$dir/v1.abi" "$suppr" >"$dir/log" 2>&1 || got=fail
    if [[ $got == "$1" ]]; then
      echo "self-test: $2: $got, as it must"
    else
      cat "$dir/log"
      echo "self-test: $2: $got, but must $1"
      failed=1
    fi
  }
  expect pass "the same library" v1
  expect fail "a member's type changed" type
  expect fail "a member inserted before another" inserted
  expect pass "a function added" added
  build type libx.so.2 || die "self-test: cc failed"
  expect pass "a member's type changed, with a new soname major" type
  return $failed
}

case ${1:-} in
symbols)
  (($# == 3)) || die "usage: check_abi.sh symbols LIB LIST"
  lib=$2 list=$3
  [[ -f $lib ]] || die "no library at $lib"
  if diff -u <(grep -v '^#' "$list") <(exported "$lib") >/tmp/check_abi.$$.diff; then
    echo "check_abi: the $(grep -vc '^#' "$list") exported symbols are the committed list"
    rm -f /tmp/check_abi.$$.diff
    exit 0
  fi
  echo "check_abi: the exported symbols differ from $list (- committed, + exported):"
  grep '^[-+][^-+]' /tmp/check_abi.$$.diff | c++filt
  rm -f /tmp/check_abi.$$.diff
  echo "check_abi: an export needs FTPURI_API on a public declaration (ftpuri/export.h); an intended change is" \
    "recorded with check_abi.sh update"
  exit 1
  ;;
abi)
  (($# == 4)) || die "usage: check_abi.sh abi LIB BASELINE SUPPR"
  if abi_verdict "$2" "$3" "$4"; then
    echo "check_abi: the C ABI is compatible with $3"
    exit 0
  fi
  exit 1
  ;;
self-test)
  (($# == 2)) || die "usage: check_abi.sh self-test SUPPR"
  self_test "$2"
  ;;
update)
  (($# == 5)) || die "usage: check_abi.sh update LIB DIR SUPPR HEADERS"
  {
    echo "# tests/abi/ftpuri.symbols: the dynamic symbols of libftpuri.so (check_abi.sh update writes it)"
    exported "$2"
  } >"$3/ftpuri.symbols"
  abidw_of "$2" "$4" "$5" >"$3/ftpuri-c.abi" || die "abidw failed"
  echo "check_abi: wrote $3/ftpuri.symbols and $3/ftpuri-c.abi"
  ;;
*)
  sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
  ;;
esac
