// SPDX-License-Identifier: Apache-2.0
// props/host_class_reference.hpp: the second implementation the host-class properties hold
// classify_address() to: each range of the RFCs as an inclusive integer interval [first, last],
// written out by hand and checked in the order host_class.hpp gives, not from the library's
// prefix table (its ipv4_class_rows and ipv6_class_rows) nor its unwrapping code.
#pragma once

#include <array>
#include <compare>
#include <cstdint>

#include "ftpuri/host_class.hpp"

namespace ftpuri_props::hosts {

using ftpuri::host_class;

struct v4_range {
    std::uint32_t first;
    std::uint32_t last;
    host_class cls;
};

// Checked in this order (only 255.255.255.255 lies inside another range, 240/4).
inline constexpr std::array<v4_range, 19> v4_ranges = {{
    {0xFFFFFFFFU, 0xFFFFFFFFU, host_class::broadcast},     // RFC 919 limited broadcast
    {0x00000000U, 0x00FFFFFFU, host_class::unspecified},   // 0.0.0.0 - 0.255.255.255, RFC 1122
    {0x7F000000U, 0x7FFFFFFFU, host_class::loopback},      // 127.0.0.0 - 127.255.255.255
    {0xA9FE0000U, 0xA9FEFFFFU, host_class::link_local},    // 169.254.0.0 - 169.254.255.255, RFC 3927
    {0x0A000000U, 0x0AFFFFFFU, host_class::private_},      // 10.0.0.0 - 10.255.255.255, RFC 1918
    {0xAC100000U, 0xAC1FFFFFU, host_class::private_},      // 172.16.0.0 - 172.31.255.255
    {0xC0A80000U, 0xC0A8FFFFU, host_class::private_},      // 192.168.0.0 - 192.168.255.255
    {0x64400000U, 0x647FFFFFU, host_class::private_},      // 100.64.0.0 - 100.127.255.255, RFC 6598
    {0xC0000200U, 0xC00002FFU, host_class::documentation}, // 192.0.2.0 - 192.0.2.255, RFC 5737
    {0xC6336400U, 0xC63364FFU, host_class::documentation}, // 198.51.100.0 - 198.51.100.255
    {0xCB007100U, 0xCB0071FFU, host_class::documentation}, // 203.0.113.0 - 203.0.113.255
    {0xE0000000U, 0xEFFFFFFFU, host_class::multicast},     // 224.0.0.0 - 239.255.255.255, RFC 5771
    {0xF0000000U, 0xFFFFFFFEU, host_class::reserved},      // 240.0.0.0 - 255.255.255.254, RFC 1112
    {0xC0000000U, 0xC00000FFU, host_class::reserved},      // 192.0.0.0 - 192.0.0.255, RFC 6890
    {0xC01FC400U, 0xC01FC4FFU, host_class::reserved},      // 192.31.196.0 - 192.31.196.255, RFC 7535
    {0xC034C100U, 0xC034C1FFU, host_class::reserved},      // 192.52.193.0 - 192.52.193.255, RFC 7450
    {0xC0586300U, 0xC05863FFU, host_class::reserved},      // 192.88.99.0 - 192.88.99.255, RFC 7526
    {0xC0AF3000U, 0xC0AF30FFU, host_class::reserved},      // 192.175.48.0 - 192.175.48.255, RFC 7534
    {0xC6120000U, 0xC613FFFFU, host_class::reserved},      // 198.18.0.0 - 198.19.255.255, RFC 2544
}};

inline host_class ref_v4(std::uint32_t a)
{
    for (v4_range const& r : v4_ranges)
        if (a >= r.first && a <= r.last) return r.cls;
    return host_class::public_;
}

// An IPv6 address as two 64-bit halves, ordered as the 128-bit number.
struct u128 {
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    friend constexpr auto operator<=>(u128, u128) = default; // NOLINT(modernize-use-nullptr): a clang-tidy 14 bug
};

struct v6_range {
    u128 first;
    u128 last;
    host_class cls;
};

inline constexpr std::uint64_t ones = ~std::uint64_t{0};

// After ::, ::1 and the IPv4-carrying forms; in this order (2001:db8::/32 and 3fff::/20 before
// 2000::/3, which holds them; the reserved ones inside 2000::/3 before it too).
inline constexpr std::array<v6_range, 10> v6_ranges = {{
    {{0xFE80000000000000U, 0}, {0xFEBFFFFFFFFFFFFFU, ones}, host_class::link_local},    // fe80::/10
    {{0xFC00000000000000U, 0}, {0xFDFFFFFFFFFFFFFFU, ones}, host_class::private_},      // fc00::/7
    {{0xFEC0000000000000U, 0}, {0xFEFFFFFFFFFFFFFFU, ones}, host_class::private_},      // fec0::/10
    {{0xFF00000000000000U, 0}, {ones, ones}, host_class::multicast},                    // ff00::/8
    {{0x20010DB800000000U, 0}, {0x20010DB8FFFFFFFFU, ones}, host_class::documentation}, // 2001:db8::/32
    {{0x3FFF000000000000U, 0}, {0x3FFF0FFFFFFFFFFFU, ones}, host_class::documentation}, // 3fff::/20
    {{0x2001000000000000U, 0}, {0x200101FFFFFFFFFFU, ones}, host_class::reserved},      // 2001::/23
    {{0x2002000000000000U, 0}, {0x2002FFFFFFFFFFFFU, ones}, host_class::reserved},      // 2002::/16
    {{0x2620004F80000000U, 0}, {0x2620004F8000FFFFU, ones}, host_class::reserved},      // 2620:4f:8000::/48
    {{0x2000000000000000U, 0}, {0x3FFFFFFFFFFFFFFFU, ones}, host_class::public_},       // 2000::/3
}};

inline host_class ref_v6(u128 a)
{
    auto const low32 = static_cast<std::uint32_t>(a.lo & 0xFFFFFFFFU);
    if (a.hi == 0 && a.lo == 0) return host_class::unspecified;
    if (a.hi == 0 && a.lo == 1) return host_class::loopback;
    if (a.hi == 0 && (a.lo >> 32) == 0xFFFF) return ref_v4(low32);              // ::ffff:0:0/96
    if (a.hi == 0 && (a.lo >> 32) == 0) return ref_v4(low32);                   // ::/96
    if (a.hi == 0x0064FF9B00000000U && (a.lo >> 32) == 0) return ref_v4(low32); // 64:ff9b::/96
    std::optional<std::uint32_t> carried;
    if ((a.hi >> 48) == 0x2002) carried = static_cast<std::uint32_t>((a.hi >> 16) & 0xFFFFFFFFU); // 6to4
    if ((a.hi >> 32) == 0x20010000U) carried = ~low32;                                            // Teredo client
    if (carried && ref_v4(*carried) != host_class::public_) return ref_v4(*carried);
    for (v6_range const& r : v6_ranges)
        if (a >= r.first && a <= r.last) return r.cls;
    return host_class::reserved; // outside 2000::/3: reserved by the IETF (RFC 4291 2.4)
}

} // namespace ftpuri_props::hosts
