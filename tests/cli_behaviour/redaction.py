#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.redaction: a password never appears in ftpuri-check's reports.

Every line below holds a password made of tokens that occur nowhere else (Qx7Kp2, ...). In the
text, JSON, SARIF, GitHub and code quality formats, in both profiles, with colours, --stats, --quiet, in --fix
with --redact-password or --strip-password, and in --plan (stdout and stderr), no token may
appear. Plain --fix prints the canonical form with its password, and --plan --show-password the
PASS command with it: that is documented (the output asked for), and checked too.

The malformed lines of the leak report (MALFORMED) are checked apart, in every profile and
format, with and without --stats, from a file and as arguments: RFC 3986, WHATWG or curl reads a
password in each, so each must be masked although no profile accepts the line.

Usage: redaction.py FTPURI_CHECK SOURCE_DIR
"""

import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

# (line, the password's tokens: pieces of 3 or more characters that must never be printed)
LINES = [
    (b"ftp://alice:Qx7Kp2@h.example/", ["Qx7Kp2"]),                    # valid
    (b"FTP://bob:Wm4Zt8@H.example:21/a/./b", ["Wm4Zt8"]),              # valid, warnings
    (b"ftp://carol:Rv9Jd3@h/a b", ["Rv9Jd3"]),                         # error after it
    (b"ftp://dave:Ty6 Hn5@h/", ["Ty6", "Hn5"]),                        # error in it (space)
    (b"ftp://erin:Uk3%zzLm7@h/", ["Uk3", "zzLm7", "Lm7"]),             # error in it (%zz)
    (b"ftp://frank:Pb8Xc4@evil@h/", ["Pb8Xc4", "Pb8", "Xc4"]),         # several @
    (b"ftp://gina:Nf2@Gs6@h/", ["Nf2", "Gs6"]),                        # an @ in it
    (b"ftp://hank:Jd5Vw1@h:99999/", ["Jd5Vw1"]),                       # port error
    (b"ftp://ivan:Ks7Ye3@-h/", ["Ks7Ye3"]),                            # host error
    (b"ftp://judy:Mc4:Rt9@h/", ["Mc4", "Rt9"]),                        # raw colon in it
    (b"ftp://:Lz6Bq2@h/", ["Lz6Bq2"]),                                 # empty user
    ("ftp://kim:\u00d6p3Wx7@h/".encode(), ["p3Wx7", "\u00d6p3"]),      # non-ASCII in it
    (b"ftp://lee:Va5\x01Qe8@h/", ["Va5", "Qe8"]),                      # a control byte in it
    (b"ftp://max:Hy4%41Pn9@h/", ["Hy4", "Pn9", "Hy4A", "APn9"]),       # pct.needless in it
    (b"ftp://ned:Fw3Gk8%3a@h/", ["Fw3Gk8"]),                           # pct.lowercase in it
    (b"ftp://anonymous:Dm2Sx5@h/", ["Dm2Sx5"]),                        # anonymous with one
    (b"ftp://olga:Bt6Cn1@[::1]:2121/", ["Bt6Cn1"]),                    # with the opt-in rules
]
# The lines that are valid in strict / lenient, whose canonical form keeps the password in
# plain --fix.
VALID_STRICT = [0, 1, 10, 13, 14, 15, 16]
VALID_LENIENT = sorted(VALID_STRICT + [2, 3, 8, 9, 11])  # 8: "-h" is a reg-name there, as in rfc3986

# The shapes of the leak report, each with a password of its own. WHATWG's parser (node's URL)
# reads the password in all but the last: "ftp" is a special scheme, so any run of '/' and '\'
# after "ftp:" leads to the authority. curl reads "Jx5\Rb2" in the last (a '\' does not end
# its authority) and "u:Ly8Tg6" in "ftp:u:Ly8Tg6@h/" (no '/' after "ftp:", so it guesses that
# there is no scheme and takes "ftp" for the user).
MALFORMED = [
    (b"ftp:/u:Hq4Wn8@h/", ["Hq4Wn8", "Hq4", "Wn8"]),
    (b"ftp:u:Ly8Tg6@h/", ["Ly8Tg6", "Ly8", "Tg6"]),
    (b"ftp:///u:Cv3Dm9@h/", ["Cv3Dm9", "Cv3", "Dm9"]),
    (b"ftp:\\u:Sk2Fp7@h/", ["Sk2Fp7", "Sk2", "Fp7"]),
    (b"ftp:\\\\u:Tz3Bk5@h/", ["Tz3Bk5", "Tz3", "Bk5"]),
    (b"ftp:////u:Gw6Nr4@h/", ["Gw6Nr4", "Gw6", "Nr4"]),
    (b"ftp://u:Jx5\\Rb2@h/", ["Jx5", "Rb2"]),
]

TOKENS = sorted({t.encode() for _, tokens in LINES for t in tokens})
MALFORMED_TOKENS = sorted({t.encode() for _, tokens in MALFORMED for t in tokens})
OPT_IN = ["--enable", "host.ip-address", "--enable", "userinfo.present",
          "--enable", "port.non-default"]


class Redaction(common.TempDirTest):
    def setUp(self):
        super().setUp()
        self.write("pw.txt", b"".join(line + b"\n" for line, _ in LINES))

    def leaks(self, data):
        return [t.decode() for t in TOKENS if t in data]

    def assert_no_password(self, args, stdin=b"", codes=(1,)):
        proc = common.run(args, stdin=stdin, cwd=self.dir)
        self.assertIn(proc.returncode, codes, f"{args}: {proc.stderr[:500]!r}")
        self.assertEqual([], self.leaks(proc.stdout), f"{args}: a password on stdout")
        self.assertEqual([], self.leaks(proc.stderr), f"{args}: a password on stderr")
        return proc

    def test_reports(self):
        for profile in ("strict", "rfc3986", "lenient"):
            for fmt in ("text", "json", "sarif", "github", "codeclimate"):
                with self.subTest(profile=profile, format=fmt):
                    proc = self.assert_no_password([f"--profile={profile}", f"--format={fmt}",
                                                    *OPT_IN, "-f", "pw.txt"])
                    self.assertTrue(proc.stdout)

    def test_reports_of_arguments_and_stdin(self):
        args = [os.fsdecode(line) for line, _ in LINES]
        for fmt in ("text", "json", "sarif", "github", "codeclimate"):
            with self.subTest(format=fmt):
                self.assert_no_password([f"--format={fmt}", "--", *args])
                self.assert_no_password([f"--format={fmt}"],
                                        stdin=b"".join(line + b"\r\n" for line, _ in LINES))

    def test_colour_and_disabled_warning(self):
        self.assert_no_password(["--color=always", "-f", "pw.txt"])
        self.assert_no_password(["--disable", "userinfo.password", "-f", "pw.txt"])

    def test_stats(self):
        for extra in ([], ["-q"], ["--format=json"], ["--format=sarif"]):
            with self.subTest(extra=extra):
                proc = self.assert_no_password(["--stats", *extra, "-f", "pw.txt"])
                self.assertIn(b"stats:", proc.stderr)

    def test_fix_redact_and_strip(self):
        for profile in ("strict", "lenient"):
            for option in ("--redact-password", "--strip-password"):
                with self.subTest(profile=profile, option=option):
                    # --whole-line: each line is one URI (a raw space in a password included).
                    proc = self.assert_no_password(["--fix", option, f"--profile={profile}", "--whole-line",
                                                    "-f", "pw.txt"])
                    valid = VALID_STRICT if profile == "strict" else VALID_LENIENT
                    self.assertEqual(len(valid), len(proc.stdout.splitlines()))
                    if option == "--redact-password":
                        self.assertIn(b":****@", proc.stdout)
                    else:
                        self.assertNotIn(b"****", proc.stdout)

    def test_fix_in_place_redacts_the_reports(self):
        proc = self.assert_no_password(["--fix", "--in-place", "--redact-password", "pw.txt"])
        content = self.read("pw.txt")
        # The invalid lines are kept as they were (with their passwords: the file is the
        # user's); the valid ones now read ****.
        lines = content.split(b"\n")
        for index in VALID_STRICT:
            self.assertIn(b"****", lines[index])
        self.assertIn(b"ftpuri-check: pw.txt:", proc.stderr)

    def test_plain_fix_keeps_the_password(self):
        # Documented: --fix prints the canonical form, password included.
        for profile, valid in (("strict", VALID_STRICT), ("lenient", VALID_LENIENT)):
            with self.subTest(profile=profile):
                proc = common.run(["--fix", f"--profile={profile}", "--whole-line", "-f", "pw.txt"], cwd=self.dir)
                self.assertEqual(1, proc.returncode)
                self.assertEqual([], self.leaks(proc.stderr), "the reports on stderr are masked")
                out = proc.stdout.splitlines()
                self.assertEqual(len(valid), len(out))
                for index, line in zip(valid, out):
                    first_token = LINES[index][1][0].encode()
                    self.assertIn(first_token, line, f"{LINES[index][0]!r} -> {line!r}")

    def test_plan_masks_the_password(self):
        # PASS reads ****, in text and JSON, in every mode; the reports of the invalid lines on
        # stderr are masked as always.
        for profile, valid in (("strict", VALID_STRICT), ("lenient", VALID_LENIENT)):
            for extra in ([], ["--format=json"], ["--plan-mode=nocwd"], ["--absolute", "--plan-mode=rfc1738"]):
                with self.subTest(profile=profile, extra=extra):
                    proc = self.assert_no_password(["--plan", f"--profile={profile}", *extra, "--whole-line",
                                                    "-f", "pw.txt"])
                    if "--format=json" in extra:
                        plans = [json.loads(r)["plan"] for r in proc.stdout.splitlines()]
                        self.assertEqual(len(valid), len([p for p in plans if p is not None]))
                        self.assertTrue(all("PASS ****" in p for p in plans if p is not None), plans)
                    else:
                        self.assertEqual(len(valid), proc.stdout.count(b"\nPASS ****\n"), proc.stdout)

    def test_plan_show_password_shows_it(self):
        # Documented: --show-password prints PASS with the password, decoded, as it is sent;
        # the reports on stderr are still masked.
        for profile, valid in (("strict", VALID_STRICT), ("lenient", VALID_LENIENT)):
            for fmt in ("text", "json"):
                with self.subTest(profile=profile, format=fmt):
                    proc = common.run(["--plan", "--show-password", f"--profile={profile}", f"--format={fmt}",
                                       "--whole-line", "-f", "pw.txt"], cwd=self.dir)
                    self.assertEqual(1, proc.returncode)
                    self.assertEqual([], self.leaks(proc.stderr), "the reports on stderr are masked")
                    if fmt == "json":
                        commands = [c.encode() for r in proc.stdout.splitlines() for c in json.loads(r)["plan"] or []]
                    else:
                        commands = proc.stdout.splitlines()
                    passes = [c for c in commands if c.startswith(b"PASS ")]
                    self.assertEqual(len(valid), len(passes), passes)
                    for index, command in zip(valid, passes):
                        self.assertIn(LINES[index][1][0].encode(), command, LINES[index][0])

    def test_malformed_lines_of_the_leak_report(self):
        self.write("malformed.txt", b"".join(line + b"\n" for line, _ in MALFORMED))
        arguments = ["--", *(os.fsdecode(line) for line, _ in MALFORMED)]
        for profile in ("strict", "rfc3986", "lenient"):
            for fmt in ("text", "json", "sarif", "github", "codeclimate"):
                for stats in ([], ["--stats"], ["--plan"], ["--plan", "--plan-mode=nocwd"]):
                    for source in (["-f", "malformed.txt"], arguments):
                        with self.subTest(profile=profile, format=fmt, stats=stats, source=source[0]):
                            args = [f"--profile={profile}", f"--format={fmt}", *stats, *source]
                            proc = common.run(args, cwd=self.dir)
                            self.assertEqual(1, proc.returncode, f"{args}: {proc.stderr[:500]!r}")
                            for stream, data in (("stdout", proc.stdout), ("stderr", proc.stderr)):
                                leaked = [t.decode() for t in MALFORMED_TOKENS if t in data]
                                self.assertEqual([], leaked, f"{args}: a password on {stream}: {data[:2000]!r}")
                            # SARIF, GitHub's and GitLab's formats never echo an input
                            if fmt in ("text", "json") and "--plan" not in stats:
                                self.assertLessEqual(len(MALFORMED), proc.stdout.count(b"****"), proc.stdout)

    def test_empty_password_stays_empty(self):
        # Nothing to hide, and "u:@h" logs in differently from "u@h": the echo and JSON's
        # "canonical" show it as it is, and so does --fix --redact-password.
        proc = common.run(["--format=json", "ftp://u:@h/"], cwd=self.dir)
        self.assertEqual(0, proc.returncode, proc.stderr)
        record = json.loads(proc.stdout)
        self.assertEqual("ftp://u:@h/", record["input"])
        self.assertEqual("ftp://u:@h/", record["canonical"])
        proc = common.run(["ftp://u:@h/"], cwd=self.dir)
        self.assertIn(b"\nftp://u:@h/\n", proc.stdout + proc.stderr)
        self.assertNotIn(b"****", proc.stdout + proc.stderr)
        proc = common.run(["--fix", "--redact-password", "ftp://u:@h/"], cwd=self.dir)
        self.assertEqual(b"ftp://u:@h/\n", proc.stdout)
        proc = common.run(["--plan", "ftp://u:@h/"], cwd=self.dir)
        self.assertEqual(b"USER u\nPASS \nLIST\n\n", proc.stdout)

    def test_line_longer_than_the_limit(self):
        # A file's line longer than --max-length is read only up to the limit: the password
        # must stay masked although the '@' after it was not read.
        self.write("long.txt", b"ftp://user:Zr8Qw5Yt3@h/\n" + b"ftp://user:Zr8Qw5Yt3@h/" + b"a" * 70000 + b"\n")
        for fmt in ("text", "json", "sarif", "github", "codeclimate"):
            for limit in ("14", "17", "20"):
                with self.subTest(format=fmt, max_length=limit):
                    proc = common.run([f"--format={fmt}", "--max-length", limit, "-f", "long.txt"],
                                      cwd=self.dir)
                    self.assertEqual(1, proc.returncode)
                    for token in (b"Zr8", b"Qw5", b"Yt3"):
                        self.assertNotIn(token, proc.stdout, f"--max-length {limit}: {proc.stdout[:400]!r}")
        proc = common.run(["--format=json", "-f", "long.txt"], cwd=self.dir)
        self.assertNotIn(b"Zr8", proc.stdout)


if __name__ == "__main__":
    common.main()
