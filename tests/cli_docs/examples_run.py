#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_docs.examples_run: the man page's output examples are what ftpuri-check prints.

An example block (.EX ... .EE) right after the comment line
    .\\" tests/cli_docs/examples_run.py runs this example and compares the output.
is a shell session: "$ cat FILE" followed by the file's lines, and "$ ftpuri-check ARGS"
followed by what it prints on standard output. The test writes the files in a temporary
directory, runs the commands there with NO_COLOR=1 and compares. With "(wrapped)" in the
comment, the printed output was wrapped for the page: line ends and the spaces that begin the
lines after them are ignored. In the block, a line "\\&" is an empty line of the output and
"\\ " a space that ends a line (--plan's null CWD, "CWD "), which roff would otherwise drop.

Usage: examples_run.py FTPURI_CHECK SOURCE_DIR
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_docs_common as common  # noqa: E402

MARKER = '.\\" tests/cli_docs/examples_run.py runs this example'
ESCAPES = {"\\-": "-", "\\(ha": "^", "\\(ti": "~", "\\(aq": "'", "\\(dq": '"', "\\(ga": "`",
           "\\e": "\\", "\\&": "", "\\ ": " "}


def unescape(line):
    """The text of a line of an .EX block, as the reader sees it."""
    out, i = [], 0
    while i < len(line):
        for escape, text in ESCAPES.items():
            if line.startswith(escape, i):
                out.append(text)
                i += len(escape)
                break
        else:
            if line[i] == "\\":
                raise ValueError(f"an escape the test does not know in {line!r}")
            out.append(line[i])
            i += 1
    return "".join(out)


def examples(source_dir):
    """[(line number, wrapped, [lines])] of the marked example blocks."""
    with open(os.path.join(source_dir, common.MAN_PAGE), encoding="utf-8") as f:
        lines = f.read().splitlines()
    found = []
    for i, line in enumerate(lines):
        if not line.startswith(MARKER):
            continue
        if i + 1 >= len(lines) or lines[i + 1] != ".EX":
            raise ValueError(f"line {i + 1}: the marker is not followed by .EX")
        end = lines.index(".EE", i + 2)
        found.append((i + 1, "(wrapped)" in line, [unescape(x) for x in lines[i + 2:end]]))
    return found


def squeeze(text):
    return re.sub(r"\n *", "", text).strip()


def main():
    exe, source_dir = common.usage_args(sys.argv)
    failures = common.Failures()
    blocks = examples(source_dir)
    failures.check(blocks, f"{len(blocks)} marked examples in the man page",
                   "the man page has no example marked for this test")

    for where, wrapped, lines in blocks:
        with tempfile.TemporaryDirectory() as tmp:
            i = 0
            while i < len(lines):
                line = lines[i]
                if not line.startswith("$ "):
                    failures.fail(f"example at line {where}: expected a '$ ' command, got {line!r}")
                    break
                body_end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("$ ")), len(lines))
                body = lines[i + 1:body_end]
                argv = shlex.split(line[2:])
                if argv[0] == "cat" and len(argv) == 2:
                    with open(os.path.join(tmp, argv[1]), "w", encoding="utf-8") as f:
                        f.write("".join(x + "\n" for x in body))
                elif argv[0] == "ftpuri-check":
                    proc = subprocess.run([exe, *argv[1:]], cwd=tmp, capture_output=True, text=True,
                                          env={**os.environ, "NO_COLOR": "1"}, timeout=60, check=False)
                    expected = "".join(x + "\n" for x in body)
                    same = squeeze(proc.stdout) == squeeze(expected) if wrapped else proc.stdout == expected
                    failures.check(same, f"example at line {where}: '{line[2:]}' prints what the page shows",
                                   f"example at line {where}: '{line[2:]}' prints\n{proc.stdout}"
                                   f"where the page shows\n{expected}")
                else:
                    failures.fail(f"example at line {where}: a command the test cannot run: {line!r}")
                i = body_end

    failures.finish()


if __name__ == "__main__":
    main()
