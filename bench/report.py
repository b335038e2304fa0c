#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/report.py: docs/benchmarks.md from one run of ftpuri_bench (bench/run.sh calls it).

    report.py --bench-json RUN.json --bench-log RUN.stderr [--cli CLI.txt] --meta META.txt
              --markdown OUT.md --chart-data OUT.dat --chart-image NAME.svg

RUN.json is Google Benchmark's --benchmark_format=json output with every repetition; each
benchmark is named "<corpus>/<operation>" and carries the counters "uris", "bytes", "invalid",
"to_error_bytes", "allocs" and "ref_cycles" (and "disagree" for a peer). The floor of a corpus
is the fastest of its four reading loops ("read_loop", "read_contiguous", "read_unrolled4",
"read_words8"), and of its "read_to_error_*" loops where it has invalid inputs. Times are CPU times (the
benchmark is single-threaded; CPU time leaves out the moments the shared VM gave the core to
someone else), and every number is the median of the repetitions. RUN.stderr holds the benchmark's "disagree: ..." lines; CLI.txt is
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

# The targets, as ratios to reading the same bytes (the fastest of the floor's loops).
OPS = ["ftpuri_validate", "ftpuri_parse", "ftpuri_parse+canonicalize"]
OP_TARGET = {"ftpuri_validate": 1.5, "ftpuri_parse": 2.0, "ftpuri_parse+canonicalize": 3.0}
VALIDATE_LONG = 1.0  # validate on ~1 KB paths
LONG_BYTES = 500  # a corpus whose URIs average this many bytes or more has ~1 KB paths
TO_ERROR_TARGET = 1.0  # an invalid input against reading up to its first error plus 64 bytes
LINEAR_RATIO = 2.0  # ns per byte at 64 KB over ns per byte at 64 B; linear is ~1, quadratic ~1000
CLI_TARGET = {"--quiet": 3.0, "--format=json": 8.0, "--fix": 8.0}  # against wc -l
FLOORS = ["read_loop", "read_contiguous", "read_unrolled4", "read_words8"]
TO_ERROR_FLOORS = ["read_to_error_" + f.removeprefix("read_") for f in FLOORS]
FLOOR_LABEL = {
    "read_loop": "per URI",
    "read_contiguous": "contiguous",
    "read_unrolled4": "unrolled x4",
    "read_words8": "8-byte words",
}
# bench/probes.hpp's rows, in its order (the JSON's order is the random interleaving's).
PROBE_ROWS = ["plain", "star", "paren", "amp", "plus", "equals", "comma", "at", "tilde", "bang", "dollar", "colon"]
PROBE_ROWS += ["pct25", "pct3F", "pct41", "pct7E", "u-C3BC", "u-E282AC", "u-E28099", "u-C2A0", "u-F09F9880"]
PROBE_ROWS += ["u-ED9FBF", "u-E0A485", "warning"]
NAMED = ["short", "long", "mirror", "escaped", "realworld", "found", "utf8", "warnings", "tilde-inside", "invalid", "world"]
WORST_SHAPES = ["escapes", "slashes", "segments", "ipv6", "userinfo"]

PEERS = ["re2_fullmatch", "boost_url_parse", "boost_url_normalize", "curl_url_set", "uriparser"]
LABEL = {
    "read_bytes": "reading the bytes (the floor)",
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
    "realworld": "`corpus/realworld.txt`'s URLs, valid or not.",
    "found": "The ftp URLs `bench/found_urls.sh` found in this machine's `/usr/share/doc`, man and info pages, "
    "each once: text nobody in this project wrote (which ones depends on the packages installed).",
    "utf8": "`bench/world_corpora.hpp`'s `utf8_urls`: names of UTF-8 text, escaped, with lead bytes of every "
    "class (C2-DF, E0, E1-EC, ED, EE-EF, F0, F1-F3, F4).",
    "warnings": "`bench/world_corpora.hpp`'s `warning_urls`: each URL with a warning of one family, the families "
    "in turn (scheme, userinfo, host, port, path, pct, typecode, fragment, interop).",
    "tilde-inside": "`bench/world_corpora.hpp`'s `tilde_inside_urls`: the `/pub/~jdoe/...` of university mirror "
    "lists, `path.tilde-inside` (an error in strict).",
    "invalid": "`bench/world_corpora.hpp`'s `invalid_urls`: mirror URLs with one error each, a third early "
    "(scheme, `//`, an empty host), a third in the middle of the path, a third at its end.",
    "world": "`bench/world_corpora.hpp`'s `world_urls`: the mix `ftpuri-check`'s benchmark reads (mirror URLs, "
    "with 5% UTF-8 names, 10% warnings, 2% `~user` inside, 5% other errors).",
    "worst": "`bench/corpora.hpp`'s `worst_cases()` together: a path of nothing but `%XX`, one of nothing but "
    "`/`, the most segments, two long IPv6 literals, a 1 KB userinfo.",
}


def load_runs(path):
    """{corpus: {op: {"ns": median CPU ns per iteration, "uris", "bytes", ...}}}, with "read_bytes" (and, for a
    corpus with invalid inputs, "read_to_error") the fastest of the floor's loops."""
    with open(path) as f:
        data = json.load(f)
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    times, real, rows = defaultdict(list), defaultdict(list), {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        name = b["run_name"].split("/min_time:")[0]
        times[name].append(b["cpu_time"] * scale[b["time_unit"]])
        real[name].append((b["real_time"] * scale[b["time_unit"]], b.get("ref_cycles", 0.0)))
        rows[name] = b
    runs = defaultdict(dict)
    for name, ts in times.items():
        corpus, op = name.split("/", 1)
        b = rows[name]
        median = statistics.median(ts)
        # The reference clock's rate: its cycles over the wall-clock time of the same loops.
        ghz = sum(c for _, c in real[name]) / sum(t for t, _ in real[name]) if real[name][0][1] else 0.0
        runs[corpus][op] = {
            "ns": median,
            "uris": b["uris"],
            "bytes": b["bytes"],
            "invalid": b.get("invalid", 0.0),
            "to_error_bytes": b.get("to_error_bytes", b["bytes"]),
            "allocs": b.get("allocs"),
            "disagree": b.get("disagree"),
            "ghz": ghz,
            "spread": (max(ts) - min(ts)) / median if median else 0.0,
            "reps": len(ts),
        }
    for corpus, c in runs.items():
        for floor, loops in [("read_bytes", FLOORS), ("read_to_error", TO_ERROR_FLOORS)]:
            measured = [op for op in loops if op in c]
            if measured:
                fastest = min(measured, key=lambda op: c[op]["ns"])
                c[floor] = dict(c[fastest], loop=FLOORS[loops.index(fastest)])
    for corpus in [c for c in runs if "read_bytes" not in runs[c]]:
        print(f"report.py: {corpus} has no floor to divide by; left out", file=sys.stderr)
        del runs[corpus]
    if not runs:
        sys.exit("report.py: no benchmark results in " + path)
    return runs


def invalid_share(c):
    r = c["read_bytes"]
    return r["invalid"] / r["uris"]


def all_invalid(c):
    return c["read_bytes"]["invalid"] == c["read_bytes"]["uris"]


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


def ratio(runs, corpus, op, floor="read_bytes"):
    return runs[corpus][op]["ns"] / runs[corpus][floor]["ns"]


def probes(runs):
    """The probe rows' names, in the benchmark's order, each with its invalid twin when it ran."""
    names = [c.removeprefix("probe-") for c in runs if c.startswith("probe-") and not c.endswith("+space")]
    return sorted(names, key=lambda n: PROBE_ROWS.index(n) if n in PROBE_ROWS else len(PROBE_ROWS))


def target_corpora(runs):
    """Every corpus the ratio targets apply to: the named ones, the worst shapes, the probe rows."""
    named = [c for c in NAMED + ["worst"] + ["worst-" + s for s in WORST_SHAPES] if c in runs]
    return named + [c for n in probes(runs) for c in ["probe-" + n, f"probe-{n}+space"] if c in runs]


def bytes_per_uri(c):
    return c["read_bytes"]["bytes"] / c["read_bytes"]["uris"]


def target_rows(runs, rep):
    rows = []
    for corpus in target_corpora(runs):
        c = runs[corpus]
        long_paths = bytes_per_uri(c) >= LONG_BYTES
        # A probe row's invalid twin is held to reading up to its error alone (below): against all its
        # bytes it is always far below 1x.
        twin = corpus.startswith("probe-") and all_invalid(c)
        for op in [op for op in OPS if op in c and not twin and not (all_invalid(c) and op == OPS[2])]:
            limit = VALIDATE_LONG if op == "ftpuri_validate" and long_paths else OP_TARGET[op]
            x = ratio(runs, corpus, op)
            ok = x <= limit
            rep.checks.append((f"{corpus} {SHORT[op]} {x:.2f}x (<= {limit:g}x)", ok))
            rows.append([corpus, SHORT[op], f"<= {limit:g}x reading", f"{x:.2f}x", verdict(ok)])
        if all_invalid(c) and "read_to_error" in c:
            for op in [op for op in OPS[:2] if op in c]:
                x = ratio(runs, corpus, op, "read_to_error")
                ok = x <= TO_ERROR_TARGET
                rep.checks.append((f"{corpus} {SHORT[op]} {x:.2f}x reading to the error + 64 (<= 1x)", ok))
                rows.append([corpus, SHORT[op], "<= 1x reading to the error + 64 B", f"{x:.2f}x", verdict(ok)])
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


def floor_section(runs, rep):
    """The four loops of the floor on each named corpus, the fastest in ns and cycles per byte."""
    rep.add(
        "## The floor: reading the bytes",
        "",
        "Every ratio on this page divides by the fastest of four plain loops doing one 256-entry table lookup "
        "per byte over the same bytes (`bench/floor.hpp`): a loop per URI (\"per URI\"), one loop over a "
        "contiguous copy of the corpus's bytes (\"contiguous\"), that loop unrolled four ways into four sums "
        "(\"unrolled x4\"), and a loop that loads eight bytes at a time and looks each up from the word "
        "(\"8-byte words\"). The fastest is kept for each corpus. Cycles per byte are the CPU time per byte times the rate of the "
        "processor's time-stamp counter (its constant reference clock, measured in the same loops against the "
        "wall clock), not the core's current clock, which no counter in this VM exposes.",
        "",
    )
    rows, best = [], None
    for corpus in [c for c in NAMED + ["worst"] if c in runs]:
        c = runs[corpus]
        f = c["read_bytes"]
        cycles = per_byte(f) * f["ghz"]
        rows.append(
            [corpus]
            + [f"{per_byte(c[op]):.3f}" if op in c else "" for op in FLOORS]
            + [FLOOR_LABEL[f["loop"]], f"{per_byte(f):.3f}", f"{cycles:.2f}"]
        )
        if best is None or per_byte(f) < per_byte(best):
            best = f
    header = ["corpus"] + [f"ns/byte: {FLOOR_LABEL[f]}" for f in FLOORS] + ["fastest", "ns/byte", "cycles/byte"]
    rep.table(header, rows)
    if best:
        rep.add(
            f"**The floor: {per_byte(best):.3f} ns and {per_byte(best) * best['ghz']:.2f} reference cycles per byte** "
            f"at its fastest (the time-stamp counter runs at {best['ghz']:.2f} GHz).",
            "",
        )
    return best


def corpus_heading(corpus, c):
    r0 = c["read_bytes"]
    n = r0["uris"]
    share = f"{r0['invalid']:.0f} invalid ({100 * invalid_share(c):.1f}%)"
    return (
        f"{n:.0f} URI{'s' if n != 1 else ''}, {r0['bytes'] / n:.0f} bytes on average, {share}. "
        + ABOUT.get(corpus, "")
    ).rstrip()


def probe_section(runs, rep):
    names = probes(runs)
    if not names:
        return
    rep.add(
        "## Probe rows",
        "",
        "`bench/probes.hpp`: 64 URIs per row, each a ~1,000-byte path of 8-letter segments with the row's feature "
        "appended to every segment (`warning`: `%2F` and `%3b` in turn). Ratios to reading the same bytes; the "
        "invalid twin (`+space`) is the same paths with a raw space at byte 30, its cost given against reading "
        "up to the error plus 64 bytes and against reading all the bytes.",
        "",
    )
    rows = []
    for name in names:
        c = runs["probe-" + name]
        row = [name, f"{bytes_per_uri(c):.0f}"] + [f"{ratio(runs, 'probe-' + name, op):.2f}x" for op in OPS]
        row.append(f"{100 * c['ftpuri_validate']['spread']:.0f}%")
        twin = runs.get(f"probe-{name}+space")
        if twin and "read_to_error" in twin:
            for op in OPS[:2]:
                row.append(f"{ratio(runs, f'probe-{name}+space', op, 'read_to_error'):.2f}x")
            row.append(f"{ratio(runs, f'probe-{name}+space', 'ftpuri_validate'):.3f}x")
        else:
            row += ["", "", ""]
        rows.append(row)
    header = [
        "row",
        "bytes",
        "validate",
        "parse",
        "canonicalize",
        "spread",
        "+space: validate / to error",
        "parse / to error",
        "validate / all",
    ]
    rep.table(header, rows)


def allocation_check(runs, rep):
    """Zero allocations in every timed loop of ftpuri's operations."""
    found = [
        f"{corpus}/{op} {c[op]['allocs']:g}"
        for corpus, c in runs.items()
        for op in OPS
        if op in c and c[op]["allocs"] is not None and c[op]["allocs"] > 0
    ]
    counted = sum(1 for c in runs.values() for op in OPS if op in c and c[op]["allocs"] is not None)
    ok = counted > 0 and not found
    rep.checks.append((f"allocations in ftpuri's timed loops: {'; '.join(found) or 'none'}", ok))
    return ["every corpus", "all three", "no allocation", f"{len(found)} of {counted} loops allocate", verdict(ok)]


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
        "What one URI costs `ftpuri` on what the world sends (valid URIs, warnings, escaped UTF-8 of every "
        "kind, invalid input), beside the cost of merely reading its bytes (the fastest plain loop doing one "
        "256-entry table lookup per byte) and beside peers. To regenerate this page and its chart: "
        "`bash bench/run.sh` (about 10 minutes on 2 cores; `bench/run.sh` says which environment variables "
        "change what it does).",
        "",
        f"Every number is the median of {reps} repetitions of `bench/hot_path_bench.cpp` (Google Benchmark, "
        "CPU time, repetitions randomly interleaved across benchmarks, pinned to one core with `taskset`), within "
        "**one run on a shared machine**: other engineers' builds and tests ran beside it, so the ratios compare "
        "benchmarks of this run with each other, and the absolute times move from run to run with the load. "
        "Before timing, each input's verdict is computed once (`ftpuri::parse`, with its error's offset), each "
        "ftpuri benchmark checks that its operation gives that verdict on every input, and each peer's benchmark "
        "counts the inputs where its verdict differs from ftpuri's (\"disagree\"), then times them all anyway. "
        "Each corpus's invalid share is given with its results. \"spread\" is (slowest - fastest) / median of "
        "the repetitions: how much to trust a ratio. Every timed loop counts its heap allocations.",
        "",
        "## Machine and build",
        "",
    )
    rep.table(["", ""], meta, numeric_from=2)

    rep.add("## The targets", "")
    rep.add(
        "On every corpus and every probe row: `validate` at most 1.5x reading the bytes on ~70-byte URLs and "
        f"at most {VALIDATE_LONG:g}x on ~1 KB paths (URIs of {LONG_BYTES} bytes or more on average), `parse` at most "
        "2x, `parse` + `canonicalize_into` at most 3x; where every input is invalid, `validate` and `parse` at "
        "most the cost of reading each input up to its first error plus 64 bytes; no allocation in any timed "
        f"loop of ftpuri's; the cost per byte at 64 KB at most {LINEAR_RATIO:g}x that at 64 B (linear time); "
        "`ftpuri-check --quiet` at most 3x `wc -l`, `--format=json` and `--fix` at most 8x, on a million lines "
        "with `world_urls`' shares.",
        "",
    )
    rows = target_rows(runs, rep)
    rows.append(allocation_check(runs, rep))
    for op in [op for op in OPS if linear_sizes(runs, op)]:
        _, _, r = linear_fit(runs, op)
        ok = r <= LINEAR_RATIO
        rep.checks.append((f"linear {SHORT[op]} 64K/64B per byte {r:.2f} (<= {LINEAR_RATIO:g})", ok))
        rows.append(["linear", SHORT[op], f"ns/byte at 64 KB <= {LINEAR_RATIO:g}x at 64 B", f"{r:.2f}x", verdict(ok)])
    if cli:
        for mode, limit in CLI_TARGET.items():
            if mode in cli[1]:
                x = cli[1][mode]
                ok = x <= limit
                rep.checks.append((f"ftpuri-check {mode} {x:.2f}x wc -l (<= {limit:g}x)", ok))
                rows.append(["ftpuri-check", mode, f"<= {limit:g}x `wc -l`", f"{x:.2f}x", verdict(ok)])
    rep.table(["corpus", "operation", "target", "measured", "result"], rows, numeric_from=3)

    floor_section(runs, rep)

    rep.add("## Ratio to reading the bytes, per corpus", "")
    rep.add(f"![ratio to reading the bytes, per corpus and per probe row]({args.chart_image})", "")
    ops_order = ["read_bytes", "read_to_error"] + OPS + PEERS
    for corpus in NAMED + ["worst"]:
        if corpus not in runs:
            continue
        c = runs[corpus]
        rep.add(f"### {corpus}", "", corpus_heading(corpus, c), "")
        rows = []
        for op in ops_order:
            if op not in c:
                continue
            r = c[op]
            d = r["disagree"]
            label = LABEL.get(op, "reading each URI up to its first error + 64 bytes")
            rows.append(
                [
                    label,
                    fmt_ns(per_uri(r)),
                    f"{per_byte(r):.3f}",
                    f"{ratio(runs, corpus, op):.2f}x",
                    f"{r['allocs']:g}" if r["allocs"] is not None else "",
                    f"{100 * r['spread']:.0f}%",
                    "" if d is None else f"{d:.0f}",
                ]
            )
        rep.table(["per URI", "median", "ns per byte", "ratio to reading", "allocations", "spread", "disagree"], rows)

    probe_section(runs, rep)

    if any(("worst-" + s) in runs for s in WORST_SHAPES):
        rep.add(
            "## Worst shapes, one by one",
            "",
            "Each shape of `worst_cases()` with its own reading of its bytes.",
            "",
        )
        rows = []
        for shape in WORST_SHAPES:
            corpus = "worst-" + shape
            if corpus not in runs:
                continue
            c = runs[corpus]
            for op in [op for op in ["read_bytes"] + OPS if op in c]:
                r = c[op]
                rows.append(
                    [
                        f"{shape} ({r['uris']:.0f} x {r['bytes'] / r['uris']:.0f} B)",
                        LABEL[op],
                        fmt_ns(per_uri(r)),
                        f"{per_byte(r):.3f}",
                        f"{ratio(runs, corpus, op):.2f}x",
                    ]
                )
        rep.table(["shape", "operation", "median per URI", "ns per byte", "ratio to reading"], rows, numeric_from=2)

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
            "Where a peer's verdict differs from ftpuri's: an input ftpuri accepts and the peer rejects, or the "
            "other way round. The count, then the first three (cut at 160 bytes):",
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
            "generated file of `world_urls`' shares (valid lines, warnings, escaped UTF-8, invalid lines), run in "
            "turn; wall-clock medians, both cores.",
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

    # The chart's data: one block per plot, separated by two blank lines (gnuplot's index): the corpora
    # with every benchmark, then the probe rows with ftpuri's operations and the invalid twins' cost
    # against reading up to the error. "?" where none ran.
    with open(args.chart_data, "w") as f:
        cols = OPS + PEERS
        f.write("corpus " + " ".join(f'"{LABEL[c].replace("`", "")}"' for c in cols) + "\n")
        for corpus in NAMED + ["worst"]:
            if corpus in runs:
                values = [f"{ratio(runs, corpus, c):.4f}" if c in runs[corpus] else "?" for c in cols]
                f.write(corpus + " " + " ".join(values) + "\n")
        f.write("\n\nrow " + " ".join(f'"{LABEL[c].replace("`", "")}"' for c in OPS))
        f.write(' "validate, +space, against reading to the error + 64 B"\n')
        for name in probes(runs):
            values = [f"{ratio(runs, 'probe-' + name, c):.4f}" for c in OPS]
            twin = f"probe-{name}+space"
            ok = twin in runs and "read_to_error" in runs[twin]
            values.append(f"{ratio(runs, twin, 'ftpuri_validate', 'read_to_error'):.4f}" if ok else "?")
            f.write(name + " " + " ".join(values) + "\n")

    print(summary + ("" if not failed else " (" + "; ".join(failed) + ")"))


if __name__ == "__main__":
    main()
