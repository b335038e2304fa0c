// SPDX-License-Identifier: Apache-2.0
// src/scan/authority.hpp: the authority's extent, and its user and password. Internal.
#pragma once

#include <cstdint>
#include <string_view>

#include "../text.hpp"
#include "../utf8.hpp"
#include "byte_runs.hpp"
#include "cursor.hpp"
#include "dns_name_shape.hpp"
#include "escape.hpp"
#include "ftpuri/charset.hpp"
#include "host.hpp"
#include "port.hpp"

namespace ftpuri::detail {

// Where the authority ends (RFC 3986 3.2: the next "/", "?" or "#"), and its "@"s: every other
// byte is inside it.
inline constexpr plain_set authority_inside_run = make_plain_set(charset::range(0, 0xFF) - charset("/?#@"));
// usp-char's bytes but "%": the user's and the password's plain bytes.
inline constexpr plain_set usp_char_run = make_plain_set(chars::usp_char);
static_assert(!usp_char_run.member['@'], "scan_userinfo's runs end at the userinfo's \"@\"");

// user-pass = user [ ":" password ]
// user      = *usp-char
// password  = *usp-char
// usp-char  = unreserved / pct-encoded / sub-delims      ; no raw ":" or "@"
// (rfc3986: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ), the password being
//  everything after the first ":")
// The userinfo is s[begin, end); s[end] is the "@" that ends it.
template <class Sink>
bool scan_userinfo(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end) noexcept
{
    constexpr std::uint32_t npos = cursor<Sink>::npos;
    unsigned char const* const s = c.s;
    c.parts.at.user_begin = begin;
    std::uint32_t colon = npos;
    component where = component::user;
    utf8_checker utf8;
    std::uint32_t part_begin = begin;
    for (std::uint32_t q = begin; q < end;) {
        // Searched to the input's end, not to the "@" at `end`, which stops the run as well: a
        // user shorter than 16 bytes is then read 16 bytes at a time too, not byte by byte.
        std::uint32_t const run = run_end<usp_char_run>(s, q, c.n);
        if (run != q) { // plain bytes break a UTF-8 sequence
            if (!report_utf8(c, utf8, utf8.raw_byte(), where)) return false;
            q = run;
            if (q == end) break;
        }
        unsigned char const ch = s[q];
        if (ch == '%') {
            int const byte = scan_escape(c, q, end, where);
            if (byte < 0 || !report_utf8(c, utf8, utf8.escaped_byte(static_cast<unsigned char>(byte), q, q + 3), where))
                return false;
            q += 3;
        } else if (ch == ':' && colon == npos) {
            if (!report_utf8(c, utf8, utf8.finish(), where)) return false;
            if (!utf8.ok()) c.warn(diag_id::pct_non_utf8, where, part_begin, q - part_begin);
            utf8 = {};
            colon = q;
            where = component::password;
            part_begin = ++q;
        } else if (ch == ':' && (!c.ftp_grammar || c.lenient)) {
            // rfc3986 lets the password hold more ":", lenient repairs one; the canonical form
            // writes it %3A, with this warning.
            c.warn(diag_id::userinfo_raw_colon, component::password, q, 1);
            if (!report_utf8(c, utf8, utf8.raw_byte(), where)) return false;
            ++q;
        } else if (ch == ':') {
            return c.fail(diag_id::userinfo_raw_colon, component::password, q, 1);
        } else if (c.tolerated(q, where)) {
            if (!report_utf8(c, utf8, utf8.escaped_byte(ch, q, q + 1), where)) return false;
            ++q;
        } else {
            return c.bad_byte(q, where);
        }
    }
    if (!report_utf8(c, utf8, utf8.finish(), where)) return false;
    if (!utf8.ok()) c.warn(diag_id::pct_non_utf8, where, part_begin, end - part_begin);

    c.parts.at.user_end = colon == npos ? end : colon;
    if (colon != npos) {
        c.parts.at.password_begin = colon + 1;
        c.parts.at.password_end = end;
        c.warn(diag_id::userinfo_password, component::password, c.parts.at.password_begin,
               end - c.parts.at.password_begin);
    }
    if (c.parts.at.user_end == c.parts.at.user_begin) {
        c.warn(diag_id::userinfo_empty_user, component::user, end, 1);
    } else if constexpr (Sink::collecting) {
        std::uint32_t const length = c.parts.at.user_end - c.parts.at.user_begin;
        if (is_anonymous(c.input.substr(c.parts.at.user_begin, length)))
            c.warn(diag_id::userinfo_anonymous, component::user, c.parts.at.user_begin, length);
    }
    return true;
}

// authority = [ user-pass "@" ] host [ ":" port ]
template <class Sink>
bool scan_authority(cursor<Sink>& c) noexcept
{
    constexpr std::uint32_t npos = cursor<Sink>::npos;
    unsigned char const* const s = c.s;
    std::uint32_t const n = c.n;
    std::uint32_t const begin = 6;
    // The host name's bytes that begin most authorities end none: the search starts after them,
    // and after those of the name after the first "@", which is the host's.
    name_shape const first_name = read_name_shape(s, begin, n);
    name_shape host_name = first_name;
    std::uint32_t end = first_name.end;
    std::uint32_t first_at = npos;
    std::uint32_t second_at = npos;
    for (;; ++end) {
        // Most names end the authority: the run is then empty, and unread.
        if (end < n && authority_inside_run.member[s[end]]) end = run_end<authority_inside_run>(s, end, n);
        if (end == n || s[end] != '@') break;
        if (first_at == npos) {
            first_at = end;
            host_name = read_name_shape(s, end + 1, n);
            end = host_name.end - 1;
        } else if (second_at == npos) {
            second_at = end;
        }
    }
    c.authority_end = end;

    std::uint32_t host = begin;
    // [ user-pass "@" ]
    if (first_at != npos) {
        if (!scan_userinfo(c, begin, first_at)) return false;
        if (second_at != npos) {
            return c.fail(diag_id::userinfo_multiple_at, component::authority, first_at, 1,
                          diag_id::interop_multiple_at);
        }
        host = first_at + 1;
    }
    return scan_host(c, host, end, host_name) && scan_port(c, c.parts.at.host_end, end);
}

} // namespace ftpuri::detail
