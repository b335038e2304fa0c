// SPDX-License-Identifier: Apache-2.0
// tests/grammar/grammar_host_test.cpp: the host's rules of docs/grammar.abnf (dns-name and label in
// strict, reg-name in rfc3986; IPv4address and dec-octet with the numeric-host constraint;
// IP-literal: IPv6address in both profiles, IPvFuture in rfc3986), one row per input and profile.
// Each row runs through ftpuri::parse and ftpuri::validate (tests/support/grammar_rows.hpp:
// the components of valid rows, the error id and offset of invalid ones, from docs/scanner.md).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ftpuri/ftpuri.hpp"
#include "support/diagnostic_text.hpp"
#include "support/grammar_rows.hpp"

namespace {

using ftpuri::host_kind;
using ftpuri_test::L;
using ftpuri_test::R;
using ftpuri_test::row;

using ftpuri_test::Rule;

// ---------------------------------------------------------------------------------------------
// host: dns-name, label (strict); reg-name (rfc3986)
// ---------------------------------------------------------------------------------------------
std::string const label63(63, 'a');
std::string const label64(64, 'a');
// 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 bytes
std::string const name253 =
    std::string(63, 'a') + "." + std::string(63, 'b') + "." + std::string(63, 'c') + "." + std::string(61, 'd');
std::string const name254 = name253 + "e";
std::string const u_label63 = "ftp://" + label63 + "/";
std::string const u_label64 = "ftp://" + label64 + "/";
std::string const u_label64b = "ftp://a." + label64 + "/";
std::string const u_label64r = "ftp://" + label64 + "/";
std::string const u_name253 = "ftp://" + name253 + "/";
std::string const u_name253dot = "ftp://" + name253 + "./";
std::string const u_name254 = "ftp://" + name254 + "/";

std::vector<row> const& dns_rows()
{
    static std::vector<row> const rows = {
        {.input = "ftp://h/", .host = "h", .kind = host_kind::dns_name},
        {.input = "ftp://ftp.example.org/", .host = "ftp.example.org", .kind = host_kind::dns_name},
        {.input = "ftp://Example.COM/", .host = "Example.COM", .kind = host_kind::dns_name},
        {.input = "ftp://a-b.c--d/", .host = "a-b.c--d", .kind = host_kind::dns_name},
        {.input = "ftp://1a/", .host = "1a", .kind = host_kind::dns_name},
        {.input = "ftp://a.1a/", .host = "a.1a", .kind = host_kind::dns_name},
        {.input = "ftp://1.a/", .host = "1.a", .kind = host_kind::dns_name},
        {.input = "ftp://0xg/", .host = "0xg", .kind = host_kind::dns_name},
        {.input = "ftp://h./", .host = "h.", .kind = host_kind::dns_name},
        {.input = "ftp://xn--bcher-kva.example/", .kind = host_kind::dns_name},
        {.input = "ftp://h", .host = "h", .path = "", .nsegs = 0},
        {.input = "ftp://h:21", .host = "h", .port = 21, .path = ""},
        {.input = u_label63, .host = label63.c_str()},
        {.input = u_name253, .host = name253.c_str()},
        {.input = u_name253dot},
        {.input = u_label64, .valid = false, .error = "host.label-too-long", .offset = 6},
        {.input = u_label64b, .valid = false, .error = "host.label-too-long", .offset = 8},
        {.input = u_name254, .valid = false, .error = "host.too-long", .offset = 6},
        {.input = "ftp://-a/", .valid = false, .error = "host.label-hyphen", .offset = 6},
        {.input = "ftp://a-/", .valid = false, .error = "host.label-hyphen", .offset = 7},
        {.input = "ftp://a.-b/", .valid = false, .error = "host.label-hyphen", .offset = 8},
        {.input = "ftp://a.b-./", .valid = false, .error = "host.label-hyphen", .offset = 9},
        {.input = "ftp://a..b/", .valid = false, .error = "host.empty-label", .offset = 8},
        {.input = "ftp://.a/", .valid = false, .error = "host.empty-label", .offset = 6},
        {.input = "ftp://a../", .valid = false, .error = "host.empty-label", .offset = 8},
        {.input = "ftp://./", .valid = false, .error = "host.empty-label", .offset = 6},
        {.input = "ftp://a_b/", .valid = false, .error = "host.underscore", .offset = 7},
        {.input = "ftp://a_b/", .p = L, .host = "a_b", .kind = host_kind::reg_name},
        {.input = "ftp://a~b/", .valid = false, .error = "host.invalid-char", .offset = 7},
        {.input = "ftp://a!b/", .valid = false, .error = "host.invalid-char", .offset = 7},
        {.input = "ftp://h;type=a", .valid = false, .error = "host.invalid-char", .offset = 7},
        {.input = "ftp://h[x/", .valid = false, .error = "host.invalid-char", .offset = 7},
        {.input = "ftp://h%41/", .valid = false, .error = "host.percent-encoded", .offset = 7},
        {.input = "ftp://h%4/", .valid = false, .error = "pct.malformed", .offset = 7},
        {.input = "ftp://h%0D/", .valid = false, .error = "pct.forbidden-control", .offset = 7},
        {.input = "ftp://h%0D/", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 7},
        {.input = "ftp://a b/", .valid = false, .error = "char.space", .offset = 7},
        {.input = "ftp://h\\x/", .valid = false, .error = "char.unsafe", .offset = 7},
        {.input = "ftp://h\x7F/", .valid = false, .error = "char.control", .offset = 7},
        {.input = "ftp://h\xFF/", .valid = false, .error = "char.non-ascii", .offset = 7},
        {.input = "ftp:///p", .valid = false, .error = "host.empty", .offset = 6},
        {.input = "ftp://", .valid = false, .error = "host.empty", .offset = 6},
        {.input = "ftp://@/", .valid = false, .error = "host.empty", .offset = 7},
        {.input = "ftp://:21/", .valid = false, .error = "host.empty", .offset = 6},
        {.input = "ftp://#f", .valid = false, .error = "host.empty", .offset = 6},
        // rfc3986: reg-name
        {.input = "ftp://h/", .p = R, .host = "h", .kind = host_kind::dns_name},
        {.input = "ftp://a_b/", .p = R, .host = "a_b", .kind = host_kind::reg_name},
        {.input = "ftp://a~b!$&'()*+,;=/", .p = R, .host = "a~b!$&'()*+,;=", .kind = host_kind::reg_name},
        {.input = "ftp://h;type=a", .p = R, .host = "h;type=a", .kind = host_kind::reg_name, .path = "", .tc = '\0'},
        {.input = "ftp://-a/", .p = R, .host = "-a", .kind = host_kind::reg_name},
        {.input = "ftp://a..b/", .p = R, .host = "a..b", .kind = host_kind::reg_name},
        {.input = u_label64r, .p = R, .kind = host_kind::reg_name},
        {.input = "ftp://h%41/", .p = R, .host = "h%41", .kind = host_kind::reg_name},
        {.input = "ftp:///p", .p = R, .host = "", .kind = host_kind::reg_name, .path = "/p"},
        {.input = "ftp://", .p = R, .host = "", .path = ""},
        {.input = "ftp://h%4/", .p = R, .valid = false, .error = "pct.malformed", .offset = 7},
        {.input = "ftp://a b/", .p = R, .valid = false, .error = "char.space", .offset = 7},
        {.input = "ftp://h[x/", .p = R, .valid = false, .error = "host.invalid-char", .offset = 7},
    };
    return rows;
}
INSTANTIATE_TEST_SUITE_P(DnsName, Rule, ::testing::ValuesIn(dns_rows()));

// ---------------------------------------------------------------------------------------------
// IPv4address, dec-octet, and the numeric-host constraint
// ---------------------------------------------------------------------------------------------
row const ipv4_rows[] = {
    {.input = "ftp://1.2.3.4/", .host = "1.2.3.4", .kind = host_kind::ipv4},
    {.input = "ftp://0.0.0.0/", .host = "0.0.0.0", .kind = host_kind::ipv4},
    {.input = "ftp://255.255.255.255/", .kind = host_kind::ipv4},
    // dec-octet edges, first octet
    {.input = "ftp://0.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://9.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://10.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://99.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://100.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://199.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://200.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://249.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://250.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://255.1.1.1/", .kind = host_kind::ipv4},
    {.input = "ftp://256.1.1.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://01.1.1.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://00.1.1.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://260.1.1.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://300.1.1.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1000.1.1.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    // dec-octet edges, last octet
    {.input = "ftp://1.1.1.0/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.9/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.10/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.99/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.100/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.199/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.200/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.249/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.250/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.255/", .kind = host_kind::ipv4},
    {.input = "ftp://1.1.1.256/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1.1.1.01/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1.1.1.001/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1.1.1.2550/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    // other numeric forms other parsers read as addresses
    {.input = "ftp://127.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1.2.3/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1.2.3.4.5/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://2130706433/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://010.0.0.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://0x7f.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://0x7f000001/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://0X1F/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://a.1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://a.0x1/", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1.2.3.4./", .valid = false, .error = "host.numeric-ambiguous", .offset = 6},
    {.input = "ftp://1.2.3.4:21/", .host = "1.2.3.4", .kind = host_kind::ipv4, .port = 21},
    // rfc3986: a warning there
    {.input = "ftp://1.2.3.4/", .p = R, .host = "1.2.3.4", .kind = host_kind::ipv4},
    {.input = "ftp://127.1/", .p = R, .host = "127.1"},
    {.input = "ftp://256.1.1.1/", .p = R, .host = "256.1.1.1"},
    {.input = "ftp://0x7f.1/", .p = R, .host = "0x7f.1"},
};
INSTANTIATE_TEST_SUITE_P(IPv4address, Rule, ::testing::ValuesIn(ipv4_rows));

// ---------------------------------------------------------------------------------------------
// IP-literal: IPv6address (both profiles), IPvFuture (rfc3986 only)
// ---------------------------------------------------------------------------------------------
row const ipv6_rows[] = {
    // the nine RFC 3986 alternatives
    {.input = "ftp://[1:2:3:4:5:6:7:8]/", .host = "[1:2:3:4:5:6:7:8]", .kind = host_kind::ipv6},
    {.input = "ftp://[::2:3:4:5:6:7:8]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1::3:4:5:6:7:8]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1:2::4:5:6:7:8]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1:2:3::5:6:7:8]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1:2:3:4::6:7:8]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1:2:3:4:5::7:8]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1:2:3:4:5:6::8]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1:2:3:4:5:6:7::]/", .kind = host_kind::ipv6},
    // shorter forms of each "::" alternative
    {.input = "ftp://[::]/", .host = "[::]", .kind = host_kind::ipv6},
    {.input = "ftp://[::1]/", .host = "[::1]", .kind = host_kind::ipv6},
    {.input = "ftp://[1::]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1::2]/", .kind = host_kind::ipv6},
    {.input = "ftp://[::2:3:4:5:6:7]/", .kind = host_kind::ipv6},
    // ls32 as IPv4address
    {.input = "ftp://[1:2:3:4:5:6:1.2.3.4]/", .kind = host_kind::ipv6},
    {.input = "ftp://[::1.2.3.4]/", .kind = host_kind::ipv6},
    {.input = "ftp://[::ffff:192.0.2.128]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1::2:1.2.3.4]/", .kind = host_kind::ipv6},
    {.input = "ftp://[1:2:3:4:5::1.2.3.4]/", .kind = host_kind::ipv6},
    {.input = "ftp://[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/", .kind = host_kind::ipv6},
    {.input = "ftp://[2001:DB8::1]/", .host = "[2001:DB8::1]", .kind = host_kind::ipv6},
    {.input = "ftp://[0000:0:00:000::]/", .kind = host_kind::ipv6},
    {.input = "ftp://[::1]:2121/x", .host = "[::1]", .kind = host_kind::ipv6, .port = 2121, .path = "/x"},
    {.input = "ftp://u@[::1]/", .host = "[::1]", .user = "u"},
    {.input = "ftp://[::1]", .host = "[::1]", .path = ""},
    {.input = "ftp://[::1]#f", .host = "[::1]", .fragment = "f"},
    {.input = "ftp://[::1]/", .p = R, .host = "[::1]", .kind = host_kind::ipv6},
    // invalid IPv6address
    {.input = "ftp://[:::]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1:2:3:4:5:6:7:8:9]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[::1:2:3:4:5:6:7:8]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1:2:3:4:5:6:7]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[::1.2.3]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[::1.2.3.256]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[::01.2.3.4]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1::2::3]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1.2.3.4::]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[::1.2.3.4:1]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1:2:3:4:5:6:7:1.2.3.4]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1.2.3.4]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[12345::]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[:1::]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1:]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1::2:]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[g::]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[]/", .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[:::]/", .p = R, .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    {.input = "ftp://[1::2::3]/", .p = R, .valid = false, .error = "host.ipv6-invalid", .offset = 6},
    // the literal's frame
    {.input = "ftp://[::1", .valid = false, .error = "host.ip-literal-unclosed", .offset = 6},
    {.input = "ftp://[::1/x]", .valid = false, .error = "host.ip-literal-unclosed", .offset = 6},
    {.input = "ftp://[::1%25eth0]/", .valid = false, .error = "host.ipv6-zone-id", .offset = 10},
    {.input = "ftp://[::1%25eth0]/", .p = R, .valid = false, .error = "host.ipv6-zone-id", .offset = 10},
    {.input = "ftp://[::1]x/", .valid = false, .error = "host.invalid-char", .offset = 11},
    {.input = "ftp://[::1][::2]/", .valid = false, .error = "host.invalid-char", .offset = 11},
    {.input = "ftp://x[::1]/", .valid = false, .error = "host.invalid-char", .offset = 7},
    // IPvFuture
    {.input = "ftp://[v1.x]/", .valid = false, .error = "host.ipvfuture", .offset = 6},
    {.input = "ftp://[v.x]/", .valid = false, .error = "host.ipvfuture", .offset = 6},
    {.input = "ftp://[v1.x]/", .p = R, .host = "[v1.x]", .kind = host_kind::ipvfuture},
    {.input = "ftp://[V1.x]/", .p = R, .kind = host_kind::ipvfuture},
    {.input = "ftp://[vAf.a:b!$&'()*+,;=-._~]/", .p = R, .kind = host_kind::ipvfuture},
    {.input = "ftp://[v1.x]:21/", .p = R, .kind = host_kind::ipvfuture, .port = 21},
    {.input = "ftp://[v.x]/", .p = R, .valid = false, .error = "host.ipvfuture-invalid", .offset = 6},
    {.input = "ftp://[v1x]/", .p = R, .valid = false, .error = "host.ipvfuture-invalid", .offset = 6},
    {.input = "ftp://[v1.]/", .p = R, .valid = false, .error = "host.ipvfuture-invalid", .offset = 6},
    {.input = "ftp://[vg.x]/", .p = R, .valid = false, .error = "host.ipvfuture-invalid", .offset = 6},
    {.input = "ftp://[v1.x:]/", .p = R, .host = "[v1.x:]", .kind = host_kind::ipvfuture},
    // the authority's '@' is found first: "[v1.x" is the userinfo
    {.input = "ftp://[v1.x@]/", .p = R, .valid = false, .error = "char.not-allowed", .offset = 6},
};
INSTANTIATE_TEST_SUITE_P(IPLiteral, Rule, ::testing::ValuesIn(ipv6_rows));

// The byte after the "]" is not the address's: an uppercase letter there is the host's error,
// with no uppercase warning about the address first (a mutant that looked two bytes further
// warned about it: docs/mutation.md).
TEST(IPLiteral, the_byte_after_it_is_no_part_of_the_address)
{
    ftpuri::diagnostic_list list;
    EXPECT_FALSE(ftpuri::parse("ftp://[::1]X/", ftpuri::parse_options{ftpuri::profile::strict}, list).has_value());
    EXPECT_EQ(ftpuri_test::describe(list), "host.invalid-char(error)@11+1");
}

// rfc3986: the hex digits of a reg-name's escapes are not its letters: "%2D" is a "-", with no
// uppercase letter to warn about (a mutant that stepped over two of an escape's three bytes read
// the "D" as one, and no test noticed: docs/mutation.md).
TEST(RegName, escapes_are_not_its_letters)
{
    ftpuri::diagnostic_list list;
    ftpuri::parse_result const r = ftpuri::parse("ftp://h%2Dx/", ftpuri::parse_options{R}, list);
    ASSERT_TRUE(r.has_value()) << ftpuri_test::describe(list);
    EXPECT_EQ(ftpuri_test::describe(list),
              "pct.needless(warning)@7+3, interop.host-percent-encoded(warning)@7+3, host.not-dns(warning)@6+5");
}

} // namespace
