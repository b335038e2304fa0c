# SPDX-License-Identifier: Apache-2.0
"""What a URI names on the served tree, in each mode, with and without --absolute: the file,
the listing or nothing, as docs/behaviour.md says and as pyftpdlib reads the paths (e2e_lib's
notes)."""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass
from pathlib import Path

from e2e_tree import USERS, User
from e2e_uris import Case


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
