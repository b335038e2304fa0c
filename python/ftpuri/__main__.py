# SPDX-License-Identifier: Apache-2.0
"""python -m ftpuri: ftpuri-check's check, in Python, for where the module is installed and the
CLI is not (a venv, a wheel).

    python -m ftpuri [--profile P] [--format text|json] [--error ID] [--deny CLASS]
                     [--allow-host PATTERN] [--allow-hosts-file FILE] [--whole-line]
                     [-f FILE] [URI...]

The URIs are the arguments, the lines of each -f FILE ('-' is stdin; blank and '#' lines are
skipped), or stdin's lines when there are neither. Each line is one URI, as ftpuri-check reads
lines with --whole-line (the flag is accepted, so that one command line serves both); it does
not divide a line into fields and comments as ftpuri-check does by default (docs/lists.md). The options have ftpuri-check's names and
meanings. --format=json prints ftpuri-check's JSON Lines records; text prints its message and hint
lines (without the input line and caret) and its summary. Exit 0 when every input is valid, 1
when one is not, 2 when the check could not run (an unreadable file, an unknown id, class or
pattern).
"""

import argparse
import json
import sys

import ftpuri

PROGRAM = "ftpuri"


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m ftpuri", description="Validate ftp URIs, as ftpuri-check does.")
    parser.add_argument("uris", nargs="*", metavar="URI", help="URIs to check")
    parser.add_argument("-f", "--file", action="append", default=[], metavar="FILE",
                        help="read URIs from FILE, one per line ('-' is stdin); repeatable")
    parser.add_argument("--profile", choices=("strict", "rfc3986", "lenient"), default="strict",
                        help="syntax profile (default strict)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default text)")
    parser.add_argument("--error", action="append", default=[], metavar="ID[,ID...]",
                        help="report warnings ID as errors; repeatable")
    parser.add_argument("--deny", action="append", default=[], metavar="CLASS[,CLASS...]",
                        help="refuse hosts of these classes (non-public: all but public); repeatable")
    parser.add_argument("--allow-host", action="append", default=[], metavar="PATTERN",
                        help="accept only hosts that match a pattern; repeatable")
    parser.add_argument("--allow-hosts-file", metavar="FILE", help="patterns to accept, one a line")
    parser.add_argument("--whole-line", action="store_true",
                        help="each line is one URI (always so here; as ftpuri-check --whole-line)")
    return parser.parse_args(argv)


def is_skipped(line):
    """A line of blanks only, or whose first non-blank byte is '#': not an input."""
    stripped = line.lstrip(b" \t\r\f\v")
    return not stripped or stripped.startswith(b"#")


def lines_of(data):
    """The lines of a file as ftpuri-check reads them: split at LF, a CR before it dropped."""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return [line.removesuffix(b"\r") for line in lines]


def inputs(arguments):
    """(file name, line number, bytes) of every input, in order."""
    found = [(f"<arg {n}>", 1, uri.encode("utf-8", "surrogateescape")) for n, uri in enumerate(arguments.uris, 1)]
    files = arguments.file or ([] if arguments.uris else ["-"])
    for name in files:
        if name == "-":
            data, shown = sys.stdin.buffer.read(), "<stdin>"
        else:
            with open(name, "rb") as file:
                data, shown = file.read(), name
        found += [(shown, n, line) for n, line in enumerate(lines_of(data), 1) if not is_skipped(line)]
    return found


def plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def main(argv=None):
    arguments = parse_arguments(argv)
    try:
        policy = ftpuri.Policy(deny=arguments.deny, allow_host=arguments.allow_host,
                               allow_hosts_file=arguments.allow_hosts_file)
        ftpuri.sanitize("ftp://h/", policy, error=arguments.error)  # an unknown id, before any input
        checked = inputs(arguments)
    except (ValueError, OSError) as problem:
        print(f"{PROGRAM}: {problem}", file=sys.stderr)
        return 2
    out = sys.stdout
    invalid = 0
    counts = {"error": 0, "warning": 0, "note": 0}
    for name, line, text in checked:
        result = ftpuri.sanitize(text, policy, arguments.profile, error=arguments.error)
        invalid += not result
        for d in result.diagnostics:
            counts[d.severity] += 1
        if arguments.format == "json":
            shown = ftpuri.redact_password(text).decode("utf-8", "replace")
            record = {"file": name, "input": shown, "line": line, **result.to_dict()}
            out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        else:
            for d in result.diagnostics:
                out.write(f"{name}:{line}:{d.offset + 1}: {d.severity}: {d.message} [{d.id}]\n  hint: {d.hint}\n")
    if arguments.format == "text":
        if any(counts.values()):
            out.write(f"{PROGRAM}: what an id means and how to fix it: ftpuri-check --explain ID\n")
        out.write(f"{PROGRAM}: {plural(len(checked), 'input')}, {invalid} invalid; {plural(counts['error'], 'error')}, "
                  f"{plural(counts['warning'], 'warning')}, {plural(counts['note'], 'note')}\n")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
