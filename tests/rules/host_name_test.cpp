// SPDX-License-Identifier: Apache-2.0
// The host-name rules: dns-name and its constraints, and the numeric-host constraint
// (src/rules/dns_name.hpp, numeric_host.hpp).
#include <cstddef>
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

// The constraint as stated: decode the whole host, drop one trailing ".", and judge the label
// after the last "." left.
bool ends_in_a_number_model(std::string_view raw)
{
    auto const hex_value = [](char c) {
        std::string_view const digits = "0123456789abcdef";
        std::size_t const at = digits.find(static_cast<char>(c >= 'A' && c <= 'F' ? c + ('a' - 'A') : c));
        return at == std::string_view::npos ? -1 : static_cast<int>(at);
    };
    std::string decoded;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '%' && i + 2 < raw.size() && hex_value(raw[i + 1]) >= 0 && hex_value(raw[i + 2]) >= 0) {
            decoded += static_cast<char>(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
            i += 2;
        } else {
            decoded += raw[i];
        }
    }
    if (decoded.size() > 1 && decoded.back() == '.') decoded.pop_back();
    std::size_t const last_dot = decoded.rfind('.');
    std::string const label = last_dot == std::string::npos ? decoded : decoded.substr(last_dot + 1);
    auto const all_of = [](std::string_view text, std::string_view set) {
        return text.find_first_not_of(set) == std::string_view::npos;
    };
    bool const digits = !label.empty() && all_of(label, "0123456789");
    bool const hex = label.size() >= 2 && label[0] == '0' && (label[1] == 'x' || label[1] == 'X') &&
                     all_of(std::string_view(label).substr(2), "0123456789abcdefABCDEF");
    return digits || hex;
}

TEST(NumericHost, AnswersAsTheConstraintOnEveryShortHost)
{
    // Every host of up to six bytes over the bytes that spell numbers, labels and escapes
    // ("%2E" is an escaped "."): the last label written plainly and the decoded read agree.
    std::string_view const alphabet = "01x.%2Eag";
    std::string host;
    std::size_t checked = 0;
    auto const visit = [&](auto const& self, std::size_t length) -> void {
        EXPECT_EQ(ends_in_a_number(host), ends_in_a_number_model(host)) << host;
        ++checked;
        if (length == 6) return;
        for (char const c : alphabet) {
            host.push_back(c);
            self(self, length + 1);
            host.pop_back();
        }
    };
    visit(visit, 0);
    EXPECT_EQ(checked, std::size_t{597871}); // 1 + 9 + ... + 9^6
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
