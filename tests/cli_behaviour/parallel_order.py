#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.parallel_order: the output never depends on -j.

A generated input of about 300,000 lines (many 256 KiB blocks; FTPURI_TEST_SCALE scales it, to
25,000 lines at least, still several blocks; a sanitizer build gets 30,000 by default),
with invalid, warned, password, non-UTF-8, CRLF, empty and over-long lines spread through it,
is checked with -j1, -j2 and -j4 in the text, JSON, SARIF, GitHub, code quality, --fix and
--plan modes: stdout and stderr are byte-identical, the JSON has one object per line with line
numbers 1..N in order, and the SARIF log and the code quality report are one JSON value each.

Usage: parallel_order.py FTPURI_CHECK SOURCE_DIR
"""

import json
import random
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

SARIF_TIMES = re.compile(rb'"(?:start|end)TimeUtc":"[^"]*"')

JOBS = (1, 2, 4)


def generate(count):
    rnd = random.Random(20240611)
    lines = []
    for i in range(count):
        k = rnd.randrange(1000)
        if k < 900:
            line = b"ftp://ftp%d.example.org/pub/f%d" % (i, i)
        elif k < 930:
            line = b"FTP://Host%d.Example/a/./b%%7e%d" % (i, i)          # warnings, fixable
        elif k < 950:
            line = b"ftp://h/a b%d" % i                                 # error
        elif k < 960:
            line = b"ftp://u%d:pw%d@h/x" % (i, i)                        # password
        elif k < 970:
            line = b"ftp://a@b@h/%d" % i                                # error and note
        elif k < 972:
            line = b"ftp://u%d@h/a%%2Fb/f" % i                           # asks the password; no nocwd plan
        elif k < 975:
            line = b"ftp://h/caf\xe9\x01%d" % i                          # not UTF-8, control
        elif k < 980:
            line = b""                                                  # empty
        elif k < 985:
            line = b"ftp://h/" + b"x" * rnd.randrange(100, 3000)        # longer than the echo
        else:
            line = b"ftp://h:%d/;type=%s" % (rnd.randrange(0, 70000), rnd.choice([b"a", b"x", b"I"]))
        if i % 50_000 == 25_000:
            line = b"ftp://h/" + b"y" * 70_000                          # input.too-long
        lines.append(line + (b"\r\n" if rnd.randrange(10) == 0 else b"\n"))
    return b"".join(lines)


class ParallelOrder(common.TempDirTest):
    @classmethod
    def setUpClass(cls):
        cls.count = max(25_000, int(300_000 * common.scale()))
        cls.data = generate(cls.count)

    def setUp(self):
        super().setUp()
        self.write("big.txt", self.data)

    def outputs(self, args):
        results = []
        for jobs in JOBS:
            # Every line an input (--no-skip): the generated lines include empty ones.
            proc = common.run(["-j", str(jobs), "--no-skip", *args, "-f", "big.txt"], cwd=self.dir)
            self.assertEqual(1, proc.returncode, f"-j{jobs} {args}: {proc.stderr[-300:]!r}")
            results.append((jobs, proc))
        first = results[0][1]
        for jobs, proc in results[1:]:
            # A SARIF log says when its run started and ended: the one difference allowed.
            same = SARIF_TIMES.sub(b"", proc.stdout) == SARIF_TIMES.sub(b"", first.stdout)
            self.assertTrue(same, f"{args}: -j{jobs}'s stdout differs from -j1's")
            self.assertTrue(proc.stderr == first.stderr, f"{args}: -j{jobs}'s stderr differs from -j1's")
        return first

    def test_input_spans_many_blocks(self):
        self.assertGreater(len(self.data), 4 * 256 * 1024)

    def test_text(self):
        out = self.outputs(["--format=text"]).stdout
        self.assertIn(b"ftpuri-check: %d inputs," % self.count, out)

    def test_json(self):
        out = self.outputs(["--format=json"]).stdout
        lines = out.split(b"\n")
        self.assertEqual(b"", lines.pop())
        self.assertEqual(self.count, len(lines))
        # Every line is {"file":"big.txt","input":"...","line":N,"valid":...}; the input is
        # escaped, so '","line":' can only be the key. Every 97th line is parsed in full.
        key = re.compile(rb'^\{"file":"big\.txt","input":".*?","line":(\d+),"valid":')
        for number, line in enumerate(lines, start=1):
            m = key.match(line)
            self.assertTrue(m, f"JSON line {number}: {line[:200]!r}")
            if int(m.group(1)) != number:
                self.fail(f"JSON line {number} has \"line\": {m.group(1).decode()}")
            if number % 97 == 0:
                self.assertEqual(number, json.loads(line)["line"])

    def test_sarif(self):
        out = self.outputs(["--format=sarif"]).stdout
        log = json.loads(out)
        lines = [r["locations"][0]["physicalLocation"]["region"]["startLine"]
                 for r in log["runs"][0]["results"]]
        self.assertEqual(sorted(lines), lines, "SARIF results out of line order")
        self.assertGreater(len(lines), self.count // 20)

    def test_codeclimate(self):
        # One JSON array over every block: the commas between the workers' issues are right.
        issues = json.loads(self.outputs(["--format=codeclimate"]).stdout)
        lines = [issue["location"]["lines"]["begin"] for issue in issues]
        self.assertEqual(sorted(lines), lines, "code quality issues out of line order")
        self.assertGreater(len(lines), self.count // 20)

    def test_github(self):
        out = self.outputs(["--format=github"]).stdout
        lines = [int(m) for m in re.findall(rb"^::(?:error|warning|notice) file=big\.txt,line=(\d+),", out, re.M)]
        self.assertEqual(out.count(b"\n"), len(lines), "a line that is not a workflow command")
        self.assertEqual(sorted(lines), lines, "workflow commands out of line order")
        self.assertGreater(len(lines), self.count // 20)

    def test_fix(self):
        proc = self.outputs(["--fix"])
        self.assertGreater(len(proc.stdout.splitlines()), self.count // 2)
        self.assertIn(b"error:", proc.stderr)

    def test_plan(self):
        proc = self.outputs(["--plan"])
        self.assertGreater(proc.stdout.count(b"\nRETR f"), self.count // 2)
        self.assertTrue(b": note: no password in the URI" in proc.stderr, "no plan asks for the password")
        self.assertTrue(b"error:" in proc.stderr, "no invalid input reported")

    def test_plan_json(self):
        # nocwd refuses the a%2Fb lines: invalid records among the planned ones, in order.
        out = self.outputs(["--plan", "--plan-mode=nocwd", "--format=json"]).stdout
        lines = out.split(b"\n")
        self.assertEqual(b"", lines.pop())
        self.assertEqual(self.count, len(lines))
        for number in range(1, self.count + 1, 89):
            record = json.loads(lines[number - 1])
            self.assertEqual(number, record["line"])
            self.assertEqual(record["valid"], record["plan"] is not None)
        self.assertTrue(b'"id":"plan.nocwd-slash"' in out, "no plan refused")

    def test_stats(self):
        # The counts of --stats (not its timing) are the same for every -j.
        counts = []
        for jobs in JOBS:
            p = common.run(["-j", str(jobs), "--no-skip", "-q", "--stats", "-f", "big.txt"], cwd=self.dir)
            self.assertEqual(1, p.returncode)
            # The file's line, the run's (without its timing) and the ids.
            lines = p.stderr.decode().splitlines()
            counts.append([line.split(" bytes in ")[0] for line in lines])
        self.assertEqual(counts[0], counts[1])
        self.assertEqual(counts[0], counts[2])
        self.assertIn(f"stats: big.txt: {self.count} inputs", counts[0][0])
        self.assertIn(f"stats: {self.count} inputs", counts[0][1])
        self.assertTrue(counts[0][1].endswith(f" {len(self.data)}"), counts[0][1])


if __name__ == "__main__":
    common.main()
