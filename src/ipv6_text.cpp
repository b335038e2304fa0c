// SPDX-License-Identifier: Apache-2.0
// src/ipv6_text.cpp: RFC 5952 text.
#include "ipv6_text.hpp"

namespace ftpuri {

std::size_t format_ipv6(rules::ipv6_pieces const& p, char* out) noexcept
{
    constexpr char hex[] = "0123456789abcdef";
    std::size_t n = 0;
    auto put_piece = [&](std::uint16_t v) {
        bool started = false;
        for (int shift = 12; shift >= 0; shift -= 4) {
            unsigned const digit = (v >> shift) & 0xFU;
            if (digit != 0 || started || shift == 0) {
                out[n++] = hex[digit];
                started = true;
            }
        }
    };
    bool const mapped = p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 0 && p[4] == 0 && p[5] == 0xFFFF;
    std::size_t const hex_pieces = mapped ? 6 : 8;

    // The longest run of zero pieces, two at least; the first of equal runs.
    std::size_t best = 8;
    std::size_t best_length = 1;
    for (std::size_t i = 0; i < hex_pieces;) {
        std::size_t j = i;
        while (j < hex_pieces && p[j] == 0)
            ++j;
        if (j - i > best_length) {
            best = i;
            best_length = j - i;
        }
        i = j == i ? i + 1 : j;
    }
    for (std::size_t i = 0; i < hex_pieces; ++i) {
        if (i == best) {
            out[n++] = ':';
            out[n++] = ':';
            i += best_length - 1;
            continue;
        }
        if (i != 0 && !(i == best + best_length)) out[n++] = ':';
        put_piece(p[i]);
    }
    if (mapped) {
        if (best + best_length != hex_pieces) out[n++] = ':';
        for (int k = 0; k < 4; ++k) {
            unsigned const piece = k < 2 ? p[6] : p[7];
            unsigned const octet = (k % 2 == 0 ? piece >> 8U : piece) & 0xFFU;
            if (k != 0) out[n++] = '.';
            if (octet >= 100) out[n++] = static_cast<char>('0' + octet / 100);
            if (octet >= 10) out[n++] = static_cast<char>('0' + octet / 10 % 10);
            out[n++] = static_cast<char>('0' + octet % 10);
        }
    }
    return n;
}

} // namespace ftpuri
