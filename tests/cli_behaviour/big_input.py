#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_behaviour.big_input: a 300 MB line piped on stdin streams through.

The line is generated here and written through a pipe in 1 MiB pieces (never held whole, by
the test or, per its design, by ftpuri-check). ftpuri-check must finish, exit 1, report
input.too-long at offset 65536 with the true excess as its length (the whole line's length
minus 65536), and go on to check the next line. FTPURI_TEST_SCALE scales the 300 MB.

Usage: big_input.py FTPURI_CHECK SOURCE_DIR
"""

import json
import subprocess
import threading
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import common  # noqa: E402

PIECE = 1 << 20
LIMIT = 65536


def stream(args, head, filler_bytes, tail):
    """Runs ftpuri-check with stdin = head + filler_bytes x 'a' + tail, written by a thread."""
    proc = subprocess.Popen([common.EXE, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=common.base_env())
    failure = []

    def feed():
        try:
            proc.stdin.write(head)
            piece = b"a" * PIECE
            left = filler_bytes
            while left:
                n = min(left, PIECE)
                proc.stdin.write(piece if n == PIECE else piece[:n])
                left -= n
            proc.stdin.write(tail)
            proc.stdin.close()
        except (BrokenPipeError, OSError) as e:
            failure.append(e)

    writer = threading.Thread(target=feed)
    writer.start()
    out = proc.stdout.read()
    err = proc.stderr.read()
    writer.join(common.TIMEOUT)
    code = proc.wait(common.TIMEOUT)
    return code, out, err, failure


class BigInput(common.TempDirTest):
    @classmethod
    def setUpClass(cls):
        cls.filler = max(2 * PIECE, int(300_000_000 * common.scale()))

    def test_json_reports_the_true_excess(self):
        head = b"ftp://h/"
        code, out, err, failure = stream(["--format=json"], head, self.filler, b"\nftp://h/next\n")
        self.assertEqual([], failure, "ftpuri-check stopped reading its stdin")
        self.assertEqual(1, code, err[-500:])
        lines = out.splitlines()
        self.assertEqual(2, len(lines))
        first, second = json.loads(lines[0]), json.loads(lines[1])
        self.assertFalse(first["valid"])
        self.assertEqual(1, first["line"])
        self.assertEqual([{"id": "input.too-long", "severity": "error", "offset": LIMIT,
                           "length": len(head) + self.filler - LIMIT,
                           "message": "input is longer than the length limit"}],
                         [{k: v for k, v in d.items() if k != "hint"} for d in first["diagnostics"]])
        self.assertTrue(all(d["hint"] for d in first["diagnostics"]))
        # Only the first max_length + 1 bytes are kept and shown.
        self.assertEqual(LIMIT + 1, len(first["input"]))
        self.assertEqual((2, True, "ftp://h/next"), (second["line"], second["valid"], second["input"]))

    def test_text_and_stats(self):
        code, out, err, failure = stream(["--stats"], b"ftp://h/", self.filler, b"\n")
        self.assertEqual([], failure)
        self.assertEqual(1, code)
        self.assertIn(b"<stdin>:1:65537: error: input is longer than the length limit [input.too-long]\n", out)
        self.assertTrue(out.endswith(b"ftpuri-check: 1 input, 1 invalid; 1 error, 0 warnings, 0 notes\n"))
        self.assertLess(len(out), 2000, "the echo is a window, not the line")
        self.assertRegex(err, rb"stats: 1 inputs?, 0 valid, 1 invalid, 0 skipped \(blank or comment\), %d bytes in"
                         % (8 + self.filler + 1))


if __name__ == "__main__":
    common.main()
