// src/host_class.cpp: the class of an address, and of a URI's host by every reading of it.
#include "ftpuri/host_class.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/policy.hpp"
#include "rules/ipv4_readings.hpp"
#include "rules/ipv6_address.hpp"

namespace ftpuri {

namespace {

constexpr std::array<std::string_view, host_class_count> class_names = {
    "loopback",  "unspecified", "link-local",    "private",     "broadcast",
    "multicast", "reserved",    "documentation", "special-use", "public",
};

template <std::size_t N>
bool in_prefix(std::span<std::uint8_t const, N> address, std::array<std::uint8_t, N> const& first,
               std::size_t bits) noexcept
{
    std::size_t const whole = bits / 8;
    if (!std::equal(first.begin(), first.begin() + static_cast<std::ptrdiff_t>(whole), address.begin())) return false;
    std::size_t const rest = bits % 8;
    if (rest == 0) return true;
    auto const mask = static_cast<std::uint8_t>(0xFF00U >> rest);
    return (address[whole] & mask) == (first[whole] & mask);
}

bool all_zero(std::span<std::uint8_t const> bytes) noexcept
{
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

host_class classify_ipv4_bytes(std::array<std::uint8_t, 4> const& bytes) noexcept
{
    return classify_address(std::span<std::uint8_t const, 4>(bytes));
}

// name == suffix, or name ends in "." + suffix: on a label boundary.
bool in_domain(std::string_view name, std::string_view suffix) noexcept
{
    if (name == suffix) return true;
    return name.size() > suffix.size() && name.ends_with(suffix) && name[name.size() - suffix.size() - 1] == '.';
}

// RFC 6761 (test, localhost, invalid), RFC 6762 (local), RFC 7686 (onion), RFC 8375
// (home.arpa), and ICANN's reservation of .internal for private use (2024).
constexpr std::array<std::string_view, 6> special_use_domains = {"local", "internal", "home.arpa",
                                                                 "test",  "invalid",  "onion"};

// The classes of a name (lowercase, without its one trailing dot).
host_class_set name_classes(std::string_view name) noexcept
{
    if (name.empty()) return {host_class::unspecified};                          // clients fill in the local machine
    if (name.find('%') != std::string_view::npos) return {host_class::reserved}; // no DNS name
    if (rules::ends_in_a_number(name)) {
        host_class_set classes;
        rules::ipv4_readings const readings = rules::read_ipv4(name);
        // A reader that refuses it looks it up as a name, and no DNS name ends in a number.
        classes.insert(readings.standard ? classify_ipv4_bytes(*readings.standard) : host_class::reserved);
        if (readings.decimal) classes.insert(classify_ipv4_bytes(*readings.decimal));
        return classes;
    }
    if (in_domain(name, "localhost")) return {host_class::loopback};
    for (std::string_view suffix : special_use_domains)
        if (in_domain(name, suffix)) return {host_class::special_use};
    return {host_class::public_};
}

} // namespace

std::string_view to_string(host_class c) noexcept
{
    auto const i = static_cast<std::size_t>(c);
    return i < class_names.size() ? class_names[i] : "?";
}

std::optional<host_class> host_class_from_string(std::string_view name) noexcept
{
    for (std::size_t i = 0; i < class_names.size(); ++i)
        if (class_names[i] == name) return static_cast<host_class>(i);
    return std::nullopt;
}

host_class classify_address(std::span<std::uint8_t const, 4> ipv4) noexcept
{
    for (ipv4_class_row const& row : ipv4_class_rows)
        if (in_prefix(ipv4, row.first, row.prefix_bits)) return row.cls;
    return host_class::public_;
}

host_class classify_address(std::span<std::uint8_t const, 16> ipv6) noexcept
{
    auto const prefix = [&](std::size_t n) { return ipv6.first(n); };
    auto const low32 = [&] { return std::array<std::uint8_t, 4>{ipv6[12], ipv6[13], ipv6[14], ipv6[15]}; };
    if (all_zero(prefix(15))) {
        if (ipv6[15] == 0) return host_class::unspecified; // ::
        if (ipv6[15] == 1) return host_class::loopback;    // ::1
    }
    // ::ffff:a.b.c.d (IPv4-mapped, RFC 4291 2.5.5.2), ::a.b.c.d (IPv4-compatible, deprecated by
    // RFC 4291 2.5.5.1 but still routed by some stacks), 64:ff9b::a.b.c.d (NAT64, RFC 6052):
    // each reaches the IPv4 address it carries.
    bool const mapped = all_zero(prefix(10)) && ipv6[10] == 0xFF && ipv6[11] == 0xFF;
    bool const compatible = all_zero(prefix(12));
    bool const nat64 =
        ipv6[0] == 0x00 && ipv6[1] == 0x64 && ipv6[2] == 0xFF && ipv6[3] == 0x9B && all_zero(ipv6.subspan(4, 8));
    if (mapped || compatible || nat64) return classify_ipv4_bytes(low32());
    // 6to4 (RFC 3056) carries its relay's IPv4 in bits 16-47, Teredo (RFC 4380) its client's,
    // inverted, in the last 32: tunnelled traffic goes there, so a harmful IPv4 makes the
    // address as harmful; a public one leaves it reserved (the table's row).
    std::optional<std::array<std::uint8_t, 4>> carried;
    if (ipv6[0] == 0x20 && ipv6[1] == 0x02) carried = std::array<std::uint8_t, 4>{ipv6[2], ipv6[3], ipv6[4], ipv6[5]};
    if (ipv6[0] == 0x20 && ipv6[1] == 0x01 && ipv6[2] == 0x00 && ipv6[3] == 0x00) {
        std::array<std::uint8_t, 4> client = low32();
        for (std::uint8_t& b : client)
            b = static_cast<std::uint8_t>(~b);
        carried = client;
    }
    if (carried) {
        host_class const inner = classify_ipv4_bytes(*carried);
        if (inner != host_class::public_) return inner;
    }
    for (ipv6_class_row const& row : ipv6_class_rows)
        if (in_prefix(ipv6, row.first, row.prefix_bits)) return row.cls;
    return host_class::reserved;
}

host_class_set host_classes(uri_view const& uri) noexcept
{
    switch (uri.host_type()) {
    case host_kind::ipv6: {
        rules::ipv6_pieces const pieces = rules::parse_ipv6address(uri.host_address()).value_or(rules::ipv6_pieces{});
        std::array<std::uint8_t, 16> bytes{};
        for (std::size_t i = 0; i < pieces.size(); ++i) {
            bytes[2 * i] = static_cast<std::uint8_t>(pieces[i] >> 8);
            bytes[2 * i + 1] = static_cast<std::uint8_t>(pieces[i] & 0xFF);
        }
        return {classify_address(std::span<std::uint8_t const, 16>(bytes))};
    }
    case host_kind::ipvfuture: return {host_class::reserved}; // no client connects to one
    case host_kind::ipv4:
    case host_kind::dns_name:
    case host_kind::reg_name: break;
    }
    // A DNS name is at most 253 bytes and a trailing dot; anything longer is no name a resolver
    // takes, and the buffer keeps the check free of allocation.
    std::array<char, 256> buffer{};
    std::size_t n = canonical_host(uri, buffer);
    if (n > buffer.size()) return {host_class::reserved};
    if (n > 0 && buffer[n - 1] == '.') --n; // "localhost." is localhost
    return name_classes(std::string_view(buffer.data(), n));
}

host_class classify_host(uri_view const& uri) noexcept
{
    return host_classes(uri).worst();
}

namespace {

constexpr std::array<std::string_view, host_class_count> denied_messages = {
    "host class loopback is denied by the policy",    "host class unspecified is denied by the policy",
    "host class link-local is denied by the policy",  "host class private is denied by the policy",
    "host class broadcast is denied by the policy",   "host class multicast is denied by the policy",
    "host class reserved is denied by the policy",    "host class documentation is denied by the policy",
    "host class special-use is denied by the policy", "host class public is denied by the policy",
};

} // namespace

std::string_view message(diagnostic const& d) noexcept
{
    if (d.id == diag_id::host_denied && d.detail < denied_messages.size()) return denied_messages[d.detail];
    return d.info().message;
}

} // namespace ftpuri
