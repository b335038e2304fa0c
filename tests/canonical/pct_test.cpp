// SPDX-License-Identifier: Apache-2.0
// pct_test: percent-encoding and -decoding into caller buffers (include/ftpuri/pct.hpp).
//
// Encoding is checked for every encode_set over all 256 byte values, against membership sets
// written out here from the ABNF (RFC 3986 Appendix A and docs/grammar.abnf) rather than taken
// from the library's own tables. Decoding is checked on well-formed input, on malformed escapes
// at various offsets, and on buffers that are too small. Buffers are guarded on both sides so
// that a write outside the span the function was given fails the test.
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/pct.hpp"
#include "support/guarded_buffer.hpp"
#include "support/strcat.hpp"

namespace {

using ftpuri::encode_set;
using ftpuri::percent_decode_result;
using ftpuri::write_result;
using ftpuri::write_status;

// ---------------------------------------------------------------------------------------
// The sets, spelled out from the ABNF
// ---------------------------------------------------------------------------------------

constexpr std::string_view alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
constexpr std::string_view digit = "0123456789";
// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
std::string const unreserved = ftpuri_test::cat({alpha, digit, "-._~"});
// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
constexpr std::string_view sub_delims = "!$&'()*+,;=";

struct set_case {
    encode_set set;
    std::string_view name;
    std::string members; // the bytes the ABNF rule allows unencoded
};

std::vector<set_case> const sets = {
    // usp-char = unreserved / pct-encoded / sub-delims   ; no raw ":" or "@"
    {encode_set::usp_char, "usp_char", unreserved + std::string(sub_delims)},
    // ftp-segment-char = unreserved / pct-encoded / "!" / "$" / "&" / "'" / "(" / ")"
    //                  / "*" / "+" / "," / "=" / ":" / "@"      ; pchar without ";"
    {encode_set::ftp_segment, "ftp_segment", ftpuri_test::cat({unreserved, "!$&'()*+,=:@"})},
    // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
    {encode_set::pchar, "pchar", ftpuri_test::cat({unreserved, sub_delims, ":@"})},
    // fragment = *( pchar / "/" / "?" )
    {encode_set::fragment, "fragment", ftpuri_test::cat({unreserved, sub_delims, ":@/?"})},
    // reg-name = *( unreserved / pct-encoded / sub-delims )
    {encode_set::reg_name, "reg_name", unreserved + std::string(sub_delims)},
    // unreserved only
    {encode_set::unreserved, "unreserved", unreserved},
};

bool member(set_case const& s, unsigned char c)
{
    return s.members.find(static_cast<char>(c)) != std::string::npos;
}

std::string escape_of(unsigned char c)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    return std::string{'%', hex[c >> 4], hex[c & 0xF]};
}

// A buffer with guard bytes on both sides of the span handed to the function under test.
using ftpuri_test::guarded;

std::string all_bytes()
{
    std::string s;
    for (int c = 0; c < 256; ++c)
        s += static_cast<char>(c);
    return s;
}

// ---------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------

TEST(percent_encode, the_sets_are_the_abnf_rules)
{
    // The library's allowed() tables against the sets written out above, byte by byte.
    for (set_case const& s : sets) {
        SCOPED_TRACE(std::string(s.name));
        for (int c = 0; c < 256; ++c) {
            auto const b = static_cast<unsigned char>(c);
            EXPECT_EQ(ftpuri::allowed(s.set).contains(b), member(s, b)) << "byte " << c;
        }
    }
}

TEST(percent_encode, every_byte_of_every_set)
{
    for (set_case const& s : sets) {
        SCOPED_TRACE(std::string(s.name));
        for (int c = 0; c < 256; ++c) {
            auto const b = static_cast<unsigned char>(c);
            std::string const in(1, static_cast<char>(b));
            std::string const want = member(s, b) ? in : escape_of(b);
            EXPECT_EQ(ftpuri::percent_encode_size_bound(in, s.set), want.size()) << "byte " << c;
            guarded buf(want.size());
            write_result const r = ftpuri::percent_encode_into(in, s.set, buf.span());
            ASSERT_TRUE(static_cast<bool>(r)) << "byte " << c;
            EXPECT_EQ(r.size, want.size());
            EXPECT_EQ(buf.written(r.size), want) << "byte " << c;
            EXPECT_TRUE(buf.intact());
            EXPECT_EQ(ftpuri::percent_encode(in, s.set), want);
        }
    }
}

TEST(percent_encode, percent_is_always_encoded)
{
    for (set_case const& s : sets)
        EXPECT_EQ(ftpuri::percent_encode("100%", s.set), "100%25") << s.name;
}

TEST(percent_encode, all_256_bytes_at_once_and_back)
{
    std::string const in = all_bytes();
    for (set_case const& s : sets) {
        SCOPED_TRACE(std::string(s.name));
        std::string want;
        for (char c : in)
            want +=
                member(s, static_cast<unsigned char>(c)) ? std::string(1, c) : escape_of(static_cast<unsigned char>(c));
        EXPECT_EQ(want.size(), 256 + 2 * (256 - s.members.size()));
        EXPECT_EQ(ftpuri::percent_encode_size_bound(in, s.set), want.size());
        std::string const got = ftpuri::percent_encode(in, s.set);
        EXPECT_EQ(got, want);
        // Uppercase hex only: no escape holds a lowercase digit.
        for (std::size_t i = 0; i < got.size(); ++i)
            if (got[i] == '%') {
                ASSERT_LT(i + 2, got.size());
                EXPECT_FALSE(got[i + 1] >= 'a' && got[i + 1] <= 'f') << got.substr(i, 3);
                EXPECT_FALSE(got[i + 2] >= 'a' && got[i + 2] <= 'f') << got.substr(i, 3);
            }
        // Decoding gives the bytes back.
        percent_decode_result r;
        EXPECT_EQ(ftpuri::percent_decode(got, &r), in);
        EXPECT_EQ(r.status, write_status::ok);
    }
}

TEST(percent_encode, header_example)
{
    char buf[64];
    write_result const n = ftpuri::percent_encode_into("a b;c", encode_set::ftp_segment, buf);
    ASSERT_TRUE(n);
    EXPECT_EQ(std::string_view(buf, n.size), "a%20b%3Bc");
    // The same bytes are fine raw in an RFC 3986 segment but for the space.
    EXPECT_EQ(ftpuri::percent_encode("a b;c", encode_set::pchar), "a%20b;c");
    EXPECT_EQ(ftpuri::percent_encode("a:b@c/d?e", encode_set::usp_char), "a%3Ab%40c%2Fd%3Fe");
    EXPECT_EQ(ftpuri::percent_encode("a:b@c/d?e", encode_set::fragment), "a:b@c/d?e");
    EXPECT_EQ(ftpuri::percent_encode("caf\xC3\xA9", encode_set::unreserved), "caf%C3%A9");
}

TEST(percent_encode, size_is_constexpr)
{
    static_assert(ftpuri::percent_encode_size_bound("a b", encode_set::ftp_segment) == 5);
    static_assert(ftpuri::percent_encode_size_bound("", encode_set::unreserved) == 0);
    static_assert(ftpuri::percent_encode_size_bound(";", encode_set::pchar) == 1);
    static_assert(ftpuri::percent_encode_size_bound(";", encode_set::ftp_segment) == 3);
    SUCCEED();
}

TEST(percent_encode, empty_input)
{
    write_result const r = ftpuri::percent_encode_into("", encode_set::unreserved, std::span<char>());
    EXPECT_TRUE(static_cast<bool>(r));
    EXPECT_EQ(r.size, 0U);
    EXPECT_EQ(ftpuri::percent_encode("", encode_set::pchar), "");
}

TEST(percent_encode, buffer_too_small)
{
    std::string_view const in = "a b/c;d";
    for (set_case const& s : sets) {
        SCOPED_TRACE(std::string(s.name));
        std::size_t const needed = ftpuri::percent_encode_size_bound(in, s.set);
        for (std::size_t size = 0; size < needed; ++size) {
            guarded buf(size);
            write_result const r = ftpuri::percent_encode_into(in, s.set, buf.span());
            EXPECT_FALSE(static_cast<bool>(r)) << "buffer of " << size;
            EXPECT_FALSE(static_cast<bool>(r));
            EXPECT_EQ(r.size, needed) << "a too-small buffer learns the size it needs";
            EXPECT_TRUE(buf.intact()) << "wrote outside a buffer of " << size;
        }
        guarded exact(needed);
        write_result const r = ftpuri::percent_encode_into(in, s.set, exact.span());
        EXPECT_TRUE(static_cast<bool>(r));
        EXPECT_EQ(r.size, needed);
        EXPECT_EQ(exact.written(r.size), ftpuri::percent_encode(in, s.set));
        EXPECT_TRUE(exact.intact());
    }
}

// ---------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------

struct decode_case {
    std::string_view in;
    std::string_view out;
};

TEST(percent_decode, well_formed)
{
    decode_case const cases[] = {
        {"", ""},
        {"abc", "abc"},
        {"%41", "A"},
        {"%41%42%43", "ABC"},
        {"a%20b", "a b"},
        {"%7e%7E", "~~"}, // either case of hex digit
        {"%2F", "/"},     // reserved characters decode too
        {"%2f%3A%3b%40", "/:;@"},
        {"%25", "%"},     // an escaped percent
        {"%2541", "%41"}, // decoded once, not twice
        {"%C3%A9", "\xC3\xA9"},
        {"%FF%fe%80", "\xFF\xFE\x80"},
        {"%00", std::string_view("\0", 1)},
        {"%0D%0A", "\r\n"},
        {"a+b", "a+b"}, // '+' is not a space
        {"%e2%98%83", "\xE2\x98\x83"},
        {"caf\xC3\xA9", "caf\xC3\xA9"}, // other bytes are copied as they are
        {"100%25", "100%"},
    };
    for (decode_case const& c : cases) {
        SCOPED_TRACE(std::string(c.in));
        EXPECT_EQ(ftpuri::percent_decode_size_bound(c.in), c.in.size());
        guarded buf(c.in.size());
        percent_decode_result const r = ftpuri::percent_decode_into(c.in, buf.span());
        EXPECT_EQ(r.status, write_status::ok);
        EXPECT_TRUE(static_cast<bool>(r));
        EXPECT_EQ(buf.written(r.size), c.out);
        EXPECT_TRUE(buf.intact());
        percent_decode_result r2{{write_status::invalid, 99}, 99};
        EXPECT_EQ(ftpuri::percent_decode(c.in, &r2), c.out);
        EXPECT_EQ(r2.status, write_status::ok);
        EXPECT_EQ(r2.size, c.out.size());
        EXPECT_EQ(ftpuri::percent_decode(c.in), c.out); // without a result pointer
    }
}

TEST(percent_decode, exact_buffer_suffices)
{
    // The decoded size, not the input size, is what has to fit.
    std::string_view const in = "%41%42%43";
    guarded buf(3);
    percent_decode_result const r = ftpuri::percent_decode_into(in, buf.span());
    EXPECT_EQ(r.status, write_status::ok);
    EXPECT_EQ(buf.written(r.size), "ABC");
    EXPECT_TRUE(buf.intact());
}

struct malformed_case {
    std::string_view in;
    std::uint32_t offset;    // of the offending '%'
    std::string_view before; // what was decoded before it
};

TEST(percent_decode, malformed_escapes_and_their_offsets)
{
    malformed_case const cases[] = {
        {"%", 0, ""},   // nothing after '%'
        {"%4", 0, ""},  // one hex digit, then the end
        {"%G0", 0, ""}, // not a hex digit
        {"%0G", 0, ""}, // the second is not
        {"%%", 0, ""},  // '%' is not a hex digit
        {"%%41", 0, ""},      {"% 41", 0, ""},   {"a%", 1, "a"},         {"ab%4", 2, "ab"},
        {"abc%G0", 3, "abc"}, {"%41%", 3, "A"}, // after a good escape: the offset is in the input
        {"%41%4", 3, "A"},    {"%41%%", 3, "A"}, {"x%41y%zz", 5, "xAy"}, {"%C3%A9%C3%", 9, "\xC3\xA9\xC3"},
        {"%2", 0, ""},        {"a%-1", 1, "a"},  {"a%+1", 1, "a"},
    };
    for (malformed_case const& c : cases) {
        SCOPED_TRACE(std::string(c.in));
        guarded buf(c.in.size());
        percent_decode_result const r = ftpuri::percent_decode_into(c.in, buf.span());
        EXPECT_EQ(r.status, write_status::invalid);
        EXPECT_FALSE(static_cast<bool>(r));
        EXPECT_EQ(r.offset, c.offset);
        EXPECT_EQ(r.size, c.before.size()) << "bytes written before the failure";
        EXPECT_EQ(buf.written(r.size), c.before);
        EXPECT_TRUE(buf.intact());

        percent_decode_result r2;
        std::string const s = ftpuri::percent_decode(c.in, &r2);
        EXPECT_EQ(r2.status, write_status::invalid);
        EXPECT_EQ(r2.offset, c.offset);
        EXPECT_EQ(s, c.before) << "the convenience overload returns what was decoded before the failure";
    }
}

TEST(percent_decode, buffer_too_small)
{
    struct small_case {
        std::string_view in;
        std::size_t buffer;
        std::string_view written;
    };
    small_case const cases[] = {
        {"abc", 0, ""},    {"abc", 2, "ab"},   {"%41%42", 1, "A"},
        {"%41%42", 0, ""}, {"a%20b", 2, "a "}, {"%C3%A9x", 2, "\xC3\xA9"},
    };
    for (small_case const& c : cases) {
        SCOPED_TRACE(ftpuri_test::cat({c.in, " into ", c.buffer}));
        guarded buf(c.buffer);
        percent_decode_result const r = ftpuri::percent_decode_into(c.in, buf.span());
        EXPECT_EQ(r.status, write_status::buffer_too_small);
        EXPECT_FALSE(static_cast<bool>(r));
        EXPECT_EQ(r.size, ftpuri::percent_decode(c.in).size()) << "the size needed";
        EXPECT_EQ(buf.written(c.buffer), c.written);
        EXPECT_TRUE(buf.intact());
    }
}

TEST(percent_decode, a_malformed_escape_wins_over_a_small_buffer)
{
    // A malformed escape is reported wherever the buffer runs out: no room makes it decodable.
    {
        char buf[8];
        percent_decode_result const r = ftpuri::percent_decode_into("a%zzbcdef", std::span<char>(buf, 2));
        EXPECT_EQ(r.status, write_status::invalid);
        EXPECT_EQ(r.offset, 1U);
    }
    {
        char buf[8];
        percent_decode_result const r = ftpuri::percent_decode_into("abc%zz", std::span<char>(buf, 2));
        EXPECT_EQ(r.status, write_status::invalid);
        EXPECT_EQ(r.offset, 3U);
        EXPECT_EQ(r.size, 3U) << "the bytes decoded before it";
    }
}

TEST(percent_decode, every_escape_round_trips)
{
    for (int c = 0; c < 256; ++c) {
        auto const b = static_cast<unsigned char>(c);
        std::string const upper = escape_of(b);
        std::string lower = upper;
        for (char& ch : lower)
            if (ch >= 'A' && ch <= 'F') ch = static_cast<char>(ch - 'A' + 'a');
        for (std::string const& in : {upper, lower}) {
            char out[3];
            percent_decode_result const r = ftpuri::percent_decode_into(in, out);
            ASSERT_EQ(r.status, write_status::ok) << in;
            ASSERT_EQ(r.size, 1U) << in;
            EXPECT_EQ(static_cast<unsigned char>(out[0]), b) << in;
        }
    }
}

TEST(hex_value, digits)
{
    for (int c = 0; c < 256; ++c) {
        auto const b = static_cast<unsigned char>(c);
        int want = -1;
        if (b >= '0' && b <= '9') want = b - '0';
        if (b >= 'A' && b <= 'F') want = b - 'A' + 10;
        if (b >= 'a' && b <= 'f') want = b - 'a' + 10;
        EXPECT_EQ(ftpuri::hex_value(b), want) << "byte " << c;
    }
}

} // namespace
