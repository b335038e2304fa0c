// SPDX-License-Identifier: Apache-2.0
// oracle/constraint_test.cpp: part of oracle_test (docs/assurance.md): each named constraint of
// the grammar on its own (suite Constraint): inputs the regex accepts and the constraint
// rejects, and the other way round; every constraint has such cases; typecode-last is read.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "oracle.hpp"
#include "oracle_test_support.hpp"

namespace {

using ftpuri::profile;
using namespace ftpuri_oracle;
using namespace ftpuri_oracle_test;

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
    return std::string(n, c); // NOLINT(modernize-return-braced-init-list): {n, c} is two chars
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

} // namespace
