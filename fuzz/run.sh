#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fuzz/run.sh [SECONDS]: build every fuzz target with clang (ASan + UBSan + libFuzzer) and run
# each, one after the other, for SECONDS (default 30) over the seed corpus.
#
#     fuzz/run.sh        # 30 s per target
#     fuzz/run.sh 60     # CI: 5 targets x 60 s, plus the build, stays under 10 minutes
#
# The build goes to build/fuzz (cmake -S fuzz: the library itself is instrumented too). Each
# target reads corpus/inputs and corpus/regressions and writes what it discovers into a
# temporary directory, so the repository is never modified; crash, leak and timeout inputs go
# to build/fuzz/artifacts/<target>/, to be minimized and kept under corpus/regressions/<target>/
# (corpus/regressions/README.md says how). Per target it prints the executions, executions per
# second and coverage (libFuzzer's cov: edges and ft: features). The exit status is non-zero
# when any target crashed, leaked, timed out, hit a sanitizer report or an invariant failure.
#
# Environment: CXX_FUZZ (default clang++-14), FUZZ_JOBS (build parallelism, default 1),
# FUZZ_PARALLEL (how many targets run at once, default 1: each still runs SECONDS on a core of its
# own, so with one per core the run takes 1/N of the time and loses nothing), FUZZ_TARGETS (a
# space-separated subset by name, "parse canonical" for fuzz/parse_fuzzer.cpp and
# fuzz/canonical_fuzzer.cpp; default every fuzz/*_fuzzer.cpp; an unknown name is an error),
# FUZZ_LAUNCHER (a compiler launcher for the build, such as ccache).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=${1:-30}
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: fuzz/run.sh [SECONDS-PER-TARGET]" >&2
  exit 2
fi

build=$root/build/fuzz
cxx=${CXX_FUZZ:-clang++-14}
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# RapidJSON 1.1.0's null-stack arithmetic: the same ignore-list as FTPURI_SANITIZE builds.
flags+=" -fsanitize-ignorelist=$root/cmake/ubsan-ignorelist.txt"
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

echo "== build ($cxx, ASan + UBSan + libFuzzer) in ${build#"$root"/}"
build_start=$SECONDS
mkdir -p "$build"
launcher=()
if [[ -n ${FUZZ_LAUNCHER:-} ]]; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="$FUZZ_LAUNCHER"); fi
if ! { cmake -S fuzz -B "$build" "${generator[@]}" "${launcher[@]}" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS="$flags" &&
  cmake --build "$build" -j"${FUZZ_JOBS:-1}" --target ftpuri_fuzzers; } >"$build/build.log" 2>&1; then
  tail -40 "$build/build.log"
  echo "fuzz/run.sh: the build failed (${build#"$root"/}/build.log)" >&2
  exit 1
fi
echo "   built in $((SECONDS - build_start)) s"

if [[ -n ${FUZZ_TARGETS:-} ]]; then
  read -r -a targets <<<"$FUZZ_TARGETS"
  for t in "${targets[@]}"; do
    if [[ ! -f fuzz/${t}_fuzzer.cpp ]]; then
      echo "run.sh: no fuzz target '$t' (FUZZ_TARGETS names fuzz/NAME_fuzzer.cpp by NAME)" >&2
      exit 2
    fi
  done
else
  targets=()
  for source in fuzz/*_fuzzer.cpp; do
    name=${source#fuzz/}
    targets+=("${name%_fuzzer.cpp}")
  done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The [libfuzzer] section of fuzz/<target>_fuzzer.options as -key=value flags.
options_of() {
  local file=$root/fuzz/$1_fuzzer.options section="" line key value
  [[ -f $file ]] || return 0
  while IFS= read -r line || [[ -n $line ]]; do
    line=${line%%#*}
    [[ $line =~ ^[[:space:]]*$ ]] && continue
    if [[ $line =~ ^[[:space:]]*\[(.*)\][[:space:]]*$ ]]; then
      section=${BASH_REMATCH[1]}
      continue
    fi
    [[ $section == libfuzzer ]] || continue
    key=$(echo "${line%%=*}" | tr -d '[:space:]')
    value=$(echo "${line#*=}" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
    if [[ $key == dict && $value != /* ]]; then value=$root/fuzz/$value; fi
    echo "-$key=$value"
  done <"$file"
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# One target: its report on stdout, its summary line in $work/$t.summary, and $work/$t.failed
# when it failed.
run_target() {
  local t=$1 binary=$build/${1}_fuzzer options log status line execs rate rss last cov ft corp
  if [[ ! -x $binary ]]; then
    echo "== $t: not built (see fuzz/CMakeLists.txt), skipped"
    printf '%-10s %s\n' "$t" 'not built' >"$work/$t.summary"
    # CI installs every fuzz target's dependencies: a target it cannot build is a failure.
    [[ ${CI:-} == true ]] && : >"$work/$t.failed"
    return 0
  fi
  mkdir -p "$work/$t" "$build/artifacts/$t"
  mapfile -t options < <(options_of "$t")
  log=$build/artifacts/$t.log
  touch "$work/$t.start"
  echo "== $t: ${seconds} s ${options[*]}"
  status=0
  "$binary" "${options[@]}" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$t/" "$work/$t" "$root/corpus/inputs" "$root/corpus/regressions" \
    >"$log" 2>&1 || status=$?

  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([^ ]*\).*/\1/p' <<<"$last")
  line=$(printf '%-10s execs %-10s exec/s %-7s cov %-6s ft %-7s corpus %-12s rss %s MB' "$t" "${execs:-?}" \
    "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "${rss:-?}")

  if ((status != 0)) || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error:|INVARIANT FAILED' "$log"; then
    touch "$work/$t.failed"
    line+="  FAILED (exit $status)"
    echo "-- $t FAILED; the report (from $log):"
    grep -E -m1 -A40 'INVARIANT FAILED|ERROR: |runtime error:' "$log" | head -60 || tail -40 "$log"
    find "$build/artifacts/$t" -type f -newer "$work/$t.start" | sed 's/^/   artifact: /'
  fi
  echo "   $line"
  echo "$line" >"$work/$t.summary"
}

# FUZZ_PARALLEL targets at a time, each one's report printed whole when it ends.
running=0
for t in "${targets[@]}"; do
  if ((running >= ${FUZZ_PARALLEL:-1})); then
    wait -n || true
    running=$((running - 1))
  fi
  { run_target "$t" >"$work/$t.report" 2>&1 || true; cat "$work/$t.report"; } &
  running=$((running + 1))
done
wait
failed=()
summary=()
for t in "${targets[@]}"; do
  summary+=("$(cat "$work/$t.summary")")
  if [[ -f $work/$t.failed ]]; then failed+=("$t"); fi
done

echo
echo "== summary (${seconds} s per target; logs in ${build#"$root"/}/artifacts/)"
printf '%s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "all targets clean"
