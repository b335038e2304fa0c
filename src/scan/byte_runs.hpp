// SPDX-License-Identifier: Apache-2.0
// src/scan/byte_runs.hpp: the scanner's first stage, where a run of plain bytes ends. Internal.
//
// Most of a URI is bytes that no rule looks at: a component's plain set (its character set
// less its delimiters, "%" and the bytes its rules look at). The scanner's second stage jumps
// from one byte outside that set to the next; this finds them 16 or 32 bytes at a time. Each
// set is a `plain_set`, built at compile time from a grammar set of charset.hpp, in three forms
// that give one answer: a byte table (the portable scan), the set's byte ranges (SSE2, every
// x86-64) and two nibble tables (AVX2's byte shuffle, chosen at run time for long runs).
// tests/scan/byte_runs_test.cpp holds the three to each other at every alignment and length.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "ftpuri/charset.hpp"

namespace ftpuri::detail {

// A set of bytes as two nibble tables, AVX2's form (a byte shuffle looks both up): b is in the set
// when low[b & 15] & high[b >> 4] != 0. Each distinct row (the bytes of one high nibble) gets a
// bit of its own, so a set of at most eight distinct rows fits.
struct nibble_set {
    std::array<unsigned char, 16> low{};
    std::array<unsigned char, 16> high{};
};
template <class Member>
consteval nibble_set make_nibble_set(Member member)
{
    nibble_set t;
    std::array<unsigned, 8> rows{}; // the distinct row masks, bit l for low nibble l
    unsigned used = 0;
    for (unsigned r = 0; r < 16; ++r) {
        unsigned mask = 0;
        for (unsigned l = 0; l < 16; ++l)
            if (member(r * 16 + l)) mask |= 1U << l;
        if (mask == 0) continue;
        unsigned bit = 0;
        while (bit < used && rows[bit] != mask)
            ++bit;
        if (bit == used) {
            if (used == rows.size()) throw "more than eight distinct rows";
            rows[used++] = mask;
        }
        t.high[r] = static_cast<unsigned char>(1U << bit);
        for (unsigned l = 0; l < 16; ++l)
            if ((mask >> l & 1U) != 0) t.low[l] = static_cast<unsigned char>(t.low[l] | (1U << bit));
    }
    return t;
}
// A set of bytes, each member in one of three forms. Non-ASCII bytes are all in or all out.
struct plain_set {
    std::array<bool, 256> member{};
    bool non_ascii = false; // are 0x80-0xFF members?
    // The ASCII members as byte ranges [first, last], in order, for SSE2.
    std::array<std::array<unsigned char, 2>, 24> ranges{};
    unsigned range_count = 0;
    // The ASCII members as nibble tables, for AVX2.
    nibble_set ascii{};
};

consteval plain_set make_plain_set(charset set)
{
    plain_set p;
    for (unsigned c = 0; c < 256; ++c)
        p.member[c] = set.contains(static_cast<unsigned char>(c));
    p.non_ascii = p.member[0x80];
    for (unsigned c = 0x80; c < 256; ++c)
        if (p.member[c] != p.non_ascii) throw "a plain set holds all non-ASCII bytes or none";
    for (unsigned c = 0; c < 0x80;) {
        if (!p.member[c]) {
            ++c;
            continue;
        }
        unsigned last = c;
        while (last + 1 < 0x80 && p.member[last + 1])
            ++last;
        if (p.range_count == p.ranges.size()) throw "too many ranges for the SSE2 form";
        p.ranges[p.range_count++] = {static_cast<unsigned char>(c), static_cast<unsigned char>(last)};
        c = last + 1;
    }
    p.ascii = make_nibble_set([&p](unsigned b) { return b < 0x80 && p.member[b]; });
    return p;
}

// How the runs are found on this machine. Tests lower it to hold the forms to one another.
enum class simd_level : std::uint8_t { scalar, sse2, avx2 };
[[nodiscard]] simd_level detected_simd_level() noexcept;
// The level of an x86 machine with these features, each as __builtin_cpu_supports answers:
// nonzero where the CPU has it (AVX2's forms count bits with POPCNT).
[[nodiscard]] constexpr simd_level x86_simd_level(int avx2, int popcnt) noexcept
{
    return avx2 != 0 && popcnt != 0 ? simd_level::avx2 : simd_level::sse2;
}
extern simd_level active_simd_level;

// AVX2's form, out of line (it is compiled for AVX2 alone): run_end() for a run that has
// already passed 48 bytes, so that n >= 32.
[[nodiscard]] std::uint32_t run_end_avx2(unsigned char const* s, std::uint32_t q, std::uint32_t n,
                                         plain_set const& set) noexcept;

// The bits set in a 16-bit mask, without the library call GCC makes for __builtin_popcount
// where the POPCNT instruction is not assumed.
[[nodiscard]] constexpr unsigned bit_count16(unsigned m) noexcept
{
    m = m - ((m >> 1U) & 0x5555U);
    m = (m & 0x3333U) + ((m >> 2U) & 0x3333U);
    m = (m + (m >> 4U)) & 0x0F0FU;
    return (m + (m >> 8U)) & 0x1FU;
}

#if defined(__SSE2__)
// Bytes in [First, Last], as 0xFF lanes: one compare for one byte, else unsigned
// x - First <= Last - First.
template <unsigned char First, unsigned char Last>
[[gnu::always_inline]] inline __m128i in_range(__m128i x) noexcept
{
    if constexpr (First == Last) {
        return _mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(First)));
    } else {
        __m128i const d = _mm_sub_epi8(x, _mm_set1_epi8(static_cast<char>(First)));
        return _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(static_cast<char>(Last - First))), d);
    }
}

// The union of Set's ranges, unrolled at compile time: each range's bounds are constants.
template <plain_set const& Set, std::size_t... I>
[[gnu::always_inline]] inline __m128i in_ranges(__m128i x, std::index_sequence<I...> /*ranges*/) noexcept
{
    __m128i in = _mm_setzero_si128();
    ((in = _mm_or_si128(in, in_range<Set.ranges[I][0], Set.ranges[I][1]>(x))), ...);
    return in;
}

// The members among sixteen bytes, as a 16-bit mask (bit k: byte k).
template <plain_set const& Set>
[[gnu::always_inline]] inline unsigned members_sse2(__m128i x) noexcept
{
    __m128i const in = in_ranges<Set>(x, std::make_index_sequence<Set.range_count>{});
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(in));
    if constexpr (Set.non_ascii) mask |= static_cast<unsigned>(_mm_movemask_epi8(x));
    return mask;
}

// An input of 8 to 31 bytes, s[0, n), as the four 8-byte words of 32 lanes, typed as the
// intrinsics that build a register take them: byte k in lane k (x86 is little-endian), NULs
// from lane n on. No load ends past n: the last partial word is the 8 bytes that end at n,
// shifted down. Nothing is copied either: a copy's stores would stall the loads that read it
// back.
[[nodiscard, gnu::always_inline]] inline std::array<long long, 4> short_input_words(unsigned char const* s,
                                                                                    std::uint32_t n) noexcept
{
    auto const word = [s, n](std::uint32_t at) {
        std::uint64_t w = 0;
        if (at + 8 <= n) {
            std::memcpy(&w, s + at, 8);
        } else if (at < n) {
            std::memcpy(&w, s + n - 8, 8);
            w >>= 8U * (at + 8 - n);
        }
        return static_cast<long long>(w);
    };
    return {word(0), word(8), word(16), word(24)};
}
#endif

// The first position from q on, before n, whose byte is not in Set; n when there is none.
// The whole input s[0, n) may be read.
template <plain_set const& Set>
[[nodiscard, gnu::always_inline]] inline std::uint32_t run_end(unsigned char const* s, std::uint32_t q,
                                                               std::uint32_t n) noexcept
{
#if defined(__SSE2__)
    if (active_simd_level != simd_level::scalar) [[likely]] {
        std::uint32_t const start = q;
        for (; q + 16 <= n; q += 16) {
            unsigned const out = ~members_sse2<Set>(_mm_loadu_si128(reinterpret_cast<__m128i const*>(s + q))) & 0xFFFFU;
            if (out != 0) return q + static_cast<std::uint32_t>(__builtin_ctz(out));
            // A long run: AVX2 takes the rest, where it is there, 32 bytes at a time.
            if (q - start >= 32 && active_simd_level == simd_level::avx2) return run_end_avx2(s, q + 16, n, Set);
        }
        // The last bytes: the sixteen that end at n, less those already passed.
        if (q < n && n >= 16) {
            unsigned const passed = 16 - (n - q);
            unsigned const out =
                ~members_sse2<Set>(_mm_loadu_si128(reinterpret_cast<__m128i const*>(s + n - 16))) >> passed << passed;
            return (out & 0xFFFFU) != 0 ? n - 16 + static_cast<std::uint32_t>(__builtin_ctz(out & 0xFFFFU)) : n;
        }
    }
#endif
    while (q < n && Set.member[s[q]])
        ++q;
    return q;
}

} // namespace ftpuri::detail
