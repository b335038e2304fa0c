// SPDX-License-Identifier: Apache-2.0
// tests/docs/plan_doc_test.cpp: docs/plan.md's side-by-side tables hold. Each row names a URI; its
// login column and its four mode columns are what ftpuri::plan gives, without and (the second
// table) with `absolute`. The tables are read at run time, so the page cannot drift from the
// code.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "ftpuri/plan.hpp"
#include "support/markdown_table.hpp"
#include "support/source_files.hpp"

namespace {

using ftpuri::plan_mode;

constexpr std::string_view header = "| URI | source | login | rfc1738 | multicwd | singlecwd | nocwd |";
constexpr std::array modes = {plan_mode::rfc1738, plan_mode::multicwd, plan_mode::singlecwd, plan_mode::nocwd};

struct table {
    std::size_t line = 0;
    std::vector<std::vector<std::string>> rows;
};

std::vector<table> read_tables()
{
    std::ifstream file(ftpuri_test::source_path("docs/plan.md"), std::ios::binary);
    std::vector<table> tables;
    std::string line;
    std::size_t number = 0;
    bool inside = false;
    while (std::getline(file, line)) {
        ++number;
        if (line == header) {
            tables.push_back({number, {}});
            inside = true;
        } else if (!inside || !line.starts_with("|")) {
            inside = false;
        } else if (!line.starts_with("|---")) {
            tables.back().rows.push_back(ftpuri_test::split_row(line));
        }
    }
    return tables;
}

// A cell as the page writes it: code spans and phrases joined by "<br>".
std::string joined(std::vector<std::string> const& items)
{
    std::string out;
    for (std::string const& item : items)
        out += (out.empty() ? "" : "<br>") + item;
    return out;
}

// The login and mode cells for `uri`, written as the page writes them.
struct cells {
    std::string login;
    std::string commands;
};

cells plan_cells(ftpuri::uri_view const& uri, ftpuri::plan_options const& options)
{
    ftpuri::plan_result const p = ftpuri::plan(uri, options);
    if (!p) return {"", "refused: `" + std::string(p.error().info().name) + "`"};
    std::vector<std::string> login;
    std::vector<std::string> rest;
    for (ftpuri::ftp_command const& c : *p) {
        std::string line(c.size(), '\0');
        EXPECT_EQ(c.write_into(line).size, line.size());
        bool const logs_in = c.verb() == ftpuri::ftp_verb::user || c.verb() == ftpuri::ftp_verb::pass;
        (logs_in ? login : rest).push_back("`" + line + "`");
    }
    if (p->ask_password()) login.emplace_back("asks for the password");
    return {joined(login), joined(rest)};
}

TEST(plan_md, side_by_side_tables_hold)
{
    std::vector<table> const tables = read_tables();
    ASSERT_EQ(tables.size(), 2U) << "docs/plan.md: a table without and one with absolute, each headed " << header;
    for (std::size_t t = 0; t < tables.size(); ++t) {
        bool const absolute = t == 1;
        EXPECT_GE(tables[t].rows.size(), 3U);
        for (std::vector<std::string> const& row : tables[t].rows) {
            ASSERT_EQ(row.size(), 7U) << "docs/plan.md table at line " << tables[t].line;
            std::string const& cell = row[0];
            ASSERT_TRUE(cell.size() > 2 && cell.front() == '`' && cell.back() == '`') << cell;
            std::string const text = cell.substr(1, cell.size() - 2);
            ftpuri::parse_result const uri = ftpuri::parse(std::string_view(text));
            ASSERT_TRUE(uri.has_value()) << text << ": " << uri.error().info().name;
            EXPECT_FALSE(row[1].empty()) << text << ": every row names its source";
            for (std::size_t m = 0; m < modes.size(); ++m) {
                SCOPED_TRACE(::testing::Message()
                             << text << " " << ftpuri::to_string(modes[m]) << (absolute ? " absolute" : ""));
                cells const got = plan_cells(*uri, {modes[m], absolute});
                EXPECT_EQ(row[3 + m], got.commands);
                if (!got.login.empty()) {
                    EXPECT_EQ(row[2], got.login);
                }
            }
        }
    }
}

} // namespace
