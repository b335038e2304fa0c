# SPDX-License-Identifier: Apache-2.0
"""python -m ftpuri against ftpuri-check --whole-line (each line one URI, as the module reads
them) on the corpus, in every profile and with a policy: the same JSON records, the same
message, hint and summary lines, the same exit status."""

import json
import os
import re
import subprocess
import sys

import pytest

PROFILES = ["strict", "rfc3986", "lenient"]
FILES = ["corpus/examples/mirrors.txt", "corpus/handmade.txt", "corpus/realworld.txt"]
POLICY = ["--deny=non-public", "--allow-host=*.example.org", "--allow-host=192.0.2.7", "--error=userinfo.password"]


def run(command, cwd, stdin=b""):
    env = {name: value for name, value in os.environ.items() if name != "LD_PRELOAD"}  # see check_cli.py
    if command[0] == sys.executable:
        env = dict(os.environ)
    return subprocess.run(command, input=stdin, capture_output=True, cwd=cwd, env=env, check=False)


def both(ftpuri_check, source_dir, args, stdin=b""):
    args = ["--whole-line", *args]
    cli = run([ftpuri_check, *args], source_dir, stdin)
    module = run([sys.executable, "-m", "ftpuri", *args], source_dir, stdin)
    assert module.returncode == cli.returncode, (args, module.stderr.decode(), cli.stderr.decode())
    return cli, module


def text_lines(out, program):
    """The message, hint and summary lines of a text report (not the input and caret lines)."""
    kept = []
    for line in out.decode("utf-8").splitlines():
        if re.match(r"^\S.*:\d+:\d+: (error|warning|note): ", line) or line.startswith("  hint: "):
            kept.append(line)
        elif line.startswith(f"{program}: "):
            kept.append(line.removeprefix(f"{program}: "))
    return kept


@pytest.mark.parametrize("policy", [[], POLICY], ids=["no policy", "policy"])
@pytest.mark.parametrize("profile", PROFILES)
def test_json_records_are_ftpuri_check_s(ftpuri_check, source_dir, profile, policy):
    args = [f"--profile={profile}", "--format=json", *policy, *(f"-f{f}" for f in FILES)]
    cli, module = both(ftpuri_check, source_dir, args)
    records = [json.loads(line) for line in cli.stdout.splitlines()]
    assert [json.loads(line) for line in module.stdout.splitlines()] == records
    assert len(records) > 250 and {r["valid"] for r in records} == {True, False}


@pytest.mark.parametrize("policy", [[], POLICY], ids=["no policy", "policy"])
@pytest.mark.parametrize("profile", PROFILES)
def test_text_reports_are_ftpuri_check_s(ftpuri_check, source_dir, profile, policy):
    args = [f"--profile={profile}", *policy, *(f"-f{f}" for f in FILES)]
    cli, module = both(ftpuri_check, source_dir, args)
    expected = text_lines(cli.stdout, "ftpuri-check")
    assert text_lines(module.stdout, "ftpuri") == expected
    assert len(expected) > 100 and re.match(r"\d+ inputs, \d+ invalid; ", expected[-1])


def test_arguments_and_stdin(ftpuri_check, source_dir):
    cli, module = both(ftpuri_check, source_dir, ["--format=json", "ftp://u:pw@h/", "ftp://h/a b"])
    assert module.stdout.splitlines() == cli.stdout.splitlines() and module.returncode == 1
    stdin = b"ftp://h/\n\n# a comment\r\nFTP://H/x\r\n"
    cli, module = both(ftpuri_check, source_dir, ["--format=json"], stdin)
    assert [json.loads(r) for r in module.stdout.splitlines()] == [json.loads(r) for r in cli.stdout.splitlines()]
    assert module.returncode == 0 and len(module.stdout.splitlines()) == 2
    cli, module = both(ftpuri_check, source_dir, ["-f", "-"], stdin)
    assert text_lines(module.stdout, "ftpuri") == text_lines(cli.stdout, "ftpuri-check")


@pytest.mark.parametrize("args, said", [
    (["-f", "missing.txt"], "missing.txt"),
    (["--deny=lokalhost", "ftp://h/"], "unknown host class 'lokalhost'"),
    (["--allow-host=ftp.*.org", "ftp://h/"], "'ftp.*.org' is not a host pattern"),
    (["--error=no.such-id", "ftp://h/"], "unknown diagnostic id 'no.such-id'"),
    (["--profile=strcit", "ftp://h/"], "invalid choice: 'strcit'"),
])
def test_what_cannot_run_exits_2(ftpuri_check, source_dir, args, said):
    cli, module = both(ftpuri_check, source_dir, args)
    assert module.returncode == 2 and said in module.stderr.decode() and not module.stdout
