// SPDX-License-Identifier: Apache-2.0
// props/gen_ipv4_spellings.hpp: an IPv4 address spelled as a name that ends in a number (hex,
// octal and decimal parts, 1 to 4 of them, a trailing dot, an escaped digit), with the
// addresses its readings give, for host_class.numeric_spellings.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "ftpuri/host_class.hpp"
#include "gen_host_addresses.hpp"
#include "generators.hpp"

namespace ftpuri_props::hosts {

using ftpuri::host_class;

struct spelling {
    std::uint32_t address = 0;
    std::string text;                     // the host as written
    bool leading_zero = false;            // a part has a leading zero (octal, or "00")
    std::optional<std::uint32_t> decimal; // what a reader of leading zeros as decimal sees
};

inline void showValue(spelling const& s, std::ostream& os)
{
    os << escape_bytes(s.text) << " (" << dotted(s.address) << ")";
}

// The WHATWG shape check for a decimal reading: every part but the last at most 255, the last
// below 256^(5 - n).
inline std::optional<std::uint32_t> combine(std::vector<std::uint64_t> const& parts)
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

inline std::string in_radix(std::uint64_t v, unsigned radix, bool upper)
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

inline rc::Gen<spelling> gen_spelling()
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

} // namespace ftpuri_props::hosts
