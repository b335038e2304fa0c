// SPDX-License-Identifier: Apache-2.0
// src/rules/numeric_host.hpp: a host that other parsers read as a number. Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "text.hpp"

namespace ftpuri::rules {

// The bytes a number's label is written with, besides an escape's "%": a hex digit, or the "x"
// of "0x".
inline constexpr charset number_byte = chars::hexdig + charset("xX");

// A label's bytes, one at a time: whether they spell a number, all DIGIT or "0x" and HEXDIG.
class number_label {
public:
    constexpr void add(unsigned char c) noexcept
    {
        digits_ = digits_ && chars::digit.contains(c);
        if (length_ == 1) {
            hex_ = !digits_ && (c == 'x' || c == 'X') && zero_first_;
        } else if (length_ > 1) {
            hex_ = hex_ && chars::hexdig.contains(c);
        }
        zero_first_ = length_ == 0 ? c == '0' : zero_first_;
        ++length_;
    }
    [[nodiscard]] constexpr bool number() const noexcept { return length_ > 0 && (digits_ || hex_); }

private:
    std::size_t length_ = 0;
    bool digits_ = true; // all DIGIT so far
    bool hex_ = false;   // "0x" and HEXDIG so far
    bool zero_first_ = false;
};

// Whether the host's last label, whose last byte is raw_host[last_byte], is a number, decoded.
// Out of line: the caller's test of that byte settles almost every host.
[[nodiscard, gnu::noinline]] constexpr bool last_label_is_number(std::string_view raw_host,
                                                                 std::size_t last_byte) noexcept
{
    // No escape spans a raw ".", so a last label written without "%" is its own decoded form:
    // most hosts are judged by it alone.
    std::size_t begin = last_byte + 1;
    while (begin > 0 && raw_host[begin - 1] != '.' && raw_host[begin - 1] != '%') {
        // A byte no number holds, unescaped after the last "%", lies in the decoded last label:
        // "ftp.example" ends at its "p", unread further.
        if (!number_byte.contains(raw_host[begin - 1])) return false;
        --begin;
    }
    if (begin == 0 || raw_host[begin - 1] == '.') {
        // Both kinds of number begin with a digit: "ftp.fau.de" ends at its "d".
        if (!chars::digit.contains(raw_host[begin])) return false;
        number_label last;
        for (std::size_t i = begin; i <= last_byte; ++i)
            last.add(static_cast<unsigned char>(raw_host[i]));
        return last.number();
    }
    number_label last;
    number_label before_last;
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

// @constraint numeric-host: a host whose last label (one trailing "." ignored), decoded, is all
// digits, or "0x" and hex digits, is one that WHATWG parsers and inet_aton read as an IPv4
// address: it must then be a dotted-decimal IPv4address, or they read another address.
[[nodiscard, gnu::always_inline]] constexpr bool ends_in_a_number(std::string_view raw_host) noexcept
{
    // A number's last byte, escaped or not, is spelled with a hex digit or the "x" of "0x": a
    // host whose last raw byte (before one trailing ".") is any other settles it unread.
    if (raw_host.empty()) return false;
    std::size_t const last_byte =
        raw_host.size() > 1 && raw_host.back() == '.' ? raw_host.size() - 2 : raw_host.size() - 1;
    return number_byte.contains(raw_host[last_byte]) && last_label_is_number(raw_host, last_byte);
}

} // namespace ftpuri::rules
