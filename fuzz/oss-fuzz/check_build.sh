#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fuzz/oss-fuzz/check_build.sh: runs build.sh as OSS-Fuzz's compile step does for libFuzzer with
# AddressSanitizer (its CC, CXX, CFLAGS, CXXFLAGS, LIB_FUZZING_ENGINE, OUT, WORK, SRC), into a
# temporary directory, then runs each fuzzer it produced once over its seed corpus, as OSS-Fuzz's
# check_build and its first fuzzing minutes do. Fails when the build fails, a target that must be
# there is missing (parse, canonical, pct, cli, oracle), a fuzzer lacks its options, seed corpus
# or ASan, or any seed crashes one. Also reads project.yaml. Not OSS-Fuzz's exact image: this
# machine's clang 14 and libstdc++ (OSS-Fuzz adds -stdlib=libc++ and builds RE2 and CLI11 for it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "oss-fuzz check: FAILED: $*"
  exit 1
}

/usr/bin/python3 - "$here/project.yaml" <<'PY' || fail "project.yaml"
import sys, yaml
p = yaml.safe_load(open(sys.argv[1]))
assert p["language"] == "c++", p
assert {"address", "undefined"} <= set(p["sanitizers"]), p
assert "libfuzzer" in p["fuzzing_engines"], p
assert p["main_repo"].startswith("https://"), p
PY
grep -q '^FROM gcr.io/oss-fuzz-base/base-builder' "$here/Dockerfile" || fail "the Dockerfile's base image"

# The variables OSS-Fuzz sets for SANITIZER=address FUZZING_ENGINE=libfuzzer (infra/base-images:
# base-clang's flags, compile's SANITIZER_FLAGS_address and COVERAGE_FLAGS for libFuzzer).
export SANITIZER=address FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c++
export CC=${OSS_FUZZ_CC:-clang-14} CXX=${OSS_FUZZ_CXX:-clang++-14}
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION \
-fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS=$CFLAGS LIB_FUZZING_ENGINE=-fsanitize=fuzzer
export OUT=$work/out WORK=$work/work SRC=$work/src
mkdir -p "$OUT" "$WORK" "$SRC"
# The build is OSS-Fuzz's; ccache only makes a repeated run cheaper here.
# Paths relative to the scratch directory (CCACHE_BASEDIR) make every run's commands the same.
if command -v ccache >/dev/null; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR=$work CCACHE_NOHASHDIR=true
fi

started=$SECONDS
bash "$here/build.sh" >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log"
  fail "build.sh"
}
echo "== oss-fuzz check: build.sh in $((SECONDS - started)) s; $OUT holds: $(cd "$OUT" && echo *)"

[[ -f $OUT/ftp.dict ]] || fail "no ftp.dict in OUT"
for name in parse canonical pct cli oracle; do
  [[ -x $OUT/${name}_fuzzer ]] || fail "${name}_fuzzer was not built"
done
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
count=0
for fuzzer in "$OUT"/*_fuzzer; do
  name=$(basename "$fuzzer")
  [[ -f $OUT/$name.options && -f $OUT/${name}_seed_corpus.zip ]] || fail "$name lacks its options or seed corpus"
  # grep reads nm's output whole: grep -q would stop early, and nm die of SIGPIPE under pipefail.
  nm "$fuzzer" | grep ' __asan_init' >/dev/null || fail "$name is not built with AddressSanitizer (CFLAGS ignored?)"
  mkdir -p "$work/seeds/$name"
  unzip -q "$OUT/${name}_seed_corpus.zip" -d "$work/seeds/$name"
  seeds=$(find "$work/seeds/$name" -type f | wc -l)
  # -runs=0: each seed once, then stop; the options file's max_len and timeout as OSS-Fuzz gives.
  (cd "$OUT" && "$fuzzer" -runs=0 -dict=ftp.dict -max_len=4096 -timeout=25 -rss_limit_mb=2560 \
    "$work/seeds/$name") >"$work/$name.log" 2>&1 || {
    tail -30 "$work/$name.log"
    fail "$name on its seed corpus"
  }
  grep -q 'INITED' "$work/$name.log" || fail "$name did not run its seeds: $(tail -5 "$work/$name.log")"
  echo "== oss-fuzz check: $name ran its $seeds seeds"
  count=$((count + 1))
done
echo "oss-fuzz check: passed ($count fuzzers built by build.sh, each clean on its seed corpus)"
