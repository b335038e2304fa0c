# SPDX-License-Identifier: Apache-2.0
"""The guarded fetch's test servers: pyftpdlib on 127.0.0.1, port 0, in a thread of the test.

    with FetchServer(tree, handler=PasvElsewhere) as server:
        server.port, server.sessions, server.connections

Each server has its own IOLoop, driven by its own thread, and stops when the block ends. It
records every command line it receives (the line as pyftpdlib decoded it, a session per
control connection) and counts the control connections, so that a test can say "nothing was
sent to the server". The handlers below misbehave as the issue's attacks and failures do.
Run by Debian's /usr/bin/python3, which python3-pyftpdlib installs for.
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path

from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.ioloop import IOLoop
from pyftpdlib.servers import FTPServer

USER, PASSWORD = "alice", "s3cret"

# Quiet: a handler of its own keeps pyftpdlib from configuring one on stderr.
logging.getLogger("pyftpdlib").addHandler(logging.NullHandler())
logging.getLogger("pyftpdlib").propagate = False


class RecordingHandler(FTPHandler):
    """Records each command line into the server's sessions before handling it."""

    recorder: "FetchServer"

    def on_connect(self):
        self.lines = self.recorder.open_session()

    def pre_process_command(self, line, cmd, arg):
        self.lines.append(line)
        super().pre_process_command(line, cmd, arg)


class PasvElsewhere(RecordingHandler):
    """Refuses EPSV, so that the client asks PASV, and names 10.0.0.1 in the 227 reply: a
    hostile server that points the data connection inside the client's network."""

    def ftp_EPSV(self, line):
        self.respond("502 EPSV not offered.")

    def respond(self, resp, *args, **kwargs):
        if resp.startswith("227"):
            resp = re.sub(r"\(\d+,\d+,\d+,\d+,", "(10,0,0,1,", resp)
        super().respond(resp, *args, **kwargs)


class Stalls(RecordingHandler):
    """Never answers RETR: a server that stops without closing."""

    def ftp_RETR(self, file):
        pass


class NoSize(RecordingHandler):
    """Answers no SIZE, so that only the bytes received can show a file too large."""

    def ftp_SIZE(self, path):
        self.respond("502 SIZE not offered.")


class FetchServer:
    def __init__(self, root: Path, handler: type = RecordingHandler):
        authorizer = DummyAuthorizer()
        authorizer.add_anonymous(str(root))
        authorizer.add_user(USER, PASSWORD, str(root), perm="elr")
        self.handler = type("Handler", (handler,), {"authorizer": authorizer, "recorder": self})
        self.sessions: list[list[str]] = []
        self.connections = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.server = FTPServer(("127.0.0.1", 0), self.handler, ioloop=IOLoop())
        self.port = self.server.address[1]
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def open_session(self) -> list[str]:
        with self._lock:
            self.connections += 1
            lines: list[str] = []
            self.sessions.append(lines)
            return lines

    def _serve(self):
        while not self._stop.is_set():
            self.server.ioloop.loop(0.05, blocking=False)
        self.server.close_all()

    def __enter__(self) -> "FetchServer":
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(10)
