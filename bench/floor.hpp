// SPDX-License-Identifier: Apache-2.0
// bench/floor.hpp: the cost of merely reading the bytes, which every ratio divides by.
//
// One 256-entry table lookup per byte, in four loops, because how a loop is written changes its
// speed as much as what it does: a loop per URI (how the benchmark first read them), one loop
// over a contiguous copy of the bytes, that loop unrolled four ways into four sums (no chain of
// dependent adds), and a loop that loads eight bytes at a time and looks each up from the word
// (one load of the input per eight lookups instead of eight: about 2.5 times faster than the
// others on the bench machine). report.py keeps the fastest for each corpus, so that no ratio is
// flattered by a slow floor.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace ftpuri_bench {

inline constexpr std::array<unsigned char, 256> byte_table = [] {
    std::array<unsigned char, 256> t{};
    for (unsigned i = 0; i < 256; ++i)
        t[i] = static_cast<unsigned char>(i * 7 + 1);
    return t;
}();

inline unsigned looked_up(char c) noexcept
{
    return byte_table[static_cast<unsigned char>(c)];
}

inline unsigned read_per_uri(std::vector<std::string_view> const& uris) noexcept
{
    unsigned sum = 0;
    for (std::string_view const u : uris)
        for (char const c : u)
            sum += looked_up(c);
    return sum;
}

inline unsigned read_contiguous(std::string_view bytes) noexcept
{
    unsigned sum = 0;
    for (char const c : bytes)
        sum += looked_up(c);
    return sum;
}

inline unsigned read_unrolled4(std::string_view bytes) noexcept
{
    unsigned s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    std::size_t i = 0;
    for (; i + 4 <= bytes.size(); i += 4) {
        s0 += looked_up(bytes[i]);
        s1 += looked_up(bytes[i + 1]);
        s2 += looked_up(bytes[i + 2]);
        s3 += looked_up(bytes[i + 3]);
    }
    for (; i < bytes.size(); ++i)
        s0 += looked_up(bytes[i]);
    return s0 + s1 + s2 + s3;
}

inline unsigned read_words8(std::string_view bytes) noexcept
{
    unsigned s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t w = 0;
        std::memcpy(&w, bytes.data() + i, sizeof w);
        s0 += byte_table[w & 0xFFU];
        s1 += byte_table[(w >> 8U) & 0xFFU];
        s2 += byte_table[(w >> 16U) & 0xFFU];
        s3 += byte_table[(w >> 24U) & 0xFFU];
        s0 += byte_table[(w >> 32U) & 0xFFU];
        s1 += byte_table[(w >> 40U) & 0xFFU];
        s2 += byte_table[(w >> 48U) & 0xFFU];
        s3 += byte_table[w >> 56U];
    }
    for (; i < bytes.size(); ++i)
        s0 += looked_up(bytes[i]);
    return s0 + s1 + s2 + s3;
}

// The time-stamp counter: cycles of the processor's constant reference clock (not its current
// one, which turbo and power states change), 0 where there is none.
inline std::uint64_t reference_cycles() noexcept
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return 0;
#endif
}

} // namespace ftpuri_bench
