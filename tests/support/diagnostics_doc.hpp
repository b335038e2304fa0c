// SPDX-License-Identifier: Apache-2.0
// tests/support/diagnostics_doc.hpp: the table of docs/diagnostics.md, read at run time.
//
// docs/diagnostics.md holds one table row per id of diag_catalogue: its anchor and id
// (<a id="host-empty"></a>host.empty, the anchor that ftpuri-check's SARIF links to), its
// severity per profile (strict, rfc3986, lenient; "—" where the id cannot occur), an example
// input in the notation of tests/support/example_notation.hpp, the offset and length the
// diagnostic must have, and why it matters. doc() reads the table once; a malformed row is
// kept with its `problem` set, so that the test of that row fails rather than the row going
// missing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "example_notation.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "markdown_table.hpp"
#include "source_files.hpp"

namespace ftpuri_test {

using ftpuri::profile;
using ftpuri::severity;

inline constexpr std::string_view table_header =
    "| id | severity (strict) | severity (rfc3986) | severity (lenient) | example | "
    "offset | length | why it matters |";

inline std::optional<severity> severity_from(std::string_view s)
{
    if (s == "error") return severity::error;
    if (s == "warning") return severity::warning;
    if (s == "note") return severity::note;
    return std::nullopt;
}

inline std::optional<std::uint32_t> number_from(std::string_view s)
{
    if (s.empty() || s.size() > 9) return std::nullopt;
    std::uint32_t n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return n;
}

struct doc_row {
    std::size_t line = 0; // 1-based line in docs/diagnostics.md
    std::string name;
    std::string anchor;                    // <a id="..."></a> before the id: helpUri links it
    std::optional<severity> strict_level;  // nullopt: cannot occur in strict ("—")
    std::optional<severity> rfc3986_level; // nullopt: cannot occur in rfc3986
    std::optional<severity> lenient_level; // nullopt: cannot occur in lenient
    std::string example;                   // as written, between the backticks
    std::string input;                     // the bytes it stands for
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
    std::string why;
    std::string problem; // non-empty when the row is malformed

    [[nodiscard]] std::optional<severity> level_in(profile p) const
    {
        switch (p) {
        case profile::strict: return strict_level;
        case profile::rfc3986: return rfc3986_level;
        case profile::lenient: return lenient_level;
        }
        return std::nullopt;
    }
    // The profile the offset and length are documented for: strict if the id occurs there,
    // else rfc3986, else lenient (docs/diagnostics.md, "Notation for the examples").
    [[nodiscard]] profile example_profile() const
    {
        return strict_level ? profile::strict : rfc3986_level ? profile::rfc3986 : profile::lenient;
    }
    [[nodiscard]] severity expected_level() const { return level_in(example_profile()).value_or(severity::error); }
    // A command plan's id (docs/diagnostics.md, "Plan ids"): reported by ftpuri::plan, never by
    // a parse, so its example is checked through the plan.
    [[nodiscard]] bool is_plan_id() const { return name.starts_with("plan."); }
    // A sanitization policy's id (docs/diagnostics.md, "Policy ids"): reported by
    // ftpuri::check_policy and ftpuri::sanitize, never by a parse.
    [[nodiscard]] bool is_policy_id() const { return name == "host.denied" || name == "host.not-allowed"; }
    // An id only a build without libidn2 reports (docs/diagnostics.md, "Build ids"): never this
    // build's, which has it, so its example is checked to be reported without the id.
    [[nodiscard]] bool is_build_id() const { return name == "host.idna-unavailable"; }
    // A list file's id (docs/diagnostics.md, "List ids"): reported by ftpuri-check about the line
    // around a URI, never by a parse; tests/cli_golden/ checks its example.
    [[nodiscard]] bool is_list_id() const { return name.starts_with("list."); }
    // A guarded fetch's id (docs/diagnostics.md, "Fetch ids"): what happened fetching a
    // sanitized URI, never reported by a parse; tests/e2e/fetch.py brings each about.
    [[nodiscard]] bool is_fetch_id() const { return name.starts_with("fetch."); }
    // Checked through something other than a parse in this build.
    [[nodiscard]] bool is_beyond_parse() const
    {
        return is_plan_id() || is_policy_id() || is_build_id() || is_list_id() || is_fetch_id();
    }
};

// How gtest shows a row (the parameter of diagnostics_doc_test.cpp's documented.* tests).
inline void PrintTo(doc_row const& row, std::ostream* os)
{
    *os << row.name << " `" << row.example << "` (docs/diagnostics.md:" << row.line << ")";
}

struct doc_table {
    bool file_found = false;
    bool header_found = false;
    std::vector<doc_row> rows;
};

inline std::string const& doc_path()
{
    static std::string const path = source_path("docs/diagnostics.md");
    return path;
}

inline doc_table read_doc_table()
{
    doc_table table;
    std::ifstream in(doc_path(), std::ios::binary);
    if (!in) return table;
    table.file_found = true;
    std::string line;
    std::size_t number = 0;
    bool in_table = false;
    bool separator_seen = false;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!in_table) {
            if (line == table_header) {
                in_table = true;
                table.header_found = true;
            }
            continue;
        }
        if (line.empty() || line.front() != '|') break; // the table ends at the first non-row
        if (!separator_seen) {
            separator_seen = true; // |---|---|...
            continue;
        }
        doc_row row;
        row.line = number;
        std::vector<std::string> const cells = split_row(line);
        if (cells.size() != 8) {
            row.problem = "expected 8 cells, found " + std::to_string(cells.size());
            row.name = cells.empty() ? std::string("?") : cells[0];
            table.rows.push_back(std::move(row));
            continue;
        }
        row.name = cells[0];
        constexpr std::string_view anchor_open = "<a id=\"";
        constexpr std::string_view anchor_close = "\"></a>";
        if (row.name.starts_with(anchor_open)) {
            std::size_t const close = row.name.find(anchor_close);
            if (close == std::string::npos) {
                row.problem += "unclosed anchor in the id cell; ";
            } else {
                row.anchor = row.name.substr(anchor_open.size(), close - anchor_open.size());
                row.name.erase(0, close + anchor_close.size());
            }
        }
        auto level = [&](std::string const& cell, std::optional<severity>& out) {
            if (cell == "—") return;
            out = severity_from(cell);
            if (!out) row.problem += "bad severity '" + cell + "'; ";
        };
        level(cells[1], row.strict_level);
        level(cells[2], row.rfc3986_level);
        level(cells[3], row.lenient_level);
        if (!row.strict_level && !row.rfc3986_level && !row.lenient_level) row.problem += "no profile has a severity; ";
        std::string const& ex = cells[4];
        if (ex.size() < 2 || ex.front() != '`' || ex.back() != '`') {
            row.problem += "example not in backticks; ";
        } else {
            row.example = ex.substr(1, ex.size() - 2);
            if (auto bytes = unescape(row.example))
                row.input = std::move(*bytes);
            else
                row.problem += "bad escape in example; ";
        }
        auto const off = number_from(cells[5]);
        auto const len = number_from(cells[6]);
        if (!off || !len) row.problem += "offset or length is not a number; ";
        row.offset = off.value_or(0);
        row.length = len.value_or(0);
        row.why = cells[7];
        if (row.why.empty()) row.problem += "empty 'why it matters'; ";
        table.rows.push_back(std::move(row));
    }
    return table;
}

inline doc_table const& doc()
{
    static doc_table const table = read_doc_table();
    return table;
}

inline std::vector<doc_row> doc_rows()
{
    return doc().rows;
}

} // namespace ftpuri_test
