// SPDX-License-Identifier: Apache-2.0
// bench/splitmix64.hpp: the benchmarks' random stream, splitmix64 (Steele, Lea, Flood 2014).
//
// One add and a few multiplies per draw, and every seed, 0 included, gives a full-period
// stream. Used instead of <random>'s distributions, whose output differs between standard
// libraries: the same seed gives the same bytes everywhere (gen_uris.hpp, corpora.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ftpuri_bench {

class splitmix64 {
public:
    explicit splitmix64(std::uint64_t seed) noexcept : state_(seed) {}

    std::uint64_t next() noexcept
    {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15U);
        z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9U;
        z = (z ^ (z >> 27U)) * 0x94D049BB133111EBU;
        return z ^ (z >> 31U);
    }

    // Uniform in [0, n); the modulo bias (n / 2^64) does not matter here.
    std::uint64_t below(std::uint64_t n) noexcept { return next() % n; }

    template <std::size_t N>
    std::string_view pick(std::array<std::string_view, N> const& from) noexcept
    {
        return from[static_cast<std::size_t>(below(N))];
    }

private:
    std::uint64_t state_;
};

} // namespace ftpuri_bench
