// SPDX-License-Identifier: Apache-2.0
// props/host_class_props.cpp: host classes and host patterns (docs/sanitizing.md) against a second
// implementation written here from the RFC ranges.
//
// The reference (ref_v4, ref_v6 below) holds each range as an inclusive integer interval
// [first, last], written out by hand from the RFCs and checked in the order host_class.hpp
// gives, not from the library's prefix table (its ipv4_class_rows and ipv6_class_rows) nor its
// unwrapping code.
//
//   host_class.ipv4_agrees       classify_address(a) == ref_v4(a): random IPv4, biased to every
//                                range's first and last address and the one either side
//   host_class.ipv6_agrees       the same for IPv6: every range's edges, IPv4-mapped,
//                                IPv4-compatible, NAT64, 6to4, Teredo, uniform addresses
//   host_class.wrapped_v4        ::ffff:a, ::a (a not 0.0.0.0/0.0.0.1) and 64:ff9b::a take a's
//                                class; 6to4 and Teredo carrying a take a's class when it is
//                                not public, and are reserved when it is
//   host_class.uri_literal       ftp://a.b.c.d/ and ftp://[v6]/ (every notation: "::" over any
//                                zero run or none, leading zeros or not, random case, a dotted
//                                last 32 bits) parse in every profile, and classify_host() and
//                                host_classes() give classify_address()'s class alone
//   host_class.numeric_spellings a random IPv4 spelled as a name that ends in a number (parts
//                                hex "0x.." / "0X..", octal "0..", decimal; 1 to 4 parts, the
//                                last filling the rest; a trailing dot; sometimes one digit
//                                percent-encoded), parsed in rfc3986: classify_host() is no
//                                better than the address's class (a lower host_class is worse),
//                                and equal to it when no part has a leading zero; host_classes()
//                                is exactly {the address's class} plus, when a part has a leading
//                                zero and reading such parts as decimal gives an address, that
//                                address's class
//   host_pattern.exact           a random DNS name as a pattern matches a URI spelling it in
//                                random case, with or without one trailing dot (pattern and host
//                                each), with an unreserved byte percent-encoded (rfc3986), on
//                                port 21 only; with ":port" only that port, with ":*" any;
//                                check_policy() agrees
//   host_pattern.wildcard        "*.suffix" matches label(s) + "." + suffix, never the apex
//                                suffix nor x + suffix without the dot; check_policy() agrees
#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ftpuri/host_class.hpp"
#include "ftpuri/parse.hpp"
#include "ftpuri/policy.hpp"
#include "generators.hpp"
#include "registry.hpp"

using namespace ftpuri_props;
using ftpuri::host_class;

namespace {

// ---- the reference: integer intervals from the RFCs ------------------------------------------

struct v4_range {
    std::uint32_t first;
    std::uint32_t last;
    host_class cls;
};

// Checked in this order (only 255.255.255.255 lies inside another range, 240/4).
constexpr std::array<v4_range, 19> v4_ranges = {{
    {0xFFFFFFFFU, 0xFFFFFFFFU, host_class::broadcast},     // RFC 919 limited broadcast
    {0x00000000U, 0x00FFFFFFU, host_class::unspecified},   // 0.0.0.0 - 0.255.255.255, RFC 1122
    {0x7F000000U, 0x7FFFFFFFU, host_class::loopback},      // 127.0.0.0 - 127.255.255.255
    {0xA9FE0000U, 0xA9FEFFFFU, host_class::link_local},    // 169.254.0.0 - 169.254.255.255, RFC 3927
    {0x0A000000U, 0x0AFFFFFFU, host_class::private_},      // 10.0.0.0 - 10.255.255.255, RFC 1918
    {0xAC100000U, 0xAC1FFFFFU, host_class::private_},      // 172.16.0.0 - 172.31.255.255
    {0xC0A80000U, 0xC0A8FFFFU, host_class::private_},      // 192.168.0.0 - 192.168.255.255
    {0x64400000U, 0x647FFFFFU, host_class::private_},      // 100.64.0.0 - 100.127.255.255, RFC 6598
    {0xC0000200U, 0xC00002FFU, host_class::documentation}, // 192.0.2.0 - 192.0.2.255, RFC 5737
    {0xC6336400U, 0xC63364FFU, host_class::documentation}, // 198.51.100.0 - 198.51.100.255
    {0xCB007100U, 0xCB0071FFU, host_class::documentation}, // 203.0.113.0 - 203.0.113.255
    {0xE0000000U, 0xEFFFFFFFU, host_class::multicast},     // 224.0.0.0 - 239.255.255.255, RFC 5771
    {0xF0000000U, 0xFFFFFFFEU, host_class::reserved},      // 240.0.0.0 - 255.255.255.254, RFC 1112
    {0xC0000000U, 0xC00000FFU, host_class::reserved},      // 192.0.0.0 - 192.0.0.255, RFC 6890
    {0xC01FC400U, 0xC01FC4FFU, host_class::reserved},      // 192.31.196.0 - 192.31.196.255, RFC 7535
    {0xC034C100U, 0xC034C1FFU, host_class::reserved},      // 192.52.193.0 - 192.52.193.255, RFC 7450
    {0xC0586300U, 0xC05863FFU, host_class::reserved},      // 192.88.99.0 - 192.88.99.255, RFC 7526
    {0xC0AF3000U, 0xC0AF30FFU, host_class::reserved},      // 192.175.48.0 - 192.175.48.255, RFC 7534
    {0xC6120000U, 0xC613FFFFU, host_class::reserved},      // 198.18.0.0 - 198.19.255.255, RFC 2544
}};

host_class ref_v4(std::uint32_t a)
{
    for (v4_range const& r : v4_ranges)
        if (a >= r.first && a <= r.last) return r.cls;
    return host_class::public_;
}

// An IPv6 address as two 64-bit halves, ordered as the 128-bit number.
struct u128 {
    std::uint64_t hi = 0;
    std::uint64_t lo = 0;
    friend constexpr auto operator<=>(u128, u128) = default;
};

struct v6_range {
    u128 first;
    u128 last;
    host_class cls;
};

constexpr std::uint64_t ones = ~std::uint64_t{0};

// After ::, ::1 and the IPv4-carrying forms; in this order (2001:db8::/32 and 3fff::/20 before
// 2000::/3, which holds them; the reserved ones inside 2000::/3 before it too).
constexpr std::array<v6_range, 10> v6_ranges = {{
    {{0xFE80000000000000U, 0}, {0xFEBFFFFFFFFFFFFFU, ones}, host_class::link_local},    // fe80::/10
    {{0xFC00000000000000U, 0}, {0xFDFFFFFFFFFFFFFFU, ones}, host_class::private_},      // fc00::/7
    {{0xFEC0000000000000U, 0}, {0xFEFFFFFFFFFFFFFFU, ones}, host_class::private_},      // fec0::/10
    {{0xFF00000000000000U, 0}, {ones, ones}, host_class::multicast},                    // ff00::/8
    {{0x20010DB800000000U, 0}, {0x20010DB8FFFFFFFFU, ones}, host_class::documentation}, // 2001:db8::/32
    {{0x3FFF000000000000U, 0}, {0x3FFF0FFFFFFFFFFFU, ones}, host_class::documentation}, // 3fff::/20
    {{0x2001000000000000U, 0}, {0x200101FFFFFFFFFFU, ones}, host_class::reserved},      // 2001::/23
    {{0x2002000000000000U, 0}, {0x2002FFFFFFFFFFFFU, ones}, host_class::reserved},      // 2002::/16
    {{0x2620004F80000000U, 0}, {0x2620004F8000FFFFU, ones}, host_class::reserved},      // 2620:4f:8000::/48
    {{0x2000000000000000U, 0}, {0x3FFFFFFFFFFFFFFFU, ones}, host_class::public_},       // 2000::/3
}};

host_class ref_v6(u128 a)
{
    auto const low32 = static_cast<std::uint32_t>(a.lo & 0xFFFFFFFFU);
    if (a.hi == 0 && a.lo == 0) return host_class::unspecified;
    if (a.hi == 0 && a.lo == 1) return host_class::loopback;
    if (a.hi == 0 && (a.lo >> 32) == 0xFFFF) return ref_v4(low32);              // ::ffff:0:0/96
    if (a.hi == 0 && (a.lo >> 32) == 0) return ref_v4(low32);                   // ::/96
    if (a.hi == 0x0064FF9B00000000U && (a.lo >> 32) == 0) return ref_v4(low32); // 64:ff9b::/96
    std::optional<std::uint32_t> carried;
    if ((a.hi >> 48) == 0x2002) carried = static_cast<std::uint32_t>((a.hi >> 16) & 0xFFFFFFFFU); // 6to4
    if ((a.hi >> 32) == 0x20010000U) carried = ~low32;                                            // Teredo client
    if (carried && ref_v4(*carried) != host_class::public_) return ref_v4(*carried);
    for (v6_range const& r : v6_ranges)
        if (a >= r.first && a <= r.last) return r.cls;
    return host_class::reserved; // outside 2000::/3: reserved by the IETF (RFC 4291 2.4)
}

// ---- addresses --------------------------------------------------------------------------------

std::array<std::uint8_t, 4> bytes_of(std::uint32_t a)
{
    return {static_cast<std::uint8_t>(a >> 24), static_cast<std::uint8_t>(a >> 16), static_cast<std::uint8_t>(a >> 8),
            static_cast<std::uint8_t>(a)};
}

std::array<std::uint8_t, 16> bytes_of(u128 a)
{
    std::array<std::uint8_t, 16> b{};
    for (std::size_t i = 0; i < 8; ++i) {
        b[i] = static_cast<std::uint8_t>(a.hi >> (56 - 8 * i));
        b[8 + i] = static_cast<std::uint8_t>(a.lo >> (56 - 8 * i));
    }
    return b;
}

host_class lib_v4(std::uint32_t a)
{
    std::array<std::uint8_t, 4> const b = bytes_of(a);
    return ftpuri::classify_address(std::span<std::uint8_t const, 4>(b));
}

host_class lib_v6(u128 a)
{
    std::array<std::uint8_t, 16> const b = bytes_of(a);
    return ftpuri::classify_address(std::span<std::uint8_t const, 16>(b));
}

std::string dotted(std::uint32_t a)
{
    return std::to_string(a >> 24) + "." + std::to_string((a >> 16) & 0xFF) + "." + std::to_string((a >> 8) & 0xFF) +
           "." + std::to_string(a & 0xFF);
}

std::string hex_text(u128 a)
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

std::string cls_name(host_class c)
{
    return std::string(ftpuri::to_string(c));
}

// Every range's first and last address and the one either side, over both tables.
std::vector<std::uint32_t> const& v4_edges()
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

rc::Gen<std::uint32_t> gen_v4()
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

u128 minus_one(u128 a)
{
    if (a.lo == 0) return {a.hi - 1, ones};
    return {a.hi, a.lo - 1};
}

u128 plus_one(u128 a)
{
    if (a.lo == ones) return {a.hi + 1, 0};
    return {a.hi, a.lo + 1};
}

std::vector<u128> const& v6_edges()
{
    static std::vector<u128> const all = [] {
        std::vector<u128> v;
        std::vector<std::pair<u128, u128>> ranges;
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

void showValue(v6_case const& c, std::ostream& os)
{
    os << hex_text(c.address) << " (" << c.how << ")";
}

rc::Gen<v6_case> gen_v6()
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
std::string render_v6(u128 a)
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

// ---- numeric spellings of an IPv4 address -------------------------------------------------

struct spelling {
    std::uint32_t address = 0;
    std::string text;                     // the host as written
    bool leading_zero = false;            // a part has a leading zero (octal, or "00")
    std::optional<std::uint32_t> decimal; // what a reader of leading zeros as decimal sees
};

void showValue(spelling const& s, std::ostream& os)
{
    os << escape_bytes(s.text) << " (" << dotted(s.address) << ")";
}

// The WHATWG shape check for a decimal reading: every part but the last at most 255, the last
// below 256^(5 - n).
std::optional<std::uint32_t> combine(std::vector<std::uint64_t> const& parts)
{
    std::size_t const n = parts.size();
    for (std::size_t i = 0; i + 1 < n; ++i)
        if (parts[i] > 255) return std::nullopt;
    if (parts[n - 1] >= (std::uint64_t{1} << (8 * (5 - n)))) return std::nullopt;
    std::uint64_t a = parts[n - 1];
    for (std::size_t i = 0; i + 1 < n; ++i)
        a += parts[i] << (8 * (3 - i));
    return static_cast<std::uint32_t>(a);
}

std::string in_radix(std::uint64_t v, unsigned radix, bool upper)
{
    static constexpr char lower_digits[] = "0123456789abcdef";
    static constexpr char upper_digits[] = "0123456789ABCDEF";
    std::string s;
    do {
        s.insert(s.begin(), (upper ? upper_digits : lower_digits)[v % radix]);
        v /= radix;
    } while (v != 0);
    return s;
}

rc::Gen<spelling> gen_spelling()
{
    return gen::exec([] {
        spelling s;
        s.address = *gen_v4();
        auto const n = static_cast<std::size_t>(*gen::inRange(1, 5)); // 1 to 4 parts
        std::vector<std::uint64_t> values;
        for (std::size_t i = 0; i + 1 < n; ++i)
            values.push_back((s.address >> (24 - 8 * i)) & 0xFF);
        values.push_back(s.address & ((std::uint64_t{1} << (8 * (5 - n))) - 1));
        std::vector<std::uint64_t> decimal_values;
        for (std::size_t i = 0; i < n; ++i) {
            std::uint64_t const v = values[i];
            std::string part;
            int const radix = *gen::weightedOneOf<int>({{3, gen::just(10)}, {2, gen::just(16)}, {2, gen::just(8)}});
            if (radix == 16) {
                part = (*gen::inRange(0, 3) == 0 ? "0X" : "0x") +
                       std::string(static_cast<std::size_t>(*gen::inRange(0, 3)), '0') +
                       in_radix(v, 16, *gen::inRange(0, 2) == 0);
                decimal_values.push_back(v);
            } else if (radix == 8) {
                // "0" then the octal digits, maybe more zeros: a leading zero either way ("00" for 0).
                part = std::string(static_cast<std::size_t>(*gen::inRange(1, 3)), '0') + in_radix(v, 8, false);
                s.leading_zero = true;
                // A reader of leading zeros as decimal: the digits in base 10 (all below 8).
                std::uint64_t d = 0;
                for (char c : part)
                    d = std::min<std::uint64_t>(d * 10 + static_cast<std::uint64_t>(c - '0'), std::uint64_t{1} << 40);
                decimal_values.push_back(d);
            } else {
                part = in_radix(v, 10, false);
                decimal_values.push_back(v);
            }
            if (i != 0) s.text += '.';
            s.text += part;
        }
        if (s.leading_zero) s.decimal = combine(decimal_values);
        if (*gen::inRange(0, 4) == 0) s.text += '.';
        // One digit percent-encoded now and then (rfc3986 decodes unreserved escapes).
        if (*gen::inRange(0, 5) == 0) {
            std::vector<std::size_t> digits;
            for (std::size_t i = 0; i < s.text.size(); ++i)
                if (s.text[i] >= '0' && s.text[i] <= '9') digits.push_back(i);
            std::size_t const at = *gen::elementOf(digits);
            s.text.replace(at, 1, "%3" + std::string(1, s.text[at]));
        }
        return s;
    });
}

// ---- DNS names --------------------------------------------------------------------------------

rc::Gen<std::string> gen_label(bool last)
{
    return gen::exec([last] {
        auto const length =
            static_cast<std::size_t>(*gen::weightedOneOf<int>({{10, gen::inRange(1, 12)}, {1, gen::just(63)}}));
        std::string label = *gen::container<std::string>(
            length, gen::weightedOneOf<char>({{8, gen::elementOf(std::string("abcdefghijklmnopqrstuvwxyz"))},
                                              {3, gen::elementOf(std::string("0123456789"))},
                                              {1, gen::just('-')}}));
        if (label.front() == '-') label.front() = 'a';
        if (label.back() == '-') label.back() = 'z';
        if (last) label.front() = 'q';                                               // never a number, never "0x.."
        if (label.size() >= 4 && label[2] == '-' && label[3] == '-') label[2] = 'n'; // no "xn--", no "ab--"
        return label;
    });
}

rc::Gen<std::string> gen_name(int min_labels)
{
    return gen::exec([min_labels] {
        int const count = *gen::inRange(min_labels, min_labels + 3);
        std::string name;
        for (int i = 0; i < count; ++i) {
            if (i != 0) name += '.';
            name += *gen_label(i + 1 == count);
        }
        while (name.size() > 120)
            name.erase(0, name.find('.') + 1);
        return name;
    });
}

std::string random_case(std::string s)
{
    for (char& c : s)
        if (c >= 'a' && c <= 'z' && *gen::inRange(0, 2) == 0) c = static_cast<char>(c - 'a' + 'A');
    return s;
}

// One unreserved byte of the host as %XX (random hex case): rfc3986 decodes it back.
std::string encode_one(std::string s)
{
    std::size_t const at = static_cast<std::size_t>(*gen::inRange<std::size_t>(0, s.size()));
    if (s[at] == '.') return s;
    static constexpr char hex_lower[] = "0123456789abcdef";
    static constexpr char hex_upper[] = "0123456789ABCDEF";
    char const* hex = *gen::inRange(0, 2) == 0 ? hex_lower : hex_upper;
    auto const c = static_cast<unsigned char>(s[at]);
    s.replace(at, 1, std::string{'%', hex[c >> 4], hex[c & 0xF]});
    return s;
}

std::optional<std::string> canonical_host_of(ftpuri::uri_view const& v)
{
    std::array<char, 512> buffer{};
    std::size_t const n = ftpuri::canonical_host_into(v, buffer).size;
    if (n > buffer.size()) return std::nullopt;
    return std::string(buffer.data(), n);
}

} // namespace

FTPURI_PROPERTY("host_class.ipv4_agrees")
{
    return rc::check("host_class.ipv4_agrees: classify_address(IPv4) equals the reference's ranges", [] {
        std::uint32_t const a = *gen_v4();
        host_class const ours = lib_v4(a);
        host_class const expected = ref_v4(a);
        RC_TAG(cls_name(expected));
        if (ours != expected)
            RC_FAIL(dotted(a) + ": classify_address " + cls_name(ours) + ", reference " + cls_name(expected));
    });
}

FTPURI_PROPERTY("host_class.ipv6_agrees")
{
    return rc::check("host_class.ipv6_agrees: classify_address(IPv6) equals the reference's ranges", [] {
        v6_case const c = *gen_v6();
        host_class const ours = lib_v6(c.address);
        host_class const expected = ref_v6(c.address);
        RC_TAG(c.how.substr(0, c.how.find(' ')) + " " + cls_name(expected));
        if (ours != expected)
            RC_FAIL(hex_text(c.address) + " (" + c.how + "): classify_address " + cls_name(ours) + ", reference " +
                    cls_name(expected));
    });
}

FTPURI_PROPERTY("host_class.wrapped_v4")
{
    return rc::check("host_class.wrapped_v4: an IPv6 form carrying an IPv4 address takes its class", [] {
        std::uint32_t const a = *gen_v4();
        host_class const inner = lib_v4(a);
        RC_TAG(cls_name(inner));
        std::uint64_t const suffix = *gen::arbitrary<std::uint64_t>();
        struct form {
            char const* name;
            u128 address;
            host_class expected;
        };
        host_class const tunnelled = inner == host_class::public_ ? host_class::reserved : inner;
        std::vector<form> forms = {
            {"mapped", {0, 0xFFFF00000000U | a}, inner},
            {"nat64", {0x0064FF9B00000000U, a}, inner},
            {"6to4", {0x2002000000000000U | std::uint64_t{a} << 16 | (suffix & 0xFFFF), suffix}, tunnelled},
            {"teredo", {0x2001000000000000U | (suffix >> 32), (suffix << 32) | (~a & 0xFFFFFFFFU)}, tunnelled},
        };
        if (a > 1) forms.push_back({"compatible", {0, a}, inner}); // ::, ::1 are themselves
        for (form const& f : forms) {
            host_class const ours = lib_v6(f.address);
            if (ours != f.expected)
                RC_FAIL(std::string(f.name) + " " + hex_text(f.address) + " of " + dotted(a) + " (" + cls_name(inner) +
                        "): classify_address " + cls_name(ours) + ", expected " + cls_name(f.expected));
        }
    });
}

FTPURI_PROPERTY("host_class.uri_literal")
{
    return rc::check("host_class.uri_literal: an IP host classifies as classify_address() of its address", [] {
        bool const v6 = *gen::inRange(0, 3) != 0;
        std::string host;
        host_class expected{};
        if (v6) {
            v6_case const c = *gen_v6();
            expected = lib_v6(c.address);
            host = "[" + render_v6(c.address) + "]"; // no zone: every profile refuses one (host.ipv6-zone-id)
        } else {
            std::uint32_t const a = *gen_v4();
            expected = lib_v4(a);
            host = dotted(a);
        }
        RC_TAG(v6 ? "ipv6 " + cls_name(expected) : "ipv4 " + cls_name(expected));
        std::string const uri = "ftp://" + host + (*gen::inRange(0, 2) == 0 ? ":2121" : "") + "/pub/f";
        for (profile const p : all_profiles) {
            ftpuri::parse_result const r = ftpuri::parse(uri, opts(p));
            if (!r) {
                RC_FAIL(std::string(profile_name(p)) + " refuses " + uri + ": " + std::string(r.error().info().name));
            }
            host_class const ours = ftpuri::classify_host(*r);
            if (ours != expected)
                RC_FAIL(std::string(profile_name(p)) + " " + uri + ": classify_host " + cls_name(ours) +
                        ", classify_address " + cls_name(expected));
            if (ftpuri::host_classes(*r) != ftpuri::host_class_set{expected})
                RC_FAIL(std::string(profile_name(p)) + " " + uri + ": more than one class");
        }
    });
}

FTPURI_PROPERTY("host_class.numeric_spellings")
{
    return rc::check("host_class.numeric_spellings: a numeric name classifies as every reading of it, worst first", [] {
        spelling const s = *gen_spelling();
        std::string const uri = "ftp://" + s.text + "/";
        ftpuri::parse_result const r = ftpuri::parse(uri, opts(profile::rfc3986));
        if (!r) RC_FAIL("rfc3986 refuses " + uri + ": " + std::string(r.error().info().name));
        host_class const address = lib_v4(s.address);
        ftpuri::host_class_set expected{address};
        if (s.leading_zero) expected.insert(s.decimal ? lib_v4(*s.decimal) : address);
        host_class const ours = ftpuri::classify_host(*r);
        RC_TAG(std::string(s.leading_zero ? "leading zero, " : "") +
               (s.text.find('%') != std::string::npos ? "escape, " : "") +
               (ours == address ? "as the address" : "worse than the address"));
        // No better than the address, in host_class order (a lower value is worse).
        if (static_cast<int>(ours) > static_cast<int>(address))
            RC_FAIL(uri + ": classify_host " + cls_name(ours) + " is better than the address's " + cls_name(address));
        if (!s.leading_zero && ours != address)
            RC_FAIL(uri + ": no leading zero, but classify_host " + cls_name(ours) + " is not the address's " +
                    cls_name(address));
        if (ftpuri::host_classes(*r) != expected)
            RC_FAIL(
                uri + ": host_classes has not exactly the readings' classes (" + cls_name(address) +
                (s.decimal ? ", decimal " + dotted(*s.decimal) + " " + cls_name(lib_v4(*s.decimal)) : std::string()) +
                "), worst " + cls_name(ftpuri::host_classes(*r).worst()));
    });
}

FTPURI_PROPERTY("host_pattern.exact")
{
    return rc::check("host_pattern.exact: a DNS name matches itself in any case, dot and escape", [] {
        std::string const name = *gen_name(1);
        // No port (21 only), ":2121" (that port only) or ":*" (any port).
        int const port_kind = *gen::inRange(0, 4);
        bool const with_port = port_kind == 0;
        bool const any_port = port_kind == 1;
        std::string const pattern_text = random_case(name) + (*gen::inRange(0, 3) == 0 ? "." : "") +
                                         (with_port  ? ":2121"
                                          : any_port ? ":*"
                                                     : "");
        std::optional<ftpuri::host_pattern> const pattern = ftpuri::host_pattern::parse(pattern_text);
        if (!pattern) RC_FAIL("host_pattern::parse refuses " + pattern_text);
        std::string host = random_case(name) + (*gen::inRange(0, 3) == 0 ? "." : "");
        bool const escaped = *gen::inRange(0, 2) == 0;
        if (escaped) host = encode_one(host);
        RC_TAG(std::string(with_port ? "port, " : any_port ? "any port, " : "") + (escaped ? "escape" : "no escape"));
        std::string const uri = "ftp://" + host + (with_port ? ":2121" : "") + "/f";
        ftpuri::parse_result const r = ftpuri::parse(uri, opts(profile::rfc3986));
        if (!r) RC_FAIL("rfc3986 refuses " + uri + ": " + std::string(r.error().info().name));
        std::optional<std::string> const canonical = canonical_host_of(*r);
        RC_ASSERT(canonical.has_value());
        if (!pattern->matches(*canonical, r->effective_port()))
            RC_FAIL(pattern_text + " does not match " + uri + " (canonical host " + *canonical + ")");
        std::string_view const allow[] = {pattern_text};
        if (ftpuri::check_policy(*r, {.allow = allow}).has_value())
            RC_FAIL("check_policy refuses " + uri + " with allow " + pattern_text);
        std::uint16_t const other = *gen::inRange<std::uint16_t>(22, 65535);
        if (with_port) { // the port is part of the pattern: another one never matches
            RC_ASSERT(!pattern->matches(*canonical, 21));
            RC_ASSERT(!pattern->matches(*canonical, 2122));
        } else if (any_port) {
            RC_ASSERT(pattern->matches(*canonical, other));
        } else { // FTP's port only: an allowed server is no way to its host's other services
            RC_ASSERT(pattern->matches(*canonical, 21));
            RC_ASSERT(!pattern->matches(*canonical, other));
        }
    });
}

FTPURI_PROPERTY("host_pattern.wildcard")
{
    return rc::check("host_pattern.wildcard: *.suffix matches below suffix, never suffix itself nor xsuffix", [] {
        std::string const suffix = *gen_name(1);
        std::string const below = *gen_name(1); // any labels, the last one never numeric
        std::string const pattern_text = "*." + random_case(suffix) + (*gen::inRange(0, 3) == 0 ? "." : "");
        std::optional<ftpuri::host_pattern> const pattern = ftpuri::host_pattern::parse(pattern_text);
        if (!pattern) RC_FAIL("host_pattern::parse refuses " + pattern_text);
        std::string_view const allow[] = {pattern_text};
        std::string const dot = *gen::inRange(0, 3) == 0 ? "." : "";
        struct probe {
            std::string host;
            bool matches;
        };
        std::string glued = below + suffix; // "x" + suffix: no label boundary
        for (probe const& t : {probe{random_case(below + "." + suffix) + dot, true},
                               probe{random_case(suffix) + dot, false}, probe{random_case(glued) + dot, false}}) {
            std::string host = t.host;
            if (*gen::inRange(0, 3) == 0) host = encode_one(host);
            std::string const uri = "ftp://" + host + "/";
            ftpuri::parse_result const r = ftpuri::parse(uri, opts(profile::rfc3986));
            if (!r) RC_FAIL("rfc3986 refuses " + uri + ": " + std::string(r.error().info().name));
            std::optional<std::string> const canonical = canonical_host_of(*r);
            RC_ASSERT(canonical.has_value());
            bool const m = pattern->matches(*canonical, 21);
            if (m != t.matches)
                RC_FAIL(pattern_text + (m ? " matches " : " does not match ") + uri + " (canonical host " + *canonical +
                        ")");
            bool const allowed = !ftpuri::check_policy(*r, {.allow = allow}).has_value();
            if (allowed != t.matches) RC_FAIL("check_policy " + std::string(allowed ? "allows " : "refuses ") + uri);
        }
    });
}
