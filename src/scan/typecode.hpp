// SPDX-License-Identifier: Apache-2.0
// src/scan/typecode.hpp: the typecode that may end the path. Internal.
#pragma once

#include <cstdint>
#include <string_view>

#include "../rules/typecode.hpp"
#include "../text.hpp"
#include "cursor.hpp"

namespace ftpuri::detail {

// typecode.uppercase over [q, q + length); curl (lib/ftp.c) looks for ";type=" in lowercase
// only and sends ";TYPE=I" as part of the file name: interop.typecode-case says so. The
// letter's case alone does not matter to it, and ";typecode=" it never reads at all.
template <class Sink>
void warn_typecode_case(cursor<Sink>& c, std::uint32_t q, std::uint32_t length) noexcept
{
    c.warn(diag_id::typecode_uppercase, component::typecode, q, length);
    if (length == 7 && find_upper_ascii(c.input.substr(q, 6)) != std::string_view::npos)
        c.note_beside_warning(diag_id::interop_typecode_case, component::typecode, q, length);
}

// typecode-part = ";type=" typecode        ; "type" case-insensitive, canonical lowercase
// typecode      = "a" / "i" / "d"
// Strict: called at every raw ";", which may only begin the typecode after the last segment.
// lenient: draft-yevstifeyev's ";typecode=" is read as ";type=", with a warning.
template <class Sink>
bool scan_typecode(cursor<Sink>& c, std::uint32_t q) noexcept
{
    unsigned char const* const s = c.s;
    std::uint32_t const n = c.n;
    std::uint32_t code = q + 6;
    if (!matches_lowercase(c.input, q, ";type=")) {
        if (!matches_lowercase(c.input, q, ";typecode="))
            return c.fail(diag_id::path_raw_semicolon, component::path, q, 1);
        if (!c.lenient) return c.fail(diag_id::typecode_misspelled, component::typecode, q, 10);
        code = q + 10; // warned about below, once it is known to be the typecode
    }
    if (code == n) return c.fail(diag_id::typecode_invalid, component::typecode, code, 0);
    unsigned char const letter = to_lower_ascii(s[code]);
    if (letter != 'a' && letter != 'i' && letter != 'd')
        return c.fail(diag_id::typecode_invalid, component::typecode, code, 1);
    std::uint32_t const after = code + 1;
    if (after < n && s[after] != '?' && s[after] != '#') {
        // @constraint typecode-last: the typecode ends the path.
        if (s[after] == '/') return c.fail(diag_id::path_raw_semicolon, component::path, q, 1);
        std::uint32_t segment_end = after;
        while (segment_end < n && s[segment_end] != '/' && s[segment_end] != '?' && s[segment_end] != '#')
            ++segment_end;
        return c.fail(diag_id::typecode_invalid, component::typecode, code, segment_end - code);
    }
    if (code == q + 10) c.warn(diag_id::typecode_misspelled, component::typecode, q, 10);
    c.parts.at.typecode_begin = q;
    c.parts.typecode_end = after;
    c.parts.typecode = static_cast<char>(letter);
    if (find_upper_ascii(c.input.substr(q, after - q)) != std::string_view::npos) warn_typecode_case(c, q, after - q);
    return true;
}

// Whether the raw ";" at q begins a typecode that ends the path (";type=" or ";typecode=", a,
// i or d in any case, then the path's end), which scan_typecode() reads: in lenient, a ";" that
// does not is a pchar.
template <class Sink>
[[nodiscard]] bool ends_path_with_typecode(cursor<Sink> const& c, std::uint32_t q) noexcept
{
    std::uint32_t code = 0;
    if (matches_lowercase(c.input, q, ";type=")) {
        code = q + 6;
    } else if (matches_lowercase(c.input, q, ";typecode=")) {
        code = q + 10;
    } else {
        return false;
    }
    if (code >= c.n) return false;
    unsigned char const letter = to_lower_ascii(c.s[code]);
    return (letter == 'a' || letter == 'i' || letter == 'd') &&
           (code + 1 == c.n || c.s[code + 1] == '?' || c.s[code + 1] == '#');
}

// curl (lib/ftp.c) looks for the first raw ";type=" in the path, ends the path there and reads
// the next byte as the typecode: a raw ";type=" in [begin, end), before the URI's own typecode,
// sends curl to another file ("a;type=i/b/c" is TYPE I, RETR a). Only where ";" is a pchar
// (rfc3986); the canonical form spells that ";" as %3B, which curl does not look for.
template <class Sink>
void warn_typecode_cut(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end) noexcept
{
    if constexpr (Sink::collecting) {
        std::size_t const at = c.input.substr(begin, end - begin).find(";type=");
        if (at != std::string_view::npos)
            c.warn(diag_id::interop_typecode_cut, component::path, begin + static_cast<std::uint32_t>(at), 6);
    }
}

// rfc3986: a raw ";" in a segment is a pchar, which the canonical form writes "%3B" (the ftp
// grammar reads a raw one as a typecode's start): the first one in [begin, end), where warnings
// are wanted, so that the respelling is never silent; and a ";type=" from there on, where curl
// ends the path (one search of the path for both).
template <class Sink>
void warn_raw_semicolon(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end) noexcept
{
    if constexpr (Sink::collecting) {
        std::size_t const at = c.input.substr(begin, end - begin).find(';');
        if (at == std::string_view::npos) return;
        auto const first = begin + static_cast<std::uint32_t>(at);
        warn_typecode_cut(c, first, end);
        c.warn(diag_id::path_raw_semicolon, component::path, first, 1);
    }
}

// rfc3986: ";" is a pchar, so a typecode is only what ends the last segment, which begins at
// `begin` and ends at `end`. Returns where the name ends.
template <class Sink>
[[nodiscard]] std::uint32_t find_rfc3986_typecode(cursor<Sink>& c, std::uint32_t begin, std::uint32_t end) noexcept
{
    if (char const letter = rules::trailing_typecode(c.input.substr(begin, end - begin)); letter != '\0') {
        c.parts.at.typecode_begin = end - 7;
        c.parts.typecode_end = end;
        c.parts.typecode = letter;
        if (find_upper_ascii(c.input.substr(end - 7, 7)) != std::string_view::npos) warn_typecode_case(c, end - 7, 7);
        return end - 7;
    }
    for (std::uint32_t i = begin; i + 10 <= end; ++i) {
        if (c.s[i] == ';' && matches_lowercase(c.input, i, ";typecode=")) {
            c.warn(diag_id::typecode_misspelled, component::typecode, i, 10);
            break;
        }
    }
    return end;
}

} // namespace ftpuri::detail
