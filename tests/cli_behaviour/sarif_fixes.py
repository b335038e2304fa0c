#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.sarif_fixes: the fixes of ftpuri-check's SARIF results rewrite a line into
exactly what --fix prints for it, never carry a password, and count columns in code points.

Usage: sarif_fixes.py FTPURI_CHECK SOURCE_DIR
"""

import json
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402


def results_of(log):
    return log["runs"][0]["results"]


def region_of(result):
    return result["locations"][0]["physicalLocation"]["region"]


class SarifFixes(common.TempDirTest):
    def sarif(self, lines, profile="strict", extra=()):
        self.write("in.txt", b"".join(line + b"\n" for line in lines))
        proc = common.run(["--format=sarif", f"--profile={profile}", *extra, "-f", "in.txt"], cwd=self.dir)
        self.assertIn(proc.returncode, (0, 1), proc.stderr)
        return json.loads(proc.stdout.decode("utf-8")), proc

    def fixed(self, line, profile="strict", extra=()):
        """What --fix prints for one line (None when the line is invalid)."""
        self.write("one.txt", line + b"\n")
        proc = common.run(["--fix", f"--profile={profile}", *extra, "-f", "one.txt"], cwd=self.dir)
        if proc.returncode != 0:
            return None
        self.assertTrue(proc.stdout.endswith(b"\n"))
        return proc.stdout[:-1]

    def reported_ids(self, line, profile="strict"):
        proc = common.run(["--format=json", f"--profile={profile}", "--", line.decode("utf-8")])
        return {d["id"] for d in json.loads(proc.stdout)["diagnostics"]}

    def check_fixes(self, lines, profile="strict"):
        """Every fix of every result, applied to its line, gives --fix's output for the line;
        and a result has a fix exactly when the canonical form no longer reports its id."""
        log, _ = self.sarif(lines, profile)
        with_fix = 0
        for result in results_of(log):
            line_number = region_of(result)["startLine"]
            line = lines[line_number - 1]
            canonical = self.fixed(line, profile)
            fixes = result.get("fixes", [])
            if canonical is None:
                self.assertEqual([], fixes, f"an invalid line got a fix: {result}")
                continue
            if fixes:
                with_fix += 1
                self.assertEqual(1, len(fixes))
                changes = fixes[0]["artifactChanges"]
                self.assertEqual(1, len(changes))
                self.assertEqual({"uri": "in.txt", "uriBaseId": "%SRCROOT%"}, changes[0]["artifactLocation"])
                replacements = changes[0]["replacements"]
                for r in replacements:
                    self.assertEqual(line_number, r["deletedRegion"]["startLine"])
                    self.assertNotIn("endLine", r["deletedRegion"])
                self.assertEqual(canonical, common.apply_replacements(line, replacements),
                                 f"line {line_number} {line!r}: {result['ruleId']}'s fix")
                self.assertNotIn(result["ruleId"], self.reported_ids(canonical, profile),
                                 f"{result['ruleId']}: the fix does not fix it")
            else:
                self.assertIn(result["ruleId"], self.reported_ids(canonical, profile),
                              f"line {line_number} {line!r}: {result['ruleId']} is fixed by the "
                              f"canonical form {canonical!r} but its result has no fix")
        return with_fix

    def test_fix_is_the_canonical_form(self):
        lines = [
            b"FTP://Example.ORG:21/a/./b",
            b"ftp://h/a%3b/%41",
            b"ftp://h:021/f;TYPE=I",
            b"ftp://anonymous@h/a//b#frag",
            b"ftp://h/a b",
            b"ftp://ftp.example.org/pub/",
        ]
        self.assertGreater(self.check_fixes(lines), 5)

    def test_fix_in_lenient_with_non_ascii(self):
        lines = ["FTP://h/\u00e9/./x".encode(), "ftp://b\u00fccher.example/a%7e".encode(),
                 b" ftp://h/trim "]
        self.assertGreater(self.check_fixes(lines, "lenient"), 3)

    def test_password_never_in_a_fix(self):
        line = b"ftp://u:secret@H.example/"
        log, _ = self.sarif([line])
        self.assertNotIn(b"secret", json.dumps(log).encode())
        fixes = [r for r in results_of(log) if r.get("fixes")]
        self.assertTrue(fixes, "host.uppercase should have a fix")
        canonical = self.fixed(line)
        self.assertEqual(b"ftp://u:secret@h.example/", canonical)
        for result in fixes:
            replacements = result["fixes"][0]["artifactChanges"][0]["replacements"]
            for r in replacements:
                self.assertNotIn("secret", r["insertedContent"]["text"])
            self.assertEqual(canonical, common.apply_replacements(line, replacements))

    def test_password_with_non_ascii_before_it(self):
        line = "FTP://\u00e9:secret@H/a/./b".encode()
        log, _ = self.sarif([line], "lenient")
        self.assertNotIn(b"secret", json.dumps(log).encode())
        canonical = self.fixed(line, "lenient")
        self.assertTrue(canonical and any(r.get("fixes") for r in results_of(log)))
        for result in results_of(log):
            for fix in result.get("fixes", []):
                replacements = fix["artifactChanges"][0]["replacements"]
                self.assertEqual(canonical, common.apply_replacements(line, replacements))

    def test_password_that_would_change_gets_no_fix(self):
        # In lenient a raw ':' in the password becomes %3A: a fix would have to spell it.
        line = b"ftp://u:Pw7q:Xk9z@H/"
        log, _ = self.sarif([line], "lenient")
        text = json.dumps(log)
        self.assertNotIn("Pw7q", text)
        self.assertNotIn("Xk9z", text)
        self.assertTrue(results_of(log))
        for result in results_of(log):
            self.assertNotIn("fixes", result)

    def test_columns_are_code_points(self):
        # Each line has the error '<' after a multibyte character; the byte column differs.
        cases = [
            ("ftp://h/\u00e9<b".encode(), 10),            # 2-byte é
            ("ftp://h/a\u20acb<c".encode(), 12),          # 3-byte €
            ("ftp://h/a\U0001F600b<c".encode(), 12),      # 4-byte emoji
            (b"ftp://h/\xe9<b", 10),                     # not UTF-8: one column per byte
            (b"ftp://h/\xe2\x82<b", 11),                 # a truncated sequence: two columns
        ]
        log, _ = self.sarif([line for line, _ in cases], "lenient")
        unsafe = [r for r in results_of(log) if r["ruleId"] == "char.unsafe"]
        self.assertEqual(len(cases), len(unsafe))
        for (line, column), result in zip(cases, unsafe):
            region = region_of(result)
            self.assertEqual((column, column + 1), (region["startColumn"], region["endColumn"]),
                             f"{line!r}")
            self.assertEqual(column, common.code_point_column(line, line.index(b"<")))
        # The raw é itself (a lenient warning) spans one column, not two.
        non_ascii = [r for r in results_of(log) if r["ruleId"] == "char.non-ascii"]
        first = region_of(non_ascii[0])
        self.assertEqual((9, 10), (first["startColumn"], first["endColumn"]))


if __name__ == "__main__":
    common.main()
