// SPDX-License-Identifier: Apache-2.0
// The port and typecode rules (src/rules/port.hpp, typecode.hpp).
#include <gtest/gtest.h>

#include "rules/port.hpp"
#include "rules/typecode.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::rules::parse_port;
using ftpuri::rules::trailing_typecode;
using ftpuri::rules::typecode_at;

TEST(Port, ReadsItsValue)
{
    EXPECT_EQ(parse_port("21").value, 21);
    EXPECT_EQ(parse_port("1").value, 1);
    EXPECT_EQ(parse_port("65535").value, 65535);
    EXPECT_EQ(parse_port("0021").value, 21);        // leading zeros are a warning, not an error
    EXPECT_FALSE(parse_port("").error.has_value()); // "host:" is port 21
    EXPECT_EQ(parse_port("").value, 0);
}

TEST(Port, PointsAtWhatIsWrong)
{
    auto const invalid = parse_port("21a");
    ASSERT_TRUE(invalid.error.has_value());
    EXPECT_EQ(invalid.error->id, diag_id::port_invalid);
    EXPECT_EQ(invalid.error->offset, 2U);
    EXPECT_EQ(invalid.error->length, 1U);
    for (char const* text : {"0", "00", "65536", "99999999999999999999"}) {
        auto const out = parse_port(text);
        ASSERT_TRUE(out.error.has_value()) << text;
        EXPECT_EQ(out.error->id, diag_id::port_out_of_range) << text;
        EXPECT_EQ(out.error->offset, 0U) << text;
        EXPECT_EQ(out.error->length, std::string_view(text).size()) << text;
    }
    EXPECT_EQ(parse_port(":21").error->id, diag_id::port_invalid); // a second ":"
}

TEST(Typecode, ReadsTheThreeLettersInAnyCase)
{
    EXPECT_EQ(trailing_typecode("/f;type=a"), 'a');
    EXPECT_EQ(trailing_typecode("/f;TYPE=I"), 'i');
    EXPECT_EQ(trailing_typecode(";type=D"), 'd');
    EXPECT_EQ(typecode_at("/f;type=i?q", 2), 'i');
    for (char const* text : {"", ";type=", ";type=x", "/f;type=ai", "/f;typo=a", "type=a", "/f;type=a/"})
        EXPECT_EQ(trailing_typecode(text), '\0') << text;
    EXPECT_EQ(typecode_at(";type=", 0), '\0');
    EXPECT_EQ(typecode_at("/f;type=a", 3), '\0'); // not at the ";"
}

} // namespace
