// SPDX-License-Identifier: Apache-2.0
// fingerprint.hpp: what names a finding from run to run, for the CI systems that follow
// findings across commits: SARIF's partialFingerprints (GitHub's code scanning) and the code
// quality report's fingerprint (GitLab).
//
// A finding is an id in an input, and an id is reported at most once per input
// (docs/scanner.md, "Reporting"). The input is known by its text, not by its line: a finding
// keeps its fingerprint when lines are added above it, and an edited URI is another URI with
// other findings. The text is normalized before it is hashed:
//
// - the password reads "****" (ftpuri/redact.hpp's find_password, as every echo masks it): a
//   64-bit hash of a URI whose password is guessable is cheap to search, so an unmasked one
//   would publish the password to whoever reads the report; and a changed password is still
//   the same finding;
// - the spaces, tabs and line ends at its edges are dropped (the lenient profile trims them,
//   and an editor's stray space does not make the finding new).
//
// The hash is 64-bit FNV-1a: the same on every platform and in every release (std::hash is
// neither), and one pass over the bytes with nothing allocated. A file that holds one URI on
// two lines has one fingerprint for both lines' finding: GitLab shows it once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ftpuri/redact.hpp"

namespace ftpuri::cli {

inline constexpr std::uint64_t fnv1a_offset_basis = 0xCBF29CE484222325ULL;

// FNV-1a over `bytes`, continuing from `hash`.
[[nodiscard]] constexpr std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = fnv1a_offset_basis) noexcept
{
    for (char const c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001B3ULL;
    }
    return hash;
}

// The hash of `input` normalized as above; `password` is where its password is (a report's
// checked_input::password), nothing when it has none.
[[nodiscard]] std::uint64_t input_fingerprint(std::string_view input, std::optional<byte_range> password) noexcept;

// Appends `hash` as 16 lowercase hex digits.
void append_hex64(std::string& to, std::uint64_t hash);

} // namespace ftpuri::cli
