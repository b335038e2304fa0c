// SPDX-License-Identifier: Apache-2.0
// src/enum_names.hpp: X_from_string() for the public enums, read back from their to_string().
//
// Each enum's names are written once, in its to_string(); its from_string() tries each
// enumerator from the first to `last`, so the two can never disagree. The enums are a few
// values each: a loop is as fast as any table here.
#pragma once

#include <optional>
#include <string_view>

namespace ftpuri::detail {

template <class E>
[[nodiscard]] std::optional<E> enum_from_string(std::string_view name, E last) noexcept
{
    for (unsigned i = 0; i <= static_cast<unsigned>(last); ++i)
        if (to_string(static_cast<E>(i)) == name) return static_cast<E>(i);
    return std::nullopt;
}

} // namespace ftpuri::detail
