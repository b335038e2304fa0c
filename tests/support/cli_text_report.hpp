// SPDX-License-Identifier: Apache-2.0
// tests/support/cli_text_report.hpp: what ftpuri-check's text format prints, built from the
// library's catalogue (message, hint, id): one diagnostic with its echo and caret (text_diag),
// and the summary line (summary). The tests of tests/cli/ pin the CLI's format, offsets and echo
// with these, not the catalogue's wording.
#pragma once

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "ftpuri/diagnostic.hpp"

namespace ftpuri_test {

// The input line a text diagnostic echoes under its header, and the caret line under it: `column`
// spaces, '^', then `width - 1` '~'. Columns are the echo's, not the input's bytes: a password
// reads "****", a control byte or a byte that is not UTF-8 "<XX>", a UTF-8 character one column.
struct excerpt {
    std::string echo;
    std::size_t column = 0;
    std::size_t width = 1;
};

// One diagnostic in the text format, with its message, id and hint from the catalogue:
//
//     NAME:LINE:COL: SEVERITY: MESSAGE [ID]
//     ECHO
//     CARET
//       hint: HINT
inline std::string text_diag(std::string_view name, std::uint64_t line, std::uint64_t col, ftpuri::diag_id id,
                             std::string_view severity, excerpt const& source)
{
    ftpuri::diag_info const& i = ftpuri::info(id);
    std::ostringstream s;
    s << name << ':' << line << ':' << col << ": " << severity << ": " << i.message << " [" << i.name << "]\n";
    s << source.echo << '\n';
    s << std::string(source.column, ' ') << '^' << std::string(source.width > 1 ? source.width - 1 : 0, '~') << '\n';
    s << "  hint: " << i.hint << '\n';
    return s.str();
}

// What a run found, as its summary line counts it.
struct totals {
    std::uint64_t inputs = 0;
    std::uint64_t invalid = 0;
    std::uint64_t errors = 0;
    std::uint64_t warnings = 0;
    std::uint64_t notes = 0;
};

// The text format's last line (stdout, or stderr with --fix; none with --quiet):
// "ftpuri-check: N inputs, M invalid; E errors, W warnings, K notes".
inline std::string summary(totals const& t)
{
    auto count = [](std::uint64_t n, std::string_view one, std::string_view many) {
        return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
    };
    // Where to read more, whenever a diagnostic was shown.
    std::string const explain = t.errors + t.warnings + t.notes != 0
                                    ? "ftpuri-check: what an id means and how to fix it: ftpuri-check --explain ID\n"
                                    : "";
    return explain + "ftpuri-check: " + count(t.inputs, "input", "inputs") + ", " + std::to_string(t.invalid) +
           " invalid; " + count(t.errors, "error", "errors") + ", " + count(t.warnings, "warning", "warnings") + ", " +
           count(t.notes, "note", "notes") + "\n";
}

} // namespace ftpuri_test
