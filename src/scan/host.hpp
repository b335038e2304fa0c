// SPDX-License-Identifier: Apache-2.0
// src/scan/host.hpp: the host, by the grammar's readings and the host rules. Internal.
//
// The name's bytes are found first (a run of plain bytes, then its escapes and repairs one by
// one), then judged whole by the pure rules of src/rules/: a dotted-decimal IPv4 address, a DNS
// name, a numeric look-alike; an IP-literal by its own rules.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "../idna.hpp"
#include "../rules/bad_byte.hpp"
#include "../rules/dns_name.hpp"
#include "../rules/ipv4_address.hpp"
#include "../rules/ipv6_address.hpp"
#include "../rules/ipvfuture.hpp"
#include "../rules/numeric_host.hpp"
#include "../text.hpp"
#include "../utf8.hpp"
#include "byte_runs.hpp"
#include "cursor.hpp"
#include "dns_name_shape.hpp"
#include "escape.hpp"
#include "ftpuri/charset.hpp"

namespace ftpuri::detail {

// The host's plain bytes: the name's characters, less the uppercase letters until the first
// one is found (host.uppercase points at it).
inline constexpr plain_set dns_name_run = make_plain_set(rules::dns_name_char);
inline constexpr plain_set reg_name_lower_run = make_plain_set(chars::reg_name_char - uppercase);
inline constexpr plain_set reg_name_run = make_plain_set(chars::reg_name_char);
inline constexpr plain_set ip_literal_run = make_plain_set(chars::ipvfuture_char);

// @constraint punycode: every "xn--" label of a DNS name is an A-label (RFC 5890 2.3.2.1):
// one that is not ("xn--a", "xn--zz") is rejected by WHATWG parsers and matches no name a
// registry can hold, so it only serves to confuse. `name` starts at input offset `at`; a
// converted (lenient) host is not the input's text, so the whole host is pointed at.
// Without libidn2 no "xn--" label can be checked: host.idna-unavailable, an error everywhere.
template <class Sink>
bool check_a_labels(cursor<Sink>& c, std::string_view name, std::uint32_t at, bool converted) noexcept
{
    std::optional<rules::finding> const bad = find_invalid_a_label(name);
    if (!bad) return true;
    std::uint32_t const offset = converted ? at : at + bad->offset;
    std::uint32_t const length = converted ? c.parts.at.host_end - c.parts.at.host_begin : bad->length;
    if constexpr (!idna_available) return c.fail(bad->id, component::host, offset, length);
    return c.fail_if_strict(bad->id, component::host, offset, length);
}

// rfc3986: a reg-name's escapes decode to bytes that the look-alike rules judge too.
template <class Sink>
bool check_host_utf8(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end) noexcept
{
    utf8_checker utf8;
    for (std::uint32_t q = begin; q < end;) {
        if (c.s[q] == '%') {
            auto const b = static_cast<unsigned char>(escape_at(c.input, q));
            if (!report_utf8(c, utf8, utf8.escaped_byte(b, q, q + 3), component::host)) return false;
            q += 3;
        } else {
            if (!report_utf8(c, utf8, utf8.raw_byte(), component::host)) return false;
            ++q;
        }
    }
    return report_utf8(c, utf8, utf8.finish(), component::host);
}

// What scan_unicode_host() made of a host.
enum class unicode_host_reading : std::uint8_t {
    refused,    // an error is reported
    name,       // a name, or an IPv4 address, once converted
    not_a_name, // escapes that convert to no DNS name: read as RFC 3986 reads them, a reg-name
};

// lenient: a host with non-ASCII bytes or escapes is an internationalized name. It must
// convert under UTS #46 (libidn2) to a valid DNS name; the canonical form holds the result.
// One with escapes alone that does not is a reg-name, as rfc3986 reads it, so that lenient
// accepts what rfc3986 does; raw non-ASCII bytes, which RFC 3986 has no reading for, are then
// refused. A build without libidn2 converts only the hosts that decode to ASCII and refuses
// the others (host.idna-unavailable), escaped or not.
template <class Sink>
unicode_host_reading scan_unicode_host(cursor<Sink>& c, std::uint32_t begin, std::string_view host,
                                       std::uint32_t first_escape, bool raw_non_ascii) noexcept
{
    using enum unicode_host_reading;
    auto const length = static_cast<std::uint32_t>(host.size());
    std::array<char, idna_max_decoded> ascii{}; // every host idna_to_ascii() converts
    std::size_t const n = idna_to_ascii(host, ascii);
    // "%65xample.com" is only percent-encoded; "bücher" or "b%C3%BCcher" is Unicode.
    bool unicode = false;
    for (std::size_t i = 0; i < host.size(); ++i)
        unicode = unicode || chars::non_ascii.contains(host[i]) || escape_at(host, i) >= 0x80;
    std::string_view const converted(ascii.data(), n);
    // The converted host meets the rules an ASCII one meets, with the same severities, and
    // first the one the ASCII scan applies byte by byte: nothing but letters, digits, "-" and
    // ".". Decoding must not smuggle in a "@", "/", "#" or control ("good.example%40evil.1"
    // would otherwise canonicalize to a URI whose host is evil.1).
    bool const name_chars = n != 0 && std::all_of(converted.begin(), converted.end(),
                                                  [](char ch) { return rules::dns_name_char.contains(ch); });
    bool const numeric = name_chars && rules::ends_in_a_number(converted);
    std::optional<rules::finding> const dns_error =
        name_chars && !numeric ? rules::check_dns_name(converted) : std::nullopt;
    if (!name_chars || dns_error) {
        // Without libidn2 an escaped Unicode name cannot be told from one IDNA refuses: the
        // build says so (host.idna-unavailable) rather than spell the host another way.
        if (!raw_non_ascii && (idna_available || !unicode)) return not_a_name;
        if (n == 0) {
            bool const unavailable = !idna_available && unicode;
            c.fail(unavailable ? diag_id::host_idna_unavailable : diag_id::host_idna_invalid, component::host, begin,
                   length);
        } else {
            // Converted, but no DNS name: under the rule's id where lenient has it, else as
            // one IDNA refuses (an empty label from U+3002, which UTS #46 with DNS lengths
            // verified refuses too).
            diag_id const id = dns_error ? dns_error->id : diag_id::host_invalid_char;
            bool const lenient_has_it = info(id).by_profile[static_cast<std::size_t>(profile::lenient)].has_value();
            c.fail(lenient_has_it ? id : diag_id::host_idna_invalid, component::host, begin, length);
        }
        return refused;
    }
    if (unicode) {
        c.warn(diag_id::host_unicode, component::host, begin, length);
    } else {
        c.warn(diag_id::host_percent_encoded, component::host, first_escape, 3); // where strict points
    }
    if (numeric) {
        if (rules::is_ipv4address(converted)) { // "127.0.0.%31", fullwidth digits
            c.parts.kind = host_kind::ipv4;
            return name;
        }
        c.parts.kind = host_kind::reg_name;
        return c.fail_if_strict(diag_id::host_numeric_ambiguous, component::host, begin, length) ? name : refused;
    }
    c.parts.kind = host_kind::dns_name;
    return check_a_labels(c, converted, begin, true) ? name : refused;
}

// IP-literal = "[" ( IPv6address / IPvFuture ) "]"
// Out of line: the scanner inlines its parts into one function, and the address rules' loops,
// inlined there too, cost an IPv6 literal a third more.
template <class Sink>
[[gnu::noinline]] bool scan_ip_literal(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end) noexcept
{
    unsigned char const* const s = c.s;
    // One pass finds the "]", the first byte never allowed and the first "%" (a zone id);
    // they are reported in that order. IPvFuture's bytes, which hold every IPv6address's, are
    // none of them: the pass starts after their run.
    std::uint32_t close = run_end<ip_literal_run>(s, begin + 1, end);
    std::uint32_t never_allowed = cursor<Sink>::npos;
    std::uint32_t percent = cursor<Sink>::npos;
    for (; close < end && s[close] != ']'; ++close) {
        if (rules::is_never_allowed(s[close]) && never_allowed == cursor<Sink>::npos) never_allowed = close;
        if (s[close] == '%' && percent == cursor<Sink>::npos) percent = close;
    }
    if (close == end) return c.fail(diag_id::host_ip_literal_unclosed, component::host, begin, end - begin);
    if (never_allowed != cursor<Sink>::npos) return c.bad_byte(never_allowed, component::host);
    std::uint32_t const length = close + 1 - begin;
    std::string_view const inside = c.input.substr(begin + 1, close - begin - 1);
    if (close > begin + 1 && to_lower_ascii(s[begin + 1]) == 'v') {
        if (!c.rfc3986_readings) return c.fail(diag_id::host_ipvfuture, component::host, begin, length);
        if (!rules::is_ipvfuture(inside))
            return c.fail(diag_id::host_ipvfuture_invalid, component::host, begin, length);
        if (c.lenient) c.warn(diag_id::host_ipvfuture, component::host, begin, length); // strict's error, kept
        c.parts.kind = host_kind::ipvfuture;
    } else {
        if (percent != cursor<Sink>::npos)
            return c.fail(diag_id::host_ipv6_zone_id, component::host, percent, close - percent);
        if (!rules::is_ipv6address(inside)) return c.fail(diag_id::host_ipv6_invalid, component::host, begin, length);
        std::size_t const upper = find_upper_ascii(inside);
        if (upper != std::string_view::npos)
            c.warn(diag_id::host_uppercase, component::host, begin + 1 + static_cast<std::uint32_t>(upper), 1);
        c.parts.kind = host_kind::ipv6;
    }
    c.parts.at.host_end = close + 1;
    if (c.parts.at.host_end < end && s[c.parts.at.host_end] != ':')
        return c.fail(diag_id::host_invalid_char, component::host, c.parts.at.host_end, 1);
    return true;
}

// lenient: a name with "_" (warned at it) that meets the DNS rules with its "_" taken for a
// letter: their finding, if any.
inline std::optional<rules::finding> check_underscored_name(std::string_view host) noexcept
{
    std::array<char, 254> letters{}; // a longer name is host.too-long, whatever its bytes
    std::size_t const n = std::min(host.size(), letters.size());
    for (std::size_t i = 0; i < n; ++i)
        letters[i] = host[i] == '_' ? 'a' : host[i];
    return rules::check_dns_name(host.size() <= letters.size() ? std::string_view(letters.data(), n) : host);
}

// host = IP-literal / IPv4address / dns-name        (rfc3986: ... / reg-name)
// `name`: read_name_shape() at `begin`.
template <class Sink>
bool scan_host(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end, name_shape const& name) noexcept
{
    constexpr std::uint32_t npos = cursor<Sink>::npos;
    unsigned char const* const s = c.s;
    c.parts.at.host_begin = begin;
    if (begin < end && s[begin] == '[') return scan_ip_literal(c, begin, end);

    // A lowercase name that no DNS rule can fault, ending the authority or before its port, is
    // a DNS name, unless other parsers would read it as a number; a dotted-decimal one is an
    // IPv4 address. Every other number is judged below.
    if (name.plain && (name.end == end || (name.end < end && s[name.end] == ':'))) {
        std::string_view const host = c.input.substr(begin, name.end - begin);
        bool const number = rules::ends_in_a_number(host);
        if (!number || rules::is_ipv4address(host)) {
            c.parts.at.host_end = name.end;
            c.parts.facts |= host_as_written;
            c.parts.kind = number ? host_kind::ipv4 : host_kind::dns_name;
            return true;
        }
    }

    // Find where the name ends (at ":" or the authority's end), checking its bytes.
    std::uint32_t q = begin;
    std::uint32_t first_escape = npos;
    std::uint32_t first_upper = npos;
    std::uint32_t first_non_ascii = npos;
    std::uint32_t first_underscore = npos; // lenient: a name with "_" is read as a reg-name
    bool reg_name_only = false;            // lenient: a "~" or sub-delim, a reg-name's bytes
    charset const& name_char = c.ftp_grammar ? rules::dns_name_char : chars::reg_name_char;
    for (;;) {
        if (first_upper == npos) {
            q = c.ftp_grammar ? run_end<dns_name_lower_run>(s, q, end) : run_end<reg_name_lower_run>(s, q, end);
        } else {
            q = c.ftp_grammar ? run_end<dns_name_run>(s, q, end) : run_end<reg_name_run>(s, q, end);
        }
        if (q == end || s[q] == ':') break;
        unsigned char const ch = s[q];
        if (name_char.contains(ch)) { // an uppercase letter
            first_upper = q++;
        } else if (ch == '%') {
            if (scan_escape(c, q, end, component::host) < 0) return false;
            if (c.strict()) {
                return c.fail(diag_id::host_percent_encoded, component::host, q, 3,
                              diag_id::interop_host_percent_encoded);
            }
            if (first_escape == npos) first_escape = q;
            q += 3;
        } else if (c.lenient && chars::non_ascii.contains(ch)) {
            if (first_non_ascii == npos) first_non_ascii = q;
            ++q;
        } else if (ch == '_') { // ftp grammar: DNS holds it (SRV labels), RFC 1123 host names do not
            if (!c.fail_if_strict(diag_id::host_underscore, component::host, q, 1)) return false;
            if (first_underscore == npos) first_underscore = q;
            ++q;
        } else if (chars::reg_name_char.contains(ch)) { // ftp grammar: "~" or a sub-delim
            if (!c.lenient) return c.fail(diag_id::host_invalid_char, component::host, q, 1);
            reg_name_only = true;
            ++q;
        } else {
            return c.bad_byte(q, component::host);
        }
    }
    c.parts.at.host_end = q;
    std::uint32_t const length = q - begin;
    std::string_view const host = c.input.substr(begin, length);

    if (length == 0) {
        c.parts.kind = host_kind::reg_name;
        return c.fail_if_strict(diag_id::host_empty, component::host, begin, 0);
    }
    if (c.lenient && (first_escape != npos || first_non_ascii != npos)) {
        unicode_host_reading const read = scan_unicode_host(c, begin, host, first_escape, first_non_ascii != npos);
        if (read != unicode_host_reading::not_a_name) return read == unicode_host_reading::name;
        c.parts.facts |= host_not_converted;
    }
    if (first_upper == npos && first_escape == npos) c.parts.facts |= host_as_written;
    if (first_upper != npos) c.warn(diag_id::host_uppercase, component::host, first_upper, 1);
    if (first_escape != npos) {
        c.warn(c.lenient ? diag_id::host_percent_encoded : diag_id::interop_host_percent_encoded, component::host,
               first_escape, 3);
    }

    // @constraint numeric-host, judged on the decoded host: "0x7f.0.0.%31" is 0x7f.0.0.1 to
    // every parser that decodes it (rfc3986; strict has no escapes in a host).
    if (rules::ends_in_a_number(host)) {
        std::array<char, 16> decoded{};
        std::size_t const size = decode_small(host, decoded);
        if (size == 0 || !rules::is_ipv4address(std::string_view(decoded.data(), size))) {
            c.parts.kind = host_kind::reg_name;
            return c.fail_if_strict(diag_id::host_numeric_ambiguous, component::host, begin, length);
        }
        if (first_escape == npos) {
            c.parts.kind = host_kind::ipv4;
            return true;
        }
    }
    if (first_underscore != npos && !reg_name_only && first_escape == npos && !check_underscored_name(host)) {
        c.parts.kind = host_kind::reg_name;
        return true;
    }
    if constexpr (Sink::collecting) {
        if (!c.ftp_grammar) {
            std::size_t const underscore = host.find('_');
            if (underscore != std::string_view::npos)
                c.warn(diag_id::host_underscore, component::host, begin + static_cast<std::uint32_t>(underscore), 1);
        }
    }
    std::optional<rules::finding> const dns_error = rules::check_dns_name(host);
    if (!dns_error) {
        c.parts.kind = host_kind::dns_name;
        return check_a_labels(c, host, begin, false);
    }
    if (first_escape != npos && !check_host_utf8(c, begin, q)) return false;
    if (!c.rfc3986_readings)
        return c.fail(dns_error->id, component::host, begin + dns_error->offset, dns_error->length);
    c.parts.kind = host_kind::reg_name;
    c.warn(diag_id::host_not_dns, component::host, begin, length);
    return true;
}

} // namespace ftpuri::detail
