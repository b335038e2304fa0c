#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.sarif_schema: ftpuri-check's SARIF logs are valid SARIF 2.1.0 and say what
they should.

One example per diagnostic id, taken from the table of docs/diagnostics.md at test time (its
notation decoded), is checked in the profile the table gives it (strict where the id occurs
there, else rfc3986, else lenient), with --enable for the opt-in ids: one run per profile. Each
log is validated against tests/data/sarif-schema-2.1.0.json (Draft 4, with format checking),
and each example must produce a result with its id, at its line, at the code point columns of
its documented offset and length, with the severity of its profile. The ids of --plan and of
the policy (--deny, --allow-host) come only with their option: each is checked with the option
its row's "why" column names ("Plan (nocwd)", "Policy (deny loopback)").

Usage: sarif_schema.py FTPURI_CHECK SOURCE_DIR
"""

import json
import os
import re
import unittest
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

try:
    import jsonschema
except ImportError:  # pragma: no cover - reported as a failure below
    jsonschema = None

# RFC 3986's characters: a URI or reference holds nothing else (percent-encodings included).
# A policy row's "why" column: "Policy (deny loopback): ..." or "Policy (allow `h`): ...".
POLICY_WHY = re.compile(r"^Policy \((deny|allow) `?([^)`]+)`?\)")
URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$")


def in_srcroot(uri):
    """The artifactLocation of a file in the working directory."""
    return {"uri": uri, "uriBaseId": "%SRCROOT%"}


def format_checker():
    """jsonschema's format checker plus uri, uri-reference and date-time, which it checks only
    with optional packages that Debian's python3-jsonschema does not pull in."""
    checker = jsonschema.FormatChecker()

    @checker.checks("uri")
    def is_uri(value):
        return not isinstance(value, str) or bool(URI_CHARS.match(value) and SCHEME.match(value))

    @checker.checks("uri-reference")
    def is_uri_reference(value):
        return not isinstance(value, str) or bool(URI_CHARS.match(value))

    @checker.checks("date-time")
    def is_date_time(value):
        return not isinstance(value, str) or bool(DATE_TIME.match(value))

    return checker


class SarifSchema(common.TempDirTest):
    @classmethod
    def setUpClass(cls):
        if jsonschema is None:
            raise unittest.SkipTest("jsonschema is missing: run with /usr/bin/python3 "
                                    "(Debian's python3-jsonschema)")
        with open(os.path.join(common.SOURCE_DIR, "tests", "data", "sarif-schema-2.1.0.json"),
                  encoding="utf-8") as f:
            cls.schema = json.load(f)
        jsonschema.Draft4Validator.check_schema(cls.schema)
        cls.validator = jsonschema.Draft4Validator(cls.schema, format_checker=format_checker())
        cls.examples = common.doc_examples()
        cls.rules = common.rules_json()
        cls.opt_in = [r["id"] for r in cls.rules if r["opt_in"]]

    # ---- helpers ----

    def sarif(self, args, stdin=b"", cwd=None):
        """(log, exit code) of ftpuri-check --format=sarif ARGS, validated against the schema."""
        proc = common.run(["--format=sarif", *args], stdin=stdin, cwd=cwd)
        self.assertIn(proc.returncode, (0, 1), proc.stderr.decode(errors="replace"))
        try:
            log = json.loads(proc.stdout.decode("utf-8"))
        except ValueError as e:
            self.fail(f"ftpuri-check --format=sarif {args} is not JSON: {e}")
        errors = sorted(self.validator.iter_errors(log), key=lambda e: list(e.absolute_path))
        self.assertEqual([], [f"{list(e.absolute_path)}: {e.message}" for e in errors[:10]],
                         f"the SARIF log of {args} does not follow the schema")
        self.check_log(log, proc.returncode)
        return log, proc.returncode

    def check_log(self, log, exit_code):
        self.assertEqual("2.1.0", log["version"])
        self.assertEqual(1, len(log["runs"]))
        run = log["runs"][0]
        self.assertEqual("unicodeCodePoints", run["columnKind"])
        rules = run["tool"]["driver"]["rules"]
        ids = [r["id"] for r in rules]
        self.assertEqual(len(ids), len(set(ids)), "a rule id appears twice")
        self.assertEqual([r["id"] for r in self.rules], ids, "the rules are not --rules' ids")
        for rule in rules:
            for key in ("shortDescription", "fullDescription", "help"):
                self.assertTrue(rule.get(key, {}).get("text"), f"{rule['id']}: no {key}.text")
            self.assertIn(rule["defaultConfiguration"]["level"], ("error", "warning", "note"))
        for result in run["results"]:
            self.check_result(result, rules)
        invocations = run["invocations"]
        self.assertEqual(1, len(invocations))
        self.assertEqual(exit_code, invocations[0]["exitCode"])
        self.assertTrue(invocations[0]["executionSuccessful"])
        if "startTimeUtc" in invocations[0]:  # a run's log; --rules has no run to time
            self.assertTrue(invocations[0]["startTimeUtc"].endswith("Z"))
            self.assertLessEqual(invocations[0]["startTimeUtc"], invocations[0]["endTimeUtc"])
        return run

    def check_result(self, result, rules):
        where = json.dumps(result)[:300]
        self.assertIn("ruleId", result, where)
        self.assertIn("ruleIndex", result, where)
        self.assertLess(result["ruleIndex"], len(rules), where)
        self.assertEqual(result["ruleId"], rules[result["ruleIndex"]]["id"], where)
        self.assertIn(result["level"], ("error", "warning", "note"), where)
        self.assertTrue(result["message"]["text"], where)
        self.assertEqual(1, len(result["locations"]), where)
        physical = result["locations"][0]["physicalLocation"]
        artifact = physical["artifactLocation"]
        self.assertTrue("uri" in artifact or artifact.get("description", {}).get("text"), where)
        region = physical["region"]
        self.assertGreaterEqual(region["startLine"], 1, where)
        self.assertGreaterEqual(region["startColumn"], 1, where)
        self.assertGreaterEqual(region["endColumn"], region["startColumn"], where)

    # ---- tests ----

    def test_every_id_from_its_example(self):
        documented = [e.id for e in self.examples]
        self.assertEqual(sorted(r["id"] for r in self.rules), sorted(documented),
                         "docs/diagnostics.md's table and --rules list different ids")
        # The plan's ids come from --plan, not from checking a URI: their examples are valid.
        # test_plan_refusal_from_its_example reports plan.nocwd-slash; the anonymous password's
        # is refused as a usage error before any input is read (test_anonymous_password_control);
        # plan.anonymous-refused is --no-anonymous's (cli_golden plan_no_anonymous), and
        # plan.credentials-control the library's plan_options::credentials' (plan_test.cpp).
        plan_ids = {e.id for e in self.examples if e.id.startswith("plan.")}
        self.assertEqual(plan_ids, {"plan.nocwd-slash", "plan.anonymous-password-control", "plan.anonymous-refused",
                                    "plan.credentials-control"})
        # So do the policy's: test_policy_findings_from_their_examples reports them.
        policy_ids = {e.id for e in self.policy_examples()}
        # A build id is reported only by a build without libidn2, never by this one:
        # test_build_ids_are_not_reported_by_this_build.
        build_ids = {e.id for e in self.build_examples()}
        # A list file's ids are about the line around a URI: test_list_ids_from_their_examples.
        list_ids = {e.id for e in self.list_examples()}
        # The guarded fetch's ids say what a server or a connection did: ftpuri-check never
        # reports them (tests/e2e/fetch.py brings each about with ftpuri-fetch).
        fetch_ids = {e.id for e in self.examples if e.why.startswith("Fetch (")}
        self.assertEqual(fetch_ids, {e.id for e in self.examples if e.id.startswith("fetch.")})
        seen = plan_ids | policy_ids | build_ids | list_ids | fetch_ids
        for profile in common.PROFILES:
            mine = [e for e in self.examples if e.profile == profile and e.id not in seen]
            if not mine:
                continue
            # A line of a file, unless a CR or LF in the example needs an argument.
            in_file = [e for e in mine if b"\n" not in e.bytes and b"\r" not in e.bytes]
            in_args = [e for e in mine if e not in in_file]
            self.assertTrue(all(b"\0" not in e.bytes for e in in_args))
            name = f"examples-{profile}.txt"
            self.write(name, b"".join(e.bytes + b"\n" for e in in_file))
            # input.empty's example is an empty line; each line is one URI, as an argument is.
            args = [f"--profile={profile}", "--no-skip", "--whole-line"]
            for rule_id in self.opt_in:
                args += ["--enable", rule_id]
            args += ["-f", name]
            args += ["--"] + [os.fsdecode(e.bytes) for e in in_args] if in_args else []
            log, code = self.sarif(args, cwd=self.dir)
            self.assertEqual(1, code, f"{profile}: the examples include errors: exit code 1")
            results = log["runs"][0]["results"]
            for line, example in enumerate(in_file, start=1):
                self.check_example(example, profile, results, in_srcroot(name), line)
            for n, example in enumerate(in_args, start=1):
                self.check_example(example, profile, results, {"description": {"text": f"<arg {n}>"}}, 1)
            seen.update(r["ruleId"] for r in results)
        self.assertEqual(set(documented) - seen, set(), "ids never reported as a result")

    def test_plan_refusal_from_its_example(self):
        # --plan --format=sarif: a refused plan is a result, at the columns the table gives, in
        # every profile (the plan reads a parsed URI whatever profile parsed it).
        example = next(e for e in self.examples if e.id == "plan.nocwd-slash")
        self.write("plan.txt", example.bytes + b"\nftp://h/pub/f.txt\n")
        for profile in common.PROFILES:
            with self.subTest(profile=profile):
                log, code = self.sarif([f"--profile={profile}", "--plan", "--plan-mode=nocwd", "-f", "plan.txt"],
                                       cwd=self.dir)
                self.assertEqual(1, code, "a refused plan makes its input invalid")
                results = log["runs"][0]["results"]
                self.check_example(example, profile, results, in_srcroot("plan.txt"), 1)
                self.assertNotIn("fixes", [r for r in results if r["ruleId"] == example.id][0])
                self.assertEqual([1], sorted({r["locations"][0]["physicalLocation"]["region"]["startLine"]
                                              for r in results}), "the planned input has no result")
        # Without --plan, or in another mode, the same URI is valid.
        for args in ([], ["--plan"], ["--plan", "--plan-mode=singlecwd"]):
            log, code = self.sarif([*args, "-f", "plan.txt"], cwd=self.dir)
            self.assertNotIn(example.id, [r["ruleId"] for r in log["runs"][0]["results"]], args)

    def policy_examples(self):
        """The rows of the policy's ids, whose "why" begins with "Policy (deny CLASS)" or
        "Policy (allow `PATTERN`)"."""
        rows = [e for e in self.examples if e.why.startswith("Policy")]
        self.assertEqual({"host.denied", "host.not-allowed"}, {e.id for e in rows})
        return rows

    def test_policy_findings_from_their_examples(self):
        # --deny / --allow-host --format=sarif: a refused host is a result at the host's columns,
        # in every profile, with no fix; a host the policy accepts has none; without the option
        # the example is valid.
        for example in self.policy_examples():
            m = POLICY_WHY.match(example.why)
            self.assertTrue(m, f"{example.id}: the why column does not name the policy: {example.why!r}")
            kind, value = m.groups()
            args = ["--deny", value] if kind == "deny" else ["--allow-host", value]
            name = f"{example.id}.txt"
            self.write(name, example.bytes + b"\nftp://ftp.example.org/pub/\n")
            for profile in common.PROFILES:
                with self.subTest(id=example.id, profile=profile):
                    log, code = self.sarif([f"--profile={profile}", *args, "-f", name], cwd=self.dir)
                    self.assertEqual(1, code, "a refused host makes its input invalid")
                    results = log["runs"][0]["results"]
                    self.check_example(example, profile, results, in_srcroot(name), 1)
                    mine = [r for r in results if r["ruleId"] == example.id]
                    self.assertNotIn("fixes", mine[0])
                    if kind == "deny":
                        self.assertEqual(f"host class {value} is denied by the policy", mine[0]["message"]["text"])
                    self.assertEqual([1], sorted({r["locations"][0]["physicalLocation"]["region"]["startLine"]
                                                  for r in results}), "the accepted host has no result")
            log, code = self.sarif(["-f", name], cwd=self.dir)
            self.assertNotIn(example.id, [r["ruleId"] for r in log["runs"][0]["results"]])

    def list_examples(self):
        """The rows of the ids of a list file's lines, whose "why" begins with "List"."""
        rows = [e for e in self.examples if e.why.startswith("List")]
        self.assertEqual({"list.fields", "list.trailing-blank"}, {e.id for e in rows})
        return rows

    def test_list_ids_from_their_examples(self):
        # The example is a line of a file: in every profile the id is reported at its columns.
        for example in self.list_examples():
            name = f"{example.id}.txt"
            self.write(name, example.bytes + b"\n")
            for profile in common.PROFILES:
                with self.subTest(id=example.id, profile=profile):
                    log, _ = self.sarif([f"--profile={profile}", "-f", name], cwd=self.dir)
                    self.check_example(example, profile, log["runs"][0]["results"], in_srcroot(name), 1)

    def build_examples(self):
        """The rows of the ids only a build without libidn2 reports, whose "why" begins with
        "Build (FTPURI_WITH_IDN2=OFF)"."""
        rows = [e for e in self.examples if e.why.startswith("Build")]
        self.assertEqual({"host.idna-unavailable"}, {e.id for e in rows})
        return rows

    def test_build_ids_are_not_reported_by_this_build(self):
        # ftpuri-check is built with libidn2 (the default): the example is valid in every
        # profile, without the id.
        for example in self.build_examples():
            self.assertTrue(example.why.startswith("Build (FTPURI_WITH_IDN2=OFF)"), example.why)
            name = f"{example.id}.txt"
            self.write(name, example.bytes + b"\n")
            for profile in common.PROFILES:
                with self.subTest(id=example.id, profile=profile):
                    log, code = self.sarif([f"--profile={profile}", "-f", name], cwd=self.dir)
                    self.assertEqual(0, code, "the example is valid in a build with libidn2")
                    self.assertNotIn(example.id, [r["ruleId"] for r in log["runs"][0]["results"]])

    def test_anonymous_password_control(self):
        # Not a result: the option, not an input, is wrong; a usage error before the log starts.
        proc = common.run(["--format=sarif", "--plan", "--anonymous-password=a\r\nDELE f", "ftp://h/f"])
        self.assertEqual(2, proc.returncode)
        self.assertEqual(b"", proc.stdout)
        self.assertIn(b"--anonymous-password: ", proc.stderr)
        self.assertIn(b"[plan.anonymous-password-control]", proc.stderr)

    def check_example(self, example, profile, results, artifact, line):
        at_line = [r for r in results
                   if r["locations"][0]["physicalLocation"]["artifactLocation"] == artifact
                   and r["locations"][0]["physicalLocation"]["region"]["startLine"] == line]
        mine = [r for r in at_line if r["ruleId"] == example.id]
        self.assertTrue(mine, f"{example.id} ({profile}): its example {example.bytes[:80]!r} "
                              f"reports {[r['ruleId'] for r in at_line]}")
        result = mine[0]
        self.assertEqual(example.severities[profile], result["level"],
                         f"{example.id} ({profile}): level")
        region = result["locations"][0]["physicalLocation"]["region"]
        first = common.code_point_column(example.bytes, example.offset)
        end = common.code_point_column(example.bytes, example.offset + example.length)
        self.assertEqual((first, end), (region["startColumn"], region["endColumn"]),
                         f"{example.id} ({profile}): the columns of offset {example.offset} "
                         f"length {example.length} in {example.bytes[:80]!r}")

    def test_rules_log(self):
        proc = common.run(["--rules", "--format=sarif"])
        self.assertEqual(0, proc.returncode)
        log = json.loads(proc.stdout.decode("utf-8"))
        errors = [e.message for e in self.validator.iter_errors(log)]
        self.assertEqual([], errors[:10])
        run = self.check_log(log, 0)
        self.assertEqual([], run["results"])
        rules = run["tool"]["driver"]["rules"]
        by_id = {r["id"]: r for r in self.rules}
        for rule in rules:
            expected = by_id[rule["id"]]
            self.assertEqual(expected["severity"], rule["defaultConfiguration"]["level"])
            self.assertEqual(not expected["opt_in"], rule["defaultConfiguration"]["enabled"])
            self.assertEqual(expected["message"], rule["shortDescription"]["text"])
            self.assertEqual(expected["hint"], rule["help"]["text"])

    def test_stdin_and_arguments_have_descriptions(self):
        log, code = self.sarif(["-f", "-", "--", "ftp://h/a b", "FTP://h/"], stdin=b"ftp://h/%zz\n")
        self.assertEqual(1, code)
        results = log["runs"][0]["results"]
        artifacts = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in results]
        for artifact in artifacts:
            self.assertNotIn("uri", artifact)
        self.assertEqual(["<arg 1>", "<arg 2>", "<stdin>"],
                         sorted({a["description"]["text"] for a in artifacts}))

    def test_file_uri(self):
        # A file in the working directory is relative to %SRCROOT%, however it is named; one
        # outside it is a file: URI of its absolute path, with no base.
        self.write("a b%.txt", b"FTP://h/\n")
        os.mkdir(self.path("sub"))
        log, code = self.sarif(["-f", "a b%.txt", "-f", self.path("a b%.txt"), "-f", "./a b%.txt"],
                               cwd=self.dir)
        self.assertEqual(0, code)
        artifacts = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]
        self.assertEqual([in_srcroot("a%20b%25.txt")] * 3, artifacts)
        self.assertEqual({"%SRCROOT%"}, set(log["runs"][0]["originalUriBaseIds"]))
        log, code = self.sarif(["-f", self.path("a b%.txt"), "-f", "../a b%.txt"], cwd=self.path("sub"))
        artifacts = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]
        self.assertNotIn("uriBaseId", artifacts[0])
        self.assertTrue(artifacts[0]["uri"].startswith("file:///") and artifacts[0]["uri"].endswith("/a%20b%25.txt"),
                        artifacts[0])
        self.assertEqual(in_srcroot("../a%20b%25.txt"), artifacts[1])

    def test_empty_input(self):
        log, code = self.sarif([], stdin=b"")
        self.assertEqual(0, code)
        self.assertEqual([], log["runs"][0]["results"])

    def test_only_valid_input(self):
        log, code = self.sarif(["ftp://ftp.example.org/pub/"])
        self.assertEqual(0, code)
        self.assertEqual([], log["runs"][0]["results"])

    def test_failure_is_a_notification(self):
        proc = common.run(["--format=sarif", "ftp://h/", "-f", "missing.txt"], cwd=self.dir)
        self.assertEqual(2, proc.returncode)
        log = json.loads(proc.stdout.decode("utf-8"))
        self.assertEqual([], [e.message for e in self.validator.iter_errors(log)][:10])
        invocation = log["runs"][0]["invocations"][0]
        self.assertEqual(2, invocation["exitCode"])
        self.assertFalse(invocation["executionSuccessful"])
        notes = invocation["toolExecutionNotifications"]
        self.assertEqual(1, len(notes))
        self.assertIn("missing.txt", notes[0]["message"]["text"])


if __name__ == "__main__":
    common.main()
