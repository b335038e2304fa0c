# SPDX-License-Identifier: Apache-2.0
"""Validate and canonicalize ftp: URIs: the ftpuri C++ library, from Python.

    >>> import ftpuri
    >>> ftpuri.validate("ftp://ftp.example.org/pub/README;type=a")
    True
    >>> uri = ftpuri.parse("FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I")
    >>> uri.host, uri.segments, uri.typecode
    ('Ftp.Example.ORG', ['~user', 'pub', '.', 'a', '..', 'f.txt'], 'i')
    >>> uri.canonical
    'ftp://ftp.example.org/~user/pub/f.txt;type=i'
    >>> try:
    ...     ftpuri.parse("ftp://0x7f.1/etc/passwd")
    ... except ftpuri.InvalidURI as e:
    ...     print(e)
    offset 6: error: numeric host that is not a dotted-decimal IPv4 address [host.numeric-ambiguous]

A URI is str (its UTF-8 bytes are parsed; offsets count them) or bytes. A profile is "strict"
(the default), "rfc3986" or "lenient". The batch functions (validate_many, canonicalize_many,
check_many) cross into C++ once and release the GIL for the whole batch; so do the others for
their own work. Every result pickles (functions too, by name, so that
multiprocessing.Pool.map(ftpuri.validate, uris) works), compares by value, and has to_dict(),
named as ftpuri-check --format=json names its fields. python/README.md has the rest.
"""

from ftpuri import _core
from ftpuri._core import (
    URI,
    Command,
    Diagnostic,
    Policy,
    SanitizeResult,
    __version__,
    canonicalize,
    canonicalize_many,
    check_many,
    classify_address,
    equivalent,
    parse,
    plan,
    redact_password,
    sanitize,
    validate,
    validate_many,
)


class InvalidURI(ValueError):
    """A URI that is not valid in the profile asked for (or whose plan the mode refuses).

    `diagnostic` is the first error, a Diagnostic (id, offset, length, message, hint); str(e)
    reads like ftpuri-check's message line: "offset 6: error: ... [host.numeric-ambiguous]".
    """

    def __init__(self, diagnostic):
        super().__init__(diagnostic)
        self.diagnostic = diagnostic

    def __str__(self):
        return str(self.diagnostic)

    def to_dict(self):
        """The first error, as ftpuri-check --format=json writes a diagnostic."""
        return self.diagnostic.to_dict()


class Plan(list):
    """The commands of a URI's plan, in order: a list of Command.

    `ask_password` is true when the URI names a user but no password (RFC 1738 3.2.1): the plan
    has no PASS, and a client asks the user for the password when the server wants one.
    """

    def __init__(self, commands=(), ask_password=False):
        super().__init__(commands)
        self.ask_password = ask_password

    def __repr__(self):
        return f"Plan({list.__repr__(self)}, ask_password={self.ask_password!r})"

    # Two plans are equal when they send the same commands and agree on asking for a password; a
    # plain list compares with the commands alone, as a list does.
    def __eq__(self, other):
        if isinstance(other, Plan) and self.ask_password != other.ask_password:
            return False
        return list.__eq__(self, other)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # a list: mutable

    def to_dict(self):
        """As ftpuri-check --plan --format=json reports it: "plan", the lines as --plan prints
        them (the password masked unless plan(..., show_password=True)), and "ask_password"."""
        return {"plan": [str(command) for command in self], "ask_password": self.ask_password}


_core._register(InvalidURI, Plan)


class FetchError(Exception):
    """A fetch that was refused or failed (ftpuri.fetch): the URI's or the policy's error, or one of
    the fetch.* ids (fetch.address-denied, fetch.too-large, fetch.timeout, fetch.reply, ...).

    `diagnostic` is the Diagnostic; `result` what happened, as ftpuri-fetch --json reports it (id,
    message, bytes, connections, commands with PASS ****, replies, reply_code, stage, action, detail).
    """

    def __init__(self, result):
        super().__init__(result)  # args: what pickle gives back to __init__ in another process
        self.diagnostic = result["diagnostic"]
        self.result = result

    def __str__(self):
        return f"{self.result['id']}: {self.result['message']}"


def fetch(uri, policy, profile="strict", *, file=None, error=(), plan_mode="multicwd", max_size=0, timeout=60.0,
          stall=15.0, password=None, resolve=()):
    """Fetch what an ftp URI names, the policy enforced at every connection (docs/fetch.md).

    The URI is sanitized under `policy` (a Policy) and `profile`, with `error` (ids, as
    ftpuri-check's --error) refused as errors; then libcurl fetches it with every address it is
    about to connect to, control and data, classified and refused when the policy denies it.
    Returns the bytes, or with `file` (an object with write(bytes)) the number of bytes written to
    it. Raises FetchError when refused or failed (what `file` got is then to be thrown away).
    plan_mode: 'multicwd', 'singlecwd' or 'nocwd'; max_size in bytes (0: none); timeout and stall
    in seconds; password for a URI that names a user without one; resolve: 'HOST:PORT:ADDRESS'
    DNS answers, as curl's --resolve. The GIL is released during the transfer. Only where the
    module was built with libcurl (a NotImplementedError otherwise).
    """
    if not hasattr(_core, "_fetch"):
        raise NotImplementedError("this ftpuri was built without libcurl: no fetch")
    ok, data, result = _core._fetch(uri, policy, profile, error=error, plan_mode=plan_mode, max_size=max_size,
                                    timeout=timeout, stall=stall, password=password, resolve=resolve, file=file)
    if not ok:
        raise FetchError(result)
    return data

__all__ = [
    "URI",
    "Command",
    "Diagnostic",
    "FetchError",
    "InvalidURI",
    "Plan",
    "Policy",
    "SanitizeResult",
    "__version__",
    "canonicalize",
    "canonicalize_many",
    "check_many",
    "classify_address",
    "equivalent",
    "fetch",
    "parse",
    "plan",
    "redact_password",
    "sanitize",
    "validate",
    "validate_many",
]
