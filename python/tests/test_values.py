# SPDX-License-Identifier: Apache-2.0
"""The module's results are values: every result, diagnostic and error pickles and comes back
equal, compares by value and hashes where immutable; the functions pickle by name, so that a
process pool can run them; to_dict() is what ftpuri-check --format=json reports, field for field."""

import concurrent.futures
import copy
import multiprocessing
import pickle

import pytest

import check_cli
import ftpuri

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
POLICY = ftpuri.Policy(deny="non-public", allow_host=["*.example.org:21", "192.0.2.7"])


def values():
    """One of each kind of value the module returns, in the shapes that matter."""
    invalid = None
    try:
        ftpuri.parse("ftp://0x7f.1/etc/passwd")
    except ftpuri.InvalidURI as e:
        invalid = e
    uri = ftpuri.parse("FTP://u:p%41ss@Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I")
    return {
        "URI": uri,
        "URI of bytes": ftpuri.parse(b"ftp://h/\xff;type=d", "lenient"),
        "URI of rfc3986": ftpuri.parse("ftp://h/a?q#f", "rfc3986"),
        "Diagnostic": uri.diagnostics[0],
        "host.denied": ftpuri.sanitize("ftp://[::1]/", POLICY).error,
        "InvalidURI's Diagnostic": invalid.diagnostic,
        "Plan": ftpuri.plan("ftp://myname@host.dom/%2Fetc/motd;type=a"),
        "Command": ftpuri.plan("ftp://h/a%FFb", profile="rfc3986")[0],
        "Policy": POLICY,
        "SanitizeResult ok": ftpuri.sanitize("ftp://u:pw@a.example.org/x", POLICY),
        "SanitizeResult denied": ftpuri.sanitize("ftp://[::1]/", POLICY),
        "SanitizeResult invalid": ftpuri.sanitize("ftp://h/a b", POLICY),
    }


@pytest.mark.parametrize("name", list(values()))
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_every_value_pickles_and_comes_back_equal(name, protocol):
    value = values()[name]
    back = pickle.loads(pickle.dumps(value, protocol))
    assert back is not value and type(back) is type(value)
    assert back == value and not back != value
    assert repr(back) == repr(value)
    assert copy.copy(value) == value and copy.deepcopy(value) == value  # copy reduces as pickle does
    if name.startswith("URI"):
        assert (back.input, back.canonical, back.diagnostics, back.segments) == (
            value.input, value.canonical, value.diagnostics, value.segments)
    if name == "Plan":
        assert back.ask_password and [bytes(c) for c in back] == [bytes(c) for c in value]
    if name == "Command":
        assert (bytes(back), str(back), back.argument, back.raw_argument) == (
            bytes(value), str(value), value.argument, value.raw_argument)
    if name == "Policy":
        assert back.to_dict() == value.to_dict()
        assert not ftpuri.sanitize("ftp://127.0.0.1/", back) and ftpuri.sanitize("ftp://a.example.org/", back)


def test_an_invalid_uri_error_pickles_with_its_diagnostic():
    with pytest.raises(ftpuri.InvalidURI) as raised:
        ftpuri.parse("ftp://0x7f.1/etc/passwd")
    back = pickle.loads(pickle.dumps(raised.value))
    assert type(back) is ftpuri.InvalidURI and isinstance(back, ValueError)
    assert back.diagnostic == raised.value.diagnostic and str(back) == str(raised.value)
    assert back.to_dict() == raised.value.diagnostic.to_dict()


def test_a_policy_from_a_file_unpickles_without_the_file(tmp_path):
    patterns = tmp_path / "allow"
    patterns.write_text("ftp.example.org\n")
    policy = ftpuri.Policy(allow_hosts_file=patterns)
    state = pickle.dumps(policy)
    patterns.unlink()
    back = pickle.loads(state)
    assert back == policy and back.allow_host == ("ftp.example.org",) and back.allow_hosts_file == str(patterns)


def test_values_compare_and_hash_by_value():
    text = "ftp://anonymous@FTP.example.org:21/pub/"
    assert ftpuri.parse(text) == ftpuri.parse(text) and hash(ftpuri.parse(text)) == hash(ftpuri.parse(text))
    assert len({ftpuri.parse(text), ftpuri.parse(text)}) == 1
    assert ftpuri.parse(text) != ftpuri.parse(text, "lenient")  # another profile
    assert ftpuri.parse(text) != ftpuri.parse(text.encode())  # str and bytes, as Python has them
    assert ftpuri.parse(text) != ftpuri.parse(text.lower())  # equivalent, not equal: equivalent() says that
    assert ftpuri.equivalent(text, text.lower())
    assert ftpuri.parse(text) != text and ftpuri.parse(text).__eq__(text) is NotImplemented

    same = ftpuri.Policy(deny="loopback,private", allow_host="h")
    assert same == ftpuri.Policy(deny=["private", "loopback"], allow_host=["h"]) and hash(same) == hash(
        ftpuri.Policy(deny=["private", "loopback"], allow_host=["h"]))
    assert same != ftpuri.Policy(deny="loopback", allow_host="h")
    assert same != ftpuri.Policy(deny="loopback,private", allow_host="h:21")

    ok = ftpuri.sanitize("ftp://a.example.org/", POLICY)
    assert ok == ftpuri.sanitize("ftp://a.example.org/", POLICY) and hash(ok) == hash(
        ftpuri.sanitize("ftp://a.example.org/", POLICY))
    assert ok != ftpuri.sanitize("ftp://b.example.org/", POLICY)
    assert ftpuri.sanitize("ftp://[::1]/", POLICY) != ftpuri.sanitize("ftp://127.0.0.1/", POLICY)

    plan = ftpuri.plan("ftp://u@h/a")
    assert plan == ftpuri.plan("ftp://u@h/a") and plan != ftpuri.plan("ftp://u:p@h/a", show_password=True)
    assert plan != ftpuri.Plan(plan, ask_password=False)  # the same commands, but no password asked
    assert plan == list(plan)  # a list compares the commands
    with pytest.raises(TypeError):
        hash(plan)


@pytest.mark.parametrize(
    "cls, state",
    [
        (ftpuri.Diagnostic, ("no.such-id", "error", "host", 0, 1, 0)),
        (ftpuri.Diagnostic, ("host.denied", "error", "host", 0, 1, 10)),  # no eleventh host class
        (ftpuri.Diagnostic, ("char.space", "fatal", "path", 0, 1, 0)),
        (ftpuri.Diagnostic, ("char.space", "error", "path", 0, 1)),
        (ftpuri.URI, ("ftp://0x7f.1/", "strict")),
        (ftpuri.URI, ("ftp://h/", "strcit")),
        (ftpuri.Command, ("QUIT", None, None, b"QUIT", b"QUIT")),
        (ftpuri.Policy, (["lokalhost"], [], None)),
        (ftpuri.Policy, ([], ["ftp.*.org"], None)),
        (ftpuri.SanitizeResult, (True, None, None, None, ())),
        (ftpuri.SanitizeResult, (False, None, None, "nowhere", ())),
        # Numbers out of range (ValueError) and items of another type (TypeError), not pybind11's
        # RuntimeError.
        (ftpuri.Diagnostic, ("char.space", "error", "path", -1, 1, 0)),
        (ftpuri.Diagnostic, ("char.space", "error", "path", 0, 2**32, 0)),
        (ftpuri.Command, ("CWD", None, None, "CWD a", b"CWD a")),
        (ftpuri.Policy, ([], [], "a file name as str")),
        (ftpuri.SanitizeResult, (False, None, ("char.space", "error", "path", 0, 1, 0), None, [None])),
    ],
)
def test_a_state_that_no_value_has_is_refused(cls, state):
    value = cls.__new__(cls)
    with pytest.raises((ValueError, TypeError)):
        value.__setstate__(state)


def public_functions():
    return [name for name in ftpuri.__all__ if callable(getattr(ftpuri, name)) and not isinstance(
        getattr(ftpuri, name), type)]


def test_every_function_pickles_by_name():
    assert len(public_functions()) == 12
    for name in public_functions():
        function = getattr(ftpuri, name)
        for protocol in PROTOCOLS:
            state = pickle.dumps(function, protocol)
            assert b"ftpuri" in state and name.encode() in state and len(state) < 64
            assert pickle.loads(state) is function


def test_the_functions_run_in_a_process_pool():
    uris = ["ftp://h/", "ftp://h/a b", "FTP://H/x", "ftp://0x7f.1/"]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        assert pool.map(ftpuri.validate, uris) == [ftpuri.validate(u) for u in uris]
        # What comes back from another process is a value too.
        assert pool.map(ftpuri.check_many, [uris]) == [ftpuri.check_many(uris)]
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert list(pool.map(ftpuri.canonicalize, ["FTP://H/./x"])) == ["ftp://h/x"]
        assert list(pool.map(ftpuri.parse, uris[:1])) == [ftpuri.parse(uris[0])]
        failed = pool.submit(ftpuri.parse, uris[3]).exception()
        assert isinstance(failed, ftpuri.InvalidURI) and failed.diagnostic.id == "host.numeric-ambiguous"


def mirrors(source_dir):
    """The example file's inputs (corpus/examples/mirrors.txt), as ftpuri-check reads them."""
    lines = (source_dir / "corpus/examples/mirrors.txt").read_bytes().split(b"\n")[:-1]
    return [line for line in lines if line.strip() and not line.lstrip().startswith(b"#")]


INPUTS = [
    b"ftp://alice:secret@FTP.Example.ORG:21/pub/%7Ejo/READ%20ME;type=a",
    b"ftp://h/a?q#f",
    b" ftp://b\xc3\xbccher.example/My Documents/a.txt;typecode=i",
    b"ftp://[::ffff:127.0.0.1]/etc/passwd",
    b"ftp://192.0.2.7/x",
    b"ftp://a.example.org:21/",
    b"ftp://u:p@a.example.org/%2Fx",
    b"ftp://h/a b",
]


@pytest.mark.parametrize("profile", ["strict", "rfc3986", "lenient"])
def test_to_dict_is_what_ftpuri_check_reports(source_dir, ftpuri_check, profile):
    inputs = mirrors(source_dir) + INPUTS
    records = check_cli.records_of_inputs(ftpuri_check, inputs, profile, "--components")
    checked = ftpuri.check_many(inputs, profile)
    compared = 0
    for given, record, (valid, found) in zip(inputs, records, checked):
        assert [d.to_dict() for d in found] == record["diagnostics"], given
        del record["file"], record["line"]
        if valid:
            assert ftpuri.parse(given.decode(), profile).to_dict() == record, given
            compared += 1
    assert compared >= 12


def test_sanitize_to_dict_is_what_ftpuri_check_reports_with_the_policy(ftpuri_check):
    options = ["--deny=non-public", "--allow-host=*.example.org:21", "--allow-host=192.0.2.7",
               "--error=userinfo.password"]
    records = check_cli.records_of_inputs(ftpuri_check, INPUTS, "strict", *options)
    for given, record in zip(INPUTS, records):
        decided = ftpuri.sanitize(given, POLICY, error="userinfo.password")
        assert decided.to_dict() == {k: v for k, v in record.items() if k not in ("file", "line", "input")}, given
    assert {r["valid"] for r in records} == {True, False}


def test_plan_to_dict_is_what_ftpuri_check_reports(ftpuri_check):
    inputs = [b"ftp://myname@host.dom/%2Fetc/motd", b"ftp://u:secret@h/a/b;type=d", b"ftp://h/"]
    for mode in ("multicwd", "rfc1738", "singlecwd"):
        records = check_cli.records_of_inputs(ftpuri_check, inputs, "strict", "--plan", f"--plan-mode={mode}")
        for given, record in zip(inputs, records):
            assert ftpuri.plan(given, mode).to_dict() == {"plan": record["plan"],
                                                          "ask_password": record["ask_password"]}, given
