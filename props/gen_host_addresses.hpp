// SPDX-License-Identifier: Apache-2.0
// props/gen_host_addresses.hpp: IPv4 and IPv6 addresses for the host-class properties: biased to
// every range's edges (host_class_reference.hpp's ranges), the library's class of each, and
// their text, plain and in every notation a URI may write an IPv6 address in.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "ftpuri/host_class.hpp"
#include "generators.hpp"
#include "host_class_reference.hpp"

namespace ftpuri_props::hosts {

using ftpuri::host_class;

inline std::array<std::uint8_t, 4> bytes_of(std::uint32_t a)
{
    return {static_cast<std::uint8_t>(a >> 24), static_cast<std::uint8_t>(a >> 16), static_cast<std::uint8_t>(a >> 8),
            static_cast<std::uint8_t>(a)};
}

inline std::array<std::uint8_t, 16> bytes_of(u128 a)
{
    std::array<std::uint8_t, 16> b{};
    for (std::size_t i = 0; i < 8; ++i) {
        b[i] = static_cast<std::uint8_t>(a.hi >> (56 - 8 * i));
        b[8 + i] = static_cast<std::uint8_t>(a.lo >> (56 - 8 * i));
    }
    return b;
}

inline host_class lib_v4(std::uint32_t a)
{
    std::array<std::uint8_t, 4> const b = bytes_of(a);
    return ftpuri::classify_address(std::span<std::uint8_t const, 4>(b));
}

inline host_class lib_v6(u128 a)
{
    std::array<std::uint8_t, 16> const b = bytes_of(a);
    return ftpuri::classify_address(std::span<std::uint8_t const, 16>(b));
}

inline std::string dotted(std::uint32_t a)
{
    return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 0xFF) + "." + std::to_string((a >> 8) & 0xFF) +
           "." + std::to_string(a & 0xFF);
}

inline std::string hex_text(u128 a)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string s;
    for (int i = 0; i < 8; ++i) {
        std::uint64_t const half = i < 4 ? a.hi : a.lo;
        auto const piece = static_cast<unsigned>((half >> (48 - 16 * (i % 4))) & 0xFFFF);
        if (i != 0) s += ':';
        for (int shift = 12; shift >= 0; shift -= 4)
            s += digits[(piece >> shift) & 0xF];
    }
    return s;
}

inline std::string cls_name(host_class c)
{
    return std::string(ftpuri::to_string(c));
}

// Every range's first and last address and the one either side, over both tables.
inline std::vector<std::uint32_t> const& v4_edges()
{
    static std::vector<std::uint32_t> const all = [] {
        std::vector<std::uint32_t> v = {0, 1, 0xFFFFFFFFU, 0x08080808U};
        for (v4_range const& r : v4_ranges) {
            v.push_back(r.first);
            v.push_back(r.last);
            if (r.first != 0) v.push_back(r.first - 1);
            if (r.last != 0xFFFFFFFFU) v.push_back(r.last + 1);
        }
        return v;
    }();
    return all;
}

inline rc::Gen<std::uint32_t> gen_v4()
{
    return gen::weightedOneOf<std::uint32_t>({
        {4, gen::elementOf(v4_edges())},
        {3, gen::exec([] {
             v4_range const r = *gen::elementOf(std::vector<v4_range>(v4_ranges.begin(), v4_ranges.end()));
             return static_cast<std::uint32_t>(*gen::inRange<std::uint64_t>(r.first, std::uint64_t{r.last} + 1));
         })},
        {3, gen::arbitrary<std::uint32_t>()},
    });
}

inline u128 minus_one(u128 a)
{
    if (a.lo == 0) return {a.hi - 1, ones};
    return {a.hi, a.lo - 1};
}

inline u128 plus_one(u128 a)
{
    if (a.lo == ones) return {a.hi + 1, 0};
    return {a.hi, a.lo + 1};
}

inline std::vector<u128> const& v6_edges()
{
    static std::vector<u128> const all = [] {
        std::vector<u128> v;
        std::vector<std::pair<u128, u128>> ranges;
        ranges.reserve(v6_ranges.size() + 16); // the table's and the extra rows below
        for (v6_range const& r : v6_ranges)
            ranges.emplace_back(r.first, r.last);
        // The unwrapped ranges, and registry rows that fall in "the rest" (reserved, no row).
        ranges.push_back({{0, 0}, {0, 0xFFFFFFFFU}});                                     // ::/96
        ranges.push_back({{0, 0xFFFF00000000U}, {0, 0xFFFFFFFFFFFFU}});                   // ::ffff:0:0/96
        ranges.push_back({{0, 0xFFFF0000'00000000U}, {0, 0xFFFF0000'FFFFFFFFU}});         // ::ffff:0:0:0/96
        ranges.push_back({{0x0064FF9B00000000U, 0}, {0x0064FF9B00000000U, 0xFFFFFFFFU}}); // 64:ff9b::/96
        ranges.push_back({{0x0064FF9B00010000U, 0}, {0x0064FF9B0001FFFFU, ones}});        // 64:ff9b:1::/48
        ranges.push_back({{0x0100000000000000U, 0}, {0x0100000000000000U, ones}});        // 100::/64
        ranges.push_back({{0x2001000000000000U, 0}, {0x20010000FFFFFFFFU, ones}});        // 2001::/32
        ranges.push_back({{0x5F00000000000000U, 0}, {0x5F00FFFFFFFFFFFFU, ones}});        // 5f00::/16
        ranges.push_back({{0x2001000100000000U, 1}, {0x2001000100000000U, 3}});           // 2001:1::1-3
        for (auto const& [first, last] : ranges) {
            v.push_back(first);
            v.push_back(last);
            if (first != u128{0, 0}) v.push_back(minus_one(first));
            if (last != u128{ones, ones}) v.push_back(plus_one(last));
        }
        return v;
    }();
    return all;
}

// An IPv6 address and what the generator made it from (for the failure message).
struct v6_case {
    u128 address;
    std::string how;
};

inline void showValue(v6_case const& c, std::ostream& os)
{
    os << hex_text(c.address) << " (" << c.how << ")";
}

inline rc::Gen<v6_case> gen_v6()
{
    return gen::exec([] {
        int const kind = *gen::inRange(0, 10);
        std::uint32_t const v4 = *gen_v4();
        v6_case c;
        switch (kind) {
        case 0: c = {{0, 0xFFFF00000000U | v4}, "mapped " + dotted(v4)}; break;
        case 1: c = {{0, v4}, "compatible " + dotted(v4)}; break;
        case 2: c = {{0x0064FF9B00000000U, v4}, "nat64 " + dotted(v4)}; break;
        case 3:
            c = {{0x2002000000000000U | std::uint64_t{v4} << 16 | *gen::inRange<std::uint64_t>(0, 0x10000),
                  *gen::arbitrary<std::uint64_t>()},
                 "6to4 " + dotted(v4)};
            break;
        case 4:
            c = {{0x2001000000000000U | *gen::inRange<std::uint64_t>(0, std::uint64_t{1} << 32),
                  (*gen::arbitrary<std::uint64_t>() & 0xFFFFFFFF00000000U) | (~v4 & 0xFFFFFFFFU)},
                 "teredo client " + dotted(v4)};
            break;
        case 5:
        case 6: c = {*gen::elementOf(v6_edges()), "edge"}; break;
        case 7: {
            // Inside a range: its first address with random low bits below the range's span.
            v6_range const r = *gen::elementOf(std::vector<v6_range>(v6_ranges.begin(), v6_ranges.end()));
            u128 a = r.first;
            a.lo = *gen::arbitrary<std::uint64_t>();
            std::uint64_t const span = r.last.hi - r.first.hi;
            if (span != 0) a.hi = r.first.hi + *gen::inRange<std::uint64_t>(0, span);
            c = {a, "inside"};
            break;
        }
        case 8:
            c = {{0x2000000000000000U | (*gen::arbitrary<std::uint64_t>() >> 3), *gen::arbitrary<std::uint64_t>()},
                 "2000::/3"};
            break;
        default: c = {{*gen::arbitrary<std::uint64_t>(), *gen::arbitrary<std::uint64_t>()}, "uniform"}; break;
        }
        return c;
    });
}

// An IPv6 address as a URI writes it: "::" over some zero run, pieces with or without leading
// zeros, random case, and now and then the last 32 bits as a dotted quad.
inline std::string render_v6(u128 a)
{
    std::array<unsigned, 8> p{};
    for (std::size_t i = 0; i < 8; ++i)
        p[i] = static_cast<unsigned>(((i < 4 ? a.hi : a.lo) >> (48 - 16 * (i % 4))) & 0xFFFF);
    bool const dotted_tail = *gen::inRange(0, 4) == 0;
    std::size_t const pieces = dotted_tail ? 6 : 8;
    // The zero runs; compress one of them (or none).
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    for (std::size_t i = 0; i < pieces;) {
        if (p[i] != 0) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < pieces && p[j] == 0)
            ++j;
        runs.emplace_back(i, j - i);
        i = j;
    }
    std::size_t run_begin = pieces;
    std::size_t run_length = 0;
    if (!runs.empty() && *gen::inRange(0, 5) != 0) std::tie(run_begin, run_length) = *gen::elementOf(runs);
    static constexpr char lower[] = "0123456789abcdef";
    static constexpr char upper[] = "0123456789ABCDEF";
    std::string s;
    for (std::size_t i = 0; i < pieces; ++i) {
        if (run_length != 0 && i == run_begin) {
            s += "::";
            i += run_length - 1;
            continue;
        }
        if (!s.empty() && s.back() != ':') s += ':';
        bool const pad = *gen::inRange(0, 4) == 0;
        bool const up = *gen::inRange(0, 3) == 0;
        bool started = pad;
        for (int shift = 12; shift >= 0; shift -= 4) {
            unsigned const d = (p[i] >> shift) & 0xF;
            if (d != 0 || shift == 0) started = true;
            if (started) s += (up ? upper : lower)[d];
        }
    }
    if (dotted_tail) {
        if (!s.empty() && s.back() != ':') s += ':';
        s += dotted(static_cast<std::uint32_t>(a.lo & 0xFFFFFFFFU));
    }
    return s;
}

} // namespace ftpuri_props::hosts
