# SPDX-License-Identifier: Apache-2.0
"""The module against ftpuri-check on the corpus (corpus/realworld.txt, corpus/handmade.txt),
line by line, in every profile: check_many() reports what --format=json reports (validity, and
each diagnostic's id, severity, offset, length, message and hint), canonicalize_many() gives what
--fix prints, URI.host_class is the record's host_class, plan() gives --plan's lines in every
mode, and sanitize() with a Policy decides as --deny, --allow-host, --allow-hosts-file and --error
do. ftpuri-check reads each line as one URI (--whole-line), as the module takes it: the list
conventions (comments after blanks, fields, trailing blanks) are the CLI's own."""

import pytest

import check_cli
import ftpuri
from check_cli import diagnostics, diagnostics_of

PROFILES = ["strict", "rfc3986", "lenient"]
CORPORA = ["corpus/realworld.txt", "corpus/handmade.txt"]


def file_lines(path):
    """The lines of a file as ftpuri-check reads them: split at LF, a CR before it dropped."""
    lines = path.read_bytes().split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return [line.removesuffix(b"\r") for line in lines]


def is_skipped_line(line):
    """Blank, or a comment: not an input (src/cli/line_checker.hpp)."""
    for c in line:
        if c == ord("#"):
            return True
        if c not in b" \t\r\f\v":
            return False
    return True


def corpus_inputs(source_dir, corpus, records):
    """The input of each record: its line of the file. The records are every line not skipped."""
    lines = file_lines(source_dir / corpus)
    assert [r["line"] for r in records] == [n + 1 for n, line in enumerate(lines) if not is_skipped_line(line)]
    return [lines[r["line"] - 1] for r in records]


def as_json(line):
    """A line as ftpuri-check's JSON carries it: bytes that are not UTF-8 as U+FFFD."""
    return line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("corpus", CORPORA)
def test_check_many_reports_what_the_cli_reports(source_dir, ftpuri_check, corpus, profile):
    path = source_dir / corpus
    records = check_cli.json_records(ftpuri_check, [f"--profile={profile}", "--whole-line", "-f", str(path)])
    inputs = corpus_inputs(source_dir, corpus, records)
    checked = ftpuri.check_many(inputs, profile)
    assert len(checked) == len(records) > 50
    for record, uri, (valid, found) in zip(records, inputs, checked):
        assert (valid, diagnostics(found)) == (record["valid"], diagnostics_of(record)), uri
        assert record["host_class"] == (ftpuri.parse(uri, profile).host_class if valid else None), uri
    verdicts = [valid for valid, _ in checked]
    assert ftpuri.validate_many(inputs, profile) == verdicts
    assert True in verdicts and (False in verdicts or corpus.endswith("realworld.txt")), "valid and invalid lines"
    assert any(found for valid, found in checked if valid), "and valid lines with warnings"

    canonical = ftpuri.canonicalize_many(inputs, profile)
    assert [c is not None for c in canonical] == verdicts
    fixed = check_cli.run(ftpuri_check, ["--fix", f"--profile={profile}", "--whole-line", "-f", str(path)]).split(b"\n")[:-1]
    assert [c.encode() for c in canonical if c is not None] == fixed


@pytest.mark.parametrize("absolute", [False, True])
@pytest.mark.parametrize("mode", ["multicwd", "rfc1738", "singlecwd", "nocwd"])
@pytest.mark.parametrize("profile", ["strict", "lenient"])
def test_plan_gives_the_cli_s_plan_lines(source_dir, ftpuri_check, profile, mode, absolute):
    for corpus in CORPORA:
        args = ["--plan", f"--plan-mode={mode}", f"--profile={profile}", "--whole-line", "-f", str(source_dir / corpus)]
        records = check_cli.json_records(ftpuri_check, args + (["--absolute"] if absolute else []))
        planned = 0
        for record, uri in zip(records, corpus_inputs(source_dir, corpus, records)):
            if record["plan"] is None:
                with pytest.raises(ftpuri.InvalidURI) as raised:
                    ftpuri.plan(uri, mode, absolute, profile=profile)
                [error] = [d for d in record["diagnostics"] if d["severity"] == "error"]
                d = raised.value.diagnostic
                assert (d.id, d.offset, d.length) == (error["id"], error["offset"], error["length"]), uri
                continue
            plan = ftpuri.plan(uri, mode, absolute, profile=profile)
            assert [as_json(str(c)) for c in plan] == record["plan"], uri
            assert plan.ask_password == record["ask_password"], uri
            planned += 1
        assert planned > 20


def test_plan_show_password_gives_the_cli_s_lines(source_dir, ftpuri_check):
    corpus = source_dir / "corpus/handmade.txt"
    records = check_cli.json_records(ftpuri_check, ["--plan", "--show-password", "--profile=lenient", "--whole-line", "-f", str(corpus)])
    passwords = 0
    for record, uri in zip(records, corpus_inputs(source_dir, "corpus/handmade.txt", records)):
        if record["plan"] is not None:
            plan = ftpuri.plan(uri, profile="lenient", show_password=True)
            assert [as_json(str(c)) for c in plan] == record["plan"], uri
            assert [str(c).encode("utf-8", "surrogateescape") for c in plan] == [bytes(c) for c in plan]
            passwords += any(c.verb == "PASS" and c.argument != "anonymous@" for c in plan)
    assert passwords > 0, "the corpus has URIs with passwords"


@pytest.mark.parametrize("profile", PROFILES)
def test_sanitize_decides_as_the_cli_s_policy_options(source_dir, ftpuri_check, tmp_path, profile):
    allowed = tmp_path / "mirrors.allow"
    allowed.write_text("# mirrors\n  ftp.gnu.org  \n\n*.debian.org:21\r\n[2001:db8::7]\n")
    options = ["--deny", "loopback,private", "--deny", "link-local", "--allow-host", "*.kernel.org",
               "--allow-host", "192.0.2.7", "--allow-hosts-file", str(allowed), "--error", "userinfo.password"]
    policy = ftpuri.Policy(deny=["loopback,private", "link-local"], allow_host=["*.kernel.org", "192.0.2.7"],
                           allow_hosts_file=allowed)
    assert policy.allow_host == ("*.kernel.org", "192.0.2.7", "ftp.gnu.org", "*.debian.org:21", "[2001:db8::7]")
    seen = set()
    for corpus in CORPORA:
        args = [f"--profile={profile}", *options, "--whole-line", "-f", str(source_dir / corpus)]
        records = check_cli.json_records(ftpuri_check, args)
        inputs = corpus_inputs(source_dir, corpus, records)
        results = [ftpuri.sanitize(uri, policy, profile, error="userinfo.password") for uri in inputs]
        for record, uri, r in zip(records, inputs, results):
            assert (bool(r), r.status) == (record["valid"], "ok" if record["valid"] else "invalid"), uri
            assert diagnostics(r.diagnostics) == diagnostics_of(record), uri
            assert r.host_class == record["host_class"], uri
            if not r:
                [error] = [d for d in record["diagnostics"] if d["severity"] == "error"]
                assert (r.error.id, r.error.offset, r.error.length) == (error["id"], error["offset"], error["length"])
                assert r.canonical is None
                seen.add(r.error.id)
            else:
                assert r.error is None
                seen.add("ok")
        fixed = check_cli.run(ftpuri_check, ["--fix", *args]).split(b"\n")[:-1]
        assert [r.canonical.encode() for r in results if r] == fixed
    assert {"ok", "host.denied", "host.not-allowed", "userinfo.password"} <= seen
