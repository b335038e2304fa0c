# SPDX-License-Identifier: Apache-2.0
"""Shared parts of the end-to-end tests (docs/plan.md), one module a concern, all importable from
here: the served tree and its users (e2e_tree), the URI encoder (e2e_uris), the model that says
which file a URI names (e2e_model), the plan executor (e2e_client) and the server's command log
(e2e_server_log).

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

import importlib.util
import os
import sys

from e2e_client import (Session, execute, listing_names, plan_problems, reply_action,
                        run_plans)
from e2e_model import Expected, expected_in, expected_target, start_directory, vjoin
from e2e_server_log import (ALLOWED_VERBS, FORBIDDEN_VERBS, LogSession, log_problems,
                            match_sessions, read_log, server_port)
from e2e_tree import (AWKWARD_DIRS, AWKWARD_FILES, DEEP, USERS, User, build_tree,
                      file_content, tree_files)
from e2e_uris import Case, authority, cases_for, enc, enc_userinfo, make_case

# What the tests use: their own names, and those of the modules above.
__all__ = [
    "ALLOWED_VERBS", "authority", "AWKWARD_DIRS", "AWKWARD_FILES", "build_tree", "Case",
    "cases_for", "DEEP", "enc", "enc_userinfo", "execute", "Expected", "expected_in",
    "expected_target", "file_content", "FORBIDDEN_VERBS", "listing_names", "log_problems",
    "LogSession", "make_case", "match_sessions", "MODES", "plan_problems", "read_log",
    "reply_action", "run_plans", "server_port", "Session", "SKIP",
    "skip_or_fail_without_pyftpdlib", "start_directory", "tree_files", "User", "USERS", "vjoin",
]

SKIP = 77  # ctest SKIP_RETURN_CODE of every e2e test

MODES = ("rfc1738", "multicwd", "singlecwd", "nocwd")


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
