# SPDX-License-Identifier: Apache-2.0
"""Shared parts of the end-to-end tests (docs/plan.md): the served tree, the users, the
URI encoder, the model that says which file a URI names, the plan executor and the server's
command log.

The tests run ftpuri-check --plan, execute each plan against a real FTP server (pyftpdlib, on
127.0.0.1 and an ephemeral port, started by the ctest fixture e2e.server_start) with a client
built on Python's ftplib, and compare what comes back with the tree on disk. Nothing here
calls ftpuri: the expected file comes from the tree and from the URI's segments, which the
test itself encoded.

What pyftpdlib (1.5.7, Debian 12) does with the paths a plan sends, found by reading its source
and checked by these tests:

* "CWD " with an empty argument (RFC 1738's null CWD) is not refused: pyftpdlib's CWD takes an
  optional argument and treats a missing one as "/", so it replies 250 and moves to the user's
  virtual root. The reply table (docs/plan.md, ftpuri::reply_action) says 2xx: proceed. So in
  mode rfc1738 a URI with an empty segment names, on this server, the file below the user's
  root rather than below the directory reached so far: expected_target() models that, and the
  tests assert it (the 250 and the file), they do not skip it.
* "~" means nothing to pyftpdlib: "CWD ~" enters a directory literally named "~", and
  "~alice" is just a name ("CWD ~alice": 550). The tree holds a decoy directory "~" in every
  login directory, so a plan that sent "CWD ~" (or "RETR ~/x") for a first segment "~" would
  fetch the decoy. ftpuri sends no CWD for it (the login directory is where the client is),
  and a path that is only "~" ("ftp://h/~;type=d") lists the login directory ("NLST").
* A path beginning with '/' is read from the user's virtual root, which pyftpdlib's
  DummyAuthorizer calls the user's home: the user is confined below it (a chroot). The
  login directory is that root unless the server moves the user elsewhere after login.
  The server here does that for alice (see USERS): her virtual root is the server's root and
  her login directory is /home/alice, as on a server that does not chroot its users. So for
  alice "CWD /" (--absolute) and %2F paths reach the server's root, and the same URI names a
  different file with and without --absolute. bob is confined the pyftpdlib way: his virtual
  root is his home, so "CWD /" brings him back to where he logged in, and --absolute changes
  nothing for him. For anonymous, the root, the home and the login directory are all the tree.
  A first segment "~" sends no "CWD /" with --absolute either: the path stays in the login
  directory, for every user. The same holds for any path argument that begins with '/': the
  plans of singlecwd and nocwd for a URI whose first segment is empty ("ftp://h//sub/x":
  "CWD /sub", "RETR /sub/x") are read from the virtual root, which only alice's case tells
  apart from the login directory: that is what those modes mean (expected_target).
* Lines end at CRLF only (asynchat terminator b"\\r\\n"): a lone LF or CR stays inside the
  line. pyftpdlib decodes a line as UTF-8 with errors replaced; it ignores Telnet IAC.
* Its default TYPE is ASCII; in ASCII it sends each '\\n' of a file as CRLF.
"""

from __future__ import annotations

import ftplib
import importlib.util
import json
import os
import posixpath
import re
import socket
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

SKIP = 77  # ctest SKIP_RETURN_CODE of every e2e test

MODES = ("rfc1738", "multicwd", "singlecwd", "nocwd")

# The lines a client may send: what a plan holds, what ftplib adds (PASV/EPSV before a transfer,
# QUIT at the end), TYPE I before a RETR whose plan has no TYPE (the client's choice), and the
# PASS a client sends when the plan asks for the password.
ALLOWED_VERBS = frozenset({"USER", "PASS", "CWD", "TYPE", "RETR", "NLST", "LIST", "PASV", "EPSV", "QUIT"})
# Commands that change the server or run something; no line of the log may start with one.
FORBIDDEN_VERBS = frozenset({"DELE", "RNFR", "RNTO", "RMD", "XRMD", "MKD", "XMKD", "SITE", "STOR",
                             "STOU", "APPE", "CHMOD", "MFMT", "PORT", "EPRT", "ABOR", "REIN", "ACCT"})


def skip_or_fail_without_pyftpdlib() -> None:
    """Exit 77 (skipped) when pyftpdlib is missing, unless CI is set: there it is a failure,
    since scripts/install-deps.sh installs python3-pyftpdlib."""
    if importlib.util.find_spec("pyftpdlib") is None:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            print("e2e: pyftpdlib is not importable by " + sys.executable + " and CI is set: "
                  "install python3-pyftpdlib (scripts/install-deps.sh)", file=sys.stderr)
            sys.exit(1)
        print("e2e: SKIPPED: pyftpdlib is not importable by " + sys.executable +
              " (apt-get install python3-pyftpdlib, or run scripts/install-deps.sh)")
        sys.exit(SKIP)


# ---- the tree ------------------------------------------------------------------------------

DEEP = "d1/d2/d3/d4/d5/d6/d7/d8"

# Relative paths of the files of one "awkward set". Every login directory holds one, each file
# holding its owner and path, so that a file fetched from the wrong directory is told apart.
AWKWARD_FILES = (
    "readme.txt",
    "with space.txt",
    " lead space.txt",
    "semi;colon.txt",
    "semi;type=i.txt",        # looks like a typecode once decoded
    "per%cent.txt",
    "per%25cent.txt",         # looks percent-encoded
    "hash#tag.txt",
    "q?mark.txt",
    "tilde~name.txt",
    "back\\slash.txt",
    "star*[x].txt",
    "sub-delims!$&'()*+,=:@.txt",
    "caf\u00e9.txt",
    "\u65e5\u672c/\u8a9e.txt",  # 日本/語.txt
    "..x/inside.txt",
    "..x/..y",
    DEEP + "/deep.txt",       # eight directories down
    ".hidden",
    "empty.dat",
    "bytes.bin",
    "lines.txt",
    "sub/readme.txt",
    "sub/sub.txt",
    "sub/with space dir/x;y.txt",
    "~/readme.txt",           # decoy: a directory literally named "~"
)
AWKWARD_DIRS = ("sub", "sub/with space dir", "\u65e5\u672c", "..x", DEEP, "~")


def file_content(owner: str, rel: str) -> bytes:
    tag = f"{owner}:{rel}".encode()
    name = posixpath.basename(rel)
    if name == "empty.dat":
        return b""
    if name == "bytes.bin":
        return tag + b"\n" + bytes(range(256)) * 3
    if name == "lines.txt":
        return tag + b"\nline two\n\nline four, then an empty line\n\n"
    return tag + b"\n"


@dataclass(frozen=True)
class User:
    name: str             # as sent in USER
    password: str | None  # None: anonymous (any password)
    root: str             # the user's virtual root, relative to the tree ("" = the tree)
    login: str            # the login directory, a virtual path


# anonymous: root, home and login directory are the tree.
# alice: not confined; her virtual root is the server's root and the server puts her in
#   /home/alice after login (Server.on_login in ftp_server.py): "CWD /" leaves her home.
# bob: confined to his home the way pyftpdlib does it: his home is his virtual root.
USERS = {
    "anonymous": User("anonymous", None, "", "/"),
    "alice": User("alice", "wonder land", "", "/home/alice"),
    "bob": User("bob", "p@ss:w/rd%;#?", "home/bob", "/"),
}


def tree_files() -> dict[str, bytes]:
    """Every file of the served tree, by path relative to the tree's root."""
    files: dict[str, bytes] = {}
    for owner, base in (("root", ""), ("alice", "home/alice/"), ("bob", "home/bob/")):
        for rel in AWKWARD_FILES:
            files[base + rel] = file_content(owner, base + rel)
        # A file named after the owner in each directory, so that listings of two owners'
        # directories of the same name differ.
        for d in ("",) + AWKWARD_DIRS:
            rel = base + (d + "/" if d else "") + owner + ".tag"
            files[rel] = file_content(owner, rel)
    return files


def build_tree(root: Path) -> None:
    for rel, content in tree_files().items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(content)


# ---- URIs ----------------------------------------------------------------------------------

def enc(segment: str, *, lower: bool = False) -> str:
    """Percent-encodes one path segment for an ftp URI: everything but the unreserved
    characters and the sub-delims, ':' and '@' (which RFC 3986's pchar allows), so that '/',
    ';', '%', '#', '?', space, '\\', '[', ']', controls and every non-ASCII byte are encoded.
    `lower`: lowercase hex digits (the same bytes)."""
    out = urllib.parse.quote(segment.encode("utf-8"), safe="!$&'()*+,=:@")
    if lower:
        out = re.sub(r"%[0-9A-F]{2}", lambda m: m.group(0).lower(), out)
    return out


@dataclass
class Case:
    """A URI, with what the test knows of it without ftpuri: its decoded path segments."""
    uri: str
    user: str                 # key of USERS
    segments: list[str] | None  # decoded path segments (dirs..., name); None: no path
    typecode: str | None = None
    asks_password: bool = False   # the URI has a user and no password
    note: str = ""
    refused: str = ""             # the diagnostic id for which ftpuri gives no plan (any mode)


def enc_userinfo(text: str) -> str:
    """Percent-encodes a user or a password: as enc(), and ':' and '@' too."""
    return urllib.parse.quote(text.encode("utf-8"), safe="!$&'()*+,=")


def authority(user: str, port: int, *, with_password: bool = True) -> str:
    u = USERS[user]
    if u.password is None:
        return f"127.0.0.1:{port}"
    if not with_password:
        return f"{enc_userinfo(u.name)}@127.0.0.1:{port}"
    return f"{enc_userinfo(u.name)}:{enc_userinfo(u.password)}@127.0.0.1:{port}"


def make_case(user: str, port: int, path: str | None, typecode: str | None = None, *,
              encoded: str | None = None, segments: list[str] | None = None,
              with_password: bool = True, note: str = "", refused: str = "") -> Case:
    """`path`: the decoded segments joined by '/' after a leading '/' ("/a b/c"); `encoded`:
    the URI's path as written when it is not the default encoding of `path`, and then
    `segments` when a segment holds a '/' (%2F)."""
    if segments is None:
        segments = None if path is None else path[1:].split("/")
    if encoded is None and segments is not None:
        encoded = "/" + "/".join(enc(s) for s in segments)
    uri = f"ftp://{authority(user, port, with_password=with_password)}{encoded or ''}"
    if typecode:
        uri += ";type=" + typecode
    return Case(uri, user, segments, typecode,
                asks_password=USERS[user].password is not None and not with_password, note=note,
                refused=refused)


def cases_for(user: str, port: int) -> list[Case]:
    """The URIs tried for one user, relative to the user's login directory."""
    # ftpuri refuses %5C (path.encoded-backslash, a separator on some servers): that file
    # has no URI with a plan.
    c = [make_case(user, port, "/" + rel, refused="path.encoded-backslash" if "\\" in rel else "")
         for rel in AWKWARD_FILES]
    c += [make_case(user, port, "/bytes.bin", "i"), make_case(user, port, "/empty.dat", "i"),
          make_case(user, port, "/readme.txt", "i"), make_case(user, port, "/lines.txt", "a"),
          make_case(user, port, "/bytes.bin", "a"), make_case(user, port, "/caf\u00e9.txt", "a"),
          make_case(user, port, "/" + DEEP + "/deep.txt", "i")]
    # Listings: the login directory and each directory, as "d/" (LIST), "d/;type=d" (NLST)
    # and "d;type=d" (NLST d).
    c += [make_case(user, port, None, note="no path: LIST"), make_case(user, port, "/"),
          make_case(user, port, "/", "d")]
    for d in AWKWARD_DIRS:
        if d == "~":
            continue  # a first "~" is the login directory, not this one: see below
        c += [make_case(user, port, "/" + d + "/"), make_case(user, port, "/" + d + "/", "d"),
              make_case(user, port, "/" + d, "d")]
    c += [
        # "~": the login directory; the decoy directory named "~" must never be read.
        make_case(user, port, "/~/sub/readme.txt"),
        make_case(user, port, "/~/"),
        make_case(user, port, "/~/", "d"),
        make_case(user, port, "/~alice/readme.txt", note="pyftpdlib has no ~user: 550"),
        # %2F: a path from the user's virtual root (nocwd refuses it: plan.nocwd-slash).
        make_case(user, port, None, encoded="/%2Fsub/readme.txt", segments=["/sub", "readme.txt"]),
        make_case(user, port, None, encoded="/%2F/readme.txt", segments=["/", "readme.txt"]),
        make_case(user, port, None, encoded="/%2Fsub/", segments=["/sub", ""]),
        make_case(user, port, None, encoded="/sub%2F..%2Fsub/sub.txt",
                  segments=["sub/../sub", "sub.txt"], refused="path.encoded-traversal"),
        # Empty segments: null CWDs in rfc1738, skipped by the other modes.
        make_case(user, port, "//readme.txt"),
        make_case(user, port, "//sub/readme.txt"),
        make_case(user, port, "//sub/"),
        make_case(user, port, "/~//readme.txt"),
        make_case(user, port, "/~", "d", note="a path that is only ~"),
        make_case(user, port, "/sub//readme.txt"),
        make_case(user, port, "/sub//sub.txt"),
        make_case(user, port, "/sub//"),
        make_case(user, port, "/sub//", "d"),
        # Dot segments, sent as written.
        make_case(user, port, "/./readme.txt"),
        make_case(user, port, "/sub/../readme.txt"),
        make_case(user, port, "/sub/./sub.txt"),
        make_case(user, port, "/..x/../sub/sub.txt"),
        # Other spellings of the same names.
        make_case(user, port, "/caf\u00e9.txt", encoded="/" + enc("caf\u00e9.txt", lower=True)),
        make_case(user, port, "/semi;colon.txt", encoded="/semi%3bcolon.txt"),
        make_case(user, port, "/sub/sub.txt", encoded="/%73ub/sub.txt"),
        # Names that are not there.
        make_case(user, port, "/nope/readme.txt"),
        make_case(user, port, "/readme.txt/x"),
        make_case(user, port, "/nope.txt"),
        make_case(user, port, "/sub", note="RETR of a directory: 550"),
    ]
    if USERS[user].password is not None:
        # A user without a password in the URI: the client asks for it.
        c += [make_case(user, port, "/readme.txt", with_password=False),
              make_case(user, port, "/sub/", with_password=False)]
    return c


# ---- what a URI names, from the tree --------------------------------------------------------

@dataclass
class Expected:
    kind: str                       # "file", "listing" or "missing"
    data: bytes = b""               # file: the bytes on the wire
    names: frozenset[str] = frozenset()  # listing: the entries
    verb: str = ""                  # listing: LIST or NLST
    where: str = ""                 # the virtual path, for messages


def vjoin(cwd: str, arg: str) -> str:
    """How pyftpdlib reads a path argument: from the virtual root when it begins with '/', else
    from the current directory, normalized lexically; never above the root."""
    p = posixpath.normpath(posixpath.join(cwd, arg))
    while p.startswith("//"):
        p = p[1:]
    return p if p.startswith("/") else "/"


def _real(tree: Path, user: User, vpath: str) -> Path:
    return tree / user.root / vpath.lstrip("/")


def _walkable(tree: Path, user: User, vpath: str) -> bool:
    """Every directory on the way to vpath exists (a nocwd argument "a/b/f" needs a and b)."""
    parts = [p for p in vpath.split("/") if p]
    return all(_real(tree, user, "/" + "/".join(parts[:i])).is_dir() for i in range(len(parts)))


def start_directory(case: Case, absolute: bool) -> tuple[str, list[str], str]:
    """Where the walk starts (the login directory; "/" with `absolute`, unless the first
    segment is "~", which names the login directory), the directory segments left to walk,
    and the name."""
    user = USERS[case.user]
    segs = list(case.segments) if case.segments is not None else [""]
    if segs == ["~"]:
        return user.login, [], ""  # "ftp://h/~" is "ftp://h/~/": the login directory's listing
    dirs, name = segs[:-1], segs[-1]
    if dirs and dirs[0] == "~":
        return user.login, dirs[1:], name
    return ("/" if absolute else user.login), dirs, name


def expected_target(tree: Path, case: Case, mode: str, absolute: bool) -> Expected:
    """What the URI names on this server in `mode`, from the URI's own segments and the tree,
    as docs/behaviour.md ("The command plan") says each mode sends the directories: from
    start_directory(), enter each directory segment. An empty one is skipped, except that
    rfc1738 sends a null CWD, which pyftpdlib reads as "CWD /", and that singlecwd and nocwd
    join the segments with '/' into one path, which an empty first segment makes absolute
    ("//a/x" is "CWD /a" or "RETR /a/x", from the root; "//x" is "CWD /" or "RETR /x") and
    whose other empty parts the server collapses. Then the name, or the directory itself when the name is empty."""
    user = USERS[case.user]
    cwd, dirs, name = start_directory(case, absolute)
    # nocwd's argument is "d1/.../name", singlecwd's "d1/.../dN" ("/" for a lone empty
    # directory, as for "//x"): a leading empty segment is the root.
    if dirs and dirs[0] == "" and mode in ("nocwd", "singlecwd"):
        cwd = "/"
    for d in dirs:
        if d == "":
            if mode == "rfc1738":
                cwd = "/"
            continue
        cwd = vjoin(cwd, d)
        if not _real(tree, user, cwd).is_dir():
            return Expected("missing", where=cwd)
    return expected_in(tree, case, cwd, name)


def expected_in(tree: Path, case: Case, cwd: str, name: str) -> Expected:
    """What `name` (a file; with ;type=d or when empty, a listing) names in directory `cwd`."""
    user = USERS[case.user]
    target = cwd if name == "" else vjoin(cwd, name)
    real = _real(tree, user, target)
    if not _walkable(tree, user, target):
        return Expected("missing", where=target)
    if name == "" or case.typecode == "d":
        verb = "NLST" if case.typecode == "d" else "LIST"
        if real.is_dir():
            return Expected("listing", names=frozenset(os.listdir(real)), verb=verb, where=target)
        if real.is_file() and verb == "NLST":
            return Expected("listing", names=frozenset({real.name}), verb=verb, where=target)
        return Expected("missing", where=target)
    if not real.is_file():
        return Expected("missing", where=target)
    data = real.read_bytes()
    if case.typecode == "a":
        data = data.replace(b"\n", b"\r\n")  # pyftpdlib's ASCII type
    return Expected("file", data=data, where=target)


# ---- ftpuri-check ---------------------------------------------------------------------------

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


# ---- the server's command log ---------------------------------------------------------------

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
