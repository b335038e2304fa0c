// SPDX-License-Identifier: Apache-2.0
// src/scan/escape.hpp: a percent-encoded byte, and what the decoded bytes spell. Internal.
#pragma once

#include <cstdint>

#include "../rules/bad_byte.hpp"
#include "../utf8.hpp"
#include "cursor.hpp"
#include "ftpuri/charset.hpp"
#include "ftpuri/pct.hpp"

namespace ftpuri::detail {

// pct-encoded = "%" HEXDIG HEXDIG
// Checks the escape at q (s[q] == '%') within [q, limit) and returns the decoded byte, or -1
// after fail(). The byte's digits are read through one table each, with no branch on their
// class: real paths mix "%20" and "%C3", which a branch per class would mispredict.
template <class Sink>
int scan_escape(cursor<Sink>& c, std::uint32_t q, std::uint32_t limit, component where) noexcept
{
    unsigned char const* const s = c.s;
    int const hi = q + 1 < limit ? hex_value(s[q + 1]) : -1;
    int const lo = hi >= 0 && q + 2 < limit ? hex_value(s[q + 2]) : -1;
    if (hi < 0 || lo < 0) [[unlikely]] {
        c.fail(diag_id::pct_malformed, where, q, hi < 0 ? 1 : 2);
        return -1;
    }
    auto const byte = static_cast<unsigned char>(hi * 16 + lo);
    if (chars::control.contains(byte)) [[unlikely]] { // in every component: the safety rules
        if (rules::ends_a_command(byte)) {
            c.fail(diag_id::pct_forbidden_control, where, q, 3);
            return -1;
        }
        if (!c.fail_if_strict(diag_id::pct_control, where, q, 3)) return -1;
    }
    // @constraint telnet-iac
    if (rules::is_telnet_iac(byte, where) && !c.fail_if_strict(diag_id::pct_telnet_iac, where, q, 3)) [[unlikely]]
        return -1;
    if constexpr (Sink::collecting) {
        if (s[q + 1] >= 'a' || s[q + 2] >= 'a') c.warn(diag_id::pct_lowercase, where, q, 3);
        if (chars::unreserved.contains(byte)) c.warn(diag_id::pct_needless, where, q, 3);
    }
    return byte;
}

// A look-alike or line separator in a decoded component (docs/scanner.md, "Look-alike
// encodings"): an error in strict, a warning elsewhere.
template <class Sink>
bool report_utf8(cursor<Sink>& c, utf8_checker const& checker, utf8_finding found, component where) noexcept
{
    if (found == utf8_finding::none) [[likely]]
        return true;
    diag_id const id = found == utf8_finding::look_alike ? diag_id::pct_overlong_utf8 : diag_id::pct_line_separator;
    return c.fail_if_strict(id, where, checker.finding_begin(), checker.finding_end() - checker.finding_begin());
}

} // namespace ftpuri::detail
