// SPDX-License-Identifier: Apache-2.0
// ftpuri/options.hpp: the syntax profiles and the limits of one parse.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ftpuri/diagnostic.hpp"
#include "ftpuri/export.h"

namespace ftpuri {

// Which grammar to accept; docs/behaviour.md's "Syntax profiles". The seeds disagree, so the caller
// chooses; strict is the default because it is the one to sanitize untrusted input with.
enum class profile : std::uint8_t {
    strict,  // docs/grammar.abnf: ftp rules, DNS host, safety rules as errors
    rfc3986, // any RFC 3986 URI with scheme ftp and an authority; safety rules still apply
    lenient, // what real clients accept, each repair a warning; canonical form strict-valid where repaired
};

[[nodiscard]] FTPURI_API std::string_view to_string(profile p) noexcept;
[[nodiscard]] FTPURI_API std::optional<profile> profile_from_string(std::string_view name) noexcept;

// The default length limit: 64 KiB. Every input is bounded, so no input costs more than
// max_length table lookups. Offsets are uint32_t, so the limit can never exceed max_length_cap.
inline constexpr std::uint32_t default_max_length = 64 * 1024;
inline constexpr std::uint32_t max_length_cap = 0xFFFF'FFFE;

struct parse_options {
    profile syntax = profile::strict;
    std::uint32_t max_length = default_max_length;
    // Opt-in rules to report as warnings (diag_info::opt_in; diag_set::opt_in_rules() is all of
    // them). They are checked on the parsed view, so only parse() with a diagnostic_list
    // reports them; they never make a URI invalid.
    diag_set opt_in{};
    // Warnings to report as errors, as a compiler's -Werror=ID: a URI that draws one is invalid,
    // and the first of them is the error, unless the URI is invalid on its own: its own error is
    // then the error, as the more specific one. An opt-in id here is reported without being in
    // opt_in. Parsing takes the scan that collects warnings when this is not empty; the set
    // itself costs nothing to pass.
    diag_set as_error{};
};

} // namespace ftpuri
