#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/python_boundary.py: what a URI costs across the Python boundary.

    PYTHONPATH=BUILD/python/package /usr/bin/python3 bench/python_boundary.py
        [--input FILE | --lines N] [--reps R] [--ftpuri-check BIN] [--dask] [--write-doc MD]

On one input, the lines of FILE as ftpuri-check reads them, blank and comment lines left out
(default: bench/mixed_uris.py's N = 1,000,000 lines, seed 19, generated into a temporary
directory; 900,125 of them are URIs to check), times per URI, wall clock, median of R runs
(default 5), the runs of the ways interleaved so that a slow phase of a shared machine hits all:

  (a) ftpuri.validate_many(uris): one call for the list, the GIL released inside
      ftpuri.check_many and ftpuri.canonicalize_many likewise (what examples/dask/ calls)
  (b) for u in uris: ftpuri.validate(u): one call per URI from a Python loop
      for u in uris: len(u): the same loop calling a builtin, the floor of any call per URI
  (c) ftpuri-check --quiet -f FILE, a subprocess (both cores, and -j 1), wall time divided by
      the URIs it checked; and ftpuri-check --fix reading FILE on stdin, as a pipe stage
  --dask: validate_corpus.py on a LocalCluster of 2 worker processes (R runs; its own timing
      of the job, without the cluster's start, and the whole command)

The module's overhead per call is (b) - (a). The URIs are bytes (as files are read); before
timing, validate_many's verdicts must equal validate's and ftpuri-check's count of valid lines.
--write-doc MD replaces (or appends) the section "Across the Python boundary" of MD
(docs/benchmarks.md), between the markers that bench/report.py keeps when it rewrites the page.
"""
import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
BEGIN = "<!-- begin: bench/python_boundary.py -->"
END = "<!-- end: bench/python_boundary.py -->"

sys.path.insert(0, HERE)
import mixed_uris  # noqa: E402 (found beside this file)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def default_cli():
    if os.environ.get("FTPURI_CHECK"):
        return os.environ["FTPURI_CHECK"]
    for build in ("build/gcc", "build/release", "build"):
        path = os.path.join(SOURCE, build, "src/cli/ftpuri-check")
        if os.access(path, os.X_OK):
            return path
    return "ftpuri-check"


def timed(f):
    started = time.perf_counter()
    f()
    return time.perf_counter() - started


def fmt_ns(ns):
    return f"{ns / 1000:.2f} µs" if ns >= 10_000 else f"{ns:.0f} ns"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", help="a file of URIs (default: bench/mixed_uris.py's N lines)")
    ap.add_argument("--lines", type=int, default=1_000_000, help="N without --input (default 1000000)")
    ap.add_argument("--reps", type=int, default=5, help="runs of each way (default 5)")
    ap.add_argument("--ftpuri-check", default=default_cli(), help="the binary (default build/gcc's, or $FTPURI_CHECK)")
    ap.add_argument("--dask", action="store_true", help="also time examples/dask/validate_corpus.py (R runs)")
    ap.add_argument("--write-doc", metavar="MD", help="write the section into MD (docs/benchmarks.md)")
    args = ap.parse_args()

    import ftpuri

    tmp = tempfile.TemporaryDirectory(prefix="ftpuri-python-bench.")
    if args.input:
        path = args.input
        described = f"`{args.input}`"
    else:
        path = os.path.join(tmp.name, "mixed.txt")
        mixed_uris.write(args.lines, path)
        described = f"`bench/mixed_uris.py {args.lines}` (seed 19)"
    with open(path, "rb") as f:
        data = f.read()
    uris = [line for line in mixed_uris.cli_lines(data) if not mixed_uris.is_skipped(line)]
    n = len(uris)

    # A fast wrong answer measures nothing.
    verdicts = ftpuri.validate_many(uris)
    if verdicts != [ftpuri.validate(u) for u in uris]:
        sys.exit("python_boundary: validate_many and validate disagree")
    stats = subprocess.run([args.ftpuri_check, "--stats", "--quiet", "-f", path], capture_output=True)
    m = re.search(rb"stats: (\d+) inputs?, (\d+) valid", stats.stderr)
    if not m or int(m.group(1)) != n or int(m.group(2)) != sum(verdicts):
        sys.exit(f"python_boundary: ftpuri-check counts {m and m.groups()}, the module {n} inputs, "
                 f"{sum(verdicts)} valid")

    validate = ftpuri.validate

    def per_call():
        for u in uris:
            validate(u)

    def builtin_loop():
        for u in uris:
            len(u)

    def cli(*extra):
        def run():
            subprocess.run([args.ftpuri_check, "--quiet", *extra, "-f", path], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
        return run

    def pipe_stage():
        # As a pipe stage: stdin to stdout, the canonical forms out, the diagnostics on stderr.
        with open(path, "rb") as f:
            subprocess.run([args.ftpuri_check, "--fix"], stdin=f, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)

    ways = [
        ("a", "`ftpuri.validate_many(uris)`", lambda: ftpuri.validate_many(uris)),
        ("", "`ftpuri.check_many(uris)`", lambda: ftpuri.check_many(uris)),
        ("", "`ftpuri.canonicalize_many(uris)`", lambda: ftpuri.canonicalize_many(uris)),
        ("b", "`for u in uris: ftpuri.validate(u)`", per_call),
        ("", "`for u in uris: len(u)` (the loop and a call, nothing else)", builtin_loop),
        ("c", "`ftpuri-check --quiet -f FILE` (both cores)", cli()),
        ("", "`ftpuri-check --quiet -j 1 -f FILE` (one core)", cli("-j", "1")),
        ("", "`ftpuri-check --fix < FILE > /dev/null 2>&1` (a pipe stage; both cores)", pipe_stage),
    ]
    runs = {label: [] for _, label, _ in ways}
    for _ in range(args.reps):
        for _, label, f in ways:
            runs[label].append(timed(f) / n * 1e9)

    dask_rows = []
    if args.dask:
        job, whole = [], []
        for _ in range(args.reps):
            out = os.path.join(tmp.name, "dask-out")
            started = time.perf_counter()
            r = subprocess.run([sys.executable, os.path.join(SOURCE, "examples/dask/validate_corpus.py"),
                                "--workers", "2", "--output", out, path], capture_output=True, text=True)
            whole.append((time.perf_counter() - started) / n * 1e9)
            m = re.search(r"\) in ([0-9.]+) s \(", r.stdout)
            if r.returncode not in (0, 1) or not m:
                sys.exit(f"python_boundary: validate_corpus.py failed:\n{r.stdout}{r.stderr}")
            job.append(float(m.group(1)) / n * 1e9)
        dask_rows = [("`validate_corpus.py --workers 2`: the job (check_many, canonicalize_many, writing)", job),
                     ("`validate_corpus.py --workers 2`: the whole command (Python, the cluster's start)", whole)]

    def row(label, values):
        med = statistics.median(values)
        spread = (max(values) - min(values)) / med if med else 0.0
        return med, spread

    table = ["| way | per URI | spread |", "|---|---:|---:|"]
    medians = {}
    for key, label, _ in ways:
        med, spread = row(label, runs[label])
        medians[key or label] = med
        table.append(f"| {f'({key}) ' if key else ''}{label} | {fmt_ns(med)} | {spread:.0%} |")
    for label, values in dask_rows:
        med, spread = row(label, values)
        table.append(f"| {label} | {fmt_ns(med)} | {spread:.0%} |")
    overhead = medians["b"] - medians["a"]

    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"] * 3
    commit = subprocess.run(["git", "-C", SOURCE, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "?"
    if subprocess.run(["git", "-C", SOURCE, "status", "--porcelain"], capture_output=True, text=True).stdout:
        commit += " with uncommitted changes"
    command = "PYTHONPATH=BUILD/python/package /usr/bin/python3 bench/python_boundary.py" + \
        (" --dask" if args.dask else "") + (f" --input {args.input}" if args.input else "") + \
        (f" --reps {args.reps}" if args.reps != 5 else "")
    machine = (f"`nproc` {os.cpu_count()}, {cpu_model()}, {platform.system()} {platform.release()}, "
               f"load average {' '.join(load)} at the end (the cores are shared with fuzzers)")
    def shown(where):
        where = os.path.abspath(where)
        return os.path.relpath(where, SOURCE) if where.startswith(SOURCE + os.sep) else where

    software = (f"Python {platform.python_version()} ({sys.executable}), ftpuri {ftpuri.__version__} "
                f"({shown(os.path.dirname(ftpuri.__file__))}), ftpuri-check {shown(args.ftpuri_check)}, "
                f"commit {commit}, "
                f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")

    section = [
        BEGIN,
        "## Across the Python boundary",
        "",
        f"`{command}`: per URI, the median of {args.reps} runs (wall clock; the ways interleaved), on "
        f"{described}, the {n:,} lines ftpuri-check checks (blank and comment lines left out), as bytes. "
        "Spread is (slowest - fastest) / median.",
        "",
        *table,
        "",
        f"**The module's overhead per call, (b) - (a): {fmt_ns(overhead)} per URI** "
        f"({medians['b'] / medians['a']:.1f}x the batch). The batch functions cross the boundary once "
        "per list and release the GIL for it; a call per URI pays the interpreter's call, the argument's "
        "conversion and the GIL's release and reacquisition each time. `check_many` makes a tuple, a "
        "list and a `Diagnostic` per finding for each URI, and reports every finding where `validate` "
        "stops at the first error: most of its time is building those objects (with the cyclic GC paused "
        "meanwhile: they hold no cycle, and its passes over them tripled the cost). `ftpuri-check` reads the file "
        "itself on both cores (or one, `-j 1`).",
        "",
        f"Machine: {machine}. Software: {software}.",
        END,
    ]
    text = "\n".join(section) + "\n"
    print(text)
    if args.write_doc:
        with open(args.write_doc) as f:
            page = f.read()
        if BEGIN in page and END in page:
            page = page[:page.index(BEGIN)] + text + page[page.index(END) + len(END) + 1:]
        else:
            page = page.rstrip("\n") + "\n\n" + text
        with open(args.write_doc, "w") as f:
            f.write(page)
        print(f"python_boundary: wrote the section into {args.write_doc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
