// SPDX-License-Identifier: Apache-2.0
// tests/support/ascii.hpp: ASCII case folding that depends on no locale.
#pragma once

#include <string>
#include <string_view>

namespace ftpuri_test {

// `s` with A-Z lowercased; every other byte as it is.
inline std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

} // namespace ftpuri_test
