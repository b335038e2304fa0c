// SPDX-License-Identifier: Apache-2.0
// well_formed_utf8.hpp: the well-formed UTF-8 of RFC 3629, for the outputs that must be Unicode (JSON
// strings, SARIF's code point columns, the terminal's escapes) while an input may be any bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ftpuri::cli {

// The length of the well-formed UTF-8 sequence that starts at s[i], or 0 if none does.
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept;

// Appends `in` to `out` with every byte that is not part of a well-formed UTF-8 sequence
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF) replaced by U+FFFD,
// one replacement per byte. JSON strings must be Unicode, and an input may be any bytes.
void append_utf8_sanitized(std::string_view in, std::string& out);

} // namespace ftpuri::cli
