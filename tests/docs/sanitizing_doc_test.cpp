// SPDX-License-Identifier: Apache-2.0
// tests/docs/sanitizing_doc_test.cpp: docs/sanitizing.md's class tables are the code's, and its worked
// example is what sanitize_into() returns, row by row.
#include <gtest/gtest.h>

#include <arpa/inet.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/policy.hpp"
#include "support/markdown_table.hpp"

namespace {

using ftpuri_test::split_row;

std::vector<std::string> doc_lines()
{
    std::ifstream in(std::string(FTPURI_SOURCE_DIR) + "/docs/sanitizing.md");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The rows of the first table after the heading line `heading` (the header and the |---| line
// skipped), then the table after that one when `skip` is 1.
std::vector<std::vector<std::string>> table_after(std::string_view heading, int skip = 0)
{
    std::vector<std::string> const lines = doc_lines();
    std::vector<std::vector<std::string>> rows;
    bool after_heading = false;
    bool in_table = false;
    for (std::string const& line : lines) {
        if (!after_heading) {
            after_heading = line.starts_with(heading);
            continue;
        }
        bool const table_line = line.starts_with("|");
        if (in_table && !table_line) {
            if (skip-- == 0) break;
            in_table = false;
            rows.clear();
            continue;
        }
        if (!table_line) continue;
        in_table = true;
        if (line.starts_with("|---") || line.starts_with("| #") || line.starts_with("| input")) continue;
        rows.push_back(split_row(line));
    }
    return rows;
}

std::string untick(std::string s)
{
    if (s.size() >= 2 && s.front() == '`' && s.back() == '`') return s.substr(1, s.size() - 2);
    return s;
}

template <std::size_t N>
std::string prefix_text(std::array<std::uint8_t, N> const& first, unsigned bits)
{
    char text[64];
    inet_ntop(N == 4 ? AF_INET : AF_INET6, first.data(), text, sizeof text);
    return std::string(text) + "/" + std::to_string(bits);
}

// Row by row: the prefix, the class and the reference of each of the code's rows, in order.
template <typename Rows>
void expect_table(std::vector<std::vector<std::string>> const& rows, Rows const& code)
{
    ASSERT_EQ(rows.size(), code.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ASSERT_EQ(rows[i].size(), 4U);
        EXPECT_EQ(rows[i][1], prefix_text(code[i].first, code[i].prefix_bits)) << "row " << i + 1;
        EXPECT_EQ(rows[i][2], ftpuri::to_string(code[i].cls)) << "row " << i + 1;
        EXPECT_EQ(rows[i][3], code[i].reference) << "row " << i + 1;
    }
}

TEST(sanitizing_md, the_ipv4_table_is_the_codes)
{
    expect_table(table_after("**IPv4.**"), ftpuri::ipv4_class_rows);
}

TEST(sanitizing_md, the_ipv6_table_is_the_codes)
{
    expect_table(table_after("**IPv6.**"), ftpuri::ipv6_class_rows);
}

// The worked example's policies, as the text above its table defines them.
struct named_policy {
    std::string_view name;
    ftpuri::policy rules;
    ftpuri::diag_set as_error;
};
constexpr std::string_view r_allow[] = {"ftp.example.org:21", "*.mirror.example.net:21"};
constexpr std::string_view e_allow[] = {"example.org"};
constexpr std::string_view s_allow[] = {"*.example.org"};

std::optional<named_policy> policy_named(std::string_view cell)
{
    using ftpuri::diag_id;
    ftpuri::diag_set const r_errors{diag_id::userinfo_password,     diag_id::path_encoded_slash,
                                    diag_id::path_absolute,         diag_id::path_drive_letter,
                                    diag_id::host_embedded_address, diag_id::fragment_present};
    auto const non_public = ftpuri::host_class_set::non_public();
    if (cell.ends_with(" R") || cell.find(", R ") != std::string_view::npos)
        return named_policy{"R", {non_public, r_allow}, r_errors};
    if (cell.ends_with(" E")) return named_policy{"E", {non_public, e_allow}, {}};
    if (cell.ends_with(" S")) return named_policy{"S", {non_public, s_allow}, {}};
    if (cell.ends_with("deny `non-public` only")) return named_policy{"deny", {non_public, {}}, {}};
    return std::nullopt;
}

TEST(sanitizing_md, the_worked_example_is_what_sanitize_returns)
{
    auto const rows = table_after("## A worked example");
    ASSERT_GE(rows.size(), 10U);
    for (auto const& row : rows) {
        ASSERT_EQ(row.size(), 3U);
        std::string const input = untick(row[0]);
        SCOPED_TRACE(input + " | " + row[1]);
        std::string_view const how = row[1];
        auto const syntax = ftpuri::profile_from_string(how.substr(0, how.find(',')));
        ASSERT_TRUE(syntax.has_value());
        std::optional<named_policy> const p = policy_named(how);
        ASSERT_TRUE(p.has_value()) << "unknown policy in " << how;
        ftpuri::parse_options options{*syntax};
        options.max_length = 2048;
        options.as_error = p->as_error;
        std::array<char, ftpuri::canonicalize_size_bound(2048)> out{};
        ftpuri::sanitize_result const r = ftpuri::sanitize_into(input, p->rules, out, options);
        std::string const& result = row[2];
        if (result.starts_with("accepted (")) {
            ASSERT_TRUE(r) << r.error.info().name;
            std::string const cls(ftpuri::to_string(r.cls));
            EXPECT_EQ(result, "accepted (" + cls + "): `" + std::string(out.data(), r.size) + "`");
            continue;
        }
        ASSERT_FALSE(r);
        std::ostringstream said;
        said << '`' << r.error.info().name << "` at " << r.error.offset << '+' << r.error.length << ": "
             << ftpuri::message(r.error);
        EXPECT_EQ(result, said.str());
    }
}

} // namespace
