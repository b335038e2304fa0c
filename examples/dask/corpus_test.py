#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The Dask example held to ftpuri-check on the same file (ctest example.dask, labels python and
dask).

    corpus_test.py --ftpuri-check BIN --work DIR [--lines N] [--blocksize SIZE]

Generates DIR/mixed.txt (bench/mixed_uris.py: N lines, default 1,000,000, seed 19: valid lines,
warnings, every family of error, passwords, escapes, bytes that are not UTF-8, blank and comment
lines, CRLF endings, lines over the 64 KiB limit, a last line without newline), runs
validate_corpus.py on it on a LocalCluster of two worker processes, runs ftpuri-check on it
three times (--stats --quiet, --format=json, --fix), and fails unless:

- the totals (checked, valid, invalid, skipped) and the count of every diagnostic id are those
  of ftpuri-check --stats;
- the invalid lines the job wrote, its partitions concatenated in order, are byte for byte the
  lines ftpuri-check's JSON Lines report invalid, in the same order, with the same line numbers
  and the same diagnostics (id, severity, offset, length, message, hint);
- the canonical forms it wrote, concatenated, are byte for byte ftpuri-check --fix's output;
- the file was cut into more than 10 partitions (so that their names must sort by number),
  both workers checked some, and each partition's first line follows the one before.

Then the same on two files cut from it, named by one glob, in the lenient profile: line numbers
start again in each file, the files in the glob's sorted order.

The lines are taken from the file by the numbers ftpuri-check gives, split as it splits them;
where its JSON shows a line unredacted and UTF-8, the line taken must be that text, which holds
the split to the CLI's own. Exits 77 (skipped) when dask, distributed or ftpuri cannot be
imported, unless CI is set in the environment, where that is a failure.
"""
import argparse
import base64
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(SOURCE, "bench"))
import mixed_uris  # noqa: E402 (bench/: the file's generator, and its reader as ftpuri-check reads)
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)
    return condition


def ci():
    return os.environ.get("CI", "") not in ("", "0", "false", "False", "FALSE", "no", "No", "NO")


def parse_stats(stderr):
    """ftpuri-check --stats: the totals line and the count of each id."""
    totals = None
    ids = {}
    for line in stderr.decode().splitlines():
        m = re.fullmatch(r"ftpuri-check: stats: (\d+) inputs?, (\d+) valid, (\d+) invalid, (\d+) skipped .*", line)
        if m:
            totals = dict(zip(("checked", "valid", "invalid", "skipped"), map(int, m.groups())))
            continue
        m = re.fullmatch(r"ftpuri-check: stats: ([a-z0-9-]+(?:\.[a-z0-9-]+)+) (\d+)", line)
        if m:
            ids[m.group(1)] = int(m.group(2))
    return totals, ids


@functools.lru_cache(maxsize=None)
def realpath(path):
    return os.path.realpath(path)


def run(command, **kwargs):
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, **kwargs)
    return result, time.perf_counter() - started


def diagnostics_of(record):
    return [(d["id"], d["severity"], d["offset"], d["length"], d["message"], d["hint"]) for d in record["diagnostics"]]


def compare(name, ftpuri_check, files, job_inputs, out, blocksize, profile, timings):
    """Runs the job on job_inputs (the files, or a glob of them) and ftpuri-check on `files` in
    `profile`, and compares; returns the job's counts.json, ftpuri-check's totals and ids."""
    lines = {}  # realpath -> the file's lines as ftpuri-check reads them
    for path in files:
        with open(path, "rb") as f:
            lines[realpath(path)] = mixed_uris.cli_lines(f.read())

    job, timings[f"{name}: dask job"] = run([sys.executable, os.path.join(HERE, "validate_corpus.py"),
                                             "--workers", "2", "--blocksize", blocksize, "--output", out,
                                             "--profile", profile,
                                             *job_inputs])
    sys.stdout.write(job.stdout.decode(errors="replace"))
    sys.stderr.write(job.stderr.decode(errors="replace")[-4000:])
    if not check(job.returncode == 1, f"{name}: validate_corpus.py exited {job.returncode}, not 1 (some lines are invalid)"):
        return None
    with open(os.path.join(out, "counts.json")) as f:
        counts = json.load(f)

    # ftpuri-check, three ways.
    # --whole-line: each line is one URI, as check_many() takes it (no comments or fields).
    inputs = ["--profile", profile, "--whole-line"] + [arg for path in files for arg in ("-f", path)]
    stats, timings[f"{name}: ftpuri-check --stats --quiet"] = run([ftpuri_check, "--stats", "--quiet", *inputs])
    check(stats.returncode == 1 and stats.stdout == b"", f"{name}: --stats --quiet exited {stats.returncode}")
    totals, ids = parse_stats(stats.stderr)
    if not check(totals is not None, f"{name}: no totals line in --stats"):
        return None
    report, timings[f"{name}: ftpuri-check --format=json"] = run([ftpuri_check, "--format=json", *inputs])
    check(report.returncode == 1, f"{name}: --format=json exited {report.returncode}")
    fix, timings[f"{name}: ftpuri-check --fix"] = run([ftpuri_check, "--fix", *inputs])
    check(fix.returncode == 1, f"{name}: --fix exited {fix.returncode}")

    # 1. Totals and per-id counts.
    job_totals = {key: counts[key] for key in ("checked", "valid", "invalid", "skipped")}
    check(job_totals == totals, f"{name}: totals: the job {job_totals}, ftpuri-check {totals}")
    n_lines = sum(map(len, lines.values()))
    check(counts["lines"] == n_lines, f"{name}: the job counted {counts['lines']} lines, the files have {n_lines}")
    if counts["ids"] != ids:
        differ = sorted(k for k in set(ids) | set(counts["ids"]) if ids.get(k) != counts["ids"].get(k))
        check(False, f"{name}: per-id counts differ: " + ", ".join(
            f"{k}: job {counts['ids'].get(k, 0)}, ftpuri-check {ids.get(k, 0)}" for k in differ[:10]))

    # 2. The invalid lines, in order, byte for byte, with their files, numbers and diagnostics.
    started = time.perf_counter()
    expected = []  # (file, line number, diagnostics) of ftpuri-check's invalid records
    records = 0
    shown_as_is = 0
    for raw in report.stdout.splitlines():
        records += 1
        # Inside a JSON string a '"' is escaped, so this is the key and its value, nothing else.
        if b'"valid":false' not in raw:
            continue
        r = json.loads(raw)
        file = realpath(r["file"])
        expected.append((file, r["line"], diagnostics_of(r)))
        line = lines[file][r["line"] - 1]
        # Where the JSON shows the input as it is, the line this test took must be it.
        if "****" not in r["input"] and "\ufffd" not in r["input"] and len(line) <= 65536:
            shown_as_is += 1
            if line != r["input"].encode():
                check(False, f"{name}: line {r['line']}: the test's split gives {line!r}, ftpuri-check read {r['input']!r}")
    check(records == totals["checked"], f"{name}: {records} JSON records for {totals['checked']} inputs")
    check(shown_as_is > len(expected) // 2, f"{name}: only {shown_as_is} invalid lines cross-checked with the JSON input")

    got = []
    exact = []
    non_utf8 = 0
    for part in sorted(os.listdir(os.path.join(out, "invalid"))):
        with open(os.path.join(out, "invalid", part), "rb") as f:
            for raw in f:
                r = json.loads(raw)
                if "input_base64" in r:
                    non_utf8 += 1
                    exact.append(base64.b64decode(r["input_base64"]))
                else:
                    exact.append(r["input"].encode())
                got.append((realpath(r["file"]), r["line"], diagnostics_of(r)))
    check(non_utf8 > 0, f"{name}: no invalid line that is not UTF-8 in the job's output")
    check(len(got) == len(expected), f"{name}: the job wrote {len(got)} invalid lines, ftpuri-check reports {len(expected)}")
    for i, (g, e) in enumerate(zip(got, expected)):
        if g != e:
            check(False, f"{name}: invalid record {i}: the job {g}, ftpuri-check {e}")
            break
    wanted = [lines[file][number - 1] for file, number, _ in expected]
    for i, (g, e) in enumerate(zip(exact, wanted)):
        if g != e:
            check(False, f"{name}: invalid line {i} ({expected[i][0]}:{expected[i][1]}): the job wrote {g[:100]!r}, "
                  f"the file has {e[:100]!r}")
            break
    check(b"".join(g + b"\n" for g in exact) == b"".join(e + b"\n" for e in wanted),
          f"{name}: the invalid lines, concatenated, differ from the files'")
    timings[f"{name}: comparing"] = time.perf_counter() - started

    # 3. The canonical forms: the partitions concatenated are --fix's output.
    canonical = b""
    for part in sorted(os.listdir(os.path.join(out, "canonical"))):
        with open(os.path.join(out, "canonical", part), "rb") as f:
            canonical += f.read()
    forms = canonical.count(b"\n")
    check(forms == totals["valid"], f"{name}: {forms} canonical forms for {totals['valid']} valid lines")
    check(canonical == fix.stdout, f"{name}: the canonical forms differ from ftpuri-check --fix's output "
          f"({len(canonical)} and {len(fix.stdout)} bytes)")

    # 4. The partitions: in order, on both workers, each starting where the one before ended in
    # its file, the first of each file at line 1.
    parts = counts["partitions"]
    check(len({p["worker"] for p in parts}) == 2, f"{name}: workers used: {sorted({p['worker'] for p in parts})}")
    check([p["index"] for p in parts] == list(range(len(parts))), f"{name}: partitions out of order")
    check([realpath(p) for p in counts["files"]] == list(lines), f"{name}: files {list(counts['files'])}")
    for before, after in zip([None] + parts, parts):
        first = 1 if before is None or before["file"] != after["file"] else before["first_line"] + before["lines"]
        check(after["first_line"] == first, f"{name}: partition {after['index']} begins at line {after['first_line']}")
    return counts, totals, ids


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ftpuri-check", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--blocksize", default="2MiB")
    args = parser.parse_args()

    try:
        import dask.bag  # noqa: F401
        import distributed  # noqa: F401
        import ftpuri  # noqa: F401
    except ImportError as e:
        print(f"corpus_test: {e}", file=sys.stderr)
        if ci():
            print("corpus_test: CI is set: dask, distributed and the module must be importable "
                  "(scripts/install-deps.sh installs python3-dask and python3-distributed)", file=sys.stderr)
            return 1
        return 77

    os.makedirs(args.work, exist_ok=True)
    corpus = os.path.join(args.work, "mixed.txt")
    timings = {}

    started = time.perf_counter()
    mixed_uris.write(args.lines, corpus)
    timings["generate"] = time.perf_counter() - started
    with open(corpus, "rb") as f:
        data = f.read()
    check(len(mixed_uris.cli_lines(data)) == args.lines, f"the generated file does not have {args.lines} lines")

    # The big file, cut into byte ranges.
    result = compare("one file", args.ftpuri_check, [corpus], [corpus], os.path.join(args.work, "out"),
                     args.blocksize, "strict", timings)
    if result:
        counts, totals, ids = result
        # Not a vacuous comparison: the file has what it is meant to have.
        check(totals["invalid"] > args.lines // 10 and totals["skipped"] > args.lines // 20,
              f"too few invalid or skipped lines: {totals}")
        check(len(ids) >= 50, f"only {len(ids)} ids reported on the file")
        check(len(counts["partitions"]) > 10, f"only {len(counts['partitions'])} partitions")

    # Two files named by a glob, in the lenient profile (its repairs, IDNA hosts): line numbers
    # start again at 1 in each file; the glob's matches in sorted order. Cut from the big file's
    # first lines, the second one with its last line.
    small = os.path.join(args.work, "glob")
    os.makedirs(small, exist_ok=True)
    cut = data.index(b"\n", len(data) // 20) + 1
    names = [os.path.join(small, "urls-1.txt"), os.path.join(small, "urls-2.txt")]
    with open(names[0], "wb") as f:
        f.write(data[:cut])
    with open(names[1], "wb") as f:
        f.write(data[cut:2 * cut] + data[data.rindex(b"\n") + 1:])
    result = compare("glob", args.ftpuri_check, names, [os.path.join(small, "urls-*.txt")],
                     os.path.join(args.work, "out-glob"), "256KiB", "lenient", timings)
    if result:
        check(len({p["file"] for p in result[0]["partitions"]}) == 2, "glob: not two files")

    for what, seconds in timings.items():
        print(f"corpus_test: {what}: {seconds:.2f} s")
    if failures:
        print(f"corpus_test: {len(failures)} failure(s); the files are in {args.work}", file=sys.stderr)
        return 1
    print(f"corpus_test: {args.lines} lines: the job agrees with ftpuri-check")
    # 175 MB of input and output: kept after a failure, to look at; removed after a success.
    shutil.rmtree(args.work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
