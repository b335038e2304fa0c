#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/report.py: docs/benchmarks.md from one run of ftpuri_bench (bench/run.sh calls it).

    report.py --bench-json RUN.json --bench-log RUN.stderr [--cli CLI.txt] --meta META.txt
              --markdown OUT.md --chart-data OUT.dat --chart-image NAME.svg

RUN.json is Google Benchmark's --benchmark_format=json output with every repetition; each
benchmark is named "<corpus>/<operation>" and carries the counters "uris" and "bytes" (and
"disagree" for a peer). Times are CPU times (the benchmark is single-threaded; CPU time leaves
out the moments the shared VM gave the core to someone else), and every number is the median of
the repetitions. RUN.stderr holds the benchmark's "disagree: ..." lines; CLI.txt is
bench/cli_throughput.sh's output; META.txt holds "key: value" lines about the machine and build.

Prints one summary line (the PASS/FAIL counts) on stdout. Exits 0 whatever the targets say: the
page is a report. Exits 1 when an input is missing or malformed.
"""

import argparse
import json
import re
import statistics
import sys
from collections import defaultdict

# The targets (issue 14), as ratios to reading the same bytes.
TYPICAL = ["short", "long", "mirror", "escaped", "realworld"]
LONG_PATHS = {"long", "escaped"}  # ~1 KB paths: validate at most 1.0x there
OPS = ["ftpuri_validate", "ftpuri_parse", "ftpuri_parse+canonicalize"]
OP_TARGET = {"ftpuri_validate": 1.5, "ftpuri_parse": 2.0, "ftpuri_parse+canonicalize": 3.0}
WORST_SHAPES = ["escapes", "slashes", "segments", "ipv6", "userinfo"]
WORST_PER_BYTE = 3.0  # a worst shape's ns per byte, against the mirror corpus's
LINEAR_RATIO = 2.0  # ns per byte at 64 KB over ns per byte at 64 B; linear is ~1, quadratic ~1000
CLI_TARGET = 10.0  # ftpuri-check --format=json and --fix, against wc -l

PEERS = ["re2_fullmatch", "boost_url_parse", "boost_url_normalize", "curl_url_set", "uriparser"]
LABEL = {
    "read_bytes": "reading the bytes (baseline)",
    "ftpuri_validate": "`ftpuri::validate`",
    "ftpuri_parse": "`ftpuri::parse`",
    "ftpuri_parse+canonicalize": "`parse` + `canonicalize_into`",
    "re2_fullmatch": "RE2 `FullMatch`, the grammar's regex",
    "boost_url_parse": "Boost.URL `parse_uri`",
    "boost_url_normalize": "Boost.URL `parse_uri` + `url::normalize`",
    "curl_url_set": "curl `curl_url_set`",
    "uriparser": "uriparser `uriParseSingleUriExA`",
}
SHORT = {"ftpuri_validate": "validate", "ftpuri_parse": "parse", "ftpuri_parse+canonicalize": "canonicalize"}
ABOUT = {
    "short": "The benchmark's first inputs: plain mirror URLs (no escape, userinfo or port).",
    "long": "A path of plain segments.",
    "mirror": "`bench/corpora.hpp`'s `mirror_urls`: mirror-list URLs with real lists' shares of userinfo, "
    "passwords, ports, needless, lowercase and UTF-8 escapes, `~`, empty segments and typecodes.",
    "escaped": "`bench/corpora.hpp`'s `escaped_paths`: ~1 KB paths with sub-delims and an escape every 30 to "
    "100 bytes.",
    "realworld": "`corpus/realworld.txt`'s URLs that the strict profile accepts.",
    "worst": "`bench/corpora.hpp`'s `worst_cases()` together: a path of nothing but `%XX`, one of nothing but "
    "`/`, the most segments, two long IPv6 literals, a 1 KB userinfo.",
}


def load_runs(path):
    """{corpus: {op: {"ns": median ns per iteration, "uris", "bytes", "disagree", "cv"}}}"""
    with open(path) as f:
        data = json.load(f)
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    times, rows = defaultdict(list), {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        times[b["run_name"]].append(b["cpu_time"] * scale[b["time_unit"]])
        rows[b["run_name"]] = b
    runs = defaultdict(dict)
    for name, ts in times.items():
        corpus, op = name.split("/", 1)
        b = rows[name]
        median = statistics.median(ts)
        runs[corpus][op] = {
            "ns": median,
            "uris": b["uris"],
            "bytes": b["bytes"],
            "disagree": b.get("disagree"),
            "spread": (max(ts) - min(ts)) / median if median else 0.0,
            "reps": len(ts),
        }
    for corpus in [c for c in runs if "read_bytes" not in runs[c]]:
        print(f"report.py: {corpus} has no read_bytes to divide by; left out", file=sys.stderr)
        del runs[corpus]
    if not runs:
        sys.exit("report.py: no benchmark results in " + path)
    return runs


def per_uri(r):
    return r["ns"] / r["uris"]


def per_byte(r):
    return r["ns"] / r["bytes"]


def fmt_ns(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e4:
        return f"{ns / 1e3:.1f} us"
    return f"{ns:.0f} ns" if ns >= 100 else f"{ns:.1f} ns"


def verdict(ok):
    return "PASS" if ok else "**FAIL**"


class Report:
    def __init__(self):
        self.lines, self.checks = [], []  # checks: (what, ok)

    def add(self, *lines):
        self.lines.extend(lines)

    def table(self, header, rows, numeric_from=1):
        """A Markdown table; columns from `numeric_from` on are right-aligned."""
        rule = "|".join("---:" if i >= numeric_from else "---" for i in range(len(header)))
        self.add("| " + " | ".join(header) + " |", "|" + rule + "|")
        for r in rows:
            self.add("| " + " | ".join(str(c) for c in r) + " |")
        self.add("")


def ratio(runs, corpus, op):
    return runs[corpus][op]["ns"] / runs[corpus]["read_bytes"]["ns"]


def target_rows(runs, rep):
    rows = []
    for corpus in TYPICAL:
        if corpus not in runs:
            continue
        for op in [op for op in OPS if op in runs[corpus]]:
            limit = 1.0 if op == "ftpuri_validate" and corpus in LONG_PATHS else OP_TARGET[op]
            x = ratio(runs, corpus, op)
            ok = x <= limit
            rep.checks.append((f"{corpus} {SHORT[op]} {x:.2f}x (<= {limit:g}x)", ok))
            rows.append([corpus, SHORT[op], f"<= {limit:g}x reading", f"{x:.2f}x", verdict(ok)])
    mirror = runs.get("mirror")
    for shape in WORST_SHAPES:
        corpus = "worst-" + shape
        if corpus not in runs or not mirror:
            continue
        for op in [op for op in OPS if op in runs[corpus] and op in mirror]:
            x = per_byte(runs[corpus][op]) / per_byte(mirror[op])
            ok = x <= WORST_PER_BYTE
            rep.checks.append((f"{corpus} {SHORT[op]} {x:.2f}x mirror's ns/byte (<= {WORST_PER_BYTE:g}x)", ok))
            rows.append([corpus, SHORT[op], f"ns/byte <= {WORST_PER_BYTE:g}x mirror's", f"{x:.2f}x", verdict(ok)])
    return rows


def linear_sizes(runs, op):
    """The path lengths of the linear corpora, when `op` ran on at least two of them."""
    sizes = sorted(int(c.split("-")[1]) for c in runs if c.startswith("linear-") and op in runs[c])
    return sizes if len(sizes) >= 2 else []


def linear_fit(runs, op):
    """The sizes, the least-squares slope of ns per URI against bytes per URI, and the ratio of ns per byte
    at the longest path to that at the shortest."""
    sizes = linear_sizes(runs, op)
    xs = [runs[f"linear-{s}"][op]["bytes"] / runs[f"linear-{s}"][op]["uris"] for s in sizes]
    ys = [per_uri(runs[f"linear-{s}"][op]) for s in sizes]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    first, last = runs[f"linear-{sizes[0]}"][op], runs[f"linear-{sizes[-1]}"][op]
    return sizes, slope, per_byte(last) / per_byte(first)


def parse_cli(path):
    if not path:
        return None
    with open(path) as f:
        text = f.read()
    ratios = dict(re.findall(r"^ratio ftpuri-check (\S+)/wc: ([0-9.]+)$", text, re.M))
    if not ratios:
        sys.exit("report.py: no ratios in " + path)
    return text, {k: float(v) for k, v in ratios.items()}


def parse_disagreements(path):
    found = defaultdict(list)
    with open(path) as f:
        for line in f:
            m = re.match(r"disagree: (\S+): (.*)$", line.rstrip("\n"))
            if m:
                found[m.group(1)].append(m.group(2))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for a in ["--bench-json", "--bench-log", "--meta", "--markdown", "--chart-data", "--chart-image"]:
        ap.add_argument(a, required=True)
    ap.add_argument("--cli")
    args = ap.parse_args()

    runs = load_runs(args.bench_json)
    with open(args.meta) as f:
        meta = [tuple(line.rstrip("\n").split(": ", 1)) for line in f if ": " in line]
    cli = parse_cli(args.cli)
    disagreements = parse_disagreements(args.bench_log)
    reps = max(r["reps"] for c in runs.values() for r in c.values())

    rep = Report()
    rep.add(
        "# Benchmarks",
        "",
        "<!-- Written by bench/run.sh (bench/report.py), but for the section Across the Python boundary (bench/python_boundary.py --write-doc); edit those, not this page. -->",
        "",
        "What one URI costs `ftpuri` on input nobody tuned for (issue 14), beside the cost of merely reading "
        "its bytes (one 256-entry table lookup per byte) and beside peers. To regenerate this page and "
        "its chart: `bash bench/run.sh` (about 6 minutes on 2 cores; `bench/run.sh` says which environment "
        "variables change what it does).",
        "",
        f"Every number is the median of {reps} repetitions of `bench/hot_path_bench.cpp` (Google Benchmark, "
        "CPU time, repetitions randomly interleaved across benchmarks), within **one run on a shared machine**: "
        "the ratios compare benchmarks of this run with each other; the absolute times move from run "
        "to run with the machine's load and mean little on their own. Before timing, each ftpuri benchmark checks "
        "that ftpuri accepts every input (all are valid in the strict profile), and each peer's benchmark counts the "
        "inputs where its verdict differs from ftpuri's (\"disagree\"), then times them all anyway. \"spread\" is "
        "(slowest - fastest) / median of the repetitions: how much to trust a ratio.",
        "",
        "## Machine and build",
        "",
    )
    rep.table(["", ""], meta, numeric_from=2)

    rep.add("## The targets", "")
    rep.add(
        "Issue 14's targets: on every corpus but the worst shapes, `validate` at most 1.5x reading the bytes "
        "(1.0x on the ~1 KB paths, `long` and `escaped`), `parse` at most 2x, `parse` + `canonicalize_into` "
        f"at most 3x; each worst shape at most {WORST_PER_BYTE:g}x the mirror corpus's ns per byte, per operation; "
        f"the cost per byte at 64 KB at most {LINEAR_RATIO:g}x that at 64 B (linear time); `ftpuri-check "
        f"--format=json` and `--fix` under {CLI_TARGET:g}x `wc -l`.",
        "",
    )
    rows = target_rows(runs, rep)
    for op in [op for op in OPS if linear_sizes(runs, op)]:
        _, _, r = linear_fit(runs, op)
        ok = r <= LINEAR_RATIO
        rep.checks.append((f"linear {SHORT[op]} 64K/64B per byte {r:.2f} (<= {LINEAR_RATIO:g})", ok))
        rows.append(["linear", SHORT[op], f"ns/byte at 64 KB <= {LINEAR_RATIO:g}x at 64 B", f"{r:.2f}x", verdict(ok)])
    if cli:
        for mode in ["--format=json", "--fix"]:
            if mode in cli[1]:
                x = cli[1][mode]
                ok = x < CLI_TARGET
                rep.checks.append((f"ftpuri-check {mode} {x:.2f}x wc -l (< {CLI_TARGET:g}x)", ok))
                rows.append(["ftpuri-check", mode, f"< {CLI_TARGET:g}x `wc -l`", f"{x:.2f}x", verdict(ok)])
    rep.table(["corpus", "operation", "target", "measured", "result"], rows, numeric_from=3)

    rep.add("## Ratio to reading the bytes, per corpus", "")
    rep.add(f"![ratio to reading the bytes, per corpus]({args.chart_image})", "")
    ops_order = ["read_bytes"] + OPS + PEERS
    for corpus in TYPICAL + ["worst"]:
        if corpus not in runs:
            continue
        c = runs[corpus]
        r0 = c["read_bytes"]
        rep.add(
            f"### {corpus}",
            "",
            f"{r0['uris']:.0f} URI{'s' if r0['uris'] != 1 else ''}, {r0['bytes'] / r0['uris']:.0f} bytes on average. "
            + ABOUT[corpus],
            "",
        )
        rows = []
        for op in ops_order:
            if op not in c:
                continue
            r = c[op]
            d = r["disagree"]
            rows.append(
                [
                    LABEL[op],
                    fmt_ns(per_uri(r)),
                    f"{per_byte(r):.3f}",
                    f"{ratio(runs, corpus, op):.2f}x",
                    f"{100 * r['spread']:.0f}%",
                    "" if d is None else f"{d:.0f}",
                ]
            )
        rep.table(["per URI", "median", "ns per byte", "ratio to reading", "spread", "disagree"], rows)

    if "mirror" in runs:
        rep.add(
            "## Worst shapes, one by one",
            "",
            "Each shape of `worst_cases()` with its own reading of its bytes; \"x mirror\" is its ns per byte over the "
            "mirror corpus's for the same operation.",
            "",
        )
        rows = []
        for shape in WORST_SHAPES:
            corpus = "worst-" + shape
            if corpus not in runs:
                continue
            c = runs[corpus]
            for op in [op for op in ["read_bytes"] + OPS if op in c and op in runs["mirror"]]:
                r = c[op]
                rows.append(
                    [
                        f"{shape} ({r['uris']:.0f} x {r['bytes'] / r['uris']:.0f} B)",
                        LABEL[op],
                        fmt_ns(per_uri(r)),
                        f"{per_byte(r):.3f}",
                        f"{ratio(runs, corpus, op):.2f}x",
                        f"{per_byte(r) / per_byte(runs['mirror'][op]):.2f}x",
                    ]
                )
        header = ["shape", "operation", "median per URI", "ns per byte", "ratio to reading", "x mirror"]
        rep.table(header, rows, numeric_from=2)

    ops = [op for op in ["read_bytes"] + OPS if linear_sizes(runs, op) == linear_sizes(runs, "read_bytes")]
    if linear_sizes(runs, "read_bytes"):
        rep.add(
            "## Linear time",
            "",
            "Paths of 64 B to 64 KB in `escaped_paths`' style (an escape every 30 to 100 bytes), 256 KiB of URIs per "
            "size, parsed with `max_length` raised to 1 MiB. Nanoseconds per byte of URI at each size; then the "
            "least-squares slope of ns per URI against bytes per URI (ns per byte, dominated by the longest paths) "
            "and the ratio of ns per byte at 64 KB to that at 64 B: about 1 when the cost is linear, below 1 when "
            "the fixed cost of a URI (its call, scheme and host) weighs on the short ones, far above 1 if the cost "
            "grew faster than the length.",
            "",
        )
        fits = {op: linear_fit(runs, op) for op in ops}
        sizes = fits["read_bytes"][0]
        rows = [[f"{s} B"] + [f"{per_byte(runs[f'linear-{s}'][op]):.3f}" for op in ops] for s in sizes]
        rows.append(["slope (ns per byte)"] + [f"{fits[op][1]:.3f}" for op in ops])
        rows.append(["64 KB / 64 B per byte"] + [f"{fits[op][2]:.2f}" for op in ops])
        rep.table(["path length"] + [LABEL[op] for op in ops], rows)

    rep.add("## Peers' disagreements", "")
    if disagreements:
        rep.add(
            "Where a peer's verdict differs from ftpuri's: ftpuri accepts every input of these corpora, so each is "
            "an input the peer rejects. The count, then the first three (cut at 160 bytes):",
            "",
        )
        for name, lines in sorted(disagreements.items()):
            rep.add(f"- `{name}`: {lines[0]}")
            for line in lines[1:]:
                example = line.removeprefix("e.g. ")
                rep.add(f"  - `{example}`")
        rep.add("")
    else:
        rep.add("No peer's verdict differed from ftpuri's on any input of these corpora.", "")

    if cli:
        rep.add(
            "## ftpuri-check against `wc -l`",
            "",
            "`bench/cli_throughput.sh`: three modes of `ftpuri-check` (output to `/dev/null`) and `wc -l` on the same "
            "generated file, run in turn; wall-clock medians, both cores. `--quiet` is the number "
            "`docs/speed-history.md` follows (the lint-tool issue asked for 5x); `--format=json` and `--fix` are "
            "this issue's.",
            "",
        )
        rep.table(["command", "ratio to `wc -l`"], [[f"`ftpuri-check {m}`", f"{x:.2f}x"] for m, x in cli[1].items()])
        rep.add("```", *[l for l in cli[0].splitlines() if not l.startswith("ratio ")], "```", "")

    passed = sum(ok for _, ok in rep.checks)
    failed = [what for what, ok in rep.checks if not ok]
    summary = f"{len(rep.checks)} targets: {passed} PASS, {len(failed)} FAIL"
    rep.lines.insert(rep.lines.index("## The targets") + 2, f"**{summary}.**\n")
    # Sections other scripts write into the page (bench/python_boundary.py --write-doc), between
    # "<!-- begin: SCRIPT -->" and "<!-- end: SCRIPT -->" lines: kept, at the end, as they were.
    kept = []
    try:
        with open(args.markdown) as f:
            page = f.read()
        marked = re.compile(r"^<!-- begin: (\S+) -->\n.*?^<!-- end: \1 -->\n", re.M | re.S)
        kept = [m.group(0) for m in marked.finditer(page)]
    except FileNotFoundError:
        pass
    with open(args.markdown, "w") as f:
        f.write("\n".join(rep.lines).rstrip("\n") + "\n")
        for section in kept:
            f.write("\n" + section)

    # The chart's data: one row per corpus, one column per benchmark, "?" where there is none.
    with open(args.chart_data, "w") as f:
        cols = OPS + PEERS
        f.write("corpus " + " ".join(f'"{LABEL[c].replace("`", "")}"' for c in cols) + "\n")
        for corpus in TYPICAL + ["worst"]:
            if corpus in runs:
                values = [f"{ratio(runs, corpus, c):.4f}" if c in runs[corpus] else "?" for c in cols]
                f.write(corpus + " " + " ".join(values) + "\n")

    print(summary + ("" if not failed else " (" + "; ".join(failed) + ")"))


if __name__ == "__main__":
    main()
