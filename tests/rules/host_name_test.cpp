// SPDX-License-Identifier: Apache-2.0
// The host-name rules: dns-name and its constraints, and the numeric-host constraint
// (src/rules/dns_name.hpp, numeric_host.hpp).
#include <optional>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "rules/dns_name.hpp"
#include "rules/numeric_host.hpp"

namespace {

using ftpuri::diag_id;
using ftpuri::rules::check_dns_name;
using ftpuri::rules::ends_in_a_number;
using ftpuri::rules::finding;

void expect_finding(std::string const& name, diag_id id, std::uint32_t offset, std::uint32_t length)
{
    std::optional<finding> const got = check_dns_name(name);
    ASSERT_TRUE(got.has_value()) << name;
    EXPECT_EQ(got->id, id) << name;
    EXPECT_EQ(got->offset, offset) << name;
    EXPECT_EQ(got->length, length) << name;
}

TEST(DnsName, AcceptsLabelsOfLettersDigitsAndInnerHyphens)
{
    std::string const longest_label = std::string(63, 'a') + ".b";
    std::string_view const names[] = {"a",     "ftp.example.org",       "ftp.example.org.", "a-b.c-d",
                                      "0a.1b", "xn--bcher-kva.example", longest_label};
    for (std::string_view const name : names)
        EXPECT_FALSE(check_dns_name(name).has_value()) << name;
}

TEST(DnsName, PointsAtTheFirstThingWrong)
{
    expect_finding("a_b.example", diag_id::host_invalid_char, 1, 1);
    expect_finding("a..b", diag_id::host_empty_label, 2, 1);   // the second "."
    expect_finding(".a", diag_id::host_empty_label, 0, 1);     // a leading "."
    expect_finding("a.b..", diag_id::host_empty_label, 4, 1);  // one trailing "." only
    expect_finding("-a.b", diag_id::host_label_hyphen, 0, 1);  // a label's first byte
    expect_finding("a.b-", diag_id::host_label_hyphen, 3, 1);  // a label's last byte
    expect_finding("a.b-.", diag_id::host_label_hyphen, 3, 1); // before the trailing "."
    std::string const long_label = "x." + std::string(64, 'a') + ".y";
    expect_finding(long_label, diag_id::host_label_too_long, 2, 64); // dns-label-length
    std::string name;
    for (int i = 0; i < 42; ++i)
        name += "abcde.";
    name += "ab";                                         // 254 bytes, no trailing "."
    expect_finding(name, diag_id::host_too_long, 0, 254); // dns-name-length
    name.pop_back();                                      // 253 is the limit
    EXPECT_FALSE(check_dns_name(name).has_value());
    EXPECT_FALSE(check_dns_name(name + ".").has_value()); // the trailing "." is not counted
}

TEST(NumericHost, IsAHostOtherParsersReadAsANumber)
{
    // A last label (one trailing "." ignored) of digits, or "0x" and hex digits, decoded.
    for (char const* host : {"1", "1.2.3.4", "1.2.3.4.", "a.1", "0x7f", "0X7F.1", "a.0x", "%31", "a.%30x1", "999"})
        EXPECT_TRUE(ends_in_a_number(host)) << host;
    for (char const* host : {"a", "1.a", "1a", "0xg", "x1", "1.2.3.4..", "a.1b", "", ".", "0x7f.a"})
        EXPECT_FALSE(ends_in_a_number(host)) << host;
}

} // namespace
