// SPDX-License-Identifier: Apache-2.0
// ftpuri/host_class.hpp: what kind of place a host or an address is (loopback, private, ...).
//
//     auto const r = ftpuri::parse("ftp://[::ffff:127.0.0.1]/etc/passwd", {.syntax = ftpuri::profile::rfc3986});
//     ftpuri::classify_host(*r);                        // host_class::loopback
//     std::uint8_t const resolved[4] = {10, 0, 0, 7};   // what getaddrinfo() returned
//     ftpuri::classify_address(resolved);               // host_class::private_
//
// The classes are docs/behaviour.md's ("Sanitization policy"); the ranges behind them are the rows of
// ipv4_class_rows and ipv6_class_rows below, each with the RFC that reserves it
// (docs/sanitizing.md has the table and the calls it makes). IPv4-mapped (::ffff:0:0/96),
// IPv4-compatible (::/96) and NAT64 (64:ff9b::/96) IPv6 addresses take the class of the IPv4
// address they carry. A 6to4 (2002::/16) address takes the class of the IPv4 address it
// carries, a Teredo (2001::/32) address that of its client's (the last 32 bits, inverted; its
// server's is not read), when that class is not public, and is reserved otherwise: never public.
//
// A host is classified on its canonical spelling (lowercase, escapes of unreserved bytes
// decoded, a lenient Unicode name as its A-label, one trailing dot ignored):
//   - an IP literal or dotted quad by its address;
//   - a name that ends in a number ("0x7f.1", "2130706433", "010.0.0.1", which the rfc3986 and
//     lenient profiles keep with host.numeric-ambiguous) by every address a resolver or a
//     browser could read into it, the worst class winning, and as reserved when a reader
//     refuses it (no DNS name ends in a number);
//   - localhost and *.localhost as loopback (RFC 6761), and the names common /etc/hosts files
//     give the machine (localhost.localdomain, localhost4, localhost6, ip6-localhost, ...);
//     .local, .internal, .home.arpa, .test, .invalid and .onion as special_use, and a name of
//     one label ("metadata"), which search domains make a local one; an empty host, which
//     clients fill in with the local machine, as unspecified; a name still holding an escape
//     after canonicalization or too long for DNS, or an IPvFuture, as reserved, and also by
//     every reading a reader that decodes it takes (decoded and IDNA-mapped as WHATWG does;
//     up to whitespace, as inet_aton() reads "127.0.0.1 x"; after a decoded "@" and up to a
//     decoded "/", "?", "#" or ":", as a reader that parses the decoded URI again; leading
//     zeros not counted, at any length: docs/sanitizing.md); every other name as public, and a
//     name that begins with a dotted IPv4 address ("10.0.0.5.sslip.io", which wildcard DNS
//     answers with it) as that address's class too.
// Any other name's class says nothing about the address DNS gives for it: classify_address()
// the address you connect to as well.
//
// Nothing here allocates, but libidn2 for a host that is or decodes to Unicode (see parse.hpp).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/export.h"
#include "ftpuri/uri_view.hpp"

namespace ftpuri {

// In order of harm, most harmful first: when a host has several readings, the first class in
// this order among them is the one reported. (`public` and `private` are C++ keywords.)
enum class host_class : std::uint8_t {
    loopback,      // 127/8, ::1, localhost, *.localhost, localhost.localdomain, ip6-localhost, ...
    unspecified,   // 0/8, ::, the empty host
    link_local,    // 169.254/16, fe80::/10
    private_,      // 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7, fec0::/10
    broadcast,     // 255.255.255.255
    multicast,     // 224/4, ff00::/8
    reserved,      // 240/4 and the rest of the IANA special-purpose registries
    documentation, // 192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32, 3fff::/20
    special_use,   // .local, .internal, .home.arpa, .test, .invalid, .onion; one label
    public_,       // everything else
};
inline constexpr std::size_t host_class_count = 10;

// "loopback", "link-local", "private", "special-use", "public", ...
[[nodiscard]] FTPURI_API std::string_view to_string(host_class c) noexcept;
[[nodiscard]] FTPURI_API std::optional<host_class> host_class_from_string(std::string_view name) noexcept;

// A set of classes, one bit each: the classes a policy denies.
class host_class_set {
public:
    constexpr host_class_set() noexcept = default;
    constexpr host_class_set(std::initializer_list<host_class> classes) noexcept
    {
        for (host_class c : classes)
            insert(c);
    }
    constexpr void insert(host_class c) noexcept { bits_ = static_cast<std::uint16_t>(bits_ | bit(c)); }
    constexpr void erase(host_class c) noexcept { bits_ = static_cast<std::uint16_t>(bits_ & ~bit(c)); }
    [[nodiscard]] constexpr bool contains(host_class c) const noexcept { return (bits_ & bit(c)) != 0; }
    [[nodiscard]] constexpr bool empty() const noexcept { return bits_ == 0; }
    [[nodiscard]] constexpr bool intersects(host_class_set other) const noexcept { return (bits_ & other.bits_) != 0; }
    // The first class of the set in host_class's order (the most harmful); public_ when empty.
    [[nodiscard]] constexpr host_class worst() const noexcept
    {
        return bits_ == 0 ? host_class::public_ : static_cast<host_class>(std::countr_zero(bits_));
    }
    // The first class of the set that `denied` holds too; public_ when none does.
    [[nodiscard]] constexpr host_class worst_in(host_class_set denied) const noexcept
    {
        host_class_set both;
        both.bits_ = static_cast<std::uint16_t>(bits_ & denied.bits_);
        return both.worst();
    }
    friend constexpr bool operator==(host_class_set, host_class_set) noexcept = default;
    friend constexpr host_class_set operator|(host_class_set a, host_class_set b) noexcept
    {
        a.bits_ = static_cast<std::uint16_t>(a.bits_ | b.bits_);
        return a;
    }

    // Every class but public_: what a service that fetches only from the Internet denies.
    [[nodiscard]] static constexpr host_class_set non_public() noexcept
    {
        host_class_set s;
        s.bits_ = static_cast<std::uint16_t>(((1U << host_class_count) - 1U) & ~bit(host_class::public_));
        return s;
    }

private:
    static constexpr unsigned bit(host_class c) noexcept { return 1U << static_cast<unsigned>(c); }
    std::uint16_t bits_ = 0;
};

// One range of a class table: the addresses whose first `prefix_bits` bits equal `first`'s.
// The tables are searched in order and the first row that holds the address wins.
struct ipv4_class_row {
    std::array<std::uint8_t, 4> first;
    std::uint8_t prefix_bits;
    host_class cls;
    std::string_view reference; // the RFC that reserves the range
};
struct ipv6_class_row {
    std::array<std::uint8_t, 16> first;
    std::uint8_t prefix_bits;
    host_class cls;
    std::string_view reference;
};

// An address in no row is public. 255.255.255.255 comes before 240/4, which holds it.
inline constexpr std::array<ipv4_class_row, 19> ipv4_class_rows = {{
    {{255, 255, 255, 255}, 32, host_class::broadcast, "RFC 919, RFC 8190"},
    {{0, 0, 0, 0}, 8, host_class::unspecified, "RFC 791, RFC 1122 3.2.1.3"},
    {{127, 0, 0, 0}, 8, host_class::loopback, "RFC 1122 3.2.1.3"},
    {{169, 254, 0, 0}, 16, host_class::link_local, "RFC 3927"},
    {{10, 0, 0, 0}, 8, host_class::private_, "RFC 1918"},
    {{172, 16, 0, 0}, 12, host_class::private_, "RFC 1918"},
    {{192, 168, 0, 0}, 16, host_class::private_, "RFC 1918"},
    {{100, 64, 0, 0}, 10, host_class::private_, "RFC 6598 (shared address space, carrier-grade NAT)"},
    {{192, 0, 2, 0}, 24, host_class::documentation, "RFC 5737 (TEST-NET-1)"},
    {{198, 51, 100, 0}, 24, host_class::documentation, "RFC 5737 (TEST-NET-2)"},
    {{203, 0, 113, 0}, 24, host_class::documentation, "RFC 5737 (TEST-NET-3)"},
    {{224, 0, 0, 0}, 4, host_class::multicast, "RFC 5771"},
    {{240, 0, 0, 0}, 4, host_class::reserved, "RFC 1112 4 (future use)"},
    {{192, 0, 0, 0},
     24,
     host_class::reserved,
     "RFC 6890 2.1 (IETF protocol assignments: DS-Lite, PCP, TURN, NAT64 discovery)"},
    {{192, 31, 196, 0}, 24, host_class::reserved, "RFC 7535 (AS112-v4)"},
    {{192, 52, 193, 0}, 24, host_class::reserved, "RFC 7450 (AMT)"},
    {{192, 88, 99, 0}, 24, host_class::reserved, "RFC 7526 (deprecated 6to4 relay anycast)"},
    {{192, 175, 48, 0}, 24, host_class::reserved, "RFC 7534 (AS112 direct delegation)"},
    {{198, 18, 0, 0}, 15, host_class::reserved, "RFC 2544 (benchmarking)"},
}};

// Applied after ::, ::1 and the unwrapped forms. The last row makes the global unicast space
// public; an address in no row is reserved (RFC 4291 2.4: the rest of the space is reserved by
// the IETF), so ranges IANA adds there later (as it did 5f00::/16) are reserved without a row.
inline constexpr std::array<ipv6_class_row, 10> ipv6_class_rows = {{
    {{0xfe, 0x80}, 10, host_class::link_local, "RFC 4291 2.5.6"},
    {{0xfc}, 7, host_class::private_, "RFC 4193 (unique local)"},
    {{0xfe, 0xc0}, 10, host_class::private_, "RFC 3879 (deprecated site-local)"},
    {{0xff}, 8, host_class::multicast, "RFC 4291 2.7"},
    {{0x20, 0x01, 0x0d, 0xb8}, 32, host_class::documentation, "RFC 3849"},
    {{0x3f, 0xff}, 20, host_class::documentation, "RFC 9637"},
    {{0x20, 0x01}, 23, host_class::reserved, "RFC 2928 (IETF protocol assignments, Teredo, ORCHID, AMT)"},
    {{0x20, 0x02}, 16, host_class::reserved, "RFC 3056 (6to4)"},
    {{0x26, 0x20, 0x00, 0x4f, 0x80, 0x00}, 48, host_class::reserved, "RFC 7534 (AS112 direct delegation)"},
    {{0x20}, 3, host_class::public_, "RFC 4291 2.4 (global unicast)"},
}};

// The class of an address a resolver returned (network byte order: in_addr's and in6_addr's
// bytes). An IPv6 zone does not change it.
[[nodiscard]] FTPURI_API host_class classify_address(std::span<std::uint8_t const, 4> ipv4) noexcept;
[[nodiscard]] FTPURI_API host_class classify_address(std::span<std::uint8_t const, 16> ipv6) noexcept;

// The class of a parsed URI's host; the worst of its readings when it has several.
[[nodiscard]] FTPURI_API host_class classify_host(uri_view const& uri) noexcept;
// Every class the host's readings fall in (one but for a name that ends in a number).
[[nodiscard]] FTPURI_API host_class_set host_classes(uri_view const& uri) noexcept;

} // namespace ftpuri
