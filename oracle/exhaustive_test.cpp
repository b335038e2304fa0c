// SPDX-License-Identifier: Apache-2.0
// oracle/exhaustive_test.cpp: every short string over the grammar's pivotal characters, judged
// by the scanner and by the regex oracle of docs/grammar.abnf (docs/assurance.md).
//
// Each enumeration puts every string of 0..N symbols of its alphabet between a fixed prefix and
// suffix, and holds ftpuri::parse to the oracle in both grammar profiles with
// ftpuri_oracle::judge: the scanner accepts exactly when the regex matches and the named
// constraints hold, and when the regex matches but a constraint fails, the scanner's error is
// that constraint's. It is RE2's own exhaustive tester turned on our scanner.
//
// The enumerations (prefixes, alphabets, suffixes, default N) and the edits of the seeds (test
// Edits) are enumerations.cpp's, which grammar_mutants_test shares. N: each enumeration has a
// default that keeps the whole ctest run within a minute (Release, one core; shorter in Debug
// and sanitizer builds).
// FTPURI_EXHAUSTIVE_N=7 sets N for every enumeration, FTPURI_EXHAUSTIVE_N=+2 adds 2 to each
// default (the long run of docs/assurance.md); FTPURI_EXHAUSTIVE_N_MAIN (_AUTHORITY, _PATH,
// _TYPECODE, _IPV6, _IPV4, _SCHEME) sets one. Each test prints how many strings it judged.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "enumerations.hpp"
#include "ftpuri/parse.hpp"
#include "oracle.hpp"

namespace {

using ftpuri::profile;
using namespace ftpuri_oracle;

int chosen_n(enumeration const& e)
{
    return ftpuri_oracle::chosen_n(e, "FTPURI_EXHAUSTIVE_N", FTPURI_EXHAUSTIVE_SLOW_BUILD ? e.slow_n : e.default_n);
}

struct tally {
    std::uint64_t strings = 0;
    std::uint64_t valid = 0;                  // oracle matches, constraints hold, scanner accepts
    std::uint64_t constraint_rejected = 0;    // oracle matches, a constraint fails, scanner says which
    std::uint64_t syntax_rejected = 0;        // oracle rejects, scanner: a syntax-class error
    std::uint64_t rejected_by_constraint = 0; // oracle rejects, scanner stopped at a constraint first
    std::uint64_t disagreements = 0;
    std::vector<std::string> examples;
};

void run(enumeration const& e, profile p, int n, tally& t)
{
    oracle_set const& o = built_oracles();
    for (int length = 0; length <= n; ++length) {
        for_each_string(e, length, [&](std::string_view s) {
            verdict const v = judge(s, p, o);
            ++t.strings;
            if (!v.agrees) {
                ++t.disagreements;
                if (t.examples.size() < 25) t.examples.push_back(describe(s, p, v));
            } else if (v.scanner) {
                ++t.valid;
            } else if (v.oracle) {
                ++t.constraint_rejected;
            } else if (classify(*v.error)->cls == id_class::syntax) {
                ++t.syntax_rejected;
            } else {
                ++t.rejected_by_constraint;
            }
            return true;
        });
    }
}

struct param {
    std::size_t enumeration;
    profile p;
};

void PrintTo(param const& x, std::ostream* os)
{
    *os << enumerations()[x.enumeration].name << ' ' << ftpuri::to_string(x.p);
}

class Exhaustive : public ::testing::TestWithParam<param> {};

TEST_P(Exhaustive, ScannerAgreesWithTheOracle)
{
    enumeration const& e = enumerations()[GetParam().enumeration];
    profile const p = GetParam().p;
    int const n = chosen_n(e);
    ASSERT_GE(n, 0);
    tally t;
    auto const start = std::chrono::steady_clock::now();
    run(e, p, n, t);
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::printf("[ exhaustive ] %s %s: \"%s\" + every string of 0..%d symbols over %zu + \"%s\": "
                "%llu strings in %.1f s\n"
                "               valid %llu, constraint errors on matching input %llu, syntax errors %llu, "
                "non-matching input stopped at a constraint first %llu, disagreements %llu\n",
                e.name, std::string(ftpuri::to_string(p)).c_str(), std::string(e.prefix).c_str(), n, e.alphabet.size(),
                std::string(e.suffix).c_str(), static_cast<unsigned long long>(t.strings), seconds,
                static_cast<unsigned long long>(t.valid), static_cast<unsigned long long>(t.constraint_rejected),
                static_cast<unsigned long long>(t.syntax_rejected),
                static_cast<unsigned long long>(t.rejected_by_constraint),
                static_cast<unsigned long long>(t.disagreements));
    RecordProperty("strings", std::to_string(t.strings));
    RecordProperty("n", n);

    std::string report;
    for (std::string const& x : t.examples)
        report += "  " + x + "\n";
    EXPECT_EQ(t.disagreements, 0u) << "first disagreements:\n" << report;
    if (n >= e.default_n) {
        EXPECT_GT(t.valid, 0u) << "the enumeration never reaches a valid URI";
    }
}

std::vector<param> all_params()
{
    std::vector<param> out;
    for (std::size_t i = 0; i < enumerations().size(); ++i)
        for (profile p : {profile::strict, profile::rfc3986})
            out.push_back({i, p});
    return out;
}

std::string param_name(::testing::TestParamInfo<param> const& info)
{
    std::string name = enumerations()[info.param.enumeration].name;
    for (std::size_t i = 1; i < name.size(); ++i)
        if (name[i] >= 'A' && name[i] <= 'Z') name[i] = static_cast<char>(name[i] - 'A' + 'a');
    return name + (info.param.p == profile::strict ? "Strict" : "Rfc3986");
}

INSTANTIATE_TEST_SUITE_P(Enumerations, Exhaustive, ::testing::ValuesIn(all_params()), param_name);

// Differential test (d): every edit of every seed (enumerations.hpp), in both profiles.
class Edits : public ::testing::TestWithParam<profile> {};

TEST_P(Edits, ScannerAgreesWithTheOracle)
{
    profile const p = GetParam();
    oracle_set const& o = built_oracles();
    tally t;
    auto const start = std::chrono::steady_clock::now();
    for (std::string_view seed : edit_seeds()) {
        for_each_edit(seed, [&](std::string_view s) {
            verdict const v = judge(s, p, o);
            ++t.strings;
            if (v.scanner) ++t.valid;
            if (!v.agrees) {
                ++t.disagreements;
                if (t.examples.size() < 25) t.examples.push_back(describe(s, p, v));
            }
            return true;
        });
    }
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("[ edits ] %s: %zu seeds, %llu strings in %.1f s, valid %llu, disagreements %llu\n",
                std::string(ftpuri::to_string(p)).c_str(), edit_seeds().size(),
                static_cast<unsigned long long>(t.strings), seconds, static_cast<unsigned long long>(t.valid),
                static_cast<unsigned long long>(t.disagreements));
    RecordProperty("strings", std::to_string(t.strings));
    std::string report;
    for (std::string const& x : t.examples)
        report += "  " + x + "\n";
    EXPECT_EQ(t.disagreements, 0u) << "first disagreements:\n" << report;
}

std::string profile_name(::testing::TestParamInfo<profile> const& param_info)
{
    return param_info.param == profile::strict ? "Strict" : "Rfc3986";
}

INSTANTIATE_TEST_SUITE_P(Seeds, Edits, ::testing::Values(profile::strict, profile::rfc3986), profile_name);

// The seeds are URIs (so that their edits are near misses, not noise), none twice, and the edits
// are as many as edits_of says, each one edit away: the same length with one byte changed, one
// byte longer, or a substring shorter or longer.
TEST(EditsSetup, SeedsAreValidAndEditsAreCounted)
{
    oracle_set const& o = built_oracles();
    std::vector<std::string_view> seen;
    for (std::string_view seed : edit_seeds()) {
        SCOPED_TRACE(std::string(seed));
        EXPECT_TRUE(std::find(seen.begin(), seen.end(), seed) == seen.end()) << "a seed twice";
        seen.push_back(seed);
        verdict const strict = judge(seed, profile::strict, o);
        verdict const rfc3986 = judge(seed, profile::rfc3986, o);
        EXPECT_TRUE(strict.agrees && rfc3986.agrees);
        EXPECT_TRUE(strict.scanner || rfc3986.scanner) << "valid in neither profile";
        std::size_t count = 0;
        std::size_t replaced = 0;
        for_each_edit(seed, [&](std::string_view s) {
            ++count;
            if (s.size() == seed.size()) {
                std::size_t differ = 0;
                for (std::size_t i = 0; i < s.size(); ++i)
                    differ += s[i] != seed[i] ? 1U : 0U;
                EXPECT_LE(differ, 1u) << printable(s);
                replaced += differ;
            }
            return true;
        });
        EXPECT_EQ(count, edits_of(seed));
        EXPECT_EQ(replaced, std::size_t{255} * seed.size());
    }
    EXPECT_GE(seen.size(), 30u);
}

// The enumerations themselves: an alphabet without repeats, and the counts they promise.
TEST(ExhaustiveSetup, AlphabetsHaveNoRepeatsAndCountsAreAsDocumented)
{
    for (enumeration const& e : enumerations()) {
        for (std::size_t i = 0; i < e.alphabet.size(); ++i)
            for (std::size_t j = i + 1; j < e.alphabet.size(); ++j)
                EXPECT_NE(e.alphabet[i], e.alphabet[j]) << e.name;
        // sum_{k=0}^{n} a^k strings
        tally t;
        run(e, profile::strict, 2, t);
        std::uint64_t const a = e.alphabet.size();
        EXPECT_EQ(t.strings, 1 + a + a * a) << e.name;
    }
}

} // namespace
