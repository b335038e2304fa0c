// SPDX-License-Identifier: Apache-2.0
// tests/support/abnf/tokens.hpp: the tokens of ABNF text (RFC 5234 4, with RFC 7405's %s"" and
// %i"" literals): rule names, string literals, numeric values, repetitions, "/" and brackets.
// tokenize() reports what is not a token of ABNF, a numeric value that is not well-formed or is
// an empty range, and a repetition whose maximum is below its minimum; reader.hpp puts the
// tokens of each definition together.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "../ascii.hpp"

namespace ftpuri_test::abnf {

enum class tok { name, literal, numval, repeat, alt, lparen, rparen, lbrack, rbrack };

struct token {
    tok kind;
    std::string text; // a literal's characters, without quotes and %s / %i
    int line;
    bool case_sensitive = false; // a %s"" literal (RFC 7405)
};

inline bool is_alpha(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
inline bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}
inline bool is_hex(char c)
{
    return is_digit(c) || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
}
inline bool is_name_char(char c)
{
    return is_alpha(c) || is_digit(c) || c == '-';
}

inline bool is_digit_of(char c, int base)
{
    return base == 16 ? is_hex(c) : base == 10 ? is_digit(c) : (c == '0' || c == '1');
}

// The value of `digits` in `base`, or false when empty, not digits of it, or above 2^31 - 1
// (no grammar needs more, and the callers' unsigned holds it).
inline bool parse_number(std::string_view digits, int base, unsigned long& value)
{
    value = 0;
    if (digits.empty()) return false;
    for (char c : digits) {
        if (!is_digit_of(c, base)) return false;
        int const d = is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
        value = value * static_cast<unsigned long>(base) + static_cast<unsigned long>(d);
        if (value > 0x7FFFFFFFUL) return false;
    }
    return true;
}

inline int numeric_base(char letter)
{
    switch (letter) {
    case 'x':
    case 'X': return 16;
    case 'd':
    case 'D': return 10;
    case 'b':
    case 'B': return 2;
    default: return 0;
    }
}

// Removes the comment of one line: a ';' outside a quoted string starts it.
inline std::string strip_comment(std::string const& line)
{
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '"') quoted = !quoted;
        if (line[i] == ';' && !quoted) return line.substr(0, i);
    }
    return line;
}

inline void tokenize(std::string const& text, int line_no, std::vector<token>& out, std::vector<std::string>& errors)
{
    auto err = [&](std::string const& what) { errors.push_back("line " + std::to_string(line_no) + ": " + what); };
    std::size_t i = 0;
    while (i < text.size()) {
        char const c = text[i];
        if (c == ' ') {
            ++i;
        } else if (c == '"' ||
                   (c == '%' && text.size() > i + 2 &&
                    std::string_view("sSiI").find(text[i + 1]) != std::string_view::npos && text[i + 2] == '"')) {
            // "x" is case-insensitive (RFC 5234 2.3); %s"x" sensitive, %i"x" insensitive (RFC 7405).
            bool const case_sensitive = c == '%' && (text[i + 1] == 's' || text[i + 1] == 'S');
            std::size_t const open = c == '"' ? i : i + 2;
            std::size_t const close = text.find('"', open + 1);
            if (close == std::string::npos) {
                err("unterminated string literal");
                return;
            }
            std::string const lit = text.substr(open + 1, close - open - 1);
            for (char ch : lit)
                if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) > 0x7E)
                    err("string literal with a byte outside %x20-7E");
            out.push_back({tok::literal, lit, line_no, case_sensitive});
            i = close + 1;
        } else if (c == '%') {
            // %x: hex, %d: decimal, %b: binary; a range (-) or a concatenation (.)
            std::size_t j = i + 1;
            int const base = j < text.size() ? numeric_base(text[j]) : 0;
            if (base == 0) {
                err("bad numeric value");
                return;
            }
            ++j;
            std::size_t const start = i;
            std::size_t digits_start = j;
            bool range = false, concat = false, ok = true;
            std::vector<unsigned long> values;
            while (true) {
                std::size_t k = digits_start;
                while (k < text.size() && is_digit_of(text[k], base))
                    ++k;
                unsigned long v = 0;
                ok = ok && parse_number(std::string_view(text).substr(digits_start, k - digits_start), base, v);
                values.push_back(v);
                j = k;
                if (j < text.size() && (text[j] == '-' || text[j] == '.')) {
                    (text[j] == '-' ? range : concat) = true;
                    digits_start = j + 1;
                    continue;
                }
                break;
            }
            std::string const numval = text.substr(start, j - start);
            if (!ok || (range && concat) || (range && values.size() != 2))
                err("bad numeric value " + numval);
            else if (range && values[1] < values[0])
                err("empty range " + numval);
            out.push_back({tok::numval, numval, line_no});
            i = j;
        } else if (is_digit(c) || c == '*') {
            // n*m, n*, *m, * and n; a bound beyond what the parse can hold is an error.
            std::size_t j = i;
            while (j < text.size() && is_digit(text[j]))
                ++j;
            std::size_t const star = j;
            if (j < text.size() && text[j] == '*') {
                ++j;
                while (j < text.size() && is_digit(text[j]))
                    ++j;
            }
            std::string const rep = text.substr(i, j - i);
            unsigned long lo = 0, hi = 0;
            bool const has_lo = star > i, has_hi = j > star + 1;
            if ((has_lo && !parse_number(std::string_view(text).substr(i, star - i), 10, lo)) ||
                (has_hi && !parse_number(std::string_view(text).substr(star + 1, j - star - 1), 10, hi)))
                err("repetition count too large: " + rep);
            else if (has_hi && hi < lo)
                err("repetition " + rep + " with its maximum below its minimum");
            out.push_back({tok::repeat, rep, line_no});
            i = j;
        } else if (is_alpha(c)) {
            std::size_t j = i;
            while (j < text.size() && is_name_char(text[j]))
                ++j;
            out.push_back({tok::name, text.substr(i, j - i), line_no});
            i = j;
        } else if (c == '/') {
            out.push_back({tok::alt, "/", line_no});
            ++i;
        } else if (c == '(' || c == ')' || c == '[' || c == ']') {
            tok const k = c == '(' ? tok::lparen : c == ')' ? tok::rparen : c == '[' ? tok::lbrack : tok::rbrack;
            out.push_back({k, std::string(1, c), line_no});
            ++i;
        } else if (c == '<') {
            err("prose value");
            return;
        } else {
            err(std::string("unexpected character '") + c + "'");
            return;
        }
    }
}

} // namespace ftpuri_test::abnf
