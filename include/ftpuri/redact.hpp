// SPDX-License-Identifier: Apache-2.0
// ftpuri/redact.hpp: find and mask the password of a URI's userinfo, in any input.
//
//     std::string_view in = "ftp://alice:s3cret@ftp.example.org/inbox/";
//     std::array<char, 256> buf;
//     ftpuri::write_result r = ftpuri::redact_password_into(in, buf);  // in.size() + 4 always suffices
//     // std::string_view(buf.data(), r.size) == "ftp://alice:****@ftp.example.org/inbox/"
//
// Diagnostics never print a password (docs/behaviour.md, "Diagnostics"): wherever a diagnostic echoes
// an input (text, JSON, SARIF), the password reads `****`. The inputs that need echoing are
// mostly the invalid ones, so the password cannot come from parse(): it stops at the first
// error, perhaps before the userinfo, and the scanner's rules say nothing about garbage. And a
// line that no profile accepts is still a URI to a browser or to curl, which log in with what
// they read in it. So "a password" is whatever any of three readers would take for one, in any
// bytes, valid or not:
//
//   - RFC 3986: "scheme://" (or "//" without a scheme), then an authority that ends at '/', '?'
//     or '#'; the userinfo runs to its first '@'. "ftp:/u:pw@h/" has no userinfo at all.
//   - WHATWG (browsers, node): tabs and newlines are dropped first; "ftp" is a special scheme, so
//     any run of '/' and '\' after "ftp:" leads to the authority ("ftp:u:pw@h/", "ftp:/u:pw@h/",
//     "ftp:\\u:pw@h/", "ftp:////u:pw@h/" all have the password "pw"); the authority also ends
//     at '\', and the userinfo runs to its LAST '@' ("ftp://a:b@c@h/" has the password "b@c").
//   - curl: the authority ends at '/', '?' or '#' only ("ftp://u:p\w@h/" has the password
//     "p\w"), and the userinfo runs to its first '@'. Without a '/' after the scheme's ':', it
//     takes the input for one without a scheme: "ftp:u:pw@h/" has the user "ftp" and the
//     password "u:pw".
//
// Each takes the password from the first ':' of the userinfo. What is masked covers all three
// (when in doubt, hide more): from the first ':' of the userinfo beginning at the input's first
// byte or after the scheme and any run of '/', '\', spaces and controls, to the LAST '@' before
// the first '/', '?' or '#'. One more guess on top: when the authority's port is not digits (no
// valid URI has one) and an '@' follows the authority, as in "ftp://u:pa/ss@h/", the writer
// meant a password with a delimiter in it, and everything from the userinfo's ':' (or the
// port's) to the input's last '@' is masked. And a URI between running text's delimiters, which
// the scanner reads as one (input.delimited: "<URL:ftp://u:pw@h/>"), has its authority after the
// input's first "://" too. For a URI that the strict profile accepts, all of this is exactly
// RFC 3986's password.
//
// An empty password ("ftp://u:@h/") stays empty: there is nothing to hide, and "u:@h" and "u@h"
// log in differently, which the reader of a report needs to see.
//
// Neither function allocates nor throws; both are linear in the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ftpuri/export.h"
#include "ftpuri/write_result.hpp"

namespace ftpuri {

// A byte range [offset, offset + length) in an input.
struct byte_range {
    std::uint32_t offset;
    std::uint32_t length;
    friend constexpr bool operator==(byte_range const&, byte_range const&) noexcept = default;
};

// Where the password is, by the rules above; nullopt when there is none or it is empty. Offsets
// are uint32_t like every offset of the library, so an input of 4 GiB or more gives nullopt
// (such inputs are far past any length limit; redact_password_into still masks them).
[[nodiscard]] FTPURI_API std::optional<byte_range> find_password(std::string_view input) noexcept;

// The same for `prefix`, the first bytes of an input whose rest is unknown (a line cut at a
// length limit): the '@' that ends a password may lie past the cut, so a userinfo whose
// authority reaches the cut, or follows a port that is not digits, runs to the cut.
[[nodiscard]] FTPURI_API std::optional<byte_range> find_password_in_prefix(std::string_view prefix) noexcept;

// The room redact_password_into needs at most: "****" is 4 bytes and replaces at least 0.
[[nodiscard]] constexpr std::size_t redact_password_size_bound(std::string_view input) noexcept
{
    return input.size() + 4;
}

// Former name, kept until 1.0.
[[nodiscard]] constexpr std::size_t redacted_size_bound(std::string_view input) noexcept
{
    return redact_password_size_bound(input);
}

// Writes `input` into `out` with its password (find_password's rules) replaced by "****", or
// `input` unchanged when it has none. Never invalid: any bytes can be written.
// redact_password_size_bound(input) bytes always suffice. `out` must not overlap `input`.
[[nodiscard]] FTPURI_API write_result redact_password_into(std::string_view input, std::span<char> out) noexcept;

} // namespace ftpuri
