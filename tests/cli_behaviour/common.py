# SPDX-License-Identifier: Apache-2.0
"""Shared by the cli_behaviour tests: the command line, running ftpuri-check, the examples of
docs/diagnostics.md, and SARIF helpers.

Every test script is run as

    /usr/bin/python3 SCRIPT FTPURI_CHECK SOURCE_DIR [unittest arguments]

Stdlib only (plus jsonschema in sarif_schema); reads nothing outside SOURCE_DIR and the
temporary directories it creates.

FTPURI_TEST_SCALE (a float) scales the large generated inputs of parallel_order and big_input;
unset, it is 1, or 0.1 when the binary is built with AddressSanitizer.
"""

import functools
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

EXE = None
SOURCE_DIR = None
TIMEOUT = 300


def main():
    """Takes FTPURI_CHECK and SOURCE_DIR off the command line, then runs unittest."""
    global EXE, SOURCE_DIR
    if len(sys.argv) < 3:
        sys.exit(f"usage: {sys.argv[0]} FTPURI_CHECK SOURCE_DIR [unittest arguments]")
    EXE = os.path.abspath(sys.argv[1])
    SOURCE_DIR = os.path.abspath(sys.argv[2])
    del sys.argv[1:3]
    unittest.main(module="__main__", verbosity=2)


def sanitized():
    """True when the binary is built with AddressSanitizer (its runtime's symbols are in it,
    or it links libasan)."""
    try:
        with open(EXE, "rb") as f:
            return b"__asan_init" in f.read()
    except OSError:
        return False


def scale():
    """FTPURI_TEST_SCALE when set, else 0.1 for a sanitizer build (ten times slower), else 1."""
    text = os.environ.get("FTPURI_TEST_SCALE")
    if text is None:
        return 0.1 if sanitized() else 1.0
    try:
        return max(float(text), 0.001)
    except ValueError:
        return 1.0


def base_env(**extra):
    """A minimal environment: NO_COLOR unset, LC_ALL=C, sanitizer options passed on."""
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C"}
    for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "MSAN_OPTIONS",
                 "LLVM_PROFILE_FILE"):
        if name in os.environ:
            env[name] = os.environ[name]
    env.update(extra)
    return env


def run(args, stdin=b"", cwd=None, env=None, timeout=TIMEOUT):
    """CompletedProcess of ftpuri-check with bytes stdout and stderr."""
    return subprocess.run([EXE, *args], input=stdin, capture_output=True, cwd=cwd,
                          env=env if env is not None else base_env(), timeout=timeout, check=False)


class TempDirTest(unittest.TestCase):
    """A test with a fresh temporary directory in self.dir, removed afterwards."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="ftpuri-cli-")
        self.dir = self._tmp.name

    def tearDown(self):
        for root, dirs, files in os.walk(self.dir):
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o755)
        self._tmp.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, data, mode=None):
        path = self.path(name)
        with open(path, "wb") as f:
            f.write(data)
        if mode is not None:
            os.chmod(path, mode)
        return path

    def read(self, name):
        with open(self.path(name), "rb") as f:
            return f.read()


# ---- docs/diagnostics.md ---------------------------------------------------------------------

PROFILES = ("strict", "rfc3986", "lenient")
ABSENT = "\u2014"  # the em dash of the table: the id does not occur in that profile


@functools.lru_cache(maxsize=None)
def corpus_build():
    """corpus/build.py as a module, loaded once."""
    spec = importlib.util.spec_from_file_location("corpus_build", os.path.join(SOURCE_DIR, "corpus", "build.py"))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


def decode_example(text):
    """The bytes of an example in the notation of docs/diagnostics.md ('Notation for the
    examples'), decoded by the one decoder of that notation, corpus/build.py's (which builds
    the fuzzers' seeds from the same table)."""
    return corpus_build().decode_notation(text)


def split_row(line):
    """The cells of a markdown table row, splitting at '|' but not at '\\|'."""
    cells, cell, i = [], "", 0
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            cell += body[i:i + 2]
            i += 2
            continue
        if body[i] == "|":
            cells.append(cell.strip())
            cell = ""
        else:
            cell += body[i]
        i += 1
    cells.append(cell.strip())
    return cells


class Example:
    def __init__(self, diag_id, severities, example, offset, length, why="", anchor=None):
        self.id = diag_id
        self.anchor = anchor  # the row's <a id="..."> (the helpUri fragment), None without one
        self.why = why  # the "why it matters" cell, as written
        self.severities = severities  # {"strict": "error" or None, ...}
        self.bytes = example
        self.offset = offset
        self.length = length
        # The example is for the first profile in which the id occurs.
        self.profile = next(p for p in PROFILES if severities[p] is not None)


def doc_examples():
    """Every row of the 'Every id' table of docs/diagnostics.md, in order."""
    path = os.path.join(SOURCE_DIR, "docs", "diagnostics.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Every id")
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            continue
        cells = split_row(line)
        if cells[0] == "id" or set(cells[0]) <= set("-"):
            continue
        diag_id, strict, rfc, lenient, example, offset, length = cells[:7]
        anchor = re.match(r'<a id="([^"]*)"></a>', diag_id)  # the row's anchor precedes its id
        if anchor:
            diag_id = diag_id[anchor.end():].strip()
        m = re.fullmatch(r"`(.*)`", example)
        if not m:
            raise ValueError(f"docs/diagnostics.md: the example of {diag_id} is not in backticks")
        severities = {p: (None if s == ABSENT else s) for p, s in zip(PROFILES, (strict, rfc, lenient))}
        why = cells[7] if len(cells) > 7 else ""
        rows.append(Example(diag_id, severities, decode_example(m.group(1)), int(offset), int(length), why,
                            anchor.group(1) if anchor else None))
    if not rows:
        raise ValueError("docs/diagnostics.md has no rows under '## Every id'")
    return rows


def rules_json():
    """`ftpuri-check --rules --format=json`, parsed: one dict per id."""
    proc = run(["--rules", "--format=json"])
    if proc.returncode != 0:
        raise RuntimeError(f"--rules --format=json exited {proc.returncode}")
    return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]


# ---- code points -----------------------------------------------------------------------------

def utf8_sequence_length(data, i):
    """The length of the well-formed UTF-8 sequence at data[i] (RFC 3629), or 0."""
    b0 = data[i]
    if b0 < 0x80:
        return 1
    for n in (2, 3, 4):
        chunk = data[i:i + n]
        if len(chunk) == n:
            try:
                chunk.decode("utf-8")
                return n
            except UnicodeDecodeError:
                pass
    return 0


def code_point_column(data, offset):
    """The 1-based code point column of byte `offset` of `data`: a byte that is not part of a
    UTF-8 sequence counts one, as do bytes past the end."""
    column, i = 1, 0
    while i < len(data) and i < offset:
        n = utf8_sequence_length(data, i)
        i += n or 1
        column += 1
    if offset > len(data):
        column += offset - len(data)
    return column


def apply_replacements(line, replacements):
    """`line` (bytes, one line) with SARIF replacements (deletedRegion in code point columns,
    insertedContent.text) applied; the regions must not overlap."""
    # Code point index -> byte offset.
    starts = []
    i = 0
    while i < len(line):
        starts.append(i)
        i += utf8_sequence_length(line, i) or 1
    starts.append(len(line))

    def byte_of(column):
        return starts[column - 1] if column - 1 < len(starts) else len(line)

    out = line
    for r in sorted(replacements, key=lambda r: r["deletedRegion"]["startColumn"], reverse=True):
        region = r["deletedRegion"]
        begin, end = byte_of(region["startColumn"]), byte_of(region["endColumn"])
        out = out[:begin] + r["insertedContent"]["text"].encode("utf-8") + out[end:]
    return out
