# SPDX-License-Identifier: Apache-2.0
"""A property, with seeded random inputs: on URIs built from the grammar's pieces and on random
byte mutations of them, the module and ftpuri-check agree on the validity, every diagnostic (the
first one included: id, offset, length) and the canonical form, in every profile. The CLI checks
all the cases of a profile in one process (NUL-separated, so that inputs may hold newlines).

FTPURI_PY_SEED and FTPURI_PY_CASES in the environment replay a seed or run more cases; a failure
names its seed."""

import os
import random

import pytest

import check_cli
import ftpuri
from check_cli import diagnostics, diagnostics_of

CASES = int(os.environ.get("FTPURI_PY_CASES", "5000"))
SEED = int(os.environ.get("FTPURI_PY_SEED", str(random.SystemRandom().randrange(2**32))))

# Pieces of docs/grammar.abnf's rules: the first list of each is valid in strict, the second adds
# their edges and the mistakes people make. Half the URIs are built from the first lists only,
# so that both verdicts are common in every profile.
SCHEMES = (["ftp", "FTP", "Ftp"], ["ftps", "http", "", "f tp", "ftp+x"])
SEPARATORS = (["://"], [":/", ":", ":\\\\", "//", ":///"])
USERINFOS = (["", "", "u@", "user:pw@", "anonymous@", "%75@", "u:@", "u:p%40ss@"],
             ["a:b:c@", "u@v@", ":@", "Ü@", "u:p/ss@", "%00@", "us er@"])
HOSTS = (["h", "ftp.example.org", "FTP.Example.ORG", "example.org.", "127.0.0.1", "10.0.0.7", "169.254.169.254",
          "[::1]", "[::ffff:127.0.0.1]", "[2001:db8::7]", "xn--bcher-kva.example", "localhost", "a.local",
          "192.0.2.7", "255.255.255.255"],
         ["0x7f.1", "010.0.0.1", "2130706433", "[fe80::1%25eth0]", "[v1.x]", "[::1", "bücher.example", "xn--abc", "%68",
          "%68%2E", "", "a..b", "-a.b", "h_x", "ÿ", "a" * 64 + ".b"])
PORTS = (["", "", ":", ":21", ":021", ":2121", ":65535"], [":65536", ":x", ":0", ":-1"])
SEGMENTS = (["", ".", "..", "%2e", "a", "A", "%41", "%2F", "~", "~user", "%7E", "C:", "%C3%A9",
             "%FF", "dir", "file.txt", "%e2%80%ae"],
            ["%2E%2E", ".%2e", "%2f", "%0D%0A", "%00", "%09", "a b", "...", "..%20", "%5C", "\\", "a;b", ";", "%3B",
             "é", "%C0%AE", "%E2%80%A8", "?", "#", "%", "%4", "%zz"])
TYPECODES = (["", "", "", ";type=a", ";type=I", ";type=d"], [";typecode=d", ";type=x", ";TYPE=i", ";type="])
QUERIES = ([""], ["?q", "?", "?a=b", "?%61"])
FRAGMENTS = (["", "", "#f", "#", "#%61"], ["#a b"])
EDGES = ([""], [" ", "\t", "\r", "\v"])


def generated(rng):
    """One input, bytes: a URI from the pieces, then perhaps a few byte mutations."""
    clean = rng.random() < 0.5

    def pick(pieces):
        good, bad = pieces
        return rng.choice(good if clean or rng.random() < 0.6 else bad)

    path = ""
    if rng.random() < 0.85:
        path = "".join("/" + pick(SEGMENTS) for _ in range(rng.randrange(1, 5)))
    text = "".join([pick(EDGES), pick(SCHEMES), pick(SEPARATORS), pick(USERINFOS), pick(HOSTS), pick(PORTS), path,
                    pick(TYPECODES), pick(QUERIES), pick(FRAGMENTS), pick(EDGES)])
    data = bytearray(text.encode("utf-8"))
    if rng.random() < 0.3:
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(data) + 1)
            byte = rng.randrange(1, 256)  # no NUL: it separates the CLI's inputs
            edit = rng.randrange(4)
            if edit == 0:
                data.insert(at, byte)
            elif edit == 1 and at < len(data):
                del data[at]
            elif edit == 2 and at < len(data):
                data[at] = byte
            elif at < len(data):
                data[at:at] = data[at : at + rng.randrange(1, 8)]
    return bytes(data)


@pytest.mark.parametrize("profile", ["strict", "rfc3986", "lenient"])
def test_module_and_cli_agree_on_random_uris(ftpuri_check, profile):
    seed = SEED + ["strict", "rfc3986", "lenient"].index(profile)
    print(f"seed {seed} (FTPURI_PY_SEED={SEED} replays this run), {CASES} cases")
    rng = random.Random(seed)
    inputs = [generated(rng) for _ in range(CASES)]
    records = check_cli.records_of_inputs(ftpuri_check, inputs, profile)
    checked = ftpuri.check_many(inputs, profile)
    canonical = ftpuri.canonicalize_many(inputs, profile)
    valid_count = 0
    for uri, record, (valid, found), canon in zip(inputs, records, checked, canonical):
        where = f"seed {seed}, profile {profile}, input {uri!r}"
        assert valid == record["valid"], where
        assert diagnostics(found[:1]) == diagnostics_of(record)[:1], f"{where}: the first diagnostic"
        assert diagnostics(found) == diagnostics_of(record), where
        assert (canon is not None) == valid, where
        if valid:
            valid_count += 1
            parsed = ftpuri.parse(uri, profile)
            assert parsed.canonical == canon and parsed.host_class == record["host_class"], where
        else:
            with pytest.raises(ftpuri.InvalidURI) as raised:
                ftpuri.parse(uri, profile)
            error = raised.value.diagnostic
            assert error in found and error.severity == "error", where
    assert ftpuri.validate_many(inputs, profile) == [valid for valid, _ in checked]
    fixed = check_cli.fixed_inputs(ftpuri_check, inputs, profile)
    assert [c.encode() for c in canonical if c is not None] == fixed, f"seed {seed}, profile {profile}: --fix"
    # Both verdicts are common, or the property says little.
    assert CASES // 20 < valid_count < CASES - CASES // 20, f"seed {seed}: {valid_count} valid of {CASES}"
