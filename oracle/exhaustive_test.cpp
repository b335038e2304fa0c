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
// N: each enumeration has a default that keeps the whole ctest run within a minute (Release, one
// core; shorter in Debug and sanitizer builds). FTPURI_EXHAUSTIVE_N=7 sets N for every enumeration,
// FTPURI_EXHAUSTIVE_N=+2 adds 2 to each default (the long run of docs/assurance.md); FTPURI_EXHAUSTIVE_N_MAIN
// (_AUTHORITY, _PATH, _TYPECODE, _IPV6, _SCHEME) sets one. Each test prints how many strings it judged.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "oracle.hpp"

namespace {

using ftpuri::profile;
using namespace ftpuri_oracle;

struct enumeration {
    char const* name; // also the suffix of its environment variable
    std::string_view prefix;
    std::vector<std::string> alphabet; // symbols: single bytes, except for the typecode's tokens
    std::string_view suffix;
    int default_n; // Release
    int slow_n;    // Debug and sanitizer builds, which judge some ten times slower
};

// The pivotal characters of the grammar: every byte that changes which rule applies, one
// representative of each class of bytes that the grammar treats alike.
//   "/" ":" "@" "%" ";" "=" "." "[" "]" "?" "#"   delimiters of components, escapes, typecode
//   "a"   ALPHA and HEXDIG (and a typecode letter)   "x"  ALPHA, not HEXDIG ("0x" hosts)
//   "1"   DIGIT (ports, IPv4, %11 a control)         "-"  inside labels, not at their ends
//   "~"   unreserved, not in a dns-name              " "  never allowed raw
//   "\x80" a non-ASCII byte, never allowed raw
std::vector<std::string> const main_alphabet = {"/", ":", "@", "%", ";", "=", ".", "[", "]",
                                                "?", "#", "a", "x", "1", "-", "~", " ", "\x80"};

// The authority: userinfo, IPv4 and numeric hosts, IP-literals (IPv6 "::", IPvFuture "v1.x"),
// ports, escapes in the userinfo and host.
std::vector<std::string> const authority_alphabet = {"@", ":", ".", "[", "]", "%", "a",
                                                     "x", "v", "0", "1", "-", "~", "="};

// A path: dot-segments and their escapes (%2e %2E), %2F traversals, %5C, controls (%00 %0a
// %0d %0e ...), look-alikes (%20 after dots, %c0%ae at N + 1), home directories ("~"), the
// typecode's ";".
std::vector<std::string> const path_alphabet = {"/", ".", "%", "2", "e", "E", "f", "5",
                                                "c", "0", "a", "d", ";", "#", "~"};

// The typecode, as tokens: strings up to N tokens long after a name.
std::vector<std::string> const typecode_alphabet = {";", "type", "TyPe", "typ", "typecode", "=", "a",
                                                    "I", "d",    "x",    "/",   "#",        "?", "%"};

// An IPv6 literal, as tokens: pieces with and without their ":", a lone ":" (so "::"), an
// embedded IPv4address, and a piece of five hex digits; up to nine pieces.
std::vector<std::string> const ipv6_alphabet = {"1:", "1", ":", "1.2.3.4", "abcde"};

// The scheme and the "//": every string over the letters of "ftp" (both cases), ":", "/",
// "h" and "s" ("ftps"), from the empty input on.
std::vector<std::string> const scheme_alphabet = {"f", "t", "p", "F", "P", ":", "/", "h", "s"};

std::vector<enumeration> const& enumerations()
{
    // clang-format off
    static std::vector<enumeration> const all = {
        //  name         prefix       alphabet            suffix  N  slow N
        {"MAIN",      "ftp://",    main_alphabet,      "",     5, 4},
        {"AUTHORITY", "ftp://",    authority_alphabet, "/",    6, 4},
        {"PATH",      "ftp://h/",  path_alphabet,      "",     5, 4},
        {"TYPECODE",  "ftp://h/f", typecode_alphabet,  "",     5, 4},
        {"IPV6",      "ftp://[",   ipv6_alphabet,      "]/",   9, 7},
        {"SCHEME",    "",          scheme_alphabet,    "",     7, 6},
    };
    // clang-format on
    return all;
}

int chosen_n(enumeration const& e)
{
    std::string const own = std::string("FTPURI_EXHAUSTIVE_N_") + e.name;
    for (char const* var : {own.c_str(), "FTPURI_EXHAUSTIVE_N"}) {
        char const* value = std::getenv(var);
        if (value == nullptr || *value == '\0') continue;
        if (*value == '+') return e.default_n + std::atoi(value + 1);
        return std::atoi(value);
    }
    return FTPURI_EXHAUSTIVE_SLOW_BUILD ? e.slow_n : e.default_n;
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
    std::vector<std::size_t> digits;
    std::string s;
    for (int length = 0; length <= n; ++length) {
        digits.assign(static_cast<std::size_t>(length), 0);
        for (;;) {
            s.assign(e.prefix);
            for (std::size_t d : digits)
                s += e.alphabet[d];
            s += e.suffix;

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

            // The next string of this length (an odometer over the alphabet).
            std::size_t i = digits.size();
            while (i > 0 && ++digits[i - 1] == e.alphabet.size())
                digits[--i] = 0;
            if (i == 0) break;
        }
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
