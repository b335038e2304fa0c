# SPDX-License-Identifier: Apache-2.0
"""Runs the built ftpuri-check over many inputs in one process, for the tests that compare the
module with it."""

import json
import os
import subprocess


def run(ftpuri_check, args, stdin=b""):
    """ftpuri-check's stdout; exit 0 (all valid) or 1 (some invalid), anything else fails."""
    # A sanitized ftpuri-check has its runtime linked in, and refuses the one ctest preloads
    # into the tests' interpreter under FTPURI_SANITIZE (conftest.py).
    env = {name: value for name, value in os.environ.items() if name != "LD_PRELOAD"}
    done = subprocess.run([ftpuri_check, *args], input=stdin, capture_output=True, check=False, env=env)
    assert done.returncode in (0, 1), f"ftpuri-check {args} exited {done.returncode}: {done.stderr.decode()[:2000]}"
    return done.stdout


def json_records(ftpuri_check, args, stdin=b""):
    """The JSON Lines records of `ftpuri-check --format=json ARGS`."""
    out = run(ftpuri_check, ["--format=json", *args], stdin)
    return [json.loads(line) for line in out.decode("utf-8").split("\n")[:-1]]


def records_of_inputs(ftpuri_check, inputs, profile, *args):
    """One JSON record per input (bytes; no NUL in them): read from stdin NUL-separated (-0),
    each one URI as an argument is (--whole-line), none skipped (--no-skip), so that record i
    is input i."""
    assert all(b"\0" not in i for i in inputs)
    records = json_records(ftpuri_check, ["-0", "--whole-line", "--no-skip", f"--profile={profile}", *args, "-f", "-"],
                           b"".join(i + b"\0" for i in inputs))
    assert [r["line"] for r in records] == list(range(1, len(inputs) + 1))
    return records


def fixed_inputs(ftpuri_check, inputs, profile):
    """`ftpuri-check --fix` of the inputs: the canonical forms of the valid ones, in order."""
    out = run(ftpuri_check, ["--fix", "-0", "--whole-line", "--no-skip", f"--profile={profile}", "-f", "-"],
              b"".join(i + b"\0" for i in inputs))
    return out.split(b"\n")[:-1]


def diagnostics_of(record):
    """(id, severity, offset, length, message, hint) of each diagnostic of a JSON record."""
    return [(d["id"], d["severity"], d["offset"], d["length"], d["message"], d["hint"]) for d in record["diagnostics"]]


def diagnostics(found):
    """The same of the module's Diagnostic objects."""
    return [(d.id, d.severity, d.offset, d.length, d.message, d.hint) for d in found]
