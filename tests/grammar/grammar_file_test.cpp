// SPDX-License-Identifier: Apache-2.0
// tests/grammar/grammar_file_test.cpp: docs/grammar.abnf is well-formed, self-contained RFC 5234 ABNF,
// and means what docs/behaviour.md says.
//
// The file is read by the ABNF reader of tests/support/abnf.hpp (no dependency on the library's
// scanner, and itself tested in grammar_reader_test.cpp): every referenced rule is defined (core
// rules included), no rule is defined twice except with "=/", there are no prose values, no
// tabs, every "@constraint" line has a name and the named constraints are all there.
//
// Then the grammar is interpreted (each rule as the set of end positions it can reach, which
// is exact for this non-recursive grammar) and run on sample URIs of both profiles, and held
// to ftpuri::validate: the grammar leaves out only the named semantic constraints, so every
// URI validate() accepts must match the grammar of its profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ftpuri/parse.hpp"
#include "support/abnf.hpp"
#include "support/ascii.hpp"
#include "support/source_files.hpp"

namespace {

using namespace ftpuri_test::abnf;
using ftpuri_test::lower;
using ftpuri_test::read_file;

std::string grammar_path()
{
    return ftpuri_test::source_path("docs/grammar.abnf");
}

// ---------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------

class GrammarFile : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        text_ = new std::string(read_file(grammar_path()));
        grammar_ = new grammar_file(read_grammar(*text_));
    }
    static void TearDownTestSuite()
    {
        delete grammar_;
        delete text_;
        grammar_ = nullptr;
        text_ = nullptr;
    }
    static std::string* text_;
    static grammar_file* grammar_;
};
std::string* GrammarFile::text_ = nullptr;
grammar_file* GrammarFile::grammar_ = nullptr;

TEST_F(GrammarFile, IsReadableAndWellFormed)
{
    ASSERT_FALSE(text_->empty()) << "cannot read " << grammar_path();
    EXPECT_TRUE(grammar_->errors.empty()) << joined(grammar_->errors);
    EXPECT_GE(grammar_->rules.size(), 40u);
}

TEST_F(GrammarFile, DefinesTheRulesOfBothProfiles)
{
    for (char const* name :
         {"ftp-URI", "ftp-scheme", "authority", "user-pass", "user", "password", "usp-char", "host", "dns-name",
          "label", "port", "ftp-path", "ftp-segment", "ftp-segment-char", "typecode-part", "typecode", "fragment",
          // RFC 3986
          "IP-literal", "IPvFuture", "IPv6address", "h16", "ls32", "IPv4address", "dec-octet", "pct-encoded",
          "unreserved", "sub-delims", "pchar", "query", "segment", "path-abempty", "userinfo", "reg-name",
          // the rfc3986 profile
          "ftp-URI-rfc3986", "authority-3986", "host-3986",
          // RFC 5234 core rules
          "ALPHA", "DIGIT", "HEXDIG"})
        EXPECT_NE(grammar_->find(name), nullptr) << name;
}

TEST_F(GrammarFile, EveryRuleIsReachableFromAProfile)
{
    std::set<std::string> all = reachable(*grammar_, "ftp-URI");
    std::set<std::string> const r = reachable(*grammar_, "ftp-URI-rfc3986");
    all.insert(r.begin(), r.end());
    for (rule_def const& rule : grammar_->rules)
        EXPECT_TRUE(all.count(lower(rule.name))) << rule.name << " is unused";
}

TEST_F(GrammarFile, StrictProfileDoesNotReachTheRfc3986OnlyRules)
{
    std::set<std::string> const strict = reachable(*grammar_, "ftp-URI");
    for (char const* name : {"IPvFuture", "IP-literal", "query", "reg-name", "userinfo", "segment", "path-abempty"})
        EXPECT_FALSE(strict.count(lower(name))) << name;
    for (char const* name : {"ftp-segment-char", "usp-char", "dns-name", "IPv6address", "IPv4address", "fragment"})
        EXPECT_TRUE(strict.count(lower(name))) << name;
}

TEST_F(GrammarFile, ErrataAreFixed)
{
    // E1: the literal is ";type=", not ";typecode=".
    rule_def const* tp = grammar_->find("typecode-part");
    ASSERT_NE(tp, nullptr);
    ASSERT_EQ(tp->alternatives.size(), 1u);
    ASSERT_FALSE(tp->alternatives[0].empty());
    EXPECT_EQ(tp->alternatives[0][0].kind, tok::literal);
    EXPECT_EQ(lower(tp->alternatives[0][0].text), ";type=");
    // E2: usp-char is one character: no repetition in it.
    rule_def const* usp = grammar_->find("usp-char");
    ASSERT_NE(usp, nullptr);
    for (auto const& alt : usp->alternatives)
        for (token const& t : alt)
            EXPECT_NE(t.kind, tok::repeat) << "usp-char repeats";
    // E3: ftp-path is defined once, and every ftp-segment follows a "/".
    rule_def const* fp = grammar_->find("ftp-path");
    ASSERT_NE(fp, nullptr);
    EXPECT_EQ(fp->alternatives.size(), 1u);
    int segments = 0;
    for (auto const& alt : fp->alternatives)
        for (std::size_t i = 0; i < alt.size(); ++i)
            if (alt[i].kind == tok::name && lower(alt[i].text) == "ftp-segment") {
                ++segments;
                ASSERT_GT(i, 0u);
                EXPECT_EQ(alt[i - 1].kind, tok::literal);
                EXPECT_EQ(alt[i - 1].text, "/");
            }
    EXPECT_EQ(segments, 1);
    // Each erratum is marked where it is fixed.
    for (char const* mark : {"ERRATUM E1", "ERRATUM E2", "ERRATUM E3"})
        EXPECT_NE(text_->find(mark), std::string::npos) << mark;
}

TEST_F(GrammarFile, EveryRuleNamesItsSource)
{
    // The comment block just above each definition cites RFC 3986, RFC 5234, RFC 1738, a draft
    // or docs/behaviour.md.
    std::istringstream in(*text_);
    std::string line, comment;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.starts_with(';')) {
            comment += line + "\n";
            continue;
        }
        if (!line.empty() && line.front() != ' ') {
            bool const cited = comment.find("RFC ") != std::string::npos ||
                               comment.find("draft-") != std::string::npos ||
                               comment.find("docs/behaviour.md") != std::string::npos;
            EXPECT_TRUE(cited) << "line " << line_no << ": " << line;
        }
        if (line.empty() || line.front() != ' ') comment.clear();
    }
}

TEST_F(GrammarFile, NamedConstraintsArePresent)
{
    for (char const* name :
         {"port-range", "dns-label-length", "dns-name-length", "dns-label-hyphen", "numeric-host", "dot-segment-depth",
          "decoded-control", "decoded-traversal", "typecode-last", "length-limit"}) {
        EXPECT_NE(std::find(grammar_->constraint_names.begin(), grammar_->constraint_names.end(), name),
                  grammar_->constraint_names.end())
            << name;
    }
    // Everything after the heading "Named semantic constraints" is comment.
    std::size_t const heading = text_->rfind("Named semantic constraints");
    ASSERT_NE(heading, std::string::npos);
    std::istringstream rest(text_->substr(heading));
    std::string line;
    std::getline(rest, line);
    while (std::getline(rest, line))
        EXPECT_TRUE(line.empty() || line.front() == ';') << line;
}

// ---------------------------------------------------------------------------------------------
// The grammar means what docs/behaviour.md says
// ---------------------------------------------------------------------------------------------

struct sample {
    char const* input;
    bool strict;  // matches ftp-URI
    bool rfc3986; // matches ftp-URI-rfc3986
};

// Inputs chosen so that the semantic constraints do not decide them: here the grammar alone
// gives the answer, and validate() must give the same one.
constexpr sample samples[] = {
    {"ftp://host", true, true},
    {"ftp://host/", true, true},
    {"FTP://Host.Example.ORG/", true, true},
    {"ftp://ftp.example.org/pub/README", true, true},
    {"ftp://u:p@h.example:2121/a/b/c.txt;type=i#frag", true, true},
    {"ftp://u@h/", true, true},
    {"ftp://@h/", true, true},
    {"ftp://:@h/", true, true},
    {"ftp://u%40x:p%3Aq@h/", true, true},
    {"ftp://h:/", true, true},
    {"ftp://h:21/", true, true},
    {"ftp://h./x", true, true},
    {"ftp://a-b.c-d/", true, true},
    {"ftp://1.2.3.4/", true, true},
    {"ftp://255.255.255.255/", true, true},
    {"ftp://[::1]/", true, true},
    {"ftp://[2001:db8::1]:21/x", true, true},
    {"ftp://[::ffff:192.0.2.1]/", true, true},
    {"ftp://[1:2:3:4:5:6:7:8]/", true, true},
    {"ftp://h/;type=d", true, true},
    {"ftp://h/a/b/;TYPE=A", true, true},
    {"ftp://h//a//", true, true},
    {"ftp://h/~/x", true, true},
    {"ftp://h/%2Fetc/motd", true, true},
    {"ftp://h/a:b@c!$&'()*+,=", true, true},
    {"ftp://h/x#a/b?c", true, true},
    {"ftp://h#", true, true},
    // strict only rejects
    {"ftp://h/a;b", false, true},
    {"ftp://h/a;type=i/b", false, true},
    {"ftp://h/a;typecode=i", false, true},
    {"ftp://h/a;type=x", false, true},
    {"ftp://h/a?q", false, true},
    {"ftp://h?", false, true},
    {"ftp://u:p:q@h/", false, true},
    {"ftp://[v7.abc]/", false, true},
    {"ftp://a_b/", false, true},
    {"ftp://a~b/", false, true},
    {"ftp://h!x/", false, true},
    {"ftp://h%41/", false, true},
    {"ftp:///p", false, true},
    {"ftp://@/", false, true},
    {"ftp://a..b/", false, true},
    // both reject
    {"ftp:h", false, false},
    {"ftp:/h", false, false},
    {"http://h/", false, false},
    {"ftps://h/", false, false},
    {"ftp://h/a b", false, false},
    {"ftp://h/a\\b", false, false},
    {"ftp://h/a%2", false, false},
    {"ftp://h/a%zz", false, false},
    {"ftp://u@v@h/", false, false},
    {"ftp://h:x/", false, false},
    {"ftp://h;type=a", false, true}, // rfc3986: ';' and '=' are sub-delims of reg-name
    {"ftp://[::1%25eth0]/", false, false},
    {"ftp://[::1/", false, false},
    {"ftp://[:::]/", false, false},
    {"ftp://[1:2:3:4:5:6:7:8:9]/", false, false},
    {"ftp://[1::2::3]/", false, false},
    {"ftp://[::1.2.3]/", false, false},
    {"ftp://[1.2.3.4::]/", false, false},
    {"ftp://[v.x]/", false, false},
    {"ftp://[vG.x]/", false, false},
    {"ftp://h/#a#b", false, false},
    {"ftp://h/[x]", false, false},
};

class GrammarMeaning : public GrammarFile {};

TEST_F(GrammarMeaning, SamplesMatchTheirProfiles)
{
    interpreter m(*grammar_);
    ASSERT_TRUE(m.error().empty()) << m.error();
    for (sample const& s : samples) {
        EXPECT_EQ(m.matches("ftp-URI", s.input), s.strict) << "strict: " << s.input;
        EXPECT_EQ(m.matches("ftp-URI-rfc3986", s.input), s.rfc3986) << "rfc3986: " << s.input;
    }
}

TEST_F(GrammarMeaning, RulesMatchTheirRfcExamples)
{
    interpreter m(*grammar_);
    ASSERT_TRUE(m.error().empty()) << m.error();
    for (char const* ok : {"0", "9", "10", "99", "100", "199", "200", "249", "250", "255"})
        EXPECT_TRUE(m.matches("dec-octet", ok)) << ok;
    for (char const* bad : {"01", "256", "260", "300", "1000", "", "-1"})
        EXPECT_FALSE(m.matches("dec-octet", bad)) << bad;
    for (char const* ok : {"1:2:3:4:5:6:7:8", "::2:3:4:5:6:7:8", "1::3:4:5:6:7:8", "1:2::4:5:6:7:8", "1:2:3::5:6:7:8",
                           "1:2:3:4::6:7:8", "1:2:3:4:5::7:8", "1:2:3:4:5:6::8", "1:2:3:4:5:6:7::", "::", "::1.2.3.4",
                           "1:2:3:4:5:6:1.2.3.4", "1::1.2.3.4", "FFFF::abcd"})
        EXPECT_TRUE(m.matches("IPv6address", ok)) << ok;
    for (char const* bad : {":::", "1:2:3:4:5:6:7:8:9", "::1.2.3", "1::2::3", "1.2.3.4::", "1:2:3:4:5:6:7:1.2.3.4",
                            "12345::", "1:2:3:4:5:6:7", ":1::"})
        EXPECT_FALSE(m.matches("IPv6address", bad)) << bad;
    EXPECT_TRUE(m.matches("typecode-part", ";TyPe=D"));
    EXPECT_FALSE(m.matches("typecode-part", ";typecode=d"));
    EXPECT_TRUE(m.matches("usp-char", "%3a"));
    EXPECT_FALSE(m.matches("usp-char", ":"));
    EXPECT_FALSE(m.matches("usp-char", "ab"));
    EXPECT_TRUE(m.matches("ftp-path", ""));
    EXPECT_FALSE(m.matches("ftp-path", ";type=a")); // a typecode follows a segment
    EXPECT_FALSE(m.matches("ftp-path", "name"));    // erratum E3: no name without '/'
}

// The grammar leaves out only the named constraints, so it accepts everything validate()
// accepts; on the samples, which no constraint decides, the two agree exactly.
TEST_F(GrammarMeaning, AgreesWithValidate)
{
    interpreter m(*grammar_);
    ASSERT_TRUE(m.error().empty()) << m.error();
    ftpuri::parse_options strict;
    ftpuri::parse_options rfc;
    rfc.syntax = ftpuri::profile::rfc3986;
    for (sample const& s : samples) {
        EXPECT_EQ(ftpuri::validate(s.input, strict), s.strict) << "strict: " << s.input;
        EXPECT_EQ(ftpuri::validate(s.input, rfc), s.rfc3986) << "rfc3986: " << s.input;
    }
    // Inputs that the constraints reject: the grammar accepts them, validate() does not.
    for (char const* constrained :
         {"ftp://h:0/", "ftp://h:65536/", "ftp://-a/", "ftp://a-/", "ftp://127.1/", "ftp://010.0.0.1/",
          "ftp://2130706433/", "ftp://h/..", "ftp://h/a/../..", "ftp://h/a%00", "ftp://h/a%0D%0A", "ftp://h/a%01",
          "ftp://h/..%2Fx", "ftp://h/a%5Cb"}) {
        EXPECT_TRUE(m.matches("ftp-URI", constrained)) << constrained;
        EXPECT_FALSE(ftpuri::validate(constrained, strict)) << constrained;
    }
}

} // namespace
