// SPDX-License-Identifier: Apache-2.0
// terminal_safe_test: what the reports show of an input or a file name (terminal_safe.hpp).
// Every byte value alone, every code point class at its edges, bytes that are not UTF-8, and
// the JSON spelling of the same decisions.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "terminal_safe.hpp"

namespace {

using ftpuri::cli::append_json_safe;
using ftpuri::cli::append_shown_unit;
using ftpuri::cli::is_unsafe_code_point;
using ftpuri::cli::next_text_unit;
using ftpuri::cli::printable_ascii_run;
using ftpuri::cli::terminal_safe;
using ftpuri::cli::text_unit;

std::string utf8(char32_t c)
{
    std::string s;
    if (c < 0x80) {
        s += static_cast<char>(c);
    } else if (c < 0x800) {
        s += static_cast<char>(0xC0 | (c >> 6));
        s += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        s += static_cast<char>(0xE0 | (c >> 12));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        s += static_cast<char>(0xF0 | (c >> 18));
        s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
    return s;
}

// Concatenation, by +=: GCC 12's -Wrestrict misfires on "literal" + std::string.
template <class... Parts>
std::string cat(Parts const&... parts)
{
    std::string s;
    ((s += parts), ...);
    return s;
}

std::string json_safe(std::string_view json)
{
    std::string out;
    append_json_safe(out, json);
    return out;
}

TEST(TerminalSafe, EveryByteAlone)
{
    for (unsigned b = 0; b < 256; ++b) {
        std::string const byte(1, static_cast<char>(b));
        char escape[8];
        static_cast<void>(std::snprintf(escape, sizeof escape, "<%02X>", b));
        bool const printable_ascii = b >= 0x20 && b < 0x7F;
        // A lone byte >= 0x80 is never UTF-8: shown as <XX> like a C0 control.
        EXPECT_EQ(terminal_safe(byte), printable_ascii ? byte : std::string(escape)) << b;
    }
}

TEST(TerminalSafe, PrintableAsciiRunStopsAtEveryOtherByteWherever)
{
    // Eight bytes at a time, then one by one: every byte value at every place of a 20-byte run,
    // so that each lane of a word and the tail are reached. '<' ends a run: it may need escaping.
    for (unsigned b = 0; b < 256; ++b) {
        bool const printable = b >= 0x20 && b < 0x7F && b != '<';
        for (std::size_t at = 0; at < 20; ++at) {
            std::string text(20, 'a');
            text[at] = static_cast<char>(b);
            EXPECT_EQ(printable_ascii_run(text), printable ? 20 : at) << b << " at " << at;
        }
    }
    EXPECT_EQ(printable_ascii_run(""), 0U);
    EXPECT_EQ(printable_ascii_run("~ !"), 3U);
}

TEST(TerminalSafe, UnsafeCodePointsAtTheirEdges)
{
    struct row {
        char32_t c;
        bool unsafe;
    };
    constexpr row rows[] = {
        {0x00, true},    {0x1B, true},    {0x1F, true},    {0x20, false},    {0x7E, false},   {0x7F, true},
        {0x80, true},    {0x9B, true},    {0x9F, true},    {0xA0, false},    {0xE9, false},   {0x200F, false},
        {0x2029, false}, {0x202A, true},  {0x202E, true},  {0x202F, false},  {0x2065, false}, {0x2066, true},
        {0x2069, true},  {0x206A, false}, {0xFEFF, false}, {0x1F600, false},
    };
    for (row const& r : rows)
        EXPECT_EQ(is_unsafe_code_point(r.c), r.unsafe) << std::hex << static_cast<unsigned>(r.c);
}

TEST(TerminalSafe, Spellings)
{
    EXPECT_EQ(terminal_safe("a\x1b[31mb"), "a<1B>[31mb");
    EXPECT_EQ(terminal_safe("\t\n\r\x7f"), "<09><0A><0D><7F>");
    EXPECT_EQ(terminal_safe(cat(utf8(0x9B), "31m")), "<U+009B>31m");     // a C1 CSI in UTF-8
    EXPECT_EQ(terminal_safe(cat("x", utf8(0x202E), "y")), "x<U+202E>y"); // right-to-left override
    EXPECT_EQ(terminal_safe(cat(utf8(0x2066), utf8(0x2069))), "<U+2066><U+2069>");
    EXPECT_EQ(terminal_safe("caf\xC3\xA9 \xE4\xB8\xAD \xF0\x9F\x98\x80"), "caf\xC3\xA9 \xE4\xB8\xAD \xF0\x9F\x98\x80");
    // Not UTF-8: a cut sequence, an overlong '/', a surrogate, past U+10FFFF: byte by byte.
    EXPECT_EQ(terminal_safe("\xE2\x80"), "<E2><80>");
    EXPECT_EQ(terminal_safe("\xC0\xAF"), "<C0><AF>");
    EXPECT_EQ(terminal_safe("\xED\xA0\x80"), "<ED><A0><80>");
    EXPECT_EQ(terminal_safe("\xF4\x90\x80\x80"), "<F4><90><80><80>");
    EXPECT_EQ(terminal_safe(std::string_view("a\0b", 3)), "a<00>b");
    EXPECT_EQ(terminal_safe(""), "");
}

TEST(TerminalSafe, UnitsAndColumns)
{
    std::string const text = cat("a", utf8(0xE9), utf8(0x202E), "\x1b\xFF");
    // The members are in the order the rows below list them; a test's padding does not matter.
    // NOLINTNEXTLINE(clang-analyzer-optin.performance.Padding)
    struct expected_unit {
        std::uint32_t bytes;
        char32_t code_point;
        bool utf8;
        std::string_view shown;
        std::uint32_t columns;
    };
    constexpr expected_unit expected[] = {
        {1, 'a', true, "a", 1},     {2, 0xE9, true, "\xC3\xA9", 1}, {3, 0x202E, true, "<U+202E>", 8},
        {1, 0x1B, true, "<1B>", 4}, {1, 0xFF, false, "<FF>", 4},
    };
    std::size_t i = 0;
    for (expected_unit const& e : expected) {
        ASSERT_LT(i, text.size());
        text_unit const unit = next_text_unit(text, i);
        EXPECT_EQ(unit.bytes, e.bytes) << i;
        EXPECT_EQ(unit.code_point, e.code_point) << i;
        EXPECT_EQ(unit.utf8, e.utf8) << i;
        std::string shown;
        EXPECT_EQ(append_shown_unit(shown, text, i, unit), e.columns) << i;
        EXPECT_EQ(shown, e.shown) << i;
        i += unit.bytes;
    }
    EXPECT_EQ(i, text.size());
}

TEST(TerminalSafe, ALessThanThatReadsAsAnEscapeIsEscaped)
{
    // A decoded "%3C0D%3E" would print as the escape of a CR: the display must not be ambiguous.
    EXPECT_EQ(terminal_safe("a<0D><0A>DELE x"), "a<3C>0D><3C>0A>DELE x");
    EXPECT_EQ(terminal_safe("<U+202E>"), "<3C>U+202E>");
    EXPECT_EQ(terminal_safe("<U+10FFFF>"), "<3C>U+10FFFF>");
    EXPECT_EQ(terminal_safe("a\r<0D>"), "a<0D><3C>0D>");
    // Anything else that holds a '<' cannot be read as an escape, and stays as it is.
    for (char const* plain : {"<", "a<b", "<0d>", "<0D", "<0DD>", "<U+20>", "<U+1234567>", "<<", "<U+>", "x<>"})
        EXPECT_EQ(terminal_safe(plain), plain) << plain;
    EXPECT_EQ(terminal_safe("<<0D>"), "<<3C>0D>");
    // The long runs' fast path stops at a '<' too.
    EXPECT_EQ(terminal_safe("abcdefghijklmnop<1B>qrstuvwxyz"), "abcdefghijklmnop<3C>1B>qrstuvwxyz");
}

TEST(TerminalSafe, JsonEscapesWhatTheWriterLeavesRaw)
{
    // As RapidJSON writes it: C0 escaped already, the rest raw.
    std::string const json =
        cat(R"({"input":"a\u001B)", utf8(0x7F), utf8(0x9B), utf8(0x202E), utf8(0x2069), "\xC3\xA9\"}");
    EXPECT_EQ(json_safe(json), R"({"input":"a\u001B\u007F\u009B\u202E\u2069)"
                               "\xC3\xA9\"}");
    EXPECT_EQ(json_safe(R"({"a":"plain ASCII, \"quoted\" \\ and all"})"),
              R"({"a":"plain ASCII, \"quoted\" \\ and all"})");
    EXPECT_EQ(json_safe("\"\xFF\""), "\"\\uFFFD\"");
    EXPECT_EQ(json_safe(""), "");
    // The line separators that JavaScript before ES2019 and str.splitlines() end a line at.
    EXPECT_EQ(json_safe(cat(R"({"input":"a)", utf8(0x2028), "b", utf8(0x2029), R"("})")),
              R"({"input":"a\u2028b\u2029"})");
}

TEST(TerminalSafe, JsonAgreesWithTextOnEveryCodePointOfTheFirstPlanes)
{
    // The same decision, two spellings: raw in JSON exactly when it is shown as itself in text,
    // but for the line separators, which only JSON readers split at.
    for (char32_t c = 0x20; c < 0x3000; ++c) {
        if (c == '"' || c == '\\') continue; // JSON's own escapes, which the Writer writes
        if (c == 0x2028 || c == 0x2029) continue;
        std::string const s = utf8(c);
        bool const raw_in_text = terminal_safe(s) == s;
        bool const raw_in_json = json_safe(s) == s;
        EXPECT_EQ(raw_in_text, raw_in_json) << std::hex << static_cast<unsigned>(c);
        EXPECT_EQ(raw_in_text, !is_unsafe_code_point(c)) << std::hex << static_cast<unsigned>(c);
    }
}

} // namespace
