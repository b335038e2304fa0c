# SPDX-License-Identifier: Apache-2.0
"""The e2e tests' FTP server (pyftpdlib) and its ctest fixture.

    ftp_server.py start WORKDIR   # e2e.server_start (FIXTURES_SETUP)
    ftp_server.py stop WORKDIR    # e2e.server_stop (FIXTURES_CLEANUP)
    ftp_server.py serve WORKDIR   # the server itself, started by "start"

"start" removes what an earlier run left in WORKDIR (stopping its server by pid file first),
builds the tree (e2e_lib.build_tree) in WORKDIR/tree, and starts "serve" detached from ctest
(its own session; stdin, stdout and stderr on files, so that ctest does not wait for it). It
returns once the server listens: WORKDIR/port holds the port, WORKDIR/server.pid its pid.

"serve" listens on 127.0.0.1 and port 0 (an ephemeral port) and takes passive data connections
on 127.0.0.1. It needs no privilege; started as root it drops to "nobody" once it has opened
its socket and its log, when the tree is readable by that user. "stop" ends it by the pid in
server.pid (after checking that this pid is this script serving this WORKDIR), with SIGTERM,
then SIGKILL. Should "stop" never run (ctest killed), the server exits on its own: within a
second of the process that ran "start" (ctest) ending, and in any case after
FTPURI_E2E_SERVER_LIFETIME seconds (default 1800).

Users (e2e_lib.USERS): anonymous (the tree), alice (virtual root the tree, logged in at
/home/alice), bob (confined to home/bob). Every permission is read-only ("elr").

Every line received on a control connection is appended to WORKDIR/commands.log, raw bytes
in hex, before pyftpdlib decodes or parses it:
    T open CONN PORT     a control connection from 127.0.0.1:PORT
    T cmd CONN HEX       one line, without its CRLF
    T close CONN
"""

from __future__ import annotations

import logging
import os
import pwd
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import e2e_lib  # noqa: E402


def pid_is_our_server(pid: int, work: Path) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return (any(a.endswith(b"ftp_server.py") for a in cmdline) and b"serve" in cmdline
            and str(work).encode() in cmdline)


def stop(work: Path) -> int:
    pidfile = work / "server.pid"
    if not pidfile.exists():
        print(f"e2e.server_stop: no {pidfile}: no server to stop")
        return 0
    pid = int(pidfile.read_text().strip())
    if not pid_is_our_server(pid, work):
        print(f"e2e.server_stop: pid {pid} is not running this server (already gone)")
        pidfile.unlink()
        return 0
    os.kill(pid, signal.SIGTERM)
    for _ in range(100):
        if not pid_is_our_server(pid, work):
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        print(f"e2e.server_stop: pid {pid} ignored SIGTERM: killed")
    pidfile.unlink()
    print(f"e2e.server_stop: stopped the server (pid {pid})")
    return 0


def start(work: Path) -> int:
    e2e_lib.skip_or_fail_without_pyftpdlib()
    work.mkdir(parents=True, exist_ok=True)
    stop(work)  # a server an interrupted run left
    for name in ("tree", "port", "commands.log", "server.out"):
        p = work / name
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    for p in work.glob("sessions-*.jsonl"):
        p.unlink()
    e2e_lib.build_tree(work / "tree")
    (work / "commands.log").touch()
    # The server watches the process that runs this one (ctest), and exits when it is gone.
    env = dict(os.environ, FTPURI_E2E_WATCH_PID=str(os.getppid()))
    with open(work / "server.out", "wb") as out, open(os.devnull, "rb") as null:
        proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "serve", str(work)],
                                stdin=null, stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True, close_fds=True)
    (work / "server.pid").write_text(f"{proc.pid}\n")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if (work / "port").exists():
            print(f"e2e.server_start: pid {proc.pid}, 127.0.0.1:{(work / 'port').read_text().strip()},"
                  f" tree {work / 'tree'}")
            return 0
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    print("e2e.server_start: the server did not start:\n" + (work / "server.out").read_text(),
          file=sys.stderr)
    if proc.poll() is None:
        proc.kill()
    return 1


def serve(work: Path) -> int:
    from pyftpdlib.authorizers import DummyAuthorizer
    from pyftpdlib.handlers import FTPHandler
    from pyftpdlib.log import config_logging
    from pyftpdlib.servers import FTPServer

    # The fallbacks, should e2e.server_stop never run: the server exits within a second of the
    # process that ran "start" (ctest) ending, and after `lifetime` seconds whatever happens.
    lifetime = float(os.environ.get("FTPURI_E2E_SERVER_LIFETIME", "1800"))
    watched = int(os.environ.get("FTPURI_E2E_WATCH_PID", "0"))
    threading.Thread(target=watchdog, args=(watched, lifetime), daemon=True).start()

    tree = (work / "tree").resolve()
    authorizer = DummyAuthorizer()
    for u in e2e_lib.USERS.values():
        home = str(tree / u.root)
        if u.password is None:
            authorizer.add_anonymous(home, perm="elr")
        else:
            authorizer.add_user(u.name, u.password, home, perm="elr")

    log_fd = os.open(work / "commands.log", os.O_WRONLY | os.O_APPEND)
    counter = [0]

    def log(text: str) -> None:
        os.write(log_fd, f"{time.time():.6f} {text}\n".encode("ascii"))

    class Handler(FTPHandler):
        def on_connect(self) -> None:
            counter[0] += 1
            self.e2e_conn = counter[0]
            log(f"open {self.e2e_conn} {self.remote_port}")

        def found_terminator(self) -> None:
            log(f"cmd {self.e2e_conn} {b''.join(self._in_buffer).hex()}")
            super().found_terminator()

        def on_disconnect(self) -> None:
            log(f"close {getattr(self, 'e2e_conn', 0)}")

        def on_login(self, username: str) -> None:
            # Puts the user in the login directory of e2e_lib.USERS; for alice that is not her
            # virtual root (the server's root), as on a server that does not confine users.
            for u in e2e_lib.USERS.values():
                if u.name == username and u.login != "/":
                    self.fs.cwd = u.login

    Handler.authorizer = authorizer
    Handler.banner = "ftpuri e2e server ready."
    Handler.timeout = 60
    Handler.passive_ports = None  # ephemeral ports, on the control connection's address
    config_logging(level=logging.WARNING)  # the command log is ours; keep pyftpdlib's quiet
    server = FTPServer(("127.0.0.1", 0), Handler)
    server.max_cons = 64
    port = server.socket.getsockname()[1]

    tmp = work / "port.tmp"
    tmp.write_text(f"{port}\n")
    tmp.rename(work / "port")  # the fixture waits for it; connections queue until the loop runs
    if os.geteuid() == 0:
        drop_privileges(tree)
    print(f"serving {tree} on 127.0.0.1:{port} as uid {os.geteuid()}, for {lifetime:.0f} s", flush=True)
    server.serve_forever(timeout=0.5, handle_exit=True)
    os._exit(0)


def process_start_time(pid: int) -> str | None:
    """Field 22 of /proc/PID/stat (readable by any user), to tell a process from a later one
    with the same pid; None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2:].split()[19]


def watchdog(watched: int, lifetime: float) -> None:
    started = process_start_time(watched) if watched > 1 else None
    deadline = time.monotonic() + lifetime
    while time.monotonic() < deadline:
        if started is not None and process_start_time(watched) != started:
            os._exit(4)  # ctest (or whoever ran "start") is gone
        time.sleep(1.0)
    os._exit(3)


def drop_privileges(tree: Path) -> None:
    """As root: become nobody, if nobody can read the tree (every directory above it searchable
    by others). The socket and the log are already open."""
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        print("running as root: no user nobody to drop to", flush=True)
        return
    for d in [tree, *tree.parents]:
        if not os.stat(d).st_mode & 0o001:
            print(f"running as root: {d} is not searchable by nobody", flush=True)
            return
    for dirpath, dirnames, filenames in os.walk(tree):
        for n in dirnames:
            os.chmod(os.path.join(dirpath, n), 0o755)
        for n in filenames:
            os.chmod(os.path.join(dirpath, n), 0o644)
    os.setgroups([])
    os.setgid(nobody.pw_gid)
    os.setuid(nobody.pw_uid)


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop", "serve"):
        print(__doc__, file=sys.stderr)
        return 2
    work = Path(sys.argv[2]).resolve()
    return {"start": start, "stop": stop, "serve": serve}[sys.argv[1]](work)


if __name__ == "__main__":
    sys.exit(main())
