// SPDX-License-Identifier: Apache-2.0
// src/rules/port.hpp: the port of an authority. Internal.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "finding.hpp"
#include "ftpuri/charset.hpp"

namespace ftpuri::rules {

// What parse_port() reads: the value (0 for an empty port), or what is wrong, positioned in
// the port's text.
struct port_value {
    std::uint16_t value = 0;
    std::optional<finding> error;
};

// port = *DIGIT                  ; value 1-65535 when present and non-empty
// `digits` is the text after the ":" up to the authority's end.
[[nodiscard]] constexpr port_value parse_port(std::string_view digits) noexcept
{
    std::uint32_t value = 0;
    for (std::size_t q = 0; q < digits.size(); ++q) {
        char const c = digits[q];
        if (!chars::digit.contains(c)) return {0, finding{diag_id::port_invalid, static_cast<std::uint32_t>(q), 1}};
        if (value <= 65535) value = value * 10 + static_cast<std::uint32_t>(c - '0');
    }
    if (!digits.empty() && (value == 0 || value > 65535))
        return {0, finding{diag_id::port_out_of_range, 0, static_cast<std::uint32_t>(digits.size())}};
    return {static_cast<std::uint16_t>(value), std::nullopt};
}

} // namespace ftpuri::rules
