# SPDX-License-Identifier: Apache-2.0
"""e2e.plans.USER: every plan ftpuri-check emits for the user's URIs, executed against the
fixture's FTP server, fetches exactly the file or listing the URI names.

    plans.py FTPURI_CHECK WORKDIR USER

For each plan mode (rfc1738, multicwd, singlecwd, nocwd) and without and with --absolute,
ftpuri-check --plan --format=json --show-password reads the URIs of e2e_lib.cases_for(USER);
each plan is executed by e2e_lib.execute (ftplib: commands through sendcmd, the action on a
passive data connection) and what arrives is compared with e2e_lib.expected_target, computed
from the tree and from the segments the test encoded, never from ftpuri. At the end, the
server's command log must hold, for each session, exactly the lines the client sent.

What the URI names depends on the mode where the seeds disagree (an empty segment is a null
CWD in rfc1738, skipped in multicwd, and part of singlecwd's and nocwd's one path, where a
leading one means the root): e2e_lib.expected_target follows docs/behaviour.md's text for each mode.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import e2e_lib as L  # noqa: E402


def matches(s: L.Session, exp: L.Expected) -> str:
    """"" when the session got what `exp` says, else what differs."""
    if exp.kind == "file":
        if s.outcome != "file":
            return f"wanted the file {exp.where}, the plan stopped at {s.stop}"
        if s.data != exp.data:
            return f"wanted the file {exp.where} ({exp.data[:40]!r}...), got {s.data[:40]!r}..."
        return ""
    if exp.kind == "listing":
        if s.outcome != "listing":
            return f"wanted the listing of {exp.where}, the plan stopped at {s.stop}"
        verb = s.replies[-1][0].split(" ", 1)[0]
        if verb != exp.verb:
            return f"wanted {exp.verb}, the plan sent {verb}"
        names = L.listing_names(s.data, verb)
        if len(names) != len(set(names)) or set(names) != exp.names:
            return f"wanted the entries {sorted(exp.names)} of {exp.where}, got {sorted(names)}"
        return ""
    # missing: a 550 while walking the path or on the action, which the reply table reads as
    # "stop, keep the directory"; nothing transferred.
    if s.outcome not in ("stopped-path", "stopped-transfer") or s.stop is None or s.stop[1] != 550:
        return f"wanted a 550 ({exp.where} is not there), got {s.outcome} {s.stop} {s.data[:40]!r}"
    if L.reply_action(550, s.outcome.removeprefix("stopped-")) != "stop-keep-directory":
        return "the reply table does not say stop-keep-directory for 550"
    return ""


def main() -> int:
    L.skip_or_fail_without_pyftpdlib()
    exe, work, user = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
    port = L.server_port(work)
    tree = work / "tree"
    cases = L.cases_for(user, port)
    uris = [c.uri for c in cases]
    assert len(set(uris)) == len(uris), "duplicate URIs"

    failures: list[str] = []
    sessions: list[dict] = []
    stats: Counter[str] = Counter()
    null_cwd_replies: Counter[int] = Counter()
    t0 = time.monotonic()

    for mode in L.MODES:
        for absolute in (False, True):
            label = f"{mode}{' --absolute' if absolute else ''}"
            # With --absolute, the anonymous password is given (with a space and non-ASCII).
            anon_pass = "anonymous@" if not absolute else "e2e t\u00e9st@example.org"
            extra = [] if not absolute else [f"--anonymous-password={anon_pass}"]
            rc, records, err = L.run_plans(exe, uris, mode, absolute, work, extra)
            if len(records) != len(cases):
                failures.append(f"[{label}] {len(records)} JSON records for {len(cases)} URIs "
                                f"(exit {rc}): {err}")
                continue
            refused = 0
            for case, rec in zip(cases, records):
                where = f"[{label}] {case.uri}"
                stats["plans"] += 1
                if case.refused:
                    ids = [d["id"] for d in rec["diagnostics"]]
                    if rec["valid"] or rec.get("plan") is not None or case.refused not in ids:
                        failures.append(f"{where}: wanted {case.refused} and no plan, got {rec}")
                    refused += 1
                    stats["refused " + case.refused] += 1
                    continue
                slash = case.segments is not None and any("/" in s for s in case.segments)
                if mode == "nocwd" and slash:
                    # %2F: the nocwd plan cannot tell it from a separator and refuses it.
                    ids = [d["id"] for d in rec["diagnostics"]]
                    if rec["valid"] or rec.get("plan") is not None or "plan.nocwd-slash" not in ids:
                        failures.append(f"{where}: wanted plan.nocwd-slash and no plan, got {rec}")
                    refused += 1
                    stats["refused nocwd-slash"] += 1
                    continue
                if not rec["valid"] or not isinstance(rec.get("plan"), list):
                    failures.append(f"{where}: no plan: {rec['diagnostics']}")
                    continue
                plan = rec["plan"]
                bad = L.plan_problems(plan)
                types = [c for c in plan if c.startswith("TYPE ")]
                want_type = {"a": ["TYPE A"], "d": ["TYPE A"], "i": ["TYPE I"]}.get(case.typecode or "", [])
                if types != want_type:
                    bad.append(f"{types} for ;type={case.typecode}, wanted {want_type}")
                if bad:
                    failures.append(f"{where}: the plan {plan} holds {bad}")
                u = L.USERS[user]
                if rec["ask_password"] != case.asks_password:
                    failures.append(f"{where}: ask_password {rec['ask_password']}")
                want_login = [f"USER {u.name}"] + ([] if case.asks_password else
                                                   [f"PASS {u.password or anon_pass}"])
                if plan[:len(want_login)] != want_login:
                    failures.append(f"{where}: the plan logs in with {plan[:2]}, wanted {want_login}")
                    continue

                s = L.execute(port, plan, rec["ask_password"], user)
                sessions.append(s.to_json())
                stats["sessions"] += 1
                login = [r for r in s.replies if r[0].startswith(("USER ", "PASS "))]
                if [c for _, c in login] != [331, 230]:
                    failures.append(f"{where}: login replies {login}, wanted 331 then 230")
                    continue
                for line, code in s.replies:
                    if line == "CWD ":
                        null_cwd_replies[code] += 1

                exp = L.expected_target(tree, case, mode, absolute)
                problem = matches(s, exp)
                if problem:
                    failures.append(f"{where}: plan {plan}: {problem}")
                else:
                    stats[exp.kind] += 1
            if rc != (1 if refused else 0):
                failures.append(f"[{label}] ftpuri-check exited {rc}, wanted {1 if refused else 0}: {err}")

    with open(work / f"sessions-{user}.jsonl", "w") as f:
        for s in sessions:
            f.write(json.dumps(s) + "\n")
    # The server received, on each session, exactly the lines the client sent.
    log_problems, matched = L.match_sessions(sessions, L.read_log(work / "commands.log"))
    failures += log_problems

    dt = time.monotonic() - t0
    print(f"e2e.plans.{user}: {len(cases)} URIs x {len(L.MODES)} modes x 2 (absolute or not): "
          f"{stats['plans']} plans, {stats['sessions']} sessions in {dt:.1f} s; "
          f"files {stats['file']}, listings {stats['listing']}, 550 as predicted {stats['missing']}, "
          f"refused by nocwd (%2F) {stats['refused nocwd-slash']}, refused "
          f"%5C {stats['refused path.encoded-backslash']}, %2F..%2F "
          f"{stats['refused path.encoded-traversal']}; null CWD replies {dict(null_cwd_replies)}; "
          f"{len(matched)} sessions found in the server's log, line for line")
    for f in failures[:40]:
        print("FAIL " + (f if len(f) < 600 else f[:600] + "..."))
    if len(failures) > 40:
        print(f"... and {len(failures) - 40} more failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
