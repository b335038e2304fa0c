// SPDX-License-Identifier: Apache-2.0
// src/scan/query.hpp: the query and the fragment. Internal.
#pragma once

#include <cstdint>

#include "../utf8.hpp"
#include "byte_runs.hpp"
#include "cursor.hpp"
#include "escape.hpp"
#include "ftpuri/charset.hpp"

namespace ftpuri::detail {

// query = fragment = *( pchar / "/" / "?" ), less "%": their plain bytes.
inline constexpr plain_set fragment_run = make_plain_set(chars::fragment_char);
// Every byte but "#", which ends a query.
inline constexpr plain_set query_extent_run = make_plain_set(charset::range(0, 0xFF) - '#');

// The query and the fragment are never sent as such, but a client may send the query as
// part of the file name and a service may log the decoded fragment: the safety rules on
// decoded bytes hold here as everywhere.
template <class Sink>
bool scan_fragment_chars(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end, component where) noexcept
{
    unsigned char const* const s = c.s;
    utf8_checker utf8;
    for (std::uint32_t q = begin; q < end;) {
        std::uint32_t const run = run_end<fragment_run>(s, q, end);
        if (run != q) { // plain bytes break a UTF-8 sequence
            if (!report_utf8(c, utf8, utf8.raw_byte(), where)) return false;
            q = run;
            if (q == end) break;
        }
        unsigned char const ch = s[q];
        if (ch == '%') { // not a fragment_char: pchar has escapes, not a raw "%"
            int const byte = scan_escape(c, q, end, where);
            if (byte < 0 || !report_utf8(c, utf8, utf8.escaped_byte(static_cast<unsigned char>(byte), q, q + 3), where))
                return false;
            q += 3;
        } else if (c.tolerated(q, where)) {
            if (!report_utf8(c, utf8, utf8.escaped_byte(ch, q, q + 1), where)) return false;
            ++q;
        } else {
            return c.bad_byte(q, where);
        }
    }
    if (!report_utf8(c, utf8, utf8.finish(), where)) return false;
    if (!utf8.ok()) c.warn(diag_id::pct_non_utf8, where, begin, end - begin);
    return true;
}

// [ "?" query ] [ "#" fragment ]     query = fragment = *( pchar / "/" / "?" )
// Strict: ftp URIs have no query; rfc3986 and lenient read one as RFC 3986 does, with a warning.
template <class Sink>
bool scan_query(cursor<Sink>& c, std::uint32_t q) noexcept
{
    unsigned char const* const s = c.s;
    std::uint32_t const n = c.n;
    if (q < n && s[q] == '?') {
        std::uint32_t const end = run_end<query_extent_run>(s, q + 1, n);
        if (!c.rfc3986_readings) return c.fail(diag_id::query_present, component::query, q, end - q);
        c.warn(diag_id::query_present, component::query, q, end - q);
        if (!scan_fragment_chars(c, q + 1, end, component::query)) return false;
        c.parts.at.query_begin = q + 1;
        c.parts.at.query_end = end;
        q = end;
    }
    if (q < n) { // s[q] == '#': nothing else ends a path or query
        c.warn(diag_id::fragment_present, component::fragment, q, n - q);
        if (!scan_fragment_chars(c, q + 1, n, component::fragment)) return false;
        c.parts.at.fragment_begin = q + 1;
    }
    return true;
}

} // namespace ftpuri::detail
