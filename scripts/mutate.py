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

Each mutant is built incrementally (ccache) in its own build tree, build/mutation by default,
configured on first use, and run against the kill suite: the unit tests, the exhaustive oracle
at its default bound, and the properties at 1,000 cases (ctest, everything but the CLI, the
golden files and the slow tests), under a time limit. It is then killed (a test failed),
survived (all passed), timed out, or did not compile. The source file is restored after every
mutant, and on Ctrl-C.

    scripts/mutate.py --files src/scanner.hpp --sample 12 --seed 7
    scripts/mutate.py --list --files src/pct.cpp          # the mutants, without running them
    scripts/mutate.py                                     # every mutant of every listed file

It ends by printing "mutation score: KILLED/TOTAL" (TOTAL: killed + survived; timeouts count
as killed, as mutation tools count them, and non-compiling mutants are left out) and writes a
Markdown report (docs/mutation.md by default): a table per file, and each survivor with its
file, line and change.
"""

import argparse
import dataclasses
import json
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The files issue 18 names, and the translation unit libclang parses each from (a header is
# seen through a .cpp that includes it).
DEFAULT_FILES = {
    "src/scanner.hpp": "src/parse.cpp",
    "src/plain_scan.hpp": "src/parse.cpp",
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

# What the kill suite leaves out: the CLI (not mutated), goldens, the slow and install tests.
EXCLUDED_LABELS = "cli|golden|cli_docs|cli_unit|e2e|install|embedding|abi|bench|slow|cli_memory|host_class|example"

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

    def describe(self):
        return f"{self.file}:{self.line}: {self.kind}: `{self.original}` -> `{self.replacement}`"


def compile_args(build, tu):
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        for entry in json.load(f):
            if os.path.realpath(entry["file"]) == os.path.realpath(os.path.join(ROOT, tu)):
                args = shlex.split(entry["command"])[1:]
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


def mutants_of(path, tu, build):
    import clang.cindex as ci

    text = open(os.path.join(ROOT, path), "rb").read()
    index = ci.Index.create()
    unit = index.parse(os.path.join(ROOT, tu), args=compile_args(build, tu))
    target = os.path.realpath(os.path.join(ROOT, path))
    found = {}

    def add(start, end, replacement, kind, line):
        original = text[start:end].decode("utf-8", "replace")
        if original == replacement:
            return
        key = (start, end, replacement)
        if key not in found:
            found[key] = Mutant(path, start, end - start, replacement, kind, line, original)

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


def configure(build):
    if os.path.exists(os.path.join(build, "compile_commands.json")):
        return
    print(f"mutate: configuring {build} (GCC, Release, ccache, no CLI)", flush=True)
    result = run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                  "-DCMAKE_CXX_COMPILER=g++", "-DCMAKE_C_COMPILER=gcc", "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
                  "-DFTPURI_BUILD_CLI=OFF", "-DFTPURI_PROPS_MAX_SUCCESS=1000"])
    if result is None or result.returncode != 0:
        raise SystemExit(f"mutate: cmake failed:\n{result.stderr if result else ''}")


def build_all(build, jobs):
    return run(["cmake", "--build", build, "-j", str(jobs)])


def kill_suite(build, jobs, timeout):
    env = dict(os.environ, RC_PARAMS="max_success=1000")
    started = time.monotonic()
    result = run(["ctest", "--test-dir", build, "-j", str(jobs), "-LE", EXCLUDED_LABELS, "--stop-on-failure"],
                 timeout=timeout, env=env)
    return result, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", nargs="+", default=list(DEFAULT_FILES), help="files of src/ to mutate")
    parser.add_argument("--sample", type=int, default=0, help="run a random sample of this many mutants")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed")
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build/mutation"))
    parser.add_argument("--timeout", type=int, default=0,
                        help="seconds per mutant's tests (default: three times the unmutated run, at least 120)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--report", default=os.path.join(ROOT, "docs/mutation.md"))
    parser.add_argument("--list", action="store_true", help="print the mutants and stop")
    args = parser.parse_args()

    build = os.path.abspath(args.build_dir)
    configure(build)
    mutants = []
    for path in args.files:
        tu = DEFAULT_FILES.get(path, path if path.endswith(".cpp") else None)
        if tu is None:
            raise SystemExit(f"mutate: which .cpp includes {path}? (add it to DEFAULT_FILES)")
        found = mutants_of(path, tu, build)
        print(f"mutate: {path}: {len(found)} mutants", flush=True)
        mutants += found
    if args.sample and args.sample < len(mutants):
        mutants = sorted(random.Random(args.seed).sample(mutants, args.sample), key=lambda m: (m.file, m.offset))
    if args.list:
        for m in mutants:
            print(m.describe())
        return 0

    print("mutate: building and running the unmutated suite", flush=True)
    built = build_all(build, args.jobs)
    if built is None or built.returncode != 0:
        raise SystemExit(f"mutate: the unmutated build fails:\n{built.stdout[-2000:] if built else ''}")
    baseline, seconds = kill_suite(build, args.jobs, None)
    if baseline is None or baseline.returncode != 0:
        raise SystemExit(f"mutate: the unmutated suite fails:\n{baseline.stdout[-2000:] if baseline else ''}")
    timeout = args.timeout or max(120, int(3 * seconds))
    print(f"mutate: the suite takes {seconds:.0f} s; {timeout} s per mutant", flush=True)

    originals = {}
    current = {"file": None}

    def restore(*_):
        if current["file"]:
            with open(os.path.join(ROOT, current["file"]), "wb") as f:
                f.write(originals[current["file"]])
            current["file"] = None

    def interrupted(*_):
        restore()
        raise SystemExit("mutate: interrupted; the file is restored")

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    results = []
    for n, m in enumerate(mutants, 1):
        path = os.path.join(ROOT, m.file)
        originals.setdefault(m.file, open(path, "rb").read())
        text = originals[m.file]
        mutated = text[:m.offset] + m.replacement.encode() + text[m.offset + m.length:]
        current["file"] = m.file
        started = time.monotonic()
        try:
            with open(path, "wb") as f:
                f.write(mutated)
            built = build_all(build, args.jobs)
            if built is None or built.returncode != 0:
                verdict = "did not compile"
            else:
                tested, _ = kill_suite(build, args.jobs, timeout)
                verdict = "timed out" if tested is None else "killed" if tested.returncode != 0 else "survived"
        finally:
            restore()
        results.append((m, verdict))
        print(f"mutate: [{n}/{len(mutants)}] {verdict:15} {m.describe()} ({time.monotonic() - started:.0f} s)",
              flush=True)
    build_all(build, args.jobs)  # leave the tree built from the restored sources

    killed = sum(v in ("killed", "timed out") for _, v in results)
    survived = sum(v == "survived" for _, v in results)
    write_report(args, results)
    print(f"mutation score: {killed}/{killed + survived}")
    return 0


def write_report(args, results):
    lines = ["# Mutation testing", "",
             "Written by `scripts/mutate.py " + " ".join(sys.argv[1:]) + "` (see its docstring for the",
             "mutation operators and the kill suite). Score: killed / (killed + survived); a mutant",
             "that times out counts as killed, one that does not compile is left out.", "",
             "| file | mutants | killed | timed out | survived | did not compile | score |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for path in dict.fromkeys(m.file for m, _ in results):
        verdicts = [v for m, v in results if m.file == path]
        k, t, s, d = (verdicts.count(x) for x in ("killed", "timed out", "survived", "did not compile"))
        score = f"{100 * (k + t) / (k + t + s):.0f}%" if k + t + s else "-"
        lines.append(f"| `{path}` | {len(verdicts)} | {k} | {t} | {s} | {d} | {score} |")
    lines += ["", "## Survivors", ""]
    survivors = [m for m, v in results if v == "survived"]
    lines += [f"- {m.describe()}" for m in survivors] or ["None."]
    # What people wrote about the survivors (a test that kills one, or why one is equivalent)
    # outlives the run that lists them: the report's "## Survivors, examined" section is kept.
    examined = ""
    if os.path.exists(args.report):
        old = open(args.report, encoding="utf-8").read()
        at = old.find("\n## Survivors, examined")
        if at >= 0:
            examined = old[at:]
    with open(args.report, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n" + examined)


if __name__ == "__main__":
    sys.exit(main())
