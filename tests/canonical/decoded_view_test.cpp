// SPDX-License-Identifier: Apache-2.0
// tests/canonical/decoded_view_test.cpp: include/ftpuri/pct.hpp's decoded_view, the decoded text
// of a component read lazily (a plan's arguments are such views): decoded as it is read, a lone
// "%" kept, a literal not decoded, copy_to()'s buffer, a forward iterator.

#include "support/guarded_buffer.hpp"

#include <ftpuri/ftpuri.hpp>
#include <gtest/gtest.h>

#include <iterator>
#include <string>

using namespace ftpuri_test;

namespace {

std::string decoded(ftpuri::decoded_view v)
{
    return {v.begin(), v.end()};
}

TEST(DecodedView, DecodesAsItIsRead)
{
    ftpuri::decoded_view const v("a%20b%2F%c3%A9%41");
    EXPECT_EQ(decoded(v), "a b/\xC3\xA9"
                          "A");
    EXPECT_EQ(v.size(), 7U);
    EXPECT_EQ(v.raw(), "a%20b%2F%c3%A9%41");
    EXPECT_FALSE(v.empty());
    EXPECT_TRUE(v == "a b/\xC3\xA9"
                     "A");
    EXPECT_FALSE(v == "a b/\xC3\xA9");
    EXPECT_FALSE(v == "a b/\xC3\xA9"
                      "AB");
    EXPECT_FALSE(v == "a%20b");
    ftpuri::decoded_view const empty;
    EXPECT_TRUE(empty.empty());
    EXPECT_EQ(empty.size(), 0U);
    EXPECT_TRUE(empty == "");
    EXPECT_EQ(empty.begin(), empty.end());
}

// A '%' not followed by two hex digits stands for itself (a parsed view holds none, but a
// caller may build a decoded_view of any text).
TEST(DecodedView, LonePercentStaysItself)
{
    for (auto const& [raw, out] :
         {std::pair{"%", "%"}, std::pair{"a%", "a%"}, std::pair{"%4", "%4"}, std::pair{"a%4", "a%4"},
          std::pair{"%zz", "%zz"}, std::pair{"%4g", "%4g"}, std::pair{"%%41", "%A"}, std::pair{"100%", "100%"}}) {
        ftpuri::decoded_view const v(raw);
        EXPECT_EQ(decoded(v), out) << raw;
        EXPECT_EQ(v.size(), std::string_view(out).size()) << raw;
    }
}

TEST(DecodedView, LiteralIsNotDecoded)
{
    ftpuri::decoded_view const v = ftpuri::decoded_view::literal("a%41%2F");
    EXPECT_EQ(decoded(v), "a%41%2F");
    EXPECT_EQ(v.size(), 7U);
    EXPECT_TRUE(v == "a%41%2F");
    EXPECT_FALSE(v == "aA/");
}

TEST(DecodedView, CopyToNeedsSizeBytes)
{
    ftpuri::decoded_view const v("x%41y");
    guarded exact(3);
    EXPECT_EQ(v.copy_into(exact.span()).size, 3U);
    EXPECT_EQ(exact.written(3), "xAy");
    EXPECT_TRUE(exact.intact());
    guarded small(2);
    EXPECT_EQ(v.copy_into(small.span()).status, ftpuri::write_status::buffer_too_small);
    EXPECT_TRUE(small.intact());
    EXPECT_EQ(ftpuri::decoded_view().copy_into({}).size, 0U);
}

TEST(DecodedView, IteratorIsForward)
{
    ftpuri::decoded_view const v("%41b");
    auto it = v.begin();
    auto const old = it++;
    EXPECT_EQ(*old, 'A');
    EXPECT_EQ(*it, 'b');
    EXPECT_EQ(std::distance(v.begin(), v.end()), 2);
    static_assert(std::forward_iterator<ftpuri::decoded_view::iterator>);
}

} // namespace
