// SPDX-License-Identifier: Apache-2.0
// src/embedded_address.hpp: a host name that begins with a dotted IPv4 address.
//
// Wildcard DNS services answer a name that begins with an address with that address:
// "10.0.0.5.sslip.io" and "127.0.0.1.nip.io" resolve to 10.0.0.5 and 127.0.0.1. Such a name is
// classed by that address too (host_class.cpp), and parse() warns about it
// (host.embedded-address, parse.cpp).
#pragma once

#include <algorithm>
#include <string_view>

#include "rules/numeric_host.hpp"

namespace ftpuri::detail {

// label = 1*3DIGIT, as a dotted quad's decimal parts (leading zeros too: some readers take
// them as octal, some as decimal; the caller reads both).
[[nodiscard]] constexpr bool is_decimal_label(std::string_view label) noexcept
{
    return !label.empty() && label.size() <= 3 &&
           std::all_of(label.begin(), label.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The first four labels of a name (canonical: lowercase, without its trailing dot) that goes on
// after them with labels of its own, when they are four decimal parts ("10.0.0.5" of
// "10.0.0.5.sslip.io"); empty otherwise, and for a name that ends in a number, which is an
// address itself ("1.2.3.4.5": host.numeric-ambiguous).
[[nodiscard]] constexpr std::string_view embedded_ipv4(std::string_view name) noexcept
{
    if (name.empty() || name.front() < '0' || name.front() > '9' || rules::ends_in_a_number(name)) return {};
    std::size_t end = 0;
    for (int label = 0; label < 4; ++label) {
        std::size_t const dot = name.find('.', end);
        if (dot == std::string_view::npos || !is_decimal_label(name.substr(end, dot - end))) return {};
        end = dot + 1;
    }
    return end < name.size() ? name.substr(0, end - 1) : std::string_view{};
}

} // namespace ftpuri::detail
