// SPDX-License-Identifier: Apache-2.0
// tests/support/printable.hpp: bytes shown in a failure message or a test's description.
//
// Every byte below 0x20, from 0x7F up, and the backslash itself is written \xHH (uppercase
// hex); every other byte stands for itself. The docs' example notation (\t, {repeat:N:c}, ...)
// is another thing: tests/support/example_notation.hpp.
#pragma once

#include <string>
#include <string_view>

namespace ftpuri_test {

inline std::string printable(std::string_view s)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : s) {
        auto const u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7F || c == '\\') {
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 0xF];
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace ftpuri_test
