# SPDX-License-Identifier: Apache-2.0
"""The holes an adversarial review found in the module, each in the form the attack took."""

import os

import pytest

import ftpuri

LONE_SURROGATE = "\udcff"  # what os.fsdecode() and surrogateescape make of a byte that is not UTF-8


@pytest.mark.parametrize(
    "call",
    [
        lambda: ftpuri.Policy(allow_host="ftp.example.org" + LONE_SURROGATE),
        lambda: ftpuri.Policy(allow_host=["ftp.example.org", LONE_SURROGATE]),
        lambda: ftpuri.Policy(deny="loopback," + LONE_SURROGATE),
        lambda: ftpuri.sanitize("ftp://ftp.example.org/", ftpuri.Policy(), error="userinfo.password" + LONE_SURROGATE),
        lambda: ftpuri.sanitize("ftp://ftp.example.org/", ftpuri.Policy(), error=[LONE_SURROGATE]),
        lambda: ftpuri.classify_address("127.0.0.1" + LONE_SURROGATE),
        lambda: ftpuri.validate("ftp://h/", profile=LONE_SURROGATE),
        lambda: ftpuri.plan("ftp://h/", mode=LONE_SURROGATE),
    ],
)
def test_a_lone_surrogate_in_an_option_is_the_documented_value_error(call):
    # It was a RuntimeError ("Unable to cast Python instance to C++ type"), which a service
    # catching ValueError for bad configuration let through.
    with pytest.raises(ValueError) as raised:
        call()
    assert "surrogates not allowed" in str(raised.value)


def test_a_file_name_that_is_not_utf8_is_read_and_given_back(tmp_path):
    # A file name is bytes; os.fsdecode() turns those that are not UTF-8 into lone surrogates.
    directory = os.fsencode(tmp_path)
    path = os.path.join(directory, b"allow-\xff")
    with open(path, "w") as f:
        f.write("ftp.example.org\n")
    name = os.fsdecode(path)
    assert LONE_SURROGATE in name
    policy = ftpuri.Policy(allow_hosts_file=name)
    assert policy.allow_host == ("ftp.example.org",) and policy.allow_hosts_file == name
    assert ftpuri.sanitize("ftp://ftp.example.org/", policy)
    assert not ftpuri.sanitize("ftp://ftp.example.com/", policy)


def test_telnet_iac_in_a_name_is_refused_in_strict_and_doubled_on_the_wire_elsewhere():
    # curl sends %FF undoubled: the server's Telnet layer reads "FF F4" as "interrupt process".
    with pytest.raises(ftpuri.InvalidURI) as refused:
        ftpuri.plan("ftp://h/a%FF%F4b")
    assert (refused.value.diagnostic.id, refused.value.diagnostic.offset) == ("pct.telnet-iac", 9)
    uri = ftpuri.parse("ftp://h/a%FF%F4b", "rfc3986")
    assert [(d.id, d.severity) for d in uri.diagnostics if d.id == "pct.telnet-iac"] == [("pct.telnet-iac", "warning")]
    assert bytes(ftpuri.plan("ftp://h/a%FF%F4b", profile="rfc3986")[2]) == b"RETR a\xff\xff\xf4b"
