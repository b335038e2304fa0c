// src/text.hpp: small text helpers shared by the scanner and the canonicalizer. Internal.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "ftpuri/pct.hpp"

namespace ftpuri {

constexpr bool is_upper_ascii(unsigned char c) noexcept
{
    return c >= 'A' && c <= 'Z';
}
constexpr unsigned char to_lower_ascii(unsigned char c) noexcept
{
    return is_upper_ascii(c) ? static_cast<unsigned char>(c | 0x20) : c;
}
constexpr char upper_hex_digit(unsigned v) noexcept
{
    return "0123456789ABCDEF"[v & 0xF];
}

// Whether text[at...] spells `word` (lowercase) in any case.
constexpr bool matches_lowercase(std::string_view text, std::size_t at, std::string_view word) noexcept
{
    if (at > text.size() || text.size() - at < word.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (to_lower_ascii(static_cast<unsigned char>(text[at + i])) != static_cast<unsigned char>(word[i]))
            return false;
    return true;
}

// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
// dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
constexpr bool is_ipv4address(std::string_view text) noexcept
{
    std::size_t q = 0;
    for (int octet = 0; octet < 4; ++octet) {
        if (octet > 0) {
            if (q >= text.size() || text[q] != '.') return false;
            ++q;
        }
        std::size_t const first = q;
        unsigned value = 0;
        while (q < text.size() && q - first < 3 && chars::digit.contains(text[q]))
            value = value * 10 + static_cast<unsigned>(text[q++] - '0');
        std::size_t const digits = q - first;
        if (digits == 0 || value > 255 || (digits > 1 && text[first] == '0')) return false;
    }
    return q == text.size();
}

// typecode-part = ";type=" typecode ; typecode = "a" / "i" / "d" (any case)
// The typecode that ends `text`, lowercased, or '\0' when it ends in none.
constexpr char trailing_typecode(std::string_view text) noexcept
{
    if (text.size() < 7 || !matches_lowercase(text, text.size() - 7, ";type=")) return '\0';
    auto const letter = static_cast<char>(to_lower_ascii(static_cast<unsigned char>(text.back())));
    return letter == 'a' || letter == 'i' || letter == 'd' ? letter : '\0';
}

// The byte that the escape at text[i] stands for, or -1 when there is no "%XX" there.
constexpr int escape_at(std::string_view text, std::size_t i) noexcept
{
    if (i + 2 >= text.size() || text[i] != '%') return -1;
    int const hi = hex_value(static_cast<unsigned char>(text[i + 1]));
    int const lo = hex_value(static_cast<unsigned char>(text[i + 2]));
    return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

// One byte of a component as its normal form spells it: `encoded` when it must be written
// "%XX" (uppercase), else the byte itself (lowercased for hosts).
struct token {
    unsigned char byte = 0;
    bool encoded = false;
};

// Reads the raw text of a component (escapes well-formed, as in any parsed view) as tokens:
// an escape of an unreserved character is that character (RFC 3986 2.3), any other escape
// stays an escape, and a raw byte that `allowed` does not hold (a lenient space, a second ":"
// in a password) becomes one. Two texts are equivalent iff their tokens are equal.
class token_reader {
public:
    token_reader(std::string_view raw, charset const& allowed, bool lowercase) noexcept
        : raw_(raw), allowed_(allowed), lowercase_(lowercase)
    {
    }

    bool next(token& t) noexcept
    {
        if (i_ >= raw_.size()) return false;
        if (int const escaped = escape_at(raw_, i_); escaped >= 0) {
            t.byte = static_cast<unsigned char>(escaped);
            t.encoded = !chars::unreserved.contains(t.byte);
            i_ += 3;
        } else {
            t.byte = static_cast<unsigned char>(raw_[i_]);
            t.encoded = !allowed_.contains(t.byte);
            ++i_;
        }
        if (lowercase_ && !t.encoded) t.byte = to_lower_ascii(t.byte);
        return true;
    }

private:
    std::string_view raw_;
    charset const& allowed_;
    bool lowercase_;
    std::size_t i_ = 0;
};

// The bytes of a raw component as they decode, one at a time: an escape is its byte, any other
// byte itself.
class decoded_reader {
public:
    constexpr explicit decoded_reader(std::string_view raw) noexcept : raw_(raw) {}

    constexpr bool next(unsigned char& byte) noexcept
    {
        if (i_ >= raw_.size()) return false;
        int const escaped = escape_at(raw_, i_);
        byte = static_cast<unsigned char>(escaped >= 0 ? escaped : raw_[i_]);
        i_ += escaped >= 0 ? 3 : 1;
        return true;
    }

private:
    std::string_view raw_;
    std::size_t i_ = 0;
};

// @constraint numeric-host: a host whose last label (one trailing "." ignored), decoded, is all
// digits, or "0x" and hex digits, is one that WHATWG parsers and inet_aton read as an IPv4
// address: it must then be a dotted-decimal IPv4address, or they read another address.
constexpr bool ends_in_a_number(std::string_view raw_host) noexcept
{
    struct label_shape {
        std::size_t length = 0;
        bool digits = true; // all DIGIT so far
        bool hex = false;   // "0x" and HEXDIG so far
        constexpr void add(unsigned char c) noexcept
        {
            digits = digits && chars::digit.contains(c);
            if (length == 1) {
                hex = digits == false && (c == 'x' || c == 'X') && zero_first;
            } else if (length > 1) {
                hex = hex && chars::hexdig.contains(c);
            }
            zero_first = length == 0 ? c == '0' : zero_first;
            ++length;
        }
        [[nodiscard]] constexpr bool number() const noexcept { return length > 0 && (digits || hex); }
        bool zero_first = false;
    };
    label_shape last;
    label_shape before_last;
    decoded_reader bytes(raw_host);
    unsigned char c = 0;
    std::size_t size = 0;
    unsigned char final_byte = 0;
    while (bytes.next(c)) {
        if (c == '.') {
            before_last = last;
            last = {};
        } else {
            last.add(c);
        }
        final_byte = c;
        ++size;
    }
    // "a.b." is read as "a.b", once: "a.." ends in an empty label.
    return final_byte == '.' && size > 1 ? before_last.number() : last.number();
}

// The decoded form of a short raw component into `out`: its size, or 0 when it does not fit
// (when it is longer than any dotted-decimal IPv4 address, for instance).
template <std::size_t N>
constexpr std::size_t decode_small(std::string_view raw, std::array<char, N>& out) noexcept
{
    decoded_reader bytes(raw);
    unsigned char c = 0;
    std::size_t size = 0;
    while (bytes.next(c)) {
        if (size == N) return 0;
        out[size++] = static_cast<char>(c);
    }
    return size;
}

// 1 for a "." segment, 2 for "..", 0 otherwise; "%2E" (any case) counts as a ".".
constexpr int dot_segment_length(std::string_view segment) noexcept
{
    if (segment.size() > 6) return 0;
    int dots = 0;
    for (std::size_t i = 0; i < segment.size();) {
        if (segment[i] == '.') {
            ++i;
        } else if (segment[i] == '%' && i + 2 < segment.size() && segment[i + 1] == '2' &&
                   to_lower_ascii(static_cast<unsigned char>(segment[i + 2])) == 'e') {
            i += 3;
        } else {
            return 0;
        }
        if (++dots > 2) return 0;
    }
    return dots;
}

// Whether a raw user name is "anonymous", in any case and any percent-encoding: the user
// RFC 1635 logs in as when there is none.
constexpr bool is_anonymous(std::string_view raw_user) noexcept
{
    constexpr std::string_view anonymous = "anonymous";
    decoded_reader bytes(raw_user);
    unsigned char c = 0;
    std::size_t matched = 0;
    for (; bytes.next(c); ++matched)
        if (matched >= anonymous.size() || to_lower_ascii(c) != static_cast<unsigned char>(anonymous[matched]))
            return false;
    return matched == anonymous.size();
}

} // namespace ftpuri
