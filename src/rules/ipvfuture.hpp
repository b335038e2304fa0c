// SPDX-License-Identifier: Apache-2.0
// src/rules/ipvfuture.hpp: the IP-literal for address formats RFC 3986 could not name. Internal.
#pragma once

#include <cstddef>
#include <string_view>

#include "ftpuri/charset.hpp"

namespace ftpuri::rules {

// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
// `text` is the IP-literal without its brackets; "v" in either case.
[[nodiscard]] constexpr bool is_ipvfuture(std::string_view text) noexcept
{
    if (text.empty() || (text[0] != 'v' && text[0] != 'V')) return false;
    std::size_t q = 1;
    while (q < text.size() && chars::hexdig.contains(text[q]))
        ++q;
    if (q == 1 || q >= text.size() || text[q] != '.') return false;
    ++q;
    if (q == text.size()) return false;
    for (; q < text.size(); ++q)
        if (!chars::ipvfuture_char.contains(text[q])) return false;
    return true;
}

} // namespace ftpuri::rules
