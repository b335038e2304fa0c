// SPDX-License-Identifier: Apache-2.0
// src/scan/byte_runs.cpp: the AVX2 form of run_end(), and which form this machine runs.
#include "byte_runs.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace ftpuri::detail {

simd_level detected_simd_level() noexcept
{
#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") ? simd_level::avx2 : simd_level::sse2;
#else
    return simd_level::scalar;
#endif
}

simd_level active_simd_level = detected_simd_level();

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))

namespace {

// The members among 32 bytes as a 32-bit mask: an ASCII byte's two nibbles pick a row bit and
// a column's row bits (plain_set::high, ::low); a non-ASCII byte has its sign bit.
[[gnu::target("avx2,popcnt")]] unsigned members_avx2(__m256i x, __m256i low, __m256i high, bool non_ascii) noexcept
{
    __m256i const nibble = _mm256_set1_epi8(0x0F);
    __m256i const columns = _mm256_shuffle_epi8(low, _mm256_and_si256(x, nibble));
    __m256i const rows = _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
    __m256i const hit = _mm256_and_si256(columns, rows);
    auto in = ~static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())));
    auto const high_bit = static_cast<unsigned>(_mm256_movemask_epi8(x));
    in &= ~high_bit; // rows 8-15 are no ASCII: high[] holds 0 there, but be plain about it
    return non_ascii ? in | high_bit : in;
}

} // namespace

[[gnu::target("avx2,popcnt")]] std::uint32_t run_end_avx2(unsigned char const* s, std::uint32_t q, std::uint32_t n,
                                                          plain_set const& set) noexcept
{
    __m128i const low16 = _mm_loadu_si128(reinterpret_cast<__m128i const*>(set.low.data()));
    __m128i const high16 = _mm_loadu_si128(reinterpret_cast<__m128i const*>(set.high.data()));
    __m256i const low = _mm256_broadcastsi128_si256(low16);
    __m256i const high = _mm256_broadcastsi128_si256(high16);
    for (; q + 32 <= n; q += 32) {
        unsigned const out =
            ~members_avx2(_mm256_loadu_si256(reinterpret_cast<__m256i const*>(s + q)), low, high, set.non_ascii);
        if (out != 0) return q + static_cast<std::uint32_t>(__builtin_ctz(out));
    }
    if (q == n) return n;
    // The last bytes: the 32 that end at n, less those already passed.
    unsigned const passed = 32 - (n - q);
    unsigned const out =
        ~members_avx2(_mm256_loadu_si256(reinterpret_cast<__m256i const*>(s + n - 32)), low, high, set.non_ascii) >>
        passed << passed;
    return out != 0 ? n - 32 + static_cast<std::uint32_t>(__builtin_ctz(out)) : n;
}

#else

std::uint32_t run_end_avx2(unsigned char const* s, std::uint32_t q, std::uint32_t n, plain_set const& set) noexcept
{
    while (q < n && set.member[s[q]])
        ++q;
    return q;
}

#endif

} // namespace ftpuri::detail
