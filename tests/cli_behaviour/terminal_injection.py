#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.terminal_injection: nothing from an input or a file name drives the terminal.

docs/behaviour.md ("Diagnostics"): text output never writes a raw control character (C0, DEL, C1) or a
bidirectional control (U+202A-U+202E, U+2066-U+2069) taken from an input or a file name; it
shows them escaped (<1B>, <U+202E>), the caret still aligned. JSON, SARIF and the code quality
report write them as \\uXXXX; GitHub's workflow commands show a file name as the text format does. A byte that is not UTF-8 is shown as <XX>: to a terminal that reads 8-bit controls, a
lone 0x9B is a CSI.

Thousands of seeded random lines mix ftp URI fragments with every C0 byte, DEL, the C1
controls and the bidirectional controls in UTF-8, and bytes that are not UTF-8. They go
through ftpuri-check in every profile and format, with --stats, with --fix and --fix
--in-place, with --plan, as arguments, and in files whose names hold the same characters (and as
missing files with such names, and in --diff's headers, which quote them as git does); option
values that CLI11 echoes in its errors too. --plan's arguments are decoded, so the same units go through it percent-encoded as well, in every mode:
each command line must be the escaped echo of its decoded argument. Every stdout and
stderr must be UTF-8 with no such character raw but the newlines that end lines. In the text
format each caret must stand under the escaped echo of the bytes its diagnostic points at
(the offsets and lengths come from --format=json on the same file).

Usage: terminal_injection.py FTPURI_CHECK SOURCE_DIR
"""

import json
import os
import random
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

SEED = 20240611
LINE_COUNT = 4000

BIDI = [chr(c) for c in list(range(0x202A, 0x202F)) + list(range(0x2066, 0x206A))]
C1 = [chr(c) for c in range(0x80, 0xA0)]
# Every dangerous unit: each C0 byte but the line end, DEL, C1 and bidi controls as UTF-8,
# and bytes that are not UTF-8 (lone bytes, a cut sequence, an overlong form, a surrogate).
DANGEROUS = ([bytes([b]) for b in range(0x20) if b != 0x0A] + [b"\x7f"]
             + [c.encode() for c in C1 + BIDI]
             + [bytes([b]) for b in (0x80, 0x9B, 0x9D, 0xC2, 0xE2, 0xED, 0xF5, 0xFF)]
             + [b"\xe2\x80", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x1b[31m", b"\x1b]0;x\x07"])
# Harmless non-ASCII, so that escaping is seen next to characters that stay as they are.
BENIGN = ["\u00e9".encode(), "\u4e2d".encode(), "\U0001f600".encode(), "\u200f".encode()]
FRAGMENTS = [b"ftp://", b"FTP://", b"ftp:", b"//", b"u", b"user", b":pw", b":", b"@", b"h", b"host.example",
             b"[::1]", b":21", b":2121", b"/", b"/pub/", b"a", b"b.txt", b"%2f", b"%2F", b"%41", b"%zz", b"%",
             b";type=a", b";type=x", b"?q", b"#frag", b"..", b".", b"\\", b" ", b"x" * 20]


def make_line(rng):
    parts = [b"ftp://h/"] if rng.random() < 0.5 else []
    for _ in range(rng.randint(0, 12)):
        r = rng.random()
        if r < 0.35:
            parts.append(rng.choice(DANGEROUS))
        elif r < 0.45:
            parts.append(rng.choice(BENIGN))
        else:
            parts.append(rng.choice(FRAGMENTS))
    return b"".join(parts)


def make_lines(seed, count):
    rng = random.Random(seed)
    lines = [make_line(rng) for _ in range(count)]
    # Every dangerous unit at least once, alone and after a valid prefix.
    lines += [unit for unit in DANGEROUS] + [b"ftp://h/a" + unit + b"b/%2fc" for unit in DANGEROUS]
    return lines


# ---- what may be written -----------------------------------------------------------------------

FORBIDDEN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def first_problem(data):
    """None when `data` is UTF-8 without a forbidden character; else where and what."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return f"byte {e.start} is not UTF-8: {data[max(0, e.start - 40):e.start + 20]!r}"
    m = FORBIDDEN.search(text)
    if m is None:
        return None
    return f"raw U+{ord(m.group()):04X} at character {m.start()}: {text[max(0, m.start() - 40):m.start() + 20]!r}"


# ---- the text format's echo, as docs/behaviour.md says it is shown ------------------------------------

def utf8_length(data, i):
    return common.utf8_sequence_length(data, i)


# What the text format's escapes look like: "<0D>", "<U+202E>".
LOOKS_LIKE_ESCAPE = re.compile(rb"<(?:[0-9A-F]{2}|U\+[0-9A-F]{4,6})>")


def escaped_units(data):
    """(byte offset, byte count, shown text) for each character of `data`, escaped."""
    units, i = [], 0
    while i < len(data):
        n = utf8_length(data, i)
        if n == 0:
            units.append((i, 1, f"<{data[i]:02X}>"))
            i += 1
            continue
        ch = data[i:i + n].decode("utf-8")
        cp = ord(ch)
        if ch == "<" and LOOKS_LIKE_ESCAPE.match(data, i):
            shown = "<3C>"  # a literal '<' that could be read as an escape
        elif cp < 0x20 or cp == 0x7F:
            shown = f"<{cp:02X}>"
        elif 0x80 <= cp <= 0x9F or 0x202A <= cp <= 0x202E or 0x2066 <= cp <= 0x2069:
            shown = f"<U+{cp:04X}>"
        else:
            shown = ch
        units.append((i, n, shown))
        i += n
    return units


def sanitized(data):
    """`data` as JSON carries it: each byte that is not part of a UTF-8 character is U+FFFD."""
    out, i = [], 0
    while i < len(data):
        n = utf8_length(data, i)
        out.append("\ufffd" if n == 0 else data[i:i + n].decode("utf-8"))
        i += max(n, 1)
    return "".join(out)


def escaped(data):
    return "".join(shown for _, _, shown in escaped_units(data))


def echo_columns(data):
    """The display column of every byte of `data` (a byte inside a character: its character's),
    and of its end; a column is a code point of the echo."""
    columns = [0] * (len(data) + 1)
    column = 0
    for offset, n, shown in escaped_units(data):
        for k in range(n):
            columns[offset + k] = column
        column += len(shown)
    columns[len(data)] = column
    return columns


def unit_end(data, offset):
    """`offset` moved forward to the end of the character it falls inside."""
    for start, n, _ in escaped_units(data):
        if start < offset < start + n:
            return start + n
    return offset


# The SGR sequences of the text format's colours (src/cli/text_writer.cpp).
COLOURS = re.compile(rb"\x1b\[(?:0|1|1;3[1256])m")

HEADER = re.compile(r"^(?P<name>.*):(?P<line>\d+):(?P<col>\d+): (?P<level>error|warning|note): .* \[(?P<id>[a-z0-9.-]+)\]$")


class TerminalInjection(common.TempDirTest):
    @classmethod
    def setUpClass(cls):
        cls.lines = make_lines(SEED, LINE_COUNT)

    def assert_safe(self, proc, what):
        for stream, data in (("stdout", proc.stdout), ("stderr", proc.stderr)):
            problem = first_problem(data)
            self.assertIsNone(problem, f"{what}: {stream}: {problem}")

    def run_safe(self, args, what, stdin=b"", codes=(0, 1, 2)):
        proc = common.run(args, stdin=stdin, cwd=self.dir)
        self.assertIn(proc.returncode, codes, f"{what}: {proc.stderr[-500:]!r}")
        self.assert_safe(proc, what)
        return proc

    def write_lines(self, name, lines):
        return self.write(name, b"".join(line + b"\n" for line in lines))

    def test_every_format_and_profile(self):
        self.write_lines("lines.txt", self.lines)
        for profile in common.PROFILES:
            for extra in (["--format=text"], ["--format=json"], ["--format=sarif"], ["--format=github"],
                          ["--format=codeclimate"], ["--stats"], ["--stats", "--format=json", "-q"], ["--fix"], ["--fix", "--redact-password"],
                          ["--error-on-warning", "--stats", "-q"], ["--plan"], ["--plan", "--format=json"],
                          ["--plan", "--show-password"]):
                with self.subTest(profile=profile, extra=extra):
                    what = f"--profile={profile} {' '.join(extra)}"
                    self.run_safe([f"--profile={profile}", *extra, "-f", "lines.txt"], what, codes=(0, 1))
                    self.run_safe([f"--profile={profile}", *extra], what + " on stdin",
                                  stdin=b"".join(line + b"\n" for line in self.lines[:500]), codes=(0, 1))

    def test_colours_are_the_only_escapes(self):
        # --color=always writes the tool's own SGR sequences, and only those.
        self.write_lines("lines.txt", self.lines)
        for profile in common.PROFILES:
            with self.subTest(profile=profile):
                proc = common.run([f"--profile={profile}", "--color=always", "-f", "lines.txt"], cwd=self.dir)
                self.assertIn(proc.returncode, (0, 1))
                self.assertIn(b"\x1b[1m", proc.stdout)
                for data in (proc.stdout, proc.stderr):
                    self.assertIsNone(first_problem(COLOURS.sub(b"", data)), f"--profile={profile} --color=always")

    def test_arguments(self):
        # argv cannot hold NUL.
        args = [line for line in self.lines if b"\x00" not in line and not line.startswith(b"-")][:800]
        for extra in ([], ["--format=json"], ["--format=sarif"], ["--fix"], ["--plan"]):
            with self.subTest(extra=extra):
                self.run_safe(["--profile=lenient", *extra, "--", *args], f"arguments {extra}", codes=(0, 1))

    def test_plans_of_encoded_units(self):
        # Every dangerous unit percent-encoded, in a directory, a name and a password: --plan
        # decodes them. In the text format each command is the escaped echo of its decoded
        # argument; in JSON, the plan decodes to the argument (U+FFFD for bytes not UTF-8).
        def pct(unit):
            return b"".join(b"%%%02X" % b for b in unit)
        lines = [b"ftp://u:p" + pct(unit) + b"@h/d" + pct(unit) + b"/n" + pct(unit) for unit in DANGEROUS]
        self.write_lines("encoded.txt", lines)
        for profile in ("rfc3986", "lenient"):  # strict refuses the decoded C0 controls
            for mode in ("rfc1738", "multicwd", "singlecwd", "nocwd"):
                args = [f"--profile={profile}", "--plan", f"--plan-mode={mode}", "--show-password",
                        "-f", "encoded.txt"]
                with self.subTest(profile=profile, mode=mode):
                    text = self.run_safe(args, f"--plan {profile} {mode}", codes=(0, 1)).stdout.decode()
                    records = [json.loads(r) for r in
                               self.run_safe(args + ["--format=json"], f"--plan --format=json {profile} {mode}",
                                             codes=(0, 1)).stdout.splitlines()]
                    self.assertEqual(len(lines), len(records))
                    plans = [r for r in records if r["plan"] is not None]
                    self.assertTrue(plans, "no URI was planned")
                    for unit, record in zip(DANGEROUS, records):
                        if record["plan"] is None:
                            continue
                        shown = escaped(b"n" + unit)
                        last = "RETR " + (escaped(b"d" + unit) + "/" if mode == "nocwd" else "") + shown
                        self.assertIn("\n" + last + "\n\n", text, f"{unit!r} in {mode}")
                        self.assertIn("PASS " + escaped(b"p" + unit) + "\n", text, f"{unit!r}")
                        argument = (b"d" + unit + b"/" if mode == "nocwd" else b"") + b"n" + unit
                        self.assertEqual("RETR " + sanitized(argument), record["plan"][-1], f"{unit!r} in {mode}")

    def test_option_values_in_usage_errors(self):
        for unit in DANGEROUS:
            if b"\x00" in unit:
                continue
            for args in (["--format", b"x" + unit], ["--disable", b"x" + unit], ["--enable", b"host." + unit],
                         ["--max-length", unit + b"1"], ["--profile", unit], [b"--no-such-" + unit],
                         ["--plan", "--plan-mode", unit], ["--plan", "--anonymous-password", b"x" + unit]):
                with self.subTest(args=args):
                    # CLI11 trims spaces around a number: "\t1" is a valid --max-length.
                    self.run_safe(args, f"usage error {args!r}")

    def test_file_names(self):
        names = [b"n" + unit + b".txt" for unit in DANGEROUS if b"\x00" not in unit and b"/" not in unit]
        names.append(b"".join(unit for unit in DANGEROUS if b"\x00" not in unit and b"/" not in unit))
        content = b"".join(line + b"\n" for line in self.lines[:40] + [b"FTP://H/a/./b", b"ftp://h/a b"])
        for name in names:
            with open(os.path.join(os.fsencode(self.dir), name), "wb") as f:
                f.write(content)
        for name in names:
            missing = b"missing-" + name
            for extra in (["--format=text"], ["--format=json"], ["--format=sarif"], ["--format=github"],
                          ["--format=codeclimate"], ["--stats"], ["--fix"]):
                with self.subTest(name=name, extra=extra):
                    proc = self.run_safe([*extra, "-f", name, "-f", missing], f"{extra} -f {name!r}", codes=(2,))
                    self.assertIn(f"ftpuri-check: {escaped(missing)}: No such file or directory\n".encode(),
                                  proc.stderr)
                    if extra in (["--format=text"], ["--stats"]):
                        for line in proc.stdout.decode().splitlines():
                            m = HEADER.match(line)
                            if m:
                                self.assertEqual(escaped(name), m.group("name"))
            with self.subTest(name=name, in_place=True):
                copy = b"copy-" + name
                with open(os.path.join(os.fsencode(self.dir), copy), "wb") as f:
                    f.write(content)
                proc = self.run_safe(["--fix", "--in-place", copy, missing], f"--in-place {copy!r}", codes=(2,))
                self.assertIn(f"ftpuri-check: {escaped(copy)}: ".encode(), proc.stderr)
                self.assertIn(f"ftpuri-check: {escaped(missing)}: ".encode(), proc.stderr)
            with self.subTest(name=name, diff=True):
                # --diff: the body is the file's own lines (patch needs them as they are), so
                # the file holds only a line that --fix changes; the name is in the headers.
                changed = b"diff-" + name
                with open(os.path.join(os.fsencode(self.dir), changed), "wb") as f:
                    f.write(b"FTP://H/a\n")
                proc = self.run_safe(["--diff", "--", changed, missing], f"--diff {changed!r}", codes=(2,))
                self.assertIn(b"\n@@ -1 +1 @@\n-FTP://H/a\n+ftp://h/a\n", proc.stdout)
                self.assertIn(f"ftpuri-check: {escaped(missing)}: ".encode(), proc.stderr)
            with self.subTest(name=name, progress=True):
                proc = common.run(["--progress=always", "-q", "-f", name], cwd=self.dir)
                # The bar's own "\r" starts each redraw; what follows is the name, escaped.
                shown = escaped(name)
                if len(shown.encode()) > 40:
                    shown = "..." + shown.encode()[-37:].decode("utf-8", "ignore")
                redraws = [r for r in proc.stderr.split(b"\r") if r and r != b"\n"]
                self.assertTrue(redraws, proc.stderr)
                for redraw in redraws:
                    self.assertTrue(redraw.startswith(shown.encode() + b": "), f"{redraw!r} for {name!r}")
                    self.assertIsNone(first_problem(redraw.rstrip(b"\n")), f"progress bar for {name!r}")

    def test_json_writes_line_separators_escaped(self):
        # U+2028 and U+2029 are valid raw in JSON, but JavaScript before ES2019 and Python's
        # str.splitlines() end a line there: records read line by line would be cut. Every JSON
        # format writes them as \u2028 and \u2029 (U+0085 is a C1 control, escaped already),
        # from an input, a decoded plan argument and a file name alike.
        separators = ["\u2028", "\u2029", "\u0085"]
        lines = []
        for sep in separators:
            raw, pct = sep.encode(), "".join(f"%{b:02X}" for b in sep.encode()).encode()
            lines += [b"ftp://h/a" + raw + b"b", b"ftp://h/a" + pct + b"b", b"ftp://u" + pct + b"@h/d" + pct + b"/n",
                      b"ftp://h/a b" + raw, raw + b"ftp://h/"]
        name = "lines\u2028\u2029.txt".encode()
        with open(os.path.join(os.fsencode(self.dir), name), "wb") as f:
            f.write(b"".join(line + b"\n" for line in lines))
        for profile in common.PROFILES:
            for extra in (["--format=json"], ["--format=json", "--plan"], ["--format=sarif"],
                          ["--format=codeclimate"], ["--stats", "--format=json"]):
                with self.subTest(profile=profile, extra=extra):
                    proc = self.run_safe([f"--profile={profile}", *extra, "-f", name], f"{profile} {extra}",
                                         codes=(0, 1))
                    text = proc.stdout.decode()  # stderr is text (--stats), where they are shown
                    for sep in ("\u2028", "\u2029"):
                        self.assertNotIn(sep, text, f"{profile} {extra}: raw U+{ord(sep):04X}")
                    if extra[0] == "--format=json" and "--stats" not in extra:
                        records = proc.stdout.decode().splitlines()
                        self.assertEqual(len(lines), len(records))
                        for record, line in zip(map(json.loads, records), lines):
                            self.assertEqual(sanitized(line), record["input"])

    def test_carets_stay_under_their_bytes(self):
        # Lines without ':' after the scheme and with no '@' have no password to mask, so the
        # echo is the line escaped; they are kept short enough to be echoed whole.
        written = [line for line in self.lines if b"@" not in line and len(escaped(line)) < 150]
        self.write_lines("carets.txt", written)
        # What the reader makes of each line: a CR before the LF is part of the line end.
        lines = [line[:-1] if line.endswith(b"\r") else line for line in written]
        checked = 0
        for profile in common.PROFILES:
            text = self.run_safe([f"--profile={profile}", "-f", "carets.txt"], profile, codes=(0, 1))
            found = self.run_safe([f"--profile={profile}", "--format=json", "-f", "carets.txt"], profile,
                                  codes=(0, 1))
            diagnostics = {}
            for record in map(json.loads, found.stdout.decode().splitlines()):
                diagnostics[record["line"]] = record["diagnostics"]
            out = text.stdout.decode().split("\n")
            seen = {}
            i = 0
            while i < len(out):
                m = HEADER.match(out[i])
                i += 1
                if not m:
                    continue
                number = int(m.group("line"))
                index = seen.get(number, 0)
                seen[number] = index + 1
                d = diagnostics[number][index]
                self.assertEqual((m.group("id"), int(m.group("col"))), (d["id"], d["offset"] + 1))
                if out[i].startswith("  hint: "):
                    continue  # a note at its error's bytes: no excerpt
                line = lines[number - 1]
                echo, caret = out[i], out[i + 1]
                i += 2
                if echo.startswith("...") or echo.endswith("..."):
                    continue  # a window of a long line
                self.assertEqual(escaped(line), echo, f"line {number}")
                columns = echo_columns(line)
                offset = min(d["offset"], len(line))
                end = unit_end(line, min(d["offset"] + d["length"], len(line)))
                first = columns[offset]
                width = max(columns[end] - first, 1)
                expected = " " * first + "^" + "~" * (width - 1)
                self.assertEqual(expected, caret, f"{profile}, line {number}: {line!r}\n{echo}")
                checked += 1
        self.assertGreater(checked, 1000, "too few carets checked for the property to mean anything")


if __name__ == "__main__":
    common.main()
