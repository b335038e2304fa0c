// SPDX-License-Identifier: Apache-2.0
// ftpuri/policy.hpp: what a service accepts: denied host classes, allowed hosts, one call.
//
//     static constexpr std::string_view mirrors[] = {"ftp.example.org", "*.mirror.example.net:2121"};
//     ftpuri::policy const policy{.deny = ftpuri::host_class_set::non_public(), .allow = mirrors};
//     ftpuri::parse_options const options{.as_error = {ftpuri::diag_id::userinfo_password}};
//     char canonical[1024];
//     ftpuri::sanitize_result const r = ftpuri::sanitize_into(untrusted, policy, canonical, options);
//     if (!r) reject(r.error);   // r.error.id: host.denied, host.not-allowed, or why it is invalid
//     else fetch(std::string_view(canonical, r.size));
//
// The policy is docs/behaviour.md's "Sanitization policy". A host is checked on its canonical spelling,
// so case, one trailing dot, percent-encoding and a Unicode name versus its A-label never change
// the answer; its class is ftpuri/host_class.hpp's, with every reading of a name that ends in a
// number. A policy holds views of the caller's patterns, which must outlive it; a pattern that
// is not one (host_pattern::parse() says which) matches nothing. Checking allocates nothing
// (but libidn2 for a lenient Unicode host, see parse.hpp). Each pattern is looked at in turn,
// unless the list is sorted once with sort_host_patterns() and the policy says allow_sorted:
// then a host is found by binary search, which a list of thousands needs.
//
// A URI checker cannot see what DNS answers: allow-listed names can resolve anywhere. Check the
// address you connect to with classify_address() as well (docs/sanitizing.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/canonical.hpp"
#include "ftpuri/diagnostic.hpp"
#include "ftpuri/export.h"
#include "ftpuri/host_class.hpp"
#include "ftpuri/options.hpp"
#include "ftpuri/uri_view.hpp"
#include "ftpuri/write_result.hpp"

namespace ftpuri {

// An allowed host: "ftp.example.org" (that name only), "*.example.org" (any name below it, on
// a label boundary, but not example.org itself: list it too if it is meant), "192.0.2.7" or
// "[2001:db8::7]" (that address), each optionally followed by ":port" (then only that port),
// or by ":*" (any port); without either, port 21 only, so that an allowed server is not a way
// to reach its host's other services. Names are ASCII, case-insensitive, with at most one trailing dot; an
// internationalized name is written as its A-label ("xn--bcher-kva.example").
class FTPURI_API host_pattern {
public:
    // The pattern `text` spells, or nothing when it is not one (the view is kept: `text` must
    // outlive the pattern).
    [[nodiscard]] static std::optional<host_pattern> parse(std::string_view text) noexcept;

    // Whether a host, as the canonical form spells it (see canonical_host_into()), and a port match.
    [[nodiscard]] bool matches(std::string_view canonical_host, std::uint16_t port) const noexcept;

    [[nodiscard]] constexpr std::string_view host() const noexcept { return host_; } // without "*." and ":port"
    [[nodiscard]] constexpr bool any_subdomain() const noexcept { return any_subdomain_; }
    [[nodiscard]] constexpr std::uint16_t port() const noexcept { return port_; } // 0: any (":*")

private:
    std::string_view host_;               // lowercase or not, at most one trailing dot
    std::array<std::uint16_t, 8> ipv6_{}; // the address of an "[...]" pattern, piece by piece
    std::uint16_t port_ = 0;
    bool any_subdomain_ = false;
    bool is_ipv6_ = false;
};

// The members stay in the order of the first release: reordering them would change the ABI.
// NOLINTNEXTLINE(clang-analyzer-optin.performance.Padding)
struct policy {
    host_class_set deny{};                     // a host in one of these classes is refused (host.denied)
    std::span<std::string_view const> allow{}; // host patterns; when there are any, a host that
                                               // none matches is refused (host.not-allowed)
    // `allow` is in sort_host_patterns()'s order: a host is looked up by binary search, in time
    // logarithmic in the patterns, instead of against each pattern in turn. For long lists.
    bool allow_sorted = false;
};

// Puts host patterns in the order a policy with allow_sorted searches: by name, case and one
// trailing dot ignored, "*." and ":port" aside; IPv6 patterns together. Sorts the caller's
// views in place; allocates nothing.
FTPURI_API void sort_host_patterns(std::span<std::string_view> patterns) noexcept;

// The canonical spelling of a URI's host into `out`, as canonicalize_into() writes it (an IPv6
// literal in its brackets). invalid: a lenient Unicode host that libidn2 refuses.
[[nodiscard]] FTPURI_API write_result canonical_host_into(uri_view const& uri, std::span<char> out) noexcept;

// A buffer of this size always suffices for canonical_host_into(uri, ...): the host's own
// bound as part of a canonical form (a DNS name needs at most 254 bytes, but a reg-name of the
// rfc3986 profile may be longer).
[[nodiscard]] inline std::size_t canonical_host_size_bound(uri_view const& uri) noexcept
{
    return canonicalize_size_bound(uri.host().size());
}

// Former name, kept until 1.0: the bytes needed, which may exceed out.size(); 0 when invalid.
[[nodiscard]] inline std::size_t canonical_host(uri_view const& uri, std::span<char> out) noexcept
{
    write_result const r = canonical_host_into(uri, out);
    return r.status == write_status::invalid ? 0 : r.size;
}

// The policy's finding on a parsed URI: host.denied (the host's worst denied class in
// diagnostic::detail, see message()) or host.not-allowed, both errors pointing at the host
// (offsets into uri.buffer()); nothing when the policy accepts the host.
[[nodiscard]] FTPURI_API std::optional<diagnostic> check_policy(uri_view const& uri, policy const& rules) noexcept;

// The error the canonical form `canonical` of `uri` gets when parsed under `options`, placed
// over the input's own spelling of the component it is about (the host for "x%6E--a", which
// means "xn--a"; the path for "./C:/x"), or over the path when the input has none: offsets into
// uri.buffer(). Nothing when the canonical form parses. sanitize_into() and ftpuri-check's --error
// judge a URI by what it means this way.
[[nodiscard]] FTPURI_API std::optional<diagnostic> canonical_form_error(uri_view const& uri, std::string_view canonical,
                                                                        parse_options const& options) noexcept;

// sanitize_into's answer. invalid: `error` says why (the first error of the parse, a warning
// made an error by parse_options::as_error, or the policy's finding); buffer_too_small: the URI
// is accepted, but its canonical form needs `size` bytes.
struct sanitize_result : write_result {
    // Invalid until sanitize_into() says otherwise: a result nobody filled in accepts nothing.
    sanitize_result() noexcept { status = write_status::invalid; }
    diagnostic error{};                   // when status == invalid; offsets into the input
    uri_view uri{};                       // the parsed input, when it parsed
    host_class cls = host_class::public_; // the host's class, when it parsed
};

// A buffer of this size always suffices for an input of `input_size` bytes.
[[nodiscard]] constexpr std::size_t sanitize_size_bound(std::size_t input_size) noexcept
{
    return canonicalize_size_bound(input_size);
}

// The one call for a service: parse `input` in options' profile (with options.as_error), apply
// the policy, and write the canonical form into `out`. Allocates nothing (but libidn2, as above).
[[nodiscard]] FTPURI_API sanitize_result sanitize_into(std::string_view input, policy const& rules, std::span<char> out,
                                                       parse_options const& options = {},
                                                       canonical_options const& canonical = {}) noexcept;

// Former names, kept until 1.0. sanitize_status::invalid is now write_status::invalid (the
// enumerators are the same three, in write_status's order).
using sanitize_status = write_status;
[[nodiscard]] inline sanitize_result sanitize(std::string_view input, policy const& rules, std::span<char> out,
                                              parse_options const& options = {},
                                              canonical_options const& canonical = {}) noexcept
{
    return sanitize_into(input, rules, out, options, canonical);
}

} // namespace ftpuri
