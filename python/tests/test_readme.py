# SPDX-License-Identifier: Apache-2.0
"""The docs' examples from Python: what the C++ blocks of the README and docs/library.md show
and the ftpuri-check sessions of the README and docs/ftpuri-check.md, the module answers the
same; the Python blocks of the README and python/README.md run; the package docstring's example
holds. Each C++ fact used here is first found in the
README's block or its sequel in docs/library.md, so that a change of either example fails here
until this follows it."""

import doctest
import ipaddress
import re

import pytest

import ftpuri


@pytest.fixture(scope="module")
def readme(source_dir):
    return (source_dir / "README.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def library_doc(source_dir):
    return (source_dir / "docs" / "library.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def cli_doc(source_dir):
    return (source_dir / "docs" / "ftpuri-check.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def python_doc(source_dir):
    return (source_dir / "python" / "README.md").read_text(encoding="utf-8")


def block(readme, language, marker):
    """The fenced block of `language` whose first line begins with `marker`."""
    match = re.search(rf"```{language}\n({re.escape(marker)}.*?)```", readme, re.DOTALL)
    assert match, f"no ```{language} block beginning with {marker!r}"
    return match.group(1)


def shows(text, *facts):
    for fact in facts:
        assert fact in text, f"the README's example no longer shows: {fact}"


def test_the_library_example(readme, library_doc):
    cpp = block(readme, "cpp", "// README example:")
    more = block(library_doc, "cpp", "// Warnings and plan example:")  # its sequel in docs/library.md

    shows(cpp, '"ftp://ftp.example.org/pub/README;type=a"', 'r->host() == "ftp.example.org"',
          "host_kind::dns_name", 'r->name() == "README" && r->typecode() == \'a\'', '"pub", then the name "README"')
    text = "ftp://ftp.example.org/pub/README;type=a"
    r = ftpuri.parse(text)
    assert r.host == "ftp.example.org" and r.host_kind == "dns-name"
    assert r.name == "README" and r.typecode == "a" and r.segments == ["pub", "README"]

    shows(cpp, '"ftp://0x7f.1/etc/passwd"', "diag_id::host_numeric_ambiguous", "offset == 6 && bad.error().length == 6",
          "hint.empty()")
    sneaky = "ftp://0x7f.1/etc/passwd"
    with pytest.raises(ftpuri.InvalidURI) as bad:
        ftpuri.parse(sneaky)
    error = bad.value.diagnostic
    assert (error.id, error.offset, error.length) == ("host.numeric-ambiguous", 6, 6) and error.hint

    shows(more, '"ftp://anonymous@FTP.example.org:21/pub/"', "diag_id::userinfo_anonymous", "diag_id::port_default")
    found = {d.id for d in ftpuri.parse("ftp://anonymous@FTP.example.org:21/pub/").diagnostics}
    assert {"userinfo.anonymous", "port.default"} <= found

    shows(more, 'ftpuri::validate(noisy) && !ftpuri::validate("ftp://0x7f.1/etc/passwd")')
    assert ftpuri.validate("ftp://anonymous@FTP.example.org:21/pub/") and not ftpuri.validate(sneaky)

    messy, canonical = "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I", "ftp://ftp.example.org/~user/pub/f.txt;type=i"
    shows(cpp, f'"{messy}"', f'"{canonical}"', "ftpuri::equivalent(messy")
    assert ftpuri.canonicalize(messy) == canonical == ftpuri.parse(messy).canonical
    assert ftpuri.equivalent(messy, canonical)

    seed = "ftp://myname@host.dom/%2Fetc/motd"
    shows(more, f'"{seed}"', "plan_mode::multicwd", '"USER myname; CWD /etc; RETR motd; "', "plan->ask_password()",
          "plan_mode::nocwd")
    shows(readme, f'"{seed}"', '"USER myname", "CWD /etc", "RETR motd"', "plan.ask_password")
    plan = ftpuri.plan(seed, mode="multicwd")
    assert "".join(str(command) + "; " for command in plan) == "USER myname; CWD /etc; RETR motd; "
    assert plan.ask_password
    with pytest.raises(ftpuri.InvalidURI) as refused:
        ftpuri.plan(seed, mode="nocwd")
    assert refused.value.diagnostic.id == "plan.nocwd-slash"


def test_the_service_example(library_doc):
    cpp = block(library_doc, "cpp", "// Service example:")
    shows(cpp, '{"ftp.example.org:21", "*.mirror.example.net:21"}', "host_class_set::non_public()",
          "diag_id::userinfo_password, ftpuri::diag_id::path_encoded_slash")
    policy = ftpuri.Policy(deny="non-public", allow_host=["ftp.example.org:21", "*.mirror.example.net:21"])
    error = ["userinfo.password", "path.encoded-slash"]

    shows(cpp, '"FTP://Ftp.Example.ORG./pub/./README"', '"ftp://ftp.example.org./pub/README"')
    r = ftpuri.sanitize("FTP://Ftp.Example.ORG./pub/./README", policy, error=error)
    assert r and r.canonical == "ftp://ftp.example.org./pub/README"

    shows(cpp, '"ftp://[::ffff:127.0.0.1]/etc/passwd"', "diag_id::host_denied",
          '"host class loopback is denied by the policy"', "offset == 6 && denied.error.length == 18")
    denied = ftpuri.sanitize("ftp://[::ffff:127.0.0.1]/etc/passwd", policy, error=error)
    assert not denied and denied.error.id == "host.denied"
    assert denied.error.message == "host class loopback is denied by the policy"
    assert (denied.error.offset, denied.error.length) == (6, 18)

    shows(cpp, '"ftp://ftp.example.org.evil.example/"', "diag_id::host_not_allowed")
    assert ftpuri.sanitize("ftp://ftp.example.org.evil.example/", policy, error=error).error.id == "host.not-allowed"
    shows(cpp, '"ftp://u:secret@ftp.example.org/"')
    assert ftpuri.sanitize("ftp://u:secret@ftp.example.org/", policy, error=error).error.id == "userinfo.password"

    shows(cpp, '"10.0.0.7"', "policy.deny.contains(ftpuri::classify_address(resolved))")
    assert ftpuri.classify_address("10.0.0.7") in policy.deny
    assert ftpuri.classify_address(ipaddress.ip_address("10.0.0.7").packed) == "private"


def test_the_cli_examples(readme, cli_doc):
    # In a list item: each line indented by two spaces.
    shows(cli_doc, "  $ ftpuri-check --fix --profile=lenient ' ftp://bücher.example/My Documents/a.txt;typecode=i'\n"
                  "  ftp://xn--bcher-kva.example/My%20Documents/a.txt;type=i\n")
    assert (ftpuri.canonicalize(" ftp://bücher.example/My Documents/a.txt;typecode=i", "lenient")
            == "ftp://xn--bcher-kva.example/My%20Documents/a.txt;type=i")
    assert ftpuri.validate("ftp://xn--bcher-kva.example/My%20Documents/a.txt;type=i", "strict")

    shows(cli_doc, "  $ ftpuri-check --plan 'ftp://myname@host.dom/%2Fetc/motd'\n  USER myname\n  CWD /etc\n  RETR motd\n")
    assert [str(c) for c in ftpuri.plan("ftp://myname@host.dom/%2Fetc/motd")] == ["USER myname", "CWD /etc", "RETR motd"]

    # The session on corpus/examples/mirrors.txt: line 12 and 13's errors (in both), line 11's
    # masked password (in the whole session), the README's --fix.
    for doc in (readme, cli_doc):
        shows(doc, "mirrors.txt:12:7: error: numeric host that is not a dotted-decimal IPv4 address",
              "mirrors.txt:13:13: error: percent-encoding decodes to NUL, CR or LF [pct.forbidden-control]")
    shows(cli_doc, "ftp://alice:****@ftp.example.org/inbox/")
    messy = "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I"
    shows(readme, f"$ ftpuri-check --fix '{messy}'\nftp://ftp.example.org/~user/pub/f.txt;type=i\n")
    assert ftpuri.canonicalize(messy) == "ftp://ftp.example.org/~user/pub/f.txt;type=i"
    [(ok12, found12), (ok13, found13)] = ftpuri.check_many(["ftp://010.0.0.1/x", "ftp://host/a%0D%0ADELE%20x"])
    assert not ok12 and (found12[-1].id, found12[-1].offset + 1) == ("host.numeric-ambiguous", 7)
    assert not ok13 and (found13[-1].id, found13[-1].offset + 1) == ("pct.forbidden-control", 13)
    assert "alice:****@" in repr(ftpuri.parse("ftp://alice:s3cret@ftp.example.org/inbox/"))


def test_the_readme_python_example_runs(readme):
    code = block(readme, "python", "# README Python example:")
    exec(compile(code, "README.md (Python)", "exec"), {})


def test_the_python_readme_example_runs(python_doc):
    code = block(python_doc, "python", "# Python module example:")
    exec(compile(code, "python/README.md (At a glance)", "exec"), {})


def test_the_package_docstring_example():
    failures, attempted = doctest.testmod(ftpuri, verbose=False, report=True)
    assert attempted >= 5 and failures == 0
