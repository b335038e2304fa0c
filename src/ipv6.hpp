// src/ipv6.hpp: an IPv6 address as eight 16-bit pieces, and its RFC 5952 text. Internal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ftpuri {

using ipv6_pieces = std::array<std::uint16_t, 8>;

// The pieces of `text`, an IPv6address the scanner has already accepted (no brackets).
[[nodiscard]] ipv6_pieces parse_ipv6(std::string_view text) noexcept;

// RFC 5952 section 4: lowercase, no leading zeros, the longest run of two or more zero pieces
// (the first of equals) as "::". IPv4-mapped addresses (::ffff:0:0/96) end in a dotted quad,
// as section 5 recommends and inet_ntop prints them. Writes at most 45 bytes; returns the size.
std::size_t format_ipv6(ipv6_pieces const& pieces, char* out) noexcept;

} // namespace ftpuri
