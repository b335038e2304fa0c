// SPDX-License-Identifier: Apache-2.0
// src/rules/ipv6_address.hpp: the IPv6 address of an IP-literal, validated and read in one
// pass. Internal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ftpuri/charset.hpp"
#include "ftpuri/pct.hpp"
#include "ipv4_address.hpp"

namespace ftpuri::rules {

// The eight 16-bit pieces of an IPv6 address, first piece first.
using ipv6_pieces = std::array<std::uint16_t, 8>;

// IPv6address =                            6( h16 ":" ) ls32
//             /                       "::" 5( h16 ":" ) ls32
//             / [               h16 ] "::" 4( h16 ":" ) ls32
//             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//             / [ *4( h16 ":" ) h16 ] "::"              ls32
//             / [ *5( h16 ":" ) h16 ] "::"              h16
//             / [ *6( h16 ":" ) h16 ] "::"
// h16 = 1*4HEXDIG ; ls32 = ( h16 ":" h16 ) / IPv4address
// The nine alternatives say: eight 16-bit pieces, an IPv4address counting as two and only last,
// or fewer around one "::" that stands for at least one zero piece. `text` is the IP-literal
// without its brackets. The pieces, or nothing when `text` is not an IPv6address.
[[nodiscard]] constexpr std::optional<ipv6_pieces> parse_ipv6address(std::string_view text) noexcept
{
    constexpr std::size_t no_gap = 9; // 8 would be a "::" after all eight pieces
    ipv6_pieces pieces{};
    std::size_t count = 0;    // pieces read
    std::size_t gap = no_gap; // how many pieces came before the "::"
    std::size_t q = 0;
    if (text.size() >= 2 && text[0] == ':' && text[1] == ':') {
        gap = 0;
        q = 2;
    } else if (!text.empty() && text[0] == ':') {
        return std::nullopt; // a lone leading ":"
    }
    while (q < text.size()) {
        std::size_t const begin = q;
        unsigned value = 0;
        while (q < text.size() && q - begin < 5 && chars::hexdig.contains(text[q]))
            value = value << 4U | static_cast<unsigned>(hex_value(static_cast<unsigned char>(text[q++])));
        if (q < text.size() && text[q] == '.') { // ls32 as an IPv4address: the last thing
            std::optional<std::uint32_t> const v4 = parse_ipv4address(text.substr(begin));
            if (!v4 || count > 6) return std::nullopt;
            pieces[count++] = static_cast<std::uint16_t>(*v4 >> 16U);
            pieces[count++] = static_cast<std::uint16_t>(*v4 & 0xFFFFU);
            break;
        }
        std::size_t const digits = q - begin;
        if (digits == 0 || digits > 4 || count == 8) return std::nullopt;
        pieces[count++] = static_cast<std::uint16_t>(value);
        if (q == text.size()) break;
        if (text[q] != ':') return std::nullopt;
        ++q;
        if (q < text.size() && text[q] == ':') {
            if (gap != no_gap) return std::nullopt; // a second "::"
            gap = count;
            ++q;
        } else if (q == text.size()) {
            return std::nullopt; // a trailing single ":"
        }
    }
    if (gap == no_gap) return count == 8 ? std::optional(pieces) : std::nullopt;
    if (count > 7) return std::nullopt;
    // The pieces after the "::" go to the end; the ones it stands for are zero.
    std::size_t const after = count - gap;
    for (std::size_t i = after; i > 0; --i)
        pieces[8 - after + i - 1] = pieces[gap + i - 1];
    for (std::size_t i = gap; i < 8 - after; ++i)
        pieces[i] = 0;
    return pieces;
}

[[nodiscard]] constexpr bool is_ipv6address(std::string_view text) noexcept
{
    return parse_ipv6address(text).has_value();
}

} // namespace ftpuri::rules
