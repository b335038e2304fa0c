// SPDX-License-Identifier: Apache-2.0
// src/host_class.cpp: the class of an address, and of a URI's host by every reading of it.
#include "ftpuri/host_class.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "canonical_host.hpp"
#include "embedded_address.hpp"
#include "ftpuri/charset.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/policy.hpp"
#include "host_reading.hpp"
#include "idna.hpp"
#include "rules/ipv4_address.hpp"
#include "rules/ipv4_readings.hpp"
#include "rules/ipv6_address.hpp"
#include "text.hpp"

namespace ftpuri {

namespace {

using detail::host_reading;

constexpr std::array<std::string_view, host_class_count> class_names = {
    "loopback",  "unspecified", "link-local",    "private",     "broadcast",
    "multicast", "reserved",    "documentation", "special-use", "public",
};

// The tables as numbers, built at compile time: a row holds an address when the address's
// first prefix_bits bits equal the row's, one mask and compare per row.
struct ipv4_rule {
    std::uint32_t first;
    std::uint32_t mask;
    host_class cls;
};
struct ipv6_rule {
    std::uint64_t first_high;
    std::uint64_t first_low;
    std::uint64_t mask_high;
    std::uint64_t mask_low;
    host_class cls;
};

template <std::size_t N>
constexpr std::uint64_t big_endian(std::array<std::uint8_t, N> const& bytes, std::size_t from,
                                   std::size_t count) noexcept
{
    std::uint64_t value = 0;
    for (std::size_t i = from; i < from + count; ++i)
        value = value << 8U | bytes[i];
    return value;
}

// The first `bits` of a `width`-bit number set (bits may be 0 or exceed width).
constexpr std::uint64_t leading_ones(std::size_t bits, std::size_t width) noexcept
{
    if (bits == 0) return 0;
    std::size_t const n = bits < width ? bits : width;
    std::uint64_t const ones = n == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1U);
    return ones << (width - n);
}

constexpr auto ipv4_rules = [] {
    std::array<ipv4_rule, ipv4_class_rows.size()> rules{};
    for (std::size_t i = 0; i < rules.size(); ++i) {
        ipv4_class_row const& row = ipv4_class_rows[i];
        rules[i] = {static_cast<std::uint32_t>(big_endian(row.first, 0, 4)),
                    static_cast<std::uint32_t>(leading_ones(row.prefix_bits, 32)), row.cls};
    }
    return rules;
}();

constexpr auto ipv6_rules = [] {
    std::array<ipv6_rule, ipv6_class_rows.size()> rules{};
    for (std::size_t i = 0; i < rules.size(); ++i) {
        ipv6_class_row const& row = ipv6_class_rows[i];
        std::size_t const low_bits = row.prefix_bits > 64 ? row.prefix_bits - 64U : 0U;
        rules[i] = {big_endian(row.first, 0, 8), big_endian(row.first, 8, 8), leading_ones(row.prefix_bits, 64),
                    leading_ones(low_bits, 64), row.cls};
    }
    return rules;
}();

host_class classify_ipv4(std::uint32_t address) noexcept
{
    for (ipv4_rule const& rule : ipv4_rules)
        if ((address & rule.mask) == rule.first) return rule.cls;
    return host_class::public_;
}

host_class classify_ipv4_bytes(std::array<std::uint8_t, 4> const& bytes) noexcept
{
    return classify_ipv4(static_cast<std::uint32_t>(big_endian(bytes, 0, 4)));
}

host_class classify_ipv6(std::uint64_t high, std::uint64_t low) noexcept
{
    auto const low32 = static_cast<std::uint32_t>(low);
    if (high == 0 && low <= 1) return low == 0 ? host_class::unspecified : host_class::loopback; // :: and ::1
    // ::ffff:a.b.c.d (IPv4-mapped, RFC 4291 2.5.5.2), ::a.b.c.d (IPv4-compatible, deprecated by
    // RFC 4291 2.5.5.1 but still routed by some stacks), 64:ff9b::a.b.c.d (NAT64, RFC 6052):
    // each reaches the IPv4 address it carries.
    bool const mapped = high == 0 && low >> 32U == 0xFFFF;
    bool const compatible = high == 0 && low >> 32U == 0;
    bool const nat64 = high == 0x0064'FF9B'0000'0000 && low >> 32U == 0;
    if (mapped || compatible || nat64) return classify_ipv4(low32);
    // 6to4 (RFC 3056) carries its relay's IPv4 in bits 16-47, Teredo (RFC 4380) its client's,
    // inverted, in the last 32: tunnelled traffic goes there, so a harmful IPv4 makes the
    // address as harmful; a public one leaves it reserved (the table's row).
    std::optional<std::uint32_t> carried;
    if (high >> 48U == 0x2002) carried = static_cast<std::uint32_t>(high >> 16U);
    if (high >> 32U == 0x2001'0000) carried = ~low32;
    if (carried) {
        host_class const inner = classify_ipv4(*carried);
        if (inner != host_class::public_) return inner;
    }
    for (ipv6_rule const& rule : ipv6_rules)
        if ((high & rule.mask_high) == rule.first_high && (low & rule.mask_low) == rule.first_low) return rule.cls;
    return host_class::reserved;
}

host_class classify_ipv6_pieces(rules::ipv6_pieces const& pieces) noexcept
{
    std::uint64_t high = 0;
    std::uint64_t low = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        high = high << 16U | pieces[i];
        low = low << 16U | pieces[4 + i];
    }
    return classify_ipv6(high, low);
}

// The class of a name by its last label: localhost and *.localhost (RFC 6761 6.3); .test and
// .invalid (RFC 6761), .local (RFC 6762), .onion (RFC 7686), .home.arpa (RFC 8375) and .internal
// (ICANN's reservation for private use, 2024), special-use. Most names end in a two- or
// three-letter label, which the switch on the length turns away at once.
host_class class_by_last_label(std::string_view name, std::string_view last) noexcept
{
    switch (last.size()) {
    case 4:
        if (last == "test") return host_class::special_use;
        if (last == "arpa" && (name == "home.arpa" || name.ends_with(".home.arpa"))) return host_class::special_use;
        return host_class::public_;
    case 5: return last == "local" || last == "onion" ? host_class::special_use : host_class::public_;
    case 7: return last == "invalid" ? host_class::special_use : host_class::public_;
    case 8: return last == "internal" ? host_class::special_use : host_class::public_;
    case 9: return last == "localhost" ? host_class::loopback : host_class::public_;
    default: return host_class::public_;
    }
}

// Names that /etc/hosts gives the machine itself on common systems (Debian's: localhost6,
// ip6-localhost, ip6-loopback; Red Hat's: localhost.localdomain, localhost4,
// localhost4.localdomain4, localhost6.localdomain6), beside RFC 6761's localhost.
constexpr std::array<std::string_view, 7> loopback_names = {
    "localhost.localdomain",  "localhost6", "ip6-localhost", "ip6-loopback", "localhost4", "localhost4.localdomain4",
    "localhost6.localdomain6"};

// The classes of every address a resolver or browser could read into `number` (a name that
// ends in a number), as reserved when one refuses it: it then looks it up as a name, and no DNS
// name ends in a number.
void insert_number_classes(host_class_set& classes, std::string_view number) noexcept
{
    rules::ipv4_readings const readings = rules::read_ipv4(number);
    classes.insert(readings.standard ? classify_ipv4_bytes(*readings.standard) : host_class::reserved);
    if (readings.decimal) classes.insert(classify_ipv4_bytes(*readings.decimal));
}

host_class_set name_classes(std::string_view name, bool may_hold_escape) noexcept;
host_class_set decoded_host_classes(std::string_view raw) noexcept;

// The classes of one reading of a host: an IPv6 literal in brackets, or a name, IDNA-mapped
// first when it holds Unicode. A reading too long to hold is no name a resolver takes, but a
// name under "localhost" needs none.
void insert_reading_classes(host_class_set& classes, host_reading const& reading) noexcept
{
    if (!reading.whole()) {
        std::string_view const last = reading.last_label();
        if (host_class const cls = class_by_last_label(last, last); cls != host_class::public_) classes.insert(cls);
        return;
    }
    std::string_view text = reading.text();
    if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
        std::array<char, idna_max_decoded> ascii{};
        std::size_t const n = idna_map_decoded(text, ascii);
        host_reading mapped;
        for (std::size_t i = 0; i < n; ++i)
            mapped.put(static_cast<unsigned char>(ascii[i]));
        if (n != 0) insert_reading_classes(classes, mapped);
        return;
    }
    if (text.starts_with('[')) {
        std::size_t const close = text.find(']');
        std::optional<rules::ipv6_pieces> const pieces =
            close == std::string_view::npos ? std::nullopt : rules::parse_ipv6address(text.substr(1, close - 1));
        if (pieces) classes.insert(classify_ipv6_pieces(*pieces));
        return;
    }
    text = text.substr(0, text.find(':')); // a port
    if (text.ends_with('.')) text.remove_suffix(1);
    if (!text.empty()) classes = classes | name_classes(text, false);
}

// The classes of a host that holds an escape or is too long to hold, by every reading of it:
//   - decoded whole, and IDNA-mapped, as WHATWG reads it ("%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1",
//     fullwidth digits, is 127.0.0.1; "%5B%3A%3A1%5D" is [::1]);
//   - as a reader that parses the decoded URI again: to the first "/", "\" (WHATWG reads it as
//     "/"), "?" or "#", after the last "@" before it (a user and a password), to a ":" (a port)
//     ("10.0.0.1%2Fx.example.com" is 10.0.0.1, "a%3Ab%40127.0.0.1" 127.0.0.1);
//   - as glibc's inet_aton() reads it: to the first space, tab or line end ("127.0.0.1%20x").
// And reserved: no DNS name holds an escape or is that long.
host_class_set decoded_host_classes(std::string_view raw) noexcept
{
    host_class_set classes{host_class::reserved};
    host_reading whole;
    host_reading piece; // the reparsing reader's and inet_aton()'s
    bool cut = false;
    decoded_reader bytes(raw);
    for (unsigned char c = 0; bytes.next(c);) {
        whole.put(c);
        bool const space = c == ' ' || (c >= '\t' && c <= '\r');
        if (cut || space || c == '/' || c == '\\' || c == '?' || c == '#') {
            cut = true;
        } else if (c == '@') {
            piece.restart();
        } else {
            piece.put(c);
        }
    }
    insert_reading_classes(classes, piece);
    if (!cut) insert_reading_classes(classes, whole);
    return classes;
}

// The last byte of a name that may be other than public: of a number ("1", "0x7f", "0x": a digit,
// a hex digit or x) or of localhost, test, local, internal, onion, invalid or arpa. Any other
// ends a public name, and most names (.org, .com; .net's t aside) are settled by this byte alone.
constexpr charset may_end_other_than_public = chars::hexdig + charset("xtlnda");

// The classes of a name (lowercase, without its one trailing dot). The CLI classes every line
// of a JSON report: the common case is one table lookup.
host_class_set name_classes(std::string_view name, bool may_hold_escape) noexcept
{
    if (name.empty()) return {host_class::unspecified}; // clients fill in the local machine
    if (may_hold_escape && name.find('%') != std::string_view::npos) return decoded_host_classes(name);
    std::size_t const dot = name.rfind('.');
    std::string_view const last = dot == std::string_view::npos ? name : name.substr(dot + 1);
    // A number's last label begins with a digit ("0x7f", "1"), and no special-use one does.
    bool const number = !last.empty() && last.front() >= '0' && last.front() <= '9' && rules::ends_in_a_number(name);
    if (number) {
        host_class_set classes;
        insert_number_classes(classes, name);
        return classes;
    }
    if (std::find(loopback_names.begin(), loopback_names.end(), name) != loopback_names.end())
        return {host_class::loopback};
    // One label ("metadata", "instance-data") is no Internet host: a resolver's search domains
    // make it a name of the local network. localhost stays loopback.
    if (dot == std::string_view::npos) return {last == "localhost" ? host_class::loopback : host_class::special_use};
    host_class_set classes{may_end_other_than_public.contains(name.back()) ? class_by_last_label(name, last)
                                                                           : host_class::public_};
    // A name that begins with an address: wildcard DNS answers with it ("10.0.0.5.sslip.io").
    if (name.front() >= '0' && name.front() <= '9') [[unlikely]] {
        if (std::string_view const address = detail::embedded_ipv4(name); !address.empty())
            insert_number_classes(classes, address);
    }
    return classes;
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
    return classify_ipv4(static_cast<std::uint32_t>(ipv4[0]) << 24U | static_cast<std::uint32_t>(ipv4[1]) << 16U |
                         static_cast<std::uint32_t>(ipv4[2]) << 8U | ipv4[3]);
}

host_class classify_address(std::span<std::uint8_t const, 16> ipv6) noexcept
{
    rules::ipv6_pieces pieces{};
    for (std::size_t i = 0; i < pieces.size(); ++i)
        pieces[i] = static_cast<std::uint16_t>(ipv6[2 * i] << 8U | ipv6[2 * i + 1]);
    return classify_ipv6_pieces(pieces);
}

namespace {

// Every host but a name spelled as the canonical form spells it: IP literals, and names the
// canonical form respells into a buffer. Kept out of host_classes(), whose common case then
// needs no stack frame for the buffer.
[[gnu::noinline]] host_class_set respelled_host_classes(uri_view const& uri) noexcept
{
    switch (uri.host_type()) {
    case host_kind::ipv6:
        return {classify_ipv6_pieces(rules::parse_ipv6address(uri.host_address()).value_or(rules::ipv6_pieces{}))};
    case host_kind::ipvfuture: return {host_class::reserved}; // no client connects to one
    case host_kind::ipv4:
    case host_kind::dns_name:
    case host_kind::reg_name: break;
    }
    // Longer than any DNS name: no name a resolver takes.
    detail::host_buffer buffer; // NOLINT(cppcoreguidelines-pro-type-member-init): written before read
    std::optional<std::string_view> host = detail::canonical_host_view(uri, buffer);
    if (!host) return decoded_host_classes(uri.host());
    if (host->ends_with('.')) host->remove_suffix(1); // "localhost." is localhost
    return name_classes(*host, true);
}

} // namespace

host_class_set host_classes(uri_view const& uri) noexcept
{
    // Most hosts: a name or dotted quad in lowercase ASCII without an escape (the scan says so),
    // its own canonical spelling.
    bool const as_written = (detail::view_access::parts(uri).facts & detail::host_as_written) != 0;
    if (!as_written) [[unlikely]]
        return respelled_host_classes(uri);
    std::string_view host = uri.host();
    // As respelled_host_classes() finds it when the canonical form respells it: too long to be a
    // name (fuzz: corpus/regressions/parse/long-reg-name-class-depends-on-case).
    if (host.size() > detail::host_buffer_size) return decoded_host_classes(host);
    if (uri.host_type() == host_kind::ipv4) { // a dotted quad: its one reading
        if (std::optional<std::uint32_t> const address = rules::parse_ipv4address(host))
            return {classify_ipv4(*address)};
    }
    if (host.ends_with('.')) host.remove_suffix(1); // "localhost." is localhost
    return name_classes(host, false);
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
