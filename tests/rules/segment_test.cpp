// SPDX-License-Identifier: Apache-2.0
// The rules that judge one path segment by what it decodes to (src/rules/segment.hpp).
#include <gtest/gtest.h>

#include "rules/segment.hpp"

namespace {

using namespace ftpuri::rules;

TEST(Segment, HomeDirectories)
{
    for (char const* raw : {"~", "%7E", "%7e", "~user", "%7Euser"})
        EXPECT_TRUE(is_home_segment(raw)) << raw;
    for (char const* raw : {"", "a~", "%7", "x%7E"})
        EXPECT_FALSE(is_home_segment(raw)) << raw;
    EXPECT_TRUE(is_login_directory("~"));
    EXPECT_TRUE(is_login_directory("%7E"));
    EXPECT_FALSE(is_login_directory("~u"));
    EXPECT_FALSE(is_login_directory(""));
}

TEST(Segment, DotLookAlikes)
{
    for (char const* raw : {"...", "..%20", ". .", "%2E%2E%2E", ".. ", ". ", "...."})
        EXPECT_TRUE(is_dot_lookalike(raw)) << raw;
    for (char const* raw : {"", ".", "..", "%2E%2E", ".a", "a..", " ..", "..a"})
        EXPECT_FALSE(is_dot_lookalike(raw)) << raw;
}

TEST(Segment, DriveLetters)
{
    for (char const* raw : {"C:", "c:", "z|", "C%3A", "%43:"})
        EXPECT_TRUE(is_drive_letter(raw)) << raw;
    for (char const* raw : {"", "C", "1:", "CC:", "C:x", ":"})
        EXPECT_FALSE(is_drive_letter(raw)) << raw;
}

TEST(Segment, DotSegmentsHiddenBehindEncodedSlashes)
{
    for (char const* raw : {"..%2F..%2Fetc", "a%2F..", "a%2f.", "%2E%2E%2Fx", "a%2F%2E"})
        EXPECT_TRUE(hides_dot_segment(raw)) << raw;
    // Look-alikes, which a Windows server walks as "." or "..": "CWD .. /etc" climbs there.
    for (char const* raw : {"..%20%2Fetc", "...%2Fa", "a%2F...", "x%2F.%20", "%2E%2E%2E%2Fx"})
        EXPECT_TRUE(hides_dot_segment(raw)) << raw;
    for (char const* raw : {"", "a%2Fb", "%2F", "a.b%2Fc", ".a%2Fb", "a%2F..b"})
        EXPECT_FALSE(hides_dot_segment(raw)) << raw;
}

} // namespace
