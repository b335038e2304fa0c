#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.codeclimate_report: --format=codeclimate is a code quality report GitLab reads.

GitLab's documentation ("Code Quality report format") requires a JSON array of objects, each
with description, check_name, fingerprint, severity (info, minor, major, critical or blocker),
location.path and location.lines.begin; SCHEMA below says that, and every report here is
validated against it (python3-jsonschema). Besides:

- one issue per reported diagnostic (the ids and lines of --format=json, --disable honoured),
  its severity the diagnostic's (error major, warning minor, note info), one step up for a
  security rule (the SARIF rules tagged "security");
- the fingerprints are unique within a report, the same in two runs and when a line moves down
  the file (another URI inserted above it), and differ for another file;
- a run without findings, or with -q, is "[]"; a file that cannot be read leaves a valid report
  (exit 2); the paths are relative to the working directory; no password is written;
- --rules --format=codeclimate lists the rules as --format=json does.

Usage: codeclimate_report.py FTPURI_CHECK SOURCE_DIR
"""

import json
import os
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

try:
    import jsonschema
except ImportError:  # pragma: no cover - reported as a skip below
    jsonschema = None

# GitLab's required fields (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format).
SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "array",
    "items": {
        "type": "object",
        "required": ["description", "check_name", "fingerprint", "severity", "location"],
        "properties": {
            "description": {"type": "string", "minLength": 1},
            "check_name": {"type": "string", "minLength": 1},
            "fingerprint": {"type": "string", "minLength": 1},
            "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
            "location": {
                "type": "object",
                "required": ["path", "lines"],
                "properties": {
                    "path": {"type": "string", "minLength": 1},
                    "lines": {
                        "type": "object",
                        "required": ["begin"],
                        "properties": {"begin": {"type": "integer", "minimum": 1}},
                    },
                },
            },
        },
    },
}

LINES = [
    b"ftp://ftp.example.org/pub/README",
    b"FTP://Example.ORG:21/a/./b",
    b"ftp://h/a b",
    b"ftp://u:Secr3tPw@h/",
    b"ftp://a@b@h/",
    b"ftp://h/..%2Fetc/passwd",
    b"ftp://h/a%3b",
]

STEP_UP = {"info": "info", "minor": "major", "major": "critical"}
BY_LEVEL = {"error": "major", "warning": "minor", "note": "info"}


class CodeclimateReport(common.TempDirTest):
    @classmethod
    def setUpClass(cls):
        if jsonschema is None:
            raise unittest.SkipTest("jsonschema is missing: run with /usr/bin/python3 (Debian's python3-jsonschema)")
        jsonschema.Draft7Validator.check_schema(SCHEMA)
        cls.validator = jsonschema.Draft7Validator(SCHEMA)
        log = json.loads(common.run(["--rules", "--format=sarif"]).stdout)
        cls.security = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"] if "security" in r["properties"]["tags"]}

    def report(self, args, codes=(0, 1), cwd=None):
        proc = common.run(["--format=codeclimate", *args], cwd=cwd or self.dir)
        self.assertIn(proc.returncode, codes, proc.stderr)
        self.assertTrue(proc.stdout.endswith(b"]\n"), proc.stdout[-100:])
        issues = json.loads(proc.stdout)
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in self.validator.iter_errors(issues)]
        self.assertEqual([], errors[:10], f"{args}: not a code quality report")
        return issues, proc

    def fingerprints(self, name, lines):
        """{(line, check_name): fingerprint} of file `name` holding `lines`."""
        self.write(name, b"".join(line + b"\n" for line in lines))
        issues, _ = self.report(["-f", name])
        found = {}
        for issue in issues:
            key = (issue["location"]["lines"]["begin"], issue["check_name"])
            self.assertNotIn(key, found)
            self.assertRegex(issue["fingerprint"], r"^[0-9a-f]{16}$")
            found[key] = issue["fingerprint"]
        return found

    def test_issues_are_the_diagnostics(self):
        self.write("list.txt", b"".join(line + b"\n" for line in LINES))
        args = ["--disable", "port.default", "-f", "list.txt", "--", "ftp://h/a%zz"]
        issues, proc = self.report(args)
        self.assertEqual(1, proc.returncode)
        records = [json.loads(r) for r in common.run(["--format=json", *args], cwd=self.dir).stdout.splitlines()]
        expected = [(r["file"], r["line"], d["id"], d["severity"], d["message"]) for r in records for d in r["diagnostics"]]
        actual = [(i["location"]["path"], i["location"]["lines"]["begin"], i["check_name"], None, i["description"])
                  for i in issues]
        self.assertEqual([e[:3] + (None,) + e[4:] for e in expected], actual)
        self.assertNotIn("port.default", [i["check_name"] for i in issues])
        for (_, _, rule_id, level, _), issue in zip(expected, issues):
            severity = BY_LEVEL[level]
            if rule_id in self.security:
                severity = STEP_UP[severity]
            self.assertEqual(severity, issue["severity"], rule_id)
        self.assertIn("critical", [i["severity"] for i in issues])
        self.assertNotIn(b"Secr3tPw", proc.stdout)

    def test_fingerprints(self):
        first = self.fingerprints("list.txt", LINES)
        self.assertGreater(len(first), 8)
        values = list(first.values())
        self.assertEqual(len(values), len(set(values)), "two issues with one fingerprint")
        self.assertEqual(first, self.fingerprints("list.txt", LINES), "two runs differ")
        # Moved down by another URI (not a blank line, which is skipped) inserted above.
        moved = self.fingerprints("list.txt", [b"ftp://mirror.example.net/pub/"] + LINES)
        self.assertEqual(first, {(line - 1, rule): value for (line, rule), value in moved.items()})
        # The same URIs in another file are other issues.
        other = self.fingerprints("other.txt", LINES)
        self.assertEqual(set(first), set(other))
        self.assertFalse(set(first.values()) & set(other.values()), "a fingerprint ignores the path")
        # A changed password is the same issue.
        self.assertEqual(self.fingerprints("p.txt", [b"ftp://u:Secr3tPw@h/"]),
                         self.fingerprints("p.txt", [b"ftp://u:0therPw@h/"]))

    def test_empty_and_quiet(self):
        for args in (["ftp://ftp.example.org/"], ["-q", "ftp://h/a b"], ["-f", "empty.txt"]):
            self.write("empty.txt", b"")
            proc = common.run(["--format=codeclimate", *args], cwd=self.dir)
            self.assertEqual(b"[]\n", proc.stdout, args)

    def test_paths(self):
        self.write("list.txt", b"ftp://h/a b\n")
        os.mkdir(self.path("sub"))
        issues, _ = self.report(["-f", self.path("list.txt"), "-f", "./list.txt", "-f", "-"])
        self.assertEqual(["list.txt", "list.txt"], [i["location"]["path"] for i in issues])
        issues, _ = self.report(["-f", self.path("list.txt")], cwd=self.path("sub"))
        self.assertEqual([self.path("list.txt")], [i["location"]["path"] for i in issues])

    def test_unreadable_file(self):
        issues, proc = self.report(["ftp://h/a b", "-f", "missing.txt"], codes=(2,))
        self.assertEqual(["<arg 1>"], [i["location"]["path"] for i in issues])
        self.assertIn(b"missing.txt: No such file or directory", proc.stderr)

    def test_rules(self):
        self.assertEqual(common.run(["--rules", "--format=json"]).stdout,
                         common.run(["--rules", "--format=codeclimate"]).stdout)


if __name__ == "__main__":
    common.main()
