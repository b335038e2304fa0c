// SPDX-License-Identifier: Apache-2.0
// src/ipv6_text.hpp: an IPv6 address's RFC 5952 text. Internal.
#pragma once

#include <cstddef>

#include "rules/ipv6_address.hpp"

namespace ftpuri {

// RFC 5952 section 4: lowercase, no leading zeros, the longest run of two or more zero pieces
// (the first of equals) as "::". IPv4-mapped addresses (::ffff:0:0/96) end in a dotted quad,
// as section 5 recommends and inet_ntop prints them. Writes at most 45 bytes; returns the size.
std::size_t format_ipv6(rules::ipv6_pieces const& pieces, char* out) noexcept;

} // namespace ftpuri
