// plain_path_test: the scanner's fast acceptance of plain paths and plain DNS names
// (src/scanner.hpp: plain_path, plain_escapes, plain_dns_name) agrees with the full scan.
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
    bool const slow = ftpuri::parse(uri, options, list).has_value();
    EXPECT_EQ(ftpuri::validate(uri, options), slow) << uri;
    EXPECT_EQ(ftpuri::parse(uri, options).has_value(), slow) << uri;
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

// The host: every byte at every position of a name of several labels, and the label and name
// lengths at their limits.
// Short URIs leave too few bytes for the 48-byte SIMD loads and take the scalar pass; a long
// path after the host makes room for them. Hosts of 16 and of 40 bytes cover one and three
// SIMD blocks.
TEST(PlainDnsName, EveryByteAtEveryPositionAgreesWithTheFullScan)
{
    std::string const long_path = "/x" + std::string(60, 'y');
    for (std::string const host : {"ab-c.example.org", "mirror-01.ftp.ab-c.example.university.org"}) {
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
    // Every length around the SIMD limit of 48, with a dot and a last label at each position.
    for (std::size_t length = 1; length <= 52; ++length) {
        for (std::size_t dot = 0; dot <= length; ++dot) {
            std::string h(length, 'a');
            if (dot < length) h[dot] = '.';
            expect_same_verdict("ftp://" + h + long_path, parse_options{});
            expect_same_verdict("ftp://" + h + ":21" + long_path, parse_options{});
            h.back() = '7';
            expect_same_verdict("ftp://" + h + long_path, parse_options{});
        }
    }
}

} // namespace
