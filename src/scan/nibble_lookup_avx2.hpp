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

// The bytes of x in the set, as a 32-bit mask (bit k: byte k): the low nibble picks a column's
// row bits, the high nibble the row's bit.
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline unsigned lanes_in(__m256i x, nibble_tables t) noexcept
{
    __m256i const nibble = _mm256_set1_epi8(0x0F);
    __m256i const columns = _mm256_shuffle_epi8(t.low, _mm256_and_si256(x, nibble));
    __m256i const rows = _mm256_shuffle_epi8(t.high, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
    __m256i const miss = _mm256_cmpeq_epi8(_mm256_and_si256(columns, rows), _mm256_setzero_si256());
    return ~static_cast<unsigned>(_mm256_movemask_epi8(miss));
}

} // namespace ftpuri::detail
