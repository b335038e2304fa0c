#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.github_commands: --format=github writes GitHub Actions workflow commands.

Every line of the output must match COMMAND, the syntax of an ::error, ::warning or ::notice
command with the escapes of GitHub's toolkit (@actions/core: '%', CR and LF escaped in the
message, ':' and ',' too in a property): no raw ':' or ',' in a property, no '%' that is not an
escape. Unescaped, each command must say what --format=json says of the same input: the
severity (error, warning, note as notice), the file, the line, the columns (code points from 1,
endColumn the last column included), the id as title, and the message then the hint. Also:
a file name with '%', ',' and ':' comes back whole; stdin and the arguments have no file= and
name themselves in the message; --disable hides warnings; an unreadable file ends the output
with an ::error command; no password is written; --rules --format=github is the text listing.

Usage: github_commands.py FTPURI_CHECK SOURCE_DIR
"""

import json
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

PROPERTY = r"(?:[^%:,\r\n]|%25|%0D|%0A|%3A|%2C)*"
DATA = r"(?:[^%\r\n]|%25|%0D|%0A)*"
COMMAND = re.compile(rf"^::(?P<command>error|warning|notice) "
                     rf"(?:file=(?P<file>{PROPERTY}),line=(?P<line>[1-9]\d*),col=(?P<col>[1-9]\d*),"
                     rf"endColumn=(?P<end>[1-9]\d*),)?title=(?P<title>{PROPERTY})::(?P<message>{DATA})$")
ESCAPES = {"%25": "%", "%0D": "\r", "%0A": "\n", "%3A": ":", "%2C": ","}
COMMAND_OF = {"error": "error", "warning": "warning", "note": "notice"}

LINES = [
    b"ftp://ftp.example.org/pub/README",
    b"FTP://Example.ORG:21/a/./b",
    b"ftp://h/a b",
    b"ftp://u:Secr3tPw@h/",
    b"ftp://a@b@h/",
    b"ftp:///pub/",
]


def unescape(text):
    return re.sub(r"%25|%0D|%0A|%3A|%2C", lambda m: ESCAPES[m.group(0)], text)


class GithubCommands(common.TempDirTest):
    @classmethod
    def setUpClass(cls):
        cls.hints = {r["id"]: r["hint"] for r in common.rules_json()}

    def commands(self, args, codes=(0, 1), stdin=b"", cwd=None):
        proc = common.run(["--format=github", *args], stdin=stdin, cwd=cwd or self.dir)
        self.assertIn(proc.returncode, codes, proc.stderr)
        if proc.returncode != 2:
            self.assertEqual(b"", proc.stderr)
        text = proc.stdout.decode("utf-8")
        self.assertTrue(text == "" or text.endswith("\n"))
        found = []
        for line in text.splitlines():
            m = COMMAND.match(line)
            self.assertTrue(m, f"not a workflow command: {line!r}")
            found.append(m)
        return found, proc

    def expected(self, args, stdin=b"", profile="strict"):
        """(severity, file, line, first column, last column, id, message) per diagnostic, from
        --format=json; the columns in code points."""
        proc = common.run(["--format=json", f"--profile={profile}", *args], stdin=stdin, cwd=self.dir)
        out = []
        for record in map(json.loads, proc.stdout.splitlines()):
            data = record["input"].encode("utf-8")  # no password in these diagnostics' inputs
            for d in record["diagnostics"]:
                first = common.code_point_column(data, d["offset"])
                last = max(first, common.code_point_column(data, d["offset"] + d["length"]) - 1)
                out.append((d["severity"], record["file"], record["line"], first, last, d["id"], d["message"]))
        return out

    def check_against_json(self, args, stdin=b"", profile="strict"):
        found, proc = self.commands([f"--profile={profile}", *args], stdin=stdin)
        expected = self.expected(args, stdin, profile)
        self.assertEqual(len(expected), len(found))
        for (level, name, line, first, last, rule_id, message), m in zip(expected, found):
            self.assertEqual(COMMAND_OF[level], m.group("command"))
            self.assertEqual(rule_id, unescape(m.group("title")))
            text = unescape(m.group("message"))
            if name.startswith("<"):  # stdin and arguments: no file of the repository
                self.assertIsNone(m.group("file"))
                prefix = f"{name}:{line}:{first}: "
                self.assertTrue(text.startswith(prefix), (prefix, text))
                text = text[len(prefix):]
            else:
                self.assertEqual((name, line, first, last),
                                 (unescape(m.group("file")), int(m.group("line")), int(m.group("col")),
                                  int(m.group("end"))))
            self.assertEqual(f"{message}\nhint: {self.hints[rule_id]}", text)
        return found, proc

    def test_mixed_file_and_arguments(self):
        self.write("list.txt", b"".join(line + b"\n" for line in LINES))
        found, proc = self.check_against_json(["-f", "list.txt", "--", "ftp://h/a%zz", "ftp://h/"])
        self.assertEqual(1, proc.returncode)
        self.assertEqual({"error", "warning", "notice"}, {m.group("command") for m in found})
        self.assertNotIn(b"Secr3tPw", proc.stdout)
        # The hints' '%' are escaped: "%20" is written %2520.
        self.assertIn(b"percent-encode a space as %2520", proc.stdout)

    def test_code_point_columns(self):
        # Lenient takes raw UTF-8: a column counts its characters, not its bytes.
        self.write("utf8.txt", "ftp://h/caf\u00e9/\u00e9t\u00e9 x/a%zz\n".encode("utf-8"))
        found, _ = self.check_against_json(["--whole-line", "-f", "utf8.txt"], profile="lenient")
        malformed = [m for m in found if m.group("title") == "pct.malformed"]
        self.assertEqual(["21"], [m.group("col") for m in malformed])  # the text format's column 24

    def test_escapes(self):
        name = "a,b:c%d.txt"
        self.write(name, b"ftp://h/a b\n")
        found, proc = self.check_against_json(["-f", name])
        self.assertEqual("a%2Cb%3Ac%25d.txt", found[0].group("file"))
        stdin = b"ftp://h/%0D%0ADELE%20x\n"
        found, _ = self.check_against_json(["-f", "-"], stdin=stdin)
        self.assertEqual(["pct.forbidden-control"], [m.group("title") for m in found])

    def test_absolute_path_in_the_working_directory(self):
        self.write("list.txt", b"ftp://h/a b\n")
        found, _ = self.commands(["-f", self.path("list.txt")])
        self.assertEqual(["list.txt"], [m.group("file") for m in found])

    def test_disable(self):
        found, _ = self.commands(["--disable", "scheme.uppercase", "FTP://h/a%3b"])
        self.assertEqual(["pct.lowercase"], [m.group("title") for m in found])

    def test_valid_input_prints_nothing(self):
        found, proc = self.commands(["ftp://ftp.example.org/pub/"])
        self.assertEqual(([], 0), (found, proc.returncode))

    def test_unreadable_file(self):
        found, proc = self.commands(["ftp://h/a b", "-f", "missing.txt"], codes=(2,))
        self.assertEqual(["char.space", "ftpuri-check"], [m.group("title") for m in found])
        self.assertEqual("missing.txt: No such file or directory", unescape(found[-1].group("message")))
        self.assertIsNone(found[-1].group("file"))

    def test_rules(self):
        self.assertEqual(common.run(["--rules"]).stdout, common.run(["--rules", "--format=github"]).stdout)


if __name__ == "__main__":
    common.main()
