// ftpuri/redact.hpp: find and mask the password of a URI's userinfo, in any input.
//
//     std::string_view in = "ftp://alice:s3cret@ftp.example.org/inbox/";
//     std::array<char, 256> buf;
//     std::size_t n = ftpuri::redact_password_into(in, buf);  // in.size() + 4 always suffices
//     // std::string_view(buf.data(), n) == "ftp://alice:****@ftp.example.org/inbox/"
//
// Diagnostics never print a password (PRODUCT.md, "Diagnostics"): wherever a diagnostic echoes
// an input (text, JSON, SARIF), the password reads `****`. The inputs that need echoing are
// mostly the invalid ones, so the password cannot come from parse(): it stops at the first
// error, perhaps before the userinfo, and the scanner's rules say nothing about garbage. These
// functions therefore use rules of their own that work on any bytes, valid or not, and lean
// towards hiding too much rather than too little:
//
//   1. The authority begins after the first "://". No "://", no password (without the slashes
//      RFC 3986 reads "ftp:alice:pw@host" as a path, not a userinfo).
//   2. It ends at the first '/', '?', '#' or '\' after that (WHATWG parsers take '\' for '/').
//   3. The userinfo is everything before the LAST '@' of the authority: WHATWG parsers and curl
//      split there, so with several '@' the password runs up to the last one.
//   4. The password is everything after the FIRST ':' of the userinfo; an empty one is a
//      password too (its absence or emptiness is not shown either).
//
// Neither function allocates nor throws; both are linear in the input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace ftpuri {

// A byte range [offset, offset + length) in an input.
struct byte_range {
    std::uint32_t offset;
    std::uint32_t length;
    friend constexpr bool operator==(byte_range const&, byte_range const&) noexcept = default;
};

// Where the password is, by the rules above; nullopt when there is none. Offsets are uint32_t
// like every offset of the library, so an input of 4 GiB or more gives nullopt (such inputs are
// far past any length limit; redact_password_into still masks them).
[[nodiscard]] std::optional<byte_range> find_password(std::string_view input) noexcept;

// The room redact_password_into needs at most: "****" is 4 bytes and replaces at least 0.
[[nodiscard]] constexpr std::size_t redacted_size_bound(std::string_view input) noexcept
{
    return input.size() + 4;
}

// Writes `input` into `out` with its password (find_password's rules) replaced by "****", or
// `input` unchanged when it has none. Returns the size written, or SIZE_MAX when `out` is too
// small (then `out` holds nothing usable); redacted_size_bound(input) bytes always suffice.
// `out` must not overlap `input`.
[[nodiscard]] std::size_t redact_password_into(std::string_view input, std::span<char> out) noexcept;

} // namespace ftpuri
