// SPDX-License-Identifier: Apache-2.0
// src/scan/nibble_lookup_avx2.hpp: which of 32 bytes a nibble_set holds, with AVX2. Internal.
//
// For the files compiled with AVX2 functions only (byte_runs.cpp, plain_segments.cpp): each
// function is marked for AVX2, and called only where the machine has it.
#pragma once

#include <immintrin.h>

#include "byte_runs.hpp"

namespace ftpuri::detail {

// A nibble_set's two tables, each in both halves of a register.
struct nibble_tables {
    __m256i low;
    __m256i high;
};

[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline nibble_tables
load_nibble_tables(nibble_set const& set) noexcept
{
    return {_mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<__m128i const*>(set.low.data()))),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<__m128i const*>(set.high.data())))};
}

// Each lane's entries in the tables, for a byte whose low and high nibbles are given (each 0 to
// 15; a shuffle reads an index's low four bits, or gives zero where its top bit is set): the low
// nibble picks a column's row bits, the high nibble the row's bit. Nonzero where the byte is in
// the set.
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline __m256i
nibble_lookup(__m256i low_nibbles, __m256i high_nibbles, nibble_tables t) noexcept
{
    return _mm256_and_si256(_mm256_shuffle_epi8(t.low, low_nibbles), _mm256_shuffle_epi8(t.high, high_nibbles));
}

// The lanes of a lookup that are nonzero, as a 32-bit mask (bit k: lane k).
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline unsigned nonzero_lanes(__m256i looked_up) noexcept
{
    return ~static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(looked_up, _mm256_setzero_si256())));
}

// The bytes of x in the set, as a 32-bit mask (bit k: byte k).
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline unsigned lanes_in(__m256i x, nibble_tables t) noexcept
{
    __m256i const nibble = _mm256_set1_epi8(0x0F);
    __m256i const low_nibbles = _mm256_and_si256(x, nibble);
    __m256i const high_nibbles = _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble);
    return nonzero_lanes(nibble_lookup(low_nibbles, high_nibbles, t));
}

} // namespace ftpuri::detail
