// SPDX-License-Identifier: Apache-2.0
// src/rules/typecode.hpp: the ";type=X" that ends an ftp path. Internal.
#pragma once

#include <string_view>

#include "text.hpp"

namespace ftpuri::rules {

// typecode-part = ";type=" typecode        ; "type" case-insensitive, canonical lowercase
// typecode      = "a" / "i" / "d"
// The letter of a typecode-part beginning at text[at] (the ";"), lowercased, or '\0'.
[[nodiscard]] constexpr char typecode_at(std::string_view text, std::size_t at) noexcept
{
    if (!matches_lowercase(text, at, ";type=") || text.size() - at < 7) return '\0';
    auto const letter = static_cast<char>(to_lower_ascii(static_cast<unsigned char>(text[at + 6])));
    return letter == 'a' || letter == 'i' || letter == 'd' ? letter : '\0';
}

// The typecode that ends `text`, lowercased, or '\0' when it ends in none.
[[nodiscard]] constexpr char trailing_typecode(std::string_view text) noexcept
{
    return text.size() < 7 ? '\0' : typecode_at(text, text.size() - 7);
}

} // namespace ftpuri::rules
