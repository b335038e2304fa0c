// plain_path_test: the scanner's fast acceptance of plain paths and plain authorities
// (src/scanner.hpp: plain_path, plain_escape, plain_authority) agrees with the full scan.
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

namespace {

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
    std::vector<std::string> const hosts = {label63 + ".org",
                                            label63 + "a.org",
                                            "a." + label63,
                                            std::string(253, 'a'),
                                            std::string(254, 'a'),
                                            label63 + "." + label63 + "." + label63 + "." + std::string(61, 'a'),
                                            "example.org.",
                                            "example.123",
                                            "example.0x7f",
                                            "example.x7f",
                                            "1example.org",
                                            "-a.org",
                                            "a-.org",
                                            "a..org",
                                            ".a.org",
                                            "a",
                                            "",
                                            "A.ORG"};
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

} // namespace
