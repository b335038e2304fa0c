// SPDX-License-Identifier: Apache-2.0
// tests/policy/host_class_test.cpp: every class range at its edges, every unwrapping, every reading of
// a host.
//
// The expected classes are written out here by hand from the RFCs (docs/sanitizing.md has the
// table), not computed from ipv4_class_rows: a row with a wrong prefix length, class or order
// fails. Each range is tested at its first and last address and one address outside each end.
#include <gtest/gtest.h>

#include <arpa/inet.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"

namespace {

using ftpuri::host_class;
using ftpuri::profile;

struct address_case {
    char const* address;
    host_class expected;
};

host_class classify_text(std::string const& text)
{
    std::array<std::uint8_t, 16> bytes{};
    if (inet_pton(AF_INET, text.c_str(), bytes.data()) == 1)
        return ftpuri::classify_address(std::span<std::uint8_t const, 4>(bytes.data(), 4));
    EXPECT_EQ(inet_pton(AF_INET6, text.c_str(), bytes.data()), 1) << text;
    return ftpuri::classify_address(std::span<std::uint8_t const, 16>(bytes));
}

std::string name(host_class c)
{
    return std::string(ftpuri::to_string(c));
}

constexpr host_class loopback = host_class::loopback;
constexpr host_class unspecified = host_class::unspecified;
constexpr host_class link_local = host_class::link_local;
constexpr host_class private_ = host_class::private_;
constexpr host_class broadcast = host_class::broadcast;
constexpr host_class multicast = host_class::multicast;
constexpr host_class reserved = host_class::reserved;
constexpr host_class documentation = host_class::documentation;
constexpr host_class special_use = host_class::special_use;
constexpr host_class public_ = host_class::public_;

// first, last, and one outside each end, row by row of docs/sanitizing.md's IPv4 table
constexpr address_case ipv4_edges[] = {
    // 0.0.0.0/8, RFC 791, RFC 1122
    {"0.0.0.0", unspecified},
    {"0.255.255.255", unspecified},
    {"1.0.0.0", public_},
    // 10.0.0.0/8, RFC 1918
    {"9.255.255.255", public_},
    {"10.0.0.0", private_},
    {"10.255.255.255", private_},
    {"11.0.0.0", public_},
    // 100.64.0.0/10, RFC 6598
    {"100.63.255.255", public_},
    {"100.64.0.0", private_},
    {"100.127.255.255", private_},
    {"100.128.0.0", public_},
    // 127.0.0.0/8, RFC 1122
    {"126.255.255.255", public_},
    {"127.0.0.0", loopback},
    {"127.255.255.255", loopback},
    {"128.0.0.0", public_},
    // 169.254.0.0/16, RFC 3927
    {"169.253.255.255", public_},
    {"169.254.0.0", link_local},
    {"169.254.255.255", link_local},
    {"169.255.0.0", public_},
    // 172.16.0.0/12, RFC 1918
    {"172.15.255.255", public_},
    {"172.16.0.0", private_},
    {"172.31.255.255", private_},
    {"172.32.0.0", public_},
    // 192.0.0.0/24, RFC 6890 (with 192.0.0.9 PCP and 192.0.0.170 NAT64 discovery inside)
    {"191.255.255.255", public_},
    {"192.0.0.0", reserved},
    {"192.0.0.9", reserved},
    {"192.0.0.170", reserved},
    {"192.0.0.255", reserved},
    {"192.0.1.0", public_},
    // 192.0.2.0/24, RFC 5737
    {"192.0.1.255", public_},
    {"192.0.2.0", documentation},
    {"192.0.2.255", documentation},
    {"192.0.3.0", public_},
    // 192.31.196.0/24, RFC 7535
    {"192.31.195.255", public_},
    {"192.31.196.0", reserved},
    {"192.31.196.255", reserved},
    {"192.31.197.0", public_},
    // 192.52.193.0/24, RFC 7450
    {"192.52.192.255", public_},
    {"192.52.193.0", reserved},
    {"192.52.193.255", reserved},
    {"192.52.194.0", public_},
    // 192.88.99.0/24, RFC 7526
    {"192.88.98.255", public_},
    {"192.88.99.0", reserved},
    {"192.88.99.255", reserved},
    {"192.88.100.0", public_},
    // 192.168.0.0/16, RFC 1918
    {"192.167.255.255", public_},
    {"192.168.0.0", private_},
    {"192.168.255.255", private_},
    {"192.169.0.0", public_},
    // 192.175.48.0/24, RFC 7534
    {"192.175.47.255", public_},
    {"192.175.48.0", reserved},
    {"192.175.48.255", reserved},
    {"192.175.49.0", public_},
    // 198.18.0.0/15, RFC 2544
    {"198.17.255.255", public_},
    {"198.18.0.0", reserved},
    {"198.19.255.255", reserved},
    {"198.20.0.0", public_},
    // 198.51.100.0/24, RFC 5737
    {"198.51.99.255", public_},
    {"198.51.100.0", documentation},
    {"198.51.100.255", documentation},
    {"198.51.101.0", public_},
    // 203.0.113.0/24, RFC 5737
    {"203.0.112.255", public_},
    {"203.0.113.0", documentation},
    {"203.0.113.255", documentation},
    {"203.0.114.0", public_},
    // 224.0.0.0/4, RFC 5771
    {"223.255.255.255", public_},
    {"224.0.0.0", multicast},
    {"239.255.255.255", multicast},
    // 240.0.0.0/4, RFC 1112, and 255.255.255.255, RFC 919, inside it
    {"240.0.0.0", reserved},
    {"255.255.255.254", reserved},
    {"255.255.255.255", broadcast},
    // public, between the rows
    {"8.8.8.8", public_},
    {"1.1.1.1", public_},
    {"223.0.0.1", public_},
};

constexpr address_case ipv6_edges[] = {
    // ::/128 and ::1/128, RFC 4291
    {"::", unspecified},
    {"::1", loopback},
    // fe80::/10, RFC 4291
    {"fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", reserved},
    {"fe80::", link_local},
    {"febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", link_local},
    // fec0::/10, RFC 3879
    {"fec0::", private_},
    {"feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", private_},
    // fc00::/7, RFC 4193
    {"fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", reserved},
    {"fc00::", private_},
    {"fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", private_},
    {"fe00::", reserved},
    // ff00::/8, RFC 4291
    {"ff00::", multicast},
    {"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", multicast},
    // 2001:db8::/32, RFC 3849
    {"2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", public_},
    {"2001:db8::", documentation},
    {"2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", documentation},
    {"2001:db9::", public_},
    // 3fff::/20, RFC 9637
    {"3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff", public_},
    {"3fff::", documentation},
    {"3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", documentation},
    {"3fff:1000::", public_},
    // 2001::/23, RFC 2928 (Teredo 2001::/32 inside: carrying a public client, reserved)
    // (2001:: itself is Teredo carrying client ~0.0.0.0 = 255.255.255.255: broadcast, below)
    {"2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", public_},
    {"2001:1::", reserved},
    {"2001:1::1", reserved},
    {"2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", reserved},
    {"2001:200::", public_},
    // 2002::/16, RFC 3056 (carrying a public IPv4: reserved)
    {"2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff", public_},
    {"2002:808:808::", reserved},
    {"2002:808:808:ffff:ffff:ffff:ffff:ffff", reserved},
    {"2003::", public_},
    {"2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff", broadcast}, // carries 255.255.255.255
    // 2620:4f:8000::/48, RFC 7534
    {"2620:4f:7fff:ffff:ffff:ffff:ffff:ffff", public_},
    {"2620:4f:8000::", reserved},
    {"2620:4f:8000:ffff:ffff:ffff:ffff:ffff", reserved},
    {"2620:4f:8001::", public_},
    // 2000::/3, RFC 4291 2.4: public; everything else outside the rows reserved
    {"1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", reserved},
    {"2000::", public_},
    {"3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", public_},
    {"4000::", reserved},
    {"64:ff9b:1::1", reserved},
    {"100::1", reserved},
    {"5f00::1", reserved},
    {"::ffff:0:7f00:1", reserved},
    {"2606:4700::1111", public_},
};

// IPv4-mapped, IPv4-compatible and NAT64 addresses take their IPv4's class; 6to4 and Teredo
// theirs when it is not public.
constexpr address_case unwrapped[] = {
    {"::ffff:127.0.0.1", loopback},
    {"::ffff:0.0.0.0", unspecified},
    {"::ffff:255.255.255.255", broadcast},
    {"::ffff:169.254.169.254", link_local},
    {"::ffff:10.1.2.3", private_},
    {"::ffff:100.64.0.1", private_},
    {"::ffff:224.0.0.1", multicast},
    {"::ffff:192.0.2.1", documentation},
    {"::ffff:8.8.8.8", public_},
    {"::fffe:ffff:ffff", reserved},
    {"::1:0:0:0", reserved}, // next to the mapped range
    {"::127.0.0.1", loopback},
    {"::0.0.0.2", unspecified},
    {"::10.0.0.1", private_},
    {"::8.8.8.8", public_},
    {"::ffff", unspecified},
    {"::2", unspecified},
    {"::1:0:0", reserved},
    {"64:ff9b::127.0.0.1", loopback},
    {"64:ff9b::a9fe:a9fe", link_local},
    {"64:ff9b::808:808", public_},
    {"64:ff9b::ffff:ffff", broadcast},
    {"64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff", reserved},
    {"64:ff9b::1:0:0", reserved},
    {"2002:7f00:1::", loopback},
    {"2002:a00:1::", private_},
    {"2002:c0a8:101::", private_},
    {"2001::", broadcast},                              // client ~0 = 255.255.255.255
    {"2001:0:4136:e378:8000:63bf:80ff:fffe", loopback}, // client ~0x80fffffe = 127.0.0.1
    {"2001:0:4136:e378:8000:63bf:f5ff:fffe", private_}, // client 10.0.0.1
    {"2001:0:4136:e378:8000:63bf:f7f7:f7f7", reserved}, // client 8.8.8.8, public: the row's reserved
};

TEST(host_class, every_ipv4_range_at_its_edges)
{
    for (address_case const& c : ipv4_edges)
        EXPECT_EQ(name(classify_text(c.address)), name(c.expected)) << c.address;
}

TEST(host_class, every_ipv6_range_at_its_edges)
{
    for (address_case const& c : ipv6_edges)
        EXPECT_EQ(name(classify_text(c.address)), name(c.expected)) << c.address;
}

TEST(host_class, wrapped_ipv4_addresses_take_their_class)
{
    for (address_case const& c : unwrapped)
        EXPECT_EQ(name(classify_text(c.address)), name(c.expected)) << c.address;
}

// The tables agree with themselves: each row's first address is in the row's class (a row
// hidden by an earlier, wider one would not be).
TEST(host_class, no_row_is_shadowed)
{
    for (ftpuri::ipv4_class_row const& row : ftpuri::ipv4_class_rows)
        EXPECT_EQ(name(ftpuri::classify_address(std::span<std::uint8_t const, 4>(row.first))), name(row.cls))
            << row.reference;
    for (ftpuri::ipv6_class_row const& row : ftpuri::ipv6_class_rows) {
        host_class const got = ftpuri::classify_address(std::span<std::uint8_t const, 16>(row.first));
        // 2001:: and 2002:: carry 0.0.0.0 / 255.255.255.255 (Teredo inverts): never public, not the row's
        if (row.first[0] == 0x20 && (row.first[1] == 0x01 || row.first[1] == 0x02) && row.prefix_bits <= 23) {
            EXPECT_NE(name(got), name(public_)) << row.reference;
            continue;
        }
        EXPECT_EQ(name(got), name(row.cls)) << row.reference;
    }
}

struct host_case {
    char const* uri;
    profile syntax;
    host_class expected;
};

constexpr profile strict = profile::strict;
constexpr profile rfc3986 = profile::rfc3986;
constexpr profile lenient = profile::lenient;

// A URI's host, as written, by every reading.
constexpr host_case hosts[] = {
    // IP literals, in any spelling, canonical or not
    {"ftp://[::ffff:127.0.0.1]/", strict, loopback},
    {"ftp://[::FFFF:7f00:1]/", strict, loopback},
    {"ftp://[0:0:0:0:0:ffff:7f00:0001]/", strict, loopback},
    {"ftp://[::1]/", strict, loopback},
    {"ftp://[0::1]/", strict, loopback},
    {"ftp://[::]/", strict, unspecified},
    {"ftp://[::127.0.0.1]/", strict, loopback},
    {"ftp://[64:ff9b::127.0.0.1]/", strict, loopback},
    {"ftp://[::ffff:169.254.169.254]/", strict, link_local},
    {"ftp://[fe80::1]/", strict, link_local},
    {"ftp://[2001:db8::7]/", strict, documentation},
    {"ftp://[2606:4700::1111]/", strict, public_},
    {"ftp://[v1.x]/", rfc3986, reserved},
    // dotted quads
    {"ftp://127.0.0.1/", strict, loopback},
    {"ftp://169.254.169.254/latest/", strict, link_local},
    {"ftp://192.0.2.1/", strict, documentation},
    {"ftp://93.184.216.34/", strict, public_},
    // every reading of a numeric host (rfc3986 and lenient keep them, with a warning)
    {"ftp://0x7f.1/", rfc3986, loopback},
    {"ftp://0177.0.0.1/", rfc3986, loopback},
    {"ftp://2130706433/", rfc3986, loopback},
    {"ftp://127.1/", rfc3986, loopback},
    {"ftp://0x7F000001/", rfc3986, loopback},
    {"ftp://017700000001/", rfc3986, loopback},
    {"ftp://127.0.0.1./", rfc3986, loopback},
    {"ftp://0x7f.0.0.0x1/", lenient, loopback},
    {"ftp://%30x7f.1/", rfc3986, loopback},
    {"ftp://127.0.0.%31/", lenient, loopback},
    {"ftp://0/", rfc3986, unspecified},
    {"ftp://0x/", rfc3986, unspecified},
    {"ftp://0x0.0/", rfc3986, unspecified},
    {"ftp://4294967295/", rfc3986, broadcast},
    {"ftp://0xffffffff/", rfc3986, broadcast},
    {"ftp://010.0.0.1/", rfc3986, private_},     // 8.0.0.1 to WHATWG and inet_aton, 10.0.0.1 to others
    {"ftp://0300.0250.0.1/", rfc3986, private_}, // 192.168.0.1
    {"ftp://0xc0.0250.01/", lenient, private_},
    {"ftp://09.1/", rfc3986, reserved}, // no reader takes it as an address, no DNS name ends in a number
    {"ftp://1.2.3.4.5/", rfc3986, reserved},
    {"ftp://4294967296/", rfc3986, reserved},
    {"ftp://127.16777215/", rfc3986, loopback},
    {"ftp://8.8.2056/", rfc3986, public_},
    // names
    {"ftp://localhost/", strict, loopback},
    {"ftp://LOCALHOST./", strict, loopback},
    {"ftp://a.localhost./", strict, loopback},
    {"ftp://local%68ost/", rfc3986, loopback},
    {"ftp://localhost%2E/", rfc3986, loopback},
    {"ftp://printer.local./", strict, special_use},
    {"ftp://x.home.arpa/", strict, special_use},
    {"ftp://svc.internal/", strict, special_use},
    {"ftp://abc.onion/", strict, special_use},
    {"ftp://t.test/", strict, special_use},
    {"ftp://x.invalid/", strict, special_use},
    {"ftp://localhost.example.org/", strict, public_},
    {"ftp://a.notlocalhost/", strict, public_},
    {"ftp://a.mylocal/", strict, public_},
    {"ftp://xhome.arpa/", strict, public_},
    {"ftp://foo.onionx/", strict, public_},
    {"ftp://ftp.example.org/", strict, public_},
    // The machine itself by /etc/hosts on common systems (Debian's, Red Hat's).
    {"ftp://localhost.localdomain/", strict, loopback},
    {"ftp://LOCALHOST.localdomain./", strict, loopback},
    {"ftp://localhost6/", strict, loopback},
    {"ftp://ip6-localhost/", strict, loopback},
    {"ftp://ip6-loopback/", strict, loopback},
    {"ftp://ip6-loopback.example/", strict, public_},
    {"ftp://localhost4/", strict, loopback},
    {"ftp://localhost4.localdomain4/", strict, loopback},
    {"ftp://LOCALHOST6.localdomain6./", strict, loopback},
    // One label is never an Internet host: search domains make it internal (cloud metadata).
    {"ftp://metadata/", strict, special_use},
    {"ftp://instance-data/", strict, special_use},
    {"ftp://metadata./", strict, special_use},
    {"ftp://intranet/", strict, special_use},
    {"ftp://a!b/", rfc3986, special_use},
    // A name that begins with a dotted IPv4 address: wildcard DNS answers with that address.
    {"ftp://127.0.0.1.nip.io/", strict, loopback},
    {"ftp://10.0.0.5.sslip.io/", strict, private_},
    {"ftp://169.254.169.254.nip.io/latest/", strict, link_local},
    {"ftp://app.127.0.0.1.nip.io/", strict, public_}, // not at the start: nip.io reads the last
    {"ftp://127.0.0.nip.io/", strict, public_},       // three parts are no address
    {"ftp://1.2.3.4.example/", strict, public_},
    {"ftp://127.0.0.1.nip.io/", rfc3986, loopback},
    // A legacy inet_aton() stops at a space and reads what is before it as an address.
    {"ftp://127.0.0.1%20x/", rfc3986, loopback},
    {"ftp://127.0.0.1%09.evil.example/", rfc3986, loopback},
    {"ftp://0x7f.1%20x/", rfc3986, loopback},
    {"ftp://10.1%0Bx/", rfc3986, private_},
    {"ftp://x%20127.0.0.1/", rfc3986, reserved},
    // A reader that parses the decoded URI again ends the host at a delimiter and begins it
    // after an "@": each takes the address.
    {"ftp://10.0.0.1%2Fx.example.com/", rfc3986, private_},
    {"ftp://127.0.0.1%3A21/", rfc3986, loopback},
    {"ftp://127.0.0.1%23/", rfc3986, loopback},
    {"ftp://127.0.0.1%3F/", rfc3986, loopback},
    {"ftp://169.254.169.254%5Cx/", rfc3986, link_local},
    {"ftp://evil.example%40127.0.0.1/", rfc3986, loopback},
    {"ftp://LOCALHOST%2Fx.example.com/", rfc3986, loopback},
    {"ftp://10.0.0.1%2Fx.example.com/", lenient, private_},
    {"ftp://a%2F%40127.0.0.1/", rfc3986, reserved}, // the "@" after the "/" is the path's
    // ... and takes a user and a password before the "@", and an IPv6 literal in brackets.
    {"ftp://a%3Ab%40127.0.0.1/", rfc3986, loopback},
    {"ftp://x%3Ay%40169.254.169.254/", lenient, link_local},
    {"ftp://%5B%3A%3A1%5D/", rfc3986, loopback},
    {"ftp://%5B%3A%3Affff%3A10.0.0.1%5D%3A21/", rfc3986, private_},
    // A reader that decodes the host IDNA-maps it (WHATWG): fullwidth digits and letters, the
    // ideographic full stop and a soft hyphen map to ASCII.
    {"ftp://%EF%BC%91%EF%BC%92%EF%BC%97.%EF%BC%90.%EF%BC%90.%EF%BC%91/", rfc3986, loopback},
    {"ftp://169.254.169.%EF%BC%92%EF%BC%95%EF%BC%94/", rfc3986, link_local},
    {"ftp://%EF%BD%8C%EF%BD%8F%EF%BD%83%EF%BD%81%EF%BD%8C%EF%BD%88%EF%BD%8F%EF%BD%93%EF%BD%94/", rfc3986, loopback},
    {"ftp://%E3%80%82localhost/", lenient, loopback},
    {"ftp://%C2%AD.localhost/", lenient, loopback},
    {"ftp://evil%40%EF%BC%91%EF%BC%90.0.0.1/", rfc3986, private_},
    // hosts that are no name a resolver takes
    {"ftp:///pub/", rfc3986, unspecified},
    {"ftp://evil.com%2F.example.org/", rfc3986, reserved},
    {"ftp://a!b.example/", rfc3986, public_},
};

TEST(host_class, every_reading_of_a_uri_host)
{
    for (host_case const& c : hosts) {
        std::string const text = c.uri;
        ftpuri::parse_result const r = ftpuri::parse(text, {c.syntax});
        ASSERT_TRUE(r) << c.uri << ": " << r.error().info().name;
        EXPECT_EQ(name(ftpuri::classify_host(*r)), name(c.expected)) << c.uri;
        EXPECT_TRUE(ftpuri::host_classes(*r).contains(c.expected)) << c.uri;
    }
}

// A reg-name too long for DNS (rfc3986 and lenient allow one) is reserved whatever its case:
// the class once depended on whether the canonical form had to lowercase it (found by the parse
// fuzzer).
TEST(host_class, a_name_too_long_for_dns_is_reserved_in_any_spelling)
{
    // Labels of 70 bytes: a reg-name (host.not-dns), not a DNS name that is too long.
    std::string const label(70, 'a');
    std::string const long_name = label + "." + label + "." + label + "." + label; // 283 bytes
    std::string upper = long_name;
    upper[0] = 'A';
    for (std::string const& host : {long_name, upper}) {
        std::string const text = "ftp://" + host + "/";
        ftpuri::parse_result const r = ftpuri::parse(text, {profile::rfc3986});
        ASSERT_TRUE(r) << r.error().info().name;
        EXPECT_EQ(name(ftpuri::classify_host(*r)), "reserved") << host.substr(0, 2);
    }
}

// A host of any length has its readings: leading zeros do not count to glibc or WHATWG, and a
// decoded "@" or a space ends what a reader takes long before the host's end.
TEST(host_class, a_long_host_has_every_reading)
{
    struct long_case {
        std::string host;
        profile syntax;
        host_class expected;
    };
    std::string const zeros(250, '0');
    std::string at_signs;
    std::string spaces;
    for (int i = 0; i < 90; ++i)
        at_signs += "%40";
    for (int i = 0; i < 100; ++i)
        spaces += "%20";
    long_case const cases[] = {
        {"0x" + zeros + "7f000001", rfc3986, loopback},
        {"0x" + zeros + "7F000001", rfc3986, loopback}, // respelled: the canonical host is lowercase
        {"127.0.0." + zeros + zeros + "1", rfc3986, loopback},
        {"0" + zeros + "12.0.0.1", rfc3986, private_}, // octal 012: 10.0.0.1
        {at_signs + "127.0.0.1", lenient, loopback},
        {"127.0.0.1" + spaces + "x", rfc3986, loopback},
        {std::string(300, 'a') + ".localhost", rfc3986, loopback},
    };
    for (long_case const& c : cases) {
        std::string const text = "ftp://" + c.host + "/";
        ftpuri::parse_result const r = ftpuri::parse(text, {c.syntax});
        ASSERT_TRUE(r) << c.host.substr(0, 12) << ": " << r.error().info().name;
        EXPECT_EQ(name(ftpuri::classify_host(*r)), name(c.expected))
            << c.host.substr(0, 12) << " ... " << c.host.size();
    }
}

TEST(host_class, a_numeric_host_has_every_class_of_its_readings)
{
    std::string const text = "ftp://010.0.0.1/";
    ftpuri::parse_result const r = ftpuri::parse(text, {profile::rfc3986});
    ASSERT_TRUE(r);
    ftpuri::host_class_set const classes = ftpuri::host_classes(*r);
    EXPECT_TRUE(classes.contains(public_));  // 8.0.0.1
    EXPECT_TRUE(classes.contains(private_)); // 10.0.0.1
    EXPECT_EQ(name(classes.worst()), "private");
    EXPECT_EQ(name(classes.worst_in({public_})), "public");
}

TEST(host_class, names_round_trip)
{
    for (std::size_t i = 0; i < ftpuri::host_class_count; ++i) {
        auto const c = static_cast<host_class>(i);
        EXPECT_EQ(ftpuri::host_class_from_string(ftpuri::to_string(c)), c);
    }
    EXPECT_EQ(ftpuri::to_string(host_class::private_), "private");
    EXPECT_EQ(ftpuri::to_string(host_class::link_local), "link-local");
    EXPECT_EQ(ftpuri::to_string(host_class::special_use), "special-use");
    EXPECT_FALSE(ftpuri::host_class_from_string("Private").has_value());
    EXPECT_FALSE(ftpuri::host_class_from_string("").has_value());
}

TEST(host_class, sets)
{
    ftpuri::host_class_set const non_public = ftpuri::host_class_set::non_public();
    for (std::size_t i = 0; i < ftpuri::host_class_count; ++i) {
        auto const c = static_cast<host_class>(i);
        EXPECT_EQ(non_public.contains(c), c != public_) << name(c);
    }
    ftpuri::host_class_set s{multicast, loopback};
    EXPECT_EQ(name(s.worst()), "loopback");
    EXPECT_EQ(name(s.worst_in({multicast, reserved})), "multicast");
    s.erase(loopback);
    EXPECT_EQ(s, (ftpuri::host_class_set{multicast}));
    EXPECT_TRUE(ftpuri::host_class_set{}.empty());
    EXPECT_EQ(name(ftpuri::host_class_set{}.worst()), "public");
}

} // namespace
