// SPDX-License-Identifier: Apache-2.0
// tests/docs/canonical_doc_test.cpp: every example of docs/canonical.md is a row of a tested table
// (tests/support/canonical_rows.hpp) and holds: canonical forms by rule, options, the lenient
// repairs, equivalence and resolution examples. The examples are read at run time, in the
// notation of tests/support/example_notation.hpp.
#include <gtest/gtest.h>

#include <cstddef>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "canonical_repair.hpp"
#include "ftpuri/ftpuri.hpp"
#include "support/canonical_rows.hpp"
#include "support/diagnostic_text.hpp"
#include "support/example_notation.hpp"
#include "support/markdown_table.hpp"
#include "support/profiles.hpp"
#include "support/source_files.hpp"
#include "support/strcat.hpp"

namespace {

using ftpuri::canonical_options;
using ftpuri::parse_options;
using ftpuri::profile;
using ftpuri_test::canon_row;
using ftpuri_test::cat;
using ftpuri_test::finding;
using ftpuri_test::L;
using ftpuri_test::lenient_row;
using ftpuri_test::name_of;
using ftpuri_test::option_row;
using ftpuri_test::S;

// ---------------------------------------------------------------------------------------
// docs/canonical.md: every example is a row of a table of tests/support/canonical_rows.hpp, and holds.
// ---------------------------------------------------------------------------------------

// "`text`" -> text, unescaped; nullopt when the cell is not one code span.
std::optional<std::string> code(std::string_view cell)
{
    if (cell.size() < 2 || cell.front() != '`' || cell.back() != '`') return std::nullopt;
    if (cell == "`{empty}`") return std::string();
    return ftpuri_test::unescape(cell.substr(1, cell.size() - 2), false);
}

std::optional<profile> profile_cell(std::string_view cell)
{
    std::string const c = std::string(cell);
    return ftpuri::profile_from_string(c.starts_with("`") ? c.substr(1, c.size() - 2) : c);
}

struct doc_table {
    std::string header;
    std::vector<std::vector<std::string>> rows;
};

std::vector<doc_table> read_doc_tables()
{
    std::string const path = ftpuri_test::source_path("docs/canonical.md");
    std::ifstream file(path, std::ios::binary);
    EXPECT_TRUE(file.good()) << "cannot open " << path;
    std::vector<doc_table> tables;
    std::string line;
    bool in_table = false;
    while (std::getline(file, line)) {
        if (!line.starts_with("|")) {
            in_table = false;
            continue;
        }
        if (!in_table) {
            tables.push_back({line, {}});
            in_table = true;
            continue;
        }
        if (line.starts_with("|---")) continue;
        tables.back().rows.push_back(ftpuri_test::split_row(line));
    }
    return tables;
}

TEST(canonical_doc, every_example_is_a_tested_row_and_holds)
{
    std::vector<doc_table> const tables = read_doc_tables();
    std::size_t examples = 0;
    std::set<std::string> rules_in_doc;
    for (doc_table const& t : tables) {
        SCOPED_TRACE(cat({"table ", t.header}));
        if (t.header == "| rule | profile | input | canonical |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U) << "row of " << cells.size() << " cells";
                std::optional<profile> const p = profile_cell(cells[1]);
                std::optional<std::string> const input = code(cells[2]);
                std::optional<std::string> const expected = code(cells[3]);
                ASSERT_TRUE(p && input && expected) << cells[0] << ": malformed row";
                SCOPED_TRACE(cat({"doc example <", *input, ">"}));
                rules_in_doc.insert(cells[0]);
                bool found = false;
                for (canon_row const& row : ftpuri_test::canonical_rows())
                    found = found || (row.input == *input && row.syntax == *p && row.expected == *expected);
                for (lenient_row const& row : ftpuri_test::lenient_rows())
                    found = found || (*p == L && row.input == *input && row.expected == *expected);
                EXPECT_TRUE(found) << "the example is no row of tests/support/canonical_rows.hpp";
                EXPECT_EQ(ftpuri::canonicalize(*input, parse_options{*p}).value_or("(invalid)"), *expected);
                ++examples;
            }
        } else if (t.header == "| option | input | canonical |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 3U);
                canonical_options o;
                if (cells[0].find("drop_password") != std::string::npos) o.drop_password = true;
                if (cells[0].find("drop_fragment") != std::string::npos) o.drop_fragment = true;
                if (cells[0].find("drop_anonymous") != std::string::npos) o.drop_anonymous = true;
                std::optional<std::string> const input = code(cells[1]);
                std::optional<std::string> const expected = code(cells[2]);
                ASSERT_TRUE(input && expected) << "malformed row";
                bool found = false;
                for (option_row const& row : ftpuri_test::option_rows())
                    found = found || (row.input == *input && row.expected == *expected &&
                                      row.options.drop_password == o.drop_password &&
                                      row.options.drop_fragment == o.drop_fragment &&
                                      row.options.drop_anonymous == o.drop_anonymous);
                EXPECT_TRUE(found) << *input << ": the example is no row of tests/support/canonical_rows.hpp";
                EXPECT_EQ(ftpuri::canonicalize(*input, parse_options{S}, o).value_or("(invalid)"), *expected);
                ++examples;
            }
        } else if (t.header == "| repair | warning | input | canonical |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U);
                std::optional<std::string> const input = code(cells[2]);
                std::optional<std::string> const expected = code(cells[3]);
                ASSERT_TRUE(input && expected) << "malformed row";
                bool found = false;
                for (lenient_row const& row : ftpuri_test::lenient_rows())
                    if (row.input == *input && row.expected == *expected)
                        for (finding const& f : row.repairs)
                            found = found || cat({"`", name_of(f.id), "`"}) == cells[1];
                EXPECT_TRUE(found) << *input << ": the example is no row of lenient_rows with warning " << cells[1];
                EXPECT_EQ(ftpuri::canonicalize(*input, parse_options{L}).value_or("(invalid)"), *expected);
                EXPECT_TRUE(ftpuri::validate(*expected, parse_options{S}));
                ++examples;
            }
        } else if (t.header == "| a | b | profile | equivalent |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U);
                std::optional<std::string> const a = code(cells[0]);
                std::optional<std::string> const b = code(cells[1]);
                std::optional<profile> const p = profile_cell(cells[2]);
                ASSERT_TRUE(a && b && p && (cells[3] == "yes" || cells[3] == "no")) << "malformed row";
                EXPECT_EQ(ftpuri::equivalent(*a, *b, parse_options{*p}), cells[3] == "yes") << *a << " vs " << *b;
                ++examples;
            }
        } else if (t.header == "| base | profile | reference | target |") {
            for (auto const& cells : t.rows) {
                ASSERT_EQ(cells.size(), 4U);
                std::optional<std::string> const base = code(cells[0]);
                std::optional<profile> const p = profile_cell(cells[1]);
                std::optional<std::string> const ref = code(cells[2]);
                std::optional<std::string> const target = code(cells[3]);
                ASSERT_TRUE(base && p && ref && target) << "malformed row";
                EXPECT_EQ(ftpuri::resolve(*base, *ref, parse_options{*p}).value_or("(no base)"), *target) << *ref;
                ++examples;
            }
        }
    }
    EXPECT_GE(tables.size(), 5U) << "docs/canonical.md lost a table";
    EXPECT_GT(examples, 40U);
    for (std::string_view rule : {"scheme", "host", "pct-hex", "pct-unreserved", "dot-decoded", "dot", "dot-above-root",
                                  "port", "empty-path", "typecode", "ipv6"})
        EXPECT_EQ(rules_in_doc.count(std::string(rule)), 1U) << "docs/canonical.md shows no example of " << rule;
}

// The paragraph that lists the findings the canonical form keeps as written names exactly the
// ids whose canonical column in diagnostics.def says keeps.
TEST(canonical_doc, the_findings_kept_as_written_are_the_defs)
{
    std::string const doc = ftpuri_test::read_file(ftpuri_test::source_path("docs/canonical.md"));
    std::size_t const begin = doc.find("have no repair");
    ASSERT_NE(begin, std::string::npos) << "docs/canonical.md lost its list of findings with no repair";
    std::size_t const end = doc.find("\n\n", begin);
    std::string_view const paragraph = std::string_view(doc).substr(begin, end - begin);
    std::set<std::string> listed;
    for (std::size_t q = paragraph.find('`'); q != std::string_view::npos; q = paragraph.find('`', q + 1)) {
        std::size_t const close = paragraph.find('`', q + 1);
        ASSERT_NE(close, std::string_view::npos);
        std::string const word(paragraph.substr(q + 1, close - q - 1));
        if (ftpuri::diag_id_from_string(word)) listed.insert(word);
        q = close;
    }
    std::set<std::string> kept;
    for (ftpuri::diag_info const& d : ftpuri::diag_catalogue)
        if (ftpuri::detail::canonical_repair_of(d.id) == ftpuri::detail::canonical_repair::keeps) kept.emplace(d.name);
    EXPECT_GE(kept.size(), 10U);
    EXPECT_EQ(listed, kept);
}

} // namespace
