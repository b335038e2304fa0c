#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/run.sh: builds the benchmarks, runs them once, and writes docs/benchmarks.md (the tables,
# the targets checked one by one) and docs/benchmarks.svg (the chart of the corpora and the probe
# rows).
#
#     bash bench/run.sh            # about 10 minutes on the project's 2-core VM, builds included
#
# Steps: a Release build of bench/hot_path_bench.cpp (with the RE2 regex the oracle generates
# from docs/grammar.abnf) in one build directory and of ftpuri-check in another; one run of the
# benchmark, pinned to one core, every benchmark repeated and the repetitions interleaved at
# random, so that a slow phase of the shared machine falls on all of them alike; bench/cli_throughput.sh; then
# bench/report.py writes the page and gnuplot (bench/benchmarks.gp) the chart. The raw results
# stay in the build directory (benchmarks.json, benchmarks.stderr, cli_throughput.txt).
#
# Environment [default]:
#     FTPURI_BENCH_DIR         the benchmark's build directory [build/bench-run]
#     FTPURI_BENCH_CLI_DIR     ftpuri-check's build directory [build/bench-run-cli]
#     FTPURI_BENCH_REPS        repetitions of each benchmark [5]
#     FTPURI_BENCH_MIN_TIME    seconds of each repetition, at least [0.25]
#     FTPURI_BENCH_FILTER      a --benchmark_filter regex, for trying things out [every benchmark];
#                              keep each corpus's read_* loops, which its ratios divide by
#     FTPURI_BENCH_CPU         the core the benchmark is pinned to, with taskset [1]; empty: none
#     FTPURI_BENCH_SKIP_CLI    1: neither build ftpuri-check nor run cli_throughput.sh [0]
#     FTPURI_BENCH_CLI_URIS    cli_throughput.sh's N_URIS [1000000]
#     FTPURI_BENCH_CLI_REPS    cli_throughput.sh's REPS [7]
#     CXX                      the compiler of a build directory's first configure [c++: GCC 12]
#
# Exit status: 0 when the page is written, whatever the targets say (it is a report); nonzero
# when a tool is missing, a build fails, or a benchmark finds a wrong answer before timing.
set -euo pipefail
export LC_ALL=C

cd "$(dirname "${BASH_SOURCE[0]}")/.."
started=$SECONDS

for tool in cmake python3 gnuplot; do
    if ! command -v "$tool" >/dev/null; then
        echo "run.sh: $tool not found; scripts/install-deps.sh installs it" >&2
        exit 2
    fi
done

bench_dir=${FTPURI_BENCH_DIR:-build/bench-run}
cli_dir=${FTPURI_BENCH_CLI_DIR:-build/bench-run-cli}
reps=${FTPURI_BENCH_REPS:-5}
min_time=${FTPURI_BENCH_MIN_TIME:-0.25}
filter=${FTPURI_BENCH_FILTER-}
skip_cli=${FTPURI_BENCH_SKIP_CLI:-0}
cli_uris=${FTPURI_BENCH_CLI_URIS:-1000000}
cli_reps=${FTPURI_BENCH_CLI_REPS:-7}
cpu=${FTPURI_BENCH_CPU-1}
if ! [[ $reps =~ ^[1-9][0-9]*$ && $min_time =~ ^[0-9]*\.?[0-9]+$ ]]; then
    echo "run.sh: FTPURI_BENCH_REPS must be a count and FTPURI_BENCH_MIN_TIME a number of seconds" >&2
    exit 2
fi

# build DIR LOG TARGET... -- CMAKE_ARGS...: configure (Ninja on a first configure, when there is
# one) and build, the output in LOG, shown only when something fails.
build() {
    local dir=$1 log=$2
    shift 2
    local targets=()
    while [[ $1 != -- ]]; do
        targets+=("$1")
        shift
    done
    shift
    local generator=()
    [[ ! -f $dir/CMakeCache.txt ]] && command -v ninja >/dev/null && generator=(-G Ninja)
    # ccache, where there is one: a rebuild after a small change takes seconds.
    local launcher=()
    command -v ccache >/dev/null &&
        launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
    echo "run.sh: building ${targets[*]} in $dir"
    if ! { cmake -S . -B "$dir" "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release -DFTPURI_BUILD_TESTS=OFF \
        -DFTPURI_BUILD_PROPS=OFF "$@" &&
        cmake --build "$dir" -j "$(nproc)" --target "${targets[@]}"; } >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "run.sh: the build in $dir failed (the whole log: $log)" >&2
        exit 1
    fi
}

mkdir -p "$bench_dir"
build "$bench_dir" "$bench_dir/run-build.log" ftpuri_bench ftpuri_gen_uris -- \
    -DFTPURI_BUILD_BENCH=ON -DFTPURI_BUILD_CLI=OFF
if [[ $skip_cli != 1 ]]; then
    mkdir -p "$cli_dir"
    build "$cli_dir" "$cli_dir/run-build.log" ftpuri-check -- -DFTPURI_BUILD_BENCH=OFF -DFTPURI_BUILD_CLI=ON
fi

# What the page says about the machine and the build, as "key: value" lines.
cache() { sed -n "s/^$1:[A-Z]*=//p" "$bench_dir/CMakeCache.txt"; }
cxx=$(cache CMAKE_CXX_COMPILER)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
# --no-optional-locks: status must not refresh the index (this script changes nothing in git).
if [[ -n $(git --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null) ]]; then
    commit+=" with uncommitted changes"
fi
versions=$(dpkg-query -W -f='${Package} ${Version}, ' libbenchmark-dev libre2-dev libboost-url1.81-dev \
    libcurl4-openssl-dev liburiparser-dev 2>/dev/null || true)
meta=$bench_dir/benchmarks-meta.txt
{
    echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1) (lscpu's model name)"
    echo "hypervisor: $(lscpu | sed -n 's/^Hypervisor vendor: *//p' | head -n 1 | grep . || echo none)"
    echo "cores: $(nproc), shared: other users' builds and tests may run beside the benchmark"
    if [[ -n $cpu ]]; then echo "pinned to: core $cpu (taskset)"; else echo "pinned to: no core"; fi
    echo "memory: $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
    echo "system: $(uname -sr), load average at the start $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "compiler: $("$cxx" --version | head -n 1)"
    echo "flags: $(echo "$(cache CMAKE_CXX_FLAGS) $(cache CMAKE_CXX_FLAGS_RELEASE)" | xargs) -std=c++20 (CMake Release)"
    echo "libraries: ${versions%, }"
    echo "commit: $commit"
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "benchmark: $reps repetitions of at least $min_time s each (the probe rows' 0.05 s), randomly interleaved${filter:+, filter $filter}"
} >"$meta"

# The "found" corpus: the ftp URLs of this machine's documentation (bench/found_urls.sh).
found=$bench_dir/found-urls.txt
bash bench/found_urls.sh >"$found"
echo "found: $(wc -l <"$found") ftp URLs in this machine's documentation (bench/found_urls.sh)" >>"$meta"

json=$bench_dir/benchmarks.json
log=$bench_dir/benchmarks.stderr
echo "run.sh: running $bench_dir/bench/ftpuri_bench ($reps repetitions; a few minutes)"
pin=()
if [[ -n $cpu ]]; then
    if ! command -v taskset >/dev/null; then
        echo "run.sh: taskset not found (util-linux); FTPURI_BENCH_CPU= runs unpinned" >&2
        exit 2
    fi
    pin=(taskset -c "$cpu")
fi
if ! FTPURI_BENCH_FOUND=$found "${pin[@]}" "$bench_dir/bench/ftpuri_bench" --benchmark_repetitions="$reps" --benchmark_min_time="$min_time" \
    --benchmark_enable_random_interleaving=true ${filter:+--benchmark_filter="$filter"} \
    --benchmark_format=json >"$json" 2>"$log"; then
    tail -n 20 "$log" >&2
    echo "run.sh: the benchmark failed (its stderr: $log)" >&2
    exit 1
fi

cli_args=()
if [[ $skip_cli != 1 ]]; then
    cli_out=$bench_dir/cli_throughput.txt
    echo "run.sh: running bench/cli_throughput.sh $cli_uris $cli_reps"
    FTPURI_CHECK=$cli_dir/src/cli/ftpuri-check GEN_URIS=$bench_dir/bench/ftpuri_gen_uris \
        bash bench/cli_throughput.sh "$cli_uris" "$cli_reps" >"$cli_out"
    cli_args=(--cli "$cli_out")
fi

chart_data=$bench_dir/benchmarks-chart.dat
summary=$(python3 bench/report.py --bench-json "$json" --bench-log "$log" --meta "$meta" "${cli_args[@]}" \
    --markdown docs/benchmarks.md --chart-data "$chart_data" --chart-image benchmarks.svg)
gnuplot -e "datafile='$chart_data'; outfile='docs/benchmarks.svg'" bench/benchmarks.gp

elapsed=$((SECONDS - started))
echo "run.sh: wrote docs/benchmarks.md and docs/benchmarks.svg in $((elapsed / 60)) min $((elapsed % 60)) s"
echo "run.sh: $summary"
