#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_docs.completions_documented: the zsh and fish completions offer the options of
`ftpuri-check --help`, and no other.

The zsh completion (completions/_ftpuri-check) names each option in its _arguments specs
(`--name[`, `--name=[`, `{-x,--name}`), the fish one in its `complete` lines (`-l name`,
`-s x`). Every option of --help, long and short, must be in each, and each must name no option
that --help does not list, so that none is stale. With zsh or fish installed, each file must
also parse (`zsh -n`, `fish -n`).

Usage: completions_documented.py FTPURI_CHECK SOURCE_DIR
"""

import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_docs_common as common  # noqa: E402


def zsh_options(text):
    names = set(re.findall(r"(?<![\w-])(--?[A-Za-z0-9][-\w]*)(?==?[\[+,}])", text))
    return {n for n in names if not n.startswith("--") or len(n) > 2}


def fish_options(text):
    names = set()
    for line in text.splitlines():
        if not line.startswith("complete -c ftpuri-check"):
            continue
        names.update("--" + m for m in re.findall(r"(?<!\S)-l (\S+)", line))
        names.update("-" + m for m in re.findall(r"(?<!\S)-s (\S+)", line))
    return names


def main():
    exe, source_dir = common.usage_args(sys.argv)
    failures = common.Failures()
    help_opts = common.help_options(common.run(exe, "--help"))
    failures.check(help_opts, f"--help lists {len(help_opts)} options", "found no options in --help")
    for name, path, reader, shell in (("zsh", "completions/_ftpuri-check", zsh_options, "zsh"),
                                      ("fish", "completions/ftpuri-check.fish", fish_options, "fish")):
        with open(os.path.join(source_dir, path), encoding="utf-8") as f:
            offered = reader(f.read())
        missing = help_opts - offered
        failures.check(not missing, f"the {name} completion offers every --help option",
                       f"in --help but not in {path}: {' '.join(sorted(missing))}")
        stale = offered - help_opts
        failures.check(not stale, f"the {name} completion offers no option --help lacks",
                       f"in {path} but not in --help: {' '.join(sorted(stale))}")
        if shutil.which(shell):
            result = subprocess.run([shell, "-n", os.path.join(source_dir, path)], capture_output=True, text=True)
            failures.check(result.returncode == 0, f"{path} parses ({shell} -n)", result.stderr)
    failures.finish()


if __name__ == "__main__":
    main()
