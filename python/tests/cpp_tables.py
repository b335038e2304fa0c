# SPDX-License-Identifier: Apache-2.0
"""Reads the C++ tests' tables of expectations, so that the Python tests hold the module to the
very rows the C++ tests hold the library to, rather than to a copy that could drift.

A table is a braced initializer in a C++ source (`vector_rows = {...}`): this reads C++ string
literals (escapes and adjacent literals included, as bytes), numbers, character literals,
qualified names (`D::port_default`, `profile::strict`), calls (`err(D::x, 4, 0, {...})`), braced
lists and designated initializers (`.host = "h"`). Nothing else is needed, and anything else is
an error rather than a guess: a table the reader misreads fails loudly.
"""

import re
from dataclasses import dataclass

_TOKEN = re.compile(
    rb"""
    (?P<space>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<char>'(?:[^'\\\n]|\\.)')
  | (?P<number>-?\d+)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*(?:::[A-Za-z_][A-Za-z_0-9]*)*)
  | (?P<punct>[{}(),.=])
    """,
    re.VERBOSE | re.DOTALL,
)

_SIMPLE_ESCAPES = {
    ord("n"): b"\n", ord("t"): b"\t", ord("r"): b"\r", ord("0"): b"\0", ord("\\"): b"\\",
    ord('"'): b'"', ord("'"): b"'", ord("?"): b"?", ord("a"): b"\a", ord("b"): b"\b",
    ord("f"): b"\f", ord("v"): b"\v",
}


def _unescape(body):
    """The bytes of a C++ literal's body (between the quotes)."""
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != ord("\\"):
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e == ord("x"):  # as many hex digits as follow, as C++ reads them
            j = i + 2
            while j < len(body) and chr(body[j]) in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(body[i + 2 : j], 16))
            i = j
        elif ord("0") <= e <= ord("7"):
            j = i + 1
            while j < len(body) and j < i + 4 and ord("0") <= body[j] <= ord("7"):
                j += 1
            out.append(int(body[i + 1 : j], 8))
            i = j
        elif e in _SIMPLE_ESCAPES:
            out += _SIMPLE_ESCAPES[e]
            i += 2
        else:
            raise ValueError(f"escape \\{chr(e)} is not read here")
    return bytes(out)


@dataclass(frozen=True)
class Name:
    text: str


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple


@dataclass(frozen=True)
class Designated:
    field: str
    value: object


class _Reader:
    def __init__(self, source, start):
        self.tokens = []
        pos = start
        depth = 0
        while True:
            m = _TOKEN.match(source, pos)
            if not m:
                raise ValueError(f"cannot read C++ at byte {pos}: {source[pos:pos + 40]!r}")
            pos = m.end()
            if m.lastgroup == "space":
                continue
            self.tokens.append((m.lastgroup, m.group()))
            if m.group() in (b"{", b"("):
                depth += 1
            elif m.group() in (b"}", b")"):
                depth -= 1
                if depth == 0:
                    break
        self.at = 0

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else (None, b"")

    def take(self, expected=None):
        kind, text = self.peek()
        if expected is not None and text != expected:
            raise ValueError(f"expected {expected!r}, read {text!r}")
        self.at += 1
        return kind, text

    def value(self):
        kind, text = self.peek()
        if kind == "string":
            out = b""
            while self.peek()[0] == "string":  # adjacent literals are one
                out += _unescape(self.take()[1][1:-1])
            return out
        if kind == "char":
            return _unescape(self.take()[1][1:-1]).decode("latin-1")
        if kind == "number":
            return int(self.take()[1])
        if text == b"{":
            return self.braced()
        if kind == "name":
            name = self.take()[1].decode()
            if self.peek()[1] == b"(":
                self.take(b"(")
                args = []
                while self.peek()[1] != b")":
                    args.append(self.value())
                    if self.peek()[1] == b",":
                        self.take(b",")
                self.take(b")")
                return Call(name, tuple(args))
            if self.peek()[1] == b"{":  # finding{D::x, 4, 0}: a type's braced initializer
                return Call(name, tuple(self.braced()))
            return Name(name)
        raise ValueError(f"unexpected {text!r}")

    def braced(self):
        self.take(b"{")
        items = []
        while self.peek()[1] != b"}":
            if self.peek()[1] == b".":
                self.take(b".")
                field = self.take()[1].decode()
                self.take(b"=")
                items.append(Designated(field, self.value()))
            else:
                items.append(self.value())
            if self.peek()[1] == b",":
                self.take(b",")
        self.take(b"}")
        return items


def read_table(path, marker):
    """The braced initializer that follows `marker` in the C++ file `path`, as Python values:
    bytes, int, str (a char), Name, Call, Designated and lists."""
    source = path.read_bytes()
    at = source.find(marker.encode())
    if at < 0:
        raise ValueError(f"{path} has no {marker!r}")
    start = source.find(b"{", at + len(marker))
    return _Reader(source, start).braced()


def read_string_constants(path):
    """The `constexpr std::string_view NAME = "...";` of a C++ file, by name."""
    source = path.read_bytes()
    out = {}
    for m in re.finditer(rb"constexpr std::string_view (\w+) =\s*((?:\"(?:[^\"\\\n]|\\.)*\"\s*)+);", source):
        literals = re.findall(rb"\"((?:[^\"\\\n]|\\.)*)\"", m.group(2))
        out[m.group(1).decode()] = b"".join(_unescape(lit) for lit in literals)
    return out
