# SPDX-License-Identifier: Apache-2.0
"""Shared by the cli_docs tests: reading the man page's roff, and running ftpuri-check.

Stdlib only; run with /usr/bin/python3.
"""

import os
import re
import subprocess
import sys

MAN_PAGE = os.path.join("docs", "ftpuri-check.1")
COMPLETION = os.path.join("completions", "ftpuri-check.bash")
HERE = os.path.dirname(os.path.abspath(__file__))

# A diagnostic id: a namespace, a dot, a kebab-case name (host.empty-label).
ID_PATTERN = r"[a-z0-9]+\.[a-z0-9]+(?:-[a-z0-9]+)*"


def usage_args(argv):
    """(exe, source_dir) from the command line; every cli_docs test takes the same two."""
    if len(argv) != 3:
        sys.exit(f"usage: {argv[0]} FTPURI_CHECK SOURCE_DIR")
    return os.path.abspath(argv[1]), os.path.abspath(argv[2])


def run(exe, *args):
    """stdout of `exe args`; a non-zero exit status or a crash raises RuntimeError."""
    proc = subprocess.run([exe, *args], capture_output=True, text=True, errors="replace",
                          env={**os.environ, "NO_COLOR": "1"}, timeout=60, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"'{exe} {' '.join(args)}' exited with status {proc.returncode}: "
                           f"{proc.stderr.strip()[:500]}")
    return proc.stdout


def read_man(source_dir):
    """The man page's lines, with comment lines and trailing comments removed."""
    with open(os.path.join(source_dir, MAN_PAGE), encoding="utf-8") as f:
        lines = f.read().splitlines()
    out = []
    for line in lines:
        if line.startswith('.\\"') or line.startswith("'\\\""):
            continue
        line = re.sub(r'\\".*', "", line)
        out.append(line)
    return out


def section(lines, name):
    """The lines of the section .SH NAME (up to the next .SH), without the .SH line."""
    out, inside = [], False
    for line in lines:
        if re.match(r"\.SH\b", line):
            title = line[3:].strip().strip('"')
            inside = title == name
            continue
        if inside:
            out.append(line)
    if not out:
        raise RuntimeError(f"the man page has no section .SH {name}")
    return out


def strip_fonts(text):
    """Removes font changes and zero-width escapes (\\fB, \\f(CR, \\f[I], \\&, \\%, \\c), keeping
    the roff's \\- so that option dashes stay recognizable."""
    text = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", text)
    return re.sub(r"\\[&%c:]", "", text)


def plain(text):
    """Roff text as it reads: fonts removed, \\- as '-'."""
    return strip_fonts(text).replace("\\-", "-")


def man_options(lines):
    """The options named in roff lines, written \\-\\-name or \\-x, as '--name' and '-x'."""
    text = strip_fonts("\n".join(lines))
    found = set()
    for m in re.finditer(r"(?<![\w\\-])\\-\\-([a-z0-9]+(?:\\-[a-z0-9]+)*)", text):
        found.add("--" + m.group(1).replace("\\-", "-"))
    for m in re.finditer(r"(?<![\w\\-])\\-([A-Za-z0-9])(?![\w\\])", text):
        found.add("-" + m.group(1))
    return found


def help_options(help_text):
    """The option names of `ftpuri-check --help`: the first column of the lines that begin,
    after some indentation, with a dash ('  -f,--file FILE ...', '  -q, --quiet')."""
    found = set()
    for line in help_text.splitlines():
        m = re.match(r"\s{1,8}(-[^\s,]+(?:\s*,\s*-[^\s,]+)*)", line)
        if not m:
            continue
        for name in re.split(r"\s*,\s*", m.group(1)):
            name = re.split(r"[=\[<:]", name, maxsplit=1)[0]
            if re.fullmatch(r"-[A-Za-z0-9]|--[a-z0-9][a-z0-9-]*", name):
                found.add(name)
    return found


def completion_replies(source_dir, *words, env=None):
    """COMPREPLY of the bash completion for the command line `words`, the last word being
    completed (see complete.sh)."""
    proc = subprocess.run(["bash", os.path.join(HERE, "complete.sh"),
                           os.path.join(source_dir, COMPLETION), *words],
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"completing {words!r} failed (status {proc.returncode}): {proc.stderr.strip()}")
    return [line for line in proc.stdout.splitlines() if line]


def rules(exe):
    """(all ids, opt-in ids) from `ftpuri-check --rules`: the first column of each line, and
    the ids of the lines with the word opt-in."""
    all_ids, opt_in = [], []
    for line in run(exe, "--rules").splitlines():
        m = re.match(rf"({ID_PATTERN})(\s|$)", line)
        if not m:
            continue
        all_ids.append(m.group(1))
        if re.search(r"(^|[^\w.-])opt-in($|[^\w-])", line[m.end(1):]):
            opt_in.append(m.group(1))
    if not all_ids:
        raise RuntimeError(f"'{exe} --rules' printed no ids")
    return all_ids, opt_in


class Failures:
    """Collects failures, prints ok lines, and exits 1 at the end if anything failed."""

    def __init__(self):
        self.count = 0

    def check(self, condition, ok, failure):
        if condition:
            print(f"ok: {ok}")
        else:
            print(f"FAIL: {failure}")
            self.count += 1

    def fail(self, failure):
        self.check(False, "", failure)

    def finish(self):
        if self.count:
            print(f"{self.count} failure(s)")
            sys.exit(1)
        print("all checks pass")
