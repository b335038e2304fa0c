// SPDX-License-Identifier: Apache-2.0
// oracle/grammar_mutants_test.cpp: the exhaustive comparison of the scanner with the oracle can
// tell a wrong grammar from the right one (docs/assurance.md, "Grammar
// mutants").
//
// The grammar_mutants tool (run by the build) changes docs/grammar.abnf in every small way (an
// alternative dropped, a repetition bound moved by one, a byte added to or removed from a
// character set) and writes each mutant's regexes into the build tree. This test loads each
// mutant's regexes into an oracle_set at run time (RE2 compiles them as it compiles the real
// ones) and runs the enumerations and the seeds' edits of exhaustive_test (enumerations.cpp)
// through the same judge, ftpuri_oracle::judge, smallest blocks first, until the first
// disagreement: the mutant is detected. The scanner is right (exhaustive_test holds it to the real oracle on the same
// strings), so a mutant the comparison cannot tell from the real grammar is either the same
// language, or a difference beyond the bound or outside the alphabets. Each of those is a row
// of docs/assurance.md's table, with its reason, and for the last two a witness: an input on
// which the judge does tell the mutant from the scanner (checked here). A mutant that goes
// undetected without a row fails the test, and so does a row whose mutant is detected.
//
// Bound: each enumeration's mutants_n (enumerations.cpp; two less in Debug and sanitizer builds),
// and every edit. FTPURI_GRAMMAR_MUTANTS_N=+1 adds 1 to each, =6 sets all, =exhaustive takes
// exhaustive_test's own N, FTPURI_GRAMMAR_MUTANTS_N_MAIN (_AUTHORITY, ...) sets one; with a larger
// bound a row "beyond the bound" may be detected (reported, no failure), a row "same language"
// may not.
// FTPURI_GRAMMAR_MUTANTS_JOBS threads (default 2); FTPURI_GRAMMAR_MUTANTS_REPORT=FILE writes one
// tab-separated line per mutant.
//
// Its parts: grammar_mutants_file.hpp (the mutants file), grammar_mutants_explained.hpp (the
// table of docs/assurance.md), grammar_mutant_runs.hpp (the runs).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "enumerations.hpp"
#include "grammar_mutant_runs.hpp"
#include "grammar_mutants_explained.hpp"
#include "grammar_mutants_file.hpp"
#include "oracle.hpp"

namespace {

using namespace ftpuri_oracle;
using namespace ftpuri_grammar_mutants;

// The mutants file's "original" is what the build made of the grammar, so the mutants are
// translated with the real oracle's rules and captures.
TEST(GrammarMutants, OriginalIsTheBuiltOracle)
{
    mutants_file const& f = the_mutants();
    ASSERT_GE(f.mutants.size(), 300u) << "grammar_mutants.txt: too few mutants";
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_EQ(f.original[i], read_file(oracle_path(regex_files[i]))) << regex_files[i];
}

// The grammar_mutants tool adds and removes bytes the enumerations write: its pivotal bytes are
// exactly the bytes of their alphabets.
TEST(GrammarMutants, PivotalBytesAreTheAlphabetsBytes)
{
    std::set<unsigned char> pivotal;
    std::string const& hex = the_mutants().pivotal;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        pivotal.insert(static_cast<unsigned char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    EXPECT_EQ(pivotal.size() * 2, hex.size()) << "a byte twice in PIVOTAL";
    std::set<unsigned char> alphabets;
    for (enumeration const& e : enumerations())
        for (std::string const& symbol : e.alphabet)
            for (char c : symbol)
                alphabets.insert(static_cast<unsigned char>(c));
    EXPECT_EQ(pivotal, alphabets);
}

// The five changes that GrammarChange.ChangesTheOraclesVerdicts once made by hand are among the
// mutants (the label's "_" is "." now: the first pivotal byte that changes the regex), and each
// changes the strict oracle's verdict on its input and on nothing else of these.
TEST(GrammarMutants, TheFormerHandPickedChangesAreAmongThem)
{
    struct row {
        char const* id;
        char const* input;
        bool real;
        bool mutated;
    };
    oracle_set const& real = built_oracles();
    for (row const& r :
         {row{"typecode:add:1", "ftp://h/f;type=x", false, true}, row{"label:add:1", "ftp://a..b/", false, true},
          row{"ftp-URI:max-1:1", "ftp://h/f#top", true, false},
          row{"ftp-segment-char:add:1", "ftp://h/a;b", false, true}, row{"host:drop:1", "ftp://[::1]/", true, false}}) {
        SCOPED_TRACE(r.id);
        auto const& all = the_mutants().mutants;
        auto const m = std::find_if(all.begin(), all.end(), [&](mutant const& x) { return x.id == r.id; });
        ASSERT_NE(m, all.end());
        ASSERT_TRUE(m->regexes[0].has_value());
        oracle const mutated(*m->regexes[0]);
        ASSERT_TRUE(mutated.ok()) << mutated.error();
        EXPECT_EQ(real.strict.matches(r.input), r.real);
        EXPECT_EQ(mutated.matches(r.input), r.mutated);
        for (std::string_view same : {"ftp://ftp.example.org/pub/README;type=a", "ftp://u:p@h:21/a/b/", "ftp://h/a b"})
            EXPECT_EQ(mutated.matches(same), real.strict.matches(same)) << same;
    }
}

// Every row of the table names a mutant that exists and is not identical to the real grammar.
TEST(GrammarMutants, ExplainedOnesAreMutantsThatExist)
{
    std::set<std::string> ids;
    for (mutant const& m : the_mutants().mutants)
        ids.insert(m.id);
    auto const docs = explained_in_docs();
    for (auto const& [id, e] : docs)
        EXPECT_TRUE(ids.count(id) == 1) << "docs/assurance.md explains mutant " << id << ", which no longer exists";
}

// A mutant explained as beyond the bound or outside the alphabets has a witness: the judge tells
// it from the scanner on that input, and agrees with the real oracle there. One explained as the
// same language has none.
TEST(GrammarMutants, WitnessesOfTheExplainedOnesDisagree)
{
    std::map<std::string, mutant const*> by_id;
    for (mutant const& m : the_mutants().mutants)
        by_id[m.id] = &m;
    for (auto const& [id, e] : explained_in_docs()) {
        SCOPED_TRACE(id);
        if (e.why == reason::same_language) {
            EXPECT_FALSE(e.witness_profile.has_value()) << "a mutant of the same language has no witness";
            continue;
        }
        ASSERT_TRUE(e.witness_profile.has_value()) << "no witness for a mutant " << reason_name(e.why);
        auto const m = by_id.find(id);
        if (m == by_id.end()) continue; // ExplainedOnesAreMutantsThatExist says so
        auto const r = regexes_of(*m->second);
        oracle_set const o{oracle(r[0]), oracle(r[1]), oracle(r[2])};
        verdict const mutated = judge(e.witness, *e.witness_profile, o);
        EXPECT_FALSE(mutated.agrees) << describe(e.witness, *e.witness_profile, mutated);
        verdict const real = judge(e.witness, *e.witness_profile, built_oracles());
        EXPECT_TRUE(real.agrees) << describe(e.witness, *e.witness_profile, real);
    }
}

TEST(GrammarMutants, EveryMutantIsDetectedOrExplained)
{
    mutants_file const& f = the_mutants();
    std::vector<int> const n = bounds();
    auto const docs = explained_in_docs();
    bool const extra_pass = std::getenv("FTPURI_GRAMMAR_MUTANTS_EXTRA") != nullptr;
    auto const start = std::chrono::steady_clock::now();

    // The real grammar through the same loading, every string judged (it must agree everywhere),
    // then every mutant but those identical to the real grammar or to an earlier mutant.
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < f.mutants.size(); ++i)
        index[f.mutants[i].id] = i;
    scanned_strings cache;
    outcome const original = run_real(n, cache, jobs());
    std::vector<outcome> results(f.mutants.size());
    std::vector<outcome> extra(f.mutants.size()); // with the mutant's byte in the alphabets
    std::atomic<std::size_t> next{0};
    auto const work = [&] {
        for (std::size_t k; (k = next++) < f.mutants.size();) {
            mutant const& m = f.mutants[k];
            if (m.identical() || !m.same_as.empty() || !selected(m)) continue;
            results[k] = run(m, n, cache);
            if (extra_pass && !results[k].detected && m.byte) extra[k] = run(m, n, cache, m.byte);
        }
    };
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < jobs(); ++j)
        threads.emplace_back(work);
    for (std::thread& t : threads)
        t.join();
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    EXPECT_FALSE(original.detected) << "the real grammar, loaded at run time: " << original.first;
    EXPECT_TRUE(original.ran && original.first.empty()) << original.first;

    char const* report_path = std::getenv("FTPURI_GRAMMAR_MUTANTS_REPORT");
    std::ofstream report;
    if (report_path != nullptr) report.open(report_path);
    struct count {
        int mutants = 0, detected = 0, explained = 0;
    };
    std::map<std::string, count> per_op;
    bool const exactly_ci = std::equal(n.begin(), n.end(), enumerations().begin(), enumerations().end(),
                                       [](int x, enumeration const& e) { return x == e.mutants_n; });
    bool const ci_or_more = at_least_the_ci_bound(n);
    std::uint64_t judged = 0;
    std::uint64_t strings = 0;
    for (std::size_t i = 0; i < f.mutants.size(); ++i) {
        mutant const& m = f.mutants[i];
        if (!selected(m)) continue;
        std::size_t const own = m.same_as.empty() ? i : index.at(m.same_as);
        outcome const& r = results[own];
        outcome const& x = extra[own];
        judged += m.same_as.empty() ? r.judged + x.judged : 0;
        strings += m.same_as.empty() ? r.strings + x.strings : 0;
        auto const listed = docs.find(m.id);
        count& c = per_op[m.op];
        ++c.mutants;
        if (r.detected) ++c.detected;
        if (listed != docs.end()) ++c.explained;
        std::string verdict = r.detected ? "detected" : m.identical() ? "identical" : "UNDETECTED";
        std::string shown = r.detected ? r.first : m.about;
        if (x.detected) {
            char byte[8];
            (void)std::snprintf(byte, sizeof byte, "%%x%02X",
                                static_cast<unsigned>(static_cast<unsigned char>(*m.byte)));
            verdict = "ALPHABET";
            shown = "with " + std::string(byte) + " in the alphabets: " + x.first;
        }
        std::printf("[ mutant ] %-10s %-28s %s%s\n", verdict.c_str(), m.id.c_str(), shown.c_str(),
                    m.same_as.empty() ? "" : (" (same regexes as " + m.same_as + ")").c_str());
        if (report.is_open())
            report << m.id << '\t' << m.op << '\t' << verdict << '\t' << r.strings << '\t' << r.judged << '\t'
                   << r.seconds << '\t' << (x.detected ? x.where : r.where) << '\t' << (x.detected ? x.first : r.first)
                   << '\t' << m.about << '\n';
        EXPECT_TRUE(r.detected || r.first.empty()) << m.id << ": " << r.first;
        if (r.detected && listed != docs.end() && (exactly_ci || listed->second.why == reason::same_language))
            ADD_FAILURE() << m.id << " is explained in docs/assurance.md as " << reason_name(listed->second.why)
                          << ", but the comparison detects it: " << r.first;
        if (!r.detected && listed == docs.end() && ci_or_more)
            ADD_FAILURE() << m.id << " (" << m.about << ") goes undetected and docs/assurance.md does not say why";
    }
    std::printf("[ mutants ] bound");
    for (std::size_t i = 0; i < n.size(); ++i)
        std::printf(" %s=%d", enumerations()[i].name, n[i]);
    std::printf(", %u threads, %.1f s\n[ mutants ] the real grammar: %llu strings, %llu judgements, no disagreement; "
                "the mutants: %llu strings, %llu judgements\n",
                jobs(), seconds, static_cast<unsigned long long>(original.strings),
                static_cast<unsigned long long>(original.judged), static_cast<unsigned long long>(strings),
                static_cast<unsigned long long>(judged));
    count total;
    for (auto const& [op, c] : per_op) {
        std::printf("[ mutants ] %-7s %4d mutants, %4d detected, %3d in the table\n", op.c_str(), c.mutants, c.detected,
                    c.explained);
        total.mutants += c.mutants;
        total.detected += c.detected;
        total.explained += c.explained;
    }
    std::printf("[ mutants ] total   %4d mutants, %4d detected, %3d in the table\n", total.mutants, total.detected,
                total.explained);
}

} // namespace
