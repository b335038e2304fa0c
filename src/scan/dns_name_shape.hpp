// SPDX-License-Identifier: Apache-2.0
// src/scan/dns_name_shape.hpp: a short host name that no DNS rule can fault, told from its dots
// and hyphens as bit masks. Internal.
//
// Almost every host is a plain name ("ftp.debian.org"). The DNS rules (rules/dns_name.hpp) and
// the A-label check (idna.cpp) walk it label by label; here one load gives the name's dots (D)
// and hyphens (H), and a few shifts ask the questions those rules answer:
//   - an empty label: a "." first, two "." in a row, or a "." last (one trailing "." aside);
//   - a hyphen beginning or ending a label;
//   - "--" anywhere, which every ACE prefix holds (the A-label check then has work to do).
// A yes to all of them is the rules' own verdict; any no says nothing, and the rules judge the
// name as before. So the rules stay the one statement of what a DNS name is, and this is only a
// shortcut, held to them by tests/dns_name_shape_test.cpp on every name of five kinds of
// byte up to eight long and on random names up to 32.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <cstdint>

#include "../rules/dns_name.hpp"
#include "byte_runs.hpp"

namespace ftpuri::detail {

inline constexpr plain_set dns_name_bytes = make_plain_set(rules::dns_name_char);

// Whether the host s[begin, end) is a DNS name that check_dns_name() and find_invalid_a_label()
// both pass, told for names of 1 to 32 bytes in an input of at least 32 (s[0, n)). False for
// everything else, and at simd_level::scalar, so that the tests' portable scan judges every name.
[[nodiscard, gnu::always_inline]] inline bool is_plain_dns_name(unsigned char const* s, std::uint32_t begin,
                                                                std::uint32_t end, std::uint32_t n) noexcept
{
#if defined(__SSE2__)
    std::uint32_t length = end - begin;
    if (active_simd_level == simd_level::scalar || length == 0 || length > 32 || n < 32) return false;
    // The 32 bytes from the name's first, or the last 32 of the input when fewer follow it.
    std::uint32_t const window = begin + 32 <= n ? begin : n - 32;
    auto const load = [&](std::uint32_t at) { return _mm_loadu_si128(reinterpret_cast<__m128i const*>(s + at)); };
    __m128i const low = load(window);
    __m128i const high = load(window + 16);
    auto const lanes = [](__m128i x, char c) {
        return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(c))));
    };
    std::uint32_t const skip = begin - window;
    std::uint32_t const in_name = length == 32 ? ~0U : (1U << length) - 1U;
    std::uint32_t const member =
        ((members_sse2<dns_name_bytes>(low) | members_sse2<dns_name_bytes>(high) << 16U) >> skip) & in_name;
    if (member != in_name) return false;
    std::uint32_t dots = ((lanes(low, '.') | lanes(high, '.') << 16U) >> skip) & in_name;
    std::uint32_t const hyphens = ((lanes(low, '-') | lanes(high, '-') << 16U) >> skip) & in_name;
    // dns-name = label *( "." label ) [ "." ]: one trailing "." ends the name.
    if ((dots >> (length - 1) & 1U) != 0) {
        dots &= ~(1U << (length - 1));
        if (--length == 0) return false;
    }
    std::uint32_t const first = 1U;
    std::uint32_t const last = 1U << (length - 1);
    std::uint32_t const label_start = first | dots << 1U;
    std::uint32_t const label_end = last | dots >> 1U;
    std::uint32_t const faults =
        (dots & (first | last | dots >> 1U)) | (hyphens & (label_start | label_end)) | (hyphens & hyphens >> 1U);
    return faults == 0;
#else
    static_cast<void>(s);
    static_cast<void>(begin);
    static_cast<void>(end);
    static_cast<void>(n);
    return false;
#endif
}

} // namespace ftpuri::detail
