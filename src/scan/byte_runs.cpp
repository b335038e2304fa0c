// SPDX-License-Identifier: Apache-2.0
// src/scan/byte_runs.cpp: the AVX2 form of run_end(), and which form this machine runs.
#include "byte_runs.hpp"

#include <bit>

#if defined(__x86_64__) || defined(__i386__)
#include "nibble_lookup_avx2.hpp"
#endif

namespace ftpuri::detail {

simd_level detected_simd_level() noexcept
{
#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return x86_simd_level(__builtin_cpu_supports("avx2"), __builtin_cpu_supports("popcnt"));
#else
    return simd_level::scalar;
#endif
}

simd_level active_simd_level = detected_simd_level();

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))

namespace {

// Set's members among 32 bytes: its ASCII ones by their nibbles, a non-ASCII byte by its sign bit.
[[gnu::target("avx2,popcnt")]] unsigned members_avx2(__m256i x, nibble_tables ascii, bool non_ascii) noexcept
{
    unsigned const in = lanes_in(x, ascii);
    return non_ascii ? in | static_cast<unsigned>(_mm256_movemask_epi8(x)) : in;
}

} // namespace

[[gnu::target("avx2,popcnt")]] std::uint32_t run_end_avx2(unsigned char const* s, std::uint32_t q, std::uint32_t n,
                                                          plain_set const& set) noexcept
{
    nibble_tables const ascii = load_nibble_tables(set.ascii);
    for (; q + 32 <= n; q += 32) {
        unsigned const out =
            ~members_avx2(_mm256_loadu_si256(reinterpret_cast<__m256i const*>(s + q)), ascii, set.non_ascii);
        if (out != 0) return q + static_cast<std::uint32_t>(__builtin_ctz(out));
    }
    if (q == n) return n;
    // The last bytes: the 32 that end at n, less those already passed.
    unsigned const passed = 32 - (n - q);
    unsigned const out =
        ~members_avx2(_mm256_loadu_si256(reinterpret_cast<__m256i const*>(s + n - 32)), ascii, set.non_ascii) >>
        passed << passed;
    return n - 32 + static_cast<std::uint32_t>(std::countr_zero(out)); // countr_zero(0) is 32: the run ends at n
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
