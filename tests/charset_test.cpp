// tests/charset_test.cpp: every ftpuri::chars set, over all 256 byte values, against an
// independent definition written out here as the plain list of its members (from RFC 3986
// Appendix A, RFC 5234 B.1 and docs/grammar.abnf), never by composing other sets.
#include <gtest/gtest.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/charset.hpp"

namespace {

using ftpuri::charset;
namespace chars = ftpuri::chars;

// Members written out one by one.
constexpr std::string_view upper_letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr std::string_view lower_letters = "abcdefghijklmnopqrstuvwxyz";
constexpr std::string_view digits = "0123456789";

std::string cat(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (auto p : parts)
        out += p;
    return out;
}

// A membership test that is a string search, not a table.
struct listed {
    std::string members;
    bool operator()(unsigned b) const { return members.find(static_cast<char>(b)) != std::string::npos; }
};

template <class Pred>
void expect_same(charset const& set, Pred const& member, std::string_view name)
{
    for (unsigned b = 0; b < 256; ++b) {
        EXPECT_EQ(set.contains(static_cast<unsigned char>(b)), member(b)) << name << " at byte 0x" << std::hex << b;
        // contains(char) agrees with contains(unsigned char), also for bytes >= 0x80
        EXPECT_EQ(set.contains(static_cast<char>(static_cast<unsigned char>(b))),
                  set.contains(static_cast<unsigned char>(b)))
            << name << " char overload at byte 0x" << std::hex << b;
    }
}

std::size_t count_members(listed const& l)
{
    std::size_t n = 0;
    for (unsigned b = 0; b < 256; ++b)
        n += l(b) ? 1u : 0u;
    return n;
}

struct set_case {
    char const* name;
    charset const* set;
    std::string members;
    std::size_t size;
};

std::vector<set_case> const& cases()
{
    // RFC 3986 2.2 and 2.3, written out.
    static std::string const unreserved = cat({upper_letters, lower_letters, digits, "-._~"});
    static std::string const sub_delims = "!$&'()*+,;=";
    static std::string const gen_delims = ":/?#[]@";
    static std::vector<set_case> const all = {
        {"alpha", &chars::alpha, cat({upper_letters, lower_letters}), 52},
        {"digit", &chars::digit, std::string(digits), 10},
        {"hexdig", &chars::hexdig, "0123456789ABCDEFabcdef", 22},
        {"unreserved", &chars::unreserved, unreserved, 66},
        {"gen_delims", &chars::gen_delims, gen_delims, 7},
        {"sub_delims", &chars::sub_delims, sub_delims, 11},
        {"reserved", &chars::reserved, ":/?#[]@!$&'()*+,;=", 18},
        {"scheme_char", &chars::scheme_char, cat({upper_letters, lower_letters, digits, "+-."}), 65},
        // usp-char: unreserved / sub-delims, no ':' or '@'
        {"usp_char", &chars::usp_char,
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=", 77},
        {"userinfo_char", &chars::userinfo_char,
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:", 78},
        // pchar as single characters: '%' (pct-encoded) is scanned apart, so 79, not 80.
        {"pchar", &chars::pchar, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@", 79},
        // ftp-segment-char: the PRODUCT.md list, pchar without ';'
        {"ftp_segment_char", &chars::ftp_segment_char,
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,=:@", 78},
        {"fragment_char", &chars::fragment_char,
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?", 81},
        {"query_char", &chars::query_char,
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?", 81},
        {"reg_name_char", &chars::reg_name_char,
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=", 77},
        {"dns_label_char", &chars::dns_label_char, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-",
         63},
        {"ipvfuture_char", &chars::ipvfuture_char,
         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:", 78},
        {"unsafe", &chars::unsafe, "\\\"<>^`{|}", 9},
    };
    return all;
}

TEST(Charset, EachSetMatchesItsMemberList)
{
    for (set_case const& c : cases()) {
        listed const l{c.members};
        ASSERT_EQ(count_members(l), c.size) << c.name << ": the test's own list is miscounted";
        expect_same(*c.set, l, c.name);
        EXPECT_EQ(c.set->size(), c.size) << c.name;
    }
}

TEST(Charset, ControlIsC0AndDel)
{
    expect_same(
        chars::control, [](unsigned b) { return b <= 0x1F || b == 0x7F; }, "control");
    EXPECT_EQ(chars::control.size(), 33u);
}

TEST(Charset, NonAsciiIsTheHighHalf)
{
    expect_same(
        chars::non_ascii, [](unsigned b) { return (b & 0x80u) != 0; }, "non_ascii");
    EXPECT_EQ(chars::non_ascii.size(), 128u);
}

TEST(Charset, PercentIsNeverAMember)
{
    for (set_case const& c : cases())
        EXPECT_FALSE(c.set->contains('%')) << c.name;
    EXPECT_FALSE(chars::control.contains('%'));
    EXPECT_FALSE(chars::non_ascii.contains('%'));
}

// Every byte is exactly one of: unreserved, reserved, '%', space, an unsafe character,
// a control, non-ASCII. That is RFC 3986 2 plus PRODUCT.md's bad bytes, with no gap.
TEST(Charset, TheClassesPartitionAllBytes)
{
    for (unsigned b = 0; b < 256; ++b) {
        auto const u = static_cast<unsigned char>(b);
        int const n = (chars::unreserved.contains(u) ? 1 : 0) + (chars::reserved.contains(u) ? 1 : 0) +
                      (u == '%' ? 1 : 0) + (u == ' ' ? 1 : 0) + (chars::unsafe.contains(u) ? 1 : 0) +
                      (chars::control.contains(u) ? 1 : 0) + (chars::non_ascii.contains(u) ? 1 : 0);
        EXPECT_EQ(n, 1) << "byte 0x" << std::hex << b;
    }
}

TEST(Charset, RelationsBetweenSets)
{
    // gen-delims and sub-delims are disjoint and make up reserved.
    for (unsigned b = 0; b < 256; ++b) {
        auto const u = static_cast<unsigned char>(b);
        EXPECT_FALSE(chars::gen_delims.contains(u) && chars::sub_delims.contains(u));
        EXPECT_FALSE(chars::unreserved.contains(u) && chars::reserved.contains(u));
        // every ftp-segment-char is a pchar; the one pchar that is not is ';'
        if (chars::ftp_segment_char.contains(u)) {
            EXPECT_TRUE(chars::pchar.contains(u));
        }
        if (chars::pchar.contains(u) && !chars::ftp_segment_char.contains(u)) {
            EXPECT_EQ(u, ';');
        }
        // the userinfo of the rfc3986 profile is the strict one plus ':'
        if (chars::userinfo_char.contains(u) && !chars::usp_char.contains(u)) {
            EXPECT_EQ(u, ':');
        }
    }
    EXPECT_FALSE(chars::usp_char.contains(':'));
    EXPECT_FALSE(chars::usp_char.contains('@'));
    EXPECT_FALSE(chars::ftp_segment_char.contains(';'));
    EXPECT_FALSE(chars::ftp_segment_char.contains('/'));
    EXPECT_FALSE(chars::fragment_char.contains('#'));
    EXPECT_TRUE(chars::dns_label_char.contains('-'));
    EXPECT_FALSE(chars::dns_label_char.contains('.'));
    EXPECT_FALSE(chars::dns_label_char.contains('_'));
}

// ---------------------------------------------------------------------------------------------
// The class itself
// ---------------------------------------------------------------------------------------------

TEST(CharsetClass, DefaultIsEmpty)
{
    constexpr charset empty;
    static_assert(empty.size() == 0);
    for (unsigned b = 0; b < 256; ++b)
        EXPECT_FALSE(empty.contains(static_cast<unsigned char>(b)));
}

TEST(CharsetClass, FromStringTakesEveryByte)
{
    constexpr charset s(std::string_view("a\0\xff", 3));
    static_assert(s.size() == 3);
    EXPECT_TRUE(s.contains('a'));
    EXPECT_TRUE(s.contains('\0'));
    EXPECT_TRUE(s.contains(static_cast<unsigned char>(0xFF)));
    EXPECT_TRUE(s.contains(static_cast<char>(-1)));
    EXPECT_FALSE(s.contains('b'));
    // duplicates count once
    EXPECT_EQ(charset("aaa").size(), 1u);
    EXPECT_EQ(charset("").size(), 0u);
}

TEST(CharsetClass, RangeIsClosed)
{
    constexpr charset r = charset::range('b', 'd');
    static_assert(r.size() == 3);
    EXPECT_FALSE(r.contains('a'));
    EXPECT_TRUE(r.contains('b'));
    EXPECT_TRUE(r.contains('d'));
    EXPECT_FALSE(r.contains('e'));
    EXPECT_EQ(charset::range(0, 255).size(), 256u); // the loop ends at the top byte
    EXPECT_EQ(charset::range(0xFF, 0xFF).size(), 1u);
    EXPECT_EQ(charset::range('x', 'x'), charset("x"));
}

TEST(CharsetClass, UnionAndDifference)
{
    constexpr charset ab("ab");
    constexpr charset bc("bc");
    static_assert(ab + bc == charset("abc"));
    static_assert(ab - bc == charset("a"));
    static_assert(bc - ab == charset("c"));
    static_assert(ab + 'z' == charset("abz"));
    static_assert(ab - 'a' == charset("b"));
    static_assert(ab - 'q' == ab);
    static_assert(ab + 'a' == ab);
    static_assert(ab != bc);
    EXPECT_EQ((ab + bc).size(), 3u);
    EXPECT_EQ((ab - ab).size(), 0u);
    EXPECT_EQ(ab + charset(), ab);
    // + and - work on high bytes too (a negative char)
    charset const hi = charset() + static_cast<char>(0xE9);
    EXPECT_TRUE(hi.contains(static_cast<unsigned char>(0xE9)));
    EXPECT_EQ((hi - static_cast<char>(0xE9)).size(), 0u);
    // the header's compositions, redone here
    EXPECT_EQ(chars::pchar - ';', chars::ftp_segment_char);
    EXPECT_EQ(chars::usp_char + ':', chars::userinfo_char);
    EXPECT_EQ(chars::fragment_char - charset("/?") - charset(":@"), chars::usp_char);
    EXPECT_EQ(chars::hexdig - chars::digit, charset("ABCDEFabcdef"));
    EXPECT_EQ(chars::unreserved - chars::alpha - chars::digit, charset("-._~"));
    EXPECT_EQ(chars::reserved - chars::gen_delims, chars::sub_delims);
}

TEST(CharsetClass, TablesAreConstantExpressions)
{
    static_assert(chars::unreserved.size() == 66);
    static_assert(chars::sub_delims.size() == 11);
    static_assert(chars::pchar.size() == 79);
    static_assert(chars::pchar.contains('@') && !chars::pchar.contains('/'));
    SUCCEED();
}

} // namespace
