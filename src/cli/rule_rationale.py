#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the rows of docs/diagnostics.md's table as a C++ table.

SARIF's rules carry a full description beside the one-line message, and ftpuri-check --explain
prints an id's row (its example and "why it matters"; the severities it prints come from
include/ftpuri/diagnostics.def, which the table's severity columns agree with); the diagnostics table
already holds them, checked row by row by tests/docs/diagnostics_doc_test.cpp. Generating the table
at build time keeps that text in one place. Usage: rule_rationale.py DIAGNOSTICS_MD OUT
"""
import sys

HEADER = ("| id | severity (strict) | severity (rfc3986) | severity (lenient) | example | "
          "offset | length | why it matters |")


def rows(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index(HEADER)
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        # Cells are split at '|' not escaped as '\|'; the why cell is the last.
        cells, cell, escaped = [], "", False
        for c in line.strip()[1:-1]:
            if escaped:
                cell += c if c == "|" else "\\" + c
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == "|":
                cells.append(cell.strip())
                cell = ""
            else:
                cell += c
        cells.append(cell.strip())
        # The id cell begins with the row's anchor, <a id="host-empty"></a>host.empty.
        yield cells[0].split("</a>")[-1].strip(), cells


def cpp(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    source, out = sys.argv[1], sys.argv[2]
    table = list(rows(source))
    with open(out, "w", encoding="utf-8") as f:
        f.write("// Generated from docs/diagnostics.md by src/cli/rule_rationale.py; do not edit.\n")
        f.write("#pragma once\n#include <array>\n#include <string_view>\n\nnamespace ftpuri::cli {\n\n")
        f.write("struct rule_rationale_row {\n    std::string_view id;\n    std::string_view markdown;\n"
                "    std::string_view text; // the markdown without its backticks\n"
                "    std::string_view example; // in the table's notation, without its backticks\n"
                "    std::string_view offset;\n    std::string_view length;\n};\n\n")
        f.write("inline constexpr std::array<rule_rationale_row, %d> rule_rationale = {{\n" % len(table))
        for ident, cells in table:
            why = cells[-1]
            example = cells[4][1:-1] if cells[4].startswith("`") and cells[4].endswith("`") else cells[4]
            f.write("    {%s, %s, %s, %s, %s, %s},\n" % (
                cpp(ident), cpp(why), cpp(why.replace("`", "")), cpp(example), cpp(cells[5]), cpp(cells[6])))
        f.write("}};\n\n} // namespace ftpuri::cli\n")


if __name__ == "__main__":
    main()
