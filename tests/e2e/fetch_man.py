# SPDX-License-Identifier: Apache-2.0
"""e2e.fetch_man: ftpuri-fetch's man page (docs/ftpuri-fetch.1) lints with groff, and documents
every option --help lists and no other.

    fetch_man.py FTPURI_FETCH MAN_PAGE
"""

from __future__ import annotations

import re
import subprocess
import sys


def main() -> int:
    exe, page = sys.argv[1], sys.argv[2]
    failures = []
    lint = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", page], capture_output=True, text=True, timeout=60)
    if lint.returncode != 0 or lint.stderr.strip():
        failures.append(f"groff: {lint.stderr.strip()}")
    help_text = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=30).stdout
    in_help = set(re.findall(r"(?<![\w-])--([a-z][a-z-]*)", help_text))
    source = open(page, encoding="utf-8").read()
    options = source.split(".SH OPTIONS", 1)[1].split(".SH ", 1)[0]
    in_page = set(re.findall(r"\\-\\-([a-z][a-z\\-]*)", options))
    in_page = {name.replace("\\-", "-") for name in in_page}
    for name in sorted(in_help - in_page):
        failures.append(f"--{name} is in --help but not in the man page's OPTIONS")
    for name in sorted(in_page - in_help):
        failures.append(f"--{name} is in the man page's OPTIONS but not in --help")
    for f in failures:
        print(f, file=sys.stderr)
    print(f"{len(in_help)} options in --help, {len(failures)} problems")
    return 1 if failures or not in_help else 0


if __name__ == "__main__":
    sys.exit(main())
