// SPDX-License-Identifier: Apache-2.0
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
// The position of the first uppercase ASCII letter of `text`, or npos.
constexpr std::size_t find_upper_ascii(std::string_view text) noexcept
{
    for (std::size_t i = 0; i < text.size(); ++i)
        if (is_upper_ascii(static_cast<unsigned char>(text[i]))) return i;
    return std::string_view::npos;
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
        t = token_at(raw_, i_, allowed_);
        if (lowercase_ && !t.encoded) t.byte = to_lower_ascii(t.byte);
        return true;
    }

    // The token at raw[i] (i < raw.size()), i moved past it: what next() reads, but for the case.
    static constexpr token token_at(std::string_view raw, std::size_t& i, charset const& allowed) noexcept
    {
        if (int const escaped = escape_at(raw, i); escaped >= 0) {
            i += 3;
            auto const byte = static_cast<unsigned char>(escaped);
            return {byte, !chars::unreserved.contains(byte)};
        }
        auto const byte = static_cast<unsigned char>(raw[i++]);
        return {byte, !allowed.contains(byte)};
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
