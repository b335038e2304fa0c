// Password redaction on any input: include/ftpuri/redact.hpp states the rules tested here.
#include "ftpuri/redact.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace std::string_literals;
using ftpuri::byte_range;
using ftpuri::find_password;

std::string redact(std::string_view in)
{
    std::vector<char> out(ftpuri::redacted_size_bound(in));
    std::size_t const n = ftpuri::redact_password_into(in, out);
    EXPECT_NE(n, SIZE_MAX) << in;
    return n == SIZE_MAX ? std::string() : std::string(out.data(), n);
}

struct redact_case {
    std::string input;
    std::optional<byte_range> password;
    std::string redacted;
};

class RedactTable : public testing::TestWithParam<redact_case> {};

TEST_P(RedactTable, FindsAndMasksThePassword)
{
    redact_case const& c = GetParam();
    std::optional<byte_range> const found = find_password(c.input);
    EXPECT_EQ(found.has_value(), c.password.has_value());
    if (found && c.password) {
        EXPECT_EQ(found->offset, c.password->offset);
        EXPECT_EQ(found->length, c.password->length);
    }
    EXPECT_EQ(redact(c.input), c.redacted);
}

INSTANTIATE_TEST_SUITE_P(Cases, RedactTable,
                         testing::Values(
                             // valid URIs
                             redact_case{"ftp://alice:s3cret@ftp.example.org/inbox/", byte_range{12, 6},
                                         "ftp://alice:****@ftp.example.org/inbox/"},
                             redact_case{"ftp://host/pub/file", std::nullopt, "ftp://host/pub/file"},
                             redact_case{"ftp://alice@host/", std::nullopt, "ftp://alice@host/"},
                             redact_case{"ftp://a:b@h:2121/x;type=i", byte_range{8, 1}, "ftp://a:****@h:2121/x;type=i"},
                             // an empty password is masked too: whether it is empty is not shown either
                             redact_case{"ftp://a:@h/", byte_range{8, 0}, "ftp://a:****@h/"},
                             redact_case{"ftp://:@h/", byte_range{7, 0}, "ftp://:****@h/"},
                             redact_case{"ftp://:pw@h", byte_range{7, 2}, "ftp://:****@h"},
                             // the authority ends at the end of the input
                             redact_case{"ftp://a:b@", byte_range{8, 1}, "ftp://a:****@"},
                             redact_case{"ftp://a:b@h", byte_range{8, 1}, "ftp://a:****@h"},
                             // several '@': the userinfo runs to the last one, as WHATWG parsers and curl read it
                             redact_case{"ftp://a:b@c@host/", byte_range{8, 3}, "ftp://a:****@host/"},
                             redact_case{"ftp://a@b:c@host/", byte_range{10, 1}, "ftp://a@b:****@host/"},
                             // several ':': the password begins after the first
                             redact_case{"ftp://a:b:c@h/", byte_range{8, 3}, "ftp://a:****@h/"},
                             // the authority ends at the first '/', '?', '#' or '\'
                             redact_case{"ftp://host/a:b@c", std::nullopt, "ftp://host/a:b@c"},
                             redact_case{"ftp://host?a:b@c", std::nullopt, "ftp://host?a:b@c"},
                             redact_case{"ftp://host#a:b@c", std::nullopt, "ftp://host#a:b@c"},
                             redact_case{"ftp://a:b\\@c", std::nullopt, "ftp://a:b\\@c"},
                             redact_case{"ftp://a:b@c/d:e@f", byte_range{8, 1}, "ftp://a:****@c/d:e@f"},
                             // no "://", no authority, no password
                             redact_case{"", std::nullopt, ""},
                             redact_case{"alice:s3cret@host/x", std::nullopt, "alice:s3cret@host/x"},
                             redact_case{"ftp:alice:s3cret@host", std::nullopt, "ftp:alice:s3cret@host"},
                             redact_case{"//alice:s3cret@host", std::nullopt, "//alice:s3cret@host"},
                             // the first "://" counts, whatever precedes it
                             redact_case{"http://u:p@h/", byte_range{9, 1}, "http://u:****@h/"},
                             redact_case{" x y://u:p@h", byte_range{9, 1}, " x y://u:****@h"},
                             redact_case{"://u:p@h", byte_range{5, 1}, "://u:****@h"},
                             redact_case{"://:@", byte_range{4, 0}, "://:****@"},
                             redact_case{"ftp://h/x://a:b@c", std::nullopt, "ftp://h/x://a:b@c"},
                             // garbage bytes are bytes like any other
                             redact_case{"ftp://a:p\0w@h"s, byte_range{8, 3}, "ftp://a:****@h"},
                             redact_case{"ftp://\xff:\xfe\xfd@\x80/"s, byte_range{8, 2}, "ftp://\xff:****@\x80/"s},
                             redact_case{"FTP://A:B@H", byte_range{8, 1}, "FTP://A:****@H"}));

TEST(Redact, ExactBufferSizeIsEnoughAndOneByteLessIsNot)
{
    std::string_view const in = "ftp://alice:s3cret@ftp.example.org/inbox/";
    std::string_view const want = "ftp://alice:****@ftp.example.org/inbox/";
    std::vector<char> out(want.size());
    ASSERT_EQ(ftpuri::redact_password_into(in, out), want.size());
    EXPECT_EQ(std::string_view(out.data(), out.size()), want);
    for (std::size_t n = 0; n < want.size(); ++n)
        EXPECT_EQ(ftpuri::redact_password_into(in, std::span<char>(out.data(), n)), SIZE_MAX) << n;
}

TEST(Redact, WithoutPasswordTheInputIsCopiedAndNeedsItsOwnSize)
{
    std::string_view const in = "ftp://host/pub/";
    std::vector<char> out(in.size());
    ASSERT_EQ(ftpuri::redact_password_into(in, out), in.size());
    EXPECT_EQ(std::string_view(out.data(), out.size()), in);
    EXPECT_EQ(ftpuri::redact_password_into(in, std::span<char>(out.data(), in.size() - 1)), SIZE_MAX);
}

TEST(Redact, EmptyInputFitsAnEmptyBuffer)
{
    EXPECT_EQ(ftpuri::redact_password_into("", std::span<char>()), 0u);
}

TEST(Redact, SizeBoundHoldsWhenThePasswordIsEmpty)
{
    // The largest growth: "" becomes "****".
    std::string_view const in = "ftp://u:@h";
    std::vector<char> out(ftpuri::redacted_size_bound(in));
    EXPECT_EQ(ftpuri::redact_password_into(in, out), in.size() + 4);
}

// Every input "ftp://" + up to 6 bytes from the bytes that matter, checked against the rules'
// properties rather than a second implementation of them.
TEST(Redact, SmallAlphabetExhaustive)
{
    constexpr std::array<char, 7> alphabet = {':', '@', '/', '?', '\\', '#', 'x'};
    std::string in;
    std::vector<char> out;
    for (std::size_t length = 0; length <= 6; ++length) {
        std::size_t combinations = 1;
        for (std::size_t i = 0; i < length; ++i)
            combinations *= alphabet.size();
        for (std::size_t k = 0; k < combinations; ++k) {
            in = "ftp://";
            for (std::size_t i = 0, rest = k; i < length; ++i, rest /= alphabet.size())
                in.push_back(alphabet[rest % alphabet.size()]);
            std::string_view const authority = std::string_view(in).substr(0, in.find_first_of("/?#\\", 6));

            out.assign(ftpuri::redacted_size_bound(in), '\0');
            std::size_t const n = ftpuri::redact_password_into(in, out);
            ASSERT_NE(n, SIZE_MAX) << in;
            std::string_view const got(out.data(), n);

            std::optional<byte_range> const pw = find_password(in);
            if (!pw) {
                EXPECT_EQ(got, in);
                // No '@' in the authority, or no ':' before its last one.
                std::size_t const at = authority.rfind('@');
                EXPECT_TRUE(at == std::string_view::npos || authority.find(':', 6) > at) << in;
                continue;
            }
            std::size_t const begin = pw->offset;
            std::size_t const end = begin + pw->length;
            ASSERT_LT(end, authority.size()) << in;
            EXPECT_EQ(authority[begin - 1], ':') << in;         // after a ':'
            EXPECT_EQ(authority.find(':', 6), begin - 1) << in; // the first one
            EXPECT_EQ(authority[end], '@') << in;               // up to an '@'
            EXPECT_EQ(authority.rfind('@'), end) << in;         // the last one
            EXPECT_EQ(got, in.substr(0, begin) + "****" + in.substr(end)) << in;
        }
    }
}

} // namespace
