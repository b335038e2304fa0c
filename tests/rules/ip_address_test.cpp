// SPDX-License-Identifier: Apache-2.0
// The address rules: IPv4address, IPv6address, IPvFuture (src/rules/ipv4_address.hpp,
// ipv6_address.hpp, ipvfuture.hpp).
#include <arpa/inet.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "rules/ipv4_address.hpp"
#include "rules/ipv6_address.hpp"
#include "rules/ipvfuture.hpp"

namespace {

using ftpuri::rules::ipv6_pieces;
using ftpuri::rules::is_ipvfuture;
using ftpuri::rules::parse_ipv4address;
using ftpuri::rules::parse_ipv6address;

// The rules are constexpr: a few answers checked by the compiler.
static_assert(parse_ipv4address("127.0.0.1") == 0x7F000001U);
static_assert(!parse_ipv4address("127.0.0.01"));
static_assert(parse_ipv6address("::1") == ipv6_pieces{0, 0, 0, 0, 0, 0, 0, 1});
static_assert(!parse_ipv6address(":::"));

TEST(Ipv4Address, ReadsEachDecOctetAlternative)
{
    // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
    EXPECT_EQ(parse_ipv4address("0.9.10.99"), 0x00090A63U);
    EXPECT_EQ(parse_ipv4address("100.199.200.249"), 0x64C7C8F9U);
    EXPECT_EQ(parse_ipv4address("250.255.1.2"), 0xFAFF0102U);
}

TEST(Ipv4Address, RefusesWhatOtherParsersReadDifferently)
{
    for (char const* text :
         {"", "1", "1.2.3", "1.2.3.4.", "1.2.3.4.5", "01.2.3.4", "1.2.3.00", "256.1.1.1", "1.2.3.260", "0x7f.0.0.1",
          "1..2.3", ".1.2.3", "1.2.3.4 ", "1.2.3.1000", "-1.2.3.4", "1.2.3.a"})
        EXPECT_FALSE(parse_ipv4address(text).has_value()) << text;
}

TEST(Ipv6Address, ReadsEachOfTheNineAlternatives)
{
    struct row {
        char const* text;
        ipv6_pieces pieces;
    };
    row const rows[] = {
        {"1:2:3:4:5:6:7:8", {1, 2, 3, 4, 5, 6, 7, 8}},                 // 6( h16 ":" ) ls32
        {"1:2:3:4:5:6:1.2.3.4", {1, 2, 3, 4, 5, 6, 0x0102, 0x0304}},   // ... with an IPv4address
        {"::2:3:4:5:6:7:8", {0, 2, 3, 4, 5, 6, 7, 8}},                 // "::" 5( h16 ":" ) ls32
        {"1::3:4:5:6:7:8", {1, 0, 3, 4, 5, 6, 7, 8}},                  // [ h16 ] "::" 4( h16 ":" ) ls32
        {"1:2::4:5:6:7:8", {1, 2, 0, 4, 5, 6, 7, 8}},                  // [ *1( h16 ":" ) h16 ] "::" 3(...)
        {"1:2:3::5:6:7:8", {1, 2, 3, 0, 5, 6, 7, 8}},                  // [ *2(...) ] "::" 2( h16 ":" ) ls32
        {"1:2:3:4::6:7:8", {1, 2, 3, 4, 0, 6, 7, 8}},                  // [ *3(...) ] "::" h16 ":" ls32
        {"1:2:3:4:5::7:8", {1, 2, 3, 4, 5, 0, 7, 8}},                  // [ *4(...) ] "::" ls32
        {"1:2:3:4:5::1.2.3.4", {1, 2, 3, 4, 5, 0, 0x0102, 0x0304}},    // ... ls32 as IPv4address
        {"1:2:3:4:5:6::8", {1, 2, 3, 4, 5, 6, 0, 8}},                  // [ *5(...) ] "::" h16
        {"1:2:3:4:5:6:7::", {1, 2, 3, 4, 5, 6, 7, 0}},                 // [ *6(...) ] "::"
        {"::", {0, 0, 0, 0, 0, 0, 0, 0}},                              // the shortest
        {"::ffff:192.0.2.1", {0, 0, 0, 0, 0, 0xFFFF, 0xC000, 0x0201}}, // IPv4-mapped
        {"FEDC:ba98:0:0:0:0:0:1", {0xFEDC, 0xBA98, 0, 0, 0, 0, 0, 1}}, // case
        {"0001:0002:0003:0004:0005:0006:0007:0008", {1, 2, 3, 4, 5, 6, 7, 8}},
    };
    for (row const& r : rows) {
        std::optional<ipv6_pieces> const got = parse_ipv6address(r.text);
        ASSERT_TRUE(got.has_value()) << r.text;
        EXPECT_EQ(*got, r.pieces) << r.text;
    }
}

TEST(Ipv6Address, RefusesEveryShapeOutsideTheAlternatives)
{
    for (char const* text : {"",
                             ":",
                             ":::",
                             "1",
                             "1:2:3:4:5:6:7",
                             "1:2:3:4:5:6:7:8:9",
                             ":1:2:3:4:5:6:7",
                             "1:2:3:4:5:6:7:",
                             "1::2::3",
                             "1:2:3:4:5:6:7:8::",
                             "::1:2:3:4:5:6:7:8",
                             "12345::",
                             "1:2:3:4:5:6:7:1.2.3.4",
                             "::1.2.3",
                             "::1.2.3.4:5",
                             "::01.2.3.4",
                             "::256.1.1.1",
                             "1.2.3.4::",
                             "g::",
                             "::1 ",
                             "[::1]",
                             "::%31",
                             "fe80::1%eth0",
                             "1:2:3:4:5:6:7:8:",
                             "::ffff:1.2.3.4.5",
                             "1:::2",
                             "1:2:3:4:5:6:7:8:1.2.3.4"})
        EXPECT_FALSE(parse_ipv6address(text).has_value()) << text;
}

// Against glibc's inet_pton, which implements RFC 4291 2.2's text forms, the same language: a
// deterministic sample of strings over the bytes an IPv6 literal is made of.
TEST(Ipv6Address, AgreesWithInetPton)
{
    std::mt19937 random(20261123); // NOLINT(cert-msc32-c,cert-msc51-cpp): a fixed seed repeats a failure
    std::string const alphabet = "0123456789abcdefABCDEF:.";
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    std::uniform_int_distribution<int> length(0, 24);
    int accepted = 0;
    for (int i = 0; i < 300000; ++i) {
        std::string text;
        for (int n = length(random); n > 0; --n) {
            // Mostly colons and a few digits, so that many strings are near-addresses.
            char const c = alphabet[pick(random)];
            text += c == '.' && (random() % 3) != 0 ? ':' : c;
        }
        std::array<unsigned char, 16> bytes{};
        bool const pton = inet_pton(AF_INET6, text.c_str(), bytes.data()) == 1;
        std::optional<ipv6_pieces> const got = parse_ipv6address(text);
        ASSERT_EQ(got.has_value(), pton) << '"' << text << '"';
        if (!got) continue;
        ++accepted;
        for (std::size_t k = 0; k < 8; ++k)
            ASSERT_EQ((*got)[k], bytes[2 * k] << 8U | bytes[2 * k + 1]) << text;
    }
    EXPECT_GT(accepted, 100); // the sample reached the accepting side too
}

// A rule reads only the view it is given. Its callers hand it part of a longer string (the
// address between "[" and "]", a host before ":"), so a byte read past the view would be a byte
// of the URI: here the bytes that follow each text are the ones that would change the answer,
// and an exact-size copy lets the sanitizer stage see a read past its end.
TEST(IpAddress, ReadsNothingPastItsView)
{
    std::string const texts[] = {"",
                                 ":",
                                 "1:",
                                 "1:2:3:4:5:6:7:",
                                 "1::",
                                 "::",
                                 "1",
                                 "1.2",
                                 "1.2.3",
                                 "1.2.3.",
                                 "1.2.3.4",
                                 "::1.2.3",
                                 "::1.2",
                                 "1:2:3:4:5:6:7",
                                 "12345",
                                 "::ffff",
                                 "1:2:3:4:5:6:1.2.3"};
    for (std::string const& text : texts) {
        for (std::string const suffix : {":", "::", ".", ".4", "4", ":1", "1.2.3.4"}) {
            std::string const padded = text + suffix;
            std::string_view const view = std::string_view(padded).substr(0, text.size());
            EXPECT_EQ(parse_ipv6address(view), parse_ipv6address(text)) << '"' << text << "\" + \"" << suffix << '"';
            EXPECT_EQ(parse_ipv4address(view), parse_ipv4address(text)) << '"' << text << "\" + \"" << suffix << '"';
        }
        auto const exact = std::make_unique<char[]>(text.size());
        std::copy(text.begin(), text.end(), exact.get());
        std::string_view const alone(exact.get(), text.size());
        EXPECT_EQ(parse_ipv6address(alone), parse_ipv6address(text)) << text;
        EXPECT_EQ(parse_ipv4address(alone), parse_ipv4address(text)) << text;
    }
}

TEST(IpvFuture, ReadsItsOneForm)
{
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    for (char const* text : {"v1.x", "V7.a:b", "vFF.-._~!$&'()*+,;=:", "v0.0"})
        EXPECT_TRUE(is_ipvfuture(text)) << text;
    for (char const* text : {"", "v", "v.", "v1", "v1.", "vg.x", "1.x", "v1.x/", "v1.x@", "v1.%41", "v1.[", "w1.x"})
        EXPECT_FALSE(is_ipvfuture(text)) << text;
}

} // namespace
