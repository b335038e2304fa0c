# SPDX-License-Identifier: Apache-2.0
"""Running the mutants: one worker's share, each mutant built, tested and restored, and the
workers that share a run."""

import fcntl
import os
import signal
import subprocess
import sys
import time

from .build import build_all, digest, objects_of, run, split_objects
from .config import SCRIPT, SKIPPED_PROGRAMS
from .kill_suite import KillSuite
from .results import result_line


def run_workers(args, workers):
    """Runs the mutants in `workers` processes of this script, each with its own share, work
    directory and build (ccache shares the compiles), all appending to the one record; then
    writes the report from it. On one mutant alone the cores are idle half the time: a scanner
    mutant's compile and link are one process, and most mutants die in the first test."""
    base = sys.argv[1:]
    work = os.path.abspath(args.work_dir)
    children = []
    for k in range(1, workers + 1):
        command = [sys.executable, SCRIPT] + base + [
            "--shard", f"{k}/{workers}", "--workers", "1", "--jobs", str(args.jobs),
            "--work-dir", work if k == 1 else f"{work}-{k}"]
        children.append(subprocess.Popen(command))

    def forward(signum, _):
        for child in children:
            child.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)  # a terminal's Ctrl-C reaches them too; each restores its file
    failed = [c.args[-1] for c in children if c.wait() != 0]
    if failed:
        raise SystemExit(f"mutate: a worker stopped early ({', '.join(failed)}); the verdicts so far are kept")
    command = [sys.executable, SCRIPT] + base + ["--report-only", "--workers", "1"]
    return subprocess.run(command).returncode


def run_mutants(args, todo, source, build, originals, shas, key, results_path):
    """Runs each mutant of `todo`, appends its verdict to the record as it comes, and returns
    them all."""
    print("mutate: building and running the unmutated suite", flush=True)
    built = build_all(build, args.jobs)
    if built is None or built.returncode != 0:
        raise SystemExit(f"mutate: the unmutated build fails:\n{built.stdout[-2000:] if built else ''}")
    suite = KillSuite(build)
    began = time.monotonic()
    suite.run(args.jobs, None)
    suite.split_slow()
    seconds = time.monotonic() - began
    timeout = args.timeout or max(120, int(5 * seconds))
    print(f"mutate: the suite takes {seconds:.0f} s; {timeout} s per mutant", flush=True)
    objects = {f: [o for o in objects_of(build, os.path.join(source, f))
                   if not any(f"/{p}.dir/" in o for p in SKIPPED_PROGRAMS)] for f in originals}
    unmutated = {o: digest(build, [o]) for f in originals for o in objects[f]}

    def unchanged(compiled):
        return all(digest(build, [o]) == unmutated[o] for o in compiled)

    current = {"file": None}

    def restore(*_):
        if current["file"]:
            with open(os.path.join(source, current["file"]), "wb") as f:
                f.write(originals[current["file"]])
            current["file"] = None

    def interrupted(*_):
        restore()
        raise SystemExit("mutate: interrupted; the file is restored, and the results so far are kept")

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    by_code = {}  # the digest of a mutant's objects -> its verdict: mutants that compile alike
    produced = {}
    with open(results_path, "a", encoding="utf-8") as log:
        for n, m in enumerate(todo, 1):
            mutated = originals[m.file][:m.offset] + m.replacement.encode() + originals[m.file][m.offset + m.length:]
            current["file"] = m.file
            started = time.monotonic()
            note = ""
            try:
                with open(os.path.join(source, m.file), "wb") as f:
                    f.write(mutated)
                # The library's objects and those of the first programs to run are compiled
                # now; a test program's own (a property file is 35 s of RapidCheck) only when the
                # suite gets to it, which a mutant that dies first never does.
                eager, lazy = split_objects(objects[m.file], suite.first_programs(args.jobs, m.file))
                compiled = run(["ninja", "-C", build] + eager)
                if compiled is None or compiled.returncode != 0:
                    verdict = "did not compile"
                else:
                    # Trivial compiler equivalence: a mutant the compiler turns into the very
                    # same object code is the same program, and needs no test run to say so.
                    # Only when the eager objects are all unchanged can the rest be, and are
                    # compiled to see. `code` stands for the whole mutant only once every
                    # object is compiled.
                    if lazy and unchanged(eager):
                        rest = run(["ninja", "-C", build] + lazy)
                        if rest is not None and rest.returncode == 0:
                            lazy = []
                    code = None if lazy else tuple(digest(build, [o]) for o in objects[m.file])
                    if code is not None and code == tuple(unmutated[o] for o in objects[m.file]):
                        verdict = "identical code"
                    elif code is not None and code in by_code:
                        verdict, note = by_code[code], " (the same code as an earlier mutant)"
                    else:
                        verdict = suite.run(args.jobs, timeout, m.file, build)
                        if code is not None:
                            by_code[code] = verdict
            finally:
                restore()
            produced[key(m)] = verdict
            # Other workers append to the same record: one whole line at a time, under a lock.
            fcntl.flock(log, fcntl.LOCK_EX)
            try:
                log.write(result_line(key(m), verdict))
                log.flush()
            finally:
                fcntl.flock(log, fcntl.LOCK_UN)
            shard = f"{args.shard} " if args.shard else ""
            print(f"mutate: {shard}[{n}/{len(todo)}] {verdict:15} {m.describe()} ({time.monotonic() - started:.0f} s){note}",
                  flush=True)
    build_all(build, args.jobs)  # leave the private tree built from the restored sources
    return produced
