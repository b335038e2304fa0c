# SPDX-License-Identifier: Apache-2.0
"""The server's side of a test: the verbs a client may send, the command log the server writes
(one session a connection), the lines no plan emits, the log's sessions matched to the
client's, and the port the fixture left."""

from __future__ import annotations

import socket
from dataclasses import dataclass, field
from pathlib import Path


# The lines a client may send: what a plan holds, what ftplib adds (PASV/EPSV before a transfer,
# QUIT at the end), TYPE I before a RETR whose plan has no TYPE (the client's choice), and the
# PASS a client sends when the plan asks for the password.
ALLOWED_VERBS = frozenset({"USER", "PASS", "CWD", "TYPE", "RETR", "NLST", "LIST", "PASV", "EPSV", "QUIT"})
# Commands that change the server or run something; no line of the log may start with one.
FORBIDDEN_VERBS = frozenset({"DELE", "RNFR", "RNTO", "RMD", "XRMD", "MKD", "XMKD", "SITE", "STOR",
                             "STOU", "APPE", "CHMOD", "MFMT", "PORT", "EPRT", "ABOR", "REIN", "ACCT"})


@dataclass
class LogSession:
    conn: int
    port: int
    t_open: float
    lines: list[bytes] = field(default_factory=list)


def read_log(path: Path) -> list[LogSession]:
    """ftp_server.py's log: "T open CONN PORT", "T cmd CONN HEX" (the raw line without its
    CRLF, hex-encoded), "T close CONN"."""
    sessions: dict[int, LogSession] = {}
    for raw in path.read_text("ascii").splitlines():
        parts = raw.split(" ")
        t, ev, conn = float(parts[0]), parts[1], int(parts[2])
        if ev == "open":
            sessions[conn] = LogSession(conn, int(parts[3]), t)
        elif ev == "cmd":
            sessions[conn].lines.append(bytes.fromhex(parts[3]) if len(parts) > 3 else b"")
    return list(sessions.values())


def log_problems(sessions: list[LogSession]) -> list[str]:
    """Lines no plan emits: a forbidden verb, a verb outside ALLOWED_VERBS, CR, LF or NUL in a
    line, bytes that are not UTF-8."""
    problems = []
    for s in sessions:
        for line in s.lines:
            where = f"connection {s.conn} (port {s.port}): {line!r}"
            if any(c in line for c in b"\r\n\0"):
                problems.append("CR, LF or NUL inside a line: " + where)
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                problems.append("not UTF-8: " + where)
                continue
            verb = text.split(" ", 1)[0].upper()
            if verb in FORBIDDEN_VERBS:
                problems.append(f"forbidden command {verb}: " + where)
            elif verb not in ALLOWED_VERBS:
                problems.append(f"command {verb!r} that no plan emits: " + where)
    return problems


def match_sessions(client: list[dict], log: list[LogSession]) -> tuple[list[str], set[int]]:
    """Pairs each client session with the server's session of the same client port opened
    while it ran, and checks that the server received exactly the lines the client sent.
    Returns the mismatches and the matched connection ids. The window is the client session's
    own (plus clock slack of 50 ms): its port was busy all along, so no other connection from
    that port can open inside it, while the kernel reuses a port within a second when the
    tests run in parallel."""
    by_port: dict[int, list[LogSession]] = {}
    for s in log:
        by_port.setdefault(s.port, []).append(s)
    problems, matched = [], set()
    for c in client:
        cands = [s for s in by_port.get(c["port"], [])
                 if s.lines and c["t_begin"] - 0.05 <= s.t_open <= c["t_end"] + 0.05
                 and s.conn not in matched]
        if len(cands) != 1:
            problems.append(f"client session on port {c['port']} ({c['sent'][:1]}...): "
                            f"{len(cands)} server sessions match")
            continue
        matched.add(cands[0].conn)
        want = [line.encode("utf-8") for line in c["sent"]]
        if cands[0].lines != want:
            problems.append(f"the server received {cands[0].lines!r}, the client sent {want!r}")
    return problems, matched




# ---- the fixture's files --------------------------------------------------------------------

def server_port(work: Path) -> int:
    f = work / "port"
    if not f.exists():
        raise SystemExit(f"e2e: no {f}: the fixture e2e.server_start did not run or failed")
    port = int(f.read_text().strip())
    with socket.create_connection(("127.0.0.1", port), timeout=5) as probe:
        probe.recv(1024)  # the banner: the server is up
    return port
