# SPDX-License-Identifier: Apache-2.0
"""Running ftpuri-check --plan, and executing a plan against the server with ftplib: every
line sent and every reply recorded, the reply table's actions, the plan's own checks and the
listings' names."""

from __future__ import annotations

import ftplib
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from e2e_tree import USERS


def run_plans(exe: str, uris: list[str], mode: str, absolute: bool, workdir: Path,
              extra: list[str] | None = None) -> tuple[int, list[dict], str]:
    """Runs ftpuri-check --plan over `uris` (one per line of a file) and returns its exit
    code, its JSON records in input order, and its stderr."""
    listfile = workdir / f"uris-{os.getpid()}-{mode}-{int(absolute)}.txt"
    listfile.write_bytes(b"".join(u.encode("utf-8") + b"\n" for u in uris))
    # --whole-line: each line is one URI, as written (no list comments or fields).
    cmd = [exe, "--plan", "--format=json", "--show-password", f"--plan-mode={mode}", "-j1", "--whole-line"]
    if absolute:
        cmd.append("--absolute")
    cmd += (extra or []) + ["-f", str(listfile)]
    p = subprocess.run(cmd, capture_output=True, timeout=60)
    records = [json.loads(line) for line in p.stdout.decode("utf-8").splitlines() if line.strip()]
    listfile.unlink()
    return p.returncode, records, p.stderr.decode("utf-8", "replace")


# ---- the client -----------------------------------------------------------------------------

class RecordingFTP(ftplib.FTP):
    """ftplib's client, recording every line it puts on the control connection. Unlike
    ftplib's own putline it does not refuse a line holding CR or LF: a plan holding one would
    reach the server, and the command log (e2e.command_log) would show it."""

    def __init__(self) -> None:
        super().__init__(encoding="utf-8", timeout=10)
        self.sent: list[str] = []

    def putline(self, line: str) -> None:
        self.sent.append(line)
        sys.audit("ftplib.sendcmd", self, line)
        self.sock.sendall((line + ftplib.CRLF).encode(self.encoding))


@dataclass
class Session:
    """One execution of one plan."""
    local_port: int = 0
    t_begin: float = 0.0
    t_end: float = 0.0
    sent: list[str] = field(default_factory=list)       # every line, in order
    replies: list[tuple[str, int]] = field(default_factory=list)
    outcome: str = ""   # "file", "listing", "stopped-login", "stopped-path", "stopped-transfer"
    data: bytes = b""
    stop: tuple[str, int] | None = None  # the command that stopped the plan, and its reply

    def to_json(self) -> dict:
        return {"port": self.local_port, "t_begin": self.t_begin, "t_end": self.t_end,
                "sent": self.sent}


def _code(resp: str) -> int:
    return int(resp[:3]) if resp[:3].isdigit() else 0


def reply_action(code: int, stage: str) -> str:
    """docs/plan.md's reply table (draft-yevstifeyev 2.2.4), as far as a test needs it."""
    if code in (421, 426, 434) or code >= 600 or code < 100:
        return "stop"
    if stage in ("path", "transfer") and code in (425, 450, 451, 452, 501, 502, 503, 504,
                                                   550, 551, 552, 553):
        return "stop-keep-directory"
    if code == 530:
        return "log-in"
    if code in (430, 332):
        return "ask-credentials" if stage == "login" or code == 332 else "stop"
    if code < 400:
        return "proceed"
    return "stop"


def execute(port: int, plan: list[str], ask_password: bool, user: str) -> Session:
    """Executes a plan as emitted: every command but the action through sendcmd, each reply
    judged by the reply table; the action (RETR, NLST, LIST) on a passive data connection
    through transfercmd. The client adds only PASV (ftplib, before the action), QUIT, the
    password when the plan asks for it, and TYPE I before a RETR whose plan has no TYPE."""
    s = Session(t_begin=time.time())
    ftp = RecordingFTP()
    try:
        ftp.connect("127.0.0.1", port)
        s.local_port = ftp.sock.getsockname()[1]
        has_type = any(line.startswith("TYPE ") for line in plan)

        def send(line: str, stage: str) -> bool:
            try:
                resp = ftp.sendcmd(line)
            except ftplib.Error as e:
                resp = str(e)
            code = _code(resp)
            s.replies.append((line, code))
            if reply_action(code, stage) != "proceed":
                s.outcome, s.stop = "stopped-" + stage, (line, code)
                return False
            return True

        for i, line in enumerate(plan):
            verb = line.split(" ", 1)[0]
            if verb in ("USER", "PASS"):
                if not send(line, "login"):
                    return s
                if verb == "USER" and ask_password and not any(x.startswith("PASS ") for x in plan):
                    # The user types the password the plan asked for.
                    if not send("PASS " + (USERS[user].password or ""), "login"):
                        return s
            elif verb in ("CWD", "TYPE"):
                if not send(line, "path"):
                    return s
            elif verb in ("RETR", "NLST", "LIST") and i == len(plan) - 1:
                if verb == "RETR" and not has_type and not send("TYPE I", "path"):
                    return s
                try:
                    conn = ftp.transfercmd(line)
                except ftplib.Error as e:
                    code = _code(str(e))
                    s.replies.append((line, code))
                    s.outcome, s.stop = "stopped-transfer", (line, code)
                    return s
                with conn:
                    chunks = []
                    while True:
                        b = conn.recv(65536)
                        if not b:
                            break
                        chunks.append(b)
                s.data = b"".join(chunks)
                try:
                    resp = ftp.voidresp()
                except ftplib.Error as e:
                    resp = str(e)
                s.replies.append((line, _code(resp)))
                if _code(resp) != 226:
                    s.outcome, s.stop = "stopped-transfer", (line, _code(resp))
                    return s
                s.outcome = "file" if verb == "RETR" else "listing"
            else:
                # Not a command a plan holds here: sent all the same, so that the server's log
                # shows it; plan_problems() reports it.
                if not send(line, "path"):
                    return s
        return s
    except (OSError, EOFError, ftplib.Error) as e:
        s.outcome, s.stop = f"error: {e!r}", None
        return s
    finally:
        try:
            ftp.quit()
        except (ftplib.Error, OSError, EOFError):
            ftp.close()
        s.sent = list(ftp.sent)
        s.t_end = time.time()


def plan_problems(plan: list[str]) -> list[str]:
    """What no plan may hold: a line with CR, LF or NUL, a verb other than USER, PASS, CWD,
    TYPE and a last RETR, NLST or LIST."""
    out = []
    for i, line in enumerate(plan):
        if any(c in line for c in "\r\n\0"):
            out.append(f"CR, LF or NUL in {line!r}")
        verb = line.split(" ", 1)[0]
        last = i == len(plan) - 1
        if verb not in ("USER", "PASS", "CWD", "TYPE", "RETR", "NLST", "LIST") or \
                (verb in ("RETR", "NLST", "LIST")) != last:
            out.append(f"{line!r} at {i} of {len(plan)}")
    return out


_LIST_LINE = re.compile(r"^\S+ +\d+ +\S+ +\S+ +\d+ +\w{3} \d\d (?:\d\d:\d\d| \d{4}) (.*)$")


def listing_names(data: bytes, verb: str) -> list[str]:
    lines = data.decode("utf-8").split("\r\n")
    if lines and lines[-1] == "":
        lines.pop()
    if verb == "NLST":
        return lines
    names = []
    for line in lines:
        m = _LIST_LINE.match(line)
        if not m:
            raise AssertionError(f"unexpected LIST line {line!r}")
        names.append(m.group(1))
    return names
