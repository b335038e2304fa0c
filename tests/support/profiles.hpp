// SPDX-License-Identifier: Apache-2.0
// tests/support/profiles.hpp: the three syntax profiles by one letter, and the parse_options of
// one profile (everything else left at its default).
#pragma once

#include "ftpuri/options.hpp"

namespace ftpuri_test {

inline constexpr ftpuri::profile S = ftpuri::profile::strict;
inline constexpr ftpuri::profile R = ftpuri::profile::rfc3986;
inline constexpr ftpuri::profile L = ftpuri::profile::lenient;

inline ftpuri::parse_options in(ftpuri::profile p)
{
    ftpuri::parse_options o;
    o.syntax = p;
    return o;
}

} // namespace ftpuri_test
