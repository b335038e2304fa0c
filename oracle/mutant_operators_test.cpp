// SPDX-License-Identifier: Apache-2.0
// oracle/mutant_operators_test.cpp: the grammar mutants' generator (oracle/grammar_mutants/) on
// small grammars written here: each operator's mutants, their ids, descriptions and regexes, the
// byte a set operator picks, identical and same-as mutants, lenient captures; then on
// docs/grammar.abnf: unique ids, every operator, the real regexes, the ABNF printer.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "grammar_mutants/mutants_file.hpp"

namespace {

namespace gm = ftpuri_oracle::mutants;

struct generated {
    gm::grammar g;
    std::vector<gm::mutant> ms;
    std::map<std::string, gm::mutant const*> by_id;

    generated(std::string const& text, std::vector<std::string> const& captures = {}) : g(text, {{"r", "a", captures}})
    {
        EXPECT_EQ(g.error(), "") << text;
        ms = gm::all_mutants(g);
        EXPECT_EQ(g.error(), "") << text;
        for (gm::mutant const& m : ms)
            by_id[m.id] = &m;
    }

    // The one regex of mutant `id`; "" (and a failure) when there is no such mutant.
    [[nodiscard]] std::string regex(std::string const& id) const
    {
        auto const it = by_id.find(id);
        if (it == by_id.end()) {
            ADD_FAILURE() << "no mutant " << id;
            return "";
        }
        return it->second->regexes.at(0);
    }

    [[nodiscard]] std::string about(std::string const& id) const
    {
        auto const it = by_id.find(id);
        return it == by_id.end() ? "no mutant " + id : it->second->about;
    }
};

TEST(MutantOperators, DropsEachAlternative)
{
    generated const x("a = \"x\" / \"y\" / b\nb = 1*2\"z\"\n");
    std::vector<std::string> drops;
    for (gm::mutant const& m : x.ms)
        if (m.op == "drop") drops.push_back(m.id);
    EXPECT_EQ(drops, (std::vector<std::string>{"a:drop:1", "a:drop:2", "a:drop:3"}));
    EXPECT_EQ(x.regex("a:drop:3"), "[XYxy]");
    EXPECT_EQ(x.regex("a:drop:1"), "[Yy]|[Zz]{1,2}");
}

TEST(MutantOperators, MovesEachBound)
{
    generated const x("a = \"x\" / \"y\" / b\nb = 1*2\"z\"\n");
    std::vector<std::pair<std::string, std::string>> bounds;
    for (gm::mutant const& m : x.ms)
        if (x.g.name(m.rule) == "b" && m.op != "add" && m.op != "remove") bounds.emplace_back(m.id, m.regexes[0]);
    EXPECT_EQ(bounds, (std::vector<std::pair<std::string, std::string>>{{"b:min-1:1", "[XYxy]|[Zz]{0,2}"},
                                                                        {"b:min+1:1", "[XYxy]|[Zz]{2}"},
                                                                        {"b:max-1:1", "[X-Zx-z]"},
                                                                        {"b:max+1:1", "[XYxy]|[Zz]{1,3}"}}));
}

// a's set is the part "x" / "y" (b is not a set): the first pivotal byte not in it is "a". A
// letter is two bytes: b's "z" loses one (the pivotal order has no z: the lower case goes).
TEST(MutantOperators, AddsAndRemovesBytes)
{
    generated const x("a = \"x\" / \"y\" / b\nb = 1*2\"z\"\n");
    EXPECT_EQ(x.about("a:add:1"), "a: add %x61 \"a\" to the single characters of \"x\" / \"y\"");
    EXPECT_EQ(x.regex("a:add:1"), "[XYaxy]|[Zz]{1,2}");
    EXPECT_EQ(x.regex("a:remove:1"), "[XYy]|[Zz]{1,2}");
    EXPECT_EQ(x.regex("b:remove:1"), "[XYxy]|z{1,2}");
    EXPECT_EQ(x.regex("b:add:1"), "[XYxy]|[Zxz]{1,2}");
}

// A rule that is a set, a use of it (no site), a range, a char-val of several characters.
TEST(MutantOperators, FindsEachCharacterSet)
{
    generated const x("a = d \"ab\" %x30-32\nd = %x78 / %x79\n");
    int sites = 0;
    for (gm::mutant const& m : x.ms)
        sites += m.op == "add" || m.op == "remove" ? 1 : 0;
    EXPECT_EQ(sites, 2 + 2 + 2 + 2); // "a" "b" %x30-32 d, each add and remove
    EXPECT_EQ(x.about("a:add:1"), "a: add %x78 \"x\" to character 1 of \"ab\" in d \"ab\" %x30-32");
    EXPECT_EQ(x.regex("a:add:1"), "[xy][Aax][Bb][0-2]");
    EXPECT_EQ(x.regex("a:remove:3"), "[xy][Aa][Bb][02]");
    EXPECT_EQ(x.regex("d:remove:1"), "y[Aa][Bb][0-2]");
    EXPECT_EQ(x.by_id.count("a:add:4"), 0U) << "no byte that changes nothing";
}

// A byte the rest of the alternation matches alone is no change: "q" beside b's "a"-"z".
TEST(MutantOperators, SkipsBytesTheRestMatches)
{
    generated const x("a = *( b / \"/\" / \"?\" )\nb = %x61-7A / \"%\" %x30-39\n");
    EXPECT_EQ(x.about("a:add:1"), "a: add %x31 \"1\" to the single characters of \"/\" / \"?\"");
}

TEST(MutantOperators, MarksIdenticalAndSameAsMutants)
{
    generated const identical("a = \"x\" / \"X\"\n");
    std::vector<bool> drops;
    for (gm::mutant const& m : identical.ms)
        if (m.op == "drop") drops.push_back(m.regexes == identical.g.original());
    EXPECT_EQ(drops, (std::vector<bool>{true, true})) << "the translation merges the change away";

    generated const twice("a = b / \"1\"\nb = \"x\" / \"1\"\n");
    std::vector<std::pair<std::string, std::string>> same;
    for (gm::mutant const& m : twice.ms)
        if (!m.same_as.empty()) same.emplace_back(m.id, m.same_as);
    EXPECT_EQ(same, (std::vector<std::pair<std::string, std::string>>{
                        {"b:drop:1", "a:drop:1"}, {"b:add:1", "a:add:1"}, {"b:remove:1", "a:remove:1"}}));
}

// A max+1 that repeats a captured rule, and a max-1 that cuts it out, still translate.
TEST(MutantOperators, KeepsCapturesLenient)
{
    generated const x("a = [ b \"@\" ] \"h\"\nb = \"u\"\n", {"b"});
    EXPECT_EQ(x.regex("a:max+1:1"), "(?:(?P<b>[Uu])\\x40){0,2}[Hh]");
    EXPECT_EQ(x.regex("a:max-1:1"), "(?:)[Hh]");
}

std::string real_grammar()
{
    std::ifstream in(std::string(FTPURI_SOURCE_DIR) + "/docs/grammar.abnf", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(MutantOperators, MutateTheRealGrammar)
{
    gm::grammar g(real_grammar(), gm::build_regexes());
    ASSERT_EQ(g.error(), "");
    std::vector<gm::mutant> const ms = gm::all_mutants(g);
    ASSERT_EQ(g.error(), "");
    std::set<std::string> ids, ops;
    for (gm::mutant const& m : ms) {
        ids.insert(m.id);
        ops.insert(m.op);
    }
    EXPECT_EQ(ids.size(), ms.size()) << "ids are unique";
    EXPECT_EQ(ops, std::set<std::string>(gm::operators().begin(), gm::operators().end()));
    // The original is the strict regex as abnf_to_re2 writes it, captures strict.
    ftpuri_test::abnf::regex_result const strict =
        ftpuri_test::abnf::abnf_to_re2(real_grammar(), "ftp-URI", gm::build_regexes()[0].captures);
    EXPECT_EQ(g.original()[0], strict.regex) << strict.error;
}

// The descriptions print rules back as ABNF: read again, each prints the same.
TEST(MutantOperators, PrintsRulesAsAbnfThatReadsBack)
{
    gm::grammar const g(real_grammar(), gm::build_regexes());
    for (std::size_t r = 0; r < g.rule_count(); ++r) {
        std::string const text = gm::abnf(g.body(r));
        // The rules it refers to, defined, so that the reader takes it.
        std::string grammar = "r = " + text + "\n";
        for (std::size_t other = 0; other < g.rule_count(); ++other)
            grammar += g.name(other) + " = \"x\"\n";
        ftpuri_test::abnf::grammar_file const file = ftpuri_test::abnf::read_grammar(grammar);
        ASSERT_TRUE(file.errors.empty()) << ftpuri_test::abnf::joined(file.errors);
        ftpuri_test::abnf::grammar_tree const tree = ftpuri_test::abnf::build_tree(file);
        EXPECT_EQ(gm::abnf(*tree.rules[0]), text) << g.name(r);
    }
}

} // namespace
