// SPDX-License-Identifier: Apache-2.0
// tests/support/strcat.hpp: building messages piece by piece.
//
// `"text" + std::string(...)` trips GCC 12's false -Wrestrict (GCC bug 105329) in Release
// builds with -Werror; cat({"a", view, 42}) appends instead.
#pragma once

#include <concepts>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace ftpuri_test {

struct piece {
    std::string text;
    piece(char const* s) : text(s) {}
    piece(std::string_view s) : text(s) {}
    piece(std::string s) : text(std::move(s)) {}
    template <std::integral T>
    piece(T v) : text(std::to_string(v))
    {
    }
};

inline std::string cat(std::initializer_list<piece> parts)
{
    std::string s;
    for (piece const& p : parts)
        s += p.text;
    return s;
}

} // namespace ftpuri_test
