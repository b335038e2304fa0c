// SPDX-License-Identifier: Apache-2.0
// terminal_safe.hpp: text taken from an input or a file name, made safe to show.
//
// An input line, a file name or an argument may hold any bytes, and the reports are read on
// terminals. Written raw, a C0 control (ESC starts a sequence that sets colours, moves the
// cursor or the window title), DEL or a C1 control (U+009B is a CSI) drives the terminal, and a
// bidirectional control (U+202A-U+202E, U+2066-U+2069) reorders what the reader sees: a name
// can pass for another ("Trojan Source", CVE-2021-42574). A byte that is not UTF-8 is a C1
// control to a terminal that reads 8-bit controls. docs/behaviour.md ("Diagnostics"): text output shows
// them escaped, `<1B>`, `<U+202E>`, with the caret still aligned; JSON writes them as \uXXXX.
//
// One decision, is_unsafe_code_point() on the units that next_text_unit() reads, spelled two
// ways: append_terminal_safe() for text, append_json_safe() for JSON that RapidJSON wrote.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ftpuri::cli {

// True for the code points no output writes raw: C0 (U+0000-U+001F), DEL, C1 (U+0080-U+009F)
// and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
constexpr bool is_unsafe_code_point(char32_t c) noexcept
{
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// U+2028 and U+2029: valid raw in JSON, but JavaScript before ES2019 and Python's
// str.splitlines() end a line there, so a record read line by line would be cut in two.
constexpr bool is_json_line_separator(char32_t c) noexcept
{
    return c == 0x2028 || c == 0x2029;
}

// One character of a text, or one byte that is not part of a well-formed UTF-8 sequence.
struct text_unit {
    std::uint32_t bytes; // 1 to 4
    char32_t code_point; // the byte's value when !utf8
    bool utf8;           // a well-formed UTF-8 sequence (ASCII included)
    [[nodiscard]] bool safe() const noexcept { return utf8 && !is_unsafe_code_point(code_point); }
};

// The cold halves of the two functions below, out of line: reports are mostly ASCII.
[[nodiscard]] text_unit next_non_ascii_unit(std::string_view text, std::size_t i) noexcept;
std::uint32_t append_shown_non_ascii_or_unsafe(std::string& to, std::string_view text, std::size_t i, text_unit unit);

// The unit that starts at text[i] (i < text.size()).
[[nodiscard]] inline text_unit next_text_unit(std::string_view text, std::size_t i) noexcept
{
    auto const b0 = static_cast<unsigned char>(text[i]);
    if (b0 < 0x80) [[likely]]
        return {1, b0, true};
    return next_non_ascii_unit(text, i);
}

// True when text[i] is a '<' that a reader could take for the start of an escape: followed by
// two uppercase hex digits and '>' ("<0D>") or by "U+", four to six of them and '>'
// ("<U+202E>"). Shown raw, a harmless decoded "%3C0D%3E" would read as a CR.
[[nodiscard]] bool reads_as_escape(std::string_view text, std::size_t i) noexcept;

// Appends how `unit`, read at text[i], is shown: itself when safe, else <XX> for a byte (a C0
// control, DEL, or not UTF-8) and <U+XXXX> for a C1 or bidirectional control; a '<' that
// reads_as_escape() is <3C>, so that the escaping is unambiguous. Returns the columns it
// takes: one per code point, so an escape takes its length.
inline std::uint32_t append_shown_unit(std::string& to, std::string_view text, std::size_t i, text_unit unit)
{
    if (unit.bytes == 1 && unit.code_point >= 0x20 && unit.code_point < 0x7F && unit.code_point != '<') [[likely]] {
        to.push_back(text[i]);
        return 1;
    }
    return append_shown_non_ascii_or_unsafe(to, text, i, unit);
}

// The length of the run of printable ASCII (0x20-0x7E) but '<' that starts text, which every
// output shows as it is ('<' is shown as it is unless reads_as_escape()).
[[nodiscard]] std::size_t printable_ascii_run(std::string_view text) noexcept;

// Appends `text` as append_shown_unit() shows it, unit by unit.
void append_terminal_safe(std::string& to, std::string_view text);

// `text` as append_terminal_safe() shows it.
[[nodiscard]] std::string terminal_safe(std::string_view text);

// Appends `json`, text that RapidJSON's Writer wrote, with every unsafe code point and line
// separator it holds raw written as a \uXXXX escape. The Writer escapes only C0; DEL, C1 and bidirectional controls
// can only be inside strings (the rest of the JSON is ASCII), where \uXXXX means the same.
// A byte that is not UTF-8, which the Writer's callers replace beforehand, becomes \uFFFD.
void append_json_safe(std::string& to, std::string_view json);

} // namespace ftpuri::cli
