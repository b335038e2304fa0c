// SPDX-License-Identifier: Apache-2.0
// src/rules/ipv4_address.hpp: the dotted-decimal IPv4 address of RFC 3986. Internal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ftpuri/charset.hpp"

namespace ftpuri::rules {

// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
// dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
// The address as a number (first octet highest), or nothing when `text` is not one: no leading
// zeros, no octal or hex, exactly four octets.
[[nodiscard]] constexpr std::optional<std::uint32_t> parse_ipv4address(std::string_view text) noexcept
{
    std::uint32_t address = 0;
    std::size_t q = 0;
    for (int octet = 0; octet < 4; ++octet) {
        if (octet > 0) {
            if (q >= text.size() || text[q] != '.') return std::nullopt;
            ++q;
        }
        std::size_t const first = q;
        unsigned value = 0;
        while (q < text.size() && q - first < 3 && chars::digit.contains(text[q]))
            value = value * 10 + static_cast<unsigned>(text[q++] - '0');
        std::size_t const digits = q - first;
        if (digits == 0 || value > 255 || (digits > 1 && text[first] == '0')) return std::nullopt;
        address = address << 8U | value;
    }
    if (q != text.size()) return std::nullopt;
    return address;
}

[[nodiscard]] constexpr bool is_ipv4address(std::string_view text) noexcept
{
    return parse_ipv4address(text).has_value();
}

} // namespace ftpuri::rules
