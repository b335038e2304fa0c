// SPDX-License-Identifier: Apache-2.0
// tests/api/options_test.cpp: include/ftpuri/options.hpp's parse_options: max_length, its default
// (64 KiB, the length-limit constraint of docs/grammar.abnf) and its place before every other
// check. The profiles themselves are tested through what they accept (grammar_*_test.cpp) and
// report (diagnostics_*_test.cpp).
#include <gtest/gtest.h>

#include <string>

#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"

namespace {

// ---------------------------------------------------------------------------------------------
// length-limit
// ---------------------------------------------------------------------------------------------
TEST(LengthLimit, DefaultIs64KiB)
{
    std::string at_limit = "ftp://h/";
    at_limit.resize(ftpuri::default_max_length, 'a');
    EXPECT_TRUE(ftpuri::validate(at_limit));
    EXPECT_TRUE(ftpuri::parse(at_limit).has_value());
    std::string const over = at_limit + "a";
    ftpuri::parse_result const r = ftpuri::parse(over);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().info().name, "input.too-long");
    EXPECT_EQ(r.error().offset, 65536u);
    EXPECT_EQ(r.error().length, 1u);
    EXPECT_FALSE(ftpuri::validate(over));
}

TEST(LengthLimit, IsConfigurable)
{
    ftpuri::parse_options o;
    o.max_length = 10;
    std::string const ten = "ftp://h/ab";
    EXPECT_TRUE(ftpuri::validate(ten, o));
    std::string const twelve = "ftp://h/abcd";
    ftpuri::parse_result const r = ftpuri::parse(twelve, o);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().info().name, "input.too-long");
    EXPECT_EQ(r.error().offset, 10u);
    EXPECT_EQ(r.error().length, 2u);
    // checked before anything else: a too-long bad input is too long, not bad
    std::string const bad = "http://h/abcd";
    ftpuri::parse_result const b = ftpuri::parse(bad, o);
    ASSERT_FALSE(b.has_value());
    EXPECT_EQ(b.error().info().name, "input.too-long");
}

} // namespace
