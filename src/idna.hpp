// SPDX-License-Identifier: Apache-2.0
// src/idna.hpp: a lenient profile's Unicode host to its ASCII form. Internal.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "rules/finding.hpp"

// FTPURI_WITH_IDN2 is 1 when libidn2 is linked, 0 when not (CMakeLists.txt, from the option of
// that name). A library source compiled into another target without it (tests/CMakeLists.txt's
// alloc_canary_test) gets 1: it then needs libidn2, and fails to link rather than go without.
#ifndef FTPURI_WITH_IDN2
#define FTPURI_WITH_IDN2 1
#endif

namespace ftpuri {

// Whether this build has IDNA (libidn2). Without it nothing that needs IDNA can be checked, so
// it is refused in every profile, as host.idna-unavailable: a lenient host that decodes to
// non-ASCII (idna_to_ascii() returns 0) and any "xn--" label (find_invalid_a_label()).
// A compile-time constant: the build with libidn2 tests nothing more than before.
inline constexpr bool idna_available = FTPURI_WITH_IDN2 != 0;

// The longest host idna_to_ascii() converts, decoded: a DNS name is at most 253 bytes, and four
// UTF-8 bytes a code point is room enough for any host that converts to one.
inline constexpr std::size_t idna_max_decoded = 1023;

// Percent-decodes `raw_host`, then converts it with libidn2 under UTS #46 non-transitional
// processing, as browsers do (so "ß" stays "ß" and becomes "xn--zca", not "ss"), into `out`.
// Returns the size written, or 0 when the host is not convertible or does not fit. An `out` of
// idna_max_decoded bytes takes every host it converts (a longer one is not converted), so that
// the DNS rules judge the length of what comes back: "%61" 300 times is too long for DNS, not
// inconvertible. A host that decodes to ASCII is only lowercased. For the others libidn2
// allocates its result: with is_a_label() below, the only places the library allocates outside
// the convenience overloads that return strings. Without IDNA (idna_available) only the ASCII
// ones convert.
std::size_t idna_to_ascii(std::string_view raw_host, std::span<char> out) noexcept;

// idna_to_ascii() of a host already decoded: what a reader that decodes a host and then maps it
// (WHATWG) takes, for the classes of every reading of a host (host_class.cpp).
std::size_t idna_map_decoded(std::string_view decoded, std::span<char> out) noexcept;

// Whether `label` (ASCII, 1-63 bytes, beginning "xn--" in any case) is an A-label: valid Punycode
// that decodes to a valid IDNA2008 label and encodes back to the same label, compared without
// case. libidn2 decides (IDNA2008 lookup with its A-label round trip) and allocates to do it, so
// a host with an "xn--" label is, with lenient Unicode hosts, where ftpuri allocates.
// Without IDNA (idna_available) no label is known to be one: always false.
[[nodiscard]] bool is_a_label(std::string_view label) noexcept;

// Whether a DNS label is spelled as an A-label: "xn--" in any case (RFC 5890 2.3.2.1).
[[nodiscard]] constexpr bool has_ace_prefix(std::string_view label) noexcept
{
    return label.size() >= 4 && (label[0] | 0x20) == 'x' && (label[1] | 0x20) == 'n' && label[2] == '-' &&
           label[3] == '-';
}

// @constraint punycode: every "xn--" label of a DNS name is an A-label (RFC 5890 2.3.2.1): one
// that is not ("xn--a", "xn--zz") is rejected by WHATWG parsers and matches no name a registry
// can hold, so it only serves to confuse. The first such label of `name`, positioned in it, as
// host.punycode-invalid; without IDNA (idna_available), the first "xn--" label, as
// host.idna-unavailable, which callers report as an error in every profile.
[[nodiscard]] std::optional<rules::finding> find_invalid_a_label(std::string_view name) noexcept;

// Whether a lenient host needs IDNA: it holds a byte >= 0x80 or a percent-encoding.
[[nodiscard]] constexpr bool needs_idna(std::string_view raw_host) noexcept
{
    for (char c : raw_host)
        if (static_cast<unsigned char>(c) >= 0x80 || c == '%') return true;
    return false;
}

} // namespace ftpuri
