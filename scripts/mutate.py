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
over (--rerun-carried measures them again); the others run again.

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
"""

import argparse
import collections
import dataclasses
import fcntl
import hashlib
import itertools
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The files measured, and the translation unit libclang parses each from (a header is seen
# through a .cpp that includes it): the scanner's parts, the rules, the canonical form, the plan.
DEFAULT_FILES = {
    "src/scan/scanner.hpp": "src/parse.cpp",
    "src/scan/cursor.hpp": "src/parse.cpp",
    "src/scan/reporter.hpp": "src/parse.cpp",
    "src/scan/escape.hpp": "src/parse.cpp",
    "src/scan/scheme.hpp": "src/parse.cpp",
    "src/scan/authority.hpp": "src/parse.cpp",
    "src/scan/host.hpp": "src/parse.cpp",
    "src/scan/port.hpp": "src/parse.cpp",
    "src/scan/path.hpp": "src/parse.cpp",
    "src/scan/typecode.hpp": "src/parse.cpp",
    "src/scan/query.hpp": "src/parse.cpp",
    "src/scan/byte_runs.hpp": "src/parse.cpp",
    "src/scan/byte_runs.cpp": "src/scan/byte_runs.cpp",
    "src/scan/plain_segments.hpp": "src/parse.cpp",
    "src/scan/plain_segments.cpp": "src/scan/plain_segments.cpp",
    "src/scan/dns_name_shape.hpp": "src/parse.cpp",
    "src/utf8.hpp": "src/parse.cpp",
    "src/rules/dns_name.hpp": "src/parse.cpp",
    "src/rules/ipv4_address.hpp": "src/parse.cpp",
    "src/rules/ipv6_address.hpp": "src/parse.cpp",
    "src/canonical.cpp": "src/canonical.cpp",
    "src/pct.cpp": "src/pct.cpp",
    "src/rules/dot_segments.hpp": "src/canonical.cpp",
    "src/redact.cpp": "src/redact.cpp",
    "src/plan.cpp": "src/plan.cpp",
    "include/ftpuri/charset.hpp": "src/parse.cpp",  # the grammar's character sets
}

# What the kill suite leaves out: the CLI (not mutated), goldens, the slow and install tests, the
# test of this script, and the grammar mutants (which test the oracle, on the strings that
# exhaustive_test, in the suite, judges already).
EXCLUDED_LABELS = "mutation|grammar_mutants|cli|golden|cli_docs|cli_unit|e2e|install|embedding|abi|bench|slow|cli_memory|host_class|example"

# Programs the kill suite does not run: the allocation canary proves that the allocation
# counter can fail (a variant of the library that allocates), not that the library is right,
# and it compiles every library file a second time for each mutant.
SKIPPED_PROGRAMS = ("alloc_canary_test",)

# The library's object files, relative to the build (add_library(ftpuri_objects OBJECT ...)).
LIBRARY_OBJECTS = "CMakeFiles/ftpuri_objects.dir/"

RELATIONAL = ["<", "<=", ">", ">=", "==", "!="]


@dataclasses.dataclass
class Mutant:
    file: str
    offset: int  # byte offset of the replaced text in the file
    length: int
    replacement: str
    kind: str
    line: int
    original: str

    column: int = 0  # of the replaced text's first byte, from 1

    def describe(self):
        return f"{self.file}:{self.line}:{self.column}: {self.kind}: `{self.original}` -> `{self.replacement}`"


def compile_args(build, tu, source, built_from=None):
    """The flags `build` compiles `tu` of `source` with. With `built_from`, the build is of that
    copy of the tree, and its paths in the flags are made those of `source`."""
    built_from = built_from or source
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        for entry in json.load(f):
            if os.path.realpath(entry["file"]) == os.path.realpath(os.path.join(built_from, tu)):
                args = shlex.split(entry["command"].replace(built_from, source))[1:]
                keep = []
                skip = False
                for a in args:
                    if skip:
                        skip = False
                        continue
                    if a in ("-o", "-c", "-MF", "-MT"):
                        skip = True
                        continue
                    if a.endswith(".cpp") or a.startswith("-W") or a == "-MD":
                        continue
                    keep.append(a)
                return keep
    raise SystemExit(f"mutate: {tu} is not in {build}/compile_commands.json")


def mutants_of(path, tu, build, source, built_from=None):
    import clang.cindex as ci

    text = open(os.path.join(source, path), "rb").read()
    index = ci.Index.create()
    unit = index.parse(os.path.join(source, tu), args=compile_args(build, tu, source, built_from))
    target = os.path.realpath(os.path.join(source, path))
    found = {}

    def add(start, end, replacement, kind, line):
        original = text[start:end].decode("utf-8", "replace")
        if original == replacement:
            return
        key = (start, end, replacement)
        if key not in found:
            column = start - (text.rfind(b"\n", 0, start) + 1) + 1
            found[key] = Mutant(path, start, end - start, replacement, kind, line, original, column)

    def in_target(cursor):
        loc = cursor.location
        return loc.file is not None and os.path.realpath(loc.file.name) == target

    def tokens(cursor):
        return list(cursor.get_tokens())

    def visit(cursor, in_charset=False):
        for child in cursor.get_children():
            try:
                kind = child.kind
            except ValueError:  # a cursor kind newer than these bindings know: look inside
                visit(child, in_charset)
                continue
            here = in_target(child)
            # Declarations of other files (the standard library, other headers) hold nothing to
            # mutate; a namespace may span files, so it is always entered.
            if not here and kind not in (ci.CursorKind.NAMESPACE, ci.CursorKind.TRANSLATION_UNIT):
                continue
            charset = in_charset or (kind == ci.CursorKind.CALL_EXPR and child.spelling in ("charset", "chars_of"))
            if here:
                if kind == ci.CursorKind.BINARY_OPERATOR:
                    kids = list(child.get_children())
                    if len(kids) == 2:
                        lhs_end = kids[0].extent.end.offset
                        rhs_start = kids[1].extent.start.offset
                        op = [t for t in tokens(child) if lhs_end <= t.extent.start.offset < rhs_start]
                        if len(op) == 1:
                            t = op[0]
                            s, e, line = t.extent.start.offset, t.extent.end.offset, t.location.line
                            if t.spelling in RELATIONAL:
                                for r in RELATIONAL:
                                    add(s, e, r, "relational", line)
                            elif t.spelling in ("+", "-"):
                                add(s, e, "-" if t.spelling == "+" else "+", "arithmetic", line)
                            elif t.spelling in ("&&", "||"):
                                add(s, e, "||" if t.spelling == "&&" else "&&", "logical", line)
                elif kind == ci.CursorKind.INTEGER_LITERAL:
                    t = tokens(child)
                    if len(t) == 1:
                        m = re.fullmatch(r"(0x[0-9a-fA-F']+|[0-9']+)([uUlL]*)", t[0].spelling)
                        if m:
                            value = int(m.group(1).replace("'", ""), 0)
                            s, e = t[0].extent.start.offset, t[0].extent.end.offset
                            add(s, e, str(value + 1) + m.group(2), "literal", t[0].location.line)
                            if value > 0:
                                add(s, e, str(value - 1) + m.group(2), "literal", t[0].location.line)
                elif kind == ci.CursorKind.CXX_BOOL_LITERAL_EXPR:
                    t = tokens(child)
                    if len(t) == 1 and t[0].spelling in ("true", "false"):
                        add(t[0].extent.start.offset, t[0].extent.end.offset,
                            "false" if t[0].spelling == "true" else "true", "literal", t[0].location.line)
                elif kind in (ci.CursorKind.IF_STMT, ci.CursorKind.WHILE_STMT):
                    kids = list(child.get_children())
                    cond = next((k for k in kids if k.kind != ci.CursorKind.DECL_STMT), None)
                    # Not a declaration in the condition (if (auto x = f())), which !() cannot wrap.
                    if cond is not None and cond.kind not in (ci.CursorKind.COMPOUND_STMT, ci.CursorKind.VAR_DECL):
                        s, e = cond.extent.start.offset, cond.extent.end.offset
                        inner = text[s:e].decode("utf-8", "replace")
                        if "\n" not in inner or len(inner) < 200:
                            add(s, e, f"!({inner})", "negation", cond.location.line)
                elif kind == ci.CursorKind.RETURN_STMT:
                    kids = list(child.get_children())
                    if kids:
                        s, e = kids[0].extent.start.offset, kids[0].extent.end.offset
                        # {} is already the value of these: the mutant would be equivalent.
                        if text[s:e] not in (b"false", b"0", b"0U", b"nullptr", b"{}", b"std::nullopt"):
                            add(s, e, "{}", "return", child.location.line)
                elif kind == ci.CursorKind.COMPOUND_STMT:
                    for stmt in child.get_children():
                        if stmt.kind in (ci.CursorKind.CALL_EXPR, ci.CursorKind.BINARY_OPERATOR,
                                         ci.CursorKind.COMPOUND_ASSIGNMENT_OPERATOR, ci.CursorKind.UNARY_OPERATOR) \
                                and in_target(stmt):
                            s, e = stmt.extent.start.offset, stmt.extent.end.offset
                            if e < len(text) and text[e:e + 1] == b";":
                                add(s, e + 1, ";", "statement", stmt.location.line)
                elif kind == ci.CursorKind.STRING_LITERAL and charset:
                    t = tokens(child)
                    if len(t) == 1 and t[0].spelling.startswith('"') and len(t[0].spelling) > 3:
                        body = t[0].spelling[1:-1]
                        s, e = t[0].extent.start.offset, t[0].extent.end.offset
                        i = 0
                        while i < len(body):
                            j = i + 2 if body[i] == "\\" else i + 1
                            add(s, e, '"' + body[:i] + body[j:] + '"', "charset", t[0].location.line)
                            i = j
            visit(child, charset)

    visit(unit.cursor)
    return sorted(found.values(), key=lambda m: (m.offset, m.replacement))


def run(command, timeout=None, cwd=ROOT, env=None):
    try:
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def sync_tree(tree):
    """Copies the working tree (without .git and build directories) to the private tree the
    mutants are written into, so that people and other builds can go on using the real one
    during a run of hours. Only files whose bytes differ are copied (with a new mtime), so the
    private build stays incremental."""
    wanted = set()
    for folder, dirs, files in os.walk(ROOT):
        rel = os.path.relpath(folder, ROOT)
        if rel == ".":
            dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
        for name in files:
            wanted.add(os.path.normpath(os.path.join(rel, name)))
    for rel in wanted:
        source, copy = os.path.join(ROOT, rel), os.path.join(tree, rel)
        data = open(source, "rb").read()
        if not os.path.exists(copy) or open(copy, "rb").read() != data:
            os.makedirs(os.path.dirname(copy), exist_ok=True)
            with open(copy, "wb") as f:
                f.write(data)
            shutil.copymode(source, copy)
    for folder, _, files in os.walk(tree):
        for name in files:
            rel = os.path.relpath(os.path.join(folder, name), tree)
            if rel not in wanted:
                os.remove(os.path.join(folder, name))


def configure(build, source):
    # Every run, so that a build tree made before an option existed gets it too (a few seconds).
    print(f"mutate: configuring {build} (GCC, Release, libstdc++ assertions, ccache, lld, no CLI, no Python module)",
          flush=True)
    # lld: a mutant of the scanner relinks some sixty test programs, the largest cost of its
    # rebuild after the compile, and lld links them in half the time of ld.bfd.
    # _GLIBCXX_ASSERTIONS: a mutant that moves a bound by one often reads one byte past a
    # std::string_view or writes one piece past a std::array, and returns the same answer; only
    # the sanitizer stage of CI would see it. libstdc++'s checked subscripts abort there instead,
    # so the kill suite sees it too, and such a mutant is killed, not argued equivalent.
    result = run(["cmake", "-S", source, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                  "-DCMAKE_CXX_FLAGS=-D_GLIBCXX_ASSERTIONS",
                  "-DCMAKE_CXX_COMPILER=g++", "-DCMAKE_C_COMPILER=gcc", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
                  "-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld", "-DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld",
                  "-DFTPURI_BUILD_CLI=OFF", "-DFTPURI_PYTHON_MODULE=OFF", "-DFTPURI_PROPS_MAX_SUCCESS=1000"])
    if result is None or result.returncode != 0:
        raise SystemExit(f"mutate: cmake failed:\n{result.stderr if result else ''}")


def build_all(build, jobs):
    return run(["cmake", "--build", build, "-j", str(jobs)])


def objects_of(build, path):
    """The object files whose compile reads `path` (ninja's dependency log), relative to build."""
    listed = run(["ninja", "-C", build, "-t", "deps"])
    objects, current = [], None
    target = os.path.realpath(path)
    for line in listed.stdout.splitlines():
        if line and not line.startswith(" "):
            current = line.split(":")[0]
        elif current and line.strip() and os.path.realpath(os.path.join(build, line.strip())) == target:
            objects.append(current)
    return sorted(set(objects))


def split_objects(objects, programs):
    """`objects` (relative to the build) as those to compile before any test runs, the
    library's and those of `programs`, and the rest (CMake puts a program's objects in
    DIR/CMakeFiles/NAME.dir/)."""
    first = [f"CMakeFiles/{os.path.basename(p)}.dir/" for p in programs]
    eager = [o for o in objects if o.startswith(LIBRARY_OBJECTS) or any(d in o for d in first)]
    # ninja without a target builds everything: never leave the first list empty.
    return (eager, [o for o in objects if o not in eager]) if eager else (objects, [])


def digest(build, objects):
    h = hashlib.sha256()
    for o in objects:
        h.update(open(os.path.join(build, o), "rb").read())
    return h.hexdigest()


class KillSuite:
    """The kill suite, run as few processes as it can be: ctest's list of tests (everything but
    EXCLUDED_LABELS) regrouped so that each gtest binary runs once with --gtest_fail_fast and a
    filter of its tests, and each property or script runs alone. ctest would start 1,700
    processes; this starts about 80, and stops at the first failure. The jobs that killed the
    most mutants of the file run first, so a killed mutant usually costs one short process."""

    def __init__(self, build):
        listed = run(["ctest", "--test-dir", build, "--show-only=json-v1", "-LE", EXCLUDED_LABELS])
        if listed is None or listed.returncode != 0:
            raise SystemExit("mutate: ctest --show-only failed")
        grouped = {}
        self.jobs = []
        for test in json.loads(listed.stdout)["tests"]:
            props = {p["name"]: p["value"] for p in test.get("properties", [])}
            command = test["command"]
            if os.path.basename(command[0]) in SKIPPED_PROGRAMS:
                continue
            cwd = props.get("WORKING_DIRECTORY", build)
            env = dict(os.environ)
            for change in props.get("ENVIRONMENT_MODIFICATION", []):
                name, _, rest = change.partition("=")
                op, _, value = rest.partition(":")
                if op == "string_prepend":
                    env[name] = value + env.get(name, "")
                elif op == "string_append":
                    env[name] = env.get(name, "") + value
                elif op == "set":
                    env[name] = value
                elif op in ("unset", "reset"):
                    env.pop(name, None)
            for assignment in props.get("ENVIRONMENT", []):
                name, _, value = assignment.partition("=")
                env[name] = value
            pattern = props.get("PASS_REGULAR_EXPRESSION")
            filters = [a for a in command if a.startswith("--gtest_filter=")]
            if filters and not pattern and "ENVIRONMENT" not in props and "ENVIRONMENT_MODIFICATION" not in props:
                key = (command[0], cwd)
                grouped.setdefault(key, []).append(filters[0][len("--gtest_filter="):])
                continue
            self.jobs.append({"name": test["name"], "command": command, "cwd": cwd, "env": env,
                              "pass": [re.compile(x) for x in pattern] if pattern else None})
        for (binary, cwd), names in grouped.items():
            self.jobs.append({"name": os.path.basename(binary), "cwd": cwd, "env": dict(os.environ),
                              "command": [binary, "--gtest_filter=" + ":".join(names), "--gtest_fail_fast",
                                          "--gtest_also_run_disabled_tests", "--gtest_brief=1"],
                              "pass": None})
        for job in self.jobs:
            program = os.path.relpath(job["command"][0], build)
            job["target"] = None if program.startswith("..") else program
        self.seconds = {job["name"]: 0.0 for job in self.jobs}
        self.kills = collections.defaultdict(collections.Counter)  # file -> job name -> kills
        # The kills of earlier runs on this machine, so that a restarted run puts the killers
        # first at once instead of learning the order again: a mutant of charset.hpp that only
        # charset_test kills costs some eight minutes of compiling when that test comes last.
        if os.path.exists(KILLS):
            for line in open(KILLS, encoding="utf-8"):
                file, _, name = line.rstrip("\n").partition("\t")
                self.kills[file][name] += 1

    def split_slow(self, seconds=2.0):
        """Runs a gtest binary that took longer than `seconds` as one process per test, so that
        the two cores share its tests (the exhaustive comparison is 10 s in one process)."""
        for job in list(self.jobs):
            filters = [a for a in job["command"] if a.startswith("--gtest_filter=")]
            if job["pass"] is not None or not filters or self.seconds[job["name"]] < seconds:
                continue
            names = filters[0][len("--gtest_filter="):].split(":")
            if len(names) < 2:
                continue
            self.jobs.remove(job)
            for name in names:
                command = [a if not a.startswith("--gtest_filter=") else "--gtest_filter=" + name
                           for a in job["command"]]
                self.jobs.append(dict(job, name=f"{job['name']}:{name}", command=command))
                self.seconds[f"{job['name']}:{name}"] = self.seconds[job["name"]] / len(names)

    def order(self, file):
        kills = self.kills.get(file, {})
        return sorted(self.jobs, key=lambda j: (-kills.get(j["name"], 0), self.seconds[j["name"]]))

    def first_programs(self, jobs, file):
        """The programs (relative to the build) of the jobs run first for a mutant of `file`."""
        return [j["target"] for j in self.order(file)[:jobs] if j["target"]]

    def run(self, jobs, timeout, file=None, build=None):
        """'killed', 'survived' or 'timed out'; with file=None (the unmutated run) it also
        records how long each job takes, and fails loudly if any job fails. With `build`, the
        objects are compiled but nothing is linked yet: the first jobs' programs are linked
        alone, and the other sixty only if those do not kill the mutant (most mutants die in
        the first job, and linking every program was a third of a killed mutant's cost)."""
        pending = self.order(file)
        running = []
        started = time.monotonic()
        verdict = "survived"
        linked = build is None
        if not linked:
            first = [j["target"] for j in pending[:jobs] if j["target"]]
            linking = run(["ninja", "-C", build] + first)
            if linking is None or linking.returncode != 0:
                return "did not compile"
        try:
            while pending or running:
                while pending and len(running) < jobs:
                    if not linked and len(pending) <= len(self.jobs) - jobs:
                        if running:
                            # The first jobs may yet kill the mutant: link the other programs
                            # (compiling their objects: minutes, for a header they all include)
                            # only once those jobs have passed.
                            break
                        link_started = time.monotonic()
                        linking = run(["ninja", "-C", build] + sorted({j["target"] for j in self.jobs if j["target"]}))
                        if linking is None or linking.returncode != 0:
                            return "did not compile"
                        linked = True
                        # Compiling the other programs' objects is the mutant's build, not its
                        # tests: a mutant of a header every test includes (charset.hpp) spends
                        # minutes here, and was called timed out, so killed, for it.
                        started += time.monotonic() - link_started
                    job = pending.pop(0)
                    # A file, not a pipe: a chatty test would fill a pipe nobody reads until it ends.
                    out = tempfile.TemporaryFile(mode="w+", errors="replace")
                    proc = subprocess.Popen(job["command"], cwd=job["cwd"], env=job["env"], stdout=out,
                                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
                    proc.output = out
                    running.append((job, proc, time.monotonic()))
                time.sleep(0.005)
                for entry in list(running):
                    job, proc, began = entry
                    if proc.poll() is None:
                        continue
                    running.remove(entry)
                    proc.output.seek(0)
                    output = proc.output.read()
                    proc.output.close()
                    ok = proc.returncode == 0 if job["pass"] is None else any(p.search(output) for p in job["pass"])
                    if file is None:
                        self.seconds[job["name"]] = time.monotonic() - began
                        if not ok:
                            raise SystemExit(f"mutate: the unmutated suite fails in {job['name']}:\n{output[-2000:]}")
                    elif not ok:
                        self.kills[file][job["name"]] += 1
                        os.makedirs(os.path.dirname(KILLS), exist_ok=True)
                        with open(KILLS, "a", encoding="utf-8") as kills:  # other workers append too
                            fcntl.flock(kills, fcntl.LOCK_EX)
                            kills.write(f"{file}\t{job['name']}\n")
                        return "killed"
                if timeout and time.monotonic() - started > timeout:
                    return "timed out"
                # A job far slower than it was unmutated is in a loop the mutant made endless;
                # ten times its time plus 10 s leaves room for a busy machine.
                if file is not None and any(time.monotonic() - began > 10 * self.seconds[job["name"]] + 10
                                            for job, _, began in running):
                    return "timed out"
            return verdict
        finally:
            for _, proc, _ in running:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()


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


def run_workers(args, workers):
    """Runs the mutants in `workers` processes of this script, each with its own share, work
    directory and build (ccache shares the compiles), all appending to the one record; then
    writes the report from it. On one mutant alone the cores are idle half the time: a scanner
    mutant's compile and link are one process, and most mutants die in the first test."""
    base = sys.argv[1:]
    work = os.path.abspath(args.work_dir)
    children = []
    for k in range(1, workers + 1):
        command = [sys.executable, os.path.abspath(__file__)] + base + [
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
    command = [sys.executable, os.path.abspath(__file__)] + base + ["--report-only", "--workers", "1"]
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


RECORD = os.path.join(ROOT, "scripts/mutation-results.jsonl")
# Which job killed each mutant, a line per kill ("FILE<TAB>JOB"), for the kill order of later
# runs on this machine; not committed (the jobs' names are this build's).
KILLS = os.path.join(ROOT, "build", "mutation-kills.tsv")
FIELDS = ("file", "sha", "offset", "length", "replacement")


def result_line(key, verdict, carried=None):
    record = dict(zip(FIELDS, key), verdict=verdict)
    if carried:
        record["carried"] = carried
    return json.dumps(record, separators=(",", ":")) + "\n"


def read_results(path, carried=None):
    """The verdicts recorded at `path`, by mutant; a later line replaces an earlier one (a
    survivor run again after a test was added, a --fresh run). With `carried`, a dict, it is
    given the mutants whose verdict was carried over an edit (see carry_over), and the content
    it was measured on."""
    known = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            r = json.loads(line)
            key = tuple(r[f] for f in FIELDS)
            known[key] = r["verdict"]
            if carried is not None:
                if r.get("carried"):
                    carried[key] = r["carried"]
                else:
                    carried.pop(key, None)
    return known


def compact(path, produced, shas, carried_now=None):
    """Rewrites the record with one line per mutant, sorted, so that its diff shows what a run
    changed: replaced verdicts go, and so do those of an earlier content of a file this run
    mutated (its line numbers and mutants are gone with it). Under the appenders' lock, and from
    the record as it is now, so that the lines other workers added meanwhile stay. `produced`
    are verdicts measured now; `carried_now`, verdicts carried over an edit (mutant -> the
    content they were measured on). Returns the record."""
    # In place, not a new file renamed over it: the other workers' appends go to the file they
    # opened.
    with open(path, "a+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        carried = {}
        known = read_results(path, carried)
        for k, (verdict, source) in (carried_now or {}).items():
            if k not in known:
                known[k], carried[k] = verdict, source
        for k, verdict in produced.items():
            known[k] = verdict
            carried.pop(k, None)
        keep = {k: v for k, v in known.items() if k[0] not in shas or k[1] == shas[k[0]]}
        f.seek(0)
        f.truncate()
        f.write("".join(result_line(k, keep[k], carried.get(k)) for k in sorted(keep)))
    return keep


def versions_in_history(path):
    """The contents `path` has had in git's history (and has now), by sha256: what the record's
    verdicts of an earlier content were measured on."""
    found = {}
    revs = subprocess.run(["git", "-C", ROOT, "log", "--format=%H", "-n", "300", "--", path],
                          capture_output=True, text=True)
    for rev in ([] if revs.returncode else revs.stdout.split()):
        shown = subprocess.run(["git", "-C", ROOT, "show", f"{rev}:{path}"], capture_output=True)
        if shown.returncode == 0:
            found.setdefault(hashlib.sha256(shown.stdout).hexdigest(), shown.stdout)
    return found


def carry_over(known, mutants, originals, shas):
    """Verdicts of an earlier content of a file, for the mutants of its current content whose
    line is unchanged (the same text, matched by difflib around the edit), as incremental
    mutation tools do: an edit of one line does not make a run of hours over the whole file
    start again. A carried verdict was measured on the other content; the report counts them,
    and --rerun-carried measures them again. Returns mutant key -> (verdict, that content's
    sha256)."""
    import bisect
    import difflib

    def lines_and_starts(text):
        lines = text.splitlines(keepends=True)
        return lines, [0] + list(itertools.accumulate(len(line) for line in lines))

    wanted = {(m.file, m.offset, m.length, m.replacement) for m in mutants}
    carried = {}
    for path, text in originals.items():
        old_shas = list(dict.fromkeys(k[1] for k in known if k[0] == path and k[1] != shas[path]))
        if not old_shas:
            continue
        history = versions_in_history(path)
        new_lines, new_starts = lines_and_starts(text)
        for old_sha in old_shas:  # in the record's order: a later content's verdict wins
            old = history.get(old_sha)
            if old is None:
                continue
            old_lines, old_starts = lines_and_starts(old)
            moved = {}  # an unchanged old line -> its new line
            matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
            for tag, i1, i2, j1, _ in matcher.get_opcodes():
                if tag == "equal":
                    moved.update({i: j1 + (i - i1) for i in range(i1, i2)})
            for k, verdict in known.items():
                if k[0] != path or k[1] != old_sha:
                    continue
                _, _, offset, length, replacement = k
                line = bisect.bisect_right(old_starts, offset) - 1
                last = bisect.bisect_right(old_starts, offset + max(length, 1) - 1) - 1  # a condition spans lines
                if any(i not in moved or moved[i] != moved[line] + (i - line) for i in range(line, last + 1)):
                    continue
                new_offset = new_starts[moved[line]] + offset - old_starts[line]
                new_key = (path, shas[path], new_offset, length, replacement)
                if (path, new_offset, length, replacement) in wanted and new_key not in known:
                    carried[new_key] = (verdict, old_sha)
    return carried


EXAMINED = "\n## Survivors, examined"


def examined_section(report):
    """The report's hand-written part, kept across runs: what people found about the survivors.
    A line "- equivalent: DESCRIPTION: why" marks a survivor shown equivalent (the same function
    of the input); it is then left out of the score and listed as such. A line
    "- killed outside the kill suite: DESCRIPTION: by what" marks one that a test the kill suite
    leaves out (a slow one) was seen to kill; it still counts as a survivor in the score."""
    if not os.path.exists(report):
        return ""
    old = open(report, encoding="utf-8").read()
    at = old.find(EXAMINED)
    return old[at:] if at >= 0 else ""


def write_report(args, results, carried=0):
    examined = examined_section(args.report)

    def marked(mark):
        notes = [line[len(mark):] for line in examined.splitlines() if line.startswith(mark)]
        return lambda m: any(e.startswith(m.describe() + ":") or e.startswith(m.describe() + " ") for e in notes)

    shown_equivalent = marked("- equivalent: ")
    killed_outside = marked("- killed outside the kill suite: ")
    results = [(m, "equivalent" if v == "survived" and shown_equivalent(m) else v) for m, v in results]
    lines = ["# Mutation testing", "",
             "Written by `scripts/mutate.py` from the verdicts in `scripts/mutation-results.jsonl` (see the",
             "script's docstring for the mutation operators and the kill suite). Score: killed /",
             "(killed + survived); a mutant that times out counts as killed; one that does not compile,",
             "that compiles to the very same object code as the unmutated file, or that survived and is",
             "shown equivalent below (the same function of the input) is left out.", "",
             "| file | mutants | killed | timed out | survived | equivalent | identical code | did not compile | not yet run | score |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for path in dict.fromkeys(m.file for m, _ in results):
        verdicts = [v for m, v in results if m.file == path]
        k, t, s, e, i, d, n = (verdicts.count(x) for x in
                               ("killed", "timed out", "survived", "equivalent", "identical code", "did not compile",
                                "not yet run"))
        score = f"{100 * (k + t) / (k + t + s):.1f}%" if k + t + s else "-"
        lines.append(f"| `{path}` | {len(verdicts)} | {k} | {t} | {s} | {e} | {i} | {d} | {n} | {score} |")
    if carried:
        lines += ["", f"{carried} of these verdicts were measured on an earlier content of their file and carried",
                  "over its edit, their line being unchanged; `scripts/mutate.py --rerun-carried` measures them",
                  "again."]
    survivors = [m for m, v in results if v == "survived"]
    outside = [m for m in survivors if killed_outside(m)]
    if outside:
        lines += ["", "## Survivors that a test outside the kill suite kills", "",
                  "Counted as survivors in the score above; the test is named under \"Survivors, examined\".", ""]
        lines += [f"- {m.describe()}" for m in outside]
    lines += ["", "## Survivors not yet explained", ""]
    lines += [f"- {m.describe()}" for m in survivors if not killed_outside(m)] or ["None."]
    with open(args.report, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n" + examined)
    return results


if __name__ == "__main__":
    sys.exit(main())
