// SPDX-License-Identifier: Apache-2.0
// src/policy.cpp: allowed host patterns, the policy check, and the one call for services.
#include "ftpuri/policy.hpp"

#include <algorithm>
#include <array>

#include "canonical_host.hpp"
#include "ftpuri/charset.hpp"
#include "ftpuri/parse.hpp"
#include "rules/ipv4_address.hpp"
#include "rules/ipv6_address.hpp"
#include "rules/numeric_host.hpp"
#include "text.hpp"

namespace ftpuri {

namespace {

std::string_view without_trailing_dot(std::string_view name) noexcept
{
    if (!name.empty() && name.back() == '.') name.remove_suffix(1);
    return name;
}

int compare_ignoring_case(std::string_view a, std::string_view b) noexcept
{
    std::size_t const n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char const x = to_lower_ascii(static_cast<unsigned char>(a[i]));
        unsigned char const y = to_lower_ascii(static_cast<unsigned char>(b[i]));
        if (x != y) return x < y ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

bool equal_ignoring_case(std::string_view a, std::string_view b) noexcept
{
    return compare_ignoring_case(a, b) == 0;
}

// hostname = label *( "." label ) [ "." ] ; label = let-dig [ *61( let-dig / "-" ) let-dig ]
// RFC 1123 2.1's host name, as DNS limits it (labels of 1-63 bytes, 253 in all).
bool is_dns_name(std::string_view name) noexcept
{
    name = without_trailing_dot(name);
    if (name.empty() || name.size() > 253) return false;
    for (std::size_t begin = 0; begin <= name.size();) {
        std::size_t end = name.find('.', begin);
        if (end == std::string_view::npos) end = name.size();
        std::string_view const label = name.substr(begin, end - begin);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
        if (!std::all_of(label.begin(), label.end(), [](char c) { return chars::dns_label_char.contains(c); }))
            return false;
        begin = end + 1;
    }
    return true;
}

constexpr std::uint16_t default_ftp_port = 21; // RFC 959 3.2

// port = 1*5DIGIT, 1-65535, without leading zeros: one spelling per port.
std::optional<std::uint16_t> read_port(std::string_view digits) noexcept
{
    if (digits.empty() || digits.size() > 5 || digits.front() == '0') return std::nullopt;
    std::uint32_t value = 0;
    for (char c : digits) {
        if (!chars::digit.contains(c)) return std::nullopt;
        value = value * 10 + static_cast<std::uint32_t>(c - '0');
    }
    if (value > 65535) return std::nullopt;
    return static_cast<std::uint16_t>(value);
}

std::uint32_t offset_in(std::string_view outer, std::string_view inner) noexcept
{
    return static_cast<std::uint32_t>(inner.data() - outer.data());
}

bool any_pattern_matches(std::span<std::string_view const> patterns, std::string_view host, std::uint16_t port) noexcept
{
    return std::any_of(patterns.begin(), patterns.end(), [&](std::string_view text) {
        std::optional<host_pattern> const pattern = host_pattern::parse(text);
        return pattern && pattern->matches(host, port);
    });
}

// What sort_host_patterns() orders by, read from a pattern's text without checking it: IPv6
// patterns first (all equal here), then names compared without case and without one trailing
// dot, a name's exact pattern before its "*." one. A pattern that is not one may sort anywhere:
// the full check runs on the patterns a lookup finds, so it still matches nothing.
struct pattern_key {
    bool ipv6 = false;
    std::string_view name; // without "*.", ":port" and one trailing dot
    bool any_subdomain = false;
};

pattern_key key_of(std::string_view text) noexcept
{
    pattern_key key;
    if (text.starts_with("*.")) {
        key.any_subdomain = true;
        text.remove_prefix(2);
    }
    if (text.starts_with('[')) {
        key.ipv6 = true;
        return key;
    }
    key.name = without_trailing_dot(text.substr(0, text.find(':')));
    return key;
}

bool key_less(pattern_key const& a, pattern_key const& b) noexcept
{
    if (a.ipv6 != b.ipv6) return a.ipv6;
    if (a.ipv6) return false;
    int const c = compare_ignoring_case(a.name, b.name);
    if (c != 0) return c < 0;
    return !a.any_subdomain && b.any_subdomain;
}

// Whether a pattern of the sorted list whose key is `key` matches: the patterns with that key
// are found by binary search and checked in full.
bool sorted_has(std::span<std::string_view const> patterns, pattern_key const& key, std::string_view host,
                std::uint16_t port) noexcept
{
    auto const by_key = [](std::string_view text, pattern_key const& k) { return key_less(key_of(text), k); };
    auto const key_by = [](pattern_key const& k, std::string_view text) { return key_less(k, key_of(text)); };
    auto const first = std::lower_bound(patterns.begin(), patterns.end(), key, by_key);
    auto const last = std::upper_bound(first, patterns.end(), key, key_by);
    return any_pattern_matches({first, last}, host, port);
}

// The exact name, then each "*." suffix the host lies under, then (for an IP literal) the IPv6
// patterns.
bool sorted_allows(std::span<std::string_view const> patterns, std::string_view host, std::uint16_t port) noexcept
{
    if (host.starts_with('[')) return sorted_has(patterns, pattern_key{true, {}, false}, host, port);
    std::string_view const name = without_trailing_dot(host);
    if (sorted_has(patterns, pattern_key{false, name, false}, host, port)) return true;
    for (std::size_t dot = name.find('.'); dot != std::string_view::npos; dot = name.find('.', dot + 1))
        if (sorted_has(patterns, pattern_key{false, name.substr(dot + 1), true}, host, port)) return true;
    return false;
}

// The finding, given the host's classes (computed once by sanitize_into()).
std::optional<diagnostic> check_with(uri_view const& uri, host_class_set classes, policy const& rules) noexcept
{
    uri_view::offsets const at = uri.raw_offsets();
    diagnostic finding{diag_id::host_denied, severity::error, component::host, at.host_begin,
                       at.host_end - at.host_begin};
    if (classes.intersects(rules.deny)) {
        finding.detail = static_cast<std::uint8_t>(classes.worst_in(rules.deny));
        return finding;
    }
    if (rules.allow.empty()) return std::nullopt;
    detail::host_buffer buffer; // NOLINT(cppcoreguidelines-pro-type-member-init): written before read
    if (std::optional<std::string_view> const host = detail::canonical_host_view(uri, buffer)) {
        if (rules.allow_sorted ? sorted_allows(rules.allow, *host, uri.effective_port())
                               : any_pattern_matches(rules.allow, *host, uri.effective_port()))
            return std::nullopt;
    }
    finding.id = diag_id::host_not_allowed;
    return finding;
}

} // namespace

// Severity by id applies to what the URI means: a finding that depends on a segment's place
// (path.drive-letter, path.tilde-user) is judged once dot segments are removed, and a host
// spelled with escapes as the name they decode to.
std::optional<diagnostic> canonical_form_error(uri_view const& uri, std::string_view canonical,
                                               parse_options const& options) noexcept
{
    parse_result const again = parse(canonical, options);
    if (again) return std::nullopt;
    diagnostic finding = again.error();
    std::string_view spelled = uri.raw(finding.where);
    if (spelled.data() == nullptr) {
        finding.where = component::path;
        spelled = uri.path();
    }
    finding.offset = static_cast<std::uint32_t>(spelled.data() - uri.buffer().data());
    finding.length = static_cast<std::uint32_t>(spelled.size());
    return finding;
}

std::optional<host_pattern> host_pattern::parse(std::string_view text) noexcept
{
    host_pattern p;
    if (text.starts_with("*.")) {
        p.any_subdomain_ = true;
        text.remove_prefix(2);
    }
    std::string_view host = text;
    std::string_view port;
    if (text.starts_with('[')) {
        std::size_t const close = text.find(']');
        if (close == std::string_view::npos || p.any_subdomain_) return std::nullopt;
        std::optional<rules::ipv6_pieces> const pieces = rules::parse_ipv6address(text.substr(1, close - 1));
        if (!pieces) return std::nullopt;
        p.ipv6_ = *pieces;
        p.is_ipv6_ = true;
        host = text.substr(0, close + 1);
        std::string_view const after = text.substr(close + 1);
        if (!after.empty() && after.front() != ':') return std::nullopt;
        if (!after.empty()) port = after.substr(1);
        if (!after.empty() && port.empty()) return std::nullopt;
    } else if (std::size_t const colon = text.find(':'); colon != std::string_view::npos) {
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (port.empty()) return std::nullopt;
    }
    // No port is FTP's own, 21: an allowed mirror must not become a scanner of its host's other
    // ports (ftp://mirror:6379/). "*" is any port, asked for in so many words.
    if (port.empty()) {
        p.port_ = default_ftp_port;
    } else if (port != "*") {
        std::optional<std::uint16_t> const number = read_port(port);
        if (!number) return std::nullopt;
        p.port_ = *number;
    }
    if (!p.is_ipv6_) {
        if (!is_dns_name(host)) return std::nullopt;
        // A name that ends in a number is an address to resolvers: only a dotted quad, written
        // as the canonical form writes it, says which one, and "*." before it means nothing.
        if (rules::ends_in_a_number(host) &&
            (p.any_subdomain_ || !rules::is_ipv4address(without_trailing_dot(host)) || host.back() == '.'))
            return std::nullopt;
    }
    p.host_ = host;
    return p;
}

bool host_pattern::matches(std::string_view canonical, std::uint16_t port) const noexcept
{
    if (port_ != 0 && port != port_) return false;
    if (is_ipv6_) {
        if (canonical.size() < 2 || canonical.front() != '[' || canonical.back() != ']') return false;
        std::optional<rules::ipv6_pieces> const pieces =
            rules::parse_ipv6address(canonical.substr(1, canonical.size() - 2));
        return pieces && *pieces == ipv6_;
    }
    // Only a DNS name or a dotted quad can match: a host that keeps an escape or a character no
    // DNS name has ("evil%2F.example.org") is not the name it seems to end in.
    if (!is_dns_name(canonical)) return false;
    std::string_view const name = without_trailing_dot(canonical);
    std::string_view const pattern = without_trailing_dot(host_);
    if (!any_subdomain_) return equal_ignoring_case(name, pattern);
    if (name.size() <= pattern.size() + 1 || rules::ends_in_a_number(name)) return false;
    std::size_t const cut = name.size() - pattern.size();
    return name[cut - 1] == '.' && equal_ignoring_case(name.substr(cut), pattern);
}

void sort_host_patterns(std::span<std::string_view> patterns) noexcept
{
    std::sort(patterns.begin(), patterns.end(),
              [](std::string_view a, std::string_view b) { return key_less(key_of(a), key_of(b)); });
}

std::optional<diagnostic> check_policy(uri_view const& uri, policy const& rules) noexcept
{
    if (rules.deny.empty() && rules.allow.empty()) return std::nullopt;
    return check_with(uri, rules.deny.empty() ? host_class_set{} : host_classes(uri), rules);
}

sanitize_result sanitize_into(std::string_view input, policy const& rules, std::span<char> out,
                              parse_options const& options, canonical_options const& canonical) noexcept
{
    sanitize_result r;
    parse_result const parsed = parse(input, options);
    if (!parsed) {
        r.error = parsed.error();
        return r;
    }
    r.uri = *parsed;
    host_class_set const classes = host_classes(r.uri);
    r.cls = classes.worst();
    if (std::optional<diagnostic> finding = check_with(r.uri, classes, rules)) {
        finding->offset += offset_in(input, r.uri.buffer()); // the lenient profile may trim
        r.error = *finding;
        return r;
    }
    write_result const written = canonicalize_into(r.uri, out, canonical);
    r.size = written.size;
    if (written && !options.as_error.empty()) [[unlikely]] {
        if (std::optional<diagnostic> const finding =
                canonical_form_error(r.uri, {out.data(), written.size}, options)) {
            r.error = *finding;
            r.error.offset += offset_in(input, r.uri.buffer()); // the lenient profile may trim
            return r;
        }
    }
    r.status = written.status;
    if (r.status == write_status::invalid) { // a Unicode host libidn2 refuses now but accepted in parse()
        uri_view::offsets const at = r.uri.raw_offsets();
        r.error = {diag_id::host_idna_invalid, severity::error, component::host,
                   offset_in(input, r.uri.buffer()) + at.host_begin, at.host_end - at.host_begin};
    }
    return r;
}

} // namespace ftpuri
