# SPDX-License-Identifier: Apache-2.0
"""The tree the FTP server serves (docs/plan.md): its users, their login directories, and
files that hold their owner and path, so that a file fetched from the wrong directory is told
apart."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path


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
