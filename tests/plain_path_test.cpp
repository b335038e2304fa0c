// SPDX-License-Identifier: Apache-2.0
// plain_path_test: the scanner's fast acceptance of plain paths and plain authorities
// (src/plain_scan.hpp: plain_path, plain_escape, plain_authority, plain_uri) agrees with the full scan, and
// accepts the shapes it is there for (agreement alone would not see a check that never says yes).
//
// validate() and parse() without a diagnostic list take the fast path; parse() with a list
// never does, as it wants the warnings. Both must give the same verdict for every byte at every
// position of a path long enough to span several 16-byte SIMD blocks and the scalar tail, and
// for dot-segments that begin exactly at a block boundary, where the "/" and the "." are in
// different blocks.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "plain_scan.hpp"

namespace {

using ftpuri::host_kind;
using ftpuri::parse_options;
using ftpuri::profile;

void expect_same_verdict(std::string const& uri, parse_options const& options)
{
    ftpuri::diagnostic_list list;
    auto const slow = ftpuri::parse(uri, options, list);
    EXPECT_EQ(ftpuri::validate(uri, options), slow.has_value()) << uri;
    auto const fast = ftpuri::parse(uri, options);
    EXPECT_EQ(fast.has_value(), slow.has_value()) << uri;
    if (fast && slow) {
        // The fast path fills the same view: the raw offsets of every part.
        EXPECT_EQ(fast->raw_offsets(), slow->raw_offsets()) << uri;
        EXPECT_EQ(fast->typecode(), slow->typecode()) << uri;
        EXPECT_EQ(fast->host_type(), slow->host_type()) << uri;
    }
}

// "ftp://h/" then a 45-byte path: the path's first byte is at offset 8, so its bytes fall into
// two whole 16-byte blocks and a 13-byte tail.
std::string const base = "ftp://h/" + std::string(45, 'a');

TEST(PlainPath, EveryByteAtEveryPositionAgreesWithTheFullScan)
{
    for (profile p : {profile::strict, profile::lenient}) {
        for (std::size_t at = 8; at < base.size(); ++at) {
            for (unsigned c = 0; c < 256; ++c) {
                std::string uri = base;
                uri[at] = static_cast<char>(c);
                expect_same_verdict(uri, parse_options{p});
            }
        }
    }
}

TEST(PlainPath, DotSegmentsAtBlockBoundariesAreSeen)
{
    std::size_t checked = 0;
    for (std::size_t slash = 7; slash + 3 < base.size(); ++slash) {
        for (std::string const dots : {".", ".."}) {
            std::string uri = base;
            uri[slash] = '/';
            uri.replace(slash + 1, dots.size(), dots);
            uri[slash + 1 + dots.size()] = '/';
            expect_same_verdict(uri, parse_options{});
            // A ".." right after the root climbs above it: the fast path must not accept it.
            if (slash == 7 && dots == "..") {
                EXPECT_FALSE(ftpuri::validate(uri)) << uri;
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 60U);
}

TEST(PlainPath, EveryEscapeAtEveryPositionAgreesWithTheFullScan)
{
    for (profile p : {profile::strict, profile::lenient}) {
        for (std::size_t at = 8; at + 3 <= base.size(); ++at) {
            for (unsigned byte = 0; byte < 256; ++byte) {
                static constexpr char hex[] = "0123456789abcdef";
                std::string uri = base;
                uri[at] = '%';
                uri[at + 1] = hex[byte >> 4U];
                uri[at + 2] = hex[byte & 0xFU];
                expect_same_verdict(uri, parse_options{p});
            }
            std::string cut = base.substr(0, at) + "%4"; // an escape cut short by the end
            expect_same_verdict(cut, parse_options{p});
        }
    }
}

// Escapes that spell a whole UTF-8 sequence: every lead byte from 0x80 up, every second byte
// that continues one, and the continuation bytes its length asks for (%80 or %BF). Look-alikes
// (overlong forms, surrogates, above U+10FFFF, U+0085, U+2028, U+2029) are errors in strict and
// begin only with the lead bytes the fast path refuses; a single escape, as above, never
// completes one.
TEST(PlainPath, EveryEscapedUtf8SequenceAgreesWithTheFullScan)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    auto escape = [](unsigned byte) { return std::string{'%', hex[byte >> 4U], hex[byte & 0xFU]}; };
    for (profile p : {profile::strict, profile::lenient}) {
        for (unsigned lead = 0x80; lead < 0x100; ++lead) {
            std::size_t const continuations = lead >= 0xF0 ? 2 : lead >= 0xE0 ? 1 : 0;
            for (unsigned second = 0x80; second < 0xC0; ++second) {
                for (unsigned last : {0x80U, 0xBFU}) {
                    std::string uri = "ftp://h/pub/a" + escape(lead) + escape(second);
                    for (std::size_t k = 0; k < continuations; ++k)
                        uri += escape(last);
                    expect_same_verdict(uri + "b/c", parse_options{p});
                }
            }
        }
    }
}

// A plain path may end in a typecode (";type=" and a, i or d, in any case): the fast path
// takes it off and checks the rest. Every ending around it, at every path length that puts it
// across a 16-byte block boundary, in every profile.
TEST(PlainPath, TypecodeEndingsAgreeWithTheFullScan)
{
    std::vector<std::string> const endings = {";type=a",        ";type=i",   ";type=d",    ";TYPE=I",    ";Type=D",
                                              ";type=x",        ";type=",    ";typ=a",     ";type=aa",   ";type=a/",
                                              ";type=a;type=i", "/;type=d",  ".;type=i",   "/.;type=i",  "/..;type=i",
                                              "%;type=i",       "%4;type=i", "%41;type=i", "%2E;type=i", "%2F;type=a",
                                              ";typecode=i",    "?;type=i",  "#;type=i",   ";type=i?x",  ";type=i#x",
                                              "a;b;type=i",     ";type=\x01"};
    for (profile p : {profile::strict, profile::lenient, profile::rfc3986}) {
        for (std::size_t length = 0; length <= 40; ++length) {
            for (std::string const& ending : endings) {
                std::string path(1, '/');
                path.append(length, 'a').append(ending);
                expect_same_verdict("ftp://h" + path, parse_options{p});
                expect_same_verdict("ftp://u@example.org:2121" + path, parse_options{p});
            }
        }
    }
    EXPECT_TRUE(ftpuri::validate("ftp://h/a/b;type=i"));
    EXPECT_FALSE(ftpuri::validate("ftp://h/a/b;type=x"));
    EXPECT_FALSE(ftpuri::validate("ftp://h/../b;type=i"));
}

// The host: every byte at every position of a name of several labels, and the label and name
// lengths at their limits.
// The SIMD check loads 32 bytes: from the authority on when the input has that many after it (a
// long path), else the 32 that end the input, else (an input under 32 bytes) a padded copy; a
// short and a long path cover all three. Hosts of 16 and 25 bytes (with ":21", 28) end in the
// first and the second 16-byte block; one of 41 bytes does not fit and takes the full scan.
TEST(PlainDnsName, EveryByteAtEveryPositionAgreesWithTheFullScan)
{
    std::string const long_path = "/x" + std::string(60, 'y');
    for (std::string const host :
         {"ab-c.example.org", "mirror-01.ftp.ab-c.ex.org", "mirror-01.ftp.ab-c.example.university.org"}) {
        for (profile p : {profile::strict, profile::lenient}) {
            for (std::size_t at = 0; at < host.size(); ++at) {
                for (unsigned c = 0; c < 256; ++c) {
                    std::string h = host;
                    h[at] = static_cast<char>(c);
                    for (std::string const& path : {std::string("/x"), long_path}) {
                        expect_same_verdict("ftp://" + h + path, parse_options{p});
                        expect_same_verdict("ftp://" + h + ":21" + path, parse_options{p});
                    }
                }
            }
        }
    }
}

// The user of an authority: every byte at every position of a user, and the "@" at every
// place from the first byte to past the 32 bytes that the SIMD check looks at.
TEST(PlainDnsName, UserEveryByteAtEveryPositionAgreesWithTheFullScan)
{
    std::string const long_path = "/x" + std::string(60, 'y');
    std::string const user = "m.smith_1-X";
    for (profile p : {profile::strict, profile::lenient}) {
        for (std::size_t at = 0; at < user.size(); ++at) {
            for (unsigned c = 0; c < 256; ++c) {
                std::string u = user;
                u[at] = static_cast<char>(c);
                for (std::string const& path : {std::string(), std::string("/x"), long_path}) {
                    expect_same_verdict("ftp://" + u + "@example.org" + path, parse_options{p});
                    expect_same_verdict("ftp://" + u + "@example.org:990" + path, parse_options{p});
                }
            }
        }
    }
    for (std::size_t length = 0; length <= 50; ++length) {
        for (std::string const& rest : {std::string("@h.org"), std::string("@h.org:21/p"), std::string("@@h/"),
                                        std::string("@h@h/"), std::string("@h.org?q"), std::string("@1.2.3.4/")}) {
            std::string const uri = "ftp://" + std::string(length, 'u') + rest;
            expect_same_verdict(uri, parse_options{});
            expect_same_verdict(uri + long_path, parse_options{});
        }
    }
    EXPECT_TRUE(ftpuri::validate("ftp://jdoe@ftp.example.org:2121/pub/"));
    EXPECT_FALSE(ftpuri::validate("ftp://jdoe@ftp.example.org:0/pub/"));
    EXPECT_FALSE(ftpuri::validate("ftp://jdoe@@ftp.example.org/pub/"));
}

TEST(PlainDnsName, LimitsAndNumbersAgreeWithTheFullScan)
{
    std::string const label63(63, 'a');
    std::vector<std::string> const hosts = {
        label63 + ".org", label63 + "a.org", "a." + label63, std::string(253, 'a'), std::string(254, 'a'),
        label63 + "." + label63 + "." + label63 + "." + std::string(61, 'a'), "example.org.", "example.123",
        "example.0x7f", "example.x7f", "1example.org", "-a.org", "a-.org", "a..org", ".a.org", "a", "", "A.ORG",
        // numbers: IPv4 addresses and hosts that only look like one
        "192.0.2.1", "255.255.255.255", "256.0.0.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1.2.3.4.", "1.2.3.0x4",
        "1.2.3.1234", "1-2.3.4.5", "a.1.2.3", "1.2.3.4a"};
    std::string const long_path = "/" + std::string(60, 'y');
    for (std::string const& h : hosts) {
        for (std::string const& path : {std::string("/"), long_path}) {
            expect_same_verdict("ftp://" + h + path, parse_options{});
            expect_same_verdict("ftp://" + h + ":2121" + path, parse_options{profile::lenient});
        }
    }
    // Every length around the SIMD window of 32, with a dot and a last label at each position.
    for (std::size_t length = 1; length <= 52; ++length) {
        for (std::size_t dot = 0; dot <= length; ++dot) {
            std::string h(length, 'a');
            if (dot < length) h[dot] = '.';
            for (std::string const& path : {std::string(), std::string("/x"), long_path}) {
                expect_same_verdict("ftp://" + h + path, parse_options{});
                expect_same_verdict("ftp://" + h + ":21" + path, parse_options{});
            }
            h.back() = '7';
            expect_same_verdict("ftp://" + h + long_path, parse_options{});
            expect_same_verdict("ftp://" + h, parse_options{});
        }
    }
}

// The checks themselves: they must say yes to the common shapes, in each way of loading the
// bytes (else every URI would silently take the full scan), and give the parts' offsets.
#if defined(__SSE2__)
TEST(PlainScan, AuthoritiesItIsThereForAreAccepted)
{
    struct row {
        std::string_view uri;
        bool has_user;
        std::string_view host;
        std::uint16_t port;
        host_kind kind = host_kind::dns_name;
    };
    std::string const long_path = "/" + std::string(40, 'p');
    std::vector<std::string> uris;
    std::vector<row> const rows = {
        {"ftp://h", false, "h", 0},                                              // under 32 bytes: a padded copy
        {"ftp://ftp.example.org/pub/", false, "ftp.example.org", 0},             // the same
        {"ftp://m.smith@mirror.example.org:21", true, "mirror.example.org", 21}, // the last 32 bytes
        {"ftp://jdoe@ftp.example.org:2121/pub/some/long/path/file.tar.gz", true, "ftp.example.org", 2121}, // direct
        {"ftp://dev-team@a-b.c9.example:/x/y/z/aaaaaaaaaaaaaaaaaaaa", true, "a-b.c9.example", 0},
        {"ftp://ftp_user@x1.org:65535/", true, "x1.org", 65535},
        {"ftp://192.0.2.1/", false, "192.0.2.1", 0, host_kind::ipv4},
        {"ftp://mirror@255.255.255.255:2121/pub/some/long/path/", true, "255.255.255.255", 2121, host_kind::ipv4},
        {"ftp://0.0.0.0", false, "0.0.0.0", 0, host_kind::ipv4},
    };
    for (row const& r : rows) {
        auto const* s = reinterpret_cast<unsigned char const*>(r.uri.data());
        ftpuri::detail::plain_authority_parts parts{};
        ASSERT_TRUE(ftpuri::detail::plain_authority(s, static_cast<std::uint32_t>(r.uri.size()), 6, parts)) << r.uri;
        EXPECT_EQ(parts.has_user, r.has_user) << r.uri;
        EXPECT_EQ(r.uri.substr(parts.host_begin, parts.host_end - parts.host_begin), r.host) << r.uri;
        EXPECT_EQ(parts.port, r.port) << r.uri;
        EXPECT_EQ(parts.kind, r.kind) << r.uri;
        EXPECT_TRUE(parts.end == r.uri.size() || r.uri[parts.end] == '/') << r.uri;
        EXPECT_EQ(parts.password_end, ftpuri::uri_offsets::npos) << r.uri;
    }
    // A password of plain bytes, empty too: user_end is its ":", password_end its "@".
    for (std::string_view uri : {"ftp://user:pw@h/", "ftp://u:@h.example:2121/x", "ftp://jdoe:s3cr.et-_@ftp.gnu.org",
                                 "ftp://anonymous:pa%24%24word@mirror.example.net/", "ftp://u%C3%A9:p%7e@h/"}) {
        auto const* s = reinterpret_cast<unsigned char const*>(uri.data());
        ftpuri::detail::plain_authority_parts parts{};
        ASSERT_TRUE(ftpuri::detail::plain_authority(s, static_cast<std::uint32_t>(uri.size()), 6, parts)) << uri;
        EXPECT_TRUE(parts.has_user) << uri;
        EXPECT_EQ(uri[parts.user_end], ':') << uri;
        EXPECT_EQ(uri[parts.password_end], '@') << uri;
        EXPECT_EQ(uri.find(':', 6), parts.user_end) << uri;
        EXPECT_EQ(uri.find('@'), parts.password_end) << uri;
    }
    // What it leaves to the full scan: valid, but not plain (an escape of a byte the path's
    // fast check leaves to the full scan, an empty user, an IP-literal, a trailing dot, a
    // numeric last label, an authority longer than the window of 48 bytes).
    for (std::string_view uri :
         {"ftp://user:pa%2F@h/", "ftp://%2E:pw@h/", "ftp://:pw@h/", "ftp://[2001:db8::1]/", "ftp://example.org./",
          "ftp://example.1b/", "ftp://a-very-long-host-name.in-the.example.university.org/"}) {
        auto const* s = reinterpret_cast<unsigned char const*>(uri.data());
        ftpuri::detail::plain_authority_parts parts{};
        EXPECT_FALSE(ftpuri::detail::plain_authority(s, static_cast<std::uint32_t>(uri.size()), 6, parts)) << uri;
        EXPECT_TRUE(ftpuri::validate(uri)) << uri;
    }
}
#endif

#if defined(__SSE2__)
TEST(PlainScan, UrisItIsThereForAreAccepted)
{
    // validate() asks plain_uri() before it builds the scanner.
    auto plain = [](std::string_view uri, parse_options const& options) {
        return ftpuri::detail::plain_uri(uri, options);
    };
    for (profile p : {profile::strict, profile::lenient}) {
        parse_options const options{p};
        for (std::string_view uri : {"ftp://h", "ftp://h/", "ftp://ftp.example.org/pub/file.tar.gz",
                                     "ftp://jdoe@mirror.example.org:2121/pub/a%20b/r%C3%A9sum%C3%A9;type=i",
                                     "ftp://ftp.example.org:21/pub/user~/(1)/;type=D", "ftp://user:pw@h/",
                                     "ftp://h/~/pub/", "ftp://h/~mirror/pub/x", "ftp://h/%7Emirror/snap%7eshots/",
                                     "ftp://mirror:s3cret@archive.example.com/kernel/index.html"}) {
            EXPECT_TRUE(plain(uri, options)) << uri;
            EXPECT_TRUE(ftpuri::validate(uri, options)) << uri;
            // The length limit holds on the fast path too.
            auto const n = static_cast<std::uint32_t>(uri.size());
            EXPECT_TRUE(plain(uri, {p, n})) << uri;
            EXPECT_FALSE(plain(uri, {p, n - 1})) << uri;
            EXPECT_FALSE(ftpuri::validate(uri, {p, n - 1})) << uri;
        }
        // Left to the scanner, which gives the same verdict as with warnings on: an uppercase
        // scheme, an escaped password, an IP literal, an encoded "/", a "~" after the first
        // segment, spaces that the lenient profile
        // trims; and the invalid.
        for (std::string_view uri :
             {"FTP://h/", "ftp://u:p%2F@h/", "ftp://[2001:db8::1]/", "ftp://h/%2F", "ftp://h/a/~b", "ftp://h/a/%7eb",
              "ftp://u:p%00@h/", "ftp://u:p%C0%AE@h/", " ftp://h/ ", "", "ftp://", "ftp:///x", "ftp://h/../x",
              "ftp://h:0/", "ftp://h/a;type=x", "ftp://h//a/\x01", "ftp://h/a?q", "ftp://h#f"}) {
            EXPECT_FALSE(plain(uri, options)) << uri;
            expect_same_verdict(std::string(uri), options);
        }
        EXPECT_TRUE(ftpuri::validate("FTP://h/", options));
        EXPECT_EQ(ftpuri::validate(" ftp://h/ ", options), p == profile::lenient);
    }
    // RFC 3986's grammar is not the fast paths': its queries and segments are other rules.
    EXPECT_FALSE(plain("ftp://h/", parse_options{profile::rfc3986}));
    EXPECT_TRUE(ftpuri::validate("ftp://h/", parse_options{profile::rfc3986}));
}
#endif

TEST(PlainScan, PathsItIsThereForAreAccepted)
{
    // Every length from 1 to 80, so that the 16-byte blocks, the last overlapping one and the
    // scalar pass of a short path are all reached; common bytes, escapes, and the rarer plain
    // bytes that take the full classification.
    std::string const pattern = "pub/dir%20x/file-1.2_3.tar.gz/+~!$&'()*,:=@/r%C3%A9sum%C3%A9/";
    for (std::size_t length = 1; length <= 80; ++length) {
        std::string uri = "ftp://h/";
        while (uri.size() < 8 + length)
            uri += pattern;
        uri.resize(8 + length);
        while (uri.back() == '%' || uri[uri.size() - 2] == '%')
            uri.pop_back(); // no escape cut short
        auto const* s = reinterpret_cast<unsigned char const*>(uri.data());
        auto const n = static_cast<std::uint32_t>(uri.size());
        EXPECT_TRUE(ftpuri::detail::plain_path(s, 8, n)) << uri;
        std::string const typed = uri + ";type=I";
        auto const* t = reinterpret_cast<unsigned char const*>(typed.data());
        auto const m = static_cast<std::uint32_t>(typed.size());
        EXPECT_EQ(ftpuri::rules::trailing_typecode(typed), 'i') << typed;
        EXPECT_TRUE(ftpuri::detail::plain_path(t, 8, m - 7)) << typed;
    }
    std::string_view const dots = "ftp://h/a/./b";
    EXPECT_FALSE(ftpuri::detail::plain_path(reinterpret_cast<unsigned char const*>(dots.data()), 8, 13));
}

} // namespace
