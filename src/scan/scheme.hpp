// SPDX-License-Identifier: Apache-2.0
// src/scan/scheme.hpp: the scheme and the "//" after it. Internal.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "../text.hpp"
#include "cursor.hpp"
#include "ftpuri/charset.hpp"

namespace ftpuri::detail {

// "<URL:ftp://h/x>", "<ftp://h/x>", "\"ftp://h/x\"", "URL:ftp://h/x": an ftp URI as RFC 1738 and
// RFC 3986 (appendix C) write one in running text, between delimiters that are no part of it.
// The length of the opening ones ("<URL:" and the blanks after it), or 0. Asked only of an
// input that has no ftp scheme.
[[gnu::cold]] inline std::uint32_t text_delimiters(std::string_view input) noexcept
{
    std::size_t const n = input.size();
    bool const enclosed =
        n >= 2 && ((input.front() == '<' && input.back() == '>') || (input.front() == '"' && input.back() == '"'));
    std::size_t p = enclosed ? 1 : 0;
    if (matches_lowercase(input, p, "url:")) {
        p += 4;
        while (p < n && input[p] == ' ')
            ++p;
    }
    return p > 0 && matches_lowercase(input, p, "ftp:") ? static_cast<std::uint32_t>(p) : 0;
}

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
    bool const has_scheme = end != 0 && end < n && s[end] == ':';
    bool const is_ftp = has_scheme && end == 3 && to_lower_ascii(s[0]) == 'f' && to_lower_ascii(s[1]) == 't' &&
                        to_lower_ascii(s[2]) == 'p';
    if (!is_ftp) {
        if (std::uint32_t const opening = text_delimiters(c.input); opening != 0)
            return c.fail(diag_id::input_delimited, component::input, 0, opening);
        if (!has_scheme) return c.fail(diag_id::scheme_missing, component::scheme, 0, 0);
        return c.fail(diag_id::scheme_not_ftp, component::scheme, 0, end);
    }
    if (is_upper_ascii(s[0]) || is_upper_ascii(s[1]) || is_upper_ascii(s[2]))
        c.warn(diag_id::scheme_uppercase, component::scheme, 0, 3);
    if (n < 6 || s[4] != '/' || s[5] != '/')
        return c.fail(diag_id::authority_missing, component::authority, 4, 0, diag_id::interop_scheme_slashes);
    return true;
}

} // namespace ftpuri::detail
