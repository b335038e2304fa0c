// SPDX-License-Identifier: Apache-2.0
// tests/grammar/grammar_reader_test.cpp: the ABNF reader and interpreter of tests/support/abnf.hpp find
// what they are meant to find, on small grammars written here, so that each check that
// grammar_file_test.cpp and charset_test.cpp make of docs/grammar.abnf can fail.
#include <gtest/gtest.h>

#include "support/abnf.hpp"

namespace {

using namespace ftpuri_test::abnf;

// ---------------------------------------------------------------------------------------------
// The reader finds what it is meant to find.
// ---------------------------------------------------------------------------------------------

TEST(GrammarReader, AcceptsAGoodGrammar)
{
    grammar_file const g = read_grammar("; a comment\n"
                                        "a = b / \"x;y\" ; trailing comment\n"
                                        "    / 2*3c\n"
                                        "a =/ %x41-5A\n"
                                        "b = [ c ] *( c \"/\" )\n"
                                        "c = %x30.31\n"
                                        "; @constraint c-rule: text\n");
    EXPECT_TRUE(g.errors.empty()) << joined(g.errors);
    EXPECT_EQ(g.rules.size(), 3u);
    ASSERT_EQ(g.constraint_names.size(), 1u);
    EXPECT_EQ(g.constraint_names[0], "c-rule");
}

TEST(GrammarReader, FindsAnUndefinedRule)
{
    EXPECT_TRUE(has_error(read_grammar("a = b\n"), "undefined rule b"));
    EXPECT_TRUE(has_error(read_grammar("a = ALPHA\n"), "undefined rule ALPHA"));
}

TEST(GrammarReader, FindsADuplicateRule)
{
    EXPECT_TRUE(has_error(read_grammar("a = \"x\"\nA = \"y\"\n"), "defined twice"));
    EXPECT_TRUE(has_error(read_grammar("a =/ \"x\"\n"), "before its '=' definition"));
    EXPECT_TRUE(read_grammar("a = \"x\"\na =/ \"y\"\n").errors.empty());
}

TEST(GrammarReader, FindsProseValues)
{
    EXPECT_TRUE(has_error(read_grammar("a = <anything>\n"), "prose"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\" ; see <cwd>\n"), "prose"));
    EXPECT_TRUE(read_grammar("a = \"<\"\n").errors.empty());
}

TEST(GrammarReader, FindsBadConstraintLines)
{
    EXPECT_TRUE(has_error(read_grammar("; @constraint : no name\n"), "without a kebab-case name"));
    EXPECT_TRUE(has_error(read_grammar("; @constraint Port_Range: x\n"), "without a kebab-case name"));
    EXPECT_TRUE(has_error(read_grammar("; @constraint port-range\n"), "without a kebab-case name"));
    EXPECT_TRUE(has_error(read_grammar("; note @constraint x: y\n"), "must start a comment line"));
    EXPECT_TRUE(has_error(read_grammar("; @constraint x: y\n; @constraint x: z\n"), "named twice"));
}

TEST(GrammarReader, FindsMalformedDefinitions)
{
    EXPECT_TRUE(has_error(read_grammar("a = ( \"x\"\n"), "unclosed"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\" )\n"), "unbalanced"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\" /\n"), "without an element"));
    EXPECT_TRUE(has_error(read_grammar("a =\n"), "empty definition"));
    EXPECT_TRUE(has_error(read_grammar("a = %x4#\n"), "unexpected character"));
    EXPECT_TRUE(has_error(read_grammar("a = %x\n"), "bad numeric value"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\n"), "unterminated"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\"\n\tb\n"), "tab"));
    EXPECT_TRUE(has_error(read_grammar("    / \"x\"\n"), "outside a definition"));
    EXPECT_TRUE(has_error(read_grammar("a = \"x\"\n; ends a\n    / \"y\"\n"), "outside a definition"));
    EXPECT_TRUE(has_error(read_grammar("a \"x\"\n"), "without '='"));
}

TEST(GrammarReader, InterpreterFollowsAbnf)
{
    grammar_file const g = read_grammar("a = 2*3\"x\" [ \"-\" b ]\n"
                                        "b = %x30-39 / %x41.42\n"
                                        "c = *( \"ab\" / \"a\" ) \"b\"\n"
                                        "d = 3e\n"
                                        "e = *\"q\"\n");
    ASSERT_TRUE(g.errors.empty()) << joined(g.errors);
    interpreter m(g);
    ASSERT_TRUE(m.error().empty()) << m.error();
    EXPECT_TRUE(m.matches("a", "xx"));
    EXPECT_TRUE(m.matches("a", "XXX-7"));
    EXPECT_TRUE(m.matches("a", "xx-AB"));
    EXPECT_FALSE(m.matches("a", "xx-ab")); // %x41.42 is case-sensitive
    EXPECT_FALSE(m.matches("a", "x"));
    EXPECT_FALSE(m.matches("a", "xxxx"));
    EXPECT_FALSE(m.matches("a", "xx-"));
    EXPECT_TRUE(m.matches("c", "abab")); // needs the "a" alternative, then "b"
    EXPECT_TRUE(m.matches("c", "b"));
    EXPECT_FALSE(m.matches("c", "abc"));
    EXPECT_TRUE(m.matches("d", ""));
    EXPECT_TRUE(m.matches("d", "qqqqq"));
    grammar_file const rec = read_grammar("a = \"x\" / \"(\" a \")\"\n");
    ASSERT_TRUE(rec.errors.empty()) << joined(rec.errors);
    interpreter recursive(rec);
    EXPECT_FALSE(recursive.error().empty());
}

// RFC 7405's literals and upper-case numeric bases, as the regex writer's grammars use them.
TEST(GrammarReader, InterpreterReadsRfc7405Literals)
{
    grammar_file const g = read_grammar("a = %s\"Ab\" %i\"c\" %X41 %D66 %B1000011\n");
    ASSERT_TRUE(g.errors.empty()) << joined(g.errors);
    interpreter m(g);
    EXPECT_TRUE(m.matches("a", "AbcABC"));
    EXPECT_TRUE(m.matches("a", "AbCABC"));
    EXPECT_FALSE(m.matches("a", "abcABC")); // %s"Ab" is case-sensitive
    EXPECT_FALSE(m.matches("a", "AbcabC"));
}

TEST(GrammarReader, FindsBadNumbersAndRepetitions)
{
    EXPECT_TRUE(has_error(read_grammar("a = %x39-30\n"), "empty range"));
    EXPECT_TRUE(has_error(read_grammar("a = %x30-31-32\n"), "bad numeric value"));
    EXPECT_TRUE(has_error(read_grammar("a = %x123456789A\n"), "bad numeric value"));
    EXPECT_TRUE(has_error(read_grammar("a = 3*2\"x\"\n"), "maximum below its minimum"));
    EXPECT_TRUE(has_error(read_grammar("a = 99999999999\"x\"\n"), "too large"));
    EXPECT_TRUE(read_grammar("a = 2*2\"x\" %x30-30\n").errors.empty());
}

} // namespace
