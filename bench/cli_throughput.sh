#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/cli_throughput.sh: ftpuri-check's throughput on a million lines of what the world sends,
# beside `wc -l` on the same file: reading the bytes is the floor, and the ratio to it is what
# stays comparable from one machine to another. Three modes are timed: --quiet (the verdicts
# alone), --format=json (a record per line) and --fix (the canonical form of each line), their
# outputs to /dev/null, so the ratios count the work, not a disk.
#
#     bench/cli_throughput.sh [N_URIS [REPS]]     # defaults: 1000000 URIs, 7 repetitions
#     bench/cli_throughput.sh --smoke             # 20000 URIs, 1 repetition: a quick check
#
# Environment:
#     FTPURI_CHECK       the binary (default: the first of build/gcc, build-bench2, build, ...)
#     FTPURI_CHECK_ARGS  extra arguments for it, split on spaces (e.g. "-j 1")
#     GEN_URIS           a built bench/gen_uris.cpp (default: target ftpuri_gen_uris beside the
#                        binary, else one compiled with ${CXX:-c++} into the temporary directory)
#     TMPDIR             where the URI file goes (it is deleted at the end)
#
# The file is `gen_uris --world`'s (deterministic: bench/world_corpora.hpp's mix, with its
# realistic shares of warnings, escaped UTF-8 and invalid lines), generated into a temporary
# directory and read once before timing, so every command reads it from the page cache; then the
# commands run in turn, REPS times each, so that a slow phase of the shared machine hits all of
# them, and the medians are compared. Before timing, ftpuri-check's summary must count every line
# and find the mix's invalid share (5 to 9%), --format=json must write a record per line with as
# many invalid as the summary counts, --fix a line per valid line, and wc -l N lines: a
# fast wrong answer measures nothing. The invalid lines make ftpuri-check exit 1, as it must.
set -euo pipefail
export LC_ALL=C # EPOCHREALTIME's decimal point, awk's number formatting

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(dirname "$script_dir")

usage() {
    echo "usage: $0 [N_URIS [REPS]] | --smoke" >&2
    exit 2
}

if [[ ${1-} == --smoke ]]; then
    [[ $# -eq 1 ]] || usage
    set -- 20000 1
fi
[[ $# -le 2 ]] || usage
n_uris=${1:-1000000}
reps=${2:-7}
[[ $n_uris =~ ^[1-9][0-9]*$ && $reps =~ ^[1-9][0-9]*$ ]] || usage

find_binary() {
    if [[ -n ${FTPURI_CHECK-} ]]; then
        echo "$FTPURI_CHECK"
        return
    fi
    local candidate
    for candidate in build/gcc build-bench2 build/release build/bench build; do
        if [[ -x $source_dir/$candidate/src/cli/ftpuri-check ]]; then
            echo "$source_dir/$candidate/src/cli/ftpuri-check"
            return
        fi
    done
    echo "cli_throughput.sh: no ftpuri-check found; build it or set FTPURI_CHECK" >&2
    exit 2
}
bin=$(find_binary)
[[ -x $bin ]] || { echo "cli_throughput.sh: $bin is not an executable" >&2; exit 2; }
read -r -a extra_args <<<"${FTPURI_CHECK_ARGS-}"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ftpuri-cli-bench.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT
file=$tmp/uris.txt

gen=${GEN_URIS-}
if [[ -z $gen ]]; then
    # The one CMake built beside the binary (target ftpuri_gen_uris), unless its sources changed.
    build_dir=$(dirname "$(dirname "$(dirname "$bin")")")
    for candidate in "$build_dir/tests/ftpuri_gen_uris" "$build_dir/bench/ftpuri_gen_uris"; do
        if [[ -x $candidate && $candidate -nt $script_dir/gen_uris.cpp && $candidate -nt $script_dir/gen_uris.hpp ]]; then
            gen=$candidate
            break
        fi
    done
fi
if [[ -z $gen ]]; then
    gen=$tmp/gen_uris
    "${CXX:-c++}" -std=c++20 -O2 -o "$gen" "$script_dir/gen_uris.cpp"
fi
"$gen" --world "$n_uris" >"$file"

# The commands, exactly as timed (their output goes to /dev/null): one per mode, then wc.
modes=(--quiet --format=json --fix)
mode_cmd() { cmd=("$bin" "$1" "${extra_args[@]}" -f "$file"); }
wc_cmd=(wc -l "$file")

# Verify: the summary counts every line and the mix's invalid share; the JSON records and the
# fixed lines agree with it.
status=0
"$bin" "${extra_args[@]}" -f "$file" >"$tmp/check.out" 2>&1 || status=$?
summary=$(tail -n 1 "$tmp/check.out")
summary_pattern="^ftpuri-check: $n_uris inputs, ([0-9]+) invalid;"
if [[ $status -ne 1 || ! $summary =~ $summary_pattern ]]; then
    echo "cli_throughput.sh: ftpuri-check exited $status on the generated file (1 expected); its last lines:" >&2
    tail -n 20 "$tmp/check.out" >&2
    exit 1
fi
invalid=${BASH_REMATCH[1]}
if ((invalid * 100 < n_uris * 5 || invalid * 100 > n_uris * 9)); then
    echo "cli_throughput.sh: $invalid of $n_uris lines invalid, not the mix's 5 to 9%" >&2
    exit 1
fi
"$bin" --format=json "${extra_args[@]}" -f "$file" >"$tmp/check.json" 2>/dev/null || true
records=$(grep -c '"valid":' "$tmp/check.json" || true)
invalid_records=$(grep -c '"valid":false' "$tmp/check.json" || true)
if [[ $records != "$n_uris" || $invalid_records != "$invalid" ]]; then
    echo "cli_throughput.sh: ftpuri-check --format=json wrote $records records, $invalid_records invalid," \
        "not $n_uris and $invalid" >&2
    exit 1
fi
rm -f "$tmp/check.json"
# --fix prints the canonical form of each valid line and nothing for an invalid one.
fixed=$("$bin" --fix "${extra_args[@]}" -f "$file" 2>/dev/null | wc -l || true)
if [[ $fixed != "$((n_uris - invalid))" ]]; then
    echo "cli_throughput.sh: ftpuri-check --fix wrote $fixed lines, not $((n_uris - invalid))" >&2
    exit 1
fi
lines=$("${wc_cmd[@]}")
lines=${lines%% *}
if [[ $lines != "$n_uris" ]]; then
    echo "cli_throughput.sh: wc -l counted $lines lines, not $n_uris" >&2
    exit 1
fi
bytes=$(wc -c <"$file")

# Warm up: the file into the page cache, both binaries and their libraries into memory.
cat "$file" >/dev/null
for mode in "${modes[@]}"; do
    mode_cmd "$mode"
    "${cmd[@]}" >/dev/null 2>&1 || true # 1: the invalid lines
done
"${wc_cmd[@]}" >/dev/null

# Microseconds now, from bash's own clock: no process is started to read it, which `date` would
# add to every measurement (about a millisecond here, a tenth of wc's whole run).
now_us() {
    local t=$EPOCHREALTIME
    echo $((10#${t%.*}${t#*.}))
}

declare -A mode_us # mode -> its run times, space-separated
wc_us=()
for ((rep = 0; rep < reps; rep++)); do
    for mode in "${modes[@]}"; do
        mode_cmd "$mode"
        start=$(now_us)
        run_status=0
        "${cmd[@]}" >/dev/null 2>&1 || run_status=$?
        end=$(now_us)
        # 1: the mix's invalid lines; anything else is a failure.
        [[ $run_status -eq 1 ]] || { echo "cli_throughput.sh: ftpuri-check $mode exited $run_status while timed" >&2; exit 1; }
        mode_us[$mode]+="$((end - start)) "
    done
    start=$(now_us)
    "${wc_cmd[@]}" >/dev/null
    end=$(now_us)
    wc_us+=($((end - start)))
done

median() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
wc_median=$(median "${wc_us[@]}")
ms_list() { printf '%s\n' "$@" | awk '{ printf "%s%.3f", (NR > 1 ? " " : ""), $1 / 1000 }'; }

cpu=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
echo "ftpuri-check throughput: $n_uris URIs ($invalid invalid, gen_uris --world), $bytes bytes ($(awk -v b="$bytes" -v n="$n_uris" 'BEGIN { printf "%.1f", b / n }') bytes per line), $reps repetitions, medians"
echo "machine: nproc=$(nproc), cpu=${cpu:-unknown}, $(uname -sr)"
echo "binary: $bin ($("$bin" --version 2>/dev/null || echo 'no --version'))"
for mode in "${modes[@]}"; do
    mode_cmd "$mode"
    echo "command: ${cmd[*]}"
done
echo "command: ${wc_cmd[*]}"
for mode in "${modes[@]}"; do
    read -r -a runs <<<"${mode_us[$mode]}"
    echo "all ftpuri-check $mode runs (ms): $(ms_list "${runs[@]}")"
done
echo "all wc -l runs (ms): $(ms_list "${wc_us[@]}")"
for mode in "${modes[@]}"; do
    read -r -a runs <<<"${mode_us[$mode]}"
    awk -v m="$mode" -v c="$(median "${runs[@]}")" -v n="$n_uris" -v b="$bytes" 'BEGIN {
        printf "ftpuri-check %s: %.3f ms median, %.0f URIs/s, %.1f MB/s\n", m, c / 1000, n / (c / 1e6), b / c
    }'
done
awk -v w="$wc_median" -v b="$bytes" 'BEGIN { printf "wc -l: %.3f ms median, %.1f MB/s\n", w / 1000, b / w }'
# The ratios last, one line each (tests/CMakeLists.txt's cli_bench.smoke and bench/run.sh read them).
for mode in "${modes[@]}"; do
    read -r -a runs <<<"${mode_us[$mode]}"
    # w is at least 1: a microsecond clock and a process start.
    awk -v m="$mode" -v c="$(median "${runs[@]}")" -v w="$wc_median" \
        'BEGIN { printf "ratio ftpuri-check %s/wc: %.2f\n", m, c / (w > 0 ? w : 1) }'
done
