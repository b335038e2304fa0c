#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.sarif_github: the SARIF log has what GitHub's code scanning uses.

- partialFingerprints: "ftpuriInput/v1" is the FNV-1a hash of the input (its password masked,
  its edge whitespace trimmed) and the id; the same in two runs, the same when the line moves
  down a file (another URI inserted above it) or only its password changes, and different for
  another URI;
- no rule links anywhere unless --help-uri-base names the user's copy of docs/diagnostics.md;
  then every rule has a helpUri into it, whose anchor
  is that id's row's anchor, and a help.markdown that links it;
- the security rules (tag "security") have a security-severity, a score from "0.0" to "10.0",
  and the rules that are not security rules have none;
- the invocation's startTimeUtc and endTimeUtc are ISO 8601 times in UTC, in order, now.

The log is valid SARIF (sarif_schema checks that for every id); this checks what GitHub reads.

Usage: sarif_github.py FTPURI_CHECK SOURCE_DIR
"""

import datetime
import json
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

KEY = "ftpuriInput/v1"
FINGERPRINT = re.compile(r"^([0-9a-f]{16}):([a-z]+\.[a-z0-9-]+)$")
SCORE = re.compile(r"^(?:10\.0|\d\.\d)$")
TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
CATEGORIES = {"correctness", "security", "interoperability", "style", "policy"}

# Lines with findings of every kind: errors, warnings, a note, a password; and a valid one.
LINES = [
    b"ftp://ftp.example.org/pub/README",
    b"FTP://Example.ORG:21/a/./b",
    b"ftp://h/a b",
    b"ftp://u:secret@h/",
    b"ftp://a@b@h/",
    b"ftp://h/..%2Fetc/passwd",
    b"ftp://127.1/",
]


def fnv1a(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


class SarifGithub(common.TempDirTest):
    def log(self, args, cwd=None):
        proc = common.run(["--format=sarif", *args], cwd=cwd or self.dir)
        self.assertIn(proc.returncode, (0, 1), proc.stderr)
        return json.loads(proc.stdout)

    def fingerprints(self, name, lines, profile="strict"):
        """{(line number, ruleId): fingerprint} of the results of file `name` holding `lines`."""
        self.write(name, b"".join(line + b"\n" for line in lines))
        found = {}
        for result in self.log([f"--profile={profile}", "-f", name])["runs"][0]["results"]:
            line = result["locations"][0]["physicalLocation"]["region"]["startLine"]
            value = result["partialFingerprints"][KEY]
            m = FINGERPRINT.match(value)
            self.assertTrue(m, value)
            self.assertEqual(result["ruleId"], m.group(2))
            self.assertNotIn((line, result["ruleId"]), found, "an id twice in one input")
            found[(line, result["ruleId"])] = value
        return found

    def test_fingerprints_are_stable(self):
        first = self.fingerprints("list.txt", LINES)
        self.assertGreater(len(first), 8)
        self.assertEqual(first, self.fingerprints("list.txt", LINES), "two runs differ")
        # Moved down two lines by other URIs above, one of them with findings of its own.
        moved = self.fingerprints("list.txt", [b"ftp://mirror.example.net/", b"ftp://h/x y"] + LINES)
        self.assertEqual(first, {(line - 2, rule): value for (line, rule), value in moved.items() if line > 2})
        # Another file, the same URIs: the same fingerprints (GitHub pairs them with the path).
        self.assertEqual(first, self.fingerprints("other.txt", LINES))
        # Different URIs have different fingerprints.
        by_line = {}
        for (line, _), value in first.items():
            by_line.setdefault(line, set()).add(value.split(":")[0])
        hashes = [h for values in by_line.values() for h in values]
        self.assertTrue(all(len(values) == 1 for values in by_line.values()), "one hash per input")
        self.assertEqual(len(hashes), len(set(hashes)), "two inputs with one hash")

    def test_fingerprint_definition(self):
        # FNV-1a of the input with its password as **** and its edge whitespace trimmed.
        found = self.fingerprints("list.txt", LINES)
        # (A raw space between two runs of text is list.fields in a file.)
        self.assertEqual(f"{fnv1a(b'ftp://h/a b')}:list.fields", found[(3, "list.fields")])
        self.assertEqual(f"{fnv1a(b'ftp://u:****@h/')}:userinfo.password", found[(4, "userinfo.password")])
        # A changed password is the same finding, and the fingerprint is no oracle for it.
        other = self.fingerprints("list.txt", [b"ftp://u:0ther-Pa55@h/"])
        self.assertEqual(found[(4, "userinfo.password")], other[(1, "userinfo.password")])
        # Edge whitespace (which the lenient profile trims) does not count.
        plain = self.fingerprints("l.txt", [b"ftp://h/a%3b"], "lenient")
        spaced = self.fingerprints("l.txt", [b" \tftp://h/a%3b  "], "lenient")
        self.assertEqual(plain[(1, "pct.lowercase")], spaced[(1, "pct.lowercase")])

    def test_arguments_and_stdin_have_fingerprints(self):
        proc = common.run(["--format=sarif", "-f", "-", "--", "ftp://h/a^b"], stdin=b"ftp://h/a^b\n")
        results = json.loads(proc.stdout)["runs"][0]["results"]
        self.assertEqual(2, len(results))
        self.assertEqual(results[0]["partialFingerprints"], results[1]["partialFingerprints"])

    def test_rules_link_nowhere_unless_told(self):
        # No link to a host the user did not name: the rules carry their help, and point at
        # --explain; no informationUri, no helpUri.
        for args in (["--rules"], ["ftp://h/"]):
            driver = self.log(args)["runs"][0]["tool"]["driver"]
            self.assertNotIn("informationUri", driver)
            for rule in driver["rules"]:
                self.assertNotIn("helpUri", rule)
                self.assertIn(f"`ftpuri-check --explain {rule['id']}`", rule["help"]["markdown"])
                self.assertNotIn("http", rule["help"]["markdown"])
                self.assertTrue(rule["help"]["text"])

    def test_rules_link_their_rows_under_the_base_given(self):
        anchors = {e.id: e.anchor for e in common.doc_examples()}
        base = "https://docs.example.org/ftpuri/diagnostics.html"
        for args in (["--rules"], ["ftp://h/"]):
            driver = self.log(["--help-uri-base", base, *args])["runs"][0]["tool"]["driver"]
            for rule in driver["rules"]:
                rule_id = rule["id"]
                self.assertIn(rule_id, anchors)
                self.assertTrue(anchors[rule_id], f"{rule_id}: no anchor in docs/diagnostics.md")
                self.assertEqual(f"{base}#{anchors[rule_id]}", rule["helpUri"])
                self.assertEqual(rule_id.replace(".", "-"), anchors[rule_id])
                self.assertIn(f"({rule['helpUri']})", rule["help"]["markdown"])

    def test_security_rules(self):
        rules = self.log(["--rules"])["runs"][0]["tool"]["driver"]["rules"]
        scores = {}
        for rule in rules:
            properties = rule["properties"]
            tags = properties["tags"]
            self.assertEqual(len(tags), len(set(tags)), rule["id"])
            self.assertIn(tags[0], CATEGORIES, rule["id"])
            self.assertEqual(rule["id"].split(".")[0], tags[1], rule["id"])
            if "security" in tags:
                score = properties.get("security-severity")
                self.assertIsInstance(score, str, f"{rule['id']}: a security rule without security-severity")
                self.assertRegex(score, SCORE)
                self.assertTrue(0.0 <= float(score) <= 10.0, score)
                self.assertTrue(any(t.startswith("external/cwe/cwe-") for t in tags), rule["id"])
                scores[rule["id"]] = float(score)
            else:
                self.assertNotIn("security-severity", properties, rule["id"])
        # The attacks the table is about: command injection critical, the rest high.
        self.assertGreaterEqual(scores["pct.forbidden-control"], 9.0)
        for rule_id in ("path.encoded-traversal", "path.above-root", "host.numeric-ambiguous", "host.denied",
                        "host.not-allowed", "userinfo.multiple-at", "userinfo.password"):
            self.assertGreaterEqual(scores.get(rule_id, 0.0), 7.0, rule_id)
        for rule_id in ("scheme.uppercase", "port.default", "interop.multiple-at"):
            self.assertNotIn(rule_id, scores)

    def test_invocation_times(self):
        before = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=2)
        invocation = self.log(["ftp://h/a b"])["runs"][0]["invocations"][0]
        after = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=2)
        times = []
        for key in ("startTimeUtc", "endTimeUtc"):
            self.assertRegex(invocation[key], TIME)
            times.append(datetime.datetime.strptime(invocation[key], "%Y-%m-%dT%H:%M:%S.%fZ")
                         .replace(tzinfo=datetime.timezone.utc))
        self.assertTrue(before <= times[0] <= times[1] <= after, times)
        self.assertEqual(1, invocation["exitCode"])
        # --rules runs nothing: no times.
        invocation = self.log(["--rules"])["runs"][0]["invocations"][0]
        self.assertNotIn("startTimeUtc", invocation)


if __name__ == "__main__":
    common.main()
