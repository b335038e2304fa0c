#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""cli_docs.ids_documented: the man page and `ftpuri-check --rules` agree on the ids.

The man page does not list all the ids: it points to `ftpuri-check --rules` and to
docs/diagnostics.md. It names the opt-in rules, in the description of --enable, since those
are the only values --enable takes. So:

- the man page mentions \\-\\-rules and docs/diagnostics.md;
- every id that --rules marks opt-in is named in the --enable description, and every id named
  there is marked opt-in;
- every id the man page names anywhere is one that --rules prints (no stale id).

Usage: ids_documented.py FTPURI_CHECK SOURCE_DIR
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_docs_common as common  # noqa: E402


def fmt(names):
    return " ".join(sorted(names)) or "(none)"


def option_paragraph(lines, option):
    """The roff lines describing OPTION in the OPTIONS section: from the .TP whose tag line
    names it up to the next .TP, .SS or .SH at the same level (a nested .RS/.RE list, as
    --enable's list of ids, belongs to the paragraph)."""
    tag = "\\-\\-" + option[2:].replace("-", "\\-")
    start = None
    for i in range(1, len(lines)):
        if lines[i - 1].startswith(".TP") and re.search(re.escape(tag) + r"(?![a-z\\])",
                                                          common.strip_fonts(lines[i])):
            start = i
            break
    if start is None:
        raise RuntimeError(f"no .TP paragraph for {option} in the man page's OPTIONS")
    depth, end = 0, len(lines)
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if line.startswith(".RS"):
            depth += 1
        elif line.startswith(".RE"):
            depth = max(0, depth - 1)
        elif depth == 0 and re.match(r"\.(TP|SS|SH)\b", line):
            end = i
            break
    return lines[start:end]


def named_ids(lines, namespaces):
    """The ids named in roff lines: a known namespace, a dot and a kebab-case name, not part of
    a host name or a path (ftp.example.org, docs/diagnostics.md)."""
    text = common.plain("\n".join(lines))
    pattern = (r"(?<![\w./@:-])((?:" + "|".join(map(re.escape, sorted(namespaces))) +
               r")\.[a-z0-9]+(?:-[a-z0-9]+)*)(?![\w-]|\.\w)")
    return {m.group(1) for m in re.finditer(pattern, text)}


def main():
    exe, source_dir = common.usage_args(sys.argv)
    failures = common.Failures()

    try:
        all_ids, opt_in = common.rules(exe)
    except RuntimeError as e:
        failures.fail(str(e))
        failures.finish()
    all_ids, opt_in = set(all_ids), set(opt_in)
    print(f"--rules prints {len(all_ids)} ids, {len(opt_in)} opt-in: {fmt(opt_in)}")
    failures.check(opt_in, "--rules marks some ids opt-in", "--rules marks no id with the word opt-in")

    man = common.read_man(source_dir)
    text = common.strip_fonts("\n".join(man))
    failures.check("\\-\\-rules" in text, "the man page points to --rules",
                   "the man page does not mention \\-\\-rules")
    failures.check("docs/diagnostics.md" in text, "the man page points to docs/diagnostics.md",
                   "the man page does not mention docs/diagnostics.md")

    namespaces = {i.split(".", 1)[0] for i in all_ids}
    enable = option_paragraph(common.section(man, "OPTIONS"), "--enable")
    in_enable = named_ids(enable, namespaces)
    missing = opt_in - in_enable
    failures.check(not missing, f"every opt-in id is named in the --enable description ({fmt(opt_in)})",
                   f"opt-in ids not named in the man page's --enable description: {fmt(missing)}")
    stale = in_enable - opt_in
    failures.check(not stale, "every id in the --enable description is opt-in",
                   f"named in the --enable description but not marked opt-in by --rules: {fmt(stale)}")

    in_page = named_ids(man, namespaces)
    stale = in_page - all_ids
    failures.check(not stale, f"every id the man page names is printed by --rules ({len(in_page)} named)",
                   f"ids in the man page that --rules does not print: {fmt(stale)}")

    failures.finish()


if __name__ == "__main__":
    main()
