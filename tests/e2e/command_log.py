# SPDX-License-Identifier: Apache-2.0
"""e2e.command_log: after the other e2e tests, the server's command log holds only the lines the
clients sent on purpose.

    command_log.py FTPURI_CHECK WORKDIR

- No line starts with a command that changes the server or runs something (DELE, RNFR, RNTO,
  RMD, MKD, SITE, STOR, ...), no line holds CR, LF or NUL, every line is UTF-8, and every verb
  is one a plan or the client emits (USER, PASS, CWD, TYPE, RETR, NLST, LIST, PASV, EPSV,
  QUIT): e2e_lib.log_problems.
- Every session of the log that holds a line is one that a test's client recorded
  (WORKDIR/sessions-*.jsonl), with exactly those lines: nothing else talked to the server.
The checks are first run on logs made bad on purpose, each of which they must reject.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import e2e_lib as L  # noqa: E402


def self_test() -> list[str]:
    """The checks can fail: each bad log below must be reported."""
    bad = {
        "DELE": [b"USER anonymous", b"DELE readme.txt"],
        "CR inside": [b"RETR a\rDELE x"],
        "LF inside": [b"RETR a\nDELE x"],
        "NUL inside": [b"RETR a\0b"],
        "unknown verb": [b"HELP"],
        "SITE": [b"site exec x"],
        "not UTF-8": [b"RETR \xff"],
    }
    out = []
    for what, lines in bad.items():
        if not L.log_problems([L.LogSession(1, 1, 0.0, lines)]):
            out.append(f"self-test: a log with {what} passed the check")
    good = [L.LogSession(1, 1, 0.0, [b"USER anonymous", b"PASS x", b"CWD ", b"TYPE I", b"PASV",
                                     b"RETR a b", b"QUIT"])]
    if L.log_problems(good):
        out.append(f"self-test: a good log failed: {L.log_problems(good)}")
    client = [{"port": 1, "t_begin": 0.0, "t_end": 1.0, "sent": ["USER anonymous", "QUIT"]}]
    if not L.match_sessions(client, [L.LogSession(1, 1, 0.5, [b"USER anonymous", b"DELE x", b"QUIT"])])[0]:
        out.append("self-test: a session with an extra line matched")
    if L.match_sessions(client, [L.LogSession(1, 1, 0.5, [b"USER anonymous", b"QUIT"])])[0]:
        out.append("self-test: a session with the same lines did not match")
    return out


def main() -> int:
    L.skip_or_fail_without_pyftpdlib()
    work = Path(sys.argv[2])
    failures = self_test()
    log = L.read_log(work / "commands.log")
    failures += L.log_problems(log)

    client: list[dict] = []
    for f in sorted(work.glob("sessions-*.jsonl")):
        client += [json.loads(line) for line in f.read_text().splitlines() if line.strip()]
    problems, matched = L.match_sessions(client, log)
    failures += problems
    unclaimed = [s for s in log if s.lines and s.conn not in matched]
    for s in unclaimed[:20]:
        failures.append(f"a session no test recorded: connection {s.conn} (port {s.port}): {s.lines[:5]}")

    verbs = Counter(line.split(b" ", 1)[0].decode("utf-8", "replace") for s in log for line in s.lines)
    nlines = sum(len(s.lines) for s in log)
    print(f"e2e.command_log: {len(log)} sessions, {nlines} lines; verbs {dict(sorted(verbs.items()))}; "
          f"{len(matched)} sessions matched to {len(client)} recorded by the tests")
    if not client:
        print("(no test recorded a session: was e2e.command_log run alone?)")
    for f in failures[:40]:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
