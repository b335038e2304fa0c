// SPDX-License-Identifier: Apache-2.0
// oracle/oracle_build_test.cpp: part of oracle_test (docs/assurance.md): the regexes in the build
// tree and the scanner's error ids as the oracle sees them.
//
//   - OracleBuild:     the regexes in the build tree are what the generator makes of the grammar
//                      now; they compile within RE2's memory budget.
//   - GrammarChange:   the generator refuses a recursive grammar. (That a changed grammar changes
//                      the verdicts, every small change of it, is grammar_mutants_test's.)
//   - DiagIdTable:     every diagnostic id is classified (syntax, constraint, never an error).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/diagnostic.hpp"
#include "oracle.hpp"
#include "oracle_test_support.hpp"

namespace {

using namespace ftpuri_oracle;
using namespace ftpuri_oracle_test;
namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// The generated regexes
// ---------------------------------------------------------------------------------------------

TEST(OracleBuild, RegexesCompileWithinRe2Limits)
{
    oracle_set const& o = built_oracles();
    for (oracle const* x : {&o.strict, &o.rfc3986, &o.ipv4address}) {
        ASSERT_TRUE(x->ok()) << x->error();
        EXPECT_GT(x->program_size(), 0);
        std::printf("[ oracle ] program size %d\n", x->program_size());
    }
    EXPECT_TRUE(o.strict.matches("ftp://ftp.example.org/pub/README;type=a"));
    EXPECT_FALSE(o.strict.matches("ftp://ftp.example.org/pub/README;type=x"));
    EXPECT_TRUE(o.rfc3986.matches("ftp://h/a;b?q"));
    EXPECT_FALSE(o.strict.matches("ftp://h/a;b?q"));
    EXPECT_TRUE(o.ipv4address.matches("192.0.2.1"));
    EXPECT_FALSE(o.ipv4address.matches("192.0.2.01"));
    // Latin-1: a byte >= 0x80 is one character, and the grammar allows none raw.
    EXPECT_FALSE(o.rfc3986.matches("ftp://h/\xC3\xA9"));
}

// The regexes in the build tree are exactly what the generator makes of docs/grammar.abnf now:
// nobody edited them, and they are not stale.
TEST(OracleBuild, RegexesAreTheGeneratorsOutputForTheGrammar)
{
    struct made {
        char const* file;
        char const* rule;
        std::vector<std::string> captures;
    };
    for (made const& m :
         {made{"ftp_oracle_strict.re2", "ftp-URI", {"user", "password", "host", "port", "ftp-path", "fragment"}},
          made{"ftp_oracle_rfc3986.re2",
               "ftp-URI-rfc3986",
               {"userinfo", "host-3986", "port", "path-abempty", "query", "fragment"}},
          made{"ftp_oracle_ipv4address.re2", "IPv4address", {}}}) {
        std::string const out = (scratch_dir() / (std::string("now.") + m.file)).string();
        ASSERT_EQ(generate(grammar_path(), m.rule, out, m.captures), 0) << read_file(out + ".stderr");
        EXPECT_EQ(read_file(out), read_file(oracle_path(m.file))) << m.file;
    }
}

// ---------------------------------------------------------------------------------------------
// A grammar that cannot be a regex is refused
// ---------------------------------------------------------------------------------------------

std::string mutated_grammar(std::string_view from, std::string_view to)
{
    std::string text = read_file(grammar_path());
    std::size_t const at = text.find(from);
    if (at == std::string::npos || text.find(from, at + 1) != std::string::npos) return {};
    text.replace(at, from.size(), to);
    return text;
}

TEST(GrammarChange, RecursionIsRefused)
{
    std::string const text = mutated_grammar(R"(ftp-segment      = *ftp-segment-char)",
                                             R"g(ftp-segment      = *ftp-segment-char / "(" ftp-path ")")g");
    ASSERT_FALSE(text.empty());
    fs::path const grammar = scratch_dir() / "recursive.abnf";
    std::ofstream(grammar, std::ios::binary) << text;
    std::string const out = (scratch_dir() / "recursive.re2").string();
    fs::remove(out);
    EXPECT_NE(generate(grammar.string(), "ftp-URI", out), 0);
    EXPECT_NE(read_file(out + ".stderr").find("recursive rule: ftp-path -> ftp-segment -> ftp-path"), std::string::npos)
        << read_file(out + ".stderr");
    EXPECT_FALSE(fs::exists(out)) << "a failed run must not leave a regex behind";
}

// ---------------------------------------------------------------------------------------------
// Classifying the scanner's errors
// ---------------------------------------------------------------------------------------------

TEST(DiagIdTable, ClassifiesEveryIdOfTheCatalogueOnce)
{
    std::map<std::string_view, int> seen;
    for (id_row const& r : id_table()) {
        EXPECT_TRUE(ftpuri::find_diag(r.id).has_value()) << r.id << " is not a diagnostic id";
        ++seen[r.id];
    }
    for (auto const& row : ftpuri::diag_catalogue) {
        EXPECT_EQ(seen[row.name], 1) << row.name
                                     << " must be classified exactly once (diagnostics.def's oracle column)";
        id_row const* c = classify(row.id);
        ASSERT_NE(c, nullptr) << row.name;
        EXPECT_EQ(c->id, row.name);
        // Only errors can be "syntax" or "constraint"; the catalogue's severity is the strict one.
        if (row.level != ftpuri::severity::error && !row.name.starts_with("list.")) {
            EXPECT_EQ(c->cls, id_class::never_error) << row.name;
        }
        // The plan's ids, and only they, are in their own namespace.
        EXPECT_EQ(c->cls == id_class::plan_only, row.name.starts_with("plan.")) << row.name;
        bool const policy_id = row.id == ftpuri::diag_id::host_denied || row.id == ftpuri::diag_id::host_not_allowed;
        EXPECT_EQ(c->cls == id_class::policy_only, policy_id) << row.name;
        // The oracle's build has libidn2, so an id of a build without it is never its scanner's.
        EXPECT_EQ(c->cls == id_class::build_only, row.id == ftpuri::diag_id::host_idna_unavailable) << row.name;
        // A list file's ids are about the line around a URI: never the scanner's.
        EXPECT_EQ(c->cls == id_class::list_only, row.name.starts_with("list.")) << row.name;
        // The guarded fetch's ids are about a connection and a server: never the scanner's.
        EXPECT_EQ(c->cls == id_class::fetch_only, row.name.starts_with("fetch.")) << row.name;
    }
}

TEST(DiagIdTable, ConstraintIdsAreNamedByTheirConstraint)
{
    auto const constraints = grammar_constraints();
    std::set<std::string_view> named_in_texts;
    for (id_row const& r : id_table()) {
        bool mentioned = false;
        for (auto const& [name, text] : constraints)
            for (char const* before : {"(", ", "})
                for (char const* after : {")", ","})
                    mentioned = mentioned || text.find(before + std::string(r.id) + after) != std::string::npos;
        if (r.cls == id_class::constraint) {
            ASSERT_TRUE(constraints.count(std::string(r.constraint))) << r.id << ": no constraint " << r.constraint;
            EXPECT_NE(constraints.at(std::string(r.constraint)).find(r.id), std::string::npos)
                << "the text of constraint " << r.constraint << " does not name " << r.id;
        } else if (mentioned) {
            // Named in a constraint's text but a syntax error all the same: the grammar already
            // excludes every input that gets it (see docs/assurance.md).
            EXPECT_TRUE(r.id == "host.empty-label" || r.id == "path.raw-semicolon") << r.id;
        }
    }
}

} // namespace
