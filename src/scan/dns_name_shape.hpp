// SPDX-License-Identifier: Apache-2.0
// src/scan/dns_name_shape.hpp: where a lowercase host name ends, and whether any DNS rule could
// fault it, from one read of its first 32 bytes. Internal.
//
// Almost every authority is a lowercase host name ("ftp.debian.org"), perhaps with a port. The
// scan used to read it three times: for the authority's end, for the name's end, and label by
// label for the DNS rules (rules/dns_name.hpp) and the A-label check (idna.cpp). Here one load
// of 32 bytes gives the run of lowercase name bytes, its dots (D) and its hyphens (H), and a few
// shifts ask the questions those rules answer:
//   - an empty label: a "." first, two "." in a row, or a "." last (one trailing "." aside);
//   - a hyphen beginning or ending a label;
//   - "--" anywhere, which every ACE prefix holds (the A-label check then has work to do).
// A yes to all of them is the rules' own verdict; any no says nothing, and the rules judge the
// name as before. So the rules stay the one statement of what a DNS name is, and this is only a
// shortcut, held to them by tests/scan/dns_name_shape_test.cpp on every name of five kinds of
// byte up to eight long and on random names up to 34 bytes (a name is taken whole up to 31).
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <cstdint>

#include "../rules/dns_name.hpp"
#include "byte_runs.hpp"

namespace ftpuri::detail {

// A host's plain bytes until its first uppercase letter.
inline constexpr charset uppercase = charset::range('A', 'Z');
inline constexpr plain_set dns_name_lower_run = make_plain_set(rules::dns_name_char - uppercase);

// The run of lowercase name bytes from a host's first byte.
struct name_shape {
    std::uint32_t end;  // the first byte after the run, as far as the read saw (at most 32 on)
                        // (so a name of at most 31 bytes can be taken whole)
    bool plain = false; // the run is whole (end is a byte outside it, or the input's end), and
                        // a DNS name that check_dns_name() and find_invalid_a_label() both pass
};

// The run of lowercase name bytes from s[begin] in the input s[0, n), read 32 bytes at once. At
// simd_level::scalar nothing is read: {begin, false}, so that the tests' portable scan judges
// every name by the rules.
[[nodiscard, gnu::always_inline]] inline name_shape read_name_shape(unsigned char const* s, std::uint32_t begin,
                                                                    std::uint32_t n) noexcept
{
#if defined(__SSE2__)
    if (active_simd_level == simd_level::scalar || begin >= n) return {begin};
    // Two loads of 16 bytes give the 32 from the name's first. Near the input's end they are
    // its last 32, and their lanes before the name shift out; an input of 8 to 31 bytes is read
    // as byte_runs.hpp's four words, NULs after it, a byte outside every run. Nothing past the
    // input is read.
    auto const load = [](unsigned char const* at) { return _mm_loadu_si128(reinterpret_cast<__m128i const*>(at)); };
    __m128i low;
    __m128i high;
    std::uint32_t skip = 0; // where the name's first byte lies from the low load's
    if (begin + 32 <= n) {
        low = load(s + begin);
        high = load(s + begin + 16);
    } else if (n >= 32) {
        low = load(s + n - 32);
        high = load(s + n - 16);
        skip = begin - (n - 32);
    } else if (n >= 8) {
        std::array<long long, 4> const w = short_input_words(s, n);
        low = _mm_set_epi64x(w[1], w[0]);
        high = _mm_set_epi64x(w[3], w[2]);
        skip = begin;
    } else {
        return {begin}; // "ftp://" and one byte
    }
    auto const lanes_equal_to = [&](char c) {
        auto const mask = [c](__m128i x) {
            return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(c))));
        };
        return (mask(low) | mask(high) << 16U) >> skip;
    };
    std::uint32_t const member =
        (members_sse2<dns_name_lower_run>(low) | members_sse2<dns_name_lower_run>(high) << 16U) >> skip;
    if (member == 0xFFFF'FFFFU) return {begin + 32}; // longer than the read: the rules judge it
    auto const length = static_cast<std::uint32_t>(__builtin_ctz(~member));
    name_shape shape{begin + length};
    if (length == 0) return shape;
    std::uint32_t const in_name = (1U << length) - 1U; // length < 32: the run ended in the read
    std::uint32_t dots = lanes_equal_to('.') & in_name;
    std::uint32_t const hyphens = lanes_equal_to('-') & in_name;
    // dns-name = label *( "." label ) [ "." ]: one trailing "." ends the name.
    std::uint32_t labels_length = length;
    if ((dots >> (labels_length - 1) & 1U) != 0) {
        dots &= ~(1U << (labels_length - 1));
        if (--labels_length == 0) return shape;
    }
    std::uint32_t const first = 1U;
    std::uint32_t const last = 1U << (labels_length - 1);
    std::uint32_t const label_start = first | dots << 1U;
    std::uint32_t const label_end = last | dots >> 1U;
    std::uint32_t const faults =
        (dots & (first | last | dots >> 1U)) | (hyphens & (label_start | label_end)) | (hyphens & hyphens >> 1U);
    shape.plain = faults == 0;
    return shape;
#else
    static_cast<void>(s);
    static_cast<void>(n);
    return {begin};
#endif
}

} // namespace ftpuri::detail
