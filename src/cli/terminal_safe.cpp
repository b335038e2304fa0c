// SPDX-License-Identifier: Apache-2.0
#include "terminal_safe.hpp"

#include <cstring>

#include "well_formed_utf8.hpp"

namespace ftpuri::cli {
namespace {

constexpr char hex_digits[] = "0123456789ABCDEF";

// At least `width` uppercase hex digits of c.
void append_hex(std::string& to, char32_t c, int width)
{
    int digits = width;
    while (digits < 8 && (c >> (4 * digits)) != 0)
        ++digits;
    for (int k = digits - 1; k >= 0; --k)
        to.push_back(hex_digits[(c >> (4 * k)) & 0xFU]);
}

} // namespace

text_unit next_non_ascii_unit(std::string_view text, std::size_t i) noexcept
{
    auto const b0 = static_cast<unsigned char>(text[i]);
    std::size_t const n = utf8_sequence_length(text, i);
    if (n == 0) return {1, b0, false};
    // The lead byte keeps 7 - n payload bits, each continuation byte 6.
    char32_t c = b0 & (0x7FU >> n);
    for (std::size_t k = 1; k < n; ++k)
        c = (c << 6U) | (static_cast<unsigned char>(text[i + k]) & 0x3FU);
    return {static_cast<std::uint32_t>(n), c, true};
}

bool reads_as_escape(std::string_view text, std::size_t i) noexcept
{
    auto const is_hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); };
    if (text[i] != '<') return false;
    std::string_view rest = text.substr(i + 1);
    std::size_t min_digits = 2;
    std::size_t max_digits = 2;
    if (rest.starts_with("U+")) {
        rest.remove_prefix(2);
        min_digits = 4;
        max_digits = 6;
    }
    std::size_t digits = 0;
    while (digits < rest.size() && digits < max_digits && is_hex(rest[digits]))
        ++digits;
    return digits >= min_digits && digits < rest.size() && rest[digits] == '>';
}

std::uint32_t append_shown_non_ascii_or_unsafe(std::string& to, std::string_view text, std::size_t i, text_unit unit)
{
    if (unit.bytes == 1 && unit.code_point == '<') {
        if (!reads_as_escape(text, i)) {
            to.push_back('<');
            return 1;
        }
        to.append("<3C>");
        return 4;
    }
    if (unit.safe()) {
        to.append(text.substr(i, unit.bytes));
        return 1; // one column per code point; wide characters are rare in URIs and file names
    }
    std::size_t const before = to.size();
    // A byte keeps its byte notation, the one the echo has always used; a C1 control is a code
    // point whose UTF-8 bytes (C2 9B) are not what a reader would look up, so it gets U+.
    if (!unit.utf8 || unit.code_point < 0x80) {
        to.push_back('<');
        append_hex(to, unit.code_point, 2);
    } else {
        to.append("<U+");
        append_hex(to, unit.code_point, 4);
    }
    to.push_back('>');
    return static_cast<std::uint32_t>(to.size() - before);
}

std::size_t printable_ascii_run(std::string_view text) noexcept
{
    // Eight bytes at a time: a byte >= 0x80 has its top bit set, and a byte < 0x20, == 0x7F
    // (0x7F + 1 = 0x80) or == '<' sets it in one of the sums (Bit Twiddling Hacks, "hasless",
    // "hasvalue").
    constexpr std::uint64_t ones = 0x0101010101010101U;
    constexpr std::uint64_t tops = 0x8080808080808080U;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t x = 0;
        std::memcpy(&x, text.data() + i, 8);
        std::uint64_t const control = (x - ones * 0x20U) & ~x;
        std::uint64_t const del = ((x ^ (ones * 0x7FU)) - ones) & ~(x ^ (ones * 0x7FU));
        std::uint64_t const less = ((x ^ (ones * 0x3CU)) - ones) & ~(x ^ (ones * 0x3CU));
        if (((x | control | del | less) & tops) != 0) break;
    }
    while (i < text.size()) {
        auto const b = static_cast<unsigned char>(text[i]);
        if (b < 0x20 || b >= 0x7F || b == '<') break;
        ++i;
    }
    return i;
}

void append_terminal_safe(std::string& to, std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t const plain = printable_ascii_run(text.substr(i));
        to.append(text.substr(i, plain));
        i += plain;
        if (i == text.size()) break;
        text_unit const unit = next_text_unit(text, i);
        static_cast<void>(append_shown_unit(to, text, i, unit));
        i += unit.bytes;
    }
}

std::string terminal_safe(std::string_view text)
{
    std::string shown;
    append_terminal_safe(shown, text);
    return shown;
}

void append_json_safe(std::string& to, std::string_view json)
{
    std::size_t copied = 0; // json[0, copied) is in `to`
    std::size_t i = 0;
    while (i < json.size()) {
        i += printable_ascii_run(json.substr(i));
        if (i == json.size()) break;
        text_unit const unit = next_text_unit(json, i);
        if (unit.safe() && !is_json_line_separator(unit.code_point)) {
            i += unit.bytes;
            continue;
        }
        to.append(json.substr(copied, i - copied));
        to.append("\\u");
        append_hex(to, unit.utf8 ? unit.code_point : 0xFFFD, 4);
        i += unit.bytes;
        copied = i;
    }
    to.append(json.substr(copied));
}

} // namespace ftpuri::cli
