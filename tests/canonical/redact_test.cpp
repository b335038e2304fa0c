// SPDX-License-Identifier: Apache-2.0
// Password redaction on any input: include/ftpuri/redact.hpp states the readings tested here.
#include "ftpuri/redact.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/options.hpp"
#include "ftpuri/parse.hpp"
#include "support/redact_readers.hpp"
#include "support/strcat.hpp"

namespace {

using namespace std::string_literals;
using ftpuri::byte_range;
using ftpuri::find_password;
using ftpuri::find_password_in_prefix;
using ftpuri_test::cat;

std::string redact(std::string_view in)
{
    std::vector<char> out(ftpuri::redact_password_size_bound(in));
    ftpuri::write_result const r = ftpuri::redact_password_into(in, out);
    EXPECT_TRUE(static_cast<bool>(r)) << in;
    return !r ? std::string() : std::string(out.data(), r.size);
}

// The input with [begin, end) replaced by "****".
std::string masked(std::string_view in, std::size_t begin, std::size_t end)
{
    std::string s(in.substr(0, begin));
    s += "****";
    s += in.substr(end);
    return s;
}

struct redact_case {
    std::string input;
    std::optional<byte_range> password;
    std::string redacted;
};

void PrintTo(redact_case const& c, std::ostream* os)
{
    *os << testing::PrintToString(c.input);
}

void expect_case(redact_case const& c)
{
    std::optional<byte_range> const found = find_password(c.input);
    EXPECT_EQ(found.has_value(), c.password.has_value());
    if (found && c.password) {
        EXPECT_EQ(found->offset, c.password->offset);
        EXPECT_EQ(found->length, c.password->length);
    }
    EXPECT_EQ(redact(c.input), c.redacted);
}

class RedactTable : public testing::TestWithParam<redact_case> {};

TEST_P(RedactTable, FindsAndMasksThePassword)
{
    expect_case(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Cases, RedactTable,
                         testing::Values(
                             // valid URIs
                             redact_case{"ftp://alice:s3cret@ftp.example.org/inbox/", byte_range{12, 6},
                                         "ftp://alice:****@ftp.example.org/inbox/"},
                             redact_case{"ftp://host/pub/file", std::nullopt, "ftp://host/pub/file"},
                             redact_case{"ftp://alice@host/", std::nullopt, "ftp://alice@host/"},
                             redact_case{"ftp://a:b@h:2121/x;type=i", byte_range{8, 1}, "ftp://a:****@h:2121/x;type=i"},
                             redact_case{"ftp://:pw@h", byte_range{7, 2}, "ftp://:****@h"},
                             redact_case{"ftp://h:21/x@y", std::nullopt, "ftp://h:21/x@y"},
                             redact_case{"ftp://h:/x@y", std::nullopt, "ftp://h:/x@y"},
                             redact_case{"ftp://[::1]:2121/a@b", std::nullopt, "ftp://[::1]:2121/a@b"},
                             // a port of digits, "0" and "9" among them, is no password cut short
                             redact_case{"ftp://h:2090/a@b", std::nullopt, "ftp://h:2090/a@b"},
                             redact_case{"ftp://u:p@h:2090/a@b", byte_range{8, 1}, "ftp://u:****@h:2090/a@b"},
                             // an empty password stays empty: nothing to hide, and "u:@h" is not "u@h"
                             redact_case{"ftp://a:@h/", std::nullopt, "ftp://a:@h/"},
                             redact_case{"ftp://:@h/", std::nullopt, "ftp://:@h/"},
                             redact_case{"://:@", std::nullopt, "://:@"},
                             // the authority ends at the end of the input
                             redact_case{"ftp://a:b@", byte_range{8, 1}, "ftp://a:****@"},
                             redact_case{"ftp://a:b@h", byte_range{8, 1}, "ftp://a:****@h"},
                             // several '@': the userinfo runs to the last one, as WHATWG reads it
                             redact_case{"ftp://a:b@c@host/", byte_range{8, 3}, "ftp://a:****@host/"},
                             redact_case{"ftp://a@b:c@host/", byte_range{10, 1}, "ftp://a@b:****@host/"},
                             // several ':': the password begins after the first
                             redact_case{"ftp://a:b:c@h/", byte_range{8, 3}, "ftp://a:****@h/"},
                             // the authority ends at the first '/', '?' or '#'
                             redact_case{"ftp://host/a:b@c", std::nullopt, "ftp://host/a:b@c"},
                             redact_case{"ftp://host?a:b@c", std::nullopt, "ftp://host?a:b@c"},
                             redact_case{"ftp://host#a:b@c", std::nullopt, "ftp://host#a:b@c"},
                             redact_case{"ftp://a:b@c/d:e@f", byte_range{8, 1}, "ftp://a:****@c/d:e@f"},
                             redact_case{"ftp://h/x://a:b@c", std::nullopt, "ftp://h/x://a:b@c"},
                             // no authority for any reader
                             redact_case{"", std::nullopt, ""}, redact_case{"ftp:?u:pw@h", std::nullopt, "ftp:?u:pw@h"},
                             redact_case{"ftp:#u:pw@h", std::nullopt, "ftp:#u:pw@h"},
                             redact_case{"ftp://[::1/a@b", std::nullopt, "ftp://[::1/a@b"},
                             // any scheme, and whatever precedes its ':'
                             redact_case{"http://u:p@h/", byte_range{9, 1}, "http://u:****@h/"},
                             redact_case{" x y://u:p@h", byte_range{9, 1}, " x y://u:****@h"},
                             redact_case{"://u:p@h", byte_range{5, 1}, "://u:****@h"},
                             // garbage bytes are bytes like any other
                             redact_case{"ftp://a:p\0w@h"s, byte_range{8, 3}, "ftp://a:****@h"},
                             redact_case{"ftp://\xff:\xfe\xfd@\x80/"s, byte_range{8, 2}, "ftp://\xff:****@\x80/"s},
                             redact_case{"FTP://A:B@H", byte_range{8, 1}, "FTP://A:****@H"}));

// The shapes of the leak report and their kin: no profile accepts them, but a reader of each
// finds a password. The comment says which.
INSTANTIATE_TEST_SUITE_P(
    Malformed, RedactTable,
    testing::Values(
        // WHATWG: any run of '/' and '\' after a special scheme's ':' leads to the authority
        redact_case{"ftp:/u:pw@h/", byte_range{7, 2}, "ftp:/u:****@h/"},
        redact_case{"ftp:///u:pw@h/", byte_range{9, 2}, "ftp:///u:****@h/"},
        redact_case{"ftp:////u:pw@h/", byte_range{10, 2}, "ftp:////u:****@h/"},
        redact_case{"ftp:/\\/\\u:pw@h", byte_range{10, 2}, "ftp:/\\/\\u:****@h"},
        redact_case{"ftp:\\/u:pw@h/", byte_range{8, 2}, "ftp:\\/u:****@h/"},
        // curl: no '/' after "ftp:", so no scheme: the user is "ftp" and the password the rest
        redact_case{"ftp:u:pw@h/", byte_range{4, 4}, "ftp:****@h/"},
        redact_case{"FTP:u:pw@h", byte_range{4, 4}, "FTP:****@h"},
        redact_case{"ftp:\\u:pw@h/", byte_range{4, 5}, "ftp:****@h/"},
        redact_case{"ftp:\\\\u:pw@h/", byte_range{4, 6}, "ftp:****@h/"},
        redact_case{"ftp:alice:s3cret@host", byte_range{4, 12}, "ftp:****@host"},
        redact_case{"alice:s3cret@host/x", byte_range{6, 6}, "alice:****@host/x"},
        // curl: a '\' does not end the authority
        redact_case{"ftp://u:p\\w@h/", byte_range{8, 3}, "ftp://u:****@h/"},
        redact_case{"ftp://a:b\\@c", byte_range{8, 2}, "ftp://a:****@c"},
        // WHATWG reads "pw" (its authority ends at '\'), curl "pw" (the first '@'); the last '@'
        // before '/' may end what the writer meant
        redact_case{"ftp://u:pw@h\\x:y@z/", byte_range{8, 8}, "ftp://u:****@z/"},
        // RFC 3986: a network-path reference
        redact_case{"//alice:s3cret@host", byte_range{8, 6}, "//alice:****@host"},
        // no scheme, and a single '/' or '\\': skipped as "//" is, when in doubt
        redact_case{"/u:pw@h", byte_range{3, 2}, "/u:****@h"}, redact_case{"\\u:pw@h", byte_range{3, 2}, "\\u:****@h"},
        // WHATWG drops tabs and newlines, and strips C0 and spaces around the input
        redact_case{" \tftp://u:p\nw@h/ ", byte_range{10, 3}, " \tftp://u:****@h/ "},
        redact_case{"ftp:\t//u:pw@h/", byte_range{9, 2}, "ftp:\t//u:****@h/"},
        redact_case{"f\ntp://u:pw@h", byte_range{9, 2}, "f\ntp://u:****@h"},
        redact_case{"ftp://u\t:pw@h/", byte_range{9, 2}, "ftp://u\t:****@h/"},
        // no reader: spaces before the authority are skipped too, when in doubt
        redact_case{"ftp: //u:pw@h/", byte_range{9, 2}, "ftp: //u:****@h/"},
        // a port that is not digits, then an '@': a password with a delimiter in it
        redact_case{"ftp://u:pa/ss@h/", byte_range{8, 5}, "ftp://u:****@h/"},
        redact_case{"ftp://u:pa#ss@h/", byte_range{8, 5}, "ftp://u:****@h/"},
        redact_case{"ftp://u:pa?ss@h/", byte_range{8, 5}, "ftp://u:****@h/"},
        redact_case{"ftp://u:pa/ss@h/x@y", byte_range{8, 9}, "ftp://u:****@y"},
        redact_case{"ftp://u:1.5/x@y/", byte_range{8, 5}, "ftp://u:****@y/"},
        redact_case{"ftp://u@h:p/w@x/", byte_range{10, 3}, "ftp://u@h:****@x/"},
        redact_case{"ftp:u:pa/ss@h/", byte_range{6, 5}, "ftp:u:****@h/"},
        redact_case{"ftp://[::1]:p/w@x/", byte_range{12, 3}, "ftp://[::1]:****@x/"},
        redact_case{"ftp://u@[::1]:p/w@x/", byte_range{14, 3}, "ftp://u@[::1]:****@x/"},
        // the same after a userinfo, for a host name and an IPv4 address
        redact_case{"ftp://u@H:p/w@x/", byte_range{10, 3}, "ftp://u@H:****@x/"},
        redact_case{"ftp://u@1.2.3.4:p/w@x/", byte_range{16, 3}, "ftp://u@1.2.3.4:****@x/"},
        // nor is one that does not begin with '[': its first ':' begins the port
        redact_case{"ftp:![::1]:p/w@x/", byte_range{7, 7}, "ftp:![:****@x/"},
        redact_case{"ftp://host:abc/x", std::nullopt, "ftp://host:abc/x"},
        // a URI in running text's delimiters (input.delimited): ftpuri reads it
        redact_case{"<URL:ftp://u:SECRET@h.example/>", byte_range{13, 6}, "<URL:ftp://u:****@h.example/>"},
        redact_case{"<URL: ftp://u:pw@h/>", byte_range{14, 2}, "<URL: ftp://u:****@h/>"},
        redact_case{"<url:FTP://u:pw@h/>", byte_range{13, 2}, "<url:FTP://u:****@h/>"},
        redact_case{"URL:ftp://u:pw@h/x", byte_range{12, 2}, "URL:ftp://u:****@h/x"},
        redact_case{"<URL:ftp://u:pa/ss@h/>", byte_range{13, 5}, "<URL:ftp://u:****@h/>"},
        redact_case{"<URL:http://u:SECRET@h/>", byte_range{14, 6}, "<URL:http://u:****@h/>"}));

// What the peers' own tests say a password is, with the mask that covers it. From
// web-platform-tests url/resources/urltestdata.json (BSD-3-Clause; WHATWG reads the password in
// the comment) and curl's tests/libtest/lib1560.c (curl licence; curl reads it).
INSTANTIATE_TEST_SUITE_P(
    Peers, RedactTable,
    testing::Values(
        redact_case{"http://&a:foo(b]c@d:2/", byte_range{10, 7}, "http://&a:****@d:2/"},        // foo(b%5Dc
        redact_case{"http://::@c@d:2", byte_range{8, 3}, "http://:****@d:2"},                   // %3A%40c
        redact_case{"http://foo.com:b@d/", byte_range{15, 1}, "http://foo.com:****@d/"},        // b
        redact_case{"http://a:b@c\\", byte_range{9, 1}, "http://a:****@c\\"},                   // b
        redact_case{"http:a:b@www.example.com", byte_range{5, 3}, "http:****@www.example.com"}, // b
        redact_case{"http:/a:b@www.example.com", byte_range{8, 1}, "http:/a:****@www.example.com"},
        redact_case{"http::b@www.example.com", byte_range{5, 2}, "http:****@www.example.com"},    // b
        redact_case{"http:/:b@www.example.com", byte_range{7, 1}, "http:/:****@www.example.com"}, // b
        redact_case{"https://user:pass[\x7f@foo/bar", byte_range{13, 6}, "https://user:****@foo/bar"},
        redact_case{"wss://joe: !\"$%&'()*+,-.:;<=>@[]^_`{|}~@host/", byte_range{10, 29}, "wss://joe:****@host/"},
        redact_case{"http://a:\xF0\x9F\x98\x80x@host/", byte_range{9, 5}, "http://a:****@host/"}, // %F0%9F%98%80x
        // curl, guessing the scheme: "moo"
        redact_case{"user:moo@ftp.example.com/color/#green?no-red", byte_range{5, 3},
                    "user:****@ftp.example.com/color/#green?no-red"},
        redact_case{"ftp.user:moo@example.com/color/#green?no-red", byte_range{9, 3},
                    "ftp.user:****@example.com/color/#green?no-red"},
        redact_case{"http://%3a:%3a@ex4mple/%3f+?+%3f+%23#+%23%3f%g7", byte_range{11, 3},
                    "http://%3a:****@ex4mple/%3f+?+%3f+%23#+%23%3f%g7"},
        // curl: "pass;option" for http, "pass" (then options) for imap; WHATWG: "pass;option"
        redact_case{"http://user:pass;option@server/path", byte_range{12, 11}, "http://user:****@server/path"},
        redact_case{"imap://user:pass;option@server/path", byte_range{12, 11}, "imap://user:****@server/path"},
        redact_case{"http:///user:password@example.com:1234/path/html?query=name#anchor", byte_range{13, 8},
                    "http:///user:****@example.com:1234/path/html?query=name#anchor"},
        redact_case{"http:/user:password@example.com:1234/path/html?query=name#anchor", byte_range{11, 8},
                    "http:/user:****@example.com:1234/path/html?query=name#anchor"},
        redact_case{"https://user:pass word@example.net/get?this=and-what", byte_range{13, 9},
                    "https://user:****@example.net/get?this=and-what"}));

// A line cut at the length limit: the '@' may follow the cut.
struct prefix_case {
    std::string prefix;
    std::optional<byte_range> password;
};

void PrintTo(prefix_case const& c, std::ostream* os)
{
    *os << testing::PrintToString(c.prefix);
}

class RedactPrefix : public testing::TestWithParam<prefix_case> {};

TEST_P(RedactPrefix, RunsToTheCutWhenTheAuthorityMayGoOn)
{
    prefix_case const& c = GetParam();
    std::optional<byte_range> const found = find_password_in_prefix(c.prefix);
    EXPECT_EQ(found, c.password);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, RedactPrefix,
    testing::Values(prefix_case{"ftp://user:Zr8Qw5", byte_range{11, 6}}, prefix_case{"ftp://user:", std::nullopt},
                    prefix_case{"ftp://user", std::nullopt}, prefix_case{"ftp://u:a@b:c", byte_range{8, 5}},
                    prefix_case{"ftp:u:pw", byte_range{4, 4}}, prefix_case{"ftp:/u:pw", byte_range{7, 2}},
                    prefix_case{"ftp://u:p\\w", byte_range{8, 3}},
                    // a port that is not digits: the '@' after the authority may follow the cut
                    prefix_case{"ftp://u:pa/ss", byte_range{8, 5}}, prefix_case{"ftp://u:pa#ss", byte_range{8, 5}},
                    // an authority that ended before the cut is read as in a whole input
                    prefix_case{"ftp://u:pw@h/a:b", byte_range{8, 2}}, prefix_case{"ftp://h/a:b", std::nullopt},
                    prefix_case{"ftp://h:21/a:b", std::nullopt}));

TEST(RedactPrefix, AgreesWithTheWholeInputOnceTheAuthorityHasEnded)
{
    for (std::string_view const in :
         {"ftp://alice:s3cret@ftp.example.org/inbox/", "ftp:/u:pw@h/", "ftp://u:@h/x", "ftp://h/a:b@c"})
        EXPECT_EQ(find_password_in_prefix(in), find_password(in)) << in;
}

TEST(Redact, ExactBufferSizeIsEnoughAndOneByteLessIsNot)
{
    std::string_view const in = "ftp://alice:s3cret@ftp.example.org/inbox/";
    std::string_view const want = "ftp://alice:****@ftp.example.org/inbox/";
    std::vector<char> out(want.size());
    ASSERT_EQ(ftpuri::redact_password_into(in, out).size, want.size());
    EXPECT_EQ(std::string_view(out.data(), out.size()), want);
    for (std::size_t n = 0; n < want.size(); ++n)
        EXPECT_EQ(ftpuri::redact_password_into(in, std::span<char>(out.data(), n)).status,
                  ftpuri::write_status::buffer_too_small)
            << n;
}

TEST(Redact, WithoutPasswordTheInputIsCopiedAndNeedsItsOwnSize)
{
    std::string_view const in = "ftp://host/pub/";
    std::vector<char> out(in.size());
    ASSERT_EQ(ftpuri::redact_password_into(in, out).size, in.size());
    EXPECT_EQ(std::string_view(out.data(), out.size()), in);
    EXPECT_EQ(ftpuri::redact_password_into(in, std::span<char>(out.data(), in.size() - 1)).status,
              ftpuri::write_status::buffer_too_small);
}

TEST(Redact, EmptyInputFitsAnEmptyBuffer)
{
    EXPECT_EQ(ftpuri::redact_password_into("", std::span<char>()).size, 0u);
}

TEST(Redact, SizeBoundHoldsForTheLargestGrowth)
{
    // An empty password is not masked, so the largest growth is a one-byte one: +3.
    std::string_view const in = "ftp://u:p@h";
    std::vector<char> out(ftpuri::redact_password_size_bound(in));
    EXPECT_EQ(ftpuri::redact_password_into(in, out).size, in.size() + 3);
    EXPECT_EQ(ftpuri::redact_password_into("ftp://u:@h", out).size, 10u);
}

// Every input of a few prefixes and up to 5 bytes from the bytes that matter to some reader:
// each reader's password (tests/support/redact_readers.hpp) lies inside the mask, the mask is one
// range from after a ':' to an '@' (or the input's end, for a prefix), and where a profile
// accepts the input, the mask is exactly the password that parse() finds.
TEST(Redact, SmallAlphabetExhaustive)
{
    constexpr std::array<std::string_view, 9> prefixes = {"ftp://", "ftp:", "ftp:/", "ftp:\\",   "ftp:///",
                                                          "FTP:",   "",     "//",    " ftp:\t//"};
    constexpr std::array<char, 9> alphabet = {':', '@', '/', '?', '\\', '#', 'x', '1', '\t'};
    constexpr std::array<ftpuri::profile, 3> profiles = {ftpuri::profile::strict, ftpuri::profile::rfc3986,
                                                         ftpuri::profile::lenient};
    std::string in;
    std::size_t checked = 0;
    std::size_t valid = 0;
    for (std::string_view const prefix : prefixes) {
        for (std::size_t length = 0; length <= 5; ++length) {
            std::size_t combinations = 1;
            for (std::size_t i = 0; i < length; ++i)
                combinations *= alphabet.size();
            for (std::size_t k = 0; k < combinations; ++k) {
                in = prefix;
                for (std::size_t i = 0, rest = k; i < length; ++i, rest /= alphabet.size())
                    in.push_back(alphabet[rest % alphabet.size()]);
                ++checked;

                std::optional<byte_range> const pw = find_password(in);
                std::size_t const begin = pw ? pw->offset : 0;
                std::size_t const end = pw ? begin + pw->length : 0;
                if (pw) {
                    ASSERT_GT(pw->length, 0u) << in;
                    ASSERT_EQ(in[begin - 1], ':') << in;
                    ASSERT_EQ(in[end], '@') << in;
                    ASSERT_EQ(redact(in), masked(in, begin, end)) << in;
                } else {
                    ASSERT_EQ(redact(in), in);
                }

                for (auto const reader :
                     {&ftpuri_test::whatwg_password, &ftpuri_test::curl_password, &ftpuri_test::rfc3986_password}) {
                    std::optional<ftpuri_test::password_at> const read = reader(in);
                    if (!read || read->begin == read->end) continue;
                    ASSERT_TRUE(pw && begin <= read->begin && read->end <= end)
                        << testing::PrintToString(in) << ": a reader's password at [" << read->begin << ", "
                        << read->end << ") is not inside the mask";
                }

                // What parse() takes for the password is masked; in strict, which accepts no empty
                // host (rfc3986 and lenient read "ftp:///:x@" as a path that WHATWG reads as a
                // userinfo), nothing else is.
                for (ftpuri::profile const p : profiles) {
                    ftpuri::parse_result const r = ftpuri::parse(in, ftpuri::parse_options{.syntax = p});
                    if (!r) continue;
                    ++valid;
                    std::string_view const password = r->password();
                    auto const offset = static_cast<std::size_t>(password.data() - in.data());
                    bool const has_one = r->has_password() && !password.empty();
                    if (has_one) {
                        EXPECT_TRUE(pw && begin <= offset && offset + password.size() <= end)
                            << testing::PrintToString(in);
                    }
                    if (p != ftpuri::profile::strict) continue;
                    if (!has_one) {
                        EXPECT_FALSE(pw) << testing::PrintToString(in);
                    } else {
                        EXPECT_EQ(pw, (byte_range{static_cast<std::uint32_t>(offset),
                                                  static_cast<std::uint32_t>(password.size())}))
                            << testing::PrintToString(in);
                    }
                }

                // A cut anywhere hides at least what the whole input hides before the cut.
                for (std::size_t cut = 0; cut < in.size(); ++cut) {
                    std::optional<byte_range> const head = find_password_in_prefix(std::string_view(in).substr(0, cut));
                    if (!pw || begin >= cut) continue;
                    ASSERT_TRUE(head && head->offset <= begin && head->offset + head->length >= std::min(end, cut))
                        << testing::PrintToString(in) << " cut at " << cut;
                }
            }
        }
    }
    EXPECT_GT(valid, 1000u); // the validity check is not vacuous
    EXPECT_GT(checked, 500000u);
}

// Random passwords in many shapes, against the exact mask each shape must get. The generator is
// seeded and draws with `%` from std::mt19937's raw output, which the standard fixes, so every
// run and every platform checks the same passwords. Each password begins with a marker and
// holds 12 to 27 more bytes: letters, digits, sub-delims, '\', '%', ':', percent-escapes,
// spaces and tabs, never '@', '/', '?' or '#' (which would change what the shape is).
struct shape {
    std::string_view input;    // "{}" stands for the password
    std::string_view redacted; // the exact mask
};

constexpr std::array shapes = {
    shape{"ftp://u:{}@h/", "ftp://u:****@h/"},
    shape{"ftp:/u:{}@h/", "ftp:/u:****@h/"},
    shape{"ftp:u:{}@h/", "ftp:****@h/"},
    shape{"ftp:///u:{}@h/", "ftp:///u:****@h/"},
    shape{"ftp:\\\\u:{}@h/", "ftp:****@h/"},
    shape{"ftp:\\u:{}@h/", "ftp:****@h/"},
    shape{"ftp:////u:{}@h/", "ftp:////u:****@h/"},
    shape{"ftp:/\\u:{}@h/", "ftp:/\\u:****@h/"},
    shape{"ftp:\\/u:{}@h/", "ftp:\\/u:****@h/"},
    shape{"FTP://u:{}@H/", "FTP://u:****@H/"},
    shape{"FtP:\\\\u:{}@h", "FtP:****@h"},
    shape{"  ftp://u:{}@h/  ", "  ftp://u:****@h/  "},
    shape{"\tftp://u:{}@h/", "\tftp://u:****@h/"},
    shape{"f\ttp://u:{}@h/", "f\ttp://u:****@h/"},
    shape{"ftp:/\t/u:{}@h/", "ftp:/\t/u:****@h/"},
    shape{"ftp://u\t:{}@h/", "ftp://u\t:****@h/"},
    shape{"ftp://u:{}@evil@h/", "ftp://u:****@h/"},
    shape{"ftp://a@b:{}@h/", "ftp://a@b:****@h/"},
    shape{"ftp://u:{}@h@i/", "ftp://u:****@i/"},
    shape{"ftp://u:{}@h:21/a;type=i", "ftp://u:****@h:21/a;type=i"},
    shape{"ftp://u:{}@h/a/b;type=d", "ftp://u:****@h/a/b;type=d"},
    shape{"ftp://u:{}@h/%2Fetc;type=a", "ftp://u:****@h/%2Fetc;type=a"},
    shape{"ftp://u:{}@[::1]:2121/x", "ftp://u:****@[::1]:2121/x"},
    shape{"ftp://u:{}@h?x#y", "ftp://u:****@h?x#y"},
    shape{"ftp://u:{}@h#f", "ftp://u:****@h#f"},
    shape{"ftp://u:{}@h\\x/", "ftp://u:****@h\\x/"},
    shape{"ftp://u:{}@h:21\\p", "ftp://u:****@h:21\\p"},
    shape{"ftp://u:{}@h/x@y", "ftp://u:****@h/x@y"},
    shape{"ftp://:{}@h/", "ftp://:****@h/"},
    shape{"ftp://anonymous:{}@h/", "ftp://anonymous:****@h/"},
    shape{"ftp://u%3A:{}@h/", "ftp://u%3A:****@h/"},
    shape{"ftp://u;x:{}@h/", "ftp://u;x:****@h/"},
    shape{"ftp://u:{}@h:99999/", "ftp://u:****@h:99999/"},
    shape{"ftp://u:{}@-h/", "ftp://u:****@-h/"},
    shape{"ftp://u:{}@h/a b", "ftp://u:****@h/a b"},
    shape{"ftp://u:{}@", "ftp://u:****@"},
    shape{"http://u:{}@h/", "http://u:****@h/"},
    shape{"//u:{}@h/", "//u:****@h/"},
    shape{"u:{}@h/x", "u:****@h/x"},
};

class password_generator {
public:
    explicit password_generator(std::uint32_t seed) : rng_(seed) {}

    std::string next()
    {
        static constexpr std::string_view single = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                                   "!$&'()*+,;=-._~\\%: \t";
        static constexpr std::string_view hex = "0123456789ABCDEFabcdef";
        std::string pw = "Pw7Mark";
        std::size_t const length = 12 + draw(16);
        while (pw.size() < 7 + length) {
            if (draw(8) == 0) {
                pw.push_back('%');
                pw.push_back(hex[draw(hex.size())]);
                pw.push_back(hex[draw(hex.size())]);
            } else {
                pw.push_back(single[draw(single.size())]);
            }
        }
        return pw;
    }

private:
    std::size_t draw(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
    std::mt19937 rng_;
};

std::string fill(std::string_view pattern, std::string_view password)
{
    std::size_t const at = pattern.find("{}");
    std::string s(pattern.substr(0, at));
    s += password;
    s += pattern.substr(at + 2);
    return s;
}

TEST(RedactProperty, RandomPasswordsInEveryShapeAreMaskedExactly)
{
    password_generator passwords(20240229);
    for (int round = 0; round < 200; ++round) {
        std::string const pw = passwords.next();
        for (shape const& s : shapes) {
            std::string const in = fill(s.input, pw);
            std::string const out = redact(in);
            ASSERT_EQ(out, s.redacted) << cat({"shape ", s.input, ", password ", pw});
            ASSERT_EQ(out.find("Pw7Mark"), std::string::npos);
        }
    }
}

} // namespace
