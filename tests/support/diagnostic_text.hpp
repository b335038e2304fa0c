// SPDX-License-Identifier: Apache-2.0
// tests/support/diagnostic_text.hpp: diagnostics as text, for failure messages and for
// comparing ids by name (so that a mismatch prints the names).
#pragma once

#include "ftpuri/diagnostic.hpp"

#include <string>

namespace ftpuri_test {

// The id's name in the catalogue ("path.above-root").
inline std::string name_of(ftpuri::diag_id id)
{
    return std::string(ftpuri::info(id).name);
}

// "name(level)@offset+length".
inline std::string describe(ftpuri::diagnostic const& d)
{
    std::string s = name_of(d.id);
    s += '(';
    s += ftpuri::to_string(d.level);
    s += ")@";
    s += std::to_string(d.offset);
    s += '+';
    s += std::to_string(d.length);
    return s;
}

// Every diagnostic of the list, comma-separated; "(none)" for an empty list.
inline std::string describe(ftpuri::diagnostic_list const& list)
{
    std::string s;
    for (auto const& d : list) {
        if (!s.empty()) s += ", ";
        s += describe(d);
    }
    return s.empty() ? "(none)" : s;
}

} // namespace ftpuri_test
