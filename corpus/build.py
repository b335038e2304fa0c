#!/usr/bin/env python3
"""Regenerates corpus/inputs/: the seed corpus of every fuzz target, one input per file.

    python3 corpus/build.py [--shared DIR]     # DIR defaults to ../shared beside the project

The inputs come from (in this order; an input already taken is not taken again):

  diagnostics/  one input per diagnostic id: the example column of docs/diagnostics.md
                (named after the id; input.too-long is left out: 70 KB, and parse_fuzzer
                reaches that error by lowering max_length instead)
  seeds/        every example ftp URL of the five seed specifications: those printed in
                seeds/*.txt, and those tests/peers/seeds_test.cpp restores or instantiates
  examples/     corpus/examples/mirrors.txt, line by line
  handmade/     corpus/handmade.txt: edges of each rule, lenient repairs, peer disagreements
  realworld/    corpus/realworld.txt: real mirror and archive URLs
  vectors/      the inputs of the peers' vectors whose licences allow copying (see
                corpus/README.md): WPT (BSD-3-Clause), curl and trurl (curl), CPython (PSF-2.0),
                Boost.URL (BSL-1.0), Go (BSD-3-Clause), rust-url (MIT/Apache-2.0). Never
                uriparser, wget or Perl URI. http(s)/ws(s) inputs are also taken with the scheme
                replaced by ftp (WHATWG parses the special schemes alike); Boost's IPv4/IPv6
                address vectors become ftp://ADDRESS/ and ftp://[ADDRESS]/; curl's test-suite
                placeholders (%HOSTIP, %FTPPORT, ...) get concrete values.

Files other than diagnostics/ are named after the first 16 hex digits of their SHA-1, like
libFuzzer's. The output is deterministic: rerunning the script on the same sources changes
nothing. corpus/regressions/ is never touched.
"""

import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
OUT = CORPUS / "inputs"

# Largest input kept: the fuzzers run with -max_len=4096.
MAX_SIZE = 4096


def decode_notation(text):
    """docs/diagnostics.md's notation: \\t \\r \\n \\xHH \\\\ \\| {empty} {repeat:N:c}."""
    if text == "{empty}":
        return b""
    out = bytearray()
    i = 0
    while i < len(text):
        m = re.match(r"\{repeat:(\d+):(.)\}", text[i:])
        if m:
            out += m.group(2).encode() * int(m.group(1))
            i += m.end()
            continue
        if text[i] == "\\" and i + 1 < len(text):
            c = text[i + 1]
            if c in "trn":
                out += {"t": b"\t", "r": b"\r", "n": b"\n"}[c]
                i += 2
                continue
            if c == "x" and re.match(r"[0-9A-Fa-f]{2}", text[i + 2 : i + 4]):
                out.append(int(text[i + 2 : i + 4], 16))
                i += 4
                continue
            if c in "\\|":
                out += c.encode()
                i += 2
                continue
        out += text[i].encode()
        i += 1
    return bytes(out)


def c_unescape(literal):
    """The bytes of a C++ string literal's body (the escapes seeds_test.cpp uses)."""
    out = bytearray()
    i = 0
    while i < len(literal):
        c = literal[i]
        if c == "\\" and i + 1 < len(literal):
            n = literal[i + 1]
            simple = {"n": 10, "r": 13, "t": 9, "0": 0, "\\": 92, '"': 34, "'": 39, "?": 63}
            if n == "x":
                m = re.match(r"[0-9A-Fa-f]{1,2}", literal[i + 2 :])
                out.append(int(m.group(0), 16))
                i += 2 + m.end()
                continue
            if n in simple:
                out.append(simple[n])
                i += 2
                continue
        out += c.encode()
        i += 1
    return bytes(out)


class Corpus:
    def __init__(self):
        self.seen = set()
        self.counts = {}

    def add(self, group, data, name=None):
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        if len(data) > MAX_SIZE or data in self.seen:
            return
        self.seen.add(data)
        digest = hashlib.sha1(data).hexdigest()[:16]
        path = OUT / group / (name or digest)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.counts[group] = self.counts.get(group, 0) + 1


def diagnostics(corpus):
    for line in (ROOT / "docs" / "diagnostics.md").read_text().splitlines():
        # | <a id="anchor"></a>id | severity columns... | `example` | offset | length | why |
        m = re.match(r'\| (?:<a id="[^"]*"></a>)?([a-z]+\.[a-z0-9.-]+) \|', line)
        example = re.search(r"\| `([^`]*)` \|", line)
        if not m or not example or m.group(1) == "input.too-long":
            continue
        corpus.add("diagnostics", decode_notation(example.group(1)), m.group(1))


def seeds(corpus, shared):
    for path in sorted((shared / "seeds").glob("*.txt")):
        for url in re.findall(r"(?i)\bftp://[^\s\"'<>)]*", path.read_text(errors="replace")):
            corpus.add("seeds", url.rstrip(".,;"))
            corpus.add("seeds", url)
    test = (ROOT / "tests" / "seeds_test.cpp").read_text()
    for literal in re.findall(r'\{"((?:[^"\\]|\\.)*)"', test):
        data = c_unescape(literal)
        if re.match(rb"(?i)\s*[a-z][a-z0-9+.-]*:", data) and not re.fullmatch(rb"00[0-4]", data):
            corpus.add("seeds", data)


def lines_of(corpus, group, path, notation):
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        corpus.add(group, decode_notation(line) if notation else line)


# curl's test suite writes its servers' addresses as placeholders.
CURL_PLACEHOLDERS = {
    "%HOSTIP": "127.0.0.1",
    "%HOST6IP": "[::1]",
    "%CLIENTIP": "127.0.0.1",
    "%FTPPORT": "8992",
    "%FTP6PORT": "8994",
    "%FTPSPORT": "8993",
    "%HTTPPORT": "8990",
    "%HTTPSPORT": "8991",
    "%TESTNUMBER": "1234",
    "%USER": "user",
    "%PWD": "/tmp",
}

SPECIAL = re.compile(r"(?i)^(\s*)(https?|wss?)(:.*)$", re.S)
FTP_LIKE = re.compile(r"(?i)^\s*ftp:")


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings_in(v)


def add_uri(corpus, text):
    """An input as it is if it is an ftp URI, and an http(s)/ws(s) one with the scheme ftp."""
    if FTP_LIKE.match(text):
        corpus.add("vectors", text)
    m = SPECIAL.match(text)
    if m:
        corpus.add("vectors", m.group(1) + "ftp" + m.group(3))


def vectors(corpus, shared):
    vec = shared / "vectors"

    def records(name):
        with open(vec / name, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)

    def exact_input(r):
        if "input_bytes_hex" in r:
            return bytes.fromhex(r["input_bytes_hex"]).decode("utf-8", "surrogateescape")
        return r.get("input")

    for name in ("wpt-urltestdata-ftp.jsonl", "wpt-setters-ftp.jsonl", "wpt-urltestdata-special-schemes.jsonl"):
        for r in records(name):
            for key in ("input", "base"):
                if isinstance(r.get(key), str):
                    add_uri(corpus, r[key])
            if name == "wpt-urltestdata-ftp.jsonl" and isinstance(r.get("input"), str):
                corpus.add("vectors", r["input"])  # the ftp cases as they are, relative ones too

    for r in records("curl-lib1560-urlapi.jsonl"):
        text = exact_input(r)
        if isinstance(text, str):
            if r.get("involves_ftp"):
                corpus.add("vectors", text)
            add_uri(corpus, text)

    for name, key in (("curl-ftp-url-to-commands.jsonl", "urls"), ("curl-tests-ftp-commands.jsonl", "ftp_urls")):
        for r in records(name):
            for url in r.get(key) or []:
                for placeholder, value in CURL_PLACEHOLDERS.items():
                    url = url.replace(placeholder, value)
                add_uri(corpus, url)

    for name in ("trurl-tests.jsonl", "cpython-urllib-tests.jsonl", "misc-go-rusturl.jsonl"):
        for r in records(name):
            for s in strings_in({k: v for k, v in r.items() if k != "source"}):
                add_uri(corpus, s)

    for r in records("boost-url-unit.jsonl"):
        kind, text = r["kind"], exact_input(r)
        if not isinstance(text, str):
            continue
        if kind == "ipv6_parse":
            corpus.add("vectors", "ftp://[" + text + "]/")
        elif kind == "ipv4_parse":
            corpus.add("vectors", "ftp://" + text + "/")
        elif kind in ("normalize_path", "set_path_then_normalize") and text.startswith("/"):
            corpus.add("vectors", "ftp://h" + text)
        else:
            for s in strings_in({k: v for k, v in r.items() if k in ("input", "base", "expect")}):
                add_uri(corpus, s)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared",
                        help="the directory holding seeds/ and vectors/ (default: ../shared)")
    args = parser.parse_args()
    for needed in ("seeds", "vectors"):
        if not (args.shared / needed).is_dir():
            sys.exit(f"build.py: {args.shared / needed}: not found (pass --shared DIR)")

    if OUT.exists():
        shutil.rmtree(OUT)
    corpus = Corpus()
    diagnostics(corpus)
    seeds(corpus, args.shared)
    lines_of(corpus, "examples", CORPUS / "examples" / "mirrors.txt", notation=False)
    lines_of(corpus, "handmade", CORPUS / "handmade.txt", notation=True)
    lines_of(corpus, "realworld", CORPUS / "realworld.txt", notation=False)
    vectors(corpus, args.shared)
    for group, n in sorted(corpus.counts.items()):
        print(f"{group:12} {n:5} inputs")
    print(f"{'total':12} {sum(corpus.counts.values()):5} inputs in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
