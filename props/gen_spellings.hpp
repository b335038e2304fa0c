// SPDX-License-Identifier: Apache-2.0
// props/gen_spellings.hpp: re-spellings of a component's raw text that keep its meaning.
// One part of generators.hpp, which includes them all.
#pragma once

#include "gen_bytes.hpp"

namespace ftpuri_props {

// ---- spellings -------------------------------------------------------------------------------

// Flags that drive a re-spelling; 0 means "leave it", so shrinking leads to no change.
inline rc::Gen<std::vector<std::uint8_t>> gen_flags()
{
    return gen::scale(0.3, gen::container<std::vector<std::uint8_t>>(uniform<std::uint8_t>(0, 8)));
}

// Re-spells a component's raw text without changing what it means (RFC 3986 6.2.2.1-2): an
// escape of an unreserved character may be decoded, any escape's hex may change case, an
// unreserved character may be encoded. Flag values: escape 1 decode-or-lowercase,
// 2 decode-or-uppercase; raw unreserved 3 "%XX", 4 "%xx".
inline std::string respell(std::string_view raw, std::vector<std::uint8_t> const& flags)
{
    std::string out;
    std::size_t k = 0;
    auto const next_flag = [&] { return flags.empty() ? std::uint8_t{0} : flags[k++ % flags.size()]; };
    for (std::size_t i = 0; i < raw.size(); ++i) {
        auto const c = static_cast<unsigned char>(raw[i]);
        std::uint8_t const f = next_flag();
        if (c == '%' && i + 2 < raw.size() && is_hex(static_cast<unsigned char>(raw[i + 1])) &&
            is_hex(static_cast<unsigned char>(raw[i + 2]))) {
            auto const b = static_cast<unsigned char>(ref_hex_value(static_cast<unsigned char>(raw[i + 1])) * 16 +
                                                      ref_hex_value(static_cast<unsigned char>(raw[i + 2])));
            if ((f == 1 || f == 2) && is_unreserved(b)) {
                out += static_cast<char>(b);
            } else if (f == 1 || f == 2) {
                out += pct_escape(b, f == 1);
            } else {
                out += raw.substr(i, 3);
            }
            i += 2;
        } else if ((f == 3 || f == 4) && is_unreserved(c)) {
            out += pct_escape(c, f == 4);
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

// Flips the case of the letters whose bit (index mod 64) is set.
inline std::string flip_case(std::string s, std::uint64_t mask)
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        char& c = s[i];
        if (((mask >> (i % 64)) & 1U) == 0) continue;
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        } else if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return s;
}

inline rc::Gen<std::uint64_t> gen_case_mask()
{
    return gen::weightedOneOf<std::uint64_t>({
        {2, gen::just(std::uint64_t{0})},
        {1, gen::just(~std::uint64_t{0})},
        {4, gen::arbitrary<std::uint64_t>()},
    });
}

// Inserts raw bytes at token boundaries of a raw component (never inside an escape).
inline std::string insert_raw(std::string_view raw, std::vector<std::pair<std::size_t, char>> const& picks)
{
    std::vector<std::size_t> cuts; // token starts, then the end
    for (std::size_t i = 0; i < raw.size();) {
        cuts.push_back(i);
        i += raw[i] == '%' && i + 2 < raw.size() ? 3U : 1U;
    }
    cuts.push_back(raw.size());
    std::vector<std::string> inserted(cuts.size());
    for (auto const& [pos, c] : picks)
        inserted[pos % cuts.size()] += c;
    std::string out;
    for (std::size_t k = 0; k < cuts.size(); ++k) {
        out += inserted[k];
        if (k + 1 < cuts.size()) out += raw.substr(cuts[k], cuts[k + 1] - cuts[k]);
    }
    return out;
}

} // namespace ftpuri_props
