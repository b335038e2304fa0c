// SPDX-License-Identifier: Apache-2.0
// oracle/oracle_test.cpp: the regex oracle of docs/grammar.abnf, its named constraints, and the
// scanner held to both on every known input (docs/assurance.md).
//
//   - OracleBuild:     the regexes in the build tree are what the generator makes of the grammar
//                      now; they compile within RE2's memory budget.
//   - GrammarChange:   the generator refuses a recursive grammar. (That a changed grammar changes
//                      the verdicts, every small change of it, is grammar_mutants_test's.)
//   - DiagIdTable:     every diagnostic id is classified (syntax, constraint, never an error).
//   - Constraint:      each named constraint of the grammar on its own: inputs the regex
//                      accepts and the constraint rejects, and the other way round.
//   - Judge:           the differential check can fail (a wrong oracle is caught).
//   - OracleDocs:      docs/assurance.md traces every rule of the grammar.
//   - KnownInputs:     every input of corpus/, of the peer vectors in tests/data/, and every
//                      URI literal of the tests/ sources, judged in both grammar profiles.
#include <gtest/gtest.h>

#include <rapidjson/document.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "oracle.hpp"
#include "support/corpus_files.hpp"

namespace {

using ftpuri::profile;
using namespace ftpuri_oracle;
namespace fs = std::filesystem;

constexpr profile S = profile::strict;
constexpr profile R = profile::rfc3986;

std::string grammar_path()
{
    return std::string(FTPURI_SOURCE_DIR) + "/docs/grammar.abnf";
}

// Runs the generator; returns its exit status (0: the regex is in `output`).
int generate(std::string const& grammar, std::string const& rule, std::string const& output,
             std::vector<std::string> const& captures = {})
{
    std::string cmd = std::string("\"") + FTPURI_PYTHON + "\" \"" + FTPURI_ORACLE_SCRIPT + "\" \"" + grammar +
                      "\" --rule " + rule + " --output \"" + output + "\"";
    for (std::string const& c : captures)
        cmd += " --capture " + c;
    cmd += " 2>\"" + output + ".stderr\"";
    return std::system(cmd.c_str());
}

fs::path scratch_dir()
{
    fs::path const dir = fs::path(FTPURI_ORACLE_DIR) / "oracle_test_scratch";
    fs::create_directories(dir);
    return dir;
}

// The constraint texts of the grammar: name -> the "@constraint" line and its continuation.
std::map<std::string, std::string> grammar_constraints()
{
    std::map<std::string, std::string> out;
    std::istringstream in(read_file(grammar_path()));
    std::string line, current;
    std::string_view const marker = "; @constraint ";
    while (std::getline(in, line)) {
        if (line.rfind(marker, 0) == 0) {
            std::string const rest = line.substr(marker.size());
            current = rest.substr(0, rest.find(':'));
            out[current] = rest;
        } else if (!current.empty() && line.rfind(";     ", 0) == 0) {
            out[current].append(" ").append(line, 6);
        } else {
            current.clear();
        }
    }
    return out;
}

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

// ---------------------------------------------------------------------------------------------
// The named constraints, one by one
// ---------------------------------------------------------------------------------------------

struct constraint_case {
    std::string_view constraint;
    profile p;
    std::string input;
    bool regex;               // the oracle matches
    bool valid;               // ftpuri accepts
    std::string_view error{}; // its error when not
    std::uint32_t max_length = ftpuri::default_max_length;
};

std::string repeat(char c, std::size_t n)
{
    return std::string(n, c);
}

std::vector<constraint_case> const& constraint_cases()
{
    std::string const a63 = repeat('a', 63);
    std::string const name253 = a63 + "." + a63 + "." + a63 + "." + repeat('b', 61);
    std::string const name254 = a63 + "." + a63 + "." + a63 + "." + repeat('b', 62);
    std::string const max_uri = "ftp://h/" + repeat('a', ftpuri::default_max_length - 8);
    static std::vector<constraint_case> const cases = {
        // port-range
        {"port-range", S, "ftp://h:0/", true, false, "port.out-of-range"},
        {"port-range", R, "ftp://h:0/", true, false, "port.out-of-range"},
        {"port-range", S, "ftp://h:65536/", true, false, "port.out-of-range"},
        {"port-range", R, "ftp://[::1]:99999999999999999999/", true, false, "port.out-of-range"},
        {"port-range", S, "ftp://h:00000/", true, false, "port.out-of-range"},
        {"port-range", S, "ftp://h:65535/", true, true},
        {"port-range", S, "ftp://h:0000065535/", true, true},
        {"port-range", S, "ftp://h:1/", true, true},
        {"port-range", S, "ftp://h:/", true, true},
        {"port-range", S, "ftp://h:+21/", false, false, "port.invalid"},
        {"port-range", R, "ftp://h:0x15/", false, false, "port.invalid"},
        // dns-label-length
        {"dns-label-length", S, "ftp://" + a63 + ".b/", true, true},
        {"dns-label-length", S, "ftp://" + a63 + "a.b/", true, false, "host.label-too-long"},
        {"dns-label-length", S, "ftp://b." + a63 + "a./", true, false, "host.label-too-long"},
        {"dns-label-length", R, "ftp://" + a63 + "a.b/", true, true},
        {"dns-label-length", S, "ftp://a..b/", false, false, "host.empty-label"},
        {"dns-label-length", S, "ftp://.a/", false, false, "host.empty-label"},
        // dns-name-length
        {"dns-name-length", S, "ftp://" + name253 + "/", true, true},
        {"dns-name-length", S, "ftp://" + name253 + "./", true, true},
        {"dns-name-length", S, "ftp://" + name254 + "/", true, false, "host.too-long"},
        {"dns-name-length", R, "ftp://" + name254 + "/", true, true},
        {"dns-name-length", S, "ftp://a_b.c/", false, false, "host.underscore"},
        // dns-label-hyphen
        {"dns-label-hyphen", S, "ftp://-a/", true, false, "host.label-hyphen"},
        {"dns-label-hyphen", S, "ftp://a-/", true, false, "host.label-hyphen"},
        {"dns-label-hyphen", S, "ftp://a.-b.c/", true, false, "host.label-hyphen"},
        {"dns-label-hyphen", S, "ftp://a.b-./", true, false, "host.label-hyphen"},
        {"dns-label-hyphen", S, "ftp://a-b/", true, true},
        {"dns-label-hyphen", S, "ftp://xn--bcher-kva.example/", true, true},
        {"dns-label-hyphen", R, "ftp://-a-/", true, true},
        {"dns-label-hyphen", S, "ftp://a~b/", false, false, "host.invalid-char"},
        // numeric-host
        {"numeric-host", S, "ftp://010.0.0.1/", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://0x7f.1/", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://2130706433/", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://127.1/", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://1.2.3.4./", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://256.0.0.1/", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://a.1/", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://0x/", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://a.0XfF./", true, false, "host.numeric-ambiguous"},
        {"numeric-host", S, "ftp://a-.1/", true, false, "host.numeric-ambiguous"}, // and a hyphen
        {"numeric-host", S, "ftp://-1/", true, false, "host.label-hyphen"},        // "-1" is no number
        {"numeric-host", S, "ftp://1.2.3.4/", true, true},
        {"numeric-host", S, "ftp://0.0.0.0/", true, true},
        {"numeric-host", S, "ftp://a1/", true, true},
        {"numeric-host", S, "ftp://1a/", true, true},
        {"numeric-host", S, "ftp://0xg/", true, true},
        {"numeric-host", S, "ftp://1.2.3.a/", true, true},
        {"numeric-host", R, "ftp://127.1/", true, true},
        {"numeric-host", R, "ftp://0x7f.1/", true, true},
        {"numeric-host", S, "ftp://[127.1]/", false, false, "host.ipv6-invalid"},
        // dot-segment-depth
        {"dot-segment-depth", S, "ftp://h/..", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/a/../..", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/%2e%2E", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/.%2e/x", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/./../x", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/..;type=d", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/a/..", true, true},
        {"dot-segment-depth", S, "ftp://h//..", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/~/..", true, false, "path.above-root"},
        {"dot-segment-depth", S, "ftp://h/~/a/..", true, true},
        {"dot-segment-depth", S, "ftp://h/a/./..", true, true},
        {"dot-segment-depth", S, "ftp://h/a//b/..", true, true},
        {"dot-segment-depth", S, "ftp://h/%2e%2e%2e", true, false, "path.dot-lookalike"},
        {"dot-segment-depth", S, "ftp://h/a/../b/../", true, true},
        {"dot-segment-depth", R, "ftp://h/..", true, true},
        {"dot-segment-depth", R, "ftp://h/../..?q", true, true},
        {"dot-segment-depth", S, "ftp://h/..;x", false, false, "path.raw-semicolon"},
        // decoded-control
        {"decoded-control", S, "ftp://h/a%00", true, false, "pct.forbidden-control"},
        {"decoded-control", S, "ftp://h/a%0d%0A", true, false, "pct.forbidden-control"},
        {"decoded-control", S, "ftp://u%0a@h/", true, false, "pct.forbidden-control"},
        {"decoded-control", S, "ftp://u:p%00@h/", true, false, "pct.forbidden-control"},
        {"decoded-control", R, "ftp://%00/", true, false, "pct.forbidden-control"},
        {"decoded-control", R, "ftp://u:p:%0D@h/", true, false, "pct.forbidden-control"},
        {"decoded-control", R, "ftp://h/%0D", true, false, "pct.forbidden-control"},
        {"decoded-control", S, "ftp://h/#%0A", true, false, "pct.forbidden-control"},
        {"decoded-control", S, "ftp://h/#%1b", true, false, "pct.control"},
        {"decoded-control", R, "ftp://h/?%00", true, false, "pct.forbidden-control"},
        {"decoded-control", S, "ftp://h/%01", true, false, "pct.control"},
        {"decoded-control", S, "ftp://h/%1F", true, false, "pct.control"},
        {"decoded-control", S, "ftp://u:%7f@h/", true, false, "pct.control"},
        {"decoded-control", S, "ftp://h/%09", true, false, "pct.control"},
        {"decoded-control", R, "ftp://h/%01", true, true},
        {"decoded-control", R, "ftp://u%7F@h/", true, true},
        {"decoded-control", R, "ftp://%1f/", true, true},
        {"decoded-control", S, "ftp://h/%20", true, true},
        {"decoded-control", S, "ftp://h/%80", true, true},
        {"decoded-control", S, "ftp://h/#%00", true, false, "pct.forbidden-control"},
        {"decoded-control", R, "ftp://h/?%0D%0A", true, false, "pct.forbidden-control"},
        {"decoded-control", R, "ftp://h/#%1B", true, true},
        {"decoded-control", S, "ftp://h/a%0", false, false, "pct.malformed"},
        {"decoded-control", S, "ftp://%41/", false, false, "host.percent-encoded"},
        // The grammar has no "%" in a strict host, but the escape is judged first.
        {"decoded-control", S, "ftp://%00/", false, false, "pct.forbidden-control"},
        // decoded-traversal
        {"decoded-traversal", S, "ftp://h/..%2F..%2Fetc", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/a/a%2F..", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/%2e%2e%2fx", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/x%2F.%2Fy", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/a%5Cb", true, false, "path.encoded-backslash"},
        {"decoded-traversal", S, "ftp://h/x%2Fy/..", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/x%2Fy/../..", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/x%2Fy/a/..", true, true},
        {"decoded-traversal", S, "ftp://h/a%5cb;type=i", true, false, "path.encoded-backslash"},
        {"decoded-traversal", S, "ftp://h/a%2Fb", true, true},
        {"decoded-traversal", S, "ftp://h/%2F", true, true},
        // "..." is a name on Unix but ".." on Windows: between %2F it walks up there too.
        {"decoded-traversal", S, "ftp://h/...%2Fx", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/..%20%2Fetc", true, false, "path.encoded-traversal"},
        {"decoded-traversal", S, "ftp://h/.a.%2Fx", true, true},
        {"decoded-traversal", S, "ftp://h/#..%2F%5C", true, true},
        {"decoded-traversal", R, "ftp://h/..%2Fx", true, true},
        {"decoded-traversal", R, "ftp://h/a%5Cb", true, true},
        {"decoded-traversal", S, "ftp://h/a\\b", false, false, "char.unsafe"},
        // punycode
        {"punycode", S, "ftp://xn--a.com/", true, false, "host.punycode-invalid"},
        {"punycode", S, "ftp://XN--ZZ/", true, false, "host.punycode-invalid"},
        {"punycode", S, "ftp://xn--bcher-kva.example/", true, true},
        {"punycode", S, "ftp://XN--BCHER-KVA.example/", true, true},
        {"punycode", R, "ftp://xn--a.com/", true, true},
        {"punycode", S, "ftp://xn--a_.com/", false, false, "host.underscore"},
        // dot-after-empty
        {"dot-after-empty", S, "ftp://h/a//../b", true, false, "path.dot-after-empty"},
        {"dot-after-empty", S, "ftp://h/a//b/../..", true, false, "path.dot-after-empty"},
        {"dot-after-empty", S, "ftp://h/a/b/..//c", true, true},
        {"dot-after-empty", R, "ftp://h/a//../b", true, true},
        {"dot-after-empty", S, "ftp://h/a//..;b", false, false, "path.raw-semicolon"},
        // dot-before-empty
        {"dot-before-empty", S, "ftp://h/.//etc/passwd", true, false, "path.dot-before-empty"},
        {"dot-before-empty", S, "ftp://h/%2E//etc/passwd", true, false, "path.dot-before-empty"},
        {"dot-before-empty", S, "ftp://h/a/..//etc", true, false, "path.dot-before-empty"},
        {"dot-before-empty", S, "ftp://h/~/.//etc", true, false, "path.dot-before-empty"},
        {"dot-before-empty", S, "ftp://h//etc/passwd", true, true},
        {"dot-before-empty", S, "ftp://h/~//etc", true, true},
        {"dot-before-empty", S, "ftp://h/a/..//", true, false, "path.dot-before-empty"},
        {"dot-before-empty", S, "ftp://h/a/../", true, true},
        {"dot-before-empty", S, "ftp://h/./%2Fetc/x", true, true},
        {"dot-before-empty", R, "ftp://h/.//etc", true, true},
        {"dot-before-empty", S, "ftp://h/.//etc?", false, false, "path.dot-before-empty"},
        // tilde-inside
        {"tilde-inside", S, "ftp://h/a/~b", true, false, "path.tilde-inside"},
        {"tilde-inside", S, "ftp://h/a/%7e", true, false, "path.tilde-inside"},
        {"tilde-inside", S, "ftp://h/~b/c~", true, true},
        {"tilde-inside", R, "ftp://h/a/~b", true, true},
        {"tilde-inside", S, "ftp://h/a/~b c", false, false, "char.space"},
        // dot-lookalike
        {"dot-lookalike", S, "ftp://h/...", true, false, "path.dot-lookalike"},
        {"dot-lookalike", S, "ftp://h/..%20/x", true, false, "path.dot-lookalike"},
        {"dot-lookalike", S, "ftp://h/..a/.b.", true, true},
        {"dot-lookalike", R, "ftp://h/...", true, true},
        {"dot-lookalike", S, "ftp://h/.. ", false, false, "char.space"},
        // decoded-utf8
        {"decoded-utf8", S, "ftp://h/%C0%AE", true, false, "pct.overlong-utf8"},
        {"decoded-utf8", S, "ftp://h/%ED%A0%80", true, false, "pct.overlong-utf8"},
        {"decoded-utf8", S, "ftp://h/#%E2%80%A8", true, false, "pct.line-separator"},
        {"decoded-utf8", S, "ftp://u%C2%85@h/", true, false, "pct.line-separator"},
        {"decoded-utf8", S, "ftp://h/%C3%A9%E2%80%A7", true, true},
        {"decoded-utf8", R, "ftp://h/%C0%AE", true, true},
        {"decoded-utf8", S, "ftp://h/%C0%A", false, false, "pct.malformed"},
        // telnet-iac: user, password and path reach the control connection; a fragment never does
        {"telnet-iac", S, "ftp://h/a%FF", true, false, "pct.telnet-iac"},
        {"telnet-iac", S, "ftp://u%ff@h/", true, false, "pct.telnet-iac"},
        {"telnet-iac", S, "ftp://u:p%FF%F4@h/x", true, false, "pct.telnet-iac"},
        {"telnet-iac", S, "ftp://h/a%FE#%FF", true, true},
        {"telnet-iac", R, "ftp://h/a%FF", true, true},
        {"telnet-iac", R, "ftp://a%FF/", true, true},
        {"telnet-iac", S, "ftp://h/%FF?", false, false, "pct.telnet-iac"},
        // typecode-last (the verdicts; the reading is in Constraint.TypecodeLastIsRead)
        {"typecode-last", S, "ftp://h/a;type=a", true, true},
        {"typecode-last", S, "ftp://h/;type=d", true, true},
        {"typecode-last", S, "ftp://h/a;type=a/b", false, false, "path.raw-semicolon"},
        {"typecode-last", S, "ftp://h/a;type=i;type=a", false, false, "typecode.invalid"},
        {"typecode-last", S, "ftp://h/a;b/c;type=a", false, false, "path.raw-semicolon"},
        {"typecode-last", R, "ftp://h/a;type=a/b", true, true},
        {"typecode-last", R, "ftp://h/a;type=i;type=a", true, true},
        // length-limit
        {"length-limit", S, max_uri, true, true},
        {"length-limit", S, max_uri + "a", true, false, "input.too-long"},
        {"length-limit", R, max_uri + "?", true, false, "input.too-long"},
        {"length-limit", S, "ftp://h/aaaaaaaaaaaa", true, true, {}, 20},
        {"length-limit", S, "ftp://h/aaaaaaaaaaaaa", true, false, "input.too-long", 20},
        {"length-limit", S, "ftp://h/aaaaaaaaaaaa%", false, false, "input.too-long", 20},
        {"length-limit", S, "ftp://h/a%", false, false, "pct.malformed", 20},
    };
    return cases;
}

class Constraint : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Constraint, Case)
{
    constraint_case const& c = constraint_cases()[GetParam()];
    SCOPED_TRACE(std::string(c.constraint) + " " + std::string(ftpuri::to_string(c.p)) + " \"" +
                 printable(c.input.size() > 80 ? c.input.substr(0, 60) + "..." : c.input) + "\"");
    oracle_set const& o = built_oracles();
    EXPECT_EQ(o.of(c.p).matches(c.input), c.regex) << "oracle";
    ftpuri::parse_options options;
    options.syntax = c.p;
    options.max_length = c.max_length;
    ftpuri::parse_result const r = ftpuri::parse(c.input, options);
    EXPECT_EQ(r.has_value(), c.valid) << "scanner";
    if (!r.has_value()) {
        EXPECT_EQ(r.error().info().name, c.error);
    }
    verdict const v = judge(c.input, c.p, o, c.max_length);
    EXPECT_TRUE(v.agrees) << describe(c.input, c.p, v);
    // When the regex matches, the constraint functions alone decide the verdict.
    if (c.regex) {
        EXPECT_EQ(v.required.none(), c.valid) << describe(c.input, c.p, v);
    }
}

INSTANTIATE_TEST_SUITE_P(Cases, Constraint, ::testing::Range<std::size_t>(0, constraint_cases().size()));

// Every named constraint of the grammar is implemented here and has its cases: one where the
// regex matches and the constraint makes the input invalid (except typecode-last, which never
// invalidates what the regex matches: see docs/assurance.md), one where it holds, and one that
// the regex alone rejects.
TEST(Constraint, EveryNamedConstraintHasItsCases)
{
    auto const constraints = grammar_constraints();
    std::set<std::string> implemented;
    for (std::string_view n : implemented_constraints())
        implemented.insert(std::string(n));
    std::set<std::string> in_grammar;
    for (auto const& [name, text] : constraints)
        in_grammar.insert(name);
    EXPECT_EQ(implemented, in_grammar) << "constraints.cpp and docs/grammar.abnf name different constraints";
    for (std::string const& name : in_grammar) {
        int rejected = 0, holds = 0, regex_rejects = 0;
        for (constraint_case const& c : constraint_cases()) {
            if (c.constraint != name) continue;
            rejected += c.regex && !c.valid ? 1 : 0;
            holds += c.regex && c.valid ? 1 : 0;
            regex_rejects += !c.regex ? 1 : 0;
        }
        if (name != "typecode-last") {
            EXPECT_GT(rejected, 0) << name << ": no input the regex accepts and it rejects";
        }
        EXPECT_GT(holds, 0) << name << ": no input the regex accepts and it lets pass";
        EXPECT_GT(regex_rejects, 0) << name << ": no input the regex rejects";
    }
}

// typecode-last in rfc3986: a ";type=X" is the typecode only when it ends the path.
TEST(Constraint, TypecodeLastIsRead)
{
    struct reading {
        profile p;
        char const* input;
        char typecode;
        char const* path;
    };
    for (reading const& x :
         {reading{R, "ftp://h/a;type=a/b", '\0', "/a;type=a/b"},
          reading{R, "ftp://h/a;type=i;type=a", 'a', "/a;type=i"}, reading{R, "ftp://h/a/b;TYPE=D?q", 'd', "/a/b"},
          reading{R, "ftp://h/a;type=a#f", 'a', "/a"}, reading{S, "ftp://h/a;type=i", 'i', "/a"},
          reading{S, "ftp://h/;type=d", 'd', "/"}}) {
        ftpuri::parse_options options;
        options.syntax = x.p;
        ftpuri::parse_result const r = ftpuri::parse(std::string_view(x.input), options);
        ASSERT_TRUE(r.has_value()) << x.input;
        EXPECT_EQ(r->typecode(), x.typecode) << x.input;
        EXPECT_EQ(r->path(), x.path) << x.input;
    }
}

// ---------------------------------------------------------------------------------------------
// The judge can fail
// ---------------------------------------------------------------------------------------------

TEST(Judge, CatchesAWrongOracle)
{
    oracle_set const& real = built_oracles();
    // The rfc3986 regex standing in for the strict one, and a strict regex without its named
    // groups (so the constraints see no components).
    oracle_set const wrong{oracle(read_file(oracle_path("ftp_oracle_rfc3986.re2"))),
                           oracle(read_file(oracle_path("ftp_oracle_rfc3986.re2"))),
                           oracle(read_file(oracle_path("ftp_oracle_ipv4address.re2")))};
    EXPECT_TRUE(judge("ftp://h/a;b", S, real).agrees);
    EXPECT_FALSE(judge("ftp://h/a;b", S, wrong).agrees);
    EXPECT_FALSE(judge("ftp://h?q", S, wrong).agrees);

    std::string ungrouped = read_file(oracle_path("ftp_oracle_strict.re2"));
    for (std::size_t at; (at = ungrouped.find("(?P<")) != std::string::npos;)
        ungrouped.replace(at, ungrouped.find('>', at) + 1 - at, "(?:");
    oracle_set const blind{oracle(ungrouped), oracle(read_file(oracle_path("ftp_oracle_rfc3986.re2"))),
                           oracle(read_file(oracle_path("ftp_oracle_ipv4address.re2")))};
    ASSERT_TRUE(blind.strict.ok()) << blind.strict.error();
    EXPECT_TRUE(judge("ftp://h:0/", S, real).agrees);
    EXPECT_FALSE(judge("ftp://h:0/", S, blind).agrees);
    EXPECT_FALSE(judge("ftp://h/..", S, blind).agrees);
    EXPECT_TRUE(judge("ftp://h/a", S, blind).agrees);
}

// ---------------------------------------------------------------------------------------------
// docs/assurance.md traces every rule
// ---------------------------------------------------------------------------------------------

TEST(OracleDocs, TraceTableNamesEveryRule)
{
    std::string const doc = read_file(std::string(FTPURI_SOURCE_DIR) + "/docs/assurance.md");
    ASSERT_FALSE(doc.empty());
    std::istringstream in(read_file(grammar_path()));
    std::string line;
    int rules = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == ';' || line[0] == ' ') continue;
        std::string const name = line.substr(0, line.find(' '));
        ++rules;
        EXPECT_NE(doc.find("| `" + name + "` |"), std::string::npos)
            << "docs/assurance.md's trace table has no row for rule " << name;
    }
    EXPECT_GE(rules, 40);
}

// Every file the trace table's file column names exists, and every identifier its code column
// names is one the sources define or use, so that moving or renaming code without the table fails
// here.
TEST(OracleDocs, TraceTableNamesCodeThatExists)
{
    std::string const doc = read_file(std::string(FTPURI_SOURCE_DIR) + "/docs/assurance.md");
    std::size_t const begin = doc.find("## Tracing the grammar");
    ASSERT_NE(begin, std::string::npos);
    std::istringstream table(doc.substr(begin, doc.find("\n## ", begin + 1) - begin));

    std::string sources;
    for (char const* dir : {"/src", "/include"})
        for (auto const& entry : fs::recursive_directory_iterator(std::string(FTPURI_SOURCE_DIR) + dir))
            if (entry.is_regular_file()) {
                // Code only: a name that survives in a comment alone has been renamed.
                std::istringstream lines(read_file(entry.path().string()));
                for (std::string code; std::getline(lines, code);)
                    if (code.find_first_not_of(' ') == std::string::npos ||
                        code.compare(code.find_first_not_of(' '), 2, "//") != 0)
                        sources += code + "\n";
            }
    auto const is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    auto const defined = [&](std::string const& name) {
        for (std::size_t at = sources.find(name); at != std::string::npos; at = sources.find(name, at + 1)) {
            bool const starts = at == 0 || !is_word(sources[at - 1]);
            bool const ends = at + name.size() == sources.size() || !is_word(sources[at + name.size()]);
            if (starts && ends) return true;
        }
        return false;
    };

    std::string line;
    int identifiers = 0;
    while (std::getline(table, line)) {
        if (line.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells;
        for (std::size_t at = 0; at != std::string::npos;) {
            std::size_t const next = line.find(" | ", at);
            cells.push_back(line.substr(at, next == std::string::npos ? std::string::npos : next - at));
            at = next == std::string::npos ? next : next + 3;
        }
        ASSERT_EQ(cells.size(), 5U) << line;
        std::string const& file = cells[2];
        ASSERT_TRUE(file.size() > 2 && file.front() == '`' && file.back() == '`') << line;
        EXPECT_TRUE(fs::is_regular_file(std::string(FTPURI_SOURCE_DIR) + "/" + file.substr(1, file.size() - 2)))
            << "docs/assurance.md names " << file << ", which does not exist";
        for (std::string const& cell : {cells[3]}) {
            for (std::size_t open = cell.find('`'); open != std::string::npos; open = cell.find('`', open + 1)) {
                std::size_t const close = cell.find('`', open + 1);
                std::string const token = cell.substr(open + 1, close - open - 1);
                open = close;
                // Identifiers only: not "[v...]", "/", "ftp://", nor a diagnostic id such as
                // "host.ipvfuture".
                if (token.empty() ||
                    !std::all_of(token.begin(), token.end(), [&](char c) { return is_word(c) || c == ':'; }))
                    continue;
                if (std::isalpha(static_cast<unsigned char>(token[0])) == 0) continue;
                std::string const name = token.substr(token.rfind(':') == std::string::npos ? 0 : token.rfind(':') + 1);
                EXPECT_TRUE(defined(name)) << "docs/assurance.md names " << token << ", which src/ and include/ lack";
                ++identifiers;
            }
        }
    }
    EXPECT_GE(identifiers, 60);
}

// ---------------------------------------------------------------------------------------------
// Every known input
// ---------------------------------------------------------------------------------------------

void add_json_strings(rapidjson::Value const& v, std::vector<std::string>& out)
{
    if (v.IsString()) {
        out.emplace_back(v.GetString(), v.GetStringLength());
    } else if (v.IsArray()) {
        for (auto const& x : v.GetArray())
            add_json_strings(x, out);
    } else if (v.IsObject()) {
        for (auto const& m : v.GetObject())
            add_json_strings(m.value, out);
    }
}

// Every string of every record of the peer vectors (inputs, expected hrefs, components: any
// string is a fair input).
std::vector<std::string> vector_inputs(std::size_t& records)
{
    std::vector<std::string> out;
    records = ftpuri_test::for_each_vector_record([&](rapidjson::Document const& d) { add_json_strings(d, out); });
    return out;
}

// Every file under corpus/: the whole file as one input (fuzz regression inputs), and each line.
std::vector<std::string> corpus_inputs(std::size_t& files)
{
    std::vector<std::string> out;
    std::vector<ftpuri_test::source_file> const all = ftpuri_test::files_under("corpus");
    files = all.size();
    for (ftpuri_test::source_file const& file : all) {
        out.push_back(file.text);
        std::istringstream in(file.text);
        std::string line;
        while (std::getline(in, line))
            out.push_back(line);
    }
    return out;
}

// The string literals of tests/*.cpp that look like URIs (they hold "://" or begin with "ftp"),
// with their escapes decoded.
std::vector<std::string> test_literals(std::size_t& files)
{
    std::vector<std::string> out;
    files = 0;
    for (auto const& entry : fs::recursive_directory_iterator(fs::path(FTPURI_SOURCE_DIR) / "tests")) {
        if (entry.path().extension() != ".cpp") continue;
        ++files;
        std::string const src = read_file(entry.path().string());
        for (std::size_t i = 0; i < src.size(); ++i) {
            if (src[i] != '"' || (i > 0 && (src[i - 1] == '\'' || src[i - 1] == '\\'))) continue;
            if (i > 0 && src[i - 1] == 'R') { // a raw string R"(...)": taken as it is
                std::size_t const close = src.find(")\"", i);
                if (close == std::string::npos) break;
                std::string const lit = src.substr(i + 2, close - i - 2);
                if (lit.find("://") != std::string::npos) out.push_back(lit);
                i = close + 1;
                continue;
            }
            std::string lit;
            std::size_t j = i + 1;
            bool ok = true;
            for (; j < src.size() && src[j] != '"'; ++j) {
                if (src[j] == '\n') {
                    ok = false;
                    break;
                }
                if (src[j] != '\\') {
                    lit += src[j];
                    continue;
                }
                char const e = src[++j];
                if (e == 'x') {
                    unsigned v = 0;
                    int digits = 0;
                    while (digits < 2 && std::isxdigit(static_cast<unsigned char>(src[j + 1]))) {
                        char const h = src[++j];
                        v = v * 16 + static_cast<unsigned>(
                                         std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (h | 0x20) - 'a' + 10);
                        ++digits;
                    }
                    lit += static_cast<char>(v);
                } else if (e >= '0' && e <= '7') {
                    unsigned v = static_cast<unsigned>(e - '0');
                    for (int k = 0; k < 2 && src[j + 1] >= '0' && src[j + 1] <= '7'; ++k)
                        v = v * 8 + static_cast<unsigned>(src[++j] - '0');
                    lit += static_cast<char>(v);
                } else {
                    lit += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
                }
            }
            if (!ok) continue;
            std::string lower = lit.substr(0, 3);
            std::transform(lower.begin(), lower.end(), lower.begin(),
                           [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
            if (lit.find("://") != std::string::npos || lower == "ftp") out.push_back(lit);
            i = j;
        }
    }
    return out;
}

void judge_all(std::vector<std::string> const& inputs, char const* what, std::size_t sources)
{
    oracle_set const& o = built_oracles();
    std::size_t valid[2] = {0, 0}, failures = 0;
    std::string report;
    for (std::string const& s : inputs) {
        for (profile p : {S, R}) {
            verdict const v = judge(s, p, o);
            valid[p == S ? 0 : 1] += v.scanner ? 1 : 0;
            if (!v.agrees && ++failures <= 25) report += "  " + describe(s, p, v) + "\n";
        }
    }
    std::printf("[ known inputs ] %s: %zu inputs from %zu sources, each in both profiles; valid: %zu strict, "
                "%zu rfc3986\n",
                what, inputs.size(), sources, valid[0], valid[1]);
    EXPECT_EQ(failures, 0u) << report;
}

TEST(KnownInputs, Corpus)
{
    std::size_t files = 0;
    std::vector<std::string> const inputs = corpus_inputs(files);
    EXPECT_GT(inputs.size(), 0u);
    judge_all(inputs, "corpus/", files);
}

TEST(KnownInputs, PeerVectors)
{
    std::size_t records = 0;
    std::vector<std::string> const inputs = vector_inputs(records);
    EXPECT_GT(records, 50u);
    judge_all(inputs, "tests/data/*.jsonl (every string of every record)", records);
}

TEST(KnownInputs, UriLiteralsOfTheTests)
{
    std::size_t files = 0;
    std::vector<std::string> const inputs = test_literals(files);
    EXPECT_GT(inputs.size(), 500u);
    judge_all(inputs, "URI literals of tests/*.cpp", files);
}

} // namespace
