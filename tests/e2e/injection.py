# SPDX-License-Identifier: Apache-2.0
"""e2e.injection: URIs and options that would inject an FTP command never give a plan, so
nothing of them reaches the server.

    injection.py FTPURI_CHECK WORKDIR

- Each URI of INJECTIONS (CR, LF, NUL, other controls, percent-encoded or raw, in the path,
  the typecode, the user or the password), in every plan mode, with and without --absolute:
  ftpuri-check reports it invalid and gives no plan. A plan that came out anyway would be
  executed against the server, so that e2e.command_log sees what it sent, and fails this test.
- HARMLESS: URIs that look like injections but are one command each (a space, "%250D%250A"):
  their plan is executed, arrives as one line, and gets a 550.
- --anonymous-password holding CR or LF: ftpuri-check refuses to run (exit 2) and prints no plan.
  (A NUL cannot be passed in argv.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import e2e_lib as L  # noqa: E402

# {} is the server's host and port; alice's password is right, so that only the injected part
# could do anything.
INJECTIONS = [
    "ftp://{}/a%0D%0ADELE%20readme.txt/f",
    "ftp://{}/a%0ADELE%20readme.txt/f",
    "ftp://{}/a%0DDELE%20readme.txt/f",
    "ftp://{}/f%0d%0aRNFR%20readme.txt%0d%0aRNTO%20x",
    "ftp://{}/%0D%0ASTOR%20x",
    "ftp://{}/readme.txt%0D%0A",
    "ftp://{}/a%00b/readme.txt",
    "ftp://{}/readme.txt%00.jpg",
    "ftp://{}/a%09DELE%20x",
    "ftp://{}/readme.txt;type=a%0D%0ADELE%20x",
    "ftp://{}/readme.txt;type=d%0ASITE%20EXEC%20x",
    "ftp://alice:wonder%20land%0D%0ADELE%20readme.txt@{}/readme.txt",
    "ftp://alice:p%0D%0ADELE%20x@{}/readme.txt",
    "ftp://alice%0D%0ASITE%20EXEC%20x:wonder%20land@{}/readme.txt",
    "ftp://anonymous%0AMKD%20x@{}/",
    "ftp://{}/sub%0D%0ARMD%20sub/",
    # Raw bytes (the list file holds them as they are).
    "ftp://{}/a\rDELE readme.txt/f",
    "ftp://{}/a\x00b",
    "ftp://{}/a\x0bb",
]

# One command each: a client sends them as one line, which names a file that is not there.
HARMLESS = [
    ("ftp://{}/x%20DELE%20readme.txt", "RETR x DELE readme.txt"),
    ("ftp://{}/x%250D%250ADELE%20readme.txt", "RETR x%0D%0ADELE readme.txt"),
    ("ftp://{}/x%5Cr%5Cn", None),  # refused: %5C (a backslash)
]

ANONYMOUS_PASSWORDS = ["a\rDELE readme.txt", "a\nDELE readme.txt", "a\r\nDELE readme.txt", "\r\n"]


def main() -> int:
    L.skip_or_fail_without_pyftpdlib()
    exe, work = sys.argv[1], Path(sys.argv[2])
    port = L.server_port(work)
    hostport = f"127.0.0.1:{port}"
    uris = [u.format(hostport) for u in INJECTIONS]
    harmless = [(u.format(hostport), line) for u, line in HARMLESS]
    failures: list[str] = []
    sessions: list[dict] = []
    refused = 0

    for mode in L.MODES:
        for absolute in (False, True):
            label = f"{mode}{' --absolute' if absolute else ''}"
            rc, records, err = L.run_plans(exe, uris + [u for u, _ in harmless], mode, absolute, work)
            if rc != 1 or len(records) != len(uris) + len(harmless):
                failures.append(f"[{label}] exit {rc} and {len(records)} records for "
                                f"{len(uris) + len(harmless)} URIs: {err}")
                continue
            for uri, rec in zip(uris, records):
                if rec["valid"] or rec.get("plan") is not None:
                    failures.append(f"[{label}] {uri!r}: a plan: {rec.get('plan')}")
                    if isinstance(rec.get("plan"), list):
                        sessions.append(L.execute(port, rec["plan"], bool(rec["ask_password"]),
                                                  "alice").to_json())
                    continue
                refused += 1
            for (uri, line), rec in zip(harmless, records[len(uris):]):
                if line is None:
                    if rec.get("plan") is not None:
                        failures.append(f"[{label}] {uri!r}: a plan: {rec['plan']}")
                    continue
                plan = rec.get("plan")
                if not isinstance(plan, list) or plan[-1] != line or L.plan_problems(plan):
                    failures.append(f"[{label}] {uri!r}: wanted the plan to end with {line!r}, got {plan}")
                    continue
                s = L.execute(port, plan, rec["ask_password"], "anonymous")
                sessions.append(s.to_json())
                if s.stop != (line, 550):
                    failures.append(f"[{label}] {uri!r}: wanted a 550 on {line!r}, got {s.stop}")

    # The anonymous password option: refused before any input is read.
    for pw in ANONYMOUS_PASSWORDS:
        for uri in (f"ftp://{hostport}/readme.txt", f"ftp://alice:x@{hostport}/readme.txt"):
            p = subprocess.run([exe, "--plan", "--format=json", "--show-password",
                                f"--anonymous-password={pw}", uri], capture_output=True, timeout=30)
            if p.returncode != 2 or p.stdout.strip():
                failures.append(f"--anonymous-password={pw!r} {uri}: exit {p.returncode}, "
                                f"stdout {p.stdout[:200]!r}; wanted exit 2 and nothing")
            elif b"plan.anonymous-password-control" not in p.stderr:
                failures.append(f"--anonymous-password={pw!r}: stderr does not name "
                                f"plan.anonymous-password-control: {p.stderr[:300]!r}")

    with open(work / "sessions-injection.jsonl", "w") as f:
        for s in sessions:
            f.write(json.dumps(s) + "\n")
    problems, matched = L.match_sessions(sessions, L.read_log(work / "commands.log"))
    failures += problems

    print(f"e2e.injection: {len(uris)} injections x {len(L.MODES)} modes x 2 (absolute or not): "
          f"{refused} refused without a plan; {len(harmless)} look-alikes, {len(sessions)} "
          f"sessions, {len(matched)} found in the server's log; "
          f"{len(ANONYMOUS_PASSWORDS) * 2} --anonymous-password runs refused")
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
