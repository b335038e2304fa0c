# SPDX-License-Identifier: Apache-2.0
"""The URIs of the end-to-end tests: segments percent-encoded by the test itself, and the cases
of each user (every awkward file and directory, typecodes, passwords, refusals)."""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass

from e2e_tree import AWKWARD_DIRS, AWKWARD_FILES, DEEP, USERS


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
