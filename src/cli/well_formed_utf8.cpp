// SPDX-License-Identifier: Apache-2.0
#include "well_formed_utf8.hpp"

namespace ftpuri::cli {

// The length of the well-formed UTF-8 sequence that starts at s[i], or 0 if none does
// (RFC 3629 section 4, the UTF8-octets rule).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept
{
    auto byte = [&](std::size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
    auto in = [](unsigned c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; };
    unsigned const b0 = byte(0);
    if (b0 < 0x80) return 1;
    if (in(b0, 0xC2, 0xDF)) return in(byte(1), 0x80, 0xBF) ? 2 : 0;
    if (in(b0, 0xE0, 0xEF)) {
        // E0 A0..BF excludes overlong forms; ED 80..9F excludes the surrogates.
        unsigned const lo = b0 == 0xE0 ? 0xA0 : 0x80;
        unsigned const hi = b0 == 0xED ? 0x9F : 0xBF;
        return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) ? 3 : 0;
    }
    if (in(b0, 0xF0, 0xF4)) {
        // F0 90..BF excludes overlong forms; F4 80..8F stops at U+10FFFF.
        unsigned const lo = b0 == 0xF0 ? 0x90 : 0x80;
        unsigned const hi = b0 == 0xF4 ? 0x8F : 0xBF;
        return in(byte(1), lo, hi) && in(byte(2), 0x80, 0xBF) && in(byte(3), 0x80, 0xBF) ? 4 : 0;
    }
    return 0; // a continuation byte, C0, C1 or F5..FF
}

void append_utf8_sanitized(std::string_view in, std::string& out)
{
    static constexpr std::string_view replacement = "\xEF\xBF\xBD"; // U+FFFD
    std::size_t i = 0;
    while (i < in.size()) {
        // Copy the longest well-formed run at once, then replace the one byte that stopped it.
        std::size_t const run_begin = i;
        std::size_t n = 0;
        while (i < in.size() && (n = utf8_sequence_length(in, i)) != 0)
            i += n;
        out.append(in.data() + run_begin, i - run_begin);
        if (i < in.size()) {
            out.append(replacement);
            ++i;
        }
    }
}

} // namespace ftpuri::cli
