// SPDX-License-Identifier: Apache-2.0
// tests/support/grammar_rows.hpp: the rows of the grammar tests (grammar_scheme_test.cpp,
// grammar_authority_test.cpp, grammar_host_test.cpp, grammar_path_test.cpp), one table per rule of
// docs/grammar.abnf, the check each row gets in its profile, and the test that runs it.
//
// Each row is {input, profile, valid, error id, error offset} and, for valid rows, the
// components the view must give (host, host kind, port, path, segment count, name, typecode,
// user, password, query, fragment; unset fields are not checked). Expected ids and offsets
// come from docs/scanner.md. Every row also checks that validate() agrees with parse(), with
// and without a diagnostic_list, and that the list holds the same error.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

#include "ftpuri/parse.hpp"
#include "printable.hpp"
#include "profiles.hpp"

namespace ftpuri_test {

using ftpuri::host_kind;

inline constexpr char const* absent = "(absent)"; // for user/password/query/fragment: not present

// The members are in the order the tables' designated initializers name them, the order a row
// reads in; the padding of a few hundred rows in a test does not matter.
// NOLINTNEXTLINE(clang-analyzer-optin.performance.Padding)
struct row {
    std::string_view input;
    ftpuri::profile p = ftpuri::profile::strict; // strict or rfc3986
    bool valid = true;
    std::string_view error = {}; // diagnostic id of the error (invalid rows)
    std::uint32_t offset = 0;    // its offset
    // Components of valid rows; nullptr / -1 / '*' / nullopt: not checked.
    char const* host = nullptr;
    std::optional<host_kind> kind = std::nullopt;
    int port = -1; // port_number()
    char const* path = nullptr;
    int nsegs = -1;
    char const* name = nullptr;
    char tc = '*'; // typecode(); '\0' for none
    char const* user = nullptr;
    char const* password = nullptr;
    char const* query = nullptr;
    char const* fragment = nullptr;
};

inline void PrintTo(row const& r, std::ostream* os)
{
    *os << (r.p == ftpuri::profile::strict ? "strict " : "rfc3986 ") << '"' << printable(r.input) << '"';
}

inline void expect_part(bool present, std::string_view actual, char const* expected, char const* what)
{
    if (expected == nullptr) return;
    if (expected == absent) {
        EXPECT_FALSE(present) << what << " should be absent, is \"" << printable(actual) << '"';
    } else {
        EXPECT_TRUE(present) << what << " should be present";
        EXPECT_EQ(actual, expected) << what;
    }
}

inline void check_row(row const& r)
{
    SCOPED_TRACE(::testing::PrintToString(r));
    ftpuri::parse_options const o = in(r.p);
    ftpuri::parse_result const res = ftpuri::parse(r.input, o);
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const res2 = ftpuri::parse(r.input, o, list);
    ftpuri::diagnostic_list vlist;

    // validate() == parse().has_value(), with and without a list
    EXPECT_EQ(ftpuri::validate(r.input, o), res.has_value());
    EXPECT_EQ(ftpuri::validate(r.input, o, vlist), res.has_value());
    EXPECT_EQ(res2.has_value(), res.has_value());
    EXPECT_EQ(list.has_error(), !res.has_value());

    if (!r.valid) {
        ASSERT_FALSE(res.has_value()) << "accepted; expected " << r.error << " at " << r.offset;
        ftpuri::diagnostic const& e = res.error();
        EXPECT_EQ(e.info().name, r.error) << "at offset " << e.offset;
        EXPECT_EQ(e.offset, r.offset) << e.info().name;
        EXPECT_EQ(e.level, ftpuri::severity::error);
        EXPECT_LE(std::size_t{e.offset} + e.length, r.input.size());
        EXPECT_EQ(res2.error(), e);
        bool in_list = false;
        for (ftpuri::diagnostic const& d : list)
            in_list = in_list || d == e;
        EXPECT_TRUE(in_list) << "the list lacks the error";
        return;
    }

    ASSERT_TRUE(res.has_value()) << "rejected: " << res.error().info().name << " at " << res.error().offset;
    for (ftpuri::diagnostic const& d : list)
        EXPECT_NE(d.level, ftpuri::severity::error) << d.info().name;
    ftpuri::uri_view const& v = *res;
    EXPECT_EQ(v.buffer(), r.input);
    if (r.host != nullptr) {
        EXPECT_EQ(v.host(), r.host);
    }
    if (r.kind) {
        EXPECT_EQ(v.host_type(), *r.kind) << ftpuri::to_string(v.host_type());
    }
    if (r.port >= 0) {
        EXPECT_EQ(v.port_number(), r.port);
    }
    if (r.path != nullptr) {
        EXPECT_EQ(v.path(), r.path);
    }
    if (r.nsegs >= 0) {
        EXPECT_EQ(v.segments().size(), static_cast<std::size_t>(r.nsegs));
    }
    if (r.name != nullptr) {
        EXPECT_EQ(v.name(), r.name);
    }
    if (r.tc != '*') {
        EXPECT_EQ(v.typecode(), r.tc);
        EXPECT_EQ(v.has_typecode(), r.tc != '\0');
    }
    expect_part(v.has_userinfo(), v.user(), r.user, "user");
    expect_part(v.has_password(), v.password(), r.password, "password");
    expect_part(v.has_query(), v.query(), r.query, "query");
    expect_part(v.has_fragment(), v.fragment(), r.fragment, "fragment");
    // the view's parts are views into the input
    EXPECT_EQ(v.raw(ftpuri::component::input).data(), r.input.data());
}

// The one parameterized test every table instantiates: INSTANTIATE_TEST_SUITE_P(Port, Rule,
// ::testing::ValuesIn(port_rows)) runs check_row() on each row as Port/Rule.Row/N.
class Rule : public ::testing::TestWithParam<row> {};
TEST_P(Rule, Row)
{
    check_row(GetParam());
}

} // namespace ftpuri_test
