// SPDX-License-Identifier: Apache-2.0
// src/rules/ipv4_readings.hpp: the IPv4 addresses other parsers read into a numeric host. Internal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "numeric_host.hpp"

namespace ftpuri::rules {

struct ipv4_readings {
    // The WHATWG URL Standard's IPv4 parser (4.3), which inet_aton() and getaddrinfo() agree with
    // wherever both accept: "0x" parts hexadecimal, "0" parts octal, and the last part filling
    // the bytes the others leave ("127.1" is 127.0.0.1, "2130706433" too). Nothing when it
    // refuses the host ("09", "1.2.3.4.5", "4294967296").
    std::optional<std::array<std::uint8_t, 4>> standard;
    // Some readers take leading zeros as decimal ("010.0.0.1" as 10.0.0.1, not 8.0.0.1): the
    // same parse with that one change, when a part has a leading zero.
    std::optional<std::array<std::uint8_t, 4>> decimal;
};

namespace numeric_reading {

inline constexpr std::uint64_t too_big = std::uint64_t{1} << 33; // saturates: above any part's limit

// One part: "0x" then hex digits (none is 0), "0" then octal digits (or decimal ones when
// `zeros_decimal`), or decimal digits. Nothing for an empty part or a digit outside the radix.
[[nodiscard]] constexpr std::optional<std::uint64_t> read_part(std::string_view part, bool zeros_decimal) noexcept
{
    if (part.empty()) return std::nullopt;
    unsigned radix = 10;
    if (part.size() >= 2 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X')) {
        radix = 16;
        part.remove_prefix(2);
    } else if (part.size() >= 2 && part[0] == '0' && !zeros_decimal) {
        radix = 8;
        part.remove_prefix(1);
    }
    std::uint64_t value = 0;
    for (char c : part) {
        unsigned digit = 16;
        if (c >= '0' && c <= '9')
            digit = static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'f')
            digit = static_cast<unsigned>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            digit = static_cast<unsigned>(c - 'A' + 10);
        if (digit >= radix) return std::nullopt;
        value = std::min(value * radix + digit, too_big);
    }
    return value;
}

// WHATWG's steps 3-8: at most four parts, each but the last at most 255, the last filling the
// 5 - n bytes that are left.
[[nodiscard]] constexpr std::optional<std::array<std::uint8_t, 4>> read(std::string_view name,
                                                                        bool zeros_decimal) noexcept
{
    std::array<std::uint64_t, 4> parts{};
    std::size_t n = 0;
    for (std::size_t begin = 0;;) {
        std::size_t const dot = name.find('.', begin);
        std::string_view const text = name.substr(begin, dot == std::string_view::npos ? name.npos : dot - begin);
        if (n == parts.size()) return std::nullopt;
        std::optional<std::uint64_t> const value = read_part(text, zeros_decimal);
        if (!value) return std::nullopt;
        parts[n++] = *value;
        if (dot == std::string_view::npos) break;
        begin = dot + 1;
    }
    for (std::size_t i = 0; i + 1 < n; ++i)
        if (parts[i] > 255) return std::nullopt;
    std::uint64_t const last_limit = std::uint64_t{1} << (8 * (5 - n));
    if (parts[n - 1] >= last_limit) return std::nullopt;
    std::uint64_t address = parts[n - 1];
    for (std::size_t i = 0; i + 1 < n; ++i)
        address += parts[i] << (8 * (3 - i));
    return std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(address >> 24),
                                       static_cast<std::uint8_t>(address >> 16),
                                       static_cast<std::uint8_t>(address >> 8), static_cast<std::uint8_t>(address)};
}

[[nodiscard]] constexpr bool has_leading_zero_part(std::string_view name) noexcept
{
    for (std::size_t i = 0; i + 1 < name.size(); ++i) {
        bool const starts_part = i == 0 || name[i - 1] == '.';
        if (starts_part && name[i] == '0' && name[i + 1] != '.' && name[i + 1] != 'x' && name[i + 1] != 'X')
            return true;
    }
    return false;
}

} // namespace numeric_reading

// The readings of a name that ends_in_a_number(), lowercase or not, without a trailing dot.
[[nodiscard]] constexpr ipv4_readings read_ipv4(std::string_view name) noexcept
{
    ipv4_readings r;
    r.standard = numeric_reading::read(name, false);
    if (numeric_reading::has_leading_zero_part(name)) r.decimal = numeric_reading::read(name, true);
    return r;
}

} // namespace ftpuri::rules
