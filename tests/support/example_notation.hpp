// SPDX-License-Identifier: Apache-2.0
// tests/support/example_notation.hpp: the notation of the examples in docs/diagnostics.md and
// docs/canonical.md ("Notation for the examples"), both ways.
//
// `\t`, `\r`, `\n` are TAB, CR, LF; `\xHH` the byte HH; `\\` a backslash; `\|` a vertical bar;
// `{empty}` (the whole example) the empty string; `{repeat:N:c}` N copies of c (docs/diagnostics.md
// only). Any other character stands for itself.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ftpuri_test {

// The value of a hex digit, -1 for any other byte (written out here, not the library's).
inline int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Turns the notation (\t \r \n \xHH \\ \| {empty} {repeat:N:c}) into the bytes it stands
// for; nullopt when the notation itself is malformed. docs/canonical.md has no {repeat:N:c}:
// with `with_repeat` false, "{repeat:" stands for itself.
inline std::optional<std::string> unescape(std::string_view text, bool with_repeat = true)
{
    if (text == "{empty}") return std::string();
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        char const c = text[i];
        if (c == '\\') {
            if (i + 1 >= text.size()) return std::nullopt;
            char const n = text[i + 1];
            switch (n) {
            case 't':
                out += '\t';
                i += 2;
                break;
            case 'r':
                out += '\r';
                i += 2;
                break;
            case 'n':
                out += '\n';
                i += 2;
                break;
            case '\\':
                out += '\\';
                i += 2;
                break;
            case '|':
                out += '|';
                i += 2;
                break;
            case 'x': {
                if (i + 3 >= text.size()) return std::nullopt;
                int const hi = hex_value(text[i + 2]);
                int const lo = hex_value(text[i + 3]);
                if (hi < 0 || lo < 0) return std::nullopt;
                out += static_cast<char>(static_cast<unsigned char>(hi * 16 + lo));
                i += 4;
                break;
            }
            default: return std::nullopt;
            }
        } else if (with_repeat && text.substr(i).starts_with("{repeat:")) {
            // {repeat:N:c}
            std::size_t j = i + 8;
            std::size_t n = 0;
            std::size_t digits = 0;
            while (j < text.size() && text[j] >= '0' && text[j] <= '9') {
                n = n * 10 + static_cast<std::size_t>(text[j] - '0');
                ++j;
                ++digits;
            }
            if (digits == 0 || j + 2 >= text.size() || text[j] != ':' || text[j + 2] != '}') return std::nullopt;
            out.append(n, text[j + 1]);
            i = j + 3;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

// Shows bytes in the notation, for failure messages.
inline std::string escape(std::string_view bytes)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    std::size_t i = 0;
    while (i < bytes.size()) {
        std::size_t run = 1;
        while (i + run < bytes.size() && bytes[i + run] == bytes[i])
            ++run;
        if (run > 8) {
            out += "{repeat:" + std::to_string(run) + ":" + bytes[i] + "}";
            i += run;
            continue;
        }
        auto const u = static_cast<unsigned char>(bytes[i]);
        if (u == '\t')
            out += "\\t";
        else if (u == '\r')
            out += "\\r";
        else if (u == '\n')
            out += "\\n";
        else if (u == '\\')
            out += "\\\\";
        else if (u < 0x20 || u >= 0x7F) {
            out += "\\x";
            out += digits[u >> 4];
            out += digits[u & 0xF];
        } else
            out += static_cast<char>(u);
        ++i;
    }
    return out.empty() ? "{empty}" : out;
}

} // namespace ftpuri_test
