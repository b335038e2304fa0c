#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.redaction_property: random passwords in many URI shapes never reach the output.

A password is whatever RFC 3986, WHATWG or curl would read as one, in malformed input too
(docs/behaviour.md, "Diagnostics"; include/ftpuri/redact.hpp). Here seeded random passwords are put in
SHAPES (valid URIs and the malformed ones of the leak report, several '@', tabs and newlines,
backslashes, uppercase schemes, spaces around, ;type=, ...), and ftpuri-check runs on them in
every profile and output format, with --stats, with --fix --redact-password and
--fix --strip-password, and with --plan in every plan mode (text and JSON), from a file and as
arguments: no piece of a password may appear on stdout or stderr. With --diff, whose body is
the file's own lines, none may appear in its reports or headers.

Each password is a fixed marker, then segments of 8 to 10 random letters and digits joined by
one byte or percent-escape that matters to some reader ('\\', '%', ':', sub-delims, a tab, an
escape such as %3A; U+2028, U+2029 and U+0085 raw or encoded). A leak of any part of a password
shows a segment or the marker, and a segment of 8 random alphanumerics cannot turn up in the
output by chance.

Usage: redaction_property.py FTPURI_CHECK SOURCE_DIR
"""

import random
import string
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

SEED = 3986
MARKER = "Qm8Zp"
PASSWORDS_PER_SHAPE = 4

# "{}" stands for the password. Only bytes that are not '@', '/', '?' or '#' go into passwords,
# so each shape stays the shape it says.
SHAPES = [
    # valid, in some profile
    "ftp://u:{}@h/",
    "FTP://u:{}@H/",
    "ftp://u:{}@h:21/a;type=i",
    "ftp://u:{}@h/a/b;type=d",
    "ftp://u:{}@h/%2Fetc;type=a",
    "ftp://u:{}@[::1]:2121/x",
    "ftp://u:{}@h?x#y",
    "ftp://u:{}@h#f",
    "ftp://:{}@h/",
    "ftp://anonymous:{}@h/",
    "ftp://u%3A:{}@h/",
    "ftp://u;x:{}@h/",
    "ftp://u:{}@h/x@y",
    "  ftp://u:{}@h/  ",
    "ftp://u:{}@1.2.3.4/",
    # the leak report's shapes: WHATWG or curl reads a password, no profile accepts them
    "ftp:/u:{}@h/",
    "ftp:u:{}@h/",
    "ftp:///u:{}@h/",
    "ftp:\\\\u:{}@h/",
    "ftp:\\u:{}@h/",
    "ftp:////u:{}@h/",
    "ftp:/\\u:{}@h/",
    "FTP:u:{}@h/",
    "FtP:\\\\u:{}@h",
    # several '@'
    "ftp://u:{}@evil@h/",
    "ftp://a@b:{}@h/",
    "ftp://u:{}@h@i/",
    # tabs, spaces, controls
    "\tftp://u:{}@h/",
    "f\ttp://u:{}@h/",
    "ftp:/\t/u:{}@h/",
    "ftp://u\t:{}@h/",
    "ftp://u:{}@h/a b",
    # backslashes after the password
    "ftp://u:{}@h\\x/",
    "ftp://u:{}@h:21\\p",
    # other errors after the password
    "ftp://u:{}@h:99999/",
    "ftp://u:{}@-h/",
    "ftp://u:{}@",
    # other schemes, none
    "http://u:{}@h/",
    "//u:{}@h/",
    "u:{}@h/x",
]

# Shapes with a newline or a carriage return inside the password: one input as an argument,
# two lines in a file.
ARGUMENT_ONLY_SHAPES = [
    "ftp://u:{}\n{}@h/",
    "ftp://u:{}\r{}@h/",
    "ftp:/u:{}\n{}@h/",
]

JOINERS = list("\\%:!$&'()*+,;=-._~ \t") + ["%3A", "%40", "%2F", "%5C", "%zz", "%41", "%2f"]
# The line separators that JSON readers split at (written \u2028 by the JSON formats), raw and
# percent-encoded, and NEL, a C1 control.
JOINERS += ["\u2028", "\u2029", "\u0085", "%E2%80%A8", "%E2%80%A9", "%C2%85"]


def make_password(rnd):
    """MARKER, then 2 to 4 segments of 8 to 10 alphanumerics joined by JOINERS."""
    segments = ["".join(rnd.choice(string.ascii_letters + string.digits) for _ in range(rnd.randint(8, 10)))
                for _ in range(rnd.randint(2, 4))]
    password = MARKER + rnd.choice(JOINERS)
    for i, segment in enumerate(segments):
        if i > 0:
            password += rnd.choice(JOINERS)
        password += segment
    return password, segments


def build_inputs():
    """(file lines, argument inputs, the fragments that must never appear)."""
    rnd = random.Random(SEED)
    lines, arguments, fragments = [], [], {MARKER}
    for shape in SHAPES:
        for _ in range(PASSWORDS_PER_SHAPE):
            password, segments = make_password(rnd)
            fragments.update(segments)
            lines.append(shape.replace("{}", password))
    for shape in ARGUMENT_ONLY_SHAPES:
        for _ in range(PASSWORDS_PER_SHAPE):
            first, first_segments = make_password(rnd)
            second, second_segments = make_password(rnd)
            fragments.update(first_segments + second_segments)
            arguments.append(shape.replace("{}", first, 1).replace("{}", second, 1))
    return lines, lines + arguments, sorted(fragments)


LINES, ARGUMENTS, FRAGMENTS = build_inputs()
ENCODED_FRAGMENTS = [f.encode() for f in FRAGMENTS]

MODES = [
    ["--format=text"],
    ["--format=json"],
    ["--format=sarif"],
    ["--format=text", "--stats"],
    ["--format=json", "--stats"],
    ["--format=sarif", "--stats"],
    ["--fix", "--redact-password"],
    ["--fix", "--strip-password"],
    ["--plan"],
    ["--plan", "--plan-mode=nocwd", "--format=json"],
    ["--plan", "--plan-mode=rfc1738", "--stats"],
    ["--plan", "--plan-mode=singlecwd", "--absolute", "--format=json"],
    ["--plan", "--format=sarif"],
    ["--format=github"],
    ["--format=codeclimate"],
]
PROFILES = ["strict", "rfc3986", "lenient"]


class RedactionProperty(common.TempDirTest):
    def setUp(self):
        super().setUp()
        self.write("pw.txt", "".join(line + "\n" for line in LINES).encode())

    def assert_no_fragment(self, args):
        proc = common.run(args, cwd=self.dir)
        self.assertIn(proc.returncode, (0, 1), f"{args[:4]}: {proc.stderr[:500]!r}")
        self.assertTrue(proc.stdout or proc.stderr)
        for stream, data in (("stdout", proc.stdout), ("stderr", proc.stderr)):
            leaked = [f.decode() for f in ENCODED_FRAGMENTS if f in data]
            if leaked:
                at = data.find(leaked[0].encode())
                self.fail(f"{args[:4]}: {len(leaked)} password fragments on {stream}, "
                          f"e.g. {data[max(0, at - 200):at + 100]!r}")
        return proc

    def test_the_generator_is_what_it_says(self):
        self.assertGreaterEqual(len(SHAPES), 30)
        self.assertEqual(len(SHAPES) * PASSWORDS_PER_SHAPE, len(LINES))
        for line in LINES:
            self.assertNotIn("\n", line)
        for fragment in FRAGMENTS:
            self.assertTrue(fragment == MARKER or len(fragment) >= 8, fragment)
        # The same passwords on every run.
        self.assertEqual((LINES, ARGUMENTS, FRAGMENTS), build_inputs())

    def test_file(self):
        for profile in PROFILES:
            for mode in MODES:
                with self.subTest(profile=profile, mode=mode):
                    self.assert_no_fragment([f"--profile={profile}", *mode, "-f", "pw.txt"])

    def test_arguments(self):
        for profile in PROFILES:
            for mode in MODES:
                with self.subTest(profile=profile, mode=mode):
                    self.assert_no_fragment([f"--profile={profile}", *mode, "--", *ARGUMENTS])

    def test_diff_reports_mask(self):
        # --diff prints the file's own lines (patch needs them as they are): the password is in
        # its body by design, as in --fix's output. Its reports on stderr mask it, and so do the
        # headers, which only name the file.
        for profile in PROFILES:
            with self.subTest(profile=profile):
                proc = common.run([f"--profile={profile}", "--diff", "pw.txt"], cwd=self.dir)
                self.assertEqual(1, proc.returncode, proc.stderr[:500])
                self.assertTrue(proc.stderr)
                leaked = [f.decode() for f in ENCODED_FRAGMENTS if f in proc.stderr]
                self.assertFalse(leaked, f"--diff: password fragments on stderr: {leaked[:3]}")
                headers = [line for line in proc.stdout.split(b"\n") if line.startswith((b"--- ", b"+++ "))]
                self.assertEqual([b"--- pw.txt", b"+++ pw.txt"], headers)

    def test_each_report_masks(self):
        # Not vacuous: every input is echoed (its error or its password warning), with "****".
        proc = self.assert_no_fragment(["--format=json", "-f", "pw.txt"])
        records = proc.stdout.splitlines()
        self.assertEqual(len(LINES), len(records))
        for line, record in zip(LINES, records):
            self.assertIn(b"****", record, line)


if __name__ == "__main__":
    common.main()
