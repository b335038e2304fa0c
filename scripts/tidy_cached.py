#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""scripts/tidy_cached.py: clang-tidy over a compile database's translation units, one process
per core, skipping each TU that an earlier run found clean with the very same inputs.

    tidy_cached.py ROOT DATABASE_DIR JOBS HEADER_FILTER [EXTRA_ARG...]

Prints clang-tidy's output of every TU it runs as each ends (scripts/lint.sh reads the findings
from it), and on stderr a summary line and the five slowest TUs analysed, with their wall times
(FTPURI_TIDY_TIMES=FILE writes every TU's); exits 1 when a clang-tidy process failed. The key of
a TU is the SHA-256 of clang-tidy's version, every .clang-tidy file of the tree, the header
filter and extra arguments, the TU's compile command and its preprocessed text (every header it
includes, as the compiler sees it), with ROOT written as a placeholder so that a clone at
another path shares the keys. A TU whose run printed no warning or error leaves its key in the
cache directory (FTPURI_TIDY_CACHE, by default ~/.cache/ftpuri-tidy; "off" for none); a TU with
findings is analysed again every time, until they are fixed. A verdict is written as soon as it
is known (a run stopped midway keeps what it learned), and only when the TU's key is the same
after the analysis as before (a file edited during the run does not leave its old text marked
clean). Nothing in the key is a time stamp, so a cached verdict is the verdict clang-tidy would
give again."""

import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time

TIDY = "clang-tidy-14"
SLOWEST = 5  # the TUs whose wall time the summary names
FINDING = re.compile(r"^\S+:\d+:\d+: (warning|error):", re.MULTILINE)
DIAGNOSTIC = re.compile(r"^(\S+?):\d+:\d+: (warning|error|note): ")


def ours_only(output, ours):
    """The output without the warnings located outside our files, and how many there were.

    clang-tidy 14 reports a path-sensitive warning located in a system header when a note of its
    path is in our code (Google Benchmark's RegisterBenchmark, whose registry keeps what it
    allocates, is a "leak" that way): a warning is ours where its own location passes the header
    filter. Errors stay, wherever they are: they fail the run."""
    kept, dropped, keep = [], 0, True
    for line in output.splitlines(keepends=True):
        m = DIAGNOSTIC.match(line)
        if m and m.group(2) != "note":
            keep = m.group(2) == "error" or ours.search(os.path.normpath(m.group(1))) is not None
            dropped += not keep
        if keep:
            kept.append(line)
    return "".join(kept), dropped


def main():
    root, db_dir, jobs, header_filter, *extra = sys.argv[1:]
    jobs = max(1, int(jobs))
    entries = json.load(open(os.path.join(db_dir, "compile_commands.json")))
    cache = os.environ.get("FTPURI_TIDY_CACHE", os.path.expanduser("~/.cache/ftpuri-tidy"))
    if cache != "off":
        os.makedirs(cache, exist_ok=True)

    common = hashlib.sha256()
    common.update(subprocess.run([TIDY, "--version"], capture_output=True, text=True).stdout.encode())
    for dirpath, dirnames, filenames in sorted(os.walk(root)):
        dirnames[:] = sorted(d for d in dirnames if d not in (".git", "build"))
        if ".clang-tidy" in filenames:
            path = os.path.join(dirpath, ".clang-tidy")
            common.update(os.path.relpath(path, root).encode() + b"\0" + open(path, "rb").read())
    common.update(json.dumps([header_filter.replace(root, "@ROOT@"), extra]).encode())

    def argv(entry):
        return shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])

    def key(entry):
        args = argv(entry)
        # The same command, preprocessing only, to stdout.
        pre, skip = [], False
        for a in args:
            if skip:
                skip = False
                continue
            if a == "-o":
                skip = True
                continue
            if a in ("-c",) or a.startswith("-o"):
                continue
            pre.append(a)
        out = subprocess.run(pre + ["-E", "-o", "-"], cwd=entry["directory"], capture_output=True)
        if out.returncode != 0:
            return None  # clang-tidy will say why
        h = common.copy()
        h.update(" ".join(args).replace(root, "@ROOT@").encode() + b"\0")
        h.update(out.stdout.replace(root.encode(), b"@ROOT@"))
        return h.hexdigest()

    def tidy(entry, k):
        path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
        cmd = [TIDY, "-p", db_dir, "-quiet", f"-header-filter={header_filter}"]
        cmd += [f"-extra-arg={a}" for a in extra] + [path]
        started = time.monotonic()
        run = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
        seconds = time.monotonic() - started
        output, dropped = ours_only(run.stdout, ours)
        output += run.stderr
        # A clean verdict is kept only under a key its inputs had before and after the analysis:
        # a file edited meanwhile must not leave its old text marked clean.
        clean = run.returncode == 0 and not FINDING.search(output)
        cached = clean and k is not None and key(entry) == k
        return run.returncode, output, seconds, cached, dropped

    started = time.monotonic()
    ours = re.compile(header_filter)
    failed, timed, outside = 0, [], 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        keys = list(pool.map(key, entries)) if cache != "off" else [None] * len(entries)
        todo = [(e, k) for e, k in zip(entries, keys) if k is None or not os.path.exists(os.path.join(cache, k))]
        runs = {pool.submit(tidy, e, k): (e, k) for e, k in todo}
        # Each TU's output and verdict as soon as it is known: a run that is stopped keeps what
        # it learned, and a long one shows its findings while it goes on.
        for run in concurrent.futures.as_completed(runs):
            (entry, k), (status, output, seconds, cached, dropped) = runs[run], run.result()
            outside += dropped
            sys.stdout.write(output)
            sys.stdout.flush()
            if status != 0 and not FINDING.search(output):
                failed += 1
            if cached:
                open(os.path.join(cache, k), "w").close()
            timed.append((seconds, os.path.relpath(os.path.join(entry["directory"], entry["file"]), root)))

    print(f"tidy_cached: {len(entries)} TUs, {len(entries) - len(todo)} clean in the cache, "
          f"{len(todo)} analysed, {time.monotonic() - started:.0f} s"
          + (f"; {outside} warnings outside the header filter left out" if outside else ""), file=sys.stderr)
    # What a cold run costs, and where: the slowest TUs analysed, with their wall times.
    timed.sort(reverse=True)
    if os.environ.get("FTPURI_TIDY_TIMES"):  # every TU's time, for a closer look
        with open(os.environ["FTPURI_TIDY_TIMES"], "w") as out:
            out.writelines(f"{seconds:.1f} {path}\n" for seconds, path in timed)
    if timed:
        print("tidy_cached: slowest: " + ", ".join(f"{path} {seconds:.0f} s" for seconds, path in timed[:SLOWEST]),
              file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
