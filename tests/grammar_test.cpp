// tests/grammar_test.cpp: one table per rule of docs/grammar.abnf, run through ftpuri::parse and
// ftpuri::validate in both profiles.
//
// Each row is {input, profile, valid, error id, error offset} and, for valid rows, the
// components the view must give (host, host kind, port, path, segment count, name, typecode,
// user, password, query, fragment; unset fields are not checked). Expected ids and offsets
// come from docs/scanner.md. Every row also checks that validate() agrees with parse(), with
// and without a diagnostic_list, and that the list holds the same error.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"

namespace {

using namespace std::literals;
using ftpuri::host_kind;

enum class P { S, R }; // strict, rfc3986

constexpr char const* absent = "(absent)"; // for user/password/query/fragment: not present

struct row {
    std::string_view input;
    P p = P::S;
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

std::string printable(std::string_view s)
{
    std::string out;
    for (char c : s) {
        auto const u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7F || c == '\\') {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", u);
            out += buf;
        } else {
            out += c;
        }
    }
    return out;
}

void PrintTo(row const& r, std::ostream* os)
{
    *os << (r.p == P::S ? "strict " : "rfc3986 ") << '"' << printable(r.input) << '"';
}

ftpuri::parse_options options_for(P p)
{
    ftpuri::parse_options o;
    o.syntax = p == P::S ? ftpuri::profile::strict : ftpuri::profile::rfc3986;
    return o;
}

void expect_part(bool present, std::string_view actual, char const* expected, char const* what)
{
    if (expected == nullptr) return;
    if (expected == absent) {
        EXPECT_FALSE(present) << what << " should be absent, is \"" << printable(actual) << '"';
    } else {
        EXPECT_TRUE(present) << what << " should be present";
        EXPECT_EQ(actual, expected) << what;
    }
}

void check_row(row const& r)
{
    SCOPED_TRACE(::testing::PrintToString(r));
    ftpuri::parse_options const o = options_for(r.p);
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

class Rule : public ::testing::TestWithParam<row> {};
TEST_P(Rule, Row)
{
    check_row(GetParam());
}

constexpr P R = P::R;

// ---------------------------------------------------------------------------------------------
// input, ftp-scheme, "//"
// ---------------------------------------------------------------------------------------------
row const scheme_rows[] = {
    {.input = "ftp://h/", .host = "h", .path = "/"},
    {.input = "FTP://h/", .host = "h"},
    {.input = "Ftp://h/"},
    {.input = "fTp://h/", .p = R},
    {.input = "", .valid = false, .error = "input.empty", .offset = 0},
    {.input = "", .p = R, .valid = false, .error = "input.empty", .offset = 0},
    {.input = "http://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "http://h/", .p = R, .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ftps://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ft://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "f+p://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ftp+x://h/", .valid = false, .error = "scheme.not-ftp", .offset = 0},
    {.input = "ftp//h/", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = "ftp", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = "//h/", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = "1ftp://h/", .valid = false, .error = "scheme.missing", .offset = 0},
    {.input = " ftp://h/", .valid = false, .error = "char.space", .offset = 0},
    {.input = "\tftp://h/", .valid = false, .error = "char.control", .offset = 0},
    {.input = "ftp:h/", .valid = false, .error = "authority.missing", .offset = 4},
    {.input = "ftp:/h/", .valid = false, .error = "authority.missing", .offset = 4},
    {.input = "ftp:", .valid = false, .error = "authority.missing", .offset = 4},
    {.input = "ftp:/h/", .p = R, .valid = false, .error = "authority.missing", .offset = 4},
};
INSTANTIATE_TEST_SUITE_P(Scheme, Rule, ::testing::ValuesIn(scheme_rows));

// ---------------------------------------------------------------------------------------------
// user-pass, user, password, usp-char (strict); userinfo (rfc3986)
// ---------------------------------------------------------------------------------------------
row const userinfo_rows[] = {
    {.input = "ftp://h/", .user = absent, .password = absent},
    {.input = "ftp://user@h/", .host = "h", .user = "user", .password = absent},
    {.input = "ftp://user:pw@h/", .host = "h", .user = "user", .password = "pw"},
    {.input = "ftp://user:@h/", .user = "user", .password = ""},
    {.input = "ftp://@h/", .host = "h", .user = "", .password = absent},
    {.input = "ftp://:@h/", .user = "", .password = ""},
    {.input = "ftp://:pw@h/", .user = "", .password = "pw"},
    {.input = "ftp://u%40x:p%3Aw@h/", .user = "u%40x", .password = "p%3Aw"},
    {.input = "ftp://a!$&'()*+,;=:b-._~@h/", .user = "a!$&'()*+,;=", .password = "b-._~"},
    {.input = "ftp://anonymous@h/", .user = "anonymous"},
    {.input = "ftp://u/x@h/", .host = "u", .path = "/x@h/", .user = absent},
    {.input = "ftp://u#@h/", .host = "u", .path = "", .user = absent, .fragment = "@h/"},
    {.input = "ftp://u:p:q@h/", .valid = false, .error = "userinfo.raw-colon", .offset = 9},
    {.input = "ftp://u:p:q@h/", .p = R, .host = "h", .user = "u", .password = "p:q"},
    {.input = "ftp://u::@h/", .valid = false, .error = "userinfo.raw-colon", .offset = 8},
    {.input = "ftp://u@v@h/", .valid = false, .error = "userinfo.multiple-at", .offset = 7},
    {.input = "ftp://u@v@h/", .p = R, .valid = false, .error = "userinfo.multiple-at", .offset = 7},
    {.input = "ftp://u v@h/", .valid = false, .error = "char.space", .offset = 7},
    {.input = "ftp://u\"@h/", .valid = false, .error = "char.unsafe", .offset = 7},
    {.input = "ftp://u\x01@h/", .valid = false, .error = "char.control", .offset = 7},
    {.input = "ftp://\xC3\xA9@h/", .valid = false, .error = "char.non-ascii", .offset = 6},
    {.input = "ftp://u[@h/", .valid = false, .error = "char.not-allowed", .offset = 7},
    {.input = "ftp://u%zz@h/", .valid = false, .error = "pct.malformed", .offset = 7},
    {.input = "ftp://u%4@h/", .valid = false, .error = "pct.malformed", .offset = 7},
    {.input = "ftp://u:p%@h/", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://u%00@h/", .valid = false, .error = "pct.forbidden-control", .offset = 7},
    {.input = "ftp://u%00@h/", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 7},
    {.input = "ftp://u:p%0a@h/", .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://u%0D@h/", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 7},
    {.input = "ftp://u%01@h/", .valid = false, .error = "pct.control", .offset = 7},
    {.input = "ftp://u%7F@h/", .valid = false, .error = "pct.control", .offset = 7},
    {.input = "ftp://u%01@h/", .p = R, .user = "u%01"},
    {.input = "ftp://u?@h/", .valid = false, .error = "query.present", .offset = 7},
};
INSTANTIATE_TEST_SUITE_P(UserPass, Rule, ::testing::ValuesIn(userinfo_rows));

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
        {.input = "ftp://a_b/", .valid = false, .error = "host.invalid-char", .offset = 7},
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

// ---------------------------------------------------------------------------------------------
// port
// ---------------------------------------------------------------------------------------------
row const port_rows[] = {
    {.input = "ftp://h/", .port = 0},
    {.input = "ftp://h:21/", .host = "h", .port = 21},
    {.input = "ftp://h:2121/", .port = 2121},
    {.input = "ftp://h:1/", .port = 1},
    {.input = "ftp://h:65535/", .port = 65535},
    {.input = "ftp://h:021/", .port = 21},
    {.input = "ftp://h:00001/", .port = 1},
    {.input = "ftp://h:/", .host = "h", .port = 0, .path = "/"},
    {.input = "ftp://h:", .host = "h", .port = 0, .path = ""},
    {.input = "ftp://h:21#f", .port = 21, .fragment = "f"},
    {.input = "ftp://h:0/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:000/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:65536/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:99999/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:4294967317/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:99999999999999999999999/", .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:0/", .p = R, .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:65536/", .p = R, .valid = false, .error = "port.out-of-range", .offset = 8},
    {.input = "ftp://h:x/", .valid = false, .error = "port.invalid", .offset = 8},
    {.input = "ftp://h:2x/", .valid = false, .error = "port.invalid", .offset = 9},
    {.input = "ftp://h:-1/", .valid = false, .error = "port.invalid", .offset = 8},
    {.input = "ftp://h:+1/", .valid = false, .error = "port.invalid", .offset = 8},
    {.input = "ftp://h:1:2/", .valid = false, .error = "port.invalid", .offset = 9},
    {.input = "ftp://h:1:2/", .p = R, .valid = false, .error = "port.invalid", .offset = 9},
    {.input = "ftp://h:21 /", .valid = false, .error = "char.space", .offset = 10},
    {.input = "ftp://h:21?x", .valid = false, .error = "query.present", .offset = 10},
    {.input = "ftp://h:21?x", .p = R, .port = 21, .query = "x"},
};
INSTANTIATE_TEST_SUITE_P(Port, Rule, ::testing::ValuesIn(port_rows));

// ---------------------------------------------------------------------------------------------
// ftp-path, ftp-segment, ftp-segment-char (strict); path-abempty, segment (rfc3986)
// ---------------------------------------------------------------------------------------------
row const path_rows[] = {
    {.input = "ftp://h", .path = "", .nsegs = 0, .name = "", .tc = '\0'},
    {.input = "ftp://h/", .path = "/", .nsegs = 1, .name = ""},
    {.input = "ftp://h/a", .path = "/a", .nsegs = 1, .name = "a"},
    {.input = "ftp://h/a/b/c.txt", .path = "/a/b/c.txt", .nsegs = 3, .name = "c.txt"},
    {.input = "ftp://h/a/", .path = "/a/", .nsegs = 2, .name = ""},
    {.input = "ftp://h//a", .path = "//a", .nsegs = 2, .name = "a"},
    {.input = "ftp://h///", .path = "///", .nsegs = 3, .name = ""},
    {.input = "ftp://h/~/x", .path = "/~/x", .nsegs = 2},
    {.input = "ftp://h/%2Fetc/motd", .path = "/%2Fetc/motd", .nsegs = 2, .name = "motd"},
    {.input = "ftp://h/a%2Fb", .path = "/a%2Fb", .nsegs = 1},
    {.input = "ftp://h/a%3Bb", .path = "/a%3Bb"},
    {.input = "ftp://h/%41%7e", .path = "/%41%7e"},
    {.input = "ftp://h/a:b@c!$&'()*+,=-._~", .path = "/a:b@c!$&'()*+,=-._~"},
    {.input = "ftp://h/%C3%A9", .path = "/%C3%A9"},
    {.input = "ftp://h/%FF", .path = "/%FF"},
    {.input = "ftp://h/...", .valid = false, .error = "path.dot-lookalike", .offset = 8},
    {.input = "ftp://h/...", .p = R, .path = "/...", .nsegs = 1, .name = "..."},
    {.input = "ftp://h/a/..", .path = "/a/.."},
    {.input = "ftp://h/a/./..", .path = "/a/./.."},
    {.input = "ftp://h//..", .valid = false, .error = "path.above-root", .offset = 9},
    {.input = "ftp://h/a//..", .valid = false, .error = "path.dot-after-empty", .offset = 11},
    {.input = "ftp://h/a/b//..", .valid = false, .error = "path.dot-after-empty", .offset = 13},
    {.input = "ftp://h/a/%2E%2e", .path = "/a/%2E%2e"},
    {.input = "ftp://h/a;b", .valid = false, .error = "path.raw-semicolon", .offset = 9},
    {.input = "ftp://h/a;b", .p = R, .path = "/a;b", .nsegs = 1, .name = "a;b", .tc = '\0'},
    {.input = "ftp://h/;", .valid = false, .error = "path.raw-semicolon", .offset = 8},
    {.input = "ftp://h/a b", .valid = false, .error = "char.space", .offset = 9},
    {.input = "ftp://h/a\"b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a<b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a>b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a^b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a`b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a{b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a|b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a}b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a\\b", .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a[b", .valid = false, .error = "char.not-allowed", .offset = 9},
    {.input = "ftp://h/a]b", .valid = false, .error = "char.not-allowed", .offset = 9},
    {.input = "ftp://h/a\x01", .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\x7F", .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\nb", .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\0b"sv, .valid = false, .error = "char.control", .offset = 9},
    {.input = "ftp://h/a\xFF", .valid = false, .error = "char.non-ascii", .offset = 9},
    {.input = "ftp://h/a b", .p = R, .valid = false, .error = "char.space", .offset = 9},
    {.input = "ftp://h/a\\b", .p = R, .valid = false, .error = "char.unsafe", .offset = 9},
    {.input = "ftp://h/a%", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%4", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%4g", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%g4", .valid = false, .error = "pct.malformed", .offset = 9},
    {.input = "ftp://h/a%4/", .p = R, .valid = false, .error = "pct.malformed", .offset = 9},
    // decoded-control
    {.input = "ftp://h/a%00", .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%0d%0aDELE%20x", .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%0A", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%00", .p = R, .valid = false, .error = "pct.forbidden-control", .offset = 9},
    {.input = "ftp://h/a%09", .valid = false, .error = "pct.control", .offset = 9},
    {.input = "ftp://h/a%1F", .valid = false, .error = "pct.control", .offset = 9},
    {.input = "ftp://h/a%7f", .valid = false, .error = "pct.control", .offset = 9},
    {.input = "ftp://h/a%09", .p = R, .path = "/a%09"},
    {.input = "ftp://h/a%7F", .p = R, .path = "/a%7F"},
    // decoded-traversal
    {.input = "ftp://h/a%5Cb", .valid = false, .error = "path.encoded-backslash", .offset = 9},
    {.input = "ftp://h/a%5cb", .p = R, .path = "/a%5cb"},
    {.input = "ftp://h/..%2Fetc", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/x/a%2F..%2Fb", .valid = false, .error = "path.encoded-traversal", .offset = 10},
    {.input = "ftp://h/a%2F.%2Fb", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/.%2F", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/a%2f..", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/%2E%2E%2Fx", .valid = false, .error = "path.encoded-traversal", .offset = 8},
    {.input = "ftp://h/..%2Fetc", .p = R, .path = "/..%2Fetc"},
    {.input = "ftp://h/a%2F...%2Fb", .path = "/a%2F...%2Fb"},
    // dot-segment-depth
    {.input = "ftp://h/..", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/../a", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/a/../..", .valid = false, .error = "path.above-root", .offset = 13},
    {.input = "ftp://h/./..", .valid = false, .error = "path.above-root", .offset = 10},
    {.input = "ftp://h/%2e%2E", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/a/%2E%2E/%2e%2e", .valid = false, .error = "path.above-root", .offset = 17},
    {.input = "ftp://h/.%2e/x", .valid = false, .error = "path.above-root", .offset = 8},
    {.input = "ftp://h/..", .p = R, .path = "/.."},
    {.input = "ftp://h/a/../..", .p = R, .path = "/a/../.."},
};
INSTANTIATE_TEST_SUITE_P(FtpPath, Rule, ::testing::ValuesIn(path_rows));

// ---------------------------------------------------------------------------------------------
// typecode-part, typecode
// ---------------------------------------------------------------------------------------------
row const typecode_rows[] = {
    {.input = "ftp://h/f;type=a", .path = "/f", .nsegs = 1, .name = "f", .tc = 'a'},
    {.input = "ftp://h/f;type=i", .path = "/f", .name = "f", .tc = 'i'},
    {.input = "ftp://h/d;type=d", .path = "/d", .name = "d", .tc = 'd'},
    {.input = "ftp://h/f;TYPE=I", .path = "/f", .tc = 'i'},
    {.input = "ftp://h/f;Type=A", .tc = 'a'},
    {.input = "ftp://h/f;type=D", .tc = 'd'},
    {.input = "ftp://h/;type=d", .path = "/", .nsegs = 1, .name = "", .tc = 'd'},
    {.input = "ftp://h/a/b/;type=d", .path = "/a/b/", .nsegs = 3, .name = "", .tc = 'd'},
    {.input = "ftp://h/pub/f.txt;type=i", .path = "/pub/f.txt", .nsegs = 2, .name = "f.txt", .tc = 'i'},
    {.input = "ftp://h/f;type=a#x", .path = "/f", .tc = 'a', .fragment = "x"},
    {.input = "ftp://h/f", .tc = '\0'},
    {.input = "ftp://h/f%3Btype=a", .path = "/f%3Btype=a", .tc = '\0'},
    {.input = "ftp://h/f;type=x", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=1", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=ab", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=a/g", .valid = false, .error = "path.raw-semicolon", .offset = 9},
    {.input = "ftp://h/f;type=a;type=i", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;type=#x", .valid = false, .error = "typecode.invalid", .offset = 15},
    {.input = "ftp://h/f;typ=a", .valid = false, .error = "path.raw-semicolon", .offset = 9},
    {.input = "ftp://h/f;typecode=a", .valid = false, .error = "typecode.misspelled", .offset = 9},
    {.input = "ftp://h/f;TYPECODE=i", .valid = false, .error = "typecode.misspelled", .offset = 9},
    {.input = "ftp://h/f;type=a?x", .valid = false, .error = "query.present", .offset = 16},
    {.input = "ftp://h;type=a", .valid = false, .error = "host.invalid-char", .offset = 7},
    // rfc3986: recognised only at the very end of the path
    {.input = "ftp://h/f;type=i", .p = R, .path = "/f", .name = "f", .tc = 'i'},
    {.input = "ftp://h/;TYPE=D", .p = R, .path = "/", .tc = 'd'},
    {.input = "ftp://h/f;type=a?x", .p = R, .path = "/f", .tc = 'a', .query = "x"},
    {.input = "ftp://h/f;type=a#x", .p = R, .path = "/f", .tc = 'a', .fragment = "x"},
    {.input = "ftp://h/a;type=i/b", .p = R, .path = "/a;type=i/b", .nsegs = 2, .name = "b", .tc = '\0'},
    {.input = "ftp://h/f;typecode=a", .p = R, .path = "/f;typecode=a", .tc = '\0'},
};
INSTANTIATE_TEST_SUITE_P(Typecode, Rule, ::testing::ValuesIn(typecode_rows));

// ---------------------------------------------------------------------------------------------
// query (rfc3986 only) and fragment
// ---------------------------------------------------------------------------------------------
row const query_fragment_rows[] = {
    {.input = "ftp://h/a?b", .valid = false, .error = "query.present", .offset = 9},
    {.input = "ftp://h?x", .valid = false, .error = "query.present", .offset = 7},
    {.input = "ftp://h/?", .valid = false, .error = "query.present", .offset = 8},
    {.input = "ftp://h/a?b", .p = R, .path = "/a", .query = "b", .fragment = absent},
    {.input = "ftp://h?x", .p = R, .path = "", .query = "x"},
    {.input = "ftp://h/?", .p = R, .path = "/", .query = ""},
    {.input = "ftp://h/a?b/c?d:@!$&'()*+,;=", .p = R, .query = "b/c?d:@!$&'()*+,;="},
    {.input = "ftp://h/a?b#c", .p = R, .path = "/a", .query = "b", .fragment = "c"},
    {.input = "ftp://h/a?b%20c", .p = R, .query = "b%20c"},
    {.input = "ftp://h/a?b c", .p = R, .valid = false, .error = "char.space", .offset = 11},
    {.input = "ftp://h/a?%zz", .p = R, .valid = false, .error = "pct.malformed", .offset = 10},
    {.input = "ftp://h/?[", .p = R, .valid = false, .error = "char.not-allowed", .offset = 9},
    {.input = "ftp://h/?a^", .p = R, .valid = false, .error = "char.unsafe", .offset = 10},
    // fragment
    {.input = "ftp://h/a#f", .path = "/a", .query = absent, .fragment = "f"},
    {.input = "ftp://h/a#", .fragment = ""},
    {.input = "ftp://h#f", .path = "", .fragment = "f"},
    {.input = "ftp://h/a#b/c?d:@!$&'()*+,;=", .fragment = "b/c?d:@!$&'()*+,;="},
    {.input = "ftp://h/a#%41%2F", .fragment = "%41%2F"},
    {.input = "ftp://h/a#%41%00", .valid = false, .error = "pct.forbidden-control", .offset = 13},
    {.input = "ftp://h/a#f", .p = R, .fragment = "f"},
    {.input = "ftp://h/a#b#c", .valid = false, .error = "char.not-allowed", .offset = 11},
    {.input = "ftp://h/a#b c", .valid = false, .error = "char.space", .offset = 11},
    {.input = "ftp://h/a#%zz", .valid = false, .error = "pct.malformed", .offset = 10},
    {.input = "ftp://h/a#[", .valid = false, .error = "char.not-allowed", .offset = 10},
    {.input = "ftp://h/a#|", .valid = false, .error = "char.unsafe", .offset = 10},
    {.input = "ftp://h/a#b#c", .p = R, .valid = false, .error = "char.not-allowed", .offset = 11},
};
INSTANTIATE_TEST_SUITE_P(QueryFragment, Rule, ::testing::ValuesIn(query_fragment_rows));

// ---------------------------------------------------------------------------------------------
// The whole ftp-URI
// ---------------------------------------------------------------------------------------------
row const uri_rows[] = {
    {.input = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i#frag",
     .host = "host.example",
     .kind = host_kind::dns_name,
     .port = 2121,
     .path = "/pub/dir/file.txt",
     .nsegs = 3,
     .name = "file.txt",
     .tc = 'i',
     .user = "user",
     .password = "pass",
     .query = absent,
     .fragment = "frag"},
    {.input = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i?q#frag",
     .p = R,
     .host = "host.example",
     .kind = host_kind::dns_name,
     .port = 2121,
     .path = "/pub/dir/file.txt",
     .nsegs = 3,
     .name = "file.txt",
     .tc = 'i',
     .user = "user",
     .password = "pass",
     .query = "q",
     .fragment = "frag"},
    {.input = "ftp://ftp.example.org/pub/README",
     .host = "ftp.example.org",
     .port = 0,
     .path = "/pub/README",
     .nsegs = 2,
     .name = "README",
     .tc = '\0',
     .user = absent,
     .password = absent,
     .query = absent,
     .fragment = absent},
    {.input = "FTP://U@[2001:db8::7]:21/%7Euser/;TYPE=D",
     .host = "[2001:db8::7]",
     .kind = host_kind::ipv6,
     .port = 21,
     .path = "/%7Euser/",
     .nsegs = 2,
     .name = "",
     .tc = 'd',
     .user = "U"},
};
INSTANTIATE_TEST_SUITE_P(FtpUri, Rule, ::testing::ValuesIn(uri_rows));

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

// ---------------------------------------------------------------------------------------------
// The view
// ---------------------------------------------------------------------------------------------
constexpr std::uint32_t npos = ftpuri::uri_view::npos;

TEST(View, RawOffsetsOfAFullUri)
{
    //                      0         1         2         3         4         5         6
    //                      0123456789012345678901234567890123456789012345678901234567890123
    std::string const s = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i?q#frag";
    ftpuri::parse_options o;
    o.syntax = ftpuri::profile::rfc3986;
    ftpuri::parse_result const r = ftpuri::parse(s, o);
    ASSERT_TRUE(r.has_value()) << r.error().info().name << " at " << r.error().offset;
    auto const off = r->raw_offsets();
    EXPECT_EQ(off.scheme_end, 3u);
    EXPECT_EQ(off.user_begin, 6u);
    EXPECT_EQ(off.user_end, 10u);
    EXPECT_EQ(off.password_begin, 11u);
    EXPECT_EQ(off.password_end, 15u);
    EXPECT_EQ(off.host_begin, 16u);
    EXPECT_EQ(off.host_end, 28u);
    EXPECT_EQ(off.port_begin, 29u);
    EXPECT_EQ(off.port_end, 33u);
    EXPECT_EQ(off.path_begin, 33u);
    EXPECT_EQ(off.path_end, 50u);
    EXPECT_EQ(off.typecode_begin, 50u);
    EXPECT_EQ(off.query_begin, 58u);
    EXPECT_EQ(off.query_end, 59u);
    EXPECT_EQ(off.fragment_begin, 60u);
    EXPECT_EQ(r->size(), 64u);
    EXPECT_EQ(r->scheme(), "ftp");
    EXPECT_EQ(r->raw(ftpuri::component::scheme), "ftp");
    EXPECT_EQ(r->raw(ftpuri::component::authority), "user:pass@host.example:2121");
    EXPECT_EQ(r->raw(ftpuri::component::user), "user");
    EXPECT_EQ(r->raw(ftpuri::component::password), "pass");
    EXPECT_EQ(r->raw(ftpuri::component::host), "host.example");
    EXPECT_EQ(r->raw(ftpuri::component::port), "2121");
    EXPECT_EQ(r->raw(ftpuri::component::path), "/pub/dir/file.txt");
    EXPECT_EQ(r->raw(ftpuri::component::typecode), ";type=i");
    EXPECT_EQ(r->typecode_part(), ";type=i");
    EXPECT_EQ(r->raw(ftpuri::component::query), "q");
    EXPECT_EQ(r->raw(ftpuri::component::fragment), "frag");
    EXPECT_EQ(r->raw(ftpuri::component::input), s);
    EXPECT_EQ(r->port_number(), 2121);
    EXPECT_EQ(r->effective_port(), 2121);

    // strict: the same without the query
    std::string const t = "ftp://user:pass@host.example:2121/pub/dir/file.txt;type=i#frag";
    ftpuri::parse_result const q = ftpuri::parse(t);
    ASSERT_TRUE(q.has_value()) << q.error().info().name << " at " << q.error().offset;
    auto const o2 = q->raw_offsets();
    EXPECT_EQ(o2.path_end, 50u);
    EXPECT_EQ(o2.typecode_begin, 50u);
    EXPECT_EQ(o2.query_begin, npos);
    EXPECT_EQ(o2.fragment_begin, 58u);
}

TEST(View, AbsentPartsAreNpos)
{
    std::string const s = "ftp://h";
    ftpuri::parse_result const r = ftpuri::parse(s);
    ASSERT_TRUE(r.has_value());
    auto const off = r->raw_offsets();
    EXPECT_EQ(off.user_begin, npos);
    EXPECT_EQ(off.password_begin, npos);
    EXPECT_EQ(off.host_begin, 6u);
    EXPECT_EQ(off.host_end, 7u);
    EXPECT_EQ(off.port_begin, npos);
    EXPECT_EQ(off.path_begin, 7u);
    EXPECT_EQ(off.path_end, 7u);
    EXPECT_EQ(off.typecode_begin, npos);
    EXPECT_EQ(off.query_begin, npos);
    EXPECT_EQ(off.fragment_begin, npos);
    EXPECT_FALSE(r->has_userinfo());
    EXPECT_FALSE(r->has_password());
    EXPECT_FALSE(r->has_port());
    EXPECT_FALSE(r->has_typecode());
    EXPECT_FALSE(r->has_query());
    EXPECT_FALSE(r->has_fragment());
    EXPECT_EQ(r->effective_port(), 21);
    EXPECT_EQ(r->typecode_part(), "");

    // an empty port is present
    std::string const e = "ftp://h:/";
    ftpuri::parse_result const p = ftpuri::parse(e);
    ASSERT_TRUE(p.has_value());
    EXPECT_TRUE(p->has_port());
    EXPECT_EQ(p->port(), "");
    EXPECT_EQ(p->raw_offsets().port_begin, 8u);
    EXPECT_EQ(p->raw_offsets().port_end, 8u);
    EXPECT_EQ(p->effective_port(), 21);
}

std::vector<std::string_view> collect(ftpuri::segment_range const& range)
{
    std::vector<std::string_view> out;
    for (std::string_view s : range)
        out.push_back(s);
    return out;
}

TEST(View, SegmentsCwdsAndName)
{
    std::string const s = "ftp://h/a//b/;type=d";
    ftpuri::parse_result const r = ftpuri::parse(s);
    ASSERT_TRUE(r.has_value()) << r.error().info().name;
    EXPECT_EQ(r->segments().size(), 4u);
    EXPECT_FALSE(r->segments().empty());
    EXPECT_EQ(collect(r->segments()), (std::vector<std::string_view>{"a", "", "b", ""}));
    EXPECT_EQ(r->name(), "");
    EXPECT_EQ(r->cwd_path(), "/a//b/");
    EXPECT_EQ(r->typecode(), 'd');

    std::string const f = "ftp://h/pub/f.txt;type=i";
    ftpuri::parse_result const g = ftpuri::parse(f);
    ASSERT_TRUE(g.has_value());
    std::vector<std::string_view> const segs = collect(g->segments());
    ASSERT_EQ(segs.size(), 2u);
    EXPECT_EQ(segs[0], "pub");   // the cwd
    EXPECT_EQ(segs[1], "f.txt"); // the name, without the typecode
    EXPECT_EQ(g->name(), "f.txt");
    EXPECT_EQ(g->cwd_path(), "/pub/");
    // the segments are views into the input
    EXPECT_EQ(segs[0].data(), f.data() + 8);

    std::string const h = "ftp://h";
    ftpuri::parse_result const n = ftpuri::parse(h);
    ASSERT_TRUE(n.has_value());
    EXPECT_TRUE(n->segments().empty());
    EXPECT_EQ(n->segments().size(), 0u);
    EXPECT_EQ(n->segments().begin(), n->segments().end());
    EXPECT_EQ(n->name(), "");
    EXPECT_EQ(n->cwd_path(), "");

    std::string const root = "ftp://h/";
    ftpuri::parse_result const rt = ftpuri::parse(root);
    ASSERT_TRUE(rt.has_value());
    EXPECT_EQ(collect(rt->segments()), (std::vector<std::string_view>{""}));
    EXPECT_EQ(rt->cwd_path(), "/");
    EXPECT_EQ(rt->name(), "");

    std::string const nested = "ftp://h/a/b/c";
    ftpuri::parse_result const ns = ftpuri::parse(nested);
    ASSERT_TRUE(ns.has_value());
    auto it = ns->segments().begin();
    EXPECT_EQ(*it++, "a");
    EXPECT_EQ(*it, "b");
    ++it;
    EXPECT_EQ(*it, "c");
    ++it;
    EXPECT_EQ(it, ns->segments().end());
    EXPECT_EQ(ns->cwd_path(), "/a/b/");
    EXPECT_EQ(ns->name(), "c");
}

TEST(View, HostAddressWithoutBrackets)
{
    std::string const v6 = "ftp://[2001:db8::1]:21/";
    ftpuri::parse_result const a = ftpuri::parse(v6);
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(a->host(), "[2001:db8::1]");
    EXPECT_EQ(a->host_address(), "2001:db8::1");
    EXPECT_EQ(a->host_type(), host_kind::ipv6);

    std::string const fut = "ftp://[v1.fe80::a+en1]/";
    ftpuri::parse_options o;
    o.syntax = ftpuri::profile::rfc3986;
    ftpuri::parse_result const b = ftpuri::parse(fut, o);
    ASSERT_TRUE(b.has_value()) << b.error().info().name;
    EXPECT_EQ(b->host_address(), "v1.fe80::a+en1");
    EXPECT_EQ(b->host_type(), host_kind::ipvfuture);

    std::string const v4 = "ftp://192.0.2.1/";
    ftpuri::parse_result const c = ftpuri::parse(v4);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->host_address(), "192.0.2.1");
    EXPECT_EQ(c->host_type(), host_kind::ipv4);

    std::string const dns = "ftp://Ftp.Example.org./";
    ftpuri::parse_result const d = ftpuri::parse(dns);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->host_address(), "Ftp.Example.org.");
    EXPECT_EQ(d->host(), d->host_address());
    EXPECT_EQ(d->host_type(), host_kind::dns_name);
}

TEST(View, DecodeInto)
{
    std::string const s = "ftp://us%65r:p%40ss@h/a%2Fb/%41%42c;type=i#x%20y";
    ftpuri::parse_result const r = ftpuri::parse(s);
    ASSERT_TRUE(r.has_value()) << r.error().info().name << " at " << r.error().offset;
    struct expect_decoded {
        ftpuri::component c;
        std::string_view decoded;
    };
    for (auto const& e :
         {expect_decoded{ftpuri::component::user, "user"}, expect_decoded{ftpuri::component::password, "p@ss"},
          expect_decoded{ftpuri::component::host, "h"}, expect_decoded{ftpuri::component::path, "/a/b/ABc"},
          expect_decoded{ftpuri::component::typecode, ";type=i"}, expect_decoded{ftpuri::component::fragment, "x y"},
          expect_decoded{ftpuri::component::port, ""}}) {
        SCOPED_TRACE(ftpuri::to_string(e.c));
        EXPECT_EQ(r->decoded_size(e.c), e.decoded.size());
        std::array<char, 64> buf{};
        std::size_t const n = r->decode_into(e.c, buf);
        ASSERT_EQ(n, e.decoded.size());
        EXPECT_EQ(std::string_view(buf.data(), n), e.decoded);
        // exactly decoded_size() bytes suffice
        std::vector<char> exact(e.decoded.size());
        EXPECT_EQ(r->decode_into(e.c, exact), e.decoded.size());
        EXPECT_EQ(std::string_view(exact.data(), exact.size()), e.decoded);
        // one byte less does not, and says so
        if (!e.decoded.empty()) {
            std::vector<char> small(e.decoded.size() - 1);
            EXPECT_EQ(r->decode_into(e.c, small), std::size_t{npos});
        }
    }
    // the whole input
    std::string const whole = "ftp://user:p@ss@h/a/b/ABc;type=i#x y";
    EXPECT_EQ(r->decoded_size(ftpuri::component::input), whole.size());
    std::vector<char> all(whole.size());
    ASSERT_EQ(r->decode_into(ftpuri::component::input, all), whole.size());
    EXPECT_EQ(std::string_view(all.data(), all.size()), whole);
}

// ---------------------------------------------------------------------------------------------
// A view cannot be made from a temporary std::string: parse(std::string&&) is deleted.
// (A requires-expression must sit in a template for an invalid expression to make it false
// rather than the program ill-formed, hence the defaulted template parameters.)
// ---------------------------------------------------------------------------------------------
template <class Str = std::string>
constexpr bool parse_takes_temporary = requires
{
    ftpuri::parse(Str{});
};
template <class Str = std::string>
constexpr bool parse3_takes_temporary = requires(ftpuri::parse_options const& o, ftpuri::diagnostic_list& l)
{
    ftpuri::parse(Str{}, o, l);
};
static_assert(!parse_takes_temporary<>);
static_assert(!parse3_takes_temporary<>);
static_assert(requires(std::string const& s) { ftpuri::parse(s); });
static_assert(requires(std::string const& s, ftpuri::parse_options const& o, ftpuri::diagnostic_list& l) {
    ftpuri::parse(s, o, l);
});
static_assert(requires(std::string & s) { ftpuri::parse(s); });
static_assert(parse_takes_temporary<std::string_view>); // a string_view points elsewhere: fine
static_assert(requires(std::string const& s) { ftpuri::validate(std::string{s}); }); // validate keeps nothing

// A string literal lives for the whole program, so parse("ftp://...") should compile. With the
// deleted std::string&& overload it is ambiguous (both overloads need one user-defined
// conversion from char const[N]); kept as a run-time check so that it reports instead of
// breaking the build.
template <class Lit = char const (&)[9]>
constexpr bool parse_takes_literal = requires(Lit lit)
{
    ftpuri::parse(lit);
};

// A const temporary (a function returning `std::string const`) is as short-lived as any other.
TEST(Temporaries, ParseRefusesAConstTemporary)
{
    EXPECT_FALSE(parse_takes_temporary<std::string const>)
        << "ftpuri::parse(std::string const&&) binds to the string_view overload: the view dangles";
}

TEST(Temporaries, ParseTakesAStringLiteral)
{
    EXPECT_TRUE(parse_takes_literal<>) << "ftpuri::parse(\"ftp://h/\") is ambiguous";
    EXPECT_TRUE((parse_takes_literal<char const*>)) << "ftpuri::parse(char const*) is ambiguous";
}

} // namespace
