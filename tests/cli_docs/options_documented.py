#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_docs.options_documented: the options of `ftpuri-check --help`, of the man page's OPTIONS
section and of the bash completion are the same.

Every option in --help (long and short) appears in the man page's OPTIONS, written \\-\\-name
(roff's minus, not a hyphen), and among the options the completion offers; and every option
in the man page's OPTIONS and in the completion (its option list and its case labels) is in
--help, so that none is stale.

Usage: options_documented.py FTPURI_CHECK SOURCE_DIR
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_docs_common as common  # noqa: E402


def fmt(names):
    return " ".join(sorted(names)) or "(none)"


def main():
    exe, source_dir = common.usage_args(sys.argv)
    failures = common.Failures()

    try:
        help_opts = common.help_options(common.run(exe, "--help"))
    except RuntimeError as e:
        failures.fail(str(e))
        failures.finish()
    failures.check(help_opts, f"--help lists {len(help_opts)} options: {fmt(help_opts)}",
                   f"found no options in '{exe} --help'")

    man = common.read_man(source_dir)
    options_section = common.section(man, "OPTIONS")
    man_opts = common.man_options(options_section)

    # The completion: what it offers for '-' (every option, short and long), and the options
    # its case statement handles (a stale label there would be dead code).
    comp_offered = set(common.completion_replies(source_dir, "ftpuri-check", "-"))
    with open(os.path.join(source_dir, common.COMPLETION), encoding="utf-8") as f:
        comp_text = f.read()
    comp_labels = set()
    for m in re.finditer(r"^\s*(-[-\w]*(?:\s*\|\s*-[-\w]*)*)\s*\)", comp_text, re.M):
        comp_labels.update(name.strip() for name in m.group(1).split("|"))
    comp_labels.discard("--")  # the end of the options, not an option

    missing = help_opts - man_opts
    failures.check(not missing, "every --help option is in the man page's OPTIONS",
                   f"in --help but not in the man page's OPTIONS (as \\-\\-name): {fmt(missing)}")
    missing = help_opts - comp_offered
    failures.check(not missing, "every --help option is offered by the completion",
                   f"in --help but not offered by the completion for '-': {fmt(missing)}")
    stale = man_opts - help_opts
    failures.check(not stale, "every option in the man page's OPTIONS is in --help",
                   f"in the man page's OPTIONS but not in --help: {fmt(stale)}")
    stale = comp_offered - help_opts
    failures.check(not stale, "every option the completion offers is in --help",
                   f"offered by the completion but not in --help: {fmt(stale)}")
    stale = comp_labels - help_opts
    failures.check(not stale, f"every option the completion's case handles is in --help ({fmt(comp_labels)})",
                   f"handled by the completion's case but not in --help: {fmt(stale)}")

    # Options written with a plain '-' render as hyphens (U+2010 in some groff setups) and
    # cannot be copied; every option dash in the page must be \-.
    raw = []
    for number, line in enumerate(man, 1):
        text = common.strip_fonts(line)
        if re.search(r"(?<![\w\\-])--?[A-Za-z]", text):
            raw.append(f"{number}: {line}")
    failures.check(not raw, "every option dash in the man page is written \\-",
                   "options written with '-' instead of '\\-':\n  " + "\n  ".join(raw))

    failures.finish()


if __name__ == "__main__":
    main()
