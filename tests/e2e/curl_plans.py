# SPDX-License-Identifier: Apache-2.0
"""e2e.curl_plans: ftpuri's command plans held to what curl sends, over generated URIs, in every
file method (curl --ftp-method multicwd, singlecwd, nocwd).

    curl_plans.py FTPURI_CHECK

A small FTP server of its own on 127.0.0.1 (a thread; every command answered so that curl goes
on: CWD 250, SIZE and RETR 550 after the data connection, LIST and NLST 550) records the lines
curl sends for each URI; ftpuri-check --plan --format=json gives the plan of the same URI in the
same mode. What curl sends that is the client's, not the URI's (PWD, EPSV, PASV, SIZE, MDTM,
REST, QUIT), is set aside; each remaining difference is one docs/plan.md ("curl") names, and is
applied here as that name says before the two are compared:

- dot segments: curl removes them before it plans (RFC 3986 5.2.4), as the canonical form does:
  curl is compared with the plan of the canonical form;
- TYPE: curl sends TYPE I before RETR and TYPE A before LIST and NLST when the URI has no
  typecode: those are dropped from curl's side (a typecode's TYPE is compared); a listing
  with ;type=i gets TYPE A from curl;
- a leading empty segment: multicwd curl sends CWD / for it (ftpuri's multicwd skips it as a
  null CWD), and ftpuri must report path.absolute for every URI that curl reads from the root;
  where the canonical form of rfc3986 or lenient input keeps a "." before one ("/.//x", so as
  not to create "//x"), curl removes the "." (strict refuses such input: path.dot-before-empty);
- nocwd: curl drops the trailing '/' of a listed directory, and lists a ;type=d path's
  directory part (the root's "/" kept);
- ;type=d: curl lists the directory part, without the name (in nocwd, the argument up to its
  last '/').
Not generated, as named there too: %2F (curl splits the path at it), a first ~ (ftpuri's login
directory, curl's CWD ~), %2E (curl keeps it, the canonical form removes it), a final . or ..
before a typecode (to curl, as to RFC 3986's generic syntax, "..;type=a" is no dot segment: it
sends RETR ..), bytes that are not printable ASCII once decoded (curl sends 0xFF undoubled).

Every generated URI must be compared in every mode; the server and each curl run are bounded
in time. Exits 77 (skipped) without curl, unless CI is set.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time

SEED = 20261127
COUNT = 150
MODES = ("multicwd", "singlecwd", "nocwd")
CLIENT_VERBS = {"PWD", "EPSV", "PASV", "EPRT", "PORT", "SIZE", "MDTM", "REST", "QUIT"}
SEGMENTS = ["pub", "a", "b.txt", "x%20y", "%41b", "caf%C3%A9", "dir-1", "", "", ".", "..", "~user", "a;b", "c=d",
            "%3C0D%3E", "e%25f"]
TYPECODES = ["", "", ";type=a", ";type=i", ";type=d"]


class Server:
    """An FTP server that answers every command so that curl goes on, and records the lines."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(30)
        self.port = self.sock.getsockname()[1]
        self.sessions: list[list[str]] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                self.session(conn)

    def session(self, conn):
        conn.settimeout(10)
        lines: list[str] = []
        self.sessions.append(lines)
        data_listener = None
        reader = conn.makefile("rb")
        conn.sendall(b"220 ready\r\n")
        try:
            for raw in reader:
                line = raw.rstrip(b"\r\n").decode("utf-8", "surrogateescape")
                lines.append(line)
                verb = line.split(" ", 1)[0].upper()
                if verb == "USER":
                    reply = "331 password"
                elif verb == "PASS":
                    reply = "230 in"
                elif verb == "PWD":
                    reply = '257 "/"'
                elif verb in ("CWD", "TYPE"):
                    reply = "250 ok" if verb == "CWD" else "200 ok"
                elif verb == "EPSV":
                    data_listener = socket.socket()
                    data_listener.bind(("127.0.0.1", 0))
                    data_listener.listen(1)
                    data_listener.settimeout(10)
                    reply = f"229 passive (|||{data_listener.getsockname()[1]}|)"
                elif verb in ("SIZE", "MDTM"):
                    reply = "213 5" if verb == "SIZE" else "550 no"
                elif verb in ("RETR", "LIST", "NLST"):
                    if data_listener is not None:
                        try:
                            data, _ = data_listener.accept()
                            data.close()
                        except OSError:
                            pass
                        data_listener.close()
                        data_listener = None
                    reply = "550 no such file"
                elif verb == "QUIT":
                    conn.sendall(b"221 bye\r\n")
                    return
                else:
                    reply = "502 not implemented"
                conn.sendall(reply.encode() + b"\r\n")
        except OSError:
            return

    def close(self):
        self.sock.close()


def generate(rng):
    uris = set()
    while len(uris) < COUNT:
        n = rng.randint(1, 4)
        segments = [rng.choice(SEGMENTS) for _ in range(n)]
        if segments[0].startswith("~") and rng.random() < 0.7:
            segments[0] = "pub"
        typecode = rng.choice(TYPECODES)
        if typecode and segments[-1] in (".", ".."):
            typecode = ""  # "..;type=a" is no dot segment to curl: named, not generated
        uris.add("ftp://127.0.0.1:PORT/" + "/".join(segments) + typecode)
    return sorted(uris)


def ftpuri_json(exe, args, uri):
    out = subprocess.run([exe, "--profile=rfc3986", "--format=json", *args, "--", uri], capture_output=True,
                         timeout=30)
    return json.loads(out.stdout.decode().splitlines()[0])


def curl_lines(server, uri, mode):
    before = len(server.sessions)
    subprocess.run(["curl", "-s", "--max-time", "10", "--ftp-method", mode, "-o", os.devnull, uri],
                   capture_output=True, timeout=30)
    deadline = time.time() + 5
    while len(server.sessions) == before and time.time() < deadline:
        time.sleep(0.01)
    time.sleep(0.05)
    return server.sessions[-1] if len(server.sessions) > before else None


def main() -> int:
    exe = sys.argv[1]
    if shutil.which("curl") is None:
        if os.environ.get("CI"):
            print("curl is missing", file=sys.stderr)
            return 1
        return 77
    server = Server()
    failures = []
    compared = 0
    try:
        for template in generate(random.Random(SEED)):
            uri = template.replace("PORT", str(server.port))
            record = ftpuri_json(exe, [], uri)
            if not record["valid"]:
                continue
            canonical = record["canonical"]
            for mode in MODES:
                planned = ftpuri_json(exe, ["--plan", f"--plan-mode={mode}", "--anonymous-password=ftp@example.com"],
                                      canonical)
                if planned["plan"] is None:
                    continue
                sent = curl_lines(server, uri, mode)
                if sent is None:
                    failures.append(f"{uri} {mode}: curl sent nothing")
                    continue
                expected = expected_from_plan(planned["plan"], canonical, mode)
                got = [line for line in sent if line.split(" ", 1)[0] not in CLIENT_VERBS]
                got = drop_client_type(got, canonical)
                if got != expected:
                    failures.append(f"{uri} ({mode}):\n  curl:   {got}\n  ftpuri: {expected}")
                # Where curl reads the path from the root, ftpuri says so (path.absolute).
                from_root = any(line.startswith("CWD /") or line.startswith(("RETR /", "NLST /", "LIST /"))
                                for line in got)
                if from_root and "path.absolute" not in {d["id"] for d in record["diagnostics"]}:
                    failures.append(f"{uri} ({mode}): curl reads it from the root ({got}), and no path.absolute")
                compared += 1
        # The comparison can fail: curl's multicwd lines for a URI with directories are not the
        # nocwd plan.
        uri = f"ftp://127.0.0.1:{server.port}/pub/a/b.txt"
        wrong = ftpuri_json(exe, ["--plan", "--plan-mode=nocwd", "--anonymous-password=ftp@example.com"], uri)
        sent = curl_lines(server, uri, "multicwd") or []
        got = drop_client_type([line for line in sent if line.split(" ", 1)[0] not in CLIENT_VERBS], uri)
        if got == expected_from_plan(wrong["plan"], uri, "nocwd"):
            failures.append("self-test: a wrong plan compared equal to curl's commands")
    finally:
        server.close()
    for f in failures:
        print(f, file=sys.stderr)
    print(f"{compared} plans compared with curl, {len(failures)} unnamed differences")
    if compared < COUNT:
        print("too few plans compared for the test to mean anything", file=sys.stderr)
        return 1
    return 1 if failures else 0


def typecode_of(uri):
    return uri.rsplit(";type=", 1)[1] if ";type=" in uri else ""


def drop_client_type(lines, uri):
    """curl's own TYPE (I before RETR, A before a listing) when the URI has no typecode."""
    if typecode_of(uri):
        return lines
    return [line for line in lines if not line.startswith("TYPE ")]


def expected_from_plan(plan, uri, mode):
    """ftpuri's plan with the named differences applied, as curl sends it."""
    out = list(plan)
    path = uri.split("/", 3)[3] if uri.count("/") >= 3 else ""
    path = path.split(";type=")[0]
    if path.startswith(".//"):
        # The canonical form keeps a "." that stands before a leading empty segment ("/.//x"),
        # so as not to create "//x"; curl removes it and reads the path from the root.
        path = path[1:]
        for i, line in enumerate(out):
            verb, _, argument = line.partition(" ")
            if verb == "CWD" and argument == "." and mode == "multicwd":
                del out[i]  # the leading empty segment's CWD / follows
                break
            if argument.startswith(".//"):
                out[i] = verb + " " + argument[2:]
                break
    if mode == "multicwd" and path.startswith("/"):
        # A leading empty segment: curl sends CWD / for it.
        at = next(i for i, line in enumerate(out) if not line.startswith(("USER", "PASS")))
        out.insert(at, "CWD /")
    last = out[-1]
    if mode == "nocwd" and last.startswith(("LIST ", "NLST ")) and last.endswith("/") and last != "LIST /":
        out[-1] = last[:-1]
    if typecode_of(uri) == "d" and last.startswith("NLST "):
        # curl lists the directory part: nothing more in multicwd and singlecwd, which walked
        # there, and in nocwd the argument up to its last '/'.
        argument = last[len("NLST "):]
        slash = argument.rfind("/")
        out[-1] = "NLST " + (argument[:slash] or "/") if mode == "nocwd" and slash >= 0 else "NLST"
    if out[-1].startswith(("LIST", "NLST")) and "TYPE I" in out:
        out[out.index("TYPE I")] = "TYPE A"  # curl lists in ASCII whatever the typecode
    return out


if __name__ == "__main__":
    sys.exit(main())
