#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""scripts/mutate.py: mutation testing of ftpuri's test suite, with mutants placed by libclang.

Each mutant is one small change to one file of the library, made at the exact source range
libclang gives for an operator, a literal, a condition or a statement (python3-clang-14; no
regex guesses where a '<' is a template bracket):

    relational   < <= > >= == != swapped for each other
    arithmetic   + and - swapped
    logical      && and || swapped
    negation     an if/while condition C becomes !(C)
    literal      an integer literal N becomes N+1 and N-1; true and false swapped
    return       a returned expression replaced by {} (the type's default)
    statement    an expression statement removed
    charset      one character removed from a string literal that builds a character set

The mutants are written into a private copy of the tree (build/mutation/tree, refreshed from
the working tree at each start, so people can go on working during a run of hours) and built
incrementally there (build/mutation/build: GCC Release with libstdc++'s assertions, ccache,
lld). For each mutant:

1. Only the objects that include the mutated file are compiled: the library's, and those of
   the first test programs to run, at once; a test program's own objects (a property file is
   35 s of RapidCheck) only when the suite gets to that program. If the objects are byte for
   byte those of the unmutated file (all of them: the rest are compiled when the first are
   unchanged), the mutant is the same program ("identical code": trivial compiler
   equivalence) and nothing is run; if they are all those of an earlier mutant, it shares that
   mutant's verdict.
2. Otherwise it runs against the kill suite: the unit tests, the exhaustive oracle at its
   default bound, and the properties at 1,000 cases (ctest's tests but the CLI, the golden
   files, the slow tests and this script's own), each gtest program in one process with
   --gtest_fail_fast, two at a time, the programs that killed most mutants of the file first,
   and only their programs linked before they run. It stops at the first failure (killed),
   passes (survived), or takes too long (timed out: a job ten times slower than unmutated, plus
   10 s, or the whole suite over its limit).

The mutants are shared among workers, one per core by default (--workers): each is this
script run on its share, with its own copy of the tree and build (build/mutation-2, ...; ccache
shares their compiles) and half the cores for its tests. One mutant at a time leaves a core idle
half the time: a scanner mutant's compile and link are one process, and most die in the first
test.

The file is restored after every mutant and on Ctrl-C. Each verdict is appended to
scripts/mutation-results.jsonl, keyed by the file's content, so a stopped run resumes where it
was. The results are committed beside the report: a full run is hours of both cores, longer
than a working session, and the report is only as good as the verdicts under it. Every run
writes to the one record (--results names another), a run in another --work-dir too: trying a
new test against a few survivors (--rerun-survivors --match) records their new verdicts. When
a mutated file is edited, the verdicts of mutants whose lines the edit left alone are carried
over (--rerun-carried measures them again); the others run again. They are carried only from
contents in git's history, and a run keeps only the verdicts of the current content: commit an
edit before measuring its mutants, or the next edit loses their verdicts.

    scripts/mutate.py --files src/scan/path.hpp --sample 12 --seed 7
    scripts/mutate.py --list --files src/pct.cpp          # the mutants, without running them
    scripts/mutate.py                                     # every mutant of every listed file
    scripts/mutate.py --rerun-survivors                   # after adding tests
    scripts/mutate.py --rerun-carried                     # after editing a mutated file
    scripts/mutate.py --report-only                       # the report of the results so far

It ends by printing "mutation score: KILLED/TOTAL" (TOTAL: killed + survived; timeouts count
as killed, as mutation tools count them; mutants that do not compile or compile to identical
code are left out, and so are survivors the report's "Survivors, examined" section shows
equivalent, with a line "- equivalent: DESCRIPTION: why") and writes a Markdown report
(docs/mutation.md by default): a table per file, and each survivor not yet explained with its
file, line and change.

This file is the command line; its parts are the package scripts/mutation/, a module a concern.
"""

import argparse
import fcntl
import hashlib
import os
import random
import sys

from mutation.build import configure, sync_tree
from mutation.config import DEFAULT_FILES, RECORD, ROOT
from mutation.mutants import mutants_of
from mutation.report import write_report
from mutation.results import carry_over, compact, read_results
from mutation.runner import run_mutants, run_workers


def main():
    # Paths under the project are hashed relative to the build directory, so that a second work
    # directory (--work-dir, to try a test against a few mutants while a run goes on) shares the
    # cache of the first.
    os.environ.setdefault("CCACHE_BASEDIR", ROOT)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", nargs="+", default=list(DEFAULT_FILES), help="files of src/ to mutate")
    parser.add_argument("--sample", type=int, default=0, help="run a random sample of this many mutants")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed")
    parser.add_argument("--match", nargs="+", default=[],
                        help="only the mutants whose description (as the report prints it) holds one of these")
    parser.add_argument("--work-dir", default=os.path.join(ROOT, "build/mutation"),
                        help="the private copy of the tree (WORK/tree), its build (WORK/build) and the results")
    parser.add_argument("--build-dir", help="with --list: read this build's compile commands for the working tree "
                        "itself, instead of preparing the private copy")
    parser.add_argument("--timeout", type=int, default=0,
                        help="seconds per mutant's tests (default: five times the unmutated run, at least 120)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2,
                        help="mutants built and tested at once, each in its own work directory (WORK, WORK-2, ...): "
                        "one mutant leaves a core idle while it compiles and links")
    parser.add_argument("--jobs", type=int, default=0,
                        help="test processes at once for each worker (default: the cores shared among the workers)")
    parser.add_argument("--shard", help=argparse.SUPPRESS)  # K/N: a worker's share of the mutants
    parser.add_argument("--report", default=os.path.join(ROOT, "docs/mutation.md"))
    parser.add_argument("--list", action="store_true", help="print the mutants and stop")
    parser.add_argument("--results", default=RECORD,
                        help="the verdicts, one JSON line per mutant (default: scripts/mutation-results.jsonl)")
    parser.add_argument("--fresh", action="store_true",
                        help="run every mutant again, ignoring the verdicts of earlier runs (which are kept, and "
                        "replaced as the new ones come)")
    parser.add_argument("--report-only", action="store_true",
                        help="write the report from the results so far (of a run still going, or stopped)")
    parser.add_argument("--rerun-carried", action="store_true",
                        help="run again the mutants whose verdict was carried over an edit of their file")
    parser.add_argument("--rerun-survivors", action="store_true",
                        help="run again the mutants that survived an earlier run (after tests were added)")
    args = parser.parse_args()
    workers = 1 if args.list or args.report_only or args.shard else max(1, args.workers)
    args.jobs = args.jobs or max(1, (os.cpu_count() or 2) // workers)
    if workers > 1:
        return run_workers(args, workers)

    work = os.path.abspath(args.work_dir)
    built_from = None
    if args.list and args.build_dir:
        source, build = ROOT, os.path.abspath(args.build_dir)
    else:
        source, build = os.path.join(work, "tree"), os.path.join(work, "build")
        os.makedirs(source, exist_ok=True)
        # One run per work directory: a second would write its mutants into the same tree. A
        # report of a run still going reads the results as they are.
        lock = open(os.path.join(work, "lock"), "w")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not args.report_only:
                raise SystemExit(f"mutate: a run is using {work}; give another --work-dir")
            # The running one configured the build, and a report reads its compile commands; but
            # its tree holds a mutant, so the mutants are found in a copy of the tree of its own.
            built_from, source = source, os.path.join(work + "-report", "tree")
            os.makedirs(source, exist_ok=True)
            sync_tree(source)
        else:
            sync_tree(source)
            configure(build, source)
    mutants = []
    for path in args.files:
        tu = DEFAULT_FILES.get(path, path if path.endswith(".cpp") else None)
        if tu is None:
            raise SystemExit(f"mutate: which .cpp includes {path}? (add it to DEFAULT_FILES)")
        found = mutants_of(path, tu, build, source, built_from)
        print(f"mutate: {path}: {len(found)} mutants", flush=True)
        mutants += found
    every = list(mutants)  # of each file, whatever --match and --sample choose to run
    if args.match:
        mutants = [m for m in mutants if any(x in m.describe() for x in args.match)]
    if args.sample and args.sample < len(mutants):
        mutants = sorted(random.Random(args.seed).sample(mutants, args.sample), key=lambda m: (m.file, m.offset))
    if args.list:
        for m in mutants:
            print(m.describe())
        return 0

    # Results are kept, one line per mutant, keyed by the file's content: a run of hours can be
    # stopped and resumed, and one file's results stay valid while another file changes.
    results_path = os.path.abspath(args.results)
    carried = {}
    known = read_results(results_path, carried)
    originals = {m.file: open(os.path.join(source, m.file), "rb").read() for m in every}
    shas = {f: hashlib.sha256(t).hexdigest() for f, t in originals.items()}
    # Over every mutant of each file, not only those this run chose: the record keeps only the
    # verdicts of a file's current content, so what is not carried now is gone.
    carried_now = carry_over(known, every, originals, shas)
    if carried_now:
        print(f"mutate: {len(carried_now)} verdicts carried over edits (their lines are unchanged)", flush=True)
        carried.update({k: source for k, (_, source) in carried_now.items()})
        if args.report_only:  # a report writes no verdicts
            known.update({k: verdict for k, (verdict, _) in carried_now.items()})
        else:
            known = compact(results_path, {}, shas, carried_now)
    recorded = dict(known)
    if args.fresh:
        known = {}

    def key(m):
        return (m.file, shas[m.file], m.offset, m.length, m.replacement)

    def done(m):
        verdict = known.get(key(m))
        return verdict is not None and not (args.rerun_survivors and verdict == "survived") \
            and not (args.rerun_carried and key(m) in carried)

    if args.shard:
        # A share of all the mutants, not of those left to run: the record grows while the
        # workers start, and each must see the same partition.
        k, n = (int(x) for x in args.shard.split("/"))
        mutants = mutants[k - 1::n]
    todo = [] if args.report_only else [m for m in mutants if not done(m)]
    if not args.report_only:
        print(f"mutate: {len(mutants) - len(todo)} mutants known from earlier runs, {len(todo)} to run", flush=True)

    if todo:
        produced = run_mutants(args, todo, source, build, originals, shas, key, results_path)
        known.update(produced)
        recorded = compact(results_path, produced, shas)
    if args.shard:
        return 0  # the run that started the workers writes the report, from all their verdicts
    recorded.update(known)
    results = write_report(args, [(m, recorded.get(key(m), "not yet run")) for m in mutants],
                           sum(key(m) in carried and key(m) in recorded for m in mutants))
    killed = sum(v in ("killed", "timed out") for _, v in results)
    survived = sum(v == "survived" for _, v in results)
    print(f"mutation score: {killed}/{killed + survived}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
