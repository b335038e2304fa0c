// SPDX-License-Identifier: Apache-2.0
// src/scan/scheme.hpp: the scheme and the "//" after it. Internal.
#pragma once

#include <cstdint>
#include <cstring>

#include "../text.hpp"
#include "cursor.hpp"
#include "ftpuri/charset.hpp"

namespace ftpuri::detail {

// ftp-URI    = ftp-scheme ":" "//" authority ftp-path [ "#" fragment ]
// ftp-scheme = "ftp"                  ; case-insensitive
// scheme     = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
template <class Sink>
bool scan_scheme(cursor<Sink>& c) noexcept
{
    unsigned char const* const s = c.s;
    std::uint32_t const n = c.n;
    // Nearly every input begins so; its six bytes are then all there is to check here.
    if (n >= 6 && std::memcmp(s, "ftp://", 6) == 0) return true;
    unsigned char const first = s[0];
    if (first == ' ' || chars::control.contains(first)) return c.bad_byte(0, component::scheme);
    std::uint32_t end = 0;
    if (chars::alpha.contains(first)) {
        end = 1;
        while (end < n && chars::scheme_char.contains(s[end]))
            ++end;
    }
    if (end == 0 || end == n || s[end] != ':') return c.fail(diag_id::scheme_missing, component::scheme, 0, 0);
    bool const is_ftp =
        end == 3 && to_lower_ascii(s[0]) == 'f' && to_lower_ascii(s[1]) == 't' && to_lower_ascii(s[2]) == 'p';
    if (!is_ftp) return c.fail(diag_id::scheme_not_ftp, component::scheme, 0, end);
    if (is_upper_ascii(s[0]) || is_upper_ascii(s[1]) || is_upper_ascii(s[2]))
        c.warn(diag_id::scheme_uppercase, component::scheme, 0, 3);
    if (n < 6 || s[4] != '/' || s[5] != '/')
        return c.fail(diag_id::authority_missing, component::authority, 4, 0, diag_id::interop_scheme_slashes);
    return true;
}

} // namespace ftpuri::detail
