// SPDX-License-Identifier: Apache-2.0
// oracle/enumerations.hpp: the bounded-exhaustive enumerations of docs/assurance.md, differential
// test (c): every string of 0..N symbols of an alphabet of the grammar's pivotal characters,
// between a fixed prefix and suffix. Shared by exhaustive_test (the scanner against the real
// oracle) and grammar_mutants_test (the scanner against each mutant of the grammar), so that
// both judge the same strings in the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ftpuri_oracle {

struct enumeration {
    char const* name; // also the suffix of its environment variables
    std::string_view prefix;
    std::vector<std::string> alphabet; // symbols: single bytes, except for the typecode's tokens
    std::string_view suffix;
    int default_n; // exhaustive_test in Release
    int slow_n;    // exhaustive_test in Debug and sanitizer builds, which judge some ten times slower
    int mutants_n; // grammar_mutants_test: every mutant of the grammar, each at this bound
};

// MAIN, AUTHORITY, PATH, TYPECODE, IPV6, IPV4, SCHEME (enumerations.cpp says what each holds).
std::vector<enumeration> const& enumerations();

// N for one enumeration: `variable`_NAME, else `variable`, else `fallback`; a value "+K" adds K
// to the fallback ("FTPURI_EXHAUSTIVE_N=+2"), any other sets N.
int chosen_n(enumeration const& e, std::string_view variable, int fallback);

// Calls f(s) for each string prefix + `length` symbols + suffix, in odometer order, as long as f
// returns true; false when f stopped it.
template <class F>
bool for_each_string(enumeration const& e, int length, F&& f)
{
    std::vector<std::size_t> digits(static_cast<std::size_t>(length), 0);
    std::string s;
    for (;;) {
        s.assign(e.prefix);
        for (std::size_t d : digits)
            s += e.alphabet[d];
        s += e.suffix;
        if (!f(std::string_view(s))) return false;
        std::size_t i = digits.size();
        while (i > 0 && ++digits[i - 1] == e.alphabet.size())
            digits[--i] = 0;
        if (i == 0) return true;
    }
}

// Differential test (d), the edits: URIs that exercise each rule and alternative of the grammar
// (enumerations.cpp's seeds, valid in strict or rfc3986), each with every string one edit away
// from it: a byte replaced by each of the 255 others, each of the 256 bytes inserted anywhere, a
// substring deleted, a substring written twice. The enumerations above try every combination of
// a few bytes in a few places; the edits try every byte in every place of a whole URI, and reach
// what those cannot: a scheme or "//" misspelt, a repetition one longer than the bound allows
// (nine IPv6 pieces, two typecodes), bytes of no alphabet ("!", "_", "B").
std::vector<std::string_view> const& edit_seeds();

// How many strings for_each_edit visits for `seed`: the seed itself, 255 replacements and 256
// insertions a position, and the deletions and repetitions of each of its n(n+1)/2 substrings.
std::size_t edits_of(std::string_view seed);

// Calls f(s) for the seed and each of its edits, as long as f returns true; false when f stopped.
template <class F>
bool for_each_edit(std::string_view seed, F&& f)
{
    std::string s(seed);
    if (!f(std::string_view(s))) return false;
    std::size_t const n = seed.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (int b = 0; b < 256; ++b) {
            if (static_cast<char>(b) == seed[i]) continue;
            s[i] = static_cast<char>(b);
            if (!f(std::string_view(s))) return false;
        }
        s[i] = seed[i];
    }
    for (std::size_t i = 0; i <= n; ++i) {
        s.assign(seed.substr(0, i));
        s += '\0';
        s += seed.substr(i);
        for (int b = 0; b < 256; ++b) {
            s[i] = static_cast<char>(b);
            if (!f(std::string_view(s))) return false;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j <= n; ++j) {
            s.assign(seed.substr(0, i));
            s += seed.substr(j);
            if (!f(std::string_view(s))) return false;
            s.assign(seed.substr(0, j));
            s += seed.substr(i);
            if (!f(std::string_view(s))) return false;
        }
    }
    return true;
}

} // namespace ftpuri_oracle
