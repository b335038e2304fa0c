// SPDX-License-Identifier: Apache-2.0
// oracle/abnf_to_re2_test.cpp: the regex writer of tests/support/abnf/ (what the build-time tool
// abnf_to_re2 writes the oracle with) on small grammars written here: each refusal, and each
// construct's regex run by RE2 as the oracle runs it (Latin-1, whole input), so that a wrong
// translation is caught here before it reaches the oracle.
#include <gtest/gtest.h>
#include <re2/re2.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/abnf.hpp"

namespace {

using ftpuri_test::abnf::abnf_to_re2;
using ftpuri_test::abnf::regex_result;

// The error of translating `rule`, which must be refused with a message that holds `fragment`.
void expect_refused(std::string const& grammar, std::string_view rule, std::string_view fragment,
                    std::vector<std::string> const& captures = {})
{
    regex_result const r = abnf_to_re2(grammar, rule, captures);
    EXPECT_TRUE(r.regex.empty()) << grammar << " gave /" << r.regex << "/";
    EXPECT_NE(r.error.find(fragment), std::string::npos)
        << grammar << ": error '" << r.error << "' lacks '" << fragment << "'";
}

RE2::Options latin1()
{
    RE2::Options o;
    o.set_encoding(RE2::Options::EncodingLatin1);
    o.set_log_errors(false);
    return o;
}

// The regex of `rule` matches every input of `yes` and none of `no`, whole.
void expect_matches(std::string const& grammar, std::string_view rule, std::vector<std::string> const& yes,
                    std::vector<std::string> const& no, std::vector<std::string> const& captures = {})
{
    regex_result const r = abnf_to_re2(grammar, rule, captures);
    ASSERT_TRUE(r.error.empty()) << grammar << ": " << r.error;
    RE2 const re(r.regex, latin1());
    ASSERT_TRUE(re.ok()) << r.regex << ": " << re.error();
    for (std::string const& s : yes)
        EXPECT_TRUE(RE2::FullMatch(s, re)) << "/" << r.regex << "/ should match '" << s << "'";
    for (std::string const& s : no)
        EXPECT_FALSE(RE2::FullMatch(s, re)) << "/" << r.regex << "/ should not match '" << s << "'";
}

TEST(AbnfToRe2, RefusesRecursionWithItsCycle)
{
    expect_refused("a = \"x\" a / \"y\"\n", "a", "recursive rule: a -> a");
    expect_refused("a = b\nb = \"(\" c \")\"\nc = a / \"x\"\n", "a", "a -> b -> c -> a");
}

TEST(AbnfToRe2, RefusesWhatIsNotSelfContainedAbnf)
{
    expect_refused("a = b\n", "a", "undefined rule b");
    expect_refused("a = <anything>\n", "a", "prose value");
    expect_refused("a = \"x\"\na = \"y\"\n", "a", "defined twice");
    expect_refused("a =/ \"x\"\n", "a", "before its '=' definition");
    expect_refused("a = ( \"x\"\n", "a", "unclosed group");
    expect_refused("a = \"x\" /\n", "a", "without an element");
    expect_refused("a = 3*2\"x\"\n", "a", "repetition 3*2");
    expect_refused("  a = \"x\"\n", "a", "indented line outside");
    expect_refused("a = %x39-30\n", "a", "empty range");
    expect_refused("a = \"x\"\n", "b", "no rule b");
}

TEST(AbnfToRe2, RefusesWhatRe2OrBytesCannotHold)
{
    expect_refused("a = 1001\"x\"\n", "a", "RE2's limit");
    expect_refused("a = *1001\"x\"\n", "a", "RE2's limit");
    expect_refused("a = %x100\n", "a", "above 255");
    expect_refused("a = %x41-100\n", "a", "above 255");
}

TEST(AbnfToRe2, RefusesCapturesThatCannotHoldTheRule)
{
    expect_refused("a = b b\nb = \"x\"\n", "a", "inlined more than once", {"b"});
    expect_refused("a = *b\nb = \"x\"\n", "a", "inside a repetition", {"b"});
    expect_refused("a = \"x\"\n", "a", "no such rule", {"c"});
    expect_refused("a = \"x\"\nb = \"y\"\n", "a", "not reached from a", {"b"});
}

TEST(AbnfToRe2, TranslatesLiteralsAndValues)
{
    expect_matches("a = \"ftp:\"\n", "a", {"ftp:", "FTP:", "fTp:"}, {"ftp", "ftp;"});
    expect_matches("a = %s\"Ab\"\n", "a", {"Ab"}, {"ab", "AB"});
    expect_matches("a = %i\"Ab\"\n", "a", {"Ab", "ab", "AB"}, {"Ac"});
    expect_matches("a = %x41.42 %d48 %b110001\n", "a", {"AB01"}, {"ab01", "AB0"});
    expect_matches("a = %X41 %D66\n", "a", {"AB"}, {"ab"});
    expect_matches("a = %x80-FF\n", "a", {"\x80", "\xFF"}, {"\x7F", ""});
    expect_matches("a = \".\" \"*\" \"+\" \"?\" \"(\" \")\" \"[\" \"]\" \"{\" \"}\" \"|\" \"^\" \"$\" \"\\\"\n", "a",
                   {".*+?()[]{}|^$\\"}, {"a*+?()[]{}|^$\\"});
}

TEST(AbnfToRe2, TranslatesAlternativesGroupsAndRepetitions)
{
    expect_matches("a = ( \"x\" / \"yz\" ) [ \"-\" ]\n", "a", {"x", "yz", "x-", "YZ-"}, {"", "-", "xyz"});
    expect_matches("a = 2*3\"x\" *\"y\" 1*\"z\" 2\"w\"\n", "a", {"xxzww", "xxxyyzzww"},
                   {"xzww", "xxxxzww", "xxww", "xxzw"});
    expect_matches("a = \"x\" 0\"y\"\n", "a", {"x"}, {"xy"});
    expect_matches("a = [ *\"x\" ] 2( *1\"y\" )\n", "a", {"", "xx", "y", "yy", "xy"}, {"yyy"});
    expect_matches("a = 1*( ALPHA / DIGIT / \"-\" )\nALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n", "a", {"a-1", "Z"},
                   {"", "a.b", "\x80"});
}

TEST(AbnfToRe2, ReadsDefinitionsAsRfc5234Does)
{
    expect_matches("a = \"x\"\na =/ \"y\"\n", "a", {"x", "y"}, {"xy"});
    expect_matches("a = \"x\" ; a comment \"y\"\n    ; an indented comment\n    / \"z\"\n; column 1 comment\n"
                   "b = \"q\"\n",
                   "a", {"x", "z"}, {"y", "q"});
}

TEST(AbnfToRe2, CapturesNamedRules)
{
    std::string const grammar = "a = b \":\" c\nb = *%x61-7A\nc = *%x30-39\n";
    expect_matches(grammar, "a", {"ab:12", ":"}, {"a1:"}, {"b", "c"});
    regex_result const r = abnf_to_re2(grammar, "a", {"b", "c"});
    ASSERT_TRUE(r.error.empty()) << r.error;
    RE2 const re(r.regex, latin1());
    std::string b, c;
    ASSERT_TRUE(RE2::FullMatch("ab:12", re, &b, &c)) << r.regex;
    EXPECT_EQ(b, "ab");
    EXPECT_EQ(c, "12");
    EXPECT_EQ(re.NamedCapturingGroups().count("b"), 1U) << r.regex;
    EXPECT_EQ(re.NamedCapturingGroups().count("c"), 1U) << r.regex;
    // A rule name's '-' is spelled '_' in its group's name.
    regex_result const dashed = abnf_to_re2("a = b-c\nb-c = \"x\"\n", "a", {"b-c"});
    EXPECT_EQ(dashed.regex, "(?P<b_c>[Xx])") << dashed.error;
}

// Lenient captures, for changed copies of a grammar: b is repeated and inlined twice (its first
// place keeps the group), d is not reached; none of it is an error.
TEST(AbnfToRe2, LenientCapturesKeepTheFirstPlace)
{
    regex_result const r = abnf_to_re2("a = *b c b\nb = \"1\"\nc = \"2\"\nd = \"3\"\n", "a", {"b", "c", "d"}, true);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.regex, "(?P<b>1)*(?P<c>2)1");
}

// The regex's shape, where it decides what RE2 is given: single bytes merge into one class, a
// run of two is written as its bytes, a longer one as a range, other bytes as \xHH.
TEST(AbnfToRe2, WritesClassesAndQuantifiersCompactly)
{
    EXPECT_EQ(abnf_to_re2("a = \"a\" / \"b\" / %x30-39 / \"-\"\n", "a", {}).regex, "[\\x2D0-9ABab]");
    EXPECT_EQ(abnf_to_re2("a = 1*3( \"x\" \"y\" ) [ \"z\" ]\n", "a", {}).regex, "(?:[Xx][Yy]){1,3}[Zz]?");
    EXPECT_EQ(abnf_to_re2("a = 2*( \"x\" / \"yz\" )\n", "a", {}).regex, "(?:[Xx]|[Yy][Zz]){2,}");
    EXPECT_EQ(abnf_to_re2("a = %x00-FF\n", "a", {}).regex, "[\\x00-\\xFF]");
}

// The regex writer and the interpreter the grammar tests use read the grammar through the same
// model but run it two ways. On every rule of docs/grammar.abnf, every string of up to two bytes
// over the bytes that matter and a few whole components and URIs, they agree.
TEST(AbnfToRe2, AgreesWithTheInterpreterOnTheGrammar)
{
    std::ifstream in(std::string(FTPURI_SOURCE_DIR) + "/docs/grammar.abnf", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    ftpuri_test::abnf::grammar_file const g = ftpuri_test::abnf::read_grammar(text.str());
    ASSERT_TRUE(g.errors.empty()) << ftpuri_test::abnf::joined(g.errors);
    ftpuri_test::abnf::interpreter interpret(g);
    ASSERT_EQ(interpret.error(), "");

    std::string const alphabet = std::string("aAfFxX019:/@.%-;=?#[]~v ") + "\x80";
    std::vector<std::string> inputs = {"",
                                       "ftp://user:pw@ftp.example.org:21/pub/a%20b;type=i#f",
                                       "ftp://[::1]/",
                                       "ftp://[v1.x]/",
                                       "ftp://192.0.2.1/x",
                                       "ftp://h/a;b?q",
                                       "192.0.2.255",
                                       "::ffff:1.2.3.4",
                                       "1:2:3:4:5:6:7:8",
                                       "v1.x",
                                       "%41%7e",
                                       ";type=d",
                                       "/a/b/",
                                       "xn--a.example.",
                                       "99999"};
    for (char a : alphabet) {
        inputs.emplace_back(1, a);
        for (char b : alphabet)
            inputs.push_back(std::string{a, b});
    }
    int compared = 0;
    for (ftpuri_test::abnf::rule_def const& r : g.rules) {
        regex_result const written = abnf_to_re2(text.str(), r.name, {});
        ASSERT_EQ(written.error, "") << r.name;
        RE2 const re(written.regex, latin1());
        ASSERT_TRUE(re.ok()) << r.name << ": " << re.error();
        for (std::string const& s : inputs) {
            EXPECT_EQ(RE2::FullMatch(s, re), interpret.matches(r.name, s)) << r.name << " on '" << s << "'";
            ++compared;
        }
    }
    EXPECT_GT(compared, 40 * 600);
}

} // namespace
