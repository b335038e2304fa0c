// SPDX-License-Identifier: Apache-2.0
// src/scan_tables.hpp: the scanner's byte tables, each built from a rule's character set.
// Internal.
#pragma once

#include <array>
#include <cstdint>

#include "ftpuri/charset.hpp"
#include "plain_scan.hpp"

namespace ftpuri::detail {

// What the path loop does with a byte. `plain` bytes are skipped by the inner loop; everything
// else leaves it.
enum path_byte : std::uint8_t { plain, slash, percent, semicolon, question, hash, bad };

consteval std::array<std::uint8_t, 256> make_path_table(charset segment_char)
{
    std::array<std::uint8_t, 256> t{};
    for (unsigned c = 0; c < 256; ++c) {
        auto const b = static_cast<unsigned char>(c);
        t[c] = segment_char.contains(b) ? plain : bad;
    }
    t['/'] = slash;
    t['%'] = percent;
    t['?'] = question;
    t['#'] = hash;
    if (!segment_char.contains(';')) t[';'] = semicolon;
    return t;
}

// strict:  ftp-segment = *ftp-segment-char        (pchar without ";")
inline constexpr auto ftp_segment_table = make_path_table(chars::ftp_segment_char);
// rfc3986: segment = *pchar
inline constexpr auto segment_table = make_path_table(chars::pchar);

// The plain-path check (plain_scan.hpp) reads the same set of segment bytes as the full scan.
consteval bool plain_path_flags_match_the_table()
{
    for (unsigned c = 0; c < 256; ++c) {
        std::uint8_t const kind = ftp_segment_table[c];
        std::uint8_t const expected = c == '%'        ? percent_flag
                                      : kind == plain ? 0
                                      : kind == slash ? slash_flag
                                                      : not_plain;
        if ((plain_path_flags[c] & ~(dot_flag | tilde_flag)) != expected) return false;
    }
    return true;
}
static_assert(plain_path_flags_match_the_table(), "plain_path_flags must be ftp_segment_table's plain bytes");

// Where the authority ends (RFC 3986 3.2: the next "/", "?" or "#"), and its "@"s.
enum authority_byte : std::uint8_t { inside, ends, at_sign };
consteval std::array<std::uint8_t, 256> make_authority_table()
{
    std::array<std::uint8_t, 256> t{};
    t['/'] = t['?'] = t['#'] = ends;
    t['@'] = at_sign;
    return t;
}
inline constexpr auto authority_table = make_authority_table();
consteval bool authority_delimiters_are_the_simd_ones()
{
    for (unsigned c = 0; c < 256; ++c)
        if ((authority_table[c] != inside) != (c == '/' || c == '?' || c == '#' || c == '@')) return false;
    return true;
}
static_assert(authority_delimiters_are_the_simd_ones(), "skip_inside_authority() compares with these four bytes");

} // namespace ftpuri::detail
