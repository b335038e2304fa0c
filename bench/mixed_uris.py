#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A deterministic file of mixed ftp URI lines, as a real list of URLs scraped from the world is.

    mixed_uris.py N OUT [--seed S]

writes N lines to OUT (bytes; the same N and seed give the same bytes on every machine and
Python 3: every draw is random.Random(seed).random(), the one sequence Python promises to keep
from version to version). The mix, roughly: 55 % clean mirror URIs, 15 %
valid with warnings (uppercase host or scheme, :21, anonymous@, a password, needless or
lowercase %XX, dot and empty segments, ;TYPE=I, a fragment, ~user), 20 % invalid (every family:
scheme, authority, userinfo, host, port, path, typecode, query, controls, raw spaces and
non-ASCII, injections as %0D%0A, overlong UTF-8, bytes that are not UTF-8, NUL), and 10 % lines
ftpuri-check skips (blank, blanks only, '#' comments, indented comments with any bytes).
Line endings are "\\n", with 5 % "\\r\\n", some lines hold a lone "\\r" or end "\\r\\r\\n", a few are
longer than the 64 KiB input limit, and the file's last line has no newline but ends with a CR.

Used by examples/dask/ (its ctest compares the Dask job with ftpuri-check on such a file) and
bench/python_boundary.py, which also read it back with cli_lines() and is_skipped(), as
ftpuri-check does. Not committed: generated into the build tree.
"""
import argparse
import random
import sys

ORGS = [b"kernel", b"debian", b"freebsd", b"gnu", b"apache", b"mozilla", b"cpan", b"ctan", b"python",
        b"gentoo", b"archlinux", b"postgresql", b"videolan", b"gimp", b"kde", b"isc", b"tug", b"cran"]
TLDS = [b"org", b"net", b"com", b"edu", b"de", b"fr", b"nl", b"uk", b"se", b"jp", b"io"]
DIRS = [b"pub", b"mirror", b"linux", b"debian", b"pool", b"main", b"contrib", b"dists", b"releases",
        b"stable", b"updates", b"source", b"packages", b"distfiles", b"archive", b"iso", b"amd64",
        b"arm64", b"doc", b"misc", b"tools", b"incoming", b"tex-archive", b"CPAN", b"v6.x", b"2024"]
ENCODED_DIRS = [b"My%20Documents", b"caf%C3%A9", b"r%C3%A9sum%C3%A9s", b"100%25", b"C%23",
                b"%E6%97%A5%E6%9C%AC"]
FILES = [b"README", b"ls-lR.gz", b"linux-6.1.tar.xz", b"index.html", b"SHA256SUMS", b"f.txt",
         b"gcc-13.2.0.tar.gz", b"Packages.xz", b"notes.txt", b"core-2.5.iso"]
USERS = [b"jo", b"mirror", b"ftp", b"alice", b"bob", b"u%40example.org"]

# Valid in strict, each with one or more warnings.
WARNED = [
    b"FTP://h.example.org/pub/", b"ftp://Ftp.Example.ORG/pub/f.txt", b"ftp://h.example.org:21/pub/",
    b"ftp://anonymous@h.example.org/pub/", b"ftp://alice:secret@h.example.org/home/f",
    b"ftp://u:p%40ss@h.example.org/", b"ftp://h.example.org/%41%42c", b"ftp://h.example.org/a%3b",
    b"ftp://h.example.org/pub/./f", b"ftp://h.example.org/pub//f", b"ftp://h.example.org/pub/a/../f",
    b"ftp://h.example.org/f;TYPE=I", b"ftp://h.example.org/f#frag", b"ftp://h.example.org/~root/x",
    b"ftp://h.example.org:/x", b"ftp://h.example.org:02121/x", b"ftp://@h.example.org/",
    b"ftp://h.example.org/a%2Fb", b"ftp://h.example.org/a%FF", b"ftp://h.example.org/C:/x",
    b"ftp://jo:@h.example.org/", b"FTP://ANONYMOUS:guest@FTP.EXAMPLE.ORG:21/./a//b/%7euser;TYPE=A#x",
]
# Invalid in strict.
INVALID = [
    b"http://h.example.org/", b"example.org/pub", b"ftp:/h/p", b"ftp://a@b@h/", b"ftp://u:p:q@h/",
    b"ftp:///p", b"ftp://host;type=a", b"ftp://h%41/", b"ftp://.a/", b"ftp://-a.com/",
    b"ftp://0x7f.1/etc/passwd", b"ftp://127.1/", b"ftp://xn--a.com/", b"ftp://[::1/p",
    b"ftp://[::1::2]/", b"ftp://[fe80::1%25eth0]/", b"ftp://[v1.x]/", b"ftp://h:21a/",
    b"ftp://h:65536/", b"ftp://h/a;b", b"ftp://h/..%2Fetc", b"ftp://h/a%5Cb", b"ftp://h/../x",
    b"ftp://h//../etc", b"ftp://h/pub//../x", b"ftp://h/pub/~root/x", b"ftp://h/..%20/x",
    b"ftp://h/f;type=x", b"ftp://h/f;typecode=i", b"ftp://h/f?x", b"ftp://h/a\x01b", b"ftp://h/a b",
    b"ftp://h/caf\xc3\xa9", b"ftp://h/a<b", b"ftp://h/a]b", b"ftp://h/a%4", b"ftp://h/a%0D%0ADELE%20x",
    b"ftp://h/a%01", b"ftp://h/a%C0%AE", b"ftp://h/a%E2%80%A8", b"ftp://" + b"a" * 64 + b".com/",
    b"ftp://h/\xff\xfe", b"ftp://h\xc3/x", b"\xc3(ftp://h/", b"ftp://h/a\x00b", b" ftp://h/",
    b"ftp://h/ ", b"ftp://u:secret@h/a b", b"ftp://user:pa%0Ass@h/", b"ftp://b\xc3\xbccher.example/",
    b"ftp://[::ffff:127.0.0.1/", b"ftp\xe2\x80\xa8://h/", b"ftp://h/a\x7fb", b"ftp://h/%",
]
# Lines ftpuri-check skips by default: blanks only (space, tab, CR, FF, VT), or '#' first.
SKIPPED = [b"", b"", b" ", b"\t", b" \t \f\v", b"# a comment", b"#", b"   # indented comment",
           b"\t#ftp://h/commented-out", b"# \xff\xfe not UTF-8 in a comment", b"#\x00\x01"]


def pick(rng, items):
    return items[int(rng.random() * len(items))]


def between(rng, low, high):
    """An integer in [low, high)."""
    return low + int(rng.random() * (high - low))


def clean(rng):
    """A mirror-list URI with no diagnostic."""
    parts = [b"ftp://"]
    if rng.random() < 0.1:
        parts += [pick(rng, USERS), b"@"]
    kind = rng.random()
    if kind < 0.05:
        parts.append(b"192.0.2.%d" % between(rng, 1, 255))
    elif kind < 0.08:
        parts.append(b"[2001:db8::%x]" % between(rng, 1, 0xFFFF))
    else:
        parts += [b"ftp.", pick(rng, ORGS), b".", pick(rng, TLDS)]
    if rng.random() < 0.1:
        parts.append(b":%d" % between(rng, 1024, 65536))
    parts.append(b"/")
    for _ in range(int(rng.random() * 5)):
        parts += [pick(rng, ENCODED_DIRS) if rng.random() < 0.15 else pick(rng, DIRS), b"/"]
    if rng.random() < 0.8:
        parts.append(pick(rng, FILES))
        if rng.random() < 0.05:
            parts.append(b";type=i")
    return b"".join(parts)


def line(rng):
    """One line, without its ending."""
    r = rng.random()
    if r < 0.55:
        return clean(rng)
    if r < 0.70:
        w = pick(rng, WARNED)
        return w + pick(rng, FILES) if w.endswith(b"/") and rng.random() < 0.5 else w
    if r < 0.90:
        return pick(rng, INVALID)
    if r < 0.99995:
        return pick(rng, SKIPPED)
    # A line over the 64 KiB input limit (input.too-long): one in 20,000.
    return b"ftp://h.example.org/" + b"a" * (65536 + int(rng.random() * 4000))


def ending(rng):
    e = rng.random()
    if e < 0.05:
        return b"\r\n"
    if e < 0.051:
        return b"\r\r\n"  # the first "\r" belongs to the line
    return b"\n"


def generate(n, seed):
    """The N lines, each with its ending, but the last: a file's last line without newline, a
    clean URI followed by a CR, which is part of the line (no "\n" follows it), so invalid."""
    rng = random.Random(seed)
    for _ in range(n - 1):
        text = line(rng)
        if rng.random() < 0.001:
            text += b"\rx"  # a lone CR inside a line: not a line end
        yield text + ending(rng)
    yield clean(rng) + b"\r"


def write(n, path, seed=19):
    with open(path, "wb") as out:
        buffered = []
        for item in generate(n, seed):
            buffered.append(item)
            if len(buffered) == 65536:
                out.write(b"".join(buffered))
                buffered.clear()
        out.write(b"".join(buffered))


def cli_lines(data):
    """The lines of a file as ftpuri-check reads them (src/cli/block_reader.hpp): split at "\\n",
    a "\\r" before it dropped, a last line without "\\n" kept as it is."""
    lines = data.split(b"\n")
    last = lines.pop()
    lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
    if last:
        lines.append(last)
    return lines


def is_skipped(line):
    """ftpuri-check's is_skipped_line (src/cli/line_checker.hpp): blanks only, or '#' first."""
    rest = line.lstrip(b" \t\r\f\v")
    return not rest or rest[0] == 0x23


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="how many lines")
    parser.add_argument("out", help="the file to write")
    parser.add_argument("--seed", type=int, default=19, help="the seed (default 19)")
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error("N must be at least 1")
    write(args.n, args.out, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
