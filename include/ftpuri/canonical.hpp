// SPDX-License-Identifier: Apache-2.0
// ftpuri/canonical.hpp: one spelling per resource, and equivalence.
//
//     std::string const text = "FTP://Ftp.Example.ORG:021/%7Euser/pub/./a/../f.txt;TYPE=I";
//     auto const view = ftpuri::parse(text);
//     char out[128];
//     auto const r = ftpuri::canonicalize_into(*view, out);
//     // std::string_view(out, r.size) == "ftp://ftp.example.org/~user/pub/f.txt;type=i"
//
// The canonical form is RFC 3986 6.2.2 and 6.2.3 normalization, then the ftp rules of
// docs/behaviour.md ("Canonical form"):
//   - scheme and host lowercased; IPv6 in RFC 5952 form (IPv4-mapped addresses keep their
//     dotted quad); a lenient Unicode host in its IDNA A-label form;
//   - percent-encoding hex uppercased; escapes of unreserved characters decoded; every other
//     byte that the component's rule does not allow raw is encoded (a raw ";" in an rfc3986
//     segment, a second ":" in a password, the lenient profile's spaces and non-ASCII bytes);
//   - dot-segments removed (RFC 3986 5.2.4) after the unreserved escapes are decoded, so
//     "%2E%2E" is a "..". A ".." above the root is dropped, as RFC 3986's algorithm does;
//   - the empty port, ":21" and leading zeros of the port dropped; an empty path becomes "/";
//   - the typecode lowercased and spelled ";type=";
//   - kept as they are: empty segments, "%2F", the userinfo, the trailing "/", a query
//     (rfc3986), the fragment, and the case of user, password and path: each of them changes
//     which file an FTP client fetches.
// It is idempotent; it is strict-valid whenever the input is, and for a lenient input wherever a
// repair exists (a numeric-looking host, an empty host, or a "..%2F.." that lenient merely warns
// about have none; nor do an rfc3986 query, reg-name or IPvFuture).
//
// canonicalize_into() writes into the caller's buffer and allocates nothing, except that the
// IDNA conversion of a lenient profile's Unicode host goes through libidn2, which allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ftpuri/export.h"
#include "ftpuri/options.hpp"
#include "ftpuri/uri_view.hpp"
#include "ftpuri/write_result.hpp"

namespace ftpuri {

// All off by default: each one changes what the URI asks the server for.
struct canonical_options {
    bool drop_password = false;  // "user:secret@" becomes "user@"
    bool drop_fragment = false;  // "#..." removed: it is never sent anyway
    bool drop_anonymous = false; // "anonymous@" removed when no password stays with it
};

// A buffer of this size always suffices for an input of `input_size` bytes: escaping can
// triple a lenient input, an empty path adds "/", and an IDNA host is at most 253 bytes.
[[nodiscard]] constexpr std::size_t canonicalize_size_bound(std::size_t input_size) noexcept
{
    return 3 * input_size + 1 + 253;
}

// Former names, kept until 1.0. canonical_status::idna_failed is now write_status::invalid.
using canonical_status = write_status;
using canonical_result = write_result;
[[nodiscard]] constexpr std::size_t canonical_size_bound(std::size_t input_size) noexcept
{
    return canonicalize_size_bound(input_size);
}

// Writes the canonical form into `out`. invalid: a lenient Unicode host that libidn2 refused
// (cannot happen for a view parse() accepted, which checked the same conversion).
[[nodiscard]] FTPURI_API write_result canonicalize_into(uri_view const& uri, std::span<char> out,
                                                        canonical_options const& options = {}) noexcept;

// The canonical form without a copy, when the URI as written is its own canonical form (most
// strict URIs): a view of uri.buffer(). Nothing when it is not, or when only writing it can
// tell; canonicalize_into() then writes it. Answered from what the scan learned, in a few
// comparisons: for a caller that keeps the canonical form beside the input, as ftpuri-check does.
[[nodiscard]] FTPURI_API std::optional<std::string_view>
canonical_as_written(uri_view const& uri, canonical_options const& options = {}) noexcept;

// Convenience for callers off the hot path (allocates): the canonical form, or nothing when
// the input is not a valid URI in `parse_opts`'s profile.
[[nodiscard]] FTPURI_API std::string canonicalize(uri_view const& uri, canonical_options const& options = {});
[[nodiscard]] FTPURI_API std::optional<std::string>
canonicalize(std::string_view input, parse_options const& parse_opts = {}, canonical_options const& options = {});

// Whether two URIs have the same canonical form (with default canonical_options), compared
// part by part without building either form: no allocation, but libidn2's for a lenient
// Unicode host and for checking an "xn--" label when the string overload parses. Invalid inputs are equivalent to
// nothing.
[[nodiscard]] FTPURI_API bool equivalent(uri_view const& a, uri_view const& b) noexcept;
[[nodiscard]] FTPURI_API bool equivalent(std::string_view a, std::string_view b,
                                         parse_options const& options = {}) noexcept;

} // namespace ftpuri
