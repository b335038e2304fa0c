// SPDX-License-Identifier: Apache-2.0
// src/rules/numeric_host.hpp: a host that other parsers read as a number. Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "text.hpp"

namespace ftpuri::rules {

// The bytes that can spell a number's last byte: a hex digit, or the "x" of "0x".
inline constexpr charset number_last_byte = chars::hexdig + charset("xX");

// @constraint numeric-host: a host whose last label (one trailing "." ignored), decoded, is all
// digits, or "0x" and hex digits, is one that WHATWG parsers and inet_aton read as an IPv4
// address: it must then be a dotted-decimal IPv4address, or they read another address.
[[nodiscard]] constexpr bool ends_in_a_number(std::string_view raw_host) noexcept
{
    // A number's last byte, escaped or not, is spelled with a hex digit or the "x" of "0x": a
    // host whose last raw byte (before one trailing ".") is any other settles it unread.
    if (raw_host.empty()) return false;
    std::size_t const last_byte =
        raw_host.size() > 1 && raw_host.back() == '.' ? raw_host.size() - 2 : raw_host.size() - 1;
    if (!number_last_byte.contains(raw_host[last_byte])) return false;
    struct label_shape {
        std::size_t length = 0;
        bool digits = true; // all DIGIT so far
        bool hex = false;   // "0x" and HEXDIG so far
        bool zero_first = false;
        constexpr void add(unsigned char c) noexcept
        {
            digits = digits && chars::digit.contains(c);
            if (length == 1) {
                hex = !digits && (c == 'x' || c == 'X') && zero_first;
            } else if (length > 1) {
                hex = hex && chars::hexdig.contains(c);
            }
            zero_first = length == 0 ? c == '0' : zero_first;
            ++length;
        }
        [[nodiscard]] constexpr bool number() const noexcept { return length > 0 && (digits || hex); }
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

} // namespace ftpuri::rules
